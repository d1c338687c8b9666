"""Writing a played game as a record: tags, optional setup block, turns of statements.

With the ``Deck`` tag the record replays without listing draws; with ``draws=True`` it
carries a setup block (leader draw, starting hands) and every drawn card instead.
"""

from __future__ import annotations

from notation import Hand, Leader, PoolDraw, Record, Setup, Step, Tag, Turn
from notation.blocks import Draw

from gtr_replay.engine import SHUFFLE_ALGORITHM, Game
from gtr_replay.enums import Zone
from gtr_replay.data.expansions import expansion_tag
from gtr_replay.game.decisions import Decision, TakeFromDeck
from gtr_replay.game.events import Event, EventKind
from gtr_replay.game.scores import Result
from gtr_replay.replay.translate import statement_for
from gtr_replay.data.rulings import DEFAULTS


def result_tag(result: Result) -> str:
    """``Ann 24, Ben 19, Cid 17``, or ``Ann wins (surrender)`` when points are not counted."""
    if not result.counted:
        return f"{', '.join(result.winners)} wins ({result.reason})"
    return ", ".join(f"{s.player} {s.total}" for s in result.scores)


def deck_tag(name: str) -> str:
    """The ``Deck`` tag value that names the shuffle ``name``: ``seed:NAME:ALGORITHM``."""
    return f"seed:{name}:{SHUFFLE_ALGORITHM}"


def rulings_tag(rulings: dict[str, str]) -> str | None:
    changed = [f"{name}={value}" for name, value in rulings.items() if DEFAULTS.get(name) != value]
    return ", ".join(changed) or None


def _from_deck(decision: Decision) -> bool:
    """Whether a decision takes a card from the deck, which a record of unknown deck order names."""
    return type(decision) is TakeFromDeck or getattr(decision, "source", None) is Zone.DECK


def _setup_block(state, events: list[Event]) -> Setup:
    rounds: dict[int, list[Draw]] = {}
    for event in events:
        if event.kind == EventKind.LEADER_DRAW:
            rounds.setdefault(event.value, []).append(Draw(event.player, event.card))
    lines: list = [PoolDraw(tuple(draws), redeal=n > 1) for n, draws in sorted(rounds.items())]
    hands: dict[str, list[str]] = {p.name: [] for p in state.players}
    for event in events:
        if event.kind == EventKind.MOVE and event.target == "hand":
            hands[event.player].append(event.card)
    lines += [Hand(name, tuple(cards)) for name, cards in hands.items()]
    lines.append(Leader(state.players[state.leader].name))
    return Setup(tuple(lines))


def record_of_game(ruleset: str, players: list[str], deck_seed: str, rulings: dict[str, str], decisions, *,
                   draws: bool = False, extra_tags: tuple[tuple[str, str], ...] = (),
                   expansions: tuple[str, ...] = ()) -> Record:
    """Replay ``decisions`` from the shuffle ``deck_seed`` (with the optional cards
    ``expansions`` in the deck) and write them as a record."""
    game = Game.new(ruleset, players, seed=deck_seed, rulings=rulings, expansion=expansions)
    state, setup_events = game.state, game.opening
    tags = [Tag("Game", "Glory to Rome"), *(Tag(k, v) for k, v in extra_tags),
            Tag("Ruleset", str(state.ruleset)), Tag("Players", ", ".join(players))]
    if (expansion := expansion_tag(state.expansions)) is not None:
        tags.append(Tag("Expansion", expansion))
    if (changed := rulings_tag(state.rulings)) is not None:
        tags.append(Tag("Rulings", changed))
    if not draws:
        tags.append(Tag("Deck", deck_tag(deck_seed)))
    start = _setup_block(state, setup_events) if draws else None
    turns: list[Turn] = []
    steps: list[Step] = []
    number, leader = state.turn, state.players[state.leader].name
    for decision in decisions:
        if state.turn != number:
            turns.append(Turn(number, leader, tuple(steps)))
            steps, number, leader = [], state.turn, state.players[state.leader].name
        before_players = state  # statement_for reads card facts and seating, which a decision never changes
        applied = game.push(decision)
        steps.append(Step(statement_for(decision, before_players, applied.events, draws=draws)))
        if draws:  # a card the engine placed from the deck by itself must still be named (G-BACCHANALIA-1)
            steps += [Step(statement_for(f.decision, state, [])) for f in applied.forced if _from_deck(f.decision)]
    if steps:
        turns.append(Turn(number, leader, tuple(steps)))
    if state.over:
        tags.append(Tag("Result", result_tag(game.result())))
    return Record(tuple(tags), start, tuple(turns))
