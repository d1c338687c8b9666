"""The table's server against what a page should never meet: a setup typed wrong and taken
back, a seat's own draw without its cards, malformed actions, a binary frame on the live
socket, refusals that would show the server's paths, and refusals that would tell a seat where
the cards it cannot see lie. Driven through starlette's TestClient against the app object (no
server, no network): an exception in the app fails the test."""

from __future__ import annotations

import json

import anyio
import notation
import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from typer.testing import CliRunner

from gtr_replay.cli import app as cli
from gtr_replay.replay import recorder
from gtr_replay.replay.recorder import Recording
from gtr_replay.table.app import application
from gtr_replay.table.sitting import ELSEWHERE, TO_THE_TABLE, Sitting

ANN = ["Temple", "Temple", "Temple", "Bath", "Bath"]  # every Temple; the third Bath (one is in the pool)
BEN = ["Villa", "Villa", "Villa", "Dock", "Road"]  # every Villa: Ann cannot see them


class Served:
    """One sitting served by its app under TestClient, with each page's requests."""

    def __init__(self, sitting: Sitting) -> None:
        self.sitting = sitting
        self.app = application(sitting)
        self.client = TestClient(self.app)

    def token(self, seat: str | None) -> str:
        links = self.sitting.links
        return links.table if seat is None else links.seats[seat]

    def data(self, seat: str | None) -> dict:
        answer = self.client.get(f"/api/{self.token(seat)}")
        assert answer.status_code == 200
        return answer.json()

    def post(self, seat: str | None, body: str | bytes):
        return self.client.post(f"/api/{self.token(seat)}/act", content=body)

    def act(self, seat: str | None, **action) -> dict:
        answer = self.post(seat, json.dumps({"version": self.data(seat)["version"], **action}))
        assert answer.status_code == 200, answer.text
        return answer.json()

    def ok(self, seat: str | None, **action) -> str:
        answer = self.act(seat, **action)
        assert "ok" in answer, answer
        return answer["ok"]


@pytest.fixture
def served(tmp_path):
    """``served(players)``: a new republic game at the table, its app under TestClient."""
    opened: list[Served] = []

    def start(players=("Ann", "Ben")) -> Served:
        table = Served(Sitting.open(tmp_path / "g.gtr", ruleset="republic", players=list(players)))
        table.client.__enter__()
        opened.append(table)
        return table

    yield start
    for table in opened:
        table.client.__exit__(None, None, None)


def _dealt(table: Served, ann=ANN, ben=BEN) -> None:
    """Ann leads (her Bath against Ben's Foundry); the record is begun."""
    table.ok("Ann", do="draw", card="Bath")
    table.ok("Ben", do="draw", card="Foundry")
    table.ok("Ann", do="hand", cards=list(ann))
    table.ok("Ben", do="hand", cards=list(ben))
    assert table.data(None)["phase"] == "game" and table.data("Ann")["deciding"] == "Ann"


def _drain(socket) -> list[str]:
    """The frames a live socket has been sent and not read yet."""
    frames = []
    while True:
        try:
            message = socket.portal.call(socket._send_rx.receive_nowait)
        except anyio.WouldBlock:
            return frames
        frames.append(message.get("text") or json.dumps(message))


