"""The viewer as a reviewer uses it: a link per statement that opens the page there, the game
header (tags, the rulings in force, the record's comment), and a disputed statement marked
with the readings at stake. In chromium, and in the page's data."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gtr_replay.cli import app
from gtr_replay.render.model import visible_points
from gtr_replay.render.opening import open_record

runner = CliRunner()
EXAMPLE = Path(__file__).parents[2] / "examples" / "games" / "republic-3p.gtr"
COMMENT = "a practice game before the league"
REMARK = "Cid says the game goes on"


def disputed_record() -> tuple[str, str]:
    """The example with a Site tag, a Rulings tag, a comment of its own, and a disputed
    statement naming the ruling at stake; returns the text and the disputed statement."""
    text = EXAMPLE.read_text(encoding="utf-8")
    text = text.replace('[Ruleset "republic"]\n', '[Ruleset "republic"]\n[Rulings "deck-end=empty-draw"]\n'
                        f'[Site "the club"]\n; {COMMENT}\n', 1)
    statement = "Ben lays Dock"
    text = text.replace(f"  {statement}\n", f"  {statement} {{[%ruling deck-end=last-card] [%source disputed] "
                                            f"{REMARK}}}\n", 1)
    return text, statement


@pytest.fixture(scope="module")
def page(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("links")
    text, _ = disputed_record()
    (folder / "game.gtr").write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["view", str(folder / "game.gtr"), "-o", str(folder / "game.html")])
    assert result.exit_code == 0, result.output
    return folder / "game.html"


@pytest.fixture(scope="module")
def replayed(page):
    return open_record(page.with_suffix(".gtr")).timeline


def data_of(page: Path) -> dict:
    found = re.search(r'<script id="game" type="application/json">(.*?)</script>', page.read_text(encoding="utf-8"), re.S)
    return json.loads(found.group(1))


def test_the_page_data_holds_the_header_and_the_dispute(page):
    data = data_of(page)
    header = data["header"]
    assert ["Site", "the club"] in header["tags"] and ["Event", "Thursday club, example game"] in header["tags"]
    assert [r["name"] + "=" + r["reading"] for r in header["rulings"]] == ["deck-end=empty-draw"]
    assert COMMENT in header["comments"]
    disputed = [line for line in data["lines"] if line["dispute"]]
    assert [line["statement"] for line in disputed] == ["Ben lays Dock"]
    (ruling,) = disputed[0]["dispute"]["rulings"]
    readings = {r["name"]: r for r in ruling["readings"]}
    assert readings["empty-draw"]["in_force"] and readings["last-card"]["named"] and readings["last-card"]["default"]
    assert disputed[0]["notes"] == [{"text": REMARK, "labels": []}]


def test_a_statement_s_link_opens_the_page_at_that_statement(browser, page, replayed):
    position = len(replayed) // 2
    seq = replayed.main[position - 1].snapshot.seq
    browser.get(page.as_uri() + f"#s{seq}")
    assert browser.find_element("id", "position").get_attribute("data-position") == str(position)
    current = browser.find_elements("css selector", "#lines li.current")
    assert [li.get_attribute("id") for li in current] == [f"s{seq}"]
    camps = browser.find_elements("css selector", "#camps .camp")
    assert {c.get_attribute("data-player"): int(c.get_attribute("data-points")) for c in camps} == \
        visible_points(replayed.state(position), None)
    link = current[0].find_element("css selector", "a.link")
    assert link.get_attribute("href").endswith(f"#s{seq}")
    from selenium.webdriver.common.keys import Keys

    browser.find_element("tag name", "body").send_keys(Keys.ARROW_RIGHT)  # the address follows the page
    assert browser.current_url.endswith(f"#s{replayed.main[position].snapshot.seq}")
    variation = next(m for m in replayed.moments if m.depth)
    browser.get(page.as_uri() + f"#s{variation.snapshot.seq}")
    assert browser.find_element("id", "where").text.endswith("(variation)")
    assert [e for e in browser.get_log("browser") if e["level"] == "SEVERE"] == []


def test_the_header_and_a_marked_dispute_are_shown(browser, page):
    browser.get(page.as_uri())
    header = browser.find_element("id", "game-header")
    tags = {e.get_attribute("data-tag"): e.find_element("css selector", "dd").text
            for e in header.find_elements("css selector", ".tag")}
    assert tags["Site"] == "the club" and tags["Result"] and tags["Players"] == "Ann, Ben, Cid"
    assert "deck-end=empty-draw" in header.find_element("css selector", ".rulings").text
    assert header.find_element("css selector", ".record-comment").text == COMMENT
    disputed = browser.find_elements("css selector", "#lines li.dispute")
    assert len(disputed) == 1
    box = disputed[0].find_element("css selector", ".dispute-box")
    assert box.find_element("css selector", ".dispute-mark").text == "⚖ disputed"
    readings = {r.get_attribute("data-reading"): r.text for r in box.find_elements("css selector", ".reading")}
    assert readings["empty-draw"].startswith("empty-draw (in force)")
    assert readings["last-card"].startswith("last-card (default, named here)")
    assert disputed[0].find_element("css selector", ".comment").text == "{" + REMARK + "}"  # no raw [%ruling ...]
    assert "[%" not in browser.find_element("id", "lines").text
