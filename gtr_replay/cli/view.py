"""``gtr show``, ``gtr replay``, ``gtr legal`` and ``gtr view``: a record's state at one
point, the game narrated, the legal choices, or the whole record as a page.

Each replays one record of a file leniently: a statement the rules refuse (or one that does
not parse) ends the replay there; everything before it is shown, the problem is reported on
standard error, and the command exits 1. The layout is ``render``'s; this module only reads
the options, picks the position and prints.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.text import Text

from gtr_replay.cli.common import (
    JsonOpt, RulingsOpt, app, emit_json, err, fail, not_an_input, out, unseen_legend,
)
from gtr_replay.errors import UsageError

FileArg = Annotated[Path, typer.Argument(help="A record file (.gtr).")]
RecordOpt = Annotated[int, typer.Option("--record", "-k", help="Which record of the file, counting from 1.")]
AsOpt = Annotated[Optional[str], typer.Option("--as", help="Show only what this player may see.")]
AtOpt = Annotated[Optional[int], typer.Option("--at", help="The state after the N-th statement of the main "
                                                           "line (0: before the first).")]
TurnOpt = Annotated[Optional[int], typer.Option("--turn", help="The state at the start of turn T.")]


def _open(path: Path, k: int, rulings: str | None):
    from gtr_replay.render.opening import open_record

    return open_record(path, k, rulings=rulings)


def _problems(opened, said=None) -> None:
    """Report what the replay could not accept (after the view, on standard error; where it
    stopped on ``said``, standard output unless the view went there); exit 1."""
    if opened.problems:
        (said or out).print(Text(opened.stop, style="red"), soft_wrap=True)
        for problem in opened.problems:
            err.print(problem, markup=False, highlight=False, soft_wrap=True)
        raise typer.Exit(1)


def _players(timeline) -> str:
    return ", ".join(p.name for p in timeline.start.players)


def _where(timeline, position: int, viewer: str | None = None) -> str:
    """Where ``position`` stands, the statement before it as ``viewer`` heard it."""
    from gtr_replay.render.narration import statement_text

    if position == 0:
        return f"before the first of {len(timeline)} statements"
    moment = timeline.main[position - 1]
    return f"after statement {position} of {len(timeline)} (turn {moment.turn}: {statement_text(moment, viewer)})"


def _position(timeline, at: int | None, turn: int | None) -> int:
    if at is not None and turn is not None:
        fail(UsageError("give --at or --turn, not both"))
    if at is not None:
        if not 0 <= at <= len(timeline):
            fail(UsageError(f"--at {at} is out of range: the main line has statements 0 to {len(timeline)}",
                            hint="0 is the state before the first statement"))
        return at
    if turn is not None:
        turns = timeline.turns
        if turn not in turns:
            fail(UsageError(f"--turn {turn} is out of range: the record has turns {turns.start} to {turns.stop - 1}"))
        return timeline.start_of_turn(turn)
    return len(timeline)


def _viewer(timeline, as_player: str | None) -> str | None:
    names = [p.name for p in timeline.start.players]
    if as_player is not None and as_player not in names:
        close = [n for n in names if n.casefold() == as_player.casefold()]
        fail(UsageError(f"--as {as_player}: no such player; the players are {', '.join(names)}",
                        hint=f"did you mean {close[0]}?" if close else None))
    return as_player


@app.command()
def show(
    file: FileArg,
    at: AtOpt = None,
    turn: TurnOpt = None,
    as_player: AsOpt = None,
    record: RecordOpt = 1,
    rulings: RulingsOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Show the state of a record: every camp, the pool, the sites, the deck and Jacks, and
    the next decision (or the result). Default: the end of the record, or the last statement
    before one the rules refuse.

    Example: gtr show game.gtr --turn 5 --as Ann
    """
    from gtr_replay.replay.files import file_text
    from gtr_replay.render import model
    from gtr_replay.render.state import model_view

    opened = _open(file, record, rulings)
    timeline = opened.timeline
    position = _position(timeline, at, turn)
    viewer = _viewer(timeline, as_player)
    opened = opened.seen_by(viewer)  # another player's hand and choices untold
    shown = model.state_model(timeline.state(position), viewer=viewer, watch=timeline.watch(position))
    if as_json:
        emit_json({"file": file_text(file), "record": record, "position": position, "statements": len(timeline),
                   "turn": timeline.turn_at(position), "state": shown.to_dict(), "problems": opened.problems})
        raise typer.Exit(1 if opened.problems else 0)
    view = f" as {as_player} sees it" if as_player else ""
    heading = f"{file} · record {record} · {_players(timeline)} · {_where(timeline, position, viewer)}{view}"
    out.print(Text(heading), soft_wrap=True)
    out.print(model_view(shown))
    if legend := unseen_legend(shown.to_dict()):
        out.print(legend, markup=False, soft_wrap=True)
    _problems(opened)


