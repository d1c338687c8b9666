"""``gtr record``: record a game at the table, statement by statement (``gtr_replay.replay.recorder``)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Annotated, NoReturn, Optional

import typer

from gtr_replay.cli.common import ExpansionOpt, app, err, fail, out
from gtr_replay.counted import counted
from gtr_replay.errors import GtrError, UsageError

COMMANDS = ("undo", "legal", "help", "quit")
HELP = ("Type a statement ('Ben follows with Dock', any case, as in the notation); Tab offers the legal "
        "ones. 'undo' takes back the last statement, 'legal' lists what is legal, 'quit' (or Ctrl-D) stops: "
        "every statement is already saved.")


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


def _piped_lines() -> Callable[[str], str]:
    """Lines from standard input (a script); EOFError at its end."""
    lines: Iterator[str] = iter(sys.stdin.readline, "")

    def read(message: str) -> str:
        try:
            return next(lines).rstrip("\n")
        except StopIteration:
            raise EOFError from None
    return read


def _show_refusal(error) -> None:
    if getattr(error, "diagnostic", None) is not None:
        err.print(str(error.diagnostic), markup=False, highlight=False, soft_wrap=True)
    else:
        err.print(f"refused: {error}", markup=False, highlight=False, soft_wrap=True)


def _show_setup_refusal(error) -> None:
    """A leader draw or starting hand refused: what and why, without a place in a file (the
    record is not written until they are accepted)."""
    diagnostic = getattr(error, "diagnostic", None)
    if diagnostic is None:
        err.print(f"refused: {error}", markup=False, highlight=False, soft_wrap=True)
        return
    rules = f" ({', '.join(diagnostic.rule_ids)})" if diagnostic.rule_ids else ""
    err.print(f"refused: {diagnostic.message}{rules}", markup=False, highlight=False, soft_wrap=True)
    if diagnostic.hint:
        err.print(f"  hint: {diagnostic.hint}", markup=False, highlight=False, soft_wrap=True)


def _nothing_written(before: str) -> NoReturn:
    err.print(f"end of input before {before}: nothing recorded, no file written", markup=False, highlight=False,
              soft_wrap=True)
    raise typer.Exit(1)


def _opening(file: Path, read: Callable[[str], str], *, ruleset: str, players: list[str], me: str,
             pool: str | None, hand: str | None, event: str | None, expansion: str | None):
    """The new record, once the rules accept its leader draw and ``me``'s starting hand: each
    asked for when not given, and asked again when refused (a given one refused ends the
    command). Returns the recording and how many lines were refused."""
    from gtr_replay.replay.recorder import Recording, Refused, check_leader_draw, starting_hand_prompt

    refused = 0
    ask_pool, ask_hand = pool is None, hand is None
    setup = dict(ruleset=ruleset, players=players, me=me, event=event, expansion=expansion)
    while True:
        asking = "the leader draw"
        try:
            if pool is None:
                pool = read("leader draw (pool: Ann Latrine, Ben Road)> ")
            check_leader_draw(pool=pool, **setup)
            asking = f"{me}'s starting hand"
            if hand is None:
                hand = read(f"{starting_hand_prompt(ruleset, me)}> ")
            return Recording.start(file, pool=pool, hand=hand, **setup), refused
        except (EOFError, KeyboardInterrupt):
            _nothing_written(asking)
        except Refused as error:
            _show_setup_refusal(error)
            refused += 1
            if not (ask_pool if asking == "the leader draw" else ask_hand):
                raise typer.Exit(1) from None  # given as an option: there is nothing to ask again
            if asking == "the leader draw":
                pool = None
            else:
                hand = None


@app.command()
def record(
    file: Annotated[Path, typer.Argument(help="The record file (.gtr): created, or resumed if it exists.")],
    ruleset: Annotated[Optional[str], typer.Option("--ruleset", "-r", help="classic, republic or imperium "
                                                                           "(a new record).")] = None,
    players: Annotated[Optional[str], typer.Option("--players", help="Seating order, clockwise: 'Ann, Ben'.")] = None,
    me: Annotated[Optional[str], typer.Option("--me", help="The player whose hand the recorder sees.")] = None,
    pool: Annotated[Optional[str], typer.Option("--pool", help="The leader draw: 'Ann Latrine, Ben Road' "
                                                               "(asked for when not given).")] = None,
    hand: Annotated[Optional[str], typer.Option("--hand", help="Your starting hand: 'Dock, Wall, ...' "
                                                               "(asked for when not given).")] = None,
    event: Annotated[Optional[str], typer.Option("--event", help="The Event tag.")] = None,
    expansion: ExpansionOpt = None,
) -> None:
    """Record a game as it is played: shows whose decision it is, completes the legal
    statements with Tab, refuses an illegal one with the reason and the legal choices, and
    saves every accepted statement at once ('undo' takes the last one back). Other players'
    hands and draws are unseen ('?').

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
        _session(file, ruleset=ruleset, players=players, me=me, pool=pool, hand=hand, event=event,
                 expansion=expansion)


