// The opponent seen acting (issue 37 item 4): the cards the opponent's last action named are
// marked on the board (the server lists those this seat may see, `acted`); while the opponent
// decides the panel says so; the moment this seat answers, its buttons and cards stop answering
// (no second click), and a stale answer's refusal is not shown. While the server answers for this
// seat under its stops (`autopass`), the panel says that instead of offering buttons.
import { $, el } from "/static/common.js";

let answeredId = null;

// The page's own sheet for these marks (CSP: a stylesheet of this origin).
if (!document.querySelector('link[href="/static/flow.css"]')) {
  document.head.append(el("link", { rel: "stylesheet", href: "/static/flow.css" }));
}

function disable() {
  document.body.classList.add("answered");
  for (const b of document.querySelectorAll("#actions button, .menu button")) b.disabled = true;
}

// Called before an answer is sent: false if this decision was already answered from this page.
export function answering(message) {
  if (!message || answeredId === message.decision_id) return false;
  answeredId = message.decision_id;
  disable();
  return true;
}

// Whether the page keeps an error to itself: a stale answer's (an answer to a decision already
// answered: a second tab, a click that crossed the server's own answer for this seat). After any
// other refusal the decision may be answered again.
export function silent(error) {
  if (error.code === "stale") return true;
  answeredId = null;
  document.body.classList.remove("answered");
  for (const b of document.querySelectorAll("#actions button")) b.disabled = false;
  return false;
}

export function drawFlow(message) {
  if (message.decision_id === answeredId) disable(); else document.body.classList.remove("answered");
  const acted = message.acted?.cards || [];
  for (const id of acted) {
    for (const node of document.querySelectorAll(`#board .card[data-card-id="${Number(id)}"]`)) node.classList.add("acted");
  }
  for (const item of document.querySelectorAll("#stack li[data-card-id]")) {
    if (acted.includes(Number(item.dataset.cardId))) item.classList.add("acted");
  }
  document.body.dataset.deciding = message.deciding === null || message.deciding === undefined ? "" : String(message.deciding);
  if (message.over || message.seat === null) return;
  const ui = message.ui;
  if (message.autopass) {
    $("#actions").replaceChildren(el("div", { class: "dim flow-status", id: "autopass" }, (message.autopay ? ui.autopaying : ui.autopassing) || "…"));
  } else if (message.deciding !== null && message.deciding !== message.seat) {
    const root = $("#actions");
    const waiting = [...root.children].find((n) => n.textContent === ui.waiting);
    const thinking = el("div", { class: "flow-status", id: "thinking" }, ui.opponent_thinking || "…");
    if (waiting) waiting.replaceWith(thinking); else root.prepend(thinking);
  }
}
