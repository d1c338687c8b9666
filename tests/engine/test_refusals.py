"""A refused statement cites the rule that refuses it, and names the step it was to answer,
on positions of tests/data/fidelity/ (each quotes the text it rests on)."""

from __future__ import annotations

import pytest

from gtr_replay.engine import Game
from gtr_replay.game import Lead
from gtr_replay.game.state import PlayerState
from gtr_replay.game.steps import STEPS
from gtr_replay.enums import Role, Ruleset
from gtr_replay.errors import RulesError
from gtr_replay.powers import table as power_table
from tests.fidelity_helpers import FIDELITY, replay_text
from tests.powers.test_client_powers import table


def refusal(name: str, old: str, new: str):
    """The refusal of record ``name`` once its statement ``old`` is written ``new`` (one or
    more statements): it must be the record's first diagnostic, at the last of them."""
    text = (FIDELITY / name).read_text("utf-8")
    assert f"  {old}\n" in text
    text = text.replace(f"  {old}\n", f"  {new}\n")
    replayer, _ = replay_text(text)
    assert replayer.diagnostics, f"{new!r} was accepted"
    first = replayer.diagnostics[0]
    last = new.split("\n  ")[-1]  # the statement refused is the last one written
    assert first.line == text.splitlines().index(f"  {last}") + 1, replayer.diagnostics
    return first


# -- B-SEWER-1: the keep answers the Sewer's step, and is refused for what it keeps ---------

@pytest.mark.parametrize("kept", ["Insula", "Jack", "Road, Insula"])
def test_a_sewer_keep_of_a_card_not_played_is_refused_by_the_sewer(kept):
    """B-SEWER-1, 000 Appendix I, Sewer: "you may place Order cards you played to lead or follow
    into your Stockpile." The keep answers the Sewer's step (as `gtr legal` lists it); what it
    keeps is wrong, not its turn: an unplayed card, a Jack, or a played card with an unplayed."""
    found = refusal("sewer-keep.gtr", "You keeps Road", f"You keeps {kept}")
    assert found.rule_ids[0] == "B-SEWER-1", found
    assert "Sewer's step: keep the Order cards played this turn" in found.message
    assert "waits for You to gather" not in found.message


# -- B-BATH-1, B-BATH-2: the new client's action comes first, as its own role --------------

def test_a_bath_client_acts_first_and_as_its_role():
    """B-BATH-1, B-BATH-2, 000 Appendix I, Bath: "you may immediately execute an action of the
    new Client's Role. This action must be completed before a new Client is hired". An action
    of another role, which no declined step makes legal, is refused by the Bath's rules
    (R-ACT-1), not by the rule that every action is optional (R-TURN-7). (Hiring again reads the
    client's action as not taken: tests/replay/test_reading.py.)"""
    found = refusal("bath-client-first.gtr", "You gathers Dock", "You lays Insula")
    assert found.rule_ids[0] == "R-ACT-1" and {"B-BATH-1", "B-BATH-2"} <= set(found.rule_ids), found
    assert "R-TURN-7" not in found.rule_ids
    assert "take a Laborer action for the new client" in found.message


# -- B-BRIDGE-1: the Palisade does not protect, and the refusal says why -------------------

def test_a_palisade_owners_glory_to_rome_to_a_bridge_is_refused_by_the_bridge():
    """B-BRIDGE-1, 000 Appendix I, Bridge: "you may demand Materials even from opponents that
    own Palisades." Ben's only Marble was given by the engine; his 'Glory to Rome' is refused
    because his Palisade does not protect against the Bridge."""
    found = refusal("bridge-palisade-glory.gtr", "Ben gives Statue to You", "Ben: Glory to Rome")
    assert found.rule_ids[0] == "B-BRIDGE-1", found
    assert "Palisade does not protect against You's Bridge" in found.message


def test_a_classic_palisade_owners_glory_to_rome_to_a_bridge_cites_the_bridge_rule_that_passes_it():
    """BC-PALISADE-1: "Bridge overrides this (BC-BRIDGE-2)"; BC-BRIDGE-1 is the Bridge's early
    demand, not the rule at work here."""
    text = (FIDELITY / "bridge-palisade-glory.gtr").read_text("utf-8").replace('"republic"', '"classic"')
    text = text.replace("Crane, ", "Road, ")  # a republic card
    text = text.replace("  Ben gives Statue to You\n", "  Ben: Glory to Rome\n")
    replayer, _ = replay_text(text)
    found = replayer.diagnostics[0]
    assert found.rule_ids[0] == "BC-BRIDGE-2" and "BC-BRIDGE-1" not in found.rule_ids, found
    assert "Palisade does not protect against You's Bridge" in found.message


def test_the_same_with_a_choice_of_cards():
    """B-BRIDGE-1: with two Marble Ben has a choice of card, not of giving."""
    text = (FIDELITY / "bridge-palisade-glory.gtr").read_text("utf-8").replace("hand Ben: Statue, Road",
                                                                              "hand Ben: Statue, Palace")
    text = text.replace("  Ben gives Statue to You\n", "  Ben: Glory to Rome\n")
    replayer, _ = replay_text(text)
    assert replayer.diagnostics[0].rule_ids[0] == "B-BRIDGE-1", replayer.diagnostics


# -- R-LEG-5: two players, one card per demanded card ---------------------------------------

