// The lobby: create a game (seats, wall side, bots, hot-seat), invitation links, my games.
import {
  seatName,
  api, app, botName, claimSeat, el, errorText, forgetGame, inviteLink, invitesFor, linkFor, myGames,
  rememberGame, saveInvites, t, toast, tt,
} from "./core.js";
import { clockLeft, clockWords, dateTime, notifyButton, notifyTurn, turnTitle } from "./core.js";
import { ensureDefs, svg, tile } from "./tiles.js";
import { profileCard, ratedBody, ratedField } from "./profile.js";
import { accountCard, accountGamesElsewhere, openAccountGame } from "./account.js";
import { applySettings } from "./core.js";
import { findGameCard } from "./findgame.js";

// The opponents of a "My games" line who are on vacation now (docs/api.md, "Vacation"):
// " · Bo is on vacation until <date>", or "" (a finished game: nothing).
function awayWords(sm) {
  if (!sm?.vacations?.length || sm.phase === "over" || sm.expired) return "";
  return sm.vacations.filter((v) => !sm.seats.includes(v.seat))
    .map((v) => ` · ${t("lobby.state.vacation", { name: shownName(sm.names[v.seat] ?? ""), date: dateTime(v.until) })}`)
    .join("");
}

// A name of "My games" as the page's language says it: the summaries carry the seats' names
// only, so a default name ("medium bot", "easy bot 2", "Player 1") is recognised by its words.
function shownName(name) {
  const bot = /^(\w+) bot(?: (\d))?$/i.exec(name);
  if (bot && `name.bot.${bot[1].toLowerCase()}` in app.words) {
    return `${botName(bot[1].toLowerCase())}${bot[2] ? ` ${bot[2]}` : ""}`;
  }
  const player = /^Player (\d{1,2})$/.exec(name);
  return player ? t("name.player", { n: player[1] }) : name;
}

