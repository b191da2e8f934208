// Passkeys (docs/api.md, "Passkeys"): sign in with one, or add one to the signed-in account,
// through the browser's WebAuthn (the JSON forms of its options and answers).
import { api, el, errorText, t, toast } from "./core.js";

// Whether this browser can use passkeys here (a secure context with WebAuthn's JSON forms).
export function passkeysWork() {
  return Boolean(window.PublicKeyCredential?.parseCreationOptionsFromJSON && window.isSecureContext);
}

// The sign-in button: ``done(account)`` once signed in.
export function passkeySignIn(done) {
  if (!passkeysWork()) return null;
  return el("button", { type: "button", class: "ghost", id: "account-passkey-sign-in", text: t("passkey.sign_in"),
    onclick: async () => {
      try {
        const { options } = await api("/api/session/passkey/options", { method: "POST", body: {} });
        const got = await navigator.credentials.get({ publicKey: PublicKeyCredential.parseRequestOptionsFromJSON(options) });
        if (!got) return;
        done(await api("/api/session/passkey", { method: "POST", body: { credential: got.toJSON() } }));
      } catch (err) { toast(err?.code ? errorText(err) : t("passkey.cancelled"), "error"); }
    } });
}

// The signed-in account's passkeys: how many, and a button that adds one.
export function passkeyForm() {
  if (!passkeysWork()) return null;
  const count = el("span", { class: "hint", id: "passkey-count" });
  async function refresh() {
    try {
      const { passkeys } = await api("/api/account/passkeys");
      count.textContent = t("passkey.count", { n: passkeys.length });
    } catch { count.textContent = ""; }
  }
  refresh();
  return el("div", { class: "account-passkeys field" }, count, " ",
    el("button", { type: "button", id: "passkey-add", text: t("passkey.add"),
      onclick: async () => {
        try {
          const { options } = await api("/api/account/passkeys/options", { method: "POST", body: {} });
          const made = await navigator.credentials.create({ publicKey: PublicKeyCredential.parseCreationOptionsFromJSON(options) });
          if (!made) return;
          await api("/api/account/passkeys", { method: "POST", body: { credential: made.toJSON() } });
          toast(t("passkey.added"));
          refresh();
        } catch (err) { toast(err?.code ? errorText(err) : t("passkey.cancelled"), "error"); }
      } }));
}
