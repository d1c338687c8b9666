"""Unseen cards: '?' in setup hands, draws and positions, bound when revealed, checked against
the card manifest and against what the record said about them (engine.unseen)."""

from pathlib import Path

import notation
import pytest

from gtr_replay.game.state import GameState
from gtr_replay.replay.legal import legal_at
from gtr_replay.replay.replayer import IllegalStatement, Replayer
from gtr_replay.vocabulary import card_vocabulary

HEAD = '[Game "Glory to Rome"]\n[Ruleset "republic"]\n[Players "Ann, Ben"]\n\n'
SETUP = HEAD + """setup
  pool: Ann Academy, Ben Statue
  hand Ann: Statue, Statue, Temple, Road, Dock
{ben}
turn 1 Ann
  Ann leads Patron with Temple
  Ben thinks: draw [?]
  Ann hires Statue
"""


def replay(text):
    replayer = Replayer(notation.parse_one(text, vocabulary=card_vocabulary()))
    snaps = list(replayer.run())
    return replayer, snaps


def refused(text) -> str:
    with pytest.raises(IllegalStatement) as caught:
        replay(text)
    return str(caught.value.diagnostic)


@pytest.mark.parametrize("ben", ["", "  hand Ben: ?, ?, ?, ?, ?\n"])
def test_a_setup_with_only_the_recorders_hand(ben):
    replayer, _ = replay(SETUP.format(ben=ben))
    state = replayer.final
    assert state.player("Ben").hand == ["?"] * 6  # five dealt, one drawn unseen
    assert state.player("Ann").hand == ["Statue", "Statue", "Road", "Dock"]
    assert len(state.unseen) == 144 - 2 - 5 and state.deck == ["?"] * len(state.deck)
    assert GameState.from_dict(state.to_dict()) == state


def test_a_revealed_card_is_bound_and_leaves_the_unseen_cards():
    replayer, snaps = replay(SETUP.format(ben="") + "\nturn 2 Ben\n  Ben leads Laborer with Road\n")
    before, after = snaps[-2].state, snaps[-1].state
    assert after.unseen.count("Road") == before.unseen.count("Road") - 1
    assert after.player("Ben").hand.count("?") == 5 and "Road" in after.pool + after.player("Ben").camp


def test_a_card_whose_copies_are_all_placed_is_refused_with_their_lines():
    text = SETUP.format(ben="") + "\nturn 2 Ben\n  Ben leads Patron with Statue\n"
    message = refused(text)
    assert "all 3 copies of Statue are already placed: lines 6, 7, 7" in message
    assert "R-COMP-6" in message


def test_a_card_drawn_where_all_copies_are_placed_names_the_draws():
    text = SETUP.format(ben="").replace("Ben thinks: draw [?]", "Ben thinks: draw [Statue]")
    assert "Statue" in refused(text) and "already placed" in refused(text)


def test_a_glory_to_rome_rules_out_the_demanded_material():
    base = HEAD + """setup
  pool: Ann Academy, Ben Statue
  hand Ann: Statue, Temple, Road, Bath, Atrium

turn 1 Ann
  Ann leads Legionary with Atrium
  Ben thinks: draw [?]
  Ann demands Brick showing Bath
  Ann takes Academy from pool
  Ben: Glory to Rome
"""
    replayer, _ = replay(base)
    assert all(c == "?~Brick" for c in replayer.final.player("Ben").hand if c != "Jack")
    message = refused(base + "\nturn 2 Ben\n  Ben leads Legionary with Bath\n")
    assert "Glory to Rome" in message and "R-LEG-3" in message
    replay(base + "\nturn 2 Ben\n  Ben leads Laborer with Road\n")  # not Brick: fine


def test_an_answer_giving_part_of_the_demand_rules_out_the_rest_and_says_so():
    """R-LEG-5, R-LEG-6: two Marble demanded of the one opponent, who gives as many as the
    hand holds: one Temple given shows the unseen cards left are no Marble, and the refusal
    says what was answered (a Temple, no Glory to Rome)."""
    base = HEAD.replace('\n\n', '\n[Start "position"]\n\n') + """position
  leader: Ann
  deck: 40
  pool: Road
  hand Ann: Academy, Statue, Palace
  clientele Ann: Gate
  hand Ben: ?, ?, ?, ?

turn 1 Ann
  Ann leads Legionary with Academy
  Ben thinks: jack
  Ann demands Marble, Marble showing Statue, Palace
  Ben gives Temple to Ann
"""
    replayer, _ = replay(base)
    assert all(c == "?~Marble" for c in replayer.final.player("Ben").hand if c != "Jack")
    message = refused(base + "\nturn 2 Ben\n  Ben leads Patron with Basilica\n")
    assert "Ben answered a demand for Marble while holding them, giving fewer Marble cards than it asked" in message
    assert "R-LEG-6" in message
    replay(base + "\nturn 2 Ben\n  Ben leads Laborer with Road\n")  # not Marble: fine


