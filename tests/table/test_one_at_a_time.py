"""Two phones submit at the same moment: one is applied, the other is told the game moved
on (with the game as it stands), and nothing is applied twice. The table's page takes back
more than the last statement; a seat only its own last one."""

from __future__ import annotations

import threading

import notation

from tests.table.play import say, set_up
from tests.table.test_browsers import GAME

SEATS = ["Ann", "Ben", "Cid"]


def _at_once(running, actions):
    """Post every ``(seat, action, version)`` at the same moment; their answers in order."""
    barrier = threading.Barrier(len(actions))
    answers: list = [None] * len(actions)

    def post(n: int, seat, action, version) -> None:
        barrier.wait(10)
        answers[n] = running.act(seat, action, version)

    threads = [threading.Thread(target=post, args=(n, *a)) for n, a in enumerate(actions)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(20)
    return answers


def test_two_phones_at_once_one_applied_the_other_told_the_game_moved_on(table_server, tmp_path):
    expected = notation.parse_one(GAME.read_text(encoding="utf-8"))
    path = tmp_path / "g.gtr"
    running = table_server(path, ruleset="republic", players=SEATS)
    draws = {d.player: d.card for d in expected.start.draws[0]}
    version = running.data("Ann")["version"]
    answers = _at_once(running, [("Ann", {"do": "draw", "card": draws["Ann"]}, version),
                                 ("Ben", {"do": "draw", "card": draws["Ben"]}, version)])
    applied = [a for a in answers if "ok" in a]
    moved = [a for a in answers if "refused" in a]
    assert len(applied) == 1 and len(moved) == 1
    assert moved[0]["refused"] == "the game moved on" and moved[0]["data"]["version"] == version + 1
    assert len(running.data(None)["setup"]["draws"][0]) == 1

    # the same statement sent twice at once (two taps, or one seat open on two phones)
    set_up(running, expected)
    first = expected.steps[0].statement
    version = running.data("Cid")["version"]
    answers = _at_once(running, [("Cid", {"do": "say", "text": str(first)}, version)] * 2)
    assert sorted("ok" in a for a in answers) == [False, True]
    assert next(a for a in answers if "refused" in a)["refused"] == "the game moved on"
    assert [str(s.statement) for s in notation.parse_one(path.read_text()).steps] == [str(first)]


def test_undo_the_seat_its_own_last_the_table_more(table_server, tmp_path):
    expected = notation.parse_one(GAME.read_text(encoding="utf-8"))
    path = tmp_path / "g.gtr"
    running = table_server(path, ruleset="republic", players=SEATS)
    set_up(running, expected)
    for step in expected.steps[:3]:
        say(running, step.statement)
    last = str(expected.steps[2].statement)  # Ben's follow
    refused = running.act("Ann", {"do": "undo"})
    assert "only Ben or the table's page" in refused["refused"]
    assert running.data("Ann")["undo"] is False and running.data("Ben")["undo"] is True
    assert "ok" in running.act("Ben", {"do": "undo"})
    assert last not in path.read_text()
    assert "refused" in running.act("Ben", {"do": "undo"})  # Ann's think followed nothing of Ben's
    taken = running.act(None, {"do": "undo"})  # the table's page, the public screen: not Ann's card (R-THINK-1)
    assert taken["ok"] == "Ann thinks: draw [?]" and "Basilica" not in str(taken)
    assert "ok" in running.act(None, {"do": "undo"})
    assert notation.parse_one(path.read_text()).steps == ()
    assert running.data("Cid")["deciding"] == "Cid"
    refused = running.act(None, {"do": "say", "text": str(expected.steps[0].statement)})
    assert "each seat makes its own decisions" in refused["refused"]