# -- 1. the setup taken back -------------------------------------------------------------------
def test_a_starting_hand_typed_wrong_is_taken_back_from_the_tables_page_before_the_first_statement(served):
    table = served()
    wrong = ["Wall", "Temple", "Dock", "Road", "Latrine"]  # Ann holds two Walls: one typed as a Temple
    _dealt(table, ann=wrong, ben=["Villa", "Villa", "Dock", "Road", "Latrine"])
    path = table.sitting.path
    assert path.exists()
    retyped = table.act("Ann", do="hand", cards=["Wall", "Wall", "Dock", "Road", "Latrine"])
    assert "the setup is over" in retyped["refused"] and "table's page" in retyped["hint"]
    own = table.act("Ann", do="undo")  # a seat takes back its own statements only: it is told who can
    assert "no statement recorded yet" in own["refused"] and "table's page" in own["hint"]
    shown = table.data(None)
    assert shown["undo"] is True and shown["undo_label"] == "take back Ben's starting hand"

    taken = table.ok(None, do="undo")  # the last input first: Ben's hand, its cards not named in public
    assert taken == "Ben's starting hand (Ben types it again)" and "Villa" not in taken
    assert table.data(None)["phase"] == "setup" and not path.exists()
    assert table.data("Ben")["setup"]["hand"] is None and table.data("Ann")["setup"]["hand"] == wrong
    assert Sitting.open(path).view(None)["setup"]["hands_in"] == ["Ann"]  # kept beside the record
    assert table.data(None)["setup"]["undo"] == "take back Ann's starting hand"
    assert table.ok(None, do="undo") == "Ann's starting hand (Ann types it again)"

    right = ["Wall", "Wall", "Dock", "Road", "Latrine"]
    table.ok("Ann", do="hand", cards=right)
    table.ok("Ben", do="hand", cards=["Villa", "Villa", "Dock", "Road", "Latrine"])
    assert table.data("Ann")["deciding"] == "Ann"
    assert list(notation.parse_one(path.read_text(encoding="utf-8")).start.hands["Ann"]) == right
    assert CliRunner().invoke(cli, ["check", str(path)]).exit_code == 0
    table.ok("Ann", do="say", text="Ann thinks: jack")
    assert table.data(None)["undo_label"] is None  # a statement: the table takes that back first


def test_the_setup_is_taken_back_the_last_input_first_down_to_the_leader_draw(served):
    table = served()
    _dealt(table)
    assert table.ok(None, do="undo") == "Ben's starting hand (Ben types it again)"
    table.ok("Ben", do="hand", cards=BEN)  # typed again: the game is on
    assert table.data(None)["phase"] == "game"
    assert table.ok(None, do="undo").startswith("Ben's")
    assert table.ok(None, do="undo").startswith("Ann's")
    assert table.ok(None, do="undo") == "the leader draw's Ben Foundry"
    assert table.data("Ben")["setup"]["draw_due"] == ["Ben"]
    assert table.ok(None, do="undo") == "the leader draw's Ann Bath"
    assert "nothing to take back" in table.act(None, do="undo")["refused"]


def test_a_take_back_cut_short_finds_every_hand_and_begins_the_record_again(served):
    table = served()
    _dealt(table)
    path = table.sitting.path
    text = path.read_text(encoding="utf-8")
    path.unlink()  # the take-back removes the record first: stopped before the side file is saved
    resumed = Sitting.open(path)
    assert resumed.phase == "game" and path.read_text(encoding="utf-8") == text


# -- 2. a seat's own draw names its cards ------------------------------------------------------
def test_a_seats_own_draw_must_name_its_cards(served):
    table = served()
    _dealt(table)
    before = table.sitting.path.read_text(encoding="utf-8")
    for typed in ("Ann thinks: draw", "ann thinks: draw [?]"):
        refused = table.act("Ann", do="say", text=typed)
        assert "own" in refused["refused"] and refused["hint"], refused
    assert "Ann thinks: draw [Card]" in table.act("Ann", do="say", text="Ann thinks: draw")["hint"]
    assert table.sitting.path.read_text(encoding="utf-8") == before
    assert "?" not in json.dumps(table.data("Ann")["state"]["camps"])
    assert table.ok("Ann", do="say", text="Ann thinks: draw [Foundry]") == "Ann thinks: draw [Foundry]"


# -- 3. malformed actions ----------------------------------------------------------------------
MALFORMED = [
    {"do": "hand", "cards": 5}, {"do": "hand", "cards": None}, {"do": "hand", "cards": "Road"},
    {"do": "hand", "cards": [1, 2]}, {"do": "hand"}, {"do": "draw", "card": ["Road"]}, {"do": "draw"},
    {"do": "say", "text": 5}, {"do": ["undo"]}, {"do": {"x": 1}}, {}, {"do": "fly"},
]
BAD_VERSIONS = ["Infinity", "-Infinity", "NaN", '"1"', "[1]", "true", "null", "1.5", "{}"]


