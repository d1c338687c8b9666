"""How and exactly when the game ends: the deck, the last Site, surrender (R-END-*, AMB-01..03)."""

from pathlib import Path

import notation
import pytest

from gtr_replay.engine import Game
from gtr_replay.game import Demand, Gather, Lay, Lead, Pass, Phase, PlayerState, Surrender, Think
from gtr_replay.engine.scoring import result
from gtr_replay.enums import Material, Role
from gtr_replay.errors import IllegalDecisionError
from gtr_replay.replay.replayer import IllegalStatement, Replayer
from gtr_replay.vocabulary import card_vocabulary


def laborer_table(position, deck, **kw):
    """Ann leads Laborer with a client; Bob, on her left, may think; Cat has a Laborer client."""
    return position(PlayerState("Ann", hand=["Road", "Dock"], clientele=["Insula"]),
                    PlayerState("Bob", hand=["Temple", "Villa", "Dock"]),
                    PlayerState("Cat", hand=["Bath"], clientele=["Bar"]),
                    pool=["Tower", "Wall", "Garden"], deck=deck, **kw)


def test_last_card_ends_the_game_mid_turn_no_actions_no_cleanup_R_END_1_R_END_2_AMB_01(position, play):
    state = laborer_table(position, deck=["Villa", "Statue"], jack_pile=1)
    game = Game(state)
    events = play(game, Lead("Ann", Role.LABORER, ("Road",)), Think("Bob", "refill"))
    assert state.over and state.phase is Phase.OVER and state.end_reason == "deck" and state.ended_by == "Bob"
    assert state.players[1].hand == ["Temple", "Villa", "Dock", "Villa", "Statue"]  # the refill completed
    assert state.players[0].camp == ["Road"] and state.pool == ["Tower", "Wall", "Garden"]  # no cleanup
    assert all(p.stockpile == [] for p in state.players)  # nobody acted
    assert not any(e.kind in ("actions", "cleanup", "turn") for e in events)
    assert game.legal() == []
    with pytest.raises(IllegalDecisionError) as info:
        game.push(Gather("Ann", "Tower"))
    assert info.value.rule_ids == ("R-END-2",)


def test_leader_drawing_the_last_card_ends_the_game_AMB_01(position, play):
    state = position(PlayerState("Ann", hand=["Road"] * 5), PlayerState("Bob"), deck=["Villa"])
    play(Game(state), Think("Ann", "draw"))
    assert state.over and state.leader == 0 and state.turn == 1


def test_short_refill_draws_what_is_left_and_ends_AMB_03(position, play):
    state = position(PlayerState("Ann", hand=["Road"]), PlayerState("Bob"), deck=["Villa", "Statue"])
    play(Game(state), Think("Ann", "refill"))
    assert state.players[0].hand == ["Road", "Villa", "Statue"] and state.over


def two_builders(position, in_town, **kw):
    """Ann has led Architect with an Architect client (two actions); Bob watches."""
    return position(PlayerState("Ann", hand=["Villa", "Dock", "Bridge"], camp=["Tower"], clientele=["Wall"]),
                    PlayerState("Bob", hand=["Road", "Dock", "Bath", "Villa", "Temple"]),
                    in_town=in_town, led=Role.ARCHITECT, played=("Ann",), **kw)


def test_last_in_town_site_of_all_ends_at_once_R_END_1_R_BUILD_11_AMB_02(position, play):
    state = two_builders(position, {Material.STONE: 1})
    events = play(Game(state), Lay("Ann", "Villa"))
    assert state.over and state.end_reason == "last-site" and state.ended_by == "Ann"
    assert state.players[0].camp == ["Tower"]  # no cleanup; her second action is lost
    assert state.players[0].hand == ["Dock", "Bridge"]
    assert [e.kind for e in events][-1] == "game-end"


def test_last_site_of_one_material_does_not_end_by_default_AMB_02(position, play):
    state = two_builders(position, {Material.STONE: 1, Material.WOOD: 1})
    play(Game(state), Lay("Ann", "Villa"))
    assert not state.over and state.sites_in_town[Material.STONE] == 0


def test_out_of_town_site_never_ends_the_game_R_END_1(position, play):
    state = two_builders(position, {Material.WOOD: 1})
    play(Game(state), Lay("Ann", "Villa", out_of_town=True))
    assert not state.over and state.sites_in_town[Material.WOOD] == 1


def test_classic_ends_when_all_sites_are_claimed_R_END_3(position, play):
    state = position(PlayerState("Ann", hand=["Villa", "Dock", "Bridge"], camp=["Tower"], clientele=["Wall"]),
                     PlayerState("Bob", hand=["Road", "Dock", "Bath", "Villa", "Temple"]), ruleset="classic",
                     in_town={Material.STONE: 1, Material.WOOD: 1}, led=Role.ARCHITECT, played=("Ann",),
                     rulings="last-site=any-material")  # a Black Box ruling: no effect in classic
    game = Game(state)
    play(game, Lay("Ann", "Villa"))
    assert not state.over
    play(game, Lay("Ann", "Dock"))
    assert state.over and state.end_reason == "all-sites"


