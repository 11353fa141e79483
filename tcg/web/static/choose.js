// Choosing field by field (issue 37 item 1): the decision panel draws the server's step
// (tcg/core/choosing.py, sent as the state message's `choice` and as `choice` messages): the
// question naming the card that asks, the field's options as buttons (the first field grouped as
// the presentation groups actions), a set as toggles with a count and Confirm, a payment as the
// safe default way with one row per source to change it, a running summary, Back and Confirm.
// Board cards that are options are highlighted and clickable; hovering a button marks its card.
//
// Few clicks: an option that fixes the action (or leaves only the payment, paid the default
// way) answers on one click, with "pay another way…" beside it to open its pay step; a way that
// costs your own card asks first (safe.js). A button that answers carries `data-index` (its
// place in the step), one that opens the next field `data-option`; keys.js numbers them.
import { $, el, hideTip } from "/static/common.js";
import { closeMenu, drawDecision } from "/static/actions.js";
import { confirmText } from "/static/safe.js";

let page = null; // {message, send}: the state drawn and the socket's send
let step = null; // the step shown

// The panel for a state message: its first step, or (no step: not this seat's decision) the
// waiting / spectator panel of actions.js.
export function drawChoice(message, send, act) {
  page = { message, send };
  wired = []; // a new board: the old nodes are gone
  if (!message.choice) {
    step = null;
    drawDecision(message, act);
    $("#actions").dispatchEvent(new CustomEvent("drawn", { bubbles: true }));
    return;
  }
  show(message.choice);
  queueMicrotask(reveal); // once the page is drawn whole (the battle line under the prompt, too)
}

// On a phone the decision panel is docked over the bottom of the page: the cards a decision
// offers, and your hand, are scrolled up from under it -- as far as the prompt and the highest
// of them stay on the screen.
function reveal() {
  if (!matchMedia("(max-width: 700px)").matches) return;
  const panel = $("#actions").getBoundingClientRect();
  const rects = [...document.querySelectorAll("#board .card.playable, #board .side.mine .zone.hand .card")]
    .map((n) => n.getBoundingClientRect()).filter((r) => r.height);
  if (!rects.length) return;
  const under = Math.max(...rects.map((r) => r.bottom)) - panel.top + 4;
  const prompt = $("#prompt").getBoundingClientRect();
  const room = Math.min(...rects.map((r) => r.top), prompt.height ? prompt.top : Infinity);
  if (under > 0 && room > 0) window.scrollBy(0, Math.min(under, room));
}

// A `choice` message: the step a path led to (one for an older decision is dropped).
export function showChoice(reply) {
  if (!page || reply.decision !== page.message.decision_id) return;
  show(reply);
}

// The step shown, for keys.js: Space takes its default.
export function currentStep() { return step; }

function choose(path, picked = null) {
  page.send({ type: "choose", decision: page.message.decision_id, path, ...(picked ? { picked } : {}) });
}

function play(path, harm, text, picked = null) {
  const go = () => {
    document.body.dataset.sent = String(page.message.decision_id);
    page.send({ type: "act", decision: page.message.decision_id, path, ...(picked ? { picked } : {}) });
  };
  if (harm) confirmText(page.message.ui, `${text} — ${harm}`, go); else go();
}

// An option answers on one click when it fixes the action or leaves only the payment.
const answers = (o) => o.complete || Boolean(o.ways) || Boolean(o.harm);

function show(s) {
  step = s;
  closeMenu();
  hideTip();
  const root = $("#actions");
  const ui = page.message.ui;
  root.replaceChildren();
  root.dataset.mode = s.mode;
  // the question; the same words as the page's prompt (no card asks) are not shown twice on a phone
  const same = s.question === page.message.board.header.prompt ? " same" : "";
  root.append(el("div", { class: `prompt step-question${same}` }, s.question));
  const summary = s.summary || (s.mode !== "pick" && s.complete ? s.complete.text : "");
  if (summary) root.append(el("div", { class: "step-summary" }, summary));
  if (s.mode === "pick") drawPick(root, s);
  else if (s.mode === "toggle") drawToggles(root, s, ui);
  else if (s.mode === "pay") drawPay(root, s, ui);
  const bar = footer(s, ui);
  if (bar.childElementCount) root.append(bar);
  wireBoard(s);
  root.dispatchEvent(new CustomEvent("drawn", { bubbles: true }));
}

