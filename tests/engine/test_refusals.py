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


# -- R-ACT-3: an action past the player's count is refused for the count ------------------

def test_an_action_past_the_leaders_count_cites_the_count_not_the_turn_order():
    """R-ACT-3, 000 GAME PLAY 3: "the Leader may perform one action for leading, plus an
    additional action for each Client she has of her chosen Role". Ann, with one Laborer
    client, gathers a third time while Ben's actions wait: the count refuses it."""
    found = refusal("laborer-allowance.gtr", "Ann gathers Latrine", "Ann gathers Latrine\n  Ann gathers Bath")
    assert found.rule_ids[0] == "R-ACT-3", found
    assert "Ann had 2 Laborer actions this turn (1 for leading, 1 for a Laborer client), and has taken them all" \
        in found.message, found.message
    assert "it is Ben's decision" in found.message


def test_an_action_past_a_followers_count_written_in_the_next_turn_cites_the_count():
    """R-ACT-3, 000 GAME PLAY 4: "each other player now gets to perform one action if he chose
    to follow". Ben's second gather comes after the last action of the turn, so the game is
    at turn 2's lead when it is read; the reason is still his count."""
    found = refusal("laborer-allowance.gtr", "Ben gathers Insula", "Ben gathers Insula\n  Ben gathers Dock")
    assert found.rule_ids[0] == "R-ACT-3", found
    assert "Ben had a Laborer action in turn 1 (1 for following), and has taken it" in found.message, found.message


def test_a_thinker_without_a_client_of_the_role_had_no_action():
    """R-ACT-3, R-ACT-1: a player who thought acts only for clients of the led role. Cid
    thought and has none."""
    found = refusal("laborer-allowance.gtr", "Ben gathers Insula", "Ben gathers Insula\n  Cid gathers Dock")
    assert found.rule_ids[:2] == ("R-ACT-3", "R-ACT-1"), found
    assert "Cid had no Laborer action in turn 1: Cid thought" in found.message, found.message


def test_a_thinkers_client_counts():
    """R-ACT-1, 000 GAME PLAY 4: "Players who thought instead of following do still get to take
    actions for their Clients!" With a Laborer client, Cid's gather is legal; a second one is
    refused for the count of one, from the client alone."""
    text = (FIDELITY / "laborer-allowance.gtr").read_text("utf-8").replace("hand Cid: Shrine",
                                                                           "hand Cid: Shrine\n  clientele Cid: Road")
    replayer, _ = replay_text(text.replace("  Ben gathers Insula\n", "  Ben gathers Insula\n  Cid gathers Dock\n"))
    assert not replayer.diagnostics, replayer.diagnostics
    replayer, _ = replay_text(text.replace("  Ben gathers Insula\n",
                                           "  Ben gathers Insula\n  Cid gathers Dock\n  Cid gathers Crane\n"))
    found = replayer.diagnostics[0]
    assert found.rule_ids[0] == "R-ACT-3", found
    assert "Cid had a Laborer action in turn 1 (1 for a Laborer client), and has taken it" in found.message


def test_a_player_who_passed_the_rest_is_refused_by_the_turn_order():
    """R-TURN-6, R-TURN-7: Ann passes her second action, so the count did not end her actions:
    a gather after Ben's is refused by the turn order, without the count."""
    found = refusal("laborer-allowance.gtr", "Ann gathers Latrine", "Ann passes\n  Ben gathers Insula\n"
                    "  Ann gathers Latrine")
    assert "R-ACT-3" not in found.rule_ids and "has taken" not in found.message, found


def test_a_late_action_of_a_turn_with_no_role_is_not_explained_by_an_older_count():
    """R-TURN-1: Ben thinks as leader in turn 2, so no role is led; Ann's gather after it is
    refused by the turn order, not by her count of turn 1."""
    found = refusal("laborer-allowance.gtr", "Ben leads Patron with Temple", "Ben thinks: jack\n  Ann gathers Dock")
    assert "R-ACT-3" not in found.rule_ids, found


def test_a_late_action_read_in_the_next_turns_follow_cites_the_count():
    """R-ACT-3: Ann's third gather is written after turn 2's lead, where the game waits for
    Cid to follow; no action of turn 2 is taken yet, so turn 1's count explains it."""
    found = refusal("laborer-allowance.gtr", "Ben leads Patron with Temple",
                    "Ben leads Patron with Temple\n  Ann gathers Dock")
    assert found.rule_ids[0] == "R-ACT-3", found
    assert "Ann had 2 Laborer actions in turn 1" in found.message, found.message


