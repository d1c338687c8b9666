"""The cards a Bacchanalia turns up leave the deck at once, for a zone of their own, shown and
stored (G-BACCHANALIA-1, G-BACCHANALIA-2)."""

from rich.console import Console

from gtr_replay.engine import Game
from gtr_replay.engine.invariants import order_cards
from gtr_replay.game import Add, Gather, Lay
from gtr_replay.game.state import GameState
from gtr_replay.game.steps import Revealed
from gtr_replay.enums import Material, Zone
from gtr_replay.render.state import table_panel
from tests.powers.test_geek_powers import DECK, bacchanalia

TURNED = ["Road", "Insula", "Dock", "Market", "Garden"]
"""The top five cards of ``DECK``: Ann's Influence once her Bacchanalia is complete."""


def _shown(state) -> str:
    console = Console(width=120, record=True)
    console.print(table_panel(state))
    return console.export_text()


def test_the_turned_up_cards_leave_the_deck_at_once():
    """000 Bacchanalia: "tally your Influence. Flip over that many cards from the top of the
    deck. One at a time, you may ...". Flipped over, the five cards are out of the deck at once
    (not counted in it while they wait to be placed), in a zone of their own, shown by
    ``gtr show`` and kept by the stored state (G-BACCHANALIA-1)."""
    state = bacchanalia(list(DECK))
    cards = order_cards(state)
    game = Game(state)
    game.push(Add("Ann", "Temple", "Bacchanalia"))
    assert state.turned_up == TURNED and state.deck == list(DECK[5:])
    assert order_cards(state) == cards  # every card in exactly one place
    shown = _shown(state)
    assert "deck       5 cards" in shown and "turned up  Road, Insula, Dock, Market, Garden" in shown
    assert state.to_dict()["turned_up"] == TURNED and GameState.from_dict(state.to_dict()) == state
    game.push(Gather("Ann", "Road", Zone.DECK))  # "[Road] from deck", as the record writes it
    assert state.turned_up == TURNED[1:] and state.players[0].stockpile == ["Road"]
    assert len(state.deck) == 5  # a placement takes from the turned-up cards, not the deck
    assert all(d.card in TURNED[1:] for d in game.legal())


def test_the_move_events_say_the_cards_were_turned_up():
    """The events show the flip (deck to the turned-up zone) and each placement from there, so
    the viewer and the stored moves follow the cards (G-BACCHANALIA-1)."""
    state = bacchanalia(list(DECK))
    game = Game(state)
    events = game.push(Add("Ann", "Temple", "Bacchanalia")).events
    flipped = [e.card for e in events if e.kind == "move" and e.source == Zone.DECK and e.target == Zone.TURNED_UP]
    assert flipped == TURNED
    events = game.push(Gather("Ann", "Road", Zone.DECK)).events
    assert [(e.source, e.target) for e in events if e.kind == "move"] == [(Zone.TURNED_UP, Zone.STOCKPILE)]


def test_a_game_that_ends_during_the_placements_says_where_the_cards_are():
    """A placement that claims the last in-town Site ends the game at once (R-END-1b): nobody
    acts further, the steps left lapse, and the four cards not yet placed are still turned up,
    in the final state, its stored form and ``gtr show`` (G-BACCHANALIA-1, R-END-2)."""
    state = bacchanalia(list(DECK))
    for m in Material:
        state.sites_in_town[m] = 0
    state.sites_in_town[Material.RUBBLE] = 1
    cards = order_cards(state)
    game = Game(state)
    game.push(Add("Ann", "Temple", "Bacchanalia"))
    game.push(Lay("Ann", "Road", source=Zone.DECK))
    assert state.over and state.end_reason == "last-site"
    assert state.steps == [] and not any(isinstance(s, Revealed) for s in state.steps)
    assert state.turned_up == TURNED[1:] and order_cards(state) == cards
    assert GameState.from_dict(state.to_dict()).turned_up == TURNED[1:]
    assert "turned up  Insula, Dock, Market, Garden" in _shown(state)


