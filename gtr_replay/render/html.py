"""The replay viewer: one self-contained HTML page (no network, no server) for one record.

``page(timeline, viewer=..., record=...)`` is a pure ``-> str``. It embeds, as JSON, one view
per seat the page may show (``page_data``'s ``views``: everyone and each player for a fully
known game, so a group can switch to "as Ben saw it"; only ``viewer``'s on a page written for
one player, which then holds nothing else, RULES.md §0.5). A view is the view model of the
state after every statement (``render.model``), the narrated line of every statement
(``render.narration``) with its number (``Timeline.number``, the one the list, the counter
and the link ``#s120`` share) and the cards it moved, and a disputed statement's readings,
each with what it does there and how the game ends under it (``render.disputes``, replayed
when the page is written), and an analysed statement's judgement (``gtr analyse -o``:
``judged``, with a chart of each player's chance to win under the points chart). A state's
table and camps are written once in ``parts`` and referenced by number (``state_at`` reads
one back), as most of them repeat from statement to statement and seat to seat. A small
script draws them, phone first: one column with tabs
(table, hands, statements) on a narrow screen, two columns on a wide one; the result on top
once the game is over; a points-by-turn step chart (``render.chart``, one per view) whose
turns move the page; ``?`` shows the keys.

Records are shared between players and clubs, so opening a page must be safe whatever the
record holds. The page is a fixed shell with its style and script (``viewer/page.css``,
``viewer/page.js``); what comes from the record (names, statements, comments, problems, the
file name) is only in the data, which ``script_json`` writes so that nothing in it can end
the data's script element or be read as markup, and the script puts it on the page as text.
The charts are SVG whose every text ``render.chart`` escapes. A Content-Security-Policy lets
the page run its own script and style alone (by their digests) and fetch nothing.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from functools import cache
from pathlib import Path

from notation import Comment, Record

from gtr_replay.data.cards import cards_for
from gtr_replay.errors import GtrError
from gtr_replay.render import model
from gtr_replay.play.analysis import GLYPHS as ANALYSIS_GLYPHS
from gtr_replay.play.annotate import COMMAND as CHANCE, judgement_in
from gtr_replay.render.chart import chances_by_turn, points_by_turn, svg
from gtr_replay.render.disputes import reading_effect, under_reading
from gtr_replay.render.narration import in_view, moved_cards, narrated
from gtr_replay.render.timeline import Timeline
from gtr_replay.data.rulings import RULINGS, find_ruling

MATERIAL_COLOURS = {
    "Rubble": "#e8c547", "Wood": "#9a6b3f", "Brick": "#c0392b",
    "Concrete": "#8e9499", "Stone": "#3b6fb6", "Marble": "#8e5ea2",
}
"""The colours of the cards' materials, as printed on them."""


def _cards(timeline: Timeline, views: list[dict]) -> dict[str, list]:
    """The facts (material, role, value) of the cards the views show, and of no other card: a
    player's page names no card that player never saw."""
    card_set = cards_for(timeline.start.ruleset)
    facts = {**card_set.optional, **card_set.cards}
    shown: set[str] = set()
    _names(views, facts, shown)
    return {name: [str(c.material), str(c.role), c.value] for name, c in facts.items() if name in shown}


def _names(value, facts: dict, found: set[str]) -> None:
    if isinstance(value, str):
        if value in facts:
            found.add(value)
    elif isinstance(value, dict):
        for item in value.values():
            _names(item, facts, found)
    elif isinstance(value, (list, tuple)):
        for item in value:
            _names(item, facts, found)


DESCRIPTIVE = ("Event", "Site", "Date", "Round", "Players", "Ruleset", "Result", "Recorder")
"""The tags the game header shows first, in this order; any other tag follows as written."""
_LEFT_OUT = {"game", "deck", "start", "rulings"}
"""Tags the header does not repeat: the game's name, the deck order, the start (a Deck tag is
a long list) and the rulings, which it shows with their words."""


def game_header(record: Record | None, timeline: Timeline, viewer: str | None = None) -> dict:
    """The game header: the record's tags (Event, Date, Result...), the rulings in force with
    the reading taken (those departing from the default first), and the record's own comments;
    on a page for one seat, not those, which whoever recorded the game wrote and may name cards
    the seat has not seen (``annotate.as_known``): a line says they are left out."""
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
    if viewer is not None and comments:
        comments = [f"The record's comments are left out of {viewer}'s view: whoever wrote them may have seen "
                    f"cards {viewer} has not."]
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
        labels = [f"{c.name} {c.value}".strip() for c in commands if c.name not in ("ruling", "source", CHANCE)]
        labels += [f"source: {c.value}" for c in commands if c.name == "source" and c.value != "disputed"]
        shown.append({"text": comment.remark if commands else text, "labels": labels})
    return shown


