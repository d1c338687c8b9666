"""Fixtures for the views: one self-play game, replayed once, the facts the tests need read
from that replay, and a text console.

The game is generated at test time, so it changes whenever the rules change which decisions
are legal. No test names a card, a statement number or a score of it: each is read from the
replayed game (``Sale``, ``the_game``). The game is the first of self-play seeds 4, 5, 6...
(republic, two players, game 1) that has everything the tests look at: a public sale into a
vault while the other player's vault holds cards from earlier turns, a completed building,
a forced answer to a Legionary demand, and a counted end.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

import pytest
from rich.console import Console

import notation
from gtr_replay.game.decisions import Sell
from gtr_replay.engine.scoring import result
from gtr_replay.enums import Zone
from gtr_replay.render.timeline import Timeline
from gtr_replay.play.selfplay import selfplay
from tests.text_snapshot import TextSnapshot

SEED = 4
"""The first seed tried; the next ones are tried in order until a game has what the tests need."""
SEEDS_TRIED = 50


@dataclass(frozen=True)
class Sale:
    """A Merchant's sale from the stockpile, which the whole table sees go into the vault
    (R-VAULT-1), at a moment when the other player's vault holds only cards that went in on
    earlier turns, which nobody may look at, not even their owner."""

    position: int
    """The statement that sells; the state after it is ``timeline.state(position)``."""
    seller: str
    card: str
    viewer: str
    """The other player, whose view the tests take."""
    turn: int
    """The turn the sale is made in."""
    next_turn: int
    """The position where the next turn begins: the sale is no longer seen there."""


def find_sale(timeline: Timeline) -> Sale | None:
    """The first sale with everything the vault tests look at, or ``None``."""
    for position, moment in enumerate(timeline.main, 1):
        snap = moment.snapshot
        if not isinstance(snap.decision, Sell):
            continue
        seller, card = snap.player, snap.decision.card
        if not any(e.kind == "move" and e.card == card and e.source == Zone.STOCKPILE and e.target == Zone.VAULT
                   for e in snap.events):
            continue  # only a sale from the stockpile is seen by everyone
        if timeline.turn_at(position) != moment.turn or moment.turn + 1 not in timeline.turns:
            continue  # the sale must leave its turn under way, and the game must go on past it
        start = timeline.state(timeline.start_of_turn(moment.turn))
        before, after = timeline.state(position - 1), timeline.state(position)
        if before.player(seller).vault != start.player(seller).vault:
            continue  # something else went into the seller's vault this turn
        for other in after.players:
            if other.name == seller:
                continue
            if (other.vault and other.vault == start.player(other.name).vault
                    and other.hand and after.player(seller).hand):
                return Sale(position, seller, card, other.name, moment.turn,
                            timeline.start_of_turn(moment.turn + 1))
    return None


def has_what_the_tests_need(timeline: Timeline) -> bool:
    final = timeline.state(len(timeline))
    answered = any(e.kind == "glory" or (e.kind == "move" and e.target == Zone.STOCKPILE
                                         and e.source in (Zone.HAND, Zone.STOCKPILE) and e.player != m.snapshot.player)
                   for m in timeline.main for e in m.snapshot.events)  # a neighbour answers a demand
    return (final.over and result(final).counted and answered
            and any(b.complete for p in final.players for b in p.buildings)
            and any(p.clientele for p in final.players) and any(p.stockpile for p in final.players)
            and find_sale(timeline) is not None)


@dataclass(frozen=True)
class TheGame:
    seed: int
    record: notation.Record
    timeline: Timeline


@pytest.fixture(scope="session")
def browser():
    """One headless chromium for every browser test of the run (starting one takes seconds)."""
    from tests.render.browser import start_browser, stop_browser

    driver = start_browser()
    yield driver
    stop_browser(driver)


@pytest.fixture
def text_snapshot(snapshot):
    return snapshot.use_extension(TextSnapshot)


@pytest.fixture(scope="session")
def the_game() -> TheGame:
    """Republic, two players: game 1 of the first seed from ``SEED`` on whose game has what
    the tests need (deterministic: the same rules always pick the same game)."""
    for seed in range(SEED, SEED + SEEDS_TRIED):
        game = next(selfplay("republic", 2, seed, 1))
        record = game.record(event=f"self-play, seed {seed}, game 1")
        timeline = Timeline.replay(record, source="game.gtr")
        if has_what_the_tests_need(timeline):
            return TheGame(seed, record, timeline)
    raise AssertionError(f"no republic two-player self-play game of seeds {SEED} to {SEED + SEEDS_TRIED - 1} "
                         "has a public sale, a completed building, a forced Legionary answer and a counted end")


@pytest.fixture(scope="session")
def game_record(the_game):
    return the_game.record


@pytest.fixture(scope="session")
def game_file(game_record, tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("render") / "game.gtr"
    path.write_text(notation.write([game_record]), encoding="utf-8")
    return path


@pytest.fixture(scope="session")
def timeline(the_game) -> Timeline:
    return the_game.timeline


@pytest.fixture(scope="session")
def sale(timeline) -> Sale:
    found = find_sale(timeline)
    assert found is not None
    return found


def render(renderable) -> str:
    """What a 100-column terminal without colour shows."""
    console = Console(record=True, width=100, color_system=None, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def flat(text: str) -> str:
    """The text without panel borders, every run of spaces and line breaks made one space."""
    return " ".join(text.replace("│", " ").split())


def row(text: str, label: str) -> str:
    """The row of a panel whose label is ``label`` (the panels are one grid each), its
    wrapped lines joined by a space, without the borders."""
    lines = text.splitlines()
    for n, line in enumerate(lines):
        if line.strip("│ ").startswith(label + " "):
            parts = [line.strip("│ ")]
            for more in lines[n + 1:]:
                if not more.startswith("│   "):  # a border, or the next row's label
                    break
                parts.append(more.strip("│ "))
            return " ".join(parts)
    raise AssertionError(f"no {label!r} row in\n{text}")


def camp(text: str, name: str) -> str:
    """The panel of ``name``'s camp in a rendered state view."""
    for part in text.split("╭─")[1:]:
        if part.lstrip().startswith(name + " "):
            return "╭─" + part
    raise AssertionError(f"no panel for {name} in\n{text}")


def cards(n: int, what: str) -> str:
    """'1 card, face down', '3 cards, hidden': how a view counts hidden cards."""
    return f"{n} card{'' if n == 1 else 's'}, {what}"
