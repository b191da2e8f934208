// Drawing the table from a view: factories, centre, and each player's board (SVG).
import { app, botName, cap, el, num, phrase, seatName, t, tileName, tt, word } from "./core.js";
import { LETTERS, marker, s, slot, svg, tile } from "./tiles.js";
import { vacationDate } from "./vacation.js";

const T = 32;   // tile size on a board
const G = 4;    // gap

// Rule facts come from the server (/api/meta "rules"): the colour of coloured-wall space
// (row, col) (R6) and the floor penalties by slot (R5).
const wallLetter = (row, col) => app.meta.rules.wall[row][col];
const floorPenalties = () => app.meta.rules.floor_penalties;

function countLetters(text) {
  const c = {};
  for (const ch of text) c[ch] = (c[ch] || 0) + 1;
  return c;
}

// The special display of factory `index` this round ("SF1", "SF2R", ... or null) (R40).
export function specialOf(view, index) {
  return view.specials?.displays?.[index] ?? null;
}

// The legend text of a special kind (SF2B..SF2W share SF2's).
export function specialText(kind) {
  return tt(`sf.${kind.startsWith("SF2") ? "SF2" : kind}`);
}

// A small badge naming a special display: "SF4", or "SF2" with its colour's tile.
export function specialBadge(kind) {
  const base = kind.startsWith("SF2") ? "SF2" : kind;
  const colour = kind.startsWith("SF2") ? kind[3] : null;
  const chip = colour ? svg(16, 16, { class: "chip", "aria-hidden": "true" }, tile(colour, 1, 1, 14)) : null;
  return el("span", { class: `sf-badge sf-${base}`, "data-kind": kind, title: specialText(kind) },
    el("span", { text: base }), chip);
}

// How a choice was made: "key" (Enter, Space, or a click without a pointer, as screen readers
// send) or "pointer"; the page moves focus to the next step either way, and scrolls to it only
// for the keyboard.
const how = (e) => (e.type === "keydown" || e.detail === 0 ? "key" : "pointer");

// Make an SVG element a button of the keyboard: a tab stop that Enter and Space activate
// (Space without scrolling the page); `focus` names it so that focus can be put back on it
// after the table is drawn again.
function keyButton(node, focus, activate) {
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  node.dataset.focus = focus;
  node.addEventListener("click", (e) => activate(how(e)));
  node.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") { e.preventDefault(); activate("key"); }
  });
}

// A transparent rect under a pickable tile's drawing (x, y, w, h from the tile's corner): what
// a tap may hit, wider than the tile itself (issue 28, item 6: tap targets of 44 px).
function hitArea(g, x, y, width, height) {
  g.insertBefore(s("rect", { class: "hit", x, y, width, height }), g.firstChild);
}

