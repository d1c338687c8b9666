"""The viewer of an analysed record (``gtr analyse -o``): each player's chance to win along the
game under the points chart, the costly decisions marked in the list with the better decision,
and the judgement of the statement shown; a player's page carries no judgement of another
player's decision (it was made from that player's hand); and an analysis comment is text.

The record is examples/analysed/republic-2p-bot-greedy.gtr: a game of the search player (Ann)
against the greedy player (Ben), as ``gtr analyse --budget 200 --seed 1 -o`` wrote it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import notation
import pytest
from typer.testing import CliRunner

from gtr_replay.cli import app
from tests.render.test_hostile_pages import assert_inert_and_working, data_of, make_page
from tests.render.test_viewer_review import everyone_and_ann, open_page, window

runner = CliRunner()
ANALYSED = Path(__file__).parents[2] / "examples" / "analysed" / "republic-2p-bot-greedy.gtr"
MARKS = ("?!", "?", "??")
PHONE = (360, 740)


def judged_statements() -> list[tuple[int, notation.Step, list[str]]]:
    """(number in the main line, step, its analysis comments) for every judged statement."""
    record = notation.parse(ANALYSED.read_text(encoding="utf-8"))[0]
    found = []
    for number, step in enumerate(record.steps, 1):
        texts = [str(note.text) for note in step.notes if isinstance(note, notation.Comment)
                 and any(c.name == "chance" for c in note.commands)]
        if texts:
            found.append((number, step, texts))
    return found


def player_of(step: notation.Step) -> str:
    return re.match(r"\w+", str(step.statement))[0]


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> dict[str, Path]:
    return everyone_and_ann(ANALYSED, tmp_path_factory.mktemp("analysed"))


def test_every_judged_statement_carries_its_chances_and_the_costly_ones_the_better_decision(pages):
    judged = judged_statements()
    assert len(judged) > 100  # nearly every statement of the game: only forced ones are not searched
    lines = {line["number"]: line for line in data_of(pages["everyone"])["views"][0]["lines"]}
    for number, step, texts in judged:
        line = lines[str(number)]
        played, best = (float(v) for v in re.search(r"\[%chance ([\d.]+ [\d.]+)\]", texts[0])[1].split())
        assert line["judged"]["played"] == played and line["judged"]["best"] == best
        assert line["judged"]["player"] == player_of(step)
        marks = [g for g in step.glyphs if g in MARKS]
        assert line["judged"]["mark"] == (marks[0] if marks else None)
        better = re.match(r"analyse: (.+) was better:", texts[0])
        assert line["judged"]["better"] == (better[1] if better else None)
        assert not any("chance" in label for n in line["notes"] for label in n["labels"])  # shown as the judgement
        assert not any(n["text"].startswith("analyse:") for n in line["notes"])
    assert any(line["judged"] and line["judged"]["mark"] in MARKS for line in lines.values())


def test_the_chance_chart_is_drawn_under_the_points_chart_for_each_seat(pages):
    text = pages["everyone"].read_text(encoding="utf-8")
    views = re.findall(r'<div class="chart-view" data-view="(\d)"[^>]*>(.*?)</div>', text, re.S)
    assert [n for n, _ in views] == ["0", "1", "2"]
    for n, chart in views:
        charts = re.findall(r'<svg .*?</svg>', chart, re.S)
        assert len(charts) == 2 and "chance to win" in charts[1]
        drawn = re.findall(r'class="series" data-player="(\w+)" fill="none" stroke="(#\w+)"', charts[1])
        assert [player for player, _ in drawn] == {"0": ["Ann", "Ben"], "1": ["Ann"], "2": ["Ben"]}[n]
        colours = dict(re.findall(r'class="series" data-player="(\w+)" fill="none" stroke="(#\w+)"', charts[0]))
        assert all(colours[player] == colour for player, colour in drawn)  # a player's colour in both charts


def test_a_players_page_carries_no_judgement_of_the_other_players_decisions(pages):
    """What Ben's decisions were judged from is Ben's hand: Ann's page (the bytes, not what a
    style hides) holds none of those comments, chances or marks, and all of her own."""
    raw = pages["Ann"].read_bytes().decode("utf-8")
    data = data_of(pages["Ann"])
    for number, step, texts in judged_statements():
        remark = texts[0].split(" [%chance")[0]
        line = next(x for x in data["views"][0]["lines"] if x["number"] == str(number))
        if player_of(step) == "Ben":
            assert line["judged"] is None and not set(MARKS) & set(line["glyphs"])
            if remark.startswith("analyse:"):
                assert json.dumps(remark)[1:-1] not in raw, number
        else:
            assert line["judged"] is not None
    assert "[%chance" not in json.dumps([line["comments"] for line in data["views"][0]["lines"]
                                         if re.match(r"Ben\b", line["statement"])])


def test_on_a_phone_a_costly_decision_is_marked_and_its_judgement_shown(browser, pages):
    number, step, texts = next((n, s, t) for n, s, t in judged_statements() if set(s.glyphs) & set(MARKS))
    better = re.match(r"analyse: (.+) was better:", texts[0])[1]
    with window(browser, *PHONE):
        open_page(browser, pages["everyone"], f"#s{number}")
        shown = browser.execute_script(
            "const li = document.querySelector(`#lines li[data-number='${arguments[0]}']`);"
            "return [li.classList.contains('costly'), li.querySelector('.better').textContent,"
            " document.getElementById('judged').textContent,"
            " document.querySelectorAll('#chart .chart-view:not([hidden]) svg').length,"
            " document.documentElement.scrollWidth <= window.innerWidth]", str(number))
        assert shown[0] and better in shown[1] and shown[1].startswith("?")
        assert shown[2] == shown[1] and shown[3] == 2 and shown[4]
        browser.find_element("id", "next").click()  # the next statement shows its own judgement, or none
        after = browser.execute_script("return document.getElementById('judged').textContent")
        assert after != shown[2]
        assert [e for e in browser.get_log("browser") if e["level"] == "SEVERE"] == []


def test_an_analysis_comment_is_text_on_the_page(browser, tmp_path):
    payload = "<img src=x onerror=window.pwned=9>"
    text = ANALYSED.read_text(encoding="utf-8")
    line = next(x for x in text.splitlines() if x.startswith("  ") and "analyse:" in x)
    hostile = re.sub(r"analyse: .+ was better:", f"analyse: {payload} was better:", line)
    page = make_page(tmp_path, "analysed.gtr", text.replace(line, hostile, 1))
    judged = [x["judged"] for x in data_of(page)["views"][0]["lines"] if x["judged"] and x["judged"]["better"] == payload]
    assert len(judged) == 1
    assert_inert_and_working(browser, page, "analysed.gtr · record 1", [])
    assert any(payload in t for t in browser.execute_script(
        "return Array.from(document.querySelectorAll('#lines .better'), (e) => e.textContent)"))


@pytest.mark.parametrize("as_json", [False, True])
def test_gtr_replay_as_a_player_carries_no_judgement_of_the_other_players_decisions(as_json):
    """The same rule in the terminal (and its JSON): Ann's replay holds her judgements only."""
    extra = ["--json"] if as_json else []
    ann = runner.invoke(app, ["replay", str(ANALYSED), "--as", "Ann", *extra])
    everyone = runner.invoke(app, ["replay", str(ANALYSED), *extra])
    assert ann.exit_code == everyone.exit_code == 0, ann.output
    bens = [texts[0] for _, step, texts in judged_statements() if player_of(step) == "Ben"]
    anns = [texts[0] for _, step, texts in judged_statements() if player_of(step) == "Ann"]
    shown = (lambda text: json.dumps(text)[1:-1]) if as_json else (lambda text: text)
    assert bens and not any(shown(text) in ann.stdout for text in bens)
    assert all(shown(text) in everyone.stdout for text in bens)
    assert sum(shown(text) in ann.stdout for text in anns) == len(anns) > 0
