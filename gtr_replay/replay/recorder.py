"""Recording a game at the table, one statement at a time (``gtr record``).

A ``Recording`` owns one record file. Every accepted statement is appended to the file at
once and synced to disk, so a crash or Ctrl-C loses nothing and the file is always a valid,
canonical record; ``undo`` rewrites the file without its last statement atomically (a new
file renamed over the old one). A statement is accepted when the whole record with it
replays, so the recorder can never accept what ``gtr check`` refuses; a refused statement
gets the replayer's located error and the legal choices.

The recorder sees one seat (``me``): other hands and draws are unseen (``?``). A think by
another player written without its cards (``Ben thinks: draw``) is taken as drawn unseen.
"""

from __future__ import annotations

import os
import re
import stat
from dataclasses import replace
from datetime import date
from pathlib import Path

import notation
from notation import Record
from notation import statements as st
from notation.fmt import canonical_text, replace_text
from notation.writer import tag_line

from gtr_replay.engine import Game
from gtr_replay.game.events import EventKind
from gtr_replay.game.piles import UNSEEN
from gtr_replay.game.state import GameState
from gtr_replay.errors import GtrError, UsageError
from gtr_replay.replay.diagnostics import Diagnostic
from gtr_replay.replay.files import no_record, read_record_file
from gtr_replay.replay.from_game import result_tag
from gtr_replay.replay.legal import LegalPoint, legal_in
from gtr_replay.replay.replayer import IllegalStatement, Replayer
from gtr_replay.replay.turns import TurnsMade
from gtr_replay.replay.revealing import answers, owed
from gtr_replay.replay.start import StartError, expansions, header
from gtr_replay.replay.translate import statement_for
from gtr_replay.vocabulary import card_vocabulary


class Refused(GtrError):
    """A line the recorder did not accept; ``diagnostic`` is the replayer's, when it has one."""

    def __init__(self, message: str, *, hint: str | None = None, diagnostic: Diagnostic | None = None) -> None:
        super().__init__(message, hint=hint)
        self.diagnostic = diagnostic


def _parse(text: str, source: str) -> Record:
    try:
        records = notation.parse(text, source=source, vocabulary=card_vocabulary())
    except notation.NotationError as error:
        hint = error.hint or (f"expected {error.expected}" if error.expected else None)
        raise Refused(error.message, hint=hint) from None
    return _only_record(records, source)


def _only_record(records: list[Record], source: str) -> Record:
    if not records:
        raise no_record(source)
    if len(records) != 1:
        raise UsageError(f"{source} holds {len(records)} records; the recorder keeps one game per file",
                         hint="give a new file name")
    return records[0]


def _replay(record: Record, source: str) -> tuple[GameState, Record]:
    """The state after ``record`` and the record with its turns where the game made them
    (a statement appended without a header is placed by the game, ``turns.placed``)."""
    made = TurnsMade()
    replayer = Replayer(record, made, source=source)
    try:
        for _ in replayer.run():
            pass
    except IllegalStatement as error:
        raise Refused(error.diagnostic.message, hint=error.diagnostic.hint, diagnostic=error.diagnostic) from None
    return replayer.final, made.placed(record)


def _check_seat(path: Path, record: Record, me: str | None) -> None:
    """Refuse (``UsageError``) to resume ``record`` from the seat ``me`` when it is not the
    record's: not a player, or not the one its Recorder tag names."""
    if me is None:
        return
    recorder = record.tag("Recorder")
    players = ", ".join(record.players)
    keep = (f"leave out --me: the record goes on from {recorder}'s seat, as its Recorder tag says"
            if recorder in record.players else "leave out --me: the record goes on as it was recorded")
    if me not in record.players:
        raise UsageError(f"--me {me}: {me} is not one of the players of {path} ({players})",
                         hint=keep if recorder else "--me names a player")
    if recorder is not None and me != recorder:
        seat = f"from {recorder}'s seat" if recorder in record.players else f"by {recorder}"
        raise UsageError(f"--me {me}: {path} is recorded {seat} ([Recorder \"{recorder}\"]), not from {me}'s seat: a "
                         "record keeps the view of one seat, what it saw and what it did not",
                         hint=f"{keep}; to record from {me}'s seat, start a new record")


