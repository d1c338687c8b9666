"""Which power class belongs to which card of which ruleset."""

from __future__ import annotations

from gtr_replay.enums import Ruleset
from gtr_replay.powers.base import Power

_TABLE: dict[tuple[Ruleset, str], Power] = {}


def register(cls: type[Power]) -> type[Power]:
    """Class decorator: file a power under its building name for each of its rulesets."""
    instance = cls()
    for ruleset in cls.rulesets:
        key = (ruleset, cls.building)
        if key in _TABLE:
            raise ValueError(f"two powers for {cls.building} in {ruleset}")
        _TABLE[key] = instance
    return cls


def power_for(ruleset: Ruleset | str, building: str) -> Power | None:
    return _TABLE.get((Ruleset(ruleset), building))


def table(ruleset: Ruleset | str) -> dict[str, Power]:
    """Every registered power of a ruleset, by building name."""
    ruleset = Ruleset(ruleset)
    return {name: power for (r, name), power in _TABLE.items() if r is ruleset}
