"""``gtr check``: replay records and report every statement the rules refuse."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from gtr_replay.cli_common import app, err, fail, out
from gtr_replay.errors import GtrError


@app.command()
def check(
    paths: Annotated[list[Path], typer.Argument(help="Record files (.gtr) or folders of them.")],
    lenient: Annotated[bool, typer.Option("--lenient", help="Report every problem instead of stopping at the "
                                                           "first bad statement of each record.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print per-file counts as JSON.")] = False,
) -> None:
    """Replay every record through the rules; exit 0 when all are legal, 1 with the reports.

    Example: gtr check examples/ --lenient
    """
    from gtr_replay.replay.files import check_files

    try:
        report = check_files(paths, lenient=lenient)
    except GtrError as error:
        fail(error)
    if as_json:
        print(json.dumps(report.to_dict(), indent=2))
    else:
        for problem in report.problems:
            err.print(str(problem), markup=False, highlight=False, soft_wrap=True)
        for warning in report.warnings:
            err.print(f"warning: {warning}", markup=False, highlight=False, soft_wrap=True)
        out.print(report.summary())
    raise typer.Exit(0 if report.ok else 1)