@pytest.mark.parametrize("hand", ["?, ?", "Villa, Dock"])
def test_a_give_of_a_card_no_demand_asked_for_says_so_whatever_the_hand(hand):
    """R-LEG-3: a neighbour gives cards of the demanded material. Villa is Stone, not the
    Rubble demanded: said so, of a hand the recorder saw or not (not that Ben must give
    nothing, which an unseen hand does not show)."""
    text = HEAD.replace("\n\n", '\n[Start "position"]\n\n') + f"""position
  leader: Ann
  deck: 28
  pool: Road
  hand Ann: Bath, Road
  hand Ben: {hand}

turn 1 Ann
  Ann leads Legionary with Bath
  Ben thinks: jack
  Ann demands Rubble showing Road
  Ann passes
  Ben gives Villa to Ann
"""
    message = refused(text)
    assert "Ben cannot give: Villa is Stone, not a material demanded (Rubble)" in message and "R-LEG-3" in message
    message = refused(text.replace("Ben gives Villa to Ann", "Ben gives Jack to Ann"))  # R-CARD-6
    assert "Ben cannot give: a Jack is never a material, so it is never given to a demand" in message
    assert "R-CARD-6" in message and "None" not in message


def test_a_draw_from_a_known_setup_may_be_unseen():
    known = SETUP.format(ben="  hand Ben: Road, Road, Bar, Bath, Dock\n")
    replayer, _ = replay(known)
    assert replayer.final.player("Ben").hand[-1] == "?"
    assert replayer.final.player("Ann").hand == ["Statue", "Statue", "Road", "Dock"]


def test_a_position_with_unseen_hand_and_vault():
    text = HEAD.replace("\n\n", '\n[Start "position"]\n\n') + """position
  turn: 3
  leader: Ann
  deck: 100
  pool: Road, Bath
  hand Ann: Dock, Wall, Jack
  hand Ben: ?, ?, ?
  vault Ben: ?, Road

turn 3 Ann
  Ann leads Craftsman with Dock
  Ben follows with Dock
  Ann lays Wall
  Ben lays Dock
"""
    replayer, _ = replay(text)
    state = replayer.final
    assert state.player("Ben").hand == ["?"] and state.player("Ben").vault == ["?", "Road"]
    assert len(state.deck) == 100 and len(state.unseen) == 100 + 1 + 1 + state.removed.count("?")
    point = legal_at(notation.parse_one(text, vocabulary=card_vocabulary()), at=1)
    assert point.player == "Ben" and point.unseen == 3
    assert set(point.choices) == {"think"}
    bad = text.replace("stockpile", "").replace("  vault Ben: ?, Road\n", "  stockpile Ben: ?\n")
    assert "face up" in refused(bad)


ENDING = HEAD.replace("\n\n", '\n[Start "position"]\n[Result "Ann 2, Ben {ben}"]\n\n') + """position
  turn: 3
  leader: Ann
  deck: 1
  hand Ann: Dock, Wall
  hand Ben: ?, ?, ?
  vault Ben: ?, Road

turn 3 Ann
  Ann thinks: refill [Road]
"""


def test_scores_that_depend_on_unseen_vault_cards_are_a_range():
    replayer, _ = replay(ENDING.format(ben=9))
    assert replayer.final.over
    from gtr_replay.engine.hidden import score_ranges
    # 2 influence + Road 1 + the Rubble bonus 3, plus 1 (Rubble: no bonus change) .. 3 and a bonus (Marble)
    assert score_ranges(replayer.final) == {"Ann": (2, 2), "Ben": (7, 12)}
    for ben in (7, 12):
        replay(ENDING.format(ben=ben))
    message = refused(ENDING.format(ben=19))
    assert "Ben 7-12" in message and "depend on 1 unseen vault card" in message


