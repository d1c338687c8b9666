"""Worked examples of the Black Box structures that move or share other players' buildings,
or end the game at once: Prison (B-PRISON-*), Stairway (B-STAIRWAY-*) and Forum Romanum
(B-FORUMROMANUM-1)."""

from __future__ import annotations

import notation
from rulebook_helpers import influence, play, player, record_path

from gtr_replay.engine import Game, rules, scoring
from gtr_replay.game.decisions import Add
from gtr_replay.game.state import Building, Phase
from gtr_replay.game.steps import PublicPlacement, Theft
from gtr_replay.enums import MATERIALS, ROLES, Material, Role, Zone
from gtr_replay.replay.replayer import Replayer
from gtr_replay.vocabulary import card_vocabulary

ONE_OF_EACH_MATERIAL = {  # a card of each material, to try against a foundation
    Material.RUBBLE: "Latrine", Material.WOOD: "Palisade", Material.BRICK: "Gate",
    Material.CONCRETE: "Wall", Material.STONE: "Villa", Material.MARBLE: "Basilica",
}


def test_ex_bb_prison_1():
    """You completes the Prison (+3), takes Opp's Tower onto it and gives Opp the Prison's
    Site: You nets 0 and gains the Tower's functions; Opp gains 3, keeps the Tower's Site
    (AMB-19) and loses its functions, so the Temple holding Marble + Rubble now takes only
    one more Marble (B-PRISON-1..3, B-TOWER-1, B-TOWER-2)."""
    game = play("EX-BB-PRISON-1")
    you, opp = 0, 1
    before = game.before("You adds Villa to Prison")
    completed = game.after("You adds Villa to Prison")
    after = game.after("You steals Opp's Tower")  # the last step: the turn is cleaned up after it

    # Influence: the Prison's Site comes (+3) and goes to Opp (B-PRISON-2); Opp keeps the Tower's (AMB-19).
    assert influence(before, "You") == 2 and influence(before, "Opp") == 2 + 2
    assert influence(completed, "You") == 2 + 3
    assert completed.steps == [Theft("Prison", completed.index("You"))]  # the theft comes next
    assert [(e.player, e.card) for e in game.events("You adds Villa to Prison") if e.kind == "step"] == [
        ("You", "Prison")]  # and is announced
    assert influence(after, "You") == influence(before, "You") == 2  # net +0
    assert influence(after, "Opp") == influence(before, "Opp") + 3 == 7
    assert player(after, "You").influence == []
    assert sorted(player(after, "Opp").influence) == sorted([Material.CONCRETE, Material.STONE])
    exchange = [(e.player, e.card, e.value) for e in game.events("You steals Opp's Tower") if e.kind == "influence"]
    assert exchange == [("You", "Prison", -3), ("Opp", "Prison", 3)]  # the Site changes hands

    # Who owns what: the Tower sits with You, on the Prison, with its materials (AMB-19).
    prison, tower = player(after, "You").building("Prison"), player(after, "You").building("Tower")
    assert prison.complete and not prison.stolen and prison.materials == ["Garden", "Sewer", "Villa"]
    assert tower.complete and tower.stolen and tower.materials == ["Wall", "Bridge"]
    assert tower.site is Material.CONCRETE
    assert player(after, "Opp").building("Tower") is None
    assert [b.foundation for b in player(after, "Opp").buildings] == ["Temple"]

    # You gains the Tower's functions: Rubble in any foundation, out of town in one action.
    any_foundation = Building("Palace", Material.MARBLE)  # a Marble foundation You might lay
    assert not rules.material_fits(before, you, any_foundation, "Latrine")
    assert rules.material_fits(after, you, any_foundation, "Latrine")
    assert rules.out_of_town_cost(before, you) == 2
    assert rules.out_of_town_cost(after, you) == 1
    assert "Tower" in {p.building for p in rules.active_powers(after, you)}

    # Opp loses them.
    assert rules.out_of_town_cost(before, opp) == 1
    assert rules.out_of_town_cost(after, opp) == 2
    assert "Tower" not in {p.building for p in rules.active_powers(after, opp)}

    # Opp's Temple keeps Marble + Rubble (B-PRISON-3), and only one more Marble finishes it.
    temple_before, temple = player(before, "Opp").building("Temple"), player(after, "Opp").building("Temple")
    assert temple.materials == temple_before.materials == ["Statue", "Road"] and not temple.complete
    assert rules.materials_needed(after, opp, temple) - len(temple.materials) == 1
    assert rules.material_fits(before, opp, temple_before, "Latrine")  # the Tower let Rubble in
    fits = {m for m, card in ONE_OF_EACH_MATERIAL.items() if rules.material_fits(after, opp, temple, card)}
    assert fits == {Material.MARBLE}

    # Nothing else of Opp's moved (B-PRISON-3); the theft was the turn's last step.
    assert player(after, "Opp").hand == player(before, "Opp").hand
    assert after.turn == 2 and after.steps == []


