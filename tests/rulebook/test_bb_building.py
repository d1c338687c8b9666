"""Black Box worked examples about completing a building: the Influence it gives, the limits
and refill size its function changes, and the placements it allows (000 Appendix I: Shrine,
Temple, Market, Insula, Aqueduct, Gate, Villa, Road, Tower).

Facts are read right after the statement that decides them. When that statement is the last
action of the turn the engine also cleans up, which changes none of the facts asserted."""

from rulebook_helpers import influence, limits, play, player

from gtr_replay.engine import rules
from gtr_replay.engine.scoring import scores
from gtr_replay.enums import MATERIALS, Material


def building(state, name: str, foundation: str):
    found = player(state, name).building(foundation)
    assert found is not None, f"{name} has no {foundation}"
    return found


def points(state, name: str) -> int:
    return next(s.total for s in scores(state) if s.player == name)


def one_card_of(material: Material) -> str:
    """A Black Box card of ``material`` (for asking which materials fit a building)."""
    return {Material.RUBBLE: "Bar", Material.WOOD: "Dock", Material.BRICK: "Atrium",
            Material.CONCRETE: "Wall", Material.STONE: "Garden", Material.MARBLE: "Statue"}[material]


def test_ex_bb_shrine_1():
    """A Shrine as the first structure: refill size 7 (B-SHRINE-1), Influence 2 + 2 = 4."""
    game = play("EX-BB-SHRINE-1")
    you = game.start.index("You")
    assert player(game.start, "You").influence == []  # the first structure
    assert influence(game.start, "You") == 2 and rules.refill_size(game.start, you) == 5

    done = game.after("You adds Foundry to Shrine")
    shrine = building(done, "You", "Shrine")
    assert shrine.complete and shrine.materials == ["Atrium", "Foundry"]
    assert rules.refill_size(done, you) == 7
    assert influence(done, "You") == 4
    assert rules.think_draws(done, you, "refill") == 7 - len(player(done, "You").hand)
    assert not done.over


def test_ex_bb_temple_1():
    """A Temple as the first structure: refill size 9 (B-TEMPLE-1), Influence 2 + 3 = 5."""
    game = play("EX-BB-TEMPLE-1")
    you = game.start.index("You")
    assert player(game.start, "You").influence == []
    assert influence(game.start, "You") == 2 and rules.refill_size(game.start, you) == 5

    done = game.after("You adds Basilica to Temple")
    temple = building(done, "You", "Temple")
    assert temple.complete and temple.materials == ["Statue", "Palace", "Basilica"]
    assert rules.refill_size(done, you) == 9
    assert influence(done, "You") == 5
    assert rules.think_draws(done, you, "refill") == 9 - len(player(done, "You").hand)
    assert not done.over


def test_ex_bb_market_1():
    """A Market as the first structure: Influence 3, clientele limit 3, vault limit 3 + 2 = 5
    (B-MARKET-1)."""
    game = play("EX-BB-MARKET-1")
    assert player(game.start, "You").influence == []
    assert limits(game.start, "You") == (2, 2, 2)

    done = game.after("You adds Dock to Market")
    market = building(done, "You", "Market")
    assert market.complete and market.materials == ["Dock"]
    assert limits(done, "You") == (3, 3, 5)  # (influence, clientele limit, vault limit)
    assert not done.over


def test_ex_bb_insula_1():
    """An Insula as the first structure: Influence 3 (3 VP), clientele limit 3 + 2 = 5
    (B-INSULA-1), vault limit 3."""
    game = play("EX-BB-INSULA-1")
    assert player(game.start, "You").influence == []
    assert limits(game.start, "You") == (2, 2, 2)

    done = game.after("You adds Latrine to Insula")
    insula = building(done, "You", "Insula")
    assert insula.complete and insula.materials == ["Latrine"]
    assert limits(done, "You") == (3, 5, 3)
    assert points(done, "You") == 3  # the Influence alone: no vault, no bonus
    assert not done.over


