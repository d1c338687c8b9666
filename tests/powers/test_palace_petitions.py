"""A Palace play of several cards with petitions among them (B-PALACE-1, B-CIRCUS-1, AMB-26),
on the position of tests/data/fidelity/palace-petitions.gtr, and the notation that says how
the cards group."""

import pytest

from gtr_replay.engine import Game
from gtr_replay.game import Follow
from tests.fidelity_helpers import FIDELITY, replay_text

PALACE = (FIDELITY / "palace-petitions.gtr").read_text("utf-8")
LEGIONARY_SIX = "Academy, Shrine, Bath, Gate, School, Atrium"


def test_with_a_palace_a_circus_pair_counts_as_one_card():
    """AMB-26, recommended reading: "with Palace, each petition group counts as one card".
    000 Palace: "execute one action for each card played". Ben follows Merchant with the
    Villa and the Circus's pair Academy + Shrine: two Merchant actions, two sales."""
    replayer, snaps = replay_text(PALACE)
    assert not replayer.diagnostics, replayer.diagnostics
    ben = snaps[-1].state.player("Ben")
    assert sorted(ben.vault) == ["Dock", "Road"]


def test_the_plain_form_reads_where_only_one_grouping_is_possible():
    """The two Legionary cards can only be one pair: 'Villa, Academy, Shrine' says the same."""
    replayer, snaps = replay_text(PALACE.replace("Villa, Academy + Shrine", "Villa, Academy, Shrine"))
    assert not replayer.diagnostics, replayer.diagnostics
    assert sorted(snaps[-1].state.player("Ben").vault) == ["Dock", "Road"]


def test_legal_lists_the_mixed_play_beside_its_parts():
    """`gtr legal` lists the Villa, the pair, and both together (B-PALACE-1, AMB-26)."""
    replayer, snaps = replay_text(PALACE)
    game = Game(snaps[0].state)  # after Ann's lead: Ben to follow
    follows = {d for d in game.legal() if isinstance(d, Follow)}
    assert {Follow("Ben", ("Villa",)), Follow("Ben", ("Academy", "Shrine")),
            Follow("Ben", ("Academy", "Shrine", "Villa"))} <= follows


def six_legionary(follow: str) -> str:
    text = PALACE.replace("hand Ben: Villa, Academy, Shrine, Bar", f"hand Ben: {LEGIONARY_SIX}")
    text = text.replace("stockpile Ben: Road, Dock", "stockpile Ben: Road, Dock, Insula")
    return text.replace("Ben follows with Villa, Academy + Shrine", f"Ben follows with {follow}")


def test_six_cards_that_make_two_or_three_petitions_must_say_which():
    """Six Legionary cards are three Circus pairs or two petitions of three (R-PET-2): the
    plain form cannot say how many Merchant actions they give, so it is refused, citing AMB-26
    and showing the grouped form."""
    text = six_legionary(LEGIONARY_SIX)
    replayer, _ = replay_text(text)
    first = replayer.diagnostics[0]
    assert first.line == text.splitlines().index(f"  Ben follows with {LEGIONARY_SIX}") + 1
    assert "AMB-26" in first.rule_ids and "'+'" in first.message
    assert any("Academy + " in legal for legal in first.legal)


@pytest.mark.parametrize("follow, sales", [
    ("Academy + Shrine, Bath + Gate, School + Atrium", 3),
    ("Academy + Shrine + Bath, Gate + School + Atrium", 2),
])
def test_the_grouped_form_says_how_many_petitions(follow, sales):
    """B-PALACE-1 with B-CIRCUS-1 and R-PET-2: three pairs are three cards, two petitions of
    three are two; the record writes which."""
    text = six_legionary(follow) + ("  Ben sells Insula\n" if sales == 3 else "")
    replayer, snaps = replay_text(text)
    assert not replayer.diagnostics, replayer.diagnostics
    assert len(snaps[-1].state.player("Ben").vault) == sales
    if sales == 2:  # and no third action
        replayer, _ = replay_text(text + "  Ben sells Insula\n")
        assert replayer.diagnostics and replayer.diagnostics[0].line == len(text.splitlines()) + 1


def test_without_a_palace_several_plays_are_refused():
    """R-TURN-1, R-PET-4: without a Palace a lead or follow is one play; writing two is refused."""
    text = PALACE.replace("  building Ben: Palace on Marble complete with Temple, Statue, Basilica\n", "")
    replayer, _ = replay_text(text)
    first = replayer.diagnostics[0]
    assert "B-PALACE-1" in first.rule_ids and "2 plays at once" in first.message
