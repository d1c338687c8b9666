"""Counting cards in a zone, where copies of a card are interchangeable (R-COMP-*)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Final

UNSEEN: Final = "?"
"""A card the recorder did not see (ARCHITECTURE.md §Hidden information); a record writes it
``?``. The engine may narrow what it can be: ``?~Brick,Stone`` is one of neither material."""


NARROWED: Final = "~"
"""Written between ``?`` and the materials a narrowed unseen card is known not to be."""


def is_unseen(card: str) -> bool:
    return card[:1] == UNSEEN


def excluded(card: str) -> frozenset[str]:
    """The materials an unseen card is known not to be (``?~Brick,Stone``: Brick and Stone)."""
    _, sep, rest = card.partition(NARROWED)
    return frozenset(rest.split(",")) if sep else frozenset()


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


MOST_NAMED = 6
"""Cards a refusal names one by one at most; it counts the rest."""


def not_held(zone: list[str], cards: tuple[str, ...] | list[str], where: str) -> str | None:
    """What ``missing`` finds, said for a person, or None when ``zone`` holds every card:
    ``Crane not in Ann's hand``, or where copies of it are held, how many were named against
    how many there are: ``3 Crane named, Ann's hand holds 2``; past ``MOST_NAMED`` cards, a
    count of the rest (a line of 600 Cranes gives a message of one line)."""
    lacking = missing(zone, cards)
    if not lacking:
        return None
    counts: dict[str, int] = {}
    for card in lacking:
        counts[card] = counts.get(card, 0) + 1
    absent = [card for card in counts if card not in zone]
    short = [f"{counts[card] + zone.count(card)} {card} named, {where} holds {zone.count(card)}"
             for card in counts if card in zone]
    said = []
    if absent:
        shown = ", ".join(absent[:MOST_NAMED]) + (f" and {len(absent) - MOST_NAMED} more" if len(absent) > MOST_NAMED
                                                  else "")
        said.append(f"{shown} not in {where}")
    said.extend(short[:MOST_NAMED])
    if len(short) > MOST_NAMED:
        said.append(f"{len(short) - MOST_NAMED} more named beyond the copies {where} holds")
    return "; ".join(said)


def take(zone: list[str], cards) -> None:
    for card in cards:
        zone.remove(card)


_CHOSEN: Final[dict[tuple, tuple[tuple[str, ...], ...]]] = {}
"""``multisets``' answers by their question: a hand keeps the same cards of a role from one
decision to the next, and its petitions are asked for at every lead and follow."""


def multisets(counts: Mapping[str, int], k: int) -> tuple[tuple[str, ...], ...]:
    """Every way to choose ``k`` cards from ``counts`` (name -> copies), as sorted name tuples,
    each once, in the order of ``_walk``."""
    key = (k, *sorted(counts.items()))
    found = _CHOSEN.get(key)
    if found is None:
        if len(_CHOSEN) > 4096:  # a long search meets many hands: keep the memo small
            _CHOSEN.clear()
        found = _CHOSEN[key] = tuple(_walk(counts, k))
    return found


def _walk(counts: Mapping[str, int], k: int) -> Iterator[tuple[str, ...]]:
    """``multisets``, made: a depth-first walk over the names in order, taking one copy of a
    name, then two, and so on, before the next name. The choice so far is ``picks`` (a name's
    index and its copies), ``left`` the cards still to choose, and ``(j, n)`` the next to try,
    ``n`` copies of the ``j``-th name; a loop, not a recursion of generators."""
    if k == 0:
        yield ()
        return
    names = sorted(counts)
    copies = [counts[name] for name in names]
    picks: list[tuple[int, int]] = []
    chosen: list[str] = []
    left, j, n = k, 0, 1
    while True:
        if j == len(names):  # every name tried after the choice so far: take back its last pick
            if not picks:
                return
            j, n = picks.pop()
            del chosen[-n:]
            left += n
            n += 1
        elif n > copies[j] or n > left:  # no more copies of this name fit: the next name
            j, n = j + 1, 1
        elif n == left:  # the choice is complete
            chosen.extend([names[j]] * n)
            yield tuple(chosen)
            del chosen[-n:]
            n += 1
        else:
            picks.append((j, n))
            chosen.extend([names[j]] * n)
            left -= n
            j, n = j + 1, 1
