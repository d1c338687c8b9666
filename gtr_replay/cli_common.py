"""What every ``gtr`` command shares: the typer app, consoles, and error translation.

Commands live in small modules (``cli``, ``cli_store``, ``cli_view``) that register on
``app``. Every command translates errors at the boundary: a bad record or decision exits 1,
a usage error 2; tracebacks appear only with ``--debug``.
"""

from __future__ import annotations

from typing import Annotated, NoReturn

import typer
from rich.markup import escape
from rich.console import Console

from gtr_replay.errors import GtrError, UsageError

app = typer.Typer(
    name="gtr",
    help="Record, check, replay and query games of Glory to Rome.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
out = Console(highlight=False)
err = Console(stderr=True, highlight=False)
debug = {"on": False}


@app.callback()
def _root(debug_: Annotated[bool, typer.Option("--debug", help="Show tracebacks for errors.")] = False) -> None:
    debug["on"] = debug_


def fail(error: GtrError) -> NoReturn:
    """Print a library error for a person and exit: 2 for a usage error, 1 otherwise."""
    if debug["on"]:
        raise error
    status = 2 if isinstance(error, UsageError) else 1
    err.print(f"[red]error:[/red] {escape(str(error))}", soft_wrap=True)
    raise typer.Exit(status)


RulesetOpt = Annotated[str, typer.Option("--ruleset", "-r", help="classic, republic or imperium.")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")]
