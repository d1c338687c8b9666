"""`gtr view`: the page's data (no browser), then the page itself in a headless chromium."""

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gtr_replay.cli import app
from gtr_replay.render.html import state_at
from gtr_replay.render.model import visible_points
from gtr_replay.render.opening import open_record

runner = CliRunner()
EXAMPLE = Path(__file__).parents[2] / "examples" / "games" / "republic-3p.gtr"


def make_page(tmp_path, *args) -> Path:
    out = tmp_path / "game.html"
    result = runner.invoke(app, ["view", str(EXAMPLE), "-o", str(out), *args])
    assert result.exit_code == 0, result.output
    return out


def page_data(path: Path) -> dict:
    text = path.read_text(encoding="utf-8")
    found = re.search(r'<script id="game" type="application/json">(.*?)</script>', text, re.S)
    return json.loads(found.group(1))


@pytest.fixture(scope="module")
def replayed():
    return open_record(EXAMPLE).timeline


def test_the_page_needs_no_network(tmp_path):
    text = make_page(tmp_path).read_text(encoding="utf-8")
    links = re.findall(r'(?:src|href)=["\']([^"\']+)', text)
    assert links == []  # no script, style sheet or image is fetched
    assert "http://" not in text.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert "https://" not in text


def test_the_page_holds_every_state_and_line(tmp_path, replayed):
    data = page_data(make_page(tmp_path))
    assert len(data["positions"]) == len(replayed) + 1
    assert len(data["views"][0]["lines"]) == len(replayed.moments)
    assert any(line["depth"] for line in data["views"][0]["lines"])  # the example's variation is listed
    assert any(line["comments"] for line in data["views"][0]["lines"])
    end = state_at(data, 0, str(data["positions"][-1]))
    assert [c["points"]["shown"] for c in end["camps"]] == list(visible_points(replayed.state(len(replayed)),
                                                                               None).values())


def test_as_a_player_the_page_holds_only_what_that_player_saw(tmp_path, replayed):
    data = page_data(make_page(tmp_path, "--as", "Ann"))
    for key in data["views"][0]["states"]:
        for camp in state_at(data, 0, key)["camps"]:
            if camp["name"] != "Ann":
                assert set(camp["hand"]) == {"hidden", "known"} and not camp["hand"]["known"]
    draws = [change for line in data["views"][0]["lines"] if line["statement"].startswith(("Ben thinks", "Cid thinks"))
             for change in line["changes"] if "deck → hand" in change]
    assert draws and all(re.fullmatch(r"(Ben|Cid): \d+ cards? deck → hand", change) for change in draws)
    mine = [change for line in data["views"][0]["lines"] if line["statement"].startswith("Ann thinks")
            for change in line["changes"] if "deck → hand" in change]
    assert mine and not any(re.fullmatch(r"Ann: \d+ cards? deck → hand", change) for change in mine)


def test_a_refused_statement_is_marked_and_the_rest_shown(tmp_path):
    text = EXAMPLE.read_text(encoding="utf-8").replace("Ben lays Bar", "Ben lays Palace", 1)
    bad = tmp_path / "bad.gtr"
    bad.write_text(text, encoding="utf-8")
    out = tmp_path / "bad.html"
    result = runner.invoke(app, ["view", str(bad), "-o", str(out)])
    assert result.exit_code == 1 and out.exists()
    data = page_data(out)
    refused = [line for line in data["views"][0]["lines"] if line["problem"]]
    assert [line["statement"] for line in refused] == ["Ben lays Palace"]
    assert data["problems"] and "Ben lays Palace" in data["problems"][0]
    assert len(data["positions"]) > 1


# -- in a real browser -------------------------------------------------------------------------

def shown_points(driver) -> dict[str, int]:
    camps = driver.find_elements("css selector", "#camps .camp")
    return {c.get_attribute("data-player"): int(c.get_attribute("data-points")) for c in camps}


