// Shared by every page: the board (board.js and cardface.js draw it, as the game's presentation
// declared it), card text on hover, and the language setting. Nothing here knows a game: it
// draws the data it is given.

export const $ = (sel, root = document) => root.querySelector(sel);

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v !== undefined && v !== null) node.setAttribute(k, v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined) node.append(c);
  return node;
}

// A refused request's `detail` in words: the server's sentence, or each field's problem (a 422
// from a field over its limit names the field).
export function detailText(detail) {
  if (typeof detail === "string") return detail;
  if (Array.isArray(detail)) return detail.map((e) => `${(e.loc || []).at(-1) ?? ""}: ${e.msg}`).join("\n");
  return JSON.stringify(detail);
}

export function savedLang() {
  const q = new URLSearchParams(location.search).get("lang");
  return q || localStorage.getItem("tcg-lang") || "en";
}

export function saveLang(lang) { localStorage.setItem("tcg-lang", lang); }

export const LANGUAGE_NAMES = { en: "English", it: "Italiano", pl: "Polski" };

export function languagePicker(languages, current, onChange) {
  const select = el("select", { id: "lang", "aria-label": "language" },
    languages.map((l) => el("option", { value: l }, LANGUAGE_NAMES[l] || l)));
  select.value = current;
  select.addEventListener("change", () => { saveLang(select.value); onChange(select.value); });
  return select;
}

// ---------------------------------------------------------------- card text on hover
let tip = null;
const cardCache = new Map();

export async function cardText(game, name, lang) {
  const key = `${game}|${name}|${lang}`;
  if (!cardCache.has(key)) {
    const r = await fetch(`/api/cards/${game}?name=${encodeURIComponent(name)}&lang=${lang}`);
    cardCache.set(key, r.ok ? await r.json() : { name, text: "" });
  }
  return cardCache.get(key);
}

export function hoverText(node, game, name, getLang) {
  node.addEventListener("mouseenter", async (e) => {
    const info = await cardText(game, name, getLang());
    hideTip();
    tip = el("div", { class: "tooltip", role: "tooltip" },
      el("div", { class: "name" }, info.name),
      el("div", { class: "stats" }, [info.type, ...(info.facts || [])].filter(Boolean).join(" · ")),
      el("div", {}, info.text || ""),
      rulingsNode(info, TIP_RULINGS));
    tip.style.left = `${Math.min(e.clientX + 14, innerWidth - 400)}px`;
    document.body.append(tip);
    tip.style.top = `${Math.max(0, Math.min(e.clientY + 14, innerHeight - tip.offsetHeight - 8))}px`;
  });
  node.addEventListener("mouseleave", hideTip);
}

// A card's official rulings (question, answer, source): the first `limit` of them and how many more.
const TIP_RULINGS = 2;
export function rulingsNode(info, limit = Infinity) {
  const rulings = info.rulings || [];
  if (!rulings.length) return null;
  const source = (r) => [r.note, r.source.title, r.source.date].filter(Boolean).join(", ");
  const shown = rulings.slice(0, limit).map((r) => el("div", { class: "ruling" },
    el("div", { class: "q" }, `Q: ${r.question}`),
    el("div", { class: "a" }, `A: ${r.answer}`),
    r.source.url ? el("a", { class: "src", href: r.source.url, target: "_blank", rel: "noopener noreferrer" },
                      source(r))
                 : el("div", { class: "src" }, [source(r), r.source.publication].filter(Boolean).join(" — "))));
  const more = rulings.length > limit ? el("div", { class: "dim" }, info.rulings_more) : null;
  return el("div", { class: "rulings", "data-rulings": String(rulings.length) },
    el("div", { class: "rulings-title" }, info.rulings_title), ...shown, more);
}

export function hideTip() { if (tip) { tip.remove(); tip = null; } }

// ---------------------------------------------------------------- the board
// Drawn by board.js (the sides, piles and rows) and cardface.js (each card's face and its zoom).
export { cardNode, closeZoom } from "/static/cardface.js";
export { drawBoard, zoneNode } from "/static/board.js";

export function statusLine(board, ui) {
  const h = board.header;
  const parts = [h.game, `${ui.turn || "Turn"} ${h.turn}`, h.active, h.phase].filter(Boolean);
  return parts.join(" · ");
}

// The page's fixed labels (elements with data-ui="<key>") in the language of `ui`.
export function applyWords(ui) {
  for (const node of document.querySelectorAll("[data-ui]")) {
    const word = ui[node.dataset.ui];
    if (word) node.textContent = word;
  }
}

// The chain / chase, bottom first (Yu-Gi-Oh!, Force of Will): what waits to resolve.
export function drawStack(root, board) {
  const stack = board.stack;
  root.replaceChildren(stack ? el("div", { class: "stack" }, `${stack.label}: `,
    el("ol", {}, stack.items.map((item) => el("li", { "data-card-id": item.card ?? null }, item.text)))) : "");
}

// A seat's secret and a pending invitation code, kept by the tab (sessionStorage) and the
// browser (localStorage, so that /play/<room> opened again finds its seat), keyed by room:
// never in the address bar nor its history (issue 35 item 9).
export function remember(kind, roomId, value) {
  const key = `tcg.${kind}.${roomId}`;
  if (value === null) { sessionStorage.removeItem(key); localStorage.removeItem(key); return; }
  sessionStorage.setItem(key, value);
  localStorage.setItem(key, value);
}

export function recall(kind, roomId) {
  const key = `tcg.${kind}.${roomId}`;
  return sessionStorage.getItem(key) ?? localStorage.getItem(key) ?? "";
}
