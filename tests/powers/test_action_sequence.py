"""An action keeps its role through the completion it makes, and consecutive actions of a turn
pair for an out-of-town Site whatever grants each (R-BUILD-3, R-BUILD-9, AMB-05), checked
on positions of tests/data/fidelity/ and on every power whose completion grants a step."""

import pytest

from gtr_replay.engine import Game, rules
from gtr_replay.game import Add, Demand, Follow, Hire, Lay, Lead, Pass, Think
from gtr_replay.game.state import Building, PlayerState
from gtr_replay.game.steps import PublicPlacement
from gtr_replay.enums import JACK, Material, Role, Ruleset
from gtr_replay.errors import RulesError
from gtr_replay.powers import table as power_table
from gtr_replay.play.selfplay import play_one
from tests.fidelity_helpers import replay_file
from tests.powers.test_client_powers import done, table

MATERIAL_CARD = {Material.RUBBLE: "Road", Material.WOOD: "Dock", Material.BRICK: "Bath",
                 Material.CONCRETE: "Wall", Material.STONE: "Villa", Material.MARBLE: "Temple"}
"""One card of each material, none of them a building the tests complete."""


# -- a completion does not change the role of the action that made it (R-BUILD-9) ----------

def test_an_architect_action_completing_a_foundry_still_offers_the_stairway():
    """B-STAIRWAY-1, 000 Appendix I, Stairway: "Each time you execute an Architect action you
    may also choose to move an appropriate Material into any opponent's completed Structure".
    The Architect action that completes Ann's Foundry (B-FOUNDRY-1) is still one: the
    placement into Ben's Insula is offered, then the Foundry's Laborer actions."""
    replayer, snaps = replay_file("completion-keeps-architect.gtr")
    assert not replayer.diagnostics, replayer.diagnostics
    final = snaps[-1].state
    assert (1, "Insula") in final.public
    assert sorted(final.player("Ann").stockpile) == ["Dock", "Villa"]


def test_a_craftsman_action_completing_a_foundry_still_counts_for_the_academy():
    """B-ACADEMY-1, 000 Appendix I, Academy: "You may execute one Thinker action after any
    turn in which you execute at least one Craftsman action". Ann's one Craftsman action
    completed her Foundry; its Laborer actions do not make it a Laborer action."""
    replayer, snaps = replay_file("completion-keeps-craftsman.gtr")
    assert not replayer.diagnostics, replayer.diagnostics
    assert len(snaps[-1].state.player("Ann").hand) == 5
    assert snaps[-1].state.turn == 2


def _completing(power: str, role: Role, ruleset: Ruleset):
    """Ann, owning a Stairway and an Academy, leads ``role`` with one material short of
    completing her ``power`` building; the material is in her stockpile and her hand, and a
    Rubble in her stockpile could go into Ben's Insula."""
    card_set = rules.card_set(table(PlayerState("A"), PlayerState("B"), ruleset=ruleset))
    cards = {**card_set.optional, **card_set.cards}
    material = cards[power].material
    filler = MATERIAL_CARD[material]
    building = Building(power, material, [filler] * (cards[power].value - 1))
    lead = {Role.ARCHITECT: "Tower", Role.CRAFTSMAN: "Market"}[role]
    ann = PlayerState("Ann", hand=[lead, filler], stockpile=[filler, "Road"],
                      buildings=[done("Stairway", Material.MARBLE), done("Academy", Material.BRICK), building])
    ben = PlayerState("Ben", hand=["Insula"], buildings=[done("Insula", Material.RUBBLE)])
    state = table(ann, ben, ruleset=ruleset, pool=["Road", "Dock"])
    game = Game(state)
    game.push(Lead("Ann", role, (lead,)))
    game.push(Think("Ben", "jack"))
    game.push(Add("Ann", filler, power))
    assert building.complete
    return game


