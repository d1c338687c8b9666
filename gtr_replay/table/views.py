"""What each page at the table may see (ARCHITECTURE.md §Hidden information, RULES.md §0.5).

A seat sees what its player sees at a real table: the public zones, every hand's size, its
own hand, and the statements said aloud, the cards another player drew or put face down
left out (``?``). The table's page sees only the public zones. Both are built from the view
model ``gtr show --as`` draws (``render.model``); nothing is taken from the game state past
it but the legal choices of the seat whose decision it is, and those name only its own cards:
a choice that takes the deck's top card is offered as a template, the card picked on the page.
The page is never sent the cards left to draw (they would be the other hands' complement):
it subtracts the cards it sees from the game's card list, which is the same for every page.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import fields, is_dataclass
from functools import lru_cache

from notation import statements as st

from gtr_replay.data.cards import cards_for
from gtr_replay.engine import Game
from gtr_replay.enums import JACK
from gtr_replay.game.piles import is_unseen
from gtr_replay.game.state import GameState
from gtr_replay.render import model
from gtr_replay.replay.heard import others_hear
from gtr_replay.replay.translate import statement_for

PICK = "[…]"
"""Where a decision's card taken from the deck goes in its template (picked on the page)."""

_BRACKETED = re.compile(r"\[[^\]]*\]")


def public_model(state: GameState) -> model.StateModel:
    """The state as the table's page shows it: every camp as a player who does not own it sees it."""
    names = [p.name for p in state.players]
    camps = tuple(model.camp(state, i, viewer=names[(i + 1) % len(names)]) for i in range(len(names)))
    return model.StateModel(None, model.table(state, viewer=names[0]), camps,
                            None if state.over else model.next_words(state),
                            model.outcome(Game(state).result()) if state.over else None)


def seat_model(state: GameState, seat: str) -> model.StateModel:
    """The state as ``seat``'s player sees it (``gtr show --as``)."""
    return model.state_model(state, viewer=seat)


def spoken(statement: st.Statement, viewer: str | None) -> st.Statement:
    """``statement`` as ``viewer`` heard it at the table (``None``: the table): its own, as
    said; another player's as the others hear it (``replay.heard``: the cards drawn or taken
    from the deck into a hand, and a card sold into a vault from a hand or the deck, unseen;
    R-VAULT-1, B-BASILICA-1, B-ATRIUM-1, B-FOUNTAIN-1)."""
    if viewer is not None and statement.actor == viewer:
        return statement
    return others_hear(statement)


@lru_cache(maxsize=8192)
def spoken_text(statement: st.Statement, viewer: str | None) -> str:
    """``spoken``'s text (a statement is heard the same way every time it is shown)."""
    return str(spoken(statement, viewer))


def plain(shown: model.StateModel) -> dict:
    """``shown.to_dict()``, built without the deep copies ``dataclasses.asdict`` makes (the
    same result: hidden cards as ``{"hidden": n, "known": [...]}``, tuples as lists)."""
    return _plain(shown)


def _plain(value):
    if isinstance(value, model.HiddenCards):
        return {"hidden": value.count, "known": list(value.known)}
    if is_dataclass(value):
        return {f.name: _plain(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def card_list(ruleset: str, expansions: tuple[str, ...]) -> dict:
    """The game's cards, each with its copies, material and role: the same for every page."""
    card_set = cards_for(ruleset)
    names = card_set.manifest(with_optional=expansions)
    counts = Counter(names)
    return {"cards": [{"name": name, "copies": counts[name], "material": str(card_set.facts(name).material),
                       "role": str(card_set.facts(name).role)} for name in sorted(counts)],
            "jack": JACK}


def choices(state: GameState, seat: str) -> list[dict] | None:
    """The legal decisions of ``seat`` grouped by kind in the engine's order (as ``gtr legal``
    groups them), or None when the decision is another's. Each choice is its statement; a
    think that draws says how many cards (``draws``: typed on the page), and a choice taking
    the deck's top card is a template (``PICK``) with one card to pick."""
    game = Game(state)
    prompt = game.pending()
    if prompt is None or prompt.player != seat:
        return None
    groups: dict[str, list[dict]] = {}
    seen: set[str] = set()
    guessed = _deck_as_guessed(state, seat)
    for decision in game.seen_legal() if guessed is None else Game(guessed).seen_legal():
        statement = statement_for(decision, guessed or state, [])
        text, draws = str(statement), 0
        bracketed = _BRACKETED.search(text)
        templated = not isinstance(statement, st.Think) and bracketed and bracketed.group() != "[?]"
        if guessed is not None and not templated and game.check(decision, passing_over=False) is not None:
            continue  # legal only with the deck the seat imagines
        if templated:
            text, draws = _BRACKETED.sub(PICK, text, count=1), 1  # the notation brackets a card from the deck
        elif isinstance(statement, st.Think) and str(statement.how) != "jack" and not state.deck_known:
            draws = game.think_draws(seat, str(statement.how))
        if text in seen:
            continue
        seen.add(text)
        groups.setdefault(statement.kind, []).append({"text": text, "draws": draws})
    return [{"kind": kind, "choices": found} for kind, found in groups.items()]


def _deck_as_guessed(state: GameState, seat: str) -> GameState | None:
    """The state as ``seat`` must imagine the deck, where its order is not known: any card the
    seat does not see may lie in it (another hand's Order cards, every vault's face-down
    cards), so the choices that take the deck's top card are offered for each of them alike,
    and which are offered tells nothing of where the hidden cards are (R-VAULT-1, R-LEG-9).
    None where the deck is known, empty, or holds cards not seen by the server either."""
    if state.deck_known or not state.deck or state.unseen is not None:
        return None
    guessed = state.copy()
    for player in state.players:
        guessed.deck.extend(player.vault)
        if player.name != seat:
            guessed.deck.extend(c for c in player.hand if c != JACK)
    guessed.deck.sort()
    return guessed


def visible_cards(shown: dict) -> Counter:
    """Every card a view model (``to_dict``) shows by name, counted: what the page subtracts
    from the game's cards to offer the cards that may still be drawn."""
    found: Counter = Counter()

    def cards(value) -> None:
        if isinstance(value, list):
            for group in value:
                found.update(c for c in (group["cards"] if isinstance(group, dict) else [group])
                             if c != JACK and not is_unseen(c))

    cards(shown["table"]["pool"])
    for camp in shown["camps"]:
        for zone in ("hand", "played", "clientele", "stockpile", "vault"):
            cards(camp[zone])
        for building in camp["buildings"]:
            found[building["foundation"]] += 1
            found.update(building["materials"])
    return found
