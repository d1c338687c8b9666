"""Every whole record the documentation shows (a code block opening with a tag) is read and
replayed as a user would check it: an example that the tool refuses teaches the wrong notation."""

import re
from pathlib import Path

import notation
import pytest

from gtr_replay.replay.replayer import Replayer
from gtr_replay.replay.visitors import CheckOnly, Refusal
from gtr_replay.vocabulary import card_vocabulary

ROOT = Path(__file__).parents[2]
PAGES = [ROOT / "README.md", ROOT / "notation" / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
BLOCK = re.compile(r"^```[a-z]*\n(\[\w+ \"[^\n]*\n.*?)^```", re.M | re.S)

RECORDS = [(page, n, text) for page in PAGES for n, text in enumerate(BLOCK.findall(page.read_text("utf-8")), 1)
           if "\n\n" in text and re.search(r"^(turn|setup|position|\s+\w+ (leads|thinks))", text, re.M)]


def test_the_pages_show_records():
    assert {page.name for page, _, _ in RECORDS} >= {"README.md"} and len(RECORDS) >= 2


@pytest.mark.parametrize("page, n, text", RECORDS, ids=[f"{p.relative_to(ROOT)}#{n}" for p, n, _ in RECORDS])
def test_a_record_the_documentation_shows_is_read_and_replays(page, n, text):
    for record in notation.parse(text, source=f"{page.name}#{n}", vocabulary=card_vocabulary()):
        replayer = Replayer(record, CheckOnly(Refusal.END_LINE), source=f"{page.name}#{n}")
        replayer.check()
        assert replayer.diagnostics == [], str(replayer.diagnostics[0])


POSITIONS = [(page, block) for page in PAGES
             for block in re.findall(r"^```\n(position\n.*?)^```", page.read_text("utf-8"), re.M | re.S)]


def test_the_position_block_the_notation_page_shows_is_read():
    """The position block notation/README.md shows (without tags: three players, the Black Box
    rules) starts a game the rules accept: its Sites add up."""
    [(page, block)] = [(p, b) for p, b in POSITIONS if p.name == "README.md" and "turn: 12" in b]
    text = '[Game "x"]\n[Ruleset "republic"]\n[Players "Ann, Ben, Cid"]\n[Start "position"]\n\n' + block
    replayer = Replayer(notation.parse_one(text, vocabulary=card_vocabulary()), CheckOnly(Refusal.END_LINE))
    replayer.check()
    assert replayer.diagnostics == [] and replayer.start.turn == 12
