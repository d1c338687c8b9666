"""Every card of every ruleset has a power class or an explicit 'no power yet' entry."""

import json

import pytest
from typer.testing import CliRunner

from gtr_replay.cards import cards_for
from gtr_replay.cli import app
from gtr_replay.enums import Ruleset
from gtr_replay.powers import table
from gtr_replay.powers.pending import NO_POWER_YET
from gtr_replay.rulesets import RULESETS


@pytest.mark.parametrize("ruleset", list(Ruleset))
def test_every_card_has_a_power_or_is_listed_as_missing(ruleset):
    edition = RULESETS[ruleset].edition
    card_set = cards_for(ruleset)
    names = set(card_set.cards) | set(card_set.optional)
    powered = set(table(edition))
    pending = set(NO_POWER_YET[edition])
    assert not powered & pending, "a card is both written and listed as missing"
    assert names <= powered | pending, sorted(names - powered - pending)


def test_missing_lists_name_only_real_cards():
    every = {name for r in Ruleset for name in (*cards_for(r).cards, *cards_for(r).optional)}
    for names in NO_POWER_YET.values():
        assert set(names) <= every and len(set(names)) == len(names)


def test_cards_missing_command():
    result = CliRunner().invoke(app, ["cards", "--ruleset", "imperium", "--missing", "--json"])
    assert result.exit_code == 0
    names = json.loads(result.stdout)["no_power_yet"]
    assert "Academy" in names and "Senate" in names and "Prison" not in names and "Shrine" not in names and "Crane" not in names
    text = CliRunner().invoke(app, ["cards", "-r", "classic", "--missing"]).stdout
    assert "without a building power yet" in text and "Coliseum" in text


def test_powers_doc_is_current_and_lists_every_hook():
    """docs/POWERS.md is generated from the hook table and the registered powers."""
    from pathlib import Path

    from gtr_replay.powers import HOOKS
    from gtr_replay.powers.doc import hook_rows, markdown

    assert [row[0] for row in hook_rows()] == list(HOOKS)
    doc = Path(__file__).parents[2] / "docs" / "POWERS.md"
    assert doc.read_text("utf-8") == markdown(), "run: python -m gtr_replay.powers.doc > docs/POWERS.md"
