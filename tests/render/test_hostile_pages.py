"""`gtr view` pages of hostile records and file names, in chromium: no script of theirs runs,
and the page still works (stepping, every statement listed, their text shown as written).

Every payload tries the same things: set a sentinel global, change the document's title,
open an alert, or add an element. A page passes when none of that happened, the heading
and every comment the page lists read exactly as written, and stepping goes from the start
to the end. Each page is opened twice: as written, and without its Content-Security-Policy,
so that the escaping alone is shown to keep the payloads inert."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gtr_replay.cli import app
from gtr_replay.render.html import script_json

runner = CliRunner()
EXAMPLES = Path(__file__).parents[2] / "examples"
BASE = EXAMPLES / "games" / "republic-3p.gtr"

PAYLOADS = (
    "<img src=x onerror=document.title=1337>",
    "<img src=x onerror=window.pwned=1>",
    "</script><script>window.pwned=2</script>",
    "<!--<script>",
    "{{data}}", "{{script}}", "{{style}}", "{{chart}}", "{{heading}}",
    "\"'><svg onload=window.pwned=3>",
    "<script>alert(1)</script>",
    "<iframe srcdoc=\"<script>parent.pwned=4</script>\"></iframe>",
    "&lt;b&gt; &amp; \u2028 \u2029 \\u003c",
    "<style>body{display:none}</style>",
)
"""What a record or a file name may hold to break out of text or data."""


def _brace(payload: str) -> bool:
    return "}" not in payload and "\n" not in payload and "\u2028" not in payload and "\u2029" not in payload


def hostile_record(payloads=PAYLOADS) -> tuple[str, list[str]]:
    """The example game with ``payloads`` in every tag value, in comments before the record,
    between turns, after statements (braced where the payload allows, else as a line
    comment) and in a variation. Returns the text and the comments the page must list."""
    text = BASE.read_text(encoding="utf-8")
    shown: list[str] = []
    tags = "".join(f'[Note{n} "{p.replace(chr(92), chr(92) * 2).replace(chr(34), chr(92) + chr(34))}"] ; {p}\n'
                   for n, p in enumerate(payloads) if "\n" not in p)
    text = text.replace("\n\nturn 1 ", "\n" + tags + "\n; " + " ".join(payloads) + "\n\nturn 1 ", 1)
    lines = text.split("\n")
    statements = [n for n, line in enumerate(lines) if line.startswith("  ") and not line.lstrip().startswith(("(", "{", ";"))
                  and "{" not in line and ";" not in line]
    for payload, at in zip(payloads, statements[::3]):
        if _brace(payload):
            lines[at] += f" {{{payload}}}"
        else:
            lines[at] += f" ; {payload}"
        shown.append(payload)
    text = "\n".join(lines)
    text = text.replace("Ann thinks: jack; Ben thinks: jack )", "Ann thinks: jack {<b>in a variation</b>}; Ben thinks: jack )")
    shown.append("<b>in a variation</b>")
    text = text.replace("\nturn 2 ", "\n{" + PAYLOADS[0] + "} ; " + PAYLOADS[2] + "\nturn 2 ", 1)
    lines = text.split("\n")  # disputes whose commands and words carry payloads
    at = [n for n, line in enumerate(lines) if line.startswith("  ") and not line.lstrip().startswith(("(", "{", ";"))
          and "{" not in line and ";" not in line]
    lines[at[1]] += " {[%ruling deck-end=" + PAYLOADS[1] + "] [%source disputed] " + PAYLOADS[0] + "}"
    lines[at[2]] += " {[%ruling " + PAYLOADS[10] + "] [%clock " + PAYLOADS[9] + "]}"
    return "\n".join(lines), shown


CASES = {
    # name of the file: (its text, the comments the page lists)
    "<img src=x onerror=document.title=1337>{{data}}.gtr": (BASE.read_text(encoding="utf-8"), []),
    "{{data}}.gtr": (BASE.read_text(encoding="utf-8").replace(
        "Ben lays Dock\n", "Ben lays Dock {<img src=x onerror=document.title=1337>}\n", 1),
        ["<img src=x onerror=document.title=1337>"]),
    "comment.gtr": (BASE.read_text(encoding="utf-8").replace("Ben lays Dock\n", "Ben lays Dock {<!--<script>}\n", 1),
                    ["<!--<script>"]),
    "placeholder.gtr": (BASE.read_text(encoding="utf-8").replace("Ben lays Dock\n", "Ben lays Dock ; {{script}}\n", 1),
                        ["{{script}}"]),
    "<!--\"'{{script}}<b>x.gtr": hostile_record(),  # a file name holds no '/'; the record holds </script>
}


def make_page(folder: Path, name: str, text: str, *extra: str) -> Path:
    record = folder / name
    record.write_text(text, encoding="utf-8")
    out = folder / "page.html"
    result = runner.invoke(app, ["view", str(record), "-o", str(out), *extra])
    assert out.exists(), result.output
    return out


def without_policy(page: Path) -> Path:
    """The page with its Content-Security-Policy taken out."""
    text = page.read_text(encoding="utf-8")
    bare, count = re.subn(r'<meta http-equiv="Content-Security-Policy"[^>]*>\n', "", text)
    assert count == 1
    path = page.with_name("bare.html")
    path.write_text(bare, encoding="utf-8")
    return path


def data_of(page: Path) -> dict:
    found = re.search(r'<script id="game" type="application/json">(.*?)</script>', page.read_text(encoding="utf-8"), re.S)
    return json.loads(found.group(1))


def texts(browser, selector: str) -> list[str]:
    """The text content of every element ``selector`` finds, read in one round trip."""
    return browser.execute_script(
        "return Array.from(document.querySelectorAll(arguments[0]), (e) => e.textContent)", selector)


def assert_inert_and_working(browser, page: Path, heading: str, comments: list[str]) -> None:
    from selenium.common.exceptions import NoAlertPresentException
    from selenium.webdriver.common.keys import Keys

    data = data_of(page)
    browser.get(page.as_uri())
    with pytest.raises(NoAlertPresentException):
        browser.switch_to.alert  # noqa: B018 (no alert opened)
    assert browser.execute_script("return [window.pwned, document.querySelectorAll("
                                  "'img, iframe, svg[onload], [onerror], [onload]').length, "
                                  "document.scripts.length, document.styleSheets.length]") == [None, 0, 2, 1]
    assert browser.title == heading
    assert browser.find_element("id", "heading").text == heading
    items = browser.execute_script("return document.querySelectorAll('#lines li:not(.turnhead)').length")
    assert items == len(data["views"][0]["lines"]) > 0
    listed = texts(browser, "#lines .comment")
    for comment in comments:
        assert "{" + comment + "}" in listed
    shown_tags = browser.execute_script(
        "return Array.from(document.querySelectorAll('#game-header .tag'), "
        "(t) => [t.querySelector('dt').textContent, t.querySelector('dd').textContent])")
    assert shown_tags == data["header"]["tags"]  # the tags read exactly as written
    assert texts(browser, "#game-header .record-comment") == data["header"]["comments"]
    disputed = [line for line in data["views"][0]["lines"] if line["dispute"]]
    assert len(browser.find_elements("css selector", "#lines li.dispute")) == len(disputed)
    for line in disputed:
        selector = f'#lines li[data-seq="{line["seq"]}"]'
        assert browser.find_element("css selector", selector + " .dispute-mark").text == "⚖ disputed"
        assert [n["text"] for n in line["notes"]] == [
            text.split("}")[0][1:] for text in texts(browser, selector + " .comment")]
    links = browser.execute_script("return Array.from(document.querySelectorAll('#lines li a.link'), (a) => a.href)")
    assert links and all(re.fullmatch(r".*#s\d+(\.\d+)*", href) for href in links)
    body = browser.find_element("tag name", "body")
    body.send_keys(Keys.END)
    last = len(data["positions"]) - 1
    assert browser.find_element("id", "position").get_attribute("data-position") == str(last)
    body.send_keys(Keys.HOME, Keys.ARROW_RIGHT)
    assert browser.find_element("id", "position").get_attribute("data-position") == "1"
    assert browser.title == heading  # nothing ran later either
    assert browser.execute_script("return window.pwned") is None
    assert [e for e in browser.get_log("browser") if e["level"] == "SEVERE"] == []


@pytest.mark.parametrize("name", list(CASES))
def test_a_hostile_record_runs_nothing_and_the_page_works(browser, tmp_path, name):
    text, comments = CASES[name]
    page = make_page(tmp_path, name, text)
    heading = f"{name} · record 1"
    assert_inert_and_working(browser, page, heading, comments)
    assert_inert_and_working(browser, without_policy(page), heading, comments)


def test_a_hostile_record_s_header_links_and_disputes_stay_text(browser, tmp_path):
    """Tags, the record's comments and dispute comments full of payloads: the header shows them
    as written, each dispute is marked, and a link opens its statement (a payload in the
    address's fragment is only a fragment)."""
    text, comments = hostile_record()
    page = make_page(tmp_path, "game.gtr", text)
    data = data_of(page)
    assert any(value == PAYLOADS[0] for _, value in data["header"]["tags"])
    assert any(PAYLOADS[2] in comment for comment in data["header"]["comments"])
    assert len([line for line in data["views"][0]["lines"] if line["dispute"]]) == 2
    for opened in (page, without_policy(page)):
        assert_inert_and_working(browser, opened, "game.gtr · record 1", comments)
        browser.get(opened.as_uri() + "#s5")
        assert browser.find_element("id", "position").get_attribute("data-position") == "5"
        browser.get("about:blank")
        browser.get(opened.as_uri() + "#s1<img src=x onerror=window.pwned=7>")
        assert browser.find_element("id", "position").get_attribute("data-position") == "0"
        assert browser.execute_script("return window.pwned") is None


def test_a_line_that_does_not_parse_is_reported_as_text(browser, tmp_path):
    """The problem quotes the line, payload and all: the page shows it as it is."""
    line = "  Cid leads <img src=x onerror=window.pwned=5> {{data}} </script>"
    page = make_page(tmp_path, "bad.gtr", BASE.read_text(encoding="utf-8") + line + "\n")
    assert "<img src=x onerror=window.pwned=5>" in data_of(page)["problems"][0]
    for opened in (page, without_policy(page)):
        assert_inert_and_working(browser, opened, "bad.gtr · record 1", [])
        assert line.strip() in browser.find_element("id", "problems").get_attribute("textContent")


def test_a_player_s_page_of_a_hostile_record_runs_nothing(browser, tmp_path):
    text, comments = hostile_record()
    page = make_page(tmp_path, "game.gtr", text, "--as", "Ann")
    # a seat's page keeps none of the record's words (annotate.as_known), only the commands they embed
    assert_inert_and_working(browser, without_policy(page), "game.gtr · record 1 · as Ann sees it", [])
    assert "in a variation" not in json.dumps(data_of(page))


def test_the_data_cannot_end_its_script_element():
    text = script_json({"a": "</script><!--<script>&\u2028\u2029\udcff", "b": ["<", ">"]})
    assert not set("<>&\u2028\u2029") & set(text)
    assert json.loads(text) == {"a": "</script><!--<script>&\u2028\u2029\ufffd", "b": ["<", ">"]}  # U+FFFD


def test_the_page_s_own_files_hold_no_markup_from_outside():
    """The style and script are embedded as they are: neither may close its element, and the
    script never writes markup."""
    folder = Path(__file__).parents[2] / "gtr_replay" / "render" / "viewer"
    for path in folder.iterdir():
        assert "</" not in path.read_text(encoding="utf-8"), path.name
    script = (folder / "page.js").read_text(encoding="utf-8")
    code = "\n".join(line for line in script.splitlines() if not line.startswith("//"))
    assert not re.search(r"innerHTML|outerHTML|insertAdjacentHTML|document\.write|eval\(|Function\(", code)


def _page_sample() -> list[Path]:
    """Every bundled example but the whole games, of which one per ruleset: a whole game's page
    carries every seat's view (a few MB), and the twelve of them took most of this test's time,
    while every example is replayed with its invariants by tests/replay/test_examples.py."""
    games = sorted((EXAMPLES / "games").glob("*.gtr"))
    sample = [next(p for p in games if p.name.startswith(ruleset)) for ruleset in ("classic", "imperium", "republic")]
    return sorted(p for p in EXAMPLES.rglob("*.gtr") if p.parent.name != "games") + sample


@pytest.mark.parametrize("path", _page_sample(), ids=lambda p: str(p.relative_to(EXAMPLES)))
def test_every_bundled_example_s_page_renders(browser, tmp_path, path):
    """Each example's page (the whole games sampled, one per ruleset) opens without a script
    error, lists every statement and steps to the end (the End key, as a reader presses it;
    what the page shows then is read in one round trip)."""
    out = tmp_path / (path.stem + ".html")
    result = runner.invoke(app, ["view", str(path), "-o", str(out)])
    assert result.exit_code == 0, (path, result.output)
    data = data_of(out)
    browser.get(out.as_uri())
    shown = browser.execute_script(
        "const lines = document.querySelectorAll('#lines li:not(.turnhead)').length;"
        "document.body.dispatchEvent(new KeyboardEvent('keydown', {key: 'End', bubbles: true}));"
        "return [document.title, lines, document.getElementById('position').dataset.position,"
        " document.querySelectorAll('#camps .camp').length]")
    last = len(data["positions"]) - 1
    assert shown == [f"{path.name} · record 1", len(data["views"][0]["lines"]), str(last), len(data["players"])]
    assert [e for e in browser.get_log("browser") if e["level"] == "SEVERE"] == []
