"""Records that leave their turn headers out, as people write them at the table: the reader
places the turns by the statements alone, the game corrects what they cannot tell, and
``gtr fmt`` writes the turns where the game made them (notation/README.md: headers are
optional on input)."""

import re
from pathlib import Path

import notation
import pytest
from typer.testing import CliRunner

from gtr_replay.cli import app
from gtr_replay.replay.replayer import Replayer
from gtr_replay.replay.visitors import CheckOnly, Refusal
from gtr_replay.vocabulary import card_vocabulary

EXAMPLES = Path(__file__).parents[2] / "examples"
SHAPES = {
    "games/classic-2p.gtr": "two players: the follower's think, then the same player's think-turn",
    "rulebook/ex-bb-academy-1.gtr": "an Academy think at the turn's end, then the next turn",
    "rulebook/ex-cl-bar-2.gtr": "the record ends on a follower's think",
    "reading/senate-not-taken-at-the-header.gtr": "a think that passes over a Senate's think not taken",
}
runner = CliRunner()
HEADER = re.compile(r"^turn \d+ \w+\n", re.M)


def problems(text: str) -> list[str]:
    replayer = Replayer(notation.parse_one(text, vocabulary=card_vocabulary()), CheckOnly(Refusal.END_LINE))
    replayer.check()
    return [str(d) for d in replayer.diagnostics]


@pytest.mark.parametrize("name", list(SHAPES), ids=list(SHAPES.values()))
def test_a_record_without_headers_replays_and_formats_back_to_its_turns(name, tmp_path):
    original = (EXAMPLES / name).read_text("utf-8")
    bare = HEADER.sub("", original)
    assert bare != original and problems(bare) == []
    path = tmp_path / "bare.gtr"
    path.write_text(bare, encoding="utf-8")
    done = runner.invoke(app, ["fmt", "--stdout", str(path)])
    canonical = runner.invoke(app, ["fmt", "--stdout", str(EXAMPLES / name)]).stdout
    assert done.exit_code == 0 and done.stdout == canonical  # every turn where the game made it


def test_any_one_header_left_out_still_reads_as_written():
    """One header dropped from a game where the turns are hardest to tell apart (two players,
    late answers to a lead written after the leader's actions): the reader takes the written
    headers around it as they are, and the game agrees."""
    original = (EXAMPLES / "games" / "classic-2p.gtr").read_text("utf-8")
    headers = [m.start() for m in HEADER.finditer(original)]
    failing = []
    for start in headers[::3] + [original.index("turn 48 Ben\n"), original.index("turn 75 Ann\n")]:
        text = original[:start] + original[original.index("\n", start) + 1:]
        found = problems(text)
        if found:
            failing.append((original[start:original.index("\n", start)], found[0]))
    assert failing == []


def test_a_written_header_the_statements_disagree_with_is_still_refused():
    original = (EXAMPLES / "games" / "classic-2p.gtr").read_text("utf-8")
    wrong = original.replace("turn 48 Ben\n", "turn 48 Ann\n")
    with pytest.raises(notation.NotationError,
                       match=r"the header of turn 48 \(line \d+\) names Ann as its leader, but Ben decides first"):
        problems(wrong)
    late = original.replace("turn 48 Ben\n  Ben thinks: draw [Gate]\n", "turn 48 Ben\n  Ben thinks: draw [Gate]\n"
                                                                       "  Ben thinks: jack\n")
    assert any("R-TURN" in p for p in problems(late))


def test_a_statement_recorded_after_an_end_of_turn_think_is_written_under_the_game_s_turns(tmp_path):
    """gtr record and gtr table append each statement without a header: after the Academy's
    think at a turn's end (EX-BB-ACADEMY-1), the next turn's lead made the reader take that think
    for a turn of its own, and the file was written with two turns the game never had, which
    refused every later statement. The file holds the turns where the game made them."""
    from gtr_replay.replay.recorder import Recording

    original = (EXAMPLES / "rulebook" / "ex-bb-academy-1.gtr").read_text("utf-8")
    first_turn = original[:original.index("turn 2 You")]
    path = tmp_path / "academy.gtr"
    path.write_text(first_turn.rstrip("\n") + "\n", encoding="utf-8")
    recording = Recording.resume(path)
    recording.add("You leads Laborer with Bar")
    written = path.read_text("utf-8")
    assert "turn 2 You\n  You leads Laborer with Bar\n" in written and "turn 3" not in written
    assert written.count("You thinks: refill") == 2 and problems(written) == []


