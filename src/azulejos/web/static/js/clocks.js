// A game's clocks (docs/api.md, "Clocks"): each seat's time left, the timed seat highlighted,
// counted down each second from the view's deadline (no messages from the server), and the
// wait-or-bot choice of a turn that ran out. `g`: { view, viewAt (when the view came), gameId,
// token } of the game page (game.js).
import { api, clockLeft, clockText, el, errorText, seatName, t, toast } from "./core.js";
import { vacationDate } from "./vacation.js";

export function gameClocks(g) {
  const { view } = g;
  const c = view.clock;
  if (!c || view.phase === "over" || view.expired) return null;
  const items = view.seats.map((seat, s) => {
    if (seat.kind === "bot" && !seat.left) return null;
    return el("span", { class: `clock${c.seat === s ? " running" : ""}${view.you.seats.includes(s) ? " mine" : ""}`,
      "data-seat": String(s) },
      el("span", { class: "clock-name", text: seatName(seat, s) }), " ",
      el("span", { class: "clock-time", "data-seat": String(s) }));
  });
  const bar = el("div", { class: "clocks", id: "clocks" }, ...items,
    c.seat === null && view.seats.some((x) => x.kind === "person" && !x.claimed)
      ? el("span", { class: "hint", text: t("clock.waiting") }) : null,
    // a turn whose player is on vacation stands still (docs/api.md, "Vacation")
    c.paused && c.seat !== null && view.seats[c.seat]?.vacation
      ? el("span", { class: "hint", id: "clock-paused", text: t("clock.paused", {
        name: seatName(view.seats[c.seat], c.seat), date: vacationDate(view.seats[c.seat].vacation) }) }) : null,
    overdueBox(g));
  tickGameClocks(bar, g);
  return bar;
}

// -- wait or bot (docs/api.md, "Wait or bot"): a turn ran out in a game of people; the
// others choose, the overdue player may still move, nobody choosing is the bot --
function overdueBox(g) {
  const { view } = g;
  const o = view.clock?.overdue;
  if (!o) return null;
  const name = seatName(view.seats[o.seat], o.seat);
  const mine = view.you.seats.includes(o.seat);
  const asked = !mine && view.you.role === "seat" && view.you.seats.length > 0;
  const text = mine ? t("overdue.you")
    : o.choice === "wait" ? t("overdue.waiting", { name })
    : asked ? t("overdue.ask", { name }) : t("overdue.others", { name });
  const buttons = asked ? el("span", { class: "overdue-choices" },
    o.choice === "wait" ? null : el("button", { type: "button", class: "small", id: "overdue-wait",
      text: t("overdue.wait"), onclick: () => chooseTimeout(g, "wait") }),
    el("button", { type: "button", class: "small danger", id: "overdue-bot",
      text: t("overdue.bot"), onclick: () => chooseTimeout(g, "bot") })) : null;
  return el("div", { class: "overdue", id: "overdue", role: "status" },
    el("span", { text }), " ",
    o.until !== null ? el("span", { class: "hint overdue-until" }) : null, buttons);
}

async function chooseTimeout({ gameId, token }, choice) {
  try {
    await api(`/api/games/${gameId}/timeout`, { method: "POST", token, body: { choice } });
  } catch (err) { toast(errorText(err), "error"); }
}

export function tickGameClocks(bar, { view, viewAt }) {
  if (!bar || !view?.clock) return;
  for (const span of bar.querySelectorAll(".clock-time")) {
    const s = Number(span.dataset.seat);
    const seat = view.seats[s];
    const left = clockLeft(view.clock, s, viewAt);
    const text = seat.left?.reason === "timeout" ? t("clock.out") : left === null ? "" : clockText(left);
    // a time bank is spent after the move's own time: what is left of it now
    const banked = view.clock.banks?.[s];
    const bank = text && banked != null && !seat.left
      ? bankText(view.clock.seat === s && left !== null ? Math.min(banked, left) : banked) : "";
    span.textContent = !text ? "" : bank ? t("clock.chip_bank", { time: text, bank })
      : t("clock.chip", { time: text });
    span.parentElement.title = !text ? "" : bank
      ? t("clock.seat_bank", { name: seatName(seat, s), time: text, bank })
      : t("clock.seat", { name: seatName(seat, s), time: text });
    span.parentElement.classList.toggle("low", left !== null && view.clock.seat === s && left < 60);
  }
  const until = bar.querySelector(".overdue-until");
  const o = view.clock.overdue;
  if (until && o && o.until !== null) {
    const secs = Math.max(0, o.until - view.clock.now - (Date.now() - viewAt) / 1000);
    until.textContent = t("overdue.until", { time: clockText(secs) });
  }
}

function bankText(seconds) {
  return seconds >= 86400 ? t("clock.bank_days", { n: Math.floor(seconds / 86400) }) : clockText(seconds);
}
