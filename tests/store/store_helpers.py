"""Helpers shared by the store tests: records to import, and what replaying them gives."""

from __future__ import annotations

from pathlib import Path

import notation

from gtr_replay.replay.replayer import Replayer
from gtr_replay.play.selfplay import selfplay
from gtr_replay.vocabulary import card_vocabulary

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def big_lead_game() -> str:
    """The first republic three-player self-play game in which someone leads a role while
    holding three or more clients of it (found, not pinned: the rules decide which game)."""
    from gtr_replay.engine import Game, rules
    from gtr_replay.game import Lead
    from gtr_replay.play.selfplay import play_one

    for g in range(200):
        name = f"selfplay-republic-3p-2-{g}"
        game = play_one("republic", ["Ann", "Ben", "Cid"], name)
        table = Game.new("republic", ["Ann", "Ben", "Cid"], seed=name)
        state = table.state
        for decision in game.decisions:
            if isinstance(decision, Lead):
                clients = state.player(decision.player).clientele
                if sum(rules.role_of(state, c) is decision.role for c in clients) >= 3:
                    return name
            table.push(decision)
    raise AssertionError("no self-play game with a lead backed by three clients")


def selfplay_records():
    games = [*selfplay("republic", 3, "store", 2), *selfplay("classic", 2, "store", 1)]
    return [g.record(event=f"store test {n}") for n, g in enumerate(games, 1)]


def example_files() -> list[Path]:
    return sorted(EXAMPLES.rglob("*.gtr")) if EXAMPLES.is_dir() else []


def replays(files):
    """(source, record number, replayer, snapshots) for every record of the files."""
    out = []
    for path in files:
        records = notation.parse(Path(path).read_text(encoding="utf-8"), source=str(path),
                                 vocabulary=card_vocabulary())
        for number, record in enumerate(records, 1):
            replayer = Replayer(record, source=str(path))
            out.append((str(path), number, replayer, list(replayer.run())))
    return out


ORPHANS = {
    "players": "SELECT count(*) FROM players WHERE game NOT IN (SELECT id FROM games)",
    "player_states": "SELECT count(*) FROM stored_player_states WHERE game NOT IN (SELECT number FROM games)",
    **{table: f"SELECT count(*) FROM stored_{table} WHERE key >> 20 NOT IN (SELECT number FROM games)"
       for table in ("decisions", "points_by_turn")},
}
"""For each table under ``games``: how many of its stored rows have no game (the public
views join ``games``, so they cannot show such a row)."""