def test_stepping_through_the_page_shows_the_replayed_state(browser, tmp_path, replayed):
    from selenium.webdriver.common.keys import Keys

    page = make_page(tmp_path)
    browser.get(page.as_uri())
    body = browser.find_element("tag name", "body")
    assert browser.find_element("id", "position").get_attribute("data-position") == "0"
    checks = {len(replayed) // 3, 2 * len(replayed) // 3, len(replayed)}
    at = 0
    for position in sorted(checks):  # to the end, one key press per statement, checked at three points
        body.send_keys(Keys.ARROW_RIGHT * (position - at))
        at = position
        assert browser.find_element("id", "position").get_attribute("data-position") == str(position)
        state = replayed.state(position)
        assert shown_points(browser) == visible_points(state, None)
        hands = {c.get_attribute("data-player"): int(c.find_element("css selector", ".hand").get_attribute("data-count"))
                 for c in browser.find_elements("css selector", "#camps .camp")}
        assert hands == {p.name: len(p.hand) for p in state.players}
        assert browser.find_element("id", "deck").get_attribute("data-count") == str(len(state.deck))
    assert at == len(replayed)
    body.send_keys(Keys.ARROW_RIGHT)  # past the end: stays at the end
    assert browser.find_element("id", "position").get_attribute("data-position") == str(len(replayed))
    assert "game over" in browser.find_element("id", "status").text
    shot = tmp_path / "end.png"
    assert browser.save_screenshot(str(shot)) and shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    errors = [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
    assert errors == []


def test_clicking_a_statement_jumps_to_it(browser, tmp_path, replayed):
    browser.get(make_page(tmp_path).as_uri())
    target = len(replayed) // 2
    item = browser.find_element("css selector", f'#lines li[data-seq="{replayed.main[target - 1].snapshot.seq}"]')
    item.click()
    assert browser.find_element("id", "position").get_attribute("data-position") == str(target)
    assert "current" in item.get_attribute("class")
    assert shown_points(browser) == visible_points(replayed.state(target), None)


def test_a_players_page_shows_backs_for_hidden_hands(browser, tmp_path, replayed):
    browser.get(make_page(tmp_path, "--as", "Ann").as_uri())
    browser.find_element("id", "last").click()
    final = replayed.state(len(replayed))
    for camp in browser.find_elements("css selector", "#camps .camp"):
        name = camp.get_attribute("data-player")
        hand = camp.find_element("css selector", ".hand")
        faces = [c.get_attribute("data-card") for c in hand.find_elements("css selector", ".card:not(.back)")]
        if name == "Ann":
            assert sorted(faces) == sorted(final.player("Ann").hand)
        else:
            assert faces == [] and hand.get_attribute("data-hidden") == str(len(final.player(name).hand))
    assert [e for e in browser.get_log("browser") if e["level"] == "SEVERE"] == []


def test_a_missing_browser_skips_outside_ci_and_fails_in_ci(monkeypatch):
    from tests.render import browser as module

    monkeypatch.setattr(module, "CHROMIUM", Path("/nonexistent/chromium"))
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="apt-get"):
        module.start_browser()
    monkeypatch.delenv("CI")
    with pytest.raises(pytest.skip.Exception, match="apt-get install chromium"):
        module.start_browser()


def test_clicking_a_variation_shows_its_own_state(browser, tmp_path, replayed):
    browser.get(make_page(tmp_path).as_uri())
    moment = next(m for m in replayed.moments if m.depth)
    browser.find_element("css selector", f'#lines li[data-seq="{moment.snapshot.seq}"]').click()
    assert browser.find_element("id", "where").text.endswith("(variation)")
    assert shown_points(browser) == visible_points(moment.snapshot.state, None)
    hands = {c.get_attribute("data-player"): int(c.find_element("css selector", ".hand").get_attribute("data-count"))
             for c in browser.find_elements("css selector", "#camps .camp")}
    assert hands == {p.name: len(p.hand) for p in moment.snapshot.state.players}
