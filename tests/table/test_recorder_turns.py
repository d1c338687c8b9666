"""The recorder (shared with ``gtr record``) writes the header of a turn that is its leader's
think: appended after a turn written with its header, the think would be read into that turn
and the next lead refused (R-TURN-9)."""

from __future__ import annotations

from dataclasses import replace

import notation
from notation import statements as st

from gtr_replay.replay.recorder import Recording
from gtr_replay.play.selfplay import play_one


def test_think_turns_after_a_written_turn_get_their_headers(tmp_path):
    record = play_one("republic", ["Ann", "Ben", "Cid"], "x1").record(draws=True)
    at = next(n for n, turn in enumerate(record.turns) if n and isinstance(turn.steps[0].statement, st.Think)
              and isinstance(record.turns[n + 1].steps[0].statement, st.Think))
    path = tmp_path / "g.gtr"
    path.write_text(notation.write(replace(record, turns=record.turns[:at], tags=tuple(
        t for t in record.tags if t.name != "Result"))), encoding="utf-8")
    recording = Recording.resume(path)
    later = [s.statement for turn in record.turns[at:at + 3] for s in turn.steps]
    for statement in later:
        recording.add(str(statement))
    written = notation.parse_one(path.read_text(encoding="utf-8"))
    assert [t.number for t in written.turns[at:]] == [t.number for t in record.turns[at:at + 3]]
    assert [str(s.statement) for s in written.steps] == [str(s.statement) for s in record.steps[:len(written.steps)]]
