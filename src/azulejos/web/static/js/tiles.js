// SVG drawing helpers: tiles (with colour-blind patterns and symbols), the marker, shapes.
import { app } from "./core.js";

const NS = "http://www.w3.org/2000/svg";
export const LETTERS = "BYRKW";

export function s(tag, attrs = {}, ...children) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (k === "text") e.textContent = v;
    else e.setAttribute(k, v);
  }
  for (const c of children.flat()) if (c) e.append(c);
  return e;
}

export function svg(width, height, attrs = {}, ...children) {
  return s("svg", { viewBox: `0 0 ${width} ${height}`, xmlns: NS, ...attrs }, ...children);
}

// One hidden SVG with the patterns every drawing refers to (ids are page-wide).
export function ensureDefs() {
  if (document.getElementById("azulejos-defs")) return;
  const stroke = { stroke: "currentColor", "stroke-width": 1.6, fill: "none" };
  const pat = (id, ...shapes) =>
    s("pattern", { id, width: 8, height: 8, patternUnits: "userSpaceOnUse" }, ...shapes);
  const defs = s("defs", {},
    pat("pat-B", s("path", { d: "M-2 10L10 -2M-2 2L2 -2M6 10L10 6", ...stroke })),
    pat("pat-Y", s("circle", { cx: 4, cy: 4, r: 1.6, fill: "currentColor" })),
    pat("pat-R", s("path", { d: "M0 2H8M0 6H8", ...stroke, "stroke-width": 1.2 })),
    pat("pat-K", s("path", { d: "M0 0L8 8M8 0L0 8", ...stroke, "stroke-width": 1 })),
    pat("pat-W", s("circle", { cx: 4, cy: 4, r: 2.4, ...stroke, "stroke-width": 1.1 })),
    s("linearGradient", { id: "shine", x1: 0, y1: 0, x2: 1, y2: 1 },
      s("stop", { offset: "0", "stop-color": "#fff", "stop-opacity": ".45" }),
      s("stop", { offset: ".45", "stop-color": "#fff", "stop-opacity": "0" }),
      s("stop", { offset: "1", "stop-color": "#000", "stop-opacity": ".18" })),
    s("linearGradient", { id: "gold", x1: 0, y1: 0, x2: 1, y2: 1 },  // special displays (R40)
      s("stop", { offset: "0", "stop-color": "#fbe7a1" }),
      s("stop", { offset: ".5", "stop-color": "#e2b650" }),
      s("stop", { offset: "1", "stop-color": "#b8862b" })),
    s("radialGradient", { id: "candy", cx: ".35", cy: ".3", r: ".8" },
      s("stop", { offset: "0", "stop-color": "#fff", "stop-opacity": ".55" }),
      s("stop", { offset: ".35", "stop-color": "#fff", "stop-opacity": "0" }),
      s("stop", { offset: "1", "stop-color": "#000", "stop-opacity": ".25" })),
  );
  const holder = svg(0, 0, { id: "azulejos-defs", width: 0, height: 0, "aria-hidden": "true",
    style: "position:absolute" }, defs);
  document.body.prepend(holder);
}

// A tile of colour `letter` at (x, y), `size` wide. opts: {ghost, faint, cls, label}
export function tile(letter, x, y, size, opts = {}) {
  const i = LETTERS.indexOf(letter);
  const candy = app.theme?.key === "chocolatier";
  const rx = candy ? size * 0.42 : size * 0.12;
  const g = s("g", {
    class: `tile tile-${letter}${opts.faint ? " faint" : ""}${opts.ghost ? " ghost" : ""}${opts.cls ? " " + opts.cls : ""}`,
    transform: `translate(${x},${y})`,
    "data-colour": letter,
  });
  if (opts.label) g.append(s("title", { text: opts.label }));
  g.append(s("rect", { class: "body", width: size, height: size, rx, style: `fill:var(--tile-${letter})` }));
  g.append(s("rect", { class: "shade", width: size, height: size, rx,
    fill: candy ? "url(#candy)" : "url(#shine)" }));
  if (candy) {
    g.append(s("path", {
      class: "swirl", fill: "none", "stroke-width": size * 0.05,
      d: `M${size * 0.3} ${size * 0.62}q${size * 0.2} ${-size * 0.3} ${size * 0.4} 0`,
      style: `stroke:var(--ink-${letter})`, opacity: ".45",
    }));
  } else {
    g.append(s("rect", { class: "inset", x: size * 0.18, y: size * 0.18, width: size * 0.64,
      height: size * 0.64, rx: size * 0.06, fill: "none", "stroke-width": size * 0.04,
      style: `stroke:var(--ink-${letter})`, opacity: ".28" }));
  }
  g.append(s("rect", { class: "pat", width: size, height: size, rx, fill: `url(#pat-${letter})`,
    style: `color:var(--ink-${letter})`, opacity: ".55" }));
  const sym = app.theme?.symbols?.[i] ?? letter;
  g.append(s("text", { class: "sym", x: size / 2, y: size / 2 + size * 0.16, "font-size": size * 0.46,
    "text-anchor": "middle", style: `fill:var(--ink-${letter})`, text: sym }));
  return g;
}

export function marker(x, y, size) {
  const g = s("g", { class: "marker", transform: `translate(${x},${y})` });
  g.append(s("title", { text: app.theme?.words?.marker ?? "first player" }));
  g.append(s("rect", { width: size, height: size, rx: size * 0.18, class: "marker-body" }));
  g.append(s("text", { x: size / 2, y: size / 2 + size * 0.2, "font-size": size * 0.58,
    "text-anchor": "middle", class: "marker-text", text: "1" }));
  return g;
}

export function slot(x, y, size, cls = "slot") {
  return s("rect", { class: cls, x, y, width: size, height: size, rx: size * 0.12 });
}
