// The replay viewer: any stored game, step by step, forward and back, as a spectator sees it.
import { $, applyWords, drawBoard, drawStack, el, languagePicker, savedLang, statusLine } from "/static/common.js";

const gameId = location.pathname.split("/").pop();
let lang = savedLang();
let step = Number(new URLSearchParams(location.search).get("step") ?? 0);
let total = 0;

async function show(n) {
  const r = await fetch(`/api/replays/${gameId}?step=${n}&lang=${lang}`);
  const data = await r.json();
  if (!r.ok) { $("#board").textContent = data.detail; return; }
  step = data.step;
  total = data.total;
  $("#game-title").textContent = data.board.header.game;
  $("#slider").max = String(total);
  $("#slider").value = String(step);
  $("#step").textContent = (data.ui.step || "{i}/{n}").replace("{i}", step).replace("{n}", total);
  $("#status").textContent = statusLine(data.board, data.ui);
  applyWords(data.ui);
  drawBoard($("#board"), data.board, data.game, () => lang, data.ui);
  drawStack($("#stack"), data.board);
  $("#log").replaceChildren(...data.log.map((l) => el("div", { class: l.level }, l.text)));
  $("#log").scrollTop = $("#log").scrollHeight;
  $("#lang-slot").replaceChildren(languagePicker(data.languages, lang, (l) => { lang = l; show(step); }));
  document.body.dataset.step = String(step);
}

$("#first").addEventListener("click", () => show(0));
$("#back").addEventListener("click", () => show(Math.max(0, step - 1)));
$("#forward").addEventListener("click", () => show(Math.min(total, step + 1)));
$("#last").addEventListener("click", () => show(total));
$("#slider").addEventListener("change", (e) => show(Number(e.target.value)));
show(step);
