"""One game at the table: its setup, its statements, undo, and one decision at a time.

Every change (a card of the leader draw, a hand, a statement, an undo) raises ``version``
(begun afresh at each start of the server, past any version before);
a page sends the version it was drawn at with every action, and an action from a page drawn
before the last change is refused with "the game moved on" (``MovedOn``), so nothing is
applied twice or on a stale screen. The caller serialises actions (``app`` holds a lock).

Statements go through ``gtr record``'s recorder (``recorder.Recording``), which writes each
one to the record file at once and refuses what ``gtr check`` refuses, in its words, with the
server's paths left out (a page is shown the record's file name, never where it lies).

An action is checked before anything else (``checked``): its version a whole number, its kind
one of ``draw``, ``hand``, ``say``, ``undo``, its fields of their types; a malformed one is a
``BadAction`` (the server answers 400) and changes nothing.

Hidden cards and refusals. A seat's answer must not depend on cards it cannot see. Its own
draw (``thinks: draw [...]``, a card taken from the deck) names its cards, which the table
checks against every hand and vault: a card whose every copy is placed already (R-COMP-6) is a
card the seat mistyped, or one typed wrong earlier, or a probe of the other hands. Told to the
seat alone, the refusal would let it learn, by typing one card after another, which cards
the others hold. So such a refusal is public (``opening.Noticed``): the seat is told only
``TO_THE_TABLE``, the same words whatever the card and wherever its copies lie (another hand,
another vault, the seat's own view, or more copies than the game has), and the table's page,
the public screen, shows who was refused and why, naming neither the card nor where its copies
are. A probe is thus seen by everyone, and tells the seat no more than a mistyped card tells
the whole table: that some card it typed cannot be there. The same holds for the starting hands
checked together. A seat's own draw must name its cards (its hand is known at the table): one
without them, or with an unseen ``?``, is refused with a hint (a card its player does not see
either, an Atrium's from the deck, B-ATRIUM-1, stays ``?``).

Until the first statement is recorded, the table's page takes the setup back, the last input
first (``Opening.take_back``): once the last hand is in, taking it back removes the record
file (it holds the setup alone) and the game waits for that hand again.
"""

from __future__ import annotations

import math
import os
import time
from dataclasses import fields
from pathlib import Path

import notation
from notation import statements as st

from gtr_replay.engine import Game
from gtr_replay.errors import GtrError, UsageError
from gtr_replay.game.piles import UNSEEN
from gtr_replay.replay.recorder import CannotSave, Recording, Refused, opening_record
from gtr_replay.replay.legal import final_result
from gtr_replay.table import views
from gtr_replay.table.links import Links, side_file
from gtr_replay.table.opening import RECORDER, TO_THE_TABLE, Noticed, Opening  # noqa: F401 (the app's)
from gtr_replay.vocabulary import card_vocabulary

MOVED_ON = "the game moved on"
ELSEWHERE = "a card named is not one that can be there: every copy of it is placed already (R-COMP-6)"
"""The table's page's words where the replayer's would say where the copies are (another
player's hand, line by line)."""
TAKEN_BACK = ("the table's page takes back the statements, the last first, and before the first "
              "statement the starting hands and the leader draw's cards, the last typed first")
LAST_SAID = 8
"""Statements a seat's page shows (the table's page shows the whole record)."""
NOTICES = 20
"""Public refusals the table's page shows, the latest last."""
ACTIONS = {"draw": ("card", str), "hand": ("cards", list), "say": ("text", str), "undo": (None, None)}
"""Each action's kind, and the field it carries with its type."""
MOST_CARDS = 12
"""More cards than any starting hand holds: a longer list is malformed."""


class MovedOn(GtrError):
    """An action from a page drawn before the last change."""

    def __init__(self) -> None:
        super().__init__(MOVED_ON, hint="the page now shows the game as it stands: decide again")


class BadAction(GtrError):
    """An action that is not one a page sends (a field missing or of the wrong type): answered
    400, and nothing is done."""


