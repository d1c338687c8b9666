"""A refusal cites the card rules of the ruleset in play (RULES.md §0.2: the Black Box cards'
rules are B-*, the 2005 cards' BC-*): a classic game's refusal never sends its reader to the
Black Box text for a card that has a classic power."""

import re
from pathlib import Path

import pytest

from gtr_replay.engine.citations import CARD_RULES, card_of, cited
from gtr_replay.engine import Game
from gtr_replay.game import Discard, Follow, Keep, Lead
from gtr_replay.game.state import Building, PlayerState
from gtr_replay.game.steps import STEPS
from gtr_replay.enums import JACK, Material, Role, Ruleset
from gtr_replay.errors import RulesError
from gtr_replay.data.ruling_types import Rulings
from gtr_replay.powers import table as powers_table
from gtr_replay.data.cards import cards_for
from tests.powers.test_client_powers import table

CLASSIC = Ruleset.CLASSIC
PACKAGE = Path(__file__).parents[2] / "gtr_replay"


def done(name, site):
    return Building(name, site, complete=True)


def refused(game: Game, decision) -> RulesError:
    with pytest.raises(RulesError) as caught:
        game.push(decision)
    return caught.value


def _thinking(card, ruleset=CLASSIC, rulings=None):
    """You own ``card`` and may think after Right leads."""
    right = PlayerState("Right", hand=["Tower"])
    you = PlayerState("You", hand=["Temple", "Temple", "Statue", JACK], buildings=[done(card, Material.STONE)])
    state = table(right, you, ruleset=ruleset)
    state.rulings = Rulings({**state.rulings, **(rulings or {})})
    game = Game(state)
    game.push(Lead("Right", Role.ARCHITECT, ("Tower",)))
    return game


def test_a_classic_latrines_refused_discard_cites_the_classic_card():
    """001 Latrine: "Before you execute the Thinker role you may discard a single card to the
    Pool." A Jack is no Order card to discard; the refusal cites BC-LATRINE-1, not the Black
    Box card's B-LATRINE-1."""
    error = refused(_thinking("Latrine"), Discard("You", (JACK,)))
    assert "BC-LATRINE-1" in error.rule_ids and "B-LATRINE-1" not in error.rule_ids


def test_a_classic_vomitoriums_refused_discard_cites_the_classic_card():
    """001 Vomitorium: "Before you execute the Thinker role you may discard all the cards in
    your hand into the Pool." Part of the hand is refused citing BC-VOMITORIUM-1."""
    error = refused(_thinking("Vomitorium"), Discard("You", ("Statue",)))
    assert "BC-VOMITORIUM-1" in error.rule_ids and "B-VOMITORIUM-1" not in error.rule_ids


def test_a_classic_sewers_refused_discard_cites_the_sewer_not_the_vomitorium():
    """001 Sewer: "You may discard all the cards from your hand before you execute the Thinker
    role." The printed Sewer gives the Vomitorium's discard by its own rule: a refusal cites
    BC-SEWER-1, and no Vomitorium rule of either edition (CONFLICT-CL-1, AMB-34)."""
    error = refused(_thinking("Sewer"), Discard("You", ("Statue",)))
    assert "BC-SEWER-1" in error.rule_ids
    assert not any(r.startswith("B-") or "VOMITORIUM" in r for r in error.rule_ids), error.rule_ids


def test_a_classic_sewers_refused_keep_cites_the_classic_card():
    """The classic-sewer ruling's black-box reading plays the Black Box text on the classic card:
    its refusals still cite the classic card, BC-SEWER-1 (AMB-34)."""
    right = PlayerState("Right", hand=["Temple"])
    you = PlayerState("You", hand=["Statue", "Temple"], buildings=[done("Sewer", Material.STONE)])
    state = table(right, you, ruleset=CLASSIC)
    state.rulings = Rulings({**state.rulings, "classic-sewer": "black-box"})
    game = Game(state)
    game.push(Lead("Right", Role.PATRON, ("Temple",)))
    game.push(Follow("You", ("Statue",)))
    error = refused(game, Keep("You", ("Temple",)))  # not played this turn
    assert "BC-SEWER-1" in error.rule_ids and "B-SEWER-1" not in error.rule_ids


