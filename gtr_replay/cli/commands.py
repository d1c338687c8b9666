"""The card, ruling, self-play and formatting commands, and the entry point (``main``)."""

from __future__ import annotations

import json
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.markup import escape
from rich.table import Table

from gtr_replay.cli.common import (
    ExpansionOpt, JsonOpt, RulesetOpt, app, closed_pipe, debug, err, fail, found_files, out, with_progress,
)
from gtr_replay.counted import counted
from gtr_replay.errors import GtrError, UsageError


@app.command()
def cards(ruleset: RulesetOpt = "republic", as_json: JsonOpt = False,
          missing: Annotated[bool, typer.Option("--missing", help="List only the cards whose building power "
                                                                  "is not written yet.")] = False,
          expansion: ExpansionOpt = None) -> None:
    """List every card of a ruleset: name, material, role, value and copies, with Jacks,
    Sites and the optional Geek cards (a material the rulebook leaves unstated is marked
    assumed). With --expansion, the Geek cards named are counted in the deck and the others
    left out.

    Example: gtr cards --ruleset imperium --expansion geek --missing
    """
    from gtr_replay.data.cards import cards_for
    from gtr_replay.data.expansions import expansion_cards
    from gtr_replay.powers.unwritten import not_written
    from gtr_replay.data.rulesets import find_ruleset

    try:
        spec = find_ruleset(ruleset)
        chosen = expansion_cards(expansion, spec.ruleset) if expansion is not None else None
    except GtrError as error:
        fail(error)
    card_set = cards_for(spec.ruleset)
    optional = card_set.optional if chosen is None else {n: card_set.optional[n] for n in chosen}
    if missing:
        names = sorted(n for n in not_written(spec.ruleset) if n in card_set.cards or n in optional)
        if as_json:
            print(json.dumps({"ruleset": str(spec.ruleset), "no_power_yet": names}, indent=2))
        elif not names:
            out.print(f"every card of {spec.ruleset} has its building power")
        else:
            out.print(f"{counted(len(names), 'card')} of {spec.ruleset} without a building power yet:")
            out.print(", ".join(names))
        return
    rows = [*card_set.cards.values(), *optional.values()]
    rows.sort(key=lambda c: (c.optional, list(type(c.material)).index(c.material), c.name))
    aliases = {alias: name for alias, name in card_set.aliases.items() if name in card_set.cards}
    if as_json:
        print(json.dumps({
            "ruleset": str(spec.ruleset),
            "cards": [{"name": c.name, "material": str(c.material), "role": str(c.role), "value": c.value,
                       "copies": c.copies, "optional": c.optional, "assumed": c.assumed} for c in rows],
            **({"expansion": list(chosen), "order_cards": sum(c.copies for c in rows)} if chosen is not None else {}),
            "jacks": card_set.jacks,
            "sites_per_material": card_set.sites_per_material,
            "aliases": aliases,
        }, indent=2))
        return
    table = Table(title=f"{spec.ruleset} cards")
    for column in ("card", "material", "role", "value", "copies", "note"):
        table.add_column(column, justify="right" if column in ("value", "copies") else "left")
    for c in rows:
        note = "optional (Geek)" + (", material assumed" if c.assumed else "") if c.optional else ""
        table.add_row(c.name, str(c.material), str(c.role), str(c.value), str(c.copies), note)
    out.print(table)
    in_deck = [*card_set.cards.values(), *(optional.values() if chosen is not None else ())]
    orders = sum(c.copies for c in in_deck)
    out.print(f"{len(in_deck)} types, {orders} Order cards{' with the Geek cards chosen' if chosen else ''}; "
              f"{card_set.jacks} Jacks; {card_set.sites_per_material} Sites per material")
    if aliases:
        out.print("also accepted: " + ", ".join(f"{a} = {n}" for a, n in sorted(aliases.items())))


