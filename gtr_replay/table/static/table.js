// gtr table: a seat's page or the table's page. It holds no rules: it draws the data the
// server sends (the legal choices among them) and posts what the player taps.
"use strict";
(function () {
  const parts = location.pathname.split("/").filter(Boolean);
  const kind = parts[0], token = parts[1];
  const app = document.getElementById("app");
  let data = null, cards = null, message = null, socket = null, retry = 500;
  let picking = null;      // {choice, count, picked: []}: cards being picked for a decision
  let filter = {};         // group kind -> card names chosen to narrow its choices
  let handPick = null;     // the starting hand being picked
  let search = "";

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "class") node.className = v;
      else if (k === "onclick") node.addEventListener("click", v);
      else if (v !== null && v !== undefined) node.setAttribute(k, v);
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  async function load() {
    if (!cards) cards = await (await fetch(`/api/${token}/cards`)).json();
    draw(await (await fetch(`/api/${token}`)).json(), false);
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${location.host}/live/${token}`);
    socket.onopen = () => { retry = 500; setLink(true); };
    socket.onmessage = (event) => draw(JSON.parse(event.data), false);
    socket.onclose = () => {
      setLink(false);
      setTimeout(() => { load().catch(() => {}); connect(); }, retry);
      retry = Math.min(retry * 2, 2000);
    };
  }

  function setLink(up) {
    document.body.dataset.live = up ? "yes" : "no";
    const dot = document.getElementById("link");
    if (dot) dot.textContent = up ? "live" : "reconnecting…";
  }

  async function act(action) {
    const body = Object.assign({version: data.version}, action);
    let answer;
    try {
      const response = await fetch(`/api/${token}/act`, {method: "POST", body: JSON.stringify(body),
                                                        headers: {"Content-Type": "application/json"}});
      answer = await response.json();
    } catch (e) {
      message = {refused: "the server cannot be reached", hint: "it reconnects by itself; try again then"};
      draw(data);
      return;
    }
    message = answer.ok ? {ok: answer.ok, back: action.do === "undo"} : {refused: answer.refused, hint: answer.hint};
    if (answer.ok) { handPick = null; search = ""; }
    draw(answer.data);
  }

  // -- drawing ---------------------------------------------------------------------------
  // ``fresh``: the data to draw; a push of the version already drawn changes nothing (so the
  // box being typed in stays), unless ``again`` (an answer, a tap that changed the page).
  function draw(fresh, again) {
    if (!fresh) return;
    if (data && fresh.version === data.version && again === false && noticed(fresh) === noticed(data)) return;
    if (data && fresh.version !== data.version) { picking = null; filter = {}; }
    data = fresh;
    const live = socket && socket.readyState === 1;
    const head = el("header", {},
      el("h1", {}, kind === "seat" ? data.seat : "The table"),
      el("span", {class: "sub"}, `${data.ruleset} · ${data.file}`),
      el("span", {id: "link", class: "link"}, live ? "live" : "connecting…"));
    const body = [head];
    if (message) {
      body.push(el("p", {class: message.ok ? "said ok" : "said refused", id: "message", role: "status"},
        message.ok ? `${message.back ? "taken back" : "recorded"}: ${message.ok}` : message.refused, message.hint ? el("small", {}, ` — ${message.hint}`) : null));
    }
    if (data.phase === "setup") body.push(...setup());
    else body.push(...game());
    if (noticed(data)) body.push(notices());
    app.replaceChildren(...body);
    document.body.dataset.version = data.version;
    document.body.dataset.phase = data.phase;
  }

  // The public refusals (the table's page alone): who was refused and why, no card named.
  function noticed(d) {
    return d && d.notices ? JSON.stringify(d.notices) : "";
  }

  function notices() {
    return el("section", {class: "panel notices", id: "notices"}, el("h2", {}, "Refused at the table"),
      el("ol", {class: "record"}, data.notices.map((n) => el("li", {}, n.text,
        n.hint ? el("small", {}, ` — ${n.hint}`) : null))));
  }

  function names(groups) {
    if (!Array.isArray(groups)) return [];
    return groups.flatMap((g) => (typeof g === "string" ? [g] : g.cards));
  }

  function cardList(list, cls) {
    return el("span", {class: cls || "cards"}, list.length ? list.map((c) => el("span", {class: "card"}, c)) : "—");
  }

  // -- setup -----------------------------------------------------------------------------
  function setup() {
    const s = data.setup, out = [];
    const drawn = s.draws.map((round, n) => el("li", {}, (n ? "redeal: " : "pool: ") +
      Object.entries(round).map(([p, c]) => `${p} ${c}`).join(", ")));
    out.push(el("section", {class: "panel"}, el("h2", {}, "Leader draw"),
      drawn.length ? el("ul", {class: "plain"}, drawn) : el("p", {}, "no card drawn yet"),
      s.leader ? el("p", {class: "strong"}, `${s.leader} leads`) :
        el("p", {}, `to draw: ${s.draw_due.join(", ")}`)));
    if (kind === "seat" && s.draw_due.includes(data.seat)) {
      out.push(el("section", {class: "panel mine"}, el("h2", {}, "Your leader-draw card"),
        picker((name) => act({do: "draw", card: name}), false)));
    } else if (kind === "seat" && s.leader && (!s.hand || handPick)) {
      out.push(handPanel(s));
    } else if (kind === "seat" && s.hand) {
      out.push(el("section", {class: "panel"}, el("h2", {}, "Your starting hand"), cardList(s.hand),
        el("button", {class: "quiet", onclick: () => { handPick = s.hand.slice(); draw(data); }}, "change it")));
    }
    out.push(el("p", {class: "note"}, `hands typed: ${s.hands_in.join(", ") || "none yet"}; waiting for `,
      data.players.filter((p) => !s.hands_in.includes(p)).join(", ") || "nobody"));
    if (kind === "table" && s.undo) {
      out.push(el("button", {class: "undo", id: "undo", onclick: () => act({do: "undo"})}, s.undo));
    }
    return out;
  }

  function handPanel(s) {
    handPick = handPick || [];
    const need = s.orders + s.jacks;
    return el("section", {class: "panel mine"},
      el("h2", {}, `Your starting hand: ${s.orders} Order card(s)` + (s.jacks ? ` and ${s.jacks} Jack` : "")),
      el("div", {class: "chosen"}, handPick.map((c, n) => el("button", {class: "chip", onclick: () => {
        handPick.splice(n, 1); draw(data); }}, `${c} ✕`))),
      picker((name) => { handPick.push(name); draw(data); }, s.jacks > 0),
      el("button", {class: "go", id: "hand-go", disabled: handPick.length === need ? null : "disabled",
                    onclick: () => act({do: "hand", cards: handPick})}, `record this hand (${handPick.length}/${need})`));
  }

  // A search box over the game's cards, each a tap target (``left``: how many remain, if given).
  function picker(onPick, withJack, left) {
    const box = el("input", {type: "search", placeholder: "search a card", value: search, class: "search",
                             "aria-label": "search a card"});
    const list = el("div", {class: "grid"});
    const fill = () => {
      const typed = box.value.trim().toLowerCase();
      const shown = cards.cards.filter((c) => (!left || left[c.name] > 0) && c.name.toLowerCase().includes(typed));
      const buttons = shown.map((c) => el("button", {class: `pick m-${c.material.toLowerCase()}`, "data-card": c.name,
        onclick: () => { search = ""; onPick(c.name); }}, c.name, left ? el("small", {}, ` ×${left[c.name]}`) : null));
      if (withJack && "jack".includes(typed)) {
        buttons.unshift(el("button", {class: "pick jack", "data-card": cards.jack, onclick: () => { search = ""; onPick(cards.jack); }}, cards.jack));
      }
      list.replaceChildren(...buttons);
    };
    box.addEventListener("input", () => { search = box.value; fill(); });
    fill();
    return el("div", {class: "picker"}, box, list);
  }

  // -- the game --------------------------------------------------------------------------
  function game() {
    const out = [], st = data.state;
    if (data.phase === "over") {
      out.push(el("section", {class: "panel result", id: "result"}, el("h2", {}, st.outcome.heading),
        el("p", {}, data.result),
        kind === "seat" ? el("p", {}, el("a", {href: `/view/${token}`, class: "go"}, "step through the game in the viewer")) : null));
    } else {
      const mine = kind === "seat" && data.deciding === data.seat;
      out.push(el("p", {class: mine ? "turn mine" : "turn", id: "next"}, mine ? `Your decision: ${st.next.replace(/^next: /, "")}` : st.next));
      if (mine) out.push(decide());
    }
    if (data.undo) {
      out.push(el("button", {class: "undo", id: "undo", onclick: () => act({do: "undo"})},
        data.undo_label || `take back: ${data.statements[data.statements.length - 1]}`));
    }
    const me = st.camps.find((c) => c.you);
    if (me) out.push(el("section", {class: "panel hand", id: "hand"}, el("h2", {}, "Your hand"), cardList(me.hand)));
    out.push(tableView(st));
    out.push(...st.camps.map(campView));
    out.push(el("section", {class: "panel said", id: "statements"},
      el("h2", {}, kind === "seat" ? "Last statements" : `The record so far (${data.count})`),
      el("ol", {class: "record", start: Math.max(1, data.count - data.statements.length + 1)},
        data.statements.map((s) => el("li", {}, s)))));
    if (kind === "seat" && data.phase === "game") out.push(expert());
    return out;
  }

  function tableView(st) {
    const t = st.table;
    const sites = Object.entries(t.sites_in_town).map(([m, n]) => `${m} ${n}` +
      (t.sites_out_of_town[m] ? `+${t.sites_out_of_town[m]}` : "")).join(" · ");
    return el("section", {class: "panel table", id: "public"}, el("h2", {}, t.title),
      el("p", {}, el("b", {}, "Pool: "), cardList(names(t.pool))),
      el("p", {}, `Deck ${t.deck} · Jacks ${t.jacks}`),
      el("p", {class: "small"}, `Sites: ${sites}`),
      t.demand ? el("p", {class: "demand"}, t.demand) : null);
  }

  function campView(c) {
    const hand = Array.isArray(c.hand) ? `${c.hand.length} in hand` : `${c.hand.hidden} in hand`;
    const vault = Array.isArray(c.vault) ? names(c.vault).join(", ") : `${c.vault.hidden} face down`;
    return el("section", {class: "panel camp" + (c.you ? " you" : ""), "data-player": c.name},
      el("h3", {}, c.name + (c.leader ? " (leader)" : ""), el("span", {class: "sub"}, ` ${c.points.text} · ${hand}`)),
      c.played.length ? el("p", {}, el("b", {}, "Played: "), cardList(c.played)) : null,
      el("p", {}, el("b", {}, `Clientele ${c.clientele_count}/${c.clientele_limit}: `), cardList(names(c.clientele))),
      el("p", {}, el("b", {}, "Stockpile: "), cardList(names(c.stockpile))),
      el("p", {}, el("b", {}, `Vault ${c.vault_count}/${c.vault_limit}: `), vault),
      c.buildings.length ? el("ul", {class: "plain"}, c.buildings.map((b) => el("li", {},
        `${b.foundation} (${b.site}${b.out_of_town ? ", out of town" : ""}) ` +
        (b.complete ? "complete" : `${b.materials.length}/${b.needed}`) + (b.marks.length ? ` · ${b.marks.join(", ")}` : "")))) : null);
  }

  // The legal decisions, grouped as `gtr legal` groups them.
  function decide() {
    if (picking) return drawPicker();
    const groups = data.choices || [];
    return el("section", {class: "panel mine", id: "decide"}, groups.map((g) => {
      let list = g.choices;
      const chosen = filter[g.kind] || [];
      const named = cards.cards.map((c) => c.name).filter((n) => list.some((c) => mentions(c.text, n)));
      const narrow = list.length > 6 && named.length > 1;
      if (chosen.length) list = list.filter((c) => chosen.every((n) => mentions(c.text, n)));
      return el("div", {class: "group", "data-kind": g.kind}, el("h3", {}, g.kind),
        narrow ? el("div", {class: "chips"}, named.map((n) => el("button", {
          class: chosen.includes(n) ? "chip on" : "chip", onclick: () => {
            filter[g.kind] = chosen.includes(n) ? chosen.filter((x) => x !== n) : chosen.concat([n]); draw(data); }}, n))) : null,
        el("div", {class: "choices"}, list.map((c) => el("button", {class: "choice", "data-text": c.text,
          onclick: () => { if (c.draws) { picking = {choice: c, picked: []}; draw(data); } else act({do: "say", text: c.text}); }},
          c.draws ? `${c.text} … (${c.draws} card${c.draws > 1 ? "s" : ""})` : c.text))));
    }));
  }

  function mentions(text, name) {
    return new RegExp(`(^|[ ,\\[+])${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[ ,\\]+])`).test(text);
  }

  // Cards that may still be drawn: the game's cards less every card this page sees.
  function drawable() {
    const left = {};
    for (const c of cards.cards) left[c.name] = c.copies - (data.seen[c.name] || 0);
    for (const c of picking.picked) left[c] -= 1;
    return left;
  }

  function drawPicker() {
    const c = picking.choice, need = c.draws;
    const done = () => {
      const listed = picking.picked.join(", ");
      const text = c.text.includes("[…]") ? c.text.replace("[…]", `[${listed}]`) : `${c.text} [${listed}]`;
      act({do: "say", text: text});
    };
    return el("section", {class: "panel mine", id: "decide"},
      el("h2", {}, `${c.text}: the card${need > 1 ? "s" : ""} drawn (${picking.picked.length}/${need})`),
      el("div", {class: "chosen"}, picking.picked.map((name, n) => el("button", {class: "chip", onclick: () => {
        picking.picked.splice(n, 1); draw(data); }}, `${name} ✕`))),
      picking.picked.length < need ? picker((name) => { picking.picked.push(name); draw(data); }, false, drawable()) : null,
      el("div", {class: "row"},
        el("button", {class: "go", id: "draw-go", disabled: picking.picked.length === need ? null : "disabled", onclick: done},
          "record it"),
        el("button", {class: "quiet", onclick: () => { picking = null; draw(data); }}, "back")));
  }

  function expert() {
    const box = el("input", {type: "text", id: "statement", placeholder: "type a statement", "aria-label": "statement"});
    const send = () => { if (box.value.trim()) act({do: "say", text: box.value}); };
    box.addEventListener("keydown", (e) => { if (e.key === "Enter") send(); });
    return el("details", {class: "panel expert"}, el("summary", {}, "Type a statement"),
      el("div", {class: "row"}, box, el("button", {class: "go", id: "say", onclick: send}, "record")));
  }

  load().then(connect, () => connect());
})();
