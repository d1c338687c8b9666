"""Worked examples of Black Box powers that change a turn's actions: how many (Circus Maximus,
Palace), what a new client does at once (Bath), what one Marble does (Scriptorium), and the
Catacomb that stops the turn (B-BATH-1, B-CIRCUSMAXIMUS-1, B-PALACE-1, B-SCRIPTORIUM-1,
B-CATACOMB-1)."""

from __future__ import annotations

from collections import Counter

from rulebook_helpers import influence, just_after, play, player
from rulebook_helpers import materials_of as materials
from rulebook_helpers import roles_of as roles

from gtr_replay.engine import Game, rules, scoring
from gtr_replay.game.decisions import Add, Lay, Pass
from gtr_replay.game.state import GameState, Phase
from gtr_replay.game.steps import ClientAction
from gtr_replay.enums import JACK, Material, Role


def index(state: GameState, name: str) -> int:
    return state.index(name)


def test_ex_bb_bath_1():
    """Each new client acts at once: the Patron client hires the Laborer, whose action gathers
    the Merchant card as Stone; Left then finds the Pool empty (B-BATH-1, B-BATH-2, R-PATRON-3)."""
    game = play("EX-BB-BATH-1")
    start = game.start
    you0, right0, left0 = player(start, "You"), player(start, "Right"), player(start, "Left")
    assert you0.building("Bath").complete
    assert not roles(start, you0.clientele)[Role.PATRON] and not roles(start, you0.clientele)[Role.LABORER]
    assert rules.clientele_limit(start, index(start, "You")) - len(you0.clientele) >= 2
    assert roles(start, start.pool) == Counter([Role.LABORER, Role.ARCHITECT, Role.MERCHANT, Role.PATRON])

    state = game.after("Right hires Tower")
    assert player(state, "Right").clientele == ["Tower"]
    assert rules.role_of(state, "Tower") is Role.ARCHITECT

    state = game.after("You hires Temple")  # the Bath: the new Patron client acts at once
    assert player(state, "You").clientele == ["Temple"]
    assert state.steps == [ClientAction("Bath", state.index("You"), Role.PATRON)]
    state = game.after("You hires Latrine")  # ... and takes the Laborer, which acts at once too
    assert player(state, "You").clientele == ["Temple", "Latrine"]
    assert state.steps == [ClientAction("Bath", state.index("You"), Role.LABORER)]

    before_cleanup = just_after(game, "You gathers Villa")
    you = player(before_cleanup, "You")
    assert roles(before_cleanup, you.clientele) == Counter([Role.PATRON, Role.LABORER])
    assert len(you.clientele) == len(you0.clientele) + 2
    assert you.stockpile == ["Villa"] and rules.material_of(before_cleanup, "Villa") is Material.STONE
    assert before_cleanup.pool == []  # Pool empty before cleanup
    # Your turn is over: the Bath's actions were the only ones the new clients gave (R-ACT-2).
    assert before_cleanup.current == index(before_cleanup, "Left")
    assert rules.action_count(before_cleanup, index(before_cleanup, "Left")) == 1
    assert Game(before_cleanup).legal() == [Pass("Left")]  # the Pool is empty: nothing to hire

    final = game.after("You gathers Villa")  # Left's pass, forced, ends the turn: after cleanup
    assert ("auto", "Left") in [(e.kind, e.player) for e in game.events("You gathers Villa")]
    right, left = player(final, "Right"), player(final, "Left")
    assert roles(final, right.clientele) == roles(start, right0.clientele) + Counter([Role.ARCHITECT])
    assert (left.clientele, left.stockpile, left.vault) == (left0.clientele, left0.stockpile, left0.vault)
    assert left.hand == [c for c in left0.hand if c != "Fountain"]  # only the card he followed with
    assert sorted(final.pool) == ["Basilica", "Fountain", "Statue"]  # after cleanup: the 3 Patron cards
    assert roles(final, final.pool) == Counter({Role.PATRON: 3})