COMPLETION_POWERS = sorted({(ruleset, name) for ruleset in (Ruleset.REPUBLIC, Ruleset.IMPERIUM)
                            for name, power in power_table(ruleset).items()
                            if "on_complete" in power.hooks() and name != "Catacomb"})
"""Every Black Box power whose completion grants a step (the Catacomb ends the game), the
optional Geek cards' included."""


@pytest.mark.parametrize("ruleset, power", COMPLETION_POWERS)
def test_every_completion_step_leaves_the_architect_action_an_architect_action(ruleset, power):
    """B-STAIRWAY-1 with each upon-completion power: the step the completion grants
    (Foundry, Amphitheatre, Garden, School: a burst; Prison: a theft) comes on top of the
    Architect action, which still gets the Stairway's placement and counts as Architect."""
    state = _completing(power, Role.ARCHITECT, ruleset).state
    assert any(isinstance(step, PublicPlacement) for step in state.steps), state.steps
    assert state.players[0].acted == [Role.ARCHITECT]


@pytest.mark.parametrize("ruleset, power", COMPLETION_POWERS)
def test_every_completion_step_leaves_the_craftsman_action_a_craftsman_action(ruleset, power):
    """B-ACADEMY-1 with each upon-completion power: the turn had a Craftsman action, so the
    Academy's Thinker action comes at the end of the turn, after the completion's step."""
    game = _completing(power, Role.CRAFTSMAN, ruleset)
    state = game.state
    assert state.players[0].acted == [Role.CRAFTSMAN]
    while state.turn == 1 and not any(s.kind == "think" and s.power == "Academy" for s in state.steps):
        choices = game.legal()  # a pass where it may decline, else the first choice
        game.push(next((d for d in choices if isinstance(d, Pass)), choices[0]))
    assert state.turn == 1 and state.steps[-1].power == "Academy"


# -- consecutive actions pair, whatever grants them (R-BUILD-3, AMB-05) ----------------------

def test_the_last_action_of_a_burst_pairs_with_the_next_craftsman_action():
    """R-BUILD-3, 000 §Out of Town Sites: "you must perform two consecutive Architect or
    Craftsman actions on the same turn". The Amphitheatre's fourth Craftsman action and
    Ann's client's Craftsman action come one after the other: together they lay the Road out
    of town (B-AMPHITHEATRE-1)."""
    replayer, snaps = replay_file("burst-pairs-out-of-town.gtr")
    assert not replayer.diagnostics, replayer.diagnostics
    final = snaps[-1].state
    road = final.player("Ann").building("Road")
    assert road is not None and road.out_of_town
    assert final.turn == 2  # both actions are spent: the burst's last and the client's


def _after_a_burst(**ann):
    """Ann completes her Amphitheatre with her first Craftsman action (four Craftsman actions
    at once), uses three of them in town, and has one left: the next action of the turn is
    her own Craftsman action of whatever kind ``ann`` gives her."""
    hand = ann.pop("hand", [])
    lead = ann.pop("lead", ("Dock",))
    player = PlayerState("Ann", hand=[*lead, "Wall", "Insula", "Latrine", "Bar", "Road", *hand],
                         buildings=[Building("Amphitheatre", Material.CONCRETE, ["Tower"]), *ann.pop("buildings", [])],
                         **ann)
    state = table(player, PlayerState("Ben", hand=["Academy"]))
    state.sites_in_town[Material.RUBBLE] = 3
    state.sites_out_of_town[Material.RUBBLE] = 1
    game = Game(state)
    game.push(Lead("Ann", Role.CRAFTSMAN, tuple(lead)))
    game.push(Think("Ben", "jack"))
    game.push(Add("Ann", "Wall", "Amphitheatre"))
    for card in ("Insula", "Latrine", "Bar"):
        game.push(Lay("Ann", card))
    assert state.steps[-1].count == 1
    return game


