"""The classic Bath: a new client acts at once, and a Patron action may hire in the place of
a client, who goes back to the Pool at once (BC-BATH-1, BC-BATH-2); written
``Ann hires Road replacing Villa``. Each test quotes 001's Appendix."""

import random

import pytest

import notation
from gtr_replay.engine import Game, rules
from gtr_replay.game import Follow, Gather, Hire, Lead, Pass, Think
from gtr_replay.game.state import Building, PlayerState
from gtr_replay.game.steps import ClientAction
from gtr_replay.enums import JACK, Material, Role, Ruleset, Zone
from gtr_replay.errors import RulesError
from gtr_replay.replay.translate import decision_for, statement_for
from gtr_replay.vocabulary import card_vocabulary
from tests.powers.test_client_powers import table

CLASSIC = Ruleset.CLASSIC


def done(name, site):
    return Building(name, site, complete=True)


def test_classic_bath_new_client_acts_at_once():
    """001 Bath: "When you gain a new client, you execute that client's role." Example: "You
    take the Patron as a client and gain an extra Patron role. You execute the Patron role to
    take the Laborer as another client, gaining an extra Laborer role which you execute to take
    the Stone (Merchant) from the Pool into your Stockpile." (BC-BATH-1)"""
    you = PlayerState("You", hand=["Statue"], buildings=[done("Bath", Material.BRICK)])
    state = table(PlayerState("Right", hand=["Temple"]), you, ruleset=CLASSIC, pool=["Road", "Tower", "Palace", "Villa"])
    game = Game(state)
    game.push(Lead("Right", Role.PATRON, ("Temple",)))
    game.push(Follow("You", ("Statue",)))
    game.push(Hire("Right", "Tower"))
    game.push(Hire("You", "Palace"))
    assert state.steps == [ClientAction("Bath", 1, Role.PATRON)]
    game.push(Hire("You", "Road"))
    assert state.steps == [ClientAction("Bath", 1, Role.LABORER)]
    game.push(Gather("You", "Villa"))
    assert state.players[1].clientele == ["Palace", "Road"] and state.players[1].stockpile == ["Villa"]


def test_classic_bath_hires_in_the_place_of_a_client():
    """001 Bath: "When executing the Patron role you may replace a client with a new one. The
    old client is in the Pool immediately." Example: "You lead as a Patron and execute the role
    to take the Laborer as a client, replace one of your Merchant clients which you put back into
    the Pool. Because of your Bath, you now get to execute a free Laborer role which you use to
    take the Stone (Merchant) from the Pool into your Stockpile." (BC-BATH-2)"""
    you = PlayerState("You", hand=["Temple"], clientele=["Villa", "Garden", "Tower"],
                      buildings=[done("Bath", Material.BRICK)])  # influence 2 + 2: room for one more
    state = table(you, PlayerState("Ben", hand=["Road"]), ruleset=CLASSIC, pool=["Road"])
    game = Game(state)
    game.push(Lead("You", Role.PATRON, ("Temple",)))
    game.push(Think("Ben", "refill"))
    assert Hire("You", "Road", None, "Villa") in game.legal()
    game.push(Hire("You", "Road", None, "Villa"))
    you = state.players[0]
    assert you.clientele == ["Garden", "Tower", "Road"] and state.pool == ["Villa"]
    assert state.steps == [ClientAction("Bath", 0, Role.LABORER)]
    events = game.push(Gather("You", "Villa")).events
    assert you.stockpile == ["Villa"] and any(e.kind == "cleanup" for e in events)


def test_a_full_clientele_may_still_replace():
    """The limit counts clients, and a replacement keeps their number (R-PATRON-2, BC-BATH-2)."""
    you = PlayerState("You", hand=[JACK], clientele=["Villa", "Garden"], buildings=[done("Bath", Material.BRICK)])
    state = table(you, PlayerState("Ben", hand=["Road"]), ruleset=CLASSIC, pool=["Road"])
    assert rules.clientele_limit(state, 0) == 2
    game = Game(state)
    game.push(Lead("You", Role.PATRON, (JACK,)))
    game.push(Think("Ben", "refill"))
    hires = [d for d in game.legal() if isinstance(d, Hire)]
    assert hires == [Hire("You", "Road", None, "Garden"), Hire("You", "Road", None, "Villa")]
    assert {game.random_legal(random.Random(n)) for n in range(30)} == set(game.legal())
    with pytest.raises(RulesError, match="clientele is full"):
        game.push(Hire("You", "Road"))
    with pytest.raises(RulesError, match="not one of You's clients"):
        game.push(Hire("You", "Road", None, "Temple"))
    game.push(Hire("You", "Road", None, "Garden"))
    assert state.players[0].clientele == ["Villa", "Road"]


def test_without_a_classic_bath_no_client_is_replaced():
    """Only the 2005 Bath says it; the Black Box Bath does not (B-BATH-1)."""
    you = PlayerState("You", hand=[JACK], clientele=["Villa"], buildings=[done("Bath", Material.BRICK)])
    state = table(you, PlayerState("Ben", hand=["Road"]), ruleset=Ruleset.REPUBLIC, pool=["Road"])
    game = Game(state)
    game.push(Lead("You", Role.PATRON, (JACK,)))
    game.push(Think("Ben", "refill"))
    with pytest.raises(RulesError, match="no power lets You replace a client"):
        game.push(Hire("You", "Road", None, "Villa"))
    assert not any(isinstance(d, Hire) and d.replacing for d in game.legal())
    game.push(Pass("You"))


def test_a_replacement_is_written_and_read_back():
    """``Ann hires Road replacing Villa``: the statement, its canonical text, the decision."""
    text = '[Game "Glory to Rome"]\n[Players "Ann, Ben"]\n\nturn 1 Ann\n  Ann hires Road from hand replacing Villa\n'
    [record] = notation.parse(text, vocabulary=card_vocabulary())
    statement = record.turns[0].steps[0].statement
    assert statement.replacing == "Villa" and statement.source is notation.Zone.HAND
    assert notation.write(record) == text
    you = PlayerState("Ann", hand=["Road"])
    state = table(you, PlayerState("Ben"), ruleset=CLASSIC)
    decision = decision_for(statement, state)
    assert decision == Hire("Ann", "Road", Zone.HAND, "Villa")
    assert str(statement_for(decision, state, [])) == "Ann hires Road from hand replacing Villa"
    lenient = notation.parse(text.replace("hires Road from hand replacing", "HIRE road  from hand  REPLACING"),
                             vocabulary=card_vocabulary())
    assert notation.write(lenient) == text
