"""A position can describe a game that has already ended: a completed structure whose completion
ends the game (B-CATACOMB-1), or every Site whose last claim ends it claimed (R-END-1b, R-END-3b,
AMB-02), as a position with no deck left does (R-END-1a). Its state is scored, and a statement
after it is refused in those words (R-END-2)."""

from __future__ import annotations

import pytest

import notation
from gtr_replay.engine import Game
from gtr_replay.enums import Material
from gtr_replay.replay.replayer import Replayer
from gtr_replay.replay.visitors import KeepStates, Refusal
from gtr_replay.vocabulary import card_vocabulary


def _position(ruleset: str, lines: str, rulings: str = "") -> str:
    tag = f'[Rulings "{rulings}"]\n' if rulings else ""
    return (f'[Game "Glory to Rome"]\n[Ruleset "{ruleset}"]\n[Players "Ann, Ben"]\n{tag}[Start "position"]\n\n'
            f"position\n  leader: Ann\n  hand Ann: Road, Insula\n{lines}\n  Ann leads Laborer with Road\n")


CATACOMB = "  building Ben: Catacomb on Stone complete with Villa, Sewer, Garden\n"
EVERY_SITE = "  influence Ann: Rubble, Rubble, Wood, Wood, Brick, Brick\n" \
             "  influence Ben: Concrete, Concrete, Stone, Stone, Marble, Marble\n"


def _replayed(text: str):
    replayer = Replayer(notation.parse_one(text, vocabulary=card_vocabulary()), KeepStates(Refusal.END_LINE))
    replayer.check()
    return replayer


@pytest.mark.parametrize("ruleset, lines, rulings, reason", [
    ("republic", CATACOMB, "", "catacomb"),
    ("classic", CATACOMB, "", "catacomb"),
    ("republic", EVERY_SITE, "", "last-site"),
    ("classic", EVERY_SITE, "", "all-sites"),
    ("republic", "  in town: Rubble 0, Wood 2, Brick 2, Concrete 2, Stone 2, Marble 2\n", "last-site=any-material",
     "last-site"),
])
def test_a_position_of_a_game_that_has_ended_is_over(ruleset, lines, rulings, reason):
    replayer = _replayed(_position(ruleset, lines, rulings))
    assert replayer.start.over and replayer.start.end_reason == reason
    [problem] = replayer.diagnostics
    assert problem.message.startswith(f"the game is already over ({reason}): ")
    assert "R-END-2" in problem.rule_ids and problem.hint.startswith("no decision follows the end")
    assert Game(replayer.start.copy()).result().winners  # scored as it stands


@pytest.mark.parametrize("lines, rulings", [
    ("  building Ben: Catacomb on Stone with Villa, Sewer\n", ""),  # a Catacomb foundation ends nothing yet
    (CATACOMB, "training-game=yes"),  # functions ignored: no Catacomb end (R-TRAIN-1)
    ("  building Ann: Gate on Brick complete with Atrium, Atrium\n  building Ann: Road on Rubble complete with "
     "Villa\n  building Ann: Catacomb on Stone with Temple\n", ""),  # a foundation a Gate makes work ends nothing
    ("  in town: Rubble 0, Wood 2, Brick 2, Concrete 2, Stone 2, Marble 2\n", ""),  # one stack of six gone
])
def test_a_position_that_ends_nothing_plays_on(lines, rulings):
    replayer = _replayed(_position("republic", lines, rulings))
    assert not replayer.start.over and not replayer.diagnostics


def _refused(text: str) -> str:
    replayer = _replayed(text)
    assert replayer.diagnostics, "accepted"
    return replayer.diagnostics[0].message


