"""``gtr record``: a whole game from scripted input, undo, refusals, resuming, and one
session in a real pseudo-terminal with tab completion."""

import os
import sys
from pathlib import Path

import notation
import pytest
from typer.testing import CliRunner

from gtr_replay.cli import app
from gtr_replay.replay.recorder import Recording, Refused

ROOT = Path(__file__).parents[2]
TABLE = ROOT / "examples" / "table" / "republic-2p-ann.gtr"
runner = CliRunner()


def _game():
    record = notation.parse_one(TABLE.read_text())
    pool = ", ".join(f"{d.player} {d.card}" for d in record.start.draws[0])
    return record, pool, ", ".join(record.start.hands["Ann"])


def _start(path):
    _, pool, hand = _game()
    return ["record", str(path), "--ruleset", "republic", "--players", "Ann, Ben", "--me", "Ann",
            "--pool", pool, "--hand", hand]


def test_a_whole_game_from_scripted_input_passes_check_and_fmt(tmp_path):
    record, _, _ = _game()
    lines = [str(s.statement) for s in record.steps]
    lines = [line.replace("Ben thinks: draw [?]", "ben thinks: draw") for line in lines]  # lenient, unseen
    script = [lines[0], "Ben follows with Palace", lines[1], "undo", lines[1], *lines[2:]]
    path = tmp_path / "game.gtr"
    result = runner.invoke(app, _start(path), input="\n".join(script) + "\n")
    assert result.exit_code == 1, result.output  # piped, a refused line makes the status 1
    assert "Palace" in result.stderr and "legal here" in result.stderr  # refused with the legal choices
    assert "1 line of the input refused" in result.stderr
    assert "the game is over" in result.stdout
    written = notation.parse_one(path.read_text())
    assert [str(s.statement) for s in written.steps] == [str(s.statement) for s in record.steps]
    assert written.tag("Result") == record.tag("Result")
    assert runner.invoke(app, ["check", str(path)]).exit_code == 0
    assert runner.invoke(app, ["fmt", "--check", str(path)]).exit_code == 0


def test_every_accepted_statement_is_on_disk_and_undo_rewrites(tmp_path):
    record, pool, hand = _game()
    path = tmp_path / "g.gtr"
    rec = Recording.start(path, ruleset="republic", players=["Ann", "Ben"], me="Ann", pool=pool, hand=hand)
    first, second = (str(s.statement) for s in record.steps[:2])
    rec.add(first)
    assert path.read_text().endswith(f"  {first}\n")
    rec.add(second)
    with pytest.raises(Refused) as refused:
        rec.add("Ann hires Palace")
    assert refused.value.diagnostic is not None and refused.value.diagnostic.legal
    assert path.read_text().endswith(f"  {second}\n")
    assert rec.undo() == second
    assert not path.read_text().rstrip().endswith(second)
    resumed = Recording.resume(path)
    assert resumed.me == "Ann" and len(resumed.record.steps) == 1
    assert "Ben thinks: draw [?]" in resumed.suggestions()  # an unseen draw, filled in
    assert "Ben follows with Road" in resumed.suggestions()  # revealing one of the unseen cards


def test_bad_starts_are_usage_errors(tmp_path):
    assert runner.invoke(app, ["record", str(tmp_path / "x.gtr")]).exit_code == 2
    path = tmp_path / "y.gtr"
    args = _start(path)
    args[args.index("--me") + 1] = "Zed"
    assert runner.invoke(app, args).exit_code == 2
    assert not path.exists()


def test_a_real_terminal_session(tmp_path):
    pexpect = pytest.importorskip("pexpect")
    record, pool, hand = _game()
    path = tmp_path / "tty.gtr"
    args = ["-m", "gtr_replay", *_start(path)]
    child = pexpect.spawn(sys.executable, args, cwd=str(ROOT), env={**os.environ, "TERM": "xterm"},
                          encoding="utf-8", timeout=30, dimensions=(40, 120))
    try:
        child.expect("to lead")
        child.send("Ann leads Craftsman with Mar\t")  # Tab completes the only legal statement
        child.send("\r")
        child.expect("recorded: Ann leads Craftsman with Market")
        child.send("quit\r")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert not child.isalive()
    assert str(notation.parse_one(path.read_text()).steps[0].statement) == "Ann leads Craftsman with Market"


