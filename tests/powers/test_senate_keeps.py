"""Whose Jack a Senate keeps (B-SENATE-1, B-SENATE-3), on the position of
tests/data/fidelity/senate-whose-jack.gtr, and the notation that names the opponent."""

from gtr_replay.engine import Game
from gtr_replay.game.decisions import Keep
from gtr_replay.enums import JACK
from tests.fidelity_helpers import FIDELITY, replay_text

SENATE = (FIDELITY / "senate-whose-jack.gtr").read_text("utf-8")


def test_a_senate_owner_names_whose_jack_he_keeps():
    """B-SENATE-1, 000 Appendix I, Senate: "you may take into your hand any Jacks played by
    opponents. You may choose to take none, some, or all of these Jacks." Ben keeps Cid's Jack;
    Cid then keeps Ann's, and Ben's own goes back to the Jack pile (R-JACK-2)."""
    replayer, snaps = replay_text(SENATE)
    assert not replayer.diagnostics, replayer.diagnostics
    final = snaps[-1].state
    assert [p.hand.count(JACK) for p in final.players] == [0, 1, 1]
    assert final.jack_pile == 2 and final.turn == 2
    moves = [e.text for s in snaps[-2:] for e in s.events if e.kind == "move" and e.card == JACK]
    assert moves[:2] == ["played by Cid", "played by Ann"]


def test_legal_lists_each_choice_of_whose_jack():
    """`gtr legal`: Ben may keep Ann's Jack, Cid's Jack, or both."""
    replayer, snaps = replay_text(SENATE)
    game = Game(snaps[2].state)  # after the follows: Ben's keep
    keeps = {d for d in game.legal() if isinstance(d, Keep)}
    assert keeps == {Keep("Ben", (JACK,), ("Ann",)), Keep("Ben", (JACK,), ("Cid",)), Keep("Ben", (JACK, JACK))}


def test_one_jack_of_two_opponents_must_say_whose():
    """B-SENATE-1: with Ann's and Cid's Jacks to choose from, 'Ben keeps Jack' does not say
    which Ben took, and the other Senate's owner's choice depends on it."""
    text = SENATE.replace("  Ben keeps Cid's Jack\n", "  Ben keeps Jack\n")
    replayer, _ = replay_text(text)
    first = replayer.diagnostics[0]
    assert first.line == text.splitlines().index("  Ben keeps Jack") + 1
    assert first.rule_ids[0] == "B-SENATE-1" and "say whose" in first.message
    assert "Ben keeps Ann's Jack" in first.hint


def test_the_plain_form_stays_where_only_one_jack_is_possible():
    """B-SENATE-1: keeping every Jack there is, or the Jacks of one opponent only, needs no
    name (EX-BB-SENATE-1 writes 'You keeps Jack, Jack')."""
    text = SENATE.replace("  Ben keeps Cid's Jack\n  Cid keeps Ann's Jack\n", "  Ben keeps Jack, Jack\n  Cid keeps Jack\n")
    replayer, snaps = replay_text(text)
    assert not replayer.diagnostics, replayer.diagnostics
    assert [p.hand.count(JACK) for p in snaps[-1].state.players] == [0, 2, 1]


def test_a_jack_named_for_an_opponent_without_one_is_refused():
    """B-SENATE-1: only the Jacks an opponent played that turn."""
    text = SENATE.replace("  Cid keeps Ann's Jack\n", "  Cid keeps Cid's Jack\n")
    replayer, _ = replay_text(text)
    assert replayer.diagnostics[0].rule_ids[0] == "B-SENATE-1"
    assert "own Jack is not an opponent's" in replayer.diagnostics[0].message


ONE_SENATE = SENATE.replace("  building Cid: Senate on Concrete complete with Bridge, Aqueduct\n", "")


def test_with_one_senate_a_jack_kept_need_not_say_whose():
    """B-SENATE-1: "you may take into your hand any Jacks played by opponents". With no other
    Senate to keep after him, which of Ann's and Cid's Jacks Ben takes leaves nobody another
    choice: 'Ben keeps Jack' is enough, and the legal keeps are counted, not named."""
    text = ONE_SENATE.replace("  Ben keeps Cid's Jack\n  Cid keeps Ann's Jack\n", "  Ben keeps Jack\n")
    replayer, snaps = replay_text(text)
    assert not replayer.diagnostics, replayer.diagnostics
    final = snaps[-1].state
    assert [p.hand.count(JACK) for p in final.players] == [0, 1, 0]
    assert final.jack_pile == 3 and final.turn == 2
    game = Game(snaps[2].state)  # after the follows: Ben's keep
    keeps = {d for d in game.legal() if isinstance(d, Keep)}
    assert keeps == {Keep("Ben", (JACK,)), Keep("Ben", (JACK, JACK))}


def test_with_one_senate_a_named_jack_is_still_read():
    """B-SENATE-1: naming the opponent stays correct where it is not needed."""
    text = ONE_SENATE.replace("  Cid keeps Ann's Jack\n", "")
    replayer, snaps = replay_text(text)
    assert not replayer.diagnostics, replayer.diagnostics
    assert [p.hand.count(JACK) for p in snaps[-1].state.players] == [0, 1, 0]


def test_more_jacks_than_opponents_played_are_refused():
    """B-SENATE-1: only the Jacks opponents played that turn; a keep of more is refused in
    words, named or not."""
    for keep in ("Ben keeps Jack, Jack, Jack", "Ben keeps Ann's Jack, Jack, Jack"):
        text = SENATE.replace("  Ben keeps Cid's Jack\n", f"  {keep}\n")
        replayer, _ = replay_text(text)
        first = replayer.diagnostics[0]
        assert first.line == text.splitlines().index(f"  {keep}") + 1
        assert first.rule_ids[0] == "B-SENATE-1" and "opponents played 2 this turn" in first.message
