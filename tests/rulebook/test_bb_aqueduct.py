"""The Aqueduct's worked examples (B-AQUEDUCT-1, B-AQUEDUCT-2)."""

from rulebook_helpers import play, player

from gtr_replay.engine import rules


def test_ex_bb_aqueduct_2():
    """Patron from hand: the lead takes the Pool's Merchant and a Legionary from hand, the
    Patron client takes the other Legionary from hand with the Pool empty (R-PATRON-3);
    none of the three new clients acts this turn (R-ACT-2)."""
    game = play("EX-BB-AQUEDUCT-2")
    you_before = player(game.start, "You")
    assert rules.clientele_limit(game.start, 0) == 8 >= 4  # (2 + 2) x 2 with the Aqueduct alone

    after_pool_and_hand = game.after("You hires Bath from hand")
    assert after_pool_and_hand.pool == []  # the one Pool card is taken before the client acts
    last = game.after("You hires Gate from hand")
    you = player(last, "You")
    assert sorted(rules.role_of(last, c) for c in you.clientele) == sorted(
        ["Patron", "Merchant", "Legionary", "Legionary"])
    assert len(you.clientele) == 4
    assert len(you.hand) == len(you_before.hand) - 3
    assert last.pool == ["Temple"]  # after cleanup: the Patron card led
    assert last.turn == 2  # the turn ended: none of the new clients gave an action (R-ACT-2)
