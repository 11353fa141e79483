"""What ``tcg report`` shows: the statistics of :mod:`tcg.sim.stats` as tables and as one HTML file.

Why one table model (:class:`Section`): the terminal (rich) and the HTML file show the same
tables from the same cells, so they never disagree. The HTML file is self-contained - CSS
inline, plots as base64 PNG drawn by matplotlib's Agg renderer - so it can be mailed, archived
or opened offline, and asks nothing of the network. matplotlib is imported only to draw.
"""

from __future__ import annotations

import html
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rich.markup import escape
from rich.table import Table

from tcg.sim.stats import Stat

DASH = "-"


@dataclass
class Section:
    """One table: its anchor, title, column headers and rows of cell text. A header ending in
    ``>`` marks a column of numbers (right-aligned; the ``>`` is not shown)."""

    id: str
    title: str
    headers: list[str]
    rows: list[list[str]]
    note: str = ""


def pct(value: float | None) -> str:
    return DASH if value is None else f"{value:.1%}"


def interval(ci: Sequence[float] | None) -> str:
    return DASH if ci is None else f"{ci[0] * 100:.1f} - {ci[1]:.1%}"


def num(value: float | None, digits: int = 1) -> str:
    return DASH if value is None else f"{value:.{digits}f}"


def signed(value: float | None) -> str:
    return DASH if value is None else f"{value * 100:+.1f}"


# ---------------------------------------------------------------------- the sections
def facts_section(stats: Stat) -> Section:
    run = stats["run"]
    outcomes = ", ".join(f"{k} {v}" for k, v in run["outcomes"].items())
    reasons = ", ".join(f"{k.replace('_', ' ') or 'none'} {v}" for k, v in run["reasons"].items())
    failed = ", ".join(f"#{f['index']} (seed {f['seed']})" for f in run["failed"][:10])
    rows = [["game", ", ".join(run["game"])], ["decks", ", ".join(run["decks"])],
            ["agents", ", ".join(run["agents"])], ["games", str(run["games"])],
            ["played", str(run["played"])], ["errors", str(run["errors"]) + (f": {failed}" if failed else "")],
            ["outcomes", outcomes], ["endings", reasons or DASH],
            ["master seeds", _few(run["master_seeds"])],
            ["options", "; ".join(run["options"]) or DASH], ["seconds (sum)", num(run["seconds"])]]
    return Section("run", "Run", ["fact", "value"], rows)


def _rate_cells(s: Stat) -> list[str]:
    return [str(s["games"]), str(s["wins"]), str(s["losses"]), str(s["draws"]), str(s["unfinished"]),
            pct(s["win_rate"]), interval(s["ci95"])]


RATE_HEADERS = ["games>", "wins>", "losses>", "draws>", "unfinished>", "win rate>", "95% CI>"]


def deck_section(stats: Stat) -> Section:
    return Section("decks", "Win rate by deck", ["deck", *RATE_HEADERS],
                   [[d["deck"], *_rate_cells(d)] for d in stats["decks"]],
                   "each seat counts for its deck; draws and unfinished games count as games not won")


def deck_agent_section(stats: Stat) -> Section:
    return Section("deck-agents", "Win rate by deck and agent", ["deck", "agent", *RATE_HEADERS],
                   [[d["deck"], d["agent"], *_rate_cells(d)] for d in stats["deck_agents"]])


def first_player_section(stats: Stat) -> Section:
    f = stats["first_player"]
    return Section("first-player", "First-player advantage",
                   ["decisive games>", "first player wins>", "win rate>", "95% CI>"],
                   [[str(f["games"]), str(f["wins"]), pct(f["win_rate"]), interval(f["ci95"])]],
                   "over games somebody won: 50% is no advantage")


def length_section(stats: Stat) -> Section:
    rows = []
    for measure in ("turns", "actions"):
        d = stats["length"][measure]
        rows.append([measure, num(d["mean"]), num(d["median"]), num(d["p10"]), num(d["p90"]),
                     num(d["min"], 0), num(d["max"], 0)])
    return Section("length", "Game length", ["", "mean>", "median>", "p10>", "p90>", "min>", "max>"], rows)