def test_a_winner_is_named_only_where_every_unseen_vault_card_gives_the_same():
    """R-VAULT-3: the vaults are uncovered at the end, so the record's unseen vault card decides
    the game. In ENDING Ben, 7 to 12 against Ann's 2, wins whatever it is. With Ann's vault
    holding a card that may be anything and Ben's a Temple, points 5 to 8 each: a Marble ties
    the bonus and the points and Ann wins on cards in hand; a Rubble gives it to Ben. Neither is
    named; nor is a winner counted as though the card were worth nothing."""
    from gtr_replay.engine import Game

    replayer, _ = replay(ENDING.format(ben=9))
    assert Game(replayer.final).result().winners == ("Ben",)
    either = HEAD.replace("\n\n", '\n[Start "position"]\n\n') + """position
  leader: Ann
  deck: 1
  jacks: 2
  hand Ann: Dock, Road
  hand Ben: Road, Road
  vault Ann: ?
  vault Ben: Temple

turn 1 Ann
  Ann thinks: refill [?]
"""
    replayer, _ = replay(either)
    found = Game(replayer.final).result()
    assert found.undecided and found.winners == ()
    from gtr_replay.render.model import result_words
    assert result_words(found) == "game over (deck): the vault cards the record did not see decide who wins"
    # Ann 7 and the card, worth 1 to 3 and its material's bonus; Ben 8: whatever it is, Ann wins,
    # though counted as nothing it would leave Ben ahead
    ann = either.replace("  vault Ben: Temple\n", "  influence Ann: Stone, Brick\n  influence Ben: Marble, Marble\n")
    replayer, _ = replay(ann)
    assert Game(replayer.final).result().winners == ("Ann",)


def test_a_setup_block_with_no_hand_is_a_watchers_record_of_unseen_hands():
    """notation/README.md: only the hands the recorder saw are listed; one who saw none (a
    watcher who saw the leader draw) lists none, and every hand is unseen, as written with
    '?' for each card."""
    text = SETUP.format(ben="").replace("  hand Ann: Statue, Statue, Temple, Road, Dock\n", "")
    written = SETUP.format(ben="  hand Ben: ?, ?, ?, ?, ?\n").replace(
        "  hand Ann: Statue, Statue, Temple, Road, Dock\n", "  hand Ann: ?, ?, ?, ?, ?\n")
    left_out, _ = replay(text)
    assert left_out.final == replay(written)[0].final
    assert all(c in ("?", "Jack") for p in left_out.final.players for c in p.hand)


def test_a_starting_hand_with_too_few_cards_is_refused():
    assert "Order cards" in refused(SETUP.format(ben="  hand Ben: ?, ?, ?\n"))


def test_copies_placed_by_a_position_are_named_by_their_lines():
    text = HEAD.replace("\n\n", '\n[Start "position"]\n\n') + """position
  deck: 50
  pool: Statue, Statue
  hand Ann: Statue, Jack
  hand Ben: ?, ?

turn 1 Ann
  Ann leads Patron with Jack
  Ben follows with Statue
"""
    message = refused(text)
    assert "all 3 copies of Statue are already placed: lines 8, 8, 9" in message


def test_a_card_shown_to_the_table_cannot_be_written_unseen():
    message = refused(SETUP.format(ben="") + "\nturn 2 Ben\n  Ben leads Laborer with ?\n")
    assert "shows the card to the table" in message


@pytest.mark.parametrize("sale", ["Ann sells [?] from deck", "Ann sells ? from hand"])
def test_a_sale_of_an_unseen_card_from_no_source_is_refused_for_the_source(sale):
    """R-MER-1: without an Atrium or a Basilica a Merchant sells from the stockpile alone; a
    sale written from the deck or the hand is refused for that, whatever card it names, not
    for its '?' (which an Atrium's sale from the deck rightly writes)."""
    text = HEAD.replace("\n\n", '\n[Start "position"]\n\n') + f"""position
  leader: Ann
  deck: 20
  hand Ann: Prison, Bath
  stockpile Ann: Road
  hand Ben: ?, ?

turn 1 Ann
  Ann leads Merchant with Prison
  Ben thinks: jack
  {sale}
"""
    message = refused(text)
    assert "a Merchant sells from the stockpile, not the" in message and "shows the card" not in message, message


def test_the_final_result_says_what_it_depends_on():
    point = legal_at(notation.parse_one(ENDING.format(ben=9), vocabulary=card_vocabulary()))
    assert point.result == "Ann 2, Ben 7-12 (depends on 1 unseen vault card)"


def test_what_revealing_an_unseen_card_would_allow():
    from gtr_replay.engine.hidden import legal_if_revealed

    replayer, snaps = replay(SETUP.format(ben=""))
    state = snaps[0].state  # Ben to follow Patron, holding five unseen cards
    shown = {d.cards for d in legal_if_revealed(state)}
    assert ("Temple",) in shown and ("Road",) not in shown  # Temple is a Patron card; one copy is unseen
    assert ("Statue",) not in shown  # every Statue is placed


ATRIUM = HEAD.replace('[Players "Ann, Ben"]', '[Players "Right, You"]').replace(
    "\n\n", '\n[Start "position"]\n\n') + """position
  leader: Right
  deck: 6
  hand Right: Catacomb
  stockpile Right: Wall
  hand You: Jack
  clientele You: Garden
  stockpile You: Villa
  building You: Atrium on Brick complete with Bath, Gate

turn 1 Right
  Right leads Merchant with Catacomb
  You follows with Jack
  Right sells Wall
  You sells Villa
  You sells [?] from deck
"""


