"""How a record written by people is read: an optional step not taken needs no statement
(R-TURN-7), a restated forced step is read wherever it stands, a refusal describes the state
the statement met, and a statement stays in the record's turn (R-TURN-9). The records are in
examples/reading/ (replayed with invariants by tests/replay/test_examples.py); docs/READING.md
says the same in words."""

from __future__ import annotations

from pathlib import Path

import pytest

import notation
from gtr_replay.engine import Game
from gtr_replay.game.decisions import Pass, Think
from gtr_replay.store.rows import game_rows
from gtr_replay.vocabulary import card_vocabulary
from tests.fidelity_helpers import replay_text

READING = Path(__file__).resolve().parents[2] / "examples" / "reading"


def _text(name: str) -> str:
    return (READING / name).read_text("utf-8")


def _replayed(text: str):
    replayer, snaps = replay_text(text)
    assert not replayer.diagnostics, [str(d) for d in replayer.diagnostics]
    return replayer, snaps


def _refused(text: str, statement: str):
    """The record's first diagnostic, which must be at ``statement``."""
    replayer, snaps = replay_text(text)
    assert replayer.diagnostics, f"{statement!r} was accepted"
    first = replayer.diagnostics[0]
    assert first.statement == statement, first
    return first, snaps


# -- 1. an optional step not taken needs no statement ---------------------------------------

def test_an_early_action_not_taken_waits_for_its_place_without_a_statement():
    """BC-BAR-1, 001 Appendix, Bar: "You may choose to execute the Patron role as you lead or
    follow, instead of waiting for your place in the turn order." Waiting is the ordinary course
    of play: the next follow reads the Bar's offer as not taken, and You and Left hire at their
    places, after the leader."""
    replayer, snaps = _replayed(_text("bar-waits.gtr"))
    final = replayer.final
    assert [final.player(p).clientele for p in ("Right", "You", "Left")] == [["Academy"], ["Dock"], ["Market"]]
    assert [s.text for s in snaps[-3:]] == ["Right hires Academy", "You hires Dock", "Left hires Market"]


def test_an_explicit_pass_still_waits_and_legal_still_offers_the_step():
    """R-TURN-7 (001: "you may also do nothing instead of executing the role"): 'passes' stays
    accepted, and what is legal after the follow still lists the Bar's offer."""
    text = _text("bar-waits.gtr").replace("  You follows with Statue\n", "  You follows with Statue\n  You passes\n")
    _replayed(text)
    replayer, snaps = _replayed(_text("bar-waits.gtr").split("  Left follows")[0])
    legal = Game(replayer.final.copy()).legal()
    assert Pass("You") in legal and any(type(d).__name__ == "Hire" and d.player == "You" for d in legal)


def test_a_new_clients_action_not_taken_needs_no_statement():
    """B-BATH-1, 000 Appendix I, Bath: "When you gain a new Client, you may immediately execute an
    action of the new Client's Role." The second hire, written next, cannot answer the Bath's
    offer (a Laborer action) and is legal once it is declined."""
    replayer, _ = _replayed(_text("bath-client-not-taken.gtr"))
    assert replayer.final.player("You").clientele == ["Statue", "Road", "Temple"]


def test_a_statement_the_declined_step_does_not_make_legal_is_refused_as_it_stands():
    """A Bar owner's Laborer action in a Patron turn is illegal with or without the Bar's offer:
    refused, with the offer described once, without a pass that both waits and declines."""
    text = _text("bar-waits.gtr").replace("  Left follows with Palace\n", "  You gathers Dock\n")
    found, _ = _refused(text, "You gathers Dock")
    assert "or pass to wait)" in found.message and "declines" not in found.message, found.message


def test_a_step_is_read_as_not_taken_only_when_the_statement_cannot_answer_it():
    """A hire by the Bar's owner answers the offer: it is the early action, not a wait."""
    text = _text("bar-waits.gtr").replace("  You hires Dock\n", "").replace(
        "  You follows with Statue\n", "  You follows with Statue\n  You hires Dock\n")
    replayer, snaps = _replayed(text)
    assert snaps[2].text == "You hires Dock" and replayer.final.player("You").clientele == ["Dock"]


# -- 2. a restated forced step is read wherever it stands -----------------------------------