def test_a_refused_discard_cites_the_card_whose_way_it_missed():
    """001 Latrine: "discard a single card"; 001 Vomitorium: "discard all the cards in your
    hand". Owning both, a discard of two of four cards is neither: it is refused as the one
    card the Latrine allows, citing BC-LATRINE-1 and not the Vomitorium."""
    right = PlayerState("Right", hand=["Tower"])
    you = PlayerState("You", hand=["Temple", "Temple", "Statue", JACK],
                      buildings=[done("Latrine", Material.RUBBLE), done("Vomitorium", Material.CONCRETE)])
    state = table(right, you, ruleset=CLASSIC)
    game = Game(state)
    game.push(Lead("Right", Role.ARCHITECT, ("Tower",)))
    error = refused(game, Discard("You", ("Statue", "Temple")))
    assert "one Order card" in error.message
    assert "BC-LATRINE-1" in error.rule_ids and "BC-VOMITORIUM-1" not in error.rule_ids, error.rule_ids


def _every_citable_rule() -> set[str]:
    """Every card rule a refusal may cite: those the engine's and the steps' sources name, and
    every power's rule IDs, of every ruleset."""
    found = set()
    for path in [*(PACKAGE / "engine").rglob("*.py"), PACKAGE / "game" / "steps.py"]:
        found |= set(re.findall(r"\b(?:BC|B|G)-[A-Z]+-\d+[a-z]?\b", path.read_text("utf-8")))
    for ruleset in Ruleset:
        for power in powers_table(ruleset).values():
            found |= set(power.rule_ids)
    for kind in STEPS.values():
        found |= set(kind.rules)
    return {r for r in found if card_of(r) is not None}


def _spelt(name):
    return name.replace(" ", "").upper()


def test_every_classic_powers_rules_are_cited_as_the_classic_card():
    """For EVERY card with a classic power, every rule about that card a refusal may cite, of
    either edition, is cited in a classic game as that classic power's own BC-* rules, and
    nothing of the Black Box edition is left (the mechanism: ``citations.cited``)."""
    aliases = cards_for(CLASSIC).aliases
    rules = _every_citable_rule()
    checked = 0
    for building, power in powers_table(CLASSIC).items():
        spellings = {_spelt(building)} | {_spelt(a) for a, target in aliases.items() if target == building}
        own = {r for r in power.rule_ids if r.startswith("BC-") and card_of(r) == _spelt(building)}
        assert own, f"the classic {building} cites no BC-{_spelt(building)}-* rule of its own"
        about = sorted(r for r in rules if card_of(r) in spellings)
        for rule in about:
            found = cited(CLASSIC, (rule,))
            expected = {rule} if rule.startswith("BC-") else own
            assert set(found) == expected, f"{rule} in a classic game: cited as {found}, not {sorted(expected)}"
            checked += 1
    assert checked >= 2 * len(powers_table(CLASSIC))  # each card's B-* and BC-* rules at least


def test_black_box_games_cite_the_black_box_cards():
    """The same mechanism the other way: a classic card rule in a Black Box game is cited as the
    Black Box power's rules of that card; Geek rules stay."""
    assert cited(Ruleset.REPUBLIC, ("BC-LATRINE-1", "R-THINK-1")) == ("B-LATRINE-1", "R-THINK-1")
    assert cited(Ruleset.IMPERIUM, ("BC-COLISEUM-1",)) == ("B-COLOSSEUM-1", "B-COLOSSEUM-2", "B-COLOSSEUM-3", "B-COLOSSEUM-4")
    assert cited(Ruleset.REPUBLIC, ("G-BACCHANALIA-1", "AMB-14")) == ("G-BACCHANALIA-1", "AMB-14")
    assert set(CARD_RULES) == {cards_for(r).edition for r in Ruleset}
