// The page's entry point: settings, then the lobby, a game or the rules, by the address.
import { app, applySettings, loadSettings, saveSettings, t } from "./core.js";
import { showLobby } from "./lobby.js";
import { showGame } from "./game.js";
import { showJoin } from "./join.js";
import { showRules } from "./rules.js";
import { showReplay } from "./replay.js";
import { showLeaderboard } from "./leaderboard.js";
import { showProfile } from "./profile.js";
import { showAdmin } from "./admin.js";
import { showTournament, showTournaments } from "./tournament.js";
import { showLadder } from "./ladder.js";
import { loadAccount, saveAccountSettings, showReset, showVerify, takeSettings } from "./account.js";

let current = null; // the page object (has .leave())

function fillSettings() {
  const lang = document.getElementById("set-lang");
  lang.replaceChildren(...app.meta.languages.map((l) => new Option(l.name, l.code)));
  lang.value = app.settings.lang;
  const theme = document.getElementById("set-theme");
  theme.replaceChildren(...app.meta.themes.map((x) => new Option(x.title, x.key)));
  theme.value = app.theme.key;
  document.getElementById("set-patterns").checked = app.settings.patterns;
  document.getElementById("lbl-lang").textContent = t("nav.language");
  document.getElementById("lbl-theme").textContent = t("nav.theme");
  document.getElementById("lbl-patterns").textContent = t("nav.patterns");
  document.getElementById("nav-lobby").textContent = t("nav.lobby");
  document.getElementById("nav-rules").textContent = t("nav.rules");
  document.getElementById("nav-replay").textContent = t("nav.replay");
  document.getElementById("nav-leaderboard").textContent = t("nav.leaderboard");
  document.getElementById("nav-tournaments").textContent = t("nav.tournaments");
  document.getElementById("nav-ladder").textContent = t("nav.ladder");
  document.title = t("app.title");
}

async function route() {
  if (current?.leave) current.leave();
  current = null;
  const root = document.getElementById("app");
  const path = location.pathname;
  const m = path.match(/^\/play\/([A-Za-z0-9_-]+)$/);
  const j = path.match(/^\/join\/([A-Za-z0-9_-]+)$/);
  const r = path.match(/^\/replay(?:\/([A-Za-z0-9_-]+))?$/);
  const p = path.match(/^\/profile\/([A-Za-z0-9_-]+)$/);
  const tm = path.match(/^\/tournaments(?:\/([A-Za-z0-9_-]+))?$/);
  const ld = path.match(/^\/ladder(?:\/([a-z0-9-]+))?$/);
  if (m) current = await showGame(root, m[1], location.hash.slice(1));
  else if (j) current = await showJoin(root, j[1], location.hash.slice(1));
  else if (r) current = await showReplay(root, r[1] || null, location.hash.slice(1));
  else if (path === "/rules") current = await showRules(root);
  else if (path === "/leaderboard") current = await showLeaderboard(root);
  else if (p) current = await showProfile(root, p[1]);
  else if (path === "/admin") current = await showAdmin(root);
  else if (ld) current = await showLadder(root, ld[1] || "2-coloured");
  else if (tm) current = tm[1] ? await showTournament(root, tm[1]) : await showTournaments(root);
  else if (path === "/account/verify") current = await showVerify(root, location.hash.slice(1));
  else if (path === "/account/reset") current = await showReset(root, location.hash.slice(1));
  else current = await showLobby(root);
}

export function navigate(url) {
  history.pushState(null, "", url);
  route();
}

async function boot() {
  app.navigate = navigate;
  loadSettings();
  if (takeSettings(await loadAccount())) saveSettings();  // signed in: the account's settings
  app.onSettings.push(fillSettings);
  await applySettings();
  const change = async () => {
    app.settings.lang = document.getElementById("set-lang").value;
    app.settings.theme = document.getElementById("set-theme").value;
    app.settings.patterns = document.getElementById("set-patterns").checked;
    saveSettings();
    saveAccountSettings();  // signed in: kept on the account for every device
    await applySettings();
  };
  for (const id of ["set-lang", "set-theme", "set-patterns"]) {
    document.getElementById(id).addEventListener("change", change);
  }
  document.addEventListener("click", (ev) => {
    const a = ev.target.closest("a[href^='/']");
    if (!a || a.target || ev.ctrlKey || ev.metaKey || ev.shiftKey || a.hasAttribute("download")) return;
    ev.preventDefault();
    navigate(a.getAttribute("href"));
  });
  window.addEventListener("popstate", route);
  await route();
}

boot();
