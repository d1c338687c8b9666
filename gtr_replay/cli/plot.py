"""``gtr plot``: points by turn as an SVG chart, for a record, a stored game or a query."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path
from typing import Annotated, Optional

import typer

from gtr_replay.cli.common import RulingsOpt, app, fail, not_an_input, out
from gtr_replay.cli.view import AsOpt, RecordOpt
from gtr_replay.counted import counted
from gtr_replay.errors import UsageError


@app.command()
def plot(
    file: Annotated[Optional[Path], typer.Argument(help="A record file (.gtr); or use --db with --game or --sql.")]
    = None,
    output: Annotated[Optional[str], typer.Option("--out", "-o", metavar="PATH", help=(
        "The SVG file to write, '-' for standard output (default: in the current folder, the record's name "
        "with .svg, or points.svg)."))] = None,
    db: Annotated[Optional[Path], typer.Option("--db", help="A games database (gtr import).")] = None,
    game: Annotated[Optional[str], typer.Option("--game", help="With --db: the id of a stored game.")] = None,
    sql: Annotated[Optional[str], typer.Option("--sql", help="With --db: a query giving player, turn and "
                                                             "points columns (turns from 0 to 1000).")] = None,
    as_player: AsOpt = None,
    record: RecordOpt = 1,
    rulings: RulingsOpt = None,
) -> None:
    """Draw each player's points at the end of every turn as an SVG line chart: from a
    record (replayed), from a stored game (the turn_points view) or from any query.

    Example: gtr plot --db games.db --sql "SELECT name AS player, turn, points FROM player_states WHERE name = 'Ann'"
    """
    from gtr_replay.replay.files import file_text
    from gtr_replay.render.chart import points_by_turn, series_from_rows, svg

    if (file is None) == (db is None):
        fail(UsageError("give a record file, or --db with --game or --sql", hint="gtr plot game.gtr -o game.svg"))
    if db is not None:
        from gtr_replay.store import run_query

        if (game is None) == (sql is None):
            fail(UsageError("with --db, give --game ID or --sql QUERY (one of them)"))
        if as_player or rulings:
            fail(UsageError("--as and --rulings replay a record; a stored game's points are already counted"))
        if game is not None:
            result = run_query(db, "SELECT player, turn, points FROM turn_points WHERE game = :game ORDER BY turn, seat",
                               {"game": game})
            if not result.rows:
                fail(UsageError(f"no game {game!r} in {db}",
                                hint=f"list them with: gtr query 'SELECT id FROM games' --db {shlex.quote(str(db))}"))
            (names, source, number), = run_query(
                db, "SELECT player_names, source, record_number FROM games WHERE id = :game", {"game": game}).rows
            title = f"points by turn · {names} · {Path(source).name}, record {number}"
        else:
            result = run_query(db, sql)
            result.rows = whole_numbers(result.columns, result.rows)
            title = f"points by turn · a query of {db.name}"
        series = series_from_rows(result.columns, result.rows)
        target = Path(output) if output else Path("points.svg")
    else:
        from gtr_replay.cli.view import _open, _problems, _viewer

        opened = _open(file, record, rulings)
        viewer = _viewer(opened.timeline, as_player)
        opened = opened.seen_by(viewer)  # another player's hand and choices untold
        series = points_by_turn(opened.timeline, viewer)
        names = ", ".join(p.name for p in opened.timeline.start.players)
        title = f"points by turn · {names} · {file_text(file.name)}, record {record}" + (
            f" · as {viewer} can count them" if viewer else "")
        target = Path(output) if output else Path(file.stem + ".svg")  # in the current folder
    if not series:
        fail(UsageError(_nothing_to_plot(sql, result.rows if db is not None else None)))
    if output != "-":
        not_an_input(target, [("the record", file), ("the database", db)], command="plot",
                     given=f"-o {target}" if output else f"the chart's default name, {target},",
                     hint="give the chart another name with -o, e.g. -o "
                          + (f"{file.stem}-points.svg" if file is not None else "points-chart.svg")
                          + ", or -o - for standard output")
    chart = svg(series, title=title)
    if output == "-":
        sys.stdout.write(chart + "\n")
    else:
        data = chart.encode("utf-8")  # before the file is opened: a file there is never emptied by a failure
        try:
            target.write_bytes(data)
        except OSError as error:
            fail(UsageError(f"cannot write {target}: {error.strerror}", hint="check the folder exists"))
        out.print(f"wrote {target} ({len(series)} players)", soft_wrap=True, markup=False)
    if file is not None:
        _problems(opened)


def _nothing_to_plot(sql: str | None, rows: list[tuple] | None) -> str:
    """Why a chart has no line: no rows, rows whose player, turn or points are all NULL, or a
    record or stored game without a turn."""
    if sql is None:
        return "nothing to plot: no turn has points"
    if not rows:
        return "nothing to plot: the query gave no rows"
    return (f"nothing to plot: the query gave {counted(len(rows), 'row')}, none with a turn and points "
            "(a row with either NULL is left out of the chart)")


NUMBERED = ("turn", "points")
"""The columns of a plotting query that hold whole numbers."""
MOST_TURNS = 1000
"""The last turn a chart draws: more than any game of Glory to Rome lasts (the longest records
here are under 100 turns). The chart spans its first turn to its last, each turn drawn, so a
query's turn of 10,000,000 would take minutes and gigabytes: it is refused instead."""


def whole_numbers(columns: list[str], rows: list[tuple]) -> list[tuple]:
    """The rows of a ``--sql`` query with their ``turn`` and ``points`` as ints (a float with
    no fraction is one; NULL is left for the chart to skip); a ``UsageError`` naming the row
    and the column of any other value (text, a blob, a fraction, an infinite float) and of a
    turn outside 0 to ``MOST_TURNS``."""
    import math

    names = [c.lower() for c in columns]
    places = [(names.index(name), name) for name in NUMBERED if name in names]
    checked = []
    for number, row in enumerate(rows, 1):
        row = list(row)
        for index, name in places:
            value = row[index]
            if type(value) is float and math.isfinite(value) and value.is_integer():
                value = row[index] = int(value)
            if type(value) is int and name == "turn" and not 0 <= value <= MOST_TURNS:
                raise UsageError(f"row {number} of the query: turn {value} is out of range: a chart draws turns "
                                 f"0 to {MOST_TURNS}, more than any game lasts",
                                 hint=f"check the turn column; WHERE turn BETWEEN 0 AND {MOST_TURNS} leaves "
                                      "such rows out")
            if value is None or type(value) is int:
                continue
            kind = {str: "text", bytes: "a blob", float: "a number with a fraction or an infinite one"}.get(
                type(value), type(value).__name__)
            shown = repr(value if not isinstance(value, (str, bytes)) else value[:40])
            raise UsageError(f"row {number} of the query: {name} is {shown} ({kind}), not a whole number",
                             hint=f"select {name} as an integer, e.g. CAST({name} AS INTEGER)")
        checked.append(tuple(row))
    return checked