def _opens_a_turn(said: notation.Statement, found: Diagnostic) -> bool:
    """Whether ``found`` refuses ``said``, a lead or a think, for its place in the turn order
    (R-TURN-*): a statement that would open a turn the rules do not start here."""
    return said.part in _OPENING and found.statement == str(said) and any(r.startswith("R-TURN") for r in found.rule_ids)


_OPENING = (st.LEADING, st.THINKING)


class CannotSave(GtrError):
    """The record file could not be written: the recording stops (the file holds every
    statement accepted before)."""


def _cannot_save(path: Path, error: OSError) -> CannotSave:
    return CannotSave(f"cannot write {path}: {error.strerror or error}",
                      hint="check that its folder exists and may be written to, and that the disk has room")


class InUse(UsageError):
    """Another session (``gtr record`` or ``gtr table``) is recording into the same file now."""


def lock_file(path: Path) -> Path:
    """The hidden file beside a record whose lock its session holds: ``.NAME.lock``. Not the
    record itself: a rewrite (``undo``, a Result tag) renames a new file over the record, and a
    lock on the file renamed away would hold nothing."""
    path = Path(path)
    return path.parent / f".{path.name}.lock"


class Held:
    """One session's hold on a record file (``hold``): an exclusive advisory lock (``flock``)
    kept for the session's life. The system releases it however the process ends (Ctrl-C, a
    crash, a kill); ``release`` (or the end of a ``with`` block) also removes the lock file."""

    def __init__(self, fd: int | None, lock: Path | None) -> None:
        self.fd, self.lock = fd, lock

    def __enter__(self) -> Held:
        return self

    def __exit__(self, *exc) -> None:
        self.release()

    def release(self) -> None:
        if self.fd is None:
            return
        if self.lock is not None:  # removed while still held: a session opening it meanwhile tries again
            try:
                self.lock.unlink()
            except OSError:
                pass
        os.close(self.fd)
        self.fd = None


def hold(path: Path) -> Held:
    """Take the record file ``path`` for one recording session, before anything of it is read or
    written: a second session on the same file, in this process or another, is refused
    (``InUse``, naming the file and the process holding it) until the first ends. Where no lock
    file can be made beside it (a folder that is not there, or not writable), the record itself
    is locked when it can be opened; failing that nothing can be written there, and the session
    says so in its own words."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not on POSIX: no lock
        return Held(None, None)
    path = Path(path)
    lock = lock_file(path)
    while True:
        made: Path | None = lock
        try:
            fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o666)
        except OSError:
            made = None
            try:  # never waiting on a pipe: only a regular file is locked
                fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
            except OSError:
                return Held(None, None)
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                os.close(fd)
                return Held(None, None)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            holder = _holder(fd)
            os.close(fd)
            raise InUse(f"{path} is being recorded by another session now{holder}: two sessions writing one "
                        "record would spoil it",
                        hint="end that session first: 'quit' in gtr record, Ctrl-C on gtr table's server; then "
                             "run this again to resume the record") from None
        if made is None:
            return Held(fd, None)
        try:  # the lock file may have been removed by the session that held it, just before
            same = os.path.samestat(os.fstat(fd), os.stat(made))
        except OSError:
            same = False
        if same:
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()}\n".encode())
            return Held(fd, made)
        os.close(fd)


def _holder(fd: int) -> str:
    """' (process N)' of the session holding a lock file, as it wrote itself there; '' unknown."""
    try:
        said = os.pread(fd, 32, 0).decode("ascii").strip()
    except (OSError, UnicodeDecodeError):
        return ""
    return f" (process {said})" if said.isdigit() else ""


def _fsync_write(path: Path, text: str, mode: str) -> None:
    try:
        with open(path, mode, encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
    except OSError as error:
        raise _cannot_save(path, error) from None


def _replace_atomically(path: Path, text: str) -> None:
    """Write ``text`` to a new file beside ``path`` and rename it over ``path``."""
    try:
        replace_text(path, text)
    except OSError as error:
        raise _cannot_save(path, error) from None


def _expansion(value: str, ruleset: str) -> str:
    """The Expansion tag's canonical value for ``value`` (checked: a usage error otherwise)."""
    from gtr_replay.data.expansions import expansion_cards, expansion_tag
    from gtr_replay.data.rulesets import find_ruleset
    return expansion_tag(expansion_cards(value, find_ruleset(ruleset).ruleset)) or ""


