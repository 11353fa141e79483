"""Statistics over result rows (:mod:`tcg.sim.results`): pure functions returning plain data.

Why plain data: ``tcg report`` prints these as tables, draws them into its HTML file and
writes them as ``--json``, and a tournament file (every pair of decks, several agents) goes
through the same functions as a file of one pair.

Conventions, the same everywhere:

- a game that raised (outcome ``error``) is left out of every rate and counted apart;
- a *seat* counts for its deck (and its agent): a game of deck A against deck B is one game
  for A and one for B; a mirror game is two games for its deck, exactly one of them won when
  somebody won;
- a win rate is wins over games, draws and unfinished games included (they are games the
  deck did not win) and shown apart, so a table with many unfinished games says so;
- the first-player advantage is over decisive games only: with draws left out, 50% is "no
  advantage";
- every rate comes with its Wilson 95% interval (:func:`wilson`).
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from tcg.sim.results import Row

#: Cards played in fewer games than this (or not played in fewer) get no lift by default.
DEFAULT_MIN_GAMES = 10
#: At most this many bins in a length histogram (integer-wide bins).
MAX_BINS = 20

Stat = dict[str, Any]


def wilson(successes: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default); (0, 1) when n is 0.

    Why Wilson: unlike the normal approximation it stays inside [0, 1] and behaves for
    small batches and for win rates near 0 or 1.
    """
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    lo = 0.0 if successes <= 0 else max(0.0, centre - half)
    hi = 1.0 if successes >= n else min(1.0, centre + half)
    return lo, hi


def rate(wins: int, games: int) -> Stat:
    """``wins``, ``games``, ``win_rate`` (None without games) and its ``ci95``."""
    lo, hi = wilson(wins, games)
    return {"wins": wins, "games": games, "win_rate": wins / games if games else None, "ci95": [lo, hi]}


def played_rows(rows: Iterable[Row]) -> list[Row]:
    """The rows of games that were played to a result (win, draw or unfinished): errors out."""
    return [r for r in rows if r["outcome"] != "error"]


# ---------------------------------------------------------------------- win rates
def _seat_tally(rows: Sequence[Row], key: Callable[[Row, int], Any]) -> dict[Any, Counter[str]]:
    tally: dict[Any, Counter[str]] = defaultdict(Counter)
    for r in played_rows(rows):
        for seat in (0, 1):
            t = tally[key(r, seat)]
            t["games"] += 1
            t["wins"] += r["winner"] == seat
            t["draws"] += r["outcome"] == "draw"
            t["unfinished"] += r["outcome"] == "unfinished"
    return tally


def _with_rate(t: Counter[str]) -> Stat:
    losses = t["games"] - t["wins"] - t["draws"] - t["unfinished"]
    return {**rate(t["wins"], t["games"]), "losses": losses, "draws": t["draws"], "unfinished": t["unfinished"]}


def deck_win_rates(rows: Sequence[Row]) -> list[Stat]:
    """Per deck (each seat counts for its deck): games, wins, losses, draws, unfinished, rate."""
    tally = _seat_tally(rows, lambda r, s: r[f"deck_{s}"])
    return [{"deck": d, **_with_rate(t)} for d, t in sorted(tally.items())]


def deck_agent_win_rates(rows: Sequence[Row]) -> list[Stat]:
    """Per (deck, agent) pair, as :func:`deck_win_rates`."""
    tally = _seat_tally(rows, lambda r, s: (r[f"deck_{s}"], r[f"agent_{s}"]))
    return [{"deck": d, "agent": a, **_with_rate(t)} for (d, a), t in sorted(tally.items())]


def first_player(rows: Sequence[Row]) -> Stat:
    """The first player's win rate over decisive games (a draw or an unfinished game is neither
    player's), with its interval."""
    decisive = [r for r in played_rows(rows) if r["winner"] in (0, 1)]
    return rate(sum(1 for r in decisive if r["winner"] == r["first_player"]), len(decisive))


