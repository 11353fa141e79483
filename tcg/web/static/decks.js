// The deck builder: search the card index, read a card, add and remove cards with the game's deck
// rules checked after every change, import a pasted list in any format players share and export
// the deck in each of its game's formats (the server reads and writes them: tcg/deckio), save decks
// by name. The deck is kept as entries {section, name, count}; its text (the format `tcg deck check`
// reads) is what the server checks and stores. Nothing here knows a game: sections, types, colours
// and formats come from the server, named in the chosen language.
import { $, applyWords, detailText, el, languagePicker, rulingsNode, savedLang } from "/static/common.js";

let catalogue = null;
let facets = null;
let ui = {};
let lang = savedLang();
let deck = [];          // [{section, name, count}] in the order cards were added
let checks = 0;         // answers to deck checks so far (tests wait on it)

const game = () => $("#game").value;
const word = (key, values = {}) => (ui[key] || key).replace(/\{(\w+)\}/g, (_, k) => values[k] ?? "");
const post = (url, body) => fetch(url, { method: "POST", headers: { "content-type": "application/json" },
                                         body: JSON.stringify(body) });

function detail(answer) { return detailText(answer.detail); }

function showError(message) { $("#error").textContent = message || ""; }

// ---------------------------------------------------------------- words and the game's facets
async function loadWords() {
  const r = await fetch(`/api/ui?lang=${lang}`);
  if (r.ok) ({ ui } = await r.json());
  applyWords(ui);
  for (const node of document.querySelectorAll("[data-ui-placeholder]")) {
    const w = ui[node.dataset.uiPlaceholder];
    if (w) node.placeholder = w;
  }
}

function options(select, values, labelOf = (v) => v) {
  const current = select.value;
  select.replaceChildren(el("option", { value: "" }, `${select.getAttribute("aria-label")}: ${word("any")}`),
    ...values.map((v) => el("option", { value: typeof v === "string" ? v : v.key }, labelOf(v))));
  if ([...select.options].some((o) => o.value === current)) select.value = current;
}

async function loadFacets() {
  const r = await fetch(`/api/cards/${game()}/facets?lang=${lang}`);
  facets = await r.json();
  const label = (v) => (typeof v === "string" ? v : v.label);
  $("#q-type").setAttribute("aria-label", word("type"));
  $("#q-color").setAttribute("aria-label", word("color"));
  $("#q-set").setAttribute("aria-label", word("set"));
  $("#q-rarity").setAttribute("aria-label", word("rarity"));
  options($("#q-type"), facets.types, label);
  options($("#q-color"), facets.colors, label);
  options($("#q-set"), facets.sets);
  options($("#q-rarity"), facets.rarities);
  const chosen = $("#format").value;
  $("#format").replaceChildren(...(facets.formats || []).map((f) => el("option", { value: f.key },
    word(`format_${f.key}`))));
  if ((facets.formats || []).some((f) => f.key === chosen)) $("#format").value = chosen;
}

function sectionLabel(key) {
  const s = (facets?.sections || []).find((x) => x.key === key);
  return s ? s.label : key;
}

// ---------------------------------------------------------------- search and card text
async function search(event) {
  if (event) event.preventDefault();
  const q = new URLSearchParams();
  for (const [id, key] of [["#q-name", "name"], ["#q-text", "text"], ["#q-type", "type"], ["#q-color", "color"],
                           ["#q-set", "set"], ["#q-rarity", "rarity"], ["#q-cost-min", "cost_min"],
                           ["#q-cost-max", "cost_max"]]) {
    const v = $(id).value.trim();
    if (v) q.set(key, v);
  }
  if ($("#q-printed").checked) q.set("original", "false");
  const r = await fetch(`/api/cards/${game()}/search?${q}`);
  const answer = await r.json();
  if (!r.ok) { showError(detail(answer)); return; }
  showError("");
  const shown = answer.cards.length;
  $("#result-count").textContent = shown === 0 ? word("no_results")
    : shown < answer.total ? word("results_more", { shown, n: answer.total }) : word("results", { n: answer.total });
  const typeLabel = (t) => (facets.types.find((x) => x.key === t) || { label: t }).label;
  const colorLabel = (c) => (facets.colors.find((x) => x.key === c) || { label: c }).label;
  $("#results tbody").replaceChildren(...answer.cards.map((c) => el("tr", { "data-name": c.name },
    el("td", {}, el("button", { class: "link", onclick: () => showCard(c.name) }, c.name)),
    el("td", { class: "dim" }, typeLabel(c.type)),
    el("td", {}, c.cost ?? ""),
    el("td", { class: "dim" }, c.colors.map(colorLabel).join("/")),
    el("td", { class: "dim" }, [c.set, c.rarity].filter(Boolean).join(" · ")),
    el("td", {}, el("button", { class: "add", title: word("add"), "aria-label": `${word("add")} ${c.name}`,
                                onclick: () => add(c.name, c.section) }, "+")))));
  document.body.dataset.results = String(answer.total);
  document.body.dataset.searched = q.toString();  // which search the results are (tests wait on it)
}