def test_surrender_ends_the_game_and_names_the_winner_R_END_1_R_SCORE_1(position, play):
    state = position(PlayerState("Ann", hand=["Road"], vault=["Temple"] * 3), PlayerState("Bob", hand=["Villa"]))
    game = Game(state)
    assert Surrender("Bob") in game.legal(surrender=True)
    assert Surrender("Bob") not in game.legal()
    play(game, Surrender("Bob"))
    assert state.over and state.end_reason == "surrender" and state.winner == "Bob"
    outcome = result(state)
    assert outcome.winners == ("Bob",) and not outcome.counted


def test_surrender_is_accepted_while_a_demander_chooses_the_gift_R_END_1_AMB_10(position, play):
    """Under 'legionary-give=demander-chooses' the game waits for the demander, not the player
    whose turn it is; a surrender must still be accepted there."""
    state = position(PlayerState("Ann", hand=["School", "Villa"], camp=["Academy"], clientele=["Bath"]),
                     PlayerState("Bob", hand=["Bath", "Gate", "Sewer"]), led=Role.LEGIONARY, played=("Ann",),
                     rulings="legionary-give=demander-chooses")
    game = Game(state)
    play(game, Demand("Ann", ("School", "Villa")))
    play(game, Surrender("Bob"))
    assert state.over and state.winner == "Bob"


_LAST_CARD_HIRED = """[Game "Glory to Rome"]
[Ruleset "{ruleset}"]
[Players "Ann, Ben"]
{expansion}[Start "position"]

position
  leader: Ann
  deck: {last}
  hand Ann: Temple
  clientele Ann: {clients}
  influence Ann: {influence}
  building Ann: {wins_with}
  building Ann: Bar on Rubble complete with Insula
  hand Ben: Bath
  clientele Ben: Insula
  influence Ben: Marble, Marble, Stone, Stone

turn 1 Ann
  Ann leads Patron with Temple
  Ben thinks: jack
  Ann hires [{last}] from deck
"""


@pytest.mark.parametrize("power, fill", [
    ("Forum", dict(ruleset="imperium", expansion="", last="Academy", clients="Road, Dock, Wall, Villa, Palace",
                   influence="Marble, Rubble", wins_with="Forum on Marble complete with Statue, Basilica, Fountain")),
    ("Plebian Council", dict(ruleset="republic", expansion='[Expansion "geek"]\n', last="Latrine", clients="Road",
                             influence="Brick, Rubble", wins_with="Plebian Council on Brick complete with School, Foundry")),
])
def test_a_win_made_by_the_deck_s_last_card_wins_AMB_01_B_FORUM_1_G_PLEBIANCOUNCIL_1(power, fill):
    """AMB-01 (default last-card): the deck's last card ends the game once the action that
    draws it completes. Ann's Bar hires that card (B-BAR-1), and with it she has a client of
    every role (B-FORUM-1), or more Laborers than Ben while neither has a Legionary
    (G-PLEBIANCOUNCIL-1): she wins at once, though Ben has more points to count."""
    replayer = Replayer(notation.parse_one(_LAST_CARD_HIRED.format(**fill), vocabulary=card_vocabulary()))
    snapshots = list(replayer.run())
    assert not replayer.diagnostics
    assert [e.text for e in snapshots[-1].events if e.kind == "game-end"] == [f"win:{power}"]  # it ends once
    game = Game(replayer.final)
    assert not game.state.deck and game.state.end_reason == f"win:{power}" and game.result().winners == ("Ann",)
    assert [s.total for s in game.scores()][0] < [s.total for s in game.scores()][1]


def test_a_win_made_by_the_turn_s_last_decision_ends_it_before_its_cleanup_R_END_2():
    """EX-GK-PLEBIANCOUNCIL-1 (000 Plebian Council: "He immediately wins the game"): Romulus's
    hire is the turn's last action and makes the win true. The game ends there: no played card
    goes back, the leader card stays, no turn 2 begins (R-END-2: the turn does not go on)."""
    path = Path(__file__).parents[2] / "examples" / "rulebook" / "ex-gk-plebiancouncil-1.gtr"
    replayer = Replayer(notation.parse_one(path.read_text("utf-8"), vocabulary=card_vocabulary()))
    last = list(replayer.run())[-1]
    state = replayer.final
    assert state.end_reason == "win:Plebian Council" and state.turn == 1 and state.leader == 0
    assert state.players[0].camp and not any(e.kind in ("cleanup", "turn") for e in last.events)


def _foundry_laborer(position, pool, clients=("Insula",)):
    """Classic: Ann owns a Foundry, has led Laborer (with ``clients``) and the deck holds one card."""
    from gtr_replay.game.state import Building
    ann = PlayerState("Ann", hand=["Road"], clientele=list(clients),
                      buildings=[Building("Foundry", Material.BRICK, complete=True)])
    state = position(ann, PlayerState("Bob", hand=["Temple"]), ruleset="classic", pool=pool, deck=["Villa"],
                     led=Role.LABORER, played=("Ann",))
    return Game(state), state


