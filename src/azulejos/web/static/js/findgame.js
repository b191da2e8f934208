// Finding a game (docs/api.md, "Lobby", "Quick match"): the settings of a public game, opening
// one for anyone to join, quick match with its waiting state, the open games with their join
// buttons, and the public games being played, to watch. The lists are read again every few
// seconds while the lobby is open; a quick match asks how it stands every two seconds.
import { api, app, el, errorText, rememberGame, t, toast } from "./core.js";

const CLOCKS = [
  ["none", () => t("lobby.clock.none")],
  ["move:1d", () => t("lobby.clock.move_days", { n: 1 })],
  ["move:1h", () => t("lobby.clock.move_hours", { n: 1 })],
  ["move:5m", () => t("lobby.clock.move_minutes", { n: 5 })],
  ["game:10m", () => t("lobby.clock.game_minutes", { n: 10 })],
  ["game:30m", () => t("lobby.clock.game_minutes", { n: 30 })],
];

function clockName(text) {
  const known = CLOCKS.find(([v]) => v === (text ?? "none"));
  return known ? known[1]() : text;
}

// "2 players · coloured wall · special displays · 1 day per move · rated"
function summary(g) {
  return [t("find.players", { n: g.players }), t(`lobby.wall.${g.variant}`),
    g.special_factories ? t("find.specials") : null, clockName(g.clock),
    t(g.rated ? "find.rated_tag" : "find.unrated_tag")].filter(Boolean).join(" · ");
}

// Into the game with this device's own seat token.
function enter(game, seat, token) {
  rememberGame({ game, token, role: "seat", seat });
  app.navigate(`/play/${encodeURIComponent(game)}#${token}`);
}

