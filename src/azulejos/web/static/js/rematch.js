// Rematch after a finished public game (docs/api.md, "Rematch"): offer, accept, decline; once
// every seat took it the server makes the new game and this page goes there with a seat token
// of its own. The page is told over the websocket ("rematch") and also asks every few seconds.
import { api, app, el, errorText, rememberGame, seatName, t, toast } from "./core.js";

export function rematchPanel(gameId, token, redraw) {
  let state = null;       // the offer as the server answered it (null: not asked yet)
  let timer = null;
  let done = false;       // no rematch here (not a public game), or gone to the new game

  function go(s) {
    if (done) return;
    done = true;
    clearInterval(timer);
    rememberGame({ game: s.game, token: s.token, role: "seat", seat: s.seat });
    app.navigate(`/play/${encodeURIComponent(s.game)}#${s.token}`);
  }

  function took(s) {
    state = s;
    if (s.status === "started" && s.token) go(s);
    else redraw();
  }

  async function refresh() {
    if (done) return;
    try {
      took(await api(`/api/games/${encodeURIComponent(gameId)}/rematch`, { token }));
    } catch (err) {
      if (err.code === "no_rematch" || err.code === "bad_token") { done = true; clearInterval(timer); }
    }
  }

  async function act(method) {
    try {
      took(await api(`/api/games/${encodeURIComponent(gameId)}/rematch`,
        { method, token, body: method === "POST" ? {} : undefined }));
    } catch (err) { toast(errorText(err), "error"); }
  }

  return {
    // the game is over (a view): start asking
    start(view) {
      if (timer || done || view.phase !== "over" || view.you.role !== "seat") return;
      refresh();
      timer = setInterval(refresh, 3000);
    },
    refresh,
    stop() { done = true; clearInterval(timer); },
    // the panel for this view (null: nothing to offer here)
    element(view) {
      if (done || !state || view.phase !== "over" || view.you.role !== "seat") return null;
      const me = [...view.you.seats, ...(view.you.left ?? [])][0];
      const box = el("div", { class: "rematch", id: "rematch", "data-status": state.status });
      const open = state.status === "open";
      if (open && state.accepted.includes(me)) {
        box.append(el("p", { role: "status", text: t("rematch.waiting") }),
          el("button", { type: "button", class: "ghost", id: "rematch-decline", text: t("rematch.withdraw"), onclick: () => act("DELETE") }));
      } else if (open) {
        const by = state.offered_by;
        box.append(el("p", { role: "status", text: t("rematch.offered", { name: seatName(view.seats[by], by) }) }),
          el("button", { type: "button", class: "primary", id: "rematch-accept", text: t("rematch.accept"), onclick: () => act("POST") }),
          " ",
          el("button", { type: "button", class: "ghost", id: "rematch-decline", text: t("rematch.decline"), onclick: () => act("DELETE") }));
      } else {
        if (state.status === "declined") box.append(el("p", { role: "status", text: t("rematch.declined") }));
        box.append(el("button", { type: "button", class: "primary", id: "rematch-offer", text: t("rematch.offer"), onclick: () => act("POST") }));
      }
      return box;
    },
  };
}