@pytest.mark.parametrize("ruleset, lines, words", [
    ("classic", "  hand Ben: Jack\n  jacks: 2\n",
     "3 Jacks placed; a classic game of 2 players has 2 in play, one dealt to each"),
    ("republic", "  turn: 0\n", "turn 0: the turns are numbered from 1"),
    ("republic", "  building Ann: Insula on Rubble\n  building Ann: Insula on Rubble\n",
     "Ann has two Insula buildings"),
    ("classic", "  building Ann: Insula on Rubble out of town\n",
     "Ann's Insula is marked out of town: the classic rules have no Sites out of town"),
    ("classic", "  out of town: Rubble 3\n", "the classic rules have no Sites out of town"),
    ("classic", "  in town: Rubble 2\n  building Ann: Insula on Rubble\n",
     "2 Rubble Sites in town and 1 claimed: a classic game of 2 players has 2 in play, the rest out of the game"),
    ("republic", "  out of town: Rubble 1\n",
     "the Rubble Sites do not add up: 2 in town, 1 out of town and 0 claimed, of 6"),
    ("republic", "  building Ann: Insula on Rubble site given\n", "Ann's Insula is marked site given but not complete"),
    ("classic", "  building Ann: Prison on Stone complete site given with Villa, Sewer, Garden\n",
     "Ann's Prison is marked site given: in the classic rules no power gives a building's Site away"),
    ("republic", "  in town: Rubble 3\n", "3 Rubble Sites in town: a republic game of 2 players starts with 2"),
    ("republic", "  in town: Rubble 3, Wood 0\n  out of town: Rubble 3\n",
     "3 Rubble Sites in town: a republic game of 2 players starts with 2"),
    ("republic", "  building Ben: Temple on Rubble\n", "Ben's Temple is a Marble building on a Rubble Site"),
    ("imperium", "  building Ben: Insula on Marble complete with Road\n",
     "Ben's Insula is a Rubble building on a Marble Site"),
    ("republic", "  building Ann: Latrine on Rubble with Bar\n",
     "Ann's Latrine holds 1 material, as many as it needs, but is not marked complete"),
    ("classic", "  building Ann: Temple on Marble with Statue, Statue, Temple\n",
     "Ann's Temple holds 3 materials, as many as it needs, but is not marked complete"),
    ("republic", "  deck: Temple, Temple, Temple, Temple\n", "the deck lists 4 copies of Temple; the game has 3"),
    ("republic", "  vault Ben: Temple, Temple, Temple\n  deck: Temple\n",
     "the deck lists 1 copy of Temple; the game has 3, and the position places 3 elsewhere"),
    ("republic", "  deck: Jack, Bath\n", "the deck lists a Jack: Jacks are never in the deck"),
    ("republic", "  building Ann: ? on Marble\n", "foundations and materials are face up"),
])
def test_a_position_the_rules_cannot_reach_is_refused(ruleset, lines, words):
    assert words in _refused(_position(ruleset, lines))


def test_a_material_a_sites_line_leaves_out_keeps_its_default():
    """R-SETUP-4, R-COMP-7: the Black Box rules put every Site in play; the in-town line names
    Rubble only, so the other stacks are the setup's, and the Sites not in town are out of town."""
    replayer = _replayed(_position("republic", "  in town: Rubble 1\n"))
    start = replayer.start
    assert start.sites_in_town[Material.RUBBLE] == 1 and start.sites_out_of_town[Material.RUBBLE] == 5
    assert start.sites_in_town[Material.WOOD] == 2 and start.sites_out_of_town[Material.WOOD] == 4
    assert not any(start.sites_out_of_game.values())


def test_without_a_leader_line_the_first_statement_s_player_leads():
    text = _position("republic", "").replace("  leader: Ann\n", "").replace("hand Ann: Road, Insula",
                                                                          "hand Ben: Road, Insula")
    replayer = _replayed(text.replace("  Ann leads Laborer with Road", "  Ben leads Laborer with Road"))
    assert replayer.start.players[replayer.start.leader].name == "Ben" and not replayer.diagnostics