def test_ex_bb_aqueduct_1():
    """Insula then Aqueduct: Influence 2 + 1 + 2 = 5, clientele limit (5 + 2) x 2 = 14
    (B-INSULA-1, B-AQUEDUCT-1), vault limit 5."""
    game = play("EX-BB-AQUEDUCT-1")
    assert limits(game.start, "You") == (3, 5, 3)  # the Insula alone
    before = game.before("You adds Wall to Aqueduct")
    assert len(building(before, "You", "Aqueduct").materials) == 1  # one short

    done = game.after("You adds Wall to Aqueduct")
    aqueduct = building(done, "You", "Aqueduct")
    assert aqueduct.complete and aqueduct.materials == ["Bridge", "Wall"]
    assert [b.foundation for b in player(done, "You").buildings if b.complete] == ["Insula", "Aqueduct"]
    assert influence(done, "You") == 5
    assert limits(done, "You") == (5, (5 + 2) * 2, 5) == (5, 14, 5)
    assert not done.over


def test_ex_bb_gate_1():
    """Completing a Gate wakes the Temple foundation: refill size 9 at once (B-GATE-1,
    B-TEMPLE-1), but only the Gate's Influence: 2 + 2 = 4 (R-BUILD-10)."""
    game = play("EX-BB-GATE-1")
    you = game.start.index("You")
    temple = building(game.start, "You", "Temple")
    assert not temple.complete and temple.materials == []
    before = game.before("You adds Foundry to Gate")
    assert rules.refill_size(before, you) == 5  # the Temple foundation sleeps until the Gate works

    done = game.after("You adds Foundry to Gate")
    assert building(done, "You", "Gate").complete
    temple = building(done, "You", "Temple")
    assert not temple.complete and temple.materials == []  # still a bare foundation
    assert rules.refill_size(done, you) == 9
    assert influence(done, "You") == 4  # the Gate's 2, none from the Temple
    assert player(done, "You").influence == [Material.BRICK]
    assert not done.over


def test_ex_bb_villa_1():
    """One Stone by an Architect completes the Villa (B-VILLA-1): Influence 5, 5 VP, clientele
    limit 5, vault limit 5; the Villa holds 1 material."""
    game = play("EX-BB-VILLA-1")
    assert player(game.start, "You").influence == []
    villa = building(game.start, "You", "Villa")
    assert not villa.complete and villa.materials == []
    assert player(game.start, "You").stockpile == ["Garden"]

    done = game.after("You adds Garden to Villa")
    villa = building(done, "You", "Villa")
    assert villa.complete
    assert villa.materials == ["Garden"]  # 1 material, not the 3 a Stone building needs
    assert rules.material_of(done, "Garden") is Material.STONE
    assert limits(done, "You") == (5, 5, 5)
    assert points(done, "You") == 5
    assert player(done, "You").stockpile == []
    assert not done.over


def test_ex_bb_road_1():
    """The Road completes with the lead action's Rubble and at once lets the client's Wood
    into the Catacomb (B-ROAD-1), which then needs exactly one more material of any kind."""
    game = play("EX-BB-ROAD-1")
    you = game.start.index("You")
    catacomb = building(game.start, "You", "Catacomb")
    assert not rules.material_fits(game.start, you, catacomb, "Dock")  # no Road yet: Stone only

    road_done = game.after("You adds Latrine to Road")
    assert building(road_done, "You", "Road").complete
    assert influence(road_done, "You") == 2 + 1
    assert road_done.current == you and road_done.actions_used == 1  # the client's action is left
    assert rules.material_fits(road_done, you, building(road_done, "You", "Catacomb"), "Dock")

    done = game.after("You adds Dock to Catacomb")
    catacomb = building(done, "You", "Catacomb")
    assert catacomb.materials == ["Garden", "Dock"]
    assert [rules.material_of(done, c) for c in catacomb.materials] == [Material.STONE, Material.WOOD]
    assert not catacomb.complete
    assert rules.materials_needed(done, you, catacomb) - len(catacomb.materials) == 1
    assert all(rules.material_fits(done, you, catacomb, one_card_of(m)) for m in MATERIALS)
    assert player(done, "You").stockpile == ["Palisade"]
    assert not done.over  # the Catacomb is not complete, so it ends nothing


