"""The Statue: any Site, materials of the Site or Marble, the Site's value in materials (Black
Box) or three (classic), 3 points (B-STATUE-1..4, BC-STATUE-1, AMB-28)."""

import pytest

from gtr_replay.engine import Game, rules
from gtr_replay.game import Add, Lay, Lead, Think
from gtr_replay.engine.scoring import scores
from gtr_replay.game.state import GameState, PlayerState
from gtr_replay.enums import Material, Role, Ruleset
from gtr_replay.errors import IllegalDecisionError
from gtr_replay.data.rulings import resolve


def table(ruleset=Ruleset.REPUBLIC, in_town=2) -> Game:
    """Ann, with two Craftsman clients, leads Craftsman and Ben thinks: her actions come next."""
    ann = PlayerState("Ann", hand=["Palisade", "Statue", "Road", "Temple", "Palisade"], clientele=["Dock", "Market"])
    state = GameState(ruleset, [ann, PlayerState("Ben", hand=["Insula"])], resolve(), deck=["Bar"] * 9,
                      jack_pile=3)
    for m in Material:
        state.sites_in_town[m] = in_town
        state.sites_out_of_town[m] = 2 if ruleset is not Ruleset.CLASSIC else 0
    game = Game.from_state(state)
    game.push(Lead("Ann", Role.CRAFTSMAN, ("Palisade",)))
    game.push(Think("Ben", "jack"))
    return game


@pytest.mark.parametrize("ruleset", [Ruleset.REPUBLIC, Ruleset.IMPERIUM, Ruleset.CLASSIC])
def test_a_statue_may_be_laid_on_any_site(ruleset):
    """'Its foundation may be laid on any Site' (B-STATUE-1, BC-STATUE-1)."""
    game = table(ruleset)
    sites = {d.site or Material.MARBLE for d in game.legal()
             if isinstance(d, Lay) and d.card == "Statue" and not d.out_of_town}
    assert sites == set(Material)
    others = {d.site for d in game.legal() if isinstance(d, Lay) and d.card == "Road"}
    assert others == {None}  # other foundations still go on their own material


def test_a_statue_out_of_town_on_any_site_takes_two_actions():
    """AMB-28 (default): any out-of-town Site, for two actions, once that material's in-town
    Sites are gone (AMB-04)."""
    game = table(in_town=0)
    state = game.state
    game.push(Lay("Ann", "Statue", Material.RUBBLE, out_of_town=True))
    statue = state.players[0].building("Statue")
    assert statue.site is Material.RUBBLE and statue.out_of_town and state.actions_used == 2


def test_black_box_statue_needs_the_sites_value_of_the_site_or_marble():
    """'Materials may match the Site or Marble; the number needed is the Site's value'
    (B-STATUE-2); it gives the Site's Influence (B-STATUE-3) and 3 points (B-STATUE-4)."""
    game = table()
    state = game.state
    game.push(Lay("Ann", "Statue", Material.RUBBLE))
    with pytest.raises(IllegalDecisionError, match="Statue is a Marble building; Palisade is Wood"):
        game.push(Add("Ann", "Palisade", "Statue"))  # Wood: neither the Site nor Marble
    game.push(Add("Ann", "Road", "Statue"))            # one Rubble: the Site's value is 1
    statue = state.players[0].building("Statue")
    assert statue.complete
    assert rules.influence(state, 0) == 3
    assert scores(state)[0].powers == 3


def test_classic_statue_needs_three():
    """'It completes with three materials, each matching the Site or Marble' (BC-STATUE-1)."""
    game = table(Ruleset.CLASSIC)
    state = game.state
    game.push(Lay("Ann", "Statue", Material.RUBBLE))
    game.push(Add("Ann", "Road", "Statue"))
    game.push(Add("Ann", "Temple", "Statue"))
    statue = state.players[0].building("Statue")
    assert not statue.complete and rules.materials_needed(state, 0, statue) == 3


def test_only_a_completed_statue_scores_its_three_points():
    """B-STATUE-4, 000 Appendix I, Statue: "At the end of the game, if your Statue has been
    completed, you gain three extra Victory Points". Ann's Statue foundation works through her
    Gate (B-GATE-1) but scores nothing; Ben's completed Statue on a Brick Site scores as in
    the example, 7; Cid gets nothing from Ben's public Statue under the public-statue
    ruling's default (the other reading is tested with the rulings)."""
    from tests.fidelity_helpers import replay_file
    replayer, _ = replay_file("statue-points.gtr")
    assert not replayer.diagnostics
    assert [(s.player, s.powers, s.total) for s in scores(replayer.start)] == [("Ann", 0, 4), ("Ben", 3, 7),
                                                                             ("Cid", 0, 2)]
