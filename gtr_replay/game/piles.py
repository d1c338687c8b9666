"""Counting cards in a zone, where copies of a card are interchangeable (R-COMP-*)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Final

UNSEEN: Final = "?"
"""A card the recorder did not see (ARCHITECTURE.md §Hidden information); a record writes it
``?``. The engine may narrow what it can be: ``?~Brick,Stone`` is one of neither material."""


def is_unseen(card: str) -> bool:
    return card[:1] == UNSEEN


def missing(zone: list[str], cards: tuple[str, ...] | list[str]) -> list[str]:
    """Cards of ``cards`` that ``zone`` does not hold (counting copies)."""
    if len(cards) == 1:
        return [] if cards[0] in zone else list(cards)
    left = list(zone)
    lacking = []
    for card in cards:
        if card in left:
            left.remove(card)
        else:
            lacking.append(card)
    return sorted(lacking)


def take(zone: list[str], cards) -> None:
    for card in cards:
        zone.remove(card)


def multisets(counts: Mapping[str, int], k: int) -> Iterator[tuple[str, ...]]:
    """Every way to choose ``k`` cards from ``counts`` (name -> copies), as sorted name tuples."""
    names = sorted(counts)

    def walk(start: int, left: int, chosen: list[str]) -> Iterator[tuple[str, ...]]:
        if left == 0:
            yield tuple(chosen)
            return
        for j in range(start, len(names)):
            name = names[j]
            for n in range(1, min(counts[name], left) + 1):
                yield from walk(j + 1, left - n, chosen + [name] * n)

    yield from walk(0, k, [])