def check_options(*, ruleset: str, players: list[str], me: str, event: str | None = None,
                  expansion: str | None = None) -> None:
    """Refuse (``UsageError``) the options of a new record before anything is asked at the
    table: an unknown ruleset, a seating that does not read (2 to 5 names, each its own), ``me``
    not seated, an expansion the ruleset does not take (R-VER-2), a tag value the notation
    cannot hold. ``Recording.start`` checks them again with the leader draw and the hand."""
    if me not in players:
        raise UsageError(f"{me} is not one of the players ({', '.join(players)})", hint="--me names a player")
    if event is not None and any(c in event for c in "\r\n"):
        raise UsageError("--event holds a line break: a tag is one line of the record", hint="give it on one line")
    tags = [("Ruleset", ruleset), ("Players", ", ".join(players)), *([("Event", event)] if event else [])]
    text = "".join(tag_line(name, value) + "\n" for name, value in tags)
    try:
        record = _parse(text, "the options")
        expansions(record, header(record)[0])
        if expansion:
            _expansion(expansion, ruleset)
    except Refused as error:
        raise UsageError(f"the options do not read as a record's tags: {error.message}",
                         hint=error.hint or "a name or an event holds no double quote") from None
    except StartError as error:
        raise UsageError(error.message, hint=error.hint) from None


STARTING_HAND_EXAMPLE = ("Dock", "Wall", "Road", "Insula", "Latrine")


def starting_hand_prompt(ruleset: str, me: str) -> str:
    """What the recorder asks for ``me``'s starting hand: how many cards the ruleset deals,
    with the Jacks dealt with them (R-SETUP-2, R-SETUP-3, R-SETUP-9)."""
    from gtr_replay.enums import JACK
    from gtr_replay.data.rulesets import find_ruleset

    spec = find_ruleset(ruleset)
    jacks = spec.starting_jacks
    dealt = f"{spec.starting_orders} cards" + (f" and the {JACK} dealt with them" if jacks == 1 else
                                               f" and the {jacks} {JACK}s dealt with them" if jacks else "")
    example = ", ".join([*STARTING_HAND_EXAMPLE[:spec.starting_orders], *[JACK] * jacks])
    return f"{me}'s starting hand, {dealt} ({example})"


def check_leader_draw(*, ruleset: str, players: list[str], me: str, pool: str, event: str | None = None,
                      expansion: str | None = None) -> list[str]:
    """Refuse (``Refused``) a leader draw the rules refuse, before ``me``'s hand is asked: the
    record started as ``Recording.start`` starts it, with that hand unseen, in a folder of its
    own that is then removed (nothing is written where the record goes). A draw whose last
    round ties is not refused: returns the players who must draw again (R-SETUP-5, AMB-07),
    none once the draw says who leads."""
    import tempfile

    from gtr_replay.data.rulesets import find_ruleset

    unseen = ", ".join([UNSEEN] * find_ruleset(ruleset).starting_orders)  # its Jacks are added, face up
    try:
        with tempfile.TemporaryDirectory() as folder:
            Recording.start(Path(folder) / "draw.gtr", ruleset=ruleset, players=players, me=me, pool=pool,
                            hand=unseen, event=event, expansion=expansion)
    except Refused:
        owed = _drawing_again(ruleset=ruleset, players=players, pool=pool, expansion=expansion)
        if not owed:
            raise
        return owed
    return []


def _drawing_again(*, ruleset: str, players: list[str], pool: str, expansion: str | None) -> list[str]:
    """The players who draw the next round of the leader draw ``pool``, when every card it
    lists is dealt as it lists it and its last round ties (R-SETUP-5, AMB-07); none otherwise
    (the draw is then refused for what it is)."""
    try:
        record = opening_record("<leader draw>", ruleset=ruleset, players=players, pool=pool, hands={},
                                recorder=players[0], expansion=expansion)
        spec, names, rulings = header(record)
        seat = {name: n for n, name in enumerate(names)}
        rounds = record.start.draws
        written = [(d.player, d.card, r) for r, round_ in enumerate(rounds, 1)
                   for d in sorted(round_, key=lambda d: seat.get(d.player, len(seat)))]
        game = Game.from_setup(spec, names, draws=[card for _, card, _ in written], hands={}, rulings=rulings,
                               expansion=expansions(record, spec))
    except GtrError:
        return []
    dealt = [(e.player, e.card, e.value) for e in game.opening if e.kind == EventKind.LEADER_DRAW]
    if len(dealt) <= len(written) or dealt[:len(written)] != written or dealt[len(written)][2] != len(rounds) + 1:
        return []
    return [player for player, _, r in dealt[len(written):] if r == len(rounds) + 1]


