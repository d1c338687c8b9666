"""One game at the table: its setup, its statements, undo, and one decision at a time.

Every change (a card of the leader draw, a hand, a statement, an undo) raises ``version``
(begun afresh at each start of the server, past any version before);
a page sends the version it was drawn at with every action, and an action from a page drawn
before the last change is refused with "the game moved on" (``MovedOn``), so nothing is
applied twice or on a stale screen. The caller serialises actions (``app`` holds a lock).

Statements go through ``gtr record``'s recorder (``recorder.Recording``), which writes each
one to the record file at once and refuses what ``gtr check`` refuses, in its words.
"""

from __future__ import annotations

import time
from pathlib import Path

import notation

from gtr_replay.errors import GtrError, UsageError
from gtr_replay.replay.recorder import Recording, Refused, opening_record
from gtr_replay.replay.legal import final_result
from gtr_replay.table import views
from gtr_replay.table.links import Links, side_file
from gtr_replay.table.opening import RECORDER, Opening

MOVED_ON = "the game moved on"
ELSEWHERE = "a card named is not one that can be there: every copy of it is placed already (R-COMP-6)"
"""Said instead of the replayer's words where those would say where the copies are (another
player's hand, line by line)."""
LAST_SAID = 8
"""Statements a seat's page shows (the table's page shows the whole record)."""


class MovedOn(GtrError):
    """An action from a page drawn before the last change."""

    def __init__(self) -> None:
        super().__init__(MOVED_ON, hint="the page now shows the game as it stands: decide again")