@app.command()
def replay(
    file: FileArg,
    record: RecordOpt = 1,
    step: Annotated[Optional[bool], typer.Option(
        "--step/--no-step", help="Step through the game by commands (the default on a terminal), or print "
                                 "the whole narration.")] = None,
    as_player: AsOpt = None,
    rulings: RulingsOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Narrate a record decision by decision, with what each one changed. On a terminal it
    steps: Enter or n (next), b (back), t N (jump to turn N), s (state), q (quit).

    Example: gtr replay game.gtr --no-step
    """
    from gtr_replay.replay.files import file_text
    from gtr_replay.render import model
    from gtr_replay.render.lines import line_text
    from gtr_replay.render.narration import narrated
    from gtr_replay.render.state import model_view

    opened = _open(file, record, rulings)
    timeline = opened.timeline
    viewer = _viewer(timeline, as_player)
    opened = opened.seen_by(viewer)  # another player's hand and choices untold
    lines = narrated(timeline, viewer=viewer)
    end = model.state_model(timeline.state(len(timeline)), viewer=viewer, watch=timeline.watch(len(timeline)))
    if as_json:
        emit_json({"file": file_text(file), "record": record, "ruleset": str(timeline.start.ruleset),
                   "players": [p.name for p in timeline.start.players], "viewer": viewer,
                   "lines": [line.to_dict() for line in lines], "next": end.next,
                   "outcome": end.to_dict()["outcome"], "problems": opened.problems})
        raise typer.Exit(1 if opened.problems else 0)
    if step is None:
        step = sys.stdin.isatty() and sys.stdout.isatty()
    out.print(Text(f"{file} · record {record} · {timeline.start.ruleset} · {_players(timeline)} · "
                   f"{len(timeline)} statements", style="bold"), soft_wrap=True)
    if step:
        _interactive(timeline, viewer)
    else:
        for line in lines:
            out.print(line_text(line), soft_wrap=True)
        out.print(model_view(end).renderables[-1])
    _problems(opened)


def _interactive(timeline, viewer: str | None) -> None:
    """Read commands from stdin until q or the end of input; print what each one shows."""
    from gtr_replay.render import model
    from gtr_replay.render.lines import line_text
    from gtr_replay.render.narration import narrate
    from gtr_replay.render.state import model_view
    from gtr_replay.render.stepper import HELP, Stepper

    def said(position: int) -> Text:
        return line_text(narrate(timeline, timeline.main[position - 1], viewer=viewer))

    def view(position: int):
        return model_view(model.state_model(timeline.state(position), viewer=viewer,
                                            watch=timeline.watch(position)))

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
            out.print(said(reply.position), soft_wrap=True)
        elif reply.kind == "back":
            shown = said(reply.position) if reply.position else Text("the start of the game")
            out.print(Text("back to: ", style="dim") + shown, soft_wrap=True)
        elif reply.kind == "turn":
            state = timeline.state(reply.position)
            out.print(Text(f"start of turn {reply.turn}: {state.players[state.leader].name} leads", style="bold"))
        elif reply.kind == "state":
            out.print(view(reply.position))
        elif reply.kind == "end":
            out.print(Text(reply.message, style="dim"))
            out.print(view(reply.position).renderables[-1])
        elif reply.message:
            out.print(Text(reply.message, style="dim"))


def _with_evaluations(opened, db: Path, rulings: str | None):
    """``opened`` with the judgements ``db`` stores of its game written into its record, as
    ``gtr analyse -o`` writes them, and replayed again (comments change no decision)."""
    from dataclasses import replace

    from gtr_replay.errors import GtrError
    from gtr_replay.play.annotate import annotated
    from gtr_replay.render.timeline import Timeline
    from gtr_replay.store.evaluations import stored
    from gtr_replay.store.rows import game_id

    try:
        judgements = stored(db, game_id(opened.record))
    except GtrError as error:
        fail(error)
    if not judgements:
        err.print(f"note: {db} holds no evaluation of this game (gtr import --analyse stores them)", soft_wrap=True,
                  markup=False, highlight=False)
        return opened
    first = judgements[0]
    record = annotated(opened.record, judgements, budget=first.budget, seed=first.seed)
    timeline = Timeline.replay(record, source=str(opened.path), lenient=True, rulings=rulings)
    return replace(opened, record=record, timeline=timeline)


@app.command()
def legal(
    file: FileArg,
    at: AtOpt = None,
    turn: TurnOpt = None,
    record: RecordOpt = 1,
    rulings: RulingsOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """List every legal decision at a point of a record, as statements grouped by kind, and
    whose decision it is (default: the end of the record).

    Example: gtr legal game.gtr --at 12 --rulings deck-end=empty-draw
    """
    from gtr_replay.replay.files import file_text
    from gtr_replay.render.model import next_words
    from gtr_replay.replay.legal import legal_in

    opened = _open(file, record, rulings)
    timeline = opened.timeline
    position = _position(timeline, at, turn)
    state = timeline.state(position)
    point = legal_in(state, position)
    texts = [text for group in point.choices.values() for text in group]
    if as_json:
        emit_json({"file": file_text(file), "record": record, "next": next_words(state), "legal": texts,
                   **point.to_dict(), "problems": opened.problems})
        raise typer.Exit(1 if opened.problems else 0)
    out.print(Text(f"{file} · record {record} · {_where(timeline, position)}"), soft_wrap=True)
    out.print(next_words(state), soft_wrap=True)
    for line in point.lines()[1:] if not point.over else ():
        out.print(line, soft_wrap=True, markup=False)
    if point.over:
        out.print(f"  result: {point.result}", soft_wrap=True, markup=False)
    _problems(opened)


@app.command()
def view(
    file: FileArg,
    out_given: Annotated[Optional[str], typer.Option("--out", "-o", metavar="PATH", help=(
        "The page to write, '-' for standard output (default: in the current folder, the record's name with "
        ".html, as gtr plot does)."))] = None,
    as_player: AsOpt = None,
    record: RecordOpt = 1,
    rulings: RulingsOpt = None,
    db: Annotated[Optional[Path], typer.Option("--db", help="A games database whose evaluations of this game "
                                                           "(gtr import --analyse) the page shows.")] = None,
) -> None:
    """Write a record as one self-contained HTML page to step through in a browser, on a
    phone or a desktop: the table and every camp, the statements with comments and variations
    (click to jump, arrow keys to step, ? for the keys), the cards each one moved, each player's
    points by turn (click a turn to go there), disputes with what each reading does, and the
    result. A page of a fully known game switches between every player's view; with --as it
    holds only that player's. An analysed game (gtr analyse -o, or its evaluations in --db)
    shows each player's chance to win and the costly decisions.

    Example: gtr view game.gtr -o game.html --as Ann
    """
    from gtr_replay.replay.files import file_text
    from gtr_replay.render.html import page

    opened = _open(file, record, rulings)
    to_stdout = out_given == "-"  # -o - : the page on standard output, as gtr plot writes its chart (./- is a file)
    output = Path(out_given) if out_given is not None and not to_stdout else None
    target = output or Path(file.stem + ".html")  # in the current folder, as gtr plot writes
    if not to_stdout:
        not_an_input(target, [("the record", file), ("the database", db)], command="view",
                     given=f"-o {target}" if output else f"the page's default name, {target},",
                     hint=f"give the page another name with -o, e.g. -o {file.stem}-page.html, or -o - for "
                          "standard output")
    if db is not None:
        opened = _with_evaluations(opened, db, rulings)
    viewer = _viewer(opened.timeline, as_player)
    opened = opened.seen_by(viewer)  # another player's hand and choices untold
    text = page(opened.timeline, viewer=viewer, title=f"{file_text(file.name)} · record {record}", problems=opened.problems,
                record=opened.record, source=file_text(file))
    if to_stdout:
        sys.stdout.write(text)
        _problems(opened, err)
        return
    try:
        target.write_text(text, encoding="utf-8")
    except OSError as error:
        fail(UsageError(f"cannot write {target}: {error.strerror}", hint="check the folder exists"))
    out.print(f"wrote {target} ({len(opened.timeline)} statements{f', as {viewer} sees it' if viewer else ''})",
              soft_wrap=True, markup=False)
    _problems(opened)
