"""Worked examples of the Black Box powers that widen plays, convert clients, reach further
with the Legionary, or win with clients: Crane (B-CRANE-1), Circus (B-CIRCUS-1), Ludus Magna
(B-LUDUSMAGNA-1), Storeroom (B-STOREROOM-1), Forum (B-FORUM-1), Bridge (B-BRIDGE-1..4) and
the Wall against it (B-WALL-2)."""

from __future__ import annotations

from rulebook_helpers import play, player

from gtr_replay.engine import rules
from gtr_replay.game.state import Phase
from gtr_replay.enums import JACK, Material, Role, Zone


def _materials(state, cards):
    return sorted(rules.material_of(state, c) for c in cards)


def _actions(events, name):
    return [e.value for e in events if e.kind == "actions" and e.player == name]


def test_ex_bb_crane_1():
    """"You play a Laborer and declare it to also be an Architect. Resolve the Roles as if both
    had been actual gray cards": one Architect action each; Road and the Jack go back."""
    game = play("EX-BB-CRANE-1")
    assert rules.role_of(game.start, "Road") is Role.LABORER
    announced = [(e.player, e.value) for snap in game.snapshots for e in snap.events if e.kind == "actions"]
    assert announced == [("Right", 1), ("You", 1)]
    final = game.final
    you = player(final, "You")
    assert you.building("Tower").materials == ["Aqueduct", "Wall"] and you.stockpile == []
    assert "Road" in final.pool and final.jack_pile == game.start.jack_pile + 1 and JACK not in you.hand


def test_ex_bb_circus_1():
    """"You lead the two Laborer cards, saying 'I am leading as a Patron'": the led role is
    Patron, the play gives one action, and the other player follows Patron."""
    game = play("EX-BB-CIRCUS-1")
    led = game.after("You leads Patron with Road, Bar")
    assert led.led_role is Role.PATRON and sorted(player(led, "You").camp) == ["Bar", "Road"]
    assert {rules.role_of(led, c) for c in ("Road", "Bar")} == {Role.LABORER}
    assert _actions(game.events("Left follows with Temple"), "You") == [1]
    final = game.final
    assert player(final, "You").clientele == ["Dock"] and player(final, "Left").clientele == ["Villa"]
    assert player(final, "You").hand == ["Market"]


def test_ex_bb_ludusmagna_1():
    """"You get two Craftsman actions ... Your Merchant Client becomes every Client type
    including Craftsman and grants you an additional Craftsman action this turn. With your two
    remaining Craftsman actions you play an Insula Foundation ... completing the Insula." """
    game = play("EX-BB-LUDUSMAGNA-1")
    assert _actions(game.events("Left follows with Palisade"), "You") == [2]
    completed = game.after("You adds Temple to Ludus Magna")
    you = completed.index("You")
    assert player(completed, "You").building("Ludus Magna").complete
    assert rules.action_count(completed, you) == 3 and completed.actions_used == 1
    final = game.final
    insula = player(final, "You").building("Insula")
    assert insula.complete and insula.materials == ["Bar"] and player(final, "You").hand == []


def test_ex_bb_storeroom_1():
    """"You treat your Craftsman and Patron Clients as Laborers and take four Laborer actions.
    You take the Stone and three of the Bricks into your Stockpile." """
    game = play("EX-BB-STOREROOM-1")
    assert _actions(game.events("Left thinks: refill"), "You") == [4]
    you = player(game.final, "You")
    assert _materials(game.final, you.stockpile) == [Material.BRICK] * 3 + [Material.STONE]
    assert "Gate" in game.final.pool  # the fourth Brick stays


def test_ex_bb_forum_1():
    """"You move Marble from your hand into the Forum, completing it. You win. She doesn't." """
    game = play("EX-BB-FORUM-1")
    final = game.final
    assert final.phase is Phase.OVER and final.winner == "You" and final.end_reason == "win:Forum"
    assert not player(final, "Left").building("Forum").complete


