// An invitation link (/join/<game>#<invitation>): the first to open it takes the seat.
import { claimSeat, el, errorText, gameOfInvite, t } from "./core.js";
import { showGame } from "./game.js";

// The game page in place of this one (no history entry: "back" does not open the link again).
function enter(root, gameId) {
  history.replaceState(null, "", `/play/${gameId}`);
  return showGame(root, gameId, "");
}

export async function showJoin(root, gameId, invite) {
  history.replaceState(null, "", `/join/${gameId}`); // keep the invitation out of the address bar
  const mine = invite ? gameOfInvite(invite) : null;
  if (mine) return enter(root, gameId); // claimed on this device before: straight to the game
  function notice(title, text) {
    root.replaceChildren(el("div", { class: "card notice join", id: "join-notice" },
      el("h2", { text: title }), el("p", { text }),
      el("a", { href: "/", class: "button", text: t("nav.lobby") })));
  }
  if (!invite) {
    notice(t("join.invalid_title"), t("error.bad_invite"));
    return null;
  }
  root.replaceChildren(el("p", { class: "loading", text: t("join.claiming") }));
  try {
    await claimSeat(gameId, invite);
  } catch (err) {
    if (err.code === "claimed") notice(t("join.claimed_title"), t("join.claimed"));
    else if (err.code === "bad_invite" || err.code === "unknown_game") notice(t("join.invalid_title"), errorText(err));
    else notice(t("join.failed_title"), errorText(err));
    return null;
  }
  return enter(root, gameId);
}
