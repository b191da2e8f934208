// Replay and review: step through a game (from its page, up to now) or a record opened from a
// file, move by move, with each move in words and the engine's review when the record has one.
// The server checks the record under the rules and sends every position (docs/api.md, "Replays").
import { app, cap, el, errorText, num, seatName, t, tokenFor, word } from "./core.js";
import { boardCard, centreView, factoryView, specialsLegend } from "./board.js";
import { GameSocket } from "./socket.js";
import { ensureDefs } from "./tiles.js";

const NO_PICK = { picked: null, selectable: () => false, pick: () => {} };

async function fetchReplay(url, options) {
  let res;
  try {
    res = await fetch(url, options);
  } catch {
    throw { code: "network", message: t("error.network") };
  }
  const ct = res.headers.get("content-type") || "";
  const data = ct.includes("json") ? await res.json() : null;
  if (!res.ok) throw (data && data.error) || { code: "generic", message: String(res.status) };
  return data;
}

const query = () => `lang=${encodeURIComponent(app.settings.lang)}&theme=${encodeURIComponent(app.theme?.key || "classic")}`;

// The page at /replay/{game} (a game one has a token for) or /replay (open a record).
export async function showReplay(root, gameId, hashToken) {
  ensureDefs();
  let data = null;      // the server's replay
  let index = 0;        // the frame shown
  let recordText = null; // the record opened from a file (sent again when the language changes)
  let error = null;
  let reviewing = false; // the server is reviewing the game
  let reviewedRecord = null; // the record with the server's review, to download
  let gone = false;      // the page was left (an answer that comes late draws nothing)
  let socket = null;     // a running game's live connection: the replay follows its moves
  let seen = null;       // the game version the replay was last fetched for
  let loading = null;    // the fetch under way (one at a time; a move meanwhile fetches again)
  let again = false;
  const token = gameId ? hashToken || tokenFor(gameId) : null;
  if (gameId && hashToken) history.replaceState(null, "", `/replay/${gameId}`);

  // Fetch the replay (of the game, or of `text`: a record opened from a file). On an error the
  // replay shown before stays, with the error above it.
  async function load(text = recordText) {
    try {
      if (gameId && reviewedRecord === null) {
        data = await fetchReplay(`/api/games/${encodeURIComponent(gameId)}/replay?${query()}`,
          { headers: { Authorization: `Bearer ${token}` } });
      } else {
        // a record from a file, or the game once the server reviewed it (in the new language)
        const body = gameId ? JSON.stringify(reviewedRecord) : text;
        if (body !== null) {
          const got = await fetchReplay(`/api/replay?${query()}`,
            { method: "POST", headers: { "Content-Type": "application/json" }, body });
          if (!gameId && text !== recordText) index = 0;
          data = got;
          if (!gameId) recordText = text;
        }
      }
      error = null;
    } catch (err) {
      error = errorText(err);
    }
    index = Math.min(index, data ? data.frames.length - 1 : 0);
    render();
    follow();
  }

  // A running game's replay follows it: a new version from the game's socket fetches the replay
  // again, and one looking at the latest move is moved on to the new latest. Stops at the end.
  function follow() {
    if (!gameId || !token || gone || reviewedRecord !== null) return;
    if (data && data.over) {
      socket?.close();
      socket = null;
      return;
    }
    if (socket || !data) return;
    socket = new GameSocket(gameId, token, {
      onView: (view) => {
        if (seen === null) seen = view.version;
        if (view.version !== seen) {
          seen = view.version;
          refresh();
        }
      },
      onError: () => {},
      onStatus: () => {},
    });
  }

  async function refresh() {
    if (loading) {
      again = true;
      return;
    }
    const atEnd = data !== null && index === data.frames.length - 1;
    loading = load();
    await loading;
    loading = null;
    if (atEnd && data) go(data.frames.length - 1);
    if (again && !gone) {
      again = false;
      refresh();
    }
  }

  // The engine review of a finished game, run by the server (a few seconds, once per game).
  async function reviewGame() {
    if (reviewing) return;
    reviewing = true;
    render();
    try {
      const got = await fetchReplay(`/api/games/${encodeURIComponent(gameId)}/review?${query()}`,
        { method: "POST", headers: { Authorization: `Bearer ${token}` } });
      reviewedRecord = got.record;
      delete got.record;
      data = got;
      error = null;
    } catch (err) {
      error = errorText(err);
    }
    reviewing = false;
    render();
  }

  function downloadReviewed() {
    const blob = new Blob([JSON.stringify(reviewedRecord, null, 1)], { type: "application/json" });
    const a = el("a", { href: URL.createObjectURL(blob), download: `azulejos-${gameId}.review.json` });
    document.body.append(a);
    a.click();
    a.remove();
  }

  async function openFile(file) {
    if (!file) return;
    if (file.size > app.meta.max_record) {
      error = t("replay.too_large", { n: Math.floor(app.meta.max_record / 1024) });
      render();
      return;
    }
    await load(await file.text());
  }

  function go(i) {
    if (!data) return;
    index = Math.max(0, Math.min(data.frames.length - 1, i));
    render();
  }

  // Keep the current move in sight inside the move list (the list only: the page stays put).
  function centreCurrent() {
    const list = document.getElementById("replay-moves");
    const item = list?.querySelector(`[data-frame="${index}"]`);
    if (list && item) list.scrollTop = Math.max(0, item.offsetTop - list.clientHeight / 2);
  }

  function onKey(e) {
    if (!data || e.target.closest?.("input, select, textarea")) return;
    const keys = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: data.frames.length - 1 };
    if (e.key in keys) {
      e.preventDefault();
      go(keys[e.key]);
    }
  }
  document.addEventListener("keydown", onKey);

  function opener() {
    const input = el("input", { type: "file", id: "record-file", accept: ".json,application/json",
      onchange: (e) => openFile(e.target.files[0]) });
    const zone = el("div", { class: "card drop-zone", id: "drop-zone" },
      el("h2", { text: t("replay.open_title") }),
      el("p", { text: t("replay.open_text") }),
      el("label", { class: "button", for: "record-file", text: t("replay.choose") }), input);
    zone.addEventListener("dragover", (e) => { e.preventDefault(); zone.classList.add("over"); });
    zone.addEventListener("dragleave", () => zone.classList.remove("over"));
    zone.addEventListener("drop", (e) => {
      e.preventDefault();
      zone.classList.remove("over");
      openFile(e.dataTransfer?.files?.[0]);
    });
    return zone;
  }

  // The frame as a game view, for the board code (a spectator's view of that position).
  function viewOf(frame) {
    return { ...frame.table, players: data.players, variant: data.variant, seats: data.seats,
      you: { role: "spectator", seats: [], left: [] } };
  }

  const nameOf = (seat) => seatName(data.seats[seat], seat);

  function controls() {
    const last = data.frames.length - 1;
    const button = (id, key, to, disabled) => el("button", {
      type: "button", class: "ghost", id, text: t(key), disabled, onclick: () => go(to),
    });
    return el("div", { class: "replay-controls", role: "group", "aria-label": t("replay.title") },
      button("replay-first", "replay.first", 0, index === 0),
      button("replay-prev", "replay.prev", index - 1, index === 0),
      el("span", { id: "replay-pos", text: t("replay.position", { i: index, n: last }) }),
      button("replay-next", "replay.next", index + 1, index === last),
      button("replay-last", "replay.last", last, index === last));
  }

  function description(frame) {
    const lines = [el("strong", { id: "replay-text", text: frame.text })];
    for (const s of frame.tiling_text || []) lines.push(el("span", { class: "tiling-line", text: s }));
    if (frame.review) {
      const bad = frame.review.lost >= data.review.mistake_points;
      lines.push(el("span", { id: "replay-review", class: `review-line${bad ? " mistake" : ""}`, text: frame.review.text }));
      // the engine's move in words, as the move itself is told
      if (frame.review.best_text) lines.push(el("span", { id: "replay-best", class: "review-line", text: t("replay.best_said", { best: frame.review.best_text }) }));
    }
    return el("div", { class: "action-bar replay-text" }, el("div", { class: "preview-text" }, ...lines));
  }

  function moveList() {
    const items = [];
    data.frames.forEach((f, i) => {
      const current = i === index ? " current" : "";
      if (f.move === null) {
        items.push(el("li", { class: `round-head${current}` },
          el("button", { type: "button", "data-frame": String(i), onclick: () => go(i), text: t("game.round", { n: f.round }) })));
        return;
      }
      const lost = f.review && f.review.lost >= data.review.mistake_points
        ? el("span", { class: "lost", text: num(-f.review.lost) }) : null;
      items.push(el("li", { class: `move${current}`, "data-seat": String(f.seat) },
        el("button", { type: "button", "data-frame": String(i), "aria-current": i === index ? "step" : null,
          title: f.text, "aria-label": f.text, onclick: () => go(i) }, el("span", { class: "who", text: nameOf(f.seat) }), " ", el("code", { text: f.move }), lost ? " " : null, lost)));
    });
    return el("details", { class: "card log", open: true },
      el("summary", { text: t("replay.moves") }), el("ol", { id: "replay-moves", class: "replay-moves" }, ...items));
  }

  // A mistake in words: the move played and the engine's choice, as the frames tell moves.
  const said = (m) => t("replay.mistake_said",
    { round: m.round, number: m.number, move: m.move_text, best: m.best_text, lost: num(-m.lost) });

  function reviewPanel() {
    if (!data.review && gameId && data.over) {
      return el("div", { class: "card review", id: "review" },
        el("button", { type: "button", class: "primary", id: "review-game", disabled: reviewing,
          text: t(reviewing ? "replay.reviewing" : "replay.review_game"), onclick: reviewGame }));
    }
    if (!data.review) return el("p", { class: "card muted", id: "no-review", text: t("replay.no_review") });
    const players = data.seats.map((s, seat) => {
      const mine = data.review.mistakes[seat];
      const rows = mine.map((m) => el("li", {}, el("button", {
        type: "button", class: "link", "data-frame": String(m.frame), onclick: () => go(m.frame),
        ...(m.move_text && m.best_text ? { title: said(m), "aria-label": said(m) } : {}),
        text: t("replay.mistake", { round: m.round, number: m.number, move: m.move, best: m.best, lost: num(-m.lost) }),
      })));
      return el("div", { class: "mistakes", "data-seat": String(seat) },
        el("h3", { text: t("replay.mistakes", { name: nameOf(seat) }) }),
        rows.length ? el("ol", {}, ...rows)
          : el("p", { class: "muted", text: t("replay.no_mistakes", { n: data.review.mistake_points, points: num(data.review.mistake_points) }) }));
    });
    const download = reviewedRecord ? el("button", { type: "button", class: "ghost small", id: "download-reviewed",
      text: t("replay.download_reviewed"), onclick: downloadReviewed }) : null;
    return el("details", { class: "card review", id: "review", open: true },
      el("summary", { text: t("replay.review") }), ...players, download);
  }

  function render() {
    if (gone) return;
    const head = el("div", { class: "game-head" },
      el("strong", { class: "status", text: t("replay.title") }),
      gameId ? el("a", { href: `/play/${gameId}`, class: "button ghost small", id: "replay-back", text: t("replay.back") }) : null);
    if (!data) {
      const notice = error ? el("p", { class: "card notice error", id: "replay-error", role: "alert", text: error }) : null;
      root.replaceChildren(el("div", { class: "replay" }, head, notice,
        gameId ? (error ? null : el("p", { class: "loading", text: t("replay.loading") })) : opener()));
      return;
    }
    const frame = data.frames[index];
    const view = viewOf(frame);
    const table = el("section", { class: "table", "aria-label": cap(word("factories")) },
      el("div", { class: "factories" }, ...view.factories.map((_, i) => factoryView(view, i, NO_PICK))),
      centreView(view, NO_PICK), specialsLegend(view));
    const boards = el("section", { class: "boards" },
      ...data.seats.map((_, seat) => boardCard(view, seat, { tiling: frame.tiling })));
    const notes = [];
    if (!data.over) notes.push(el("p", { class: "muted", id: "replay-running", text: t("replay.up_to_now") }));
    if (error) notes.push(el("p", { class: "notice error", id: "replay-error", role: "alert", text: error }));
    root.replaceChildren(el("div", { class: "game replay", "data-frame": String(index) },
      head, ...notes,
      el("div", { class: "game-grid" },
        el("div", { class: "play-area" }, controls(), table, description(frame), boards),
        el("aside", { class: "side" }, moveList(), reviewPanel(), gameId ? null : opener()))));
    centreCurrent();
  }

  const onSettings = () => (data || recordText !== null ? load() : render());
  app.onSettings.push(onSettings);
  if (gameId && !token) {
    error = t("error.bad_token");
    render();
  } else {
    render();
    if (gameId) await load();
  }
  return {
    leave() {
      gone = true;
      socket?.close();
      document.removeEventListener("keydown", onKey);
      app.onSettings.splice(app.onSettings.indexOf(onSettings), 1);
    },
  };
}
