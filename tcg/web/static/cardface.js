// Card faces, drawn from what the game's presentation declared (tcg/core/presentation.py,
// Presentation.card_face): the frame in the card's colours, each stat where the printed card has
// it (`at`), the type line, keywords as badges, a level table, chips for the cores, DON!! or
// damage on it, sideways when tapped or rested. No card art (none is licensed). Nothing here
// knows a game. A click (or a tap) on a card that is not a choice, a right-click or a long press
// on any card opens the zoom: the face, large, with the card's full text and official rulings.
import { cardText, el, hideTip, hoverText, rulingsNode } from "/static/common.js";

const CORNERS = ["top_left", "top_right", "bottom_left", "bottom", "bottom_right", "side"];

function statNode(stat) {
  const title = `${stat.label}: ${stat.value}${stat.printed !== undefined ? ` (${stat.printed})` : ""}`;
  const node = el("span", { class: `stat at-${stat.at}`, "data-stat": stat.key, title });
  if (stat.shape === "stars" && Number.isInteger(stat.value) && stat.value > 0) {
    node.append(stat.value <= 8 ? "★".repeat(stat.value) : `★${stat.value}`);
    node.classList.add("stars");
    return node;
  }
  for (const color of stat.pips || []) node.append(pip(color));
  const shown = stat.pips ? stat.short : String(stat.value);
  if (shown) node.append(el("b", {}, shown));
  if (stat.at === "bottom" || stat.at === "side" || stat.at === "body") node.prepend(el("small", {}, stat.label, " "));
  if (stat.printed !== undefined) node.classList.add(Number(stat.value) > Number(stat.printed) ? "up" : "down");
  return node;
}

function pip(color) {
  const node = el("i", { class: "pip" });
  node.style.setProperty("--pip", color);
  return node;
}

// The frame: one colour, or a card split in as many (a two-coloured card is two-toned).
export function paintFrame(node, frame) {
  if (!frame || !frame.length) return;
  const stops = frame.length === 1 ? [frame[0], frame[0]]
    : frame.flatMap((c, i) => [`${c} ${(100 * i) / frame.length}%`, `${c} ${(100 * (i + 1)) / frame.length}%`]);
  node.style.setProperty("--frame", `linear-gradient(90deg, ${stops.join(", ")})`);
  node.style.setProperty("--tint", frame[0]);
}

function stepsNode(steps) {
  return el("table", { class: "steps" }, steps.map((s) => el("tr", { class: s.current ? "current" : null },
    el("td", {}, s.label), el("td", { class: "need" }, `●${s.need}`), el("td", {}, s.value ?? ""))));
}

function faceBody(face) {
  const at = (place) => (face.stats || []).filter((s) => s.at === place).map(statNode);
  const corner = (place) => el("span", { class: `corner ${place}` }, at(place));
  const chips = (face.stats || []).filter((s) => s.at === "chip" && s.value).map((s) => el("span", {
    class: "chip", "data-stat": s.key, title: `${s.label}: ${s.value}` }, `${s.label} ${s.value}`));
  return [
    el("div", { class: "c-top" }, corner("top_left"), corner("top_right")),
    el("div", { class: "c-name" }, face.name),
    face.type_line ? el("div", { class: "c-type" }, face.type_line) : null,
    (face.badges || []).length ? el("div", { class: "c-badges" }, face.badges.map((b) => el("span", { class: "badge" }, b))) : null,
    (face.steps || []).length ? stepsNode(face.steps) : null,
    at("body").length ? el("div", { class: "c-body" }, at("body")) : null,
    (face.status || []).length ? el("div", { class: "c-status" }, face.status.join(", ")) : null,
    // what lies under or on the card (a fused brave, evolution sources, additions) by name: a
    // count alone said a spirit carried something, not what; a long list ends in an ellipsis
    (face.under || []).length ? el("div", { class: "c-under", title: face.under.join(", ") }, `⤷ ${face.under.join(", ")}`) : null,
    chips.length ? el("div", { class: "c-chips" }, chips) : null,
    el("div", { class: "c-bottom" }, corner("bottom_left"), corner("bottom"), corner("bottom_right")),
    at("side").length ? el("div", { class: "c-side" }, at("side")) : null,
  ];
}

// A card back: a face-down or hidden card (its id and what everyone knows of it, at most).
function backNode(face, size) {
  const classes = ["card", "back", size, face.turned ? "turned" : ""].filter(Boolean).join(" ");
  return el("div", { class: classes, "data-card-id": face.id ?? null, title: (face.status || []).join(", ") });
}

