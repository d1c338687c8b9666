"""``gtr record``: record a game at the table, statement by statement (``gtr_replay.recorder``)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Annotated, Optional

import typer

from gtr_replay.cli_common import ExpansionOpt, app, err, fail, out
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
    from gtr_replay.recorder import CannotSave, Recording, Refused

    if file.is_dir():
        fail(UsageError(f"{file} is a folder", hint=f"a game is recorded in one file: name it, e.g. {file / 'game.gtr'}"))
    recording: Recording | None = None
    interactive = sys.stdin.isatty()
    if interactive:
        read = _terminal_lines(lambda: recording.suggestions() if recording else [],
                               lambda: recording.prompt() if recording else "setting up")
    else:
        read = _piped_lines()
    try:
        if file.exists():
            if ruleset or players or pool or hand or expansion:
                fail(UsageError(f"{file} exists: it is resumed as it is",
                                hint="leave out --ruleset, --players, --expansion, --pool and --hand, "
                                     "or give a new file"))
            recording = Recording.resume(file, me)
            out.print(f"resuming {file}: {len(recording.record.steps)} statement(s) so far", markup=False)
        else:
            if not (ruleset and players and me):
                fail(UsageError("a new record needs --ruleset, --players and --me",
                                hint='gtr record game.gtr --ruleset republic --players "Ann, Ben" --me Ann'))
            names = [p.strip() for p in players.split(",") if p.strip()]
            pool = pool or read("leader draw (pool: Ann Latrine, Ben Road)> ")
            hand = hand or read(f"{me}'s starting hand> ")
            recording = Recording.start(file, ruleset=ruleset, players=names, me=me, pool=pool, hand=hand,
                                        event=event, expansion=expansion)
            out.print(f"recording {file}", markup=False)
    except (EOFError, KeyboardInterrupt):
        raise typer.Exit(1) from None
    except Refused as error:
        _show_refusal(error)
        raise typer.Exit(1) from None
    except GtrError as error:
        fail(error)
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
        try:
            if command == "undo":
                out.print(f"undone: {recording.undo()}", markup=False)
            else:
                out.print(f"recorded: {recording.add(line)}", markup=False)
        except CannotSave as error:
            fail(error)
        except Refused as error:
            _show_refusal(error)
            if error.diagnostic is None:
                for text in recording.point().lines()[1:]:
                    err.print(text, markup=False, soft_wrap=True)
        except GtrError as error:
            err.print(f"refused: {error}", markup=False, soft_wrap=True)
    if recording.over:
        out.print(f"the game is over ({recording.state.end_reason}): {recording.point().result}", markup=False)
    out.print(f"{file}: {len(recording.record.steps)} statement(s) saved", markup=False)
