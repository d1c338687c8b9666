"""What a player whose hand the recorder cannot see may do, in the notation (``gtr record``).

A one-seat record holds other players' hands as unseen cards (``?``). Any of
their decisions that names one of those cards is legal when some unseen card would make it
so, so a list of the legal statements made from the seen cards alone leaves out most of
what they can do. ``unseen_choices`` says it the way a recorder reads it, one line per shape
of statement with the card left as ``?`` and what it must be: ``Ben follows with ? (a
Laborer card)``, ``Ben leads Patron with ? (a Patron card)``. ``owed`` names a decision the
game still waits for, such as an answer to a Legionary demand, when the record goes on
without it. ``legal_text`` writes a legal decision as a record may: a think that draws from a
deck of unknown order lists its cards, ``?`` each until they are seen (R-THINK-1).
"""

from __future__ import annotations

from dataclasses import fields, replace

from gtr_replay.engine import Game
from gtr_replay.errors import GtrError
from gtr_replay.game.decisions import Decision, Demand, Think, kind_words
from gtr_replay.game.piles import UNSEEN
from gtr_replay.game.state import GameState, Phase
from gtr_replay.replay.translate import statement_for


def legal_text(game: Game, decision: Decision) -> str:
    """A legal decision as a record may write it: in canonical notation, a think that draws
    from a deck of unknown order with one ``?`` a card it draws (the record lists them, R-THINK-1:
    the cards the table saw are written in their place)."""
    text = str(statement_for(decision, game.state, []))
    state = game.state
    if type(decision) is not Think or decision.option == "jack" or state.deck_known:
        return text
    count = game.think_draws(decision.player, decision.option)
    return f"{text} [{', '.join(UNSEEN * count)}]" if count else text


def _hidden(decision: Decision, card: str) -> Decision:
    """``decision`` with ``card`` written as ``?`` where it names it."""
    changes = {}
    for f in fields(decision):
        value = getattr(decision, f.name)
        if f.name == "card" and value == card:
            changes["card"] = UNSEEN
        elif f.name == "cards" and card in value:
            changes["cards"] = tuple(UNSEEN if c == card else c for c in value)
    return replace(decision, **changes)


def _statement_hiding(decision: Decision, card: str, state: GameState):
    """The statement of ``decision`` with ``card`` written as ``?``. A demand says the shown
    cards' materials (R-LEG-1): they are read from the cards before one is hidden."""
    if isinstance(decision, Demand):
        statement = statement_for(decision, state, [])
        return replace(statement, shown=tuple(UNSEEN if c == card else c for c in statement.shown))
    return statement_for(_hidden(decision, card), state, [])


def _what(state: GameState, cards: set[str], kind: str) -> str:
    """What the unseen card of a statement must be: 'a Laborer card', 'a Brick card' (a
    material first for what is given or added), 'any card'."""
    if cards >= set(state.unseen or ()):
        return "any card"
    facts = [Game(state).card(c) for c in cards]  # the game's optional cards too (G-*)
    roles = {str(card.role) for card in facts}
    materials = {str(card.material) for card in facts}
    for words in ((materials, roles) if kind in ("give", "add", "demand") else (roles, materials)):
        if len(words) == 1:
            word = next(iter(words))
            return f"{'an' if word[0] in 'AEIOU' else 'a'} {word} card"
    names = sorted(cards)
    return "one of " + (", ".join(names) if len(names) <= 4 else f"{len(names)} cards")


def unseen_choices(state: GameState) -> dict[str, list[str]]:
    """The statements the deciding player could make with a card the recorder has not seen,
    grouped by kind as ``LegalPoint.choices``: ``Ben follows with ? (a Laborer card)``. Empty
    when the player holds no unseen card."""
    game = Game(state)
    if state.unseen is None or not game.holds_unseen(state.players[state.current].name):
        return {}
    shapes: dict[str, tuple[str, set[str]]] = {}
    seen = game.seen_legal()
    for decision in game.legal_if_revealed():
        if decision in seen:  # legal whatever the unseen cards are (a Pool card taken): listed as it is
            continue
        for card in {c for f in ("card", "cards") for c in _named(decision, f)}:
            try:
                statement = _statement_hiding(decision, card, state)
            except (GtrError, KeyError, ValueError):
                continue
            text = str(statement)
            if UNSEEN not in text:
                continue
            kind, cards = shapes.setdefault(text, (statement.kind, set()))
            cards.add(card)
    found: dict[str, list[str]] = {}
    for text, (kind, cards) in sorted(shapes.items()):
        found.setdefault(kind, []).append(f"{text} ({_what(state, cards, kind)})")
    return found


def _named(decision: Decision, name: str) -> tuple[str, ...]:
    value = getattr(decision, name, None)
    if value is None:
        return ()
    return (value,) if isinstance(value, str) else tuple(value)


def owed(state: GameState) -> str | None:
    """The decision the game still waits for in the turn under way, in words, or None when the
    turn is at its start or the game is over: what a record that moves on without it lacks."""
    prompt = Game(state).pending()
    if prompt is None or (state.phase is Phase.LEAD and not state.steps):
        return None
    if state.phase is Phase.GIVE and state.legionary is not None and not state.steps:
        demander = state.players[state.legionary.demander].name
        demanded = ", ".join(map(str, state.legionary.demanded))
        return f"{prompt.player} still owes an answer to {demander}'s Legionary demand ({demanded})"
    if state.steps:  # a power's step: what it takes, as a player says it
        return f"the game still waits for {prompt.player} to {kind_words(prompt.decisions)} ({state.steps[-1].power})"
    if state.phase is Phase.ACTIONS:  # the kind is the role: say the action and the ways it may go
        legal = tuple(dict.fromkeys(type(d) for d in Game(state).legal())) or prompt.decisions
        return f"the game still waits for {prompt.player}'s {state.led_role} action ({kind_words(legal)})"
    return f"the game still waits for {prompt.player} to {prompt.kind}"


def answers(state: GameState) -> list[str]:
    """Every statement that would give the game what it waits for: the legal ones, then the
    shapes an unseen card allows (``unseen_choices``)."""
    texts = [str(statement_for(d, state, [])) for d in Game(state).seen_legal()]
    return texts + [t for group in unseen_choices(state).values() for t in group]
