"""Written powers checked against the rulebooks' own sentences, on positions a player could
dispute (tests/data/fidelity/)."""

from gtr_replay.engine import rules
from gtr_replay.enums import Material
from tests.fidelity_helpers import replay_file


def test_an_incomplete_scriptorium_does_not_complete_itself():
    """R-BUILD-10, 000 §Building structures: "you do not gain the benefit of a Structure
    (increased Influence and its function) until it is completed." One Marble in the
    Scriptorium's own foundation is one material of three, not a completion (B-SCRIPTORIUM-1)."""
    replayer, snaps = replay_file("scriptorium-foundation.gtr")
    assert not replayer.diagnostics
    scriptorium = snaps[-1].state.player("You").building("Scriptorium")
    assert scriptorium.materials == ["Temple"] and not scriptorium.complete


def test_a_villa_still_completes_its_own_foundation():
    """B-VILLA-1 speaks of the Villa's own foundation, so its power is asked about it before
    completion (the one exception the fix above keeps)."""
    from gtr_replay.game.state import Building
    replayer, snaps = replay_file("scriptorium-foundation.gtr")
    state = replayer.start.copy()
    villa = Building("Villa", Material.STONE)
    from gtr_replay.enums import Role
    assert rules.completes_now(state, 0, villa, "Sewer", Role.ARCHITECT)
    assert not rules.completes_now(state, 0, villa, "Sewer", Role.CRAFTSMAN)


def test_classic_tower_stolen_rubble_still_completes_rubble_site_foundations():
    """BC-TOWER-4, 001 Appendix, Tower: "If the Tower is stolen by an opponent's Prison,
    foundations built on Rubble Sites may still be completed with Rubble." """
    replayer, snaps = replay_file("classic-tower-stolen.gtr")
    assert not replayer.diagnostics, replayer.diagnostics
    catacomb = snaps[-1].state.player("Opp").building("Catacomb")
    assert catacomb.materials == ["Road"] and not catacomb.complete


def test_without_the_tower_rubble_still_does_not_fit_a_site_of_its_own_material():
    """R-BUILD-5: a material matches the foundation; the Site lends its material only to a
    foundation standing on a Site of another material (BC-TOWER-4, B-STATUE-2)."""
    replayer, _ = replay_file("classic-tower-stolen.gtr")
    state = replayer.start
    from gtr_replay.game.state import Building
    temple = Building("Temple", Material.MARBLE)
    assert not rules.material_fits(state, state.index("Opp"), temple, "Road")
    on_rubble = Building("Temple", Material.RUBBLE)
    assert rules.material_fits(state, state.index("Opp"), on_rubble, "Road")


def test_aqueduct_client_from_hand_may_come_before_the_pool_client():
    """B-AQUEDUCT-2, 000 Appendix I, Aqueduct: "Every time you perform the Patron action you may
    choose to take an additional card from your hand as a Client into your Clientele. You do
    not need to take a Client from the Pool in order to take this additional Client from your
    hand." No order is set between the two: hand first, then the Pool, in one action."""
    replayer, snaps = replay_file("aqueduct-hand-first.gtr")
    assert not replayer.diagnostics, replayer.diagnostics
    final = snaps[-1].state
    assert sorted(final.player("You").clientele) == ["Bath", "Villa"]
    assert final.turn == 2  # the one Patron action is spent: the turn is over


def test_aqueduct_gives_one_client_of_each_kind_per_action_not_more():
    """B-AQUEDUCT-2: one client from hand in addition, not one more for each hire."""
    text = (replay_file.__globals__["FIDELITY"] / "aqueduct-hand-first.gtr").read_text("utf-8")
    text = text.replace("hand You: Temple, Bath", "hand You: Temple, Bath, Gate")
    text += "  You hires Gate from hand\n"
    from tests.fidelity_helpers import replay_text
    replayer, snaps = replay_text(text)
    [diagnostic] = replayer.diagnostics
    assert diagnostic.line == text.splitlines().index("  You hires Gate from hand") + 1


def test_palisade_owner_may_give_part_of_the_demand():
    """B-PALISADE-1, 000 Appendix I, Palisade: "You don't lose cards to players executing
    Legionary actions. You may still choose to give up cards if you wish." Ben gives one of
    the two Brick demanded."""
    replayer, snaps = replay_file("palisade-partial-give.gtr")
    assert not replayer.diagnostics, replayer.diagnostics
    final = snaps[-1].state
    assert final.player("Ann").stockpile == ["Academy"]
    assert sorted(final.player("Ben").hand).count("School") == 1


def test_palisade_owner_may_give_all_or_nothing_too():
    """The same position: all that is due, or nothing ('Glory to Rome')."""
    from tests.fidelity_helpers import FIDELITY, replay_text
    text = (FIDELITY / "palisade-partial-give.gtr").read_text("utf-8")
    for answer, got in (("Ben gives Academy, School to Ann", ["Academy", "School"]), ("Ben: Glory to Rome", [])):
        replayer, snaps = replay_text(text.replace("Ben gives Academy to Ann", answer))
        assert not replayer.diagnostics, replayer.diagnostics
        assert sorted(snaps[-1].state.player("Ann").stockpile) == got


def test_a_woken_foundation_counts_as_owning_the_public_structure_name():
    """B-STAIRWAY-2, 000 Appendix I, Stairway: "Players that already own a Structure of the
    public Structure's name do not get a second copy of its Function." Ann's Temple
    foundation works through her Gate (B-GATE-1), so Ben's public Temple adds nothing:
    refill size 5 + 4 = 9 under the default reading of the public-copy ruling."""
    replayer, _ = replay_file("public-copy.gtr")
    assert not replayer.diagnostics
    assert rules.refill_size(replayer.start, 0) == 9
    assert rules.refill_size(replayer.start, 1) == 9  # Ben's own Temple, once
