"""Playing a record's game at the table through the seat API, as the players' pages would:
each card and statement sent by its own seat, each checked to be offered there first."""

from __future__ import annotations

from notation import Record
from notation import statements as st

from gtr_replay.table.views import PICK


def offered(data: dict, text: str) -> bool:
    """Whether the seat's data offers ``text``: a choice as it stands, or a think or a deck
    card template whose cards are picked on the page."""
    for group in data["choices"] or ():
        for choice in group["choices"]:
            if choice["text"] == text:
                return True
            if choice["draws"] and PICK in choice["text"]:
                head, _, tail = choice["text"].partition(PICK)
                if text.startswith(head) and text.endswith(tail) and text[len(head):].startswith("["):
                    return True
            if choice["draws"] and text.startswith(choice["text"] + " ["):
                return True
    return False


def set_up(running, record: Record) -> None:
    """The leader draw (what is not typed yet) and every starting hand, each typed by its own seat."""
    for n, round_ in enumerate(record.start.draws):
        for draw in round_:
            typed = running.data(None)["setup"]["draws"]
            if n < len(typed) and draw.player in typed[n]:
                continue
            answer = running.act(draw.player, {"do": "draw", "card": draw.card})
            assert "ok" in answer, answer
    for player, hand in record.start.hands.items():
        answer = running.act(player, {"do": "hand", "cards": list(hand)})
        assert "ok" in answer, answer


def say(running, statement: st.Statement) -> dict:
    """One statement by its player's seat, which must offer it."""
    seat = statement.actor
    data = running.data(seat)
    assert data["deciding"] == seat, (str(statement), data["deciding"])
    assert offered(data, str(statement)), (str(statement), data["choices"])
    answer = running.act(seat, {"do": "say", "text": str(statement)}, data["version"])
    assert "ok" in answer, (str(statement), answer)
    return answer
