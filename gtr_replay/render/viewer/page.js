// The viewer's script (gtr_replay/render/html.py embeds it in every page). The page's data is
// the JSON in <script id="game">; everything taken from the record (names, statements, tags,
// comments, problems, the file name) goes onto the page as text, through el() and
// textContent, never as markup: no innerHTML, no document.write. A link's target is made
// here from a statement's number only. The URL fragment #sN opens the page at statement N.
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
  if (t.turned_up && t.turned_up.length) p.append(row("turned up", cards(t.turned_up)));
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
    li.id = "s" + l.seq;
    const link = el("a", "link", "#"); link.href = "#s" + l.seq; link.title = "a link to this statement";
    li.append(link, el("span", "statement", lineText(l)));
    if (l.dispute) { li.classList.add("dispute"); li.append(disputeBox(l.dispute)); }
    if (l.problem) li.append(el("span", "changes", "✗ refused: " + l.problem));
    else if (l.changes.length) li.append(el("span", "changes", l.changes.join("; ")));
    l.notes.forEach((n) => {
      const c = el("span", "comment", `{${n.text}}`);
      n.labels.forEach((label) => c.append(el("span", "label", label)));
      li.append(c);
    });
    li.addEventListener("click", () => (l.position !== null ? go(l.position) : showSeq(String(l.seq))));
    list.append(li);
  });
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
      const item = el("div", "reading" + (x.in_force ? " in-force" : ""), `${x.name}${notes.length ? " (" + notes.join(", ") + ")" : ""}: ${x.description}`);
      item.dataset.reading = x.name;
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
function seqLink(seq) {
  try { history.replaceState(null, "", "#s" + seq); } catch (e) { /* a page without history */ }
}
function readHash() {
  const found = /^#s(\d+)$/.exec(location.hash);
  if (!found) return false;
  const at = G.positions.indexOf(+found[1]);
  if (at >= 0) { go(at, false); return true; }
  if (G.lines.some((l) => l.seq === +found[1])) { showSeq(found[1], false); return true; }
  return false;
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
function showSeq(seq, link = true) {
  shown = seq; drawState(seq); mark(seq);
  if (link) seqLink(seq);
  const l = G.lines.find((x) => String(x.seq) === seq);
  $("where").textContent = l ? `turn ${l.turn}: ${l.statement}` + (l.depth ? " (variation)" : "") : "";
  if (l) moveMarker(l.turn);
}
function go(p, link = true) {
  position = Math.max(0, Math.min(p, G.positions.length - 1));
  const seq = String(G.positions[position]);
  shown = seq; drawState(seq); mark(seq);
  if (link) seqLink(seq);
  $("position").textContent = `${position} / ${G.positions.length - 1}`;
  $("position").dataset.position = position;
  const l = G.lines.find((x) => String(x.seq) === seq);
  $("where").textContent = position ? `turn ${l.turn}: ${l.statement}` : "before the first statement";
  moveMarker(G.turns[position]);
}
function heading() {
  const text = (G.title || "Glory to Rome") + (G.viewer ? ` · as ${G.viewer} sees it` : "");
  document.title = text;
  $("heading").textContent = text;
}
function init() {
  heading();
  drawHeader();
  drawLines();
  if (G.problems.length) $("problems").textContent = G.problems.join("\n\n");
  $("first").onclick = () => go(0); $("back").onclick = () => go(position - 1);
  $("next").onclick = () => go(position + 1); $("last").onclick = () => go(G.positions.length - 1);
  document.addEventListener("keydown", (e) => {
    const to = {ArrowRight: position + 1, ArrowDown: position + 1, ArrowLeft: position - 1, ArrowUp: position - 1,
                Home: 0, End: G.positions.length - 1}[e.key];
    if (to !== undefined) { e.preventDefault(); go(to); }
  });
  window.addEventListener("hashchange", readHash);
  if (!readHash()) go(0, false);
}
init();
