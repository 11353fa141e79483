// The replay viewer: any stored game, step by step, forward and back, as a spectator sees it,
// the players named by their decks. Jump by turn (the list of turns, or Shift+← / Shift+→), a
// step with ← / →, the start and the end with Home / End.
import { $, applyWords, drawBoard, drawStack, el, languagePicker, savedLang, statusLine } from "/static/common.js";

const gameId = location.pathname.split("/").pop();
let lang = savedLang();
let step = Number(new URLSearchParams(location.search).get("step") ?? 0);
let total = 0;
let turns = [];  // [{turn, player, step}]: where each turn begins
let asked = 0;   // the last position asked for: an older answer arriving late is not drawn

async function show(n) {
  const mine = ++asked;
  const r = await fetch(`/api/replays/${gameId}?step=${n}&lang=${lang}`);
  const data = await r.json();
  if (mine !== asked) return;
  if (!r.ok) { $("#board").textContent = data.detail; return; }
  step = data.step;
  total = data.total;
  turns = data.turns || [];
  $("#game-title").textContent = data.board.header.game;
  $("#slider").max = String(total);
  $("#slider").value = String(step);
  $("#step").textContent = (data.ui.step || "{i}/{n}").replace("{i}", step).replace("{n}", total);
  $("#status").textContent = statusLine(data.board, data.ui);
  $("#keys").textContent = data.ui.replay_keys || "";
  applyWords(data.ui);
  drawTurns(data.ui, data.board.players.map((pl) => pl.label));
  drawBoard($("#board"), data.board, data.game, () => lang, data.ui);
  drawStack($("#stack"), data.board);
  $("#log").replaceChildren(...data.log.map((l) => el("div", { class: l.level }, l.text)));
  $("#log").scrollTop = $("#log").scrollHeight;
  $("#lang-slot").replaceChildren(languagePicker(data.languages, lang, (l) => { lang = l; show(step); }));
  document.body.dataset.step = String(step);
  document.body.dataset.turn = String(currentTurn()?.turn ?? "");
}

// The turn the position is in: the last one begun at or before this step.
function currentTurn() {
  let found = null;
  for (const t of turns) if (t.step <= step) found = t;
  return found;
}

// A button per turn, titled with its player ("Turn 3 · Player 2 (Kaido)").
function drawTurns(ui, players) {
  const now = currentTurn();
  $("#turns").replaceChildren(el("span", { class: "dim" }, `${ui.turns || "Turns"}:`), ...turns.map((t) => el("button", {
    class: t === now ? "current" : "", "data-turn": t.turn, "data-step": t.step,
    title: `${(ui.turn_n || "Turn {n}").replace("{n}", t.turn)} · ${players[t.player] ?? ""}`,
    onclick: () => show(t.step) }, String(t.turn))));
}

// Shift+←: the start of this turn, or of the one before when already there; Shift+→: the next turn.
function previousTurnStart() {
  const before = turns.filter((t) => t.step < step);
  return before.length ? before[before.length - 1].step : 0;
}

function nextTurnStart() {
  const after = turns.find((t) => t.step > step);
  return after ? after.step : total;
}

document.addEventListener("keydown", (e) => {
  if (e.target instanceof HTMLInputElement && e.target.type !== "range") return;
  if (e.target instanceof HTMLSelectElement || e.altKey || e.ctrlKey || e.metaKey) return;
  const to = { ArrowLeft: e.shiftKey ? previousTurnStart() : step - 1, ArrowRight: e.shiftKey ? nextTurnStart() : step + 1,
               Home: 0, End: total }[e.key];
  if (to === undefined) return;
  e.preventDefault();
  show(Math.max(0, Math.min(total, to)));
});

$("#first").addEventListener("click", () => show(0));
$("#back").addEventListener("click", () => show(Math.max(0, step - 1)));
$("#forward").addEventListener("click", () => show(Math.min(total, step + 1)));
$("#last").addEventListener("click", () => show(total));
$("#slider").addEventListener("change", (e) => show(Number(e.target.value)));
show(step);