def test_ex_bb_tower_1():
    """With the Tower complete, the Sewer goes on an out-of-town Stone Site for one action and
    takes a Rubble (B-TOWER-1..3); it then needs 2 more Stone or Rubble; the game goes on."""
    game = play("EX-BB-TOWER-1")
    you = game.start.index("You")
    assert game.start.sites_in_town[Material.STONE] == 0
    assert game.start.sites_out_of_town[Material.STONE] >= 1
    lead = game.after("Opp thinks: refill")
    assert rules.action_count(lead, you) == 3  # the lead and two Architect clients
    assert rules.out_of_town_cost(lead, you) == 2  # no Tower yet

    tower_done = game.after("You adds Bridge to Tower")
    tower = building(tower_done, "You", "Tower")
    assert tower.complete and tower.materials == ["Wall", "Bridge"]
    assert influence(tower_done, "You") == 2 + 2
    assert rules.out_of_town_cost(tower_done, you) == 1

    laid = game.after("You lays Sewer out of town")
    sewer = building(laid, "You", "Sewer")
    assert sewer.out_of_town and sewer.site is Material.STONE and sewer.materials == []
    assert laid.actions_used == 2  # one action for the out-of-town Site (B-TOWER-2)
    assert laid.sites_out_of_town[Material.STONE] == game.start.sites_out_of_town[Material.STONE] - 1

    done = game.after("You adds Latrine to Sewer")
    sewer = building(done, "You", "Sewer")
    assert sewer.out_of_town and sewer.materials == ["Latrine"] and not sewer.complete
    assert rules.materials_needed(done, you, sewer) - len(sewer.materials) == 2
    fits = {m for m in MATERIALS if rules.material_fits(done, you, sewer, one_card_of(m))}
    assert fits == {Material.STONE, Material.RUBBLE}
    assert player(done, "You").stockpile == []
    assert not done.over and done.end_reason is None
    assert sum(done.sites_in_town.values()) > 0  # in-town Sites remain (AMB-02)


def test_ex_bb_statue_1():
    """'Its foundation may be laid on any Site … materials may match the Site or Marble …
    the number needed is the Site's value … a completed Statue gives +3 VP' (B-STATUE-1..4):
    a Statue on a Brick Site completes with a Brick and a Marble, for Influence 4 and 7 points."""
    game = play("EX-BB-STATUE-1")
    you = game.start.index("You")
    assert influence(game.start, "You") == 2 and points(game.start, "You") == 2

    laid = game.after("You lays Statue on Brick")
    statue = building(laid, "You", "Statue")
    assert statue.site is Material.BRICK and not statue.complete
    assert laid.sites_in_town[Material.BRICK] == game.start.sites_in_town[Material.BRICK] - 1
    assert rules.materials_needed(laid, you, statue) == 2
    # the Site's material or Marble fits; any other does not (B-STATUE-2)
    assert rules.material_fits(laid, you, statue, one_card_of(Material.BRICK))
    assert rules.material_fits(laid, you, statue, one_card_of(Material.MARBLE))
    assert not rules.material_fits(laid, you, statue, one_card_of(Material.WOOD))

    half = game.after("You adds Academy to Statue")
    assert not building(half, "You", "Statue").complete

    done = game.after("You adds Temple to Statue")
    statue = building(done, "You", "Statue")
    assert statue.complete and statue.materials == ["Academy", "Temple"]
    assert influence(done, "You") == 4                     # B-STATUE-3: the Brick Site's value
    assert points(done, "You") == 4 + 3                    # B-STATUE-4
    assert not done.over
