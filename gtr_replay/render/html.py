"""The replay viewer: one self-contained HTML page (no network, no server) for one record.

``page(timeline, viewer=...)`` is a pure ``-> str``. It embeds, as JSON, the view model of
the state after every statement (``render.model``), the narrated line of every statement
(``render.narration``) and the card facts, and a small script draws them: the game header
(the record's tags, the rulings in force, its comments), the table, every camp, the
statement list (click to jump, arrow keys to step; each statement has a link, ``#s12``, that
opens the page there), disputed statements marked with the readings at stake, and a
points-by-turn chart (``render.chart``) with a marker on the current turn. With ``viewer`` every state and line
is the one that player could see (RULES.md §0.5), so the page holds nothing else.

Records are shared between players and clubs, so opening a page must be safe whatever the
record holds. The page is a fixed shell with its style and script (``viewer/page.css``,
``viewer/page.js``); what comes from the record (names, statements, comments, problems, the
file name) is only in the data, which ``script_json`` writes so that nothing in it can end
the data's script element or be read as markup, and the script puts it on the page as text.
The chart is SVG whose every text ``render.chart`` escapes. A Content-Security-Policy lets the
page run its own script and style alone (by their digests) and fetch nothing.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from functools import cache
from pathlib import Path

from notation import Comment, Record

from gtr_replay.cards import cards_for
from gtr_replay.errors import GtrError
from gtr_replay.render import model
from gtr_replay.render.chart import points_by_turn, svg
from gtr_replay.render.narration import narrated
from gtr_replay.render.timeline import Timeline
from gtr_replay.rulings import RULINGS, find_ruling

MATERIAL_COLOURS = {
    "Rubble": "#e8c547", "Wood": "#9a6b3f", "Brick": "#c0392b",
    "Concrete": "#8e9499", "Stone": "#3b6fb6", "Marble": "#8e5ea2",
}
"""The colours of the cards' materials, as printed on them."""


def _cards(timeline: Timeline) -> dict[str, list]:
    card_set = cards_for(timeline.start.ruleset)
    facts = {**card_set.optional, **card_set.cards}
    return {name: [str(c.material), str(c.role), c.value] for name, c in facts.items()}


DESCRIPTIVE = ("Event", "Site", "Date", "Round", "Players", "Ruleset", "Result", "Recorder")
"""The tags the game header shows first, in this order; any other tag follows as written."""
_LEFT_OUT = {"game", "deck", "start", "rulings"}
"""Tags the header does not repeat: the game's name, the deck order, the start (a Deck tag is
a long list) and the rulings, which it shows with their words."""


def game_header(record: Record | None, timeline: Timeline) -> dict:
    """The game header: the record's tags (Event, Date, Result...), the rulings in force with
    the reading taken (those departing from the default first), and the record's own comments."""
    tags: list[list[str]] = []
    if record is not None:
        written = [t for t in record.tags if t.name.lower() not in _LEFT_OUT]
        order = {name.lower(): n for n, name in enumerate(DESCRIPTIVE)}
        written.sort(key=lambda t: order.get(t.name.lower(), len(order)))
        tags = [[t.name, t.value] for t in written]
    in_force = timeline.start.rulings
    rulings = [{"name": r.name, "amb": r.amb, "question": r.question, "reading": in_force[r.name],
                "description": r.reading(in_force[r.name]).description, "default": in_force[r.name] == r.default}
               for r in RULINGS if in_force.get(r.name) != r.default]
    comments = [c.text for c in record.comments] if record is not None else []
    if record is not None and record.start is not None:
        comments += [c.text for c in getattr(record.start, "lines", ()) if isinstance(c, Comment)]
    return {"tags": tags, "rulings": rulings, "comments": comments}


def dispute(comments: list[str], in_force: dict[str, str]) -> dict | None:
    """A statement's dispute, from the embedded commands of its comments (NOTATION.md):
    ``[%source disputed]`` marks it disputed, ``[%ruling NAME]`` (or ``NAME=READING``) names
    the ruling at stake, whose readings are listed with the one in force and the one the
    comment names. None when no comment holds either."""
    disputed, at_stake, unknown = False, [], []
    for text in comments:
        for command in Comment(text).commands:
            if command.name == "source" and command.value.lower() == "disputed":
                disputed = True
            elif command.name == "ruling":
                name, _, named = command.value.partition("=")
                try:
                    ruling = find_ruling(name)
                except GtrError:
                    unknown.append(command.value)
                    continue
                at_stake.append({"name": ruling.name, "amb": ruling.amb, "question": ruling.question,
                                 "readings": [{"name": r.name, "description": r.description,
                                               "in_force": in_force.get(ruling.name) == r.name,
                                               "named": r.name == named.strip().lower(),
                                               "default": r.name == ruling.default} for r in ruling.readings]})
    if not (disputed or at_stake or unknown):
        return None
    return {"rulings": at_stake, "unknown": unknown}