def test_a_forced_pass_restated_before_the_senates_think():
    """BC-SENATE-1, 001 Appendix, Senate: "You may execute the Thinker role after executing all
    your roles for a turn which you led." Opp's forced pass comes after the Senate's think in the
    engine's order; written before it, it is read as restated once the think is made."""
    replayer, snaps = _replayed(_text("senate-restated-pass.gtr"))
    passed = next(s for s in snaps if s.text == "Opp passes")
    assert passed.forced and passed.turn == 1
    thought = next(s for s in snaps if s.text == "You thinks: refill")
    assert Pass("Opp") in thought.made  # the engine made the pass after the think
    you = replayer.final.player("You")
    assert you.stockpile == ["Dock"] and len(you.hand) == 5  # the Senate's refill drew up to five


def test_forced_passes_restated_before_the_academys_think():
    """B-ACADEMY-1, 000 Appendix I, Academy: "You may execute one Thinker action after any turn in
    which you execute at least one Craftsman action". 'You passes' restates the Foundry's forced
    pass and could decline the Academy's think: the think written next decides."""
    replayer, snaps = _replayed(_text("foundry-academy-restated.gtr"))
    assert [s.forced for s in snaps if s.text in ("You passes", "Opp passes")] == [True, True]
    assert replayer.final.player("You").hand.count("Jack") == 1


def test_forced_passes_restated_before_the_stairways_placement():
    """B-STAIRWAY-1, 000 Appendix I, Stairway: "Each time you execute an Architect action you may
    also choose to move an appropriate Material into any opponent's completed Structure".
    'You passes' after the Foundry's gather restates its forced Laborer passes (B-FOUNDRY-1); the
    placement written next, which the Architect action still offers, decides that reading."""
    replayer, snaps = _replayed(_text("stairway-foundry-restated.gtr"))
    assert [s.forced for s in snaps if s.text == "You passes"] == [True]
    aqueduct = replayer.final.player("Opp").building("Aqueduct")
    assert "Tower" in aqueduct.materials and "Tower" not in replayer.final.player("You").stockpile


def test_a_legal_statement_that_could_restate_is_a_decision_when_nothing_decides_otherwise():
    """With nothing written after it, 'You passes' is read as it stands: it declines the
    Academy's think (R-TURN-7), and the turn ends."""
    text = _text("foundry-academy-restated.gtr").split("  You thinks: jack")[0]
    text = text.replace("  You passes\n  Opp passes\n", "  Opp passes\n  You passes\n")
    replayer, snaps = _replayed(text)
    assert not snaps[-1].forced and replayer.final.turn == 2
    assert "Jack" not in replayer.final.player("You").hand


def test_the_game_says_which_forced_step_a_decision_restates():
    """``Game.restates``: the engine keeps the steps it made by itself since the last decision."""
    replayer, _ = _replayed(_text("foundry-academy-restated.gtr").split("  You passes")[0])
    game = replayer.game
    assert game.restates(Pass("You")) is not None and game.restates(Pass("Opp")) is not None
    assert game.restates(Think("You", "jack")) is None
    made = game.restate(Pass("Opp"))
    assert made.turn == 1 and game.restates(Pass("You")) is None  # the steps before it are spent
    with pytest.raises(ValueError):
        game.restate(Pass("Opp"))
    game.push(Think("You", "jack"))
    assert game.restates(Pass("Opp")) is None


# -- 3. what the steps passed over did is the statement's own doing --------------------------

@pytest.mark.parametrize("name, statement, made", [
    ("senate-not-taken-at-the-header.gtr", "Opp thinks: jack", (Pass("Opp"),)),
    ("senate-not-taken-restated-pass.gtr", "Opp passes", ()),
])
def test_the_statement_that_passes_over_a_step_reports_what_declining_it_did(name, statement, made):
    """R-TURN-7, R-TURN-8: the Senate's think not taken ends the turn, whose cleanup puts both
    camps' Roads into the Pool. The statement that passes over the step (the next turn's first
    statement, under its header; a forced pass restated as the record's last statement) reports
    those moves as its own, and the store writes every state from them. Opp's forced pass is
    among the steps the engine made, but for the statement that restates it, which says it."""
    text = _text(name)
    replayer, snaps = _replayed(text)
    [passing] = [s for s in snaps if s.text == statement]
    assert passing.made == made
    moved = [(e.player, e.card, e.source, e.target) for e in passing.events if e.kind == "move"]
    assert ("You", "Road", "camp", "pool") in moved and ("Opp", "Road", "camp", "pool") in moved
    assert passing.state.turn == replayer.final.turn and not any(p.camp for p in passing.state.players)
    [record] = notation.parse(text, vocabulary=card_vocabulary())
    game_rows(record, source=name, number=1, check=True)  # raises where a stored state misses a move


