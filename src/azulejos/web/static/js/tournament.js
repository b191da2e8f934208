// Tournaments for people (docs/api.md, "Tournaments"): the list with a form to create one,
// and the page of one tournament (players, rounds with their games, standings; join, leave,
// add a bot, start). Every text goes in as textContent.
import { api, app, el, errorText, num, seatName, t, toast } from "./core.js";
import { openAccountGame } from "./account.js";

const POLL_MS = 5000;

function when(seconds) {
  return new Date(seconds * 1000).toLocaleString(document.documentElement.lang || undefined,
    { dateStyle: "medium", timeStyle: "short" });
}

function clockText(c) {
  if (!c) return t("tournament.clock.server");
  if (c.kind === "none") return t("lobby.clock.none");
  if (c.kind === "game") return t("lobby.clock.game_minutes", { n: Math.max(1, Math.round(c.seconds / 60)) });
  if (c.seconds >= 86400) return t("lobby.clock.move_days", { n: Math.round(c.seconds / 86400) });
  if (c.seconds >= 3600) return t("lobby.clock.move_hours", { n: Math.round(c.seconds / 3600) });
  return t("lobby.clock.move_minutes", { n: Math.max(1, Math.round(c.seconds / 60)) });
}

function facts(x) {
  return [t(`tournament.format.${x.format}`), t("tournament.players_a_game", { n: x.players }),
    t(`lobby.wall.${x.variant}`).split(" (")[0],
    ...(x.modules.includes("special_factories") ? [t("lobby.special_factories")] : []),
    clockText(x.clock)].join(" · ");
}

// names as the page's language lists them ("Ana, Bruno, Clara, Dmytro")
function listed(names) {
  return new Intl.ListFormat(document.documentElement.lang || undefined, { style: "narrow", type: "unit" }).format(names);
}

function statusLine(x) {
  if (x.status === "running") return t("tournament.status.running", { round: x.round, rounds: x.rounds });
  if (x.status === "finished") return t("tournament.status.finished");
  const start = x.starts_at ? t("tournament.starts", { time: when(x.starts_at) }) : t("tournament.starts_manual");
  return `${t("tournament.status.open")} ${start}`;
}

