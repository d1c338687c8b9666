"""The replay viewer: one self-contained HTML page (no network, no server) for one record.

``page(timeline, viewer=...)`` is a pure ``-> str``. It embeds, as JSON, the view model of
the state after every statement (``render.model``), the narrated line of every statement
(``render.narration``) and the card facts, and a small script draws them: the table, every
camp, the statement list (click to jump, arrow keys to step) and a points-by-turn chart
(``render.chart``) with a marker on the current turn. With ``viewer`` every state and line
is the one that player could see (RULES.md §0.5), so the page holds nothing else.
"""

from __future__ import annotations

import json
from html import escape

from gtr_replay.cards import cards_for
from gtr_replay.render import model
from gtr_replay.render.chart import points_by_turn, svg
from gtr_replay.render.narration import narrated
from gtr_replay.render.timeline import Timeline

MATERIAL_COLOURS = {
    "Rubble": "#e8c547", "Wood": "#9a6b3f", "Brick": "#c0392b",
    "Concrete": "#8e9499", "Stone": "#3b6fb6", "Marble": "#8e5ea2",
}
"""The colours of the cards' materials, as printed on them."""


def _cards(timeline: Timeline) -> dict[str, list]:
    card_set = cards_for(timeline.start.ruleset)
    facts = {**card_set.optional, **card_set.cards}
    return {name: [str(c.material), str(c.role), c.value] for name, c in facts.items()}


def page_data(timeline: Timeline, *, viewer: str | None = None, title: str = "") -> dict:
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
    return {
        "title": title, "viewer": viewer, "ruleset": str(timeline.start.ruleset),
        "players": [p.name for p in timeline.start.players],
        "cards": _cards(timeline), "colours": MATERIAL_COLOURS,
        "positions": positions, "turns": [timeline.turn_at(p) for p in range(len(timeline) + 1)],
        "states": states, "lines": [line.to_dict() for line in lines],
        "problems": [str(p) for p in timeline.problems],
    }


def page(timeline: Timeline, *, viewer: str | None = None, title: str = "", problems=()) -> str:
    """The whole page as text; ``problems`` (text) replace the replay's own when given, so a
    line that did not parse is listed too."""
    data = page_data(timeline, viewer=viewer, title=title)
    if problems:
        data["problems"] = list(problems)
    chart = svg(points_by_turn(timeline, viewer),
                title="points by turn" + (f" as {viewer} can count them" if viewer else ""),
                marker=timeline.start.turn)
    payload = json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
    heading = escape(title or "Glory to Rome")
    seen = f" · as {escape(viewer)} sees it" if viewer else ""
    return (_TEMPLATE.replace("{{heading}}", heading + seen).replace("{{style}}", _STYLE)
            .replace("{{chart}}", chart).replace("{{data}}", payload).replace("{{script}}", _SCRIPT))