function groupLabel(group) {
  return page.message.groups.find((g) => g.group === group)?.label ?? group;
}

function drawPick(root, s) {
  let group = undefined;
  if (s.path.length) root.append(el("h3", {}, s.field_label));
  s.options.forEach((o, i) => {
    if (!s.path.length && o.group !== group) {
      group = o.group;
      root.append(el("h3", {}, groupLabel(group)));
    }
    root.append(optionButton(o, i, s));
  });
}

function optionButton(o, i, s) {
  const attrs = { class: `option${o.harm ? " harm" : ""}${i === s.default ? " default" : ""}`, "data-kind": o.kind,
                  "data-card-id": o.card ?? null, "data-group": o.group ?? null, "data-type": o.type ?? null,
                  onmouseenter: () => mark(o.card, true, o.place), onmouseleave: () => mark(o.card, false, o.place) };
  const click = () => (answers(o) ? play(o.path, o.harm, o.label) : choose(o.path));
  const button = el("button", { ...attrs, [answers(o) ? "data-index" : "data-option"]: i, onclick: click },
    o.label);
  if (!o.ways || o.ways < 2) return button;
  const other = el("button", { class: "pay-other", "data-option": i, onclick: () => choose(o.path) },
    (page.message.ui.pay_another || "pay another way…"));
  return el("div", { class: "option-row" }, button, other);
}

function drawToggles(root, s, ui) {
  root.append(el("h3", {}, `${s.field_label} · ${(ui.chosen_n || "{n} chosen").replace("{n}", s.picked.length)}`));
  const box = el("div", { class: "toggles" });
  for (const o of s.options) box.append(toggleButton(o, s));
  root.append(box);
}

function toggleButton(o, s) {
  return el("button", { class: `toggle ${o.selected ? "on" : ""}`, "aria-pressed": String(Boolean(o.selected)),
    "data-card-id": o.card ?? null, "data-token": o.token, ...(o.enabled ? {} : { disabled: "" }),
    onmouseenter: () => mark(o.card, true), onmouseleave: () => mark(o.card, false),
    onclick: () => toggle(o, s) }, `${o.selected ? "✓ " : ""}${o.label}`);
}

function toggle(o, s) {
  if (!o.enabled) return;
  const picked = s.picked.includes(o.token) ? s.picked.filter((t) => t !== o.token) : [...s.picked, o.token];
  choose(s.path, picked);
}

function drawPay(root, s, ui) {
  if (s.picked !== null) drawToggles(root, s, ui);
  if (s.rows.length) root.append(el("h3", {}, ui.pay_sources || "Pay from"));
  let field = null;
  for (const row of s.rows) {
    if (row.field !== field && new Set(s.rows.map((r) => r.field)).size > 1) {
      field = row.field;
      root.append(el("h4", { class: "pay-field" }, field));
    }
    root.append(el("div", { class: "pay-row", "data-card-id": row.card ?? null,
                            onmouseenter: () => mark(row.card, true), onmouseleave: () => mark(row.card, false) },
      el("span", { class: "pay-source" }, row.label),
      row.options.map((o) => el("button", { class: `pay-choice ${o.selected ? "on" : ""}`,
        "aria-pressed": String(Boolean(o.selected)), onclick: () => { if (!o.selected) choose(o.path); } }, o.label))));
  }
}