def test_a_note_of_what_ended_the_actions_comes_before_the_count():
    """R-BUILD-3, AMB-05: Ann's out-of-town foundation took both of her actions; a lay after
    it is refused for the out-of-town foundation, the rule that made the difference, not for
    the count."""
    text = (FIDELITY / "laborer-allowance.gtr").read_text("utf-8")
    text = text.replace("  pool: Dock,", "  in town: Rubble 3, Wood 3, Brick 0, Concrete 3, Stone 3, Marble 3\n  pool: Dock,")
    text = text.replace("hand Ann: Insula, Bath", "hand Ann: Crane, Bath, Road").replace("clientele Ann: Road",
                                                                                    "clientele Ann: Market")
    turn = text[text.index("turn 1 Ann"):]
    text = text.replace(turn, "turn 1 Ann\n  Ann leads Craftsman with Crane\n  Ben thinks: jack\n  Cid thinks: jack\n"
                              "  Ann lays Bath out of town\n  Ann lays Road\n")
    replayer, _ = replay_text(text)
    found = replayer.diagnostics[0]
    assert found.rule_ids[0] == "R-BUILD-3" and "R-ACT-3" not in found.rule_ids, found
    assert "out-of-town foundation took two actions" in found.message and "has taken" not in found.message


def test_a_count_beyond_what_the_note_accounts_for_is_told_before_it():
    """R-ACT-3, R-BUILD-3: with two Craftsman clients Ann has three actions; the out-of-town
    foundation takes two, a lay the third. A fourth is refused for the count of three first,
    then for the out-of-town foundation's two."""
    text = (FIDELITY / "laborer-allowance.gtr").read_text("utf-8")
    text = text.replace("  pool: Dock,", "  in town: Rubble 3, Wood 3, Brick 0, Concrete 3, Stone 3, Marble 3\n  pool: Dock,")
    text = text.replace("hand Ann: Insula, Bath", "hand Ann: Crane, Bath, Road, Insula").replace(
        "clientele Ann: Road", "clientele Ann: Market, Dock")
    turn = text[text.index("turn 1 Ann"):]
    text = text.replace(turn, "turn 1 Ann\n  Ann leads Craftsman with Crane\n  Ben thinks: jack\n  Cid thinks: jack\n"
                              "  Ann lays Bath out of town\n  Ann lays Road\n  Ann lays Insula\n")
    replayer, _ = replay_text(text)
    found = replayer.diagnostics[0]
    assert found.rule_ids[:2] == ("R-ACT-3", "R-BUILD-3"), found
    assert "Ann had 3 Craftsman actions in turn 1 (1 for leading, 2 for Craftsman clients), and has taken them all; " \
           "Ann's out-of-town foundation took two actions" in found.message, found.message


def test_a_petition_with_clients_tells_the_count_before_the_petition():
    """R-ACT-3, R-PET-4: Ben follows with a petition (one action) and has a Laborer client:
    two actions. A third gather is refused for the count of two, then for the petition."""
    text = (FIDELITY / "laborer-allowance.gtr").read_text("utf-8").replace(
        "hand Ben: Road, Temple", "hand Ben: Academy, Shrine, Bar\n  clientele Ben: Road").replace(
        "Ben follows with Road", "Ben follows with Academy, Shrine")
    text = text.replace("  Ben gathers Insula\n", "  Ben gathers Insula\n  Ben gathers Bath\n  Ben gathers Dock\n")
    replayer, _ = replay_text(text)
    found = replayer.diagnostics[0]
    assert found.rule_ids[:2] == ("R-ACT-3", "R-PET-4"), found
    assert "Ben had 2 Laborer actions in turn 1 (1 for following, 1 for a Laborer client)" in found.message


def test_actions_the_engine_passed_for_nothing_legal_are_not_all_taken():
    """R-ACT-3, R-TURN-7: Ann gathers the Pool's one card, and her second action is passed by
    the engine, nothing being left to gather; a later gather of hers is not said to exceed a
    count she did not use up."""
    text = (FIDELITY / "laborer-allowance.gtr").read_text("utf-8").replace(
        "pool: Dock, Villa, Latrine, Bath, Insula, Crane", "pool: Villa")
    turn = text[text.index("turn 1 Ann"):]
    text = text.replace(turn, "turn 1 Ann\n  Ann leads Laborer with Insula\n  Ben follows with Road\n"
                              "  Cid thinks: jack\n  Ann gathers Villa\n\nturn 2 Ben\n  Ben leads Patron with Temple\n"
                              "  Ann gathers Insula\n")
    replayer, _ = replay_text(text)
    found = replayer.diagnostics[0]
    assert "R-ACT-3" not in found.rule_ids and "has taken" not in found.message, found
    # Ben followed, and the engine passed his one action: he is not said to have had none
    replayer, _ = replay_text(text.replace("  Ann gathers Insula\n", "  Ben gathers Insula\n"))
    found = replayer.diagnostics[0]
    assert "R-ACT-3" not in found.rule_ids and "thought" not in found.message, found


