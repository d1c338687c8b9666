"""What each page may see: the public view hides every hand, a seat's shows its own; the
statements as a seat heard them; the view model converted as ``to_dict`` converts it."""

from __future__ import annotations

import notation
from notation import statements as st

from gtr_replay.replay.legal import legal_at
from gtr_replay.replay.replayer import Replayer
from gtr_replay.table import views
from gtr_replay.replay.visitors import Statements
from tests.table.test_browsers import GAME


def _state():
    record = notation.parse_one(GAME.read_text(encoding="utf-8"))
    replayer = Replayer(record, Statements())
    for _ in replayer.run():
        pass
    return record, replayer.final


def test_the_view_models_convert_as_to_dict_does():
    _, state = _state()
    for model in (views.public_model(state), views.seat_model(state, "Cid")):
        assert views.plain(model) == model.to_dict()


def test_the_table_sees_no_hand_and_a_seat_its_own_only():
    _, state = _state()
    public = views.plain(views.public_model(state))
    assert all(isinstance(camp["hand"], dict) and "hidden" in camp["hand"] for camp in public["camps"])
    seat = views.plain(views.seat_model(state, "Ben"))
    hands = {camp["name"]: camp["hand"] for camp in seat["camps"]}
    assert isinstance(hands["Ben"], list) and hands["Ben"] == sorted(state.player("Ben").hand)
    assert all(isinstance(hands[p], dict) for p in ("Ann", "Cid"))


def test_a_seat_hears_another_players_draws_unseen():
    think = st.Think("Ann", "refill", ("Bath", "Road"))
    assert views.spoken_text(think, "Ann") == "Ann thinks: refill [Bath, Road]"
    assert views.spoken_text(think, "Ben") == views.spoken_text(think, None) == "Ann thinks: refill [?, ?]"
    sold = st.Sell("Ann", "Road", st.Zone.HAND)  # into the vault from the hand, face down (R-VAULT-1)
    assert views.spoken_text(sold, "Ben") == "Ann sells ? from hand"
    assert views.spoken_text(st.Sell("Ann", "Road"), "Ben") == "Ann sells Road"  # from the stockpile: seen
    kept = st.Take("Ann", "Road", st.Zone.DECK)  # the Fountain's card into the hand (B-FOUNTAIN-1)
    assert views.spoken_text(kept, "Ben") == "Ann takes [?] from deck" and views.spoken_text(kept, "Ann") == str(kept)
    freed = st.Sell("Ann", "Road", st.Zone.CLIENTELE)  # a client the table saw, into the vault (G-TRICLINIUM-1)
    assert views.spoken_text(freed, "Ben") == "Ann sells Road from clientele"


def test_the_choices_are_the_legal_list_grouped_and_only_for_the_deciding_seat():
    record, state = _state()
    point = legal_at(record)
    assert views.choices(state, "Ben" if point.player != "Ben" else "Ann") is None
    groups = views.choices(state, point.player)
    listed = {g["kind"]: [c["text"] + " [" * bool(c["draws"]) + ", ".join("?" * c["draws"]) + "]" * bool(c["draws"])
                          for c in g["choices"]] for g in groups}  # the page asks for the cards a think draws
    assert list(listed) == list(point.choices)
    for kind, texts in point.choices.items():
        assert listed[kind] == texts


_FOUNTAIN = """[Game "Glory to Rome"]
[Ruleset "republic"]
[Players "Ann, Ben"]
[Start "position"]

position
  leader: Ben
  deck: 40
  hand Ann: Statue, Road
  vault Ann: Statue, Temple
  stockpile Ann: Statue
  hand Ben: Dock, Wall
  building Ben: Fountain on Marble complete with Temple, Palace, Basilica
"""


def test_the_choices_from_the_deck_tell_nothing_of_where_hidden_cards_lie():
    """B-FOUNTAIN-1: Ben's Craftsman action may use the deck's top card, unseen until taken, so
    his page offers it as a template for each way a card could be used. Whether a Statue (laid
    on any Site) is among those ways must not tell him where the Statues he does not see are:
    in Ann's hand, in her face-down vault (R-VAULT-1) or in the deck. Every placement of them
    gives his page the same choices."""
    from gtr_replay.enums import Role
    from gtr_replay.game import Lead, Think
    from gtr_replay.replay.start import start_game
    from gtr_replay.vocabulary import card_vocabulary

    game = start_game(notation.parse_one(_FOUNTAIN, vocabulary=card_vocabulary()))
    game.push(Lead("Ben", Role.CRAFTSMAN, ("Dock",)))
    game.push(Think("Ann", "jack"))
    state = game.state

    def offered(shown):
        return sorted(c["text"] for g in views.choices(shown, "Ben") for c in g["choices"])

    before = offered(state)
    assert "Ben lays […] from deck on Brick" in before  # a Statue, on any Site (B-STATUE-1)
    for zone in ("hand", "vault"):
        moved = state.copy()
        held = getattr(moved.player("Ann"), zone)
        deck_card = next(c for c in moved.deck if c != "Statue")
        held[held.index("Statue")], moved.deck[moved.deck.index(deck_card)] = deck_card, "Statue"
        assert offered(moved) == before, zone