// ui: {selectable(source, colour) -> bool, picked: {source, colour}|null, pick(source, colour, how)}
export function factoryView(view, index, ui) {
  const text = view.factories[index];
  const source = index + 1;
  const size = 28;
  const pos = [[20, 20], [52, 20], [20, 52], [52, 52]];
  const kind = specialOf(view, index);
  const held = kind === "SF5" && view.specials.sf5 && view.specials.sf5.display === source;
  const title = phrase("factory label", { number: source });
  const box = svg(100, 100, { class: `factory${text ? "" : " empty"}${kind ? " special" : ""}`, role: "group", "aria-label": title });
  box.append(s("circle", { cx: 50, cy: 50, r: 47, class: "factory-disc" }));
  // More than 4 tiles (SF1, SF2, tiles sent by SF4, the rest kept on SF3): one tile per
  // colour with its count.
  const counts = countLetters(text);
  const grouped = text.length > 4;
  const items = grouped ? LETTERS.split("").filter((k) => counts[k]) : [...text];
  // one row of up to 3, a square of 4, or 3 over 2 (centred in the disc)
  const gpos = { 1: [[38, 38]], 2: [[24, 38], [52, 38]], 3: [[12, 38], [38, 38], [64, 38]],
    4: [[22, 22], [52, 22], [22, 52], [52, 52]], 5: [[12, 24], [38, 24], [64, 24], [25, 54], [51, 54]] }[items.length] || [];
  // One tab stop per colour, named with its count as the centre's are ("Factory 2: 3 × red");
  // the other tiles of that colour are clicked alike but hidden from screen readers.
  const stops = new Set();
  items.forEach((letter, i) => {
    const picked = ui.picked && ui.picked.source === source && ui.picked.colour === letter;
    const can = ui.selectable(source, letter);
    const [x, y] = grouped ? gpos[i] : pos[i];
    const g = tile(letter, x, y, grouped ? 24 : size, {
      cls: `${can ? "pickable" : ""}${picked ? " picked" : ""}`,
      label: t("label.value", { label: title, value: `${counts[letter]} × ${tileName(letter)}` }),
    });
    // A tap anywhere in the tile's quarter of the display picks it: 44 px and more on a phone.
    if (can && !grouped) hitArea(g, x < 50 ? -x : 50 - x, y < 50 ? -y : 50 - y, 50, 50);
    if (stops.has(letter)) {
      g.setAttribute("aria-hidden", "true");
      if (can) g.addEventListener("click", (e) => ui.pick(source, letter, how(e)));
    } else if (can) {
      keyButton(g, `tile-${source}-${letter}`, (via) => ui.pick(source, letter, via));
      g.setAttribute("aria-pressed", String(Boolean(picked)));
    }
    stops.add(letter);
    box.append(g);
    if (grouped && counts[letter] > 1) {
      box.append(s("circle", { cx: x + 23, cy: y + 2, r: 8, class: "count-badge" }));
      box.append(s("text", { x: x + 23, y: y + 6, "text-anchor": "middle", class: "count-text", text: String(counts[letter]) }));
    }
  });
  const caption = el("figcaption", {}, String(source));
  if (kind) caption.append(" ", specialBadge(kind));
  const receiver = ui.receivers?.has(source) ? " sf4-receiver" : "";
  const attrs = { class: `source${kind ? " special" : ""}${held ? " taken" : ""}${receiver}`, "data-source": String(source) };
  if (kind) {
    attrs["data-special"] = kind;
    attrs.title = held ? `${specialText(kind)} ${t("sf.held_by", { name: seatName(view.seats[view.specials.sf5.holder], view.specials.sf5.holder) })}`
      : specialText(kind);
  }
  return el("figure", attrs, box, caption);
}

// The legend of this round's special displays (R40-R44), in the page's language.
export function specialsLegend(view) {
  const kinds = (view.specials?.displays || []).filter(Boolean);
  if (!kinds.length) return null;
  const seen = new Set();
  const items = [];
  for (const k of ["SF1", "SF2B", "SF2Y", "SF2R", "SF2K", "SF2W", "SF3", "SF4", "SF5"]) {
    if (!kinds.includes(k)) continue;
    const base = k.startsWith("SF2") ? "SF2" : k;
    if (seen.has(base) && base !== "SF2") continue;
    seen.add(base);
    items.push(el("li", { "data-kind": k }, specialBadge(k), " ", el("span", { text: specialText(k).replace(/^SF\d\s*:\s*/, "") })));
  }
  return el("details", { class: "sf-legend", id: "sf-legend", open: true },
    el("summary", { text: tt("sf.legend") }), el("ul", {}, ...items));
}

export function centreView(view, ui) {
  const counts = countLetters(view.centre);
  const groups = LETTERS.split("").filter((k) => counts[k]);
  const items = (view.marker_in_centre ? 1 : 0) + groups.length;
  const w = Math.max(1, items) * 46 + 8;
  const box = svg(w, 56, { class: "centre-svg", role: "group", "aria-label": cap(word("centre")) });
  let x = 8;
  if (view.marker_in_centre) {
    box.append(marker(x, 11, 34));
    x += 46;
  }
  for (const k of groups) {
    const picked = ui.picked && ui.picked.source === "C" && ui.picked.colour === k;
    const can = ui.selectable("C", k);
    const g = tile(k, x, 11, 34, {
      cls: `${can ? "pickable" : ""}${picked ? " picked" : ""}`,
      label: t("label.value", { label: cap(word("centre")), value: `${counts[k]} × ${tileName(k)}` }),
    });
    if (can) hitArea(g, -6, -11, 46, 56);  // its whole cell of the centre
    if (can) {
      keyButton(g, `tile-C-${k}`, (via) => ui.pick("C", k, via));
      g.setAttribute("aria-pressed", String(Boolean(picked)));
    }
    box.append(g);
    if (counts[k] > 1) {
      box.append(s("circle", { cx: x + 34, cy: 13, r: 9, class: "count-badge" }));
      box.append(s("text", { x: x + 34, y: 17, "text-anchor": "middle", class: "count-text", text: String(counts[k]) }));
    }
    x += 46;
  }
  return el("figure", { class: "source centre", "data-source": "C" }, box,
    el("figcaption", { text: cap(word("centre")) }));
}

