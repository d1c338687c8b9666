"""Snapshots kept small: states without what a game holds once, most of them as deltas.

A state serialised by ``GameState.to_dict`` is about 3 KB; a game has a few hundred of them.
Stored as they are, 10,000 games would fill tens of gigabytes. So a stored snapshot:

- leaves out what never changes in a game (ruleset, rulings, expansions: kept in ``games``);
- writes the deck as a count when it is what is left of the game's starting deck (the
  starting deck is kept once, in ``games.deck``); else, when its cards are in the starting
  deck's order (a deck whose cards are drawn by name, as a setup block listing the deck
  gives), as an object of each card's count left (``deck_value``), which a draw changes in
  one key; and as a list otherwise;
- leaves out empty lists, zero counts, false flags and nulls, in the players' buildings too
  (``from_dict`` restores them);
- is a *key* (the whole compact state, ``base`` NULL) every ``KEY_EVERY`` statements of a line
  and at the start of each variation, and otherwise a *delta* against the snapshot before it
  in the same line (``base``): the top-level values that changed, and for each player who
  changed, the keys that changed (a key that became empty is written empty); a deck of counts
  following one is a JSON merge patch of it (RFC 7396: the counts that changed, null for a
  card no longer in it); a list that lost some values and gained others at its end (a card
  played from a hand, one put in the Pool) is written as that change, ``{"-": [positions
  removed], "+": [values added]}``, and one whose values changed in place (a building given a
  material) as ``{"=": {position: value}}``, where that is shorter (``list_change``).

``expand`` and ``apply_delta`` undo all of this, so ``load_state`` gives back a ``GameState``
equal to the one the replay produced.
"""

from __future__ import annotations

import json

from gtr_replay.game.state import GameState

KEY_EVERY = 256
"""A key snapshot every this many statements of a line: loading applies at most 255 deltas
(4 ms at most, under one on average), and the keys, ten times the size of a delta, cost 8
bytes a statement (16 with one every 128)."""

_CONSTANT = ("ruleset", "rulings", "expansions")
_SITES = ("sites_in_town", "sites_out_of_town", "sites_out_of_game")


_ENCODER = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False)


def dumps(value) -> str:
    """Compact JSON (one encoder for all: ``json.dumps`` with options builds one a call)."""
    return _ENCODER.encode(value)


def compact(state: dict, deck: list[str]) -> dict:
    """``state`` (a ``to_dict``) without constants and empty values; ``deck`` is the game's
    starting deck."""
    out = {}
    for key, value in state.items():
        if key in _CONSTANT:
            continue
        if key == "players":
            value = [_compact_player(p) for p in value]
        elif key == "deck":
            out[key] = deck_value(value, deck)
            continue
        elif key == "deck_known":  # ``from_dict`` assumes a known deck
            if not value:
                out[key] = False
            continue
        elif key in _SITES:
            value = {m: n for m, n in value.items() if n}
        if value:
            out[key] = value
    return out


def deck_value(deck: list[str], start: list[str]) -> int | dict[str, int] | list[str]:
    """How a snapshot writes the deck: the number of cards left when it is the tail of the
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


def count_patch(before: dict[str, int], after: dict[str, int]) -> dict[str, int | None]:
    """A merge patch from one deck of counts to the next: the counts that changed, None
    (null) for a card gone."""
    patch: dict[str, int | None] = {card: n for card, n in after.items() if before.get(card) != n}
    for card in before:
        if card not in after:
            patch[card] = None
    return patch


def list_change(before, after):
    """How a delta writes a list that changed, where shorter than the list: the positions
    removed from the list before and what is added at the end (``{"-": [...], "+": [...]}``),
    or, for a list as long as before, what replaces the values at some positions
    (``{"=": {"2": ...}}``: a building that gained a material); else the list."""
    if not before or not after or type(before) is not list or type(after) is not list:
        return after
    n = len(after)
    if len(before) == n:
        replaced = {str(i): value for i, (old, value) in enumerate(zip(before, after)) if old != value}
        return {"=": replaced} if len(replaced) < n else after
    j, removed = 0, []
    for i, value in enumerate(before):
        if j < n and after[j] == value:
            j += 1
        else:
            removed.append(i)
    if len(removed) + n - j >= n:
        return after
    change: dict = {}
    if removed:
        change["-"] = removed
    if j < n:
        change["+"] = after[j:]
    return change


def _applied(before, value):
    """A delta's value laid over the one before: a ``list_change`` applied, or the value (the
    deck is not one of these lists: it is merged or replaced)."""
    if type(value) is dict and type(before) is list:
        if "=" in value:
            out = list(before)
            for i, new in value["="].items():
                out[int(i)] = new
            return out
        gone = set(value.get("-", ()))
        return [old for i, old in enumerate(before) if i not in gone] + value.get("+", [])
    return value


def _merged(before: dict, patch: dict) -> dict:
    out = {**before, **patch}
    return {k: v for k, v in out.items() if v is not None}


def _compact_player(player: dict) -> dict:
    out = {}
    for key, value in player.items():
        if key == "buildings":  # a foundation without materials, not complete: two keys fewer
            value = [{k: v for k, v in b.items() if v} for b in value]
        if value or key == "name":
            out[key] = value
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


def empty_like(value):
    """What a value of this kind is when empty (a delta writes it for a key that became empty)."""
    if isinstance(value, bool):
        return False
    if isinstance(value, list):
        return []
    if isinstance(value, dict):
        return {}
    if isinstance(value, int):
        return 0
    return None


def _changed(before: dict, after: dict) -> dict:
    out = {k: v if k == "deck" else list_change(before.get(k), v) for k, v in after.items() if before.get(k) != v}
    for k, v in before.items():
        if k not in after:
            out[k] = empty_like(v)
    return out


def delta(before: dict, after: dict) -> dict:
    """What changed from one compact state to the next (``apply_delta`` undoes it)."""
    out = _changed({k: v for k, v in before.items() if k != "players"},
                   {k: v for k, v in after.items() if k != "players"})
    if isinstance(out.get("deck"), dict) and isinstance(before.get("deck"), dict):
        out["deck"] = count_patch(before["deck"], out["deck"])
    players = {str(i): _changed(a, b) for i, (a, b) in enumerate(zip(before["players"], after["players"]))
               if a != b}
    if players:
        out["players"] = players
    return out


def apply_delta(state: dict, change: dict) -> dict:
    """The compact state after ``change``; ``state`` is left as it was."""
    out = dict(state)
    for key, value in change.items():
        if key == "deck":
            out[key] = _merged(out[key], value) if isinstance(value, dict) and isinstance(out.get(key), dict) else value
        elif key != "players":
            out[key] = _applied(out.get(key), value)
    if "players" in change:
        players = list(out["players"])
        for i, keys in change["players"].items():
            player = players[int(i)]
            players[int(i)] = {**player, **{k: _applied(player.get(k), v) for k, v in keys.items()}}
        out["players"] = players
    return out


def to_state(chain: list[str], game: dict) -> GameState:
    """The state from a key snapshot's JSON followed by the deltas after it, in order."""
    state = json.loads(chain[0])
    for text in chain[1:]:
        state = apply_delta(state, json.loads(text))
    return GameState.from_dict(expand(state, game))