def test_malformed_actions_are_answered_400_in_words_and_change_nothing(served):
    table = served()
    table.ok("Ann", do="draw", card="Road")
    table.ok("Ben", do="draw", card="Wall")
    side = table.sitting.links.draws, dict(table.sitting.links.hands)
    version = table.data("Ann")["version"]
    bodies = [json.dumps({"version": version, **action}) for action in MALFORMED]
    bodies += ['{"version": %s, "do": "hand", "cards": ["Road"]}' % v for v in BAD_VERSIONS]
    bodies += ['{"do": "undo"}', "[1]", "null", "{", b'{"version": 1, "do": "\xff"}']
    for seat in ("Ann", None):
        for body in bodies:
            answer = table.post(seat, body)
            assert answer.status_code == 400, (body, answer.text)
            words = answer.json()
            assert words["refused"] and "Error" not in words["refused"], (body, words)
            assert words["data"]["version"] == version
    assert (table.sitting.links.draws, table.sitting.links.hands) == side and not table.sitting.path.exists()
    assert table.data("Ann")["version"] == version
    table.ok("Ann", do="hand", cards=ANN)  # and the table goes on


# -- 4. the live socket ------------------------------------------------------------------------
def test_a_binary_frame_closes_the_live_socket_with_a_code(served):
    table = served()
    with table.client.websocket_connect(f"/live/{table.token('Ann')}") as socket:
        assert socket.receive_json()["seat"] == "Ann"
        socket.send_bytes(b"\x00\x01")
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_text()
    assert closed.value.code == 1003
    assert not table.app.state.table.live
    with table.client.websocket_connect(f"/live/{table.token('Ann')}") as socket:
        socket.send_text("ping")  # text is taken and ignored: the page speaks by POST
        table.ok("Ann", do="draw", card="Road")
        assert socket.receive_json()["seat"] == "Ann"
        assert socket.receive_json()["setup"]["draws"] == [{"Ann": "Road"}]


# -- 5. no server path on a page ---------------------------------------------------------------
def test_a_refusal_never_shows_the_servers_paths(served, monkeypatch, tmp_path):
    table = served()
    _dealt(table)
    folder = str(tmp_path)
    answers = [table.post("Ann", json.dumps({"version": table.data("Ann")["version"], "do": "say",
                                             "text": f'Ann thinks: jack\n[Result "Ann 99"]'}))]
    assert "one statement at a time" in answers[0].json()["refused"]

    def full(self, record, state):
        raise recorder._cannot_save(self.path, OSError(28, "No space left on device"))

    monkeypatch.setattr(Recording, "_commit", full)
    answers.append(table.post("Ann", json.dumps({"version": table.data("Ann")["version"], "do": "say",
                                                 "text": "Ann thinks: jack"})))
    refused = answers[-1].json()["refused"]
    assert refused.startswith("cannot write g.gtr: No space left") and folder not in refused
    assert all(answer.status_code == 200 and folder not in answer.text for answer in answers)


# -- 6. a seat's answer tells it nothing of the cards it cannot see ---------------------------
def test_a_draw_refused_for_copies_in_another_hand_is_told_on_the_tables_page_alone(served):
    table = served()
    _dealt(table)
    pages = {seat: table.client.websocket_connect(f"/live/{table.token(seat)}") for seat in ("Ann", "Ben", None)}
    sockets = {seat: page.__enter__() for seat, page in pages.items()}
    try:
        for socket in sockets.values():
            _drain(socket)
        refused = table.act("Ann", do="say", text="Ann thinks: draw [Villa]")  # every Villa: in Ben's hand
        assert (refused["refused"], refused["hint"]) == (TO_THE_TABLE, "look at the table's page")
        pushed = [json.loads(frame) for frame in _drain(sockets[None])]
        assert _drain(sockets["Ann"]) == [] and _drain(sockets["Ben"]) == []  # no seat's page changes
        notice = pushed[-1]["notices"][-1]
        assert notice["text"].startswith("Ann's statement 1 was not recorded") and ELSEWHERE in notice["text"]
        assert "Villa" not in json.dumps(pushed[-1]["notices"]) and "Ben" not in json.dumps(pushed[-1]["notices"])
        assert table.data(None)["notices"] == pushed[-1]["notices"]
        assert table.data(None)["count"] == 0
    finally:
        for page in pages.values():
            page.__exit__(None, None, None)