def checked(body: dict) -> tuple[int, dict]:
    """The version and the action of a page's ``{"version": N, "do": ..., ...}``; ``BadAction``
    in words for anything else."""
    version = body.get("version")
    if isinstance(version, float) and math.isfinite(version) and version.is_integer():
        version = int(version)
    if not isinstance(version, int) or isinstance(version, bool):
        raise BadAction("an action carries the version of the page it was made on, a whole number",
                        hint='send {"version": N, "do": ...} with N from the page\'s data')
    kind = body.get("do")
    if not isinstance(kind, str) or kind not in ACTIONS:
        said = ("an action says what it does: no \"do\"" if kind is None else
                f"unknown action {kind!r}" if isinstance(kind, str) and len(kind) <= 20 else "unknown action")
        raise BadAction(said, hint='"do" is one of draw, hand, say, undo')
    name, kind_of = ACTIONS[kind]
    action = {"do": kind}
    if name is not None:
        value = body.get(name)
        if kind_of is list:
            if (not isinstance(value, list) or len(value) > MOST_CARDS
                    or not all(isinstance(card, str) for card in value)):
                raise BadAction(f'a {kind} action\'s "{name}" is a list of card names',
                                hint='e.g. {"do": "hand", "cards": ["Road", "Wall", "Temple", "Bath", "Dock"]}')
        elif not isinstance(value, str):
            raise BadAction(f'a {kind} action\'s "{name}" is text', hint=f'e.g. {_EXAMPLES[kind]}')
        action[name] = value
    return version, action


_EXAMPLES = {"draw": '{"do": "draw", "card": "Road"}', "say": '{"do": "say", "text": "Ann thinks: jack"}'}