def test_ex_bb_bridge_1():
    """"You get one Marble from the Pool, one Marble each from the hand of the player to your
    left and the player across from you, and one Marble each from the Stockpiles of these
    players, for a total of five Marble into your Stockpile. You retrieve your Forum Romanum
    back into your hand." """
    game = play("EX-BB-BRIDGE-1")
    start, final = game.start, game.final
    demanded = game.after("You demands Marble showing Forum Romanum")
    assert demanded.legionary.victims == [1, 2, 3] and demanded.legionary.stockpile
    you = player(final, "You")
    assert _materials(final, you.stockpile) == [Material.MARBLE] * 5
    assert "Forum Romanum" in you.hand
    for name in ("Left", "Across"):
        assert len(player(final, name).stockpile) == len(player(start, name).stockpile) - 1
        assert len(player(final, name).hand) == len(player(start, name).hand) + 1 - 1  # a Jack in, a Marble out
    assert player(final, "Right").stockpile == player(start, "Right").stockpile
    assert "Fountain" in player(final, "Right").hand
    moved = [(e.player, e.source) for e in game.events("Left gives Palace from stockpile to You") if e.kind == "move"]
    assert moved[0] == ("Left", Zone.STOCKPILE)


def test_ex_bb_wall_2():
    """Wall beats Bridge: "You say 'Glory to Rome': the Wall protects your hand and your
    Stockpile despite his Bridge"; your own demand takes only from Opp's hand."""
    game = play("EX-BB-WALL-2")
    final = game.final
    you, opp = player(final, "You"), player(final, "Opp")
    assert sorted(you.stockpile) == ["Catacomb", "Villa"] and sorted(you.hand) == ["Prison", "Sewer"]
    assert opp.stockpile == ["Garden"] and "Villa" not in opp.hand


def test_ex_bb_archway_1():
    """"You take the Brick from the Pool and place it underneath your Gate Foundation. Next you
    take the Brick from your Stockpile ... completing the Gate" (B-ARCHWAY-1, B-GATE-1)."""
    game = play("EX-BB-ARCHWAY-1")
    start, final = game.start, game.final
    gate = player(final, "You").building("Gate")
    assert gate.complete and gate.materials == ["School", "Bath"]
    assert rules.influence(final, 0) == rules.influence(start, 0) + 2
    assert player(final, "You").stockpile == [] and "School" not in final.pool
    assert any(e.kind == "move" and e.source == Zone.POOL for e in game.events("You adds School from pool to Gate"))


def test_ex_bb_palisade_1():
    """"You do not give up any of your cards to a Legionary's demand": Right gets one Marble
    from the Pool and one from Left, none from you; your own demand takes the last Pool
    Marble, Right's shown Temple and Left's second Marble (B-PALISADE-1, R-LEG-1..3)."""
    game = play("EX-BB-PALISADE-1")
    final = game.final
    right, you, left = player(final, "Right"), player(final, "You"), player(final, "Left")
    assert sorted(right.stockpile) == ["Basilica", "Palace"] and "Temple" not in right.hand
    assert sorted(you.stockpile) == ["Fountain", "Stairway", "Temple"] and you.hand == ["Statue"]
    assert left.hand == [JACK]
    assert not any(rules.material_of(final, c) is Material.MARBLE for c in final.pool)


def test_ex_bb_clients_1():
    """"Your two Laborer Clients still act": thinking (branch B) you refill at once, before any
    Laborer action, and later gather twice; following (branch A, the variation) three times."""
    game = play("EX-BB-CLIENTS-1")
    thought = game.after("You thinks: refill")
    assert len(player(thought, "You").hand) == 5 and player(thought, "You").stockpile == []
    final = game.final
    assert sorted(player(final, "You").stockpile) == ["Bath", "Villa"]
    branch = [s for s in game.snapshots if s.path != ""]
    assert branch, "the follow is replayed as a variation"
    assert sorted(player(branch[-1].state, "You").stockpile) == ["Bath", "Dock", "Villa"]


def test_ex_bb_petition_1():
    """"Two yellow cards may be played as a Jack": the Republic petition of two gives one
    Laborer action; both cards are in the Pool after cleanup."""
    game = play("EX-BB-PETITION-1")
    assert _actions(game.events("Left follows with Insula"), "You") == [1]
    final = game.final
    assert player(final, "You").stockpile == ["Villa"] and {"Road", "Bar"} <= set(final.pool)


def test_ex_bb_wall_1():
    """"You have completed a Wall and an Insula ... five Materials in your Stockpile": seven
    points, five of influence and two from the Wall (B-WALL-1, R-SCORE-2)."""
    from gtr_replay.engine import scoring
    game = play("EX-BB-WALL-1")
    final = game.final
    assert final.phase is Phase.OVER and final.end_reason == "deck"
    you = scoring.scores(final)[final.index("You")]
    assert (you.influence, you.powers, you.total) == (5, 2, 7)
