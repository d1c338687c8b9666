"""A Site given away is no longer its building's to return: a Watch Post tearing down a Prison
whose Site went to the player it took from (B-PRISON-2), or an Aerarium whose Site triggered
another player's building (G-AERARIUM-2), moves no Site, and the owner's other building of that
material keeps its own (G-WATCHPOST-1, AMB-31)."""

from __future__ import annotations

import pytest

from gtr_replay.engine import Game
from gtr_replay.enums import Material
from gtr_replay.game.state import Building, GameState
from tests.fidelity_helpers import replay_text

YOURS = """[Game "Glory to Rome"]
[Ruleset "republic"]
[Players "You, Opp"]
[Expansion "geek: Watch Post"]
[Start "position"]

position
  leader: You
  deck: Latrine, Latrine, Latrine, Latrine, Latrine, Latrine
  hand You: Dock, Villa, Market
"""
"""The table both Prison records start from: You holds what completes the Prison."""

PRISON = YOURS + """  building You: Prison on Stone with Garden, Sewer
  building You: Watch Post on Rubble complete with Road
  building You: Scriptorium on Stone complete with Catacomb, Catacomb, Sewer
  hand Opp: Insula, Bar
  building Opp: Tower on Concrete complete with Wall, Bridge

  You leads Craftsman with Dock
  Opp thinks: jack
  You adds Villa to Prison
  You steals Opp's Tower
  Opp thinks: jack
  You leads Craftsman with Market
  Opp thinks: jack
  You tears down {torn}
"""

AERARIUM = """[Game "Glory to Rome"]
[Ruleset "republic"]
[Players "Remus, Romulus"]
[Expansion "geek: Aerarium, Watch Post"]
[Start "position"]

position
  leader: Remus
  deck: Bar, Insula, Dock, Market, Statue, Temple
  pool: Palace
  hand Remus: Dock, Wall, Market
  building Remus: Aerarium on Concrete with Tower
  building Remus: Watch Post on Rubble complete with Road
  building Remus: Storeroom on Concrete complete with Aqueduct, Bridge
  hand Romulus: Road
  building Romulus: Garden on Stone complete with Catacomb, Prison, Sewer

  Remus leads Craftsman with Dock
  Romulus thinks: jack
  Remus adds Wall to Aerarium
  Remus triggers Romulus's Garden
  Romulus hires Palace
  Romulus thinks: jack
  Remus leads Craftsman with Market
  Romulus thinks: jack
  Remus tears down {torn}
"""


def _final(text: str) -> GameState:
    replayer, snapshots = replay_text(text)
    assert not replayer.diagnostics, replayer.diagnostics[0]
    return snapshots[-1].state


@pytest.mark.parametrize("record, given, kept, site", [
    (PRISON, "Prison", "Scriptorium", Material.STONE),
    (AERARIUM, "Aerarium", "Storeroom", Material.CONCRETE),
])
def test_a_building_whose_site_was_given_returns_none(record, given, kept, site):
    state = _final(record.format(torn=given))
    me = state.players[0]
    assert me.influence == [Material.RUBBLE, site]  # the Watch Post's and the other building's
    assert state.sites_in_town[site] == 0 and state.players[1].influence.count(site) == 1
    assert me.building(kept).complete and given in me.hand
    # the other building torn down instead gives back the Site it stands on (AMB-31's default)
    other = _final(record.format(torn=kept))
    assert other.players[0].influence == [Material.RUBBLE] and other.sites_in_town[site] == 1


def test_the_given_site_is_kept_in_the_state_and_its_copies():
    state = _final(PRISON.format(torn="Scriptorium"))
    prison = state.players[0].building("Prison")
    assert prison.site_given and not state.players[0].building("Watch Post").site_given
    again = GameState.from_dict(state.to_dict())
    assert again.players[0].building("Prison") == prison == prison.copy()
    assert Building.from_dict(prison.to_dict()).site_given
    assert Game(state).copy().state.players[0].building("Prison").site_given


GIVEN_IN_A_POSITION = YOURS + """  building You: Prison on Stone complete {mark} with Garden, Sewer, Villa
  building You: Watch Post on Rubble complete with Road
  building You: Scriptorium on Stone complete with Catacomb, Catacomb, Sewer
  building You: Tower on Concrete complete stolen with Wall, Bridge
  hand Opp: Insula, Bar
  influence Opp: Stone

  You leads Craftsman with Dock
  Opp thinks: jack
  You tears down Prison
"""


def test_a_position_marks_a_site_given():
    """``site given`` states a structure whose Site went away: the position's influence leaves
    it out, the tear-down moves no Site, and the mark is written back as read."""
    import notation
    from gtr_replay.vocabulary import card_vocabulary

    state = _final(GIVEN_IN_A_POSITION.format(mark="Site Given"))
    assert state.players[0].influence == [Material.RUBBLE, Material.STONE] and state.sites_in_town[Material.STONE] == 0
    [record] = notation.parse(GIVEN_IN_A_POSITION.format(mark="site  given"), vocabulary=card_vocabulary())
    assert "building You: Prison on Stone complete site given with Garden, Sewer, Villa" in notation.write(record)
    unmarked = _final(GIVEN_IN_A_POSITION.format(mark=""))  # its Site is in the influence: it goes back
    assert unmarked.players[0].influence == [Material.RUBBLE, Material.STONE]
    assert unmarked.sites_in_town[Material.STONE] == 1


def test_a_foundation_cannot_have_given_its_site():
    text = GIVEN_IN_A_POSITION.format(mark="site given").replace("Prison on Stone complete", "Prison on Stone")
    replayer, _ = replay_text(text)
    [problem] = replayer.diagnostics
    assert "Prison is marked site given but not complete" in problem.message