def test_a_seat_gets_the_same_bytes_wherever_the_copies_it_cannot_see_lie(served):
    """The fair comparison holds the seat's view fixed: the same game at the same moment, Ann's
    page unchanged, and Ann naming a card that cannot be drawn because its copies are (a) all in
    Ben's hand, which she cannot see; (b) all in her own hand; (c) in the pool and her hand. She
    can tell (b) and (c) from her page; had her answer for (a) been any different, it would tell
    her where cards she cannot see lie. Every byte she receives, by HTTP and on her live socket,
    is the same in the three, and the table's page is told the same words."""
    table = served()
    _dealt(table)
    version = table.data("Ann")["version"]
    with table.client.websocket_connect(f"/live/{table.token('Ann')}") as ann, \
            table.client.websocket_connect(f"/live/{table.token(None)}") as public:
        _drain(ann), _drain(public)
        received, told = [], []
        for card in ("Villa", "Temple", "Bath"):
            answer = table.post("Ann", json.dumps({"version": version, "do": "say",
                                                   "text": f"Ann thinks: draw [{card}]"}))
            received.append((answer.status_code, answer.content, _drain(ann)))
            frames = _drain(public)
            assert frames, card  # the refusal is public
            told.append(json.loads(frames[-1])["notices"][-1])
    assert received[0] == received[1] == received[2]
    assert json.loads(received[0][1])["refused"] == TO_THE_TABLE
    assert told[0] == told[1] == told[2]


# -- 6. what a phone can type ------------------------------------------------------------------
def test_a_variation_is_refused_at_the_table_so_no_answer_tells_another_hand(served):
    """A variation is replayed against the hands as they are: 'Ben follows with Road' inside one
    was accepted or refused by whether Ben holds a Road. At the table every variation is refused
    alike, before it is replayed, whatever it names."""
    table = served()
    _dealt(table)
    before = table.sitting.path.read_text(encoding="utf-8")
    answers = [table.act("Ann", do="say", text=f"Ann thinks: jack (Ann leads Laborer with Temple; Ben follows "
                                                f"with {card})") for card in ("Road", "Latrine", "Road, Road")]
    assert all(a == {**answers[0], "data": a["data"]} for a in answers), answers  # one answer whatever Ben holds
    assert "variation" in answers[0]["refused"] and answers[0]["hint"]
    assert table.sitting.path.read_text(encoding="utf-8") == before


def test_odd_text_from_a_phone_is_refused_in_words(served):
    """Half of an emoji (a lone surrogate) cannot be saved, and a statement longer than the
    table takes: each a refusal that says what to do, never a 500 or a programmer's words."""
    table = served()
    _dealt(table)
    version = table.data("Ann")["version"]
    half = table.post("Ann", '{"version": %d, "do": "say", "text": "Ann thinks: jack {\\ud83d}"}' % version)
    assert half.status_code == 200 and "not whole" in half.json()["refused"], half.text
    long = table.post("Ann", json.dumps({"version": version, "do": "say", "text": "Ann thinks: jack {" + "中" * 3000 + "}"}))
    assert long.status_code == 400 and "too long" in long.json()["refused"] and long.json()["hint"]
    assert table.ok("Ann", do="say", text="Ann thinks: jack") == "Ann thinks: jack"


def test_a_statement_after_the_end_says_how_to_take_the_last_one_back(served, monkeypatch):
    from types import SimpleNamespace

    table = served()
    _dealt(table)
    monkeypatch.setattr(table.sitting, "point", lambda: SimpleNamespace(player=None))  # the game ended: nobody decides
    refused = table.act("Ben", do="say", text="Ben thinks: jack")
    assert "the game is over" in refused["refused"] and "undo" in refused["hint"]


def test_a_game_resumed_listens_where_it_was_begun(tmp_path):
    """--this-machine (or --host) is kept with the links: resumed without it, the game still
    listens on 127.0.0.1 and its links still point there."""
    path = tmp_path / "g.gtr"
    Sitting.open(path, ruleset="republic", players=["Ann", "Ben"], host="127.0.0.1")
    assert Sitting.open(path).links.host == "127.0.0.1"
    assert Sitting.open(path, host="10.0.0.7").links.host == "10.0.0.7" == Sitting.open(path).links.host
