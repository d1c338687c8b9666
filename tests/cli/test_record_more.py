"""``gtr record``, more: 'undo' once the game is over, piped lines a session stops before, a tied
leader draw and its redeal, the seat a record is resumed from, and a starting hand naming a card
of another ruleset."""

from __future__ import annotations

import os

import notation
import pytest
from typer.testing import CliRunner

from gtr_replay.cli import app
from gtr_replay.replay.recorder import Recording, Refused

runner = CliRunner()
REPUBLIC = ["--ruleset", "republic", "--players", "Ann, Ben", "--me", "Ann"]
POOL, HAND = "Ann Latrine, Ben Prison", "Foundry, Storeroom, Market, Tribunal, Tower"
SURRENDER, LEAD = "Ann surrender to Ben", "Ann leads Legionary with Foundry"


def _record(path, *lines: str, options=REPUBLIC):
    return runner.invoke(app, ["record", str(path), *options], input="".join(f"{line}\n" for line in lines))


def _said(result, status: int) -> str:
    assert result.exit_code == status, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output
    return " ".join(result.stderr.split())


def _out(result) -> str:
    return " ".join(result.stdout.split())


def _statements(path) -> list[str]:
    return [str(s.statement) for s in notation.parse_one(path.read_text(encoding="utf-8")).steps]


def _finished(path) -> Recording:
    recording = Recording.start(path, ruleset="republic", players=["Ann", "Ben"], me="Ann", pool=POOL, hand=HAND)
    recording.add(SURRENDER)
    assert recording.over and notation.parse_one(path.read_text(encoding="utf-8")).tag("Result")
    return recording


# -- 'undo' and 'quit' once the game is over ------------------------------------------------

def test_undo_takes_back_the_statement_that_ended_the_game(tmp_path):
    path = tmp_path / "over.gtr"
    result = _record(path, POOL, HAND, SURRENDER, "undo", LEAD)
    _said(result, 0)
    said = _out(result)
    assert "the game is over (surrender)" in said and "'undo' takes back 'Ann surrender to Ben'" in said
    assert f"undone: {SURRENDER}" in said and f"recorded: {LEAD}" in said
    assert _statements(path) == [LEAD]
    assert notation.parse_one(path.read_text(encoding="utf-8")).tag("Result") is None
    assert runner.invoke(app, ["check", str(path)]).exit_code == 0


def test_a_finished_record_resumed_takes_undo(tmp_path):
    path = tmp_path / "over.gtr"
    _finished(path)
    result = _record(path, "legal", "undo", options=[])
    _said(result, 0)
    assert "the game is over (surrender)" in _out(result)
    assert f"undone: {SURRENDER}" in _out(result) and "0 statements saved" in _out(result)
    record = notation.parse_one(path.read_text(encoding="utf-8"))
    assert record.steps == () and record.tag("Result") is None
    assert runner.invoke(app, ["check", str(path)]).exit_code == 0


def test_a_statement_after_the_end_is_refused_in_words(tmp_path):
    path = tmp_path / "over.gtr"
    _finished(path)
    before = path.read_bytes()
    said = _said(_record(path, LEAD, "quit", options=[]), 1)
    assert f"refused: '{LEAD}' is not recorded: the game is over (surrender)" in said
    assert f"'undo' takes back '{SURRENDER}', which ended it" in said
    assert "1 line of the input refused" in said
    assert path.read_bytes() == before


# -- piped lines a session stops before are said, and make the status 1 --------------------

def test_lines_after_quit_are_reported_unread(tmp_path):
    path = tmp_path / "quit.gtr"
    said = _said(_record(path, POOL, HAND, "quit", LEAD, "", "Ben thinks: jack"), 1)
    assert f"2 lines of the input not read, from line 4 ('{LEAD}'): 'quit' at line 3 stopped the recording" in said
    assert f"run gtr record {path} again" in said
    assert _statements(path) == []
    _said(_record(path, "quit", "", options=[]), 0)  # a blank line left is nothing left


