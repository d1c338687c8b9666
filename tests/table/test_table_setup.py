"""The setup typed at the table, refusals in ``gtr record``'s and ``gtr check``'s words, and
resuming from the side file, played on a ``Sitting`` without a server."""

from __future__ import annotations

import stat

import notation
import pytest
from typer.testing import CliRunner

from gtr_replay.cli import app
from gtr_replay.errors import UsageError
from gtr_replay.replay.recorder import Recording, Refused
from gtr_replay.table.links import side_file
from gtr_replay.table import sitting as sitting_module
from gtr_replay.table.sitting import Sitting
from tests.table.test_browsers import GAME

SEATS = ["Ann", "Ben", "Cid"]


def _act(sitting: Sitting, seat, **action) -> str:
    return sitting.act(seat, sitting.version, action)


def _dealt(tmp_path):
    """The example game's record and a sitting whose seats have typed its leader draw and hands."""
    expected = notation.parse_one(GAME.read_text(encoding="utf-8"))
    sitting = Sitting.open(tmp_path / "g.gtr", ruleset="republic", players=SEATS)
    for draw in expected.start.draws[0]:
        _act(sitting, draw.player, do="draw", card=draw.card)
    for seat, hand in expected.start.hands.items():
        _act(sitting, seat, do="hand", cards=list(hand))
    return expected, sitting


def test_a_tie_redeals_to_the_tied_players_only_R_SETUP_5(tmp_path):
    sitting = Sitting.open(tmp_path / "g.gtr", ruleset="republic", players=SEATS)
    _act(sitting, "Ann", do="draw", card="road")
    _act(sitting, "Ben", do="draw", card="Palace")
    assert _act(sitting, None, do="undo") == "the leader draw's Ben Palace"  # typed wrong: the table takes it back
    _act(sitting, "Ben", do="draw", card="Road")
    _act(sitting, "Cid", do="draw", card="Temple")
    assert sitting.view(None)["setup"]["draw_due"] == ["Ann", "Ben"]
    with pytest.raises(Refused, match="no card to draw"):
        _act(sitting, "Cid", do="draw", card="Bath")
    _act(sitting, "Ben", do="draw", card="Atrium")
    _act(sitting, "Ann", do="draw", card="Bath")
    assert sitting.view("Cid")["setup"]["leader"] == "Ben"
    for seat, hand in (("Ann", "Wall, Dock, Market, Palace, Prison"), ("Ben", "Bar, Gate, Villa, Statue, Sewer"),
                       ("Cid", "Crane, Bridge, Forum Romanum, Garden, School")):
        _act(sitting, seat, do="hand", cards=hand.split(", "))
    record = notation.parse_one(sitting.path.read_text(encoding="utf-8"))
    assert [[(d.player, d.card) for d in r] for r in record.start.draws] == [
        [("Ann", "Road"), ("Ben", "Road"), ("Cid", "Temple")], [("Ann", "Bath"), ("Ben", "Atrium")]]
    assert sitting.recording.point().player == "Ben"
    assert CliRunner().invoke(app, ["check", str(sitting.path)]).exit_code == 0


def test_a_hand_is_refused_in_gtr_records_words(tmp_path):
    sitting = Sitting.open(tmp_path / "g.gtr", ruleset="classic", players=["Ann", "Ben"])
    _act(sitting, "Ann", do="draw", card="Road")
    _act(sitting, "Ben", do="draw", card="Bath")
    with pytest.raises(Refused) as ours:
        _act(sitting, "Ann", do="hand", cards=["Wall", "Dock", "Market", "Palace"])  # no Jack (R-SETUP-2)
    with pytest.raises(Refused) as records:
        Recording.start(tmp_path / "r.gtr", ruleset="classic", players=["Ann", "Ben"], me="Ann",
                        pool="Ann Road, Ben Bath", hand="Wall, Dock, Market, Palace")
    assert str(ours.value) == str(records.value) and "Jack" in str(ours.value)
    with pytest.raises(Refused, match="unknown card 'Wal'"):
        _act(sitting, "Ann", do="hand", cards=["Wal", "Dock", "Market", "Palace", "Jack"])
    assert not sitting.path.exists()
    _act(sitting, "Ann", do="hand", cards=["Wall", "Dock", "Market", "Palace", "Jack"])
    resumed = Sitting.open(sitting.path)  # the setup typed so far is kept beside the record
    assert resumed.view("Ann")["setup"]["hand"] == ["Wall", "Dock", "Market", "Palace", "Jack"]
    assert resumed.links.seats == sitting.links.seats
    assert stat.S_IMODE(side_file(sitting.path).stat().st_mode) == 0o600