// The card; it keeps itself up to date until ``stop()``.
export function findGameCard() {
  const form = { players: 2, variant: "coloured", specialFactories: false, clock: "move:1d", rated: true };
  let seeking = null;     // the waiting quick-match request
  let waitingIn = new Set();  // the open games this account sits in (entered once they start)
  let timer = null;
  let lists = null;
  let stopped = false;
  const card = el("section", { class: "card find-game", id: "find-game" });
  // the settings stay as they are while the lists below are read again (an open drop-down
  // is not closed under the player's finger): drawn anew only when they change
  const head = el("div", { class: "find-settings" });
  const body = el("div", { class: "find-lists" });
  card.append(head, body);

  function settings() {
    return { players: form.players, variant: form.variant, special_factories: form.specialFactories,
      clock: form.clock, rated: form.rated };
  }

  function settingsFields() {
    const players = el("div", { class: "segmented", role: "radiogroup", "aria-label": t("lobby.players") },
      ...[2, 3, 4].map((n) => el("button", {
        type: "button", class: form.players === n ? "on" : "", "data-find-players": n, text: String(n),
        "aria-pressed": String(form.players === n),
        onclick: () => { form.players = n; drawForm(); },
      })));
    const variant = el("select", { id: "find-variant", "aria-label": t("lobby.wall") },
      new Option(t("lobby.wall.coloured"), "coloured"), new Option(t("lobby.wall.grey"), "grey"));
    variant.value = form.variant;
    variant.addEventListener("change", () => { form.variant = variant.value; });
    const clock = el("select", { id: "find-clock", "aria-label": t("lobby.clock") },
      ...CLOCKS.map(([v, name]) => new Option(name(), v)));
    clock.value = form.clock;
    clock.addEventListener("change", () => { form.clock = clock.value; });
    const sf = el("input", { type: "checkbox", id: "find-specials", checked: form.specialFactories });
    sf.addEventListener("change", () => { form.specialFactories = sf.checked; });
    const rated = el("input", { type: "checkbox", id: "find-rated", checked: form.rated });
    rated.addEventListener("change", () => { form.rated = rated.checked; });
    return [
      el("div", { class: "field" }, el("label", { text: t("lobby.players") }), players),
      el("div", { class: "field" }, el("label", { for: "find-variant", text: t("lobby.wall") }), variant),
      el("div", { class: "field" }, el("label", { for: "find-clock", text: t("lobby.clock") }), clock),
      el("label", { class: "check" }, sf, t("lobby.special_factories")),
      el("label", { class: "check" }, rated, t("find.rated")),
    ];
  }

  async function openGame() {
    try {
      const got = await api("/api/lobby", { method: "POST", body: settings() });
      waitingIn.add(got.id);
    } catch (err) { toast(errorText(err), "error"); }
    await refresh();
  }

  async function join(id) {
    try {
      const got = await api(`/api/lobby/${encodeURIComponent(id)}/join`, { method: "POST", body: {} });
      if (got.you?.token) return enter(got.game, got.you.seat, got.you.token);
      waitingIn.add(id);
    } catch (err) { toast(errorText(err), "error"); }
    await refresh();
  }

  async function leaveGame(id) {
    try {
      await api(`/api/lobby/${encodeURIComponent(id)}/leave`, { method: "POST", body: {} });
      waitingIn.delete(id);
    } catch (err) { toast(errorText(err), "error"); }
    await refresh();
  }

  async function quick() {
    try {
      seeking = await api("/api/quick-match", { method: "POST", body: settings() });
    } catch (err) { toast(errorText(err), "error"); return; }
    if (seeking.token) return enter(seeking.game, seeking.seat, seeking.token);
    draw();
  }

  async function cancel() {
    if (!seeking) return;
    try {
      await api(`/api/quick-match/${encodeURIComponent(seeking.ticket)}`, { method: "DELETE" });
      seeking = null;
      toast(t("find.cancelled"));
    } catch (err) {
      if (err.code === "already_matched") { toast(errorText(err)); return; }  // the next look enters
      toast(errorText(err), "error");
      seeking = null;
    }
    draw();
  }

  async function pollSeek() {
    if (!seeking) return;
    try {
      const got = await api(`/api/quick-match/${encodeURIComponent(seeking.ticket)}`);
      if (!seeking) return;
      seeking = got.status === "cancelled" ? null : got;
      if (got.token) return enter(got.game, got.seat, got.token);
    } catch { return; }
    draw();
  }

  function gameRow(g, live) {
    const me = app.account ? g.seats.find((s) => s.profile === app.account.profile.id) : null;
    const names = g.seats.map((s) => s.name).join(" · ");
    let action;
    if (live) {
      action = el("a", { class: "button ghost small watch", href: `/play/${g.game}#${g.spectator_token}`, text: t("find.watch") });
    } else if (me) {
      action = el("button", { type: "button", class: "ghost small leave-lobby", text: t("find.leave"), onclick: () => leaveGame(g.id) });
    } else {
      action = el("button", { type: "button", class: "primary small join-lobby", text: t("find.join"),
        disabled: !app.account, onclick: () => join(g.id) });
    }
    return el("li", { "data-lobby": g.id, class: me ? "mine" : "" },
      el("span", { class: "game-link" },
        el("strong", { text: names }),
        el("span", { class: "meta", text: live ? summary(g) : `${summary(g)} · ${t("find.free", { n: g.free })}` }),
        me && !live ? el("span", { class: "hint", text: t("find.you_wait") }) : null),
      action);
  }

  async function refresh() {
    if (stopped) return;
    let got;
    try { got = await api("/api/lobby"); } catch { return; }
    lists = got;
    // a game this account waited in has started: in, with a seat token of this device's own
    const open = new Set(got.open.map((g) => g.id));
    for (const id of [...waitingIn]) {
      if (open.has(id)) continue;  // (a list read before it opened may lack it: asked below)
      try {
        const mine = await api(`/api/lobby/${encodeURIComponent(id)}`);
        if (mine.you?.token) return enter(mine.game, mine.you.seat, mine.you.token);
        if (mine.status === "expired") toast(t("find.expired"));  // nobody came in time
        if (!mine.you || mine.status === "closed" || mine.status === "expired") waitingIn.delete(id);
      } catch { waitingIn.delete(id); }
    }
    if (app.account) {
      for (const g of got.open) if (g.seats.some((s) => s.profile === app.account.profile.id)) waitingIn.add(g.id);
    }
    draw();
  }

  function draw() {
    if (stopped) return;
    const signedIn = Boolean(app.account);
    const buttons = seeking
      ? el("div", { class: "quick-waiting", id: "quick-waiting", role: "status" },
        el("p", { text: t("find.waiting") }),
        seeking.band !== null ? el("p", { class: "hint", text: t("find.band", { band: seeking.band }) }) : null,
        el("button", { type: "button", class: "ghost", id: "quick-cancel", text: t("find.cancel"), onclick: cancel }))
      : el("p", { class: "find-buttons" },
        el("button", { type: "button", class: "primary", id: "quick-match", text: t("find.quick"), disabled: !signedIn, onclick: quick }),
        " ",
        el("button", { type: "button", id: "lobby-open", text: t("find.open"), disabled: !signedIn, onclick: openGame }));
    const openList = lists?.open?.length
      ? el("ul", { class: "games", id: "open-games" }, ...lists.open.map((g) => gameRow(g, false)))
      : el("p", { class: "hint", id: "open-games", text: t("find.no_open") });
    const liveList = lists?.live?.length
      ? el("ul", { class: "games", id: "live-games" }, ...lists.live.map((g) => gameRow(g, true)))
      : el("p", { class: "hint", id: "live-games", text: t("find.no_live") });
    const focused = body.contains(document.activeElement) ? document.activeElement.id : null;
    body.replaceChildren(buttons,
      el("h3", { text: t("find.open_games") }), openList,
      el("h3", { text: t("find.live") }), liveList);
    const again = focused && body.querySelector(`#${CSS.escape(focused)}`);
    if (again) again.focus();
  }

  // the title, the words for who is signed in, and the settings (their language, their values)
  function drawForm() {
    if (stopped) return;
    const focused = head.contains(document.activeElement) ? document.activeElement : null;
    const key = focused?.id || (focused?.dataset.findPlayers ? `[data-find-players="${focused.dataset.findPlayers}"]` : null);
    head.replaceChildren(
      el("h2", { text: t("find.title") }),
      el("p", { class: "hint", text: t(app.account ? "find.intro" : "find.sign_in") }),
      ...settingsFields());
    const again = key && head.querySelector(key.startsWith("[") ? key : `#${CSS.escape(key)}`);
    if (again) again.focus();
  }

  function tick() {
    if (seeking) pollSeek();
    else refresh();
  }

  drawForm();
  draw();
  refresh();
  timer = setInterval(tick, 2000);
  return {
    element: card,
    // the lobby was drawn anew (signed in or out, another language)
    redraw() { drawForm(); draw(); },
    stop() { stopped = true; clearInterval(timer); },
  };
}