def _states(timeline: Timeline) -> list[tuple]:
    """The state each statement leaves shown, with its vault watch, in replay order: read once
    for every view of the page (``timeline.state`` builds a state each time it is asked)."""
    shown = []
    for moment in timeline.moments:
        position = timeline.position_of(moment)
        if position is not None:
            shown.append((timeline.state(position), timeline.watch(position)))
        else:  # a variation keeps no vault watch; a refused statement shows the state it was refused in
            shown.append(((timeline.state_of(moment.before) if moment.refused else moment.snapshot.state), None))
    return shown


def _view(timeline: Timeline, viewer: str | None, disputes: dict[int, dict], after: list[tuple]) -> dict:
    """What one seat (``None``: everyone) sees: the state after every statement (``after``,
    ``_states``'s), every line as narrated for it with the cards it moved, and what each
    reading at stake does there."""
    states = {"0": model.state_model(timeline.start, viewer=viewer, watch=timeline.watch(0)).to_dict()}
    lines = narrated(timeline, viewer=viewer)
    seen = [(moment, shown) for moment, shown in zip(timeline.moments, after) if in_view(moment, viewer)]
    shown = []
    for line, (moment, (state, watch)) in zip(lines, seen):
        states[str(line.seq)] = model.state_model(state, viewer=viewer, watch=watch).to_dict()
        data = line.to_dict()
        data["number"] = timeline.number(moment)
        judged = judgement_in(line.comments)  # none of another player's in a seat's view (narration.as_known)
        data["judged"] = judged and {**judged, "player": moment.snapshot.player,
                                     "mark": next((g for g in data["glyphs"] if g in ANALYSIS_GLYPHS), None)}
        data["notes"] = _notes([c for c in data["comments"] if judgement_in([c]) is None])  # shown as "judged"
        data["moved"] = [] if moment.refused else moved_cards(moment.snapshot.events, viewer)
        data["dispute"] = disputes.get(line.seq) and _effects(disputes[line.seq], viewer)
        shown.append(data)
    return {"seat": viewer, "states": states, "lines": shown}


def _effects(found: dict, viewer: str | None) -> dict:
    """A dispute with, for each reading at stake, what it does at the statement and how the
    game ends under it (``reading_effect``), as ``viewer`` may know it."""
    rulings = []
    for ruling in found["rulings"]:
        readings = [{**{k: v for k, v in r.items() if k != "replay"},
                     **(reading_effect(r["replay"], found["index"], viewer=viewer) if "replay" in r else {})}
                    for r in ruling["readings"]]
        rulings.append({**ruling, "readings": readings})
    return {"rulings": rulings, "unknown": found["unknown"]}


def _disputes(timeline: Timeline, record: Record | None, source: str) -> dict[int, dict]:
    """Every disputed statement's dispute, by seq, each reading at stake with its replay (the
    page's own for the reading in force; none without the record to replay)."""
    found: dict[int, dict] = {}
    replays: dict[tuple[str, str], object] = {}
    in_force = timeline.start.rulings
    for moment in timeline.moments:
        seen = dispute(list(moment.snapshot.comments), in_force)
        if seen is None:
            continue
        seen["index"] = None if moment.depth else int(timeline.number(moment))
        for ruling in seen["rulings"]:
            for reading in ruling["readings"]:
                if reading["in_force"]:
                    reading["replay"] = timeline
                elif record is not None:
                    key = (ruling["name"], reading["name"])
                    if key not in replays:
                        replays[key] = under_reading(record, in_force, *key, source=source)
                    reading["replay"] = replays[key]
        found[moment.snapshot.seq] = seen
    return found


def page_data(timeline: Timeline, *, viewer: str | None = None, title: str = "",
              record: Record | None = None, source: str = "<record>") -> dict:
    """Everything the page shows, as plain JSON-ready data: one view per seat the page may
    switch to (everyone and each player for a fully known game; only ``viewer`` when given,
    so the page holds nothing else)."""
    disputes = _disputes(timeline, record, source)
    seats = [viewer] if viewer is not None else [None, *(p.name for p in timeline.start.players)]
    turns = [timeline.turn_at(p) for p in range(len(timeline.main) + 1)]  # the state's turn: the chart's marker
    after = _states(timeline)
    parts: dict[str, int] = {}
    views = [_view(timeline, seat, disputes, after) for seat in seats]
    for view in views:
        view["states"] = {key: _shared(state, parts) for key, state in view["states"].items()}
    shared = [json.loads(text) for text in parts]
    return {
        "title": title, "viewer": viewer, "ruleset": str(timeline.start.ruleset),
        "header": game_header(record, timeline, viewer),
        "players": [p.name for p in timeline.start.players],
        "cards": _cards(timeline, shared), "colours": MATERIAL_COLOURS, "parts": shared,
        "positions": [0] + [m.snapshot.seq for m in timeline.main], "turns": turns,
        "turn_starts": {str(t): timeline.start_of_turn(t) for t in timeline.turns},
        "views": views,
        "problems": [str(p.seen_by(viewer)) for p in timeline.problems],
    }


