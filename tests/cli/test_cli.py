"""The `gtr` commands: output, JSON, exit statuses, and help for every command."""

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gtr_replay.cli import app
from gtr_replay.data.rulings import RULINGS
from gtr_replay.data.rulings_doc import markdown

runner = CliRunner()


def run(*args):
    return runner.invoke(app, list(args))


@pytest.mark.parametrize("ruleset,types,jacks", [("classic", 40, 5), ("republic", 40, 6), ("imperium", 40, 6)])
def test_cards_json_lists_every_card(ruleset, types, jacks):
    result = run("cards", "--ruleset", ruleset, "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    core = [c for c in data["cards"] if not c["optional"]]
    assert len(core) == types
    assert sum(c["copies"] for c in core) == 144  # R-COMP-1, R-COMP-2
    assert data["jacks"] == jacks


def test_cards_know_edition_materials():
    bb = {c["name"]: c for c in json.loads(run("cards", "-r", "republic", "--json").stdout)["cards"]}
    classic = {c["name"]: c for c in json.loads(run("cards", "-r", "classic", "--json").stdout)["cards"]}
    assert bb["Scriptorium"]["material"] == "Stone" and classic["Scriptorium"]["material"] == "Marble"
    assert bb["Fountain"]["material"] == "Marble" and classic["Fountain"]["material"] == "Stone"
    assert bb["Domus"]["optional"] and "Domus" not in classic
    assert bb["Bar"] == {"name": "Bar", "material": "Rubble", "role": "Laborer", "value": 1, "copies": 6,
                         "optional": False, "assumed": False}


def test_cards_table_names_aliases():
    result = run("cards", "--ruleset", "imperium")
    assert result.exit_code == 0
    assert "Ludus Magnus = Ludus Magna" in result.stdout
    assert "Coliseum = Colosseum" in result.stdout


def test_unknown_ruleset_is_a_usage_error():
    result = run("cards", "--ruleset", "senatus")
    assert result.exit_code == 2
    assert "unknown ruleset 'senatus'" in result.stderr
    assert "classic, republic, imperium" in result.stderr


def test_rulings_json_has_defaults_and_texts():
    data = json.loads(run("rulings", "--json").stdout)
    by_name = {r["name"]: r for r in data}
    for amb in ("AMB-01", "AMB-02", "AMB-03", "AMB-04", "AMB-05", "AMB-06", "AMB-07", "AMB-08", "AMB-09",
                "AMB-10", "AMB-12", "AMB-22", "AMB-23", "AMB-40"):
        assert any(r["amb"] == amb for r in data), amb
    assert by_name["deck-end"]["default"] == "last-card"
    assert all(len(r["readings"]) >= 2 and all(x["texts"] for x in r["readings"]) for r in data)


def test_rulings_doc_is_current():
    doc = Path(__file__).parents[2] / "docs" / "RULINGS.md"
    assert doc.read_text("utf-8") == markdown(), "run: gtr rulings --markdown > docs/RULINGS.md"
    assert all(f"## {r.name}" in doc.read_text("utf-8") for r in RULINGS)


def test_selfplay_summary_json_is_reproducible():
    args = ("selfplay", "--ruleset", "classic", "--players", "2", "--seed", "5", "--games", "3", "--json")
    first, again = json.loads(run(*args).stdout), json.loads(run(*args).stdout)
    assert first["games"] == 3
    assert sum(first["end_reasons"].values()) == 3
    assert first["decisions"] == again["decisions"] and first["end_reasons"] == again["end_reasons"]


def test_selfplay_table_and_check():
    result = run("selfplay", "-r", "imperium", "-n", "4", "-s", "2", "-g", "2", "--check")
    assert result.exit_code == 0
    assert "2 games" in result.stdout and "end reason" in result.stdout


def test_selfplay_bad_player_count_exits_2():
    result = run("selfplay", "--players", "6")
    assert result.exit_code == 2
    assert "2 to 5" in result.stderr


def test_bad_ruling_reading_exits_2():
    result = run("selfplay", "--rulings", "deck-end=never", "--games", "1")
    assert result.exit_code == 2
    assert "unknown reading 'never' of ruling 'deck-end'" in result.stderr


@pytest.mark.parametrize("command", [c.name or c.callback.__name__ for c in app.registered_commands])
def test_every_command_has_help_with_an_example(command):
    result = run(command, "--help")
    assert result.exit_code == 0
    assert "Example:" in result.stdout


def test_bracketed_words_in_errors_are_printed_as_written(tmp_path):
    """Messages quote statements such as 'thinks: draw [Atrium]' or a mistyped '[bold]':
    they must reach the user as written, never read as terminal styling."""
    path = tmp_path / "m.gtr"
    path.write_text('[Game "x"]\n[Ruleset "republic"]\n[Players "Ann, Ben"]\n[Deck "seed:a:fy-1"]\n\n'
                    "turn 1 Ann\n  Ann leads [bold] with Road\n")
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 1 and "Ann leads [bold] with Road" in result.stderr
