// A game: the table, my move (pick a colour, pick a line, see the preview, confirm), the log,
// the wall-tiling points, the end summary. Every rule decision comes from the server's view.
import {
  api, app, botName, cap, el, errorText, inviteLink, invitesFor, linkFor,
  phrase, rememberGame, saveInvites, seatName, t, toast, tokenFor, tt, word,
} from "./core.js";

import { notifyButton, notifyTurn, turnTitle } from "./core.js";
import { boardCard, centreView, factoryView, specialBadge, specialsLegend } from "./board.js";
import { tile as tileSvg, svg as svgBox } from "./tiles.js";
import { GameSocket } from "./socket.js";
import { chatPanel } from "./chat.js";
import { rematchPanel } from "./rematch.js";
import { ensureDefs } from "./tiles.js";
import { logView, summaryDialog } from "./summary.js";
import { previewLines, statusLine } from "./words.js";
import { gameClocks, tickGameClocks } from "./clocks.js";
import { modal, settleDialogFocus } from "./dialog.js";

export async function showGame(root, gameId, hashToken) {
  ensureDefs();
  let token = hashToken || tokenFor(gameId);
  if (hashToken) {
    history.replaceState(null, "", `/play/${gameId}`); // keep the token out of the address bar
  }
  if (!token) {
    root.replaceChildren(el("div", { class: "card notice" }, el("p", { text: t("error.bad_token") }),
      el("a", { href: "/", class: "button", text: t("nav.lobby") })));
    return null;
  }
  let view = null;
  let status = "connecting";
  let picked = null;     // {source, colour}
  let chosen = null;     // a legal move entry from view.legal
  let splitting = null;  // SF4 (R43): {entries, dirs} from picking the tiles; each colour's side before the line
  let passedTo = null;   // hot-seat: the seat the device was handed to
  let summaryShown = false;
  let sending = false;
  let confirmLeave = false; // the "leave the game?" question is open
  let viewAt = Date.now();  // when the view arrived (the clocks count down from it)
  // Where focus goes after the next render: {sel, scroll} (the next step of a move), else it
  // stays on the element it was on (found again by its id or data-focus).
  let focusNext = null;
  const dialogFocus = { open: null, opener: null };

  const statusEl = el("span", { class: "conn" });
  function renderStatus() {
    const key = { connecting: "game.connecting", reconnecting: "game.reconnecting", connected: "game.connected", refused: "error.bad_token" }[status];
    statusEl.textContent = t(key);
    statusEl.className = `conn ${status}`;
  }

  const legalFrom = (source, colour) =>
    (view?.legal || []).filter((m) => String(m.source) === String(source) && m.colour === colour);

  // Previews on demand (docs/api.md): the view's legal moves come without their previews; the
  // page asks for those of the moves it shows (the picked tiles' lines and splits, the grey
  // wall's columns) once per version, keeps them, and puts them on the entries when they come.
  let previewsAt = null;           // the version of the previews kept
  let previewsGot = new Map();     // move → preview
  let previewsAsked = new Set();   // moves asked for, not answered yet
  const previewRefs = new Map();   // ref of a previews request → its moves

  function attachPreviews() {
    if (!view || previewsAt !== view.version) return;
    for (const m of view.legal || []) if (!m.preview && previewsGot.has(m.move)) m.preview = previewsGot.get(m.move);
  }

  function needPreviews(entries) {
    if (!view || !view.to_move || !entries.length) return;
    if (previewsAt !== view.version) {
      previewsAt = view.version; previewsGot = new Map(); previewsAsked = new Set();
    }
    const moves = entries.filter((m) => !m.preview && !previewsGot.has(m.move) && !previewsAsked.has(m.move)).map((m) => m.move);
    if (!moves.length) return;
    const ref = sock.send({ type: "previews", version: view.version, moves });
    if (!ref) return;  // not connected: asked again at the next render
    previewRefs.set(ref, moves);
    for (const m of moves) previewsAsked.add(m);
  }

  function gotPreviews(msg) {
    previewRefs.delete(msg.ref);
    if (msg.version !== previewsAt) return;
    for (const [move, p] of Object.entries(msg.previews || {})) { previewsGot.set(move, p); previewsAsked.delete(move); }
    attachPreviews();
    render();
  }

  // SF4 (R43): where each colour left on the display goes with this split: the preview's
  // `sends`, or until it has come the same read from the view (the colours left on the display
  // in B Y R K W order, and its left and right neighbours, `specials.neighbours`).
  // SF4 (R43): where each colour left on the display goes, as the server's core says (the
  // legal entry's "sends"); the page computes none of it.
  const sendsOf = (m) => m.sends || m.preview?.sends || [];

  function pick(source, colour, via = "pointer") {
    if (sending) return;
    picked = picked && picked.source === source && picked.colour === colour ? null : { source, colour };
    chosen = null;
    splitting = null;
    const entries = picked ? legalFrom(source, colour) : [];
    if (entries.length > 1 && entries.every((m) => m.split)) {
      // SF4 (R43): like Board Game Arena, ask left or right for each colour left on the display
      // right away, before the pattern line is chosen.
      splitting = { entries, dirs: entries[0].split.split("").map(() => null) };
    }
    // the next step: the first side to send a colour to (SF4), else the first allowed line
    if (picked) focusNext = { sel: splitting ? "#split button.side" : ".board .target", scroll: via === "key" };
    render();
    if (picked && via === "pointer") boardInView();
  }

  // On a phone the board the tiles go to is brought into view, above the move bar, once they
  // are picked (issue 28, item 6); nothing moves when it is in view already.
  function boardInView() {
    if (!matchMedia("(max-width: 600px)").matches || view.current === null) return;
    requestAnimationFrame(() => {
      const board = root.querySelector(`.board[data-seat="${view.current}"]`);
      const bar = root.querySelector(".move-bar");
      if (!board) return;
      const r = board.getBoundingClientRect();
      const fixed = bar && getComputedStyle(bar).position === "fixed";
      const bottom = fixed ? bar.getBoundingClientRect().top : innerHeight;
      if (r.bottom > bottom) window.scrollBy(0, Math.min(r.bottom - bottom, r.top));
      else if (r.top < 0) window.scrollBy(0, r.top);
    });
  }

  // SF4 (R43): the split the sides chosen so far make ("<>"), or null while a colour has none.
  const splitChosen = () => (splitting && splitting.dirs.every((d) => d) ? splitting.dirs.join("") : null);

  // The legal moves the picked tiles can still make: with SF4, only those of the chosen split.
  function picks() {
    if (!picked) return [];
    if (!splitting) return legalFrom(picked.source, picked.colour);
    const want = splitChosen();
    return want === null ? [] : splitting.entries.filter((m) => m.split === want);
  }

  function target(dest, via = "pointer") {
    if (!view || sending) return;
    if (view.phase === "place") {
      chosen = view.legal.find((m) => m.column === dest) || null;
    } else if (picked) {
      chosen = picks().find((m) => String(m.destination) === String(dest)) || null;
    }
    if (chosen) focusNext = { sel: "#confirm", scroll: via === "key" };
    render();
    if (chosen && via === "pointer") boardInView();  // the preview's bar is taller
  }

  function chooseSide(i, side, via = "pointer") {
    if (!splitting || sending) return;
    splitting.dirs[i] = side;
    // A side changed after the line was chosen keeps the line, with the new split.
    const dest = chosen ? chosen.destination : null;
    chosen = dest === null ? null : picks().find((m) => m.destination === dest) || null;
    // every colour has its side: on to the line (or Confirm, when the line is kept)
    if (splitChosen() !== null) focusNext = { sel: chosen ? "#confirm" : ".board .target", scroll: via === "key" };
    render();
  }

  function confirm() {
    if (!chosen || sending) return;
    if (sock.send({ type: "move", version: view.version, move: chosen.move })) {
      sending = true;
      render();
    } else toast(t("game.reconnecting"), "error");
  }

  function cancel() {
    if (picked) focusNext = { sel: `[data-focus="tile-${picked.source}-${picked.colour}"]`, scroll: false };
    picked = null; chosen = null; splitting = null; render();
  }

  function moverName() {
    return view.current === null ? "" : seatName(view.seats[view.current], view.current);
  }

  // Ghost tiles for the chosen move, drawn on the mover's board.
  function boardPreview() {
    if (!chosen || !chosen.preview) return null;  // drawn once its preview has come
    if (view.phase === "place") {
      const line = view.boards[view.current].lines[view.pending_line - 1];
      return { column: chosen.column, colour: line.colour, floor: [], wallRow: view.pending_line - 1,
        wallCol: chosen.column - 1, points: chosen.preview.wall_points };
    }
    const p = chosen.preview;
    const floor = [];
    if (p.marker) floor.push("M");
    for (let i = 0; i < p.to_floor; i++) floor.push(chosen.colour);
    return {
      line: chosen.destination === "F" ? null : chosen.destination, toLine: p.to_line, colour: chosen.colour,
      floor, wallRow: p.completes_line ? chosen.destination - 1 : null, wallCol: p.wall_column ?? null,
      points: p.wall_points, sf5: (p.to_sf5 || 0) > 0,
    };
  }

  function lastTiling() {
    // The points of the latest wall-tiling stay on the walls during the next round's first go-round.
    const log = view.log;
    let i = log.length - 1;
    let moves = 0;
    while (i >= 0 && log[i].kind !== "tiling") { if (log[i].kind === "move") moves++; i--; }
    if (i < 0) return [];
    if (view.phase !== "over" && moves >= view.players) return [];
    return log[i].events;
  }

  function table() {
    const ui = {
      picked,
      selectable: (source, colour) => view.to_move && view.phase === "draft" && !sending && legalFrom(source, colour).length > 0,
      pick,
      // SF4 (R43): the neighbours that may receive the colours left, while they are chosen
      receivers: new Set(splitting ? splitting.entries.flatMap((m) => sendsOf(m).map((x) => x.to)) : []),
    };
    const facs = view.factories.map((_, i) => factoryView(view, i, ui));
    return el("section", { class: "table", "aria-label": cap(word("factories")) },
      el("div", { class: "factories" }, ...facs),
      centreView(view, ui),
      specialsLegend(view),
      el("div", { class: "supply" },
        el("span", { title: cap(word("bag")) }, t("label.value", { label: cap(word("bag")), value: Object.values(view.bag).reduce((a, b) => a + b, 0) })),
        el("span", { title: cap(word("lid")) }, t("label.value", { label: cap(word("lid")), value: Object.values(view.lid).reduce((a, b) => a + b, 0) }))));
  }

  // The last move of this round, to highlight on its player's board (a bot's too): its seat
  // and where its tiles went, {line: 1-5 | "F"} or a wall tile {row, column}; null once the
  // round has been tiled or before any move.
  function lastMove() {
    for (let i = view.log.length - 1; i >= 0; i--) {
      const e = view.log[i];
      if (e.kind === "leave") continue;
      if (e.kind !== "move") return null;
      const draft = /^(?:[1-9]|C)[BYRKW]([1-5F])/i.exec(e.move);
      if (draft) return { seat: e.seat, where: { line: /f/i.test(draft[1]) ? "F" : Number(draft[1]) } };
      const place = /^([1-5])@([1-5])$/.exec(e.move);
      return place ? { seat: e.seat, where: { row: Number(place[1]), column: Number(place[2]) } } : null;
    }
    return null;
  }

  function boards() {
    const tiling = lastTiling();
    const last = lastMove();
    const order = [...Array(view.players).keys()];
    const mine = view.you.role === "seat" ? view.you.seats[0] : null;
    if (mine !== null) order.sort((a, b) => (a === mine ? -1 : b === mine ? 1 : a - b));
    return el("section", { class: "boards" }, ...order.map((seat) => {
      const opts = { tiling, last: last && last.seat === seat ? last.where : null };
      if (view.to_move && seat === view.current) {
        if (view.phase === "draft" && picked) {
          const dests = picks();  // SF4: none until each colour left has its side (R43)
          opts.targets = {
            lines: new Set(dests.filter((m) => m.destination !== "F").map((m) => m.destination)),
            floor: dests.some((m) => m.destination === "F"),
          };
          opts.chosen = chosen ? chosen.destination : null;
        } else if (view.phase === "place") {
          opts.targets = { row: view.pending_line, columns: new Set(view.legal.map((m) => m.column)) };
          opts.chosen = chosen ? chosen.column : null;
        }
        opts.onTarget = target;
        opts.preview = boardPreview();
      }
      return boardCard(view, seat, opts);
    }));
  }

  // The lines, floor or wall columns the picked tiles may go to, as buttons of the move bar
  // (shown on phones, app.css: the board's own targets are shorter than a finger).
  function destButtons() {
    let items = [];
    if (view.phase === "place") {
      items = view.legal.map((m) => ({ dest: m.column, text: String(m.column),
        label: t("game.column_target", { row: view.pending_line, column: m.column }) }));
    } else if (picked) {
      const dests = [...new Set(picks().map((m) => m.destination))];
      dests.sort((a, b) => (a === "F" ? 1 : b === "F" ? -1 : a - b));
      items = dests.map((d) => d === "F"
        ? { dest: d, text: cap(word("floor")), label: cap(word("floor")) }
        : { dest: d, text: String(d), label: phrase("line label", { number: d }) });
    }
    if (!items.length) return null;
    return el("div", { class: "dest-buttons", role: "group" }, ...items.map((x) =>
      el("button", { type: "button", class: "ghost dest", "data-dest": String(x.dest), "aria-label": x.label,
        text: x.text, onclick: (e) => target(x.dest, e.detail === 0 ? "key" : "pointer") })));
  }

  function actionBar() {
    if (view.phase === "over") {
      return el("div", { class: "action-bar" },
        el("button", { type: "button", class: "primary", id: "show-summary", text: t("end.show"), onclick: () => { summaryShown = false; render(); } }),
        downloadButton());
    }
    if (view.you.role === "spectator" || view.you.role === "host") return el("div", { class: "action-bar muted" }, t("game.spectating"));
    if (!view.you.seats.length && view.you.left.length) {
      return el("div", { class: "action-bar muted", id: "you-left" }, t("game.you_left", { bot: botName(view.stand_in) }));
    }
    if (!view.to_move) return el("div", { class: "action-bar muted" }, t("game.waiting", { name: moverName() }));
    let hint;
    if (view.phase === "place") hint = tt("game.pick_column");
    else hint = picked ? tt("game.pick_line") : tt("game.pick_tiles");
    if (splitting) return splitBar();
    if (!chosen) return el("div", { class: "action-bar" }, el("span", { class: "hint", text: hint }), destButtons());
    // Until its preview has come (on demand), the move may be confirmed all the same.
    const lines = chosen.preview ? previewLines(chosen) : ["…"];
    return el("div", { class: "action-bar preview", id: chosen.preview ? "preview" : "preview-wait" },
      el("div", { class: "preview-text" }, el("strong", { text: lines[0] }), lines.length > 1 ? el("span", { text: lines.slice(1).join(" · ") }) : null),
      el("div", { class: "buttons" },
        el("button", { type: "button", class: "ghost", id: "cancel", text: t("game.cancel"), onclick: cancel }),
        el("button", { type: "button", class: "primary", id: "confirm", disabled: sending, text: t("game.confirm"), onclick: confirm })));
  }

  // SF4 (R43): one row per colour left on the display, left or right, asked as soon as the
  // tiles are picked; then the pattern line, then the preview.
  function splitBar() {
    const sends = sendsOf(splitting.entries[0]);
    const rows = sends.map((sent, i) => {
      const chip = svgBox(22, 22, { class: "chip", "aria-hidden": "true" }, tileSvg(sent.colour, 1, 1, 20));
      const side = (dir, key, which) => {
        const entry = splitting.entries.find((m) => sendsOf(m)[i].side === which);
        const to = entry ? sendsOf(entry)[i].to : "";
        return el("button", {
          type: "button", class: `side${splitting.dirs[i] === dir ? " on" : ""}`, "data-colour": sent.colour,
          "data-side": which, "aria-pressed": String(splitting.dirs[i] === dir), "data-focus": `side-${i}-${which}`,
          text: tt(key, { number: to }), onclick: (e) => chooseSide(i, dir, e.detail === 0 ? "key" : "pointer"),
        });
      };
      return el("div", { class: "split-row", "data-colour": sent.colour },
        chip, el("span", { class: "split-count", text: `× ${sent.tiles}` }),
        side("<", "sf4.left", "left"), side(">", "sf4.right", "right"));
    });
    const lines = chosen?.preview ? previewLines(chosen) : null;
    return el("div", { class: "action-bar preview split", id: "split" },
      el("div", { class: "preview-text" },
        el("strong", {}, specialBadge("SF4"), " ", tt("sf4.title")),
        ...rows,
        lines ? el("span", { id: "split-preview", text: lines.join(" · ") })
          : chosen ? el("span", { class: "hint", id: "split-wait", text: "…" })  // its preview is on its way
          : el("span", { class: "hint", id: "split-hint", text: splitChosen() === null ? tt("sf4.pick") : t("game.pick_line") })),
      el("div", { class: "buttons" },
        el("button", { type: "button", class: "ghost", id: "cancel", text: t("game.cancel"), onclick: cancel }),
        el("button", { type: "button", class: "primary", id: "confirm", disabled: sending || !chosen, text: t("game.confirm"), onclick: confirm })));
  }

  function downloadButton() {
    return el("button", {
      type: "button", class: "ghost", id: "download", text: t("game.download"),
      onclick: async () => {
        try {
          const res = await fetch(`/api/games/${gameId}/record`, { headers: { Authorization: `Bearer ${token}` } });
          if (!res.ok) throw (await res.json()).error;
          const blob = await res.blob();
          const a = el("a", { href: URL.createObjectURL(blob), download: `azulejos-${gameId}.json` });
          document.body.append(a);
          a.click();
          a.remove();
        } catch (err) { toast(errorText(err), "error"); }
      },
    });
  }

  // The seat that "leave" gives up: one's own, or (hot-seat) the one whose turn it is.
  function leavingSeat() {
    if (view.phase === "over") return null;
    if (view.you.role === "seat") return view.you.seats[0] ?? null;
    if (view.you.role === "hotseat" && view.you.seats.includes(view.current)) return view.current;
    return null;
  }

  // Step through the game so far (replay.js): the public history only, so anyone may.
  function replayLink() {
    return el("a", { href: `/replay/${gameId}`, class: "button ghost small", id: "replay-link", text: t("game.replay") });
  }

  // -- expiry (docs/api.md, "Expiry"): a game nobody moved in for too long left play --
  function expiredNote() {
    if (!view.expired) return null;
    const date = new Date(view.expired * 1000).toLocaleDateString(document.documentElement.lang || undefined,
      { year: "numeric", month: "long", day: "numeric" });
    return el("p", { class: "expired-note", id: "expired", role: "status", text: t("game.expired", { date }) });
  }

  function leaveButton() {
    if (leavingSeat() === null || view.expired) return null;
    return el("button", { type: "button", class: "ghost small leave", id: "leave", text: t("game.leave"),
      onclick: () => { confirmLeave = true; render(); } });
  }

  async function leave() {
    const seat = leavingSeat();
    confirmLeave = false;
    if (seat === null) { render(); return; }
    try {
      await api(`/api/games/${gameId}/leave`, { method: "POST", token, body: view.you.role === "hotseat" ? { seat } : {} });
    } catch (err) { toast(errorText(err), "error"); }
    render();
  }

  function leaveDialog() {
    if (!confirmLeave || leavingSeat() === null) return null;
    const bot = botName(view.stand_in);
    return modal(el("div", { class: "overlay", role: "dialog", "aria-modal": "true", id: "leave-dialog", "aria-labelledby": "leave-title" },
      el("div", { class: "card" },
        el("h2", { id: "leave-title", text: t("game.leave_title") }),
        el("p", { text: t("game.leave_text", { bot }) }),
        el("div", { class: "buttons" },
          el("button", { type: "button", class: "ghost", id: "leave-cancel", text: t("game.leave_cancel"),
            onclick: () => { confirmLeave = false; render(); } }),
          el("button", { type: "button", class: "primary danger", id: "leave-confirm", text: t("game.leave_confirm"), onclick: leave })))),
    { onEscape: () => { confirmLeave = false; render(); } });
  }

  async function inviteAgain(inv, seat) {
    try {
      const got = await api(`/api/games/${gameId}/invite`, { method: "POST", token: inv.host_token, body: { seat: seat.seat } });
      seat.invite = got.invite;
      saveInvites(inv);
      toast(t("game.invite_renewed", { name: seatName(view.seats[seat.seat], seat.seat) }));
    } catch (err) { toast(errorText(err), "error"); }
    render();
  }

  function invitePanel() {
    const inv = invitesFor(gameId);
    if (!inv || view.phase === "over") return null;
    const rows = inv.seats.filter((s) => s.invite).map((s) => {
      const name = view.seats[s.seat] ? seatName(view.seats[s.seat], s.seat) : s.name;
      if (view.seats[s.seat]?.claimed) {
        return el("li", { class: "taken" }, el("span", { text: name }), " ", el("span", { class: "tag", text: t("game.invite_taken") }));
      }
      return el("li", {}, el("span", { text: name }), " ",
        el("input", { type: "text", readonly: true, value: inviteLink(gameId, s.invite), class: "link-input", onfocus: (e) => e.target.select() }),
        inv.host_token ? el("button", { type: "button", class: "ghost small", text: t("game.invite_new"), onclick: () => inviteAgain(inv, s) }) : null);
    });
    rows.push(el("li", {}, el("span", { text: t("lobby.link.spectator") }), " ",
      el("input", { type: "text", readonly: true, value: linkFor(gameId, inv.spectator_token), class: "link-input", onfocus: (e) => e.target.select() })));
    return el("details", { class: "card invite" }, el("summary", { text: t("game.invite") }), el("ul", {}, ...rows));
  }

  function passOverlay() {
    // Hot-seat: between two people's turns, hide the table until the next one taps.
    if (view.you.role !== "hotseat" || !view.to_move || view.current === null) return null;
    if (passedTo === view.current) return null;
    if (view.you.seats.length < 2) { passedTo = view.current; return null; }
    const name = moverName();
    // no Escape: the table stays hidden until the next player says they are ready
    return modal(el("div", { class: "overlay pass", role: "dialog", "aria-modal": "true", id: "pass-dialog", "aria-labelledby": "pass-title" },
      el("div", { class: "card" }, el("h2", { id: "pass-title", text: t("game.pass_device", { name }) }),
        el("button", { type: "button", class: "primary", id: "pass-ready", text: t("game.pass_ready", { name }),
          onclick: () => { passedTo = view.current; render(); } }))));
  }

  // Rated: asked for at creation, and every seat is a different person's profile (docs/api.md, "Profiles").
  function ratedGame() {
    const ids = view.seats.map((s) => s.profile);
    return Boolean(view.rated) && ids.every(Boolean) && new Set(ids).size === ids.length;
  }

  function render() {
    if (!view) {
      root.replaceChildren(el("p", { class: "loading" }, t("game.connecting")));
      return;
    }
    if (view.to_move && !sending) {  // the previews of the moves shown (on demand, once a version)
      if (view.phase === "place") needPreviews(view.legal);
      else if (picked) needPreviews(legalFrom(picked.source, picked.colour));
    }
    renderStatus();
    const head = el("div", { class: "game-head" },
      el("span", { class: "round", text: t("game.round", { n: view.round }) }),
      el("strong", { class: `status${view.to_move ? " mine" : ""}`, id: "status", text: statusLine(view) }),
      ratedGame() ? el("span", { class: "tag rated", id: "rated-tag", title: t("profile.rated_badge_note"), text: t("profile.rated_badge") }) : null,
      statusEl,
      el("span", { class: "game-tools" },
        leaveButton(), replayLink(), view.phase !== "over" && view.you.seats.length ? notifyButton() : null));
    const overlay = passOverlay();
    let dialog = null;
    if (view.phase === "over" && !summaryShown) {
      // the end screen offers the record and the replay with the engine review (replay.js)
      const review = el("a", { href: `/replay/${gameId}`, class: "button ghost", id: "end-replay", text: t("end.replay") });
      const close = () => { summaryShown = true; render(); };
      dialog = modal(summaryDialog(view, close, [downloadButton(), review, rematch.element(view)]), { onEscape: close });
    }
    turnTitle(view.to_move && view.phase !== "over");
    const had = focusKey(document.activeElement);
    const leaving = leaveDialog();
    const modalOpen = Boolean(overlay || dialog || leaving);
    const bar = actionBar();
    bar.classList.add("move-bar");
    root.replaceChildren(el("div", { class: `game phase-${view.phase}${overlay ? " hidden-table" : ""}`, "data-version": String(view.version) },
      // behind an open dialog the game takes no focus and no clicks
      el("div", { class: "game-body", inert: modalOpen },
        head, expiredNote(), clocksBar(),
        el("div", { class: "game-grid" },
          el("div", { class: "play-area" }, table(), bar, boards()),
          el("aside", { class: "side" }, invitePanel(), dialog ? null : rematch.element(view), chat.element, logView(view)))),
      overlay, dialog, leaving));
    watchBar(bar);
    restoreFocus(had);
  }

  // A selector that finds the element with focus again once the page is drawn anew.
  function focusKey(node) {
    if (!node || node === document.body || !root.contains(node)) return null;
    if (node.dataset?.focus) return `[data-focus="${node.dataset.focus}"]`;
    return node.id ? `#${CSS.escape(node.id)}` : null;
  }

  function restoreFocus(had) {
    const next = focusNext;
    focusNext = null;
    if (settleDialogFocus(dialogFocus, had, view.phase === "over" ? "#show-summary" : null)) return;
    const want = (next && root.querySelector(next.sel)) || (had && root.querySelector(had));
    if (want && want !== document.activeElement) want.focus({ preventScroll: !(next && want.matches(next.sel) && next.scroll) });
  }

  // The move bar is fixed to the bottom of narrow screens: the page keeps its height free
  // below the boards (and focus scrolls clear of it), --move-bar in app.css.
  const barSize = new ResizeObserver((entries) => {
    for (const e of entries) {
      const fixed = getComputedStyle(e.target).position === "fixed";
      const h = fixed ? Math.ceil(e.target.getBoundingClientRect().height) : 0;
      document.documentElement.style.setProperty("--move-bar", `${h}px`);
    }
  });
  function watchBar(bar) {
    barSize.disconnect();
    barSize.observe(bar);
  }

  // the clocks (clocks.js): the view and when it came, the game and its token, now
  function clockGame() { return { view, viewAt, gameId, token }; }
  function clocksBar() { return gameClocks(clockGame()); }
  function tickClocks(bar = root.querySelector("#clocks")) { tickGameClocks(bar, clockGame()); }

  const ticker = setInterval(() => tickClocks(), 1000);

  const chat = chatPanel((msg) => sock.send(msg), (seq) => api(`/api/games/${gameId}/chat/${seq}/report`, { method: "POST", token, body: {} }));
  const rematch = rematchPanel(gameId, token, () => render());  // after a public game
  const sock = new GameSocket(gameId, token, {
    onView(v) {
      const first = view === null;
      const wasMine = Boolean(view?.to_move);
      viewAt = Date.now();
      if (!first && v.to_move && !wasMine && v.phase !== "over") notifyTurn(gameId);
      if (view && v.version !== view.version) { picked = null; chosen = null; splitting = null; sending = false; }
      view = v;
      chat.update(v);
      attachPreviews();
      if (first) {
        const role = v.you.role;
        rememberGame({ game: gameId, token, role, seat: v.you.seats[0] });
      }
      render();
      rematch.start(v);
    },
    onError(err, ref) {
      if (previewRefs.has(ref)) {  // a previews request (the view moved on meanwhile): ask again if needed
        for (const m of previewRefs.get(ref)) previewsAsked.delete(m);
        previewRefs.delete(ref);
        return;
      }
      sending = false;
      if (err.code === "bad_token" || err.code === "unknown_game") {
        root.replaceChildren(el("div", { class: "card notice" }, el("p", { text: errorText(err) }),
          el("a", { href: "/", class: "button", text: t("nav.lobby") })));
        return;
      }
      toast(errorText(err), "error");
      render();
    },
    onAccepted() { sending = false; },
    onPreviews: gotPreviews,
    onChat: (msg) => chat.receive(msg),
    onRematch: () => rematch.refresh(),
    onStatus(st) {
      status = st;
      if (st !== "connected") { previewsAsked = new Set(); previewRefs.clear(); }  // unanswered: ask again
      renderStatus();
    },
  });

  const onSettings = () => render();
  app.onSettings.push(onSettings);
  document.body.classList.add("in-game");
  render();
  return {
    leave() {
      sock.close();
      rematch.stop();
      clearInterval(ticker);
      barSize.disconnect();
      document.body.classList.remove("in-game");
      document.documentElement.style.removeProperty("--move-bar");
      turnTitle(false);
      app.onSettings.splice(app.onSettings.indexOf(onSettings), 1);
    },
  };
}