def test_a_statement_out_of_turn_and_bad_notation_are_refused_in_words(tmp_path):
    record, pool, hand = _game()
    rec = Recording.start(tmp_path / "t.gtr", ruleset="republic", players=["Ann", "Ben"], me="Ann",
                          pool=pool, hand=hand)
    with pytest.raises(Refused) as out_of_turn:
        rec.add("Ben leads Laborer with Road")
    assert "it is Ann's decision (lead)" in str(out_of_turn.value)
    with pytest.raises(Refused) as garbled:
        rec.add("Ann blorps")
    assert "expected a verb" in str(garbled.value)
    assert len(notation.parse_one((tmp_path / "t.gtr").read_text()).steps) == 0
    bad = runner.invoke(app, ["record", str(tmp_path / "u.gtr"), "-r", "nope", "--players", "Ann, Ben",
                              "--me", "Ann", "--pool", pool, "--hand", hand])
    assert bad.exit_code == 2 and "unknown ruleset" in bad.stderr


# -- a bad file is an error in words, as gtr check gives it, never a traceback ------------

def _refused(result, status: int, *words: str) -> None:
    assert result.exit_code == status, result.output
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    for word in words:
        assert word in result.stderr, result.stderr


@pytest.mark.parametrize("new", [False, True])
def test_a_folder_is_refused_as_a_folder(tmp_path, new):
    folder = tmp_path / "d"
    folder.mkdir()
    args = _start(folder) if new else ["record", str(folder)]
    _refused(runner.invoke(app, args), 2, f"{folder} is a folder", str(folder / "game.gtr"))
    assert list(folder.iterdir()) == []


def test_a_file_that_is_not_utf8_is_located_as_check_locates_it(tmp_path):
    path = tmp_path / "latin1.gtr"
    path.write_bytes(TABLE.read_text(encoding="utf-8").replace("[Event", "; Andr\u00e9\n[Event").encode("latin-1"))
    before = path.read_bytes()
    recorded = runner.invoke(app, ["record", str(path)])
    checked = runner.invoke(app, ["check", str(path)])
    said = next(line for line in checked.stderr.splitlines() if "not UTF-8" in line)
    assert said.startswith(f"{path}:2: not UTF-8 text")
    _refused(recorded, 1, said)
    assert path.read_bytes() == before


def test_an_unreadable_file_is_refused_in_words(tmp_path, monkeypatch):
    path = tmp_path / "locked.gtr"
    path.write_text(TABLE.read_text(encoding="utf-8"), encoding="utf-8")
    real = Path.open

    def locked(self, *args, **kwargs):
        if self == path:  # as a file without read permission reads, whoever runs the tests (root reads all)
            raise PermissionError(13, "Permission denied", str(self))
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Path, "open", locked)
    _refused(runner.invoke(app, ["record", str(path)]), 2, f"{path}: cannot read: Permission denied")


def test_a_record_that_does_not_read_or_replay_is_located(tmp_path):
    path = tmp_path / "bad.gtr"
    text = TABLE.read_text(encoding="utf-8").replace("Ann leads", "Ann blorps", 1)
    path.write_text(text, encoding="utf-8")
    line = next(n for n, s in enumerate(text.split("\n"), 1) if "blorps" in s)
    _refused(runner.invoke(app, ["record", str(path)]), 1, f"{path}:{line}:")
    two = tmp_path / "two.gtr"
    two.write_text(TABLE.read_text(encoding="utf-8") * 2, encoding="utf-8")
    _refused(runner.invoke(app, ["record", str(two)]), 2, "holds 2 records")


def test_a_new_record_where_no_file_can_be_written_is_refused_in_words(tmp_path):
    """Before the leader draw is asked for: nothing typed is lost."""
    (tmp_path / "plain").write_text("not a folder\n", encoding="utf-8")
    for path, words in ((tmp_path / "missing" / "game.gtr", "no such folder"),
                        (tmp_path / "plain" / "game.gtr", "is a file, not a folder")):
        _refused(runner.invoke(app, _start(path)), 2, f"{path.parent}: {words}")


