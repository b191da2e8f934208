// Player profiles (docs/api.md, "Profiles"): the lobby's profile card (create, rename, export,
// import, forget) and the public profile page (rating and statistics, in tables).
import {
  api, app, el, errorText, forgetProfile, myProfile, num, saveProfile, t, toast,
} from "./core.js";

// A profile key from what was pasted or opened: the key itself, or an exported file's JSON.
function keyFrom(text) {
  const s = (text || "").trim();
  if (!s) return null;
  if (s.startsWith("{")) {
    try {
      const data = JSON.parse(s);
      return typeof data.key === "string" && data.key ? data.key : null;
    } catch { return null; }
  }
  return /^[A-Za-z0-9_-]{8,100}$/.test(s) ? s : null;
}

// Check a key with the server and keep it on this device.
async function importKey(key) {
  const got = await api("/api/profile", { token: key });
  saveProfile({ id: got.id, name: got.name, key });
  return got;
}

function exportFile(p) {
  const data = JSON.stringify({ format: "azulejos-profile/1", id: p.id, name: p.name, key: p.key }, null, 2);
  const url = URL.createObjectURL(new Blob([data], { type: "application/json" }));
  const a = el("a", { href: url, download: `azulejos-profile-${p.id}.json`, hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// The lobby's card; ``changed()`` redraws the lobby (the new-game form depends on the profile).
export function profileCard(changed) {
  const mine = myProfile();
  const card = el("section", { class: "card profile-card", id: "profile-card" },
    el("h2", { text: t("profile.title") }));
  if (!mine) {
    card.append(el("p", { class: "hint", text: t("profile.none") }));
    const name = el("input", { type: "text", id: "profile-name", maxlength: 40, "aria-label": t("profile.name"),
      placeholder: t("profile.name") });
    card.append(el("form", {
      class: "field", onsubmit: async (ev) => {
        ev.preventDefault();
        try {
          const made = await api("/api/profiles", { method: "POST", body: { name: name.value } });
          saveProfile(made);
          toast(t("profile.created"));
        } catch (err) { toast(errorText(err), "error"); return; }
        changed();
      },
    }, name, el("button", { type: "submit", class: "primary", id: "profile-create", text: t("profile.create") })));
    card.append(importForm(changed));
    return card;
  }
  card.append(el("p", {}, el("a", { href: `/profile/${encodeURIComponent(mine.id)}`, id: "profile-link",
    text: t("profile.as", { name: mine.name }) })));
  const name = el("input", { type: "text", id: "profile-rename", maxlength: 40, value: mine.name,
    "aria-label": t("profile.name") });
  card.append(el("form", {
    class: "field", onsubmit: async (ev) => {
      ev.preventDefault();
      try {
        const got = await api(`/api/profiles/${encodeURIComponent(mine.id)}/name`,
          { method: "POST", body: { name: name.value }, token: mine.key });
        saveProfile({ ...mine, name: got.name });
        toast(t("profile.renamed"));
      } catch (err) { toast(errorText(err), "error"); return; }
      changed();
    },
  }, name, el("button", { type: "submit", class: "ghost", text: t("profile.rename") })));
  card.append(el("div", { class: "profile-actions" },
    el("button", { type: "button", id: "profile-export", text: t("profile.export"), onclick: () => exportFile(mine) }),
    el("button", {
      type: "button", class: "ghost", id: "profile-copy", text: t("profile.copy_key"),
      onclick: async () => {
        try { await navigator.clipboard.writeText(mine.key); toast(t("profile.key_copied")); }
        catch { toast(mine.key); }
      },
    }),
    el("button", {
      type: "button", class: "ghost", id: "profile-forget", text: t("profile.forget"),
      onclick: () => {
        if (!confirm(t("profile.forget_confirm"))) return;
        forgetProfile();
        changed();
      },
    })));
  return card;
}

function importForm(changed) {
  const key = el("input", { type: "password", id: "profile-import-key", autocomplete: "off",
    "aria-label": t("profile.import_key"), placeholder: t("profile.import_key") });
  const file = el("input", { type: "file", id: "profile-import-file", accept: "application/json,.json",
    "aria-label": t("profile.import_file") });
  async function use(text) {
    const k = keyFrom(text);
    if (!k) { toast(t("profile.bad_file"), "error"); return; }
    try {
      const got = await importKey(k);
      toast(t("profile.imported", { name: got.name }));
    } catch (err) { toast(errorText(err), "error"); return; }
    changed();
  }
  file.addEventListener("change", async () => {
    const f = file.files?.[0];
    if (f) await use(f.size < 4096 ? await f.text() : "");
  });
  return el("details", { class: "profile-import" },
    el("summary", { text: t("profile.import") }),
    el("p", { class: "hint", text: t("profile.import_hint") }),
    el("form", { class: "field", onsubmit: (ev) => { ev.preventDefault(); use(key.value); } },
      key, el("button", { type: "submit", id: "profile-import", text: t("profile.import_button") })),
    el("label", { class: "field" }, el("span", { text: t("profile.import_file") }), file));
}

function statsTable(caption, lines, label) {
  const rows = Object.entries(lines);
  if (!rows.length) return null;
  return el("table", { class: "stats-table" },
    el("caption", { text: caption }),
    el("thead", {}, el("tr", {},
      el("th", { scope: "col" }), el("th", { scope: "col", text: t("profile.col.games") }),
      el("th", { scope: "col", text: t("profile.col.wins") }), el("th", { scope: "col", text: t("profile.col.mean") }))),
    el("tbody", {}, ...rows.map(([k, v]) => el("tr", {},
      el("th", { scope: "row", text: label(k) }), el("td", { text: num(v.games) }),
      el("td", { text: num(v.wins) }), el("td", { text: v.mean_score === null ? "–" : num(v.mean_score) })))));
}

function ratingText(r) {
  return t("profile.rating_line", { ordinal: num(r.ordinal.toFixed(1)), mu: num(r.mu.toFixed(1)), sigma: num(r.sigma.toFixed(1)) });
}

function moduleName(key) {
  const k = `profile.module.${key}`;
  return k in app.words ? t(k) : key;
}

export async function showProfile(root, id) {
  let data = null;
  let failure = null;
  function render() {
    if (failure) {
      root.replaceChildren(el("section", { class: "card notice" }, el("p", { text: errorText(failure) }),
        el("a", { href: "/leaderboard", class: "button", text: t("nav.leaderboard") })));
      return;
    }
    const s = data.stats;
    const mine = myProfile()?.id === data.id;
    root.replaceChildren(el("div", { class: "profile-page", id: "profile-page" },
      el("section", { class: "card" },
        el("h1", { text: t("profile.page_title", { name: data.name }) + (mine ? ` ${t("leaderboard.you")}` : "") }),
        el("h2", { text: t("profile.rating") }),
        data.rating
          ? el("p", { class: "rating", id: "profile-rating" }, el("strong", { text: ratingText(data.rating) }), " · ",
            t("profile.rated_games", { n: data.rating.games }),
            data.rating.provisional ? el("span", { class: "provisional", id: "profile-provisional", title: t("profile.provisional_note") },
              " · ", t("profile.provisional")) : null)
          : el("p", { class: "hint", id: "profile-rating", text: t("profile.no_rating") }),
        s.games
          ? el("p", { id: "profile-totals" }, [t("profile.games", { n: s.games }), t("profile.wins", { n: s.wins }),
            t("profile.mean_line", { n: num(s.mean_score) })].join(" · "))
          : el("p", { class: "hint", text: t("profile.no_games") }),
        statsTable(t("profile.by_players"), s.by_players, (k) => t("profile.players", { n: Number(k) })),
        statsTable(t("profile.by_variant"), s.by_variant, (k) => t(`profile.variant.${k}`)),
        statsTable(t("profile.by_module"), s.by_module, moduleName),
        el("p", { class: "hint", text: t("profile.counts_note") }),
        el("p", {}, el("a", { href: "/leaderboard", text: t("nav.leaderboard") })),
        app.account && app.account.profile.id !== data.id
          ? el("button", { type: "button", class: "ghost small", id: "profile-report", text: t("profile.report"), onclick: reportPlayer })
          : null)));
  }
  // fair play (docs/api.md, "Fair play"): a signed-in player reports another, e.g. for boosting
  async function reportPlayer() {
    const note = prompt(t("profile.report_prompt", { name: data.name }));
    if (note === null || !note.trim()) return;
    try {
      await api(`/api/profiles/${encodeURIComponent(data.id)}/report`, { method: "POST", body: { note } });
      toast(t("profile.reported"));
    } catch (err) { toast(errorText(err), "error"); }
  }
  try {
    data = await api(`/api/profiles/${encodeURIComponent(id)}`);
  } catch (err) { failure = err; }
  render();
  app.onSettings.push(render);
  return { leave() { app.onSettings.splice(app.onSettings.indexOf(render), 1); } };
}

// -- the lobby's new-game form ------------------------------------------------------------------
// A game made by invitation is never rated (issue 29): the form says where rated games are.
export function ratedField() {
  if (!myProfile() && !app.account) return null;
  return el("p", { class: "hint", id: "rated-note", text: t("find.invitation_unrated") });
}

// The profile field of a new game's request: the key (an account's profile needs none).
export function ratedBody() {
  if (app.account) return {};
  const mine = myProfile();
  return mine ? { profile: mine.key } : {};
}
