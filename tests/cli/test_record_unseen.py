"""`gtr record` from one seat: with another player's hand unseen, a refusal gives the rule that
really refuses the statement, the legal list says what an unseen hand could do, and an answer
still owed is named as such, in the recorder and in `gtr check` alike."""

from __future__ import annotations

from typer.testing import CliRunner

from gtr_replay.cli import app

runner = CliRunner()
START = ["--ruleset", "republic", "--players", "Ann, Ben", "--me", "Ann", "--pool", "Ann Latrine, Ben Road",
         "--hand", "Road, Wall, Dock, Bath, Bath"]


def record(tmp_path, *lines: str):
    path = tmp_path / "game.gtr"
    result = runner.invoke(app, ["record", str(path), *START], input="".join(f"{line}\n" for line in lines))
    return path, result


def test_a_card_of_the_wrong_role_is_refused_for_its_role_not_as_missing(tmp_path):
    _, result = record(tmp_path, "Ann leads Laborer with Road", "Ben follows with Bath", "Ben follows with Insula")
    assert "Ben cannot follow: Bath is a Legionary card, not Laborer" in result.stderr
    assert "not in Ben's hand" not in result.stderr
    assert "legal here: Ben follows with ? (a Laborer card)" in result.stderr
    assert "recorded: Ben follows with Insula" in result.stdout


def test_the_legal_list_says_what_an_unseen_hand_could_do(tmp_path):
    _, result = record(tmp_path, "Ann leads Laborer with Road", "legal")
    assert "    Ben follows with ? (a Laborer card)\n" in result.stdout
    assert "    Ben thinks: jack\n" in result.stdout


def test_at_an_unseen_player_s_lead_every_role_can_be_led(tmp_path):
    _, result = record(tmp_path, "Ann leads Laborer with Road", "Ben thinks: jack", "Ann gathers Latrine", "legal")
    assert "turn 2: Ben to lead" in result.stdout
    for role, article in (("Patron", "a"), ("Laborer", "a"), ("Architect", "an"), ("Craftsman", "a"),
                          ("Legionary", "a"), ("Merchant", "a")):
        assert f"    Ben leads {role} with ? ({article} {role} card)\n" in result.stdout, role


def test_an_answer_still_owed_is_named(tmp_path):
    path, result = record(tmp_path, "Ann leads Legionary with Bath", "Ben thinks: jack",
                          "Ann demands Brick showing Bath", "Ben leads Laborer with Road")
    said = " ".join(result.stderr.split())
    assert "'Ben leads Laborer with Road' cannot come next: Ben still owes an answer to Ann's Legionary demand " \
           "(Brick)" in said
    assert "'Ben: Glory to Rome' or 'Ben gives ? to Ann (a Brick card)'" in said
    path.write_text(path.read_text(encoding="utf-8") + "\nturn 2 Ben\n  Ben leads Laborer with Insula\n",
                    encoding="utf-8")
    checked = runner.invoke(app, ["check", str(path)])
    assert checked.exit_code == 1
    assert "turn 2 cannot start yet: Ben still owes an answer to Ann's Legionary demand (Brick) (R-TURN-9, R-LEG-3)" \
           in checked.stderr
    assert "this is turn 1, led by Ann" not in checked.stderr


def test_at_an_unseen_player_s_legionary_action_the_demands_are_listed_and_the_pool_is_public(tmp_path):
    _, result = record(tmp_path, "Ann leads Legionary with Bath", "Ben follows with Bath", "Ann passes", "legal",
                       "Ben demands Rubble showing Insula", "legal")
    assert result.exit_code == 0, result.output
    demanding, taking = result.stdout.split("recorded: Ben demands Rubble showing Insula")
    assert "Ben to legionary" in demanding and "    Ben passes\n" in demanding
    for material in ("Brick", "Concrete", "Marble", "Rubble", "Stone", "Wood"):
        assert f"    Ben demands {material} showing ? (a {material} card)\n" in demanding
    assert "Ben to pool" in taking
    assert "    Ben takes Latrine from pool\n" in taking and "    Ben takes Road from pool\n" in taking
    assert "? from pool" not in taking  # the Pool is public: its cards are named, never '?'