def test_lines_after_a_quit_in_the_setup_are_reported_unread(tmp_path):
    path = tmp_path / "setup.gtr"
    result = _record(path, POOL, "quit")
    _said(result, 0)
    assert "quit before Ann's starting hand: nothing recorded, no file written" in _out(result)
    said = _said(_record(path, "quit", HAND), 1)
    assert "1 line of the input not read, from line 2 ('Foundry, Storeroom, " in said
    assert not path.exists()


def test_lines_after_a_given_hand_is_refused_are_reported_unread(tmp_path):
    path = tmp_path / "given.gtr"
    said = _said(_record(path, LEAD, options=[*REPUBLIC, "--pool", POOL, "--hand", "Foundry"]), 1)
    assert "starting hand holds 1 Order cards" in said
    assert f"1 line of the input not read, from line 1 ('{LEAD}')" in said
    assert not path.exists()


def test_lines_after_the_record_cannot_be_saved_are_reported_unread(tmp_path, monkeypatch):
    path = tmp_path / "full.gtr"
    Recording.start(path, ruleset="republic", players=["Ann", "Ben"], me="Ann", pool=POOL, hand=HAND)

    def full(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("gtr_replay.replay.recorder.os.fsync", full)
    said = _said(_record(path, LEAD, "Ben thinks: jack", options=[]), 1)
    assert f"cannot write {path}: No space left on device" in said
    assert "1 line of the input not read, from line 2 ('Ben thinks: jack'): the record could not be saved" in said


def test_the_lines_left_in_a_pipe_are_counted_without_waiting_for_its_writer():
    from gtr_replay.cli.record import _PipedLines

    reading, writing = os.pipe()
    try:
        os.write(writing, b"quit\r\nAnn leads\n\nBen thinks")
        lines = _PipedLines(os.fdopen(reading, "rb", buffering=0))
        assert lines("") == "quit" and lines.number == 1
        assert lines.left() == (1, 2, "Ann leads")  # the writer still open: what has come is counted
        os.write(writing, b": jack\n")
        os.close(writing)
        writing = None
        assert lines.left() == (1, 4, "Ben thinks: jack")
        with pytest.raises(EOFError):
            lines("")
    finally:
        if writing is not None:
            os.close(writing)


# -- a tied leader draw: its redeal asked for, or given on one line ------------------------

CLASSIC3 = ["--ruleset", "classic", "--players", "Ann, Ben, Cid", "--me", "Ben"]
TIED, REDEAL = "Ann Foundry, Ben Foundry, Cid Palisade", "Ann Circus, Ben Scriptorium"
BEN = "Coliseum, Forum, Bar, Villa, Jack"


def _draws(path) -> list[list[str]]:
    start = notation.parse_one(path.read_text(encoding="utf-8")).start
    return [[f"{d.player} {d.card}" for d in round_] for round_ in start.draws]


@pytest.mark.parametrize("typed", [REDEAL, "Circus, Scriptorium", f"redeal: {REDEAL}",
                                   f"{TIED}; redeal: {REDEAL}"])  # the last: the whole draw again, on one line
def test_a_tied_leader_draw_asks_for_the_redeal(tmp_path, typed):
    path = tmp_path / "tie.gtr"
    result = _record(path, TIED, typed, BEN, "quit", options=CLASSIC3)
    _said(result, 0)
    assert "the leader draw is tied: Ann, Ben draw again (R-SETUP-5, AMB-07)" in _out(result)
    assert _draws(path) == [TIED.split(", "), REDEAL.split(", ")]
    assert runner.invoke(app, ["check", str(path)]).exit_code == 0


def test_the_redeal_prompt_names_the_players_who_draw_again(tmp_path, monkeypatch):
    asked: list[str] = []
    typed = iter([TIED, "Circus, Scriptorium", BEN, "quit"])

    def read(message: str) -> str:
        asked.append(message)
        return next(typed)

    monkeypatch.setattr("gtr_replay.cli.record._piped_lines", lambda: read)
    _said(runner.invoke(app, ["record", str(tmp_path / "tie.gtr"), *CLASSIC3]), 0)
    assert asked[:3] == ["leader draw (pool: Ann Latrine, Ben Road)> ", "redeal (Ann, Ben)> ",
                         "Ben's starting hand, 4 cards and the Jack dealt with them (Dock, Wall, Road, Insula, Jack)> "]


def test_a_refused_redeal_is_asked_again_and_a_second_tie_asks_once_more(tmp_path):
    path = tmp_path / "tie.gtr"
    result = _record(path, TIED, "Ann Circus", "Ann Bar, Ben Bar", "Dock, Road", BEN, "quit", options=CLASSIC3)
    said = _said(result, 1)  # piped, the refused redeal counts
    assert "Ben must draw again" in said
    assert _out(result).count("the leader draw is tied: Ann, Ben draw again") == 2
    assert _draws(path) == [TIED.split(", "), ["Ann Bar", "Ben Bar"], ["Ann Dock", "Ben Road"]]


def test_a_redeal_is_given_on_the_leader_draw_s_line(tmp_path):
    path = tmp_path / "tie.gtr"
    options = [*CLASSIC3, "--pool", f"{TIED}; redeal: {REDEAL}", "--hand", BEN]
    _said(_record(path, "quit", options=options), 0)
    assert _draws(path) == [TIED.split(", "), REDEAL.split(", ")]
    typed = tmp_path / "typed.gtr"
    _said(_record(typed, f"{TIED}; redeal: {REDEAL}", BEN, "quit", options=CLASSIC3), 0)
    assert _draws(typed) == _draws(path)


def test_a_given_tied_leader_draw_says_how_to_give_its_redeal(tmp_path):
    path = tmp_path / "tie.gtr"
    said = _said(_record(path, options=[*CLASSIC3, "--pool", TIED]), 1)
    assert "refused: the leader draw is tied: Ann, Ben draw again, and --pool gives no redeal (R-SETUP-5" in said
    assert f"hint: give it after a ';': --pool \"{TIED}; redeal: Ann CARD, Ben CARD\"" in said
    assert not path.exists()
    assert "redeal:" in runner.invoke(app, ["record", "--help"]).stdout


def test_quit_at_the_leader_draw_and_the_redeal_prompts(tmp_path):
    path = tmp_path / "tie.gtr"
    for lines, before in (([" Quit "], "the leader draw"), ([TIED, "exit"], "the redeal")):
        result = _record(path, *lines, options=CLASSIC3)
        _said(result, 0)
        assert f"quit before {before}: nothing recorded, no file written" in _out(result)
        assert not path.exists()


# -- the seat a record is resumed from is the record's own --------------------------------

def test_resuming_from_another_seat_is_refused(tmp_path):
    path = tmp_path / "ann.gtr"
    Recording.start(path, ruleset="republic", players=["Ann", "Ben"], me="Ann", pool=POOL, hand=HAND)
    before = path.read_bytes()
    said = _said(_record(path, "Ann thinks: draw", options=["--me", "Ben"]), 2)
    assert f"--me Ben: {path} is recorded from Ann's seat ([Recorder \"Ann\"]), not from Ben's seat" in said
    assert "leave out --me: the record goes on from Ann's seat" in said
    said = _said(_record(path, "quit", options=["--me", "Zed"]), 2)
    assert f"--me Zed: Zed is not one of the players of {path} (Ann, Ben)" in said
    assert path.read_bytes() == before
    _said(_record(path, "quit", options=["--me", "Ann"]), 0)  # its own seat: resumed


# -- a starting hand naming a card of another ruleset --------------------------------------

def test_a_hand_card_of_another_ruleset_is_refused_as_such(tmp_path):
    path = tmp_path / "forum.gtr"
    said = _said(_record(path, POOL, "Forum, Dock, Wall, Road, Insula", HAND, "quit"), 1)
    assert "refused: Forum is not a card of the republic ruleset (R-COMP-4)" in said
    assert "more copies" not in said
    assert notation.parse_one(path.read_text(encoding="utf-8")).start.hands["Ann"] == tuple(HAND.split(", "))
    with pytest.raises(Refused, match=r"Forum is not a card of the republic ruleset"):
        Recording.start(tmp_path / "draw.gtr", ruleset="republic", players=["Ann", "Ben"], me="Ann",
                        pool="Ann Forum, Ben Prison", hand=HAND)
