// The game log (moves, fills, wall-tiling with points per tile) and the end summary.
import { botName, el, phrase, seatName, t, tileName } from "./core.js";
import { svg, tile } from "./tiles.js";
import { fillSentences, leaveSentence, moveSentence, resultSentence, tilingSentence } from "./words.js";

function chip(letter) {
  return svg(16, 16, { class: "chip", "aria-label": tileName(letter) }, tile(letter, 1, 1, 14));
}

// The wall-tiling's lines: the sentences of words.js; a floor with nothing on it, and a bonus
// of no points, are not listed here (the replay lists every step).
function tilingItems(view, events) {
  const name = (s) => seatName(view.seats[s], s);
  const out = [];
  for (const ev of events) {
    if (ev.type === "penalised" && !ev.penalty) continue;
    if (ev.type === "bonus" && !ev.points) continue;
    const text = tilingSentence(name(ev.seat), ev);
    out.push(ev.type === "placed"
      ? el("li", { class: "tiling placed" }, chip(ev.colour), " ", text)
      : el("li", { class: `tiling ${ev.type}`, text }));
  }
  return out;
}

// A fill with the special displays (R40, R41): which displays are special this round, then
// SF1's extra tile and each SF2's pulls, each with a chip of its colour.
function fillItems(e) {
  const [head, ...afters] = fillSentences(e);
  if (head === undefined) return [];
  return [el("li", { class: "fill specials", text: head }), ...afters.map((text, i) => {
    const a = e.after_fill[i];
    return el("li", { class: `fill after-fill ${a.kind === "SF1" ? "sf1" : "sf2"}`, "data-display": String(a.display) },
      chip(a.colour), " ", text);
  })];
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
      items.push(el("li", { class: "leave", text: leaveSentence(seatName(view.seats[e.seat], e.seat), e.reason, e.bot) }));
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
    : resultSentence(name, r);
  const ended = { row: "end.ended_row", stuck: "end.ended_stuck", empty: "end.ended_empty", blocked: "end.ended_blocked" }[r.ended_by];
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
      el("p", { class: "hint", text: [r.decided_by === "points" ? "" : t("end.tie_rule"), ended ? t(ended) : ""].filter(Boolean).join(" ") }),
      ...leftLines(view, name),
      el("div", { class: "buttons" }, downloadButton,
        el("button", { type: "button", class: "primary", id: "close-summary", text: t("end.close"), onclick: onClose }))));
}
