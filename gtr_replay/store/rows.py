"""One record replayed into the rows of every table (nothing is written here).

The replay is strict: a record the rules refuse anywhere raises ``IllegalStatement`` and
gives no rows, so the database only ever holds games that replay cleanly.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from functools import cache

import notation
from notation import Comment, Record

from gtr_replay.data.cards import cards_for
from gtr_replay.engine import Game
from gtr_replay.data.expansions import canonical_tag
from gtr_replay.game.decisions import Lead
from gtr_replay.replay.from_game import result_tag
from gtr_replay.replay.replayer import Replayer
from gtr_replay.replay.snapshot import points_now
from gtr_replay.replay.visitors import Annotating, Moment
from gtr_replay.data.rulesets import RULESETS
from gtr_replay.store.changes import Line, check_line, touched
from gtr_replay.store.player_states import COUNTED, changed_rows, seat_values
from gtr_replay.store.schema import MAX_SEQ
from gtr_replay.store.snapshots import compact, dumps
from gtr_replay.store.turn_points import turn_rows


class TooLarge(ValueError):
    """A record with more statements than a database can key."""


DEFINING_TAGS = ("Ruleset", "Players", "Expansion", "Rulings", "Deck", "Start")
"""The tags that say which game was played; the others (Event, Date, Result...) describe it."""


def game_id(record: Record) -> str:
    """The key of a game: the first 16 hex digits of the SHA-256 of what defines it.

    That is the defining tags, the setup or position block (without comments) and the
    statements of the main line. Comments, glyphs, variations and the other tags are notes
    on the game: a record edited in those is the same game, stored again in its place.
    """
    tags = [[name, record.tag(name)] for name in DEFINING_TAGS if record.tag(name) is not None]
    for tag in tags:
        if tag[0] == "Expansion":  # one game however its optional cards are listed
            tag[1] = canonical_tag(tag[1])
    start = None
    if record.start is not None:
        start = [record.start.word] + [line.text() for line in record.start.lines if not isinstance(line, Comment)]
    moves = [str(step.statement) for step in record.steps]
    identity = json.dumps({"tags": tags, "start": start, "moves": moves}, ensure_ascii=False)
    return hashlib.sha256(identity.encode("utf-8")).hexdigest()[:16]


def content_hash(canonical: str) -> str:
    """A hash of the whole canonical text: tells an edited record from the one stored."""
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()[:16]


@cache
def _roles(ruleset: str) -> dict[str, str]:
    card_set = cards_for(ruleset)
    return {name: str(card.role) for name, card in {**card_set.optional, **card_set.cards}.items()}


@dataclass
class GameRows:
    """Everything one game adds: a ``games`` row and tuples for the other tables, in column
    order without the game (its number is given when it is written)."""

    game: dict
    players: list[dict] = field(default_factory=list)
    decisions: list[tuple] = field(default_factory=list)
    """In the order of ``DECISION_COLUMNS``; the words in ``WORD_COLUMNS`` and the events are
    turned into ``words`` codes when written (``db.Store``)."""
    player_states: list[tuple] = field(default_factory=list)
    points_by_turn: list[tuple] = field(default_factory=list)
    seats: list[str] = field(default_factory=list)
    """The players' names in seating order (events name players; they are stored by seat)."""
    states: bool = True
    """Whether each statement's change is written, so that its state can be rebuilt: rows
    without it are for the views' rows only (``view_rows``), never for a database."""

    @property
    def id(self) -> str:
        return self.game["id"]

    def main_line(self) -> list[tuple[str, int]]:
        """(text, line in the file) of every statement of the main line, in order."""
        record, first = self.game["record"].encode("utf-8"), self.game["line"]
        return [(_statement_text(record, row[_AT], row[_AT + 1]), first + row[_LINE])
                for row in self.decisions if row[_PATH] == ""]

    def main_line_seqs(self) -> list[int]:
        """The number in the replay (``seq``) of every statement of the main line, in order."""
        return [row[_KEY] for row in self.decisions if row[_PATH] == ""]

    def view_rows(self) -> dict[str, list[tuple]]:
        """The game's rows as the views ``decisions``, ``events``, ``player_states`` and
        ``points_by_turn`` show them once stored (their columns, in their order): for writing
        them elsewhere without a database (a Parquet export)."""
        gid, names = self.id, dict(enumerate(self.seats))
        record = self.game["record"].encode("utf-8")
        first = self.game["line"]
        decisions, events, states = [], [], []
        stored: dict[int, list[tuple]] = {}
        for path, seat, seq, *values in self.player_states:
            stored.setdefault(seq, []).append((seat, values))
        lines: dict[str, dict[int, list]] = {}
        for row in self.decisions:
            d = dict(zip(DECISION_COLUMNS, row))
            seq, verb, led = d["key"], str(d["verb"]), d["led_role"]
            text = _statement_text(record, d["at"], d["length"])
            decisions.append((gid, seq, d["idx"] or seq, d["path"], d["turn"], names.get(d["actor"], d["actor"]), verb,
                              text, first + d["line"], d["col"], d["comment"], d["glyphs"], d["forced"],
                              str(led) if led and verb in ("lead", "follow") else None, d["clients"]))
            events.extend((gid, seq, n, e.kind, e.player, e.card, _text(e.source), _text(e.target), e.value, e.text)
                          for n, e in enumerate(d["events"], 1))
            current = lines.setdefault(d["path"], {})
            for seat, values in stored.get(seq, ()):
                current[seat] = values
            hands = json.loads(d["hands"])
            states.extend((gid, seq, seat, names[seat], d["turn"], hands[seat], *current[seat])
                          for seat in sorted(current))
        points = [(gid, turn, seat, names[seat], value) for turn, by_seat in self.points_by_turn
                  for seat, value in enumerate(json.loads(by_seat)) if value is not None]
        return {"decisions": decisions, "events": events, "player_states": states, "points_by_turn": points}


