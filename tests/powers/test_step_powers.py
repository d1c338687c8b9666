"""The powers that grant steps, at the edges their texts draw (B-BAR-2, B-LATRINE-1,
B-TRIBUNAL-1 with AMB-22, B-SENATE-1, AMB-14, B-ACADEMY-1, B-SCHOOL-1), and the step
machinery itself: kinds filed once, values that round-trip, a context that is the powers'
only door into the engine."""

import ast
from pathlib import Path

import pytest

from gtr_replay.engine import Game
from gtr_replay.game import Discard, Gather, Hire, Lay, Lead, Pass, Think
from gtr_replay.game.decisions import Keep
from gtr_replay.game.state import Building, GameState, Phase, PlayerState
from gtr_replay.game.steps import STEPS, Actions, AlsoFrom, ExtraThink, KeepPlayed, step_from_dict
from gtr_replay.enums import JACK, Material, Role, Ruleset, Zone
from gtr_replay.errors import IllegalDecisionError
from gtr_replay.data.rulings import resolve

POWERS = Path(__file__).parents[2] / "gtr_replay" / "powers"


def done(name, site):
    return Building(name, site, complete=True)


def table(ann: PlayerState, ben: PlayerState | None = None, *, ruleset=Ruleset.REPUBLIC, pool=(), jacks=3,
          deck=("Road", "Insula", "Dock", "Market", "Garden", "Villa", "Temple", "Statue")):
    ben = ben or PlayerState("Ben", hand=["Road"])
    state = GameState(ruleset, [ann, ben], resolve(), deck=list(deck), pool=list(pool), jack_pile=jacks)
    for m in Material:
        state.sites_in_town[m] = 2
        state.sites_out_of_town[m] = 2
    return Game.from_state(state).state  # its forced actions made, as a game from it would


def test_bar_never_takes_from_the_pool_after_the_deck():
    """'once you draw from the deck you may not go back and take a Client from the Pool for
    that action' (B-BAR-2)."""
    ann = PlayerState("Ann", hand=["Temple"], buildings=[done("Bar", Material.RUBBLE)], clientele=["Statue"],
                      influence=[Material.RUBBLE, Material.MARBLE])  # room for four clients
    state = table(ann, pool=["Dock"])
    game = Game(state)
    game.push(Lead("Ann", Role.PATRON, ("Temple",)))
    game.push(Think("Ben", "jack"))
    game.push(Hire("Ann", "Road", Zone.DECK))
    assert state.steps == [] and state.actions_used == 1  # no Pool client joins that action
    game.push(Hire("Ann", "Dock"))  # the next action may start from the Pool ...
    assert state.steps == [AlsoFrom("Bar", 0, Role.PATRON, Zone.DECK, closes_usual=True)]  # ... and the deck's card


def test_latrine_discards_one_order_card_never_a_jack():
    """'You may discard an Order card from your hand into the Pool before executing a Thinker
    action' (B-LATRINE-1): one card, an Order card, and then the think and nothing else."""
    ann = PlayerState("Ann", hand=["Road", JACK, "Villa"], buildings=[done("Latrine", Material.RUBBLE)])
    state = table(ann)
    game = Game(state)
    assert {d for d in game.legal() if isinstance(d, Discard)} == {Discard("Ann", ("Road",)),
                                                                   Discard("Ann", ("Villa",))}
    with pytest.raises(IllegalDecisionError, match="one Order card"):
        game.push(Discard("Ann", (JACK,)))
    game.push(Discard("Ann", ("Villa",)))
    assert state.pool == ["Villa"]
    assert {type(d) for d in game.legal()} == {Think}  # the think it was made for
    game.push(Think("Ann", "refill"))
    assert len(state.players[0].hand) == 5 and state.turn == 2  # a leader's think ends the turn


def test_no_discard_without_the_power():
    state = table(PlayerState("Ann", hand=["Road"]))
    game = Game(state)
    assert not any(isinstance(d, Discard) for d in game.legal())
    with pytest.raises(IllegalDecisionError, match="waits for Ann to lead or think"):
        game.push(Discard("Ann", ("Road",)))
    with pytest.raises(IllegalDecisionError) as refused:
        game.push(Pass("Ann"))
    assert "lead or think" in str(refused.value) and "discard" not in str(refused.value)


def test_tribunal_jack_needs_a_jack_in_the_pile():
    """'Whenever you Think, you may draw an additional Jack' (B-TRIBUNAL-1), while the Jack
    pile holds one (AMB-22c); the extra Jack is not a Thinker action of its own."""
    ann = PlayerState("Ann", hand=["Road"], buildings=[done("Tribunal", Material.CONCRETE)])
    state = table(ann, jacks=1)
    game = Game(state)
    game.push(Think("Ann", "jack"))  # the last Jack: nothing left for the Tribunal
    assert state.steps == [] and state.jack_pile == 0


