"""Player programs as seats: ``gtr selfplay --seats`` and the library's ``play_one``."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from gtr_replay.cli import app
from gtr_replay.errors import UsageError
from gtr_replay.play import GreedyPlayer, RandomPlayer, SearchPlayer, player_named, seat_players
from gtr_replay.play.selfplay import play_one

runner = CliRunner()


def test_seat_lists_name_the_programs():
    assert player_named(" Bot:7 ").name == "bot:7"
    programs = seat_players("bot, bot:100, random", 3)
    assert [type(p) for p in programs] == [SearchPlayer, SearchPlayer, RandomPlayer]
    assert [p.name for p in programs] == ["bot:200", "bot:100", "random"]
    assert [p.name for p in seat_players("greedy", 2)] == ["greedy", "greedy"]


@pytest.mark.parametrize("text, words", [("bot, random", "names 2 program(s) for 3 players"),
                                         ("bot:0, random, random", "at least 1"),
                                         ("wizard, random, random", "no player program 'wizard'"),
                                         ("bot,, random", "empty entry")])
def test_a_wrong_seat_list_says_what_is_wrong(text, words):
    with pytest.raises(UsageError, match=words.replace("(", r"\(").replace(")", r"\)")):
        seat_players(text, 3)


def test_a_game_of_programs_is_the_same_from_the_same_seed_and_ends():
    first = play_one("republic", ["Ann", "Ben"], "seats-test", seats=[SearchPlayer(2, depth=2), RandomPlayer()])
    again = play_one("republic", ["Ann", "Ben"], "seats-test", seats=[SearchPlayer(2, depth=2), RandomPlayer()])
    assert first.decisions == again.decisions and first.result == again.result
    assert first.state.over


def test_random_seats_play_the_game_random_self_play_plays():
    assert play_one("classic", ["Ann", "Ben"], "seats-random", seats=[RandomPlayer(), RandomPlayer()]).decisions \
        == play_one("classic", ["Ann", "Ben"], "seats-random").decisions


def test_selfplay_seats_on_the_command_line(tmp_path):
    done = runner.invoke(app, ["selfplay", "--players", "2", "--games", "1", "--seats", "greedy, random", "--json"])
    assert done.exit_code == 0, done.output
    assert json.loads(done.stdout)["games"] == 1
    bad = runner.invoke(app, ["selfplay", "--players", "2", "--seats", "chess"])
    assert bad.exit_code == 2 and "no player program 'chess'" in bad.output
