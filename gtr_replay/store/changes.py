"""What a statement changed in the state, written so that plain SQL can lay it over the
state before it (``states`` is that SQL; this module writes what it reads).

SQL rebuilds the state after a statement from the state before it in three steps:

1. **the card moves**, read from the statement's events: a card moved *from* a zone of cards
   (a player's hand, camp, clientele, stockpile or vault, or the Pool) leaves it, its first
   copy there; a card moved *to* one is put at its end; a card drawn from the deck makes the
   deck one card shorter (its count, or that card's count); the Jack pile counts the Jacks
   taken and returned. A move names one player, whose zones these are.
2. **the change**: whatever else differs, as a JSON array of ``[path, value]`` pairs applied
   in order, each setting the value at the path, or removing it when the value is null. A
   path is a JSON path without its ``$.``, where a player's values start with their seat:
   ``legionary.victims``, ``1.acted`` (``$.players[1].acted``), ``0.buildings[2].materials[1]``
   (a list's next index appends). A list that lost some values and gained others at its end
   is written as those removals (highest first) and appends, where that is shorter than the
   list.
3. **the values kept in columns** at every statement (``SCALARS``, ``FLAGS``): the phase, the
   current player, the leader, the turn, the led role, the actions used, and who has played
   and who is done. They are not part of the state laid over.

``Line`` keeps the state of one line of play as SQL will rebuild it, lays each statement's
moves over it as SQL does, and writes the change from there to the replay's state. Which
zones to compare comes from the events (``touched``), as a card moved or a building completed
names its zones; what no event names is compared every time, being small: the table's values
and each player's hired clients, roles acted and what they spent. ``check_line`` compares the
whole state instead (the tests, and ``benchmarks/bench_import.py --check``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from copy import deepcopy
from functools import lru_cache
from operator import attrgetter

from gtr_replay.game.events import Event, EventKind
from gtr_replay.game.state import Building, GameState, PlayerState
from gtr_replay.store.snapshots import CARD_ZONES, compact, deck_value

SCALARS = ("phase", "current", "leader", "turn", "led_role", "actions_used")
"""Table values written in their own columns at every statement."""

FLAGS = ("played", "done")
"""Players' flags written in their own columns at every statement (one bit a seat)."""

ZONES = CARD_ZONES + ("influence", "buildings")
"""A player's zones: compared only when an event names them."""

EVERY_TIME = ("hired", "acted", "spent", "plays")
"""A player's values that no event names: compared after every statement."""

_BY_ZONE = {"hand": ("hand",), "camp": ("camp",), "clientele": ("clientele",), "stockpile": ("stockpile",),
            "vault": ("vault",), "building": ("buildings",), "influence": ("influence",),
            "sites in town": ("buildings",), "sites out of town": ("buildings",),
            "deck": (), "pool": (), "jack pile": (), "turned up": ()}
"""The player zones a card moving from or to each zone (``enums.Zone``) can change."""

_BY_KIND = {"setup": (), "leader-draw": (), "turn": (), "lead": (), "follow": (), "think": (), "actions": (),
            "pass": (), "demand": (), "glory": (), "game-end": (), "auto": (), "cleanup": (), "step": (),
            "influence": ("influence",), "site": ("buildings", "influence"),
            "complete": ("buildings", "influence"), "public": ("buildings",)}
"""The player zones each kind of event other than a move can change; a kind not listed here
(a power's own events) makes every zone be compared. A cleanup's cards leave the camps by
moves of their own (R-TURN-8); a step granted changes only the table's steps; a structure made
public is marked by a material added to it (B-STAIRWAY-1)."""

MOVED = {zone: zone for zone in CARD_ZONES} | {"pool": "pool", "deck": "deck", "jack pile": "jack_pile"}
"""The zones the card moves are laid over, and their keys in the state."""

_PLAYERS_CARDS = frozenset(CARD_ZONES)
"""A player's card zones as a set, to look a move's zone up in."""


_MOVE_ZONES = {(source, target): frozenset(_BY_ZONE[source] + _BY_ZONE[target]) for source in _BY_ZONE
               for target in _BY_ZONE}
_KIND_ZONES = {kind: frozenset(zones) for kind, zones in _BY_KIND.items()}
_MOVE = EventKind.MOVE


def touched(events: Iterable[Event]) -> frozenset[str] | None:
    """The player zones the events can have changed; None for every zone."""
    zones: frozenset[str] = frozenset()
    for e in events:
        found = _MOVE_ZONES.get((e.source, e.target)) if e.kind == _MOVE else _KIND_ZONES.get(e.kind)
        if found is None:
            return None
        if not found <= zones:
            zones = zones | found
    return zones


