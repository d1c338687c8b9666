"""Whole games played through the seat API: every ruleset and the Geek cards, random legal
choices (``gtr selfplay``'s), each statement sent by its own seat after checking that its
data offers it; the record written is the game played and ``gtr check`` accepts it. The
republic game also collects everything one seat receives and finds none of the other
seat's cards that were never public."""

from __future__ import annotations

import json
import re
import threading

import notation
import pytest
from typer.testing import CliRunner
from websockets.sync.client import connect

from gtr_replay.cli import app
from notation import statements as st

from gtr_replay.game.state import GameState
from gtr_replay.replay.replayer import Replayer
from gtr_replay.play.selfplay import play_one
from gtr_replay.replay.visitors import KeepStates

from tests.table.play import say, set_up

GAMES = [("classic", None, "short-20"), ("republic", None, "short-2"), ("imperium", None, "short-10"),
         ("republic", "geek", "short-2")]
PLAYERS = ["Ann", "Ben"]


def _written_is_played(path, record) -> None:
    written = notation.parse_one(path.read_text(encoding="utf-8"))
    assert [str(s.statement) for s in written.steps] == [str(s.statement) for s in record.steps]
    assert written.start.hands == record.start.hands
    assert [[(d.player, d.card) for d in r] for r in written.start.draws] == \
        [[(d.player, d.card) for d in r] for r in record.start.draws]
    assert written.tag("Result") == record.tag("Result")
    checked = CliRunner().invoke(app, ["check", str(path)])
    assert checked.exit_code == 0, checked.output


@pytest.mark.parametrize("ruleset,expansion,name", [g for g in GAMES if g[:2] != ("republic", None)])
def test_a_whole_game_through_the_seats(table_server, tmp_path, ruleset, expansion, name):
    record = play_one(ruleset, PLAYERS, name, expansion=expansion).record(draws=True)
    path = tmp_path / "game.gtr"
    running = table_server(path, ruleset=ruleset, players=PLAYERS, expansion=expansion)
    set_up(running, record)
    for step in record.steps:
        say(running, step.statement)
    final = running.data(None)
    assert final["phase"] == "over" and final["result"] == record.tag("Result")
    _written_is_played(path, record)
    if ruleset == "classic":  # at the end a seat's page links to the viewer, as that seat saw the game
        page = running.http.get(f"/view/{running.token('Ann')}")
        assert page.status_code == 200 and "as Ann saw it" in page.text
        assert page.headers["content-security-policy"] in page.text  # the viewer's own policy, by digests
        assert running.http.get(f"/view/{running.token(None)}").status_code == 404


def _hidden_from(record, seat: str, other: str) -> list[set[str]]:
    """For each count of statements made, the names of the cards ``other`` held so far that
    ``seat`` could not have seen: dealt to or drawn by ``other``, and never yet in ``seat``'s
    hand or a public zone (read from the game's states), nor named in a statement ``seat``
    heard (another's draws unheard)."""
    replayer = Replayer(record, KeepStates())
    snapshots = [s for s in replayer.run() if not s.path]
    states = [replayer.start.copy(), *(GameState.from_dict(s.state_dict) for s in snapshots)]
    held = set(record.start.hands[other])
    seen = {d.card for round_ in record.start.draws for d in round_}
    hidden = []
    for count, state in enumerate(states):
        for player in state.players:
            seen.update(player.stockpile, player.clientele, player.camp)
            if player.name == seat:
                seen.update(player.hand)
            for building in player.buildings:
                seen.add(building.foundation)
                seen.update(building.materials)
        seen.update(state.pool)
        if count:
            statement = record.steps[count - 1].statement
            if statement.actor == other and getattr(statement, "drawn", None):
                held.update(statement.drawn)
            elif not (isinstance(statement, st.Think) and statement.actor != seat):
                seen.update(re.findall(r"[A-Z][a-z]+(?: [A-Z][a-z]+)?", str(statement)))
        hidden.append(held - seen)
    return hidden


def test_one_seat_receives_none_of_the_other_seats_hidden_cards(table_server, tmp_path):
    ruleset, expansion, name = next(g for g in GAMES if g[:2] == ("republic", None))
    record = play_one(ruleset, PLAYERS, name).record(draws=True)
    path = tmp_path / "game.gtr"
    running = table_server(path, ruleset=ruleset, players=PLAYERS)
    received: list[str] = [running.http.get(f"/seat/{running.token('Ann')}").text,
                           running.http.get("/static/table.js").text]
    live: list[str] = []
    socket = connect(f"ws://127.0.0.1:{running.port}/live/{running.token('Ann')}", open_timeout=10, legacy=True)

    def listen() -> None:
        try:
            for message in socket:
                live.append(message)
        except Exception:
            pass

    listener = threading.Thread(target=listen, daemon=True)
    listener.start()
    try:
        set_up(running, record)
        for step in record.steps:
            say(running, step.statement)
            received.append(running.http.get(f"/api/{running.token('Ann')}").text)
    finally:
        socket.close()
        listener.join(10)
    _written_is_played(path, record)
    assert len(live) > len(record.steps)  # every change was pushed to the page
    cards = {seat: running.http.get(f"/api/{running.token(seat)}/cards").json() for seat in (*PLAYERS, None)}
    assert cards["Ann"] == cards["Ben"] == cards[None]  # the game's card list: the same for every page
    hidden = _hidden_from(record, "Ann", "Ben")
    assert sum(len(h) for h in hidden) > 100, hidden  # else the game tests nothing
    checked = 0
    for text in received + live:
        count = json.loads(text).get("count", 0) if text.startswith("{") else 0
        for card in hidden[count]:
            checked += 1
            assert not re.search(rf"(?<![\w]){re.escape(card)}(?![\w])", text), (card, count)
    assert checked > 100
    assert record.start.hands["Ann"][0] in "\n".join(live)  # a name the check would find


def test_a_wrong_or_missing_token_is_refused_and_learns_nothing(table_server, tmp_path):
    running = table_server(tmp_path / "g.gtr", ruleset="republic", players=PLAYERS)
    table, ann = running.token(None), running.token("Ann")
    answers = [running.http.get(path) for path in (
        "/seat/" + "x" * len(ann), "/seat/", "/seat", "/api/nope", "/api/nope/cards", f"/table/{ann}",
        f"/seat/{table}", "/", "/api/" + ann[:-1], "/live/" + ann)]
    answers.append(running.http.post("/api/nope/act", content='{"version": 0, "do": "draw", "card": "Road"}'))
    answers.append(running.http.get(f"/seat/{ann}/x"))
    for answer in answers:
        assert answer.status_code == 404, answer.request.url
        assert answer.text == "not found\n"
        assert "content-security-policy" in answer.headers
    with pytest.raises(Exception):
        with connect(f"ws://127.0.0.1:{running.port}/live/nope", open_timeout=10) as socket:
            socket.recv(timeout=5)
    assert running.http.get(f"/seat/{ann}").status_code == 200
    assert running.data(None)["setup"]["draws"] == []  # nothing was done
