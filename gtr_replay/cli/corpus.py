"""``gtr extract`` and ``gtr export``: work on corpora of records without a database, and
hand games to tools made for large data (Parquet, a Dask cluster)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Optional

import typer

from gtr_replay.cli.common import (
    RulingsOpt, WorkersOpt, app, dask_address, emit_json, err, fail, found_files, out, progress_bar,
)
from gtr_replay.errors import UsageError


@app.command()
def extract(
    paths: Annotated[list[Path], typer.Argument(help="Record files (.gtr) or folders of them, read in order.")],
    tag: Annotated[Optional[list[str]], typer.Option(
        "--tag", "-t", help="A tag test: NAME=VALUE, NAME!=VALUE, NAME~TEXT (contains), NAME>=VALUE (numbers, "
                            "or text such as dates), or NAME alone (has the tag). Repeat: all must pass.")] = None,
    player: Annotated[Optional[list[str]], typer.Option(
        "--player", "-p", help="A name in the Players tag. Repeat: all must play.")] = None,
    result: Annotated[Optional[str], typer.Option(
        "--result", help="The Result tag, or one of its entries: --result 'Ann 24'.")] = None,
    since: Annotated[Optional[str], typer.Option("--since", help="Date tag on or after: 2026.11.01.")] = None,
    until: Annotated[Optional[str], typer.Option("--until", help="Date tag on or before: 2026.11.30.")] = None,
    completed: Annotated[Optional[list[str]], typer.Option(
        "--completed", help="A structure completed on the main line (replays). Repeat: all.")] = None,
    end_reason: Annotated[Optional[str], typer.Option(
        "--end-reason", help="Why the game ended, as games.end_reason says: deck, catacomb, win:Forum ... "
                             "(replays).")] = None,
    winner: Annotated[Optional[str], typer.Option("--winner", help="A winner of the game (replays).")] = None,
    legal: Annotated[bool, typer.Option("--legal", help="Only records the rules accept (replays).")] = False,
    refused: Annotated[bool, typer.Option("--refused", help="Only records the notation or the rules refuse "
                                                            "(replays).")] = False,
    dedupe: Annotated[bool, typer.Option("--dedupe", "-D", help="Write each game once (the first record of it): "
                                                               "games keyed as the database keys them.")] = False,
    canonical: Annotated[bool, typer.Option("--canonical", help="Write the canonical notation instead of the "
                                                               "records as written.")] = False,
    out_given: Annotated[Optional[str], typer.Option(
        "--out", "-o", metavar="PATH", help="A new file to write (default, or '-': standard output); with --split, "
                                            "a folder.")] = None,
    split: Annotated[Optional[int], typer.Option(
        "--split", min=1, help="N records per file, into the --out folder: 000001.gtr, 000002.gtr ...")] = None,
    rulings: RulingsOpt = None,
    workers: WorkersOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON (needs --out).")] = False,
) -> None:
    """Select, split, merge and de-duplicate records without a database, as pgn-extract does
    for chess: reads every file given, one record at a time, and writes the records that pass
    every test. Tag tests read the tags alone; --completed, --end-reason, --winner, --legal
    and --refused replay each record through the rules (as gtr check does).

    Example: gtr extract games/ --tag Ruleset=classic --player Ann --dedupe -o ann-classic.gtr
    """
    from gtr_replay.extract import Selection, extract as run, output

    if out_given == "-" and split is not None:  # '-' is standard output, as without --out (gtr plot -o - too); ./- a file
        fail(UsageError("--split writes files into a folder, not standard output", hint="give --out FOLDER"))
    out_path = Path(out_given) if out_given is not None and out_given != "-" else None
    if legal and refused:
        fail(UsageError("--legal and --refused exclude each other", hint="give one"))
    if split is not None and out_path is None:
        fail(UsageError("--split writes files into a folder", hint="give it with --out FOLDER"))
    if as_json and out_path is None:
        fail(UsageError("--json prints the summary on standard output, where the records go without --out",
                        hint="give --out FILE"))
    completed = [_building(name, f"--completed {name}") for name in completed or ()]  # before a file is made
    if end_reason is not None:
        end_reason = _end_reason(end_reason)
    selection = Selection.make(tags=tag or (), players=player or (), result=result, since=since, until=until,
                               completed=completed, end_reason=end_reason, winner=winner,
                               verdict="legal" if legal else "refused" if refused else None, rulings=rulings)
    if split is not None:
        sink = output.Split(out_path, split)
    elif out_path is not None:
        sink = output.to_file(out_path)
    else:
        sink = output.Stream(sys.stdout, "<stdout>")
    files = found_files(paths)  # a folder's pipes, devices and broken links: skipped, with a warning
    with progress_bar("reading", None, quiet=as_json or out_path is None) as advance:
        report = run(files, selection, sink, dedupe=dedupe, canonical=canonical, workers=workers,
                     progress=advance)
    for problem in report.problems:
        err.print(problem, markup=False, highlight=False, soft_wrap=True)
    if as_json:
        emit_json(report.to_dict())
    else:
        err.print(report.summary(), markup=False, highlight=False, soft_wrap=True)
    raise typer.Exit(0 if report.ok else 1)


END_REASONS = ("deck", "last-site", "all-sites", "catacomb", "bacchanalia", "surrender")
"""Why a game ends, as the engine writes it (``games.end_reason``), besides ``win:BUILDING``: a
building whose power wins the game (R-END-1)."""


def _building(name: str, given: str) -> str:
    """A building named in an option (``given``, as typed), spelt as records spell it (any case,
    a unique start of its name); a usage error for a name no ruleset has, with the nearest."""
    from notation.words import WordError

    from gtr_replay.enums import JACK
    from gtr_replay.game.piles import UNSEEN
    from gtr_replay.vocabulary import card_vocabulary

    try:
        card = card_vocabulary().card(name)
    except WordError as error:
        why = "" if error.ambiguous else ": no ruleset has such a card"
        fail(UsageError(f"{given}: {error.message}{why}",
                        hint=error.hint or "gtr cards --ruleset NAME lists a ruleset's cards"))
    if card in (JACK, UNSEEN):
        fail(UsageError(f"{given}: not a building", hint="name an Order card, e.g. Forum"))
    return card


def _end_reason(value: str) -> str:
    """An ``--end-reason`` as ``games.end_reason`` writes it; a usage error for one no game has."""
    word = value.strip()
    if word.casefold() in END_REASONS:
        return word.casefold()
    kind, colon, building = word.partition(":")
    if colon and kind.strip().casefold() == "win":
        return f"win:{_building(building.strip(), f'--end-reason {value}')}"
    fail(UsageError(f"--end-reason {value}: no game ends so",
                    hint=f"give one of {', '.join(END_REASONS)}, or win:BUILDING, e.g. win:Forum"))


@app.command()
def export(
    paths: Annotated[Optional[list[Path]], typer.Argument(
        help="Record files (.gtr) or folders of them; without any, the games of --db.")] = None,
    parquet: Annotated[Path, typer.Option("--parquet", help="A new folder for the Parquet dataset.")] = ...,
    db: Annotated[Optional[Path], typer.Option("--db", help="The database to export (default games.db) when no "
                                                            "record file is given.")] = None,
    rulings: RulingsOpt = None,
    workers: WorkersOpt = None,
    per_part: Annotated[int, typer.Option("--per-part", min=1, help="Records per part file (and per task on a "
                                                                    "cluster).")] = 1000,
    dask: Annotated[Optional[str], typer.Option(
        "--dask", callback=dask_address,
        help="A Dask scheduler's address (tcp://host:8786): the records are replayed and the parts written by its "
             "workers, into a folder they all reach.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
) -> None:
    """Write games as a Parquet dataset (games, players, decisions, events, player_states,
    points_by_turn), one folder per table partitioned by ruleset, for DuckDB, Polars, pandas
    or Spark; the columns are those of gtr query's views (docs/PARQUET.md). From record files,
    each game is replayed as gtr import would store it, once however often it is written.

    Example: gtr export --parquet games.parquet --db games.db
    """
    from gtr_replay.store.export import export_database, export_records

    if paths and db is not None:
        fail(UsageError("give record files or --db, not both", hint="export one source at a time"))
    if not paths and (dask is not None or rulings is not None):
        fail(UsageError("--dask and --rulings replay record files; a database is read here as it is",
                        hint="give the record files to export"))
    if not paths and not (db or Path("games.db")).is_file():
        from gtr_replay.store.queries import not_a_database

        fail(UsageError(not_a_database(db or Path("games.db")), hint="give record files, or a database with --db"))
    quiet = as_json
    if paths:
        paths = found_files(paths)  # a folder's pipes, devices and broken links: skipped, with a warning
        if not paths:
            fail(UsageError("no .gtr files found", hint="give .gtr files or folders holding them"))
    if dask is not None:
        from gtr_replay.distributed import export_records_on

        with progress_bar("exporting", None, quiet=quiet) as advance:
            report, notes = export_records_on(dask, paths, parquet, rulings=rulings, per_part=per_part,
                                              progress=advance)
    else:
        notes = None
        if paths:
            from gtr_replay.store import count_records
            from gtr_replay.replay.files import record_files

            total = count_records(record_files(paths))
            with progress_bar("exporting", total, quiet=quiet) as advance:
                report = export_records(paths, parquet, rulings=rulings, per_part=per_part, workers=workers,
                                        progress=advance)
        else:
            with progress_bar("exporting", None, quiet=quiet) as advance:
                report = export_database(db or Path("games.db"), parquet, progress=advance)
    if as_json:
        emit_json({**report.to_dict(), **({"cluster": notes.to_dict()} if notes is not None else {})})
    else:
        for problem in report.problems:
            err.print(f"error: {problem}", markup=False, highlight=False, soft_wrap=True)
        if notes is not None:
            for line in notes.lines():
                err.print(line, markup=False, highlight=False, soft_wrap=True)
        out.print(report.summary(parquet), markup=False, highlight=False, soft_wrap=True)
    raise typer.Exit(0 if report.ok else 1)