export function cardNode(face, game, getLang, size = "") {
  if (face.hidden) return backNode(face, size);
  const classes = ["card", "face", size, face.turned ? "turned" : "", face.face_down ? "face-down" : "",
                   (face.steps || []).length ? "has-steps" : ""];
  const node = el("div", { class: classes.filter(Boolean).join(" "), "data-card-id": face.id, "data-name": face.name },
    faceBody(face));
  paintFrame(node, face.frame);
  if (matchMedia("(hover: hover)").matches) hoverText(node, game, face.name, getLang);
  wireZoom(node, face, game, getLang);
  return node;
}

// ---------------------------------------------------------------- the zoom
let zoom = null;
let zoomReturn = null;
let words = {};

// The page's words (the message's `ui`): the zoom's close button says its word.
export function setWords(ui) { words = ui || {}; }

export function zoomOpen() { return zoom !== null; }

// Closes the zoom; true if one was open (keys.js may call it for Esc).
export function closeZoom() {
  if (!zoom) return false;
  zoom.remove();
  zoom = null;
  if (zoomReturn && document.contains(zoomReturn)) zoomReturn.focus({ preventScroll: true });
  zoomReturn = null;
  return true;
}

export async function openZoom(face, game, lang) {
  hideTip();
  closeZoom();
  zoomReturn = document.activeElement;
  const big = el("div", { class: "card face zoomed" }, faceBody(face));
  paintFrame(big, face.frame);
  const text = el("div", { class: "zoom-text" }, el("h2", {}, face.name));
  const close = el("button", { class: "zoom-close", "aria-label": words.close || "Close", title: words.close || "Close",
                                onclick: closeZoom }, "✕");
  const box = el("div", { class: "zoom-box", role: "dialog", "aria-modal": "true", "aria-label": face.name },
    close, big, text);
  zoom = el("div", { class: "zoom", id: "zoom", "data-card-id": face.id ?? null,
                     onclick: (e) => { if (e.target === zoom) closeZoom(); } }, box);
  document.body.append(zoom);
  close.focus({ preventScroll: true });
  const info = await cardText(game, face.name, lang);
  if (!zoom || !box.isConnected) return;
  text.append(
    el("div", { class: "stats" }, [info.type, ...(info.facts || [])].filter(Boolean).join(" · ")),
    (face.status || []).length || (face.notes || []).length
      ? el("div", { class: "zoom-state" }, [...(face.status || []), ...(face.notes || [])].join(" · ")) : null,
    (face.under || []).length ? el("div", { class: "zoom-state" }, `⤷ ${face.under.join(", ")}`) : null,
    el("div", { class: "zoom-card-text" }, info.text || ""),
    rulingsNode(info));
}

// Esc closes the zoom before anything else hears it (the page's keys act on the decision).
document.addEventListener("keydown", (e) => {
  if (e.key === "Escape" && closeZoom()) { e.stopImmediatePropagation(); e.preventDefault(); }
}, true);

// A long press (a finger held, or a mouse button) opens the zoom; the click that ends it is
// swallowed, so that it does not also play the card (nor close the zoom it opened).
const LONG_PRESS_MS = 450;
let swallowUntil = 0;
window.addEventListener("click", (e) => {
  if (performance.now() < swallowUntil) { swallowUntil = 0; e.stopPropagation(); e.preventDefault(); }
}, true);

function zoomOnce(face, game, lang) {
  if (zoom && zoom.dataset.cardId === String(face.id)) return;
  openZoom(face, game, lang);
}

function wireZoom(node, face, game, getLang) {
  let timer = null;
  let start = null;
  let pressed = false;
  const cancel = () => { clearTimeout(timer); timer = null; };
  node.addEventListener("pointerdown", (e) => {
    if (e.button !== 0) return;
    start = [e.clientX, e.clientY];
    pressed = false;
    cancel();
    timer = setTimeout(() => { timer = null; pressed = true; zoomOnce(face, game, getLang()); }, LONG_PRESS_MS);
  });
  node.addEventListener("pointermove", (e) => {
    if (timer && start && Math.hypot(e.clientX - start[0], e.clientY - start[1]) > 10) cancel();
  });
  node.addEventListener("pointerup", () => {
    cancel();
    if (pressed) swallowUntil = performance.now() + 400;
    pressed = false;
  });
  for (const ev of ["pointercancel", "pointerleave"]) node.addEventListener(ev, cancel);
  node.addEventListener("contextmenu", (e) => { e.preventDefault(); cancel(); zoomOnce(face, game, getLang()); });
  node.addEventListener("click", () => {
    if (!node.classList.contains("playable")) openZoom(face, game, getLang());
  });
}