@lru_cache(maxsize=256)
def _compared(zones: frozenset[str] | None) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The zones to compare, in ``ZONES``' order: the card zones, then the others."""
    zones = ZONES if zones is None else zones
    return tuple(k for k in ZONES if k in zones and k in CARD_ZONES), tuple(k for k in ZONES if k in zones
                                                                             and k not in CARD_ZONES)


# -- the moves, as SQL lays them ---------------------------------------------------------------

def take(state: dict, zone: str, seat, card) -> None:
    """A card leaves a zone: its first copy in a list; one fewer in the deck or the Jack pile."""
    key = MOVED.get(zone)
    if key in _PLAYERS_CARDS:
        if type(seat) is int and 0 <= seat < len(state["players"]):
            _remove(state["players"][seat][key], card)
    elif key == "pool":
        _remove(state["pool"], card)
    elif key == "deck":
        deck = state.get("deck")
        if type(deck) is int:
            state["deck"] = deck - 1
        elif type(deck) is dict:
            left = deck.get(card)
            if left is not None:
                if left > 1:
                    deck[card] = left - 1
                else:
                    del deck[card]
        elif type(deck) is list:
            _remove(deck, card)
    elif key == "jack_pile":
        state["jack_pile"] = state.get("jack_pile", 0) - 1


def put(state: dict, zone: str, seat, card) -> None:
    """A card reaches a zone: at the end of a list; one more in the Jack pile."""
    key = MOVED.get(zone)
    if key in _PLAYERS_CARDS:
        if type(seat) is int and 0 <= seat < len(state["players"]):
            state["players"][seat][key].append(card)
    elif key == "pool":
        state["pool"].append(card)
    elif key == "jack_pile":
        state["jack_pile"] = state.get("jack_pile", 0) + 1


def _remove(values: list, card) -> None:
    try:
        values.remove(card)
    except ValueError:  # not there: nothing to take
        pass


# -- the change: JSON paths and values ----------------------------------------------------------

_PLAIN = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")


def _key(name: str) -> str:
    return name if _PLAIN.match(name) else '"' + name.replace('"', '\\"') + '"'


def entries(path: str, before, after, out: list, *, keep_empty: bool = True) -> None:
    """Append to ``out`` the ``[path, value]`` pairs that turn ``before`` into ``after``.
    Without ``keep_empty``, an empty ``after`` is removed (a value the state leaves out when
    empty) instead of written as such (a card zone, a value inside another)."""
    if before == after:
        return
    if not after and not keep_empty:
        if before:
            out.append([path, None])
        return
    if type(before) is dict and type(after) is dict:
        for name in before:
            if name not in after:
                out.append([f"{path}.{_key(name)}", None])
        for name, value in after.items():
            entries(f"{path}.{_key(name)}", before.get(name), value, out)
        return
    if type(before) is list and type(after) is list and before and after and _list_entries(path, before, after, out):
        return
    out.append([path, after])


def _list_entries(path: str, before: list, after: list, out: list) -> bool:
    """A list change written as removals and appends, or as values replaced in place (a
    building that gained a material: the change in it), where that is shorter than the list;
    False when the list is better written whole."""
    n = len(after)
    j, removed = 0, []
    for i, value in enumerate(before):
        if j < n and after[j] == value:
            j += 1
        else:
            removed.append(i)
    kept = len(before) - len(removed)
    if len(removed) + n - j < n:
        for i in reversed(removed):
            out.append([f"{path}[{i}]", None])
        for k in range(j, n):
            out.append([f"{path}[{kept + k - j}]", after[k]])
        return True
    if len(before) == n:
        changed = [i for i, (old, new) in enumerate(zip(before, after)) if old != new]
        if 2 * len(changed) <= n or all(type(before[i]) is dict is type(after[i]) for i in changed):
            for i in changed:
                entries(f"{path}[{i}]", before[i], after[i], out)
            return True
    return False


# -- the replay's state, as the store writes it --------------------------------------------------

def _building(b: Building) -> dict:
    """As ``snapshots.compact`` writes a building: without its empty values."""
    out = {"foundation": b.foundation, "site": b.site.value}
    if b.materials:
        out["materials"] = list(b.materials)
    if b.complete:
        out["complete"] = True
    if b.out_of_town:
        out["out_of_town"] = True
    if b.stolen:
        out["stolen"] = True
    if b.site_given:
        out["site_given"] = True
    return out


def _zone(player: PlayerState, key: str):
    """A player's value as written (a fresh object: the state laid over is changed in place)."""
    if key == "influence":
        return [m.value for m in player.influence]
    if key == "buildings":
        return [_building(b) for b in player.buildings]
    if key == "acted":
        return [r.value for r in player.acted]
    if key == "spent":
        return [[k, t] for k, t in player.spent.items()]
    value = getattr(player, key)
    return list(value) if type(value) is list else value


