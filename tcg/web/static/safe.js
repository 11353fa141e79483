// Safe defaults (issue 37, item 2): a way that costs you a card (Battle Spirits: it depletes
// one of your spirits) says so in its text (the server adds "— depletes X" and lists the cards
// in `harm`), is drawn marked, and is sent only once confirmed here; any other way at once.
// The server already lists the harmless ways first (Presentation.way_views / grouped).
import { $, el } from "/static/common.js";

export function closeConfirm() { $("#harm-confirm")?.remove(); }

// Answers `i` now, or after the person confirms a way that costs them a card.
export function confirmHarm(message, i, answer) {
  closeConfirm();
  const a = message.actions[i];
  if (!a.harm || !a.harm.length) { answer(i); return; }
  confirmText(message.ui, a.text, () => answer(i));
}

// Asks to confirm `text` (an action that costs a card, in words), then calls `go`; Back (or
// Esc, keys.js) closes it and nothing is sent. The field-by-field panel (choose.js) uses it too.
export function confirmText(ui, text, go) {
  closeConfirm();
  const box = el("div", { id: "harm-confirm", class: "harm-confirm", role: "alertdialog" },
    el("div", { class: "harm-text" }, (ui.harm_confirm || "{action}").replace("{action}", text)),
    el("button", { class: "confirm", onclick: (e) => { e.stopPropagation(); closeConfirm(); go(); } },
      ui.confirm || "OK"),
    el("button", { class: "back", onclick: (e) => { e.stopPropagation(); closeConfirm(); } }, ui.back || "Back"));
  $("#actions").prepend(box);
  box.scrollIntoView({ block: "nearest" });
  box.querySelector("button.confirm").focus();
}

// The class of an action's button: harmful ways are marked.
export function harmClass(a) { return a.harm && a.harm.length ? "harm" : ""; }
