"""The judge never peeks: from a seat, the judgement is the same whatever the cards the seat
never saw hold (another player's hand and vault, the deck), and the same for every worker
count and every run with one seed and budget."""

from __future__ import annotations

import json
import random
from collections import Counter

from typer.testing import CliRunner

from gtr_replay.cli import app
from gtr_replay.engine import Game
from gtr_replay.game.state import GameState
from gtr_replay.play.analysis import judge, positions

from gtr_replay.play.knowledge import _places, choices, determinize, unseen_by

from tests.play.positions import bar, decision_at, forum_romanum, record_of

runner = CliRunner()

MISSED = "You lays Basilica on Marble"
"""The decision judged: not the win, so the playouts go on and meet the hidden cards."""

SEEN_BY_YOU = forum_romanum(action=MISSED)
"""Left holds Basilica (after following with Dock), has a Temple in the vault; the deck is six Latrines."""

SWAPPED = forum_romanum(action=MISSED, left="Dock, Latrine", vault="Latrine",
                        deck="Latrine, Latrine, Basilica, Latrine, Temple, Latrine")
"""The same cards You never saw, elsewhere: Left holds a Latrine, the vault a Latrine, and the
Basilica and Temple are in the deck."""


FIRST_USE = """[Game "Glory to Rome"]
[Ruleset "republic"]
[Players "You, Opp"]
[Start "position"]

position
  leader: You
  deck: {top}, Wall, Bath, Academy
  jacks: 2
  hand You: Dock, Insula, Road, Market
  clientele You: Crane
  building You: Fountain on Marble complete with Temple, Statue, Palace
  building You: Palisade on Wood
  hand Opp: Villa, School
  building Opp: Temple on Marble complete with Basilica, Atrium, Statue
  stockpile Opp: Bath, Palace
  clientele Opp: Villa, Wall

turn 1 You
  You leads Craftsman with Dock
  Opp thinks: jack
  You lays Insula
"""
"""B-FOUNTAIN-1 again: a Road on top may be laid, so its first use comes among the lays; a
Palisade (You has one) may only be kept or added, which come after them."""


def test_the_choice_to_draw_stands_in_one_place_whatever_the_card_on_top(tmp_path):
    """The search shuffles its choices in the order they are listed: the draw's place among them
    must not tell which card is on top, or the judgement does (??, ?! or none by the card)."""
    road, palisade = (FIRST_USE.format(top=top) for top in ("Road, Palisade", "Palisade, Road"))
    legal = [decision_at(text, 3)[0].legal() for text in (road, palisade)]
    assert [type(d).__name__ for d in legal[0]] != [type(d).__name__ for d in legal[1]]  # the uses differ in place
    assert list(choices(legal[0])) == list(choices(legal[1]))
    assert analysed(tmp_path, road, "--at", "3") == analysed(tmp_path, palisade, "--at", "3")


def analysed(tmp_path, text: str, *extra: str) -> list[dict]:
    path = tmp_path / f"game{len(list(tmp_path.iterdir()))}.gtr"
    path.write_text(text, encoding="utf-8")
    done = runner.invoke(app, ["analyse", str(path), "--budget", "12", "--seed", "3", "--json", *extra])
    assert done.exit_code == 0, done.output
    return json.loads(done.stdout)["judgements"]


def hidden_from_you(text: str) -> Counter:
    state = judge_state(text)
    left = state.player("Left")
    return Counter(left.hand + left.vault + state.deck)


def judge_state(text: str):
    from gtr_replay.game.state import GameState

    return GameState.from_dict(positions(record_of(text), at=3)[0].state)


def test_the_swapped_record_hides_the_same_cards_elsewhere():
    assert hidden_from_you(SEEN_BY_YOU) == hidden_from_you(SWAPPED)
    assert judge_state(SEEN_BY_YOU).player("Left").hand != judge_state(SWAPPED).player("Left").hand
    assert judge_state(SEEN_BY_YOU).deck != judge_state(SWAPPED).deck


