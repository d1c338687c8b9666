"""The viewer as a group reviews a game after playing it, in chromium: on a phone (360×740) and
on a desktop, a link that opens the statement it numbers fully in view, the cards a statement
moved marked, the chart that moves the page, and the seat switch that shows what ``--as``
shows, with a player's page holding no card that player never saw.

One browser serves every test (``browser``, session-wide); a test that changes its window
size puts it back."""

from __future__ import annotations

import json
import re
from contextlib import contextmanager
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gtr_replay.cli import app
from gtr_replay.enums import JACK
from gtr_replay.render.opening import open_record
from tests.render.browser import FLAGS

runner = CliRunner()
EXAMPLE = Path(__file__).parents[2] / "examples" / "games" / "republic-3p.gtr"
"""An example with a variation (numbered after the statement it replaces)."""
DESKTOP = tuple(int(n) for n in next(f for f in FLAGS if f.startswith("--window-size=")).split("=")[1].split(","))
CONTROLS = "button, a, summary, select, input, [role=tab], #lines li:not(.turnhead)"
"""What a reader taps: every control, and every statement of the list (a tap goes there)."""


def everyone_and_ann(record: Path, folder: Path) -> dict[str, Path]:
    """``gtr view`` of ``record``: the page of every seat and Ann's own."""
    made = {}
    for name, extra in (("everyone", ()), ("Ann", ("--as", "Ann"))):
        made[name] = folder / f"{name}.html"
        result = runner.invoke(app, ["view", str(record), "-o", str(made[name]), *extra])
        assert result.exit_code == 0, result.output
    return made


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> dict[str, Path]:
    return everyone_and_ann(EXAMPLE, tmp_path_factory.mktemp("review"))


@pytest.fixture(scope="module")
def replayed():
    return open_record(EXAMPLE).timeline


@contextmanager
def window(browser, width: int, height: int):
    browser.set_window_size(width, height)
    try:
        yield
    finally:
        browser.set_window_size(*DESKTOP)


def open_page(browser, page: Path, fragment: str = ""):
    browser.get("about:blank")  # a fresh load, not a move within the same page
    browser.get(page.as_uri() + fragment)


def no_errors(browser):
    assert [e for e in browser.get_log("browser") if e["level"] == "SEVERE"] == []


def fully_visible(browser, element) -> bool:
    """Whether ``element`` is whole on the screen: below the sticky bar, above the window's
    bottom, and inside the statement list where the list scrolls by itself."""
    return browser.execute_script("""
        const e = arguments[0].getBoundingClientRect(), bar = document.getElementById('bar').getBoundingClientRect();
        const list = document.querySelector('aside').getBoundingClientRect();
        const scrolls = getComputedStyle(document.querySelector('aside')).overflowY !== 'visible';
        return e.height > 0 && e.top >= bar.bottom && e.bottom <= window.innerHeight
            && (!scrolls || (e.top >= list.top && e.bottom <= list.bottom));""", element)