def _shared(state: dict, parts: dict[str, int]) -> dict:
    """``state`` with its table and each camp replaced by its number in ``parts`` (their JSON
    texts, in the order first met): a camp or a table is written once however many states
    and seats show it, which keeps a whole game's page with every seat's view small."""
    def number(part: dict) -> int:
        return parts.setdefault(json.dumps(part, sort_keys=True, ensure_ascii=False), len(parts))

    return {**state, "table": number(state["table"]), "camps": [number(camp) for camp in state["camps"]]}


def state_at(data: dict, view: int, key: str) -> dict:
    """The state view ``view`` of ``data`` (``page_data``'s) shows at ``key`` (a statement's
    seq, "0" the start), with its table and camps written out as the page's script reads them."""
    state = data["views"][view]["states"][key]
    parts = data["parts"]
    return {**state, "table": parts[state["table"]], "camps": [parts[n] for n in state["camps"]]}


def page(timeline: Timeline, *, viewer: str | None = None, title: str = "", problems=(),
         record: Record | None = None, source: str = "<record>") -> str:
    """The whole page as text; ``problems`` (text) replace the replay's own when given, so a
    line that did not parse is listed too; ``record`` gives the game header its tags and
    comments and lets a dispute replay the record under each reading at stake."""
    data = page_data(timeline, viewer=viewer, title=title, record=record, source=source)
    if problems:
        data["problems"] = list(problems)
    charts = []
    for view in data["views"]:
        chart = svg(points_by_turn(timeline, view["seat"]),
                    title="points by turn" + (f" as {view['seat']} can count them" if view["seat"] else ""),
                    marker=timeline.start.turn)
        chances = chances_by_turn(view["lines"], data["players"])
        if chances:  # the record was analysed (gtr analyse -o): each player's chance along the game
            chart += svg(chances, title="chance to win after each player's decisions (gtr analyse)",
                         marker=timeline.start.turn, axis="chance to win, %", most=100, seats=data["players"])
        charts.append(chart)
    return document(data, charts)


def document(data: dict, charts: list[str]) -> str:
    """The page for ``data`` (``page_data``'s) and ``charts`` (one SVG of ``render.chart`` per
    view, in the order of ``data["views"]``): the shell, style and script as they are, the
    data as ``script_json``."""
    style, script = asset("page.css"), asset("page.js")
    shown = "".join(f'<div class="chart-view" data-view="{n}"{"" if n == 0 else " hidden"}>{chart}</div>'
                    for n, chart in enumerate(charts))
    return "".join((
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n',
        f'<meta http-equiv="Content-Security-Policy" content="{policy(style, script)}">\n',
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n',
        f"<title>Glory to Rome</title>\n<style>{style}</style>\n</head>\n<body>\n",
        _BOARD, shown, _STATEMENTS,
        '<script id="game" type="application/json">', script_json(data), "</script>\n",
        f"<script>{script}</script>\n</body>\n</html>\n",
    ))


_BOARD = """<header><h1 id="heading">Glory to Rome</h1>
<details id="about"><summary>about this game</summary><div id="game-header"></div></details>
<div id="seats"></div></header>
<div id="bar"><nav><button id="first" title="start (Home)" aria-label="start">|◀</button><button id="back" title="back (←)" aria-label="back">◀</button>
<span id="position"></span><button id="next" title="next (→)" aria-label="next">▶</button><button id="last" title="end (End)" aria-label="end">▶|</button>
<button id="help" title="keys (?)" aria-label="keys">?</button><span id="where"></span></nav>
<div id="tabs" role="tablist"><button data-tab="board" role="tab">table</button><button data-tab="camps" role="tab">hands</button><button data-tab="list" role="tab">statements</button></div>
</div>
<div id="keys" hidden><h2>keys</h2><dl>
<dt>→ ↓</dt><dd>next statement</dd><dt>← ↑</dt><dd>previous statement</dd><dt>Home</dt><dd>the start</dd>
<dt>End</dt><dd>the end</dd><dt>click a statement</dt><dd>go to it</dd><dt>click the chart</dt><dd>go to the start of that turn</dd>
<dt>?</dt><dd>show or hide these keys</dd><dt>Esc</dt><dd>hide them</dd></dl><button id="keys-close">close</button></div>
<main>
<div id="result" hidden></div>
<section id="board"><div id="table"></div><div id="status"></div><div id="changes"></div><div id="judged"></div><div id="camps"></div>
<div id="chart">"""
"""The page's fixed markup, up to the charts (the script fills in the heading, table and camps)."""

_STATEMENTS = """</div></section>
<aside id="list"><h2>statements</h2><ol id="lines"></ol><div id="problems"></div></aside>
</main>
"""
"""The fixed markup after the charts: the statement list, which the script fills in."""

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