def matchup_cell(cell: Stat) -> str:
    if not cell["games"]:
        return DASH
    if cell["mirror"]:
        return f"mirror, {cell['games']} games"
    return f"{pct(cell['win_rate'])} of {cell['games']} ({interval(cell['ci95'])})"


def matchup_section(stats: Stat) -> Section:
    m = stats["matchups"]
    rows = [[deck, *(matchup_cell(c) for c in cells)] for deck, cells in zip(m["decks"], m["cells"], strict=True)]
    return Section("matchup", "Matchups", ["row deck vs", *(f"{d}>" for d in m["decks"])], rows,
                   "the row deck's win rate against the column deck, in how many games, and its 95% CI")


def card_section(stats: Stat, top: int) -> Section:
    rows = [[c["card"], c["deck"], str(c["played"]["games"]), pct(c["played"]["win_rate"]),
             interval(c["played"]["ci95"]), str(c["not_played"]["games"]), pct(c["not_played"]["win_rate"]),
             signed(c["lift"])] for c in stats["cards"][:top]]
    headers = ["card", "deck", "played>", "win rate>", "95% CI>", "not played>", "win rate>", "lift (pt)>"]
    note = (f"top {top} by lift; only cards played in at least {stats['min_games']} games "
            f"({len(stats['cards'])} of them); no lift when fewer games went without the card")
    return Section("cards", "Cards: win rate when played", headers, rows, note)


def player_section(stats: Stat) -> Section:
    p = stats["players"]
    rows = [[f"P{s['seat']}", str(s["games"]), num(s["mean_cards_played"]), num(s["mean_damage_dealt"])]
            for s in p["seats"]]
    rows += [[d["deck"], str(d["games"]), num(d["mean_cards_played"]), num(d["mean_damage_dealt"])]
             for d in p["decks"]]
    return Section("players", "Per player", ["seat or deck", "games>", "mean cards played>",
                                             "mean damage dealt>"], rows)


def sections(stats: Stat, top: int) -> list[Section]:
    """Every table of the report, in the order shown (by deck and agent only when some deck was
    played by more than one agent: otherwise it repeats the deck table)."""
    by_agent = [deck_agent_section(stats)] if len(stats["deck_agents"]) > len(stats["decks"]) else []
    return [facts_section(stats), deck_section(stats), *by_agent, first_player_section(stats),
            length_section(stats), matchup_section(stats), card_section(stats, top), player_section(stats)]


# ---------------------------------------------------------------------- terminal
def rich_table(section: Section) -> Table:
    table = Table(title=section.title, caption=section.note or None)
    for h in section.headers:
        number = h.endswith(">")  # in a narrow terminal a name folds (never cut), an interval wraps at " - "
        table.add_column(escape(h.rstrip(">")), justify="right" if number else "left",
                         overflow="ellipsis" if number else "fold")
    for row in section.rows:
        table.add_row(*(escape(c) for c in row))
    return table


