// An invitation link (/join/<game>#<invitation>): the first to open it takes the seat.
import { app, claimSeat, el, errorText, gameOfInvite, t } from "./core.js";
import { showGame } from "./game.js";

// The game page in place of this one (no history entry: "back" does not open the link again);
// ``token``: the seat's (the one claimed from this link), else the game's latest on this device.
function enter(root, gameId, token = "") {
  history.replaceState(null, "", `/play/${gameId}`);
  return showGame(root, gameId, token);
}

export async function showJoin(root, gameId, invite) {
  history.replaceState(null, "", `/join/${gameId}`); // keep the invitation out of the address bar
  const mine = invite ? gameOfInvite(invite) : null;
  if (mine) return enter(root, gameId, mine.token); // claimed on this device before: its seat

  // The notice is drawn again in the new language when the settings change.
  let shown = null;
  const redraw = () => {
    if (!shown) return;
    root.replaceChildren(el("div", { class: "card notice join", id: "join-notice" },
      el("h2", { text: t(shown.title) }), el("p", { text: shown.text() }),
      el("a", { href: "/", class: "button", text: t("nav.lobby") })));
  };
  const page = { leave() { app.onSettings.splice(app.onSettings.indexOf(redraw), 1); } };
  function notice(title, text) {
    shown = { title, text };
    redraw();
    return page;
  }
  app.onSettings.push(redraw);
  if (!invite) return notice("join.invalid_title", () => t("error.bad_invite"));
  root.replaceChildren(el("p", { class: "loading", text: t("join.claiming") }));
  try {
    await claimSeat(gameId, invite);
  } catch (err) {
    if (err.code === "claimed") return notice("join.claimed_title", () => t("join.claimed"));
    if (err.code === "bad_invite" || err.code === "unknown_game") return notice("join.invalid_title", () => errorText(err));
    return notice("join.failed_title", () => errorText(err));
  }
  page.leave();
  return enter(root, gameId);
}