def with_redeal(pool: str, typed: str, drawing: list[str], players: list[str]) -> str:
    """The leader draw ``pool`` with the redeal ``typed`` for the players ``drawing``, as
    ``Ann Bar, Ben Bath`` (the word ``redeal:`` may lead it) or as the cards alone in their
    order (``Bar, Bath``); typed with a redeal after a ``;``, the whole draw typed again."""
    typed = typed.strip()
    if _REDEAL_AFTER.search(typed):
        return typed
    if not typed.casefold().startswith("redeal"):
        cards = [c.strip() for c in typed.split(",")]
        named = any(c.casefold().startswith(f"{player.casefold()} ") for c in cards for player in players)
        if not named and len(cards) == len(drawing) and all(cards):
            typed = ", ".join(f"{player} {card}" for player, card in zip(drawing, cards))
        typed = f"redeal: {typed}"
    return f"{pool}\n{typed}"


def blank_file(path: Path) -> bool:
    """Whether ``path`` is a file holding nothing but white space: a record begun there is a
    new one (nothing in it to resume, nothing to lose)."""
    try:
        return path.is_file() and path.stat().st_size < 4096 and not path.read_bytes().strip()
    except OSError:
        return False


class Recording:
    """One game being recorded into ``path`` (see the module's text)."""

    def __init__(self, path: Path, record: Record, me: str | None) -> None:
        self.path = Path(path)
        self.record = record
        self.me = me
        self.state, self.record = _replay(record, str(self.path))
        self.text = notation.write(self.record)
        self._revealing: list[str] | None = None

    # -- starting -------------------------------------------------------------------------
    @classmethod
    def start(cls, path: Path, *, ruleset: str, players: list[str], me: str, pool: str, hand: str,
              event: str | None = None, expansion: str | None = None) -> Recording:
        """A new record: its tags and the setup block (the leader draw ``pool`` as in
        ``pool: Ann Latrine, Ben Road``, and ``me``'s starting hand), written at once.
        ``expansion`` names the optional cards in the deck, as the Expansion tag does
        (``geek``, ``geek: Castra, Domus``)."""
        if me not in players:
            raise UsageError(f"{me} is not one of the players ({', '.join(players)})", hint="--me names a player")
        record = opening_record(path, ruleset=ruleset, players=players, pool=pool, hands={me: hand}, recorder=me,
                                event=event, expansion=expansion)
        return cls.begin(path, record, me)

    @classmethod
    def begin(cls, path: Path, record: Record, me: str | None) -> Recording:
        """A new record file holding ``record`` (an ``opening_record``), written at once."""
        path = Path(path)
        if path.exists() and not blank_file(path):
            raise UsageError(f"{path} exists already", hint="give a new file name, or resume it: gtr record FILE alone")
        recording = cls(path, record, me)
        _replace_atomically(path, recording.text)
        return recording

    @classmethod
    def resume(cls, path: Path, me: str | None = None) -> Recording:
        """Go on with a record (it must replay clean), from the seat of its Recorder tag: a
        ``me`` given must be that seat, since a record is kept from one seat (another one's
        draws would be taken as unseen); without the tag, one of the players."""
        path = Path(path)
        if not path.exists():
            raise UsageError(f"{path}: no such file", hint="start a record with --ruleset, --players and --me")
        text = read_record_file(path)
        record = _only_record(notation.parse(text, source=str(path), vocabulary=card_vocabulary()), str(path))
        _check_seat(path, record, me)
        me = me or record.tag("Recorder")
        recording = cls(path, record, me if me in record.players else None)
        if recording.text != text:  # keep the file canonical, so appending keeps it so
            try:  # rewritten only when the canonical text reads back as the same record
                canonical_text([record], source=str(path), vocabulary=card_vocabulary())
            except notation.NotationError as error:
                raise UsageError(f"{error}", hint="the file is left as it is; write that line another way "
                                 "and record again") from None
            _replace_atomically(path, recording.text)
        return recording

    # -- where the game stands ------------------------------------------------------------
    def ending(self) -> str | None:
        """The statement that ended the game ('undo' takes it back); None while it goes on."""
        steps = self.record.steps
        return str(steps[-1].statement) if self.over and steps else None

    @property
    def over(self) -> bool:
        return self.state.over

    def point(self) -> LegalPoint:
        """Whose decision it is and what is legal now."""
        return legal_in(self.state, len(self.record.steps))

    def prompt(self) -> str:
        point = self.point()
        if point.over:
            return f"game over ({point.over})"
        return f"turn {point.turn} · {point.player} to {point.prompt}"

    def suggestions(self) -> list[str]:
        """Statements to offer for completion: every legal one, with the draw lists a think
        needs when the deck's order is unknown."""
        found = []
        for statements in self.point().choices.values():
            for text in statements:
                found.append(self._with_draws(text))
        if self._revealing is None:  # the same state asks again at every key: compute once
            self._revealing = [str(statement_for(d, self.state, [])) for d in Game(self.state).legal_if_revealed()]
        return found + self._revealing

    def _with_draws(self, text: str) -> str:
        """A think of one's own from a deck of unknown order is offered with its list open, for
        the cards drawn to be typed; another player's lists them as ``?``, as ``gtr legal`` does."""
        player = text.partition(" thinks: ")[0]
        if player != self.me or not text.endswith("?]"):
            return text
        return text[:text.rindex(" [")] + " ["

    # -- recording -------------------------------------------------------------------------
    def add(self, line: str, *, actor: str | None = None) -> str:
        """Accept one statement (any lenient form; glyphs and comments allowed) and append it
        to the file; returns its canonical text. Raises ``Refused`` and changes nothing when
        the rules or the notation refuse it, or when ``actor`` is given and the statement is
        another player's decision."""
        line = line.strip()
        if not line:
            raise Refused("nothing to record", hint="type a statement; Tab offers the legal ones")
        if self.over:
            ending = self.ending()
            raise Refused(f"'{line}' is not recorded: the game is over ({self.state.end_reason})",
                          hint=f"'undo' takes back '{ending}', which ended it" if ending else
                          "the record is complete")
        record = self._with(line, "")
        said = record.steps[-1].statement
        if actor is not None and said.actor != actor:
            raise Refused(f"'{line}' is {said.actor}'s statement, not {actor}'s",
                          hint="each player records their own decisions")
        try:
            try:
                state, record = _replay(record, str(self.path))
            except Refused as error:  # a statement of the turn the game has moved on to: under its header
                header = self._next_header()
                found = error.diagnostic
                if (not header or found is None or found.rule_ids != ("R-TURN-9",)
                        or found.statement.startswith("turn ")):
                    raise
                record = self._with(line, header)
                state, record = _replay(record, str(self.path))
        except Refused as error:
            found = error.diagnostic
            if found is None or not (found.statement.startswith("turn ")
                                     or (_opens_a_turn(said, found) and self._not_yet(said))):
                raise
            point = self.point()  # the statement would open a turn the rules do not start here
            missing = owed(self.state)
            if missing is not None:
                said = answers(self.state)
                raise Refused(f"'{line}' cannot come next: {missing}",
                              hint="record it first: " + " or ".join(f"'{t}'" for t in said[:3])) from None
            raise Refused(f"'{line}' cannot come next: it is {point.player}'s decision ({point.prompt})",
                          hint="'legal' lists what is legal now", ) from None
        if state.over and record.tag("Result") is None and not Game(state).unseen_in_vaults():  # else a range: not written
            record = replace(record, tags=record.tags + (notation.Tag("Result", result_tag_of(state)),))
        self._commit(record, state)
        return str(record.steps[-1].statement)

    def _not_yet(self, said: notation.Statement) -> bool:
        """Whether the game waits for another decision than ``said``'s player's opening one:
        another player's, or an answer the player still owes (a lead refused for its cards is
        refused for them)."""
        return owed(self.state) is not None or self.point().player != said.actor

    def _with(self, line: str, header: str) -> Record:
        """The record with ``line`` appended (after ``header``, when given)."""
        record = _parse(self.text + header + "  " + line + "\n", str(self.path))
        if len(record.steps) != len(self.record.steps) + 1:
            raise Refused("type one statement at a time")
        return self._unseen_draws(record)

    def _next_header(self) -> str:
        """The header of the turn the game has moved on to, when the record has not written it:
        a statement stays in the turn the record writes it in (R-TURN-9), so one the replay
        refuses as belonging to the next turn (a think that leads it) is written under it."""
        turns, state = self.record.turns, self.state
        if not turns or state.over or state.turn == turns[-1].number:
            return ""
        return f"\nturn {state.turn} {state.players[state.leader].name}\n"

    def _unseen_draws(self, record: Record) -> Record:
        """Another player's think written without its cards: drawn unseen."""
        last = record.steps[-1]
        statement = last.statement
        if (not isinstance(statement, st.Think) or statement.drawn is not None or str(statement.how) == "jack"
                or statement.player == self.me or self.state.deck_known):
            return record
        count = Game(self.state).think_draws(statement.player, str(statement.how))
        step = replace(last, statement=replace(statement, drawn=(UNSEEN,) * count))
        turns = list(record.turns)
        items = list(turns[-1].items)
        items[items.index(last)] = step
        turns[-1] = replace(turns[-1], items=tuple(items))
        return replace(record, turns=tuple(turns))

    def _commit(self, record: Record, state: GameState) -> None:
        text = notation.write(record)
        if text.startswith(self.text):
            _fsync_write(self.path, text[len(self.text):], "a")
        else:  # a header changed (the Result tag at the end): the file is rewritten whole
            _replace_atomically(self.path, text)
        self.record, self.text, self.state, self._revealing = record, text, state, None

    def undo(self) -> str:
        """Take back the last statement (the file is rewritten atomically); returns it."""
        steps = self.record.steps
        if not steps:
            raise Refused("nothing to undo: no statement recorded yet")
        last = steps[-1]
        turns = list(self.record.turns)
        items = tuple(i for i in turns[-1].items if i is not last)
        if any(isinstance(i, notation.Step) for i in items):
            turns[-1] = replace(turns[-1], items=items)
        else:
            turns.pop()
        tags = tuple(t for t in self.record.tags if t.name != "Result" or not self.over)
        record = replace(self.record, tags=tags, turns=tuple(turns))
        state, record = _replay(record, str(self.path))
        text = notation.write(record)
        _replace_atomically(self.path, text)
        self.record, self.text, self.state, self._revealing = record, text, state, None
        return str(last.statement)


