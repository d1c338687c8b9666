"""Records written as people write them read back to the same game: from self-play games,
each ``passes`` that declines an optional step is left out where the statement written next
could not answer that step (R-TURN-7: a step not taken needs no statement), and every step
the engine made by itself is written out (a restated forced step). Every such record replays
to the same final state as the game it was written from, and each statement reports what it
did, the steps it passed over included: the store builds every state from that.

A small sample of seeds runs in the suite; a larger sweep runs as a script:
``python -m tests.replay.test_reading_property --games 40``."""

from __future__ import annotations

import argparse
import sys

import pytest

import notation
from gtr_replay.engine import Game
from gtr_replay.game.decisions import Decision, Pass
from gtr_replay.replay.replayer import Replayer
from gtr_replay.replay.from_game import deck_tag, rulings_tag
from gtr_replay.replay.translate import statement_for
from gtr_replay.data.expansions import expansion_tag
from gtr_replay.play.selfplay import SelfPlayGame, selfplay
from gtr_replay.store.rows import game_rows
from gtr_replay.vocabulary import card_vocabulary
from gtr_replay.replay.visitors import CheckOnly

RULESETS = ("classic", "republic", "imperium")


def _left_out(game: SelfPlayGame) -> set[int]:
    """The decisions to leave out: each pass that declines a granted step (one a pass may
    answer) where the decision written next is another player's or of a kind the step does
    not take. Decided from the last decision back, so 'written next' skips those left out."""
    table = Game.new(game.ruleset, game.players, seed=game.deck_seed, rulings=game.rulings,
                     expansion=game.expansions)
    declines: list[tuple[str, tuple[type[Decision], ...]] | None] = []
    for decision in game.decisions:
        prompt = table.pending()
        optional = (type(decision) is Pass and bool(table.state.steps) and prompt is not None
                    and Pass in prompt.decisions)
        declines.append((prompt.player, prompt.decisions) if optional else None)
        table.push(decision)
    out: set[int] = set()
    written_next: Decision | None = None
    for n in range(len(game.decisions) - 1, -1, -1):
        asked = declines[n]
        if asked is not None and written_next is not None:
            player, kinds = asked
            if written_next.player != player or type(written_next) not in kinds:
                out.add(n)
                continue
        written_next = game.decisions[n]
    return out


def written_as_people_write(game: SelfPlayGame) -> tuple[notation.Record, int, int]:
    """The game's record with the passes of ``_left_out`` left out and every forced step
    written out after the decision that led to it, in the turn it was made in; and how many
    statements were left out and written out."""
    table = Game.new(game.ruleset, game.players, seed=game.deck_seed, rulings=game.rulings,
                     expansion=game.expansions)
    state = table.state
    tags = [notation.Tag("Game", "Glory to Rome"), notation.Tag("Ruleset", str(state.ruleset)),
            notation.Tag("Players", ", ".join(game.players))]
    if (expansion := expansion_tag(state.expansions)) is not None:
        tags.append(notation.Tag("Expansion", expansion))
    if (changed := rulings_tag(state.rulings)) is not None:
        tags.append(notation.Tag("Rulings", changed))
    tags.append(notation.Tag("Deck", deck_tag(game.deck_seed)))
    out = _left_out(game)
    turns: dict[int, tuple[str, list[notation.Step]]] = {}

    def write(turn: int, leader: str, statement) -> None:
        turns.setdefault(turn, (leader, []))[1].append(notation.Step(statement))

    restated = 0
    leaders: dict[int, str] = {}
    for n, decision in enumerate(game.decisions):
        turn, leader = state.turn, state.players[state.leader].name
        leaders.setdefault(turn, leader)
        before = state.copy()
        applied = table.push(decision)
        if n not in out:
            write(turn, leaders[turn], statement_for(decision, before, applied.events))
        for forced in applied.forced:
            leaders.setdefault(forced.turn, leader if forced.turn == turn else state.players[state.leader].name)
            write(forced.turn, leaders[forced.turn], statement_for(forced.decision, state, []))
            restated += 1
    record = notation.Record(tuple(tags), None, tuple(notation.Turn(t, leader, tuple(steps))
                                                      for t, (leader, steps) in sorted(turns.items()) if steps))
    return record, len(out), restated


def _seen(state) -> dict:
    data = state.to_dict()
    data["deck"] = sorted(data["deck"])
    del data["deck_known"]
    return data


def check_game(game: SelfPlayGame) -> tuple[int, int]:
    """Replay the game written as people write it; it must end where the game ended."""
    record, left_out, restated = written_as_people_write(game)
    text = notation.write([record])
    [again] = notation.parse(text, vocabulary=card_vocabulary(game.ruleset))
    replayer = Replayer(again, CheckOnly())
    replayer.check()
    assert not replayer.diagnostics, (game.deck_seed, [str(d) for d in replayer.diagnostics][:3])
    assert _seen(replayer.final) == _seen(game.state), game.deck_seed
    game_rows(again, source=game.deck_seed, number=1, check=True)  # each stored state, from what its statement did
    return left_out, restated


def _games(ruleset: str, players: int, count: int, seed: str):
    expansion = "geek" if ruleset == "imperium" else None
    return selfplay(ruleset, players, seed=seed, games=count, expansion=expansion)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("ruleset", RULESETS)
def test_left_out_passes_and_restated_forced_steps_replay_to_the_same_game(ruleset, players):
    left_out = restated = 0
    for game in _games(ruleset, players, 2, "reading"):
        lo, rs = check_game(game)
        left_out, restated = left_out + lo, restated + rs
    assert restated > 0  # the sample exercises what it claims to


def test_the_sample_leaves_out_passes_of_optional_steps():
    """Over the sample, some passes are left out (the property is not vacuous)."""
    total = sum(check_game(g)[0] for ruleset in RULESETS for g in _games(ruleset, 3, 2, "reading"))
    assert total > 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per ruleset and player count")
    parser.add_argument("--seed", default="reading-sweep")
    args = parser.parse_args(argv)
    totals = [0, 0, 0]
    for ruleset in RULESETS:
        for players in (2, 3, 4, 5):
            for game in _games(ruleset, players, args.games, args.seed):
                lo, rs = check_game(game)
                totals[0] += 1
                totals[1] += lo
                totals[2] += rs
    print(f"{totals[0]} games: {totals[1]} passes left out, {totals[2]} forced steps written out; all replay alike")
    return 0


if __name__ == "__main__":
    sys.exit(main())