// -- the list --------------------------------------------------------------------------------
export async function showTournaments(root) {
  let data = null;
  let failure = null;

  async function load() {
    try { data = await api("/api/tournaments"); failure = null; } catch (err) { failure = err; }
    render();
  }

  function group(status) {
    const items = data?.[status] ?? [];
    return el("section", { class: "card", id: `tournaments-${status}` },
      el("h2", { text: t(`tournament.group.${status}`) }),
      items.length ? el("ul", { class: "tournament-list" }, ...items.map((x) => el("li", {},
        el("a", { href: `/tournaments/${encodeURIComponent(x.id)}`, text: x.name }), " — ",
        t("tournament.entrants", { n: x.entrant_count }), " · ", statusLine(x),
        el("div", { class: "hint", text: facts(x) }))))
        : el("p", { class: "hint", text: t("tournament.none") }));
  }

  function form() {
    if (!app.account) return el("section", { class: "card" }, el("p", { class: "hint", text: t("tournament.sign_in") }));
    const name = el("input", { id: "t-name", maxlength: "40", required: true });
    const format = el("select", { id: "t-format" },
      new Option(t("tournament.format.swiss"), "swiss"), new Option(t("tournament.format.round_robin"), "round_robin"));
    const rounds = el("input", { id: "t-rounds", type: "number", min: "1", max: "15", value: "3" });
    const players = el("select", { id: "t-players" },
      ...[2, 3, 4].map((n) => new Option(t("tournament.players_a_game", { n }), String(n))));
    const variant = el("select", { id: "t-variant" },
      new Option(t("lobby.wall.coloured"), "coloured"), new Option(t("lobby.wall.grey"), "grey"));
    const sf = el("input", { type: "checkbox", id: "t-sf" });
    const clock = el("select", { id: "t-clock" },
      new Option(t("tournament.clock.server"), ""),
      new Option(t("lobby.clock.move_days", { n: 1 }), "move:86400"),
      new Option(t("lobby.clock.move_hours", { n: 1 }), "move:3600"),
      new Option(t("lobby.clock.game_minutes", { n: 10 }), "game:600"),
      new Option(t("lobby.clock.game_minutes", { n: 30 }), "game:1800"));
    const start = el("input", { id: "t-start", type: "datetime-local" });
    const bots = el("input", { type: "checkbox", id: "t-bots" });
    const robin = format.options[1];
    const follow = () => {  // a round-robin is two players a game
      if (players.value !== "2" && format.value === "round_robin") format.value = "swiss";
      robin.disabled = players.value !== "2";
      rounds.disabled = format.value !== "swiss";
    };
    format.addEventListener("change", follow);
    players.addEventListener("change", follow);
    const submit = async (ev) => {
      ev.preventDefault();
      const body = { name: name.value, format: format.value, players: Number(players.value), variant: variant.value,
        special_factories: sf.checked, bots: bots.checked };
      if (format.value === "swiss") body.rounds = Number(rounds.value);
      if (clock.value) { const [kind, s] = clock.value.split(":"); body.clock = { kind, seconds: Number(s) }; }
      if (start.value) body.starts_at = new Date(start.value).getTime() / 1000;
      try {
        const made = await api("/api/tournaments", { method: "POST", body });
        toast(t("tournament.created"));
        app.navigate(`/tournaments/${encodeURIComponent(made.id)}`);
      } catch (err) { toast(errorText(err), "error"); }
    };
    const field = (id, label, input) => el("div", { class: "field" }, el("label", { for: id, text: label }), input);
    return el("section", { class: "card" }, el("h2", { text: t("tournament.create_title") }),
      el("form", { id: "t-form", onsubmit: submit },
        field("t-name", t("tournament.name"), name),
        field("t-format", t("tournament.format"), format),
        field("t-players", t("tournament.players"), players),
        el("p", { class: "hint", text: t("tournament.format_note") }),
        el("p", { class: "hint", text: t("tournament.tables_note") }),
        field("t-rounds", t("tournament.rounds"), rounds),
        field("t-variant", t("lobby.wall"), variant),
        el("label", { class: "check" }, sf, t("lobby.special_factories")),
        field("t-clock", t("lobby.clock"), clock),
        field("t-start", t("tournament.start_at"), start),
        el("label", { class: "check" }, bots, t("tournament.bots")),
        el("p", { class: "hint", text: t("tournament.rated_note") }),
        el("button", { type: "submit", id: "t-create", text: t("tournament.create") })));
  }

  function render() {
    root.replaceChildren(el("div", { class: "tournaments-page" },
      el("h1", { text: t("tournament.list_title") }),
      failure ? el("p", { class: "hint", text: errorText(failure) }) : null,
      form(), group("open"), group("running"), group("finished")));
  }

  app.onSettings.push(render);
  await load();
  return { leave() { app.onSettings.splice(app.onSettings.indexOf(render), 1); } };
}

