"""Make the example games in examples/games/: one self-play record for each ruleset
(classic, republic, imperium) and each number of players (2 to 5), twelve files.

Run it after any change to the rules or to building powers, and commit the files it writes
with that change:

    python examples/make_games.py

A rule change changes which decisions are legal, so the same seeds play different games and
the old records may no longer replay; tests/replay/test_make_games.py fails until the files
are made again. The recipe, for ruleset R and N players:

- play the twelve games ``play_one(R, players, "example-R-Np-G")``, G = 0 to 11, and keep
  the one with the fewest decisions (the first of them on a tie);
- write it with Event, Date and Recorder tags; with an even number of players the record
  lists the setup and every drawn card, with an odd number it has a Deck tag instead;
- with three players, the first statement of turn 4 gets a ``!?`` glyph, a comment and a
  variation: the first legal decision other than the one played, and the two decisions
  after it.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script: use the engine of this checkout
    sys.path.insert(0, str(ROOT))

import notation
from notation import Comment, Record, Step, Turn, Variation

from gtr_replay.engine import Game
from gtr_replay.replay.from_game import record_of_game
from gtr_replay.replay.translate import statement_for
from gtr_replay.play.selfplay import NAMES, SelfPlayGame, play_one

GAMES = ROOT / "examples" / "games"
RULESETS = ("classic", "republic", "imperium")
PLAYER_COUNTS = (2, 3, 4, 5)
CANDIDATES = 12
"""Games played for each file; the shortest is kept."""
EVENTS = {"classic": "Tuesday league", "republic": "Thursday club", "imperium": "Sunday table"}
RECORDER = "gtr-replay self-play"
VARIATION_TURN = 4
VARIATION_GLYPH = "!?"
VARIATION_COMMENT = "a different choice here, replayed as a variation"
VARIATION_LENGTH = 3

FIRST_WRITTEN = {
    ("example-classic-3p-4", "Ben leads Merchant with Catacomb"): ("Cid thinks: refill", "Ann thinks: refill"),
    ("example-republic-3p-0", "Cid leads Craftsman with Palisade"): ("Ann thinks: jack", "Ben thinks: jack"),
    ("example-imperium-3p-0", "Cid thinks: jack"): ("Ann thinks: jack", "Ben leads Merchant with Circus Maximus"),
}
"""The decisions after the different choice, as the three-player examples were first made
(keyed by the game and the different choice). They are kept while that game and that choice
come out again and the decisions stay legal; otherwise the rest of the variation is drawn
from a generator seeded with the game's name, like self-play."""


def path_of(ruleset: str, players: int) -> Path:
    return GAMES / f"{ruleset}-{players}p.gtr"


def shortest_game(ruleset: str, players: int) -> SelfPlayGame:
    names = list(NAMES[:players])
    games = [play_one(ruleset, names, f"example-{ruleset}-{players}p-{g}") for g in range(CANDIDATES)]
    return min(games, key=lambda game: len(game.decisions))  # min keeps the first on a tie


def _text(decision, state) -> str:
    return str(statement_for(decision, state, [], draws=False))


def variation_steps(game: SelfPlayGame, index: int) -> tuple[Step, ...]:
    """The variation replacing decision ``index`` of ``game``: the first other legal decision,
    then the next ones (``FIRST_WRITTEN`` or drawn at random), as statements."""
    table = Game.new(game.ruleset, game.players, seed=game.deck_seed, rulings=game.rulings,
                     expansion=game.expansions)
    table.push_all(game.decisions[:index])
    state = table.state
    played = game.decisions[index]
    first = next(d for d in table.legal() if d != played)
    written = list(FIRST_WRITTEN.get((game.deck_seed, _text(first, state)), ()))
    rng = random.Random(f"{game.deck_seed}:variation")
    steps = []
    decision = first
    while True:
        before = state.copy()
        events = table.push(decision).events
        steps.append(Step(statement_for(decision, before, events, draws=False)))
        if len(steps) == VARIATION_LENGTH or state.over:
            return tuple(steps)
        legal = table.legal()
        wanted = written.pop(0) if written else None
        decision = next((d for d in legal if _text(d, state) == wanted), None) or rng.choice(legal)


def example_record(ruleset: str, players: int) -> Record:
    game = shortest_game(ruleset, players)
    tags = (("Event", f"{EVENTS[ruleset]}, example game"),
            ("Date", f"2026.11.{10 + players}"),  # one date per number of players, as first made
            ("Recorder", RECORDER))
    record = record_of_game(game.ruleset, game.players, game.deck_seed, game.rulings, game.decisions,
                            draws=players % 2 == 0, extra_tags=tags)
    if players != 3:
        return record
    turns = list(record.turns)
    at = next(n for n, turn in enumerate(turns) if turn.number == VARIATION_TURN)
    index = sum(len(turn.steps) for turn in turns[:at])  # the decision that opens the turn
    turn = turns[at]
    first, *rest = turn.steps
    noted = Step(first.statement, (VARIATION_GLYPH,),
                 (Comment(VARIATION_COMMENT), Variation(variation_steps(game, index))))
    turns[at] = Turn(turn.number, turn.leader, (noted, *rest))
    return Record(record.tags, record.start, tuple(turns))


def example_text(ruleset: str, players: int) -> str:
    """The text of ``examples/games/RULESET-Np.gtr`` as the current rules make it."""
    return notation.write([example_record(ruleset, players)])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 if a file differs from what the rules make now")
    args = parser.parse_args(argv)
    stale = []
    for ruleset in RULESETS:
        for players in PLAYER_COUNTS:
            path, text = path_of(ruleset, players), example_text(ruleset, players)
            old = path.read_text(encoding="utf-8") if path.exists() else None
            if old == text:
                continue
            stale.append(path)
            if not args.check:
                path.write_text(text, encoding="utf-8", newline="\n")
    where = ", ".join(str(p.relative_to(ROOT)) for p in stale)
    if args.check:
        print(f"out of date: {where}" if stale else "every example is up to date")
        return 1 if stale else 0
    print(f"wrote {where}" if stale else "every example was already up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
