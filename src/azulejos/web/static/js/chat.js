// The game's chat (docs/api.md, "Chat"). A message is text, never markup: it is put on the
// page with textContent only. The panel is made once per game page and moved into each new
// render, so that what is being typed survives the views that come meanwhile.
import { el, errorText, seatName, t, toast } from "./core.js";

export function chatPanel(send) {
  const messages = new Map();  // seq -> message (a message that comes twice is kept once)
  let muted = new Set();
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
    list.replaceChildren(...(shown.length ? shown.map((m) => el("li", { class: "chat-message", "data-seq": String(m.seq), "data-seat": String(m.seat) },
      el("strong", { class: "chat-name", text: nameOf(m) }), " ", el("span", { class: "chat-text", text: m.text })))
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
      .map(({ s, i }) => {
        const name = seatName(s, i);
        const on = muted.has(i);
        return el("button", { type: "button", class: "button ghost chat-mute", "data-seat": String(i), "aria-pressed": on ? "true" : "false",
          title: on ? t("chat.muted_note", { name }) : null,
          text: on ? t("chat.unmute", { name }) : t("chat.mute", { name }),
          onclick: () => send({ type: "mute", seat: i, muted: !on }) });
      })));
  }

  return {
    element,
    // a view: names, who may write, whom one may mute
    update(v) { view = v; element.hidden = v.you.role === "hotseat"; draw(); },
    // what the socket hears: chat_history, chat, chatted, muted
    receive(msg) {
      if (msg.type === "chat_history") {
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
