"""The power hooks (powers.base): every fold point asks the active powers, and the three
proof powers (Shrine, Temple, Market) work through them."""

import re
from dataclasses import replace
from pathlib import Path

import pytest

from gtr_replay.data.cards import cards_for
from gtr_replay.engine import Game, rules
from gtr_replay.game import Add, Demand, Follow, Give, Hire, Lay, Lead, Sell, Think
from gtr_replay.game.events import EventKind
from gtr_replay.engine.handlers.roles import complete
from gtr_replay.engine.scoring import scores
from gtr_replay.game.state import Building, GameState, Phase, PlayerState
from gtr_replay.game.steps import ClientAction
from gtr_replay.enums import Material, Role, Ruleset, Zone
from gtr_replay.powers import HOOKS, Power, registry
from gtr_replay.powers.limits import Market, Shrine, Temple
from gtr_replay.data.rulings import resolve

ENGINE = Path(__file__).parents[2] / "gtr_replay" / "engine"


def structure(name, site):
    return Building(name, site, complete=True)


def two_players(ruleset=Ruleset.REPUBLIC, **ann):
    state = GameState(ruleset, [PlayerState("Ann", **ann), PlayerState("Ben", hand=["Road"])], resolve(),
                      deck=["Bar"] * 20, jack_pile=2)
    for m in Material:
        state.sites_in_town[m] = 2
    return state


def test_shrine_and_temple_raise_the_refill_size_and_stack():
    """B-SHRINE-1, B-TEMPLE-1, BC-SHRINE-1, BC-TEMPLE-1, R-THINK-3."""
    state = two_players(buildings=[structure("Shrine", Material.BRICK)])
    assert rules.refill_size(state, 0) == 7
    state.players[0].buildings.append(structure("Temple", Material.MARBLE))
    rules.buildings_changed(state)  # a building changed outside the engine says so
    assert rules.refill_size(state, 0) == 11
    assert rules.refill_size(state, 1) == 5


def test_a_structure_works_from_the_moment_it_is_complete():
    """R-BUILD-9: a structure's function is active from the moment it is complete; the
    powers the engine kept from before say nothing of it."""
    temple = Building("Temple", Material.MARBLE, ["Temple", "Temple"])
    state = two_players(hand=["Road"] * 5, buildings=[structure("Shrine", Material.BRICK), temple])
    game = Game.from_state(state)
    assert Think("Ann", "refill") in game.legal()
    assert rules.refill_size(state, 0) == 7
    complete(state, 0, temple, [])
    assert rules.refill_size(state, 0) == 11
    assert not rules.unkept_powers(state)


def test_a_state_never_reads_another_states_powers():
    """The powers the engine keeps belong to the state they were found for: a copy, or a
    state made again with ``dataclasses.replace``, starts without them and finds its own; one
    handed another state's is reported by the invariants (R-BUILD-9)."""
    state = two_players(buildings=[structure("Shrine", Material.BRICK)])
    assert rules.refill_size(state, 0) == 7
    bare = replace(state, players=[replace(p, buildings=[]) for p in state.players])
    assert bare.context is None and rules.refill_size(bare, 0) == 5
    copied = state.copy()
    copied.players[0].buildings.clear()
    assert rules.refill_size(copied, 0) == 5 and rules.refill_size(state, 0) == 7
    copied.context = state.context
    assert rules.unkept_powers(copied) == ["the state holds another state's context"]


def test_a_thinker_with_a_shrine_refills_to_seven():
    """B-SHRINE-1, R-THINK-1: the leader with 5 cards may refill rather than draw one."""
    state = two_players(hand=["Road"] * 5, buildings=[structure("Shrine", Material.BRICK)])
    game = Game.from_state(state)
    game.push(Think("Ann", "refill"))
    assert len(state.players[0].hand) == 7


def test_an_incomplete_shrine_does_nothing():
    """R-BUILD-10: a foundation gives no function."""
    state = two_players(buildings=[Building("Shrine", Material.BRICK)])
    assert rules.refill_size(state, 0) == 5


def test_market_adds_two_to_the_vault_limit_in_every_ruleset():
    """B-MARKET-1, BC-MARKET-1, R-VAULT-2."""
    for ruleset in Ruleset:
        state = two_players(ruleset, buildings=[structure("Market", Material.WOOD)], influence=[Material.WOOD])
        assert rules.influence(state, 0) == 3
        assert rules.vault_limit(state, 0) == 5


