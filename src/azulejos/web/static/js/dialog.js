// Modal dialogs (role=dialog, aria-modal=true): Tab and Shift+Tab stay inside the open one,
// Escape closes it when it can be closed (`modal(node, {onEscape})`), and `settleDialogFocus`
// puts focus into a dialog when it opens and back where it came from when it closes.

const FOCUSABLE = "a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), "
  + "textarea:not([disabled]), summary, [tabindex]:not([tabindex='-1'])";
const escapes = new WeakMap();  // dialog → what Escape does

// The open modal dialog on top (the last one in the page), or null.
export function openDialog() {
  const all = document.querySelectorAll("[role=dialog][aria-modal=true]");
  return all.length ? all[all.length - 1] : null;
}

export function focusables(node) {
  return [...node.querySelectorAll(FOCUSABLE)].filter((x) => x.getClientRects().length > 0);
}

// Mark `node` as a modal dialog; `onEscape` (optional) closes it.
export function modal(node, { onEscape = null } = {}) {
  if (onEscape) escapes.set(node, onEscape);
  return node;
}

document.addEventListener("keydown", (e) => {
  const dialog = openDialog();
  if (!dialog) return;
  if (e.key === "Escape") {
    const close = escapes.get(dialog);
    if (close) { e.preventDefault(); e.stopPropagation(); close(); }
    return;
  }
  if (e.key !== "Tab") return;
  const items = focusables(dialog);
  if (!items.length) { e.preventDefault(); return; }
  const first = items[0];
  const last = items[items.length - 1];
  const inside = dialog.contains(document.activeElement);
  if (e.shiftKey && (!inside || document.activeElement === first)) { e.preventDefault(); last.focus(); }
  else if (!e.shiftKey && (!inside || document.activeElement === last)) { e.preventDefault(); first.focus(); }
}, true);

// After a page is drawn again: when a dialog has opened since the last call, focus its
// `[data-autofocus]` element (else its first control) and remember `opener` (a selector of what
// had focus); when it has closed, focus the opener again (or `fallback`). Returns true when it
// moved focus.
export function settleDialogFocus(state, opener, fallback = null) {
  const dialog = openDialog();
  const id = dialog ? dialog.id || "dialog" : null;
  if (id === state.open) return false;
  const was = state.open;
  state.open = id;
  if (dialog) {
    if (!was) state.opener = opener;
    const target = dialog.querySelector("[data-autofocus]") || focusables(dialog)[0] || dialog;
    if (target === dialog) dialog.setAttribute("tabindex", "-1");
    target.focus();
    return true;
  }
  const back = (state.opener && document.querySelector(state.opener)) || (fallback && document.querySelector(fallback));
  state.opener = null;
  if (back) { back.focus({ preventScroll: true }); return true; }
  return false;
}