def test_senate_is_imperium_only_and_takes_only_opponents_jacks():
    """'you may take into your hand any Jacks played by opponents' (B-SENATE-1, Imperium)."""
    ann = PlayerState("Ann", hand=[JACK], buildings=[done("Senate", Material.CONCRETE)])
    state = table(ann, PlayerState("Ben", hand=[JACK]), ruleset=Ruleset.IMPERIUM)
    game = Game(state)
    game.push(Lead("Ann", Role.PATRON, (JACK,)))
    from gtr_replay.game.decisions import Follow
    game.push(Follow("Ben", (JACK,)))
    assert state.phase is Phase.END and state.steps == [KeepPlayed("Senate", 0, True)]
    assert game.legal() == [Keep("Ann", (JACK,)), Pass("Ann")]  # Ben's Jack, not her own
    republic = table(PlayerState("Ann", buildings=[done("Senate", Material.CONCRETE)]))
    from gtr_replay.engine import rules
    assert rules.power_of(republic, "Senate") is None


def test_end_of_turn_keeps_come_before_thinks():
    """AMB-14 (recommended): Senate and Sewer in play order, then the Academy's think, then
    cleanup; here the Sewer keeps the played Road before the Academy thinks."""
    ann = PlayerState("Ann", hand=["Palisade", "Wall"], clientele=["Dock"],
                      buildings=[done("Sewer", Material.STONE), done("Academy", Material.BRICK)])
    state = table(ann)
    game = Game(state)
    game.push(Lead("Ann", Role.CRAFTSMAN, ("Palisade",)))
    game.push(Think("Ben", "jack"))
    game.push(Lay("Ann", "Wall"))  # her hand is empty: the second action passes by itself
    assert state.phase is Phase.END
    assert state.steps == [ExtraThink("Academy", 0), KeepPlayed("Sewer", 0, False)]  # the keep on top
    game.push(Keep("Ann", ("Palisade",)))
    assert state.players[0].stockpile == ["Palisade"] and state.steps == [ExtraThink("Academy", 0)]
    game.push(Think("Ann", "refill"))
    assert state.turn == 2 and state.phase is Phase.LEAD


def test_no_academy_think_without_a_craftsman_action():
    """'after any turn in which you execute at least one Craftsman action' (B-ACADEMY-1)."""
    ann = PlayerState("Ann", hand=["Road", "Bar"], buildings=[done("Academy", Material.BRICK)])
    state = table(ann, pool=["Villa"])
    game = Game(state)
    game.push(Lead("Ann", Role.LABORER, ("Road",)))
    game.push(Think("Ben", "jack"))
    game.push(Gather("Ann", "Villa"))
    assert state.turn == 2 and state.steps == []


def test_school_thinks_may_each_follow_a_latrine_discard():
    """The School's Thinker actions are Thinker actions (B-SCHOOL-1), so a Latrine's discard
    may come before each (B-LATRINE-1); the discard leaves the think to be taken."""
    ann = PlayerState("Ann", hand=["Palisade", "Gate", "Road"], buildings=[
        Building("School", Material.BRICK, ["Academy"]), done("Latrine", Material.RUBBLE)])
    state = table(ann)
    game = Game(state)
    game.push(Lead("Ann", Role.CRAFTSMAN, ("Palisade",)))
    game.push(Think("Ben", "jack"))
    from gtr_replay.game.decisions import Add
    game.push(Add("Ann", "Gate", "School"))
    assert state.steps == [Actions("School", 0, None, 4)]
    game.push(Discard("Ann", ("Road",)))
    assert state.steps == [Actions("School", 0, None, 4, discarded=True)]
    assert {type(d) for d in game.legal()} == {Think}
    game.push(Think("Ann", "refill"))
    assert state.steps == [Actions("School", 0, None, 3)] and len(state.players[0].hand) == 5


def test_every_step_kind_round_trips_and_says_what_it_grants():
    examples = {"client": {"client_role": Role.LABORER}, "also-from": {"take_role": Role.MERCHANT,
                                                                      "zone": Zone.HAND},
                "actions": {"action_role": None, "count": 3}, "keep": {"jacks": True}}
    for kind, cls in STEPS.items():
        step = cls("Bath", 1, **examples.get(kind, {}))
        assert step_from_dict(step.to_dict()) == step
        assert step.describe() and cls.__doc__ and step.answers()


def test_power_modules_import_only_the_powers_base():
    """Powers reach the engine through their context only (no import of engine flow code)."""
    allowed = {"gtr_replay.powers.base", "gtr_replay.powers.registry", "gtr_replay.powers.families"}
    for path in POWERS.glob("*.py"):
        if path.name in ("__init__.py", "base.py", "context.py", "doc.py", "registry.py", "unwritten.py"):
            continue
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("gtr_replay"):
                assert node.module in allowed, f"{path.name} imports {node.module}"
            assert not isinstance(node, ast.Import) or not any(a.name.startswith("gtr_replay") for a in node.names)
