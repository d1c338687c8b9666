"""Every rulebook record, two ways: a JSON snapshot of its final state and a text snapshot
of its playthrough; and each one cites its example and rules, and has a test of its facts."""

from __future__ import annotations

import re
from pathlib import Path

import notation
import pytest
from rulebook_helpers import RULEBOOK, narration, play, snapshot_of

from gtr_replay.vocabulary import card_vocabulary

FILES = sorted(RULEBOOK.glob("*.gtr"))
EXAMPLE_ID = re.compile(r"\bEX-(?:BB|CL|GK)-[A-Z]+-\d+\b")
RULE_ID = re.compile(r"\b(?:R|B|BC|G|C|AMB)-[A-Z]+(?:-[A-Z]+)*-\d+[a-z]?\b")
TESTS = Path(__file__).parent


def example_of(path: Path) -> str:
    return path.stem.upper()


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_final_state(path, json_snapshot):
    assert snapshot_of(play(example_of(path)).final) == json_snapshot


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_playthrough(path, text_snapshot):
    assert narration(path) == text_snapshot


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_record_cites_its_example_and_rules(path):
    [record] = notation.parse(path.read_text("utf-8"), source=str(path), vocabulary=card_vocabulary())
    assert record.tag("Start") == "position", "a rulebook example starts from a position block"
    header = " ".join(c.remark for c in record.comments)
    assert EXAMPLE_ID.findall(header) == [example_of(path)] or example_of(path) in EXAMPLE_ID.findall(header)
    assert RULE_ID.search(header), f"{path.name}: the header comment cites no rule ID"
    assert example_of(path) in (record.tag("Event") or "")


def test_every_record_has_a_test_of_its_facts():
    """Each example's expected facts are asserted by a test named after it."""
    names = "\n".join(p.read_text("utf-8") for p in TESTS.glob("test_*.py"))
    untested = [p.name for p in FILES if f"def test_{p.stem.replace('-', '_')}" not in names]
    assert FILES and not untested