def test_proof_powers_declare_their_hooks_and_rules():
    assert Shrine.hooks() == ("refill_bonus",) and Temple.hooks() == ("refill_bonus",)
    assert Market.hooks() == ("vault_bonus",)
    for power in (Shrine, Temple, Market):
        assert power.rule_ids and power.__doc__
        assert registry.power_for(Ruleset.REPUBLIC, power.building) is not None
        assert registry.power_for(Ruleset.CLASSIC, power.building) is not None


class Probe(Power):
    """A test power that answers every hook, to prove each fold point asks it."""

    building = "Atrium"
    rulesets = (Ruleset.REPUBLIC,)
    rule_ids = ("TEST",)
    log: list

    def clientele_bonus(self, ctx, owner): return 1
    def clientele_factor(self, ctx, owner): return 3
    def vault_bonus(self, ctx, owner): return 2
    def vault_factor(self, ctx, owner): return 2
    def extra_actions(self, ctx, owner, role): return 2 if role is Role.CRAFTSMAN else 0
    def client_roles(self, ctx, owner, card): return frozenset({Role.LEGIONARY})
    def material_fits(self, ctx, owner, building, material): return material is Material.RUBBLE
    def materials_needed(self, ctx, owner, building):  # also asked about its own foundation
        return None if building.foundation == self.building else 1
    def site_materials(self, ctx, owner, card): return frozenset({Material.STONE})
    def out_of_town_cost(self, ctx, owner): return 1
    def on_complete(self, ctx, owner, building): ctx.emit(EventKind.POWER, owner, "Atrium", text="probe")
    def actions_end(self, ctx, owner): ctx.emit(EventKind.POWER, owner, "Atrium", text="actions end")
    def end_of_turn(self, ctx, owner): ctx.emit(EventKind.POWER, owner, "Atrium", text="end of turn")
    def immune_to_demand(self, ctx, owner, demander): return True
    def guards_clients(self, ctx, owner, demander): return demander == 1
    def demand_reach(self, ctx, owner): return frozenset({"stockpile"})
    def score_bonus(self, ctx, owner): return 10
    def wins(self, ctx, owner): return len(ctx.state.players[owner].clientele) >= 6
    def ended_game(self, ctx, owner): return "probe-end" if ctx.state.players[owner].vault else None
    def activates(self, ctx, owner, building): return building.foundation == "Road"
    def completes(self, ctx, owner, building, card, role): return card == "Bar"
    def action_sources(self, ctx, owner, role): return frozenset({Zone.HAND}) if role is Role.PATRON else frozenset()
    def extra_places(self, ctx, owner, role): return frozenset({Zone.HAND}) if role is Role.PATRON else frozenset()
    def after_action(self, ctx, owner, decision, role): ctx.grant(ClientAction("Atrium", owner, Role.LABORER))
    def before_think(self, ctx, owner): return frozenset({"one"})
    def after_think(self, ctx, owner, decision): ctx.emit(EventKind.POWER, owner, "Atrium", text="after think")
    def public_placement(self, ctx, owner): return True
    def play_options(self, ctx, owner, role): return [(Role.PATRON, ("Jack", "Jack"))]
    def allows_play(self, ctx, owner, cards, role): return True
    def several_plays(self, ctx, owner, role): return role is Role.MERCHANT
    def on_steal(self, ctx, owner, victim, building): ctx.emit(EventKind.POWER, owner, "Atrium", text="stolen")
    def after_demand(self, ctx, owner, victims, demanded):
        ctx.emit(EventKind.POWER, owner, "Atrium", text=f"after demand of {victims} for {[str(m) for m in demanded]}")
    def acts_early(self, ctx, owner, role): return role is Role.MERCHANT
    def replaces_client(self, ctx, owner): return True
    def influence_checked(self, ctx, owner, use): return 9 if use == "count" else None
    def tears_down(self, ctx, owner, role): return role is Role.MERCHANT


@pytest.fixture
def probe(monkeypatch):
    table = dict(registry._TABLE)
    table[(Ruleset.REPUBLIC, "Atrium")] = Probe()
    monkeypatch.setattr(registry, "_TABLE", table)
    rules.forget_resolved()
    yield
    rules.forget_resolved()


def test_probe_covers_every_hook():
    assert set(Probe.hooks()) == set(HOOKS) - {"refill_bonus"}


