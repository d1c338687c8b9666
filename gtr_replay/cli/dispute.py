"""``gtr diff``: one record replayed under two sets of readings, and where they part."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.text import Text

from gtr_replay.counted import counted
from gtr_replay.cli.common import JsonOpt, RulingsOpt, app, emit_json, err, fail, out
from gtr_replay.cli.view import FileArg, RecordOpt
from gtr_replay.errors import UsageError


def _said(name: str, side) -> Text:
    if side is None:
        return Text(f"  {name}: the record has no such statement here", style="dim")
    line = side.line
    if not side.accepted:
        return Text(f"  {name} refuses it: {line.problem}", style="red")
    return Text(f"  {name} accepts it: " + ("; ".join(line.changes) or "nothing changes"))


def _outcome(name: str, o) -> str:
    if not o.started:
        return f"{name}: the game cannot be set up: {o.problem}"
    text = f"{name}: {counted(o.statements, 'statement')} replayed; "
    text += f"{o.said}; scores {o.result}" if o.over else "the game goes on, nobody has won"
    if o.problem:
        text += f"; stopped: {o.problem}"
    return text


@app.command()
def diff(
    file: FileArg,
    against: Annotated[str, typer.Option("--against", help="The other readings, e.g. 'deck-end=empty-draw'.")],
    rulings: RulingsOpt = None,
    record: RecordOpt = 1,
    as_json: JsonOpt = False,
) -> None:
    """Replay a record under two sets of readings (--rulings, default the record's own, and
    --against) and show the first statement where they part: one accepts and the other
    refuses it, or the states after it differ; then how far each side goes. Exit 0 when
    the readings agree on the whole record, 1 when they part or when a line of the record
    does not read (reported as gtr check reports it; the statements before it are compared).

    Example: gtr diff game.gtr --rulings deck-end=last-card --against deck-end=empty-draw
    """
    from gtr_replay.render.disputes import compare
    from gtr_replay.render.model import state_model
    from gtr_replay.render.opening import open_record
    from gtr_replay.render.state import model_view

    if not against.strip():
        fail(UsageError("--against names no readings: there is nothing to compare the record's with",
                        hint="e.g. --against deck-end=empty-draw; gtr rulings lists the readings"))
    opened = open_record(file, record)
    # A line that does not read cuts the record there (as every view shows it): said as check says
    # it, and the status is 1 whatever the readings do with the statements before it.
    unread = opened.problems[:len(opened.problems) - len(opened.timeline.problems)]
    found = compare(opened.record, rulings, against, source=str(file))
    if as_json:
        emit_json({**found.to_dict(), "problems": unread})
        raise typer.Exit(1 if found.divergence or unread else 0)
    a, b = found.a, found.b
    out.print(Text(f"{file} · record {record}: A = {a.rulings}, B = {b.rulings}", style="bold"), soft_wrap=True)
    d = found.divergence
    if d is None and unread:  # named here too, for a reader of the output alone (its report is on stderr)
        out.print(f"the readings agree on every statement read, up to the line that does not read: "
                  f"{unread[0].splitlines()[0]}", soft_wrap=True, markup=False, highlight=False)
    elif d is None:
        out.print("the readings agree on every statement of the record", soft_wrap=True)
    else:
        where = "the start" if d.index == 0 else f"statement {d.index} (line {d.line}, turn {d.turn}): {d.statement}"
        out.print(Text(f"first divergence, at {where}", style="bold yellow"), soft_wrap=True)
        if d.index:
            out.print(_said("A", d.a), soft_wrap=True)
            out.print(_said("B", d.b), soft_wrap=True)
        if d.said:
            out.print("  after it:", soft_wrap=True)
            for what, x, y in d.said[:20]:
                out.print(f"    {what}: A {x} | B {y}", soft_wrap=True, markup=False)
            if len(d.said) > 20:
                out.print(f"    ... and {len(d.said) - 20} more", soft_wrap=True)
        elif d.differences:
            out.print("  after it: the table and the camps are the same; the turn's bookkeeping (who has acted, "
                      "what is still owed) differs", soft_wrap=True)
    out.print(_outcome("A", a), soft_wrap=True, markup=False)
    out.print(_outcome("B", b), soft_wrap=True, markup=False)
    if d is not None and d.index == 0:
        for name, timeline in zip("AB", found.timelines):
            if timeline is not None:
                out.print(Text(f"\nunder {name}, the start:", style="bold"), soft_wrap=True)
                out.print(model_view(state_model(timeline.start)))
    elif d is not None:
        for name, side in (("A", d.a), ("B", d.b)):
            when = "after" if side.accepted else "before"
            out.print(Text(f"\nunder {name}, the state {when} it:", style="bold"), soft_wrap=True)
            out.print(model_view(state_model(side.state)))
    for problem in unread:
        err.print(problem, markup=False, highlight=False, soft_wrap=True)
    raise typer.Exit(1 if d or unread else 0)
