// The stops panel of a game page (issue 37 item 3): Master Duel's Auto / On / Off for response
// windows, MTGO's phase stops, for your turn and the opponent's, and MTG Arena's auto-tap: a
// payment made the default way for you, or asked (Payments: auto / ask). Remembered by this browser
// per game (localStorage "tcg.stops.<game>"), sent to the server -- which answers for this seat
// under them -- after each hello and at each change. Without a stop, the server passes for you
// where you could only move on (docs/web.md, "Auto-pass and stops").
import { $, el } from "/static/common.js";

const RESPONSES = ["auto", "on", "off"];
const PAYMENTS = ["auto", "ask"];
let panel = null;
let drawnFor = "";
let sent = "";

const key = (game) => `tcg.stops.${game}`;

// This browser's stops for `game`, only with phases the game has (a default: Auto, no phase
// stop, payments made for you).
export function loadStops(game, phases) {
  let saved = {};
  try { saved = JSON.parse(localStorage.getItem(key(game)) || "{}") || {}; } catch { saved = {}; }
  const known = new Set(phases.map((p) => p.key));
  const list = (v) => (Array.isArray(v) ? [...new Set(v.filter((p) => known.has(p)))].sort() : []);
  return { responses: RESPONSES.includes(saved.responses) ? saved.responses : "auto",
           mine: list(saved.mine), theirs: list(saved.theirs),
           payments: PAYMENTS.includes(saved.payments) ? saved.payments : "auto" };
}

function saveStops(game, stops) { localStorage.setItem(key(game), JSON.stringify(stops)); }

// The summary line: the response mode, and the payments in a game that has some to make for
// you ("Stops: Auto · auto-pay").
const summaryText = (ui, stops, pays) => `${ui.stops || "Stops"}: ${ui[`stops_${stops.responses}_short`] || stops.responses}`
  + (pays ? ` · ${ui[`stops_pay_${stops.payments}_short`] || stops.payments}` : "");

function build(message, send) {
  const ui = message.ui;
  const phases = message.stop_phases || [];
  const stops = loadStops(message.game, phases);
  const pays = Boolean(message.stop_payments);  // the game has payments the server can make for you
  const changed = () => {
    const now = {
      responses: panel.querySelector("input[name=responses]:checked")?.value || "auto",
      mine: [...panel.querySelectorAll("input[data-side=mine]:checked")].map((i) => i.value).sort(),
      theirs: [...panel.querySelectorAll("input[data-side=theirs]:checked")].map((i) => i.value).sort(),
      payments: panel.querySelector("input[name=payments]:checked")?.value || "auto",
    };
    saveStops(message.game, now);
    summary.textContent = summaryText(ui, now, pays);
    sent = JSON.stringify(now);
    send({ type: "stops", ...now });
  };
  const radio = (mode) => el("label", {}, el("input", { type: "radio", name: "responses", value: mode,
    ...(stops.responses === mode ? { checked: "" } : {}), onchange: changed }), " ", ui[`stops_${mode}`] || mode);
  const pay = (mode) => el("label", {}, el("input", { type: "radio", name: "payments", value: mode,
    ...(stops.payments === mode ? { checked: "" } : {}), onchange: changed }), " ", ui[`stops_pay_${mode}`] || mode);
  const boxes = (side) => el("div", { class: "phases" }, phases.map((p) => el("label", {},
    el("input", { type: "checkbox", value: p.key, "data-side": side,
                  ...(stops[side].includes(p.key) ? { checked: "" } : {}), onchange: changed }), " ", p.label)));
  const summary = el("summary", {}, summaryText(ui, stops, pays));
  // the settings open over the log (never taking the decision panel's room), inside the screen
  const body = el("div", { class: "stops-body" },
    el("fieldset", { id: "stops-responses" }, el("legend", {}, ui.stops_responses || "Responses"), RESPONSES.map(radio)),
    pays ? el("fieldset", { id: "stops-payments" }, el("legend", {}, ui.stops_payments || "Payments"), PAYMENTS.map(pay)) : null,
    el("fieldset", { id: "stops-mine" }, el("legend", {}, ui.stops_mine || "Your turn"), boxes("mine")),
    el("fieldset", { id: "stops-theirs" }, el("legend", {}, ui.stops_theirs || "Opponent's turn"), boxes("theirs")),
    el("p", { class: "hint" }, ui.stops_hint || ""));
  const details = el("details", { class: "stops", id: "stops" }, summary, body);
  details.addEventListener("toggle", () => place(details, summary, body));
  return details;
}

// Below the summary where the screen has room for it, else above it (a phone: in the page).
function place(details, summary, body) {
  body.removeAttribute("style");
  if (!details.open || matchMedia("(max-width: 700px)").matches) return;
  const r = summary.getBoundingClientRect();
  const below = innerHeight - r.bottom - 8;
  const style = { left: `${details.getBoundingClientRect().left}px`, width: `${details.offsetWidth}px` };
  if (below >= 260 || below >= r.top) Object.assign(style, { top: `${r.bottom}px`, maxHeight: `${below}px` });
  else Object.assign(style, { bottom: `${innerHeight - r.top}px`, maxHeight: `${r.top - 8}px` });
  Object.assign(body.style, style);
}

// Called with every state message: the panel (drawn again in another language), and this
// seat's stops sent when the server holds other ones (a new connection, a restarted server).
export function drawStops(message, send) {
  if (message.seat === null || message.over) { if (panel) panel.hidden = true; return; }
  const id = `${message.game}|${message.lang}`;
  if (drawnFor !== id) {
    const open = panel?.open;
    panel?.remove();
    panel = build(message, send);
    panel.open = Boolean(open);
    $("#actions").after(panel);
    drawnFor = id;
  }
  panel.hidden = false;
  if (message.log_from === 0) sent = "";  // a new connection: the server may hold none
  const wanted = JSON.stringify(loadStops(message.game, message.stop_phases || []));
  const held = message.stops ? JSON.stringify({ responses: message.stops.responses, mine: message.stops.mine,
                                                theirs: message.stops.theirs, payments: message.stops.payments }) : "";
  if (held !== wanted && sent !== wanted) {
    sent = wanted;
    send({ type: "stops", ...JSON.parse(wanted) });
  }
}
