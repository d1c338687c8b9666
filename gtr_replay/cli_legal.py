"""``gtr legal``: the decisions the rules allow at one point of a record, and whose they are."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Optional

import typer

from gtr_replay.cli_common import app, err, fail, out
from gtr_replay.errors import GtrError, UsageError


def read_record(path: Path, k: int):
    """Record ``k`` (from 1) of the file ``path``; a bad file or record exits with its error."""
    import notation

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
    return records[k - 1]


@app.command()
def legal(
    file: Annotated[Path, typer.Argument(help="A record file (.gtr).")],
    at: Annotated[Optional[int], typer.Option("--at", help="After the N-th statement of the main line "
                                                           "(0: before the first).")] = None,
    turn: Annotated[Optional[int], typer.Option("--turn", help="At the start of turn T.")] = None,
    rulings: Annotated[Optional[str], typer.Option("--rulings", help="Rulings to apply over the record's "
                                                                     "own: 'name=reading, ...'.")] = None,
    record: Annotated[int, typer.Option("--record", "-k", help="Which record of the file, counting from 1.")] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """List the decisions that are legal at a point of a record (default: its end), grouped
    by kind, and whose decision it is.

    Example: gtr legal game.gtr --turn 5
    """
    from gtr_replay.replay.legal import legal_at
    from gtr_replay.replay.replayer import IllegalStatement
    from gtr_replay.rulings import resolve

    chosen = read_record(file, record)
    try:
        if rulings:
            resolve(rulings)  # names and readings checked before replaying
        point = legal_at(chosen, at=at, turn=turn, source=str(file), rulings=rulings)
    except IllegalStatement as error:
        err.print(str(error.diagnostic), markup=False, highlight=False, soft_wrap=True)
        raise typer.Exit(1) from None
    except GtrError as error:
        fail(error)
    if as_json:
        print(json.dumps(point.to_dict(), indent=2))
        return
    for line in point.lines():
        out.print(line, markup=False, soft_wrap=True)
