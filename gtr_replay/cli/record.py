"""``gtr record``: record a game at the table, statement by statement (``gtr_replay.replay.recorder``)."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, NoReturn, Optional

import typer

from gtr_replay.cli.common import ExpansionOpt, app, err, fail, out
from gtr_replay.counted import counted
from gtr_replay.errors import GtrError, UsageError

COMMANDS = ("undo", "legal", "help", "quit")
QUIT = ("quit", "exit")
HELP = ("Type a statement ('Ben follows with Dock', any case, as in the notation); Tab offers the legal "
        "ones. 'undo' takes back the last statement (the one that ended the game too), 'legal' lists what is "
        "legal, 'quit' (or Ctrl-D) stops: every statement is already saved.")


def _terminal_lines(suggest: Callable[[], list[str]], toolbar: Callable[[], str]) -> Callable[[str], str]:
    """A reader with history, tab completion of the legal statements, and a status line."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.completion import Completer, Completion

    class Statements(Completer):
        def get_completions(self, document, complete_event):
            typed = document.text_before_cursor
            for text in [*suggest(), *COMMANDS]:
                if text.casefold().startswith(typed.casefold()):
                    yield Completion(text, start_position=-len(typed))

    session = PromptSession(completer=Statements(), bottom_toolbar=toolbar, complete_while_typing=False)
    return lambda message: session.prompt(message)


class _PipedLines:
    """Lines from standard input (a script), counted; EOFError at its end. Read from the file
    descriptor itself where there is one, so that ``left`` knows every line read ahead."""

    def __init__(self, stream) -> None:
        self.stream = stream
        self.number = 0  # the lines read so far
        self.ended = False
        try:
            self.fd: int | None = stream.fileno()
        except (AttributeError, OSError, ValueError):  # io.UnsupportedOperation is an OSError
            self.fd = None
        self.ahead = b""

    def __call__(self, message: str) -> str:
        line = self._next(wait=True)
        if line is None:
            raise EOFError
        self.number += 1
        return line

    def _next(self, *, wait: bool) -> str | None:
        """The next line; None at the end of the input or, not ``wait``-ing, when the rest of
        it has not come yet."""
        if self.fd is None:
            text = self.stream.readline()
            if not text:
                self.ended = True
                return None
            return text.rstrip("\r\n")
        while b"\n" not in self.ahead and not self.ended:
            if not wait and not _ready(self.fd):
                return None
            chunk = os.read(self.fd, 1 << 16)
            self.ended = not chunk
            self.ahead += chunk
        if not self.ahead:
            return None
        line, _, self.ahead = self.ahead.partition(b"\n")
        return line.decode("utf-8", errors="replace").rstrip("\r")

    def left(self) -> tuple[int, int, str] | None:
        """The lines a session that stops leaves unread, blank ones aside: how many, the first's
        number and text; None when there are none. Only what has come is counted: a script
        still writing is not waited for."""
        count, first = 0, None
        while (line := self._next(wait=False)) is not None:
            self.number += 1
            if line.strip():
                count += 1
                first = first or (self.number, line.strip())
        return (count, *first) if first else None


def _ready(fd: int) -> bool:
    """Whether more of the input (or its end) is there to read now."""
    import select
    try:
        return bool(select.select([fd], [], [], 0.1)[0])
    except (OSError, ValueError):  # no select on this kind of file: read on, to its end
        return True


def _piped_lines() -> Callable[[str], str]:
    """Lines from standard input (a script); EOFError at its end."""
    return _PipedLines(sys.stdin)


def _show_refusal(error) -> None:
    if getattr(error, "diagnostic", None) is not None:
        err.print(str(error.diagnostic), markup=False, highlight=False, soft_wrap=True)
    else:
        err.print(f"refused: {error}", markup=False, highlight=False, soft_wrap=True)


def _show_setup_refusal(error) -> None:
    """A leader draw or starting hand refused: what and why, without a place in a file (the
    record is not written until they are accepted)."""
    said = getattr(error, "diagnostic", None) or error
    rules = ", ".join(getattr(said, "rule_ids", ()))
    err.print(f"refused: {said.message}{f' ({rules})' if rules else ''}", markup=False, highlight=False,
              soft_wrap=True)
    if said.hint:
        err.print(f"  hint: {said.hint}", markup=False, highlight=False, soft_wrap=True)


