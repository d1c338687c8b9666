"""Readings given on the command line, laid over a record's own ``Rulings`` tag.

A dispute replays one record under readings it does not name itself, so every command that
replays takes ``--rulings 'deck-end=empty-draw, ...'``. A ruling named there wins over the
record's tag; the others keep the tag's reading or the default (AMB-*).
"""

from __future__ import annotations

from dataclasses import replace

from notation import Record, Tag

from gtr_replay.errors import GtrError
from gtr_replay.data.rulings import DEFAULTS, find_ruling, resolve


def parse_rulings(chosen: str) -> dict[str, str]:
    """The rulings ``chosen`` names, by full name, with their readings; an unknown ruling or
    reading raises ``UnknownNameError`` (a usage error)."""
    given = resolve(chosen)
    named = []
    for part in filter(None, (p.strip() for p in chosen.split(","))):
        name, _, reading = part.partition("=")
        named.append(find_ruling(name, reading.strip().casefold()).name)  # an AMB ID two rulings share: the reading tells
    return {name: given[name] for name in named}


def with_rulings(record: Record, chosen: str | None) -> Record:
    """``record`` with its ``Rulings`` tag's readings overridden by those ``chosen`` names."""
    if not chosen:
        return record
    override = parse_rulings(chosen)
    try:
        readings = dict(resolve(record.tag("Rulings")))  # a copy: a game's rulings are read-only
    except GtrError:  # the record's own tag is wrong: kept, so that the replay reports it where it is written
        return record
    readings.update(override)
    changed = ", ".join(f"{name}={value}" for name, value in readings.items() if DEFAULTS[name] != value)
    tags = [t for t in record.tags if t.name.lower() != "rulings"]
    if changed:
        tags.append(Tag("Rulings", changed))
    return replace(record, tags=tuple(tags))