@lru_cache(maxsize=1024)
def _sites(counts: tuple) -> dict:
    """Site counts without the zeros (a few distinct ones per game: shared, never changed)."""
    return {m.value: k for m, k in counts if k}


def _written(live: GameState, key: str):
    """One of the table's values (``TABLE``) as the state writes it (empty: left out)."""
    value = getattr(live, key)
    if key == "deck_known":
        return None if value else False
    if key in _SITES:
        return dict(_sites(tuple(value.items())))
    if key in _OBJECTS:
        return _OBJECTS[key](live) if value else None
    return list(value) if type(value) is list else value


_SITES = ("sites_in_town", "sites_out_of_town", "sites_out_of_game")
_OBJECTS = {
    "legionary": lambda s: s.legionary.to_dict(),
    "steps": lambda s: [step.to_dict() for step in s.steps],
    "public": lambda s: [[i, name] for i, name in s.public],
    "turned_up": lambda s: list(s.turned_up),
    "blind_vault": lambda s: [[i, n] for i, n in s.blind_vault],
}
TABLE = ("removed_unseen", "jacks_out", "end_reason", "ended_by", "winner", "deck_known", "removed", "unseen",
         *_SITES)
"""The table's values that no move changes, of plain values: compared when they changed since
last read (``_OBJECTS``: when either side holds one)."""
_READ_TABLE, _READ_OBJECTS, _READ_FLAGS = attrgetter(*TABLE), attrgetter(*_OBJECTS), attrgetter(*EVERY_TIME)
_OBJECT_KEYS = frozenset(_OBJECTS)


def _copied(value):
    """A value as read, kept to compare with the next read: a list or dict (of names and
    numbers) copied, as the engine changes it in place."""
    return type(value)(value) if type(value) in (list, dict) else value


def without_columns(state: dict) -> dict:
    """A compact state without the values kept in columns (``SCALARS``, ``FLAGS``)."""
    out = {k: v for k, v in state.items() if k not in SCALARS}
    out["players"] = [{k: v for k, v in p.items() if k not in FLAGS} for p in state["players"]]
    return out


_CONVERTED = frozenset({"influence", "buildings", "spent"})
"""A player's values that differ in kind from their written form, so are converted to compare."""


