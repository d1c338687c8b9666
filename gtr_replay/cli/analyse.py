"""``gtr analyse``: judge the decisions of a recorded game from each deciding player's
knowledge (``play.analysis``), in a table, as JSON, into the record (``-o``) and the
database (``--db``)."""

from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.markup import escape
from rich.table import Table

from gtr_replay.cli.common import (
    JsonOpt, app, dask_address, emit_json, err, fail, found_files, out, progress_bar,
)
from gtr_replay.counted import counted
from gtr_replay.errors import GtrError, UsageError
from gtr_replay.play.search import DEFAULT_PLAYOUTS

PathsArg = Annotated[list[Path], typer.Argument(help="A record file (.gtr); or several files or folders, "
                                                   "with --db.")]


@app.command()
def analyse(
    paths: PathsArg,
    record_number: Annotated[int, typer.Option("--record", "-k", help="Which record of the file, from 1.")] = 1,
    seat: Annotated[Optional[str], typer.Option("--as", help="Judge only this player's decisions.")] = None,
    at: Annotated[Optional[int], typer.Option("--at", help="Judge only the N-th statement of the main line.")] = None,
    turn: Annotated[Optional[int], typer.Option("--turn", help="Judge only the decisions of turn T.")] = None,
    budget: Annotated[int, typer.Option("--budget", "-b", help="Playouts per decision judged.")] = DEFAULT_PLAYOUTS,
    seed: Annotated[str, typer.Option("--seed", "-s", help="Seed: the same seed and budget give the same "
                                                          "judgements.")] = "1",
    workers: Annotated[int, typer.Option("--workers", "-w", help="Worker processes (1: none).")] = 1,
    out_file: Annotated[Optional[Path], typer.Option("--out", "-o", help="Write the record with the marks and "
                                                                         "comments to this new file.")] = None,
    db: Annotated[Optional[Path], typer.Option("--db", help="Store the game and its evaluations in this "
                                                           "database.")] = None,
    dask: Annotated[Optional[str], typer.Option(
        "--dask", callback=dask_address,
        help="A Dask scheduler's address (tcp://host:8786), or local:N: judge on its workers.")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Judge each decision of a record's main line from the knowledge of the player who made
    it: the chance that player wins after the decision played and after the best one found,
    with a mark where the difference is large (?! from 8 points of chance, ? from 15, ?? from
    30). Every card the player had not seen is dealt again at random in each playout.

    A corpus (several files, or folders) is judged game by game into a database: give --db;
    each game is imported as gtr import imports it, and one judged before at the same budget
    and seed is not judged again.

    Example: gtr analyse game.gtr --as Ann --budget 200 --seed 1 -o annotated.gtr
    """
    from gtr_replay.replay.files import file_text
    from gtr_replay.play.analysis import judge_all, positions

    files = found_files(paths)
    if not files:
        fail(UsageError("no .gtr files found", hint="give a .gtr file, or folders holding them"))
    if len(files) > 1 or paths[0].is_dir():
        return _corpus(paths, files, seat=seat, at=at, turn=turn, record_number=record_number, out_file=out_file,
                       db=db, budget=budget, seed=seed, workers=workers, dask=dask, as_json=as_json)
    file = files[0]
    if out_file == Path("-"):
        fail(UsageError("-o - : the judgements' table goes to standard output; the marked record goes to a file",
                        hint="give -o a file name, e.g. -o game-analysed.gtr"))
    if at is not None and turn is not None:
        fail(UsageError("--at and --turn both choose what to judge", hint="give one of them"))
    check_budget(budget)
    if workers < 1:
        fail(UsageError(f"--workers {workers}: give 1 (no worker process) or more"))
    if out_file is not None and out_file.exists():
        fail(UsageError(f"{out_file} already exists: analyse -o never overwrites a file",
                        hint="give a new file name"))
    try:
        record = _read(file, record_number)
        found = positions(record, seat=seat, at=at, turn=turn, source=file_text(file))
        if turn is not None and not found:
            _check_turn(record, turn, file)
        judgements = []
        with progress_bar("judging", len(found), quiet=as_json) as advance, _cluster(dask) as run:
            for judgement in judge_all(found, budget=budget, seed=seed, workers=workers, run=run):
                judgements.append(judgement)
                if advance is not None:
                    advance(1)
        if out_file is not None:
            _write_annotated(out_file, record, judgements, budget, seed)
        stored = _store(db, file, record, judgements, budget, seed) if db is not None else None
    except GtrError as error:
        fail(error)
    if as_json:
        emit_json({"file": file_text(file), "record": record_number, "budget": budget, "seed": seed,
                   "judgements": [j.to_dict() for j in judgements], "not_judged": found.unshown})
        return
    _show(judgements, budget, seed)
    for player, count in found.unshown.items():
        out.print(f"{counted(count, 'decision')} of {player} not judged: the record does not show {player}'s hand "
                  f"when {player} decides")
    if stored is not None:
        out.print(f"{stored} evaluation(s) stored in {db}")


def _check_turn(record, turn: int, file: Path) -> None:
    """Fail, as ``gtr show`` does, for a ``--turn`` the record does not reach."""
    from gtr_replay.replay.files import file_text
    from gtr_replay.cli.view import _position
    from gtr_replay.render.timeline import Timeline

    _position(Timeline.replay(record, source=file_text(file), lenient=True), None, turn)


def check_budget(budget: int) -> None:
    """Fail, in words, for a budget that leaves the search nothing to play."""
    if budget < 1:
        fail(UsageError(f"--budget {budget}: the search needs at least 1 playout", hint="e.g. --budget 200"))


@contextmanager
def _cluster(address: str | None):
    """The ``run`` of a Dask cluster at ``address`` for the block, or None without one."""
    if address is None:
        yield None
        return
    from gtr_replay.distributed import cluster

    with cluster(address) as on:
        yield on.run


def _corpus(paths: list[Path], files: list[Path], *, seat, at, turn, record_number, out_file, db, budget, seed,
            workers, dask, as_json) -> None:
    """``gtr analyse`` of several files or folders: every game imported and judged into ``db``."""
    from gtr_replay.store import Store, count_records, import_files

    given = [name for name, value in (("--as", seat), ("--at", at), ("--turn", turn), ("-o", out_file))
             if value is not None] + (["--record"] if record_number != 1 else [])
    if given:
        fail(UsageError(f"{', '.join(given)}: only for one record; a corpus is judged whole",
                        hint="give one file for them"))
    if db is None:
        fail(UsageError(f"{counted(len(files), 'file')} to judge: their judgements go into a database",
                        hint="add --db games.db"))
    check_budget(budget)
    try:
        with Store(db) as store:
            with progress_bar("importing", count_records(files), quiet=as_json) as advance:
                report = import_files(store, paths, files=files, progress=advance, workers=workers)
            with _cluster(dask) as run:
                judged = analyse_stored(store, files, budget=budget, seed=seed, workers=workers, quiet=as_json,
                                        run=run)
    except GtrError as error:
        fail(error)
    if as_json:
        emit_json({"files": len(files), "imported": report.to_dict(), "analysed": judged})
    else:
        for problem in report.problems:
            err.print(f"[red]error:[/red] {escape(str(problem))}", soft_wrap=True, highlight=False)
        out.print(f"{counted(judged['games'], 'game')} judged ({counted(judged['evaluations'], 'decision')}, "
                  f"{budget} playouts each, seed {seed}), {counted(judged['already'], 'game')} judged before; "
                  f"in the evaluations table of {db}")
        if judged["not_judged"]:
            out.print(f"{counted(judged['not_judged'], 'decision')} not judged: the records (from one seat) do not "
                      "show the hands of the players who made them")
    raise typer.Exit(0 if report.ok else 1)


def _read(path: Path, number: int):
    from gtr_replay.replay.files import FileError, no_record, parse_piece, read_record_file, record_pieces
    from gtr_replay.replay.files import file_text

    import notation

    pieces = list(record_pieces(read_record_file(path)))
    if not pieces:
        raise no_record(path)
    if not 1 <= number <= len(pieces):
        raise UsageError(f"{path} has {len(pieces)} record(s); there is no record {number}",
                         hint=f"choose --record 1 to {len(pieces)}")
    _, first, piece = pieces[number - 1]
    try:
        records = parse_piece(file_text(path), first, piece)
    except notation.NotationError as error:
        raise FileError(f"{error}", hint="gtr check shows every problem of the file") from None  # exit 1, as check
    return records[0]


def _write_annotated(path: Path, record, judgements, budget: int, seed: str) -> None:
    import notation

    from gtr_replay.play.annotate import annotated

    try:
        with open(path, "x", encoding="utf-8") as handle:
            handle.write(notation.write([annotated(record, judgements, budget=budget, seed=seed)]))
    except FileExistsError:
        raise UsageError(f"{path} already exists: analyse -o never overwrites a file") from None
    except OSError as error:
        raise UsageError(f"cannot write {path}: {error.strerror}", hint="check the folder exists") from None


def _store(db: Path, file: Path, record, judgements, budget: int, seed: str) -> int:
    from gtr_replay.store.db import Store
    from gtr_replay.store.evaluations import write
    from gtr_replay.store.importer import import_files
    from gtr_replay.store.rows import game_id

    with Store(db) as store:
        import_files(store, [file], workers=1)
        return write(store, game_id(record), judgements, budget=budget, seed=seed)


def _percent(value: float | None) -> str:
    return "" if value is None else f"{value:.0%}"


def _show(judgements, budget: int, seed: str) -> None:
    searched = [j for j in judgements if j.chance_played is not None]
    table = Table(title=f"{len(searched)} decision(s) judged, {budget} playouts each, seed {seed}")
    for name, justify in (("#", "right"), ("turn", "right"), ("player", "left"), ("played", "left"),
                          ("chance", "right"), ("best found", "left"), ("chance", "right"), ("mark", "left")):
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    for j in searched:
        best = "" if j.best == j.played else j.best
        table.add_row(str(j.index), str(j.turn), escape(j.player), escape(j.played), _percent(j.chance_played),
                      escape(best or ""), "" if not best else _percent(j.chance_best), escape(j.mark or ""))
    out.print(table)
    forced = len(judgements) - len(searched)
    if forced:
        out.print(f"{forced} statement(s) with one legal choice were not searched")


def analyse_stored(store, files: list[Path], *, budget: int, seed: str, workers: int, quiet: bool,
                   run=None) -> dict:
    """``gtr import --analyse``: judge every game of ``files`` the database holds (a record the
    rules refused is not stored, so not judged) and store the judgements; a statement judged
    before at this budget and seed is not judged again, so a game judged in part (``--turn``)
    is judged to the end, and one judged whole is left as it is. What was done, counted."""
    from gtr_replay.replay.files import file_text
    from gtr_replay.play.analysis import judge_all, positions
    from gtr_replay.replay.files import parse_piece, read_record_file, record_pieces
    from gtr_replay.store.evaluations import judged, write
    from gtr_replay.store.rows import game_id

    import notation

    stored = {row[0] for row in store.db.execute("SELECT id FROM games")}
    games: dict[str, tuple] = {}
    for path in files:
        for _, first, piece in record_pieces(read_record_file(path)):
            try:
                records = parse_piece(file_text(path), first, piece)
            except notation.NotationError:
                continue  # reported by the import, not stored
            for record in records:
                key = game_id(record)
                if key in stored and key not in games:
                    found = positions(record, source=file_text(path))
                    done = judged(store, key, budget, seed)
                    games[key] = (found, done, [p for p in found if p.index not in done])
    evaluations = 0
    already = 0
    unshown = sum(sum(found.unshown.values()) for found, _, _ in games.values())
    with progress_bar("judging", sum(len(todo) for _, _, todo in games.values()), quiet=quiet) as advance:
        for key, (_, done, todo) in games.items():
            judgements = list(judge_all(todo, budget=budget, seed=seed, workers=workers, run=run,
                                        progress=None if advance is None else lambda _: advance(1)))
            written = write(store, key, judgements, budget=budget, seed=seed)
            evaluations += written
            already += bool(done) and not written  # every statement it searches was judged before
    return {"games": len(games) - already, "evaluations": evaluations, "already": already, "budget": budget,
            "seed": seed, "not_judged": unshown}
