"""Stepping through a timeline by commands, without any input or output of its own.

``Stepper.handle(command)`` moves the position and answers with a ``Reply`` saying what to
show; ``gtr replay`` reads the commands and prints the replies, and tests script them.
"""

from __future__ import annotations

from dataclasses import dataclass

from gtr_replay.render.timeline import Timeline

HELP = "Enter or n: next · b: back · t N: jump to the start of turn N · s: state · q: quit"


@dataclass(frozen=True)
class Reply:
    """What a command did. ``kind`` is one of:

    - ``next``: the position moved forward; show the statement at ``position``;
    - ``back``: the position moved back; ``position`` is the statement now last shown (0: the start);
    - ``turn``: the position jumped to the start of turn ``turn``;
    - ``state``: show the state at ``position``;
    - ``end``: there is no statement after ``position``;
    - ``start``: there is no statement before the start;
    - ``help``: the command was not understood (``message`` says why);
    - ``quit``: stop.
    """

    kind: str
    position: int
    message: str = ""
    turn: int | None = None


class Stepper:
    """The position in a timeline and the commands that move it."""

    def __init__(self, timeline: Timeline, position: int = 0) -> None:
        self.timeline = timeline
        self.position = position
        self.done = False

    def handle(self, command: str) -> Reply:
        """Do one command: '' or n(ext), b(ack), t(urn) N, s(tate), q(uit)."""
        words = command.strip().split()
        verb = words[0].lower() if words else "n"
        if verb in ("t", "turn"):
            return self.jump(" ".join(words[1:]))
        action = {"n": self.next, "next": self.next, "b": self.back, "back": self.back,
                  "s": self.state, "state": self.state, "q": self.quit, "quit": self.quit}.get(verb)
        if action is None:
            return Reply("help", self.position, f"unknown command {command.strip()!r}; {HELP}")
        if len(words) > 1:
            return Reply("help", self.position, f"{verb!r} takes no argument; {HELP}")
        return action()

    def next(self) -> Reply:
        if self.position >= len(self.timeline):
            return Reply("end", self.position, f"end of the record ({len(self.timeline)} statements)")
        self.position += 1
        return Reply("next", self.position)

    def back(self) -> Reply:
        if self.position == 0:
            return Reply("start", 0, "already at the start")
        self.position -= 1
        return Reply("back", self.position)

    def jump(self, argument: str) -> Reply:
        turns = self.timeline.turns
        span = f"turns {turns.start} to {turns.stop - 1}"
        try:
            turn = int(argument)
        except ValueError:
            return Reply("help", self.position, f"t needs a turn number ({span}), e.g. 't {turns.start}'")
        if turn not in turns:
            return Reply("help", self.position, f"no turn {turn} in this record: it has {span}")
        self.position = self.timeline.start_of_turn(turn)
        return Reply("turn", self.position, turn=turn)

    def state(self) -> Reply:
        return Reply("state", self.position)

    def quit(self) -> Reply:
        self.done = True
        return Reply("quit", self.position)
