// Accounts (docs/api.md, "Accounts"): the lobby's account card (sign up, sign in, sign out,
// sign out everywhere, this browser's seats to the account), settings kept on the server, and
// the games of the account opened on a new device (a further seat token).
import { api, app, el, errorText, myGames, rememberGame, saveSettings, t, toast } from "./core.js";
import { vacationForm } from "./vacation.js";
import { passkeyForm, passkeySignIn } from "./passkeys.js";

// The signed-in account (null: a guest), read when the page starts.
export async function loadAccount() {
  try {
    app.account = await api("/api/account");
  } catch {
    app.account = null;
  }
  return app.account;
}

// The account's settings become the page's (after sign-in, and when the page starts).
export function takeSettings(account) {
  const s = account?.settings;
  if (!s) return false;
  app.settings.lang = s.lang ?? app.settings.lang;
  app.settings.theme = s.theme ?? app.settings.theme;
  app.settings.patterns = Boolean(s.patterns);
  return true;
}

// The page's settings changed: kept on the account too, when signed in.
export async function saveAccountSettings() {
  if (!app.account) return;
  const { lang, theme, patterns } = app.settings;
  try {
    const got = await api("/api/account/settings", { method: "POST", body: { lang, theme, patterns } });
    app.account.settings = got.settings;
  } catch (err) { toast(errorText(err), "error"); }
}

// Open a game of the account on this device: a token of its own for the seat.
export async function openAccountGame(gameId) {
  try {
    const got = await api(`/api/games/${encodeURIComponent(gameId)}/seat-token`, { method: "POST", body: {} });
    rememberGame({ game: gameId, token: got.token, role: "seat", seat: got.seat });
    app.navigate(`/play/${encodeURIComponent(gameId)}#${got.token}`);
  } catch (err) { toast(errorText(err), "error"); }
}

async function signedIn(account, changed, applySettings) {
  app.account = account;
  toast(t("account.welcome", { name: account.name }));
  if (takeSettings(account)) {
    saveSettings();
    await applySettings();  // redraws the lobby too
  }
  else changed();
}

