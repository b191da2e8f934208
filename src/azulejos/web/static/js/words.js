// The game's sentences on the page: the one builder of each line of the game log.
// Every template is the Python renderer's own (play/sentences.py, served with the page's words
// at /api/messages/{lang}); each function fills it with the same parts, in the same order, as
// its twin in play/words.py, so the page says a move, a tiling step, a fill or a leave in the
// very words of the terminal and the replays (tests/web/test_words_js.py compares them).
// No DOM here: the functions return text.
import {
  app, botName, colourIndex, destinationPhrase, num, phrase, points, seatName, sourcePhrase, t, tileName, tt,
} from "./core.js";

// The log sentence of a move in notation, with the notation beside it (log_sentence).
export function moveSentence(name, text) {
  const m = /^([1-9C])([BYRKW])([1-5F])(\/[<>]{1,4})?$/i.exec(text);  // an SF4 split keeps its suffix (R43)
  let sentence = text;
  if (m) {
    const src = m[1].toUpperCase();
    sentence = t("log.take", {
      name, what: phrase(`all.${colourIndex(m[2].toUpperCase())}`),
      source: sourcePhrase(src === "C" ? "C" : Number(src)), destination: destinationPhrase(m[3].toUpperCase() === "F" ? "F" : Number(m[3])),
    });
  } else {
    const p = /^([1-5])@([1-5])$/.exec(text);
    if (p) sentence = t("log.place", { name, row: p[1], column: p[2] });
  }
  // the notation with the letters drawn on the tiles of the theme (B Y R K W in every theme)
  const shown = m ? `${m[1].toUpperCase()}${app.theme?.symbols?.[colourIndex(m[2].toUpperCase())] ?? m[2]}${m[3].toUpperCase()}${m[4] ?? ""}` : text;
  return t("log.move", { sentence, notation: shown });
}

// "1 row ×2, 0 columns ×7, 1 colour ×10" (bonus_items, R24).
export function bonusItems(ev) {
  return [
    t("log.bonus_rows", { n: ev.rows }), t("log.bonus_columns", { n: ev.columns }), t("log.bonus_colours", { n: ev.colours }),
  ].join(", ");
}

// One step of the wall-tiling with its points (tiling_sentence; R17-R19, R24, R31); `name` is
// the name of ev.seat as shown.
export function tilingSentence(name, ev) {
  if (ev.type === "placed") {
    const runs = [];
    if (ev.horizontal > 1) runs.push(t("log.in_row", { n: ev.horizontal }));
    if (ev.vertical > 1) runs.push(t("log.in_column", { n: ev.vertical }));
    const why = runs.length ? runs.join(" + ") : t("log.alone");
    return t("log.placed", { name, tile: phrase(`one.${colourIndex(ev.colour)}`), row: ev.row + 1,
      column: ev.column + 1, why, points: points(ev.points) });
  }
  if (ev.type === "discarded") return phrase("discarded", { name, number: ev.row + 1 });
  if (ev.type === "penalised") {
    if (!ev.slots) return phrase("floor empty", { name, score: ev.score });
    return phrase("floor taken", { n: ev.slots, name, penalty: num(-ev.penalty), score: ev.score });
  }
  return t("log.bonus", { name, items: bonusItems(ev), points: points(ev.points) });
}

// A special display's name in words (special_name): SF2 with its colour in the theme's words
// ("SF2 (raspberry truffle)"), never a theme letter.
export function specialName(kind) {
  return kind.startsWith("SF2") && kind.length === 4 ? t("sf.SF2_of", { display: "SF2", colour: tileName(kind[3]) }) : kind;
}

// What a fill with the special displays did (fill_sentences; R40, R41): the line naming this
// round's special displays, then one line per entry of e.after_fill (SF1's extra tile, each
// SF2's pulls). Empty for a base-game fill.
export function fillSentences(e) {
  if (!e.specials?.length) return [];
  const names = e.specials.map((s) => phrase("special on", { kind: specialName(s.kind), number: s.display })).join(", ");
  return [phrase("specials", { items: names }), ...(e.after_fill || []).map((a) => (a.kind === "SF1"
    ? phrase("sf1 draws", { number: a.display, tile: phrase(`one.${colourIndex(a.colour)}`) })
    : phrase("sf2 pulls", { number: a.display, what: phrase(`count.${colourIndex(a.colour)}`, { n: a.tiles }) })))];
}