@app.command()
def rulings(as_json: JsonOpt = False,
            markdown: Annotated[bool, typer.Option("--markdown", help="Print docs/RULINGS.md.")] = False) -> None:
    """List the rulings: each ambiguity of the rules as a named option, its default first.

    Example: gtr rulings --json
    """
    from gtr_replay.data.rulings import RULINGS
    from gtr_replay.data.rulings_doc import markdown as render

    if markdown and as_json:
        fail(UsageError("give one of --json and --markdown"))
    if markdown:
        sys.stdout.write(render())
        return
    if as_json:
        print(json.dumps([{
            "name": r.name, "amb": r.amb, "question": r.question, "default": r.default,
            "readings": [{"name": x.name, "description": x.description, "texts": list(x.texts)} for x in r.readings],
        } for r in RULINGS], indent=2))
        return
    if out.width >= _rulings_table_width(RULINGS):
        table = Table(title="rulings (default reading first)", show_lines=True)
        for column in ("ruling", "AMB", "question", "readings"):
            table.add_column(column)
        for r in RULINGS:
            readings = "\n".join(f"[bold]{x.name}[/bold]{' (default)' if i == 0 else ''}: {escape(x.description)}"
                                 for i, x in enumerate(r.readings))
            table.add_row(r.name, r.amb, escape(r.question), readings)
        out.print(table)
    else:  # a narrow terminal: a list, whose lines wrap at its width and keep their indent
        import textwrap

        width = max(40, out.width)
        out.print("rulings (default reading first)", markup=False)
        for r in RULINGS:
            out.print()
            out.print(textwrap.fill(f"{r.name} ({r.amb}): {r.question}", width, subsequent_indent="  "),
                      markup=False)
            for i, x in enumerate(r.readings):
                said = f"{x.name}{' (default)' if i == 0 else ''}: {x.description}"
                out.print(textwrap.fill(said, width, initial_indent="    ", subsequent_indent="      "), markup=False)
        out.print()
    out.print('Choose readings in a record with [Rulings "name=reading, ..."].', markup=False)


RULINGS_TEXT_WIDTH = 36
"""Columns the question and the readings each get at least where ``gtr rulings`` draws a table;
a terminal narrower than that table gets a list."""


def _rulings_table_width(rulings) -> int:
    """The narrowest terminal ``gtr rulings`` draws its table on: the ruling and AMB columns
    unwrapped, the question and readings columns ``RULINGS_TEXT_WIDTH`` each, and the borders."""
    name = max(len("ruling"), *(len(r.name) for r in rulings))
    amb = max(len("AMB"), *(len(r.amb) for r in rulings))
    return name + amb + 2 * RULINGS_TEXT_WIDTH + 4 * 3 + 1  # each column padded by one a side, five borders