# -- 4b. a refusal describes the state the statement met, with one reason --------------------

FOUNDRY_THEN_OPP = """[Game "Glory to Rome"]
[Ruleset "republic"]
[Players "You, Opp"]
[Start "position"]

position
  leader: You
  deck: Road, Insula, Market, Garden, Road, Insula, Market, Garden
  hand You: Palisade, Gate
  building You: Foundry on Brick with Academy
  hand Opp: Dock, Road

turn 1 You
  You leads Craftsman with Palisade
  Opp follows with Dock
  You adds Gate to Foundry
  {statement}
"""


def test_a_refusal_after_forced_passes_describes_the_state_it_met():
    """B-FOUNDRY-1 with the Pool empty: the engine passed the Foundry's Laborer actions for You,
    and the game waits for Opp's Craftsman action. A think of You's is refused for that state,
    with one reason: not as if the Foundry's step still waited, nor with its actions' end as a
    second reason (what `gtr legal` says there is what the refusal says)."""
    found, snaps = _refused(FOUNDRY_THEN_OPP.format(statement="You thinks: jack"), "You thinks: jack")
    assert "Foundry's step" not in found.message and "ended by themselves" not in found.message, found.message
    assert "Opp" in found.message, found.message
    assert all(d.player == "Opp" for d in Game(snaps[-2].state.copy()).legal())


def test_a_refusal_names_the_forced_pass_that_ended_the_actions():
    """B-FOUNDRY-1: with the Pool empty the engine passed the Foundry's Laborer actions; a gather
    of You's is refused for the state the pass was made in (nothing to gather), with that one
    reason, not for whose decision it is now."""
    found, _ = _refused(FOUNDRY_THEN_OPP.format(statement="You gathers Road"), "You gathers Road")
    assert "ended by themselves" in found.message and "waits for" not in found.message, found.message


# -- 5a. a statement stays in the record's turn ----------------------------------------------

@pytest.mark.parametrize("players", [2, 3])
def test_a_think_at_the_end_of_a_turn_stays_in_its_turn(players):
    """R-TURN-9, 000 Game Play: "The Leader now passes the Leader card to the player on her left
    and that player becomes Leader for the next turn." A think written at the end of turn 1,
    before the header of turn 2, by the player who leads turn 2, with no step left in turn 1
    for it to answer, is refused at its own line; it is not read as turn 2's lead."""
    names = ["Right", "You", "Left"][:players]
    hands = "\n".join(f"  hand {n}: Road" for n in names[2:])
    follows = "".join(f"  {n} thinks: jack\n" for n in names[2:])
    text = f"""[Game "Glory to Rome"]
[Ruleset "republic"]
[Players "{', '.join(names)}"]
[Start "position"]

position
  leader: Right
  deck: Gate, Road, Bar, Insula, Villa, Garden, Temple, Statue, Prison
  hand Right: Market, Palisade
  hand You: Insula
{hands}

turn 1 Right
  Right leads Craftsman with Market
  You thinks: jack
{follows}  Right lays Palisade
  You thinks: refill

turn 2 You
  You leads Craftsman with Insula
"""
    found, snaps = _refused(text, "You thinks: refill")
    assert found.rule_ids == ("R-TURN-9",) and "turn 1 is over" in found.message, found
    assert snaps[-1].state.turn == 2 and snaps[-1].state.player("You").hand.count("Jack") == 1


def test_an_action_of_the_turn_is_not_passed_over_like_a_granted_step():
    """R-TURN-3, R-TURN-6: actions are resolved leader first, then clockwise. Only a step a power
    grants is read as not taken: a hire written before the leader's own Patron action is
    refused as out of turn, the leader's action is not read as passed."""
    text = _text("bar-waits.gtr").replace("  Right hires Academy\n  You hires Dock\n",
                                           "  You hires Dock\n  Right hires Academy\n")
    found, snaps = _refused(text, "You hires Dock")
    assert "decision, not You's" in found.message, found.message
    assert snaps[-1].state.player("Right").clientele == []


