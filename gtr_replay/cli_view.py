"""``gtr show`` and ``gtr replay``: a record's state at one point, or the game narrated.

Both replay one record of a file strictly; a record the rules refuse is reported the way
``gtr check`` reports it and exits 1. The layout is ``render``'s; this module only reads
the file, picks the position and prints.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.text import Text

from gtr_replay.cli_common import app, err, fail, out
from gtr_replay.errors import GtrError, UsageError

FileArg = Annotated[Path, typer.Argument(help="A record file (.gtr).")]
RecordOpt = Annotated[int, typer.Option("--record", "-k", help="Which record of the file, counting from 1.")]


def _timeline(path: Path, k: int):
    """Parse ``path``, pick record ``k`` and replay it; report and exit 1 if it is not legal."""
    import notation

    from gtr_replay.render.timeline import Timeline
    from gtr_replay.replay.replayer import IllegalStatement
    from gtr_replay.vocabulary import card_vocabulary

    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        fail(UsageError(f"{path}: no such file", hint="give a .gtr record file"))
    except (OSError, UnicodeDecodeError) as error:
        fail(UsageError(f"{path}: cannot read: {getattr(error, 'strerror', None) or error}"))
    try:
        records = notation.parse(text, source=str(path), vocabulary=card_vocabulary())
    except notation.NotationError as error:
        err.print(str(error), markup=False, highlight=False, soft_wrap=True)
        raise typer.Exit(1) from None
    if not 1 <= k <= len(records):
        fail(UsageError(f"{path} has {len(records)} record(s); there is no record {k}",
                        hint=f"choose --record 1 to {len(records)}" if records else None))
    try:
        return Timeline.replay(records[k - 1], source=str(path))
    except IllegalStatement as error:
        err.print(str(error.diagnostic), markup=False, highlight=False, soft_wrap=True)
        raise typer.Exit(1) from None
    except GtrError as error:
        fail(error)


def _players(timeline) -> str:
    return ", ".join(p.name for p in timeline.start.players)


def _where(timeline, position: int) -> str:
    if position == 0:
        return f"before the first of {len(timeline)} statements"
    moment = timeline.main[position - 1]
    return f"after statement {position} of {len(timeline)} (turn {moment.turn}: {moment.snapshot.text})"


@app.command()
def show(
    file: FileArg,
    at: Annotated[Optional[int], typer.Option("--at", help="The state after the N-th statement of the main "
                                                           "line (0: before the first).")] = None,
    turn: Annotated[Optional[int], typer.Option("--turn", help="The state at the start of turn T.")] = None,
    as_player: Annotated[Optional[str], typer.Option("--as", help="Show only what this player may see.")] = None,
    record: RecordOpt = 1,
) -> None:
    """Show the state of a record: every camp, the pool, the sites, the deck and Jacks, and
    the next decision (or the result). Default: the end of the record.

    Example: gtr show game.gtr --turn 5 --as Ann
    """
    from gtr_replay.render import state_view

    if at is not None and turn is not None:
        fail(UsageError("give --at or --turn, not both"))
    timeline = _timeline(file, record)
    position = len(timeline)
    if at is not None:
        if not 0 <= at <= len(timeline):
            fail(UsageError(f"--at {at} is out of range: the main line has statements 0 to {len(timeline)}",
                            hint="0 is the state before the first statement"))
        position = at
    elif turn is not None:
        turns = timeline.turns
        if turn not in turns:
            fail(UsageError(f"--turn {turn} is out of range: the record has turns {turns.start} to {turns.stop - 1}"))
        position = timeline.start_of_turn(turn)
    names = [p.name for p in timeline.start.players]
    if as_player is not None and as_player not in names:
        close = [n for n in names if n.casefold() == as_player.casefold()]
        fail(UsageError(f"--as {as_player}: no such player; the players are {', '.join(names)}",
                        hint=f"did you mean {close[0]}?" if close else None))
    view = f" as {as_player} sees it" if as_player else ""
    heading = f"{file} · record {record} · {_players(timeline)} · {_where(timeline, position)}{view}"
    out.print(Text(heading), soft_wrap=True)
    out.print(state_view(timeline.state(position), viewer=as_player, watch=timeline.watch(position)))


@app.command()
def replay(
    file: FileArg,
    record: RecordOpt = 1,
    step: Annotated[Optional[bool], typer.Option(
        "--step/--no-step", help="Step through the game by commands (the default on a terminal), or print "
                                 "the whole narration.")] = None,
) -> None:
    """Narrate a record decision by decision, with what each one changed. On a terminal it
    steps: Enter or n (next), b (back), t N (jump to turn N), s (state), q (quit).

    Example: gtr replay game.gtr --no-step
    """
    from gtr_replay.render import status

    timeline = _timeline(file, record)
    if step is None:
        step = sys.stdin.isatty() and sys.stdout.isatty()
    out.print(Text(f"{file} · record {record} · {timeline.start.ruleset} · {_players(timeline)} · "
                   f"{len(timeline)} statements", style="bold"), soft_wrap=True)
    if step:
        _step(timeline)
        return
    for line in timeline.narrated():
        out.print(line, soft_wrap=True)
    out.print(status(timeline.state(len(timeline))))


def _step(timeline) -> None:
    """Read commands from stdin until q or the end of input; print what each one shows."""
    from gtr_replay.render import state_view, status
    from gtr_replay.render.stepper import HELP, Stepper
    from gtr_replay.render.timeline import narrate

    stepper = Stepper(timeline)
    out.print(Text(HELP, style="dim"))
    while not stepper.done:
        try:
            command = input(f"[{stepper.position}/{len(timeline)}] > ")
        except (EOFError, KeyboardInterrupt):  # end of input or Ctrl-C: stop quietly
            out.print()
            break
        reply = stepper.handle(command)
        if reply.kind == "next":
            out.print(narrate(timeline.main[reply.position - 1]), soft_wrap=True)
        elif reply.kind == "back":
            shown = narrate(timeline.main[reply.position - 1]) if reply.position else Text("the start of the game")
            out.print(Text("back to: ", style="dim") + shown, soft_wrap=True)
        elif reply.kind == "turn":
            state = timeline.state(reply.position)
            out.print(Text(f"start of turn {reply.turn}: {state.players[state.leader].name} leads", style="bold"))
        elif reply.kind == "state":
            out.print(state_view(timeline.state(reply.position), watch=timeline.watch(reply.position)))
        elif reply.kind == "end":
            out.print(Text(reply.message, style="dim"))
            out.print(status(timeline.state(reply.position)))
        elif reply.message:
            out.print(Text(reply.message, style="dim"))
