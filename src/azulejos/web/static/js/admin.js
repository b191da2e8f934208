// The operator's page, /admin (docs/api.md, "Fair play"): the moderation list - each report
// with the reported message in its chat, who reported it, the reported account and the game -
// and the actions: dismiss, suspend (with a reason, for some hours or until lifted), lift.
// Every text from players is put on the page with textContent only.
import { api, dateTime, el, errorText, t, toast } from "./core.js";

export async function showAdmin(root) {
  let state = new URLSearchParams(location.search).get("state") || "open";
  let data = null;
  let failure = null;

  async function load() {
    history.replaceState(null, "", state === "open" ? "/admin" : `/admin?state=${encodeURIComponent(state)}`);
    try {
      data = await api(`/api/admin/reports?state=${encodeURIComponent(state)}`);
      failure = null;
    } catch (err) { data = null; failure = err; }
    render();
  }

  async function act(path, body, done) {
    try {
      await api(path, { method: "POST", body });
      if (done) toast(done);
    } catch (err) { toast(errorText(err), "error"); return; }
    await load();
  }

  function suspendForm(name = "") {
    const who = el("input", { type: "text", class: "admin-name", value: name, "aria-label": t("admin.suspend_name"), autocomplete: "off" });
    const reason = el("input", { type: "text", class: "admin-reason", maxlength: "500", "aria-label": t("admin.reason") });
    const hours = el("input", { type: "number", class: "admin-hours", min: "1", step: "1", "aria-label": t("admin.hours") });
    return el("form", { class: "admin-suspend", onsubmit: (e) => {
      e.preventDefault();
      const h = hours.value.trim();
      act("/api/admin/suspensions", { name: who.value, reason: reason.value, hours: h ? Number(h) : null },
        t("admin.suspended_done", { name: who.value }));
    } },
      el("label", { class: "field" }, el("span", { text: t("admin.suspend_name") }), who),
      el("label", { class: "field" }, el("span", { text: t("admin.reason") }), reason),
      el("label", { class: "field" }, el("span", { text: t("admin.hours") }), hours),
      el("button", { type: "submit", class: "button", text: t("admin.suspend") }));
  }

  function reportCard(r) {
    const reported = r.reported;
    const who = reported ? (reported.user_name
      ? t("admin.account", { name: reported.user_name }) : `${t("admin.reported", { name: reported.name })} (${t("admin.guest")})`) : null;
    const lines = [
      el("h3", { text: t(`admin.kind.${r.kind}`) }),
      el("p", { class: "admin-meta" }, dateTime(r.created), " · ",
        r.reporter ? t("admin.reporter", { name: r.reporter.name ?? r.reporter.account }) : t("admin.by_server")),
      who ? el("p", { class: "admin-reported" }, who, reported.suspended ? ` · ${t("admin.is_suspended")}` : "") : null,
      r.game ? el("p", { class: "admin-game", text: t("admin.game", { game: r.game }) }) : null,
      r.note ? el("p", { class: "admin-note", text: t("admin.note", { note: r.note }) }) : null,
    ];
    if (r.context.length) {
      lines.push(el("p", { class: "hint", text: t("admin.context") }), el("ol", { class: "chat-list admin-context" },
        ...r.context.map((m) => el("li", { class: m.reported ? "chat-message reported" : "chat-message" },
          el("strong", { text: m.name }), " ", el("span", { class: "chat-text", text: m.text })))));
    } else if (r.message) {
      lines.push(el("blockquote", { class: "chat-text", text: r.message }));
    }
    if (r.state === "open") {
      lines.push(el("div", { class: "actions" },
        el("button", { type: "button", class: "button ghost admin-dismiss", text: t("admin.dismiss"),
          onclick: () => act(`/api/admin/reports/${encodeURIComponent(r.id)}/dismiss`, {}, t("admin.dismissed")) })));
      if (reported?.user_name && !reported.suspended) lines.push(suspendForm(reported.user_name));
    }
    return el("li", { class: "card admin-report", "data-report": r.id }, ...lines);
  }

  function render() {
    const head = el("h1", { text: t("admin.title") });
    if (!data) {
      const text = failure?.code === "signed_out" ? t("admin.sign_in") : errorText(failure);
      root.replaceChildren(el("div", { class: "admin" }, head, el("p", { class: "card notice error", id: "admin-error", text })));
      return;
    }
    const pick = el("select", { id: "admin-state", "aria-label": t("admin.show") },
      ...["open", "dismissed", "suspended", "all"].map((s) => new Option(t(`admin.state.${s}`), s)));
    pick.value = state;
    pick.addEventListener("change", () => { state = pick.value; load(); });
    const suspended = data.suspensions.length
      ? el("ul", { class: "admin-suspensions" }, ...data.suspensions.map((s) => el("li", {},
        el("strong", { text: s.user_name }), " ", s.until ? t("admin.until", { date: dateTime(s.until) }) : t("admin.until_lifted"),
        " · ", el("span", { text: s.reason }), " ",
        el("button", { type: "button", class: "ghost small admin-lift", text: t("admin.lift"),
          onclick: () => act("/api/admin/suspensions/lift", { account: s.account }, t("admin.lifted", { name: s.user_name })) }))))
      : el("p", { class: "hint", text: t("admin.no_suspensions") });
    root.replaceChildren(el("div", { class: "admin", id: "admin" }, head,
      el("p", { id: "admin-open", text: t("admin.open_count", { n: data.open }) }),
      el("label", { class: "field" }, el("span", { text: t("admin.show") }), pick),
      data.reports.length ? el("ol", { class: "admin-reports", id: "admin-reports" }, ...data.reports.map(reportCard))
        : el("p", { class: "hint", id: "admin-none", text: t("admin.none") }),
      el("section", { class: "card" }, el("h2", { text: t("admin.suspensions") }), suspended),
      el("section", { class: "card" }, el("h2", { text: t("admin.suspend_title") }), suspendForm())));
  }

  document.title = `${t("admin.title")} — ${t("app.title")}`;
  await load();
  return { leave() {} };
}