def test_a_step_that_must_be_answered_is_not_passed_over():
    """B-LATRINE-1, 000 Appendix I, Latrine: "You may discard an Order card from your hand into
    the Pool before executing a Thinker action." The discard comes before the think, which is
    then owed (no pass answers it): the leader's action written next does not read it as not
    taken."""
    text = (READING.parent / "rulebook" / "ex-bb-latrine-1.gtr").read_text("utf-8")
    found, snaps = _refused(text.replace("  You thinks: refill\n", "  Right passes\n"), "Right passes")
    assert "You to think" in found.message, found.message
    assert len(snaps[-1].state.player("You").hand) == 3


ACADEMY = (READING.parent / "rulebook" / "ex-bb-academy-1.gtr").read_text("utf-8")


def test_a_think_owed_after_a_discard_is_not_passed_over_by_the_next_turn():
    """B-LATRINE-1 ("You may discard an Order card from your hand into the Pool before executing
    a Thinker action") with B-ACADEMY-1: once You discards before the Academy's think, the think
    is owed; the next turn's header and lead do not read it as not taken (R-TURN-9)."""
    text = ACADEMY.replace("  building You: Academy", "  building You: Latrine on Rubble complete with Road\n"
                                                       "  building You: Academy")
    text = text.replace("  You lays Road\n  You thinks: refill\n", "  You lays Road\n  You discards Villa\n")
    replayer, snaps = replay_text(text)
    assert replayer.diagnostics and replayer.diagnostics[0].statement.startswith("turn 2"), replayer.diagnostics
    assert snaps[-1].state.turn == 1


def test_an_action_the_step_does_not_take_reads_the_step_as_not_taken():
    """B-DOCK-1, 000 Appendix I, Dock (EX-BB-DOCK-1): each Laborer action may also move one card
    from your hand into your stockpile. A second gather from the Pool is the same kind of
    decision as the Dock's, but not one the Dock takes: it reads the Dock's card as not taken
    and is You's next Laborer action."""
    text = (READING.parent / "rulebook" / "ex-bb-dock-1.gtr").read_text("utf-8")
    text = text.replace("pool: Crane, Market", "pool: Crane, Market, Temple").replace(
        "  You gathers Atrium from hand\n  You gathers Bath from hand\n", "  You gathers Temple\n")
    replayer, _ = _replayed(text)
    you = replayer.final.player("You")
    assert you.stockpile == ["Market", "Temple"] and you.hand == ["Atrium", "Bath"]


def test_a_forced_pass_written_with_the_optional_step_before_it_left_out():
    """BC-SENATE-1 (as above) not taken, and Opp's forced pass that follows it written out: the
    Senate's think is read as not taken and the pass as restated."""
    text = _text("senate-restated-pass.gtr").split("  You thinks: refill")[0]
    replayer, snaps = _replayed(text)
    assert snaps[-1].forced and snaps[-1].turn == 1
    assert replayer.final.turn == 2 and len(replayer.final.player("You").hand) == 4


def test_a_statement_no_declined_step_explains_is_refused_not_restated():
    """Where declining the Senate's think makes a forced step that is not the statement (Opp's
    pass, not a gather), the statement is refused as it stands."""
    text = _text("senate-restated-pass.gtr").split("  Opp passes")[0] + "  Opp gathers Dock\n"
    found, snaps = _refused(text, "Opp gathers Dock")
    assert snaps[-1].state.turn == 1 and "You" in found.message, found


def test_two_optional_steps_left_out_before_the_next_turn():
    """B-SEWER-1 and B-ACADEMY-1 at the end of one turn (AMB-14: the keeps before the thinks):
    Right may keep the Market he led with, You may think. Neither is taken and nothing is
    written: the next turn's header and lead read both as not taken."""
    text = ACADEMY.replace("  hand Right: Market, Palisade\n",
                           "  hand Right: Market, Palisade\n  building Right: Sewer on Stone complete with Temple, Temple\n")
    text = text.replace("  You lays Road\n  You thinks: refill\n", "  You lays Road\n")
    replayer, snaps = _replayed(text)
    assert replayer.final.turn == 2 and replayer.final.player("Right").stockpile == []
    assert snaps[-1].text == "You leads Laborer with Bar"


def test_where_no_reading_lets_the_record_go_on_a_legal_statement_is_a_decision():
    """Where the statement after 'You passes' is refused under both readings, the later refusal
    decides nothing: the pass is read as it stands, declining the Academy's think."""
    text = _text("foundry-academy-restated.gtr").replace(
        "  You passes\n  Opp passes\n  You thinks: jack\n", "  You passes\n  You sells Gate\n")
    replayer, snaps = replay_text(text.split("\nturn 2")[0])
    passed = next(s for s in snaps if s.text == "You passes")
    assert not passed.forced and passed.state.turn == 2
    assert replayer.diagnostics[0].statement == "You sells Gate"