@pytest.mark.parametrize("name", ["games/classic-2p.gtr", "games/imperium-2p.gtr"])
def test_any_headers_left_out_read_as_the_game_places_their_turns(name):
    """Some headers written, others not, in any pattern (a fixed sample of half of them left
    out): the written ones are checked, the statements between are the game's to place, and
    gtr fmt writes back the whole record."""
    import random

    original = (EXAMPLES / name).read_text("utf-8")
    headers = list(HEADER.finditer(original))
    rng = random.Random(40)
    for _ in range(4):
        dropped = {k for k in range(len(headers)) if rng.random() < 0.5}
        text, last = [], 0
        for k in sorted(dropped):
            text.append(original[last:headers[k].start()])
            last = headers[k].end()
        text = "".join(text) + original[last:]
        assert problems(text) == [], sorted(dropped)[:8]


def test_a_header_s_comment_stays_when_its_first_statement_restates_the_turn_before_s_step(tmp_path):
    """gtr fmt placing the turns: a written header whose first statement restates a step the
    engine made in the turn before (Opp's pass, forced: nothing to gather) keeps its comment."""
    text = ('[Game "x"]\n[Ruleset "republic"]\n[Players "You, Opp"]\n[Start "position"]\n\nposition\n'
            '  leader: You\n  deck: Road, Insula, Latrine, Bar, Road\n  jacks: 1\n  pool: Dock\n'
            '  hand You: Temple, Road, Villa, Bath, Wall\n  hand Opp: Road\n\n  You leads Laborer with Road\n'
            '  Opp follows with Road\n  You gathers Dock\n\nturn 2 Opp {said at the table}\n  Opp passes\n'
            '  Opp thinks: jack\n')
    assert problems(text) == []
    path = tmp_path / "c.gtr"
    path.write_text(text, encoding="utf-8")
    done = runner.invoke(app, ["fmt", "--stdout", str(path)])
    assert done.exit_code == 0 and "said at the table" in done.stdout and problems(done.stdout) == []


def test_fmt_of_a_record_without_headers_and_a_refused_statement_keeps_the_problem_as_it_was(tmp_path):
    """Past a statement the rules refuse the game places no turn: the reader's turns are written
    there, numbered on from the game's, so the formatted record reports what its source does
    and no header problem of fmt's own."""
    original = (EXAMPLES / "games" / "classic-2p.gtr").read_text("utf-8")
    bare = HEADER.sub("", original).replace("  Ann adds Circus to Catacomb\n", "  Ann hires Road\n")
    bare = bare.replace("  Ben sells Insula\n  Ann sells Insula\n", "  Ben sells Insula\n  Ann hires Insula\n")
    path = tmp_path / "bad.gtr"
    path.write_text(bare, encoding="utf-8")
    done = runner.invoke(app, ["fmt", "--stdout", str(path)])
    assert done.exit_code == 0
    def words(text: str) -> list[str]:  # each problem's words, wherever its lines are
        return [re.sub(r"lines? \d+", "line N", p.split(": ", 1)[1].splitlines()[0]) for p in problems(text)]

    assert words(bare) and words(done.stdout) == words(bare)
    # after it, the reader's turns (one more here: it reads a think as a turn of its own), not one turn
    assert abs(len(HEADER.findall(done.stdout)) - len(HEADER.findall(original))) <= 1


GAME = re.sub(r'\[Result "[^"]*"\]\n', "", (EXAMPLES / "games" / "republic-2p.gtr").read_text("utf-8"))
"""A game (its Result tag left out: the records below end before the game does, or not at all)."""
THINK_TURN = "turn 7 Ben\n  Ben thinks: refill [Tribunal, Atrium, Dock, Bar]\n"
"""Turn 7 of the game: Ben, its leader, thinks."""