// The lobby's card; ``changed()`` redraws the lobby; ``applySettings()`` applies new settings.
export function accountCard(changed, applySettings) {
  const card = el("section", { class: "card account-card", id: "account-card" },
    el("h2", { text: t("account.title") }));
  const me = app.account;
  if (!me) {
    card.append(el("p", { class: "hint", text: t("account.intro") }));
    const name = el("input", { type: "text", id: "account-name", maxlength: 40, autocomplete: "username",
      "aria-label": t("account.name"), placeholder: t("account.name") });
    const password = el("input", { type: "password", id: "account-password", maxlength: 200,
      autocomplete: "current-password", "aria-label": t("account.password"), placeholder: t("account.password"),
      "aria-describedby": "account-password-hint" });
    async function send(path) {
      try {
        const got = await api(path, { method: "POST", body: { name: name.value, password: password.value, ...(path === "/api/account" ? { lang: app.settings.lang, theme: app.settings.theme, patterns: Boolean(app.settings.patterns) } : {}) } });
        await signedIn(got, changed, applySettings);
      } catch (err) { toast(errorText(err), "error"); }
    }
    card.append(el("form", { class: "account-form", onsubmit: (ev) => { ev.preventDefault(); send("/api/session"); } },
      el("div", { class: "field" }, name),
      el("div", { class: "field" }, password),
      el("p", { class: "hint", id: "account-password-hint", text: t("account.password_hint", { n: 8 }) }),
      el("div", { class: "profile-actions" },
        el("button", { type: "submit", class: "primary", id: "account-sign-in", text: t("account.sign_in") }),
        el("button", { type: "button", id: "account-sign-up", text: t("account.sign_up"),
          onclick: () => send("/api/account") }),
        el("button", { type: "button", class: "ghost", id: "account-forgot", text: t("account.forgot"),
          onclick: async () => {
            if (!name.value.trim()) { toast(t("account.forgot_name"), "error"); name.focus(); return; }
            try {
              await api("/api/account/reset", { method: "POST", body: { name: name.value } });
              toast(t("account.reset_sent"));
            } catch (err) { toast(errorText(err), "error"); }
          } }),
        passkeySignIn((got) => signedIn(got, changed, applySettings)))));
    return card;
  }
  card.append(el("p", {}, el("span", { id: "account-as", text: t("account.signed_in_as", { name: me.name }) }), " · ",
    el("a", { href: `/profile/${encodeURIComponent(me.profile.id)}`, id: "account-profile", text: t("account.profile") })));
  const wait = el("p", { class: "notice", id: "account-wait", hidden: true });
  card.append(wait);
  // fair play (docs/api.md, "Fair play"): the wait before rated games, if any
  api("/api/account/fairplay").then((got) => {
    if (got.seconds > 0) { wait.textContent = errorText({ code: "rated_wait", seconds: got.seconds }); wait.hidden = false; }
  }).catch(() => {});
  card.append(emailForm(me, changed), passwordForm(), passkeyForm(), vacationForm());
  const seats = myGames().filter((g) => g.role === "seat");
  card.append(el("div", { class: "profile-actions" },
    el("button", {
      type: "button", id: "account-adopt", text: t("account.adopt"),
      onclick: async () => {
        if (!seats.length) { toast(t("account.adopt_none")); return; }
        try {
          const got = await api("/api/account/seats", { method: "POST", body: { tokens: seats.map((g) => g.token).slice(0, 50) } });
          const ok = got.results.filter((r) => r.ok).length;
          const refused = got.results.find((r) => r.error && r.error.code !== "bad_token");
          if (refused) toast(errorText(refused.error), "error");
          else toast(t("account.adopted", { n: ok }));
        } catch (err) { toast(errorText(err), "error"); return; }
        changed();
      },
    }),
    el("button", {
      type: "button", class: "ghost", id: "account-sign-out", text: t("account.sign_out"),
      onclick: async () => {
        try { await api("/api/session", { method: "DELETE" }); } catch (err) { toast(errorText(err), "error"); return; }
        app.account = null;
        toast(t("account.signed_out"));
        changed();
      },
    }),
    el("button", {
      type: "button", class: "ghost", id: "account-sign-out-all", text: t("account.sign_out_all"),
      onclick: async () => {
        if (!confirm(t("account.sign_out_all_confirm"))) return;
        try { await api("/api/account/sessions", { method: "DELETE" }); } catch (err) { toast(errorText(err), "error"); return; }
        app.account = null;
        toast(t("account.signed_out"));
        changed();
      },
    })));
  return card;
}

// The account's games but those of ``here`` (the games this browser holds a working seat
// token for): their "My games" lines, or [].
export async function accountGamesElsewhere(here) {
  if (!app.account) return [];
  let got;
  try { got = await api("/api/account/games"); } catch { return []; }
  return got.order.map((i) => got.games[i]).filter((sm) => sm && !here.has(sm.game));
}

