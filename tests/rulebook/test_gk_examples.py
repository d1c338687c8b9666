"""The worked examples of the Geek expansion (000 Appendix III, EX-GK-*): each test quotes the
rulebook's text and checks the example's expected facts (../shared/rules/EXAMPLES.md §3) at
the statement that decides them."""

from __future__ import annotations

from collections import Counter

from rulebook_helpers import influence, play, player

from gtr_replay.engine import Game, rules
from gtr_replay.game.decisions import Demand, Steal
from gtr_replay.engine.scoring import scores
from gtr_replay.game.state import Phase
from gtr_replay.game.steps import (
    Actions, ClientAction, ClientActions, ExtraThink, FromUnder, PaidTheft, Retire, Retrigger, Revealed,
)
from gtr_replay.enums import Material, Role, Zone


def actions_left(state, name: str) -> int:
    i = state.index(name)
    return rules.action_count(state, i) - state.actions_used


def granted(game, text: str, power: str) -> bool:
    """Whether the statement ``text`` had ``power`` grant a step."""
    return any(e.kind == "step" and e.card == power for e in game.events(text))


def test_ex_gk_domus_1():
    """'As soon as you complete the Domus, you may immediately perform one Patron action. If the
    new Client matches the current role, it may perform its action ... He now has 2 Craftsman
    actions remaining - one leftover from his original 3 and one from the new Client'
    (G-DOMUS-1)."""
    game = play("EX-GK-DOMUS-1")
    assert actions_left(game.after("Remus thinks: jack"), "Romulus") == 3
    done = game.after("Romulus adds Dock to Domus")
    assert player(done, "Romulus").building("Domus").complete
    assert influence(done, "Romulus") == influence(game.start, "Romulus") + 1  # a Wood Site
    assert done.steps == [Actions("Domus", 0, Role.PATRON, 1)]  # one Patron action, at once
    assert actions_left(done, "Romulus") == 1
    final = game.final
    assert player(final, "Romulus").clientele == ["Palisade", "Palisade", "Market"]
    assert player(final, "Romulus").hired == []  # the Craftsman it brought is no new client (R-ACT-2)
    assert actions_left(final, "Romulus") == 2 and final.phase is Phase.ACTIONS


def test_ex_gk_castra_1():
    """'If you lose one or more cards from your hand to enemy legionaries, then you may Think
    once at the end of that round. That Think action happens after all legionaries have
    resolved ... Remus has lost 1 card to each of his neighbors. He then performs a Think
    action to draw more cards' (G-CASTRA-1)."""
    game = play("EX-GK-CASTRA-1")
    first = game.after("Remus gives Latrine to Romulus")
    assert not any(isinstance(s, ExtraThink) for s in first.steps)  # not before every Legionary is done
    last = game.after("Romulus: Glory to Rome")
    assert last.steps == [ExtraThink("Castra", 0)] and last.phase is Phase.END  # exactly one, at the end
    assert player(last, "Remus").hand == [] and player(last, "Romulus").stockpile == ["Latrine"]
    assert player(last, "Hannibal").stockpile == ["Garden"]  # one card lost to each neighbour
    assert len(player(game.final, "Remus").hand) == 5  # the Thinker action: a refill
    assert game.final.turn == 2  # and the turn is over
    # a player who lost nothing gets no Thinker action: Romulus and Hannibal have no Castra,
    # and Remus with a Castra gets none in a turn where no Legionary took from him
    assert not any(isinstance(s, ExtraThink) for s in game.after("Remus passes").steps)


def test_ex_gk_castrapraetoria_1():
    """'As soon as you complete the Castra Praetoria, you may add any or all of the Material
    under it as Clients to your Clientele ... Romulus has a Scriptorium in play and completes a
    Castra Praetoria by adding a single Marble to it. He immediately adds the Marble Material to
    his Clientele as a Patron Client' (G-CASTRAPRAETORIA-1)."""
    game = play("EX-GK-CASTRAPRAETORIA-1")
    done = game.after("Romulus adds Temple to Castra Praetoria")
    assert player(done, "Romulus").building("Castra Praetoria").complete  # one Marble (B-SCRIPTORIUM-1)
    assert influence(done, "Romulus") == influence(game.start, "Romulus") + 2  # a Brick Site
    assert done.steps == [FromUnder("Castra Praetoria", 0, "Castra Praetoria", Zone.CLIENTELE, 1)]
    final = game.final
    romulus = player(final, "Romulus")
    assert romulus.building("Castra Praetoria").materials == []
    assert romulus.clientele == ["Temple"] and rules.role_of(final, "Temple") is Role.PATRON
    moved = [(e.card, e.source, e.target) for e in game.events("Romulus hires Temple from Castra Praetoria")
             if e.kind == "move"]
    assert moved[0] == ("Temple", Zone.BUILDING, Zone.CLIENTELE)