def test_a_wrong_header_is_still_refused_where_steps_are_left_out_before_it():
    """R-TURN-9: a header of turn 2 written where turn 1 goes on (Left's follow, legal once You's
    Bar offer is declined, is still turn 1's) is refused, and the offer stays open."""
    text = _text("bar-waits.gtr").replace("  Left follows with Palace\n", "\nturn 2 Left\n  Left follows with Palace\n")
    replayer, snaps = replay_text(text)
    assert replayer.diagnostics and replayer.diagnostics[0].statement == "turn 2 Left", replayer.diagnostics
    assert snaps[-1].state.turn == 1 and snaps[-1].state.steps


def test_a_think_that_declining_would_carry_into_the_next_turn_stays_in_its_turn():
    """R-TURN-9 (as above), B-ACADEMY-1: Right's Academy offers Right a think at the end of turn 1.
    You's think written there, before the header of turn 2 that You leads, would be turn 2's
    lead once Right's think is declined: it stays in turn 1, where it is refused."""
    text = ACADEMY.replace("  building You: Academy", "  building Right: Academy")
    found, snaps = _refused(text, "You thinks: refill")
    assert snaps[-1].state.turn == 1 and snaps[-1].state.steps, found


GAMES = Path(__file__).resolve().parents[2] / "examples" / "games"
TURN_28 = "  Cid demands Marble showing Temple\n  Cid passes\n"
"""republic-3p's turn 28: Cid's demand, which Ann and Ben answer by themselves (forced gives)."""
TURN_11 = "  Ann demands Rubble showing Insula\n  Ann takes Road from pool\n"
"""Its turn 11: Ann's demand; Ben and Cid have nothing to give (Glory to Rome, forced)."""


@pytest.mark.parametrize("old, new", [
    (TURN_28, TURN_28 + "  Ann gives Fountain to Cid\n  Ben gives Stairway to Cid\n"),
    (TURN_28, TURN_28 + "  Ben gives Stairway to Cid\n  Ann gives Fountain to Cid\n"),
    (TURN_11, TURN_11 + "  Cid: Glory to Rome\n  Ben: Glory to Rome\n"),
    (TURN_11, TURN_11.replace("  Ann takes", "  Ben: Glory to Rome\n  Ann takes") + "  Cid: Glory to Rome\n"),
    (TURN_11, TURN_11.replace("  Ann takes", "  Ben: Glory to Rome\n  Cid: Glory to Rome\n  Ann takes")),
    (TURN_11, TURN_11.replace("  Ann takes", "  Cid: Glory to Rome\n  Ben: Glory to Rome\n  Ann takes")),
])
def test_the_answers_to_a_demand_are_restated_in_any_order_before_or_after_the_pool_take(old, new):
    """R-LEG-3: the neighbours answer a demand in no set order, and at the table they may
    answer before the demander takes from the Pool (R-LEG-2): the forced answers written in
    either order, before or after the take, read as the same game."""
    text = (GAMES / "republic-3p.gtr").read_text("utf-8")
    assert text.count(old) == 1
    replayer, _ = _replayed(text.replace(old, new))
    canonical, _ = _replayed(text)
    assert replayer.final == canonical.final


DEMAND_POSITION = """[Game "Glory to Rome"]
[Ruleset "republic"]
[Players "Ann, Ben, Cid, Dee"]
[Start "position"]

position
  leader: Ben
  pool: Road{pool}
  hand Ann: Dock
  hand Ben: Atrium, Villa, {hand}Jack
  hand Cid: Market
  hand Dee: Dock

turn 1 Ben
  Ben leads Legionary with Atrium
  Cid thinks: jack
  Dee thinks: jack
  Ann thinks: jack
  Ben demands Stone showing Villa
{takes}
turn 2 Cid
  Cid thinks: jack
"""


