"""Worked examples of the powers that take more from a demand's victims, and the sample turn
of the core rules: Colosseum (B-COLOSSEUM-1..4), Domus Aurea (B-DOMUSAUREA-1, CONFLICT-BB-1)
and EX-BB-SAMPLETURN-1 (R-TURN-1..9)."""

from __future__ import annotations

from rulebook_helpers import influence, play, player

from gtr_replay.engine import rules
from gtr_replay.enums import JACK, Material


def _actions(game):
    return [(e.player, e.value) for snap in game.snapshots for e in snap.events if e.kind == "actions"]


def test_ex_bb_colosseum_1():
    """"You give him the one Marble you have in your hand, which he puts in his Stockpile, along
    with two Marble he takes from the Pool ... You take the Legionary Client and Merchant Client
    from the player on your right and take the Legionary Client from the player on your left and
    place them into your Vault as a filched Stone and two filched Brick. The player on your left
    does not execute a Legionary action as his Legionary Client has already been slain." """
    game = play("EX-BB-COLOSSEUM-1")
    start, final = game.start, game.final
    right, you, left = player(final, "Right"), player(final, "You"), player(final, "Left")
    assert sorted(rules.material_of(final, c) for c in right.stockpile) == [Material.MARBLE] * 3
    assert right.clientele == []
    assert sorted(rules.material_of(final, c) for c in you.hand) == [Material.BRICK, Material.STONE]
    assert you.stockpile == ["Sewer"] and you.clientele == player(start, "You").clientele
    assert sorted(rules.material_of(final, c) for c in you.vault) == [Material.BRICK, Material.BRICK, Material.STONE]
    assert left.clientele == ["Bridge"] and sorted(left.hand) == [JACK, "Road"]
    assert ("Left", 1) not in _actions(game) and [p for p, _ in _actions(game)] == ["Right", "You"]
    before_cleanup = game.before("You slays Left's Archway")
    assert before_cleanup.pool == []
    assert sorted(final.pool) == ["Academy", "Shrine"]  # the two Legionary cards played


def test_ex_bb_domusaurea_1():
    """"You put the School card itself into your stockpile, as a Brick material. You put the
    Foundation card into your Influence, adding 2 Influence to your score": the Site, by the
    function's text (CONFLICT-BB-1, AMB-20)."""
    game = play("EX-BB-DOMUSAUREA-1")
    start, final = game.start, game.final
    you, opp = player(final, "You"), player(final, "Opp")
    assert you.stockpile == ["School"] and rules.material_of(final, "School") is Material.BRICK
    assert influence(final, "You") == influence(start, "You") + 2
    assert you.influence[-1] is Material.BRICK
    assert opp.buildings == [] and opp.influence == []


def test_ex_bb_sampleturn_1():
    """"Player 3 ... draws cards until she has five cards in her hand. Player 4 has five cards
    ... and draws one card"; actions: P1 two (lead and client), P2 one (the Jack), P3 two (her
    two Laborer Clients), P4 none."""
    game = play("EX-BB-SAMPLETURN-1")
    thought = game.after("P4 thinks: draw")
    assert [len(player(thought, p).hand) for p in ("P3", "P4")] == [5, 6]
    assert _actions(game) == [("P1", 2), ("P2", 1), ("P3", 2)]
    final = game.final
    assert [len(player(final, p).stockpile) for p in ("P1", "P2", "P3", "P4")] == [2, 1, 2, 0]
    assert sorted(final.pool) == ["Road", "Shrine"]
    assert final.jack_pile == game.start.jack_pile + 1
    assert final.players[final.leader].name == "P2"
