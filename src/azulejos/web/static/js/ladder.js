// The ladder page (docs/api.md, "Ladder"): a two-player pool's rungs, top first; join or leave;
// challenge an account at most `reach` rungs above; accept, decline or withdraw a challenge, and
// play its game with this device's own seat token.
import { api, app, dateTime, el, errorText, num, rememberGame, t, toast } from "./core.js";

const POOLS = ["2-coloured", "2-grey"];

export async function showLadder(root, pool) {
  if (!POOLS.includes(pool)) pool = POOLS[0];
  const path = `/api/ladder/${pool}`;
  let data = null;
  let mine = null;
  let failure = null;

  async function load() {
    try {
      data = await api(path);
      mine = data.you?.challenge ? await api(`${path}/challenges/${data.you.challenge}`) : null;
      failure = null;
    } catch (err) { failure = err; }
    render();
  }

  async function act(url, body = {}) {
    try { await api(url, { method: "POST", body }); } catch (err) { toast(errorText(err)); }
    await load();
  }

  function challengeLine() {
    if (!mine) return null;
    const name = (side) => side?.name ?? "?";
    const box = el("p", { id: "ladder-challenge", class: "card" });
    const cpath = `${path}/challenges/${mine.id}`;
    if (mine.status === "playing") {
      box.append(t("ladder.playing", { first: name(mine.challenger), second: name(mine.challenged) }));
      if (mine.you?.token) {
        box.append(" ", el("button", { type: "button", class: "small", id: "ladder-play", text: t("ladder.play"), onclick: () => {
          rememberGame({ game: mine.game, token: mine.you.token, role: "seat", seat: mine.you.seat });
          app.navigate(`/play/${encodeURIComponent(mine.game)}#${mine.you.token}`);
        } }));
      }
    } else if (mine.you?.seat === 1) {
      box.append(t("ladder.challenged_you", { name: name(mine.challenger) }), " ",
        el("button", { type: "button", class: "small", id: "ladder-accept", text: t("ladder.accept"), onclick: () => act(`${cpath}/accept`) }), " ",
        el("button", { type: "button", class: "small ghost", text: t("ladder.decline"), onclick: () => act(`${cpath}/decline`) }));
    } else {
      box.append(t("ladder.you_challenged", { name: name(mine.challenged) }), " ",
        el("button", { type: "button", class: "small ghost", text: t("ladder.withdraw"), onclick: () => act(`${cpath}/decline`) }));
    }
    if (mine.status === "open" && mine.expires) {
      box.append(" ", el("span", { class: "hint", text: t("ladder.expires", { date: dateTime(mine.expires) }) }));
    }
    return box;
  }

  // the challenger's latest challenge expired unanswered: said until it challenges again
  function expiredLine() {
    const gone = data.you?.expired;
    if (!gone || data.you.challenge) return null;
    return el("p", { class: "hint", id: "ladder-expired", role: "status",
      text: t("ladder.expired", { name: gone.challenged?.name ?? "?", n: data.challenge_days }) });
  }

  function table() {
    if (!data.rungs.length) return el("p", { class: "hint", text: t("ladder.empty") });
    const me = data.you?.rank ?? null;
    const free = me !== null && !data.you.challenge;
    return el("table", { class: "stats-table", id: "ladder" },
      el("thead", {}, el("tr", {},
        el("th", { scope: "col", text: t("ladder.col.rank") }),
        el("th", { scope: "col", text: t("ladder.col.player") }),
        el("th", { scope: "col", text: t("ladder.col.record") }),
        el("th", { scope: "col" }))),
      el("tbody", {}, ...data.rungs.map((r) => el("tr", { class: r.rank === me ? "me" : "", "data-profile": r.profile },
        el("td", { class: "num", text: num(r.rank) }),
        el("td", {}, el("a", { href: `/profile/${encodeURIComponent(r.profile)}`, text: r.name })),
        el("td", { class: "num", text: `${num(r.wins)} – ${num(r.losses)}` }),
        el("td", {}, free && r.rank < me && me - r.rank <= data.reach
          ? el("button", { type: "button", class: "small", text: t("ladder.challenge"),
            onclick: () => act(`${path}/challenge`, { profile: r.profile }) })
          : "")))));
  }

  function render() {
    if (!data && !failure) return;  // (a settings change before the first answer)
    const pools = el("p", { class: "ladder-pools" }, ...POOLS.map((p) => el("a", { class: p === pool ? "button small" : "button ghost small", href: `/ladder/${p}`, text: t(`ladder.title.${p}`) })));
    const body = failure ? [el("p", { class: "hint", text: errorText(failure) })] : [
      el("p", { class: "hint", text: t("ladder.note", { n: data.reach }) }),
      data.you === null ? el("p", { class: "hint", text: t("ladder.sign_in") })
        : data.you.rank === null
          ? el("button", { type: "button", id: "ladder-join", text: t("ladder.join"), onclick: () => act(`${path}/join`) })
          : el("button", { type: "button", class: "ghost", id: "ladder-leave", text: t("ladder.leave"), onclick: () => act(`${path}/leave`) }),
      challengeLine(), expiredLine(), table()].filter(Boolean);
    root.replaceChildren(el("section", { class: "card" }, el("h1", { text: t(`ladder.title.${pool}`) }), pools, ...body));
  }

  app.onSettings.push(render);  // a new language: the page in its words
  await load();
  return { leave() { app.onSettings.splice(app.onSettings.indexOf(render), 1); } };
}