DECISION_COLUMNS = ("key", "idx", "path", "turn", "actor", "verb", "at", "length", "line", "col", "comment", "glyphs",
                    "forced", "clients", "events", "phase", "current", "leader", "state_turn", "led_role", "actions",
                    "played", "done", "hands", "change")
"""The columns of ``stored_decisions`` (``schema``): ``key`` is ``seq`` here (the game's
number goes above it when written); ``events`` the statement's ``Event`` list (written as
``EVENT_FIELDS``)."""

_AT, _LINE, _PATH = DECISION_COLUMNS.index("at"), DECISION_COLUMNS.index("line"), DECISION_COLUMNS.index("path")
_KEY = DECISION_COLUMNS.index("key")

WORD_COLUMNS = ("verb", "phase", "led_role")
"""Decision columns written as ``words`` codes."""

EVENT_FIELDS = ("kind", "player", "text", "card", "source", "target", "value")
"""An event as stored, a JSON array: ``player`` is the seat of a seated player; kind, text,
card, source and target are ``words`` codes (0: none); the values it does not have at its end
are left out."""


def game_rows(record: Record, *, source: str, number: int, canonical: str | None = None, gid: str | None = None,
              check: bool = False, snapshots: bool = True) -> GameRows:
    """Replay ``record`` (strictly) and turn every statement into rows; ``canonical`` and ``gid``,
    its written text and its ``game_id``, where the caller has them. With ``check``, the state
    the moves and changes build is compared with the whole state (``changes.check_line``), and
    the points kept with those counted afresh.
    Without ``snapshots``, no statement's change is written (a third of the work): the rows
    then show the views' rows (``GameRows.view_rows``, an export to Parquet) but cannot be
    stored, as no state could be rebuilt from them."""
    canonical = canonical if canonical is not None else notation.write(record)
    rows = GameRows({}, states=snapshots)
    writing = _Rows(rows, canonical.encode("utf-8"), record.span.line, source, check)
    replayer = Replayer(record, writing, source=source)
    replayer.check()  # strict: a refusal raises; every accepted statement is written as it is replayed
    final = replayer.final
    writing.begin(replayer)  # a record without statements: its start alone
    outcome = Game(final).result()  # the scores, final or so far
    rows.game = _game_row(gid if gid is not None else game_id(record), record, canonical, source, number, replayer, final,
                          outcome, writing.deck, writing.start_state, writing.main, len(rows.decisions), rows.decisions)
    rows.players = _player_rows(rows.id, final, outcome)
    rows.seats = [p.name for p in final.players]
    rows.points_by_turn = turn_rows(rows.seats, writing.main_line)
    return rows


