"""The state as the store writes it: without what a game holds once, and small.

A state serialised by ``GameState.to_dict`` is about 3 KB. The store writes it *compact*:

- without what never changes in a game (ruleset, rulings, expansions: kept in ``games``);
- with the deck as a count when it is what is left of the game's starting deck (kept once, in
  ``games.deck``); else, when its cards are in the starting deck's order (a deck whose cards
  are drawn by name, as a setup block listing the deck gives), as an object of each card's
  count left (``deck_value``); and as a list otherwise;
- without empty lists, zero counts, false flags and nulls (in the players' buildings too),
  except each player's five card zones (hand, camp, clientele, stockpile, vault) and the Pool,
  which are always written: a card moved from one zone to another is a change of two lists
  that exist (``changes``).

``expand`` undoes this, so a compact state read back gives a ``GameState`` equal to the one
the replay produced.
"""

from __future__ import annotations

import json

_CONSTANT = ("ruleset", "rulings", "expansions")
_SITES = ("sites_in_town", "sites_out_of_town", "sites_out_of_game")

CARD_ZONES = ("hand", "camp", "clientele", "stockpile", "vault")
"""A player's zones of cards that are always written, empty or not."""

_ENCODER = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False)


def dumps(value) -> str:
    """Compact JSON (one encoder for all: ``json.dumps`` with options builds one a call)."""
    return _ENCODER.encode(value)


def compact(state: dict, deck: list[str]) -> dict:
    """``state`` (a ``to_dict``) as the store writes it; ``deck`` is the game's starting deck."""
    out = {}
    for key, value in state.items():
        if key in _CONSTANT:
            continue
        if key == "players":
            value = [compact_player(p) for p in value]
        elif key == "deck":
            out[key] = deck_value(value, deck)
            continue
        elif key == "deck_known":  # ``from_dict`` assumes a known deck
            if not value:
                out[key] = False
            continue
        elif key in _SITES:
            value = {m: n for m, n in value.items() if n}
        if value or key == "pool":
            out[key] = value
    return out


def compact_player(player: dict) -> dict:
    out = {}
    for key, value in player.items():
        if key == "buildings":  # a foundation without materials, not complete: two keys fewer
            value = [{k: v for k, v in b.items() if v} for b in value]
        if value or key == "name" or key in CARD_ZONES:
            out[key] = value
    return out


def deck_value(deck: list[str], start: list[str]) -> int | dict[str, int] | list[str]:
    """How a state writes the deck: the number of cards left when it is the tail of the
    starting deck; each card's count when the starting deck with only that many of each card
    (the last ones) is this deck; the list of its cards otherwise."""
    n = len(deck)
    if n <= len(start) and deck == start[len(start) - n:]:
        return n
    counts: dict[str, int] = {}
    for card in deck:
        counts[card] = counts.get(card, 0) + 1
    return counts if deck_of(counts, start) == deck else list(deck)


def deck_of(counts: dict[str, int], start: list[str]) -> list[str] | None:
    """The deck a ``deck_value`` object stands for: of the starting deck's cards, the last
    ``counts[card]`` of each, in its order; None when the starting deck has too few."""
    left = dict(counts)
    out = []
    for card in reversed(start):
        if left.get(card):
            out.append(card)
            left[card] -= 1
    if any(left.values()):
        return None
    out.reverse()
    return out


def expand(data: dict, game: dict) -> dict:
    """A compact state back to a ``GameState.to_dict``-shaped dict. ``game`` holds the
    constants: ``ruleset``, ``rulings`` and ``expansions`` (JSON text or values) and ``deck``."""
    full = dict(data)
    for key in _CONSTANT:
        value = game[key]
        full[key] = json.loads(value) if isinstance(value, str) and key != "ruleset" else value
    deck = full.get("deck", 0)
    if isinstance(deck, (int, dict)):
        start = game["deck"]
        start = json.loads(start) if isinstance(start, str) else start
        if isinstance(deck, dict):
            full["deck"] = deck_of(deck, start)
        else:
            full["deck"] = start[len(start) - deck:] if deck else []
    return full