def _session(file: Path, *, ruleset: str | None, players: str | None, me: str | None, pool: str | None,
             hand: str | None, event: str | None, expansion: str | None) -> None:
    """The recording session of ``gtr record``, the file held (``recorder.hold``)."""
    from gtr_replay.replay.recorder import CannotSave, Recording, Refused, check_options

    recording: Recording | None = None
    interactive = sys.stdin.isatty()
    if interactive:
        read = _terminal_lines(lambda: recording.suggestions() if recording else [],
                               lambda: recording.prompt() if recording else "setting up")
    else:
        read = _piped_lines()
    refused = 0  # lines refused: piped, any makes the status 1
    try:
        if file.exists():
            if ruleset or players or pool or hand or expansion:
                fail(UsageError(f"{file} exists: it is resumed as it is",
                                hint="leave out --ruleset, --players, --expansion, --pool and --hand, "
                                     "or give a new file"))
            recording = Recording.resume(file, me)
            out.print(f"resuming {file}: {counted(len(recording.record.steps), 'statement')} so far", markup=False)
        else:
            if not (ruleset and players and me):
                fail(UsageError("a new record needs --ruleset, --players and --me",
                                hint='gtr record game.gtr --ruleset republic --players "Ann, Ben" --me Ann'))
            names = [p.strip() for p in players.split(",") if p.strip()]
            check_options(ruleset=ruleset, players=names, me=me, event=event, expansion=expansion)
            recording, refused = _opening(file, read, ruleset=ruleset, players=names, me=me, pool=pool, hand=hand,
                                          event=event, expansion=expansion)
            out.print(f"recording {file}", markup=False)
    except (EOFError, KeyboardInterrupt):
        raise typer.Exit(1) from None
    except Refused as error:
        _show_refusal(error)
        raise typer.Exit(1) from None
    except GtrError as error:
        fail(error)
    last_refused: str | None = None  # the line refused last, when nothing was recorded or undone since
    while not recording.over:
        try:
            line = read(f"{recording.prompt()}> " if interactive else "").strip()
        except (EOFError, KeyboardInterrupt):
            break
        if not line:
            continue
        command = line.casefold()
        if command in ("quit", "exit"):
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
            last_refused = None
        except CannotSave as error:
            fail(error)
        except Refused as error:
            _show_refusal(error)
            if error.diagnostic is None:
                for text in recording.point().lines()[1:]:
                    err.print(text, markup=False, soft_wrap=True)
            refused, last_refused = refused + 1, line
        except GtrError as error:
            err.print(f"refused: {error}", markup=False, soft_wrap=True)
            refused, last_refused = refused + 1, line
    if recording.over:
        out.print(f"the game is over ({recording.state.end_reason}): {recording.point().result}", markup=False)
    out.print(f"{file}: {counted(len(recording.record.steps), 'statement')} saved", markup=False)
    if refused and not interactive:
        err.print(f"{counted(refused, 'line')} of the input refused: the record holds the statements accepted",
                  markup=False, highlight=False, soft_wrap=True)
        raise typer.Exit(1)