# ---------------------------------------------------------------------- HTML
CSS = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 72em; color: #222; padding: 0 1em; }
h1 { font-size: 1.6em; } h2 { font-size: 1.2em; margin-top: 2em; border-bottom: 1px solid #ccc; }
table { border-collapse: collapse; margin: .5em 0; font-size: .9em; }
th, td { border: 1px solid #ddd; padding: .25em .6em; text-align: left; }
th { background: #f3f3f3; } td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
p.note { color: #666; font-size: .85em; margin: .2em 0; }
figure { margin: 1em 0; } img { max-width: 100%; height: auto; }
"""


def html_table(section: Section) -> str:
    def cls(h: str) -> str:
        return ' class="num"' if h.endswith(">") else ""

    head = "".join(f"<th{cls(h)}>{html.escape(h.rstrip('>'))}</th>" for h in section.headers)
    body = "".join("<tr>" + "".join(f"<td{cls(h)}>{html.escape(c)}</td>" for h, c in zip(section.headers, row,
                                                                                    strict=True)) + "</tr>"
                   for row in section.rows)
    note = f'<p class="note">{html.escape(section.note)}</p>' if section.note else ""
    return (f'<section id="{section.id}"><h2>{html.escape(section.title)}</h2>{note}'
            f'<table id="{section.id}-table"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></section>')


def html_figure(name: str, caption: str, png: str) -> str:
    return (f'<figure id="plot-{name}"><img alt="{html.escape(caption)}" src="data:image/png;base64,{png}">'
            f"<figcaption>{html.escape(caption)}</figcaption></figure>")


def title_of(stats: Stat) -> str:
    run = stats["run"]
    return f"tcg report: {', '.join(run['game'])}, {run['games']} games"


def html_report(stats: Stat, top: int, title: str | None = None) -> str:
    """The whole report as one HTML document: the run's facts, the plots, every table."""
    title = title or title_of(stats)
    figures = "".join(html_figure(name, caption, png) for name, caption, png in all_plots(stats, top))
    figures = figures or '<p class="note">No game was played to a result: nothing to draw.</p>'
    facts, *rest = sections(stats, top)
    tables = "".join(html_table(s) for s in rest)
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{html.escape(title)}</title><style>{CSS}</style></head>"
            f'<body><h1 id="title">{html.escape(title)}</h1>{html_table(facts)}'
            f'<section id="plots"><h2>Plots</h2>{figures}</section>{tables}</body></html>\n')


def json_ready(value: Any) -> Any:
    """``value`` with every float rounded to 6 places (the JSON stays readable and diffable)."""
    if isinstance(value, float):
        return round(value, 6)
    if isinstance(value, dict):
        return {k: json_ready(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [json_ready(v) for v in value]
    return value


# ---------------------------------------------------------------------- plots
#: A plot of the HTML file: its name (the figure's anchor), caption and base64 PNG.
Plot = tuple[str, str, str]
BLUE, GREY = "#4c78a8", "#b0b0b0"


def _figure(width: float, height: float) -> Any:
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height), layout="constrained")


def _png(fig: Any) -> str:
    """The figure as base64 PNG, drawn by the Agg canvas (no display, no pyplot state)."""
    import base64
    import io

    from matplotlib.backends.backend_agg import FigureCanvasAgg

    FigureCanvasAgg(fig)
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=96)
    return base64.b64encode(buf.getvalue()).decode("ascii")


def _short(label: str, width: int = 40) -> str:
    return label if len(label) <= width else label[:width - 1] + "…"


def _rate_bars(ax: Any, labels: list[str], rates: list[Stat], title: str, color: str = BLUE) -> None:
    """Horizontal win-rate bars with their 95% interval as whiskers, 50% dashed."""
    from matplotlib.ticker import PercentFormatter

    values = [r["win_rate"] or 0.0 for r in rates]
    low = [v - r["ci95"][0] for v, r in zip(values, rates, strict=True)]
    high = [r["ci95"][1] - v for v, r in zip(values, rates, strict=True)]
    ys = list(range(len(labels)))
    ax.barh(ys, values, xerr=[low, high], capsize=4, color=color, ecolor="#333")
    ax.axvline(0.5, color="#888", linestyle="--", linewidth=1)
    ax.set_yticks(ys, [_short(lb) for lb in labels])
    ax.invert_yaxis()
    ax.set_xlim(0, 1.18)
    ax.xaxis.set_major_formatter(PercentFormatter(1.0))
    ax.set_title(title)
    for y, r in zip(ys, rates, strict=True):
        ax.text(min(r["ci95"][1] + 0.02, 1.0), y, f"{pct(r['win_rate'])} of {r['games']}", va="center", fontsize=8)


def win_rate_plot(stats: Stat) -> Plot:
    groups = [("by deck", [d["deck"] for d in stats["decks"]], stats["decks"])]
    if len(stats["deck_agents"]) > len(stats["decks"]):
        groups.append(("by deck and agent", [f"{d['deck']} · {d['agent']}" for d in stats["deck_agents"]],
                       stats["deck_agents"]))
    height = 1.2 * len(groups) + 0.35 * sum(len(g[1]) for g in groups)
    fig = _figure(8, max(2.5, height))
    for ax, (title, labels, rates) in zip(fig.subplots(len(groups), 1, squeeze=False)[:, 0], groups, strict=True):
        _rate_bars(ax, labels, rates, f"Win rate {title} (95% CI)")
    return "win-rates", "Win rates with their 95% Wilson intervals", _png(fig)


def length_plot(stats: Stat) -> Plot:
    fig = _figure(9, 3.2)
    for ax, measure in zip(fig.subplots(1, 2), ("turns", "actions"), strict=True):
        d = stats["length"][measure]
        bins = d["histogram"]
        ax.bar([b["lo"] for b in bins], [b["count"] for b in bins], width=[b["hi"] - b["lo"] for b in bins],
               align="edge", color=BLUE, edgecolor="white")
        if d["median"] is not None:
            ax.axvline(d["median"], color="#d62728", linewidth=1.5, label=f"median {d['median']:g}")
            ax.legend(fontsize=8)
        ax.set_title(f"Game length: {measure}")
        ax.set_xlabel(measure)
        ax.set_ylabel("games")
    return "length", "Game length histograms (turns, actions)", _png(fig)


def _cell_text(cell: Stat) -> str:
    if not cell["games"]:
        return DASH
    if cell["mirror"]:
        return f"mirror\n{cell['games']} games"
    return f"{pct(cell['win_rate'])}\n{cell['wins']}/{cell['games']}"


def matchup_plot(stats: Stat) -> Plot:
    import matplotlib

    m = stats["matchups"]
    decks, cells = m["decks"], m["cells"]
    data = [[math.nan if c["win_rate"] is None else c["win_rate"] for c in row] for row in cells]
    size = max(4.0, 1.3 * len(decks) + 2.5)
    fig = _figure(size + 1, size)
    ax = fig.subplots()
    cmap = matplotlib.colormaps["RdYlGn"].with_extremes(bad="#e8e8e8")
    image = ax.imshow(data, cmap=cmap, vmin=0, vmax=1)
    for i, row in enumerate(cells):
        for j, cell in enumerate(row):
            ax.text(j, i, _cell_text(cell), ha="center", va="center", fontsize=9)
    labels = [_short(d, 24) for d in decks]
    ax.set_xticks(range(len(decks)), labels, rotation=30, ha="right")
    ax.set_yticks(range(len(decks)), labels)
    ax.set_xlabel("column deck (opponent)")
    ax.set_ylabel("row deck")
    ax.set_title("Matchups: the row deck's win rate")
    fig.colorbar(image, ax=ax, format="{x:.0%}")
    return "matchup", "Matchup matrix: the row deck's win rate against the column deck", _png(fig)



def card_plot(stats: Stat, top: int) -> Plot | None:
    """Win rate when played against when not, for the top cards by lift (None: no card has one)."""
    from matplotlib.ticker import PercentFormatter

    cards = [c for c in stats["cards"] if c["lift"] is not None][:top]
    if not cards:
        return None
    labels = [f"{c['card']} ({c['deck']})" for c in cards]
    fig = _figure(9, max(2.5, 0.55 * len(cards) + 1.2))
    ax = fig.subplots()
    ys = list(range(len(cards)))
    for offset, key, color, name in ((-0.2, "played", BLUE, "played"), (0.2, "not_played", GREY, "not played")):
        rates = [c[key] for c in cards]
        values = [r["win_rate"] for r in rates]
        err = [[v - r["ci95"][0] for v, r in zip(values, rates, strict=True)],
               [r["ci95"][1] - v for v, r in zip(values, rates, strict=True)]]
        ax.barh([y + offset for y in ys], values, height=0.4, xerr=err, capsize=3, color=color, ecolor="#333",
                label=name)
    ax.set_yticks(ys, [_short(lb) for lb in labels])
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.xaxis.set_major_formatter(PercentFormatter(1.0))
    ax.legend(fontsize=8, loc="lower right")
    ax.set_title(f"Cards: win rate when played vs not (top {len(cards)} by lift, 95% CI)")
    return "cards", "Card impact: win rate in games where the card was played, and where it was not", _png(fig)


def all_plots(stats: Stat, top: int) -> list[Plot]:
    """Every plot of the HTML report (the card chart only when some card has a lift; none when
    every game raised: there is nothing to draw)."""
    if not stats["run"]["played"]:
        return []
    plots = [win_rate_plot(stats), length_plot(stats), matchup_plot(stats), card_plot(stats, top)]
    return [p for p in plots if p is not None]


def _few(values: list[int], shown: int = 4) -> str:
    """A tournament has a master seed per pair: the first few, and how many more (--json has all)."""
    head = ", ".join(map(str, values[:shown]))
    return head if len(values) <= shown else f"{head} and {len(values) - shown} more (all in --json)"
