"""A Jack is never a material or a client: "Jacks can never be taken or played as materials or
clients" (R-JACK-3; 000 §JACKS). A power that lets an action take its card from the hand
(B-DOCK-1, B-AQUEDUCT-2, B-BASILICA-1) does not let it take a Jack; and a replay checks after
every statement that no Jack moved where it never goes."""

import pytest

from gtr_replay import _native
from gtr_replay.engine import Game
from gtr_replay.engine.handlers.base import HANDLERS
from gtr_replay.engine.invariants import problems
from gtr_replay.game import Add, Gather, Hire, Lay, Lead, Sell, Think
from gtr_replay.game.state import Building, PlayerState
from gtr_replay.enums import JACK, Material, Role, Zone
from gtr_replay.errors import RulesError
from gtr_replay.replay.replayer import Replayer
from tests.powers.test_client_powers import done, table

import notation
from gtr_replay.replay.visitors import KeepStates, Refusal

FROM_HAND = [  # the power that opens the hand, the role led with a card of it, the action
    ("Dock", Material.WOOD, Role.LABORER, "Road", Gather("You", JACK, Zone.HAND)),
    ("Aqueduct", Material.CONCRETE, Role.PATRON, "Temple", Hire("You", JACK, Zone.HAND)),
    ("Basilica", Material.MARBLE, Role.MERCHANT, "Villa", Sell("You", JACK, Zone.HAND)),
]


@pytest.mark.parametrize("power, site, role, card, decision", FROM_HAND, ids=[p[0] for p in FROM_HAND])
def test_a_jack_is_not_gathered_hired_or_sold_from_the_hand(power, site, role, card, decision):
    """000 §JACKS: "Jacks can never be taken or played as materials or clients". You own a
    {power}, which lets the action take a card from the hand; the Jack in it is refused, and
    the Order card beside it is accepted (R-JACK-3)."""
    you = PlayerState("You", hand=[card, JACK, "Bar"], buildings=[done(power, site)])
    state = table(you, PlayerState("Opp", hand=["Road"]))
    game = Game(state)
    game.push(Lead("You", role, (card,)))
    game.push(Think("Opp", "jack"))
    with pytest.raises(RulesError) as refused:
        game.push(decision)
    assert "R-JACK-3" in refused.value.rule_ids
    assert decision not in game.legal()
    assert type(decision)("You", "Bar", Zone.HAND) in game.legal()  # the hand is open to Order cards


def test_a_jack_is_never_a_foundation_or_a_material():
    """R-JACK-3: a Jack may not begin a building nor be added to one."""
    you = PlayerState("You", hand=["Market", JACK, "Bar"], buildings=[Building("Road", Material.RUBBLE)])
    state = table(you, PlayerState("Opp", hand=["Road"]))
    game = Game(state)
    game.push(Lead("You", Role.CRAFTSMAN, ("Market",)))
    game.push(Think("Opp", "jack"))
    for decision in (Lay("You", JACK), Add("You", JACK, "Road")):
        with pytest.raises(RulesError) as refused:
            game.push(decision)
        assert "R-JACK-3" in refused.value.rule_ids


RECORD = """[Game "Glory to Rome"]
[Ruleset "republic"]
[Players "You, Opp"]
[Start "position"]

position
  leader: You
  deck: Bar, Insula, Latrine, Market, Villa, Temple
  hand You: Road, Jack
  building You: Dock on Wood complete with Market
  hand Opp: Road

turn 1 You
  You leads Laborer with Road
  Opp thinks: jack
  You gathers Jack from hand
"""


@pytest.mark.skipif(_native.STATE == "compiled", reason="a compiled handler's check cannot be switched off from a test")
def test_a_replay_refuses_a_jack_moved_into_a_stockpile_even_where_a_handler_let_it(monkeypatch):
    """The replay checks R-JACK-3 after every statement, from the moves it made: were a
    handler's check to let a Jack through (here the gather's check is switched off), the
    statement is still refused, citing R-JACK-3, and the invariants name the Jack."""
    gather = HANDLERS[Gather]
    monkeypatch.setattr(type(gather), "problem", lambda self, state, i, d: None)
    record = notation.parse(RECORD)[0]
    replayer = Replayer(record, KeepStates(Refusal.END_LINE))
    snaps = list(replayer.run())
    assert [d.rule_ids for d in replayer.diagnostics] == [("R-JACK-3",)], replayer.diagnostics
    assert "a Jack moved into You's stockpile" in replayer.diagnostics[0].message
    assert "a Jack in You's stockpile" in problems(snaps[-1].state) or snaps[-1].state.players[0].stockpile == [JACK]


def test_the_invariants_name_a_jack_in_a_building():
    """R-JACK-3: "a Jack is never in ... a building" (the invariants of every replayed record)."""
    you = PlayerState("You", buildings=[Building("Road", Material.RUBBLE, [JACK])])
    state = table(you, PlayerState("Opp", hand=["Road"]))
    assert "a Jack in You's buildings" in problems(state)