async function showCard(name) {
  const r = await fetch(`/api/cards/${game()}?name=${encodeURIComponent(name)}&lang=${lang}`);
  const info = await r.json();
  const printings = (info.printings || []).map((p) => [p.set, p.number, p.rarity].filter(Boolean).join(" · "));
  $("#card-panel").replaceChildren(
    el("h2", {}, info.name),
    ...printings.map((p) => el("div", { class: "dim" }, p)),
    el("div", { class: "stats" }, [info.type, ...(info.facts || [])].filter(Boolean).join(" · ")),
    el("p", { class: "text" }, info.text || ""),
    rulingsNode(info),
    info.known ? el("button", { id: "panel-add", onclick: () => add(info.name, info.section || "main") },
                    word("add")) : null);
  $("#card-panel").dataset.name = info.name;
}

// ---------------------------------------------------------------- the deck
function deckText() {
  const order = (facets?.sections || [{ key: "main" }]).map((s) => s.key);
  const used = order.filter((s) => deck.some((e) => e.section === s && e.count > 0));
  const headers = !(used.length === 1 && used[0] === "main");
  const lines = [];
  for (const s of used) {
    if (headers) lines.push(`[${s}]`);
    for (const e of deck) if (e.section === s && e.count > 0) lines.push(`${e.count} ${e.name}`);
  }
  return lines.join("\n") + (lines.length ? "\n" : "");
}

function add(name, section) {
  const entry = deck.find((e) => e.name === name && e.section === section);
  if (entry) entry.count += 1; else deck.push({ section, name, count: 1 });
  changed();
}

function remove(name, section) {
  const entry = deck.find((e) => e.name === name && e.section === section);
  if (!entry) return;
  entry.count -= 1;
  if (entry.count <= 0) deck = deck.filter((e) => e !== entry);
  changed();
}

function drawDeck() {
  const sections = (facets?.sections || []).map((s) => s.key);
  for (const e of deck) if (!sections.includes(e.section)) sections.push(e.section);
  const blocks = sections.filter((s) => deck.some((e) => e.section === s)).map((s) => {
    const entries = deck.filter((e) => e.section === s);
    const n = entries.reduce((a, e) => a + e.count, 0);
    return el("div", { class: "deck-section", "data-section": s },
      el("h3", {}, `${sectionLabel(s)} (${n})`),
      entries.map((e) => el("div", { class: "entry", "data-name": e.name },
        el("span", { class: "n" }, `${e.count}×`),
        el("button", { class: "link", onclick: () => showCard(e.name) }, e.name),
        el("button", { class: "dec", "aria-label": `${word("remove")} ${e.name}`, onclick: () => remove(e.name, s) }, "−"),
        el("button", { class: "inc", "aria-label": `${word("add")} ${e.name}`, onclick: () => add(e.name, s) }, "+"))));
  });
  $("#deck-list").replaceChildren(...(blocks.length ? blocks : [el("p", { class: "dim" }, word("deck_empty"))]));
}

// Check the deck's text with the game's rules; ``lines``: say the errors' line numbers (an import).
async function check(text = deckText(), lines = false) {
  const r = await post("/api/decks/check", { game: game(), text });
  const answer = await r.json();
  if (!r.ok) { showError(detail(answer)); return null; }
  $("#deck-status").textContent = answer.ok ? word("deck_legal", { n: answer.cards })
    : word("deck_not_legal", { n: answer.cards });
  $("#deck-status").className = answer.ok ? "ok" : "dim";
  $("#deck-errors").textContent = answer.errors.map((e) => (lines && e.line ? `line ${e.line}: ` : "") + e.message)
    .join("\n");
  checks += 1;
  document.body.dataset.legal = String(answer.ok);
  document.body.dataset.cards = String(answer.cards);
  document.body.dataset.checks = String(checks);
  return answer;
}

function changed() {
  playLink(null);  // the saved deck is no longer what is shown
  drawDeck();
  check();
}

function fromEntries(entries) {
  deck = [];
  for (const e of entries) {
    const same = deck.find((d) => d.name === e.name && d.section === e.section);
    if (same) same.count += e.count; else deck.push({ ...e });
  }
  drawDeck();
}

// A pasted list in any format: read whole by the server, or not at all. A line it cannot read is
// shown with its number and the deck stays as it was (it never becomes a card).
async function importText() {
  const r = await post("/api/decks/import", { game: game(), text: $("#deck-text").value });
  const answer = await r.json();
  document.body.dataset.imported = r.ok && answer.read ? "ok" : "failed";
  if (!r.ok) { showError(detail(answer)); return; }
  showError("");
  if (!answer.read) {
    $("#io-status").textContent = "";
    $("#io-errors").textContent = [word("import_failed"), ...answer.errors.map((e) =>
      (e.line ? `${word("line_n", { n: e.line })}: ` : "") + e.message)].join("\n");
    return;
  }
  $("#io-errors").textContent = "";
  fromEntries(answer.entries);
  $("#io-status").textContent = word("imported", { n: answer.entries.reduce((a, e) => a + e.count, 0) });
  changed();
}