def test_two_cards_for_one_demanded_card_in_a_two_player_game_are_refused_by_R_LEG_5():
    """R-LEG-5, 000 Demanding Materials: in a two-player game the opponent, both neighbours at
    once, gives one card per demanded card, not one as each neighbour."""
    found = refusal("legionary-2p.gtr", "Ben gives Statue to You", "Ben gives Statue, Palace to You")
    assert found.rule_ids[0] == "R-LEG-5", found
    assert "two-player game" in found.message


def test_a_second_give_for_one_demanded_card_in_a_two_player_game_is_refused_by_R_LEG_5():
    """R-LEG-5: the same, given in two statements: the second is refused by the two-player rule."""
    found = refusal("legionary-2p.gtr", "Ben gives Statue to You",
                    "Ben gives Statue to You\n  Ben gives Palace to You")
    assert found.rule_ids[0] == "R-LEG-5", found
    assert "two-player game" in found.message


# -- R-LEG-3: only the neighbours give ------------------------------------------------------

def test_the_player_opposite_the_demander_gives_nothing():
    """R-LEG-3, 000 Demanding Materials: "If your neighbors (the players sitting left and right
    of you) have one or more cards of the color you are demanding in their hand then they must
    give one to you." Cid sits across from Ann."""
    found = refusal("legionary-4p.gtr", "Dan gives Basilica to Ann", "Cid gives Palace to Ann")
    assert found.rule_ids[0] == "R-LEG-3", found
    assert "Cid is not Ann's neighbour" in found.message


# -- R-TURN-11, R-JACK-1: the role a Jack was led as -------------------------------------------

def test_an_action_of_another_role_than_the_jack_was_led_as_is_refused_by_the_jack_rules():
    """R-TURN-11, 000 Jacks: a Jack led "as any Role ... announcing which Role the Jack is"
    makes that the led role: after a Jack led as Merchant, a Laborer's gather is refused by
    the Jack rules."""
    found = refusal("jack-led-role.gtr", "You sells Bar", "You gathers Road")
    assert found.rule_ids[:2] == ("R-TURN-11", "R-JACK-1"), found
    assert "with a Jack led as Merchant" in found.message


# -- every kind of step a power grants: a statement that does not answer it -----------------

def _granters() -> list[tuple[Ruleset, str, str]]:
    """(ruleset, power, step kind) for every step kind some Black Box power grants."""
    found = {}
    for ruleset in (Ruleset.REPUBLIC, Ruleset.IMPERIUM):
        for name, power in sorted(power_table(ruleset).items()):
            for kind in power.grants:
                found.setdefault(kind.kind, (ruleset, name, kind.kind))
    return sorted(found.values())


@pytest.mark.parametrize("ruleset, power, kind", _granters())
def test_a_statement_that_does_not_answer_a_step_cites_the_step_and_its_power(ruleset, power, kind):
    """R-TURN-6: a step a power grants comes first. A statement of another kind is refused
    citing the rules of that kind of step, then the power's (its first rule ID among them),
    and the refusal describes the step. (Every such step may be declined, so ``push`` would
    decline it and take the lead: the lead is checked as the step stands.)"""
    state = table(PlayerState("Ann", hand=["Road"]), PlayerState("Ben", hand=["Road"]), ruleset=ruleset)
    step = STEPS[kind](power, 0)
    state.steps.append(step)
    error = Game(state).check(Lead("Ann", Role.LABORER, ("Road",)), passing_over=False)
    assert isinstance(error, RulesError)
    granter = power_table(ruleset)[power]
    assert error.rule_ids[:len(step.rules)] == step.rules and step.rules
    assert granter.rule_ids[0] in error.rule_ids
    assert step.describe() in error.message and f"the {power}'s step comes first" in error.message


def _wrong_answer(kind: type, player: str):
    """A statement of ``kind`` that is wrong in what it says (a card nobody has to give it)."""
    from gtr_replay.game import decisions as dc
    return {
        dc.Hire: dc.Hire(player, "Temple"), dc.Gather: dc.Gather(player, "Temple"), dc.Sell: dc.Sell(player, "Temple"),
        dc.Lay: dc.Lay(player, "Temple"), dc.Add: dc.Add(player, "Temple", "Temple"),
        dc.Demand: dc.Demand(player, ("Temple",)), dc.Think: dc.Think(player, "draw"),
        dc.Keep: dc.Keep(player, ("Temple",)), dc.Steal: dc.Steal(player, "Ben", "Temple"),
        dc.Slay: dc.Slay(player, "Ben", "Temple"), dc.TearDown: dc.TearDown(player, "Ben", "Temple"),
        dc.Trigger: dc.Trigger(player, "Temple", "Ben"), dc.Demolish: dc.Demolish(player, "Temple"),
    }[kind]


@pytest.mark.parametrize("ruleset, power, kind", _granters())
def test_a_wrong_answer_to_a_step_names_the_step_it_answers(ruleset, power, kind):
    """A statement that answers the step but is wrong in what it says is refused for that,
    and the refusal names the step and cites its power's rules after its own."""
    state = table(PlayerState("Ann", hand=["Road"]), PlayerState("Ben", hand=["Road"]), ruleset=ruleset)
    step = STEPS[kind](power, 0)
    state.steps.append(step)
    answer = next(k for k in step.answers() if k.__name__ != "Pass")
    with pytest.raises(RulesError) as refused:
        Game(state).push(_wrong_answer(answer, "Ann"))
    error = refused.value
    assert f"(answering the {power}'s step: {step.describe()})" in error.message, error.message
    assert power_table(ruleset)[power].rule_ids[0] in error.rule_ids
