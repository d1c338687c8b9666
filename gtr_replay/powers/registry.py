"""Which power class belongs to which card of which edition."""

from __future__ import annotations

from gtr_replay.powers.base import Power

_TABLE: dict[tuple[str, str], Power] = {}


def register(cls: type[Power]) -> type[Power]:
    """Class decorator: file a power under its building name for each of its editions."""
    instance = cls()
    for edition in cls.editions:
        key = (edition, cls.building)
        if key in _TABLE:
            raise ValueError(f"two powers for {cls.building} in the {edition} edition")
        _TABLE[key] = instance
    return cls


def power_for(edition: str, building: str) -> Power | None:
    return _TABLE.get((edition, building))


def table(edition: str) -> dict[str, Power]:
    """Every registered power of an edition, by building name."""
    return {name: power for (ed, name), power in _TABLE.items() if ed == edition}
