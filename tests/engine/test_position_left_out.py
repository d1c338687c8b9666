"""What a described position leaves out is what the game's setup made less what the players
hold: the Site stacks (R-SETUP-4, R-SETUP-10, R-BUILD-3, AMB-04) and the Jack pile
(R-JACK-4, R-SETUP-9). A rulebook example or a disputed moment rarely counts the Sites."""

import notation
import pytest

from gtr_replay.data.cards import cards_for
from gtr_replay.engine import Game
from gtr_replay.enums import Material, Role
from gtr_replay.game import Lay, Lead, Think
from gtr_replay.replay.start import start_game
from gtr_replay.vocabulary import card_vocabulary


def _game(ruleset: str, players: str, lines: str) -> Game:
    text = (f'[Game "Glory to Rome"]\n[Ruleset "{ruleset}"]\n[Players "{players}"]\n[Start "position"]\n\n'
            f"position\n{lines}")
    return start_game(notation.parse_one(text, vocabulary=card_vocabulary()))


def _stone(game: Game) -> tuple[int, int, int]:
    state = game.state
    return (state.sites_in_town[Material.STONE], state.sites_out_of_town[Material.STONE],
            state.sites_out_of_game[Material.STONE])


def test_sites_claimed_came_from_the_stack_in_town():
    """R-SETUP-4: three players, three Stone Sites in town and three out of town. Three Stone
    buildings in town took the three in town; the three out of town are left."""
    game = _game("republic", "Ann, Ben, Cid", """  leader: Ann
  hand Ann: Road
  building Ann: Villa on Stone complete with Temple, Statue, Palace
  building Ben: Garden on Stone complete with Sewer, Prison, Villa
  building Cid: Prison on Stone
""")
    assert _stone(game) == (0, 3, 0)
    assert game.state.sites_in_town[Material.RUBBLE] == 3


def test_a_foundation_out_of_town_took_a_site_out_of_town():
    """R-BUILD-3: two players; the Villa out of town took one of the four out of town, the
    Garden one of the two in town."""
    game = _game("republic", "Ann, Ben", """  leader: Ann
  hand Ann: Road
  building Ann: Villa on Stone out of town
  building Ben: Garden on Stone
""")
    assert _stone(game) == (1, 3, 0)


def test_classic_sites_not_chosen_are_out_of_the_game():
    """R-SETUP-10: three players, three of the five Stone Sites chosen; two claimed leave one,
    and the two not chosen are out of the game, none out of town."""
    game = _game("classic", "Ann, Ben, Cid", """  leader: Ann
  hand Ann: Road, Jack
  hand Ben: Dock, Jack
  hand Cid: Bath, Jack
  building Ann: Villa on Stone
  building Ben: Garden on Stone
""")
    assert _stone(game) == (1, 0, 2)


def test_without_a_site_in_town_a_foundation_goes_out_of_town():
    """AMB-04 (default after-in-town), R-BUILD-3: both Stone Sites in town of a two-player game
    are claimed, so Ann's Sewer needs a Site out of town: her two Craftsman actions (her lead's
    and her client's) lay it there."""
    game = _game("republic", "Ann, Ben", """  leader: Ann
  hand Ann: Palisade, Sewer
  hand Ben: Road
  clientele Ann: Market
  building Ann: Villa on Stone
  building Ben: Garden on Stone
""")
    game.push(Lead("Ann", Role.CRAFTSMAN, ("Palisade",)))
    game.push(Think("Ben", "jack"))
    assert "R-BUILD" in " ".join(game.check(Lay("Ann", "Sewer")).rule_ids)
    game.push(Lay("Ann", "Sewer", out_of_town=True))
    assert game.state.player("Ann").buildings[-1].out_of_town and _stone(game) == (0, 3, 0)


def test_the_last_site_in_town_claimed_ends_the_game():
    """R-END-1b, AMB-02: eleven foundations in town of a two-player game leave one Site in town
    (a Rubble one); Ann's Road claims it and the game ends."""
    game = _game("republic", "Ann, Ben", """  leader: Ann
  hand Ann: Road, Palisade
  hand Ben: Dock
  building Ann: Insula on Rubble
  building Ann: Dock on Wood
  building Ann: Market on Wood
  building Ann: Academy on Brick
  building Ann: Bath on Brick
  building Ann: Tower on Concrete
  building Ben: Wall on Concrete
  building Ben: Villa on Stone
  building Ben: Garden on Stone
  building Ben: Temple on Marble
  building Ben: Statue on Marble
""")
    assert sum(game.state.sites_in_town.values()) == 1
    game.push(Lead("Ann", Role.CRAFTSMAN, ("Palisade",)))
    game.push(Think("Ben", "jack"))
    game.push(Lay("Ann", "Road"))
    assert game.over and game.state.end_reason == "last-site"


@pytest.mark.parametrize("ruleset, hands, pile", [
    ("classic", ("Road, Jack", "Dock, Jack"), 0),  # the two dealt Jacks are held; the rest are out of play
    ("classic", ("Road", "Dock, Jack"), 1),  # Ann's Jack was played and went back to the pile
    ("imperium", ("Road, Jack", "Dock, Jack"), 4),  # the undealt Jacks form the pile
    ("republic", ("Road", "Dock"), 6),
])
def test_the_jack_pile_holds_the_jacks_in_play_not_in_a_hand(ruleset, hands, pile):
    """R-SETUP-9: in classic each player is dealt a Jack and the others are set aside out of
    play, so a classic pile only holds Jacks played and returned (R-JACK-2); in the Black Box
    rules the undealt Jacks are the pile (R-JACK-4)."""
    game = _game(ruleset, "Ann, Ben", f"  leader: Ann\n  hand Ann: {hands[0]}\n  hand Ben: {hands[1]}\n")
    held = sum(p.hand.count("Jack") for p in game.state.players)
    assert game.state.jack_pile == pile and held + pile + game.state.jacks_out == cards_for(ruleset).jacks
    assert (Think("Ann", "jack") in game.legal()) is (pile > 0)
