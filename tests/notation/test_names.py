"""Player names compared as people read them: two names of one table that are equal once
normalised and case-folded, or that look alike, are refused with a located error, the same
by the library and by every command."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

import notation
from gtr_replay.cli import app

runner = CliRunner()
EXAMPLE = Path(__file__).parents[2] / "examples" / "games" / "classic-2p.gtr"

SAME = {
    "Ann, ann": "the players 'Ann' and 'ann' read as one name",
    "Ann, ANN, Cid": "the players 'Ann' and 'ANN' read as one name",
    "Ben, Ｂen": "the players 'Ben' and 'Ｂen' read as one name",  # fullwidth B
    "Ann, \u0410nn": "the players 'Ann' and 'Аnn' look alike: 'А' is CYRILLIC CAPITAL LETTER A (U+0410)",
    "Cid, C\u0131d": "the players 'Cid' and 'Cıd' look alike",  # dotless i
    "Ann, An\u200bn": "the players 'Ann' and 'An\\u200bn' look alike: '\\u200b' is ZERO WIDTH SPACE (U+200B)",
    "Oto, \u039f\u03c4\u03bf": "the players 'Oto' and 'Οτο' look alike",  # Greek
    "Ann, Ann": "'Ann' is named twice in the Players tag",
    # Unicode's confusable skeletons (UTS #39): another script, a Latin alpha, a stroke, a digit
    "Ann, \u13aann": "the players 'Ann' and 'Ꭺnn' look alike: 'Ꭺ' is CHEROKEE LETTER GO (U+13AA)",
    "Ann, \u0251nn": "the players 'Ann' and 'ɑnn' look alike: 'ɑ' is LATIN SMALL LETTER ALPHA (U+0251)",
    "Ian, lan": "the players 'Ian' and 'lan' look alike",
    "Bob, B0b": "the players 'Bob' and 'B0b' look alike",
}


def record(players: str) -> str:
    first = players.split(",")[0]
    return f'[Game "Glory to Rome"]\n[Ruleset "republic"]\n[Players "{players}"]\n\n{first} passes\n'


@pytest.mark.parametrize("players", list(SAME))
def test_the_library_refuses_two_names_that_read_as_one(players):
    with pytest.raises(notation.NotationError) as caught:
        notation.parse_one(record(players), source="t.gtr")
    error = caught.value
    assert error.message.startswith(SAME[players])
    assert (error.line, error.column) == (3, 2)
    assert "give each player a name of their own" in str(error)


@pytest.mark.parametrize("players", ["Ann, Ben", "Zoë, Zoe", "Ann, Anna", "Jean, Jeanne, Jeannette", "李, 季"])
def test_names_that_read_apart_are_kept(players):
    assert notation.parse_one(record(players)).players == tuple(p.strip() for p in players.split(","))


def test_the_skeleton_folds_case_width_and_look_alikes():
    from notation.names import skeleton

    assert skeleton("Ann") == skeleton("ann") == skeleton("\u0410nn") == skeleton("ＡＮＮ") == skeleton("A\u200bnn")
    assert skeleton("Zoë") != skeleton("Zoe")
    assert skeleton("Ann") == skeleton("\uab7ann")  # a small Cherokee letter folds to the capital
    assert skeleton("Lan") != skeleton("Ian") and skeleton("Al") != skeleton("Ai")


REFUSED = {
    "Ann, Ben\u202e": ("a format character, RIGHT-TO-LEFT OVERRIDE (U+202E)", 19),
    "Ann, Be\u0007n": ("a control character, (U+0007)", 18),
    "Ann, <img src=x>": ("'<', which the notation or markup uses", 16),
    "Ann, Ben (away)": ("'(', which the notation or markup uses", 20),
    "Ann, Ben; Cid": ("';', which the notation or markup uses", 19),
    "Ann, Ben{x}": ("'{', which the notation or markup uses", 19),
}


@pytest.mark.parametrize("players", list(REFUSED))
def test_a_name_holding_a_control_format_or_delimiting_character_is_refused_where_it_stands(players):
    what, column = REFUSED[players]
    with pytest.raises(notation.NotationError) as caught:
        notation.parse_one(record(players), source="t.gtr")
    error = caught.value
    assert what in error.message and error.message.startswith("the player name")
    assert (error.line, error.column) == (3, column)


def test_one_word_names_of_letters_digits_and_dashes_are_kept():
    players = "Ann, AnnB, Jean-Luc, Zoë, R2-D2"
    assert notation.parse_one(record(players)).players == tuple(p.strip() for p in players.split(","))


@pytest.mark.parametrize("players, what, column", [
    ("Ann, Ann B.", "the player name 'Ann B.' is not one word", 16),
    ("O'Brien, Ben", "the player name \"O'Brien\" is not one word", 11),
    ("Ann, Dr. Who", "the player name 'Dr. Who' is not one word", 16),
    ("Hand, Ben", "the player name 'Hand' is a word a line starts with (hand: ...)", 11),
    ("Ann, Turn", "the player name 'Turn' is a word a line starts with", 16),
])
def test_a_name_no_statement_could_name_is_refused_at_the_tag(players, what, column):
    """A statement names its player in one word, and a line starting with a zone's or a
    block's word is that line: 'Ann B. thinks: jack' could never be read, and after a ';'
    it was read as a comment, the decision lost."""
    with pytest.raises(notation.NotationError) as caught:
        notation.parse_one(record(players), source="t.gtr")
    assert what in caught.value.message and (caught.value.line, caught.value.column) == (3, column)
    assert "one word" in caught.value.hint or "another name" in caught.value.hint


@pytest.mark.parametrize("players", ["Ann, ann", "Ann, \u0410nn", "Ann, Ｂen, Ben"])
def test_every_command_refuses_them_as_the_library_does(tmp_path, players):
    text = EXAMPLE.read_text(encoding="utf-8").replace('[Players "Ann, Ben"]', f'[Players "{players}"]')
    path = tmp_path / "game.gtr"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(notation.NotationError) as caught:
        notation.parse(text, source=str(path))
    expected = caught.value.message
    for args in (["check", str(path)], ["show", str(path)], ["import", str(path), "--db", str(tmp_path / "g.db")],
                 ["fmt", "--check", str(path)]):
        result = runner.invoke(app, args)
        assert result.exit_code == 1, (args, result.output)
        assert expected in result.stderr, (args, result.stderr)


def test_gtr_record_refuses_them_before_writing_anything(tmp_path):
    path = tmp_path / "new.gtr"
    result = runner.invoke(app, ["record", str(path), "--ruleset", "republic", "--players", "Ann, \u0410nn",
                                 "--me", "Ann", "--pool", "Ann Latrine, \u0410nn Road", "--hand", "Road"])
    assert result.exit_code != 0
    assert "look alike" in result.output and not path.exists()


@pytest.mark.parametrize("ruleset, written, read", [
    ("classic", "Colosseum", "Coliseum"), ("imperium", "Coliseum", "Colosseum"), ("republic", "Colosseum", "Colosseum"),
])
def test_a_card_another_ruleset_names_otherwise_reads_as_this_ruleset_s(ruleset, written, read):
    """notation/README.md: ``Colosseum`` and ``Coliseum`` for each other where only one is in
    the ruleset (the card data's aliases): in the record's setup, its statements and its
    draws alike. Republic has neither: the name stays as written, for the engine to refuse."""
    from gtr_replay.vocabulary import card_vocabulary
    text = (f'[Game "x"]\n[Ruleset "{ruleset}"]\n[Players "Ann, Ben"]\n\nsetup\n  pool: Ann {written}, Ben Road\n'
            f'  hand Ann: Road\n\nturn 1 Ann\n  Ann leads Patron with Road\n  Ben thinks: refill [{written}]\n'
            f'  Ann hires {written}\n')
    record = notation.parse_one(text, vocabulary=card_vocabulary())
    written_out = notation.write([record])
    assert written_out.count(read) == 3 and (read == written or written not in written_out)
