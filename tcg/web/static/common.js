// Shared by every page: drawing a board (as the game's presentation declared it), card text on
// hover, and the language setting. Nothing here knows a game: it draws the data it is given.

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

async function cardText(game, name, lang) {
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
export function cardNode(face, game, getLang) {
  if (face.hidden) {
    return el("div", { class: "card back", "data-card-id": face.id ?? null, title: "" });
  }
  const colors = (face.colors || []).map((c) => `color-${c}`).join(" ");
  const turned = face.turned ? " turned" : "";
  const node = el("div", { class: `card ${colors}${turned}`, "data-card-id": face.id, "data-name": face.name },
    el("div", { class: "name" }, face.name),
    (face.stats || []).length ? el("div", { class: "stats" },
      face.stats.map((s) => `${s.label} ${s.value}`).join(" · ")) : null,
    (face.status || []).length ? el("div", { class: "cstatus" }, face.status.join(", ")) : null,
    (face.notes || []).length ? el("div", { class: "notes" }, face.notes.join("; ")) : null,
    (face.under || []).length ? el("div", { class: "notes" }, "⤷ " + face.under.join(", ")) : null);
  hoverText(node, game, face.name, getLang);
  return node;
}

// A discard pile: its top card; a click opens every card of it.
function pileNode(zone, game, getLang) {
  const top = cardNode(zone.cards[zone.cards.length - 1], game, getLang);
  const more = el("button", { class: "pile-open", title: zone.label }, `×${zone.count}`);
  const all = el("div", { class: "cards pile-all", hidden: "" }, zone.cards.map((f) => cardNode(f, game, getLang)));
  more.addEventListener("click", () => { all.hidden = !all.hidden; });
  return [top, more, all];
}

export function zoneNode(zone, game, getLang, ui) {
  // a hidden zone: its cards' backs (a hand), or one back with the count (a deck)
  const backs = zone.kind === "hand" || zone.kind === "row" ? Math.min(zone.count, 15) : Math.min(zone.count, 1);
  const body = zone.cards === null
    ? el("div", { class: "cards" }, Array.from({ length: backs }, () => el("div", { class: "card back" })),
        zone.count > backs ? el("span", { class: "count" }, `×${zone.count}`) : null)
    : el("div", { class: "cards" }, zone.kind === "pile" && zone.cards.length > 1
        ? pileNode(zone, game, getLang)
        : zone.cards.map((f) => cardNode(f, game, getLang)));
  return el("div", { class: `zone ${zone.kind}`, "data-zone": zone.name },
    el("div", { class: "label" }, `${zone.label} (${zone.count})`), body);
}

export function drawBoard(root, board, game, getLang, ui) {
  root.replaceChildren();
  const me = board.viewer ?? 0;
  for (const p of [1 - me, me]) {
    const player = board.players[p];
    // cards in play across the side; the other zones (mana, shields, hand, piles) beside each other
    const fields = player.zones.filter((z) => z.kind === "field");
    const others = player.zones.filter((z) => z.kind !== "field");
    root.append(el("section", { class: `side${p === me && board.viewer !== null ? " mine" : ""}`,
                                "data-seat": p },
      el("h2", {}, player.label),
      el("div", { class: "counters" }, player.counters.map((c) => el("span", {}, `${c.label}: ${c.value}`))),
      fields.map((z) => zoneNode(z, game, getLang, ui)),
      el("div", { class: "zones-inline" }, others.map((z) => zoneNode(z, game, getLang, ui)))));
  }
}

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