@pytest.mark.parametrize("lines, at", [
    ("  pool: Road, Jack\n", "  pool: Road, Jack"),
    ("  vault Ann: Jack\n", "  vault Ann: Jack"),
    ("  building Ann: Insula on Rubble\n  building Ann: Insula on Rubble\n", "  building Ann: Insula on Rubble"),
    ("  in town: Rubble 7\n", "  in town: Rubble 7"),
    ("  turn: 0\n", "  turn: 0"),
    ("  hand Ben: Bath, Crane\n", "  hand Ben: Bath, Crane"),  # not an imperium card
    ("  clientele Ben: ?\n", "  clientele Ben: ?"),
    ("  stockpile Ben: Bath, ?\n", "  stockpile Ben: Bath, ?"),
    ("  hand Ben: ?\n  deck: Road, Bath\n", "  deck: Road, Bath"),
    ("  deck: 200\n", "  deck: 200"),
    ("  deck: Jack\n", "  deck: Jack"),
    ("  jacks: 7\n", "  jacks: 7"),
    ("  hand Ben: Jack, Jack, Jack, Jack, Jack, Jack, Jack\n", "  hand Ben: Jack, Jack, Jack, Jack, Jack, Jack, Jack"),
    ("  influence Ben: Marble, Marble, Marble, Marble, Marble, Marble, Marble\n",
     "  influence Ben: Marble, Marble, Marble, Marble, Marble, Marble, Marble"),
    ("  building Ben: Bath on Brick complete with Atrium\n  vault Ben: Atrium, Atrium, Atrium\n",
     "  vault Ben: Atrium, Atrium, Atrium"),  # a fourth Atrium
    ("  building Ann: ? on Marble\n", "  building Ann: ? on Marble"),
    ("  building Ben: Bath on Brick with Atrium, Atrium\n", "  building Ben: Bath on Brick with Atrium, Atrium"),
])
def test_a_position_s_refusal_points_at_the_line_it_is_about(lines, at):
    """Every error points at the text: a position's refusal is reported at the line at fault,
    not at the block's first line (a card of another ruleset, one copy too many, an unseen card
    where cards are face up, the deck, the Jacks, the Sites an influence line claims)."""
    text = _position("imperium" if "Crane" in lines else "republic", lines)
    [problem] = _replayed(text).diagnostics
    assert (problem.line, problem.column) == (text.split("\n").index(at) + 1, 3), problem.message


def test_an_out_of_town_line_s_refusal_points_at_it():
    text = _position("classic", "  in town: Rubble 2\n  out of town: Rubble 3\n")
    [problem] = _replayed(text).diagnostics
    assert problem.line == text.split("\n").index("  out of town: Rubble 3") + 1


@pytest.mark.parametrize("ruleset, lines, expansion", [
    ("republic", "  building Ben: Statue on Rubble complete with Road\n", None),  # any Site (B-STATUE-1)
    ("classic", "  building Ben: Temple on Rubble\n", None),  # a classic Tower's (BC-TOWER-1), held or not
    ("classic", "  building Ben: Temple on Wood\n", None),  # a classic Scriptorium's (BC-SCRIPTORIUM-1)
    ("republic", "  in town: Rubble 3\n", "geek: Watch Post"),  # a torn-down Site goes back in town (AMB-31)
])
def test_a_position_a_card_of_the_game_can_reach_is_taken(ruleset, lines, expansion):
    text = _position(ruleset, lines)
    if expansion:
        text = text.replace('[Start "position"]', f'[Expansion "{expansion}"]\n[Start "position"]')
    replayer = _replayed(text)
    assert not replayer.diagnostics, replayer.diagnostics[0].message


def test_with_two_players_a_taken_structure_s_site_is_the_other_player_s():
    """B-PRISON-2, AMB-19: the player a structure was taken from keeps its Site and is given the
    Prison's; without Opp's influence line, both are Opp's (the rulebook example's end), and
    the stacks in town are the setup's less those claims."""
    text = ('[Game "Glory to Rome"]\n[Ruleset "republic"]\n[Players "You, Opp"]\n[Start "position"]\n\n'
            "position\n  leader: Opp\n  hand Opp: Insula\n"
            "  building You: Prison on Stone complete site given with Garden, Sewer, Villa\n"
            "  building You: Tower on Concrete complete stolen with Wall, Bridge\n"
            "  building Opp: Temple on Marble with Statue, Road\n")
    start = _replayed(text).start
    you, opp = start.players
    assert you.influence == [] and sorted(opp.influence) == [Material.CONCRETE, Material.STONE]
    assert start.sites_in_town[Material.STONE] == 1 and start.sites_in_town[Material.CONCRETE] == 1