def test_a_typed_statement_is_refused_in_gtr_checks_words(tmp_path):
    expected, sitting = _dealt(tmp_path)
    bad = "Cid leads Craftsman with Palace"  # not in Cid's hand
    with pytest.raises(Refused) as ours:
        _act(sitting, "Cid", do="say", text=bad)
    copy = tmp_path / "c.gtr"
    copy.write_text(sitting.path.read_text(encoding="utf-8") + f"\nturn 1 Cid\n  {bad}\n", encoding="utf-8")
    checked = CliRunner().invoke(app, ["check", str(copy)])
    assert checked.exit_code != 0 and str(ours.value) in checked.stderr
    with pytest.raises(Refused, match="it is Cid's decision"):
        _act(sitting, "Ann", do="say", text="Ann leads Laborer with Wall")
    with pytest.raises(Refused, match="expected"):
        _act(sitting, "Cid", do="say", text="Cid blorps")
    _act(sitting, "Cid", do="say", text=str(expected.steps[0].statement).lower())  # any case, as the notation
    assert len(notation.parse_one(sitting.path.read_text()).steps) == 1
    resumed = Sitting.open(sitting.path)
    assert len(resumed.recording.record.steps) == 1 and resumed.links.table == sitting.links.table


def test_bad_starts_are_usage_errors(tmp_path):
    with pytest.raises(UsageError, match="unknown ruleset"):
        Sitting.open(tmp_path / "a.gtr", ruleset="nope", players=SEATS)
    with pytest.raises(UsageError, match="2 to 5"):
        Sitting.open(tmp_path / "a.gtr", ruleset="republic", players=["Ann"])
    with pytest.raises(UsageError, match="no such file"):
        Sitting.open(tmp_path / "b.gtr")
    Sitting.open(tmp_path / "c.gtr", ruleset="republic", players=SEATS)
    with pytest.raises(UsageError, match="resumed as it is"):
        Sitting.open(tmp_path / "c.gtr", ruleset="republic", players=SEATS)
    assert not (tmp_path / "a.gtr.table").exists()
    (tmp_path / "e.gtr").write_text("[Ruleset \"republic\"]\n", encoding="utf-8")
    with pytest.raises(UsageError, match="no table links"):
        Sitting.open(tmp_path / "e.gtr")
    result = CliRunner().invoke(app, ["table", str(tmp_path / "d.gtr"), "--ruleset", "republic"])
    assert result.exit_code == 2 and "--players" in result.stderr


def test_hands_holding_too_many_copies_are_refused_without_naming_the_card_R_COMP_6(tmp_path):
    sitting = Sitting.open(tmp_path / "g.gtr", ruleset="republic", players=["Ann", "Ben"])
    _act(sitting, "Ann", do="draw", card="Road")
    _act(sitting, "Ben", do="draw", card="Bath")
    _act(sitting, "Ann", do="hand", cards=["Temple", "Temple", "Wall", "Dock", "Market"])
    with pytest.raises(Refused) as refused:
        _act(sitting, "Ben", do="hand", cards=["Temple", "Temple", "Villa", "Statue", "Palace"])
    assert refused.value.message == sitting_module.TO_THE_TABLE  # the reason depends on Ann's hand: told in public
    notice = sitting.view(None)["notices"][-1]
    assert "R-COMP-6" in notice["text"] and "Temple" not in notice["text"] + str(notice["hint"])
    assert sitting.view("Ben")["setup"]["hand"] is None and not sitting.path.exists()
    with pytest.raises(Refused, match="more copies than the deck holds: Bath"):  # alone: gtr record's words
        _act(sitting, "Ben", do="hand", cards=["Bath", "Bath", "Bath", "Statue", "Palace"])
    _act(sitting, "Ben", do="hand", cards=["Temple", "Villa", "Statue", "Palace", "Bath"])
    assert sitting.phase == "game"


def test_a_draw_of_a_card_placed_elsewhere_is_refused_without_saying_where(tmp_path):
    expected, sitting = _dealt(tmp_path)
    for step in expected.steps[:35]:  # to Cid's think after his Latrine's discard: five cards
        _act(sitting, step.statement.actor, do="say", text=str(step.statement))
    deciding = sitting.view(None)["deciding"]
    think = next(c for g in sitting.view(deciding)["choices"] for c in g["choices"] if c["draws"] == 5)
    placed = "Temple"  # three copies: five cannot be drawn
    with pytest.raises(Refused) as refused:
        _act(sitting, deciding, do="say", text=f"{think['text']} [{', '.join([placed] * think['draws'])}]")
    assert refused.value.message == sitting_module.TO_THE_TABLE
    notice = sitting.view(None)["notices"][-1]  # the reason on the public screen, not where the copies are
    assert sitting_module.ELSEWHERE in notice["text"] and placed not in str(notice)
    assert not any(p in (notice["hint"] or "") for p in SEATS if p != deciding)