// -- one tournament --------------------------------------------------------------------------
export async function showTournament(root, id) {
  let data = null;
  let failure = null;
  let timer = null;
  let gone = false;
  const path = `/api/tournaments/${encodeURIComponent(id)}`;

  async function load() {
    try { data = await api(path); failure = null; } catch (err) { failure = err; }
    if (gone) return;
    render();
    clearTimeout(timer);
    if (!gone && data && data.status !== "finished") timer = setTimeout(load, POLL_MS);
  }

  async function act(what, body = {}) {
    try { data = await api(`${path}/${what}`, { method: "POST", body }); render(); }
    catch (err) { toast(errorText(err), "error"); }
  }

  // an entry's name to show: a bot's default name in the page's language ("Easy bot")
  const entryOf = (entry) => data.entrants.find((e) => e.id === entry);
  const nameOf = (entry) => { const e = entryOf(entry); return e ? seatName(e, 0) : "?"; };
  const mine = (entry) => app.account && data.entrants.find((e) => e.id === entry)?.profile === app.account.profile.id;

  function actions() {
    if (!app.account || data.status !== "open") return null;
    const you = data.you ?? {};
    const out = [you.entered
      ? el("button", { type: "button", id: "t-leave", class: "ghost", text: t("tournament.leave"), onclick: () => act("leave") })
      : el("button", { type: "button", id: "t-join", text: t("tournament.join"), onclick: () => act("join") })];
    if (you.creator) {
      if (data.bots) {
        const level = el("select", { id: "t-bot-level", "aria-label": t("tournament.bot_level") },
          ...app.meta.bot_levels.map((lv) => new Option(lv, lv)));
        out.push(level, el("button", { type: "button", id: "t-add-bot", class: "ghost", text: t("tournament.add_bot"),
          onclick: () => act("bots", { level: level.value }) }));
      }
      out.push(el("button", { type: "button", id: "t-start", text: t("tournament.start"), onclick: () => act("start") }));
    }
    return el("div", { class: "field" }, ...out);
  }

  function players() {
    return el("section", { class: "card" }, el("h2", { text: t("tournament.players_title") }),
      el("ul", { id: "t-entrants" }, ...data.entrants.map((e) => el("li", { "data-kind": e.kind },
        e.profile ? el("a", { href: `/profile/${encodeURIComponent(e.profile)}`, text: e.name }) : nameOf(e.id),
        mine(e.id) ? ` ${t("tournament.you")}` : ""))));
  }

  function standings() {
    if (!data.pairings.length) return null;
    return el("section", { class: "card" }, el("h2", { text: t("tournament.standings") }),
      el("table", { class: "stats-table", id: "t-standings" },
        el("thead", {}, el("tr", {}, ...["place", "player", "points", "buchholz", "score", "games"].map(
          (c) => el("th", { scope: "col", text: t(`tournament.col.${c}`) })))),
        el("tbody", {}, ...data.standings.map((s) => el("tr", { "data-entrant": s.entrant, "data-kind": s.kind },
          el("td", { text: num(s.place) }),
          el("td", { text: nameOf(s.entrant) }),
          el("td", { class: "num", text: num(s.points) }),
          el("td", { class: "num", text: num(s.buchholz) }),
          el("td", { class: "num", text: num(s.score) }),
          el("td", { class: "num", text: num(s.games) }))))),
      el("p", { class: "hint", text: data.players > 2
        ? t("tournament.tiebreak_note_tables", { n: data.players - 1 }) : t("tournament.tiebreak_note") }));
  }

  // a table of 3 or 4: its players in seat order, and once over each one's place and points
  function table(b) {
    const line = el("li", { "data-game": b.game ?? "", "data-seats": String(b.seats.length) },
      `${t("tournament.board", { board: b.board })}: `, listed(b.seats.map(nameOf)), " — ",
      b.state === "over" ? t("tournament.state.over") : t(`tournament.state.${b.state}`));
    if (b.state === "over") {
      const order = b.seats.map((e, i) => i);
      if (b.places) order.sort((i, j) => b.places[i] - b.places[j] || i - j);
      line.append(el("ol", { class: "table-result" }, ...order.map((i) => el("li", { "data-place": b.places?.[i] ?? "",
        text: t(b.places ? "tournament.table_line" : "tournament.table_line_expired",
          { name: nameOf(b.seats[i]), place: num(b.places?.[i] ?? 0), points: num(b.points[i]), score: num(b.scores[i]) }) }))));
    }
    if (b.game && b.seats.some(mine) && b.state === "playing") {
      line.append(" ", el("button", { type: "button", class: "small", text: t("tournament.open_game"),
        onclick: () => openAccountGame(b.game) }));
    }
    return line;
  }

  function board(b) {
    if (b.bye) return el("li", { text: t("tournament.bye", { name: nameOf(b.seats[0]) }) });
    if (b.seats.length > 2 || data.players > 2) return table(b);
    const line = el("li", { "data-game": b.game ?? "" },
      `${t("tournament.board", { board: b.board })}: `,
      t("tournament.vs", { first: nameOf(b.seats[0]), second: nameOf(b.seats[1]) }), " — ",
      b.state === "over" ? t("tournament.result", { first: num(b.points[0]), second: num(b.points[1]) })
        : t(`tournament.state.${b.state}`));
    if (b.game && b.seats.some(mine) && b.state === "playing") {
      line.append(" ", el("button", { type: "button", class: "small", text: t("tournament.open_game"),
        onclick: () => openAccountGame(b.game) }));
    }
    return line;
  }

  function rounds() {
    return [...data.pairings].reverse().map((r) => el("section", { class: "card", "data-round": r.round },
      el("h2", { text: t("tournament.round_of", { round: r.round, rounds: data.rounds }) }),
      el("ul", {}, ...r.boards.map(board))));
  }

  function render() {
    if (failure && !data) {
      root.replaceChildren(el("section", { class: "card" }, el("p", { class: "hint", text: errorText(failure) })));
      return;
    }
    if (!data) return;
    root.replaceChildren(el("div", { class: "tournament-page", "data-status": data.status },
      el("h1", { text: t("tournament.title", { name: data.name }) }),
      el("p", { id: "t-status", text: statusLine(data) }),
      el("p", { class: "hint", text: facts(data) }),
      el("p", { class: "hint", text: t("tournament.rated_note") }),
      actions(), standings(), ...rounds(), players()));
  }

  app.onSettings.push(render);
  await load();
  return {
    leave() {
      gone = true;
      clearTimeout(timer);
      app.onSettings.splice(app.onSettings.indexOf(render), 1);
    },
  };
}
