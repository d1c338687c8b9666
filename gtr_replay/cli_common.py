"""What every ``gtr`` command shares: the typer app, consoles, and error translation.

Commands live in small modules (``cli``, ``cli_store``, ``cli_view``) that register on
``app``. Every command translates errors at the boundary: a bad record or decision exits 1,
a usage error 2; tracebacks appear only with ``--debug``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Annotated, Any, NoReturn, Optional

import typer
from rich.markup import escape
from rich.console import Console
from typer.core import TyperGroup

from gtr_replay.errors import GtrError, UsageError


class _Boundary(TyperGroup):
    """The one place where a command's errors meet the user: a library error exits 1 (2 for
    a usage error) with its message, a record that cannot be read exits 1 with its located
    report; ``--debug`` lets the traceback through instead."""

    def invoke(self, ctx):
        import notation

        try:
            return super().invoke(ctx)
        except GtrError as error:
            fail(error)
        except notation.NotationError as error:
            if debug["on"]:
                raise
            err.print(str(error), markup=False, highlight=False, soft_wrap=True)
            raise typer.Exit(1) from None


app = typer.Typer(
    cls=_Boundary,
    name="gtr",
    help="Record, check, replay and query games of Glory to Rome.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
out = Console(highlight=False)
err = Console(stderr=True, highlight=False)
debug = {"on": False}


def _version(value: bool) -> None:
    if value:
        from gtr_replay import __version__, _native

        out.print(f"gtr {__version__}")
        out.print(_native.described(), markup=False, soft_wrap=True)
        raise typer.Exit(0)


@app.callback()
def _root(debug_: Annotated[bool, typer.Option("--debug", help="Show tracebacks for errors.")] = False,
          version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                                help="Print the version and exit.")] = False) -> None:
    debug["on"] = debug_


@contextmanager
def progress_bar(label: str, total: int | None, *, quiet: bool = False) -> Iterator[Callable[[int], None] | None]:
    """A rich progress bar on standard error while the body runs, when that is a terminal
    (and not ``quiet``); yields the callback that advances it, or ``None`` when piped."""
    if quiet or not err.is_terminal:
        yield None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    columns = (TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=err, transient=True) as progress:
        task = progress.add_task(label, total=total)
        yield lambda n: progress.advance(task, n)


def with_progress(items: Iterable, label: str, total: int, *, quiet: bool = False) -> Iterator:
    """``items`` one by one, advancing a progress bar (see ``progress_bar``) after each."""
    with progress_bar(label, total, quiet=quiet) as advance:
        for item in items:
            yield item
            if advance is not None:
                advance(1)


def emit_json(value: Any) -> None:
    """Print ``value`` as indented JSON on standard output (names and cards as written)."""
    print(json.dumps(value, indent=2, ensure_ascii=False))


def fail(error: GtrError) -> NoReturn:
    """Print a library error for a person and exit: 2 for a usage error, 1 otherwise."""
    if debug["on"]:
        raise error
    status = 2 if isinstance(error, UsageError) else 1
    err.print(f"[red]error:[/red] {escape(str(error))}", soft_wrap=True)
    raise typer.Exit(status)


RulesetOpt = Annotated[str, typer.Option("--ruleset", "-r", help="classic, republic or imperium.")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")]
ExpansionOpt = Annotated[Optional[str], typer.Option(
    "--expansion", "-x", help="Optional cards in the deck, as the Expansion tag says them: 'geek' (all ten Geek "
                              "cards, republic and imperium) or 'geek: Castra, Domus'.")]
RulingsOpt = Annotated[Optional[str], typer.Option(
    "--rulings", help="Readings laid over the record's own, e.g. 'deck-end=empty-draw' (gtr rulings lists them).")]
WorkersOpt = Annotated[Optional[int], typer.Option(
    "--workers", min=1, help="Worker processes (1: none). Default: one per core for 16 records or more on more "
                             "than two cores, for 256 or more on two.")]
