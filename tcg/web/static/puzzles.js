// The puzzles page: a game's puzzles (GET /api/puzzles?game=), each with its goal in the page's
// language; "Play" opens a puzzle room (POST /api/puzzles/{game}/{n}/room) whose seat secret goes
// to the tab's storage, as the lobby's new games do.
import { $, applyWords, detailText, el, languagePicker, remember, savedLang } from "/static/common.js";

let lang = savedLang();
let ui = {};

export async function startPuzzle(id, error) {
  const r = await fetch(`/api/puzzles/${id}/room`, { method: "POST" });
  const answer = await r.json();
  if (!r.ok) { error(detailText(answer.detail)); return; }
  remember("seat", answer.room, answer.token);
  location.href = `/play/${encodeURIComponent(answer.room)}?lang=${encodeURIComponent(lang)}`;
}

async function list() {
  const game = $("#game").value;
  const r = await fetch(`/api/puzzles?game=${encodeURIComponent(game)}`);
  const body = await r.json();
  if (!r.ok) { $("#error").textContent = detailText(body.detail); return; }
  const rows = body.puzzles.map((p) => el("tr", { "data-id": p.id },
    el("td", {}, p.id.split("/")[1]), el("td", { class: "name" }, p.name), el("td", {}, ui[p.goal_key] || p.goal),
    el("td", {}, el("button", { class: "play", onclick: () => startPuzzle(p.id, (m) => { $("#error").textContent = m; }) },
      ui.play_puzzle || "Play"))));
  $("#puzzles tbody").replaceChildren(...(rows.length ? rows : [el("tr", {}, el("td", { colspan: "4" }, ui.no_puzzles || ""))]));
}

async function words() {
  const r = await fetch(`/api/ui?lang=${encodeURIComponent(lang)}`);
  if (r.ok) ({ ui } = await r.json());
  applyWords(ui);
  document.body.dataset.lang = lang;
  $("#lang-slot").replaceChildren(languagePicker(["en", "it", "pl"], lang, (l) => { lang = l; words(); }));
  await list();
}

async function main() {
  const { games } = await (await fetch(`/api/games?lang=${encodeURIComponent(lang)}`)).json();
  $("#game").replaceChildren(...games.map((g) => el("option", { value: g.name }, g.title)));
  const wanted = new URLSearchParams(location.search).get("game");
  if (wanted && games.some((g) => g.name === wanted)) $("#game").value = wanted;
  $("#game").addEventListener("change", list);
  await words();
}

main();
