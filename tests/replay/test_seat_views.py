"""Hidden cards stay hidden (ARCHITECTURE.md §Hidden information; R-VAULT-1, AMB-25): what a
seat's view of the whole record shows (the view model behind ``gtr show --as``, the review
page and the table's pages) names no card that the seat's own record of the game does not.
The seat's record is the whole record as that player heard it at the table
(``as_seen_by``): every other hand and draw unseen, and a card sold face down unseen by
whoever did not see it go in. The two games are held side by side wherever their public
zones agree."""

from collections import Counter
from pathlib import Path

import notation
import pytest

from gtr_replay.engine.unseen import is_unseen
from gtr_replay.render.model import HiddenCards, state_model
from gtr_replay.render.timeline import Timeline
from gtr_replay.replay.viewpoint import as_seen_by
from gtr_replay.vocabulary import card_vocabulary

ROOT = Path(__file__).parents[2]
SALES = ROOT / "tests" / "data" / "seat_views"
GAMES = sorted((ROOT / "examples" / "games").glob("*.gtr"))
RECORDS = [p for p in [*sorted(SALES.glob("*.gtr")), *GAMES] if "[Deck " not in p.read_text("utf-8")]
"""The records with a setup block and their draws: a seat's record is written from those."""


def _public(state) -> tuple:
    """What every seat sees of a state alike: where two replays agree on it, they stand at the
    same point of the game."""
    return (state.turn, str(state.phase), len(state.steps), len(state.deck), tuple(sorted(state.pool)),
            tuple((tuple(sorted(p.stockpile)), tuple(sorted(p.clientele)), tuple(p.camp), len(p.hand), len(p.vault),
                   tuple((b.foundation, tuple(b.materials)) for b in p.buildings)) for p in state.players))


def _named(zone) -> Counter:
    if isinstance(zone, HiddenCards):
        return Counter(zone.known)
    return Counter(card for item in zone for card in ((item,) if isinstance(item, str) else item.cards))


def _known(cards) -> Counter:
    return Counter(card for card in cards if not is_unseen(card))


def _leaks(record, seat: str) -> list[str]:
    whole = Timeline.replay(record)
    heard = Timeline.replay(notation.parse_one(notation.write(as_seen_by(record, seat)), vocabulary=card_vocabulary()))
    points = [_public(heard.state(j)) for j in range(len(heard) + 1)]
    leaks, j, compared = [], 0, 0
    for position in range(len(whole) + 1):
        state = whole.state(position)
        if state.over:  # vaults are uncovered at the end (R-VAULT-3)
            continue
        k = next((k for k in range(j, len(points)) if points[k] == _public(state)), None)
        if k is None:
            continue
        j, compared = k, compared + 1
        known = heard.state(j)
        model = state_model(state, viewer=seat, watch=whole.watch(position))
        for camp in model.camps:
            player = known.player(camp.name)
            for zone, cards in (("hand", player.hand), ("vault", player.vault)):
                extra = _named(getattr(camp, zone)) - _known(cards)
                if extra:
                    leaks.append(f"position {position}: {camp.name}'s {zone} shows {sorted(extra.elements())}")
            if isinstance(camp.vault, HiddenCards):  # seen going in this turn: as the seat's record saw them go in
                extra = Counter(camp.vault.known) - _known(heard.watch(j).seen(camp.name, None))
                if extra:
                    leaks.append(f"position {position}: {camp.name}'s vault shows {sorted(extra.elements())} going in")
    assert compared > len(whole) // 2, "the two replays should stand side by side most of the game"
    return leaks


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_a_seat_s_view_names_no_card_its_own_record_does_not(path):
    record = notation.parse_one(path.read_text("utf-8"), vocabulary=card_vocabulary())
    for seat in record.players:
        assert _leaks(record, seat) == [], seat


def test_the_sales_face_down_are_there_to_be_hidden():
    """The records above hold what a seat must not see: a card sold from another hand through
    a Basilica (B-BASILICA-1), a card sold from the deck through an Atrium, unseen by all
    (B-ATRIUM-1); and one a Bacchanalia turned up for the table, seen by all (G-BACCHANALIA-1)."""
    texts = {p.stem: p.read_text("utf-8") for p in RECORDS}
    assert "Ben sells Bath from hand\n  Ben sells Amphitheatre\n  Ben sells Insula from hand" in texts[
        "basilica-from-hand"]  # a sale from the stockpile between, in one turn
    assert "sells [Ludus Magna] from deck" in texts["atrium-from-deck"]
    assert "sells [Atrium] from deck" in texts["turned-up-into-a-vault"]
    heard = notation.write(as_seen_by(notation.parse_one(texts["basilica-from-hand"], vocabulary=card_vocabulary()),
                                      "Ann"))
    assert "Ben sells ? from hand\n  Ben sells Amphitheatre\n  Ben sells ? from hand" in heard
