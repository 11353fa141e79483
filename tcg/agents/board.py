"""An observation reshaped for a strategy's quick questions: whose card, and its public view."""

from __future__ import annotations

from typing import Any

from tcg.agents.base import Observation

View = dict[str, Any]


def reads_board(strategy: Any, kind: str) -> bool:
    """Does ``strategy`` look at the board for a ``kind`` decision? Not for a kind it has no
    handler for (the rule agent then picks at random) nor for one in its ``BLIND`` set (its
    handler reads the legal actions only): the loop then hands it only the decision."""
    return kind not in strategy.BLIND and getattr(strategy, f"_on_{kind}", None) is not None


class Board:
    """Players' counters and zones, and every visible card by id (strategies subclass it)."""

    def __init__(self, obs: Observation) -> None:
        self.me: int = obs["viewer"]
        self.opp = 1 - self.me
        players = obs["players"]
        self.counters = [p["counters"] for p in players]
        self.zones = [p["zones"] for p in players]
        self.views: dict[int, tuple[int, View]] = {}
        for p, z in enumerate(self.zones):
            for entries in z.values():
                if isinstance(entries, list):
                    for v in entries:
                        if "id" in v:
                            self.views[v["id"]] = (p, v)

    def view(self, cid: Any) -> View:
        """The card's public view, ``{}`` when it is unknown (hidden or not a card)."""
        entry = self.views.get(cid) if isinstance(cid, int) else None
        return entry[1] if entry else {}

    def owner(self, cid: Any) -> int | None:
        entry = self.views.get(cid) if isinstance(cid, int) else None
        return entry[0] if entry else None
