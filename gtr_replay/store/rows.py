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

from gtr_replay.cards import cards_for
from gtr_replay.game.decisions import Follow, Lead
from gtr_replay.engine import Game
from gtr_replay.expansions import canonical_tag
from gtr_replay.replay.from_game import result_tag
from gtr_replay.replay.replayer import Replayer
from gtr_replay.rulesets import RULESETS
from gtr_replay.store.deltas import Line, check_line
from gtr_replay.store.player_states import changed_rows, seat_values
from gtr_replay.store.schema import MAX_N, MAX_SEQ, N_BITS
from gtr_replay.store.snapshots import KEY_EVERY, compact, dumps
from gtr_replay.store.turn_points import turn_rows


class TooLarge(ValueError):
    """A record with more statements, or a statement with more events, than a database can key."""


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
    events: list[tuple] = field(default_factory=list)
    snapshots: list[tuple] = field(default_factory=list)
    player_states: list[tuple] = field(default_factory=list)
    points_by_turn: list[tuple] = field(default_factory=list)

    @property
    def id(self) -> str:
        return self.game["id"]


DECISION_COLUMNS = ("key", "idx", "path", "turn", "actor", "verb", "text", "line", "col", "comment",
                    "glyphs", "forced", "role", "clients")
EVENT_COLUMNS = ("key", "kind", "player", "card", "source", "target", "value", "text")
"""``key`` is ``seq`` shifted left by ``schema.N_BITS``, plus ``n`` (the game's number goes above
when it is written); ``player`` is the seat of a seated player."""
SNAPSHOT_COLUMNS = ("seq", "base", "state")
"""``seq`` goes into ``stored_snapshots.key`` with the game's number."""


def game_rows(record: Record, *, source: str, number: int, canonical: str | None = None,
              check: bool = False, snapshots: bool = True) -> GameRows:
    """Replay ``record`` (strictly) and turn every snapshot into rows. With ``check``, each
    delta built from the events is compared with a whole-state diff (``deltas.check_line``).
    Without ``snapshots``, the snapshot rows are left out (a third of the work: an export to
    Parquet has no use for them)."""
    canonical = canonical if canonical is not None else notation.write(record)
    gid = game_id(record)
    replayer = Replayer(record, source=source, keep_states="live")
    rows = GameRows({})
    decisions, events, kept = rows.decisions, rows.events, rows.snapshots
    start: list[str] | None = None
    roles: dict[str, str] = {}
    lines: dict[str, tuple[int, Line, int]] = {}  # path -> (seq, the line's snapshots, statements in the line)
    seats: dict[str, list[tuple]] = {}  # path -> each seat's player_states values after the line's last statement
    main = 0
    main_line: list[tuple[int, dict]] = []  # (turn, points) of each main-line statement
    seat_of: dict[str | None, int] = {}
    for snap in replayer.run():
        if start is None:  # the start state exists once the first snapshot is out
            start = replayer.start.deck
            roles = _roles(replayer.start.ruleset)
            influence = RULESETS[replayer.start.ruleset].starting_influence
            seat_of = {p.name: seat for seat, p in enumerate(replayer.start.players)}
        state = snap.live
        path = snap.path
        turn = snap.turn
        if not path:
            main += 1
        role = clients = None
        decision = snap.decision
        if isinstance(decision, (Lead, Follow)) and state.led_role:
            role = str(state.led_role)
            if isinstance(decision, Lead):
                leader = state.player(decision.player)
                clients = sum(1 for card in leader.clientele if roles.get(card) == role)
        points = snap.annotation.points
        if not path:
            main_line.append((turn, points))
        values = seat_values(influence, state, points)
        rows.player_states.extend(changed_rows(path, snap.seq, values, seats.get(path)))
        seats[path] = values
        decisions.append((snap.seq, snap.index, path, turn, snap.player, snap.kind, snap.text, snap.line,
                          snap.column, "\n".join(snap.comments) or None, " ".join(snap.glyphs) or None,
                          int(snap.forced), role, clients))
        key = snap.seq << N_BITS
        for n, e in enumerate(snap.events, 1):
            events.append((key | n, e.kind, seat_of.get(e.player, e.player), e.card, _text(e.source),
                           _text(e.target), e.value, e.text))
        if len(snap.events) > MAX_N or snap.seq > MAX_SEQ:
            raise TooLarge(f"{source}:{snap.line}:{snap.column}: statement {snap.seq} ({len(snap.events)} events): "
                           f"a database holds at most {MAX_SEQ:,} statements a game and {MAX_N:,} events a "
                           "statement; split the record")
        if not snapshots:
            continue
        if path in lines:
            before_seq, line, count = lines[path]
        else:  # the first statement of a line: the state before it is the replaced statement's
            before_seq, line, count = 0, Line(start), 0
        if count % KEY_EVERY == 0:
            kept.append((snap.seq, None, dumps(line.key(state))))
        else:
            kept.append((snap.seq, before_seq, dumps(line.step(state, snap.events))))
        if check:
            check_line(line, state)
        lines[path] = (snap.seq, line, count + 1)
    final = replayer.final
    if start is None:  # a record without statements
        start = replayer.start.deck
    rows.game = _game_row(gid, record, canonical, source, number, replayer, final, start, main, len(decisions),
                          decisions)
    rows.players = _player_rows(gid, final)
    rows.points_by_turn = turn_rows([p.name for p in final.players], main_line)
    return rows


def _text(value) -> str | None:
    return None if value is None else str(value)


def _game_row(gid, record, canonical, source, number, replayer, final, start, main, statements, decisions) -> dict:
    names = [p.name for p in final.players]
    over = final.over
    outcome = Game(final).result() if over else None
    main_turns = {d[3] for d in decisions if d[2] == ""}
    tags: dict[str, str] = {}
    for tag in record.tags:
        tags.setdefault(tag.name, tag.value)
    return {
        "id": gid, "ruleset": str(final.ruleset), "players": len(names), "player_names": ", ".join(names),
        "winners": ", ".join(outcome.winners) if outcome else None,
        "scores": result_tag(outcome) if outcome else None,
        "end_reason": final.end_reason, "turns": len(main_turns), "decisions": main, "statements": statements,
        "source": source, "record_number": number, "tags": json.dumps(tags, ensure_ascii=False),
        "rulings": dumps(final.rulings), "expansions": dumps(list(final.expansions)), "deck": dumps(start),
        "start": dumps(compact(replayer.start.to_dict(), start)), "record": canonical,
        "warnings": "\n".join(f"{w.where}: {w.message}" for w in replayer.warnings) or None,
    }


def _player_rows(gid: str, final) -> list[dict]:
    outcome = Game(final).result()
    winners = set(outcome.winners) if final.over else set()
    return [{"game": gid, "seat": seat, "name": s.player, "score": s.total, "influence": s.influence,
             "vault": s.vault, "bonuses": ", ".join(str(m) for m in s.bonuses) or None, "powers": s.powers,
             "winner": int(s.player in winners)}
            for seat, s in enumerate(outcome.scores)]
