// The battle going on (issue 37 item 5), drawn from `board.battle` (the game's presentation says
// who attacks whom and words the line): the attacker and its target marked on the board (classes
// `attacking` / `attacked` on `#board .card[data-card-id]`, a badge on each, an arrow between
// them), the attacked player's header when the attack is on the player, and the battle line
// ("Kaido 5000 → your Luffy 5000: you need +1000") under the prompt. Nothing here knows a game.
import { $, el } from "/static/common.js";

let shown = null; // the battle last drawn, for the arrow after a resize

// Called after each board is drawn: the board is new, so only the line and the arrow are old.
export function markBattle(board) {
  shown = board.battle || null;
  drawLine(shown);
  document.body.dataset.battle = String(Boolean(shown));
  if (!shown) { drawArrow(null, null); return; }
  const labels = shown.labels || {};
  const attacker = cardsOf(shown.attacker);
  attacker.forEach((node) => mark(node, "attacking", "attacker", labels.attacker));
  const target = shown.target === "player" ? headerOf(shown.defender) : cardsOf(shown.target);
  target.forEach((node) => mark(node, "attacked", "target", labels.target));
  drawArrow(attacker[0], arrowEnd(target[0]));
}

// A player's header is as wide as the board: the arrow points at its badge instead.
function arrowEnd(node) {
  return node && node.tagName === "H2" ? node.querySelector(".battle-badge") : node;
}

function cardsOf(id) {
  return [...document.querySelectorAll(`#board .card[data-card-id="${Number(id)}"]`)];
}

function headerOf(seat) {
  const h = document.querySelector(`#board .side[data-seat="${Number(seat)}"] h2`);
  return h ? [h] : [];
}

function mark(node, cls, role, label) {
  node.classList.add(cls);
  node.append(el("span", { class: `battle-badge ${role}`, "data-battle": role }, `${role === "attacker" ? "⚔" : "◎"} ${label ?? ""}`));
}

function drawLine(battle) {
  let line = $("#battle-line");
  if (!line) {
    line = el("div", { id: "battle-line", class: "battle-line", role: "status" });
    $("#prompt").after(line);
  }
  line.textContent = battle ? battle.line : "";
  line.hidden = !battle;
}

// An arrow from the attacker's centre to the target's edge, over the board (pointer events pass).
function drawArrow(from, to) {
  const board = $("#board");
  $("#battle-arrow")?.remove();
  if (!board || !from || !to) return;
  const box = board.getBoundingClientRect();
  const a = from.getBoundingClientRect();
  const b = to.getBoundingClientRect();
  const x1 = a.left + a.width / 2 - box.left, y1 = a.top + a.height / 2 - box.top;
  const x2 = b.left + b.width / 2 - box.left, y2 = b.top + b.height / 2 - box.top;
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.id = "battle-arrow";
  svg.setAttribute("width", String(board.scrollWidth));
  svg.setAttribute("height", String(board.scrollHeight));
  svg.innerHTML = `<defs><marker id="battle-head" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="7"
    markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z"></path></marker></defs>`;
  const line = document.createElementNS(ns, "line");
  // stop short of the target's centre, so that the head lands on its edge and hides no number
  const len = Math.hypot(x2 - x1, y2 - y1) || 1;
  const stop = Math.min(len / 2, Math.max(b.width, b.height) / 2.5);
  for (const [k, v] of Object.entries({ x1, y1, x2: x2 - ((x2 - x1) / len) * stop, y2: y2 - ((y2 - y1) / len) * stop })) {
    line.setAttribute(k, String(v));
  }
  line.setAttribute("marker-end", "url(#battle-head)");
  svg.append(line);
  board.append(svg);
}

addEventListener("resize", () => {
  if (!shown) return;
  const target = shown.target === "player" ? headerOf(shown.defender) : cardsOf(shown.target);
  drawArrow(cardsOf(shown.attacker)[0], arrowEnd(target[0]));
});
