"""``gtr import`` and ``gtr query``: fill a games database and ask it questions."""

from __future__ import annotations

import json
import shlex
from collections import Counter, defaultdict
from itertools import islice
from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.markup import escape
from rich.table import Table

from gtr_replay.cli.common import (
    JsonOpt, RulingsOpt, WorkersOpt, app, emit_json, err, fail, found_files, not_an_input, out, progress_bar,
)
from gtr_replay.counted import counted

DbOpt = Annotated[Path, typer.Option("--db", help="The SQLite database file.")]


@app.command("import")
def import_(
    paths: Annotated[list[Path], typer.Argument(help="Record files (.gtr) or folders of them.")],
    db: DbOpt = Path("games.db"),
    as_json: JsonOpt = False,
    keep_both: Annotated[bool, typer.Option("--keep-both", help=(
        "Keep the game stored before from the same file, record number and readings beside the new one when "
        "a record's moves changed (default: the new one takes its place)."))] = False,
    replace: Annotated[bool, typer.Option("--replace", hidden=True, help="What import does by default now.")] = False,
    rulings: RulingsOpt = None,
    workers: WorkersOpt = None,
    metadata: Annotated[Optional[Path], typer.Option(
        "--metadata", help="Also make the database ready for Datasette: write its metadata (tables, columns, "
                           "saved queries) to this JSON file and index the comments for full-text search.")] = None,
    analyse: Annotated[bool, typer.Option(
        "--analyse", help="Also judge each stored game's decisions as gtr analyse does and store them in the "
                          "evaluations table (a game judged before at the same budget and seed is not judged "
                          "again).")] = False,
    budget: Annotated[Optional[int], typer.Option("--budget", "-b", help="With --analyse: playouts per decision "
                                                                          "judged (default 200).")] = None,
    seed: Annotated[Optional[str], typer.Option("--seed", "-s", help="With --analyse: the seed (default 1).")] = None,
) -> None:
    """Replay records and store every game in a SQLite database: players, decisions, events and a
    snapshot per decision. A record already stored is skipped; one corrected in its comments,
    glyphs or descriptive tags updates its game; one whose moves were corrected replaces the
    game stored from the same file, record number and readings, and the line that changed
    first is said (--keep-both keeps the old game too). A record the rules refuse is reported
    and not stored (exit 1), and the others are imported. Ctrl-C keeps the games stored so far.

    Example: gtr import examples/ --db games.db
    """
    from gtr_replay.errors import GtrError, UsageError
    from gtr_replay.play.search import DEFAULT_PLAYOUTS
    from gtr_replay.replay.overrides import parse_rulings
    from gtr_replay.store import Store, count_records, import_files
    from gtr_replay.store.queries import database_errors

    if not analyse and (budget is not None or seed is not None):
        fail(UsageError("--budget and --seed set how games are judged", hint="add --analyse"))
    if budget is not None:
        from gtr_replay.cli.analyse import check_budget

        check_budget(budget)
    if rulings:
        parse_rulings(rulings)  # a wrong name is a usage error, before the database is opened
    files = found_files(paths)
    if not files:
        fail(UsageError("no .gtr files found", hint="give .gtr files or folders holding them"))
    if metadata is not None:
        journals = [("the database's journal", Path(f"{db}{end}")) for end in ("-wal", "-shm", "-journal")]
        not_an_input(metadata, [*(("the record", f) for f in files), ("the database", db), *journals],
                     command="import", given=f"--metadata {metadata}",
                     hint=f"give the metadata a JSON file of its own, e.g. --metadata {db.stem}-metadata.json")
        from gtr_replay.store.datasette import metadata_problem

        if (problem := metadata_problem(metadata)) is not None:  # before any game is stored
            fail(UsageError(f"--metadata {metadata}: {problem}",
                            hint=f"give a new JSON file in a folder that exists, e.g. --metadata {db.stem}-metadata.json"))
    made = not db.exists()
    try:
        with database_errors(db), Store(db) as store, \
                progress_bar("importing", count_records(files), quiet=as_json) as advance:
            report = import_files(store, paths, files=files, progress=advance, rulings=rulings,
                                  replace=not keep_both, workers=workers)
            if analyse and not report.interrupted:
                from gtr_replay.cli.analyse import analyse_stored

                try:
                    judged = analyse_stored(store, files, budget=budget or DEFAULT_PLAYOUTS, seed=seed or "1",
                                            workers=workers or 1, quiet=as_json)
                except GtrError as error:
                    fail(error)
            if metadata is not None:
                from gtr_replay.store.datasette import make_searchable, write_metadata

                make_searchable(store.db)
                try:
                    write_metadata(store.db, metadata, db.stem)
                except OSError as error:
                    fail(UsageError(f"cannot write {metadata}: {error.strerror or error}",
                                    hint="give a JSON file in a folder that exists, e.g. "
                                         f"--metadata {db.stem}-metadata.json"))
    finally:
        if made:
            _remove_if_empty(db)
    if as_json:
        print(json.dumps({**report.to_dict(), **({"analysed": judged} if analyse and not report.interrupted else {})},
                         indent=2))
    else:
        for problem in report.problems:
            err.print(f"[red]error:[/red] {escape(str(problem))}", soft_wrap=True, highlight=False)
        for game in report.added:
            for warning in (game.warnings or "").splitlines():
                err.print(f"[yellow]warning:[/yellow] game {game.id}: {escape(warning)}", soft_wrap=True,
                          highlight=False)
        _summary(report, db)
        if analyse and not report.interrupted:
            out.print(f"{counted(judged['games'], 'game')} judged ({counted(judged['evaluations'], 'decision')}, "
                      f"{judged['budget']} playouts each, seed {judged['seed']}), "
                      f"{counted(judged['already'], 'game')} judged before; in the evaluations table of {db}")
            if judged["not_judged"]:
                out.print(f"{counted(judged['not_judged'], 'decision')} not judged: the records (from one seat) do "
                          "not show the hands of the players who made them")
    if report.interrupted:
        err.print(f"interrupted: the {counted(len(report.added) + len(report.updated), 'game')} stored before Ctrl-C "
                  f"kept, each whole; run the same import again to add the rest", highlight=False)
        raise typer.Exit(130)
    raise typer.Exit(0 if report.ok else 1)


