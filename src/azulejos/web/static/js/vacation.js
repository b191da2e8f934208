// Vacation days (docs/api.md, "Vacation"): the account card's vacation form, and the date a
// player's vacation ends as the board and the clocks say it.
import { api, el, errorText, t, toast } from "./core.js";

// "12 March" (with the year when it is not this year's), in the page's language.
export function vacationDate(seconds) {
  const d = new Date(seconds * 1000);
  const opts = { day: "numeric", month: "long" };
  if (d.getFullYear() !== new Date().getFullYear()) opts.year = "numeric";
  return d.toLocaleDateString(document.documentElement.lang || undefined, opts);
}

// The account's vacation: the days left this year and a start button, or the running
// vacation's end and a button that ends it now.
export function vacationForm(changed) {
  const box = el("div", { class: "account-vacation", id: "account-vacation" });
  async function show(got) {
    box.replaceChildren();
    if (!got) {
      try { got = await api("/api/account/vacation"); } catch { return; }
    }
    box.append(el("h3", { text: t("vacation.title") }));
    if (got.vacation) {
      box.append(el("p", { id: "vacation-on", text: t("vacation.on", { date: vacationDate(got.vacation.until) }) }),
        el("button", { type: "button", class: "ghost", id: "vacation-end", text: t("vacation.end"),
          onclick: async () => {
            try { got = await api("/api/account/vacation", { method: "DELETE" }); } catch (err) { toast(errorText(err), "error"); return; }
            toast(t("vacation.ended"));
            show(got);
            changed?.();
          } }));
      return;
    }
    box.append(el("p", { class: "hint", id: "vacation-left", text: t("vacation.intro", { n: got.left }) }));
    if (got.left < 1) return;
    const days = el("input", { type: "number", id: "vacation-days", min: 1, max: got.left, value: Math.min(7, got.left),
      "aria-label": t("vacation.days"), inputmode: "numeric" });
    box.append(el("form", { class: "field", onsubmit: async (ev) => {
      ev.preventDefault();
      try {
        got = await api("/api/account/vacation", { method: "POST", body: { days: Number(days.value) } });
      } catch (err) { toast(errorText(err), "error"); return; }
      toast(t("vacation.started", { date: vacationDate(got.vacation.until) }));
      show(got);
      changed?.();
    } }, el("label", { for: "vacation-days", text: t("vacation.days") }), days,
    el("button", { type: "submit", id: "vacation-start", text: t("vacation.start") })));
  }
  show(null);
  return box;
}
