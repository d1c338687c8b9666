"""Numbers in words a reader reads: ``1 game``, ``2 games``, ``0 games``."""

from __future__ import annotations


def counted(number: int, noun: str, plural: str | None = None) -> str:
    """``number`` and ``noun`` agreeing: the noun as given for exactly one, else its plural
    (``plural``, or the noun with an ``s``)."""
    return f"{number:,} {noun if number == 1 else plural or noun + 's'}"