def test_the_judgement_is_the_same_whatever_the_cards_the_seat_never_saw(tmp_path):
    first = analysed(tmp_path, SEEN_BY_YOU, "--at", "3")
    assert first[0]["chance_played"] is not None and 0 < first[0]["chance_played"] < 1
    assert analysed(tmp_path, SWAPPED, "--at", "3") == first


def test_the_judgement_changes_with_what_the_seat_sees(tmp_path):
    """The comparison above can fail: a card You sees (Left's vault is hidden, a Left
    stockpile is not) changes the judgement."""
    seen = forum_romanum(action=MISSED).replace("  vault Left: Temple\n", "  vault Left: Temple\n  stockpile Left: Road\n")
    assert analysed(tmp_path, seen, "--at", "3") != analysed(tmp_path, SEEN_BY_YOU, "--at", "3")


def test_same_seed_and_budget_give_the_same_judgements_with_or_without_workers(tmp_path):
    alone = analysed(tmp_path, SEEN_BY_YOU)
    assert analysed(tmp_path, SEEN_BY_YOU) == alone
    assert analysed(tmp_path, SEEN_BY_YOU, "--workers", "2") == alone


def test_another_seed_draws_other_playouts():
    position = positions(record_of(SEEN_BY_YOU), at=3)[0]
    chances = {judge(position, budget=12, seed=seed).chance_played for seed in ("1", "2", "3")}
    assert len(chances) > 1


def test_a_choice_to_take_the_decks_top_card_is_one_choice_that_names_no_card(tmp_path):
    """B-BAR-1: hiring the deck's top card is one choice whatever the card; the judgement of
    the hire from the Pool is the same whichever card is on top."""
    game, seat, _ = decision_at(bar(), 3)
    grouped = choices(game.legal())
    assert ("Hire", "Ann", "deck") in grouped and len(grouped) == 3
    first = analysed(tmp_path, bar(), "--at", "3")
    assert analysed(tmp_path, bar("Wall, Road, Latrine, Latrine, Temple, Insula"), "--at", "3") == first
    assert "Road" not in json.dumps(first) and "Wall" not in json.dumps(first)


FOUNTAIN = """[Game "Glory to Rome"]
[Ruleset "republic"]
[Players "You, Opp"]
[Start "position"]

position
  leader: You
  deck: {top}, Road, Insula, Latrine, Villa, Dock, Tower, Wall, Temple, Garden, Crane, Market, {bottom}
  jacks: 2
  hand You: Dock, Road
  building You: Fountain on Marble complete with Temple, Statue, Palace
  building You: Atrium on Brick with Bath
  hand Opp: Villa
  building Opp: Palace on Marble complete with Temple, Statue, Basilica

turn 1 You
  You leads Craftsman with Dock
  Opp thinks: jack
  You lays Road on Rubble
"""
"""B-FOUNTAIN-1: You may take the deck's top card, look at it, then lay it, add it or keep it.
A Brick card on top could go into the Atrium, a Wood card could not."""


def test_a_fountains_draw_is_one_choice_whatever_the_card_allows(tmp_path):
    """Which uses the unseen top card has (laid, added to the Brick Atrium, kept) cannot show in
    the choices: the draw is one choice, and the judgement is the same with a Wood Palisade or a
    Brick Archway on top (the card is looked at once it is drawn, B-FOUNTAIN-1)."""
    brick = FOUNTAIN.format(top="Archway", bottom="Palisade")
    wood = FOUNTAIN.format(top="Palisade", bottom="Archway")
    grouped = [choices(decision_at(text, 3)[0].legal()) for text in (brick, wood)]
    assert list(grouped[0]) == list(grouped[1])
    assert ("TakeFromDeck", "You", "deck") in grouped[0] and not any(
        isinstance(c, tuple) and c[0] != "TakeFromDeck" for c in grouped[0])
    # the comparison can fail: the Brick card on top can be added, the Wood one cannot
    assert len(grouped[0][("TakeFromDeck", "You", "deck")]) > len(grouped[1][("TakeFromDeck", "You", "deck")])
    assert analysed(tmp_path, brick, "--at", "3") == analysed(tmp_path, wood, "--at", "3")