def _remove_if_empty(db: Path) -> None:
    """Take away a database this import made and stored no game in (its records were all
    refused, or it failed): a failed import leaves nothing behind."""
    import sqlite3

    try:
        conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
        try:
            empty = conn.execute("SELECT count(*) FROM games").fetchone()[0] == 0
        finally:
            conn.close()
    except sqlite3.Error:
        empty = db.exists() and db.stat().st_size == 0
    if empty:
        for path in (db, Path(f"{db}-wal"), Path(f"{db}-shm"), Path(f"{db}-journal")):
            path.unlink(missing_ok=True)


def _summary(report, db: Path) -> None:
    groups: dict[tuple[str, int], list] = defaultdict(list)
    for game in report.added:
        groups[(game.ruleset, game.players)].append(game)
    if groups:
        table = Table(title=f"games added to {db}")
        for column, justify in (("ruleset", "left"), ("players", "right"), ("games", "right"),
                                ("decisions", "right"), ("wins", "left")):
            table.add_column(column, justify=justify)
        for (ruleset, players), games in sorted(groups.items()):
            wins = Counter(name.strip() for g in games for name in (g.winners or "").split(",") if name.strip())
            said = [f"{name} {n}" for name, n in sorted(wins.items())]
            if unfinished := sum(1 for g in games if not g.winners):  # a record that stops before the end
                said.append(f"no winner {unfinished}")
            table.add_row(ruleset, str(players), str(len(games)), str(sum(g.decisions for g in games)),
                          ", ".join(said))
        out.print(table)
    for game in report.updated:
        out.print(f"updated game {game.id}: its record changed in comments, glyphs or descriptive tags")
    for replaced in report.replaced:
        out.print(str(replaced), soft_wrap=True, markup=False, highlight=False)
    problems = f"; {counted(len(report.problems), 'record')} not imported" if report.problems else ""
    changed = f", {len(report.updated)} updated" if report.updated else ""
    changed += f", {len(report.replaced)} replaced" if report.replaced else ""
    out.print(f"{counted(len(report.added), 'game')} added{changed}, {report.already} already in {db}{problems}")


