// The game's chat (docs/api.md, "Chat"). A message is text, never markup: it is put on the
// page with textContent only. The panel is made once per game page and moved into each new
// render, so that what is being typed survives the views that come meanwhile.
// A signed-in reader may report another's message to the operator, and mute a player in
// every game (docs/api.md, "Fair play").
import { api, app, el, errorText, seatName, t, toast } from "./core.js";

export function chatPanel(send, report = null) {
  const messages = new Map();  // seq -> message (a message that comes twice is kept once)
  let muted = new Set();
  let everywhere = new Set();  // the profiles the signed-in reader mutes in every game
  if (app.account) api("/api/account/mutes").then((got) => { everywhere = new Set(got.muted.map((m) => m.profile)); draw(); }).catch(() => {});
  let view = null;
  const list = el("ol", { class: "chat-list", id: "chat-list", "aria-live": "polite" });
  const input = el("input", { type: "text", id: "chat-input", maxlength: "300", autocomplete: "off",
    placeholder: t("chat.placeholder"), "aria-label": t("chat.label") });
  const form = el("form", { class: "chat-form", id: "chat-form", onsubmit: (e) => {
    e.preventDefault();
    const text = input.value.trim();
    if (text && send({ type: "chat", text })) input.value = "";
  } }, input, el("button", { type: "submit", class: "button", id: "chat-send", text: t("chat.send") }));
  const note = el("p", { class: "chat-note", id: "chat-note" });
  const mutes = el("div", { class: "chat-mutes", id: "chat-mutes" });
  const element = el("section", { class: "card chat", id: "chat" },
    el("h2", { text: t("chat.title") }), list, form, note, mutes);

  const nameOf = (m) => (view?.seats?.[m.seat] ? seatName(view.seats[m.seat], m.seat) : m.name);

  function draw() {
    const shown = [...messages.values()].filter((m) => !muted.has(m.seat)).sort((a, b) => a.seq - b.seq);
    const mine = view && view.you.role === "seat" ? new Set(view.you.seats) : new Set();
    list.replaceChildren(...(shown.length ? shown.map((m) => el("li", { class: "chat-message", "data-seq": String(m.seq), "data-seat": String(m.seat) },
      el("strong", { class: "chat-name", text: nameOf(m) }), " ", el("span", { class: "chat-text", text: m.text }),
      report && !mine.has(m.seat) ? el("button", { type: "button", class: "ghost small chat-report", title: t("chat.report_title"),
        text: t("chat.report"), onclick: () => reportMessage(m) }) : null))
      : [el("li", { class: "chat-empty", text: t("chat.empty") })]));
    list.scrollTop = list.scrollHeight;
    if (!view) return;
    const me = view.you.role === "seat" && view.you.seats.length === 1 ? view.you.seats[0] : null;
    const left = me !== null && (view.seats[me]?.left ?? false);
    form.hidden = me === null || left;
    note.textContent = me === null ? t("chat.readonly") : left ? t("chat.left") : "";
    note.hidden = !note.textContent;
    mutes.replaceChildren(...(me === null ? [] : view.seats
      .map((s, i) => ({ s, i }))
      .filter(({ s, i }) => i !== me && s.kind === "person")
      .flatMap(({ s, i }) => {
        const name = seatName(s, i);
        const all = Boolean(s.profile) && everywhere.has(s.profile);
        const on = muted.has(i);
        const here = all ? [] : [el("button", { type: "button", class: "button ghost chat-mute", "data-seat": String(i), "aria-pressed": on ? "true" : "false",
          title: on ? t("chat.muted_note", { name }) : null,
          text: on ? t("chat.unmute", { name }) : t("chat.mute", { name }),
          onclick: () => send({ type: "mute", seat: i, muted: !on }) })];
        const anywhere = app.account && s.profile ? [el("button", { type: "button", class: "button ghost chat-mute-everywhere", "data-seat": String(i),
          "aria-pressed": all ? "true" : "false", text: all ? t("chat.unmute_everywhere", { name }) : t("chat.mute_everywhere", { name }),
          onclick: () => muteEverywhere(s.profile, !all) })] : [];
        return [...here, ...anywhere];
      })));
  }

  async function muteEverywhere(profile, on) {
    try {
      const got = await api("/api/account/mutes", { method: "POST", body: { profile, muted: on } });
      everywhere = new Set(got.muted.map((m) => m.profile));
      if (!on) messages.clear();
      send({ type: "chat_history" });  // the history again, as the server now filters it
    } catch (err) { toast(errorText(err), "error"); }
    draw();
  }

  async function reportMessage(m) {
    if (!app.account) { toast(t("chat.report_sign_in"), "error"); return; }
    if (!confirm(t("chat.report_confirm", { name: nameOf(m) }))) return;
    try {
      await report(m.seq);
      toast(t("chat.reported"));
    } catch (err) { toast(errorText(err), "error"); }
  }

  return {
    element,
    // a view: names, who may write, whom one may mute
    update(v) { view = v; element.hidden = v.you.role === "hotseat"; draw(); },
    // what the socket hears: chat_history, chat, chatted, muted
    receive(msg) {
      if (msg.type === "chat_history") {
        messages.clear();  // the history as the server filters it now (mutes everywhere too)
        for (const m of msg.messages) messages.set(m.seq, m);
        muted = new Set(msg.muted);
      } else if (msg.type === "chat" || msg.type === "chatted") {
        messages.set(msg.message.seq, msg.message);
      } else if (msg.type === "muted") {
        muted = new Set(msg.muted);
        send({ type: "chat_history" });  // an unmuted seat's messages come back
      }
      draw();
    },
    error(err) { toast(errorText(err), "error"); },
  };
}