def test_a_foundry_s_laborer_action_that_draws_the_last_card_still_takes_from_the_pool_AMB_01_BC_FOUNDRY_1(
        position, play):
    """001 Foundry: "As you execute each Laborer role, you draw from the deck before taking from
    the Pool". Under AMB-01 (A) the drawing action completes, then nothing more happens: Ann's
    Laborer action takes its Pool card after the deck's last card, and her second action is lost."""
    from gtr_replay.enums import Zone
    game, state = _foundry_laborer(position, ["Tower", "Wall"])
    play(game, Gather("Ann", "Villa", Zone.DECK))
    assert not state.over and set(game.legal()) == {Gather("Ann", "Tower"), Gather("Ann", "Wall"), Pass("Ann")}
    events = play(game, Gather("Ann", "Tower"))
    assert state.over and state.end_reason == "deck" and state.ended_by == "Ann"
    assert state.players[0].stockpile == ["Villa", "Tower"] and state.pool == ["Wall"]  # one action, no second
    assert [e.kind for e in events][-1] == "game-end" and not state.steps


def test_declining_the_pool_card_after_the_deck_s_last_card_ends_the_game_AMB_01(position, play):
    from gtr_replay.enums import Zone
    game, state = _foundry_laborer(position, ["Tower"])
    play(game, Gather("Ann", "Villa", Zone.DECK), Pass("Ann"))
    assert state.over and state.end_reason == "deck" and state.ended_by == "Ann"
    assert state.players[0].stockpile == ["Villa"] and state.pool == ["Tower"]


def test_the_deck_s_last_card_with_no_pool_card_to_take_ends_the_game_at_once_AMB_01(position, play):
    from gtr_replay.enums import Zone
    game, state = _foundry_laborer(position, [], clients=())
    events = play(game, Gather("Ann", "Villa", Zone.DECK))
    assert state.over and state.end_reason == "deck" and [e.kind for e in events][-1] == "game-end"
    assert state.players[0].stockpile == ["Villa"] and not any(e.kind == "actions" for e in events)


def test_a_pool_card_before_the_deck_s_last_card_still_ends_the_game_with_that_card_R_END_1_BC_FOUNDRY_1(
        position, play):
    """The deck card comes first in each action (BC-FOUNDRY-1): a Pool card taken alone uses the
    action; the second action's deck card is the last, and the game ends after it."""
    from gtr_replay.enums import Zone
    game, state = _foundry_laborer(position, ["Tower", "Wall"])
    play(game, Gather("Ann", "Tower"))
    assert Gather("Ann", "Villa", Zone.DECK) in game.legal() and Gather("Ann", "Wall") in game.legal()
    play(game, Gather("Ann", "Villa", Zone.DECK), Gather("Ann", "Wall"))
    assert state.over and state.players[0].stockpile == ["Tower", "Villa", "Wall"]


def test_a_position_with_an_empty_deck_is_a_game_that_has_ended_R_END_1_AMB_01():
    text = _LAST_CARD_HIRED.format(ruleset="classic", expansion="", last="Academy", clients="Road", influence="Marble",
                                   wins_with="Temple on Marble")
    text = text.replace("  deck: Academy\n", "  deck: 0\n").replace("  Ann hires [Academy] from deck\n", "")
    text = text.replace("influence Ben: Marble, Marble,", "influence Ben: Concrete, Concrete,")  # two Marble in play
    with pytest.raises(IllegalStatement) as refused:
        list(Replayer(notation.parse_one(text, vocabulary=card_vocabulary())).run())
    problem = refused.value.diagnostic
    assert "deck is empty" in problem.message and problem.rule_ids[0] == "R-END-1" and "deck:" in problem.hint
    under_b = text.replace('[Players', '[Rulings "deck-end=empty-draw"]\n[Players')
    replayer = Replayer(notation.parse_one(under_b, vocabulary=card_vocabulary()))
    list(replayer.run())
    assert not replayer.final.over


@pytest.mark.parametrize("name, zone, card", [("foundry-then-dock", "stockpile", "Wall"),
                                              ("bar-then-aqueduct", "clientele", "Dock"),
                                              ("atrium-then-basilica", "vault", "Dock")])
def test_the_action_that_draws_the_deck_s_last_card_takes_its_one_more_card_from_the_hand_AMB_01(name, zone, card):
    """The drawing action completes (AMB-01): the card from the hand a Dock, an Aqueduct or a
    Basilica lets the same action take after the deck's last card (BC-DOCK-2, B-AQUEDUCT-2,
    B-BASILICA-1), then the game ends."""
    path = Path(__file__).parents[1] / "data" / "deck_last" / f"{name}.gtr"
    replayer = Replayer(notation.parse_one(path.read_text("utf-8"), vocabulary=card_vocabulary()))
    list(replayer.run())
    final = replayer.final
    assert not replayer.diagnostics and final.over and final.end_reason == "deck"
    assert card in getattr(final.players[0], zone)