def test_every_fold_point_asks_the_active_powers(probe):
    state = two_players(buildings=[structure("Atrium", Material.BRICK), Building("Road", Material.RUBBLE)],
                        influence=[Material.BRICK])
    assert rules.clientele_limit(state, 0) == (4 + 1) * 3
    assert rules.vault_limit(state, 0) == (4 + 2) * 2
    assert rules.material_fits(state, 0, state.players[0].buildings[1], "Bar")
    assert rules.materials_needed(state, 0, Building("Temple", Material.MARBLE)) == 1
    assert rules.site_materials(state, 0, "Road") == {Material.RUBBLE, Material.STONE}
    assert rules.out_of_town_cost(state, 0) == 1
    assert rules.fold(state, 0, "demand_reach") == {"stockpile"}
    ctx = rules.query_context(state)
    assert ctx.guards_clients(0, 1) and not ctx.guards_clients(0, 0) and not ctx.guards_clients(1, 1)
    assert scores(state)[0].powers == 10
    state.led_role = Role.CRAFTSMAN
    assert rules.action_count(state, 0) == 2
    state.players[0].clientele = ["Dock"]
    assert rules.client_roles(state, 0, "Dock") == {rules.role_of(state, "Dock"), Role.LEGIONARY}
    state.led_role = Role.LEGIONARY
    assert rules.action_count(state, 0) == 1
    assert rules.checked_influence(state, 0, "count") == 9 and rules.checked_influence(state, 0, "limit") == 4
    assert rules.fold(state, 0, "tears_down", Role.MERCHANT) and not rules.fold(state, 0, "tears_down", Role.PATRON)


def test_rider_and_play_fold_points_ask_the_active_powers(probe):
    """activates, completes, action_sources, after_action, public_placement, play_options, allows_play,
    several_plays."""
    road = Building("Road", Material.RUBBLE)
    state = two_players(buildings=[structure("Atrium", Material.BRICK), road], influence=[Material.BRICK])
    assert [p.building for p in rules.active_powers(state, 0, "material_fits")] == ["Atrium", "Road"]
    assert rules.completes_now(state, 0, road, "Bar", Role.CRAFTSMAN)
    assert rules.action_sources(state, 0, Role.PATRON) == {Zone.HAND}
    assert rules.query_context(state).extra_places(0, Role.PATRON) == {Zone.HAND}
    assert not rules.extra_places(state, 0, Role.LABORER)
    assert rules.public_placement(state, 0)
    assert rules.allows_play(state, 0, ("Bar", "Dock"), Role.PATRON)
    assert rules.several_plays(state, 0, Role.MERCHANT) and not rules.several_plays(state, 0, Role.PATRON)
    state.players[0].hand = ["Jack", "Jack", "Bar"]
    state.pool = ["Dock"]
    game = Game.from_state(state)
    assert Lead("Ann", Role.PATRON, ("Jack", "Jack")) in game.legal()
    game.push(Lead("Ann", Role.PATRON, ("Bar", "Jack")))
    game.push(Think("Ben", "refill"))
    events = game.push(Hire("Ann", "Dock")).events
    assert any(e.kind == "step" for e in events)
    assert state.steps == [ClientAction("Atrium", 0, Role.LABORER)] or state.phase is not Phase.ACTIONS


def test_on_complete_actions_end_end_of_turn_and_wins_fire_in_play(probe):
    state = two_players(hand=["Atrium", "Academy", "Bath", "Jack"], clientele=["Dock", "Dock"])
    game = Game.from_state(state)
    game.push(Lead("Ann", Role.CRAFTSMAN, ("Jack",)))
    game.push(Think("Ben", "refill"))
    game.push(Lay("Ann", "Atrium"))
    game.push(Add("Ann", "Academy", "Atrium"))
    events = game.push(Add("Ann", "Bath", "Atrium")).events
    assert any(e.kind == "power" and e.text == "probe" for e in events)
    assert any(e.kind == "power" and e.text == "end of turn" for e in events)
    assert [e.text for e in events if e.kind == "power"].index("actions end") < \
        [e.text for e in events if e.kind == "power"].index("end of turn")


def test_acts_early_offers_the_led_roles_actions_at_once(probe):
    """acts_early: the probe's owner follows Merchant and is offered both actions (the card's
    and the client's) before anyone after her decides; Ben, without it, waits (AMB-36)."""
    from gtr_replay.game.steps import EarlyActions
    state = two_players(hand=["Villa"], clientele=["Garden"], stockpile=["Road", "Bar"],
                        buildings=[structure("Atrium", Material.BRICK)])
    state.players[1].hand = ["Jack"]
    state.leader = state.current = 1
    game = Game.from_state(state)
    game.push(Lead("Ben", Role.MERCHANT, ("Jack",)))
    game.push(Follow("Ann", ("Villa",)))
    assert state.steps == [EarlyActions("Atrium", 0, Role.MERCHANT, 2)] and state.phase is Phase.ACTIONS
    game.push(Sell("Ann", "Road"))
    assert state.players[0].done and state.steps == [EarlyActions("Atrium", 0, Role.MERCHANT, 1)]
    game.push(Sell("Ann", "Bar"))
    assert state.players[0].vault == ["Road", "Bar"] and state.turn == 2