// "Ana ran out of time; Medium bot plays for them." (leave_sentence).
export function leaveSentence(name, reason, bot) {
  return t(reason === "timeout" ? "log.timeout" : "log.left", { name, bot: botName(bot) });
}

// Who won, and how a tie was broken (result_sentence, R25), from the view's `result`; `name`
// gives a seat's name as shown.
export function resultSentence(name, r) {
  const bySeat = new Map(r.players.map((p) => [p.seat, p]));
  const best = Math.max(...r.players.map((p) => p.score));
  const pts = t("count.points", { n: best });
  if (r.decided_by === "points") return t("end.won", { name: name(r.winners[0]), points: pts });
  const n = bySeat.get(r.winners[0]).complete_rows;
  const rows = t("end.complete_rows", { n });
  if (r.decided_by === "rows") {
    const tied = r.players.filter((p) => p.score === best).map((p) => p.seat).sort((a, b) => a - b);
    return t("end.tie_won", { tied: tied.map(name).join(", "), points: pts, name: name(r.winners[0]), rows });
  }
  return t("end.shared_victory", { winners: r.winners.map(name).join(", "), points: pts, rows });
}

// The preview of the chosen move, addressed to its player ("you take 3 blue tiles from factory
// 2", then what goes where, the penalty and the wall points, each a part of its own): the
// page's own wording (the terminal tells a move in the third person, move_sentence), built here
// only. `m` is a legal move of the view with its `preview` (docs/api.md, "Previews").
export function previewLines(m) {
  if (m.line !== undefined && m.column !== undefined) {
    const p = m.preview.wall_points;
    return [t("preview.column", { line: m.line, column: m.column, points: p == null ? "" : points(p) })];
  }
  const p = m.preview;
  const what = phrase(`count.${colourIndex(m.colour)}`, { n: p.taken });
  const parts = [t("preview.take", { what, source: sourcePhrase(m.source) })];
  if (p.to_line) parts.push(t("preview.to_line", { n: p.to_line, destination: destinationPhrase(m.destination) }));
  if (p.to_floor) parts.push(phrase("falls", { n: p.to_floor }));
  if (p.to_lid) parts.push(phrase("to lid", { n: p.to_lid }));
  if (p.to_centre) parts.push(phrase("rest to centre", { n: p.to_centre }));
  if (p.stays) parts.push(tt("preview.sf3_stays", { n: p.stays }));  // R42
  for (const sent of p.sends || []) {  // R43
    const what = phrase(`count.${colourIndex(sent.colour)}`, { n: sent.tiles });
    parts.push(tt(sent.side === "left" ? "preview.sf4_left" : "preview.sf4_right", { what, number: sent.to }));
  }
  if (p.takes_sf5) parts.push(tt("preview.sf5_take"));  // R44
  if (p.to_sf5) parts.push(tt("preview.sf5_catch"));  // R44, R47a
  if (p.marker) parts.push(phrase("you take marker"));
  if (p.floor_change) {
    const pen = Math.abs(p.floor_change);
    parts.push(t("count.penalty", { count: pen, n: num(-pen) }));
  }
  if (p.completes_line) {
    parts.push(p.wall_points != null ? t("preview.completes", { points: points(p.wall_points) }) : t("preview.completes_grey"));
  }
  return parts;
}

// The game page's status line: who is to move, or (grey wall) the column to choose for a line.
export function statusLine(view) {
  if (view.phase === "over") return t("game.over");
  const name = view.current === null ? "" : seatName(view.seats[view.current], view.current);
  if (view.phase === "place") {
    return view.to_move ? t("game.your_column", { line: view.pending_line })
      : t("game.choose_column", { name, line: view.pending_line });
  }
  return view.to_move ? t("game.your_move", { name }) : t("game.to_move", { name });
}