class Sitting:
    """The game recorded in ``path`` and its links (``FILE.table``)."""

    def __init__(self, path: Path, links: Links) -> None:
        self.path = Path(path)
        self.links = links
        self.opening = Opening(links)
        self.recording: Recording | None = Recording.resume(self.path) if self.path.exists() else None
        self.version = time.time_ns() // 1_000_000
        """Raised at every change; begun at the clock's milliseconds, so that a page drawn
        before a restart never matches a version of the server that follows."""
        self._views: dict[str | None, dict] = {}
        self._point = None

    # -- starting and resuming --------------------------------------------------------------
    @classmethod
    def open(cls, path: Path, *, ruleset: str | None = None, players: list[str] | None = None,
             expansion: str | None = None, event: str | None = None, port: int | None = None) -> Sitting:
        """A new game (``ruleset`` and ``players`` given) or the one in ``path`` resumed."""
        path = Path(path)
        links_path = side_file(path)
        if path.is_dir():
            raise UsageError(f"{path} is a folder", hint=f"a game is recorded in one file: name it, e.g. {path / 'game.gtr'}")
        if ruleset or players or expansion:
            if path.exists() or links_path.exists():
                raise UsageError(f"{path} is begun already: it is resumed as it is",
                                 hint="leave out --ruleset, --players and --expansion, or give a new file")
            if not (ruleset and players):
                raise UsageError("a new game at the table needs --ruleset and --players",
                                 hint='gtr table game.gtr --ruleset republic --players "Ann, Ben, Cid"')
            links = Links(ruleset, players, expansion, event, port or 8765)
            _check_new(links, path)
            links.save(links_path)
        elif links_path.exists():
            links = Links.load(links_path)
            if port is not None and port != links.port:
                links.port = port
                links.save(links_path)
        elif path.exists():
            raise UsageError(f"{path} has no table links beside it ({links_path.name})",
                             hint="gtr table resumes the games it began; record this one with gtr record FILE, "
                                  "or begin a new file with --ruleset and --players")
        else:
            raise UsageError(f"{path}: no such file", hint="begin a game with --ruleset and --players")
        return cls(path, links)

    @property
    def phase(self) -> str:
        if self.recording is None:
            return "setup"
        return "over" if self.recording.over else "game"

    # -- acting --------------------------------------------------------------------------------
    def act(self, who: str | None, version: int, action: dict) -> str:
        """Apply one action of the page of ``who`` (a seat; None: the table) drawn at
        ``version``; returns what was done, in words. Raises ``MovedOn``, ``Refused`` or
        ``CannotSave`` (the file holds every statement accepted before)."""
        if version != self.version:
            raise MovedOn()
        kind = action.get("do")
        if kind == "undo":
            done = self._undo(who)
        elif who is None:
            raise Refused("the table's page takes statements back; each seat makes its own decisions")
        elif kind == "draw":
            done = self._draw(who, str(action.get("card", "")))
        elif kind == "hand":
            done = self._hand(who, [str(c) for c in action.get("cards", [])])
        elif kind == "say":
            done = self._say(who, str(action.get("text", "")))
        else:
            raise Refused(f"unknown action {kind!r}")
        self.version += 1
        self._views.clear()
        self._point = None
        return done

    def _draw(self, seat: str, card: str) -> str:
        if self.recording is not None:
            raise Refused("the setup is over")
        card = self.opening.draw(seat, card)
        self.links.save(side_file(self.path))
        return f"{seat} drew {card} for the leader draw"

    def _hand(self, seat: str, cards: list[str]) -> str:
        if self.recording is not None:
            raise Refused("the setup is over: the starting hands are in the record")
        hand = self.opening.hand(seat, cards)
        if self.opening.complete:
            record = self.opening.record(list(self.links.players))
            self.recording = Recording.begin(self.path, record, None)
        self.links.save(side_file(self.path))
        return f"{seat}'s starting hand: {', '.join(hand)}"

    def _say(self, seat: str, text: str) -> str:
        recording = self.recording
        if recording is None:
            raise Refused("the game has not begun: the setup comes first")
        point = self.point()
        if point.player != seat:
            whose = f"it is {point.player}'s decision" if point.player else "the game is over"
            raise Refused(f"'{text}' cannot come next: {whose}")
        try:
            return recording.add(text, actor=seat)
        except Refused as error:
            if error.diagnostic is not None and "R-COMP-6" in error.diagnostic.rule_ids:
                raise Refused(ELSEWHERE, hint="check the cards typed; a hand or a draw typed wrong earlier is "
                                              "taken back from the table's page") from None
            raise

    def point(self):
        """Whose decision it is and what is legal now (once per change)."""
        if self._point is None:
            self._point = self.recording.point()
        return self._point

    def _undo(self, who: str | None) -> str:
        recording = self.recording
        if recording is None and who is None:
            taken = self.opening.take_back_draw()
            self.links.save(side_file(self.path))
            return f"the leader draw's {taken}"
        if recording is None or not recording.record.steps:
            raise Refused("nothing to take back: no statement recorded yet")
        last = recording.record.steps[-1].statement
        if who is not None and last.actor != who:
            raise Refused(f"only {last.actor} or the table's page can take back '{views.spoken(last, who)}'",
                          hint="a player takes back their own last statement while nothing followed it")
        recording.undo()
        return views.spoken_text(last, who)  # the table's page is the public screen

    # -- what the pages see --------------------------------------------------------------------
    def view(self, who: str | None) -> dict:
        """The data the page of ``who`` (a seat; None: the table) is drawn from."""
        if who not in self._views:
            self._views[who] = self._view(who)
        return self._views[who]

    def _view(self, who: str | None) -> dict:
        links = self.links
        data: dict = {"version": self.version, "seat": who, "players": list(links.players),
                      "ruleset": links.ruleset, "phase": self.phase, "file": self.path.name}
        if self.recording is None:
            data["setup"] = self._setup_view(who)
            return data
        recording = self.recording
        state = recording.state
        shown = views.plain(views.seat_model(state, who) if who is not None else views.public_model(state))
        steps = recording.record.steps
        said = [views.spoken_text(s.statement, who) for s in (steps if who is None else steps[-LAST_SAID:])]
        point = self.point()
        data.update({
            "state": shown,
            "seen": dict(views.visible_cards(shown)),
            "statements": said,
            "count": len(steps),
            "deciding": point.player,
            "prompt": point.prompt,
            "choices": views.choices(state, who) if who is not None else None,
            "undo": bool(steps) and (who is None or steps[-1].statement.actor == who),
            "result": final_result(state) if recording.over else None,
        })
        return data

    def _setup_view(self, who: str | None) -> dict:
        opening, links = self.opening, self.links
        spec = opening.spec
        return {
            "orders": spec.starting_orders, "jacks": spec.starting_jacks,
            "draws": [dict(r) for r in links.draws],
            "draw_due": opening.draw_due(),
            "leader": opening.leader(),
            "hands_in": [p for p in links.players if p in links.hands],
            "hand": links.hands.get(who) if who is not None else None,
        }

    def cards(self) -> dict:
        """The game's card list, the same for every page."""
        return views.card_list(self.opening.spec.ruleset, self.opening.chosen)


def _check_new(links: Links, path: Path) -> None:
    """A new game's ruleset, players and expansion, checked before anything is written."""
    if not 2 <= len(links.players) <= 5:
        raise UsageError(f"{len(links.players)} players: Glory to Rome is played by 2 to 5",
                         hint='list the seating order: --players "Ann, Ben, Cid"')
    if len(set(links.players)) != len(links.players):
        raise UsageError("two players have the same name", hint="give each player a distinct name")
    try:
        Opening(links)
        opening_record(path, ruleset=links.ruleset, players=links.players, pool="pool:", hands={},
                       recorder=RECORDER, expansion=links.expansion)
    except GtrError as error:
        raise UsageError(error.message, hint=error.hint) from None
    if not path.parent.is_dir():
        raise UsageError(f"{path.parent}: no such folder", hint="give a file in a folder that exists")
