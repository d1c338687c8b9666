"""Determinizations: what a seat has seen stays, everything else is dealt again."""

from __future__ import annotations

import random
from collections import Counter

import notation
import pytest

from gtr_replay.engine import Game
from gtr_replay.enums import JACK, MATERIALS
from gtr_replay.errors import UsageError
from gtr_replay.game.piles import is_unseen
from gtr_replay.game.state import GameState
from gtr_replay.play import determinize, unseen_by
from gtr_replay.play.analysis import positions
from gtr_replay.replay.viewpoint import as_seen_by
from gtr_replay.play.selfplay import play_one
from gtr_replay.vocabulary import card_vocabulary


def mid_game(decisions: int = 60) -> Game:
    game = Game.new("republic", ["Ann", "Ben", "Cid"], seed="knowledge")
    rng = random.Random(7)
    for _ in range(decisions):
        game.push(rng.choice(game.legal()))
    return game


def public(state: GameState) -> tuple:
    return (state.pool, state.jack_pile, [(p.camp, p.clientele, p.stockpile, p.buildings, p.influence)
                                          for p in state.players], len(state.deck))


def every_card(state: GameState) -> Counter:
    found = Counter(state.deck + state.pool)
    for p in state.players:
        found.update(p.hand + p.camp + p.clientele + p.stockpile + p.vault)
        for b in p.buildings:
            found.update([b.foundation, *b.materials])
    return found


def test_a_determinization_keeps_what_the_seat_sees_and_deals_the_rest_again():
    game = mid_game()
    seat = game.pending().player
    me = game.state.player(seat)
    worlds = [determinize(game, seat, random.Random(n)).state for n in range(8)]
    for world in worlds:
        assert world.player(seat).hand == me.hand and world.player(seat).vault == me.vault
        assert public(world) == public(game.state)
        assert every_card(world) == every_card(game.state)
        for before, after in zip(game.state.players, world.players):
            assert len(after.hand) == len(before.hand) and len(after.vault) == len(before.vault)
            assert after.hand.count(JACK) == before.hand.count(JACK)
        assert world.deck_known and world.unseen is None
    others = {tuple(tuple(p.hand) for p in w.players if p.name != seat) for w in worlds}
    assert len(others) > 1
    assert {tuple(w.deck) for w in worlds} != {tuple(game.state.deck)}
    assert game.state.player(seat).hand == me.hand  # the game itself is left as it was


def test_the_cards_a_seat_has_not_seen_are_the_others_hands_but_jacks_their_vaults_and_the_deck():
    game = mid_game()
    seat = game.pending().player
    state = game.state
    expected = Counter(state.deck)
    for p in state.players:
        if p.name != seat:
            expected.update([c for c in p.hand if c != JACK] + p.vault)
    assert Counter(unseen_by(game, seat)) == expected


@pytest.fixture(scope="module")
def seen_by_ann() -> notation.Record:
    played = play_one("republic", ["Ann", "Ben"], "knowledge-view")
    text = notation.write([played.record(draws=True)])
    return as_seen_by(notation.parse(text, vocabulary=card_vocabulary())[0], "Ann")


def test_a_one_seat_record_deals_its_unseen_cards_and_what_the_seat_cannot_see(seen_by_ann):
    position = positions(seen_by_ann, seat="Ann")[12]
    game = Game(GameState.from_dict(position.state))
    state = game.state
    assert state.unseen is not None and any(is_unseen(c) for c in state.player("Ben").hand)
    named = Counter(c for c in every_card(state).elements() if not is_unseen(c))
    for seed in range(4):
        world = determinize(game, "Ann", random.Random(seed)).state
        assert world.player("Ann").hand == state.player("Ann").hand
        assert public(world) == public(state)
        assert len(world.player("Ben").hand) == len(state.player("Ben").hand)
        assert not any(is_unseen(c) for c in every_card(world))
        assert every_card(world) == named + Counter(state.unseen)


def test_from_another_seat_the_recorders_own_hand_is_dealt_again(seen_by_ann):
    """A decision of Ben's where the record shows Ben's hand is judged from Ben's seat: Ann's
    hand, which the record names, is no more Ben's to see."""
    state = next(GameState.from_dict(p.state) for p in positions(seen_by_ann) if p.player == "Ben")
    game = Game(state)
    ann = [c for c in state.player("Ann").hand if c != JACK]
    assert ann
    hands = {tuple(sorted(determinize(game, "Ben", random.Random(n)).state.player("Ann").hand)) for n in range(6)}
    assert len(hands) > 1


def test_a_narrowed_unseen_card_is_dealt_only_a_card_it_may_be(seen_by_ann):
    position = positions(seen_by_ann, seat="Ann")[12]
    state = GameState.from_dict(position.state)
    game = Game(state)
    hand = state.player("Ben").hand
    n = next(k for k, c in enumerate(hand) if is_unseen(c))
    rubble = [c for c in state.unseen if str(game.card(c).material) == "Rubble"]
    assert rubble
    hand[n] = "?~" + ",".join(str(m) for m in MATERIALS if str(m) != "Rubble")
    for seed in range(6):
        world = determinize(game, "Ann", random.Random(seed)).state
        assert world.player("Ben").hand[n] in rubble


def test_a_seat_whose_hand_the_record_does_not_show_cannot_be_judged(seen_by_ann):
    position = positions(seen_by_ann, seat="Ann")[12]
    with pytest.raises(UsageError, match="does not show Ben's hand"):
        determinize_checked(Game(GameState.from_dict(position.state)), "Ben")


def determinize_checked(game: Game, seat: str):
    from gtr_replay.play.knowledge import check_seat

    check_seat(game, seat)


def test_a_record_from_one_seat_is_judged_where_it_shows_the_deciders_hand(seen_by_ann):
    found = positions(seen_by_ann)
    assert {p.player for p in found} == {"Ann", "Ben"}
    for p in found:  # the decisions of a player whose hand the record shows
        assert not any(is_unseen(c) for c in GameState.from_dict(p.state).player(p.player).hand)
    assert [p.index for p in positions(seen_by_ann, seat="Ben")] == [p.index for p in found if p.player == "Ben"]
    judged = {p.index for p in found}
    left_out = [n for n, step in enumerate(seen_by_ann.steps, 1) if step.statement.player == "Ben" and n not in judged]
    # counted, not dropped: each of Ben's decisions left out as his hand is not shown (the others
    # left out restate steps the engine made)
    assert set(found.unshown) == {"Ben"} and 0 < found.unshown["Ben"] <= len(left_out)
    assert positions(seen_by_ann, seat="Ann").unshown == {}
    said = []
    for at in left_out[:6]:
        with pytest.raises(UsageError) as refused:
            positions(seen_by_ann, at=at)
        said.append(str(refused.value))
    assert any("does not show Ben's hand" in words for words in said)
