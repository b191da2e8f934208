// The rules page: sections of the guide (light markdown from the server), shown safely.
import { api, app, el, t } from "./core.js";

const SECTIONS = ["recap", "setup", "teach", "faq", "variant", "specials"];

function inline(text) {
  // **bold** only; everything else stays text.
  const out = [];
  const parts = text.split(/(\*\*[^*]+\*\*)/);
  for (const p of parts) {
    if (p.startsWith("**") && p.endsWith("**")) out.push(el("strong", { text: p.slice(2, -2) }));
    else if (p) out.push(p);
  }
  return out;
}

// Fenced blocks (``` ... ```: a table drawn by the engine) stay as they are, blank lines included.
export function renderMarkdown(text) {
  const out = [];
  const parts = text.split(/^```[^\n]*$/m);
  parts.forEach((part, i) => {
    if (i % 2) out.push(el("pre", { class: "guide-drawing", text: part.replace(/^\n|\n$/g, "") }));
    else out.push(...renderBlocks(part));
  });
  return out;
}

function renderBlocks(text) {
  const blocks = text.split(/\n\s*\n/);
  const out = [];
  for (const block of blocks) {
    const lines = block.split("\n").filter((l) => l.trim());
    if (!lines.length) continue;
    if (lines[0].startsWith("## ")) out.push(el("h3", {}, ...inline(lines[0].slice(3))));
    else if (lines[0].startsWith("# ")) out.push(el("h2", {}, ...inline(lines[0].slice(2))));
    else if (lines.every((l) => l.startsWith("- "))) out.push(el("ul", {}, ...lines.map((l) => el("li", {}, ...inline(l.slice(2))))));
    else if (lines.every((l) => l.trim().startsWith("|"))) {
      const cells = (l) => l.trim().replace(/^\||\|$/g, "").split("|").map((c) => c.trim());
      const body = lines.filter((l) => !/^\s*\|?\s*:?-{2,}/.test(l));
      const [head, ...rest] = body;
      out.push(el("table", { class: "guide-table" },
        el("thead", {}, el("tr", {}, ...cells(head).map((c) => el("th", {}, ...inline(c))))),
        el("tbody", {}, ...rest.map((r) => el("tr", {}, ...cells(r).map((c) => el("td", {}, ...inline(c))))))));
    } else {
      out.push(el("p", {}, ...lines.flatMap((l, i) => (i ? [el("br"), ...inline(l)] : inline(l)))));
    }
  }
  return out;
}

export async function showRules(root) {
  let section = "recap";
  async function render() {
    const tabs = el("nav", { class: "tabs" }, ...SECTIONS.map((s) => el("button", {
      type: "button", class: s === section ? "on" : "", "data-section": s, text: t(`rules.${s}`),
      onclick: () => { section = s; render(); },
    })));
    let body;
    if (!app.meta.guide) body = [el("p", { class: "hint", text: t("rules.missing") })];
    else {
      try {
        const data = await api(`/api/guide/${section}?lang=${app.settings.lang}`);
        body = renderMarkdown(data.text);
      } catch {
        body = [el("p", { class: "hint", text: t("rules.missing") })];
      }
    }
    root.replaceChildren(el("article", { class: "card rules" }, el("h1", { text: t("rules.title") }), tabs, ...body));
  }
  app.onSettings.push(render);
  await render();
  return { leave() { app.onSettings.splice(app.onSettings.indexOf(render), 1); } };
}
