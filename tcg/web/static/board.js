// The board as the game's presentation declared it (Presentation.board): each player's side
// with its counters, the cards in play as card faces, and every other zone beside them as a
// compact pile (mana, magic stones, decks, graveyards, an opponent's hand: a count, the top card
// where it is public, opened on a click) or a row of small cards (shields, bursts, Set cards).
// Your hand is a row of faces under your side. Nothing here knows a game.
import { el } from "/static/common.js";
import { cardNode, paintFrame, setWords } from "/static/cardface.js";

// Closes the open pile when a click lands elsewhere.
let openPile = null;
function closePile() { if (openPile) { openPile.classList.remove("open"); openPile = null; } }
document.addEventListener("click", (e) => { if (openPile && !openPile.contains(e.target)) closePile(); });
document.addEventListener("keydown", (e) => { if (e.key === "Escape") closePile(); });

function label(zone) {
  return el("div", { class: "label" }, zone.label, " ", el("span", { class: "n" }, String(zone.count)));
}

// A pile: its name and count, its top card's name where it is public, and what it holds at a
// glance (how many are ready, its colours); a click opens every card of it. A card of it that a
// decision names (or the decision panel points at) shows beside it while it is closed
// (style.css: .pile-all).
function pileNode(zone, game, getLang, ui) {
  const cards = zone.cards;
  const top = cards && cards.length ? cards[cards.length - 1] : null;
  const name = top && !top.hidden ? top.name : "";
  const head = el("button", { class: `pile${name ? "" : " backs"}${zone.count ? "" : " empty"}`, type: "button",
                              title: [zone.label, name].filter(Boolean).join(": "),
                              "aria-label": `${zone.label} ${zone.count}`, disabled: cards && cards.length ? null : "" },
    el("span", { class: "pile-label" }, zone.label),
    el("span", { class: "pile-count" }, String(zone.count)),
    zone.summary ? summaryNode(zone.summary, zone.count, ui) : name ? el("span", { class: "pile-name" }, name) : null);
  if (name) paintFrame(head, top.frame);
  const node = el("div", { class: `zone pile-zone ${zone.kind}`, "data-zone": zone.name }, head);
  if (cards && cards.length) {
    node.append(el("div", { class: "cards pile-all" }, cards.map((f) => cardNode(f, game, getLang, "small"))));
    head.addEventListener("click", (e) => {
      e.stopPropagation();
      const opening = openPile !== node;
      closePile();
      if (opening) { node.classList.add("open"); openPile = node; }
    });
  }
  return node;
}

function summaryNode(summary, count, ui) {
  const ready = (ui.pile_ready || "{n} ready").replace("{n}", summary.ready);
  return el("span", { class: "pile-summary" },
    el("span", { class: "ready", title: ready }, `${summary.ready}/${count}`), " ",
    summary.frames.map((f) => {
      const dot = el("i", { class: "pip", title: String(f.n) });
      dot.style.setProperty("--pip", f.color);
      return dot;
    }));
}

function rowNode(zone, game, getLang) {
  return el("div", { class: `zone ${zone.kind}`, "data-zone": zone.name }, label(zone),
    el("div", { class: "cards" }, zone.cards.map((f) => cardNode(f, game, getLang, "small"))));
}

function fieldNode(zone, game, getLang) {
  return el("div", { class: `zone ${zone.kind}`, "data-zone": zone.name }, label(zone),
    el("div", { class: "cards" }, zone.cards.map((f) => cardNode(f, game, getLang))));
}

export function zoneNode(zone, game, getLang, ui = {}) {
  if (zone.kind === "field" && zone.cards) return fieldNode(zone, game, getLang);
  if (zone.kind === "hand" && zone.cards) {
    const node = fieldNode(zone, game, getLang);
    if (zone.cards.length > 8) node.classList.add("many");
    return node;
  }
  if (zone.compact || !zone.cards) return pileNode(zone, game, getLang, ui);
  return rowNode(zone, game, getLang);
}

// An empty row (no Set cards, nothing on the chase) is left out: the board keeps its room for
// what is there. Fields, hands and piles are always drawn.
function shown(zone) {
  return zone.kind !== "row" || zone.compact || zone.count > 0;
}

function sideNode(player, mine, game, getLang, ui) {
  const zones = player.zones.filter(shown);
  const fields = zones.filter((z) => z.kind === "field");
  const hand = zones.find((z) => z.kind === "hand" && z.cards);
  const others = zones.filter((z) => z.kind !== "field" && z !== hand);
  return el("section", { class: `side${mine ? " mine" : ""}`, "data-seat": player.seat },
    el("div", { class: "side-head" }, el("h2", {}, player.label),
      el("div", { class: "counters" }, player.counters.map((c) => el("span", { class: "counter", "data-key": c.key },
        `${c.label}: `, el("b", {}, String(c.value)))))),
    el("div", { class: "play-area" },
      el("div", { class: "fields" }, fields.map((z) => zoneNode(z, game, getLang, ui))),
      el("div", { class: "piles" }, others.map((z) => zoneNode(z, game, getLang, ui)))),
    hand ? zoneNode(hand, game, getLang, ui) : null);
}

export function drawBoard(root, board, game, getLang, ui) {
  root.replaceChildren();
  openPile = null;
  setWords(ui);
  const me = board.viewer ?? 0;
  for (const p of [1 - me, me]) {
    root.append(sideNode(board.players[p], p === me && board.viewer !== null, game, getLang, ui));
  }
}
