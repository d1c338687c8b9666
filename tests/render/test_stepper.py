"""The step controller, driven by scripted commands (no terminal involved)."""

import pytest

from gtr_replay.render.stepper import Stepper
from tests.render.test_timeline import short_timeline


def drive(commands: list[str]):
    stepper = Stepper(short_timeline())
    return stepper, [stepper.handle(c) for c in commands]


def test_next_and_enter_move_forward_one_statement():
    stepper, replies = drive(["n", "", "next"])
    assert [(r.kind, r.position) for r in replies] == [("next", 1), ("next", 2), ("next", 3)]
    assert stepper.position == 3


def test_back_moves_back_and_stops_at_the_start():
    _, replies = drive(["n", "n", "b", "b", "b"])
    assert [(r.kind, r.position) for r in replies][2:] == [("back", 1), ("back", 0), ("start", 0)]


def test_next_stops_at_the_end_of_the_record():
    stepper, replies = drive(["n"] * 11)
    assert replies[-1].kind == "end" and replies[-1].position == 10
    assert "10 statements" in replies[-1].message
    assert stepper.position == 10


def test_jump_goes_to_the_start_of_a_turn_either_way():
    _, replies = drive(["t 2", "n", "t 1", "turn 3"])
    assert [(r.kind, r.position, r.turn) for r in replies] == [
        ("turn", 5, 2), ("next", 6, None), ("turn", 0, 1), ("turn", 10, 3)]


@pytest.mark.parametrize("command,says", [("t 9", "no turn 9 in this record: it has turns 1 to 3"),
                                          ("t", "t needs a turn number (turns 1 to 3)"),
                                          ("t two", "t needs a turn number"),
                                          ("x", "unknown command 'x'"),
                                          ("n 3", "'n' takes no argument")])
def test_bad_commands_leave_the_position_and_explain(command, says):
    stepper, replies = drive(["n", command])
    assert replies[-1].kind == "help" and says in replies[-1].message
    assert stepper.position == 1


def test_state_and_quit():
    stepper, replies = drive(["n", "s", "q"])
    assert [(r.kind, r.position) for r in replies] == [("next", 1), ("state", 1), ("quit", 1)]
    assert stepper.done