def test_ex_gk_castrapraetoria_2():
    """'it allows you to show incomplete buildings when demanding with a Legionary action as
    well as (or instead of) showing cards from hand. You may only show each of your incomplete
    buildings once during a Legionary round, and those buildings remain where they are ... He
    chooses to reveal the Scriptorium as his third card to demand an additional Stone. The
    cards he revealed from hand remain in his hand, and the Scriptorium remains in play'
    (G-CASTRAPRAETORIA-2)."""
    game = play("EX-GK-CASTRAPRAETORIA-2")
    before = game.before("Remus demands Stone, Rubble, Stone showing Villa, Road, Remus's Scriptorium")
    assert actions_left(before, "Remus") == 3
    shown = [d for d in Game(before).legal() if isinstance(d, Demand) and d.buildings]
    assert {b for d in shown for b in d.buildings} == {"Scriptorium", "Bath"}  # incomplete ones only
    assert all(len(d.buildings) == len(set(d.buildings)) for d in shown)  # each once
    [demand] = [e for e in game.events("Remus demands Stone, Rubble, Stone showing Villa, Road, Remus's Scriptorium")
                if e.kind == "demand"]
    assert demand.text == "Stone, Rubble, Stone" and demand.value == 3
    final = game.final
    remus = player(final, "Remus")
    assert {"Villa", "Road"} <= set(remus.hand)  # the cards shown stay in hand
    assert not remus.building("Scriptorium").complete and remus.building("Scriptorium").materials == ["Sewer"]
    assert remus.building("Bath") is not None  # not shown: nothing moves
    assert sorted(remus.stockpile) == ["Garden", "Latrine"]  # what Romulus had of Stone and Rubble


def test_ex_gk_watermill_1():
    """'If you lead or follow Laborer, then you may trigger any or all of your Architect Clients
    at the end of your turn ... he executes his 2 Laborer actions. Then he performs 2 Architect
    actions. Then the next player may take Laborer actions' (G-WATERMILL-1)."""
    game = play("EX-GK-WATERMILL-1")
    assert actions_left(game.after("Hannibal thinks: jack"), "Remus") == 2  # the lead and the Laborer client
    after_laborers = game.after("Remus gathers Bar")
    assert after_laborers.steps == [ClientActions("Watermill", 0, Role.ARCHITECT, 2)]
    architect = game.after("Remus adds Aqueduct to Amphitheatre")
    assert player(architect, "Remus").building("Amphitheatre").materials == ["Aqueduct"]
    assert player(architect, "Romulus").stockpile == []  # Romulus has not gathered yet
    assert Role.ARCHITECT in player(architect, "Remus").acted
    assert player(game.final, "Romulus").stockpile == ["Road"]
    # Romulus followed too, but has no Watermill: nothing after his actions
    assert not any(e.kind == "step" for e in game.events("Romulus gathers Road"))


def test_ex_gk_solarium_1():
    """'Whenever you complete a building using an Architect action, you may immediately take one
    Material from under that building and move it into your Stockpile. If you complete the
    Solarium with an Architect action, then you may use its own power to move one of the
    Materials under Solarium to your Stockpile' (G-SOLARIUM-1; the text's 'complete the
    Scriptorium' means the Solarium, CONFLICT-GK-1)."""
    game = play("EX-GK-SOLARIUM-1")
    assert game.after("Romulus adds Temple to Solarium").steps == [
        FromUnder("Solarium", 1, "Solarium", Zone.STOCKPILE, 1)]
    assert game.after("Romulus adds Garden to Villa").steps == [FromUnder("Solarium", 1, "Villa", Zone.STOCKPILE, 1)]
    final = game.final
    romulus = player(final, "Romulus")
    for name in ("Solarium", "Villa"):
        assert romulus.building(name).complete and romulus.building(name).materials == []
    assert sorted(romulus.stockpile) == ["Garden", "Temple"]  # the Stone and the Marble back
    assert influence(final, "Romulus") == influence(game.start, "Romulus") + 3 + 2  # Villa's and Solarium's Sites


def test_ex_gk_aerarium_1():
    """'Whenever you check your Influence (except during scoring at the end of the game), you
    instead use the highest Influence among all players ... He has a total of 9 Influence, but
    one of his opponents has 12 Influence. So, the School's power allows him to perform 12
    Thinker actions, rather than just 9. If the game ended right now, he would only have 9
    points (not 12)' (G-AERARIUM-1, G-AERARIUM-2; CONFLICT-GK-2: the Aerarium is incomplete)."""
    game = play("EX-GK-AERARIUM-1")
    assert influence(game.start, "Romulus") == 12
    done = game.after("Remus adds Wall to Aerarium")
    assert done.steps == [Retrigger("Aerarium", 0, "Concrete")]
    triggered = game.after("Remus triggers Garden")
    assert triggered.steps == [Actions("Garden", 0, Role.PATRON, 12)]  # the highest Influence, 12
    assert influence(triggered, "Remus") == 7  # the Site given to himself stays
    assert rules.clientele_limit(triggered, 0) == 12  # the limits check the highest too
    final = game.final
    assert influence(final, "Remus") == 9
    assert final.steps == [Actions("School", 0, None, 12)]  # 12 Thinker actions, not 9
    assert scores(final)[0].influence == 9  # scored now, 9 points from Influence