def test_on_a_phone_one_column_with_tabs_nothing_wider_than_the_screen_and_big_tap_targets(browser, pages):
    with window(browser, 360, 740):
        open_page(browser, pages["everyone"])
        for tab in ("board", "camps", "list"):
            browser.find_element("css selector", f'#tabs button[data-tab="{tab}"]').click()
            browser.find_element("id", "last").click()  # the end: the most cards on the table
            width, client = browser.execute_script(
                "return [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
            assert width <= client, tab
            small = browser.execute_script("""
                return Array.from(document.querySelectorAll(arguments[0])).filter((e) => e.offsetParent !== null)
                  .map((e) => [e.tagName + ' ' + e.textContent.slice(0, 30), e.getBoundingClientRect().height])
                  .filter(([, h]) => h < 44);""", CONTROLS)
            assert small == [], tab
            shown = {part: browser.find_element("id", part).is_displayed() for part in ("table", "camps", "lines")}
            assert shown == {"table": tab == "board", "camps": tab == "camps", "lines": tab == "list"}
        broken = browser.execute_script("""
            return Array.from(document.querySelectorAll('.card .name')).filter((n) => n.offsetParent !== null
              && n.scrollWidth > n.parentElement.clientWidth).map((n) => n.textContent);""")
        assert broken == []  # a tile is as wide as its card's whole name
        browser.find_element("css selector", '#tabs button[data-tab="board"]').click()
        sites = browser.execute_script("""
            const wrap = document.querySelector('.sites-wrap');
            return [wrap.scrollWidth <= wrap.clientWidth,
                    Array.from(wrap.querySelectorAll('tr:first-child th')).map((th) => th.textContent)];""")
        assert sites == [True, ["", "Rubble", "Wood", "Brick", "Concrete", "Stone", "Marble"]]  # whole, in order
        no_errors(browser)


def test_on_a_desktop_two_columns_and_no_tabs(browser, pages):
    open_page(browser, pages["everyone"])
    assert not browser.find_element("id", "tabs").is_displayed()
    board = browser.find_element("id", "board").rect
    listed = browser.find_element("css selector", "aside").rect
    assert listed["x"] >= board["x"] + board["width"]  # side by side
    assert all(browser.find_element("id", part).is_displayed() for part in ("table", "camps", "lines", "chart"))
    from selenium.webdriver.common.keys import Keys

    keys = browser.find_element("id", "keys")
    assert not keys.is_displayed()
    browser.find_element("tag name", "body").send_keys("?")  # ? shows the keys, Escape hides them
    assert keys.is_displayed() and "next statement" in keys.text
    browser.find_element("tag name", "body").send_keys(Keys.ESCAPE)
    assert not keys.is_displayed()



def test_the_result_is_on_top_with_its_tie_break_once_the_game_is_over(browser, pages, replayed):
    from gtr_replay.engine import Game

    found = Game(replayed.state(len(replayed))).result()
    open_page(browser, pages["everyone"])
    result = browser.find_element("id", "result")
    assert not result.is_displayed()  # the game goes on
    browser.find_element("id", "last").click()
    assert result.is_displayed() and found.tie_break.text in result.text
    assert result.rect["y"] < browser.find_element("id", "table").rect["y"]  # above the table


@pytest.mark.parametrize("size", [(360, 740), DESKTOP], ids=["phone", "desktop"])
def test_a_link_opens_the_statement_it_numbers_fully_in_view(browser, pages, replayed, size):
    variation = next(m for m in replayed.moments if m.depth)
    after = next(m for m in replayed.main if m.snapshot.seq > variation.snapshot.seq + 80)
    with window(browser, *size):
        for moment in (after, variation):
            number = replayed.number(moment)
            open_page(browser, pages["everyone"], f"#s{number}")
            (current,) = browser.find_elements("css selector", "#lines li.current")
            assert current.find_element("css selector", ".number").text == f"{number}."
            assert current.find_element("css selector", ".statement").text.startswith(moment.snapshot.text)
            assert browser.find_element("id", "position").text.startswith(f"{number} / ")
            assert fully_visible(browser, current), number
    no_errors(browser)


def test_the_cards_a_statement_moved_are_marked(browser, pages, replayed):
    position, moment = next((n, m) for n, m in enumerate(replayed.main, 1) if " lays " in m.snapshot.text)
    player, card = moment.snapshot.text.split(" lays ")
    open_page(browser, pages["everyone"], f"#s{position}")
    marked = browser.find_elements("css selector", ".card.moved")
    where = {(m.get_attribute("data-card"),
              m.find_element("xpath", "ancestor::*[@data-zone][1]").get_attribute("data-zone"),
              browser.execute_script("const c = arguments[0].closest('.camp'); return c && c.dataset.player;", m))
             for m in marked}
    assert (card, "building", player) in where
    moved = {(e.card, str(e.target)) for e in moment.snapshot.events if e.kind == "move"}
    assert {(c, z) for c, z, _ in where} <= moved
    browser.find_element("id", "next").click()  # the next statement marks its own cards only
    following = {(e.card, str(e.target)) for e in replayed.main[position].snapshot.events if e.kind == "move"}
    assert {(m.get_attribute("data-card"), m.find_element("xpath", "ancestor::*[@data-zone][1]").get_attribute(
        "data-zone")) for m in browser.find_elements("css selector", ".card.moved")} <= following


def test_clicking_the_chart_at_a_turn_shows_that_turn(browser, pages, replayed):
    open_page(browser, pages["everyone"])
    for turn in (replayed.turns[len(replayed.turns) // 2], replayed.turns[1]):
        hit = browser.find_element("css selector", f'.chart-view:not([hidden]) rect[data-turn="{turn}"]')
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", hit)
        hit.click()
        assert browser.find_element("css selector", "#table-panel h3").text.startswith(f"turn {turn} ·")
        position = int(browser.find_element("id", "position").get_attribute("data-position"))
        assert replayed.turn_at(position) == turn and position == replayed.start_of_turn(turn)
        marker, x, width = browser.execute_script(
            "const svg = arguments[0].ownerSVGElement, m = svg.querySelector('.marker');"
            "return [+m.getAttribute('x1'), +arguments[0].getAttribute('x'), +arguments[0].getAttribute('width')]", hit)
        assert x <= marker <= x + width  # the marker on the turn tapped, not the one before
    no_errors(browser)


def test_a_tap_anywhere_on_the_chart_goes_to_the_nearest_turn(browser, pages, replayed):
    """A turn's strip is a few pixels wide on a phone: a tap a little off it still goes to it."""
    with window(browser, 360, 740):
        open_page(browser, pages["everyone"])
        browser.find_element("css selector", '#tabs button[data-tab="board"]').click()
        turn = replayed.turns[len(replayed.turns) // 2]
        hit = browser.find_element("css selector", f'.chart-view:not([hidden]) rect[data-turn="{turn}"]')
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", hit)
        box = hit.rect
        from selenium.webdriver.common.action_chains import ActionChains

        ActionChains(browser).move_to_element_with_offset(hit, 0, -box["height"] // 2 - 3).click().perform()
        position = int(browser.find_element("id", "position").get_attribute("data-position"))
        assert replayed.turn_at(position) == turn
        no_errors(browser)


def shown(browser) -> dict[str, str]:
    parts = ("table", "camps", "status", "lines", "position")
    seen = {part: browser.find_element("id", part).get_attribute("innerText") for part in parts}
    seen["chart"] = browser.find_element("css selector", ".chart-view:not([hidden])").get_attribute("textContent")
    return seen


def test_the_seat_switch_shows_what_as_shows(browser, pages, replayed):
    open_page(browser, pages["Ann"])
    assert browser.find_elements("css selector", "#seats button") == []  # a player's page has no switch
    points = [0, len(replayed) // 3, len(replayed)]
    expected = []
    for position in points:
        browser.execute_script(f"location.hash = '#s{position}'")
        expected.append(shown(browser))
    open_page(browser, pages["everyone"])
    seats = {b.text: b for b in browser.find_elements("css selector", "#seats button")}
    assert list(seats) == ["everyone", "Ann", "Ben", "Cid"]
    everyone = shown(browser)
    seats["Ann"].click()
    for position, wanted in zip(points, expected):
        browser.execute_script(f"location.hash = '#s{position}'")
        assert shown(browser) == wanted, position
    assert shown(browser) != everyone
    no_errors(browser)


def test_a_players_page_holds_no_card_that_player_never_saw(tmp_path):
    """The first four turns of a five-player example: the card names only ever in the deck or
    in another player's hand, never on the table, in a camp, in Ann's hand or named in a
    statement, are nowhere in the bytes of Ann's page (and all in the full page's)."""
    text = (EXAMPLE.parent / "republic-5p.gtr").read_text(encoding="utf-8")
    text = re.sub(r'\[Result "[^"]*"\]\n', "", text.split("\nturn 5 ")[0]) + "\n"
    record = tmp_path / "early.gtr"
    record.write_text(text, encoding="utf-8")
    replayed = open_record(record).timeline
    seen, held = set(), set()
    for position in range(len(replayed) + 1):
        state = replayed.state(position)
        seen.update(state.pool)
        for player in state.players:
            held.update(player.hand)
            seen.update(player.camp + player.clientele + player.stockpile + player.vault)
            seen.update(c for b in player.buildings for c in (b.foundation, *b.materials))
            if player.name == "Ann":
                seen.update(player.hand)
    for moment in replayed.moments:  # what a statement says is said to the table (a card shown to a
        said = moment.snapshot.text  # demand too), but for the cards another player draws
        if moment.snapshot.player != "Ann":
            said = re.sub(r"\[[^\]]*\]", "", said)
        seen.update(card for card in held if card in said)
    never = held - seen - {JACK}
    assert never  # the other hands hold cards that were never shown
    pages = {}
    for name, extra in (("Ann", ("--as", "Ann")), ("everyone", ())):
        pages[name] = tmp_path / f"{name}.html"
        assert runner.invoke(app, ["view", str(record), "-o", str(pages[name]), *extra]).exit_code == 0
    ann = pages["Ann"].read_text(encoding="utf-8")
    found = [card for card in never if re.search(rf"(?<![A-Za-z]){re.escape(card)}(?![A-Za-z])", ann)]
    assert found == []
    data = json.loads(re.search(r'<script id="game" type="application/json">(.*?)</script>', ann, re.S).group(1))
    assert [v["seat"] for v in data["views"]] == ["Ann"]
    everyone = pages["everyone"].read_text(encoding="utf-8")
    assert all(card in everyone for card in never)  # the full page does hold them


def test_cards_turned_up_are_marked_where_they_lie(browser, tmp_path):
    """G-BACCHANALIA-1: the cards a completed Bacchanalia turns up lie face up on the table,
    each outlined as moved by the statement that turned them up."""
    bacchanalia = Path(__file__).parents[2] / "examples" / "rulebook" / "ex-gk-bacchanalia-1.gtr"
    timeline = open_record(bacchanalia).timeline
    position, moment = next((n, m) for n, m in enumerate(timeline.main, 1)
                            if any(e.kind == "move" and str(e.target) == "turned up" for e in m.snapshot.events))
    turned = sorted(e.card for e in moment.snapshot.events if e.kind == "move" and str(e.target) == "turned up")
    page = tmp_path / "b.html"
    assert runner.invoke(app, ["view", str(bacchanalia), "-o", str(page)]).exit_code == 0
    open_page(browser, page, f"#s{position}")
    marked = browser.execute_script("return Array.from(document.querySelectorAll('[data-zone=\"turned up\"] .card.moved'),"
                                    " (c) => c.dataset.card)")
    assert sorted(marked) == turned and turned
    no_errors(browser)