def test_replaces_client_lets_a_hire_take_a_clients_place(probe):
    """replaces_client: with the probe, a hire may put one client back in the Pool, the new
    one taking its place (BC-BATH-2)."""
    state = two_players(hand=["Jack"], clientele=["Dock", "Road"], buildings=[structure("Atrium", Material.BRICK)])
    state.pool = ["Temple"]
    game = Game.from_state(state)
    game.push(Lead("Ann", Role.PATRON, ("Jack",)))
    game.push(Think("Ben", "refill"))
    assert Hire("Ann", "Temple", None, "Dock") in game.legal()
    game.push(Hire("Ann", "Temple", None, "Dock"))
    assert state.players[0].clientele == ["Road", "Temple"] and "Dock" in state.pool


def test_wins_hook_ends_the_game(probe):
    state = two_players(hand=["Jack"], clientele=["Bar"] * 6, buildings=[structure("Atrium", Material.BRICK)])
    game = Game.from_state(state)
    assert game.state.phase is Phase.OVER and game.state.winner == "Ann" and game.state.end_reason == "win:Atrium"


def test_ended_game_hook_says_a_position_is_over(probe):
    """A position showing a structure whose completion ends the game is a game already over
    (R-END-2): the active powers are asked, and only theirs."""
    from gtr_replay.game.position import Position

    def game(vault):
        ann = PlayerState("Ann", hand=["Road"], vault=vault, buildings=[structure("Atrium", Material.BRICK)])
        return Game.from_position("republic", Position([ann, PlayerState("Ben", hand=["Bath"])]))

    assert game(["Bar"]).state.phase is Phase.OVER and game(["Bar"]).state.end_reason == "probe-end"
    assert game([]).state.phase is not Phase.OVER


def test_immune_victim_may_refuse_a_demand(probe):
    state = two_players(hand=["Jack", "Academy"], buildings=[structure("Atrium", Material.BRICK)])
    state.players[1].hand = ["Road", "Bath"]
    state.players[1].buildings = [structure("Atrium", Material.BRICK)]
    game = Game.from_state(state)
    game.push(Lead("Ann", Role.LEGIONARY, ("Jack",)))
    game.push(Think("Ben", "refill"))
    game.push(Demand("Ann", ("Academy",)))
    assert state.phase is Phase.GIVE
    game.push(Give("Ben", (), "Ann"))
    assert "Bath" in state.players[1].hand


def test_after_demand_asks_the_demanders_powers_with_the_unprotected_victims(probe):
    """R-LEG-11: the probe (immune itself) hears of its owner's demand once Ben has answered;
    Ben's own probe makes him no victim."""
    for protected in (False, True):
        state = two_players(hand=["Jack", "Academy"], buildings=[structure("Atrium", Material.BRICK)])
        state.players[1].hand = ["Road", "Bath"]
        if protected:
            state.players[1].buildings = [structure("Atrium", Material.BRICK)]
        game = Game.from_state(state)
        game.push(Lead("Ann", Role.LEGIONARY, ("Jack",)))
        game.push(Think("Ben", "refill"))
        events = game.push(Demand("Ann", ("Academy",))).events
        if protected:
            events += game.push(Give("Ben", (), "Ann")).events
        heard = [e.text for e in events if e.kind == "power" and e.text.startswith("after demand")]
        assert heard == [f"after demand of {() if protected else (1,)} for ['Brick']"]


def test_engine_code_names_no_building():
    """STYLE.md: flow code folds hooks and never names a building."""
    names = set()
    for ruleset in Ruleset:
        card_set = cards_for(ruleset)
        names |= set(card_set.cards) | set(card_set.optional) | set(card_set.aliases)
    pattern = re.compile(r"\b(" + "|".join(sorted(map(re.escape, names), key=len, reverse=True)) + r")\b")
    found = [f"{path.name}:{n}: {m.group(0)}"
             for path in ENGINE.rglob("*.py")
             for n, line in enumerate(path.read_text("utf-8").splitlines(), 1)
             for m in pattern.finditer(line)]
    assert not found, found
