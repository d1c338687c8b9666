"""Snapshot deltas built from what a statement did, not by serialising and diffing whole states.

A line of play keeps its last compact state (``snapshots.compact``). After each statement the
events say which zones of the players can have changed: a card moved names its two zones
(``Event.source``, ``Event.target``), a Site claimed or a building completed touches the
buildings and the influence. Only those zones are read again from the live ``GameState``,
for every player (a card moved by a Legionary demand or taken with a structure names one
player's zones and changes another's). What no event names is read every time, being small:
the table (deck, pool, Sites, phase, leader...) and each player's flags (played, done, hired,
acted, spent, plays).

Where the events do not say enough, every zone is read again, as a whole-state diff would:
an event whose kind lists no zones here (a building power, a turn's cleanup), the first
statement of a line, and a game with unseen cards, whose hands the replay changes when a
statement reveals one. ``delta`` in ``snapshots`` stays the meaning: ``check_line`` (used by
the tests and ``benchmarks/bench_import.py --check``) compares the two on every statement.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from gtr_replay.game.events import Event
from gtr_replay.game.state import Building, GameState, PlayerState
from gtr_replay.store.snapshots import compact, count_patch, deck_value, delta, empty_like, list_change

ZONES = ("hand", "camp", "clientele", "stockpile", "vault", "influence", "buildings")
"""A player's zones: read again only when an event names them."""

FLAGS = ("hired", "played", "done", "acted", "spent", "plays")
"""A player's small values that no event names: read after every statement."""

_BY_ZONE = {"hand": ("hand",), "camp": ("camp",), "clientele": ("clientele",), "stockpile": ("stockpile",),
            "vault": ("vault",), "building": ("buildings",), "influence": ("influence",),
            "sites in town": ("buildings",), "sites out of town": ("buildings",),
            "deck": (), "pool": (), "jack pile": ()}
"""The player zones a card moving from or to each zone (``enums.Zone``) can change."""

_BY_KIND = {"setup": (), "leader-draw": (), "turn": (), "lead": (), "follow": (), "think": (), "actions": (),
            "pass": (), "demand": (), "glory": (), "game-end": (), "auto": (),
            "influence": ("influence",), "site": ("buildings", "influence"),
            "complete": ("buildings", "influence")}
"""The player zones each kind of event other than a move can change; a kind not listed here
(cleanup, a power's own events) makes every zone be read again."""


def touched(events: Iterable[Event]) -> frozenset[str] | None:
    """The player zones the events can have changed; None for every zone."""
    zones: set[str] = set()
    for e in events:
        if e.kind == "move":
            for zone in (e.source, e.target):
                found = _BY_ZONE.get(zone)
                if found is None:
                    return None
                zones.update(found)
        else:
            found = _BY_KIND.get(e.kind)
            if found is None:
                return None
            zones.update(found)
    return frozenset(zones)


_CONVERTED = frozenset({"buildings", "spent"})
"""Zones that differ in kind from their stored form, so are converted before comparing."""


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
    return out


def _zone(player: PlayerState, key: str):
    if key == "influence":
        return [m.value for m in player.influence]
    if key == "buildings":
        return [_building(b) for b in player.buildings]
    if key == "acted":
        return [r.value for r in player.acted]
    if key == "spent":
        return [[k, t] for k, t in player.spent.items()]
    value = getattr(player, key)
    return list(value) if isinstance(value, list) else value


def compact_player(player: PlayerState) -> dict:
    out = {"name": player.name}
    for key in ZONES + FLAGS:
        value = _zone(player, key)
        if value:
            out[key] = value
    return out


@lru_cache(maxsize=1024)
def _sites(counts: tuple) -> dict:
    """Site counts without the zeros (a few distinct ones per game: shared, never changed)."""
    return {m.value: k for m, k in counts if k}


