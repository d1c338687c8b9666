"""``gtr table``: record a physical game on the players' own phones (``gtr_replay.table``)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from gtr_replay.counted import counted
from gtr_replay.cli.common import ExpansionOpt, app, fail, out
from gtr_replay.errors import GtrError, UsageError


@app.command()
def table(
    file: Annotated[Path, typer.Argument(help="The record file (.gtr): begun, or resumed if it exists.")],
    ruleset: Annotated[Optional[str], typer.Option("--ruleset", "-r", help="classic, republic or imperium "
                                                                           "(a new game).")] = None,
    players: Annotated[Optional[str], typer.Option("--players", help="Seating order, clockwise: 'Ann, Ben, Cid' "
                                                                     "(a new game).")] = None,
    expansion: ExpansionOpt = None,
    event: Annotated[Optional[str], typer.Option("--event", help="The Event tag (a new game).")] = None,
    port: Annotated[Optional[int], typer.Option("--port", help="The port to listen on (default 8765, then the "
                                                               "one the game was begun with).")] = None,
    host: Annotated[Optional[str], typer.Option("--host", help="The address to listen on (default: this "
                                                               "machine's local network address).")] = None,
    this_machine: Annotated[bool, typer.Option("--this-machine", help="Listen on 127.0.0.1 only: pages open on "
                                                                      "this machine alone.")] = False,
    codes: Annotated[bool, typer.Option("--codes/--no-codes", help="Print each link's QR code.")] = True,
) -> None:
    """Record a game played at the table on the players' own phones: prints one secret link
    (and QR code) per seat and one for the table's page. Each player types their leader-draw
    card, their starting hand and their decisions on their own page, which shows the public
    table and their own hand only; the legal decisions are buttons. Every statement is saved
    at once; run the same command on the file alone to resume (the links stay the same).

    Example: gtr table thursday.gtr --ruleset republic --players "Ann, Ben, Cid" --expansion geek
    """
    from gtr_replay.replay.recorder import hold

    if host and this_machine:
        fail(UsageError("give --host or --this-machine, not both"))
    if port is not None and not 1 <= port <= 65535:
        fail(UsageError(f"--port {port}: give a port from 1 to 65535"))
    try:
        held = hold(file)  # one session per file (a gtr record of it too): a second one is refused
    except GtrError as error:
        fail(error)
    with held:
        _serve(file, ruleset=ruleset, players=players, expansion=expansion, event=event, port=port, host=host,
               this_machine=this_machine, codes=codes)


def _serve(file: Path, *, ruleset: str | None, players: str | None, expansion: str | None, event: str | None,
           port: int | None, host: str | None, this_machine: bool, codes: bool) -> None:
    """The session of ``gtr table``: the game opened and served until Ctrl-C, the file held."""
    from gtr_replay.table.links import local_address
    from gtr_replay.table.serve import links_text, listening, server
    from gtr_replay.table.sitting import Sitting

    names = [p.strip() for p in players.split(",") if p.strip()] if players else None
    try:
        sitting = Sitting.open(file, ruleset=ruleset, players=names, expansion=expansion, event=event, port=port,
                               host="127.0.0.1" if this_machine else host, keep=False)
    except GtrError as error:
        fail(error)
    address = sitting.links.host or local_address()  # a game resumed listens where its links point
    listen = sitting.links.port
    try:
        bound = listening(address, listen)
    except GtrError as error:
        fail(error)  # nothing written: the same command with another --port or --host begins the game
    try:
        sitting.keep()  # the links, and the port and host they point to, only once they are served
    except OSError as error:
        bound.close()
        fail(UsageError(f"cannot write {file.name}.table: {error.strerror or error}",
                        hint="check that the record's folder may be written to"))
    said = len(sitting.recording.record.steps) if sitting.recording else 0
    state = "the setup to type" if sitting.recording is None else f"{counted(said, 'statement')} so far"
    out.print(f"gtr table {file} ({state}); the links are kept in {file.name}.table", markup=False)
    out.print(links_text(sitting, address, listen, codes=codes), markup=False, highlight=False)
    out.print("Ctrl-C stops the server: every statement is already saved.", markup=False)
    try:
        server(sitting, address, listen).run(sockets=[bound])
    except KeyboardInterrupt:
        pass
    finally:
        bound.close()
    said = len(sitting.recording.record.steps) if sitting.recording else 0
    out.print(f"{file}: {counted(said, 'statement')} saved", markup=False)
