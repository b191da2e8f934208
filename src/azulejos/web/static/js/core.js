// Shared state of the page: settings, translated words, the server's facts, "my games".
// The page holds no rules: it shows what the server sends and sends back one of the listed moves.

export const app = {
  meta: null,        // /api/meta
  words: {},         // /api/messages/{lang}
  settings: { lang: "en", theme: "classic", patterns: false },
  theme: null,       // the active theme object from meta
  onSettings: [],    // callbacks when language/theme/patterns change
  account: null,     // the signed-in account (account.js; null: a guest)
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

function fill(s, params) {
  return s.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
}

// The language's entry of /api/meta (its plural forms by count, its decimal comma).
function language(lang) {
  return app.meta?.languages?.find((l) => l.code === lang);
}

// The plural form of n in the page's language, from the table the server makes of the
// catalogue's Plural-Forms (counts 0-199; above, 100 + n % 100 has the same form).
export function pluralIndex(n, lang = app.settings.lang) {
  n = Math.floor(Math.abs(n));
  const table = language(lang)?.plurals;
  if (!table) return n !== 1 ? 1 : 0;
  return table[n < table.length ? n : 100 + (n % 100)];
}

function pick(s, n) {
  if (!Array.isArray(s)) return s;
  return s[Math.min(pluralIndex(n ?? 1), s.length - 1)];
}

// A message of the page; a plural message takes its count from params.n (or params.count).
export function t(key, params = {}) {
  const count = typeof params.count === "number" ? params.count : params.n;
  const s = pick(app.words[key] ?? key, typeof count === "number" ? count : Number(count));
  return fill(s, params);
}

// A message in the active theme's words: its ".<theme>" variant when the server has one
// ("to showcase {number}" in the chocolatier theme, "to factory {number}" otherwise).
export function tt(key, params = {}) {
  const themed = `${key}.${app.theme?.key}`;
  return t(themed in app.words ? themed : key, params);
}

// A theme phrase ("from factory {number}", "{n} blue tiles"): whole sentence parts per theme,
// so that every language can inflect them.
export function phrase(key, params = {}) {
  const s = pick(app.theme?.phrases?.[key] ?? key, params.n);
  return fill(s, params);
}

// A number as the language writes it: typographic minus, decimal comma in uk/ru/fr.
export function num(x, { sign = false } = {}) {
  const comma = Boolean(language(app.settings.lang)?.decimal_comma);
  let s = String(Math.abs(x));
  if (comma) s = s.replace(".", ",");
  if (x < 0) return `\u2212${s}`;
  return sign && x > 0 ? `+${s}` : s;
}

// "+3 points", "−2 points" with the right plural form.
export function points(n) {
  return fill(pick(app.words["count.points"] ?? "{n}", n), { n: num(n, { sign: true }) });
}

// A seat's name to show: default names ("Player 2", "easy bot") in the page's language.
export function seatName(seat, index) {
  if (!seat) return `#${index + 1}`;
  const name = seat.name ?? "";
  if (seat.kind === "bot" && seat.level && name.toLowerCase() === `${seat.level} bot`) {
    return t(`name.bot.${seat.level}`);
  }
  // a second bot of a level: "easy bot 2" (the server numbers them)
  const numbered = /^(.*) (\d)$/.exec(name);
  if (seat.kind === "bot" && seat.level && numbered
      && numbered[1].toLowerCase() === `${seat.level} bot`) {
    return `${t(`name.bot.${seat.level}`)} ${numbered[2]}`;
  }
  const m = /^Player (\d{1,2})$/.exec(name);
  if (m && seat.kind !== "bot") return t("name.player", { n: m[1] });
  return name;
}

export function word(key) {
  const w = app.theme?.words?.[key] ?? key;
  return w;
}

// Sentence parts of a move in notation ("3B2", "CRF", "2@4").
export function colourIndex(letter) {
  return "BYRKW".indexOf(letter);
}

export function sourcePhrase(source) {
  return source === "C" || source === 0 ? phrase("from centre") : phrase("from factory", { number: source });
}

export function destinationPhrase(dest) {
  return dest === "F" ? phrase("to floor") : phrase("to line", { number: dest });
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

// An error of the server in the page's language: by its code, never its English message (an
// illegal move by its rule's reason; a bad record by the "detail" the server wrote in the
// language the page asked for; an unknown bot level with the level and the server's levels).
export function errorText(err) {
  if (!err || !err.code) return t("error.generic", { message: String(err) });
  if (err.code === "illegal") {
    const rule = err.rule || "?";
    const candy = app.theme?.key === "chocolatier";  // the theme's words (render/reasons.py)
    const reason = (candy && app.words[`reason.${rule}.chocolatier`]) || app.words[`reason.${rule}`];
    return reason ? t("error.illegal", { reason, rule }) : t("error.illegal_rule", { rule });
  }
  if (err.code === "bad_record") return t("error.bad_record", { message: err.detail ?? "" }).trim();
  if (err.code === "unknown_level") {
    return t("error.unknown_level", { level: err.level ?? "", levels: (err.levels ?? []).join(", ") });
  }
  if (err.code === "rated_wait") {  // fair play: minutes under two hours, else hours
    const minutes = Math.max(1, Math.ceil((err.seconds ?? 60) / 60));
    return minutes < 120 ? t("fairplay.wait_minutes", { n: minutes })
      : t("fairplay.wait_hours", { n: Math.ceil(minutes / 60) });
  }
  if (err.code === "suspended") {
    return err.until ? t("fairplay.suspended_until", { date: dateTime(err.until) }) : t("fairplay.suspended");
  }
  const key = `error.${err.code}`;
  if (key in app.words) return t(key, { message: err.message || "", n: err.retry_after ?? err.max ?? err.min ?? err.left ?? 1 });
  return t("error.generic", { message: err.message || err.code });
}

// A moment (Unix seconds) as the page's language writes a date and time.
export function dateTime(seconds) {
  return new Date(seconds * 1000).toLocaleString(document.documentElement.lang || undefined,
    { dateStyle: "medium", timeStyle: "short" });
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

// Saves (or refreshes) an entry of "my games"; what the entry already knew and ``entry`` does
// not say is kept (the invitation a seat was claimed from, so that its link opens the seat again).
export function rememberGame(entry) {
  const all = myGames();
  const before = all.find((g) => g.token === entry.token) ?? {};
  const games = all.filter((g) => g.token !== entry.token);
  const given = Object.fromEntries(Object.entries(entry).filter(([, v]) => v !== undefined));
  games.unshift({ ...before, ...given, used: Date.now() });
  save(GAMES_KEY, games.slice(0, 50));
}

export function forgetGame(token) {
  save(GAMES_KEY, myGames().filter((g) => g.token !== token));
}

// The entry of "my games" that came from this invitation (the seat claimed on this device).
export function gameOfInvite(invite) {
  return myGames().find((g) => g.invite === invite) ?? null;
}

// Claim a seat from its invitation: the seat's token is kept in "my games". Throws the
// server's error (claimed, bad_invite, ...).
export async function claimSeat(gameId, invite) {
  const got = await api(`/api/games/${encodeURIComponent(gameId)}/claim`, { method: "POST", body: { invite, profile: app.account ? undefined : profileKey() } });
  // the creator watched as a spectator until now: the seat replaces that entry
  save(GAMES_KEY, myGames().filter((g) => !(g.game === gameId && g.role === "spectator")));
  rememberGame({ game: gameId, token: got.token, role: "seat", seat: got.seat, invite });
  return got;
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

// An invitation link: opening it claims the seat (the secret stays after '#', never sent).
export function inviteLink(gameId, invite) {
  return `${location.origin}/join/${encodeURIComponent(gameId)}#${invite}`;
}

// A bot level's name in the page's language ("Medium bot").
export function botName(level) {
  const key = `name.bot.${level}`;
  return key in app.words ? t(key) : level;
}

// -- the player profile of this browser (docs/api.md, "Profiles") ---------------------------
// { id, name, key }: the key is secret (it plays as the profile); the id is public.
const PROFILE_KEY = "azulejos.profile";

export function myProfile() {
  const p = load(PROFILE_KEY, null);
  return p && typeof p.key === "string" && typeof p.id === "string" ? p : null;
}

export function saveProfile(p) {
  save(PROFILE_KEY, { id: p.id, name: p.name, key: p.key });
}

export function forgetProfile() {
  try { localStorage.removeItem(PROFILE_KEY); } catch { /* private mode */ }
}

// The key sent when creating a game or claiming a seat (undefined: play anonymously).
export function profileKey() {
  return myProfile()?.key ?? undefined;
}

// -- settings --------------------------------------------------------------------------------
export function loadSettings() {
  const s = load(SETTINGS_KEY, null);
  if (s) Object.assign(app.settings, s);
  else {
    // the browser's language if the server has it (applySettings falls back to English)
    app.settings.lang = (navigator.language || "en").slice(0, 2).toLowerCase();
  }
}

export function saveSettings() {
  save(SETTINGS_KEY, app.settings);
}

export async function applySettings() {
  const { lang, theme, patterns } = app.settings;
  let meta, words;
  try {
    [meta, words] = await Promise.all([api(`/api/meta?lang=${lang}`), api(`/api/messages/${lang}`)]);
  } catch (err) {
    if (err?.code !== "unknown_language" || lang === "en") throw err;
    app.settings.lang = "en";  // a language the server does not have
    return applySettings();
  }
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

// -- clocks and your-turn notices (web/clocks.py; docs/api.md, "Clocks") ---------------------
// Seconds left to `seat` by a view's clock, counted down here from when the view arrived
// (`receivedAt`, Date.now()): the server's deadline minus its `now`, so the device's own clock
// may be wrong. null: no number for that seat (per move: not its turn).
export function clockLeft(clock, seat, receivedAt) {
  if (!clock) return null;
  if (clock.seat === seat && clock.deadline !== null) {
    // a paused turn (its player on vacation) keeps the time it had: no countdown
    if (clock.paused) return clock.remaining?.[seat] ?? null;
    return Math.max(0, clock.deadline - clock.now - (Date.now() - receivedAt) / 1000);
  }
  return clock.remaining?.[seat] ?? null;
}

// "3 days left", "5 hours left", "12 minutes left" (each with the language's plural forms).
export function clockWords(seconds) {
  if (seconds >= 86400) return t("clock.days_left", { n: Math.floor(seconds / 86400) });
  if (seconds >= 3600) return t("clock.hours_left", { n: Math.floor(seconds / 3600) });
  return t("clock.minutes_left", { n: Math.max(1, Math.ceil(seconds / 60)) });
}

// A countdown: words from a day up, then h:mm:ss or m:ss.
export function clockText(seconds) {
  if (seconds >= 86400) return clockWords(seconds);
  const s = Math.ceil(seconds);
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
  const two = (x) => String(x).padStart(2, "0");
  return h ? `${h}:${two(m)}:${two(sec)}` : `${m}:${two(sec)}`;
}

// The browser title says when it is your turn ("● Your turn — azulejos").
export function turnTitle(yourTurn) {
  document.title = yourTurn ? t("title.your_turn") : t("app.title");
}

// Desktop notifications (optional): a button asks for permission; nothing when the browser
// has none, or they were refused (or are on already: then no button).
export function notifyButton() {
  if (typeof Notification === "undefined" || Notification.permission !== "default") return null;
  const b = el("button", { type: "button", class: "ghost small", id: "notify", text: t("notify.ask") });
  b.addEventListener("click", async () => {
    try { await Notification.requestPermission(); } catch { /* not allowed here */ }
    b.remove();
  });
  return b;
}

// Tell the player it is their turn, when the page is not in front (and they allowed it).
export function notifyTurn(gameId) {
  if (typeof Notification === "undefined" || Notification.permission !== "granted") return;
  if (!document.hidden && document.hasFocus()) return;
  try {
    const n = new Notification(t("notify.title"), { body: t("notify.body"), tag: `azulejos-${gameId}` });
    n.onclick = () => { window.focus(); n.close(); };
  } catch { /* e.g. a phone that only notifies from a service worker */ }
}
