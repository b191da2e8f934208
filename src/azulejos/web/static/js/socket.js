// The live connection to a game: hello with the token, views in, moves out, reconnection.
// The server sends a whole view first, then patches: the keys that changed and the log entries
// added (docs/api.md, "Patches"); a patch that does not fit the view held asks for it whole.
// The views' legal moves come without their previews: the page asks for those it shows
// ({"type": "previews"}, docs/api.md "Previews on demand") and gets them in onPreviews.
// It asks for the chat too (docs/api.md, "Chat"): its messages go to onChat.

export class GameSocket {
  constructor(gameId, token, { onView, onError, onStatus, onAccepted, onPreviews, onChat }) {
    this.gameId = gameId;
    this.token = token;
    this.handlers = { onView, onError, onStatus, onAccepted, onPreviews, onChat };
    this.ws = null;
    this.closed = false;
    this.retry = 0;
    this.ref = 0;
    this.connect();
  }

  connect() {
    if (this.closed) return;
    this.handlers.onStatus(this.retry ? "reconnecting" : "connecting");
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${proto}//${location.host}/ws/games/${encodeURIComponent(this.gameId)}`);
    this.ws = ws;
    this.view = null;      // the last view, patches apply to it
    this.asked = false;    // a whole view was asked for after a patch that did not fit
    ws.onopen = () => ws.send(JSON.stringify({ type: "hello", token: this.token, patches: true, previews: "on_demand", chat: true }));
    ws.onmessage = (ev) => {
      let msg;
      try { msg = JSON.parse(ev.data); } catch { return; }
      if (msg.type === "welcome") { this.retry = 0; this.handlers.onStatus("connected"); }
      else if (msg.type === "view") { this.view = msg.view; this.asked = false; this.handlers.onView(msg.view); }
      else if (msg.type === "patch") this.patch(ws, msg);
      else if (msg.type === "error") this.handlers.onError(msg.error, msg.ref);
      else if (msg.type === "accepted") this.handlers.onAccepted?.(msg);
      else if (msg.type === "previews") this.handlers.onPreviews?.(msg);
      else if (["chat_history", "chat", "chatted", "muted"].includes(msg.type)) this.handlers.onChat?.(msg);
      else if (msg.type === "rematch") this.handlers.onRematch?.(msg);
    };
    ws.onclose = (ev) => {
      if (this.closed) return;
      if (ev.code === 4403 || ev.code === 4404) {
        this.handlers.onStatus("refused");
        return;
      }
      this.retry += 1;
      this.handlers.onStatus("reconnecting");
      const wait = Math.min(8000, 400 * 2 ** Math.min(this.retry, 5));
      setTimeout(() => this.connect(), wait);
    };
  }

  patch(ws, msg) {
    const old = this.view;
    if (!old || old.version !== msg.base) {
      this.view = null;
      if (!this.asked) { this.asked = true; ws.send(JSON.stringify({ type: "view" })); }
      return;
    }
    const view = { ...old, ...msg.view };
    if (msg.log) view.log = old.log.concat(msg.log);
    this.view = view;
    this.handlers.onView(view);
  }

  send(msg) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ref += 1;
    this.ws.send(JSON.stringify({ ...msg, ref: this.ref }));
    return this.ref;
  }

  close() {
    this.closed = true;
    this.ws?.close();
  }
}
