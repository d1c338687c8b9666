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
    disputed = [line for line in data["views"][0]["lines"] if line["dispute"]]
    assert [line["statement"] for line in disputed] == ["Ben lays Dock"]
    (ruling,) = disputed[0]["dispute"]["rulings"]
    readings = {r["name"]: r for r in ruling["readings"]}
    assert readings["empty-draw"]["in_force"] and readings["last-card"]["named"] and readings["last-card"]["default"]
    assert disputed[0]["notes"] == [{"text": REMARK, "labels": []}]


def test_a_statement_s_link_opens_the_page_at_that_statement(browser, page, replayed):
    position = len(replayed) // 2
    number = replayed.number(replayed.main[position - 1])
    assert number == str(position)  # the main line is numbered by position
    browser.get(page.as_uri() + f"#s{number}")
    assert browser.find_element("id", "position").get_attribute("data-position") == str(position)
    assert browser.find_element("id", "position").text == f"{number} / {len(replayed)}"
    current = browser.find_elements("css selector", "#lines li.current")
    assert [li.get_attribute("data-number") for li in current] == [number]
    assert current[0].find_element("css selector", ".number").text == f"{number}."
    camps = browser.find_elements("css selector", "#camps .camp")
    assert {c.get_attribute("data-player"): int(c.get_attribute("data-points")) for c in camps} == \
        visible_points(replayed.state(position), None)
    link = current[0].find_element("css selector", "a.link")
    assert link.get_attribute("href").endswith(f"#s{number}")
    from selenium.webdriver.common.keys import Keys

    browser.find_element("tag name", "body").send_keys(Keys.ARROW_RIGHT)  # the address follows the page
    assert browser.current_url.endswith(f"#s{position + 1}")
    variation = next(m for m in replayed.moments if m.depth)
    browser.get(page.as_uri() + f"#s{replayed.number(variation)}")
    assert browser.find_element("id", "where").text.endswith("(variation)")
    assert browser.find_element("id", "position").text.startswith(replayed.number(variation) + " / ")
    assert [e for e in browser.get_log("browser") if e["level"] == "SEVERE"] == []


def test_the_dispute_box_shows_what_each_reading_does_and_how_the_game_ends(browser, page, replayed):
    """The disputed statement under the reading in force and under the one the comment names:
    accepted or refused there, and the end of the game, as ``gtr diff`` finds it."""
    from gtr_replay.render.disputes import compare
    from gtr_replay.render.opening import open_record

    record = open_record(page.with_suffix(".gtr")).record
    other = compare(record, None, "deck-end=last-card").b
    data = data_of(page)
    (line,) = [line for line in data["views"][0]["lines"] if line["dispute"]]
    readings = {r["name"]: r for r in line["dispute"]["rulings"][0]["readings"]}
    named = readings["last-card"]
    assert named["end"]["over"] == other.over and named["end"]["winners"] == list(other.winners)
    assert named["end"]["said"] == (other.said if other.over else named["end"]["said"])
    assert named["at"]["reached"] and named["at"]["accepted"] in (True, False)
    assert readings["empty-draw"]["at"]["accepted"]  # the reading in force replayed the record
    browser.get(page.as_uri())
    box = browser.find_element("css selector", "#lines li.dispute .dispute-box")
    shown = {r.get_attribute("data-reading"): r for r in box.find_elements("css selector", ".reading")}
    for name, reading in readings.items():
        assert shown[name].find_element("css selector", ".end").get_attribute("textContent") == \
            "end: " + reading["end"]["said"] + (" · " + reading["end"]["scores"] if reading["end"]["scores"] else "")
        assert shown[name].find_element("css selector", ".effect").get_attribute("textContent").startswith("here: ")


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


def test_stepping_from_a_variation_follows_it_and_a_seat_switch_leaves_it(browser, page, replayed):
    """On a variation's line, the arrow keys (and the buttons) step along the list as it reads:
    on into the variation, back to the statement it branches from. A player's view has no
    variation: switching seat there shows that player's view of the statement it branches from,
    with no error and no other player's hand."""
    from selenium.webdriver.common.keys import Keys

    lines = data_of(page)["views"][0]["lines"]
    k = next(i for i, line in enumerate(lines) if line["depth"])
    first, after = lines[k], lines[k + 1]
    browser.get(page.as_uri() + f"#s{first['number']}")
    body = browser.find_element("tag name", "body")
    body.send_keys(Keys.ARROW_RIGHT)
    assert browser.current_url.endswith(f"#s{after['number']}")
    browser.get(page.as_uri() + f"#s{first['number']}")
    browser.find_element("id", "back").click()
    assert browser.current_url.endswith(f"#s{lines[k - 1]['number']}")
    browser.get(page.as_uri() + f"#s{first['number']}")
    player = data_of(page)["players"][0]
    browser.execute_script("document.getElementById('about').open = true")
    browser.find_element("css selector", "#seats button[data-view='1']").click()
    branch = next(line for line in reversed(lines[:k]) if line["position"] is not None)
    assert browser.find_element("id", "position").text.startswith(f"{branch['number']} / ")
    assert [e for e in browser.get_log("browser") if e["level"] == "SEVERE"] == []
    hidden = browser.execute_script("return Array.from(document.querySelectorAll('#camps .camp'), "
                                    "(c) => [c.dataset.player, c.querySelector('.hand').dataset.hidden !== undefined])")
    assert hidden and all(shut == (name != player) for name, shut in hidden), hidden  # only the seat's own hand