class Sitting:
    """The game recorded in ``path`` and its links (``FILE.table``)."""

    def __init__(self, path: Path, links: Links) -> None:
        self.path = Path(path)
        self.links = links
        self.opening = Opening(links)
        self.recording: Recording | None = None
        if self.path.exists():
            self.recording = Recording.resume(self.path)
        elif self.opening.complete:  # a take-back of the last hand cut short, or the file never written
            self.recording = Recording.begin(self.path, self.opening.record(list(links.players)), None)
        self.version = time.time_ns() // 1_000_000
        """Raised at every change; begun at the clock's milliseconds, so that a page drawn
        before a restart never matches a version of the server that follows."""
        self.notices: list[dict] = []
        """The public refusals of this run (``Noticed``), the latest last, for the table's page."""
        self._views: dict[str | None, dict] = {}
        self._point = None
        self.unkept = False
        """Links made or changed by ``open(keep=False)`` and not yet written (``keep``)."""

    # -- starting and resuming --------------------------------------------------------------
    @classmethod
    def open(cls, path: Path, *, ruleset: str | None = None, players: list[str] | None = None,
             expansion: str | None = None, event: str | None = None, port: int | None = None,
             host: str | None = None, keep: bool = True) -> Sitting:
        """A new game (``ruleset`` and ``players`` given) or the one in ``path`` resumed; a port
        or host given to a game resumed replaces the one kept. With ``keep=False`` a new game's
        links, or a port or host changed, are written only by ``keep()``: ``gtr table`` writes
        them once its server listens, so a start that fails (a port in use) leaves nothing to
        refuse or to reuse on the next try."""
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
            links = Links(ruleset, players, expansion, event, port or 8765, host=host)
            _check_new(links, path)
            changed = True
        elif links_path.exists():
            links = Links.load(links_path)
            changed = (port is not None and port != links.port) or (host is not None and host != links.host)
            links.port = port if port is not None else links.port
            links.host = host if host is not None else links.host
        elif path.exists():
            raise UsageError(f"{path} has no table links beside it ({links_path.name})",
                             hint="gtr table resumes the games it began; record this one with gtr record FILE, "
                                  "or begin a new file with --ruleset and --players")
        else:
            raise UsageError(f"{path}: no such file", hint="begin a game with --ruleset and --players")
        sitting = cls(path, links)
        sitting.unkept = changed
        if keep:
            sitting.keep()
        return sitting

    def keep(self) -> None:
        """Write the links (``FILE.table``) where this start made or changed them."""
        if self.unkept:
            self.links.save(side_file(self.path))
            self.unkept = False

    @property
    def phase(self) -> str:
        if self.recording is None:
            return "setup"
        return "over" if self.recording.over else "game"

    # -- acting --------------------------------------------------------------------------------
    def act(self, who: str | None, version: int, action: dict) -> str:
        """Apply one action (as ``checked`` reads it) of the page of ``who`` (a seat; None: the
        table) drawn at ``version``; returns what was done, in words. Raises ``BadAction``,
        ``MovedOn``, ``Refused`` (``Noticed`` when the table's page is told why) or
        ``CannotSave`` (the file holds every statement accepted before); their words never
        hold the server's paths."""
        try:
            return self._act(who, version, action)
        except Noticed as noticed:
            self.notices = [*self.notices, {"text": noticed.notice, "hint": noticed.notice_hint}][-NOTICES:]
            self._views.pop(None, None)  # the table's page shows it; no seat's page changes
            raise
        except GtrError as error:
            error.message = self.unplaced(error.message)
            error.hint = self.unplaced(error.hint)
            raise

    def _act(self, who: str | None, version: int, action: dict) -> str:
        version, action = checked({**action, "version": version})
        if version != self.version:
            raise MovedOn()
        kind = action.get("do")
        if kind == "undo":
            done = self._undo(who)
        elif who is None:
            raise Refused("the table's page takes statements back; each seat makes its own decisions")
        elif kind == "draw":
            done = self._draw(who, action["card"])
        elif kind == "hand":
            done = self._hand(who, action["cards"])
        else:
            done = self._say(who, action["text"])
        self.version += 1
        self._views.clear()
        self._point = None
        return done

    def unplaced(self, words: str | None) -> str | None:
        """``words`` with the record's folder left out: a page is told the file's name, never
        where the server keeps it."""
        if not words:
            return words
        for folder in {str(self.path.parent), str(self.path.resolve().parent)}:
            if folder not in ("", "."):
                words = words.replace(folder.rstrip(os.sep) + os.sep, "")
        return words

    def _draw(self, seat: str, card: str) -> str:
        if self.recording is not None:
            raise Refused("the setup is over: the leader draw is in the record", hint=TAKEN_BACK)
        card = self.opening.draw(seat, card)
        self.links.save(side_file(self.path))
        return f"{seat} drew {card} for the leader draw"

    def _hand(self, seat: str, cards: list[str]) -> str:
        if self.recording is not None:
            raise Refused("the setup is over: the starting hands are in the record", hint=TAKEN_BACK)
        hand = self.opening.hand(seat, cards)
        self.links.save(side_file(self.path))  # before the record: a restart begins it from these
        if self.opening.complete:
            record = self.opening.record(list(self.links.players))
            self.recording = Recording.begin(self.path, record, None)
        return f"{seat}'s starting hand: {', '.join(hand)}"

    def _say(self, seat: str, text: str) -> str:
        recording = self.recording
        if recording is None:
            raise Refused("the game has not begun: the setup comes first")
        if len(text.strip().splitlines()) > 1:
            raise Refused("type one statement at a time, on one line", hint="each statement is recorded as it comes")
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate: half of an emoji the phone's keyboard split
            raise Refused("the text holds a character that is not whole (half of an emoji?), so it cannot be saved",
                          hint="type the statement again without it") from None
        point = self.point()
        if point.player != seat:
            if point.player:
                raise Refused(f"'{text}' cannot come next: it is {point.player}'s decision")
            raise Refused(f"'{text}' cannot come next: the game is over",
                          hint="if the last statement was wrong, its player (or the table's page) takes it back "
                               "with undo")
        said = self._read(text)
        if said is not None and said.variations:  # replayed against the real hands, it would tell them
            raise Refused("a variation is not recorded at the table: replayed against the hands as they are, its "
                          "answer would tell where cards you cannot see lie",
                          hint="record what was played; add variations to the file after the game")
        self._names_its_cards(seat, text, said)
        try:
            return recording.add(text, actor=seat)
        except Refused as error:
            if error.diagnostic is not None and "R-COMP-6" in error.diagnostic.rule_ids:
                raise Noticed(f"{seat}'s statement {len(recording.record.steps) + 1} was not recorded: {ELSEWHERE}",
                              notice_hint=f"{seat} checks the cards typed; {TAKEN_BACK}") from None
            raise

    def _read(self, text: str):
        """The step ``text`` reads as (its statement, comments and variations), or None where it
        does not read: the recorder then refuses it in its own words."""
        players = ", ".join(self.links.players)
        try:
            return notation.parse_one(f'[Players "{players}"]\n\n  {text.strip()}\n',
                                      vocabulary=card_vocabulary()).steps[-1]
        except (notation.NotationError, GtrError, IndexError):
            return None

    def _names_its_cards(self, seat: str, text: str, step) -> None:
        """Refuse ``seat``'s own draw written without its cards or with an unseen one: its hand
        is known at the table (the recorder would take it as drawn unseen). A card its player
        does not see either, one sold from the deck into the vault (B-ATRIUM-1), stays ``?``."""
        if step is None:
            return  # the recorder refuses it in its own words
        said = step.statement
        if said.actor != seat:
            return
        state = self.recording.state
        if isinstance(said, st.Think) and said.drawn is None and str(said.how) != "jack" and not state.deck_known:
            count = Game(state).think_draws(seat, str(said.how))
            if count:
                raise Refused(f"'{text.strip()}' leaves out the cards {seat} drew: a player's own draw names "
                              "its cards", hint=f"pick the {_cards(count)} drawn, or type them: "
                                                f"'{said} [{', '.join(['Card'] * count)}]'")
        if isinstance(said, st.Sell) and said.source is st.Zone.DECK:
            return
        if any(value == UNSEEN or (isinstance(value, tuple) and UNSEEN in value)
               for value in (getattr(said, f.name) for f in fields(said))):
            raise Refused(f"'{text.strip()}' names a card of {seat}'s as '{UNSEEN}': a player's own cards "
                          "are known at the table", hint="name the card drawn, as it is in the hand")

    def point(self):
        """Whose decision it is and what is legal now (once per change)."""
        if self._point is None:
            self._point = self.recording.point()
        return self._point

    def _undo(self, who: str | None) -> str:
        recording = self.recording
        if recording is not None and recording.record.steps:
            last = recording.record.steps[-1].statement
            if who is not None and last.actor != who:
                raise Refused(f"only {last.actor} or the table's page can take back '{views.spoken(last, who)}'",
                              hint="a player takes back their own last statement while nothing followed it")
            recording.undo()
            return views.spoken_text(last, who)  # the table's page is the public screen
        if who is not None:
            again = "" if recording is not None else "; a hand is typed again with 'change it' until every hand is in"
            raise Refused("nothing to take back: no statement recorded yet",
                          hint="a leader-draw card or a starting hand typed wrong is taken back from the table's "
                               "page, the last typed first" + again)
        if recording is not None:  # the setup alone is recorded: it goes back to waiting for the last hand
            self._reopen_setup()
        taken = self.opening.take_back()
        self.links.save(side_file(self.path))
        return taken

    def _reopen_setup(self) -> None:
        """Back to the setup from a record holding the setup alone: the record file is removed
        before the side file is saved without the hand taken back, so a restart in between
        finds every hand and begins the record again (nothing half done)."""
        self._hands_from_record()
        try:
            self.path.unlink()
        except FileNotFoundError:
            pass
        except OSError as error:
            raise CannotSave(f"cannot take back the starting hand: cannot remove {self.path.name}: "
                             f"{error.strerror or error}", hint="check that its folder may be written to") from None
        self.recording = None

    def _hands_from_record(self) -> None:
        """The record's starting hands the side file lacks (one saved before the record was
        begun, by an older version), as typed last: what the table's page takes back first."""
        hands = self.links.hands
        for player, hand in self.recording.record.start.hands.items():
            if player not in hands and all(card != UNSEEN for card in hand):
                hands[player] = list(hand)

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
            if who is None:
                data["notices"] = self.notices
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
            "undo": (bool(steps) and (who is None or steps[-1].statement.actor == who)) or (who is None and not steps),
            "undo_label": self._setup_input() if who is None and not steps else None,
            "result": final_result(state) if recording.over else None,
        })
        if who is None:
            data["notices"] = self.notices
        return data

    def _setup_input(self) -> str | None:
        self._hands_from_record()
        return self.opening.last_input()

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
            "undo": opening.last_input() if who is None else None,
        }

    def cards(self) -> dict:
        """The game's card list, the same for every page."""
        return views.card_list(self.opening.spec.ruleset, self.opening.chosen)


def _cards(count: int) -> str:
    return "card" if count == 1 else f"{count} cards"


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