def _nothing_written(before: str) -> NoReturn:
    err.print(f"end of input before {before}: nothing recorded, no file written", markup=False, highlight=False,
              soft_wrap=True)
    raise typer.Exit(1)


class _Quit(Exception):
    """'quit' typed at a prompt of the setup, before ``before``: the record is not begun."""

    def __init__(self, before: str, line: str) -> None:
        super().__init__(before)
        self.before, self.line = before, line


def _ask(read: Callable[[str], str], message: str, before: str) -> str:
    """A line typed at a prompt of the setup; 'quit' there stops, and so does the end of the input."""
    try:
        line = read(message)
    except (EOFError, KeyboardInterrupt):
        _nothing_written(before)
    if line.strip().casefold() in QUIT:
        raise _Quit(before, line.strip())
    return line


@app.command()
def record(
    file: Annotated[Path, typer.Argument(help="The record file (.gtr): created, or resumed if it exists.")],
    ruleset: Annotated[Optional[str], typer.Option("--ruleset", "-r", help="classic, republic or imperium "
                                                                           "(a new record).")] = None,
    players: Annotated[Optional[str], typer.Option("--players", help="Seating order, clockwise: 'Ann, Ben'.")] = None,
    me: Annotated[Optional[str], typer.Option("--me", help="The player whose hand the recorder sees (resuming, the "
                                                           "record's own Recorder, or left out).")] = None,
    pool: Annotated[Optional[str], typer.Option("--pool", help="The leader draw: 'Ann Latrine, Ben Road'; after a tie, "
                                                               "its redeal after a ';': 'Ann Bar, Ben Bar, Cid Road; "
                                                               "redeal: Ann Dock, Ben Wall' (asked for when not "
                                                               "given, each redeal at its own prompt).")] = None,
    hand: Annotated[Optional[str], typer.Option("--hand", help="Your starting hand: 'Dock, Wall, ...' "
                                                               "(asked for when not given).")] = None,
    event: Annotated[Optional[str], typer.Option("--event", help="The Event tag.")] = None,
    expansion: ExpansionOpt = None,
) -> None:
    """Record a game as it is played: shows whose decision it is, completes the legal
    statements with Tab, refuses an illegal one with the reason and the legal choices, and
    saves every accepted statement at once ('undo' takes the last one back, also once the
    game is over). Other players' hands and draws are unseen ('?'). A tied leader draw asks
    for its redeal. Piped, the exit status is 1 when a line was refused or left unread.

    Example: gtr record thursday.gtr --ruleset republic --players "Ann, Ben" --me Ann --expansion geek
    """
    from gtr_replay.replay.recorder import hold

    if file.is_dir():
        fail(UsageError(f"{file} is a folder", hint=f"a game is recorded in one file: name it, e.g. {file / 'game.gtr'}"))
    try:
        held = hold(file)  # one session per file: a second one is refused before it reads or writes
    except GtrError as error:
        fail(error)
    with held:
        session = _Session(file)
        try:
            session.run(ruleset=ruleset, players=players, me=me, pool=pool, hand=hand, event=event,
                        expansion=expansion)
            status = 1 if session.refused and not session.interactive else 0
        except typer.Exit as stop:
            status = stop.exit_code
        if status != 2 and session.left_unread():  # a usage error reads nothing: the command did not run
            status = status or 1
        if status:
            raise typer.Exit(status)


def _check_new_file(file: Path, players: list[str]) -> None:
    """Refuse, before the first prompt, a new record that could not be written (its folder is
    not there) or has no players: what is typed at the table would be lost."""
    if not players:
        fail(UsageError("--players names no players", hint='list the seating order: --players "Ann, Ben"'))
    if not file.parent.is_dir():
        said = "is a file, not a folder" if file.parent.exists() else "no such folder"
        fail(UsageError(f"{file.parent}: {said}", hint="give a file in a folder that exists"))