@app.command()
def delete(
    games: Annotated[Optional[list[str]], typer.Argument(help="Ids of the games to delete (games.id).")] = None,
    db: DbOpt = Path("games.db"),
    source: Annotated[Optional[str], typer.Option("--source", help="Delete every game imported from this "
                                                                   "file (as named when imported).")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Delete games and everything stored with them from a games database.

    Example: gtr delete 3f2a9c0d1e4b5a67 --db games.db
    """
    from gtr_replay.errors import StoreError, UsageError
    from gtr_replay.store import Store
    from gtr_replay.store.queries import database_errors

    if not games and source is None:
        fail(UsageError("nothing to delete", hint="give game ids, or --source FILE"))
    if not db.is_file():
        from gtr_replay.store.queries import not_a_database

        fail(UsageError(not_a_database(db), hint="give the database with --db"))
    from gtr_replay.replay.files import file_text

    source = file_text(source) if source is not None else None
    sources = (_stored_sources(db, source) or [source]) if source is not None else None
    with database_errors(db), Store(db, create=False) as store:  # a games database only, never a schema made
        deleted, missing = store.delete(games, sources)  # all or none: a typo deletes nothing
    if as_json:
        print(json.dumps({"deleted": deleted, "not_found": missing}, indent=2))
    elif deleted:  # nothing deleted: the error below is the one message
        out.print(f"{counted(len(deleted), 'game')} deleted from {db}: " + ", ".join(deleted), soft_wrap=True)
    if missing or not deleted:
        where = ", ".join(missing) if missing else f"from {source}"
        kept = "; nothing was deleted" if games and len(games) + (source is not None) > 1 else ""
        fail(StoreError(f"no game {where} in {db}{kept}",
                        hint=f"list them with: gtr query 'SELECT id, source FROM games' --db {shlex.quote(str(db))}"))


def _stored_sources(db: Path, source: str) -> list[str]:
    """The sources stored in ``db`` that name the file ``source`` names: as typed at import, or
    the same file once both are resolved from here (``x.gtr``, ``./x.gtr`` and its absolute
    path alike)."""
    from gtr_replay.store import run_query
    from gtr_replay.store.db import same_file_key

    wanted = same_file_key(source)
    stored = [s for (s,) in run_query(db, "SELECT DISTINCT source FROM games WHERE source IS NOT NULL").rows]
    return [s for s in stored if s == source or same_file_key(s) == wanted]


@app.command()
def query(
    sql: Annotated[Optional[str], typer.Argument(
        help="One SQL statement (read only); with --saved, the name of a shipped query.")] = None,
    db: DbOpt = Path("games.db"),
    saved: Annotated[bool, typer.Option("--saved", help="Run the shipped query named instead of SQL; "
                                                       "without a name, list them.")] = False,
    as_json: JsonOpt = False,
    as_csv: Annotated[bool, typer.Option("--csv", help="Print CSV (a header row, then one row per result).")] = False,
    as_tsv: Annotated[bool, typer.Option("--tsv", help="Print tab-separated values with a header row.")] = False,
    time_limit: Annotated[Optional[float], typer.Option(
        "--time-limit", metavar="SECONDS", min=0.0,
        help="Stop the query if it runs longer than this (default: no limit).")] = None,
) -> None:
    """Ask a games database a question in SQL, on a read-only connection (a statement that
    would write is refused). Tables: games, players; the rows under each game (views of the
    stored_* tables): decisions, events, snapshots, player_states, points_by_turn; views: final_scores, completions, first_structures, turn_points, leads,
    wins, end_reasons, snapshot_states. On a terminal the answer is a table; piped, it is
    tab-separated values, never cut.

    Example: gtr query --saved final-scores --db games.db
    """
    from gtr_replay.errors import UsageError
    from gtr_replay.store import SAVED, saved_query, streamed_query
    from gtr_replay.store.queries import ANALYSIS

    if as_json + as_csv + as_tsv > 1:
        fail(UsageError("give one of --json, --csv and --tsv"))
    if saved:
        if sql is None or (sql not in SAVED and sql not in ANALYSIS):
            _list_saved({**SAVED, **ANALYSIS}, as_json)
            if sql is not None:
                fail(UsageError(f"unknown saved query {sql!r}", hint="choose one of the names listed"))
            raise typer.Exit(0)
        if sql in ANALYSIS:
            _needs_evaluations(db, sql)
            sql = ANALYSIS[sql].sql
        else:
            sql = saved_query(sql)
    elif sql is None or not sql.strip():  # "" as no query at all
        fail(UsageError("no query given", hint="give SQL, or --saved NAME (gtr query --saved lists them)"))
    if as_csv or as_tsv or as_json or not out.is_terminal:
        with streamed_query(db, sql, time_limit=time_limit) as result:  # rows written as they are read
            if as_json:
                _json_rows(result)
            else:
                _delimited(result, "," if as_csv else "\t")
        return
    with streamed_query(db, sql, time_limit=time_limit) as result:
        rows = list(islice(result.rows, TERMINAL_ROWS + 1))  # the first rows; the rest never read
    table = Table()
    for column in result.columns:
        table.add_column(column, overflow="fold")  # a narrow terminal wraps a cell, never cuts it
    for row in rows[:TERMINAL_ROWS]:
        table.add_row(*(_cell(v) for v in row))
    out.print(table)
    if len(rows) > TERMINAL_ROWS:
        out.print(f"the first {TERMINAL_ROWS:,} row(s) shown; the answer holds more: for every row, give --csv, "
                  "--tsv or --json, or send it to a file or a pipe (gtr query ... > rows.tsv)", soft_wrap=True)
    else:
        out.print(counted(len(rows), "row"))


TERMINAL_ROWS = 1000
"""Rows a query's table shows on a terminal; the rest are told how to get."""
TERMINAL_CELL = 2000
"""Characters of a cell shown on a terminal; a longer value is cut and says so."""


def _cell(value) -> str:
    text = "" if value is None else str(value)
    if len(text) > TERMINAL_CELL:
        return text[:TERMINAL_CELL] + f"… ({len(text):,} characters; --csv, --tsv or --json give them all)"
    return text


def _json_rows(result) -> None:
    """A JSON array of one object per row, written row by row as they are read (one object a
    line): the first rows are out at once and memory does not grow with the answer. A query
    stopped part way (its time limit) still leaves a whole JSON array, of the rows read before,
    and the error then says so."""
    import sys

    from gtr_replay.errors import GtrError

    write = sys.stdout.write
    write("[")
    first = True
    try:
        for row in result.rows:
            values = dict(zip(result.columns, map(_json_value, row)))
            write(("\n  " if first else ",\n  ") + json.dumps(values, ensure_ascii=False, allow_nan=False))
            first = False
    except GtrError as error:
        write("]\n" if first else "\n]\n")
        error.message += " (the JSON array written holds only the rows read before)"
        raise
    write("]\n" if first else "\n]\n")


def _json_value(value):
    """A column's value as JSON holds it: a blob as its hexadecimal digits (as SQL's ``hex()``
    writes it), an infinite or undefined number as its name in words (JSON has no such
    number); the others as they are."""
    if isinstance(value, bytes):
        return value.hex().upper()
    if isinstance(value, float) and (value != value or value in (float("inf"), float("-inf"))):
        return "NaN" if value != value else "Infinity" if value > 0 else "-Infinity"
    return value


def _delimited(result, delimiter: str) -> None:
    """The header and every row, whole: CSV as RFC 4180 reads it, or tab-separated values."""
    import csv
    import sys

    if delimiter == ",":
        writer = csv.writer(sys.stdout, lineterminator="\r\n")
    else:  # TSV has no quoting: a tab or line break inside a cell becomes a space
        writer = csv.writer(sys.stdout, delimiter="\t", lineterminator="\n", quoting=csv.QUOTE_NONE,
                            escapechar=None, quotechar=None)
    writer.writerow(result.columns)
    for row in result.rows:
        cells = ["" if v is None else v for v in row]
        if delimiter != ",":
            cells = [" ".join(str(c).split("\t")).replace("\r\n", " ").replace("\n", " ") for c in cells]
        writer.writerow(cells)


def _needs_evaluations(db: Path, name: str) -> None:
    """A usage error, in words, when ``db`` holds no judged game for the query ``name``."""
    import sqlite3
    from contextlib import closing

    from gtr_replay.errors import GtrError, UsageError
    from gtr_replay.store import open_read_only
    from gtr_replay.store.evaluations import has_table

    try:
        with closing(open_read_only(db)) as conn:
            judged = has_table(conn)
    except (GtrError, sqlite3.Error):
        return  # no database, or not one: the query itself says so, as for any query
    if not judged:
        fail(UsageError(f"{name} reads the evaluations of judged games, and {db} holds none",
                        hint=f"judge its games first: gtr import GAMES --db {db} --analyse"))


def _list_saved(saved, as_json: bool) -> None:
    if as_json:
        print(json.dumps([{"name": name, "description": q.description, "sql": " ".join(q.sql.split())}
                          for name, q in saved.items()], indent=2))
        return
    table = Table(title="saved queries (gtr query --saved NAME)")
    table.add_column("name")
    table.add_column("what it shows")
    for name, q in saved.items():
        table.add_row(name, q.description)
    out.print(table)