def test_ex_gk_aerariumprison_1():
    """'If you use Aerarium to re-trigger a completed Prison, you must give away any set of Site
    cards from your Influence that sum to 3 or more total Influence ... Romulus later completes
    an Aerarium and gives away its Influence to Remus in order to re-trigger the Prison power to
    steal a building from Hannibal. He gives Hannibal the 3-Influence Site card ...'
    (C-AERARIUM-PRISON-1; CONFLICT-GK-3: the Site is Remus's Garden's here)."""
    game = play("EX-GK-AERARIUMPRISON-1")
    start = game.start
    first = game.after("Remus steals Romulus's Tower")
    assert influence(first, "Romulus") == influence(start, "Romulus") + 3  # the Prison's Site (B-PRISON-2)
    triggered = game.after("Romulus triggers Remus's Prison")
    assert triggered.steps == [PaidTheft("Prison", 0, 3, True)]  # Remus's step, in Romulus's turn
    final = game.final
    assert influence(final, "Hannibal") == influence(start, "Hannibal") + 3
    assert player(final, "Hannibal").building("Wall") is None
    assert influence(final, "Remus") == influence(first, "Remus") + 2 - 3
    assert [b.foundation for b in player(final, "Remus").buildings if b.stolen] == ["Tower", "Wall"]
    assert influence(final, "Romulus") == influence(first, "Romulus") + 2 - 2  # the Aerarium's Site given away
    assert player(final, "Remus").building("Garden").complete  # its Site gone, the structure stays


def test_ex_gk_aerariumprison_2():
    """'Romulus has a School in play (Brick) and 4 total Influence. Romulus completes a Prison
    and gives its 3 Influence to Remus to steal one of Remus' buildings. Romulus later completes
    an Aerarium and gives the Influence to himself to re-trigger the Prison. He gives away the
    2-Influence Site from the Aerarium plus the 2-Influence Site from the school to Remus to
    steal a building' ... 'You cannot give away the 2 Influence you began the game with'
    (C-AERARIUM-PRISON-1)."""
    game = play("EX-GK-AERARIUMPRISON-2")
    assert influence(game.start, "Romulus") == 4
    assert influence(game.after("Romulus adds Villa to Prison"), "Romulus") == 7
    assert influence(game.after("Romulus steals Remus's Tower"), "Romulus") == 4
    assert influence(game.after("Romulus adds Aqueduct to Aerarium"), "Romulus") == 6
    before = game.before("Romulus steals Remus's Wall giving Brick, Concrete")
    paid = {d.sites for d in Game(before).legal() if isinstance(d, Steal)}
    assert paid == {(Material.BRICK, Material.CONCRETE)}  # the only set worth 3 or more
    final = game.final
    assert influence(final, "Romulus") == 2 and player(final, "Romulus").influence == []
    assert influence(final, "Remus") == influence(game.start, "Remus") + 3 + 4
    assert [b.foundation for b in player(final, "Romulus").buildings if b.stolen] == ["Tower", "Wall"]
    assert player(final, "Romulus").building("School").complete


def test_ex_gk_bacchanalia_1():
    """'When you complete Bacchanalia, add its 3-Influence Site to your Influence and then tally
    your Influence. Flip over that many cards from the top of the deck ... He starts the road as
    a new building, and then completes it by using the Castra as Material. He puts the
    Scriptorium into his Clientele as a Merchant Client and the Sewer into his Vault. He
    declines to put the Plebian Council into his Stockpile, so it instead goes to his hand'
    (G-BACCHANALIA-1)."""
    game = play("EX-GK-BACCHANALIA-1")
    done = game.after("Hannibal adds Temple to Bacchanalia")
    assert influence(done, "Hannibal") == 5 and done.steps == [Revealed("Bacchanalia", 0, 5, (), True)]
    final = game.final
    hannibal = player(final, "Hannibal")
    assert influence(final, "Hannibal") == 6
    assert {b.foundation for b in hannibal.buildings if b.complete} == {"Bacchanalia", "Road"}
    assert hannibal.building("Road").materials == ["Castra"] and rules.material_of(final, "Castra") is Material.RUBBLE
    assert hannibal.clientele == ["Scriptorium"] and rules.role_of(final, "Scriptorium") is Role.MERCHANT
    assert hannibal.vault == ["Sewer"] and hannibal.hand == ["Plebian Council"] and hannibal.stockpile == []
    assert len(game.start.deck) - len(final.deck) == 5
    # each way once: with the Road laid, no second card may start a building
    placed = game.after("Hannibal lays [Road] from deck")
    assert not any(type(d).__name__ == "Lay" for d in Game(placed).legal())


