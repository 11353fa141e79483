// A game page: one WebSocket to the server, which owns the game. The page says hello with its
// seat token (kept by the tab, see remember() in common.js; an address's #seat=... or
// #invite=CODE is read once and removed from the address), then draws every `state` message:
// the board, the prompt, this seat's legal actions as buttons and as clicks on cards, and the
// event log. An answer carries the decision id it answers.
import { $, applyWords, drawBoard, drawStack, el, hideTip, languagePicker, recall, remember, savedLang,
         statusLine } from "/static/common.js";
import { drawChoice, showChoice } from "/static/choose.js";
import { keysHelp } from "/static/keys.js";
import { answering, drawFlow, silent } from "/static/flow.js";
import { drawStops } from "/static/stops.js";
import { markBattle } from "/static/marks.js";
import { drawAround } from "/static/endgame.js";
import { drawPuzzle } from "/static/puzzle.js";

const roomId = decodeURIComponent(location.pathname.split("/").pop());
const roomPath = `/api/rooms/${encodeURIComponent(roomId)}`;
const hash = new URLSearchParams(location.hash.slice(1));
if (hash.get("seat")) remember("seat", roomId, hash.get("seat"));
const joining = hash.get("invite");
if (location.hash) history.replaceState(null, "", location.pathname + location.search);
// /watch/<room> is the spectator's address: it never sends this browser's seat secret
let token = location.pathname.startsWith("/watch/") ? "" : recall("seat", roomId);
let lang = savedLang();
let socket = null;
let current = null;

function send(message) {
  if (message.type === "act" && !answering(current)) return; // answered already: no second click (flow.js)
  socket.send(JSON.stringify(message));
}

function act(index) {
  send({ type: "act", decision_id: current.decision_id, action: index });
}

function appendLog(message) {
  const log = $("#log");
  if (message.log_from === 0) log.replaceChildren();
  for (const line of message.log) {
    log.append(el("div", { class: line.level, "data-type": line.type }, line.text));
  }
  log.scrollTop = log.scrollHeight;
}

function draw(message) {
  current = message;
  hideTip(); // the card under the pointer may be gone
  const ui = message.ui;
  $("#game-title").textContent = message.board.header.game;
  $("#status").textContent = statusLine(message.board, ui);
  const h = message.board.header;
  // another's decision comes in the third person ("The opponent is choosing..."): no "who:" before it
  $("#prompt").textContent = message.over || !h.prompt ? "" : h.decider === message.seat ? `${h.deciding}: ${h.prompt}`
    : h.prompt;
  $("#banner").replaceChildren(message.over ? el("div", { class: "banner", id: "result" }, message.result) : "");
  applyWords(ui);
  $("#concede").hidden = message.seat === null || message.over;
  $("#help").textContent = message.help;
  drawBoard($("#board"), message.board, message.game, () => lang, ui);
  drawStack($("#stack"), message.board);
  drawChoice(message, send, act); // field by field (choose.js); keys.js numbers its buttons
  keysHelp(ui);
  drawFlow(message);
  drawStops(message, send);
  markBattle(message.board);
  drawAround(message, { roomId, send, token: () => token });
  drawPuzzle(message, { roomId, token: () => token });
  appendLog(message);
  $("#lang-slot").replaceChildren(languagePicker(message.languages, lang, (l) => {
    lang = l;
    send({ type: "lang", lang: l });
  }));
  document.body.dataset.decision = String(message.decision_id);
  document.body.dataset.over = String(message.over);
  document.body.dataset.mine = String(message.actions.length > 0);
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/${roomId}`);
  socket.addEventListener("open", () => send({ type: "hello", token, lang }));
  socket.addEventListener("message", (e) => {
    const message = JSON.parse(e.data);
    if (message.type === "state") { $("#error").textContent = ""; draw(message); }
    else if (message.type === "choice") { $("#error").textContent = ""; showChoice(message); }
    else if (message.type === "error") {
      if (silent(message)) return;
      $("#error").textContent = message.message;
      $("#error").dataset.code = message.code;
    }
  });
  socket.addEventListener("close", (e) => {
    if (e.code === 4400) return; // refused: the error message says why
    setTimeout(connect, 1000);
  });
}

async function post(path, body) {
  const r = await fetch(path, { method: "POST", headers: { "content-type": "application/json" },
                                body: JSON.stringify(body) });
  const answer = await r.json();
  if (!r.ok) throw new Error(typeof answer.detail === "string" ? answer.detail : JSON.stringify(answer.detail));
  return answer;
}

// The invitation a friend opened: exchanged once for this seat's own secret.
async function join(code) {
  try {
    token = (await post(`${roomPath}/join`, { invite: code })).token;
    remember("seat", roomId, token);
    remember("invite", roomId, null);
  } catch (e) { inviteError = e.message; }
}

// The creator's invitation link: built here from the room id and the code, on this page's own
// origin, never taken from an address (issue 35 item 11); "new link" revokes it for a new one.
const CODE = /^[A-Za-z0-9_-]{16,100}$/;
let inviteError = "";
function showInvite() {
  const code = recall("invite", roomId);
  if (!CODE.test(code) || !/^https?:$/.test(location.protocol)) {
    $("#invite").replaceChildren(inviteError ? el("div", { class: "error", id: "invite-error" }, inviteError) : "");
    return;
  }
  const link = `${location.origin}/play/${encodeURIComponent(roomId)}#invite=${code}`;
  const renew = el("button", { id: "new-invite", "data-ui": "new_invite", onclick: async () => {
    try { remember("invite", roomId, (await post(`${roomPath}/invite`, { token })).invite); showInvite(); }
    catch (e) { inviteError = e.message; remember("invite", roomId, null); showInvite(); }
  } }, "New link");
  $("#invite").replaceChildren(el("div", { class: "banner" }, el("span", { "data-ui": "invite_link" }, "Invite link:"), " ",
    el("a", { href: link, id: "invite-link" }, link), " ", renew));
  if (current) applyWords(current.ui);
}

$("#concede").addEventListener("click", () => {
  if (confirm(current?.ui?.quit_confirm || "Concede?")) send({ type: "concede" });
});
$("#help-button").addEventListener("click", () => { $("#help").hidden = !$("#help").hidden; });
$("#all-events").addEventListener("change", (e) => $("#log").classList.toggle("all", e.target.checked));
if (joining) await join(joining);
showInvite();
connect();
