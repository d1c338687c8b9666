"""The judge never peeks: from a seat, the judgement is the same whatever the cards the seat
never saw hold (another player's hand and vault, the deck), and the same for every worker
count and every run with one seed and budget."""

from __future__ import annotations

import json
from collections import Counter

from typer.testing import CliRunner

from gtr_replay.cli import app
from gtr_replay.play.analysis import judge, positions

from gtr_replay.play.knowledge import choices

from tests.play.positions import bar, decision_at, forum_romanum, record_of

runner = CliRunner()

MISSED = "You lays Basilica on Marble"
"""The decision judged: not the win, so the playouts go on and meet the hidden cards."""

SEEN_BY_YOU = forum_romanum(action=MISSED)
"""Left holds Basilica (after following with Dock), has a Temple in the vault; the deck is six Latrines."""

SWAPPED = forum_romanum(action=MISSED, left="Dock, Latrine", vault="Latrine",
                        deck="Latrine, Latrine, Basilica, Latrine, Temple, Latrine")
"""The same cards You never saw, elsewhere: Left holds a Latrine, the vault a Latrine, and the
Basilica and Temple are in the deck."""


def analysed(tmp_path, text: str, *extra: str) -> list[dict]:
    path = tmp_path / f"game{len(list(tmp_path.iterdir()))}.gtr"
    path.write_text(text, encoding="utf-8")
    done = runner.invoke(app, ["analyse", str(path), "--budget", "12", "--seed", "3", "--json", *extra])
    assert done.exit_code == 0, done.output
    return json.loads(done.stdout)["judgements"]


def hidden_from_you(text: str) -> Counter:
    state = judge_state(text)
    left = state.player("Left")
    return Counter(left.hand + left.vault + state.deck)


def judge_state(text: str):
    from gtr_replay.game.state import GameState

    return GameState.from_dict(positions(record_of(text), at=3)[0].state)


def test_the_swapped_record_hides_the_same_cards_elsewhere():
    assert hidden_from_you(SEEN_BY_YOU) == hidden_from_you(SWAPPED)
    assert judge_state(SEEN_BY_YOU).player("Left").hand != judge_state(SWAPPED).player("Left").hand
    assert judge_state(SEEN_BY_YOU).deck != judge_state(SWAPPED).deck


def test_the_judgement_is_the_same_whatever_the_cards_the_seat_never_saw(tmp_path):
    first = analysed(tmp_path, SEEN_BY_YOU, "--at", "3")
    assert first[0]["chance_played"] is not None and 0 < first[0]["chance_played"] < 1
    assert analysed(tmp_path, SWAPPED, "--at", "3") == first


def test_the_judgement_changes_with_what_the_seat_sees(tmp_path):
    """The comparison above can fail: a card You sees (Left's vault is hidden, a Left
    stockpile is not) changes the judgement."""
    seen = forum_romanum(action=MISSED).replace("  vault Left: Temple\n", "  vault Left: Temple\n  stockpile Left: Road\n")
    assert analysed(tmp_path, seen, "--at", "3") != analysed(tmp_path, SEEN_BY_YOU, "--at", "3")


def test_same_seed_and_budget_give_the_same_judgements_with_or_without_workers(tmp_path):
    alone = analysed(tmp_path, SEEN_BY_YOU)
    assert analysed(tmp_path, SEEN_BY_YOU) == alone
    assert analysed(tmp_path, SEEN_BY_YOU, "--workers", "2") == alone


def test_another_seed_draws_other_playouts():
    position = positions(record_of(SEEN_BY_YOU), at=3)[0]
    chances = {judge(position, budget=12, seed=seed).chance_played for seed in ("1", "2", "3")}
    assert len(chances) > 1


def test_a_choice_to_take_the_decks_top_card_is_one_choice_that_names_no_card(tmp_path):
    """B-BAR-1: hiring the deck's top card is one choice whatever the card; the judgement of
    the hire from the Pool is the same whichever card is on top."""
    game, seat, _ = decision_at(bar(), 3)
    grouped = choices(game.legal())
    assert ("Hire", "Ann", "deck") in grouped and len(grouped) == 3
    first = analysed(tmp_path, bar(), "--at", "3")
    assert analysed(tmp_path, bar("Wall, Road, Latrine, Latrine, Temple, Insula"), "--at", "3") == first
    assert "Road" not in json.dumps(first) and "Wall" not in json.dumps(first)
