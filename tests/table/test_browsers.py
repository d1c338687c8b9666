"""Three seats in three phone-sized browsers set up a republic game and play several turns:
a think with a drawn card, an undo on the player's own phone, a Latrine's step (a discard,
then the think the power grants) and a Legionary demand answered on the victim's phone.
The turns between are played through the seat API while the pages follow live. The record
written is the one expected and ``gtr check`` accepts it."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import notation
import pytest
from notation import statements as st
from typer.testing import CliRunner

from gtr_replay.cli import app
from tests.table.browsers import Phone
from tests.table.play import say

GAME = Path(__file__).parent / "data" / "three-seats.gtr"
SEATS = ["Ann", "Ben", "Cid"]


@pytest.fixture
def phones():
    opened: dict[str, Phone] = {}

    def open_(seat: str, url: str) -> Phone:
        opened[seat] = Phone(url)
        return opened[seat]

    yield open_
    for phone in opened.values():
        phone.quit()


def _tap_statement(phone: Phone, statement: st.Statement) -> None:
    """The statement as its player taps it: a button, or a button and the cards drawn."""
    drawn = getattr(statement, "drawn", None)
    if drawn:
        phone.choose(f"{statement.player} thinks: {statement.how}")
        for card in drawn:
            phone.pick(card)
        phone.tap("#draw-go")
    else:
        phone.choose(str(statement))


def test_three_phones_set_up_and_play(table_server, phones, tmp_path):
    expected = notation.parse_one(GAME.read_text(encoding="utf-8"))
    path = tmp_path / "thursday.gtr"
    running = table_server(path, ruleset="republic", players=SEATS)
    sitting = running.sitting
    with ThreadPoolExecutor(len(SEATS)) as pool:  # the three phones start at once
        seats = dict(zip(SEATS, pool.map(lambda seat: phones(seat, running.url(seat)), SEATS)))
    for phone in seats.values():
        phone.live()
        width, viewport, smallest = phone.layout()
        assert width <= viewport == 360 and smallest >= 44

    # the leader draw and the starting hands, each on its own phone
    for draw in expected.start.draws[0]:
        phone = seats[draw.player]
        before = sitting.version
        phone.at(before)
        phone.pick(draw.card)
        phone.at(before + 1)
    for seat, hand in expected.start.hands.items():
        phone = seats[seat]
        before = sitting.version
        phone.at(before)
        for card in hand:
            phone.pick(card)
        phone.tap("#hand-go")
        phone.at(before + 1)
    assert path.exists() and sitting.phase == "game"

    steps = [s.statement for s in expected.steps]

    def tap(statement: st.Statement) -> None:
        phone = seats[statement.actor]
        phone.at(sitting.version)
        before = sitting.version
        _tap_statement(phone, statement)
        phone.at(before + 1)

    # turn 1: Ann thinks and draws Basilica; Ben first taps a think, takes it back, then follows
    for statement in steps[:2]:
        tap(statement)
    assert str(steps[1]) == "Ann thinks: draw [Basilica]"
    ben = seats["Ben"]
    before = sitting.version
    ben.at(before)
    ben.choose("Ben thinks: jack")
    ben.at(before + 1)
    assert "Ben thinks: jack" in path.read_text()
    ben.tap("#undo")
    ben.at(before + 2)
    assert "Ben thinks: jack" not in path.read_text()
    for statement in steps[2:5]:
        tap(statement)

    # turns 2 to 7 through the seat API; the pages follow
    for statement in steps[5:32]:
        say(running, statement)

    # turn 8: a Legionary; Cid's Latrine lets him discard before the think it grants (its step)
    for statement in steps[32:34]:
        tap(statement)
    cid = seats["Cid"]
    cid.at(sitting.version)
    assert "Cid discards Forum Romanum" in cid.text()
    tap(steps[34])  # the discard
    assert "by the Latrine" in cid.text()  # the power's step, Cid's to take
    tap(steps[35])  # the think the Latrine grants: five cards drawn, picked on the phone
    for statement in steps[36:38]:
        tap(statement)
    cid.at(sitting.version)
    assert "Rome demands Wood" in cid.text()  # the victim's phone shows the demand
    assert str(steps[38]) == "Cid gives Market to Ann"
    tap(steps[38])

    for seat, phone in seats.items():
        phone.at(sitting.version)
        assert "Cid gives Market to Ann" in phone.text()
        width, viewport, smallest = phone.layout()
        assert width <= viewport and smallest >= 44
    written = notation.parse_one(path.read_text(encoding="utf-8"))
    assert [str(s.statement) for s in written.steps] == [str(s) for s in steps]
    assert written.start.hands == expected.start.hands
    assert CliRunner().invoke(app, ["check", str(path)]).exit_code == 0