// The account's e-mail address: set it, see whether it is verified, ask for a link.
function emailForm(me, changed) {
  const input = el("input", { type: "email", id: "account-email", maxlength: 254, value: me.email ?? "",
    autocomplete: "email", "aria-label": t("account.email"), placeholder: t("account.email") });
  // a change of address needs the current password (a borrowed session cannot move the mail)
  const password = el("input", { type: "password", id: "account-email-password", maxlength: 200,
    autocomplete: "current-password", "aria-label": t("account.email_password"), placeholder: t("account.email_password") });
  const state = me.email
    ? el("span", { class: "hint", id: "account-email-state", text: me.email_verified ? t("account.email_verified") : t("account.email_unverified") })
    : null;
  const verify = me.email && !me.email_verified
    ? el("button", { type: "button", class: "ghost", id: "account-verify", text: t("account.verify"),
      onclick: async () => {
        try {
          await api("/api/account/email/verify", { method: "POST", body: {} });
          toast(t("account.verify_sent", { email: me.email }));
        } catch (err) { toast(errorText(err), "error"); }
      } })
    : null;
  return el("form", { class: "field account-email", onsubmit: async (ev) => {
    ev.preventDefault();
    try {
      const got = await api("/api/account/email", { method: "POST", body: { email: input.value.trim() || null, password: password.value } });
      Object.assign(app.account, got);
      toast(t("account.email_saved"));
    } catch (err) { toast(errorText(err), "error"); return; }
    changed();
  } }, input, password, el("button", { type: "submit", text: t("account.email_save") }), state, verify);
}

// A new password (the current one is needed): the other devices are signed out.
function passwordForm() {
  const old = el("input", { type: "password", id: "account-old-password", maxlength: 200, autocomplete: "current-password",
    "aria-label": t("account.old_password"), placeholder: t("account.old_password") });
  const fresh = el("input", { type: "password", id: "account-new-password", maxlength: 200, autocomplete: "new-password",
    "aria-label": t("account.new_password"), placeholder: t("account.new_password"), "aria-describedby": "account-new-hint" });
  return el("details", { class: "account-password" },
    el("summary", { text: t("account.change_password") }),
    el("form", { class: "field", onsubmit: async (ev) => {
      ev.preventDefault();
      try {
        await api("/api/account/password", { method: "POST", body: { old: old.value, new: fresh.value } });
      } catch (err) { toast(errorText(err), "error"); return; }
      old.value = "";
      fresh.value = "";
      toast(t("account.password_changed"));
    } }, old, fresh, el("button", { type: "submit", id: "account-password-change", text: t("account.change_password") })),
    el("p", { class: "hint", id: "account-new-hint", text: t("account.password_hint", { n: 8 }) }));
}

// The pages the links of e-mails open: /account/verify#<secret> and /account/reset#<secret>.
export async function showVerify(root, code) {
  history.replaceState(null, "", location.pathname);  // the secret leaves the address bar
  const card = el("section", { class: "card notice", id: "account-link" }, el("h1", { text: t("account.verify_title") }));
  root.replaceChildren(card);
  try {
    await api("/api/account/email/confirm", { method: "POST", body: { code } });
    card.append(el("p", { id: "account-link-done", text: t("account.verified_done") }));
    if (app.account) app.account.email_verified = true;
  } catch (err) {
    card.append(el("p", { class: "error", id: "account-link-error", text: errorText(err) }));
  }
  card.append(el("p", {}, el("a", { href: "/", class: "button", text: t("nav.lobby") })));
  return { leave() {} };
}

export async function showReset(root, code) {
  history.replaceState(null, "", location.pathname);
  const password = el("input", { type: "password", id: "reset-password", maxlength: 200, autocomplete: "new-password",
    "aria-label": t("account.password"), placeholder: t("account.password"), "aria-describedby": "reset-hint" });
  const status = el("p", { id: "account-link-status" });
  const form = el("form", { class: "field", onsubmit: async (ev) => {
    ev.preventDefault();
    try {
      app.account = await api("/api/account/reset/confirm", { method: "POST", body: { code, password: password.value } });
    } catch (err) { status.className = "error"; status.textContent = errorText(err); return; }
    toast(t("account.welcome", { name: app.account.name }));
    app.navigate("/");
  } }, password, el("button", { type: "submit", class: "primary", id: "reset-submit", text: t("account.reset_button") }));
  root.replaceChildren(el("section", { class: "card notice", id: "account-link" },
    el("h1", { text: t("account.reset_title") }), form,
    el("p", { class: "hint", id: "reset-hint", text: t("account.password_hint", { n: 8 }) }), status));
  return { leave() {} };
}
