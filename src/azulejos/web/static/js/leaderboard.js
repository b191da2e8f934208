// The leaderboard page: rated profiles, best displayed rating (μ − 3σ) first, by pool (all
// games, a player count, a wall side, or both), a page at a time.
import { api, app, el, errorText, myProfile, num, t } from "./core.js";

export async function showLeaderboard(root) {
  const q = new URLSearchParams(location.search);
  const state = { players: q.get("players") || "", variant: q.get("variant") || "", page: Number(q.get("page")) || 1 };
  let data = null;
  let failure = null;

  async function load() {
    const params = new URLSearchParams();
    if (state.players) params.set("players", state.players);
    if (state.variant) params.set("variant", state.variant);
    if (state.page > 1) params.set("page", String(state.page));
    const query = params.toString();
    history.replaceState(null, "", `/leaderboard${query ? `?${query}` : ""}`);
    try {
      data = await api(`/api/leaderboard${query ? `?${query}` : ""}`);
      failure = null;
    } catch (err) { failure = err; }
    render();
  }

  function filters() {
    const players = el("select", { id: "lb-players", "aria-label": t("leaderboard.players") },
      new Option(t("leaderboard.any_players"), ""),
      ...["2", "3", "4"].map((n) => new Option(t("profile.players", { n: Number(n) }), n)));
    players.value = state.players;
    const variant = el("select", { id: "lb-variant", "aria-label": t("leaderboard.variant") },
      new Option(t("leaderboard.any_variant"), ""),
      new Option(t("profile.variant.coloured"), "coloured"), new Option(t("profile.variant.grey"), "grey"));
    variant.value = state.variant;
    const change = () => { state.players = players.value; state.variant = variant.value; state.page = 1; load(); };
    players.addEventListener("change", change);
    variant.addEventListener("change", change);
    return el("div", { class: "lb-filters" },
      el("label", { class: "field" }, el("span", { text: t("leaderboard.players") }), players),
      el("label", { class: "field" }, el("span", { text: t("leaderboard.variant") }), variant));
  }

  function table() {
    if (failure) return el("p", { class: "hint", text: errorText(failure) });
    if (!data || !data.entries.length) return el("p", { class: "hint", id: "lb-empty", text: t("leaderboard.empty") });
    const me = myProfile()?.id;
    return el("table", { class: "stats-table leaderboard", id: "leaderboard" },
      el("thead", {}, el("tr", {},
        el("th", { scope: "col", text: t("leaderboard.col.place") }),
        el("th", { scope: "col", text: t("leaderboard.col.name") }),
        el("th", { scope: "col", text: t("leaderboard.col.rating") }),
        el("th", { scope: "col", text: t("leaderboard.col.games") }))),
      el("tbody", {}, ...data.entries.map((e) => el("tr", { class: e.id === me ? "me" : "", "data-profile": e.id },
        el("td", { text: num(e.place) }),
        el("td", {}, el("a", { href: `/profile/${encodeURIComponent(e.id)}`, text: e.name }),
          e.id === me ? ` ${t("leaderboard.you")}` : ""),
        el("td", { class: "num", title: `μ ${num(e.mu.toFixed(2))}, σ ${num(e.sigma.toFixed(2))}`, text: num(e.ordinal.toFixed(1)) }),
        el("td", { class: "num", text: num(e.games) })))));
  }

  function pager() {
    if (!data || data.total <= data.per_page) return null;
    const last = Math.ceil(data.total / data.per_page);
    return el("div", { class: "pager" },
      el("button", { type: "button", class: "ghost", disabled: state.page <= 1, text: t("leaderboard.prev"),
        onclick: () => { state.page -= 1; load(); } }),
      el("span", { text: t("leaderboard.page", { n: state.page }) }),
      el("button", { type: "button", class: "ghost", disabled: state.page >= last, text: t("leaderboard.next"),
        onclick: () => { state.page += 1; load(); } }));
  }

  function render() {
    root.replaceChildren(el("section", { class: "card leaderboard-page" },
      el("h1", { text: t("leaderboard.title") }),
      filters(), table(), pager(),
      el("p", { class: "hint", text: t("leaderboard.note") })));
  }

  app.onSettings.push(render);
  await load();
  return { leave() { app.onSettings.splice(app.onSettings.indexOf(render), 1); } };
}