function footer(s, ui) {
  const bar = el("div", { class: "step-bar" });
  if (s.harm) bar.append(el("div", { class: "harm-text" }, s.harm));
  if (s.back !== null) bar.append(el("button", { class: "back", onclick: () => choose(s.back) }, ui.back || "Back"));
  if (s.mode !== "pick") {
    const ready = s.complete || s.next;
    const confirm = el("button", { class: `confirm ${s.harm ? "harm" : ""}`, ...(ready ? { "data-index": "confirm" } : { disabled: "" }),
      onclick: () => {
        if (s.complete) play(s.complete.path, s.harm, s.complete.text);
        else if (s.next) choose(s.next);
      } }, ui.step_confirm || "Confirm");
    bar.append(confirm);
  }
  return bar;
}

// ---------------------------------------------------------------- the board
// The board's card nodes a thing means: its card by id, or (a face-down card whose id is not
// shown: a shield) the card at its place.
function nodesOf(card, place) {
  if (card !== null && card !== undefined) return [...document.querySelectorAll(`#board .card[data-card-id="${card}"]`)];
  if (!place) return [];
  const zone = document.querySelector(`#board .side[data-seat="${place.seat}"] .zone[data-zone="${place.zone}"]`);
  const node = zone ? zone.querySelectorAll(".card")[place.index] : null;
  return node ? [node] : [];
}

// Each card an option, a toggle or a payment's source means: highlighted, clicked as that
// button (a card meaning several options opens a menu of them).
let wired = []; // [node, handler] of the step shown: undone before the next step's (same board)
function unwire() {
  for (const [node, handler] of wired) {
    node.removeEventListener("click", handler);
    node.classList.remove("playable", "chosen", "hover-target");
  }
  wired = [];
}

function wireBoard(s) {
  unwire();
  const byNode = new Map();
  const add = (nodes, entry) => {
    for (const node of nodes) {
      if (!byNode.has(node)) byNode.set(node, []);
      byNode.get(node).push(entry);
    }
  };
  if (s.mode === "pick") s.options.forEach((o, i) => add(nodesOf(o.card, o.place), { label: o.label, go: () => button(i).click() }));
  if (s.picked !== null) {
    for (const o of s.options) {
      if (o.enabled) add(nodesOf(o.card, o.place), { label: o.label, go: () => toggle(o, s) });
      for (const node of nodesOf(o.card, o.place)) {
        node.classList.toggle("chosen", Boolean(o.selected));
        wired.push([node, null]);
      }
    }
  }
  for (const row of s.rows) {
    const at = row.options.findIndex((o) => o.selected);
    const next = row.options[(at + 1) % row.options.length];
    if (row.options.length > 1) add(nodesOf(row.card), { label: `${row.label}: ${next.label}`, go: () => choose(next.path) });
  }
  for (const [node, entries] of byNode) {
    node.classList.add("playable");
    const handler = (e) => {
      e.stopPropagation();
      hideTip();
      if (entries.length === 1) entries[0].go(); else cardMenu(e, entries);
    };
    node.addEventListener("click", handler);
    wired.push([node, handler]);
  }
}

function button(i) {
  return $(`#actions [data-index="${i}"], #actions [data-option="${i}"]`);
}

function cardMenu(event, entries) {
  closeMenu();
  const menu = el("div", { class: "menu", role: "menu" },
    entries.map((entry) => el("button", { onclick: () => { closeMenu(); entry.go(); } }, entry.label)));
  menu.style.left = `${Math.min(event.clientX, innerWidth - 260)}px`;
  menu.style.top = `${event.clientY}px`;
  document.body.append(menu);
  setMenu(menu);
}

let openMenu = null;
function setMenu(menu) { openMenu = menu; }
export function closeCardMenu() { if (openMenu) { openMenu.remove(); openMenu = null; return true; } return false; }
document.addEventListener("click", () => closeCardMenu());

// A button's card, marked on the board while the pointer is on the button (same-named cards
// told apart).
function mark(card, on, place = null) {
  for (const node of nodesOf(card, place)) node.classList.toggle("hover-target", on);
}
