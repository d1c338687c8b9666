"""The rulebooks' core worked examples, played through the engine (EXAMPLES.md §1 and §4:
EX-BB-SAMPLETURN-1, EX-BB-CLIENTS-1, EX-CL-CLIENTS-1, EX-BB-PETITION-1)."""

import pytest

from gtr_replay.engine import Game
from gtr_replay.game import Follow, Gather, Lead, PlayerState, Think
from gtr_replay.enums import JACK, Role
from gtr_replay.errors import IllegalDecisionError


def actions_announced(events):
    return [(e.player, e.value) for e in events if e.kind == "actions"]


def test_sample_turn_EX_BB_SAMPLETURN_1(position, play):
    """P1 leads Laborer with a yellow card and has a Laborer client; P2 follows with a Jack; P3
    (two Laborer clients, three cards) refills; P4 (five cards) draws one. Actions 2, 1, 2, 0."""
    pool = ["Academy", "Wall", "Garden", "Statue", "Market", "Shrine"]
    state = position(
        PlayerState("P1", hand=["Road", "Temple", "Villa"], clientele=["Insula"]),
        PlayerState("P2", hand=[JACK, "Temple", "Villa"]),
        PlayerState("P3", hand=["Temple", "Villa", "Tower"], clientele=["Bar", "Latrine"]),
        PlayerState("P4", hand=["Temple", "Villa", "Tower", "Bath", "Dock"]),
        pool=pool, jack_pile=2)
    events = play(state, Lead("P1", Role.LABORER, ("Road",)), Follow("P2", (JACK,)), Think("P3", "refill"),
                  Think("P4", "draw"))
    assert [len(p.hand) for p in state.players[2:]] == [5, 6]
    events += play(state, Gather("P1", "Academy"), Gather("P1", "Wall"), Gather("P2", "Garden"),
                   Gather("P3", "Statue"), Gather("P3", "Market"))
    assert actions_announced(events) == [("P1", 2), ("P2", 1), ("P3", 2)]  # P4 has none
    assert [len(p.stockpile) for p in state.players] == [2, 1, 2, 0]
    assert state.pool == ["Shrine", "Road"]  # (6 - 5) + the led card
    assert state.jack_pile == 3  # P2's Jack is back
    assert state.players[state.leader].name == "P2"


def clients_example(position, ruleset):
    """Other leads Laborer; You have two Laborer clients and a Laborer card in hand."""
    return position(PlayerState("Other", hand=["Road", "Temple"]),
                    PlayerState("You", hand=["Insula", "Villa", "Tower"], clientele=["Bar", "Latrine"]),
                    pool=["Academy", "Wall", "Garden", "Statue", "Market"], ruleset=ruleset)


@pytest.mark.parametrize("ruleset", ["republic", "imperium", "classic"])
def test_clients_act_for_a_follower_EX_BB_CLIENTS_1_EX_CL_CLIENTS_1_branch_a(position, play, ruleset):
    state = clients_example(position, ruleset)
    events = play(state, Lead("Other", Role.LABORER, ("Road",)), Follow("You", ("Insula",)), Gather("Other", "Academy"))
    assert actions_announced(events) == [("Other", 1), ("You", 3)]


@pytest.mark.parametrize("ruleset", ["republic", "imperium", "classic"])
def test_clients_act_for_a_thinker_EX_BB_CLIENTS_1_EX_CL_CLIENTS_1_branch_b(position, play, ruleset):
    """You think first (refill to five) and still perform two Laborer actions afterwards."""
    state = clients_example(position, ruleset)
    events = play(state, Lead("Other", Role.LABORER, ("Road",)), Think("You", "refill"))
    kinds = [e.kind for e in events]
    assert kinds.index("think") < kinds.index("actions")  # the Thinker action comes before any Laborer action
    assert len(state.players[1].hand) == 5
    events += play(state, Gather("Other", "Academy"), Gather("You", "Wall"), Gather("You", "Garden"))
    assert actions_announced(events) == [("Other", 1), ("You", 2)]
    assert state.players[1].stockpile == ["Wall", "Garden"]
    assert state.players[state.leader].name == "You"  # the turn is over after two actions


def petition_table(position, ruleset):
    return position(PlayerState("Ann", hand=["Road", "Insula", JACK, JACK], clientele=["Bar"]),
                    PlayerState("Bob", hand=["Temple", "Villa", "Tower", "Bath", "Dock"]),
                    pool=["Academy", "Wall", "Garden"], ruleset=ruleset)


def test_two_yellow_cards_petition_as_laborer_in_republic_EX_BB_PETITION_1(position, play):
    """One lead (one action) plus the client's; both cards reach the Pool at cleanup."""
    state = petition_table(position, "republic")
    events = play(state, Lead("Ann", Role.LABORER, ("Road", "Insula")), Think("Bob", "draw"))
    assert actions_announced(events) == [("Ann", 2)]
    play(state, Gather("Ann", "Academy"), Gather("Ann", "Wall"))
    assert state.pool == ["Garden", "Road", "Insula"] and state.leader == 1


@pytest.mark.parametrize("ruleset, rule", [("imperium", "R-PET-2"), ("classic", "R-PET-3")])
def test_two_card_petition_refused_in_imperium_and_classic_EX_BB_PETITION_1(position, ruleset, rule):
    state = petition_table(position, ruleset)
    with pytest.raises(IllegalDecisionError) as info:
        Game(state).push(Lead("Ann", Role.LABORER, ("Road", "Insula")))
    assert rule in info.value.rule_ids


@pytest.mark.parametrize("ruleset", ["republic", "imperium", "classic"])
def test_two_jacks_are_no_petition_in_any_ruleset_EX_BB_PETITION_1(position, ruleset):
    state = petition_table(position, ruleset)
    with pytest.raises(IllegalDecisionError):
        Game(state).push(Lead("Ann", Role.LABORER, (JACK, JACK)))
    assert all(d.cards != (JACK, JACK) for d in Game(state).legal() if isinstance(d, Lead))