def test_an_atrium_sale_from_a_deck_of_unknown_order_stays_unseen():
    """B-ATRIUM-1 and AMB-25: a Merchant action may take the deck's top card into the vault,
    unseen by everyone. With the deck's order unknown (a position's ``deck: 6``), the card
    sold is a '?' in the vault and the deck's cards are unseen from then on; the points of
    that vault card are a range, not a guess."""
    replayer, snaps = replay(ATRIUM)
    assert not replayer.diagnostics
    final = snaps[-1].state
    assert final.player("You").vault.count("?") == 1 and len(final.deck) == 5
    assert final.unseen is not None
    from gtr_replay.engine import hidden
    low, high = hidden.score_ranges(final)["You"]
    assert low < high


BAR = ATRIUM.split("\n\nposition")[0] + """

position
  leader: Right
  deck: 6
  hand Right: Temple
  pool: Wall
  hand You: Jack
  building You: Bar on Rubble complete with Road

turn 1 Right
  Right leads Patron with Temple
  You follows with Jack
  Right hires Wall
  You hires [Road] from deck
"""


def test_a_card_hired_from_a_deck_of_unknown_order_is_one_of_its_unseen_cards():
    """B-BAR-1, 000 Appendix I, Bar: "you may choose to take an additional card from the draw
    deck as a Client". The card comes up face up, so the record names it; with the deck's
    order unknown (``deck: 6``) it is one of the deck's unseen cards, which are unseen from
    then on, and one of those the manifest still has."""
    replayer, snaps = replay(BAR)
    assert not replayer.diagnostics, replayer.diagnostics
    final = snaps[-1].state
    assert final.player("You").clientele == ["Road"] and len(final.deck) == 5
    assert final.unseen is not None and set(final.deck) == {"?"}
    every = BAR.replace("building You: Bar on Rubble complete with Road", "building You: Bar on Rubble complete with Road\n"
                        "  stockpile Right: Road, Road, Road, Road, Road")
    assert "all 6 copies of Road are already placed" in refused(every)


def test_a_hire_from_the_deck_is_face_up_and_must_be_named():
    """B-BAR-1: the Bar's card from the deck goes face up into the clientele, so a record
    cannot leave it unseen (only a face-down vault sale may)."""
    text = ATRIUM.replace("You sells [?] from deck", "You hires [?] from deck")
    assert "shows the card to the table" in refused(text) or "cannot hire" in refused(text)


def test_a_fountain_s_cards_from_a_deck_of_unknown_order_are_its_unseen_cards():
    """B-FOUNTAIN-1, 000 Appendix I, Fountain: the Craftsman action takes the top card of the
    deck, lays it, adds it or keeps it in hand. EX-BB-FOUNTAIN-1 with its deck given as a
    count: each card the record names from the deck is one of the deck's unseen cards."""
    path = Path(__file__).parents[2] / "examples" / "rulebook" / "ex-bb-fountain-1.gtr"
    text = path.read_text(encoding="utf-8").replace("deck: Palisade, Palisade, Palisade, Road, Insula", "deck: 5")
    replayer, snaps = replay(text)
    assert not replayer.diagnostics, replayer.diagnostics
    you = snaps[-1].state.player("You")
    assert you.hand == ["Palisade"] and you.building("Palisade").complete
    assert len(snaps[-1].state.deck) == 2


def test_a_stockpile_answer_to_a_bridge_says_nothing_of_the_hand():
    """R-LEG-3, B-BRIDGE-3: the stockpile part of a Bridge's demand is answered from the
    stockpile, face up; giving less there rules nothing out for the unseen cards in the hand."""
    text = HEAD.replace("\n\n", '\n[Start "position"]\n\n') + """position
  leader: Ann
  deck: 100
  pool: Bath
  hand Ann: Academy, Temple, Road
  clientele Ann: Atrium
  building Ann: Bridge on Concrete complete with Wall, Tower
  hand Ben: ?, ?, ?
  stockpile Ben: Road

turn 1 Ann
  Ann leads Legionary with Academy
  Ben thinks: jack
  Ann demands Marble, Rubble showing Temple, Road
  Ben gives Statue to Ann
  Ben gives Road from stockpile to Ann

turn 2 Ben
  Ben leads Patron with Temple
"""
    replayer, _ = replay(text)
    assert "Temple" in replayer.final.player("Ben").camp
    # the hand's part, giving no Rubble, still rules Rubble out for the hand
    assert "Glory to Rome" in refused(text.replace("Patron with Temple", "Laborer with Road"))
