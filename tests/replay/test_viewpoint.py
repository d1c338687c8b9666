"""Every example game recorded with its draws, rewritten as its first player saw it at the
table (other hands and draws unseen), replays clean to the same game as far as the named
cards go (ARCHITECTURE.md §Hidden information)."""

from collections import Counter
from pathlib import Path

import notation
import pytest

from gtr_replay.engine.unseen import is_unseen
from gtr_replay.replay.files import check_files
from gtr_replay.replay.replayer import Replayer
from gtr_replay.replay.viewpoint import as_seen_by
from gtr_replay.vocabulary import card_vocabulary

GAMES = Path(__file__).parents[2] / "examples" / "games"
DATA = Path(__file__).parents[1] / "data" / "viewpoint"
WITH_DRAWS = sorted(p for p in GAMES.glob("*.gtr") if "[Deck " not in p.read_text())


def _zones(state):
    for p in state.players:
        yield f"{p.name} hand", p.hand
        yield f"{p.name} vault", p.vault
        yield f"{p.name} stockpile", p.stockpile
        yield f"{p.name} clientele", p.clientele
        yield f"{p.name} buildings", [b.foundation for b in p.buildings] + [m for b in p.buildings for m in b.materials]
    yield "pool", state.pool
    yield "deck", state.deck


def test_there_are_games_with_draws():
    assert len(WITH_DRAWS) >= 6


@pytest.mark.parametrize("path", WITH_DRAWS, ids=lambda p: p.stem)
def test_first_players_view_replays_to_the_same_game(path, tmp_path):
    record = notation.parse_one(path.read_text(), vocabulary=card_vocabulary())
    _replays_to_the_same_game(record, record.players[0], path.name, tmp_path)


def test_an_answer_the_seat_s_game_makes_too_is_not_written_again(tmp_path):
    """Ann's Dock grants a gather from her hand after each of her Laborer actions; where she
    has no card to take, the engine passes it for her, in the whole game and in Ben's view
    alike. Written out as well, 'Ann passes' would end her actions there (a self-play game)."""
    path = DATA / "dock-declined.gtr"
    record = notation.parse_one(path.read_text(), vocabulary=card_vocabulary())
    _replays_to_the_same_game(record, "Ben", path.name, tmp_path)


def _replays_to_the_same_game(record, first, name, tmp_path) -> str:
    """The record as ``first`` saw it: it names no other hand, checks clean, and ends as the
    whole record does, every named card where the whole record has it. Its text."""
    seen = as_seen_by(record, first)
    text = notation.write(seen)
    for other in record.players:
        if other != first:
            assert f"hand {other}: ?" in text
    assert "[?" in text  # another player's draw is unseen
    rewritten = tmp_path / name
    rewritten.write_text(text)
    report = check_files([rewritten])
    assert report.ok, "\n".join(map(str, report.problems[:3]))
    full = Replayer(record)
    list(full.run())
    hidden = Replayer(notation.parse_one(text, vocabulary=card_vocabulary()))
    list(hidden.run())
    a, b = full.final, hidden.final
    assert (a.turn, a.end_reason, a.leader) == (b.turn, b.end_reason, b.leader)
    for (zone, known), (_, partly) in zip(_zones(a), _zones(b)):
        assert len(known) == len(partly), zone
        named = Counter(c for c in partly if not is_unseen(c))
        assert not named - Counter(known), zone  # every named card is where the full record has it
    assert a.player(first).hand == b.player(first).hand
    return text
