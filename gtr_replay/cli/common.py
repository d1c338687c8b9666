"""What every ``gtr`` command shares: the typer app, consoles, and error translation.

Commands live in the small modules of ``cli`` (``cli.store``, ``cli.view``...) that register on
``app``. Every command translates errors at the boundary: a bad record or decision exits 1,
a usage error 2; tracebacks appear only with ``--debug``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Annotated, Any, NoReturn, Optional

import inspect
import os
import sys
from pathlib import Path
from typing import get_args

import typer
from rich.markup import escape
from rich.console import Console
from typer.core import TyperCommand, TyperGroup

from gtr_replay.errors import GtrError, UsageError


_VALUE_NAMES = {str: "TEXT", int: "INTEGER", float: "FLOAT", Path: "PATH", bool: "BOOLEAN"}
_CLICK_NAMES = {"text": "TEXT", "integer": "INTEGER", "integer range": "INTEGER", "float": "FLOAT", "path": "PATH"}


def _value_type(param) -> type | None:
    """The Python type a parameter's value has (typer keeps it in its own ways, by version)."""
    annotation = getattr(getattr(param, "type_descriptor", None), "annotation", None)
    while annotation is not None and get_args(annotation):  # Optional[X], list[X]
        annotation = next((a for a in get_args(annotation) if a is not type(None)), None)
    return annotation if isinstance(annotation, type) else None


def _metavar(param) -> str:
    """How a value is named in help, as click names it (TEXT, INTEGER, PATH), or its own
    metavar; an argument by its name in capitals, one of many once (``PATH...``)."""
    if param.metavar:
        return param.metavar
    if param.param_type_name == "argument":
        name = (param.name or "value").upper()
        if param.nargs != 1:
            name = name.removesuffix("S") + "..."
        return name
    found = _value_type(param)
    if found is not None:
        return next((name for kind, name in _VALUE_NAMES.items() if issubclass(found, kind)), "VALUE")
    click_type = getattr(param, "type", None)
    return _CLICK_NAMES.get(getattr(click_type, "name", ""), "VALUE")


def _least(param) -> int | None:
    """The lowest value an option takes when only that is bounded (``min=1``)."""
    low, high = getattr(param, "min", None), getattr(param, "max", None)
    click_type = getattr(param, "type", None)
    low = low if low is not None else getattr(click_type, "min", None)
    high = high if high is not None else getattr(click_type, "max", None)
    return low if high is None else None


def _option_record(param) -> tuple[str, str] | None:
    """One option's line of help, as click writes it: its names, the value it takes (a flag
    takes none), its help, then its default or lowest value in brackets."""
    if getattr(param, "hidden", False):
        return None
    names = ", ".join(sorted(param.opts, key=lambda o: (o.startswith("--"), o)))
    if param.secondary_opts:
        names += " / " + ", ".join(param.secondary_opts)
    flag = getattr(param, "is_flag", False) or getattr(param, "count", False)
    if not flag:
        names += " " + _metavar(param)
    extra = []
    if not flag and param.default not in (None, False, (), []) and getattr(param, "show_default", True) is not False:
        extra.append(f"default: {param.default}")
    if (least := _least(param)) is not None:
        extra.append(f"at least {least}")
    if param.required:
        extra.append("required")
    text = getattr(param, "help", None) or ""
    return names, text + (f"  [{'; '.join(extra)}]" if extra else "")


def _write_help(command, ctx, formatter, *, commands: bool = False) -> None:
    """The help of a command (or of the app, with its ``commands``), as click writes it."""
    formatter.write_usage(ctx.command_path, " ".join(command.collect_usage_pieces(ctx)))
    text = inspect.cleandoc(command.help or "")
    if text:
        formatter.write_paragraph()
        with formatter.indentation():
            formatter.write_text(text)
    arguments, options = [], []
    for param in command.get_params(ctx):
        if param.param_type_name == "argument":
            if getattr(param, "help", None):
                arguments.append((_metavar(param), param.help))
        elif (record := _option_record(param)) is not None:
            options.append(record)
    if arguments:
        with formatter.section("Arguments"):
            formatter.write_dl(arguments)
    if options:
        with formatter.section("Options"):
            formatter.write_dl(options)
    if commands:
        command.format_commands(ctx, formatter)


class _Command(TyperCommand):
    """A command whose help reads as click's plain help, as sqlite-utils' does: ``Usage: gtr
    check [OPTIONS] PATH...``, the text, the arguments, then each option with the value it
    takes (``--rulings TEXT``; a flag takes none). The same whatever typer and rich would
    draw."""

    def collect_usage_pieces(self, ctx) -> list[str]:
        pieces = [self.options_metavar] if self.options_metavar else []
        for param in self.get_params(ctx):
            if param.param_type_name == "argument":
                name = _metavar(param)
                pieces.append(name if param.required else f"[{name}]")
        return pieces

    def format_help(self, ctx, formatter) -> None:
        _write_help(self, ctx, formatter)


