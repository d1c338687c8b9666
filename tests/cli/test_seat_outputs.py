"""What the commands print or write for one seat (``--as``) carries only what that seat may
know (RULES.md §0.5, R-VAULT-1, R-LEG-9): another player's refused statement is shown as
the table heard it, its problem names no card only its actor saw, and no seat's view has
the lines nobody played (a variation's draws come from a known deck's hidden order). Each
test searches the bytes written for the cards the seat did not see."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from gtr_replay.cli import app

runner = CliRunner()
SEATS = Path(__file__).parents[1] / "data" / "seat_views"
TURNED_UP = SEATS / "turned-up-into-a-vault.gtr"
CID_DREW = "Watermill, Palisade, Scriptorium, Market"
"""The cards Cid's refill draws in turn 4 of TURNED_UP: refused where a think counts only the
Order cards in hand (think-hand=orders-only), so the replay stops at his statement."""


def _run(*args: str) -> str:
    done = runner.invoke(app, list(args))
    assert done.exception is None or isinstance(done.exception, SystemExit), done.output
    return done.output


def test_another_players_refused_draw_is_shown_as_heard(tmp_path):
    refused = ("--rulings", "think-hand=orders-only")
    assert f"Cid thinks: refill [{CID_DREW}]" in _run("show", str(TURNED_UP), *refused)  # everyone's view
    mine = _run("show", str(TURNED_UP), "--as", "Cid", *refused)
    assert CID_DREW in mine
    for output in (_run("show", str(TURNED_UP), "--as", "Ben", *refused),
                   _run("replay", str(TURNED_UP), "--as", "Ben", "--json", *refused),
                   _run("plot", str(TURNED_UP), "--as", "Ben", "-o", str(tmp_path / "p.svg"), *refused)):
        assert CID_DREW not in output
    assert "Cid thinks: refill [?, ?, ?, ?]" in _run("show", str(TURNED_UP), "--as", "Ben", *refused)
    page = tmp_path / "ben.html"
    _run("view", str(TURNED_UP), "--as", "Ben", "-o", str(page), *refused)
    assert CID_DREW not in page.read_text("utf-8")


def test_plot_for_a_seat_shows_another_hand_as_its_size(tmp_path):
    """R-LEG-9: Ann's refused statement's problem shows her hand to Ben as a count only."""
    output = _run("plot", str(SEATS / "basilica-from-hand.gtr"), "--as", "Ben", "--rulings", "think-hand=orders-only",
                  "-o", str(tmp_path / "p.svg"))
    assert "Ann's hand: 5 cards" in output and "legal here" not in output


def test_a_refused_draw_from_a_known_deck_names_no_card_to_another_seat(tmp_path):
    """A Deck tag gives the deck's order: Ann's listed draw is refused for naming another card
    than the deck's top one, which only she would have seen."""
    record = tmp_path / "bad.gtr"
    text = (SEATS / "deck-tag-variation.gtr").read_text("utf-8")
    record.write_text(text.replace("  Ann thinks: draw\n", "  Ann thinks: draw [Road]\n", 1), "utf-8")
    everyone = _run("show", str(record))
    top = everyone.split("draws ", 1)[1].split(" from the deck", 1)[0]
    assert top != "Road" and f"Ann draws {top} from the deck" in everyone
    assert f"draws {top}" not in _run("show", str(record), "--as", "Ben")


def test_a_seats_view_has_no_variation(tmp_path):
    """Ann's variation '(Ann thinks: refill)' draws from a Deck tag's order the cards Ben
    draws on the main line: her view leaves the variation out, everyone's shows it."""
    record = SEATS / "deck-tag-variation.gtr"
    assert "( Ann thinks: refill )  — Ann: Villa, Latrine, Bath deck → hand" in _run("replay", str(record), "--no-step")
    for seat in ("Ann", "Ben"):
        narrated = _run("replay", str(record), "--no-step", "--as", seat)
        assert "( Ann thinks: refill )" not in narrated and "Ben thinks: refill" in narrated
    page = tmp_path / "ann.html"
    _run("view", str(record), "--as", "Ann", "-o", str(page))
    assert "Villa, Latrine, Bath" not in page.read_text("utf-8")


RULEBOOK = Path(__file__).parents[2] / "examples" / "rulebook"


def test_a_seats_view_carries_none_of_the_records_words(tmp_path):
    """A record's comments were written by whoever recorded it, who may have seen every hand:
    EX-BB-CATACOMB-1's says which cards You's refill drew, and EX-BB-BASILICA-1's which card
    Right sold face down from hand (B-BASILICA-1, R-VAULT-1). Neither reaches another seat's
    page or narration; the page for everyone keeps them."""
    for record, seat, words in (("ex-bb-catacomb-1.gtr", "Right", "Latrine and Bar"),
                                ("ex-bb-basilica-1.gtr", "Opp", "then the Concrete Tower")):
        path = RULEBOOK / record
        page = tmp_path / f"{seat}.html"
        _run("view", str(path), "--as", seat, "-o", str(page))
        seen = page.read_text(encoding="utf-8")
        assert words not in seen and f"left out of {seat}'s view" in seen
        assert words not in _run("replay", str(path), "--as", seat)
        assert words not in _run("replay", str(path), "--as", seat, "--json")
        everyone = tmp_path / "everyone.html"
        _run("view", str(path), "-o", str(everyone))
        assert words in everyone.read_text(encoding="utf-8").replace("\\n", " ").replace("\n", " ")
