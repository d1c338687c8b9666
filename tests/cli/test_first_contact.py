"""What a new user trips on first: refusals that count the copies named against those held
and stay one line, a stray word read as the unknown player it is, ``check --lenient`` going on
past a line that does not read, a legend for narrowed unseen cards, numbers that agree with
their nouns, and layouts that fit the terminal."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gtr_replay.cli import app
from gtr_replay.game.piles import not_held

runner = CliRunner()
TABLE = Path(__file__).parents[2] / "examples" / "table" / "republic-2p-ann.gtr"
FIRST = "  Ann leads Laborer with Storeroom, Tower"  # Ann holds Foundry, Storeroom, Market, Tribunal, Tower


def _with(tmp_path, old: str, new: str) -> Path:
    text = TABLE.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "game.gtr"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def test_cards_named_beyond_the_copies_held_are_counted():
    hand = ["Crane", "Crane", "Dock"]
    assert not_held(hand, ("Crane", "Crane"), "Ann's hand") is None
    assert not_held(hand, ("Crane",) * 3, "Ann's hand") == "3 Crane named, Ann's hand holds 2"
    assert not_held(hand, ("Wall",), "Ann's hand") == "Wall not in Ann's hand"
    many = not_held(hand, tuple(f"Card{n}" for n in range(20)), "Ann's hand")
    assert many.endswith("and 14 more not in Ann's hand")


def test_a_play_of_more_copies_than_held_says_how_many_are_held(tmp_path):
    path = _with(tmp_path, FIRST, "  Ann leads Laborer with Storeroom, Storeroom, Tower")
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 1
    assert "Ann cannot lead: 2 Storeroom named, Ann's hand holds 1 (R-TURN-1, R-TURN-2)" in result.output


def test_a_line_of_six_hundred_cards_gives_a_report_of_short_lines(tmp_path):
    path = _with(tmp_path, FIRST, "  Ann leads Laborer with " + ", ".join(["Storeroom"] * 600))
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 1 and "600 Storeroom named, Ann's hand holds 1" in result.output
    assert max(len(line) for line in result.output.splitlines()) < 400


def test_a_statement_line_of_one_unknown_word_names_the_unknown_player(tmp_path):
    path = _with(tmp_path, FIRST, "  xyz")
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 1 and "unknown player 'xyz'" in result.output
    assert "ends too soon" not in result.output


def test_check_lenient_skips_a_line_that_does_not_read_and_goes_on(tmp_path):
    text = TABLE.read_text(encoding="utf-8")
    later = "  Ben leads Laborer with Bar, Latrine"  # a statement far into the game
    assert later in text
    path = tmp_path / "typo.gtr"
    path.write_text(text.replace(FIRST, "  Ann leeds Laborer with Storeroom, Tower", 1)
                    .replace(later, "  Ben leads Laborer with Bar, Latrine, Palace", 1), encoding="utf-8")
    strict = runner.invoke(app, ["check", str(path)])
    assert strict.exit_code == 1 and "0 records" in strict.stdout  # the typo hides the rest
    lenient = runner.invoke(app, ["check", "--lenient", str(path)])
    assert lenient.exit_code == 1
    said = lenient.output
    assert "unexpected 'leeds'" in said and "skipped (--lenient)" in said
    assert "1 record," in lenient.stdout and re.search(r"1 record, \d+ statements", lenient.stdout)
    assert "Ben leads Laborer with Bar, Latrine, Palace" in said  # a rules problem past the typo, found
    assert "may follow from the problem at line" in said


def test_show_gives_a_legend_for_an_unseen_card_narrowed_by_a_glory_to_rome(tmp_path):
    path = tmp_path / "glory.gtr"
    path.write_text('[Game "Glory to Rome"]\n[Ruleset "republic"]\n[Players "Ann, Ben"]\n\nsetup\n'
                    "  pool: Ann Academy, Ben Statue\n  hand Ann: Statue, Temple, Road, Bath, Atrium\n\n"
                    "turn 1 Ann\n  Ann leads Legionary with Atrium\n  Ben thinks: draw [?]\n"
                    "  Ann demands Brick showing Bath\n  Ann takes Academy from pool\n  Ben: Glory to Rome\n",
                    encoding="utf-8")
    result = runner.invoke(app, ["show", str(path)], env={"COLUMNS": "100"})
    assert result.exit_code == 0, result.output
    assert "?~Brick" in result.output
    assert "?~Brick: a card not seen, known not to be a Brick card" in result.output
    plain = runner.invoke(app, ["show", str(TABLE)], env={"COLUMNS": "100"})
    assert "known not to be" not in plain.stdout  # no narrowed card, no legend


def test_numbers_agree_with_their_nouns(tmp_path):
    played = runner.invoke(app, ["selfplay", "--games", "1", "--players", "2", "--seed", "3",
                                 "--out", str(tmp_path / "one.gtr")])
    assert played.exit_code == 0, played.output
    assert "self-play: 1 game, 2 players" in played.stdout and "\n1 game, " in played.stdout
    assert "wrote 1 record to" in played.stdout
    checked = runner.invoke(app, ["check", str(tmp_path / "one.gtr")])
    assert checked.stdout.startswith("1 file, 1 record, ")
    assert not re.search(r"\b1 (games|files|records|statements|lines)\b", played.stdout + checked.stdout)


def test_the_selfplay_title_stays_on_one_line_on_a_narrow_terminal():
    played = runner.invoke(app, ["selfplay", "--games", "2", "--seed", "3", "--expansion", "geek"],
                           env={"COLUMNS": "100"})
    assert played.exit_code == 0, played.output
    assert "self-play: 2 games, 3 players, republic, expansion geek, seed 3\n" in played.stdout


@pytest.mark.parametrize("columns", [60, 80])
def test_rulings_on_a_narrow_terminal_are_a_list_within_its_width(columns):
    from gtr_replay.data.rulings import RULINGS

    result = runner.invoke(app, ["rulings"], env={"COLUMNS": str(columns)})
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert max(len(line) for line in lines) <= columns
    assert not any(c in result.stdout for c in "┃│")  # no table squeezed into the width
    for ruling in RULINGS:
        assert any(line.startswith(f"{ruling.name} ({ruling.amb}): ") for line in lines)
        for reading in ruling.readings:
            assert any(line.startswith(f"    {reading.name}") for line in lines)


def test_rulings_on_a_wide_terminal_are_a_table():
    result = runner.invoke(app, ["rulings"], env={"COLUMNS": "200"})
    assert "┃ ruling" in result.output