class _Session:
    """One ``gtr record`` session, the file held (``recorder.hold``): its reader, the recording
    once begun, the lines refused (piped, any makes the status 1) and what stopped it."""

    def __init__(self, file: Path) -> None:
        self.file = file
        self.recording = None
        self.refused = 0
        self.stopped = "the recording stopped"  # what stopped it before the end of the input, said then
        self.interactive = sys.stdin.isatty()
        if self.interactive:
            self.read = _terminal_lines(lambda: self.recording.suggestions() if self.recording else [],
                                        lambda: self.recording.prompt() if self.recording else "setting up")
        else:
            self.read = _piped_lines()

    def run(self, *, ruleset: str | None, players: str | None, me: str | None, pool: str | None,
            hand: str | None, event: str | None, expansion: str | None) -> None:
        from gtr_replay.replay.recorder import Recording, Refused, blank_file, check_options

        file = self.file
        try:
            if file.exists() and not (blank_file(file) and (ruleset or players)):  # an empty file: begun anew
                if ruleset or players or pool or hand or expansion:
                    fail(UsageError(f"{file} exists: it is resumed as it is",
                                    hint="leave out --ruleset, --players, --expansion, --pool and --hand, "
                                         "or give a new file"))
                self.recording = Recording.resume(file, me)
                out.print(f"resuming {file}: {counted(len(self.recording.record.steps), 'statement')} so far",
                          markup=False)
            else:
                if not (ruleset and players and me):
                    fail(UsageError("a new record needs --ruleset, --players and --me",
                                    hint='gtr record game.gtr --ruleset republic --players "Ann, Ben" --me Ann'))
                names = [p.strip() for p in players.split(",") if p.strip()]
                _check_new_file(file, names)
                check_options(ruleset=ruleset, players=names, me=me, event=event, expansion=expansion)
                self.recording = self._opening(ruleset=ruleset, players=names, me=me, pool=pool, hand=hand,
                                               event=event, expansion=expansion)
                out.print(f"recording {file}", markup=False)
        except _Quit as quit:
            self._quitted(quit.line)
            out.print(f"quit before {quit.before}: nothing recorded, no file written", markup=False)
            return
        except (EOFError, KeyboardInterrupt):
            raise typer.Exit(1) from None
        except Refused as error:
            _show_refusal(error)
            raise typer.Exit(1) from None
        except GtrError as error:
            fail(error)
        self._statements()

    def _leader_draw(self, pool: str | None, setup: dict) -> str:
        """The leader draw, as the setup block writes it: asked for when not given (and again
        when refused), then each redeal a tie calls for asked for at its own prompt (R-SETUP-5,
        AMB-07). A given draw refused, or tied without its redeal, ends the command: there is
        nothing to ask again."""
        from gtr_replay.replay.recorder import Refused, check_leader_draw, with_redeal

        given = pool is not None
        while True:
            if pool is None:
                pool = _ask(self.read, "leader draw (pool: Ann Latrine, Ben Road)> ", "the leader draw")
            try:
                drawing = check_leader_draw(pool=pool, **setup)
                break
            except Refused as error:
                _show_setup_refusal(error)
                if given:
                    raise typer.Exit(1) from None
                self.refused, pool = self.refused + 1, None
        told: list[str] = []
        while drawing:
            tied = f"the leader draw is tied: {', '.join(drawing)} draw again"
            if given:
                cards = ", ".join(f"{player} CARD" for player in drawing)
                _show_setup_refusal(Refused(f"{tied}, and --pool gives no redeal (R-SETUP-5, AMB-07)",
                                            hint=f"give it after a ';': --pool \"{pool}; redeal: {cards}\""))
                raise typer.Exit(1)
            if told != drawing:
                out.print(f"{tied} (R-SETUP-5, AMB-07): type their cards ('{drawing[0]} Bath, ...', or the cards "
                          "alone in that order)",
                          markup=False, soft_wrap=True)
                told = drawing
            typed = _ask(self.read, f"redeal ({', '.join(drawing)})> ", "the redeal")
            redealt = with_redeal(pool, typed, drawing, setup["players"])
            try:
                drawing, told, pool = check_leader_draw(pool=redealt, **setup), [], redealt
            except Refused as error:
                _show_setup_refusal(error)
                self.refused += 1
        return pool

    def _opening(self, *, ruleset: str, players: list[str], me: str, pool: str | None, hand: str | None,
                 event: str | None, expansion: str | None):
        """The new record, once the rules accept its leader draw (with its redeals) and ``me``'s
        starting hand: each asked for when not given, and asked again when refused (a given one
        refused ends the command)."""
        from gtr_replay.replay.recorder import Recording, Refused, starting_hand_prompt

        setup = dict(ruleset=ruleset, players=players, me=me, event=event, expansion=expansion)
        pool = self._leader_draw(pool, setup)
        given = hand is not None
        while True:
            if hand is None:
                hand = _ask(self.read, f"{starting_hand_prompt(ruleset, me)}> ", f"{me}'s starting hand")
            try:
                return Recording.start(self.file, pool=pool, hand=hand, **setup)
            except Refused as error:
                _show_setup_refusal(error)
                if given:
                    raise typer.Exit(1) from None  # given as an option: there is nothing to ask again
                self.refused, hand = self.refused + 1, None

    def _statements(self) -> None:
        """One statement (or command) a line, until 'quit' or the end of the input; once the
        game is over, 'undo' takes back the statement that ended it."""
        from gtr_replay.replay.recorder import CannotSave, Refused

        recording, read, file = self.recording, self.read, self.file
        if recording.over:
            self._say_over()
        last_refused: str | None = None  # the line refused last, when nothing was recorded or undone since
        while True:
            try:
                line = read(f"{recording.prompt()}> " if self.interactive else "").strip()
            except (EOFError, KeyboardInterrupt):
                break
            if not line:
                continue
            command = line.casefold()
            if command in QUIT:
                self._quitted(line)
                break
            if command in ("help", "?"):
                out.print(HELP, markup=False)
                continue
            if command == "legal":
                for text in recording.point().lines():
                    out.print(text, markup=False, soft_wrap=True)
                continue
            if command == "undo" and last_refused is not None:
                # meant for the line just refused, which was never recorded: the statement before it stays
                steps = recording.record.steps
                kept = f"; 'undo' again takes back '{steps[-1].statement}'" if steps else ""
                err.print(f"nothing undone: '{last_refused}' was refused, so it was not recorded{kept}", markup=False,
                          highlight=False, soft_wrap=True)
                last_refused = None
                continue
            try:
                if command == "undo":
                    out.print(f"undone: {recording.undo()}", markup=False)
                else:
                    out.print(f"recorded: {recording.add(line)}", markup=False)
                    if recording.over:
                        self._say_over()
                last_refused = None
            except CannotSave as error:
                self.stopped = "the record could not be saved, so the recording stopped"
                fail(error)
            except Refused as error:
                _show_refusal(error)
                if error.diagnostic is None:
                    for text in recording.point().lines()[1:]:
                        err.print(text, markup=False, soft_wrap=True)
                self.refused, last_refused = self.refused + 1, line
            except GtrError as error:
                err.print(f"refused: {error}", markup=False, soft_wrap=True)
                self.refused, last_refused = self.refused + 1, line
        over = f" (the game is over: {recording.point().result})" if recording.over else ""
        out.print(f"{file}: {counted(len(recording.record.steps), 'statement')} saved{over}", markup=False)
        if self.refused and not self.interactive:
            err.print(f"{counted(self.refused, 'line')} of the input refused: the record holds the statements accepted",
                      markup=False, highlight=False, soft_wrap=True)

    def _say_over(self) -> None:
        recording = self.recording
        out.print(f"the game is over ({recording.state.end_reason}): {recording.point().result}", markup=False)
        ending = recording.ending()
        if ending:
            out.print(f"  'undo' takes back '{ending}'; 'quit' (or Ctrl-D) stops", markup=False, soft_wrap=True)

    def _quitted(self, line: str) -> None:
        number = getattr(self.read, "number", None)
        at = f" at line {number}" if number else ""
        self.stopped = f"'{line}'{at} stopped the recording"

    def left_unread(self) -> bool:
        """Say, piped, which lines of the input the session stopped before (how many, from which
        one): nothing of them is recorded. Whether there were any."""
        left = getattr(self.read, "left", None)
        if self.interactive or left is None:
            return False
        unread = left()
        if unread is None:
            return False
        count, first, text = unread
        shown = text if len(text) <= 60 else text[:57] + "..."
        err.print(f"{counted(count, 'line')} of the input not read, from line {first} ('{shown}'): {self.stopped}",
                  markup=False, highlight=False, soft_wrap=True)
        err.print(f"  hint: nothing of them is recorded; to record them, run gtr record {self.file} again and type "
                  "them", markup=False, highlight=False, soft_wrap=True)
        return True
