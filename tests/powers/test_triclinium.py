"""The Triclinium beyond its simplest path, and the Plebian Council where it wins at completion
(G-TRICLINIUM-1, G-PLEBIANCOUNCIL-1; 000 Appendix III). 000 Triclinium: "If you are leading or
following, then whenever one of your Clients acts you may put it into your Vault after that
action completes." """

import pytest

from gtr_replay.engine import Game, rules
from gtr_replay.game import Add, Demand, Gather, Hire, Lead, Pass, Sell, Think
from gtr_replay.game.state import Building, PlayerState
from gtr_replay.game.steps import ClientAction, ClientActions, Retire
from gtr_replay.enums import Material, Role, Zone
from tests.powers.test_geek_powers import ben, done, table


def triclinium():
    return done("Triclinium", Material.STONE, "Villa", "Sewer", "Prison")


def test_after_a_bath_clients_action_the_new_client_goes_and_the_old_one_of_its_name_still_acts():
    """B-BATH-1 with G-TRICLINIUM-1, two clients of one name: Ann holds a Temple client from
    before and hires a second Temple, which the Bath lets act at once (it hires the Road).
    After that action the new Temple may go into the vault; put away, the Temple held from
    before is still a client that acts this turn: it gives Ann's last Patron action, after
    which it too may go into the vault (R-ACT-2)."""
    ann = PlayerState("Ann", hand=["Temple"], clientele=["Temple"], influence=[Material.STONE, Material.BRICK],
                      buildings=[triclinium(), done("Bath", Material.BRICK, "Atrium", "Gate")])
    state = table(ann, ben(), pool=["Temple", "Road", "Bar", "Insula", "Dock"])
    game = Game(state)
    game.push(Lead("Ann", Role.PATRON, ("Temple",)))
    game.push(Think("Ben", "jack"))
    game.push(Hire("Ann", "Temple"))  # the lead's action: the Temple from before may go
    assert state.steps[-1] == Retire("Triclinium", 0, ("Temple",), 1)
    game.push(Pass("Ann"))
    assert state.steps == [ClientAction("Bath", 0, Role.PATRON)]
    game.push(Hire("Ann", "Road"))  # the new Temple's action (B-BATH-1)
    assert state.steps[-1] == Retire("Triclinium", 0, ("Temple",), 1, hired=True)
    game.push(Sell("Ann", "Temple", Zone.CLIENTELE))
    ann = state.players[0]
    assert ann.vault == ["Temple"] and sorted(ann.clientele) == ["Road", "Temple"]
    assert ann.hired == ["Road"]  # the Temple left is the one held from before
    game.push(Pass("Ann"))  # the Road's Laborer action the Bath gives (B-BATH-1)
    assert rules.action_count(state, 0) - state.actions_used == 1  # the old Temple's action
    game.push(Hire("Ann", "Bar"))
    assert state.steps[-1] == Retire("Triclinium", 0, ("Temple",), 1)


def test_each_client_a_watermill_uses_may_go_into_the_vault():
    """G-WATERMILL-1 with G-TRICLINIUM-1: after Ann's Laborer action her two Architect clients
    act, one Architect action each; after each, one of those not yet put away may go."""
    ann = PlayerState("Ann", hand=["Road"], clientele=["Wall", "Tower"], stockpile=["Gate", "Atrium"],
                      influence=[Material.STONE, Material.WOOD],
                      buildings=[triclinium(), done("Watermill", Material.WOOD, "Dock"), Building("Shrine", Material.BRICK)])
    state = table(ann, ben(), pool=["Road"])
    game = Game(state)
    game.push(Lead("Ann", Role.LABORER, ("Road",)))
    game.push(Think("Ben", "jack"))
    game.push(Gather("Ann", "Road"))
    assert state.steps == [ClientActions("Watermill", 0, Role.ARCHITECT, 2)]
    game.push(Add("Ann", "Gate", "Shrine"))
    assert state.steps[-1] == Retire("Triclinium", 0, ("Tower", "Wall"), 1)
    game.push(Sell("Ann", "Wall", Zone.CLIENTELE))
    assert state.players[0].vault == ["Wall"] and state.steps == [ClientActions("Watermill", 0, Role.ARCHITECT, 1)]
    game.push(Add("Ann", "Atrium", "Shrine"))
    assert state.steps[-1] == Retire("Triclinium", 0, ("Tower",), 1)
    game.push(Sell("Ann", "Tower", Zone.CLIENTELE))
    assert state.players[0].vault == ["Wall", "Tower"] and state.players[0].clientele == []


