// A puzzle on the game page (issue 39; the server's tcg/web/puzzle_rooms.py): its name and goal
// above the board, a hint and the written solution each shown only when asked, and once judged
// the verdict in the result's banner with "try again" (the rematch: the same position afresh),
// the next puzzle and the list. game.js calls drawPuzzle(message, page) after each state.
import { $, el, remember } from "/static/common.js";

const shown = { hint: false, solution: false };

function word(ui, key, fallback) { return ui[key] || fallback; }

export function drawPuzzle(message, page) {
  const box = $("#puzzle");
  const p = message.puzzle;
  if (!p) { box.replaceChildren(); return; }
  const ui = message.ui;
  const toggle = (which) => () => { shown[which] = !shown[which]; drawPuzzle(message, page); };
  const parts = [
    el("div", { class: "puzzle-title" }, el("strong", {}, `${word(ui, "puzzle", "Puzzle")} ${p.id.split("/")[1]}: `), p.name),
    el("div", { class: "puzzle-goal", id: "puzzle-goal" }, `${word(ui, "puzzle_goal", "Goal")}: ${ui[p.goal_key] || p.goal}`),
    el("div", { class: "puzzle-buttons" },
      p.hint ? el("button", { id: "puzzle-hint-button", "aria-expanded": String(shown.hint), onclick: toggle("hint") },
        word(ui, "show_hint", "Hint")) : "",
      p.solution.length ? el("button", { id: "puzzle-solution-button", "aria-expanded": String(shown.solution),
        onclick: toggle("solution") }, word(ui, "show_solution", "Solution")) : ""),
  ];
  if (shown.hint && p.hint) parts.push(el("div", { class: "puzzle-hint", id: "puzzle-hint" }, p.hint));
  if (shown.solution) parts.push(el("ol", { class: "puzzle-solution", id: "puzzle-solution" }, p.solution.map((s) => el("li", {}, s))));
  box.replaceChildren(el("div", { class: "banner puzzle" }, parts));
  drawVerdict(message, page);
}

async function open(url, page, body) {
  const r = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const answer = await r.json();
  if (!r.ok) { $("#error").textContent = typeof answer.detail === "string" ? answer.detail : JSON.stringify(answer.detail); return; }
  remember("seat", answer.room, answer.token);
  location.href = `/play/${encodeURIComponent(answer.room)}${location.search}`;
}

// The verdict replaces the game's result: a puzzle is solved or not, whoever "won" the game.
function drawVerdict(message, page) {
  const result = $("#result");
  const v = message.puzzle.verdict;
  if (!v || !result) return;
  const ui = message.ui;
  const reason = v.key ? word(ui, `puzzle_reason_${v.key}`, v.reason) : v.reason;
  result.classList.add(v.solved ? "solved" : "failed");
  result.replaceChildren(el("div", { id: "puzzle-verdict" },
    `${v.solved ? "✓ " + word(ui, "puzzle_solved", "Solved") : "✗ " + word(ui, "puzzle_failed", "Not solved")}: ${reason}`));
  const buttons = [];
  if (message.seat !== null) {
    buttons.push(el("button", { id: "puzzle-again", onclick: () => open(`/api/rooms/${encodeURIComponent(page.roomId)}/rematch`,
      page, { token: page.token() }) }, word(ui, "try_again", "Try again")));
  }
  if (message.puzzle.next) {
    buttons.push(el("button", { id: "puzzle-next", onclick: () => open(`/api/puzzles/${message.puzzle.next}/room`, page, {}) },
      word(ui, "next_puzzle", "Next puzzle")));
  }
  buttons.push(el("a", { class: "button", id: "puzzle-list", href: `/puzzles?game=${encodeURIComponent(message.game)}` },
    word(ui, "all_puzzles", "All puzzles")));
  result.append(el("div", { class: "endgame-buttons", id: "endgame" }, buttons));
}
