"""The Black Box rules' training game (R-TRAIN, R-SETUP-13, AMB-30): building functions
ignored, a completed building's Influence still gained; at most three Sites of each material in
town; half the draw pile set aside unseen; no training game in the 2005 rules."""

from collections import Counter

import notation
import pytest

from gtr_replay.data.cards import cards_for
from gtr_replay.engine import Game, rules
from gtr_replay.errors import UsageError
from gtr_replay.game import Add, Lead, PlayerState, Think
from gtr_replay.game.state import Building
from gtr_replay.enums import Material, Role, Ruleset
from gtr_replay.play.selfplay import selfplay
from gtr_replay.replay.replayer import Replayer
from gtr_replay.replay.viewpoint import as_seen_by
from gtr_replay.replay.visitors import CheckOnly, Refusal
from gtr_replay.vocabulary import card_vocabulary

TRAINING = "training-game=yes"


@pytest.mark.parametrize("ruleset, players, in_town", [("republic", 2, 2), ("republic", 4, 3), ("imperium", 5, 3)])
def test_the_training_setup_caps_the_sites_in_town_and_sets_half_the_deck_aside_R_SETUP_13(ruleset, players,
                                                                                             in_town):
    names = ["Ann", "Ben", "Cid", "Dee", "Eve"][:players]
    full = Game.new(ruleset, names, seed="training").state
    state = Game.new(ruleset, names, seed="training", rulings=TRAINING).state
    assert all(state.sites_in_town[m] == in_town and state.sites_out_of_town[m] == 6 - in_town for m in Material)
    deck = len(full.deck)
    assert len(state.removed) == deck // 2 and len(state.deck) == deck - deck // 2  # rounded down (AMB-30)
    assert state.deck == full.deck[:len(state.deck)] and state.removed == full.deck[len(state.deck):]
    assert [p.hand for p in state.players] == [p.hand for p in full.players] and state.pool == full.pool


def test_the_2005_rules_have_no_training_game_R_TRAIN_4():
    with pytest.raises(UsageError, match="R-TRAIN-4"):
        Game.new("classic", ["Ann", "Ben"], seed="training", rulings=TRAINING)


def _completing(position, building: str, site: Material, rulings=None, **kw):
    """You completes ``building`` (a Stone one) with an Architect action: the Villa from the stockpile."""
    you = PlayerState("You", hand=["Tower"], stockpile=["Villa"], buildings=[Building(building, site, ["Villa", "Garden"])])
    return Game(position(you, PlayerState("Opp", hand=["Road"] * 5), rulings=rulings, jack_pile=2, **kw))


def test_a_completed_catacomb_gives_its_influence_and_does_not_end_a_training_game_R_TRAIN_1_R_TRAIN_3(
        position, play):
    for chosen, ends in ((TRAINING, False), (None, True)):
        game = _completing(position, "Catacomb", Material.STONE, rulings=chosen)
        play(game, Lead("You", Role.ARCHITECT, ("Tower",)), Think("Opp", "jack"), Add("You", "Villa", "Catacomb"))
        you = game.state.players[0]
        assert you.buildings[0].complete and you.influence == [Material.STONE]
        assert game.state.over is ends and rules.influence(game.state, 0) == 5


def test_a_completed_building_works_for_nobody_in_a_training_game_R_TRAIN_1(position):
    """An Insula raises the clientele limit by two and a Shrine the refill size by two, in the
    full game; in the training game neither does anything but give its Influence."""
    for chosen, clientele, refill in ((TRAINING, 5, 5), (None, 7, 7)):
        you = PlayerState("You", influence=[Material.RUBBLE, Material.BRICK],
                          buildings=[Building("Insula", Material.RUBBLE, complete=True),
                                     Building("Shrine", Material.BRICK, complete=True)])
        state = position(you, PlayerState("Opp"), rulings=chosen)
        assert rules.influence(state, 0) == 2 + 1 + 2
        assert (rules.clientele_limit(state, 0), rules.refill_size(state, 0)) == (clientele, refill)


@pytest.mark.parametrize("ruleset, players", [("republic", 3), ("imperium", 4)])
def test_training_games_replay_from_every_seat_and_keep_the_cards_set_aside_unseen(ruleset, players):
    games = list(selfplay(ruleset, players, "training-sample", 2, rulings=TRAINING))
    for n, game in enumerate(games):
        record = notation.parse_one(notation.write([game.record(draws=n % 2 == 1)]), vocabulary=card_vocabulary())
        assert record.tag("Rulings") == TRAINING
        replayer = Replayer(record, CheckOnly(Refusal.END_LINE))
        replayer.check()
        assert replayer.diagnostics == [] and replayer.game.state.over
        state = replayer.game.state
        total = Counter(cards_for(Ruleset(ruleset)).manifest())
        assert len(state.removed) >= sum(total.values()) // 3  # about half the deck left after the deal
        if n % 2 == 1:
            for seat in record.players:
                mine = Replayer(as_seen_by(record, seat), CheckOnly(Refusal.END_LINE))
                mine.check()
                assert mine.diagnostics == []


def test_a_classic_position_is_refused_the_training_game_too_R_TRAIN_4():
    text = ('[Game "x"]\n[Ruleset "classic"]\n[Rulings "training-game=yes"]\n[Players "Ann, Ben"]\n'
            '[Start "position"]\n\nposition\n  leader: Ann\n  deck: 30\n  hand Ann: Road\n  hand Ben: Temple\n\n'
            'turn 1 Ann\n  Ann thinks: jack\n')
    replayer = Replayer(notation.parse_one(text, vocabulary=card_vocabulary()), CheckOnly(Refusal.END_LINE))
    replayer.check()
    assert "R-TRAIN-4" in str(replayer.diagnostics[0])