def _table(s: GameState, deck) -> dict:
    """The compact state without its players, as ``snapshots.compact`` writes it; ``deck`` is
    the deck as written (``snapshots.deck_value``)."""
    out: dict = {"deck": deck}
    if not s.deck_known:
        out["deck_known"] = False
    for key, value in (("removed", s.removed), ("pool", s.pool), ("unseen", s.unseen)):
        if value:
            out[key] = list(value)
    for key, value in (("sites_in_town", s.sites_in_town), ("sites_out_of_town", s.sites_out_of_town),
                       ("sites_out_of_game", s.sites_out_of_game)):
        counts = _sites(tuple(value.items()))
        if counts:
            out[key] = counts
    for key in ("removed_unseen", "jack_pile", "jacks_out", "leader", "turn", "current", "actions_used",
                "end_reason", "ended_by", "winner"):
        value = getattr(s, key)
        if value:
            out[key] = value
    out["phase"] = s.phase.value
    if s.led_role:
        out["led_role"] = s.led_role.value
    if s.legionary:
        out["legionary"] = s.legionary.to_dict()
    if s.steps:
        out["steps"] = [step.to_dict() for step in s.steps]
    if s.public:
        out["public"] = [[i, name] for i, name in s.public]
    return out


class Line:
    """The snapshots of one line of play, as a key followed by deltas."""

    def __init__(self, deck: list[str]) -> None:
        self.deck = deck
        self.state: dict | None = None
        """The compact state after the last statement."""
        self._deck: tuple[list[str], int | dict | list] | None = None
        """The last deck seen and how it is written (most statements draw nothing)."""

    def _written_deck(self, live: GameState):
        last = self._deck
        if last is not None and last[0] == live.deck:
            return last[1]
        value = deck_value(live.deck, self.deck)
        self._deck = (live.deck[:], value)
        return value

    def key(self, live: GameState) -> dict:
        """Start again from the whole state: the compact state, to store as a key snapshot."""
        table = _table(live, self._written_deck(live))
        self.state = {"players": [compact_player(p) for p in live.players], **table}
        return self.state

    def step(self, live: GameState, events: list[Event]) -> dict:
        """The delta from the last state to ``live``, which the events led to."""
        before = self.state
        assert before is not None, "a line starts with a key snapshot"
        zones = None if live.unseen is not None else touched(events)
        keys = ZONES + FLAGS if zones is None else tuple(k for k in ZONES if k in zones) + FLAGS
        change: dict = {}
        table = _table(live, self._written_deck(live))
        for k, v in table.items():
            if before.get(k) != v:
                change[k] = list_change(before.get(k), v) if k != "deck" else v
        if isinstance(change.get("deck"), dict) and isinstance(before["deck"], dict):
            change["deck"] = count_patch(before["deck"], change["deck"])
        for k, v in before.items():
            if k != "players" and k not in table:
                change[k] = empty_like(v)
        players = {}
        now = before["players"][:]
        converted = _CONVERTED
        for i, player in enumerate(live.players):
            old = now[i]
            changed = None  # the new values
            for key in keys:
                value = _zone(player, key) if key in converted else getattr(player, key)
                # compared as read: lists of names or of StrEnums (equal to their words), flags
                if value:
                    if old.get(key) != value:
                        if changed is None:
                            changed = {}
                        changed[key] = _zone(player, key)
                elif key in old:
                    if changed is None:
                        changed = {}
                    changed[key] = empty_like(old[key])
            if changed:
                players[str(i)] = {k: list_change(old.get(k), v) for k, v in changed.items()}
                now[i] = {k: v for k, v in {**old, **changed}.items() if v or k == "name"}
        if players:
            change["players"] = players
        table["players"] = now
        self.state = table
        return change


def check_line(line: Line, live: GameState) -> None:
    """Raise AssertionError when the state the deltas built differs from the whole state
    compacted (``snapshots.compact``); call it right after ``Line.step``."""
    whole = compact(live.to_dict(), line.deck)
    if line.state != whole:
        raise AssertionError(f"the deltas from the events missed a change: {delta(line.state, whole)}")