_TEMPLATE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{heading}}</title>
<style>{{style}}</style>
</head>
<body>
<header><h1>{{heading}}</h1>
<nav><button id="first" title="start (Home)">|◀</button><button id="back" title="back (←)">◀</button>
<span id="position"></span><button id="next" title="next (→)">▶</button><button id="last" title="end (End)">▶|</button>
<span id="where"></span></nav></header>
<main>
<section id="board"><div id="table"></div><div id="camps"></div><div id="status"></div>
<div id="changes"></div><div id="chart">{{chart}}</div></section>
<aside><h2>statements</h2><ol id="lines"></ol><div id="problems"></div></aside>
</main>
<script id="game" type="application/json">{{data}}</script>
<script>{{script}}</script>
</body>
</html>
"""

_STYLE = """
body{font-family:system-ui,sans-serif;margin:0;color:#222;background:#f6f3ec}
header{position:sticky;top:0;background:#2d2a26;color:#fff;padding:6px 12px;z-index:2}
h1{font-size:18px;margin:0 0 4px}h2{font-size:15px;margin:4px 0}
nav button{font-size:16px;margin-right:4px}nav span{margin:0 8px}
main{display:flex;gap:12px;padding:12px}#board{flex:3;min-width:0}aside{flex:2;max-height:88vh;overflow:auto}
.panel{background:#fff;border:1px solid #ccc;border-radius:6px;padding:6px 10px;margin-bottom:8px}
.panel h3{margin:0 0 4px;font-size:14px}.row{display:flex;gap:8px;margin:3px 0;align-items:flex-start}
.row>.label{width:80px;color:#777;font-size:12px;flex:none;padding-top:4px}.cards{display:flex;flex-wrap:wrap;gap:3px}
.card{width:72px;height:44px;border-radius:5px;border:1px solid #0003;color:#fff;font-size:10px;padding:2px 3px;
box-sizing:border-box;overflow:hidden;display:flex;flex-direction:column;justify-content:space-between;text-shadow:0 0 2px #000a}
.card .name{font-weight:600;font-size:10.5px;line-height:1.1;overflow-wrap:anywhere}.card .foot{display:flex;justify-content:space-between}
.card.jack{background:#111}.card.back{background:repeating-linear-gradient(45deg,#555,#555 4px,#666 4px,#666 8px)}
.card.unknown{background:#aaa}.group-label{font-size:11px;color:#555;align-self:center;margin-left:4px}
.building{border:1px dashed #aaa;border-radius:6px;padding:3px;display:flex;gap:3px;align-items:center;margin:2px}
.building.complete{border-style:solid;border-color:#2a7}.building .need{font-size:11px;color:#555}
.mark{font-size:11px;color:#a0a}.power{font-size:11px;color:#666;font-style:italic}.sites td,.sites th{padding:0 6px;font-size:12px;text-align:right}
#lines{padding-left:30px;font-size:13px}#lines li{cursor:pointer;padding:2px 4px;border-radius:4px}
#lines li.current{background:#ffe9a8}#lines li.variation{margin-left:18px;color:#555;font-style:italic}
#lines li.refused{color:#b00}#lines li .changes{display:block;color:#277;font-size:11.5px}
#lines li .comment{display:block;color:#270;font-size:11.5px}.glyph{color:#a0a;margin-left:4px}
#changes{font-size:13px;color:#277;margin:6px 0}#status{font-weight:600;margin:6px 0}
#problems{color:#b00;white-space:pre-wrap;font-family:monospace;font-size:12px}
.you{color:#a60}.turnhead{font-weight:600;color:#555;list-style:none;margin-left:-24px}
"""

_SCRIPT = r"""
"use strict";
const G = JSON.parse(document.getElementById("game").textContent);
let position = 0, shown = "0";
const $ = (id) => document.getElementById(id);
function el(tag, cls, text) { const e = document.createElement(tag); if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text; return e; }
function card(name) {
  const facts = G.cards[name];
  const c = el("div", "card");
  c.dataset.card = name;
  if (name === "Jack") { c.classList.add("jack"); c.append(el("span", "name", "Jack"), el("span", "foot", "any role")); return c; }
  if (!facts) { c.classList.add("unknown"); c.append(el("span", "name", name)); return c; }
  c.style.background = G.colours[facts[0]] || "#999";
  c.title = `${name}: ${facts[0]}, ${facts[1]}, value ${facts[2]}`;
  const foot = el("span", "foot"); foot.append(el("span", "", facts[1]), el("span", "", String(facts[2])));
  c.append(el("span", "name", name), foot);
  return c;
}
function backs(hidden, what) {
  const box = el("div", "cards");
  box.dataset.hidden = hidden.hidden;
  for (let i = 0; i < Math.min(hidden.hidden, 12); i++) box.append(el("div", "card back"));
  box.append(el("span", "group-label", `${hidden.hidden} ${what}` +
    (hidden.known.length ? `; seen going in this turn: ${hidden.known.join(", ")}` : "")));
  return box;
}
function cards(list) { const box = el("div", "cards"); list.forEach((n) => box.append(card(n)));
  if (!list.length) box.append(el("span", "group-label", "—")); return box; }
function groups(gs) {
  const box = el("div", "cards");
  gs.forEach((g) => { if (g.label) box.append(el("span", "group-label", g.label)); g.cards.forEach((n) => box.append(card(n))); });
  if (!gs.length) box.append(el("span", "group-label", "—"));
  return box;
}
function row(label, content) { const r = el("div", "row"); r.append(el("span", "label", label), content); return r; }
function drawTable(t) {
  const p = el("div", "panel"); p.id = "table-panel";
  p.append(el("h3", "", t.title));
  p.append(row("pool", groups(t.pool)));
  const deck = el("span", "", `${t.deck} card${t.deck === 1 ? "" : "s"}` + (t.deck_order_known === false ? " (order not known)" : ""));
  deck.id = "deck"; deck.dataset.count = t.deck;
  p.append(row("deck", deck));
  const jacks = el("span", "", `${t.jacks} in the pile`); jacks.id = "jacks"; jacks.dataset.count = t.jacks;
  p.append(row("Jacks", jacks));
  const sites = el("table", "sites"); const head = el("tr"); head.append(el("th", "", ""));
  const inTown = el("tr"); inTown.append(el("th", "", "in town")); const out = el("tr"); out.append(el("th", "", "out of town"));
  Object.keys(t.sites_in_town).forEach((m) => { head.append(el("th", "", m)); inTown.append(el("td", "", String(t.sites_in_town[m])));
    out.append(el("td", "", String(t.sites_out_of_town[m]))); });
  sites.append(head, inTown, out);
  p.append(row("sites", sites));
  if (t.demand) p.append(row("demand", el("span", "", t.demand)));
  $("table").replaceChildren(p);
}
function drawCamp(c, led) {
  const p = el("div", "panel camp"); p.dataset.player = c.name; p.dataset.points = c.points.shown;
  const h = el("h3", "", c.name + (c.leader ? " (leader)" : "")); if (c.you) h.classList.add("you");
  const pts = el("span", "points", ` · ${c.points.text}`); h.append(pts); p.append(h);
  const hand = Array.isArray(c.hand) ? cards(c.hand) : backs(c.hand, "cards, hidden");
  hand.classList.add("hand"); hand.dataset.count = Array.isArray(c.hand) ? c.hand.length : c.hand.hidden;
  p.append(row("hand", hand));
  if (c.played.length) p.append(row("played" + (led ? ` (${led})` : ""), cards(c.played)));
  const cl = groups(c.clientele);
  cl.append(el("span", "group-label", `[${c.clientele_count}/${c.clientele_limit}]` + (c.hired.length ? ` hired this turn: ${c.hired.join(", ")}` : "")));
  p.append(row("clientele", cl));
  p.append(row("stockpile", groups(c.stockpile)));
  const vault = Array.isArray(c.vault) ? groups(c.vault) : backs(c.vault, "face down");
  vault.append(el("span", "group-label", `[${c.vault_count}/${c.vault_limit}]`));
  vault.classList.add("vault"); vault.dataset.count = c.vault_count;
  p.append(row("vault", vault));
  const inf = el("span", "influence", String(c.influence) + (c.sites.length ? ` (sites: ${c.sites.join(", ")})` : ""));
  inf.dataset.influence = c.influence;
  p.append(row("influence", inf));
  const bs = el("div", "cards");
  c.buildings.forEach((b) => {
    const box = el("div", "building" + (b.complete ? " complete" : ""));
    box.dataset.building = b.foundation;
    box.append(card(b.foundation), el("span", "need", `on ${b.site}${b.out_of_town ? ", out of town" : ""}`));
    b.materials.forEach((m) => box.append(card(m)));
    box.append(el("span", "need", `${b.materials.length}/${b.needed}${b.complete ? " ✓" : ""}`));
    if (b.marks.length) box.append(el("span", "mark", `[${b.marks.join(", ")}]`));
    if (b.power) box.append(el("span", "power", b.power));
    bs.append(box);
  });
  if (!c.buildings.length) bs.append(el("span", "group-label", "—"));
  p.append(row("buildings", bs));
  return p;
}
function drawState(key) {
  const s = G.states[key];
  drawTable(s.table);
  $("camps").replaceChildren(...s.camps.map((c) => drawCamp(c, s.table.led_role)));
  if (s.outcome) {
    const o = el("div"); o.append(el("div", "", s.outcome.heading));
    if (s.outcome.counted) o.append(el("div", "", s.outcome.scores.map((r) => `${r.player} ${r.total}`).join(" · ")));
    $("status").replaceChildren(o);
  } else $("status").textContent = s.next || "";
}
function lineText(l) { return "  ".repeat(l.depth) + l.statement + (l.glyphs.length ? " " + l.glyphs.join(" ") : ""); }
function drawLines() {
  const list = $("lines"); let turn = null;
  G.lines.forEach((l) => {
    if (l.turn !== turn && !l.depth) { turn = l.turn; list.append(el("li", "turnhead", `turn ${turn}`)); }
    const li = el("li", l.depth ? "variation" : ""); li.dataset.seq = l.seq;
    if (l.position !== null) li.value = l.position;
    if (l.problem) li.classList.add("refused");
    li.append(el("span", "statement", lineText(l)));
    if (l.problem) li.append(el("span", "changes", "✗ refused: " + l.problem));
    else if (l.changes.length) li.append(el("span", "changes", l.changes.join("; ")));
    l.comments.forEach((c) => li.append(el("span", "comment", `{${c}}`)));
    li.addEventListener("click", () => (l.position !== null ? go(l.position) : showSeq(String(l.seq))));
    list.append(li);
  });
}
function mark(seq) {
  document.querySelectorAll("#lines li.current").forEach((e) => e.classList.remove("current"));
  const li = document.querySelector(`#lines li[data-seq="${seq}"]`);
  if (li) { li.classList.add("current"); li.scrollIntoView({block: "nearest"}); }
  const line = G.lines.find((l) => String(l.seq) === seq);
  $("changes").textContent = line ? (line.problem ? "✗ refused: " + line.problem : line.changes.join("; ")) : "";
}
function moveMarker(turn) {
  const svg = document.querySelector("#chart svg"); const m = svg && svg.querySelector(".marker");
  if (!m) return;
  const first = +svg.dataset.first, last = +svg.dataset.last;
  const x = +svg.dataset.left + (Math.min(Math.max(turn, first), last) - first) / (last - first) * +svg.dataset.width;
  m.setAttribute("x1", x); m.setAttribute("x2", x);
}
function showSeq(seq) {
  shown = seq; drawState(seq); mark(seq);
  const l = G.lines.find((x) => String(x.seq) === seq);
  $("where").textContent = l ? `turn ${l.turn}: ${l.statement}` + (l.depth ? " (variation)" : "") : "";
  if (l) moveMarker(l.turn);
}
function go(p) {
  position = Math.max(0, Math.min(p, G.positions.length - 1));
  const seq = String(G.positions[position]);
  shown = seq; drawState(seq); mark(seq);
  $("position").textContent = `${position} / ${G.positions.length - 1}`;
  $("position").dataset.position = position;
  const l = G.lines.find((x) => String(x.seq) === seq);
  $("where").textContent = position ? `turn ${l.turn}: ${l.statement}` : "before the first statement";
  moveMarker(G.turns[position]);
}
function init() {
  drawLines();
  if (G.problems.length) $("problems").textContent = G.problems.join("\n\n");
  $("first").onclick = () => go(0); $("back").onclick = () => go(position - 1);
  $("next").onclick = () => go(position + 1); $("last").onclick = () => go(G.positions.length - 1);
  document.addEventListener("keydown", (e) => {
    const to = {ArrowRight: position + 1, ArrowDown: position + 1, ArrowLeft: position - 1, ArrowUp: position - 1,
                Home: 0, End: G.positions.length - 1}[e.key];
    if (to !== undefined) { e.preventDefault(); go(to); }
  });
  go(0);
}
init();
"""