def test_the_training_games_set_aside_cards_are_dealt_again():
    """R-TRAIN-4: half the draw pile is set aside unseen; a seat cannot tell a card set aside
    from one in the deck, so a determinization deals them together."""
    import random

    from gtr_replay.play.knowledge import determinize, unseen_by

    text = """[Game "Glory to Rome"]
[Ruleset "republic"]
[Players "Ann, Ben"]
[Rulings "training-game=yes"]
[Deck "seed:training-set-aside:fy-1"]

  Ben thinks: jack
"""
    game, seat, _ = decision_at(text, 1)
    state = game.state
    assert seat == "Ben" and state.removed and set(state.removed) <= set(unseen_by(game, "Ann"))
    dealt = determinize(game, "Ann", random.Random(1)).state
    assert len(dealt.removed) == len(state.removed) and dealt.removed != state.removed
    assert sorted(dealt.deck + dealt.removed + dealt.players[1].hand) == sorted(
        state.deck + state.removed + state.players[1].hand)
    assert dealt.players[0].hand == state.players[0].hand  # Ann's own hand is hers


def test_decisions_a_record_cannot_judge_are_counted_in_words(tmp_path):
    """A record from Ann's seat does not show Ben's hand: his decisions are left out, and the
    output says how many and why (ANALYSE.md)."""
    from pathlib import Path

    record = Path(__file__).parents[2] / "examples" / "table" / "republic-2p-ann.gtr"
    done = runner.invoke(app, ["analyse", str(record), "--turn", "2", "--budget", "4", "--json"])
    assert done.exit_code == 0, done.output
    found = json.loads(done.stdout)
    assert found["judgements"] == [] and found["not_judged"] == {"Ben": 1}
    shown = runner.invoke(app, ["analyse", str(record), "--turn", "2", "--budget", "4"])
    assert "1 decision of Ben not judged: the record does not show Ben's hand when Ben decides" in " ".join(
        shown.stdout.split())
    refused = runner.invoke(app, ["analyse", str(record), "--turn", "2", "--as", "Ben", "--budget", "4"])
    assert refused.exit_code == 2
    assert "none of Ben's decisions in turn 2 can be judged" in " ".join(refused.output.split())


def test_cards_turned_up_face_up_are_each_a_choice_of_their_own():
    """G-BACCHANALIA-1: the cards turned up are seen by everyone, so laying the Road and laying
    the Castra are two choices, not one draw from the deck."""
    from pathlib import Path

    from gtr_replay.play.knowledge import deck_seen

    text = (Path(__file__).parents[2] / "examples" / "rulebook" / "ex-gk-bacchanalia-1.gtr").read_text("utf-8")
    game, seat, decision = decision_at(text, 4)
    legal = game.legal()
    assert deck_seen(game) and decision in legal
    assert list(choices(legal, deck_seen(game))) == legal
    assert len(choices(legal)) < len(legal)  # read as the unseen top card, they would be one


def test_a_corpus_counts_the_decisions_it_could_not_judge(tmp_path):
    """gtr analyse of a folder (into a database) says how many decisions the one-seat records
    could not judge, as it does for one record."""
    import shutil
    from pathlib import Path

    folder = tmp_path / "games"
    folder.mkdir()
    shutil.copy(Path(__file__).parents[2] / "examples" / "table" / "republic-2p-ann.gtr", folder)
    done = runner.invoke(app, ["analyse", str(folder), "--db", str(tmp_path / "g.db"), "--budget", "1", "--json"])
    assert done.exit_code == 0, done.output
    found = json.loads(done.stdout)["analysed"]["not_judged"]
    shown = runner.invoke(app, ["analyse", str(folder), "--db", str(tmp_path / "h.db"), "--budget", "1"])
    assert found > 0 and f"{found} decisions not judged: the records (from one seat) do not show the hands" in \
        " ".join(shown.stdout.split())


