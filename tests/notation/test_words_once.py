"""The vocabulary is written once: the engine's roles and materials are the notation's."""

from notation import words
from notation.statements import Lead

from gtr_replay import enums
from gtr_replay.engine import Game
from gtr_replay.game import decisions
from gtr_replay.replay.translate import decision_for


def test_the_engine_reexports_the_notations_roles_and_materials():
    assert enums.Role is words.Role and enums.Material is words.Material
    assert enums.ROLES == tuple(words.Role) and enums.MATERIALS == tuple(words.Material)


def test_a_statements_role_is_the_decisions_role():
    said = Lead("Ann", words.Role.PATRON, ("Temple",))
    decision = decision_for(said, Game.new("republic", ["Ann", "Ben"], seed="words").state)
    assert isinstance(decision, decisions.Lead) and decision.role is said.role
