// Shared state of the page: settings, translated words, the server's facts, "my games".
// The page holds no rules: it shows what the server sends and sends back one of the listed moves.

export const app = {
  meta: null,        // /api/meta
  words: {},         // /api/messages/{lang}
  settings: { lang: "en", theme: "classic", patterns: false },
  theme: null,       // the active theme object from meta
  onSettings: [],    // callbacks when language/theme/patterns change
};

const SETTINGS_KEY = "azulejos.settings";
const GAMES_KEY = "azulejos.games";
const INVITES_KEY = "azulejos.invites";

function load(key, fallback) {
  try {
    const v = JSON.parse(localStorage.getItem(key));
    return v ?? fallback;
  } catch {
    return fallback;
  }
}

function save(key, value) {
  try { localStorage.setItem(key, JSON.stringify(value)); } catch { /* private mode */ }
}

export function t(key, params = {}) {
  let s = app.words[key] ?? key;
  return s.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
}

export function word(key) {
  const w = app.theme?.words?.[key] ?? key;
  return w;
}

export function cap(s) {
  return s ? s[0].toLocaleUpperCase() + s.slice(1) : s;
}

export function tileName(letter) {
  const i = "BYRKW".indexOf(letter);
  return app.theme?.tile_names?.[i] ?? letter;
}

export async function api(path, { method = "GET", body, token } = {}) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["Authorization"] = `Bearer ${token}`;
  let res;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw { code: "network", message: t("error.network") };
  }
  const ct = res.headers.get("content-type") || "";
  const data = ct.includes("json") ? await res.json() : await res.text();
  if (!res.ok) throw (data && data.error) || { code: "generic", message: String(res.status) };
  return data;
}

export function errorText(err) {
  if (!err || !err.code) return t("error.generic", { message: String(err) });
  const key = `error.${err.code}`;
  if (key in app.words) return t(key, { message: err.message || "" });
  return t("error.generic", { message: err.message || err.code });
}

let toastTimer = null;
export function toast(text, kind = "info") {
  const el = document.getElementById("toast");
  el.textContent = text;
  el.className = `toast ${kind}`;
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { el.hidden = true; }, 4000);
}

// -- my games --------------------------------------------------------------------------------
export function myGames() {
  return load(GAMES_KEY, []);
}

export function rememberGame(entry) {
  const games = myGames().filter((g) => g.token !== entry.token);
  games.unshift({ ...entry, used: Date.now() });
  save(GAMES_KEY, games.slice(0, 50));
}

export function forgetGame(token) {
  save(GAMES_KEY, myGames().filter((g) => g.token !== token));
}

export function tokenFor(gameId) {
  const mine = myGames().filter((g) => g.game === gameId);
  mine.sort((a, b) => (b.used || 0) - (a.used || 0));
  return mine[0]?.token ?? null;
}

export function saveInvites(created) {
  const inv = load(INVITES_KEY, {});
  inv[created.game] = created;
  const keys = Object.keys(inv);
  for (const k of keys.slice(0, Math.max(0, keys.length - 30))) delete inv[k];
  save(INVITES_KEY, inv);
}

export function invitesFor(gameId) {
  return load(INVITES_KEY, {})[gameId] ?? null;
}

export function linkFor(gameId, token) {
  return `${location.origin}/play/${encodeURIComponent(gameId)}#${token}`;
}

// -- settings --------------------------------------------------------------------------------
export function loadSettings() {
  const s = load(SETTINGS_KEY, null);
  if (s) Object.assign(app.settings, s);
  else {
    const nav = (navigator.language || "en").slice(0, 2).toLowerCase();
    if (["en", "uk", "ru", "fr"].includes(nav)) app.settings.lang = nav;
  }
}

export function saveSettings() {
  save(SETTINGS_KEY, app.settings);
}

export async function applySettings() {
  const { lang, theme, patterns } = app.settings;
  const [meta, words] = await Promise.all([
    api(`/api/meta?lang=${lang}`),
    api(`/api/messages/${lang}`),
  ]);
  app.meta = meta;
  app.words = words;
  app.theme = meta.themes.find((x) => x.key === theme) ?? meta.themes[0];
  document.documentElement.lang = lang;
  document.body.className = `theme-${app.theme.key}${patterns ? " patterns" : ""}`;
  const root = document.documentElement.style;
  root.setProperty("--bg", app.theme.background);
  root.setProperty("--board", app.theme.board);
  root.setProperty("--accent", app.theme.accent);
  app.theme.fill.forEach((c, i) => root.setProperty(`--tile-${"BYRKW"[i]}`, c));
  app.theme.ink.forEach((c, i) => root.setProperty(`--ink-${"BYRKW"[i]}`, c));
  for (const cb of app.onSettings) cb();
}

export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (k === "text") e.textContent = v;
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}