ATRIUM = """[Game "Glory to Rome"]
[Ruleset "republic"]
[Players "Right, You"]
[Start "position"]

position
  leader: Right
  deck: {deck}
  hand Right: Catacomb, Road
  stockpile Right: Wall
  vault Right: Palace
  hand You: Jack, Road, Insula
  clientele You: Garden
  stockpile You: Villa
  building You: Atrium on Brick complete with Bath, Gate

turn 1 Right
  Right leads Merchant with Catacomb
  You follows with Jack
  Right sells Wall
  You sells Villa
  You sells [{sold}] from deck

turn 2 You
  You leads Laborer with Road
"""
"""B-ATRIUM-1, AMB-25: You's Atrium sends the deck's top card into You's vault unseen, You
included; You's next decision is judged."""


def test_a_card_sold_from_the_deck_is_unseen_by_its_owner_too(tmp_path):
    """The same record with the Temple and a Latrine swapped between You's vault and the deck:
    You saw neither go in, so the judgement of You's next decision is the same."""
    rest = "Insula, Dock, Market, {}, Bar, Road, Insula, Dock, Bar, Road, Market"
    temple = ATRIUM.format(deck="Temple, " + rest.format("Latrine"), sold="Temple")
    latrine = ATRIUM.format(deck="Latrine, " + rest.format("Temple"), sold="Latrine")
    state = GameState.from_dict(positions(record_of(temple), at=6)[0].state)
    assert state.player("You").vault == ["Villa", "Temple"] and state.blind_vault == [(1, 1)]
    assert unseen_by(Game(state), "You").count("Temple") == 1  # dealt again, as the deck's cards are
    first = analysed(tmp_path, temple, "--at", "6")
    assert first[0]["chance_played"] is not None and 0 < first[0]["chance_played"] < 1
    assert analysed(tmp_path, latrine, "--at", "6") == first


def test_a_card_sold_from_the_stockpile_stays_known_to_its_owner():
    state = GameState.from_dict(positions(record_of(ATRIUM.format(deck="Temple, Insula", sold="Temple")),
                                          at=6)[0].state)
    assert "Villa" not in unseen_by(Game(state), "You")


def test_a_card_sold_from_the_deck_unseen_by_the_record_is_dealt_once():
    """A record that does not show the card (``[?]``, a deck given as a count): the one ``?``
    in You's vault is dealt one card, as every other place You cannot see."""
    text = ATRIUM.format(deck="12", sold="?")
    state = GameState.from_dict(positions(record_of(text), at=6)[0].state)
    assert state.player("You").vault[1] == "?" and state.blind_vault == [(1, 1)]
    places, _ = _places(state, "You")
    assert len({(id(zone), n) for zone, n in places}) == len(places)  # no place dealt twice
    world = determinize(Game(state), "You", random.Random(1)).state
    assert "?" not in world.player("You").vault and len(world.player("You").vault) == 2


def test_a_card_turned_up_for_the_table_and_sold_is_seen():
    """G-BACCHANALIA-1, AMB-25: a card a power turned up face up goes into the vault seen by
    everyone: it is no blind vault card."""
    from pathlib import Path

    import notation
    from gtr_replay.replay.replayer import Replayer
    from gtr_replay.vocabulary import card_vocabulary

    path = Path(__file__).parents[1] / "data" / "seat_views" / "turned-up-into-a-vault.gtr"
    record = notation.parse_one(path.read_text(encoding="utf-8"), vocabulary=card_vocabulary())
    sold = next(s for s in Replayer(record).run() if s.text == "Ben sells [Atrium] from deck")
    ben = sold.state.players[1]
    assert ben.name == "Ben" and ben.vault[-1] == "Atrium"
    assert (1, len(ben.vault) - 1) not in sold.state.blind_vault
