"""The summary ``tcg simulate`` prints and writes (``--summary-json``), from result rows.

Games that raised are counted apart and left out of every rate: an engine failure is not a
loss for either seat.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tcg.sim.batch import wilson
from tcg.sim.results import Row


def summarize_rows(rows: Sequence[Row], deck_names: Sequence[str], agents: Sequence[str]) -> dict[str, Any]:
    """Win rate per seat (with its deck, agent and Wilson 95% interval), draws, unfinished and
    failed games, the first player's win rate, mean turns and actions, endings."""
    played = [r for r in rows if r["outcome"] != "error"]
    n = len(played)
    seats = []
    for seat, deck in enumerate(deck_names):
        wins = sum(1 for r in played if r["winner"] == seat)
        lo, hi = wilson(wins, n)
        seats.append({"seat": seat, "deck": deck, "agent": agents[seat], "wins": wins,
                      "win_rate": wins / n if n else 0.0, "ci95": [lo, hi],
                      "mean_cards_played": _mean(r[f"p{seat}_cards_played"] for r in played),
                      "mean_damage_dealt": _mean(r[f"p{seat}_damage_dealt"] for r in played)})
    decisive = [r for r in played if r["outcome"] == "win"]
    first_wins = sum(1 for r in decisive if r["winner"] == r["first_player"])
    flo, fhi = wilson(first_wins, len(decisive))
    reasons: dict[str, int] = {}
    for r in played:
        reasons[r["reason"]] = reasons.get(r["reason"], 0) + 1
    return {
        "games": n,
        "errors": len(rows) - n,
        "seats": seats,
        "draws": sum(1 for r in played if r["outcome"] == "draw"),
        "unfinished": sum(1 for r in played if r["outcome"] == "unfinished"),
        "first_player_wins": first_wins,
        "first_player_win_rate": first_wins / len(decisive) if decisive else 0.0,
        "first_player_ci95": [flo, fhi],
        "mean_turns": _mean(r["turns"] for r in played),
        "mean_actions": _mean(r["actions"] for r in played),
        "reasons": dict(sorted(reasons.items())),
    }


def _mean(values: Any) -> float:
    data = list(values)
    return sum(data) / len(data) if data else 0.0
