"""Every card of every ruleset has a power class or an explicit 'no power yet' entry."""

import json

import pytest
from typer.testing import CliRunner

from gtr_replay.data.cards import cards_for
from gtr_replay.cli import app
from gtr_replay.enums import Ruleset
from gtr_replay.powers import table
from gtr_replay.powers.unwritten import NOT_WRITTEN


@pytest.mark.parametrize("ruleset", list(Ruleset))
def test_every_card_has_a_power_or_is_listed_as_missing(ruleset):
    card_set = cards_for(ruleset)
    names = set(card_set.cards) | set(card_set.optional)
    powered = set(table(ruleset))
    pending = set(NOT_WRITTEN[ruleset])
    assert not powered & pending, "a card is both written and listed as missing"
    assert names <= powered | pending, sorted(names - powered - pending)


def test_missing_lists_name_only_real_cards():
    every = {name for r in Ruleset for name in (*cards_for(r).cards, *cards_for(r).optional)}
    for names in NOT_WRITTEN.values():
        assert set(names) <= every and len(set(names)) == len(names)


def test_cards_missing_command():
    result = CliRunner().invoke(app, ["cards", "--ruleset", "imperium", "--missing", "--json"])
    assert result.exit_code == 0
    names = json.loads(result.stdout)["no_power_yet"]
    assert names == []  # every Black Box building and every Geek card has its power
    for ruleset in ("republic", "imperium"):  # with the expansion on, the ten Geek cards in the deck
        chosen = json.loads(CliRunner().invoke(app, ["cards", "-r", ruleset, "-x", "geek", "--missing",
                                                     "--json"]).stdout)
        assert chosen["no_power_yet"] == []
    listed = json.loads(CliRunner().invoke(app, ["cards", "-r", "republic", "-x", "geek: Domus", "--json"]).stdout)
    assert [c["name"] for c in listed["cards"] if c["optional"]] == ["Domus"] and listed["expansion"] == ["Domus"]
    assert listed["order_cards"] == 144 + 6  # a Wood card: six copies (CARDS.md)
    text = CliRunner().invoke(app, ["cards", "-r", "classic", "--missing"]).stdout
    assert text == "every card of classic has its building power\n"
    classic = json.loads(CliRunner().invoke(app, ["cards", "-r", "classic", "--missing", "--json"]).stdout)
    assert classic["no_power_yet"] == []


def test_powers_doc_is_current_and_lists_every_hook():
    """docs/POWERS.md is generated from the hook table and the registered powers."""
    from pathlib import Path

    from gtr_replay.powers import HOOK_SPECS, HOOKS, Power
    from gtr_replay.powers.doc import markdown

    assert [spec.name for spec in HOOK_SPECS] == list(HOOKS)
    assert {name for name in vars(Power) if not name.startswith("_") and callable(getattr(Power, name))} \
        - {"hooks"} == set(HOOKS), "each hook is one spec and one Power method"
    for hook in HOOKS:
        assert f"`{hook}`" in markdown()
    doc = Path(__file__).parents[2] / "docs" / "POWERS.md"
    assert doc.read_text("utf-8") == markdown(), "run: python -m gtr_replay.powers.doc > docs/POWERS.md"