class _App(typer.Typer):
    """The ``gtr`` app: every command registered on it has the plain help of ``_Command``."""

    def command(self, *args, cls=None, **kwargs):
        return super().command(*args, cls=cls or _Command, **kwargs)


class _Boundary(TyperGroup):
    """The one place where a command's errors meet the user: a library error exits 1 (2 for
    a usage error) with its message, a record that cannot be read exits 1 with its located
    report; ``--debug`` lets the traceback through instead."""

    def invoke(self, ctx):
        import notation

        try:
            return super().invoke(ctx)
        except BrokenPipeError:
            closed_pipe()
        except GtrError as error:
            fail(error)
        except notation.NotationError as error:
            if debug["on"]:
                raise
            err.print(str(error), markup=False, highlight=False, soft_wrap=True)
            raise typer.Exit(1) from None

    def format_help(self, ctx, formatter) -> None:
        _write_help(self, ctx, formatter, commands=True)


CLOSED_PIPE = 141
"""The status of a command whose reader went away (``gtr query ... | head -1``): 128 + SIGPIPE,
what a shell reports of ``yes | head -1``; neither a bad record (1) nor a usage error (2)."""


def closed_pipe() -> NoReturn:
    """End quietly when standard output was closed by its reader: nothing more can be said to
    it, and nothing is said on standard error (the reader chose to stop)."""
    try:  # later writes (and the flush at exit) go nowhere instead of failing again
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # not a real file (a test's runner)
        pass
    raise SystemExit(CLOSED_PIPE)


class _Console(Console):
    """A rich console that ends a command quietly when its reader goes away (``closed_pipe``);
    rich's own way exits with status 1, the status of a bad record."""

    def on_broken_pipe(self) -> None:
        closed_pipe()


app = _App(
    cls=_Boundary,
    rich_markup_mode=None,
    name="gtr",
    help="Record, check, replay and query games of Glory to Rome.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
# A record's text is printed as written: no ``:name:`` turned into an emoji (a quoted line
# keeps its characters and its caret's place); markup in it is escaped where it is printed.
out = _Console(highlight=False, emoji=False)
err = _Console(stderr=True, highlight=False, emoji=False)
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


def same_file(a: Path, b: Path) -> bool:
    """Whether ``a`` and ``b`` name one file: the same path however spelt (``./x``, a link in
    the way), or, both existing, one file under two names (a symbolic or a hard link)."""
    try:
        if os.path.samefile(a, b):
            return True
    except (OSError, ValueError):  # one of them is not there (yet)
        pass
    try:
        return Path(a).resolve() == Path(b).resolve()
    except (OSError, RuntimeError):  # a loop of links: not a file anything reads
        return False


def not_an_input(target: Path, inputs: Iterable[tuple[str, Path | None]], *, given: str, command: str,
                 hint: str) -> None:
    """Refuse (a usage error, before anything is written) to write ``target``, which ``given``
    names (``-o x.html``), when it is one of the files ``command`` reads or writes into
    (``inputs``: what each is, ``the record``, and its path): writing it would destroy it."""
    for what, path in inputs:
        if path is not None and same_file(target, path):
            one = "" if str(path) == str(target) else f": {target} is the same file"
            fail(UsageError(f"{given} would write over {what} {path}, which gtr {command} reads{one}", hint=hint))


def unseen_legend(value: Any) -> str | None:
    """The legend of the narrowed unseen cards a shown state holds (``value``: its JSON form,
    searched through), or None when it holds none: ``?~Rubble`` is a card not seen that is
    known not to be a Rubble card (a Glory to Rome answer ruled it out, R-LEG-3)."""
    from gtr_replay.game.piles import UNSEEN, excluded

    found: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if item.startswith(UNSEEN) and excluded(item):
                found.add(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
    if not found:
        return None
    said = "; ".join(f"{card}: a card not seen, known not to be a {' or '.join(sorted(excluded(card)))} card"
                     for card in sorted(found))
    return f"{UNSEEN}: a card not seen; {said} (a Glory to Rome answer ruled the material out, R-LEG-3)"


def found_files(paths) -> list:
    """The record files named and found in the folders named (``replay.files.record_files``),
    saying on standard error which folder entries were skipped as not regular files."""
    from gtr_replay.replay.files import record_files

    skipped: list = []
    files = record_files(paths, skipped=skipped)
    for entry in skipped:
        err.print(f"warning: {entry}", markup=False, highlight=False, soft_wrap=True)
    return files


def dask_address(value: str | None) -> str | None:
    """A ``--dask`` address checked when the command line is read, before any work: a usage
    error giving the form an address takes (``distributed.checked_address``)."""
    if value is None:
        return None
    from gtr_replay.distributed import checked_address

    try:
        return checked_address(value)
    except GtrError as error:
        fail(error)


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