// opts: {targets: {lines:Set, floor:bool, columns:Set}, onTarget(dest), preview, tiling: [...events],
//        last: the last move if this seat made it: {line: 1-5 | "F"} or {row, column} (a wall tile)}
export function boardView(view, seat, opts = {}) {
  const b = view.boards[seat];
  const grey = view.variant === "grey";
  const W = 5 * (T + G) * 2 + 40;
  const H = 5 * (T + G) + 78;
  const box = svg(W, H, { class: "board-svg" });
  const lx = (i, j) => 5 * (T + G) - (j + 1) * (T + G) + 6;  // pattern slot j of line i (from the right)
  const wx = (c) => 5 * (T + G) + 34 + c * (T + G);
  const ry = (r) => 6 + r * (T + G);
  const targets = opts.targets || {};
  const pv = opts.preview || null;
  const hits = []; // click targets go on top of the tiles

  const last = opts.last || null;
  const lastMark = (x, y, width, height, what) => box.append(s("rect", {
    class: "last-move", x, y, width, height, rx: 6, "data-last": what }));
  // pattern lines
  for (let i = 0; i < 5; i++) {
    const line = b.lines[i];
    const isTarget = targets.lines?.has(i + 1);
    if (last?.line === i + 1) lastMark(lx(i, i) - 3, ry(i) - 3, (i + 1) * (T + G) + 2, T + 6, String(i + 1));
    if (isTarget) {
      const hit = s("rect", {
        class: `target line-target${opts.chosen === i + 1 ? " chosen" : ""}`, x: lx(i, i) - 3, y: ry(i) - 3,
        width: (i + 1) * (T + G) + 2, height: T + 6, rx: 6,
        "data-line": i + 1, "aria-label": phrase("line label", { number: i + 1 }),
      });
      keyButton(hit, `line-${i + 1}`, (via) => opts.onTarget(i + 1, via));
      hits.push(hit);
    }
    for (let j = 0; j <= i; j++) {
      const x = lx(i, j), y = ry(i);
      if (j < line.count) box.append(tile(line.colour, x, y, T, { label: tileName(line.colour), cls: last?.line === i + 1 ? "last" : "" }));
      else if (pv && pv.line === i + 1 && j < line.count + pv.toLine) box.append(tile(pv.colour, x, y, T, { ghost: true }));
      else box.append(slot(x, y, T, isTarget ? "slot open" : "slot"));
    }
    box.append(s("text", { x: 5 * (T + G) + 17, y: ry(i) + T / 2 + 5, class: "arrow", "text-anchor": "middle", text: "›" }));
  }
  // wall
  for (let r = 0; r < 5; r++) {
    for (let c = 0; c < 5; c++) {
      const x = wx(c), y = ry(r);
      const k = b.wall[r][c];
      const placed = last?.row === r + 1 && last?.column === c + 1;
      if (placed) lastMark(x - 3, y - 3, T + 6, T + 6, `${r + 1}@${c + 1}`);
      if (k) box.append(tile(k, x, y, T, { label: tileName(k), cls: placed ? "last" : "" }));
      else if (grey) box.append(slot(x, y, T, "slot grey"));
      else box.append(tile(wallLetter(r, c), x, y, T, { faint: true }));
      if (targets.columns?.has(c + 1) && targets.row === r + 1) {
        const hit = s("rect", {
          class: `target col-target${opts.chosen === c + 1 ? " chosen" : ""}`, x: x - 3, y: y - 3,
          width: T + 6, height: T + 6, rx: 6, "data-column": c + 1,
          "aria-label": t("game.column_target", { row: r + 1, column: c + 1 }),
        });
        keyButton(hit, `column-${c + 1}`, (via) => opts.onTarget(c + 1, via));
        hits.push(hit);
        if (pv && pv.column === c + 1) box.append(tile(pv.colour, x, y, T, { ghost: true }));
      }
      if (pv && pv.wallRow === r && pv.wallCol === c && pv.points != null) {
        box.append(badge(x + T - 2, y + 2, `+${pv.points}`, "preview-badge"));
      }
    }
  }
  // floor
  const fy = 5 * (T + G) + 18;
  const fx = (j) => 6 + j * (T + G + 6);
  const floorTarget = targets.floor;
  if (last?.line === "F") lastMark(2, fy - 4, 7 * (T + G + 6) + 2, T + 8, "F");
  if (floorTarget) {
    const hit = s("rect", {
      class: `target floor-target${opts.chosen === "F" ? " chosen" : ""}`, x: 2, y: fy - 4,
      width: 7 * (T + G + 6) + 2, height: T + 8, rx: 6,
      "data-line": "F", "aria-label": cap(word("floor")),
    });
    keyButton(hit, "line-F", (via) => opts.onTarget("F", via));
    hits.push(hit);
  }
  let ghosts = pv ? pv.floor : [];
  const pens = floorPenalties();
  for (let j = 0; j < pens.length; j++) {
    const x = fx(j);
    const k = b.floor[j];
    if (k === "M") box.append(marker(x, fy, T));
    else if (k) box.append(tile(k, x, fy, T, { label: tileName(k) }));
    else if (ghosts.length) {
      const g = ghosts[0];
      ghosts = ghosts.slice(1);
      box.append(g === "M" ? marker(x, fy, T) : tile(g, x, fy, T, { ghost: true }));
      if (g === "M") box.lastChild.classList.add("ghost");
    } else box.append(slot(x, fy, T, floorTarget ? "slot open" : "slot"));
    box.append(s("text", { x: x + T / 2, y: fy + T + 16, "text-anchor": "middle", class: "penalty", text: num(pens[j]) }));
  }
  box.append(s("text", { x: W - 10, y: fy + T / 2 + 5, "text-anchor": "end", class: "floor-total",
    text: b.floor_penalty ? num(b.floor_penalty) : "" }));
  // The held SF5 beside its owner's floor line, with the tile lying on it (R44, R47a).
  const sf5 = view.specials?.sf5;
  const catches = pv && pv.sf5 ? pv.colour : null;
  if ((sf5 && sf5.holder === seat) || catches) {
    const x = fx(7) - 2;
    const g = s("g", { class: "sf5-held", "data-seat": String(seat) },
      s("title", { text: tt("sf.SF5") }),
      s("rect", { x: x - 3, y: fy - 4, width: T + 6, height: T + 8, rx: 7, class: "sf5-box" }),
      s("text", { x: x + T / 2, y: fy + T + 16, "text-anchor": "middle", class: "sf5-label", text: "SF5" }));
    if (sf5 && sf5.holder === seat && sf5.tile) g.append(tile(sf5.tile, x, fy, T, { label: tileName(sf5.tile) }));
    else if (catches) g.append(tile(catches, x, fy, T, { ghost: true }));
    box.append(g);
  }
  box.append(...hits);
  // points of the latest wall-tiling
  for (const ev of opts.tiling || []) {
    if (ev.seat !== seat) continue;
    if (ev.type === "placed") box.append(badge(wx(ev.column) + T - 2, ry(ev.row) + 2, `+${ev.points}`, "tiling-badge"));
  }
  return box;
}

