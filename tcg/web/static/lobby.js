// The lobby: pick a game, decks (a starter deck, a deck saved with the deck builder, or a pasted
// list, checked with line numbers) and an opponent (an agent, or another person by an invite link).
// Decks are shown by their titles and opponents with a sentence each, in the chosen language
// (GET /api/games?lang=: `deck_titles`, `opponents` [{spec, label, description}]).
import { $, applyWords, detailText, el, languagePicker, remember, savedLang } from "/static/common.js";

let catalogue = null;
let lang = savedLang();
let ui = {};

function fill(select, values, labels = values) {
  select.replaceChildren(...values.map((v, i) => el("option", { value: v }, labels[i])));
}

const titles = (game) => game.decks.map((d) => (game.deck_titles || {})[d] || d);

// Your deck: the starter decks, then the legal decks saved with the deck builder ("saved:<id>").
async function fillDecks(game) {
  fill($("#deck"), game.decks, titles(game));
  const r = await fetch(`/api/decks?game=${game.name}`);
  if (!r.ok) return;
  const { decks } = await r.json();
  const saved = decks.filter((d) => d.legal);
  $("#deck").append(...saved.map((d) => el("option", { value: `saved:${d.id}`, "data-name": d.name },
    (ui.saved_deck || "saved: {name}").replace("{name}", d.name))));
  const wanted = new URLSearchParams(location.search).get("deck");
  if (wanted && [...$("#deck").options].some((o) => o.value === wanted)) $("#deck").value = wanted;
}

function onGame() {
  const game = catalogue.games.find((g) => g.name === $("#game").value);
  fillDecks(game);
  if (game.deck_example) $("#deck-text").placeholder = game.deck_example;  // the game's own cards
  fill($("#opponent-deck"), game.decks, titles(game));
  if (game.decks.length > 1) $("#opponent-deck").value = game.decks[1];
  if (!game.languages.includes(lang)) lang = "en";
  $("#lang-slot").replaceChildren(languagePicker(game.languages, lang, (l) => { lang = l; words(); }));
  words();
  $("#deck-errors").textContent = "";
  $("#deck-result").textContent = "";
}

// The games' deck titles and the opponents' words in the language: the options keep their values.
async function loadCatalogue() {
  const r = await fetch(`/api/games?lang=${encodeURIComponent(lang)}`);
  if (r.ok) catalogue = await r.json();
}

function fillOpponents() {
  const chosen = $("#opponent").value;
  fill($("#opponent"), catalogue.opponents.map((o) => o.spec), catalogue.opponents.map((o) => o.label));
  for (const o of $("#opponent").options) {
    o.title = catalogue.opponents.find((x) => x.spec === o.value).description;
  }
  if (chosen) $("#opponent").value = chosen;
  describeOpponent();
}

function describeOpponent() {
  const o = catalogue.opponents.find((x) => x.spec === $("#opponent").value);
  $("#opponent-about").textContent = o ? o.description : "";
}

function retitle() {
  const game = catalogue.games.find((g) => g.name === $("#game").value);
  for (const select of [$("#deck"), $("#opponent-deck")]) {
    for (const o of select.options) if ((game.deck_titles || {})[o.value]) o.textContent = game.deck_titles[o.value];
  }
}

async function words() {
  await loadCatalogue();
  fillOpponents();
  retitle();
  const r = await fetch(`/api/ui?lang=${lang}`);
  if (!r.ok) return;
  ({ ui } = await r.json());
  applyWords(ui);
  for (const o of $("#deck").options) {
    const name = o.dataset.name;
    if (name && ui.saved_deck) o.textContent = ui.saved_deck.replace("{name}", name);
  }
  document.body.dataset.lang = lang;
}

async function checkDeck() {
  const text = $("#deck-text").value;
  const r = await fetch("/api/decks/check", { method: "POST", headers: { "content-type": "application/json" },
    body: JSON.stringify({ game: $("#game").value, text }) });
  const body = await r.json();
  if (!r.ok) {  // a text over its limits (tcg/web/inputs.py): the field and the line named
    $("#deck-result").textContent = "";
    $("#deck-errors").textContent = detailText(body.detail);
    return false;
  }
  $("#deck-result").textContent = body.ok ? `✓ ${body.cards}` : "";
  $("#deck-result").className = body.ok ? "ok" : "";
  $("#deck-errors").textContent = body.errors.map((e) => (e.line ? `line ${e.line}: ` : "") + e.message).join("\n");
  return body.ok;
}

async function start(event) {
  event.preventDefault();
  $("#error").textContent = "";
  const text = $("#deck-text").value.trim();
  if (text && !(await checkDeck())) return;
  const chosen = $("#deck").value;
  const saved = chosen.startsWith("saved:") && !text ? Number(chosen.slice(6)) : null;
  const body = { game: $("#game").value, deck: saved === null ? chosen : null, saved_deck: saved,
                 deck_text: text || null,
                 opponent: $("#opponent").value, opponent_deck: $("#opponent-deck").value };
  const r = await fetch("/api/rooms", { method: "POST", headers: { "content-type": "application/json" },
                                        body: JSON.stringify(body) });
  const answer = await r.json();
  if (!r.ok) { $("#error").textContent = detailText(answer.detail); return; }
  // The seat's secret and the invitation code go to the tab's storage, not into an address.
  remember("seat", answer.room, answer.token);
  remember("invite", answer.room, answer.invite ?? null);
  location.href = `/play/${encodeURIComponent(answer.room)}?lang=${encodeURIComponent(lang)}`;
}

async function main() {
  await loadCatalogue();
  fill($("#game"), catalogue.games.map((g) => g.name), catalogue.games.map((g) => g.title));
  fillOpponents();
  $("#opponent").value = catalogue.agents.includes("normal") ? "normal" : catalogue.agents[0];
  const opponent = new URLSearchParams(location.search).get("opponent");  // the game-over panel's "new game"
  if (opponent && catalogue.opponents.some((o) => o.spec === opponent)) $("#opponent").value = opponent;
  describeOpponent();
  $("#opponent").addEventListener("change", describeOpponent);
  const wanted = new URLSearchParams(location.search).get("game");  // the deck builder's "play" link
  if (wanted && catalogue.games.some((g) => g.name === wanted)) $("#game").value = wanted;
  $("#game").addEventListener("change", onGame);
  $("#check-deck").addEventListener("click", checkDeck);
  $("#new-game").addEventListener("submit", start);
  onGame();
}

main();