def test_ex_bb_circusmaximus_1():
    """You lead Merchant: 1 + 2 clients + 2 from the Circus Maximus = 5 actions. Left thought:
    his 2 clients act, and his Circus Maximus gives nothing (B-CIRCUSMAXIMUS-1, R-ACT-1)."""
    game = play("EX-BB-CIRCUSMAXIMUS-1")
    start = game.start
    for name in ("You", "Left"):
        p = player(start, name)
        assert p.building("Circus Maximus").complete
        assert roles(start, p.clientele)[Role.MERCHANT] == 2 == len(p.clientele)
    assert not roles(start, player(start, "Right").clientele)[Role.MERCHANT]
    you, left = index(start, "You"), index(start, "Left")
    for name, room in (("You", 5), ("Left", 2)):
        p, i = player(start, name), index(start, name)
        assert len(p.stockpile) >= room and rules.vault_limit(start, i) - len(p.vault) >= room

    state = game.after("Right thinks: refill")  # all have decided: the actions begin
    assert state.phase is Phase.ACTIONS and state.led_role is Role.MERCHANT
    assert rules.action_count(state, you) == 5
    assert rules.action_count(state, left) == 2
    assert rules.action_count(state, index(state, "Right")) == 0
    circus = rules.power_of(state, "Circus Maximus")
    ctx = rules.query_context(state)
    assert circus.extra_actions(ctx, you, Role.MERCHANT) == 2
    assert circus.extra_actions(ctx, left, Role.MERCHANT) == 0  # he thought, so no bonus

    state = game.after("You sells Tower")  # the fifth: your actions are spent, Left's begin
    assert state.current == left and state.actions_used == 0

    final = game.final
    assert len(player(final, "You").vault) == len(player(start, "You").vault) + 5
    assert player(final, "You").stockpile == []
    assert len(player(final, "Left").vault) == len(player(start, "Left").vault) + 2
    assert player(final, "Right").vault == player(start, "Right").vault
    assert final.turn == 2  # Right had no action; the turn is over


def test_ex_bb_palace_1():
    """Lead with three Merchant cards and a Jack: 4 actions from the cards, 1 from the client,
    five stockpile materials into the vault (B-PALACE-1, R-ACT-3)."""
    game = play("EX-BB-PALACE-1")
    start = game.start
    you0 = player(start, "You")
    you = index(start, "You")
    assert you0.building("Palace").complete
    assert roles(start, you0.clientele) == Counter([Role.MERCHANT])
    assert Counter(JACK if c == JACK else rules.role_of(start, c) for c in you0.hand) == Counter(
        [Role.MERCHANT, Role.MERCHANT, Role.MERCHANT, Role.LABORER, JACK])
    assert len(you0.stockpile) >= 5 and rules.vault_limit(start, you) - len(you0.vault) >= 5

    state = game.after("Opp follows with Catacomb")
    assert sorted(player(state, "You").camp) == sorted(["Villa", "Garden", "Prison", JACK])
    assert rules.action_count(state, you) == 5  # 4 cards + 1 client

    before_cleanup = game.after("You sells Bridge")  # Opp has still to act
    p = player(before_cleanup, "You")
    assert p.hand == ["Road"] and rules.role_of(before_cleanup, "Road") is Role.LABORER
    assert len(p.vault) == len(you0.vault) + 5
    assert len(p.stockpile) == len(you0.stockpile) - 5
    assert Counter(p.vault) == Counter(you0.stockpile)
    assert before_cleanup.current == index(before_cleanup, "Opp")

    final = game.after("Opp passes")
    assert Counter(final.pool) - Counter(start.pool) >= Counter(["Villa", "Garden", "Prison"])
    assert roles(final, final.pool)[Role.MERCHANT] == 4  # your three and Opp's Catacomb
    assert final.jack_pile == start.jack_pile + 1
    assert JACK not in final.pool and player(final, "You").camp == []


