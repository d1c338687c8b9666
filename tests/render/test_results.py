"""The result wherever it is shown: a tie for most points with its tie-break and the reason
(R-SCORE-3, AMB-08) in ``show``, ``replay``, the page and ``--json``; ``gtr diff`` naming each
reading's winners; and no winner while the game goes on."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gtr_replay.cli import app
from gtr_replay.engine import Game
from gtr_replay.render.model import result_words
from gtr_replay.render.opening import open_record

runner = CliRunner()
EXAMPLE = Path(__file__).parents[2] / "examples" / "games" / "republic-3p.gtr"
"""An example game that ends in a tie for most points."""


def run(*args):
    return runner.invoke(app, [str(a) for a in args], env={"COLUMNS": "200"})


@pytest.fixture(scope="module")
def tied():
    """The example's final result, read from its replay."""
    timeline = open_record(EXAMPLE).timeline
    final = timeline.state(len(timeline))
    found = Game(final).result()
    assert found.tie_break is not None, "the example no longer ends in a tie"
    return final, found


def test_a_tie_is_broken_on_cards_in_hand_and_says_so(tied):
    final, found = tied
    tie = found.tie_break
    totals = {s.player: s.total for s in found.scores}
    assert len(tie.tied) > 1 and {totals[p] for p in tie.tied} == {tie.points} == {max(totals.values())}
    assert dict(tie.counts) == {p: len(final.player(p).hand) for p in tie.tied}  # Jacks count (AMB-08 default)
    most = max(n for _, n in tie.counts)
    assert found.winners == tie.winners == tuple(p for p, n in tie.counts if n == most)
    counts = ", ".join(f"{p} {n}" for p, n in tie.counts)
    assert tie.text == f"tie at {tie.points}: {tie.winners[0]} wins on cards in hand ({counts})"
    assert tie.ruling == "final-tie=hand-then-shared" and "R-SCORE-3" in tie.rule_ids


def test_an_unfinished_game_has_no_winner_yet():
    timeline = open_record(EXAMPLE).timeline
    early = Game(timeline.state(1)).result()
    assert early.winners == () and not early.over and early.tie_break is None
    assert len(early.scores) == len(timeline.start.players)


def test_show_replay_and_their_json_give_the_tie_break(tied):
    _, found = tied
    text = found.tie_break.text
    shown = run("show", EXAMPLE)
    assert shown.exit_code == 0 and result_words(found) in shown.stdout and text in shown.stdout
    narrated = run("replay", EXAMPLE, "--no-step")
    assert narrated.exit_code == 0 and text in narrated.stdout
    for command in ("show", "replay"):
        data = json.loads(run(command, EXAMPLE, "--json").stdout)
        outcome = data["state"]["outcome"] if command == "show" else data["outcome"]
        assert outcome["tie_break"]["text"] == text and outcome["winners"] == list(found.winners)
        assert outcome["tie_break"]["counts"] == dict(found.tie_break.counts)


def test_the_page_puts_the_result_with_its_tie_break_in_its_data(tied, tmp_path):
    _, found = tied
    out = tmp_path / "game.html"
    assert run("view", EXAMPLE, "-o", out).exit_code == 0
    data = json.loads(re.search(r'<script id="game" type="application/json">(.*?)</script>',
                                out.read_text(encoding="utf-8"), re.S).group(1))
    end = data["views"][0]["states"][str(data["positions"][-1])]
    assert end["outcome"]["tie_break"]["text"] == found.tie_break.text


def test_diff_names_each_readings_winners(tied):
    _, found = tied
    result = run("diff", EXAMPLE, "--against", "final-tie=orders-then-shared")
    lines = {line[:2]: line for line in result.stdout.splitlines() if line.startswith(("A:", "B:"))}
    winners = " and ".join(found.winners)
    assert f"{winners} win" in lines["A:"] and found.tie_break.text in lines["A:"]
    assert "Order cards in hand, Jacks not counted" in lines["B:"] and " win" in lines["B:"]
    data = json.loads(run("diff", EXAMPLE, "--against", "final-tie=orders-then-shared", "--json").stdout)
    assert data["a"]["winners"] == list(found.winners) and data["b"]["winners"]
    assert data["a"]["tie_break"] == found.tie_break.text