def _notes(comments) -> list[dict]:
    """Each comment as the page shows it: its words without the embedded commands, and the
    commands other than a dispute's as short labels (``clock 0:12:03``)."""
    shown = []
    for text in comments:
        comment = Comment(text)
        commands = comment.commands
        labels = [f"{c.name} {c.value}".strip() for c in commands if c.name not in ("ruling", "source")]
        labels += [f"source: {c.value}" for c in commands if c.name == "source" and c.value != "disputed"]
        shown.append({"text": comment.remark if commands else text, "labels": labels})
    return shown


def page_data(timeline: Timeline, *, viewer: str | None = None, title: str = "",
              record: Record | None = None) -> dict:
    """Everything the page shows, as plain JSON-ready data."""
    states = {"0": model.state_model(timeline.start, viewer=viewer, watch=timeline.watch(0)).to_dict()}
    lines = narrated(timeline, viewer=viewer)
    for line, moment in zip(lines, timeline.moments):
        if line.position is not None:
            state, watch = timeline.state(line.position), timeline.watch(line.position)
        else:  # a variation keeps no vault watch; a refused statement shows the state it was refused in
            state, watch = (timeline.state_of(moment.before) if moment.refused else moment.snapshot.state), None
        states[str(line.seq)] = model.state_model(state, viewer=viewer, watch=watch).to_dict()
    positions = [0] + [m.snapshot.seq for m in timeline.main]
    shown = []
    for line in lines:
        data = line.to_dict()
        data["notes"] = _notes(line.comments)
        data["dispute"] = dispute(list(line.comments), timeline.start.rulings)
        shown.append(data)
    return {
        "title": title, "viewer": viewer, "ruleset": str(timeline.start.ruleset),
        "header": game_header(record, timeline),
        "players": [p.name for p in timeline.start.players],
        "cards": _cards(timeline), "colours": MATERIAL_COLOURS,
        "positions": positions, "turns": [timeline.start.turn] + [m.turn for m in timeline.main],
        "states": states, "lines": shown,
        "problems": [str(p) for p in timeline.problems],
    }


def page(timeline: Timeline, *, viewer: str | None = None, title: str = "", problems=(),
         record: Record | None = None) -> str:
    """The whole page as text; ``problems`` (text) replace the replay's own when given, so a
    line that did not parse is listed too; ``record`` gives the game header its tags and
    comments."""
    data = page_data(timeline, viewer=viewer, title=title, record=record)
    if problems:
        data["problems"] = list(problems)
    chart = svg(points_by_turn(timeline, viewer),
                title="points by turn" + (f" as {viewer} can count them" if viewer else ""),
                marker=timeline.start.turn)
    return document(data, chart)


def document(data: dict, chart: str) -> str:
    """The page for ``data`` (``page_data``'s) and ``chart`` (an SVG of ``render.chart``): the
    shell, style and script as they are, the data as ``script_json``."""
    style, script = asset("page.css"), asset("page.js")
    return "".join((
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n',
        f'<meta http-equiv="Content-Security-Policy" content="{policy(style, script)}">\n',
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n',
        f"<title>Glory to Rome</title>\n<style>{style}</style>\n</head>\n<body>\n",
        _BOARD, chart, _STATEMENTS,
        '<script id="game" type="application/json">', script_json(data), "</script>\n",
        f"<script>{script}</script>\n</body>\n</html>\n",
    ))


_BOARD = """<header><h1 id="heading">Glory to Rome</h1><div id="game-header"></div>
<nav><button id="first" title="start (Home)">|◀</button><button id="back" title="back (←)">◀</button>
<span id="position"></span><button id="next" title="next (→)">▶</button><button id="last" title="end (End)">▶|</button>
<span id="where"></span></nav></header>
<main>
<section id="board"><div id="table"></div><div id="camps"></div><div id="status"></div>
<div id="changes"></div><div id="chart">"""
"""The page's fixed markup, up to the chart (the script fills in the heading, table and camps)."""

_STATEMENTS = """</div></section>
<aside><h2>statements</h2><ol id="lines"></ol><div id="problems"></div></aside>
</main>
"""
"""The fixed markup after the chart: the statement list, which the script fills in."""

_UNSAFE_IN_SCRIPT = re.compile("[<>&\u2028\u2029\ud800-\udfff]")
_SURROGATE = re.compile("[\ud800-\udfff]")


def script_json(value) -> str:
    """``value`` as JSON that stays data inside a ``<script>`` element: ``<``, ``>`` and ``&``
    written as ``\\u`` escapes (so no ``</script>`` or ``<!--`` can appear), and the line and
    paragraph separators too; a lone surrogate (a file name's undecodable byte) is shown as
    U+FFFD, the replacement character, which every browser can serialize."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    text = _SURROGATE.sub("\\\\ufffd", text)
    return _UNSAFE_IN_SCRIPT.sub(lambda found: f"\\u{ord(found[0]):04x}", text)


@cache
def asset(name: str) -> str:
    """The text of one of the viewer's files (``viewer/``)."""
    return (Path(__file__).with_name("viewer") / name).read_text(encoding="utf-8")


def policy(style: str, script: str) -> str:
    """The page's Content-Security-Policy: its own style and script only, nothing fetched."""
    return (f"default-src 'none'; style-src '{_digest(style)}'; script-src '{_digest(script)}'; "
            "base-uri 'none'; form-action 'none'")


def _digest(text: str) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii")