NEXT_ACTIONS = {
    "a client": dict(clientele=["Market"]),
    "a Circus Maximus client's second": dict(clientele=["Market"], buildings=[done("Circus Maximus", Material.STONE)]),
    "a Ludus Magna Merchant client": dict(clientele=["Villa"], buildings=[done("Ludus Magna", Material.MARBLE)]),
    "a Palace card": dict(lead=("Dock", "Palisade"), buildings=[done("Palace", Material.MARBLE)]),
    "a Jack played with a Palace": dict(lead=("Dock", JACK), buildings=[done("Palace", Material.MARBLE)]),
}


@pytest.mark.parametrize("kind", NEXT_ACTIONS)
def test_a_burst_pairs_with_the_next_craftsman_action_whatever_grants_it(kind):
    """R-BUILD-3: the pairing is decided by the sequence of the turn's actions, not by where
    each comes from: a client's action, a Circus Maximus client's second (B-CIRCUSMAXIMUS-1),
    a Ludus Magna Merchant's (B-LUDUSMAGNA-1) or a Palace card's (B-PALACE-1)."""
    game = _after_a_burst(**NEXT_ACTIONS[kind])
    state = game.state
    assert Lay("Ann", "Road", None, True) in game.legal()
    game.push(Lay("Ann", "Road", out_of_town=True))
    assert state.players[0].building("Road").out_of_town


def test_without_a_next_action_the_last_burst_action_is_alone():
    """R-BUILD-3: with nothing after it in the turn, one action cannot lay out of town."""
    game = _after_a_burst()
    assert Lay("Ann", "Road", None, True) not in game.legal()
    with pytest.raises(RulesError, match="takes 2 actions; Ann has 1 left") as refused:
        game.push(Lay("Ann", "Road", out_of_town=True))
    assert refused.value.rule_ids[0] == "R-BUILD-3"


def test_an_architect_action_does_not_pair_with_a_craftsman_burst_by_default():
    """AMB-05, ``out-of-town-pair`` ruling's default: "Without a Client of the matching Role,
    it is normally not possible to build outside of town": the Amphitheatre's last Craftsman
    action and the next Architect action do not pair (the other reading is tested with the
    rulings)."""
    state = architect_after_a_craftsman_burst()
    game = Game(state)
    with pytest.raises(RulesError, match="takes 2 actions"):
        game.push(Lay("Ann", "Road", out_of_town=True))


def architect_after_a_craftsman_burst(rulings=None):
    """Ann leads Architect with an Architect client: her first Architect action completes the
    Amphitheatre from her stockpile; three of its four Craftsman actions lay in town."""
    from gtr_replay.data.rulings import resolve
    ann = PlayerState("Ann", hand=["Tower", "Insula", "Latrine", "Bar", "Road"], stockpile=["Wall"],
                      clientele=["Bridge"], buildings=[Building("Amphitheatre", Material.CONCRETE, ["Aqueduct"])])
    state = table(ann, PlayerState("Ben", hand=["Academy"]))
    state.rulings = resolve(rulings)
    state.sites_in_town[Material.RUBBLE] = 3
    state.sites_out_of_town[Material.RUBBLE] = 1
    game = Game(state)
    game.push(Lead("Ann", Role.ARCHITECT, ("Tower",)))
    game.push(Think("Ben", "jack"))
    game.push(Add("Ann", "Wall", "Amphitheatre"))
    for card in ("Insula", "Latrine", "Bar"):
        game.push(Lay("Ann", card))
    return state


def _garden_with_a_bath():
    """Ann leads Craftsman with two cards (her Palace: two actions); the first completes her
    Garden: five Patron actions at once (B-GARDEN-1), and her Bath lets each new client act
    at once (B-BATH-1, C-BATH-GARDEN-1)."""
    ann = PlayerState("Ann", hand=["Dock", "Palisade", "Sewer", "Road", "Shrine"], buildings=[
        done("Palace", Material.MARBLE), done("Bath", Material.BRICK),
        Building("Garden", Material.STONE, ["Villa", "Catacomb"])])
    state = table(ann, PlayerState("Ben", hand=["Academy"]), pool=["Market", "Insula", "Latrine", "Bar", "Insula"])
    state.sites_in_town[Material.RUBBLE] = 0
    game = Game(state)
    game.push(Lead("Ann", Role.CRAFTSMAN, ("Dock", "Palisade")))
    game.push(Think("Ben", "jack"))
    game.push(Add("Ann", "Sewer", "Garden"))
    return game


