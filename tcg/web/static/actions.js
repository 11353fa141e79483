// The decision panel of a game page: this seat's legal actions as buttons, and as clicks on the
// board's cards (a card standing for several actions opens a small menu). `act(index)` is the
// page's one way to answer (game.js sends it with the decision id).
import { $, el, hideTip } from "/static/common.js";
import { confirmHarm, harmClass } from "/static/safe.js";

let menu = null;
let act = () => {};

export function closeMenu() { if (menu) { menu.remove(); menu = null; } }

function showMenu(event, message, indexes) {
  closeMenu();
  menu = el("div", { class: "menu", role: "menu" },
    indexes.map((i) => el("button", { "data-index": i, class: harmClass(message.actions[i]), onclick: () => act(i) },
      message.actions[i].text)));
  menu.style.left = `${event.clientX}px`;
  menu.style.top = `${event.clientY}px`;
  document.body.append(menu);
}

// Draws the panel and wires the board for `message`; `answer(index)` answers the decision.
export function drawDecision(message, answer) {
  act = (i) => { closeMenu(); confirmHarm(message, i, answer); };
  drawActions(message);
  wireCards(message);
}

function drawActions(message) {
  const root = $("#actions");
  root.replaceChildren();
  const ui = message.ui;
  if (!message.actions.length) {
    root.append(el("div", { class: "dim" }, message.over ? "" : (message.seat === null ? ui.spectator : ui.waiting)));
    if (message.agent && !message.over) root.append(el("div", { class: "dim", id: "agent-status" }, agentStatus(message.agent, ui)));
    return;
  }
  root.append(el("div", { class: "prompt" }, ui.your_decision));
  for (const group of message.groups) {
    root.append(el("h3", {}, group.label));
    for (const block of heads(message.actions, group.actions)) {
      root.append(actionButton(message.actions[block[0]], block[0], group.group));
      if (block.length > 1) root.append(otherWays(message, block.slice(1), group.group));
    }
  }
}

// The agent's search: thinking now, or waiting in the server's queue at a position.
function agentStatus(agent, ui) {
  if (agent.status === "queued") return (ui.agent_queued || "queued: {n}").replace("{n}", agent.position);
  return ui.agent_thinking || "thinking…";
}

function actionButton(a, i, group) {
  return el("button", { "data-index": i, "data-type": a.type, "data-group": group, class: harmClass(a),
                        onclick: () => act(i) }, a.text);
}

// An action's ways (the same card, another payment) follow each other in a group.
function heads(actions, indexes) {
  const blocks = [];
  for (const i of indexes) {
    const last = blocks[blocks.length - 1];
    if (last && actions[last[0]].head === actions[i].head) last.push(i); else blocks.push([i]);
  }
  return blocks;
}

// "N other ways": opened on demand, with a filter when there are many (a Battle Spirits
// summon can be paid in thousands of ways).
const SHOWN_WAYS = 200;
function otherWays(message, indexes, group) {
  const label = (message.ui.other_ways_short || "{n} other ways").replace("{n}", indexes.length);
  const box = el("div", { class: "ways", hidden: "" });
  const filter = el("input", { type: "search", class: "ways-filter", placeholder: "…" });
  const list = el("div", {});
  const fill = () => {
    const words = filter.value.toLowerCase();
    const chosen = indexes.filter((i) => !words || message.actions[i].text.toLowerCase().includes(words));
    list.replaceChildren(...chosen.slice(0, SHOWN_WAYS).map((i) => actionButton(message.actions[i], i, group)),
      chosen.length > SHOWN_WAYS ? el("div", { class: "dim" }, `+${chosen.length - SHOWN_WAYS}`) : "");
  };
  filter.addEventListener("input", fill);
  if (indexes.length > 12) box.append(filter);
  box.append(list);
  const toggle = el("button", { class: "ways-toggle", onclick: () => {
    box.hidden = !box.hidden;
    if (!box.hidden && !list.childElementCount) fill();
  } }, `▸ ${label}`);
  return el("div", {}, toggle, box);
}

function wireCards(message) {
  const byCard = new Map();
  for (const i of message.groups.flatMap((g) => g.actions)) { // the panel's order: an action's default way first
    for (const id of Object.values(message.actions[i].cards || {})) {
      if (!byCard.has(id)) byCard.set(id, []);
      byCard.get(id).push(i);
    }
  }
  for (const node of document.querySelectorAll("#board .card[data-card-id]")) {
    const indexes = byCard.get(Number(node.dataset.cardId));
    if (!indexes) continue;
    node.classList.add("playable");
    node.addEventListener("click", (e) => {
      e.stopPropagation();
      hideTip();
      if (indexes.length === 1) act(indexes[0]); else showMenu(e, message, indexes);
    });
  }
}

document.addEventListener("click", closeMenu);
