"""`gtr check --lenient` goes on after a statement the rules refuse: the statement is skipped,
the replay resumes, and every later problem is reported, marked when it may follow from an
earlier one; a plain check still stops at the first problem of a record."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gtr_replay.data.cards import cards_for
from gtr_replay.cli import app
from gtr_replay.game.decisions import Gather, Hire, Lead
from gtr_replay.render.opening import open_record

runner = CliRunner()
EXAMPLE = Path(__file__).parents[2] / "examples" / "games" / "republic-3p.gtr"


def absent(state, *avoid: str) -> str:
    """A card of the game that is not in the pool now (so taking it from there is refused)."""
    return next(c for c in sorted(cards_for(state.ruleset).cards) if c not in state.pool and c not in avoid)


def moments(kind):
    timeline = open_record(EXAMPLE).timeline
    return timeline, [(n, m) for n, m in enumerate(timeline.main, 1) if isinstance(m.snapshot.decision, kind)
                      and not m.snapshot.forced]


def with_lines(changes: dict[int, str]) -> str:
    lines = EXAMPLE.read_text(encoding="utf-8").split("\n")
    for line, text in changes.items():
        lines[line - 1] = "  " + text
    return "\n".join(lines)


@pytest.fixture(scope="module")
def two_mistakes():
    """The example with two independent wrong moves: an early gather and a late hire, by two
    players, each of a card the pool does not hold (and not the same card)."""
    timeline, gathers = moments(Gather)
    _, hires = moments(Hire)
    n, gather = gathers[0]
    m, hire = next((m, h) for m, h in reversed(hires) if h.snapshot.player != gather.snapshot.player)
    first = absent(timeline.state(n - 1))
    second = absent(timeline.state(m - 1), first)
    return with_lines({gather.snapshot.line: f"{gather.snapshot.player} gathers {first}",
                       hire.snapshot.line: f"{hire.snapshot.player} hires {second}"}), gather.snapshot.line, hire.snapshot.line


def check(tmp_path, text, *more):
    path = tmp_path / "game.gtr"
    path.write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["check", str(path), *more, "--json"])
    assert result.exit_code == 1, result.output
    return json.loads(result.stdout)["problems"]


def test_lenient_check_reports_two_independent_wrong_moves(tmp_path, two_mistakes):
    text, first, second = two_mistakes
    problems = check(tmp_path, text, "--lenient")
    lines = [p["line"] for p in problems]
    assert first in lines and second in lines
    by_line = {p["line"]: p for p in problems}
    assert by_line[first]["may_follow_from_line"] is None
    assert by_line[second]["may_follow_from_line"] is None  # another player, another card, turns later
    assert "no " in by_line[first]["message"] and "in the pool" in by_line[second]["message"]
    assert not any("were not replayed" in p["message"] for p in problems)  # the replay went to the end
    text_report = runner.invoke(app, ["check", str(tmp_path / "game.gtr"), "--lenient"])
    assert f":{first}:" in text_report.stderr and f":{second}:" in text_report.stderr


def test_a_plain_check_stops_at_the_first(tmp_path, two_mistakes):
    text, first, second = two_mistakes
    problems = check(tmp_path, text)
    assert [p["line"] for p in problems] == [first]


def test_a_problem_that_may_follow_from_an_earlier_one_says_so(tmp_path):
    """A lead with a card its player does not hold: skipped, stood in for by a lead of the same
    role, so the followers read; the leader's later use of the card is marked as following."""
    timeline, leads = moments(Lead)
    n, lead = next((n, m) for n, m in leads if len(m.snapshot.decision.cards) == 1
                   and m.snapshot.decision.cards[0] != "Jack")
    card = lead.snapshot.decision.cards[0]
    state = timeline.state(n - 1)
    other = next(c for c in sorted(cards_for(state.ruleset).cards)
                 if c not in state.player(lead.snapshot.player).hand
                 and cards_for(state.ruleset).cards[c].role == cards_for(state.ruleset).cards[card].role)
    text = lead.snapshot.text.replace(card, other)
    problems = check(tmp_path, with_lines({lead.snapshot.line: text}), "--lenient")
    assert problems[0]["line"] == lead.snapshot.line and problems[0]["may_follow_from_line"] is None
    for later in problems[1:]:
        assert later["may_follow_from_line"] is not None, later
    summary = runner.invoke(app, ["check", str(tmp_path / "game.gtr"), "--lenient"]).stdout
    if len(problems) > 1:
        assert "of which may follow from an earlier one" in " ".join(summary.split())


def test_the_views_still_stop_at_a_refused_statement(tmp_path, two_mistakes):
    text, first, second = two_mistakes
    path = tmp_path / "game.gtr"
    path.write_text(text, encoding="utf-8")
    opened = open_record(path)
    assert opened.timeline.refused is not None and opened.timeline.refused.snapshot.line == first
