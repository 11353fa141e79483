// The list of finished games: each links to its replay; decks by their titles and the winner
// named by deck, in the language of the other pages.
import { $, applyWords, el, savedLang } from "/static/common.js";
const lang = savedLang();
const [{ games }, words] = await Promise.all([
  fetch(`/api/replays?lang=${encodeURIComponent(lang)}`).then((r) => r.json()),
  fetch(`/api/ui?lang=${encodeURIComponent(lang)}`).then((r) => (r.ok ? r.json() : { ui: {} })),
]);
applyWords(words.ui);
$("#games tbody").replaceChildren(...games.map((g) => el("tr", { "data-id": g.id },
  el("td", {}, el("a", { href: `/replay/${g.id}` }, String(g.id))), el("td", {}, g.title),
  el("td", { class: "decks" }, g.decks.join(" – ")), el("td", { class: "winner" }, g.winner_name),
  el("td", {}, g.reason_text), el("td", {}, String(g.actions)))));
