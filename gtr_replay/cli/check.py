"""``gtr check``: replay records and report every statement the rules refuse."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from gtr_replay.cli.common import RulingsOpt, WorkersOpt, app, dask_address, emit_json, err, out, progress_bar


@app.command()
def check(
    paths: Annotated[list[Path], typer.Argument(help="Record files (.gtr) or folders of them.")],
    lenient: Annotated[bool, typer.Option("--lenient", help=(
        "Go on after a refused statement: skip it, replay the rest and report every later problem, each marked "
        "when it may follow from an earlier one."))] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print per-file counts as JSON.")] = False,
    rulings: RulingsOpt = None,
    workers: WorkersOpt = None,
    dask: Annotated[Optional[str], typer.Option(
        "--dask", callback=dask_address,
        help="A Dask scheduler's address (tcp://host:8786), or local:N: check on its workers.")] = None,
) -> None:
    """Replay every record through the rules; exit 0 when all are legal, 1 with the reports.

    Example: gtr check examples/ --lenient
    """
    from gtr_replay.replay.files import check_files, record_files
    from gtr_replay.store import count_records

    skipped: list = []
    files = record_files(paths, skipped=skipped)
    if not as_json:
        for entry in skipped:
            err.print(f"warning: {entry}", markup=False, highlight=False, soft_wrap=True)
    notes = None
    with progress_bar("checking", count_records(files), quiet=as_json) as advance:
        if dask is None:
            report = check_files(files or paths, lenient=lenient, rulings=rulings, progress=advance,
                                 workers=workers)
        else:
            from gtr_replay.distributed import check_files_on

            report, notes = check_files_on(dask, files or paths, lenient=lenient, rulings=rulings, progress=advance)
    report.skipped = skipped
    if as_json:
        emit_json({**report.to_dict(), **({"cluster": notes.to_dict()} if notes is not None else {})})
    else:
        for line in notes.lines() if notes is not None else ():
            err.print(line, markup=False, highlight=False, soft_wrap=True)
        for problem in report.problems:
            err.print(str(problem), markup=False, highlight=False, soft_wrap=True)
        for warning in report.warnings:
            err.print(f"warning: {warning}", markup=False, highlight=False, soft_wrap=True)
        out.print(report.summary())
    raise typer.Exit(0 if report.ok else 1)