// The deck in the chosen format, shown to copy and offered as a file.
async function exportText() {
  const format = $("#format").value || "text";
  const r = await post("/api/decks/export", { game: game(), text: deckText(), format });
  const answer = await r.json();
  if (!r.ok) { showError(detail(answer)); return; }
  showError("");
  $("#deck-text").value = answer.text;
  const link = $("#download");
  URL.revokeObjectURL(link.href);
  link.href = URL.createObjectURL(new Blob([answer.text], { type: "text/plain" }));
  link.download = `${($("#deck-name").value || "deck").replace(/[^\w.-]+/g, "_")}${answer.extension}`;
  link.hidden = false;
  $("#copy").hidden = false;
  $("#io-status").textContent = "";
  document.body.dataset.exported = format;
}

async function copyText() {
  const text = $("#deck-text").value;
  try {
    await navigator.clipboard.writeText(text);
  } catch {  // no clipboard permission (an insecure origin): select it for the player's own copy
    $("#deck-text").select();
    document.execCommand("copy");
  }
  $("#io-status").textContent = word("copied");
}

// ---------------------------------------------------------------- saved decks
function playLink(id) {  // a saved legal deck: start a game with it in the lobby
  const link = $("#play");
  link.hidden = id === null;
  if (id !== null) link.href = `/?game=${game()}&deck=saved:${id}&lang=${lang}`;
}

async function loadSaved(select) {
  const r = await fetch(`/api/decks?game=${game()}`);
  const { decks } = await r.json();
  $("#saved").replaceChildren(...decks.map((d) => el("option", { value: d.id },
    `${d.name} (${d.cards}${d.legal ? "" : ", ✗"})`)));
  if (select !== undefined) $("#saved").value = String(select);
}

async function save() {
  const name = $("#deck-name").value.trim();
  if (!name) { showError(word("deck_name")); $("#deck-name").focus(); return; }
  const r = await post("/api/decks", { game: game(), name, text: deckText() });
  const answer = await r.json();
  if (!r.ok) { showError(detail(answer)); return; }
  showError("");
  $("#deck-status").textContent = `${word("saved_as", { name })} · ${answer.ok
    ? word("deck_legal", { n: answer.cards }) : word("deck_not_legal", { n: answer.cards })}`;
  document.body.dataset.saved = String(answer.id);
  await loadSaved(answer.id);
  playLink(answer.ok ? answer.id : null);
}

async function open() {
  const id = $("#saved").value;
  if (!id) return;
  const r = await fetch(`/api/decks/${id}`);
  const saved = await r.json();
  if (!r.ok) { showError(detail(saved)); return; }
  $("#deck-name").value = saved.name;
  const answer = await check(saved.text);
  if (answer) fromEntries(answer.entries);
  playLink(saved.legal ? saved.id : null);
}

async function removeSaved() {
  const id = $("#saved").value;
  if (!id) return;
  await fetch(`/api/decks/${id}`, { method: "DELETE" });
  await loadSaved();
}

function newDeck() {
  deck = [];
  $("#deck-name").value = "";
  drawDeck();
  check();
}

// ---------------------------------------------------------------- the page
async function onGame() {
  const g = catalogue.games.find((x) => x.name === game());
  if (!g.languages.includes(lang)) lang = "en";
  $("#lang-slot").replaceChildren(languagePicker(g.languages, lang, async (l) => {
    lang = l; await loadWords(); await loadFacets(); drawDeck(); check(); search();
  }));
  history.replaceState(null, "", `/decks?game=${game()}`);
  await loadWords();
  await loadFacets();
  deck = [];
  drawDeck();
  $("#card-panel").replaceChildren();
  await Promise.all([loadSaved(), check(), search()]);
}

async function main() {
  catalogue = await (await fetch("/api/games")).json();
  $("#game").replaceChildren(...catalogue.games.map((g) => el("option", { value: g.name }, g.title)));
  const wanted = new URLSearchParams(location.search).get("game");
  if (wanted && catalogue.games.some((g) => g.name === wanted)) $("#game").value = wanted;
  $("#game").addEventListener("change", onGame);
  $("#search").addEventListener("submit", search);
  $("#save").addEventListener("click", save);
  $("#new-deck").addEventListener("click", newDeck);
  $("#load").addEventListener("click", open);
  $("#delete").addEventListener("click", removeSaved);
  $("#import").addEventListener("click", importText);
  $("#export").addEventListener("click", exportText);
  $("#copy").addEventListener("click", copyText);
  await onGame();
  document.body.dataset.ready = "true";
}

main();
