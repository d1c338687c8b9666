// The viewer's script (gtr_replay/render/html.py embeds it in every page). The page's data is
// the JSON in <script id="game">; everything taken from the record (names, statements, tags,
// comments, problems, the file name) goes onto the page as text, through el() and
// textContent, never as markup: no innerHTML, no document.write. A link's target is made
// here from a statement's number only. The URL fragment #sN opens the page at the statement
// numbered N (the number the list and the counter show; '117.2' in a variation).
// G.views holds one view per seat the page may show: everyone and each player for a fully
// known game, or only the player the page was written for; the seat switch picks one.
"use strict";
const G = JSON.parse(document.getElementById("game").textContent);
let position = 0, shown = "0", seat = 0;
let V = G.views[0];
const $ = (id) => document.getElementById(id);
const narrow = () => window.matchMedia("(max-width: 759px)").matches;
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
function row(label, content, zone) {
  const r = el("div", "row"); r.append(el("span", "label", label), content);
  if (zone) content.dataset.zone = zone;
  return r;
}
function drawTable(t) {
  const p = el("div", "panel"); p.id = "table-panel";
  p.append(el("h3", "", t.title));
  p.append(row("pool", groups(t.pool), "pool"));
  const deck = el("span", "", `${t.deck} card${t.deck === 1 ? "" : "s"}` + (t.deck_order_known === false ? " (order not known)" : ""));
  deck.id = "deck"; deck.dataset.count = t.deck;
  p.append(row("deck", deck));
  if (t.turned_up && t.turned_up.length) p.append(row("turned up", cards(t.turned_up), "turned up"));
  const jacks = el("span", "", `${t.jacks} in the pile`); jacks.id = "jacks"; jacks.dataset.count = t.jacks;
  p.append(row("Jacks", jacks));
  const sites = el("table", "sites"); const head = el("tr"); head.append(el("th", "", ""));
  const inTown = el("tr"); inTown.append(el("th", "", "in town")); const out = el("tr"); out.append(el("th", "", "out of town"));
  // the materials in their order, Rubble first (the data's keys come sorted by name)
  Object.keys(G.colours).filter((m) => m in t.sites_in_town).forEach((m) => { head.append(el("th", "", m)); inTown.append(el("td", "", String(t.sites_in_town[m])));
    out.append(el("td", "", String(t.sites_out_of_town[m]))); });
  sites.append(head, inTown, out);
  const wrap = el("div", "sites-wrap"); wrap.append(sites);
  p.append(row("sites", wrap));
  if (t.demand) p.append(row("demand", el("span", "", t.demand)));
  $("table").replaceChildren(p);
}
function drawCamp(c, led) {
  const p = el("div", "panel camp"); p.dataset.player = c.name; p.dataset.points = c.points.shown;
  const h = el("h3", "", c.name + (c.leader ? " (leader)" : "")); if (c.you) h.classList.add("you");
  const pts = el("span", "points", ` · ${c.points.text}`); h.append(pts); p.append(h);
  const hand = Array.isArray(c.hand) ? cards(c.hand) : backs(c.hand, "cards, hidden");
  hand.classList.add("hand"); hand.dataset.count = Array.isArray(c.hand) ? c.hand.length : c.hand.hidden;
  p.append(row("hand", hand, "hand"));
  if (c.played.length) p.append(row("played" + (led ? ` (${led})` : ""), cards(c.played), "camp"));
  const cl = groups(c.clientele);
  cl.append(el("span", "group-label", `[${c.clientele_count}/${c.clientele_limit}]` + (c.hired.length ? ` hired this turn: ${c.hired.join(", ")}` : "")));
  p.append(row("clientele", cl, "clientele"));
  p.append(row("stockpile", groups(c.stockpile), "stockpile"));
  const vault = Array.isArray(c.vault) ? groups(c.vault) : backs(c.vault, "face down");
  vault.append(el("span", "group-label", `[${c.vault_count}/${c.vault_limit}]`));
  vault.classList.add("vault"); vault.dataset.count = c.vault_count;
  p.append(row("vault", vault, "vault"));
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
  p.append(row("buildings", bs, "building"));
  return p;
}
function outcomeBox(o) {
  const box = el("div");
  box.append(el("div", "heading", o.heading));
  if (o.counted) box.append(el("div", "scores", o.scores.map((r) => `${r.player} ${r.total}`).join(" · ")));
  return box;
}
function drawState(key) {
  const s = V.states[key], table = G.parts[s.table];
  drawTable(table);
  $("camps").replaceChildren(...s.camps.map((n) => drawCamp(G.parts[n], table.led_role)));
  if (s.outcome) {
    $("status").replaceChildren(outcomeBox(s.outcome));
    $("result").replaceChildren(outcomeBox(s.outcome)); $("result").hidden = false;
  } else { $("status").textContent = s.next || ""; $("result").hidden = true; }
}
function markMoved(line) {
  // the cards the statement moved, where they went: the pool, or a zone of a player's camp
  if (!line || !line.moved) return;
  const camps = Array.from(document.querySelectorAll("#camps .camp"));
  line.moved.forEach((m) => {
    const scopes = m.zone === "pool" || m.zone === "turned up" ? [$("table")]
      : camps.filter((c) => c.dataset.player === m.player).concat(camps.filter((c) => c.dataset.player !== m.player));
    for (const scope of scopes) {
      const found = Array.from(scope.querySelectorAll(".cards")).filter((z) => z.dataset.zone === m.zone)
        .flatMap((z) => Array.from(z.querySelectorAll(".card"))).find((c) => c.dataset.card === m.card && !c.classList.contains("moved"));
      if (found) { found.classList.add("moved"); found.title = (found.title ? found.title + "; " : "") + "moved by this statement"; break; }
    }
  });
}
function lineText(l) { return l.statement + (l.glyphs.length ? " " + l.glyphs.join(" ") : ""); }
function drawLines() {
  const list = $("lines"); let turn = null;
  list.replaceChildren();
  V.lines.forEach((l) => {
    if (l.turn !== turn && !l.depth) { turn = l.turn; list.append(el("li", "turnhead", `turn ${turn}`)); }
    const li = el("li", l.depth ? "variation" : ""); li.dataset.seq = l.seq; li.dataset.number = l.number;
    if (l.problem) li.classList.add("refused");
    const link = el("a", "link number", l.number + "."); link.href = "#s" + l.number;
    link.title = "statement " + l.number + ": a link to it";
    li.append(link, el("span", "statement", lineText(l)));
    if (l.dispute) { li.classList.add("dispute"); li.append(disputeBox(l.dispute)); }
    if (l.problem) li.append(el("span", "changes", "✗ refused: " + l.problem));
    else if (l.changes.length) li.append(el("span", "changes", l.changes.join("; ")));
    if (l.judged && l.judged.mark) { li.classList.add("costly"); li.append(el("span", "better", judgedText(l.judged))); }
    l.notes.forEach((n) => {
      const c = el("span", "comment", `{${n.text}}`);
      n.labels.forEach((label) => c.append(el("span", "label", label)));
      li.append(c);
    });
    li.addEventListener("click", (e) => { e.preventDefault(); l.position !== null ? go(l.position) : showSeq(String(l.seq)); });
    list.append(li);
  });
}
function percent(x) { return Math.round(x * 100) + "%"; }
function judgedText(j) {
  // gtr analyse's judgement, from the deciding player's knowledge
  const played = `${j.player}: ${percent(j.played)} to win after this`;
  return j.better ? `${j.mark || ""} ${played}; ${j.better} was better: ${percent(j.best)}`.trim()
    : `${played} (best found ${percent(j.best)})`;
}
function effectText(x) {
  const at = x.at;
  if (!at) return null;
  if (!at.reached) return "here: " + at.why;
  if (!at.accepted) return "here: refused: " + at.problem;
  return "here: accepted" + (at.changes.length ? ": " + at.changes.join("; ") : "");
}
function disputeBox(d) {
  const box = el("div", "dispute-box");
  box.append(el("span", "dispute-mark", "⚖ disputed"));
  d.rulings.forEach((r) => {
    const ruling = el("div", "ruling");
    ruling.dataset.ruling = r.name;
    ruling.append(el("span", "question", `${r.name} (${r.amb}): ${r.question}`));
    const readings = el("div", "readings");
    r.readings.forEach((x) => {
      const notes = [x.default ? "default" : "", x.in_force ? "in force" : "", x.named ? "named here" : ""].filter(Boolean);
      const item = el("div", "reading" + (x.in_force ? " in-force" : ""));
      item.append(el("span", "name", `${x.name}${notes.length ? " (" + notes.join(", ") + ")" : ""}: ${x.description}`));
      item.dataset.reading = x.name;
      const effect = effectText(x);
      if (effect) item.append(el("span", "effect", effect));
      if (x.end) item.append(el("span", "end", "end: " + x.end.said + (x.end.scores ? " · " + x.end.scores : "")));
      readings.append(item);
    });
    ruling.append(readings);
    box.append(ruling);
  });
  d.unknown.forEach((u) => box.append(el("span", "question", `ruling ${u}: not a ruling this viewer knows (gtr rulings lists them)`)));
  return box;
}
function drawHeader() {
  const h = G.header, box = $("game-header");
  const tags = el("dl", "tags");
  h.tags.forEach(([name, value]) => { const row = el("div", "tag"); row.dataset.tag = name;
    row.append(el("dt", "", name), el("dd", "", value)); tags.append(row); });
  const rulings = el("div", "rulings");
  if (!h.rulings.length) rulings.append(el("span", "", "Rulings: every one at its default reading"));
  else {
    rulings.append(el("span", "", "Rulings in force: "));
    h.rulings.forEach((r) => { const one = el("span", "ruling", `${r.name}=${r.reading} (${r.amb}: ${r.description})`);
      one.dataset.ruling = r.name; rulings.append(one); });
  }
  box.replaceChildren(tags, rulings, ...h.comments.map((c) => el("p", "record-comment", c)));
}
function numberLink(number) {
  try { history.replaceState(null, "", "#s" + number); } catch (e) { /* a page without history */ }
}
function readHash() {
  const found = /^#s(\d+(?:\.\d+)*)$/.exec(location.hash);
  if (!found) return false;
  if (found[1] === "0") { go(0, false); return true; }
  const line = V.lines.find((l) => l.number === found[1]);
  if (!line) return false;
  if (narrow()) tab("list");
  if (line.position !== null) go(line.position, false); else showSeq(String(line.seq), false);
  return true;
}
function mark(seq) {
  document.querySelectorAll("#lines li.current").forEach((e) => e.classList.remove("current"));
  const li = document.querySelector(`#lines li[data-seq="${seq}"]`);
  if (li) { li.classList.add("current"); reveal(li); }
  const line = V.lines.find((l) => String(l.seq) === seq);
  $("changes").textContent = line ? (line.problem ? "✗ refused: " + line.problem : line.changes.join("; ")) : "";
  $("judged").textContent = line && line.judged ? judgedText(line.judged) : "";
  markMoved(line);
}
function reveal(li) {
  // the whole statement in view, below the sticky bar: within the list where it scrolls by
  // itself (a desktop), then in the page
  if (li.offsetParent === null) return;
  const list = document.querySelector("aside");
  const top = () => $("bar").getBoundingClientRect().bottom + 4;
  if (list.scrollHeight > list.clientHeight && getComputedStyle(list).overflowY !== "visible") {
    const frame = list.getBoundingClientRect(), box = li.getBoundingClientRect();
    const high = Math.max(frame.top, top()), low = Math.min(frame.bottom, window.innerHeight) - 4;
    if (box.top < high) list.scrollTop -= high - box.top;
    else if (box.bottom > low) list.scrollTop += Math.min(box.bottom - low, box.top - high);
  }
  const box = li.getBoundingClientRect();
  if (box.top < top()) window.scrollBy(0, box.top - top());
  else if (box.bottom > window.innerHeight - 4) window.scrollBy(0, Math.min(box.bottom - window.innerHeight + 4, box.top - top()));
}
function moveMarker(turn) {
  document.querySelectorAll("#chart svg").forEach((svg) => {
    const m = svg.querySelector(".marker");
    if (!m) return;
    const first = +svg.dataset.first, last = +svg.dataset.last;
    const x = +svg.dataset.left + (Math.min(Math.max(turn, first), last) - first) / (last - first) * +svg.dataset.width;
    m.setAttribute("x1", x); m.setAttribute("x2", x);
  });
}
function counter(number) {
  $("position").textContent = `${number} / ${G.positions.length - 1}`;
}
function showSeq(seq, link = true) {
  shown = seq; drawState(seq); mark(seq);
  const l = V.lines.find((x) => String(x.seq) === seq);
  if (link && l) numberLink(l.number);
  if (l) counter(l.number);
  $("where").textContent = l ? `turn ${l.turn}: ${l.statement}` + (l.depth ? " (variation)" : "") : "";
  if (l) moveMarker(l.turn);
}
function go(p, link = true) {
  position = Math.max(0, Math.min(p, G.positions.length - 1));
  const seq = String(G.positions[position]);
  shown = seq; drawState(seq); mark(seq);
  const l = V.lines.find((x) => String(x.seq) === seq);
  if (link) numberLink(position ? l.number : "0");
  counter(position ? l.number : "0");
  $("position").dataset.position = position;
  $("where").textContent = position ? `turn ${l.turn}: ${l.statement}` : "before the first statement";
  moveMarker(G.turns[position]);
}
function heading() {
  const text = (G.title || "Glory to Rome") + (G.viewer ? ` · as ${G.viewer} sees it` : "");
  document.title = text;
  $("heading").textContent = text;
}
function tab(name) {
  document.querySelector("main").dataset.tab = name;
  document.querySelectorAll("#tabs button").forEach((b) => {
    b.classList.toggle("on", b.dataset.tab === name); b.setAttribute("aria-selected", b.dataset.tab === name);
  });
  measure();
}
function switchSeat(n) {
  const before = V.lines.find((x) => String(x.seq) === shown);
  if (before && before.position === null) {  // a variation's line: the main line stands where it branched
    const main = V.lines.slice(0, V.lines.indexOf(before)).reverse().find((x) => x.position !== null);
    position = main ? main.position : 0;
  }
  seat = n; V = G.views[n];
  document.querySelectorAll("#seats button").forEach((b) => b.classList.toggle("on", +b.dataset.view === n));
  document.querySelectorAll("#chart .chart-view").forEach((c) => { c.hidden = +c.dataset.view !== n; });
  drawLines();
  const l = V.lines.find((x) => String(x.seq) === shown);
  // a seat's view has no variation: a variation's line shown goes back to where the main line stands
  if (shown === "0" || !l || l.position !== null) go(position, false); else showSeq(shown, false);
}
function step(delta) {
  // one statement on or back in the list's order: along a variation while one of its lines is
  // shown (back from its first line is the statement it branches from), else along the main line
  const l = shown === "0" ? null : V.lines.find((x) => String(x.seq) === shown);
  if (!l || l.position !== null) { go(position + delta); return; }
  const to = V.lines[V.lines.indexOf(l) + delta];
  if (!to) go(position + Math.max(delta, 0));
  else if (to.position !== null) go(to.position);
  else showSeq(String(to.seq));
}
function drawSeats() {
  if (G.views.length < 2) return;
  G.views.forEach((v, n) => {
    const b = el("button", n ? "" : "on", v.seat === null ? "everyone" : v.seat);
    b.dataset.view = n; b.title = v.seat === null ? "every card shown" : `as ${v.seat} saw it`;
    b.addEventListener("click", () => switchSeat(n));
    $("seats").append(b);
  });
}
function toggleKeys(show) { $("keys").hidden = show === undefined ? !$("keys").hidden : !show; }
function measure() {
  document.documentElement.style.setProperty("--top", $("bar").offsetHeight + "px");
}
function init() {
  heading();
  drawHeader();
  drawSeats();
  drawLines();
  if (G.problems.length) $("problems").textContent = G.problems.join("\n\n");
  $("about").open = !narrow();
  $("first").onclick = () => go(0); $("back").onclick = () => step(-1);
  $("next").onclick = () => step(1); $("last").onclick = () => go(G.positions.length - 1);
  $("help").onclick = () => toggleKeys(); $("keys-close").onclick = () => toggleKeys(false);
  document.querySelectorAll("#tabs button").forEach((b) => b.addEventListener("click", () => tab(b.dataset.tab)));
  $("chart").addEventListener("click", (e) => {
    // anywhere on the chart: the turn nearest the tap (a turn's own strip is a few pixels wide
    // on a phone), or the last begun before it
    const svg = e.target.closest ? e.target.closest("svg[data-first]") : null;
    if (!svg) return;
    const point = svg.createSVGPoint(); point.x = e.clientX; point.y = e.clientY;
    const x = point.matrixTransform(svg.getScreenCTM().inverse()).x;
    const first = +svg.dataset.first, last = +svg.dataset.last;
    let turn = Math.min(Math.max(Math.round(first + (x - +svg.dataset.left) / +svg.dataset.width * (last - first)), first), last);
    while (turn > first && G.turn_starts[turn] === undefined) turn -= 1;
    if (G.turn_starts[turn] !== undefined) go(G.turn_starts[turn]);
  });
  document.addEventListener("keydown", (e) => {
    if (e.key === "?") { e.preventDefault(); toggleKeys(); return; }
    if (e.key === "Escape") { toggleKeys(false); return; }
    const by = {ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1}[e.key];
    if (by !== undefined) { e.preventDefault(); step(by); return; }
    const to = {Home: 0, End: G.positions.length - 1}[e.key];
    if (to !== undefined) { e.preventDefault(); go(to); }
  });
  $("about").addEventListener("toggle", measure);
  window.addEventListener("resize", measure);
  window.addEventListener("hashchange", readHash);
  tab("board");
  if (!readHash()) go(0, false);
}
init();