function badge(x, y, text, cls) {
  const g = s("g", { class: cls, transform: `translate(${x},${y})` });
  g.append(s("circle", { r: 11 }));
  g.append(s("text", { y: 4, "text-anchor": "middle", text }));
  return g;
}

export function boardCard(view, seat, opts) {
  const info = view.seats[seat];
  const b = view.boards[seat];
  const mine = view.you.seats.includes(seat);
  const toMove = view.current === seat;
  const tags = [];
  if (mine && view.you.role === "seat") tags.push(el("span", { class: "tag you", text: t("game.you") }));
  const shown = seatName(info, seat);
  // a default bot name already says "bot" and its level, in the page's language
  if (info.left) tags.push(el("span", { class: "tag left", text: t("game.left_tag", { bot: botName(info.left.bot) }) }));
  else if (info.kind === "bot" && shown === info.name) tags.push(el("span", { class: "tag bot", text: t("game.bot") }));
  else if (info.state === "invited") tags.push(el("span", { class: "tag invited", text: t("game.invited") }));
  else if (!info.online) tags.push(el("span", { class: "tag offline", text: t("game.offline") }));
  if (info.vacation && !info.left) tags.push(el("span", { class: "tag vacation", text: t("game.vacation_tag", { date: vacationDate(info.vacation) }) }));
  if (b.has_marker) tags.push(el("span", { class: "tag marker-tag", title: t("game.marker"), text: "1" }));
  const head = el("header", { class: "board-head" },
    el("span", { class: `dot${toMove ? " live" : ""}` }),
    info.profile
      ? el("a", { class: "name", href: `/profile/${encodeURIComponent(info.profile)}`, title: t("profile.open") },
        el("strong", { text: shown }))
      : el("strong", { class: "name", text: shown }),
    ...tags,
    el("span", { class: "score", "aria-label": t("game.score") }, String(b.score)),
  );
  return el("section", {
    class: `board${mine ? " mine" : ""}${toMove ? " to-move" : ""}`, "data-seat": String(seat),
  }, head, boardView(view, seat, opts));
}
