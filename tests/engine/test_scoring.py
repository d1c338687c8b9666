"""Final scoring: Influence, vault values, Merchant bonuses, and the hand-size tie-break
(R-SCORE-2, R-SCORE-3, R-MER-2, R-VAULT-3, AMB-08, AMB-40)."""

from gtr_replay.game import PlayerState
from gtr_replay.engine.scoring import merchant_bonuses, result
from gtr_replay.enums import JACK, Material


def table(position, **kw):
    """Ann: Influence 5, two Stone in the vault. Bob: Influence 2, Marble and Rubble in the
    vault. Cat: Influence 6, one Marble. Nobody vaulted Wood."""
    return position(
        PlayerState("Ann", influence=[Material.STONE], vault=["Villa", "Garden"]),
        PlayerState("Bob", vault=["Temple", "Road"]),
        PlayerState("Cat", influence=[Material.MARBLE, Material.WOOD], vault=["Statue"]), **kw)


def test_points_are_influence_vault_values_and_bonuses_R_SCORE_2_R_VAULT_3(position):
    outcome = result(table(position))
    ann, bob, cat = (outcome.score(name) for name in ("Ann", "Bob", "Cat"))
    assert (ann.influence, ann.vault, ann.bonuses, ann.total) == (5, 6, (Material.STONE,), 14)
    assert (bob.influence, bob.vault, bob.bonuses, bob.total) == (2, 4, (Material.RUBBLE,), 9)
    assert (cat.influence, cat.vault, cat.bonuses, cat.total) == (6, 3, (), 9)
    assert outcome.winners == ("Ann",) and outcome.counted


def test_a_tied_merchant_bonus_goes_to_nobody_R_MER_2(position):
    awarded = merchant_bonuses(table(position))
    assert Material.MARBLE not in awarded  # Bob and Cat have one Marble each


def test_the_merchant_bonus_goes_to_the_most_not_to_every_holder_R_MER_2(position):
    """Two Marble beat one: the bonus is the single most's, however many others hold some."""
    state = position(PlayerState("Ann", vault=["Temple", "Statue"]), PlayerState("Bob", vault=["Temple"]),
                     PlayerState("Cat", vault=["Road", "Road", "Road"]))
    assert merchant_bonuses(state) == {Material.MARBLE: [0], Material.RUBBLE: [2]}
    assert result(state).score("Ann").bonuses == (Material.MARBLE,) and result(state).score("Bob").bonuses == ()


def test_no_merchant_bonus_at_zero_AMB_40(position):
    awarded = merchant_bonuses(table(position))
    assert set(awarded) == {Material.STONE, Material.RUBBLE}  # no Wood, Brick or Concrete anywhere


def tied(position, ann_hand, bob_hand, **kw):
    return position(PlayerState("Ann", hand=ann_hand, vault=["Road"]),
                    PlayerState("Bob", hand=bob_hand, vault=["Dock"]), **kw)


def test_points_tie_goes_to_most_cards_in_hand_jacks_included_R_SCORE_3_AMB_08(position):
    state = tied(position, ["Road", "Road"], ["Road", JACK, JACK])
    assert result(state).score("Ann").total == result(state).score("Bob").total == 6
    assert result(state).winners == ("Bob",)


def test_a_tie_after_the_hand_count_is_shared_AMB_08(position):
    assert result(tied(position, ["Road", JACK], ["Dock", "Bath"])).winners == ("Ann", "Bob")