class _Rows(Annotating):
    """The store's visitor: each accepted statement written into ``GameRows`` as it is
    replayed, from the replay's own state (no snapshot is made; the visitor hands none on)."""

    def __init__(self, rows: GameRows, written: bytes, first_line: int, source: str, check: bool) -> None:
        super().__init__()
        self.rows = rows
        self.written = written
        """The canonical record, where each statement's text is found (``at``: from there)."""
        self.at = 0
        self.first_line = first_line  # decisions count their lines from the record's
        self.source = source
        self.check = check
        self.deck: list[str] | None = None
        """The game's starting deck: None until the replay has set the game up."""
        self.start_state: dict = {}
        self.roles: dict[str, str] = {}
        self.influence = 0
        self.seat_of: dict[str | None, int] = {}
        self.lines: dict[str, Line] = {}
        self.seats: dict[str, list[tuple]] = {}
        """Each line's stored seat values after its last statement."""
        self.last_points: dict[str, dict] = {}
        """Each line's points after its last statement."""
        self.main = 0
        self.main_line: list[tuple[int, dict]] = []
        """(turn, points) of each main-line statement."""

    def begin(self, replayer: Replayer) -> None:
        """What the game's start gives every row: read once, at the first statement."""
        if self.deck is not None:
            return
        start = replayer.start
        self.deck = start.deck
        self.start_state = compact(start.to_dict(), start.deck)
        self.roles = _roles(start.ruleset)
        self.influence = RULESETS[start.ruleset].starting_influence
        self.seat_of = {p.name: seat for seat, p in enumerate(start.players)}

    def accepted(self, moment: Moment) -> None:
        at = moment.replaying
        if self.deck is None:
            self.begin(at.replayer)
        state = at.game.state
        path, turn, seq, events = at.path, at.turn, at.seq, moment.events
        statement = at.step.statement
        if seq > MAX_SEQ:
            raise TooLarge(f"{self.source}:{at.line}:{at.column}: statement {seq}: a database holds at most "
                           f"{MAX_SEQ:,} statements a game; split the record")
        clients = None
        decision = moment.decision
        if isinstance(decision, Lead) and state.led_role:
            role, roles = str(state.led_role), self.roles
            clients = sum(1 for card in state.player(decision.player).clientele if roles.get(card) == role)
        points = self.points(moment)
        if self.check and points != (counted := points_now(at.game)):
            raise AssertionError(f"the points kept after '{at.text}' are {points}; counted afresh, {counted}")
        if not path:
            self.main += 1
            self.main_line.append((turn, points))
        zones = None if state.unseen is not None else touched(events)
        change = self._change(path, state, events, zones)
        before = self.seats.get(path)
        if before is None or zones is None or not zones.isdisjoint(COUNTED) or points is not self.last_points.get(path):
            values = seat_values(self.influence, state, points)
            self.rows.player_states.extend(changed_rows(path, seq, values, before))
            self.seats[path] = values
        self.last_points[path] = points
        text = at.text
        encoded = text.encode("utf-8")
        found_at = self.written.find(encoded, self.at)
        if found_at >= 0:
            self.at = found_at + len(encoded)
        step = at.step
        played, done, hands = _seats(state)
        self.rows.decisions.append((
            seq, None if at.index == seq else at.index, path, turn, self.seat_of.get(statement.actor, statement.actor),
            statement.kind, found_at + 1 if found_at >= 0 else text, len(encoded), at.line - self.first_line,
            at.column, ("\n".join(c.text for c in step.comments) or None) if step.notes else None,
            " ".join(step.glyphs) or None, int(moment.restated), clients, events,
            state.phase, state.current, state.leader, None if state.turn == turn else state.turn, state.led_role,
            state.actions_used, played, done, hands, change))

    def _change(self, path: str, state, events: list, zones: frozenset[str] | None) -> str | None:
        """What the statement changed beyond its moves (``changes``), as stored; a variation's
        first statement stores its whole state."""
        if not self.rows.states:
            return None
        line = self.lines.get(path)
        if line is None:
            line = self.lines[path] = Line(self.deck, self.start_state)
            if path:
                return dumps(line.key(state))
        found = line.step(state, events, self.seat_of, zones)
        if self.check:
            check_line(line, state)
        return dumps(found) if found else None


def _statement_text(record: bytes, at: int | str, length: int) -> str:
    """A statement's text from its place in the record (``at``, from 1, and ``length``, in
    UTF-8 bytes), or ``at`` itself where the record does not hold the text as written."""
    return record[at - 1:at - 1 + length].decode("utf-8") if type(at) is int else at


def _text(value) -> str | None:
    return None if value is None else str(value)


def _seats(state) -> tuple[int, int, str]:
    """Who has played and who is done (one bit a seat), and every seat's hand size (a JSON array)."""
    played = done = 0
    hands = []
    for i, player in enumerate(state.players):
        if player.played:
            played |= 1 << i
        if player.done:
            done |= 1 << i
        hands.append(str(len(player.hand)))
    return played, done, "[" + ",".join(hands) + "]"


def _game_row(gid, record, canonical, source, number, replayer, final, result, start, start_state, main, statements,
              decisions) -> dict:
    names = [p.name for p in final.players]
    outcome = result if final.over else None
    main_turns = {d[3] for d in decisions if d[2] == ""}
    tags: dict[str, str] = {}
    for tag in record.tags:
        tags.setdefault(tag.name, tag.value)
    return {
        "id": gid, "ruleset": str(final.ruleset), "players": len(names), "player_names": ", ".join(names),
        "winners": ", ".join(outcome.winners) if outcome else None,
        "scores": result_tag(outcome) if outcome else None,
        "end_reason": final.end_reason, "turns": len(main_turns), "decisions": main, "statements": statements,
        "source": source, "record_number": number, "line": record.span.line,
        "tags": json.dumps(tags, ensure_ascii=False),
        "rulings": dumps(final.rulings), "expansions": dumps(list(final.expansions)), "deck": dumps(start),
        "start": dumps(start_state), "record": canonical,
        "warnings": "\n".join(f"{w.where}: {w.message}" for w in replayer.warnings) or None,
    }


def _player_rows(gid: str, final, outcome) -> list[dict]:
    winners = set(outcome.winners) if final.over else set()
    return [{"game": gid, "seat": seat, "name": s.player, "score": s.total, "influence": s.influence,
             "vault": s.vault, "bonuses": ", ".join(str(m) for m in s.bonuses) or None, "powers": s.powers,
             "winner": int(s.player in winners)}
            for seat, s in enumerate(outcome.scores)]
