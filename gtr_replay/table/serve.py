"""Running the table: the links and their QR codes printed, uvicorn serving the app.

The server listens where ``--host`` says: this machine's local network address by default,
so that the phones at the table reach it and nothing past the local network is offered it.
"""

from __future__ import annotations

import errno
import io
import socket

from gtr_replay.errors import UsageError
from gtr_replay.table.links import url
from gtr_replay.table.sitting import Sitting


def qr_text(link: str) -> str:
    """``link`` as a QR code drawn with characters, for a terminal."""
    import segno

    out = io.StringIO()
    segno.make(link, error="l").terminal(out=out, compact=True)
    return out.getvalue()


def links_text(sitting: Sitting, host: str, port: int, *, codes: bool = True) -> str:
    """Every seat's link and the table's, each with its QR code."""
    links = sitting.links
    parts = []
    for seat, token in links.seats.items():
        link = url(host, port, "seat", token)
        parts.append(f"{seat}: {link}\n" + (qr_text(link) if codes else ""))
    link = url(host, port, "table", links.table)
    parts.append(f"the table: {link}\n" + (qr_text(link) if codes else ""))
    return "\n".join(parts)


def listening(host: str, port: int) -> socket.socket:
    """A socket listening on ``host:port`` for the server (``Server.run(sockets=[...])``);
    ``UsageError`` in words when the address cannot be had."""
    try:
        return socket.create_server((host, port), family=socket.AF_INET6 if ":" in host else socket.AF_INET,
                                    reuse_port=False)
    except OSError as error:
        raise UsageError(f"cannot listen on {host}:{port}: {error.strerror or error}",
                         hint=_why_not_listening(error)) from None


def _why_not_listening(error: OSError) -> str:
    """The hint for a socket that cannot listen: the port taken, the port kept for the system,
    or the address not one of this machine's (or no address at all)."""
    if error.errno == errno.EADDRINUSE:
        return "another program (or another gtr table) uses the port: give another --port, or stop the other one"
    if error.errno == errno.EACCES:
        return "ports below 1024 are the system's: give --port 1024 or above"
    return ("the address is not one of this machine's: give one it has with --host, leave --host out for its "
            "local network address, or give --this-machine")


def server(sitting: Sitting, host: str, port: int):
    """A uvicorn server for ``sitting`` (``.run()`` serves until Ctrl-C; ``.should_exit``
    stops it)."""
    import uvicorn

    from gtr_replay.table.app import application

    config = uvicorn.Config(application(sitting), host=host, port=port, log_level="warning", ws="websockets-sansio",
                            lifespan="off", access_log=False)
    return uvicorn.Server(config)