def opening_record(path: Path | str, *, ruleset: str, players: list[str], pool: str, hands: dict[str, str],
                   recorder: str, event: str | None = None, expansion: str | None = None) -> Record:
    """A record's tags and setup block, checked as far as its header goes: the leader draw
    ``pool`` (``pool: Ann Latrine, Ben Road``, redeal lines after it, or after a ``;`` on its line:
    ``Ann Bar, Ben Bar; redeal: Ann Bath, Ben Road``) and the starting hands
    given (``{"Ann": "Foundry, Jack, ..."}``; a hand left out is unseen). ``Recording(path,
    record, me)`` replays it, which checks the draw, the hands' counts and Jacks."""
    tags = [("Game", "Glory to Rome"), *([("Event", event)] if event else []),
            ("Date", date.today().strftime("%Y.%m.%d")), ("Ruleset", ruleset),
            ("Players", ", ".join(players)),
            *([("Expansion", _expansion(expansion, ruleset))] if expansion else []), ("Recorder", recorder)]
    pool = _REDEAL_AFTER.sub("\n  ", pool.strip())  # 'pool: Ann Bar, Ben Bar; redeal: Ann Bath, Ben Road'
    pool = pool if pool.lower().startswith("pool") else f"pool: {pool}"
    text = "".join(tag_line(name, value) + "\n" for name, value in tags)
    text += f"\nsetup\n  {pool}\n" + "".join(f"  hand {player}: {hand}\n" for player, hand in hands.items())
    record = _parse(text, str(path))
    try:
        header(record)  # ruleset and players checked before anything is written
        expansions(record, header(record)[0])
    except StartError as error:
        raise UsageError(error.message, hint=error.hint) from None
    return record


_REDEAL_AFTER = re.compile(r"\s*;\s*(?=redeal\b)", re.IGNORECASE)
"""A redeal written on the leader draw's line, after a ';' (a comment would start there)."""


def result_tag_of(state: GameState) -> str:
    return result_tag(Game(state).result())