def test_a_think_written_above_its_own_header_is_refused_where_it_stands():
    """notation/README.md, Turns: a think just before the header of the next turn stays in its
    turn; Ben's turn-7 think written above 'turn 7 Ben' is in turn 6, which is over (R-TURN-9),
    though no statement stands under the header it belongs to."""
    assert THINK_TURN in GAME
    moved = GAME.replace(THINK_TURN, "  Ben thinks: refill [Tribunal, Atrium, Dock, Bar]\nturn 7 Ben\n")
    problem = problems(moved)[0]  # the first; the statements after it are not replayed
    assert "would belong to turn 7, led by Ben, whose header comes after it" in problem
    assert "write it under 'turn 7 Ben'" in problem


def test_a_statement_the_next_turn_refuses_too_is_refused_for_what_it_says():
    """Above 'turn 7 Ben', a think of Ann's belongs to no turn: turn 6 is over, and in turn 7 the
    game waits for Ben, its leader. It is refused for that, not told to move under the header."""
    moved = GAME.replace(THINK_TURN, "  Ann thinks: jack\n" + THINK_TURN)
    problem = problems(moved)[0]
    assert "it is Ben's decision, not Ann's" in problem and "would belong to turn 7" not in problem

def test_a_header_with_no_statement_says_so_at_its_line():
    """A turn header whose statement was forgotten: the game is still in that turn, and the
    problem is reported at the header that holds nothing, not at the next one."""
    emptied = GAME.replace(THINK_TURN, "turn 7 Ben\n")
    line = emptied[:emptied.index("turn 7 Ben")].count("\n") + 1
    problem = problems(emptied)[0]
    assert problem.startswith(f"<record>:{line}:1: turn 7 holds no statement: the game is still in turn 7, led by Ben")
    assert "write Ben's lead or think under 'turn 7 Ben'" in problem


def test_a_record_may_end_on_a_header_with_nothing_under_it_yet():
    """A game recorded as it is played may end on the header of the turn under way."""
    cut = GAME[:GAME.index(THINK_TURN) + len("turn 7 Ben\n")]
    assert problems(cut) == []


def test_a_header_written_while_an_action_is_owed_names_the_action():
    """Ben's Craftsman action of turn 6 left out before 'turn 7 Ben': the refusal names Ben's
    Craftsman action and the ways it may go (R-TURN-9)."""
    turn6 = GAME[GAME.index("turn 6 Ann"):GAME.index("turn 7 Ben")]
    last = turn6.rstrip("\n").splitlines()[-1]
    assert last.startswith("  Ben ")
    problem = problems(GAME.replace(turn6, turn6.replace(last + "\n", "")))[0]
    assert "turn 7 cannot start yet: the game still waits for Ben's Architect action (" in problem
    assert "to architect" not in problem


def test_two_headers_with_no_statement_are_each_a_header():
    """Two turn headers left empty in a row: the first is the one reported, and a think written
    above them is refused where it stands (its turn's header comes after it)."""
    emptied = GAME.replace(THINK_TURN, "turn 7 Ben\n\n")
    turn8 = emptied[emptied.index("turn 8 Ann"):emptied.index("turn 9 Ben")]
    two = emptied.replace(turn8, "turn 8 Ann\n\n")
    line = two[:two.index("turn 7 Ben")].count("\n") + 1
    assert problems(two)[0].startswith(f"<record>:{line}:1: turn 7 holds no statement")
    moved = two.replace("turn 7 Ben\n", "  Ben thinks: refill [Tribunal, Atrium, Dock, Bar]\nturn 7 Ben\n")
    assert "whose header comes after it" in problems(moved)[0]


def test_an_empty_header_naming_the_wrong_leader_says_to_correct_it():
    wrong = GAME.replace(THINK_TURN, "turn 7 Ann\n")
    assert "hint: correct the header to 'turn 7 Ben' and write Ben's lead or think under 'turn 7 Ben'" in \
        problems(wrong)[0]


def test_the_header_a_record_ends_on_is_checked():
    """A record that ends on the header of the next turn, naming the wrong leader (R-TURN-9)."""
    [problem] = problems(GAME[:GAME.index(THINK_TURN)] + "turn 7 Ann\n")
    assert "this is turn 7, led by Ben" in problem and "hint: write 'turn 7 Ben'" in problem