def test_too_few_cards_end_the_game_with_nothing_turned_up_and_no_step_left():
    """000 Bacchanalia: "If you have more Influence than the total number of cards remaining in
    the deck, then the game ends immediately and you do not perform any of the bonus effects":
    nothing is flipped and no placement is left waiting (G-BACCHANALIA-2)."""
    state = bacchanalia(["Road", "Bar", "Insula", "Latrine", "Dock"])
    state.deck[:] = state.deck[:4]
    game = Game(state)
    game.push(Add("Ann", "Temple", "Bacchanalia"))
    assert state.over and state.end_reason == "bacchanalia"
    assert state.steps == [] and state.turned_up == [] and len(state.deck) == 4
    assert "turned_up" not in state.to_dict() and "steps" in state.to_dict() and state.to_dict()["steps"] == []


def test_cards_turned_up_from_a_deck_of_unknown_order_are_named_by_their_placements():
    """A deck whose order nobody knows: the five cards turned up are out of it at once, not
    yet named; each placement names its card ("[Villa] from deck"), which is then one of them
    (engine.unseen), and the deck keeps the rest unseen (G-BACCHANALIA-1)."""
    from gtr_replay.game.piles import UNSEEN

    state = bacchanalia(list(DECK))
    state.deck_known = False
    game = Game(state)
    game.push(Add("Ann", "Temple", "Bacchanalia"))
    assert state.turned_up == [UNSEEN] * 5 and state.deck == [UNSEEN] * 5
    game.push(Gather("Ann", "Villa", Zone.DECK))
    assert state.players[0].stockpile == ["Villa"] and state.turned_up == [UNSEEN] * 4
    assert state.deck == [UNSEEN] * 5 and "Villa" not in state.unseen


def test_the_placements_lay_only_turned_up_cards_in_town():
    """G-BACCHANALIA-1: what the step places are the cards turned up, "from deck": a card in
    hand begins no building for it, and none begins one out of town."""
    state = bacchanalia(list(DECK))
    state.players[0].hand.append("Bar")
    game = Game(state)
    game.push(Add("Ann", "Temple", "Bacchanalia"))
    lays = [d for d in game.legal() if isinstance(d, Lay)]
    assert lays and all(d.source is Zone.DECK and d.card in TURNED and not d.out_of_town for d in lays)


def test_the_last_card_turned_up_unseen_is_taken_by_the_engine_and_named_by_the_record():
    """The turned-up cards no way takes go to the hand (G-BACCHANALIA-1). Turned up from a deck
    of unknown order they are unseen: once every way is used, the engine takes one into the
    hand by itself (its only choice), and a record naming it ('Ann takes [Villa] from deck')
    restates that take and shows the card; the record names the others as it takes them. A
    record leaving the forced take out still replays."""
    from gtr_replay.game import Hire, Sell
    from gtr_replay.game.decisions import TakeFromDeck
    from gtr_replay.game.piles import UNSEEN

    state = bacchanalia(list(DECK))
    state.deck_known = False
    state.players[0].influence = [Material.MARBLE]  # 8 cards turned up: three more than the five ways
    game = Game(state)
    game.push(Add("Ann", "Temple", "Bacchanalia"))
    assert state.turned_up == [UNSEEN] * 8
    for decision in (Gather("Ann", "Road", Zone.DECK), Hire("Ann", "Insula", Zone.DECK), Sell("Ann", "Garden", Zone.DECK),
                     Lay("Ann", "Market", source=Zone.DECK)):
        game.push(decision)
    game.push(Add("Ann", "Dock", "Market", source=Zone.DECK))  # the fifth way: the rest go to the hand
    assert state.turned_up == [UNSEEN] * 2 and state.players[0].hand == [UNSEEN]  # one taken by the engine
    assert game.restates(TakeFromDeck("Ann", "Villa")) is not None
    game.restate(TakeFromDeck("Ann", "Villa"))  # the record names it: the card taken was the Villa
    assert state.players[0].hand == ["Villa"] and "Villa" not in state.unseen
    game.push(TakeFromDeck("Ann", "Temple"))  # a card named; the last, the engine takes by itself
    assert not state.turned_up and game.restates(TakeFromDeck("Ann", "Statue")) is not None
    game.restate(TakeFromDeck("Ann", "Statue"))
    assert sorted(state.players[0].hand) == ["Statue", "Temple", "Villa"]