# ---------------------------------------------------------------------- game length
def percentile(values: Sequence[float], q: float) -> float | None:
    """The ``q`` quantile (0..1) of ``values`` by linear interpolation between the closest
    ranks (numpy's default); None for no values."""
    if not values:
        return None
    s = sorted(values)
    pos = (len(s) - 1) * q
    lo = math.floor(pos)
    hi = min(lo + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (pos - lo)


def histogram(values: Sequence[int], max_bins: int = MAX_BINS) -> list[Stat]:
    """Integer-wide bins ``[lo, hi)`` from the smallest value to past the largest, at most
    ``max_bins`` of them, each with its count."""
    if not values:
        return []
    lo, hi = min(values), max(values)
    width = max(1, math.ceil((hi - lo + 1) / max_bins))
    counts = Counter((v - lo) // width for v in values)
    return [{"lo": lo + i * width, "hi": lo + (i + 1) * width, "count": counts.get(i, 0)}
            for i in range((hi - lo) // width + 1)]


def distribution(values: Sequence[int]) -> Stat:
    """Mean, median, p10/p90, min, max and the histogram of some counts."""
    return {
        "mean": sum(values) / len(values) if values else None,
        "median": percentile(values, 0.5), "p10": percentile(values, 0.1), "p90": percentile(values, 0.9),
        "min": min(values, default=None), "max": max(values, default=None),
        "histogram": histogram(values),
    }


def game_length(rows: Sequence[Row]) -> Stat:
    """The distribution of ``turns`` and of ``actions`` over the played games."""
    played = played_rows(rows)
    return {"turns": distribution([r["turns"] for r in played]),
            "actions": distribution([r["actions"] for r in played])}


# ---------------------------------------------------------------------- matchups
def matchup_matrix(rows: Sequence[Row]) -> Stat:
    """Row deck against column deck: the row deck's wins, games and rate in the games between
    them (either seat). Every deck of the file has a row and a column, so one pair is a 2x2;
    the diagonal holds mirror games, whose rate is None (a deck against itself wins half)."""
    played = played_rows(rows)
    decks = sorted({r[f"deck_{s}"] for r in played for s in (0, 1)})
    games: Counter[tuple[str, str]] = Counter()
    wins: Counter[tuple[str, str]] = Counter()
    for r in played:
        a, b = r["deck_0"], r["deck_1"]
        games[a, b] += 1
        if a != b:
            games[b, a] += 1
        if a != b and r["winner"] in (0, 1):
            wins[(a, b) if r["winner"] == 0 else (b, a)] += 1
    cells = [[_cell(row, col, wins[row, col], games[row, col]) for col in decks] for row in decks]
    return {"decks": decks, "cells": cells}


def _cell(row: str, col: str, wins: int, games: int) -> Stat:
    if row == col:
        return {"row": row, "col": col, "wins": 0, "games": games, "win_rate": None, "ci95": None, "mirror": True}
    return {"row": row, "col": col, **rate(wins, games), "mirror": False}


# ---------------------------------------------------------------------- cards
def card_impact(rows: Sequence[Row], min_games: int = DEFAULT_MIN_GAMES) -> list[Stat]:
    """Per (deck, card name) in ``pP_played``: the seat-games where that player played the card
    and their win rate, the deck's seat-games without it and theirs, and the ``lift`` (the first
    minus the second). Only cards played in at least ``min_games`` games are listed; the lift is
    None when fewer than ``min_games`` games went without the card (no baseline to compare with).
    Sorted by lift, highest first (None last), then by games played."""
    seat_games: Counter[str] = Counter()
    deck_wins: Counter[str] = Counter()
    with_games: Counter[tuple[str, str]] = Counter()
    with_wins: Counter[tuple[str, str]] = Counter()
    for r in played_rows(rows):
        for seat in (0, 1):
            deck, won = r[f"deck_{seat}"], r["winner"] == seat
            seat_games[deck] += 1
            deck_wins[deck] += won
            for card in set(r[f"p{seat}_played"]):
                with_games[deck, card] += 1
                with_wins[deck, card] += won
    out: list[Stat] = []
    for (deck, card), n in with_games.items():
        if n < min_games:
            continue
        played = rate(with_wins[deck, card], n)
        without = rate(deck_wins[deck] - with_wins[deck, card], seat_games[deck] - n)
        lift = played["win_rate"] - without["win_rate"] if without["games"] >= min_games else None
        out.append({"card": card, "deck": deck, "played": played, "not_played": without, "lift": lift})
    out.sort(key=_by_lift)
    return out


def _by_lift(c: Stat) -> tuple[bool, float, int, str, str]:
    return c["lift"] is None, -(c["lift"] or 0.0), -c["played"]["games"], c["deck"], c["card"]


# ---------------------------------------------------------------------- per player
def _means(group: Sequence[tuple[Row, int]]) -> Stat:
    n = len(group)
    return {
        "games": n,
        "mean_cards_played": sum(r[f"p{s}_cards_played"] for r, s in group) / n if n else None,
        "mean_damage_dealt": sum(r[f"p{s}_damage_dealt"] for r, s in group) / n if n else None,
    }


def player_means(rows: Sequence[Row]) -> Stat:
    """Means of cards played and damage dealt per seat (P0, P1) and per deck."""
    played = played_rows(rows)
    seats = [{"seat": s, **_means([(r, s) for r in played])} for s in (0, 1)]
    by_deck: dict[str, list[tuple[Row, int]]] = defaultdict(list)
    for r in played:
        for s in (0, 1):
            by_deck[r[f"deck_{s}"]].append((r, s))
    return {"seats": seats, "decks": [{"deck": d, **_means(g)} for d, g in sorted(by_deck.items())]}


# ---------------------------------------------------------------------- the run
def run_facts(rows: Sequence[Row]) -> Stat:
    """What was played: games, decks, agents, seeds, options, outcomes, endings, errors (with
    the index and seed of each failed game, so it can be re-run)."""
    errors = [r for r in rows if r["outcome"] == "error"]
    return {
        "games": len(rows),
        "played": len(rows) - len(errors),
        "errors": len(errors),
        "failed": [{"index": r["index"], "seed": r["seed"], "master_seed": r["master_seed"]} for r in errors],
        "game": sorted({r["game"] for r in rows}),
        "decks": sorted({r[f"deck_{s}"] for r in rows for s in (0, 1)}),
        "agents": sorted({r[f"agent_{s}"] for r in rows for s in (0, 1)}),
        "master_seeds": sorted({r["master_seed"] for r in rows}),
        "options": sorted({r["options"] for r in rows}),
        "outcomes": dict(sorted(Counter(r["outcome"] for r in rows).items())),
        "reasons": dict(sorted(Counter(r["reason"] for r in played_rows(rows)).items())),
        "seconds": sum(r["seconds"] for r in rows),
    }


def report_stats(rows: Sequence[Row], min_games: int = DEFAULT_MIN_GAMES) -> Stat:
    """Everything ``tcg report`` shows, as one JSON-ready dict."""
    return {
        "run": run_facts(rows),
        "decks": deck_win_rates(rows),
        "deck_agents": deck_agent_win_rates(rows),
        "first_player": first_player(rows),
        "length": game_length(rows),
        "matchups": matchup_matrix(rows),
        "cards": card_impact(rows, min_games),
        "min_games": min_games,
        "players": player_means(rows),
    }
