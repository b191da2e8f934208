// The game log (moves, fills, wall-tiling with points per tile) and the end summary.
import { botName, el, moveSentence, phrase, points, seatName, t, tileName } from "./core.js";
import { svg, tile } from "./tiles.js";

function chip(letter) {
  return svg(16, 16, { class: "chip", "aria-label": tileName(letter) }, tile(letter, 1, 1, 14));
}

function tilingItems(view, events) {
  const name = (s) => seatName(view.seats[s], s);
  const out = [];
  for (const ev of events) {
    if (ev.type === "placed") {
      const runs = [];
      if (ev.horizontal > 1) runs.push(t("log.in_row", { n: ev.horizontal }));
      if (ev.vertical > 1) runs.push(t("log.in_column", { n: ev.vertical }));
      const why = runs.length ? runs.join(" + ") : t("log.alone");
      const colour = "BYRKW".indexOf(ev.colour);
      out.push(el("li", { class: "tiling placed" }, chip(ev.colour), " ",
        t("log.placed", { name: name(ev.seat), tile: phrase(`one.${colour}`), row: ev.row + 1, column: ev.column + 1,
          why, points: points(ev.points) })));
    } else if (ev.type === "discarded") {
      out.push(el("li", { class: "tiling discarded" }, phrase("discarded", { name: name(ev.seat), number: ev.row + 1 })));
    } else if (ev.type === "penalised" && ev.penalty) {
      out.push(el("li", { class: "tiling penalised" },
        phrase("floor taken", { n: ev.slots, name: name(ev.seat), penalty: `\u2212${ev.penalty}`, score: ev.score })));
    } else if (ev.type === "bonus" && ev.points) {
      out.push(el("li", { class: "tiling bonus" }, t("log.bonus", { name: name(ev.seat), points: points(ev.points) })));
    }
  }
  return out;
}

// A fill with the special displays (R40, R41): which displays are special this round, then
// SF1's extra tile and each SF2's pulls, in the theme's phrases (the Textual app's sentences).
function fillItems(e) {
  if (!e.specials?.length) return [];
  // SF2 with its colour in the theme's words ("SF2 (raspberry truffle)"), never a theme letter
  const kind = (k) => (k.startsWith("SF2") && k.length === 4 ? t("sf.SF2_of", { display: "SF2", colour: tileName(k[3]) }) : k);
  const names = e.specials.map((s) => phrase("special on", { kind: kind(s.kind), number: s.display })).join(", ");
  const out = [el("li", { class: "fill specials", text: phrase("specials", { items: names }) })];
  for (const a of e.after_fill || []) {
    const colour = "BYRKW".indexOf(a.colour);
    const text = a.kind === "SF1"
      ? phrase("sf1 draws", { number: a.display, tile: phrase(`one.${colour}`) })
      : phrase("sf2 pulls", { number: a.display, what: phrase(`count.${colour}`, { n: a.tiles }) });
    out.push(el("li", { class: `fill after-fill ${a.kind === "SF1" ? "sf1" : "sf2"}`, "data-display": String(a.display) },
      chip(a.colour), " ", text));
  }
  return out;
}

export function logView(view) {
  const items = [];
  for (const e of view.log) {
    if (e.kind === "fill") {
      items.push(el("li", { class: "round-head", text: phrase("filled", { round: e.round }) }));
      items.push(...fillItems(e));
    }
    else if (e.kind === "move") {
      items.push(el("li", { class: "move", text: moveSentence(seatName(view.seats[e.seat], e.seat), e.move) }));
    } else if (e.kind === "leave") {
      const key = e.reason === "timeout" ? "log.timeout" : "log.left";
      items.push(el("li", { class: "leave", text: t(key, { name: seatName(view.seats[e.seat], e.seat), bot: botName(e.bot) }) }));
    } else {
      items.push(el("li", { class: "round-head", text: phrase("tiling title", { round: e.round }) }));
      items.push(...tilingItems(view, e.events));
    }
  }
  const list = el("ol", { class: "log-list" }, ...items);
  const box = el("details", { class: "card log", open: window.matchMedia("(min-width: 900px)").matches },
    el("summary", { text: t("game.log") }), list);
  requestAnimationFrame(() => { list.scrollTop = list.scrollHeight; });
  return box;
}

// "Bo left in round 3; Medium bot finished the game for them." for each player who left.
function leftLines(view, name) {
  return view.seats.filter((s) => s.left).map((s) => el("p", { class: "left-line" },
    t(s.left.reason === "timeout" ? "end.timeout" : "end.left",
      { name: name(s.seat), round: s.left.round, bot: botName(s.left.bot) })));
}

export function summaryDialog(view, onClose, downloadButton) {
  const r = view.result;
  const name = (s) => seatName(view.seats[s], s);
  // A winner whose seat the stand-in bot played to the end: the headline says the bot won.
  const gone = r.winners.length === 1 ? view.seats[r.winners[0]].left : null;
  const head = gone
    ? t(gone.reason === "timeout" ? "end.winner_timeout" : "end.winner_left",
      { bot: botName(gone.bot), name: name(r.winners[0]), round: gone.round })
    : r.winners.length === 1
      ? t("end.winner", { name: name(r.winners[0]) })
      : t("end.shared", { names: r.winners.map(name).join(", ") });
  const decided = { points: "end.by_score", rows: "end.by_rows", shared: "end.by_shared" }[r.decided_by];
  const ended = { row: "end.ended_row", stuck: "end.ended_stuck", empty: "end.ended_empty" }[r.ended_by];
  const rows = [...r.players].sort((a, b) => b.score - a.score || b.complete_rows - a.complete_rows).map((p) =>
    el("tr", { class: r.winners.includes(p.seat) ? "winner" : "" },
      el("th", { scope: "row" }, r.winners.includes(p.seat) ? "★ " : "", name(p.seat),
        view.seats[p.seat].left ? el("span", { class: "tag left", text: t("end.bot_finished") }) : null),
      el("td", { text: String(p.before_bonus) }),
      el("td", { text: p.rows ? `${p.rows} (+${2 * p.rows})` : "0" }),
      el("td", { text: p.columns ? `${p.columns} (+${7 * p.columns})` : "0" }),
      el("td", { text: p.colours ? `${p.colours} (+${10 * p.colours})` : "0" }),
      el("td", { class: "total", text: String(p.score) })));
  return el("div", { class: "overlay", role: "dialog", "aria-modal": "true", id: "summary", "aria-labelledby": "summary-title" },
    el("div", { class: "card summary" },
      el("h2", { id: "summary-title", text: t("end.title") }),
      el("p", { class: "winner-line", text: head }),
      el("div", { class: "table-scroll" }, el("table", {},
        el("thead", {}, el("tr", {},
          el("th", { text: t("end.player") }), el("th", { text: t("end.before") }), el("th", { text: t("end.rows") }),
          el("th", { text: t("end.columns") }), el("th", { text: t("end.colours") }), el("th", { text: t("end.total") }))),
        el("tbody", {}, ...rows))),
      el("p", { class: "hint", text: `${t(decided)} ${ended ? t(ended) : ""}` }),
      ...leftLines(view, name),
      el("div", { class: "buttons" }, downloadButton,
        el("button", { type: "button", class: "primary", id: "close-summary", text: t("end.close"), onclick: onClose }))));
}
