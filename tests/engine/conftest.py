"""Small builders for engine tests, named by what they give a test.

Card names used throughout (Black Box unless a test says classic):
Rubble/Laborer: Road, Insula, Bar, Latrine     Wood/Craftsman: Dock, Market, Palisade
Brick/Legionary: Academy, Bath, School, Shrine  Concrete/Architect: Tower, Wall, Bridge
Stone/Merchant: Villa, Garden, Sewer, Prison    Marble/Patron: Temple, Statue, Palace
"""

from __future__ import annotations

from collections import Counter

import pytest

from gtr_replay.data.cards import cards_for
from gtr_replay.engine import Game, flow
from gtr_replay.engine.setup import new_game
from gtr_replay.game import GameState, Phase, PlayerState
from gtr_replay.enums import JACK, MATERIALS, Role, Ruleset
from gtr_replay.errors import RulesError
from gtr_replay.data.rulesets import find_ruleset
from gtr_replay.data.rulings import resolve

FILLER = ["Road", "Dock", "Academy", "Tower", "Villa", "Temple"] * 4
"""A default draw deck long enough that no ordinary test empties it."""


def build_position(*players: PlayerState, ruleset: str = "republic", pool=(), deck=None, jack_pile: int = 0,
                   in_town: int | dict | None = None, out_of_town: int | dict | None = None,
                   leader: int = 0, rulings: str | dict | None = None, led: Role | None = None,
                   played: tuple[str, ...] = (), settle: bool = True) -> GameState:
    """A valid position: the given players in seat order (clockwise), the leader to lead, or,
    with ``led``, the role already led by the players in ``played`` and actions about to begin.

    Sites default to one per player of each material in town and, in the Black Box rulesets,
    the rest of the six out of town. Forced decisions are made, as after ``new_game``, unless
    ``settle`` is False (to hand a player a choice the engine would otherwise make for them).
    The players are copied, so card lists shared by a test module never change."""
    spec = find_ruleset(ruleset)
    n = len(players)
    per_material = cards_for(spec.ruleset).sites_per_material

    def stacks(value, default):
        value = default if value is None else value
        if isinstance(value, int):
            return {m: value for m in MATERIALS}
        return {m: value.get(m, 0) for m in MATERIALS}

    oot_default = per_material - n if spec.out_of_town_sites else 0
    state = GameState(
        ruleset=spec.ruleset, players=[PlayerState.from_dict(p.to_dict()) for p in players],
        rulings=resolve(rulings),
        deck=list(FILLER if deck is None else deck), pool=list(pool), jack_pile=jack_pile,
        sites_in_town=stacks(in_town, n), sites_out_of_town=stacks(out_of_town, oot_default), leader=leader)
    state.current = leader
    if led is None:
        state.phase = Phase.LEAD
    else:
        state.phase = Phase.ACTIONS
        state.led_role = led
        for player in state.players:
            player.played = player.name in played
        if settle:
            flow.settle_actions(state, [])
    if settle:
        Game.from_state(state)
    return state


@pytest.fixture
def position():
    """The position builder (see ``build_position``)."""
    return build_position


def deck_with(ruleset: str, top: list[str]) -> list[str]:
    """A full deck order of the ruleset whose first cards are ``top`` (then the rest in a fixed order)."""
    rest = Counter(cards_for(find_ruleset(ruleset).ruleset).manifest()) - Counter(top)
    tail = list(rest.elements())
    assert Counter(top + tail) == Counter(cards_for(find_ruleset(ruleset).ruleset).manifest()), \
        "the top cards are not all in the deck"
    return top + tail


@pytest.fixture
def stacked_deck():
    """Deck orders with chosen cards on top (see ``deck_with``)."""
    return deck_with


def play_all(game: Game | GameState, *decisions) -> list:
    """Push decisions in order (a bare state through a ``Game`` over it); return every event."""
    game = game if isinstance(game, Game) else Game(game)
    events = []
    for decision in decisions:
        events.extend(game.push(decision).events)
    return events


@pytest.fixture
def play():
    """Push several decisions in a row."""
    return play_all


def refused(game: Game | GameState, decision) -> RulesError:
    """The error an illegal decision raises (a bare state through a ``Game`` over it); the
    state must be left as it was."""
    game = game if isinstance(game, Game) else Game(game)
    before = game.state.to_dict()
    with pytest.raises(RulesError) as info:
        game.push(decision)
    assert game.state.to_dict() == before, "an illegal decision changed the state"
    return info.value


@pytest.fixture
def illegal():
    """Push a decision that must be refused and return the error."""
    return refused


@pytest.fixture
def fresh_game():
    """A seeded game from ``new_game``."""
    def make(ruleset: str = "republic", players=("Ann", "Bob", "Cat"), seed: str = "tests", rulings=None):
        state, _ = new_game(ruleset, list(players), seed=seed, rulings=rulings)
        return state
    return make


__all__ = ["JACK", "Role", "Ruleset"]