@app.command()
def selfplay(
    ruleset: RulesetOpt = "republic",
    players: Annotated[int, typer.Option("--players", "-n", help="Number of players, 2 to 5.")] = 3,
    seed: Annotated[str, typer.Option("--seed", "-s", help="Seed: the same seed gives the same games.")] = "1",
    games: Annotated[int, typer.Option("--games", "-g", help="How many games to play.")] = 10,
    rulings_: Annotated[Optional[str], typer.Option("--rulings", help="Readings, e.g. 'deck-end=empty-draw'.")] = None,
    check: Annotated[bool, typer.Option("--check", help="Check every invariant after every decision.")] = False,
    out_file: Annotated[Optional[Path], typer.Option("--out", help="Write every game to this .gtr file.")] = None,
    draws: Annotated[bool, typer.Option("--draws", help="With --out: list every drawn card instead of "
                                                       "naming the shuffle in a Deck tag.")] = False,
    expansion: ExpansionOpt = None,
    as_json: JsonOpt = False,
    seats: Annotated[Optional[str], typer.Option("--seats", help="A player program per seat, in seating order: "
                                                                 "random, greedy, bot or bot:PLAYOUTS "
                                                                 "(e.g. \"bot, bot:100, random\").")] = None,
) -> None:
    """Play games of uniformly random legal decisions (or of the programs --seats names)
    to the end and summarise them; with --out, write them as records in canonical notation.

    Example: gtr selfplay --ruleset imperium --players 4 --seed 7 --games 50 --expansion geek --out games.gtr
    """
    from gtr_replay.play import seat_players
    from gtr_replay.play.selfplay import selfplay as play

    if games < 1:  # nothing to play, and with --out an empty file written
        fail(UsageError(f"--games {games}: give the number of games to play, 1 or more", hint="e.g. --games 10"))
    if draws and out_file is None:
        fail(UsageError("--draws only changes what --out writes", hint="add --out FILE.gtr"))
    exists = UsageError(f"{out_file} already exists: selfplay --out never overwrites a file",
                        hint="give a new file name, or move the old file away first")
    if out_file is not None and out_file.exists():
        fail(exists)
    reasons: Counter[str] = Counter()
    decisions = turns = played = 0
    started = time.perf_counter()
    records = []
    try:
        programs = seat_players(seats, players) if seats is not None else None
        for game in with_progress(play(ruleset, players, seed, games, rulings=rulings_, check=check,
                                       expansion=expansion, seats=programs), "playing", games, quiet=as_json):
            played += 1
            decisions += len(game.decisions)
            turns += game.turns
            reasons[game.result.reason] += 1
            if out_file is not None:
                records.append(game.record(draws=draws, event=f"self-play, seed {seed}, game {played}"))
    except GtrError as error:
        fail(error)
    if out_file is not None:
        import notation
        try:
            with open(out_file, "x", encoding="utf-8") as handle:  # "x": made meanwhile? not overwritten
                handle.write(notation.write(records))
        except FileExistsError:
            fail(exists)
        except OSError as error:
            fail(UsageError(f"cannot write {out_file}: {error.strerror}", hint="check the folder exists"))
    seconds = time.perf_counter() - started
    summary = {"games": played, "decisions": decisions, "turns": turns, "end_reasons": dict(sorted(reasons.items())),
               "seconds": round(seconds, 3), "decisions_per_second": round(decisions / seconds) if seconds else 0}
    if as_json:
        print(json.dumps(summary, indent=2))
        return
    # the title on a line of its own: above a narrow table it would wrap inside the table's width
    out.print(f"self-play: {counted(games, 'game')}, {players} players, {ruleset}"
              f"{f', expansion {expansion}' if expansion else ''}, seed {seed}", markup=False, soft_wrap=True)
    table = Table()
    table.add_column("end reason")
    table.add_column("games", justify="right")
    for reason, count in sorted(reasons.items()):
        table.add_row(reason, str(count))
    out.print(table)
    out.print(f"{counted(played, 'game')}, {counted(decisions, 'decision')}, {counted(turns, 'turn')} in "
              f"{seconds:.2f} s ({summary['decisions_per_second']} decisions/s)")
    if out_file is not None:
        out.print(f"wrote {counted(played, 'record')} to {out_file}", markup=False)


@app.command()
def fmt(
    files: Annotated[list[Path], typer.Argument(help="Record files (.gtr) or folders of them, to rewrite "
                                                     "canonically.")],
    check: Annotated[bool, typer.Option("--check", help="Change nothing; exit 1 if a file is not canonical.")] = False,
    stdout: Annotated[bool, typer.Option("--stdout", help="Print the canonical text instead of rewriting.")] = False,
) -> None:
    """Rewrite records in the canonical notation (byte-stable: formatting twice changes nothing).

    Example: gtr fmt --check examples/
    """
    from notation import format_files
    from notation.fmt import Unreadable

    from gtr_replay.replay.files import read_record_file
    from gtr_replay.vocabulary import card_vocabulary

    def read(path: str) -> str:  # as every command reads a file, in the same words
        try:
            return read_record_file(Path(path))
        except GtrError as error:
            raise Unreadable(str(error), 2 if isinstance(error, UsageError) else 1) from None

    named = files
    files = found_files(named)  # folders searched for .gtr files, as check and import do
    if not files:
        fail(UsageError(f"no .gtr file in {', '.join(map(str, named))}", hint="give .gtr files or folders holding them"))
    from gtr_replay.replay.turns import placed

    result = format_files(files, check=check, stdout=stdout, vocabulary=card_vocabulary(), placed=placed,
                          out=lambda text: sys.stdout.write(text),
                          err=lambda message: err.print(message, markup=False, highlight=False, soft_wrap=True),
                          read=read)
    if result.status:
        raise typer.Exit(result.status)
    if check and not stdout:
        out.print(f"{counted(len(files), 'file')} already canonical")


def main() -> None:
    """Entry point of the ``gtr`` script and ``python -m gtr_replay``."""
    try:
        app()
    except BrokenPipeError:  # the reader of standard output went away outside a command
        closed_pipe()
    except GtrError as error:  # a library error that escaped a command
        if debug["on"]:
            raise
        err.print(f"[red]error:[/red] {escape(str(error))}", soft_wrap=True)
        sys.exit(2 if isinstance(error, UsageError) else 1)
    except Exception:
        if debug["on"]:
            raise
        err.print_exception(show_locals=False)
        sys.exit(1)
