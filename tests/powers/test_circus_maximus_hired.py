"""B-CIRCUSMAXIMUS-1 with R-ACT-2: the Circus Maximus gives one more action for each client of
the role, but a client hired this turn gives none, neither its own action nor the Circus's."""

from __future__ import annotations

from tests.fidelity_helpers import replay_text

POSITION = """[Game "Glory to Rome"]
[Ruleset "republic"]
[Players "Ann, Ben"]
[Start "position"]

position
  leader: Ann
  deck: 40
  pool: Fountain, Palace, Statue, Temple
  hand Ann: Basilica
  clientele Ann: Stairway
  building Ann: Circus Maximus on Stone complete with Villa, Wall, Garden
  hand Ben: Road

turn 1 Ann
  Ann leads Patron with Basilica
  Ben thinks: jack
  Ann hires Fountain
  Ann hires Palace
  Ann hires Statue
"""
"""Ann's Patron actions: her lead, her Stairway client, and the Circus's one for that client:
three hires. The three clients she hires this turn add none."""


def test_a_client_hired_this_turn_gives_no_circus_action():
    replayer, _ = replay_text(POSITION)
    assert not replayer.diagnostics, replayer.diagnostics
    replayer, _ = replay_text(POSITION + "  Ann hires Temple\n")
    [refused] = replayer.diagnostics
    assert refused.statement == "Ann hires Temple" and "R-ACT-2" in refused.rule_ids
