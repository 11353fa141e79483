// Around the game on a game page (issue 37 item 10): the seat named by its deck, the "watch this
// game" link, the undo button (games against an agent) and the game-over panel with Replay /
// Rematch / New game. game.js calls drawAround(message, page) after drawing each state message;
// `page` gives the room, this tab's seat secret and the page's `send`.
import { $, el, remember } from "/static/common.js";

const word = (ui, key, fallback, values = {}) =>
  (ui[key] || fallback).replace(/\{(\w+)\}/g, (_, k) => values[k] ?? "");

// The spectator's address of this game: the page's own origin and the room id, never a secret.
export function watchUrl(roomId) {
  return `${location.origin}/watch/${encodeURIComponent(roomId)}`;
}

export function drawAround(message, page) {
  const ui = message.ui;
  const me = message.seat === null ? null : message.board.players[message.seat];
  $("#seat-label").textContent = me ? me.label : ui.spectator;
  $("#seat-label").dataset.seat = message.seat === null ? "" : String(message.seat);
  drawWatch(message, page);
  drawUndo(message, page);
  drawEndgame(message, page);
}

function drawWatch(message, page) {
  const box = $("#watch");
  if (message.seat === null || message.over) { box.replaceChildren(); return; }
  const url = watchUrl(page.roomId);
  box.replaceChildren(el("div", { class: "watch dim", title: word(message.ui, "watch_link_hint", "") },
    el("span", {}, word(message.ui, "watch_link", "Watch this game:")), " ",
    el("a", { href: url, id: "watch-link", target: "_blank", rel: "noopener" }, url)));
}

function drawUndo(message, page) {
  const button = $("#undo");
  button.hidden = !message.undo;
  button.replaceChildren("↶ ", el("span", { class: "label" }, word(message.ui, "undo", "Undo")));
  button.title = word(message.ui, "undo_hint", "");
  button.onclick = () => { button.disabled = true; page.send({ type: "undo", decision_id: message.decision_id }); };
  button.disabled = false;
}

async function askRematch(page) {
  const r = await fetch(`/api/rooms/${encodeURIComponent(page.roomId)}/rematch`, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ token: page.token() }) });
  const answer = await r.json();
  if (!r.ok) { $("#error").textContent = typeof answer.detail === "string" ? answer.detail : JSON.stringify(answer.detail); return; }
  if (answer.token) remember("seat", answer.room, answer.token);  // the new seat's secret: the tab's storage only
  location.href = `/play/${encodeURIComponent(answer.room)}${location.search}`;
}

// The game-over panel: inside the result's banner (game.js draws it), its buttons and any
// rematch news. A spectator gets the replay, the rematch to watch, a new game.
function drawEndgame(message, page) {
  const result = $("#result");
  if (!message.over || !result || message.puzzle) return;  // a puzzle's own verdict: puzzle.js
  const ui = message.ui;
  const rematch = message.rematch;
  const buttons = [];
  if (message.replay_id !== null && message.replay_id !== undefined) {
    buttons.push(el("a", { class: "button", id: "endgame-replay", href: `/replay/${message.replay_id}` },
      word(ui, "replay_game", "Replay")));
  }
  if (message.seat !== null) {
    const label = rematch && rematch.offered ? word(ui, "rematch_accept", "Accept the rematch")
      : rematch && rematch.by_you ? word(ui, "open_rematch", "Open the rematch") : word(ui, "rematch", "Rematch");
    buttons.push(el("button", { id: "endgame-rematch", title: word(ui, "rematch_hint", ""),
                                onclick: () => askRematch(page) }, label));
  } else if (rematch) {
    buttons.push(el("a", { class: "button", id: "endgame-watch-rematch",
                           href: `/watch/${encodeURIComponent(rematch.room)}` }, word(ui, "watch_rematch", "Watch the rematch")));
  }
  const again = new URLSearchParams({ game: message.game });
  buttons.push(el("a", { class: "button", id: "endgame-new", href: `/?${again}` }, word(ui, "new_game", "New game")));
  const note = !rematch ? "" : rematch.offered ? word(ui, "rematch_offered", "Your opponent offers a rematch")
    : rematch.by_you && message.people ? word(ui, "rematch_waiting", "") : word(ui, "rematch_started", "");
  result.classList.add("endgame");
  result.append(note ? el("div", { class: "endgame-note", id: "endgame-note" }, note) : "",
    el("div", { class: "endgame-buttons", id: "endgame" }, buttons));
}