def test_a_thinkers_clients_of_another_role_give_no_action():
    """R-ACT-3, R-ACT-1: Cid thought; his client is a Patron, not a Laborer, so he had no
    Laborer action."""
    text = (FIDELITY / "laborer-allowance.gtr").read_text("utf-8").replace("hand Cid: Shrine",
                                                                           "hand Cid: Shrine\n  clientele Cid: Temple")
    replayer, _ = replay_text(text.replace("  Ben gathers Insula\n", "  Ben gathers Insula\n  Cid gathers Dock\n"))
    found = replayer.diagnostics[0]
    assert found.rule_ids[0] == "R-ACT-3", found
    assert "Cid had no Laborer action in turn 1: Cid thought" in found.message, found.message


def test_an_action_whose_power_granted_steps_leaves_the_rest_of_the_count():
    """R-ACT-3, B-FOUNDRY-1: Ann's first Craftsman action of two completes her Foundry, whose
    Laborer actions come at once; her second is then passed by the engine (her hand is
    empty). A later add of hers is not said to exceed a count she did not use up."""
    text = (FIDELITY / "completion-keeps-craftsman.gtr").read_text("utf-8").replace(
        "  hand Ann: Market, Bath", "  hand Ann: Market, Bath\n  clientele Ann: Crane")
    replayer, _ = replay_text(text + "  Ann adds Dock to Foundry\n")
    found = replayer.diagnostics[0]
    assert "R-ACT-3" not in found.rule_ids and "has taken" not in found.message, found


def test_a_power_step_declined_after_the_last_action_leaves_the_count_taken():
    """R-ACT-3, B-FOUNDRY-1, R-TURN-7: Ann's one Craftsman action completes her Foundry; she
    takes one of its Laborer actions and passes the rest. The pass declines the power's step,
    not her count, which her add used up: a later add is refused for the count."""
    text = (FIDELITY / "completion-keeps-craftsman.gtr").read_text("utf-8").replace("  Ann gathers Villa\n",
                                                                                    "  Ann passes\n")
    replayer, _ = replay_text(text + "  Ann adds Dock to Foundry\n")
    found = replayer.diagnostics[0]
    assert found.rule_ids[0] == "R-ACT-3", found
    assert "Ann had a Craftsman action in turn 1 (1 for leading), and has taken it" in found.message, found.message


AMPHITHEATRE = (FIDELITY / "amphitheatre-burst-count.gtr").read_text("utf-8")


def test_actions_of_the_role_a_power_granted_leave_the_count_unclaimed():
    """R-ACT-3, B-AMPHITHEATRE-1 (000 Appendix I, Amphitheatre: "you may immediately execute
    one Craftsman action for every point of Influence you have"): Ann's one action completes
    her Amphitheatre and she takes its four Craftsman actions. A sixth lay is not said to
    exceed "a Craftsman action (1 for leading)": she took five."""
    text = AMPHITHEATRE + "  Ann lays Shrine\n"
    replayer, _ = replay_text(text)
    found = replayer.diagnostics[0]
    assert found.line == text.splitlines().index("  Ann lays Shrine") + 1, found
    assert "R-ACT-3" not in found.rule_ids and "has taken" not in found.message, found


BATH = (FIDELITY / "bath-client-acts.gtr").read_text("utf-8")


def test_a_client_a_bath_lets_act_at_once_is_not_said_to_wait():
    """R-ACT-2, B-BATH-1 (000 Appendix I, Bath: "When you gain a new Client, you may
    immediately execute an action of the new Client's Role"): the Statue You hires does act
    this turn (it hires the Road), so a later hire is not refused with "a client You hires
    does not act in the turn it is hired"."""
    text = BATH + "  You hires Insula\n"
    replayer, _ = replay_text(text)
    found = replayer.diagnostics[0]
    assert found.line == text.splitlines().index("  You hires Insula") + 1, found
    assert "does not act in the turn it is hired" not in found.message and "R-ACT-2" not in found.rule_ids, found


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
