"""The Stairway's placement comes with each Architect action (B-STAIRWAY-1 "each time you
execute an Architect action"): an out-of-town foundation that takes two of them gives two
placements (R-BUILD-3, AMB-05), one where a ruling makes it cost one."""

import notation
import pytest

from gtr_replay.game.steps import PublicPlacement
from gtr_replay.replay.replayer import Replayer
from gtr_replay.replay.visitors import KeepStates, Refusal
from gtr_replay.vocabulary import card_vocabulary

RECORD = """[Game "Glory to Rome"]
[Ruleset "republic"]
[Players "You, Opp"]
{rulings}[Start "position"]

position
  leader: You
  deck: 40
  in town: Stone 0
  hand You: Bridge, Villa
  clientele You: Tower
  stockpile You: Atrium, Archway, Road
  building You: Stairway on Marble complete with Temple, Palace, Statue
  hand Opp: Aqueduct
  building Opp: Shrine on Brick complete with Academy, Foundry
  building Opp: School on Brick complete with Gate, Bath

turn 1 You
  You leads Architect with Bridge
  Opp follows with Aqueduct
  You lays Villa out of town
{placements}"""


def _replayed(placements: list[str], rulings: str = ""):
    text = RECORD.format(rulings=f'[Rulings "{rulings}"]\n' if rulings else "",
                         placements="".join(f"  {line}\n" for line in placements))
    replayer = Replayer(notation.parse_one(text, vocabulary=card_vocabulary()), KeepStates(Refusal.END_LINE))
    replayer.check()
    return replayer


def _placements(replayer) -> int:
    return sum(isinstance(step, PublicPlacement) for step in replayer.final.steps)


def test_an_out_of_town_foundation_s_two_architect_actions_give_two_placements():
    replayer = _replayed([])
    assert not replayer.diagnostics and _placements(replayer) == 2
    replayer = _replayed(["You adds Atrium to Opp's Shrine", "You adds Archway to Opp's School"])
    assert not replayer.diagnostics
    shrine, school = replayer.final.players[1].buildings
    assert shrine.materials[-1] == "Atrium" and school.materials[-1] == "Archway"
    assert not replayer.final.steps and replayer.final.current == 1  # the turn is over: Opp leads the next


def test_a_third_placement_is_refused():
    replayer = _replayed(["You adds Atrium to Opp's Shrine", "You adds Archway to Opp's School",
                          "You adds Road to Opp's Shrine"])
    [refused] = replayer.diagnostics
    assert refused.statement == "You adds Road to Opp's Shrine" and "took two actions" in refused.message


@pytest.mark.parametrize("placements", [[], ["You passes"]])
def test_one_action_for_the_foundation_gives_one_placement(placements):
    """Under the ``out-of-town-cost=one-action`` reading of AMB-05 the foundation takes one
    action: one placement with it; the other action is still You's own."""
    replayer = _replayed(placements, "out-of-town-cost=one-action")
    assert not replayer.diagnostics
    assert _placements(replayer) == (0 if placements else 1)


PAIRED = """[Game "Glory to Rome"]
[Ruleset "republic"]
[Players "You, Opp"]
[Rulings "out-of-town-pair=architect-or-craftsman"]
[Start "position"]

position
  leader: You
  deck: 40
  in town: Rubble 0
  out of town: Rubble 6
  hand You: Bridge, Road, Dock, Market, School
  clientele You: Tower
  stockpile You: Wall, Atrium, Archway
  influence You:
  building You: Stairway on Marble complete with Temple, Palace, Statue
  building You: Amphitheatre on Concrete with Aqueduct
  hand Opp: Aqueduct
  building Opp: Shrine on Brick complete with Academy, Foundry

turn 1 You
  You leads Architect with Bridge
  Opp thinks: jack
  You adds Wall to Amphitheatre
  You adds Atrium to Opp's Shrine
  You lays Dock
  You lays Market
  You lays School
  You lays Road out of town
"""


def test_a_craftsman_action_paired_with_an_architect_action_gives_the_architect_s_placement():
    """Under the out-of-town-pair reading of AMB-05, the Amphitheatre's last Craftsman action
    (B-AMPHITHEATRE-1: influence 4, so four) and You's own Architect action lay the Road out of
    town together: the
    Architect action was performed, so its placement comes with it (B-STAIRWAY-1)."""
    replayer = Replayer(notation.parse_one(PAIRED, vocabulary=card_vocabulary()), KeepStates(Refusal.END_LINE))
    replayer.check()
    assert not replayer.diagnostics
    assert _placements(replayer) == 1 and replayer.final.steps[-1].player == 0
