"""Random self-play with the ten Geek cards in the deck (R-VER-2, 000 Appendix III) keeps every
invariant after every decision, and every Geek power comes into play.

The suite plays a small sample; the acceptance runs are 50 games per ruleset and player count:
``gtr selfplay -r republic -n 3 -g 50 --expansion geek --check`` (and so on)."""

from collections import Counter

import pytest

from gtr_replay.engine import Game, rules
from gtr_replay.game.decisions import Demand, Demolish, Discard, Pass, Steal, Trigger
from gtr_replay.play.selfplay import NAMES, play_one, selfplay

GAMES = 3
"""Games per ruleset and player count in the suite."""

END_REASONS = {"deck", "last-site", "catacomb", "bacchanalia", "win:Forum Romanum", "win:Forum",
               "win:Plebian Council"}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("ruleset", ["republic", "imperium"])
def test_random_games_with_the_geek_cards_keep_every_invariant(ruleset, players):
    for game in selfplay(ruleset, players, seed="geek", games=GAMES, check=True, expansion="geek"):
        assert game.state.over and game.result.reason in END_REASONS and game.result.winners
        assert game.state.expansions == game.expansions and len(game.expansions) == 10


def geek_moments(game) -> Counter:
    """What the Geek powers visibly did in one self-play game, replayed decision by decision."""
    seen: Counter = Counter()
    table = Game.new(game.ruleset, game.players, seed=game.deck_seed, rulings=game.rulings,
                     expansion=game.expansions)
    state = table.state
    for decision in game.decisions:
        top = state.steps[-1] if state.steps else None
        asked = state.players[top.player].name if top is not None else None
        table.push(decision)
        kind = type(decision)
        if top is not None and kind not in (Pass, Discard) and decision.player == asked:
            seen[f"step of {top.power}"] += 1                                     # a step taken, not declined
        seen["tear down"] += kind is Demolish                                      # G-WATCHPOST-1
        seen["building shown"] += kind is Demand and bool(decision.buildings)      # G-CASTRAPRAETORIA-2
        seen["trigger"] += kind is Trigger                                         # G-AERARIUM-2
        seen["sites given for a structure"] += kind is Steal and bool(decision.sites)  # C-AERARIUM-PRISON-1
        for i, player in enumerate(state.players):                                 # G-AERARIUM-1
            if any(b.complete and b.foundation == "Aerarium" for b in player.buildings):
                seen["a higher influence checked"] += \
                    rules.checked_influence(state, i, "limit") > rules.influence(state, i)
    seen[state.end_reason] += 1                                                   # G-PLEBIANCOUNCIL-1
    return seen


SEARCHED = (("republic", 2, "probe", 13), ("republic", 2, "probe", 10), ("republic", 3, "probe", 15),
            ("republic", 2, "paid", 278))
"""Games in which random play reaches what it rarely does, found by searching seeds: a
Bacchanalia completed (game 13 of two players, seed 'probe'), a Plebian Council's win (game
10), an Aerarium's trigger (game 15 of three players) and a Prison an Aerarium triggers taking
a structure for Sites (game 278 of two players, seed 'paid')."""


def test_the_geek_powers_come_into_play():
    seen: Counter = Counter()
    for ruleset in ("republic", "imperium"):
        for players in (2, 3, 4, 5):
            for game in selfplay(ruleset, players, seed="geek", games=GAMES, expansion="geek"):
                seen += geek_moments(game)
    for ruleset, players, seed, g in SEARCHED:
        name = f"selfplay-{ruleset}-{players}p-{seed}-{g}"
        seen += geek_moments(play_one(ruleset, list(NAMES[:players]), name, expansion="geek", check=True))
    for power in ("Domus", "Castra", "Castra Praetoria", "Watermill", "Solarium", "Aerarium", "Bacchanalia",
                  "Triclinium"):
        assert seen[f"step of {power}"], (power, seen)
    for moment in ("tear down", "building shown", "trigger", "sites given for a structure",
                   "a higher influence checked", "win:Plebian Council"):
        assert seen[moment], (moment, seen)