def test_ex_gk_watchpost_1():
    """'You can use a Craftsman action to tear down one of your complete buildings instead of the
    normal Craftsman effect. When you do so, immediately return the building foundation to your
    hand and put any Materials from the building into your Stockpile ... He then completes it
    (again) with his fifth action, repeating its upon completion effect' (G-WATCHPOST-1)."""
    game = play("EX-GK-WATCHPOST-1")
    assert actions_left(game.after("Remus thinks: jack"), "Romulus") == 5
    torn = game.after("Romulus tears down Domus")
    romulus = player(torn, "Romulus")
    assert romulus.building("Domus") is None and "Domus" in romulus.hand and romulus.stockpile == ["Dock"]
    assert influence(torn, "Romulus") == influence(game.start, "Romulus")  # its Site back in town (AMB-31)
    assert torn.sites_in_town[Material.WOOD] == game.start.sites_in_town[Material.WOOD]
    final = game.final
    domus = player(final, "Romulus").building("Domus")
    assert domus.complete and domus.materials == ["Market"] and player(final, "Romulus").stockpile == ["Dock"]
    completions = [text for text in ("Romulus adds Dock to Domus", "Romulus adds Market to Domus")
                   if granted(game, text, "Domus")]
    assert len(completions) == 2  # its upon-completion effect, twice


def test_ex_gk_triclinium_1():
    """'If you are leading or following, then whenever one of your Clients acts you may put it
    into your Vault after that action completes ... he may not activate the Triclinium since he
    did not lead or follow ... After it resolves, he puts the Legionary Client into his Vault
    ... That building uses the last in-town Site in the game, so the game ends. Remus does not
    have the option to put the Craftsman into his Vault, since the game has ended'
    (G-TRICLINIUM-1, B-BATH-1)."""
    game = play("EX-GK-TRICLINIUM-1")
    thought = game.after("Remus hires Villa")
    assert not any(isinstance(s, Retire) for s in thought.steps)
    assert not granted(game, "Remus hires Villa", "Triclinium")  # he thought: no Triclinium
    hired = game.after("Remus hires Academy")
    assert hired.steps == [ClientAction("Bath", 1, Role.LEGIONARY), Retire("Triclinium", 1, ("Palace",), 1)]
    demanded = game.after("Remus demands Rubble showing Road")
    assert demanded.steps == [Retire("Triclinium", 1, ("Academy",), 1, hired=True)]  # after the new client's demand
    vaulted = game.after("Remus sells Academy from clientele")
    assert player(vaulted, "Remus").vault == ["Academy"] and "Academy" not in player(vaulted, "Remus").clientele
    final = game.final
    assert final.over and final.end_reason == "last-site" and not any(final.sites_in_town.values())
    remus = player(final, "Remus")
    assert remus.vault == ["Academy"] and sorted(remus.clientele) == ["Palace", "Palisade", "Villa"]
    assert not remus.building("Dock").complete  # it can never be completed


def test_ex_gk_plebiancouncil_1():
    """'Once this building is complete, you immediately win the game if both of its conditions
    are met ... there are a total of 11 Laborers and only a total of 6 legionaries in play.
    Romulus has 5 Laborer Clients, but he is tied with Hannibal so nothing happens. Later in the
    same turn, Romulus completes a Domus and recruits a Merchant ... he now has 6 Laborers to
    Hannibal's 5. He immediately wins the game' (G-PLEBIANCOUNCIL-1; CONFLICT-GK-4, AMB-17)."""
    game = play("EX-GK-PLEBIANCOUNCIL-1")
    done = game.after("Romulus adds Gate to Plebian Council")
    assert player(done, "Romulus").building("Plebian Council").complete and not done.over

    def counted(state, role):
        return Counter({p.name: sum(1 for c in p.clientele if role in rules.client_roles(state, i, c))
                        for i, p in enumerate(state.players)})

    laborers, legionaries = counted(done, Role.LABORER), counted(done, Role.LEGIONARY)
    assert sum(laborers.values()) == 11 and sum(legionaries.values()) == 6
    assert laborers["Romulus"] == laborers["Hannibal"] == 5  # a tie: nothing happens
    final = game.final
    assert final.over and final.winner == "Romulus" and final.end_reason == "win:Plebian Council"
    assert counted(final, Role.LABORER)["Romulus"] == 6  # the Merchant counts as a Laborer too
