"""Options a command cannot act on are refused in words before any work or any file: ``diff``
with no readings to compare (and a record that does not read to its end reported as ``check``
reports it), ``analyse --turn`` out of the record, ``selfplay --games 0``, ``extract`` of a card
or an end reason no game has, and ``query ""``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gtr_replay.cli import app

runner = CliRunner()
EXAMPLE = Path(__file__).parents[2] / "examples" / "games" / "classic-2p.gtr"
TURNS = 76
"""The turns of ``EXAMPLE``: 1 to 76."""


def _usage_error(result, words: str) -> str:
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    said = " ".join(result.stderr.split())
    assert words in said, said
    return said


@pytest.fixture
def unread_end(tmp_path) -> Path:
    """The example with a line at its end that does not read (a typo: 'wiht')."""
    path = tmp_path / "typo.gtr"
    path.write_text(EXAMPLE.read_text(encoding="utf-8") + "  Ann leads Laborer wiht\n", encoding="utf-8")
    return path


def test_diff_reports_a_line_that_does_not_read_as_check_does(unread_end):
    checked = runner.invoke(app, ["check", str(unread_end)])
    assert checked.exit_code == 1
    where = next(line for line in checked.stderr.splitlines() if line.startswith(f"{unread_end}:"))
    assert "unexpected 'wiht'" in where
    result = runner.invoke(app, ["diff", str(unread_end), "--against", "deck-end=empty-draw"])
    assert result.exit_code == 1, result.output
    assert where in result.stderr.splitlines()
    assert "agree on every statement of the record" not in result.stdout
    assert "agree on every statement read, up to the line that does not read" in result.stdout
    as_json = runner.invoke(app, ["diff", str(unread_end), "--against", "deck-end=empty-draw", "--json"])
    assert as_json.exit_code == 1
    assert json.loads(as_json.stdout)["problems"][0].startswith(where)


def test_diff_names_the_line_that_does_not_read_in_its_output_too(tmp_path):
    """A record cut mid-line (no end of line): the summary on stdout names the line, in the
    first line of check's report, not only the replay's "the record ends before the game does"."""
    lines = EXAMPLE.read_text(encoding="utf-8").splitlines()
    cut = tmp_path / "cut.gtr"
    cut.write_text("\n".join(lines[:lines.index("turn 2 Ben")]) + "\n\nturn 2 Ben\n  Ben leads Laborer wit",
                   encoding="utf-8")
    checked = runner.invoke(app, ["check", str(cut)])
    where = next(line for line in checked.stderr.splitlines() if line.startswith(f"{cut}:"))
    assert "unexpected 'wit'" in where
    result = runner.invoke(app, ["diff", str(cut), "--against", "deck-end=empty-draw"])
    assert result.exit_code == 1, result.output
    said = " ".join(result.stdout.split())
    assert f"agree on every statement read, up to the line that does not read: {where}" in said
    assert where in result.stderr.splitlines()


def test_diff_of_a_whole_record_whose_readings_agree_exits_0():
    result = runner.invoke(app, ["diff", str(EXAMPLE), "--against", "deck-end=empty-draw", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["problems"] == []


@pytest.mark.parametrize("against", ["", "  "])
def test_diff_against_no_readings_is_a_usage_error(against):
    _usage_error(runner.invoke(app, ["diff", str(EXAMPLE), "--against", against]), "--against names no readings")


@pytest.mark.parametrize("turn", [TURNS + 1, 999, 0, -3])
def test_analyse_of_a_turn_the_record_does_not_have_is_refused_as_show_refuses_it(tmp_path, turn):
    out = tmp_path / "judged.gtr"
    words = f"--turn {turn} is out of range: the record has turns 1 to {TURNS}"
    _usage_error(runner.invoke(app, ["show", str(EXAMPLE), "--turn", str(turn)]), words)
    _usage_error(runner.invoke(app, ["analyse", str(EXAMPLE), "--turn", str(turn), "--budget", "1",
                                     "-o", str(out)]), words)
    assert not out.exists()


def test_analyse_of_a_turn_of_the_record_judges_it(tmp_path):
    result = runner.invoke(app, ["analyse", str(EXAMPLE), "--turn", str(TURNS), "--budget", "1", "--json"])
    assert result.exit_code == 0, result.output
    assert {j["turn"] for j in json.loads(result.stdout)["judgements"]} == {TURNS}


@pytest.mark.parametrize("games", ["0", "-2"])
def test_selfplay_of_no_games_is_refused_and_writes_no_file(tmp_path, games):
    out = tmp_path / "zero.gtr"
    _usage_error(runner.invoke(app, ["selfplay", "--games", games, "--out", str(out)]),
                 f"--games {games}: give the number of games to play, 1 or more")
    assert not out.exists()


@pytest.mark.parametrize("option, words", [
    (["--completed", "Foo"], "--completed Foo: unknown card 'Foo': no ruleset has such a card"),
    (["--completed", "Forun"], "did you mean 'Forum'"),
    (["--completed", "Circ"], "--completed Circ: ambiguous card 'Circ'"),
    (["--completed", "Jack"], "--completed Jack: not a building"),
    (["--end-reason", "bogus"], "--end-reason bogus: no game ends so"),
    (["--end-reason", "win:Foo"], "--end-reason win:Foo: unknown card 'Foo'"),
])
def test_extract_of_a_card_or_an_end_reason_no_game_has_is_refused_and_writes_no_file(tmp_path, option, words):
    out = tmp_path / "picked.gtr"
    said = _usage_error(runner.invoke(app, ["extract", str(EXAMPLE), *option, "-o", str(out)]), words)
    if option[1] == "bogus":
        assert "deck, last-site, all-sites, catacomb" in said and "win:BUILDING" in said
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_extract_reads_a_card_and_an_end_reason_as_a_record_spells_them(tmp_path):
    """Any case, as the notation reads a card: the same records as the exact spelling."""
    written = {}
    for name, option in (("exact", ["--completed", "Catacomb", "--end-reason", "catacomb"]),
                         ("loose", ["--completed", "catacomb", "--end-reason", "Catacomb"])):
        out = tmp_path / f"{name}.gtr"
        result = runner.invoke(app, ["extract", str(EXAMPLE), *option, "-o", str(out)])
        assert result.exit_code == 0, result.output
        written[name] = out.read_text(encoding="utf-8")
    assert written["exact"] == written["loose"] == EXAMPLE.read_text(encoding="utf-8")


@pytest.mark.parametrize("sql", ["", "   "])
def test_an_empty_query_is_no_query(tmp_path, sql):
    db = tmp_path / "games.db"
    assert runner.invoke(app, ["import", str(EXAMPLE), "--db", str(db)]).exit_code == 0
    none = runner.invoke(app, ["query", "--db", str(db)])
    said = _usage_error(runner.invoke(app, ["query", sql, "--db", str(db)]), "no query given")
    assert said == " ".join(none.stderr.split())
    assert not runner.invoke(app, ["query", sql, "--db", str(db)]).stdout.strip()