def test_a_bath_client_action_pairs_with_the_players_own_when_nothing_comes_between():
    """B-BATH-2, AMB-27: "two actions may be combined to start an out of town Site". The
    client hired with the Garden's last Patron action acts as a Craftsman right before Ann's
    own second Craftsman action; the two lay the Road out of town."""
    from gtr_replay.game import Hire
    game = _garden_with_a_bath()
    state = game.state
    for card in ("Insula", "Latrine", "Bar", "Insula"):
        game.push(Hire("Ann", card))
        game.push(Pass("Ann"))  # the Laborer client's action, declined
    game.push(Hire("Ann", "Market"))
    assert [step.role for step in state.steps] == [Role.CRAFTSMAN]
    game.push(Lay("Ann", "Road", out_of_town=True))
    assert state.players[0].building("Road").out_of_town and state.turn == 2


def test_a_bath_client_action_does_not_pair_across_the_gardens_remaining_actions():
    """R-BUILD-3: "two consecutive" actions: with Patron actions of the Garden still to come
    after the new client's Craftsman action, it is not followed by a Craftsman action."""
    from gtr_replay.game import Hire
    game = _garden_with_a_bath()
    state = game.state
    game.push(Hire("Ann", "Market"))
    assert [step.role for step in state.steps] == [Role.PATRON, Role.CRAFTSMAN]
    assert Lay("Ann", "Road", None, True) not in game.legal()


# -- a demand is answered at once, whatever waits on the stack (R-LEG-2..5) ------------------

def test_a_demand_made_in_a_burst_is_answered_before_the_burst_goes_on():
    """B-BATH-2, 000 Appendix I, Bath: "When you hire a client, that client may immediately
    perform an action" (a Legionary's demand, answered by the Pool and the neighbours,
    R-LEG-2, R-LEG-3), within B-GARDEN-1's Patron actions upon completion. Ann's Garden grants
    Patron actions; with the first she hires Atrium, a Legionary client, who demands Brick at
    once: Ben gives his Academy before Ann's next Patron action."""
    ann = PlayerState("Ann", hand=["Market", "Villa", "School"],
                      buildings=[done("Bath", Material.BRICK), Building("Garden", Material.STONE, ["Villa", "Villa"])])
    ben = PlayerState("Ben", hand=["Academy", "Road"])
    state = table(ann, ben, pool=["Atrium", "Temple"])
    game = Game(state)
    game.push(Lead("Ann", Role.CRAFTSMAN, ("Market",)))
    game.push(Think("Ben", "jack"))
    game.push(Add("Ann", "Villa", "Garden"))
    game.push(Hire("Ann", "Atrium"))
    game.push(Demand("Ann", ("School",)))
    assert state.players[0].stockpile == ["Academy"] and state.legionary is None  # Ben's one Brick, given
    assert any(s.power == "Garden" for s in state.steps)
    assert all(type(d) in (Hire, Pass) for d in game.legal())  # the burst goes on: Patron actions
    game.push(Hire("Ann", "Temple"))
    assert sorted(state.players[0].clientele) == ["Atrium", "Temple"]


def test_a_classic_game_of_a_garden_burst_and_a_bath_plays_to_its_end():
    """BC-GARDEN-1 and BC-BATH-1 in play together, as random play met them: each new client's
    demand is answered before the burst goes on, and the game ends with every invariant kept."""
    game = play_one("classic", ["Ann", "Ben"], "selfplay-classic-2p-final-37", check=True)
    assert game.state.over and game.result is not None
