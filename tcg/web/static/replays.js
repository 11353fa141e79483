// The list of finished games: each links to its replay.
import { $, el } from "/static/common.js";
const { games } = await (await fetch("/api/replays")).json();
$("#games tbody").replaceChildren(...games.map((g) => el("tr", { "data-id": g.id },
  el("td", {}, el("a", { href: `/replay/${g.id}` }, String(g.id))), el("td", {}, g.game),
  el("td", {}, g.labels.join(" vs ")), el("td", {}, g.winner === null ? "" : String(g.winner)),
  el("td", {}, g.reason), el("td", {}, String(g.actions)))));