def test_ex_bb_scriptorium_1():
    """Three Craftsman actions complete three buildings: the Scriptorium with its third Stone,
    then the Wall and the Temple with one Marble each (B-SCRIPTORIUM-1, B-TEMPLE-1)."""
    game = play("EX-BB-SCRIPTORIUM-1")
    start = game.start
    you0 = player(start, "You")
    you = index(start, "You")
    assert influence(start, "You") == 2
    assert rules.refill_size(start, you) == 5
    assert roles(start, you0.clientele) == Counter({Role.CRAFTSMAN: 2})
    assert materials(start, you0.hand) == Counter(
        [Material.WOOD, Material.STONE, Material.MARBLE, Material.MARBLE])
    scriptorium, wall, temple = (you0.building(n) for n in ("Scriptorium", "Wall", "Temple"))
    assert materials(start, scriptorium.materials) == Counter({Material.STONE: 2})
    assert wall.materials == [] and materials(start, temple.materials) == Counter({Material.MARBLE: 1})
    assert not any(b.complete for b in you0.buildings)

    state = game.after("Opp follows with Dock")
    assert rules.action_count(state, you) == 3

    state = game.after("You adds Garden to Scriptorium")
    assert player(state, "You").building("Scriptorium").complete
    assert influence(state, "You") == 2 + 3

    state = game.after("You adds Statue to Wall")  # one Marble: 1 of 2 materials, yet complete
    wall = player(state, "You").building("Wall")
    assert wall.complete and wall.materials == ["Statue"]
    assert influence(state, "You") == 2 + 3 + 2

    state = game.after("You adds Fountain to Temple")  # 2 of 3 Marble, complete
    p = player(state, "You")
    temple = p.building("Temple")
    assert temple.complete and materials(state, temple.materials) == Counter({Material.MARBLE: 2})
    assert sum(b.complete for b in p.buildings) == 3
    assert influence(state, "You") == influence(start, "You") + 8
    assert p.hand == []
    assert rules.refill_size(state, you) == rules.refill_size(start, you) + 4
    assert state.current == index(state, "Opp")  # your three actions are spent


def test_ex_bb_catacomb_1():
    """Completing the Catacomb with your first client action ends the game at once: your
    second action and Left's are lost, there is no cleanup, and scoring decides
    (B-CATACOMB-1, R-END-2, R-SCORE-6)."""
    game = play("EX-BB-CATACOMB-1")
    start = game.start
    you0 = player(start, "You")
    you = index(start, "You")
    catacomb = you0.building("Catacomb")
    assert not catacomb.complete and materials(start, catacomb.materials) == Counter({Material.STONE: 2})
    assert roles(start, you0.clientele) == Counter({Role.CRAFTSMAN: 2})

    state = game.after("You thinks: refill")
    hand = player(state, "You").hand
    assert len(hand) == rules.refill_size(state, you) == 5
    assert materials(state, hand)[Material.STONE] >= 1

    state = game.after("Right lays Academy")
    assert [b.foundation for b in player(state, "Right").buildings] == ["Academy"]
    assert state.current == you and rules.action_count(state, you) == 2  # two clients; you thought

    last = "You adds Prison to Catacomb"
    before = game.before(last)
    final = game.after(last)
    assert final.to_dict() == game.final.to_dict()  # the last statement of the record
    assert player(final, "You").building("Catacomb").complete
    assert influence(final, "You") == influence(before, "You") + 3
    # The game is over, by the Catacomb, with no instant winner.
    assert final.over and final.phase is Phase.OVER
    assert final.end_reason == "catacomb" and final.ended_by == "You"
    assert final.winner is None
    outcome = scoring.result(final)
    assert outcome.counted and outcome.reason == "catacomb"
    best = max(s.total for s in outcome.scores)
    assert outcome.winners == tuple(s.player for s in outcome.scores if s.total == best) == ("You",)
    # Your second Craftsman action is not performed, nor is Left's.
    moves = [(e.player, e.card) for e in game.events(last) if e.kind == "move"]
    assert moves == [("You", "Prison")]  # one material placed, nothing after it
    assert len(player(final, "You").building("Catacomb").materials) == 3
    assert player(final, "You").hand == [c for c in hand if c != "Prison"]
    left0, left = player(before, "Left"), player(final, "Left")
    assert (left.hand, left.buildings, left.stockpile) == (left0.hand, left0.buildings, left0.stockpile)
    assert not left.done
    over = Game(final)
    assert over.legal() == []
    refused = over.check(Lay("Left", "Tower"), passing_over=False)
    assert refused is not None and "R-END-2" in refused.rule_ids
    refused = over.check(Add("You", "Latrine", "Catacomb"), passing_over=False)
    assert refused is not None and "R-END-2" in refused.rule_ids
    # No cleanup: the played cards stay in the camps, the turn and the leader stay.
    assert player(final, "Right").camp == ["Dock"] and player(final, "Left").camp == ["Dock"]
    assert final.pool == start.pool
    assert final.turn == start.turn and final.leader == start.leader == index(start, "Right")


def test_ex_bb_catacomb_1_completing_action_is_spent():
    """The action that completed the Catacomb was spent; the second one was not (R-END-2)."""
    game = play("EX-BB-CATACOMB-1")
    final = game.final
    you = final.index("You")
    assert final.actions_used == 1 < rules.action_count(final, you) == 2
