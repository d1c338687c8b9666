"""The `gtr` commands: output, JSON, exit statuses, and help for every command."""

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gtr_replay.cli import app
from gtr_replay.data.rulings import RULINGS
from gtr_replay.data.rulings_doc import markdown
from gtr_replay.errors import UnknownNameError

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


@pytest.mark.parametrize("chosen, words", [
    ("deck-end=empty-draw, deck-end=last-card", "ruling 'deck-end' is given twice, as 'empty-draw' and 'last-card'"),
    ("AMB-01=empty-draw, deck-end=last-card", "ruling 'deck-end' is given twice"),
    ("deck-end=empty-draw; last-site=any-material", "holds more than one ruling"),
    ("AMB-05=sometimes", "AMB-05 has several rulings, and 'sometimes' is not a reading of one of them"),
])
def test_a_rulings_tag_that_contradicts_itself_or_is_misread_is_refused(tmp_path, chosen, words):
    path = tmp_path / "r.gtr"
    path.write_text(f'[Game "x"]\n[Ruleset "republic"]\n[Rulings "{chosen}"]\n[Players "Ann, Ben"]\n'
                    '[Deck "seed:a:fy-1"]\n\nturn 1 Ann\n  Ann thinks: jack\n')
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 1 and f"{path}:3:" in result.stderr and words in result.stderr


def test_a_ruling_named_by_an_amb_id_two_rulings_share_is_found_by_its_reading():
    from gtr_replay.data.rulings import resolve
    assert resolve("AMB-05=architect-or-craftsman").out_of_town_pair == "architect-or-craftsman"
    assert resolve("AMB-05=one-action").out_of_town_cost == "one-action"
    assert resolve({"deck-end": "empty-draw", "AMB-01": "empty-draw"}).deck_end == "empty-draw"  # the same, twice
    with pytest.raises(UnknownNameError, match="not a name"):
        resolve({"deck-end": None})


def test_a_ruling_named_by_a_shared_amb_id_on_the_command_line_is_the_one_its_reading_names():
    """docs/RULINGS.md: where two rulings share an ID (AMB-05), the reading tells which; the
    option sets that ruling and leaves the other, and the record's own reading of it, as they
    were."""
    import notation
    from gtr_replay.replay.overrides import parse_rulings, with_rulings
    assert parse_rulings("AMB-05=architect-or-craftsman") == {"out-of-town-pair": "architect-or-craftsman"}
    assert parse_rulings("AMB-05=one-action") == {"out-of-town-cost": "one-action"}
    record = notation.parse_one('[Game "x"]\n[Ruleset "republic"]\n[Players "Ann, Ben"]\n'
                                '[Rulings "out-of-town-cost=one-action"]\n[Deck "seed:a:fy-1"]\n\nturn 1 Ann\n')
    assert with_rulings(record, "AMB-05=architect-or-craftsman").tag("Rulings") == \
        "out-of-town-cost=one-action, out-of-town-pair=architect-or-craftsman"


def test_a_wrong_rulings_tag_is_reported_where_it_is_written_under_an_option_too(tmp_path):
    """A record's own Rulings tag that names no reading is an error at its line, whatever
    --rulings adds: the option never drops the tag and the readings it holds."""
    path = tmp_path / "r.gtr"
    path.write_text('[Game "x"]\n[Ruleset "republic"]\n[Rulings "deck-end=empty-draw, leader-tie=everyone"]\n'
                    '[Players "Ann, Ben"]\n[Deck "seed:a:fy-1"]\n\nturn 1 Ann\n  Ann thinks: jack\n')
    for command in ("check", "legal", "show"):
        result = runner.invoke(app, [command, str(path), "--rulings", "final-tie=orders-then-shared"])
        assert result.exit_code == 1 and f"{path}:3:" in result.stderr, (command, result.output)
        assert "unknown reading 'everyone' of ruling 'leader-tie'" in result.stderr, command


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


_LEADER_DRAW = ('[Game "x"]\n[Ruleset "republic"]\n[Players "Ann, Ben, Cid"]\n\nsetup\n  pool: {pool}\n'
                '  redeal: {redeal}\n  hand Ann: Dock, Wall, Insula, Tower, Latrine\n')


@pytest.mark.parametrize("pool, redeal, rulings, words, hint", [
    ("Ann Bath, Ben Bath, Cid Road", "Ann Road, Ben Atrium", "leader-tie=all-players",
     "7:3: the leader draw is not decided after Ann Bath, Ben Bath, Cid Road, Ann Road, Ben Atrium: Cid must draw "
     "again, and the setup block lists no card for Cid", "to every player (leader-tie=all-players)"),
    ("Ann Bath, Ben Bath, Cid Road", "Ann Road, Cid Atrium", None,
     "7:3: round 2 of the leader draw deals a card to Ann, Ben, not what this line lists", "to the tied players"),
    ("Ann Bath, Ben Road, Cid Road", "Ann Road, Ben Atrium", None,
     "7:3: the leader draw is decided before Ann Road: the setup block lists cards that are never drawn",
     "to the tied players"),
    ("Ann Bath, Cid Road", "Ann Road", None,
     "6:3: round 1 of the leader draw deals a card to Ann, Ben, Cid, not what this line lists", "to the tied players"),
])
def test_a_leader_draw_the_deal_does_not_give_says_where_it_parts_and_names_no_card_unwritten_R_SETUP_5_AMB_07(
        tmp_path, pool, redeal, rulings, words, hint):
    path = tmp_path / "setup.gtr"
    path.write_text(_LEADER_DRAW.format(pool=pool, redeal=redeal))
    result = runner.invoke(app, ["check", str(path), *(("--rulings", rulings) if rulings else ())])
    assert result.exit_code == 1 and f"{path}:{words} (R-SETUP-5, AMB-07)" in result.stderr
    assert hint in result.stderr and "Archway" not in result.stderr
    if rulings:  # the same record under the default: Ann and Ben were tied, and the redeal is theirs
        assert runner.invoke(app, ["check", str(path)]).exit_code == 0


def test_a_leader_draw_is_read_by_the_names_it_gives_in_any_order_R_SETUP_5():
    """'pool: Cid Road, Ann Bath, Ben Bath' says who drew what: dealt in seat order, the same draw."""
    path_text = _LEADER_DRAW.format(pool="Cid Road, Ben Bath, Ann Bath", redeal="Ben Atrium, Ann Road")
    import notation
    from gtr_replay.replay.replayer import Replayer
    from gtr_replay.vocabulary import card_vocabulary
    replayer = Replayer(notation.parse_one(path_text, vocabulary=card_vocabulary()))
    list(replayer.run())
    assert not replayer.diagnostics and replayer.final.players[replayer.final.leader].name == "Ben"
    assert replayer.final.pool == ["Bath", "Bath", "Road", "Road", "Atrium"]