def _demanding(vault=(), shown=("Road", "Villa", "Temple")):
    """Ann leads Legionary with two Legionary clients from before: her demand is all three of
    her Legionary actions at once (R-LEG-6), a card shown for each, so both clients acted.
    Fewer cards shown, fewer actions were taken (R-LEG-7)."""
    ann = PlayerState("Ann", hand=["Atrium", "Road", "Villa", "Temple"], clientele=["Academy", "School"],
                      vault=list(vault), influence=[Material.STONE], buildings=[triclinium()])
    state = table(ann, ben(hand=["Dock"]), pool=["Bar"])
    game = Game(state)
    game.push(Lead("Ann", Role.LEGIONARY, ("Atrium",)))
    game.push(Think("Ben", "jack"))
    game.push(Demand("Ann", tuple(shown)))
    while not any(isinstance(s, Retire) for s in state.steps) and not state.over and state.turn == 1:
        choices = game.legal()
        game.push(next((d for d in choices if isinstance(d, Pass)), choices[0]))
    return game


def test_a_chained_retire_offers_the_other_client_then_stops():
    """After a demand every client that acted may go, one at a time: once the Academy is put
    away the School is offered alone, and once it is too nothing more is (G-TRICLINIUM-1)."""
    game = _demanding()
    state = game.state
    assert state.steps[-1] == Retire("Triclinium", 0, ("Academy", "School"), 2)
    game.push(Sell("Ann", "Academy", Zone.CLIENTELE))
    assert state.steps[-1] == Retire("Triclinium", 0, ("School",), 1)
    game.push(Sell("Ann", "School", Zone.CLIENTELE))
    assert state.players[0].vault == ["Academy", "School"]
    assert not any(isinstance(s, Retire) for s in state.steps)


@pytest.mark.parametrize("shown, offered", [(("Road", "Villa"), 1), (("Road",), 0)])
def test_only_the_clients_whose_actions_made_the_demand_acted(shown, offered):
    """R-LEG-6, R-LEG-7 with G-TRICLINIUM-1: a card shown for each Legionary action, the
    Atrium led giving the first. Two cards shown, one client acted (either of them) and may
    go; one card shown, the lead's action was the demand and neither client acted."""
    game = _demanding(shown=shown)
    retire = [s for s in game.state.steps if isinstance(s, Retire)]
    assert retire == ([Retire("Triclinium", 0, ("Academy", "School"), offered)] if offered else [])


def test_a_chained_retire_stops_at_the_vault_limit():
    """R-VAULT-2: the vault (limit 5 here) has room for one more after four: once the Academy
    fills it, the School is not offered, and stays a client."""
    game = _demanding(vault=["Dock"] * 4)
    state = game.state
    assert rules.vault_limit(state, 0) == 5
    assert state.steps[-1] == Retire("Triclinium", 0, ("Academy", "School"), 2)
    events = game.push(Sell("Ann", "Academy", Zone.CLIENTELE)).events
    assert len(state.players[0].vault) == 5 and not any(isinstance(s, Retire) for s in state.steps)
    assert not any(e.kind == "step" and e.card == "Triclinium" for e in events)  # not even offered
    assert state.players[0].clientele == ["School"]


@pytest.mark.parametrize("check", ["continuous", "on-completion"])
def test_the_plebian_council_wins_at_its_completion_under_either_reading(check):
    """000 Plebian Council: "Once this building is complete, you immediately win the game if
    both of its conditions are met". Ann completes it holding two Laborer clients to Ben's one,
    and three Laborers to two Legionaries in all: she wins at completion, under the
    plebian-council-check ruling's on-completion reading as under the default (AMB-33)."""
    ann = PlayerState("Ann", hand=["Jack", "Gate"], clientele=["Road", "Bar"], influence=[Material.MARBLE],
                      buildings=[Building("Plebian Council", Material.BRICK, ["School"])])
    bob = PlayerState("Ben", hand=["Road"], clientele=["Insula", "Bath", "Shrine"])
    state = table(ann, bob, rulings=f"plebian-council-check={check}")
    game = Game(state)
    game.push(Lead("Ann", Role.CRAFTSMAN, ("Jack",)))
    game.push(Think("Ben", "jack"))
    game.push(Add("Ann", "Gate", "Plebian Council"))
    assert state.over and state.winner == "Ann" and state.end_reason == "win:Plebian Council"