def test_a_file_that_cannot_be_saved_any_more_stops_the_recording_in_words(tmp_path, monkeypatch):
    record, _, _ = _game()
    path = tmp_path / "full.gtr"
    assert runner.invoke(app, _start(path), input="quit\n").exit_code == 0
    saved = path.read_text(encoding="utf-8")

    def full(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("gtr_replay.replay.recorder.os.fsync", full)
    result = runner.invoke(app, ["record", str(path)], input=str(record.steps[0].statement) + "\n")
    _refused(result, 1, f"cannot write {path}: No space left on device")


def test_a_record_is_saved_with_the_permissions_a_file_is_given(tmp_path):
    """A new record gets what any new file gets (the umask's permissions), and a record saved
    again whole keeps those it has."""
    record, pool, hand = _game()
    path = tmp_path / "perm.gtr"
    rec = Recording.start(path, ruleset="republic", players=["Ann", "Ben"], me="Ann", pool=pool, hand=hand)
    umask = os.umask(0o022)
    os.umask(umask)
    assert path.stat().st_mode & 0o777 == 0o666 & ~umask
    rec.add(str(record.steps[0].statement))
    path.chmod(0o640)
    rec.undo()  # the file rewritten whole
    assert path.stat().st_mode & 0o777 == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["perm.gtr"]


# -- the options, the leader draw and the hand: checked before anything is asked or written --

CLASSIC = ["--ruleset", "classic", "--players", "Ann, Ben", "--me", "Ann"]
CLASSIC_POOL, CLASSIC_HAND = "Ann Latrine, Ben Road", "Dock, Wall, Road, Insula, Jack"


@pytest.mark.parametrize("options, said", [
    (["--ruleset", "republik", "--players", "Ann, Ben", "--me", "Ann"], "unknown ruleset 'republik'"),
    (["--ruleset", "classic", "--players", "Ann, Ben", "--me", "Zed"], "Zed is not one of the players"),
    ([*CLASSIC, "--expansion", "geek"], "not classic"),
    (["--ruleset", "republic", "--players", "Ann, Ben", "--me", "Ann", "--expansion", "geek: Castle"],
     "'Castle' is not a Geek card"),
    (["--ruleset", "classic", "--players", "Ann, Ann", "--me", "Ann"], "'Ann' is named twice"),
    (["--ruleset", "classic", "--players", "Ann", "--me", "Ann"], "played by 2 to 5"),
    ([*CLASSIC, "--event", "two\nlines"], "--event holds a line break"),
])
def test_wrong_options_are_refused_before_any_prompt(tmp_path, options, said):
    path = tmp_path / "new.gtr"
    result = runner.invoke(app, ["record", str(path), *options], input="")  # nothing typed: nothing asked
    _refused(result, 2, said)
    assert "end of input" not in result.stderr and not path.exists()


def test_end_of_input_at_the_first_prompt_says_so(tmp_path):
    path = tmp_path / "new.gtr"
    result = runner.invoke(app, ["record", str(path), *CLASSIC], input="")
    _refused(result, 1, "end of input before the leader draw: nothing recorded, no file written")
    result = runner.invoke(app, ["record", str(path), *CLASSIC], input=CLASSIC_POOL + "\n")
    _refused(result, 1, "end of input before Ann's starting hand")
    assert not path.exists()


def test_a_starting_hand_without_its_jack_is_asked_again(tmp_path):
    path = tmp_path / "new.gtr"
    typed = [CLASSIC_POOL, "Dock, Wall, Road, Insula", CLASSIC_HAND, "quit"]
    result = runner.invoke(app, ["record", str(path), *CLASSIC], input="\n".join(typed) + "\n")
    assert result.exit_code == 1, result.output  # piped, the refused hand counts
    assert "refused: Ann's starting hand holds 0 Jack(s)" in result.stderr and "(R-SETUP-9)" in result.stderr  # the classic deal
    assert str(path) not in result.stderr  # no place in a file that was not written
    assert notation.parse_one(path.read_text()).start.hands["Ann"] == tuple(CLASSIC_HAND.split(", "))
    given = runner.invoke(app, ["record", str(tmp_path / "given.gtr"), *CLASSIC, "--pool", CLASSIC_POOL,
                                "--hand", "Dock, Wall, Road, Insula"], input="")
    _refused(given, 1, "holds 0 Jack(s)")  # given as an option: nothing to ask again
    assert not (tmp_path / "given.gtr").exists()


def test_a_refused_leader_draw_is_asked_again_before_the_hand(tmp_path):
    path = tmp_path / "new.gtr"
    typed = ["Ann Latrine", CLASSIC_POOL, CLASSIC_HAND, "quit"]
    result = runner.invoke(app, ["record", str(path), *CLASSIC], input="\n".join(typed) + "\n")
    assert result.exit_code == 1 and "refused: the leader draw" in result.stderr, result.output
    assert "Jack" not in result.stderr  # the hand was asked once, after the draw, and accepted
    assert notation.parse_one(path.read_text()).start.hands["Ann"] == tuple(CLASSIC_HAND.split(", "))


@pytest.mark.parametrize("ruleset", ["classic", "republic", "imperium"])
def test_the_hand_prompt_says_how_many_cards_and_the_jack(ruleset):
    from gtr_replay.replay.recorder import starting_hand_prompt
    from gtr_replay.data.rulesets import find_ruleset

    spec = find_ruleset(ruleset)
    asked = starting_hand_prompt(ruleset, "Ann")
    assert asked.startswith("Ann's starting hand") and f"{spec.starting_orders} cards" in asked
    assert ("Jack" in asked) == bool(spec.starting_jacks)


def test_undo_after_a_refused_line_takes_back_nothing_accepted(tmp_path):
    record, _, _ = _game()
    first = str(record.steps[0].statement)
    path = tmp_path / "undo.gtr"
    result = runner.invoke(app, _start(path), input="\n".join([first, "Ann hires Palace", "undo", "quit"]) + "\n")
    assert result.exit_code == 1, result.output
    assert "nothing undone: 'Ann hires Palace' was refused" in result.stderr
    assert [str(s.statement) for s in notation.parse_one(path.read_text()).steps] == [first]
    again = runner.invoke(app, ["record", str(path)], input="Ann blorps\nundo\nundo\n")
    assert "undone: " + first in again.stdout  # the second undo, asked for again, takes it back
    assert notation.parse_one(path.read_text()).steps == ()


def test_a_real_terminal_asks_the_hand_with_its_count_and_jack_and_again_when_refused(tmp_path):
    pexpect = pytest.importorskip("pexpect")
    path = tmp_path / "tty.gtr"
    child = pexpect.spawn(sys.executable, ["-m", "gtr_replay", "record", str(path), *CLASSIC], cwd=str(ROOT),
                          env={**os.environ, "TERM": "xterm"}, encoding="utf-8", timeout=30, dimensions=(40, 160))
    try:
        child.expect("leader draw")
        child.send(CLASSIC_POOL + "\r")
        child.expect("Ann's starting hand, 4 cards and the Jack dealt with them")
        child.send("Dock, Wall, Road, Insula\r")
        child.expect("holds 0 Jack")
        child.expect("Ann's starting hand, 4 cards")
        child.send(CLASSIC_HAND + "\r")
        child.expect(f"recording {path}")
        child.send("quit\r")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0  # at a terminal, a refused line was seen there: the status stays 0
    assert notation.parse_one(path.read_text()).start.hands["Ann"] == tuple(CLASSIC_HAND.split(", "))


@pytest.mark.parametrize("event", ['back\\slash', 'The "Big" night', 'trail\\', '\\"'])
def test_an_event_with_quotes_and_backslashes_is_kept_as_typed(tmp_path, event):
    """A tag option's value is written escaped (notation/README.md): a backslash was dropped
    and a double quote refused as if the record were at fault."""
    path = tmp_path / "game.gtr"
    result = runner.invoke(app, [*_start(path), "--event", event], input="")
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert notation.parse_one(path.read_text()).tag("Event") == event


def test_an_empty_file_is_a_new_record(tmp_path):
    """A file holding nothing (made ready beforehand) has nothing to resume or lose: the record
    is begun in it. A file holding anything else is never written over."""
    path = tmp_path / "game.gtr"
    path.write_text("\n  \n", encoding="utf-8")
    record, _, _ = _game()
    result = runner.invoke(app, _start(path), input=str(record.steps[0].statement) + "\n")
    assert result.exit_code == 0, result.output
    assert runner.invoke(app, ["check", str(path)]).exit_code == 0
    other = tmp_path / "notes.gtr"
    other.write_text("my notes\n", encoding="utf-8")
    assert runner.invoke(app, _start(other), input="\n").exit_code != 0
    assert other.read_text(encoding="utf-8") == "my notes\n"


def test_the_suggestions_open_one_s_own_draw_list_and_list_the_others_as_unseen(tmp_path):
    """Tab completion: the recorder's own think from a deck of unknown order is offered with its
    list open (the cards drawn are typed), another player's with a '?' a card."""
    path = tmp_path / "game.gtr"
    record, pool, hand = _game()
    recording = Recording.start(path, ruleset="republic", players=["Ann", "Ben"], me="Ann", pool=pool, hand=hand)
    for step in record.steps:
        offered = recording.suggestions()
        thinks = [t for t in offered if " thinks: " in t and not t.endswith("jack")]
        if thinks:
            player = thinks[0].split()[0]
            assert all(t.endswith(" [") for t in thinks) if player == "Ann" else all(t.endswith("?]") for t in thinks)
        recording.add(str(step.statement))
