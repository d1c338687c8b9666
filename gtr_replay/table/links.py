"""The secret links of a game at the table, kept in a side file beside the record.

Each seat and the table get a token from ``secrets``; a page, its data and its live channel
are reached only through it. The tokens, the port and the setup typed so far are kept in
``FILE.table`` (readable by its owner only), so that ``gtr table FILE`` resumes with the same
links and every phone reconnects by itself. The record itself never holds a token.
"""

from __future__ import annotations

import json
import os
import secrets
import socket
from dataclasses import asdict, dataclass, field
from pathlib import Path

from notation.fmt import replace_text

from gtr_replay.errors import UsageError

TOKEN_BYTES = 18
"""24 characters of URL-safe text: 144 bits, beyond guessing."""


def side_file(record: Path) -> Path:
    """Where the links of the game recorded in ``record`` are kept."""
    return record.with_name(record.name + ".table")


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


@dataclass
class Links:
    """The game's settings and secret links, as the side file keeps them."""

    ruleset: str
    players: list[str]
    expansion: str | None = None
    event: str | None = None
    port: int = 8765
    table: str = field(default_factory=new_token)
    host: str | None = None
    """The address asked for (``--host``, or 127.0.0.1 for ``--this-machine``), kept so that a
    game resumed listens where its links point; None: this machine's address on the network."""
    seats: dict[str, str] = field(default_factory=dict)
    draws: list[dict[str, str]] = field(default_factory=list)
    """The leader draw typed so far, one mapping of player to card per round (a redeal is a round)."""
    hands: dict[str, list[str]] = field(default_factory=dict)
    """The starting hands typed so far (the record is written once every hand is in)."""

    def __post_init__(self) -> None:
        for player in self.players:
            self.seats.setdefault(player, new_token())

    def who(self, token: str) -> tuple[bool, str | None]:
        """``(True, seat)`` for a seat's token, ``(True, None)`` for the table's, ``(False, None)``
        for anything else; compared in constant time."""
        found: tuple[bool, str | None] = (False, None)
        if secrets.compare_digest(token.encode(), self.table.encode()):
            found = (True, None)
        for seat, secret in self.seats.items():
            if secrets.compare_digest(token.encode(), secret.encode()):
                found = (True, seat)
        return found

    def save(self, path: Path) -> None:
        """Write the side file (a new file renamed over the old), readable by its owner only."""
        if not path.exists():  # made private before any token is in it; the rename keeps its mode
            os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))
        replace_text(path, json.dumps(asdict(self), indent=1) + "\n")

    @classmethod
    def load(cls, path: Path) -> Links:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            return cls(**data)
        except (OSError, ValueError, TypeError) as error:
            raise UsageError(f"{path}: cannot read the table's links ({error})",
                             hint="remove it to start the table again with new links") from None


def local_address() -> str:
    """This machine's address on the local network (the one a route out would use; no
    packet is sent), or 127.0.0.1 when it has none."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        return probe.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def url(host: str, port: int, kind: str, token: str) -> str:
    """A page's link: ``kind`` is ``seat`` or ``table``."""
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/{kind}/{token}"