def test_ex_bb_stairway_1():
    """The Stairway's extra placements: Brick from the stockpile into Opp's Archway after the
    completing action, then, as the whole client action, Brick from the Pool (through the now
    public Archway) into Opp's Shrine. Both are public; You's refill size is 7 (B-STAIRWAY-1,
    B-STAIRWAY-2, B-STAIRWAY-4, B-ARCHWAY-1, B-SHRINE-1, AMB-21)."""
    game = play("EX-BB-STAIRWAY-1")
    you, opp = 0, 1
    start = game.start
    completed = game.after("You adds Statue to Stairway")
    archway = game.after("You adds Atrium to Opp's Archway")
    last = "You adds Gate from pool to Opp's Shrine"
    final = game.after(last)
    assert final == game.final

    # Start: what the example and its assumptions give.
    assert rules.action_count(game.after("Opp follows with Aqueduct"), you) == 2  # the lead and 1 client
    assert player(start, "You").stockpile == ["Statue", "Atrium"] and start.pool == ["Gate"]
    assert {b.foundation for b in player(start, "You").buildings} == {"Stairway"}  # no Shrine, Temple, Archway

    # Action 1 completes the Stairway (+3) and grants the extra placement at once.
    stairway = player(completed, "You").building("Stairway")
    assert stairway.complete and stairway.materials == ["Temple", "Palace", "Statue"]
    assert influence(start, "You") == 2 and influence(completed, "You") == 5
    assert completed.steps == [PublicPlacement("Stairway", completed.index("You"))]
    assert completed.public == []

    # The placement: the stockpile's Brick into the Archway, which is public from then on.
    assert archway.public == [(opp, "Archway")]
    assert player(archway, "Opp").building("Archway").materials == ["Bath", "School", "Atrium"]
    assert player(archway, "You").stockpile == []
    assert archway.actions_used == 1 and archway.steps == []  # the client's action is still to come
    assert Zone.POOL not in rules.action_sources(completed, you, Role.ARCHITECT)
    assert Zone.POOL in rules.action_sources(archway, you, Role.ARCHITECT)  # the public Archway

    # Action 2 (the client's) is only the placement, from the Pool through the Archway: the
    # legal decisions there offer it (as gtr legal lists them), and no Brick into a Marble structure.
    offered = [(d.card, d.building, d.source) for d in Game(archway.copy()).legal()
               if isinstance(d, Add) and d.owner == "Opp"]
    assert ("Gate", "Shrine", Zone.POOL) in offered and ("Gate", "Archway", Zone.POOL) in offered, offered
    assert all(rules.material_of(archway, card) is rules.material_of(archway, building) for card, building, _ in offered)
    moved = [e for e in game.events(last) if e.kind == "move" and e.card == "Gate"]
    assert [(e.source, e.target) for e in moved] == [(Zone.POOL, Zone.BUILDING)]
    assert final.public == [(opp, "Archway"), (opp, "Shrine")]
    archway_b, shrine = player(final, "Opp").building("Archway"), player(final, "Opp").building("Shrine")
    assert archway_b.complete and archway_b.materials[2:] == ["Atrium"]  # 1 extra Brick each
    assert shrine.complete and shrine.materials == ["Academy", "Foundry", "Gate"]
    assert [b.foundation for b in player(final, "You").buildings] == ["Stairway"]  # Opp still owns both

    # Stockpile empty; Pool -1 Brick (after cleanup it holds only the two Architect cards played).
    assert player(final, "You").stockpile == []
    assert final.pool == ["Bridge", "Aqueduct"]
    assert final.turn == 2  # the placement was the whole action: no action was left to You

    # Refill size: You has the public Shrine (+2): 7. Opp owns the Shrine and gets no second copy.
    assert rules.refill_size(start, you) == 5 and rules.refill_size(final, you) == 7
    assert rules.refill_size(start, opp) == rules.refill_size(final, opp) == 7
    for i, p in enumerate(final.players):  # every player who owns no Shrine gets +2
        if p.building("Shrine") is None:
            assert rules.refill_size(final, i) == rules.refill_size(start, i) + 2
    # Every player may use the Archway: an Architect may take from the Pool.
    assert all(Zone.POOL in rules.action_sources(final, i, Role.ARCHITECT) for i in range(len(final.players)))

    # Nobody's influence moved but the Stairway's: public structures stay their owner's.
    assert influence(final, "You") == 5 and influence(final, "Opp") == influence(start, "Opp") == 6