class Line:
    """One line of play's state, as SQL rebuilds it from the moves and changes written."""

    def __init__(self, deck: list[str], state: dict) -> None:
        self.deck = deck
        """The game's starting deck."""
        self.state = deepcopy(without_columns(state))
        """The state after the last statement (at first a compact state: the start), changed
        in place by the moves."""
        self._deck: tuple[list[str], int | dict | list] | None = None
        """The last deck seen and how it is written (most statements draw nothing)."""
        self._seen: tuple = ()
        """The table's values (``TABLE``) as last read: most statements change none."""
        self._flags: list = [None] * len(self.state["players"])
        """Each player's hired, acted and spent as last read."""
        self._buildings: list = [None] * len(self.state["players"])
        """Each player's buildings as last read."""

    def _written_deck(self, live: GameState, drawn: list) -> int | dict | list:
        """The deck as written (``snapshots.deck_value``), worked out from the last one where
        that is cheaper: most statements leave the deck as it was; a deck that is the starting
        deck's tail is a count; a deck written by card that lost the first copy of each card the
        statement drew is written as the draws left it (``take``)."""
        last, deck = self._deck, live.deck
        if last is not None and last[0] == deck:
            return last[1]
        start = self.deck
        if len(deck) <= len(start) and deck == start[len(start) - len(deck):]:
            value = len(deck)
        else:
            value = self.state.get("deck")
            if last is None or not drawn or type(value) is not dict or type(last[1]) is not dict:
                value = deck_value(deck, start)
            else:
                left = last[0][:]
                for card in drawn:
                    if card in left:
                        left.remove(card)
                if left != deck:
                    value = deck_value(deck, start)
        self._deck = (deck[:], value if type(value) is int else type(value)(value))  # the state's changes in place
        return value

    def step(self, live: GameState, events: list[Event], seat_of: dict, zones: frozenset[str] | None) -> list:
        """Lay the events' moves over the state, then return the change to ``live`` (the
        ``[path, value]`` pairs; empty when the moves said it all). ``seat_of`` gives each
        player's seat; ``zones`` the player zones the events can have changed (``touched``;
        None for all)."""
        state = self.state
        drawn = []
        for e in events:
            if e.kind == _MOVE:
                seat = seat_of.get(e.player)
                take(state, e.source, seat, e.card)
                put(state, e.target, seat, e.card)
                if e.source == "deck":
                    drawn.append(e.card)
        out: list = []
        self._table(live, drawn, out)
        cards, others = _compared(zones)
        flags, models, buildings = self._flags, state["players"], self._buildings
        for i, player in enumerate(live.players):
            model = models[i]
            for key in cards:  # lists of names, always written: compared as they are
                if getattr(player, key) != model[key]:
                    self._player_value(i, player, model, key, out)
            for key in others:
                if key == "buildings":  # compared as written only when they changed since last read
                    if player.buildings == buildings[i]:
                        continue
                    buildings[i] = [b.copy() for b in player.buildings]
                self._player_value(i, player, model, key, out)
            # hired, acted, spent, plays: each compared only when it changed since last read
            read = _READ_FLAGS(player)
            last = flags[i]
            if read != last:
                for k, key in enumerate(EVERY_TIME):
                    if last is None or read[k] != last[k]:
                        self._player_value(i, player, model, key, out)
                flags[i] = tuple(map(_copied, read))
        return out

    def _table(self, live: GameState, drawn: list, out: list) -> None:
        """The change of the state's own values (all but the players' and the columns');
        ``drawn``: the cards the statement's moves drew from the deck."""
        state = self.state
        deck = self._written_deck(live, drawn)
        if deck != state.get("deck"):
            self._set(state, "deck", deck if type(deck) is int else type(deck)(deck), out, keep_empty=True)
        if live.pool != state["pool"]:
            self._set(state, "pool", list(live.pool), out, keep_empty=True)
        if live.jack_pile != state.get("jack_pile", 0):
            self._set(state, "jack_pile", live.jack_pile, out)
        read = _READ_TABLE(live)
        seen = self._seen
        if read != seen:
            for k, key in enumerate(TABLE):
                if not seen or read[k] != seen[k]:
                    value, before = _written(live, key), state.get(key)
                    if value != before and (value or before):
                        self._set(state, key, value, out)
            self._seen = tuple(map(_copied, read))
        objects = _READ_OBJECTS(live)
        if any(objects) or not _OBJECT_KEYS.isdisjoint(state):  # most statements hold none
            for key, held in zip(_OBJECTS, objects):
                if held or key in state:
                    value = _written(live, key)
                    if value != state.get(key):
                        self._set(state, key, value, out)

    @staticmethod
    def _set(state: dict, key: str, value, out: list, *, keep_empty: bool = False) -> None:
        """Write the change of one of the table's values, and hold the new one (left out when
        empty unless ``keep_empty``)."""
        entries(_key(key), state.get(key), value, out, keep_empty=keep_empty)
        if value or keep_empty:
            state[key] = value
        else:
            state.pop(key, None)

    @staticmethod
    def _player_value(i: int, player: PlayerState, model: dict, key: str, out: list) -> None:
        """The change of one value of player ``i``, compared as read where that is cheap: lists
        of names or of StrEnums (equal to their words); the others when either side holds
        something."""
        value = getattr(player, key)
        before = model.get(key)
        if key in _CONVERTED:
            if not value and not before:
                return
            value = _zone(player, key)
        if before == value or not (value or before):
            return
        if key not in _CONVERTED:
            value = _zone(player, key)
        entries(f"{i}.{key}", before, value, out, keep_empty=key in CARD_ZONES)
        if value or key in CARD_ZONES:
            model[key] = value
        else:
            del model[key]

    def key(self, live: GameState) -> dict:
        """Start again from the whole state: the compact state, to store as a key."""
        state = compact(live.to_dict(), self.deck)
        self.state = deepcopy(without_columns(state))
        self._deck = None
        self._seen = ()
        self._flags = [None] * len(self.state["players"])
        self._buildings = [None] * len(self.state["players"])
        return state


def check_line(line: Line, live: GameState) -> None:
    """Raise AssertionError when the state the moves and changes built differs from the whole
    state compacted (``snapshots.compact``); call it right after ``Line.step``."""
    whole = without_columns(compact(live.to_dict(), line.deck))
    if _filled(line.state) != _filled(whole):
        missed = []
        entries("", _filled(line.state), _filled(whole), missed)
        raise AssertionError(f"the change written from the events missed something: {missed}")


def _filled(state: dict) -> dict:
    """A state without its empty values (but the card zones), to compare two of them."""
    out = {k: v for k, v in state.items() if v or k in ("pool", "deck")}
    out["players"] = [{k: v for k, v in p.items() if v or k == "name" or k in CARD_ZONES} for p in state["players"]]
    return out