export async function showLobby(root) {
  ensureDefs();
  const page = { leave() {
    app.onSettings.splice(app.onSettings.indexOf(render), 1);
    clearInterval(refresher);
    findGame.stop();
    turnTitle(false);
  } };
  const findGame = findGameCard();  // public games and quick match (kept across redraws)
  const form = { players: 2, variant: "coloured", hotseat: false, standIn: "medium", specialFactories: false, seats: [],
    clock: defaultClock() };
  let created = null;
  for (let i = 0; i < 4; i++) form.seats.push({ kind: "person", name: "", level: "" });

  // The bot levels a person picks from, by their names in the page's language (easy ... expert,
  // random). The server also takes the research bots' names (greedy, mcts, ...: docs/api.md);
  // those are for the API and the command line, not for the lobby.
  function lobbyLevels() {
    return app.meta.bot_levels.filter((lv) => `name.bot.${lv}` in app.words);
  }

  function seatRow(i) {
    const seat = form.seats[i];
    const kind = el("select", { class: "seat-kind", "data-seat": i, "aria-label": t("lobby.seat", { n: i + 1 }) },
      new Option(t("lobby.kind.person"), "person"),
      ...lobbyLevels().map((lv) => new Option(botName(lv), `bot:${lv}`)));
    kind.value = seat.kind === "bot" ? `bot:${seat.level}` : "person";
    kind.addEventListener("change", () => {
      const [k, lv] = kind.value.split(":");
      seat.kind = k;
      seat.level = lv || "";
    });
    const name = el("input", {
      class: "seat-name", type: "text", maxlength: 40, value: seat.name, "data-seat": i,
      placeholder: t("lobby.seat", { n: i + 1 }), "aria-label": t("lobby.name"),
    });
    name.addEventListener("input", () => { seat.name = name.value; });
    return el("div", { class: "seat-row" }, el("span", { class: "seat-no", text: String(i + 1) }), name, kind);
  }

  async function create(ev) {
    ev.preventDefault();
    const body = {
      players: form.players,
      variant: form.variant,
      hotseat: form.hotseat,
      stand_in: form.standIn,
      special_factories: form.specialFactories,
      clock: clockBody(form.clock),
      seats: form.seats.slice(0, form.players).map((s) =>
        s.kind === "bot" ? { kind: "bot", level: s.level, name: s.name || undefined } : { kind: "person", name: s.name || undefined }),
      ...ratedBody(),  // the profile key (a game by invitation is never rated)
    };
    try {
      created = await api("/api/games", { method: "POST", body });
    } catch (err) {
      toast(errorText(err), "error");
      return;
    }
    // The invitations and the creator's key stay on this device (never other players' tokens:
    // each link's seat gets its token when its player opens it).
    saveInvites(created);
    if (created.hotseat_token) {
      rememberGame({ game: created.game, token: created.hotseat_token, role: "hotseat" });
    } else {
      rememberGame({ game: created.game, token: created.spectator_token, role: "spectator" });
    }
    render();
  }

  async function playHere(seat) {
    try {
      await claimSeat(created.game, seat.invite);
    } catch (err) {
      toast(errorText(err), "error");
      return;
    }
    app.navigate(`/play/${created.game}`);
  }

  function linkRow(label, url, cls, openable = true) {
    const input = el("input", { type: "text", readonly: true, value: url, class: "link-input" });
    input.addEventListener("focus", () => input.select());
    return el("div", { class: `link-row ${cls || ""}` },
      el("span", { class: "link-label", text: label }), input,
      el("button", {
        type: "button", class: "ghost", text: t("lobby.copy"),
        onclick: async (e) => {
          try { await navigator.clipboard.writeText(url); } catch { input.select(); }
          e.target.textContent = t("lobby.copied");
        },
      }),
      openable ? el("a", { class: "button ghost", href: url.replace(location.origin, ""), target: "_self", text: t("lobby.open") }) : null);
  }

  function createdCard() {
    const rows = [];
    if (created.hotseat_token) rows.push(linkRow(t("lobby.link.hotseat"), linkFor(created.game, created.hotseat_token), "hot"));
    // Opening a seat's link here would take that seat: no "open" button on those.
    for (const s of created.seats) {
      if (s.invite) rows.push(linkRow(t("lobby.link.seat", { name: seatName(s, s.seat ?? 0) }), inviteLink(created.game, s.invite), "seat", false));
    }
    rows.push(linkRow(t("lobby.link.spectator"), linkFor(created.game, created.spectator_token), "spectator"));
    const first = created.seats.find((s) => s.invite);
    let enter;
    if (created.hotseat_token || !first) {
      const tok = created.hotseat_token || created.spectator_token;
      enter = el("a", { class: "button primary", id: "enter-game", href: `/play/${created.game}#${tok}`, text: t("lobby.open") });
    } else {
      enter = el("button", { type: "button", class: "primary", id: "enter-game",
        text: t("lobby.play_here", { n: first.seat + 1 }), onclick: () => playHere(first) });
    }
    return el("section", { class: "card created" },
      el("h2", { text: t("lobby.created") }),
      el("p", { class: "hint", text: created.hotseat_token ? t("lobby.invite_hotseat") : t("lobby.invite") }),
      ...rows,
      el("p", {}, enter));
  }

  function newGameCard() {
    const players = el("div", { class: "segmented", role: "radiogroup", "aria-label": t("lobby.players") },
      ...[2, 3, 4].map((n) => el("button", {
        type: "button", class: form.players === n ? "on" : "", "data-players": n, text: String(n),
        "aria-pressed": String(form.players === n),
        onclick: () => { form.players = n; render(); },
      })));
    const variant = el("select", { id: "variant" },
      new Option(t("lobby.wall.coloured"), "coloured"), new Option(t("lobby.wall.grey"), "grey"));
    variant.value = form.variant;
    variant.addEventListener("change", () => { form.variant = variant.value; });
    const standIn = el("select", { id: "stand-in" },
      ...lobbyLevels().filter((lv) => lv !== "random").map((lv) => new Option(botName(lv), lv)));
    standIn.value = form.standIn;
    standIn.addEventListener("change", () => { form.standIn = standIn.value; });
    // The Master Chocolatier special displays (R40-R47): one checkbox and one line on what they do.
    const sf = el("input", { type: "checkbox", id: "special-factories", checked: form.specialFactories,
      "aria-describedby": "special-factories-note" });
    sf.addEventListener("change", () => { form.specialFactories = sf.checked; });
    const hot = el("input", { type: "checkbox", id: "hotseat", checked: form.hotseat });
    hot.addEventListener("change", () => { form.hotseat = hot.checked; });
    const demo = svg(5 * 30, 30, { class: "demo-tiles", "aria-hidden": "true" },
      ..."BYRKW".split("").map((k, i) => tile(k, i * 30 + 2, 2, 26)));
    return el("form", { class: "card new-game", onsubmit: create },
      el("h2", {}, t("lobby.new"), demo),
      el("div", { class: "field" }, el("label", { text: t("lobby.players") }), players),
      el("div", { class: "field" }, el("label", { for: "variant", text: t("lobby.wall") }), variant),
      el("div", { class: "seats" }, ...form.seats.slice(0, form.players).map((_, i) => seatRow(i))),
      el("p", { class: "hint", text: t("lobby.bot_note") }),
      el("div", { class: "field" }, el("label", { for: "stand-in", text: t("lobby.stand_in") }), standIn),
      el("div", { class: "module" },
        el("label", { class: "check" }, sf, tt("lobby.special_factories")),
        el("p", { class: "hint", id: "special-factories-note", text: tt("lobby.special_factories_note") })),
      el("label", { class: "check" }, hot, t("lobby.hotseat")),
      clockField(),
      ratedField(),
      el("button", { type: "submit", class: "primary", id: "create", text: t("lobby.create") }));
  }

  // -- the clock of a new game (docs/api.md, "Clocks") --
  function defaultClock() {
    const d = app.meta.clock_default;
    return d ? `${d.kind}:${d.seconds}` : "none";
  }

  function clockBody(value) {
    if (value.includes("+")) return value;  // a bank or an increment: the text form
    const [kind, seconds] = value.split(":");
    return kind === "none" ? { kind: "none" } : { kind, seconds: Number(seconds) };
  }

  function clockField() {
    const perMove = [[86400, "lobby.clock.move_days", 1], [43200, "lobby.clock.move_hours", 12],
      [3600, "lobby.clock.move_hours", 1], [300, "lobby.clock.move_minutes", 5], [60, "lobby.clock.move_minutes", 1]];
    const perGame = [[600, 10], [1800, 30]];
    const sel = el("select", { id: "clock" },
      new Option(t("lobby.clock.none"), "none"),
      el("optgroup", { label: t("lobby.clock.per_move") },
        ...perMove.map(([s, key, n]) => new Option(t(key, { n }), `move:${s}`)),
        new Option(t("lobby.clock.day_bank", { n: 3 }), "move:1d+bank:3d")),
      el("optgroup", { label: t("lobby.clock.per_game") },
        ...perGame.map(([s, n]) => new Option(t("lobby.clock.game_minutes", { n }), `game:${s}`)),
        new Option(t("lobby.clock.game_increment", { n: 5 }), "game:10m+5s")));
    if (![...sel.options].some((o) => o.value === form.clock)) {
      const [kind, secs] = form.clock.split(":");  // the server's own default (serve --turn-seconds)
      const n = Math.max(1, Math.round(Number(secs) / 60));
      sel.append(new Option(t(kind === "game" ? "lobby.clock.game_minutes" : "lobby.clock.move_minutes", { n }), form.clock));
    }
    sel.value = form.clock;
    sel.addEventListener("change", () => { form.clock = sel.value; });
    return el("div", { class: "field clock-field" },
      el("label", { for: "clock", text: t("lobby.clock") }), sel,
      el("p", { class: "hint", text: t("lobby.clock_note") }));
  }

  // -- my games: your turn first (with the time left), then the others, then finished ones --
  async function gamesCard() {
    const list = myGames();
    let sums = [];
    let order = null;
    if (list.length) {
      try {
        const got = await api("/api/my-games", { method: "POST", body: { tokens: list.map((g) => g.token) } });
        sums = got.games;
        order = got.order;
      } catch { sums = list.map(() => undefined); }
    }
    // signed in: the account's games this browser holds no working seat token for
    const here = new Set(list.filter((g, i) => g.role !== "spectator" && sums[i] !== null).map((g) => g.game));
    const elsewhere = await accountGamesElsewhere(here);
    const card = el("section", { class: "card my-games", id: "my-games" },
      el("h2", {}, t("lobby.my_games"), " ", notifyButton()));
    if (!list.length && !elsewhere.length) {
      turnTitle(false);
      card.append(el("p", { class: "hint", text: t("lobby.no_games") }));
      return card;
    }
    const received = Date.now();
    const ul = el("ul", { class: "games" });
    const shown = order ?? list.map((_, i) => i);
    let yourTurn = false;
    const turnsNow = new Set();
    shown.forEach((i) => {
      const g = list[i];
      const sm = sums[i];
      if (!g || sm === null) return; // the server does not know this token any more
      let status = "";
      const mine = Boolean(sm?.to_move && sm.phase !== "over");
      if (sm) {
        const createdHere = sm.role === "spectator" && invitesFor(g.game) !== null;
        if (sm.expired) status = t("lobby.state.expired");
        else if (sm.phase === "over") status = t("lobby.state.over");
        else if (createdHere) status = t(sm.unclaimed?.length ? "lobby.state.host_waiting" : "lobby.state.host");
        else if (sm.role === "spectator") status = t("lobby.state.spectating");
        else if (sm.left?.length && !sm.seats.length) {
          status = t(sm.left_reasons?.every((r) => r === "timeout") ? "lobby.state.timed_out" : "lobby.state.left");
        }
        else if (sm.to_move) status = t("lobby.state.your_turn");
        else status = t("lobby.state.waiting", { name: sm.names[sm.current] ?? "" });
        const left = mine ? clockLeft(sm.clock, sm.current, received) : null;
        if (left !== null) status += ` · ${clockWords(left)}`;
        status += awayWords(sm);
      }
      yourTurn ||= mine;
      if (mine) {
        if (turnsSeen !== null && !turnsSeen.has(g.game)) notifyTurn(g.game);  // became your turn
        turnsNow.add(g.game);
      }
      const names = sm ? sm.names.map((n, s) => `${shownName(n)}${sm.phase === "over" ? ` ${sm.scores[s]}` : ""}`).join(" · ") : g.game;
      ul.append(el("li", { class: mine ? "your-turn" : sm?.phase === "over" || sm?.expired ? "over" : "", "data-game": g.game },
        mine ? el("span", { class: "turn-dot", "aria-hidden": "true", text: "●" }) : null,
        el("a", { href: `/play/${g.game}#${g.token}`, class: "game-link" },
          el("strong", { text: names }),
          el("span", { class: "meta", text: sm ? `${t("lobby.round", { n: sm.round })} · ${status}` : "" })),
        el("button", {
          type: "button", class: "ghost small", title: t("lobby.remove"), "aria-label": t("lobby.remove"), text: "✕",
          onclick: () => { forgetGame(g.token); render(); },
        })));
    });
    // the account's games opened on another device: opening one here gets this device a token
    for (const sm of elsewhere) {
      const names = sm.names.map((n, s) => `${shownName(n)}${sm.phase === "over" ? ` ${sm.scores[s]}` : ""}`).join(" · ");
      const mine = Boolean(sm.to_move && sm.phase !== "over");
      yourTurn ||= mine;
      ul.append(el("li", { class: `elsewhere${mine ? " your-turn" : ""}`, "data-game": sm.game },
        mine ? el("span", { class: "turn-dot", "aria-hidden": "true", text: "●" }) : null,
        el("a", { href: `/play/${sm.game}`, class: "game-link account-game",
          onclick: (ev) => { ev.preventDefault(); ev.stopPropagation(); openAccountGame(sm.game); } },
          el("strong", { text: names }),
          el("span", { class: "meta", text: `${t("lobby.round", { n: sm.round })} · ${mine ? t("lobby.state.your_turn") : t("account.elsewhere")}${awayWords(sm)}` }))));
    }
    turnTitle(yourTurn);
    turnsSeen = turnsNow;
    card.append(ul);
    return card;
  }

  let turnsSeen = null;  // the games where it was your turn at the last reading (null: none yet)
  // "My games" is read again every 30 s while the lobby is open (turns of games lasting days).
  async function refreshGames() {
    const old = root.querySelector("#my-games");
    if (!old) return;
    const fresh = await gamesCard();
    if (old.isConnected) old.replaceWith(fresh);
  }
  const refresher = setInterval(refreshGames, 30000);

  async function render() {
    const games = await gamesCard();
    findGame.redraw();
    root.replaceChildren(el("div", { class: "lobby" },
      el("section", { class: "hero" }, el("h1", { text: t("app.title") }), el("p", { text: t("app.tagline") })),
      findGame.element,
      el("div", { class: "lobby-grid" }, created ? createdCard() : newGameCard(), games),
      accountCard(render, applySettings),
      app.account ? null : profileCard(render)));  // an account has its own profile
  }

  app.onSettings.push(render);
  await render();
  return page;
}