@pytest.mark.parametrize("pool, takes", [("", ""), (", Garden", "  Ben takes Garden from pool\n")])
@pytest.mark.parametrize("hand", ["", "?, "])
def test_the_demanders_pass_with_nothing_left_in_the_pool_to_take_restates_a_forced_step(pool, takes, hand):
    """R-LEG-2, AMB-12: the demander may take a Pool card of each material demanded; with
    none there (no Stone at all, or the one Garden taken), passing is the one choice left, a
    step the engine makes by itself, which a record may write out (``Ben passes``) or leave
    out: both read as the same game, also where the demander holds cards the recorder did not
    see (the Pool's cards are the choice, not the hand's)."""
    text = DEMAND_POSITION.format(pool=pool, takes=takes, hand=hand)
    left_out, _ = _replayed(text)
    written, snaps = _replayed(text.replace("\nturn 2", "  Ben passes\n\nturn 2"))
    assert written.final == left_out.final
    [restated] = [s for s in snaps if s.text == "Ben passes"]
    assert restated.forced
    assert left_out.final.legionary is None


def test_the_demanders_pass_with_a_card_left_to_take_is_a_decision_of_its_own():
    """R-LEG-2, AMB-12: with a Stone in the Pool the demander chooses, so the pass is not
    forced: written, it declines the take; left out, the game waits for the demander."""
    text = DEMAND_POSITION.format(pool=", Garden", takes="", hand="")
    written, snaps = _replayed(text.replace("\nturn 2", "  Ben passes\n\nturn 2"))
    [passed] = [s for s in snaps if s.text == "Ben passes"]
    assert not passed.forced and "Garden" in written.final.pool
    problem, _ = _refused(text, "turn 2 Cid")
    assert problem.legal == ("Ben takes Garden from pool", "Ben passes")


CLASSIC_DEMAND = """[Game "Glory to Rome"]
[Ruleset "classic"]
[Players "Ann, Ben"]
[Start "position"]

position
  leader: Ann
  deck: Dock, Dock, Dock, Dock, Dock, Dock
  jacks: 2
  pool: Gate
  hand Ann: Archway, Bath
  hand Ben: Road

turn 1 Ann
  Ann leads Legionary with Archway
  Ben thinks: jack
  Ann demands Brick showing Bath
"""


def test_a_pass_where_the_wording_in_force_makes_the_pool_take_compulsory_is_refused_not_read_as_the_pass_after_it():
    """R-LEG-2 [C] as worded ("If there is a matching material in the Pool then take it",
    AMB-12's other reading): the one Gate must be taken, and the engine takes it. 'Ann passes'
    with the take left out declines it, which that reading forbids, and is refused for it; it
    is not read as the pass that closes the take. Written after the take, it restates that pass;
    under the default reading it declines the take and the Gate stays."""
    as_worded = "legionary-pool-optional=as-worded"
    problem, _ = _refused_under(CLASSIC_DEMAND + "  Ann passes\n", as_worded)
    assert "a matching card in the pool must be taken; the engine took Gate for Ann" in problem.message
    assert problem.rule_ids == ("R-LEG-2", "AMB-12")
    taken, snaps = replay_text(CLASSIC_DEMAND + "  Ann takes Gate from pool\n  Ann passes\n", rulings=as_worded)
    assert not taken.diagnostics and [s.forced for s in snaps][-2:] == [True, True]
    declined, _ = _replayed(CLASSIC_DEMAND + "  Ann passes\n")
    assert declined.final.pool[0] == "Gate" and taken.final.players[0].stockpile == ["Gate"]


def _refused_under(text: str, rulings: str):
    replayer, snaps = replay_text(text, rulings=rulings)
    assert replayer.diagnostics, "accepted"
    return replayer.diagnostics[0], snaps


@pytest.mark.parametrize("written", [
    "  Ann: Glory to Rome\n  Ben passes\n",
    "  Cid: Glory to Rome\n  Ann: Glory to Rome\n  Ben passes\n",
    "  Ben passes\n  Cid: Glory to Rome\n",
])
def test_the_demanders_forced_pass_and_the_forced_answers_are_restated_in_any_order(written):
    """R-LEG-2, R-LEG-3: with no Stone in the Pool and none in the neighbours' hands, Ben's pass
    and Ann's and Cid's Glory to Rome are all made by the engine at one moment; the table says
    them in no set order, and a record writing some of them in any order reads as the same game."""
    text = DEMAND_POSITION.format(pool="", takes="", hand="")
    canonical, _ = _replayed(text)
    replayer, snaps = _replayed(text.replace("\nturn 2", written + "\nturn 2"))
    assert replayer.final == canonical.final
    assert all(s.forced for s in snaps if s.text in written)