def _replay_text(text: str, source: str):
    [record] = notation.parse(text, source=source, vocabulary=card_vocabulary())
    replayer = Replayer(record, source=source)
    snapshots = list(replayer.run())
    assert not replayer.diagnostics, [str(d) for d in replayer.diagnostics]
    return snapshots


def test_ex_bb_forumromanum_1():
    """Completing the Forum Romanum with a client of each role and a material of each kind in
    the stockpile wins at once: the game is over, You wins, no points are counted, and Left
    (same clients and materials, Forum Romanum one short) never acts (B-FORUMROMANUM-1,
    R-END-1d, R-END-2, R-SCORE-1). Extra test: without the six materials, no win."""
    game = play("EX-BB-FORUMROMANUM-1")
    left = 1
    completing = "You adds Basilica to Forum Romanum"
    before, final = game.before(completing), game.final

    # The start: both have a client of each role, a material of each kind and a Forum Romanum
    # foundation with 2 Marble; clients are within the limit (the Aqueduct doubles it).
    for name in ("You", "Left"):
        p = player(before, name)
        assert sorted(rules.role_of(before, c) for c in p.clientele) == sorted(ROLES)
        assert sorted(rules.material_of(before, c) for c in p.stockpile) == sorted(MATERIALS)
        forum = p.building("Forum Romanum")
        assert not forum.complete and len(forum.materials) == 2
        assert {rules.material_of(before, c) for c in forum.materials} == {Material.MARBLE}
        assert len(p.clientele) <= rules.clientele_limit(before, before.index(name))
    assert before.phase is Phase.ACTIONS and before.winner is None

    # You completes it and wins at once.
    assert game.after(completing) == final
    forum = player(final, "You").building("Forum Romanum")
    assert forum.complete and forum.materials[-1] == "Basilica"
    assert influence(final, "You") == influence(before, "You") + 3
    assert final.phase is Phase.OVER
    assert (final.winner, final.ended_by, final.end_reason) == ("You", "You", "win:Forum Romanum")
    result = scoring.result(final)
    assert result.winners == ("You",) and not result.counted  # no scoring (R-SCORE-1)

    # Left never acts: her Craftsman action is lost, her Marble still in hand, no cleanup.
    assert player(final, "Left").hand == ["Basilica"] == player(before, "Left").hand
    assert len(player(final, "Left").building("Forum Romanum").materials) == 2
    assert final.turn == 1 and final.pool == []
    assert rules.active_powers(final, left, "wins") == []  # she does not win
    assert [s.text for s in game.snapshots][-1] == completing

    # Extra test: the same decisions without the six materials in You's stockpile (one
    # missing) complete the Forum Romanum, and nobody wins.
    path = record_path("EX-BB-FORUMROMANUM-1")
    text = path.read_text("utf-8")
    full = "stockpile You: Insula, Palisade, Bath, Wall, Villa, Statue"
    assert full in text
    snapshots = _replay_text(text.replace(full, "stockpile You: Insula, Palisade, Bath, Wall, Statue"),
                             f"{path.name} without Villa")
    [without] = [s.state for s in snapshots if s.text == completing]
    assert Material.STONE not in {rules.material_of(without, c) for c in player(without, "You").stockpile}
    assert player(without, "You").building("Forum Romanum").complete
    assert influence(without, "You") == influence(before, "You") + 3
    assert without.phase is not Phase.OVER and without.winner is None and without.end_reason is None
    assert without.current == left  # the game goes on: Left's Craftsman action comes
