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


def index_views(players: list[Any]) -> dict[int, tuple[int, View]]:
    """Every visible card of the observation's ``players`` by id: (its player, its view). A
    strategy builds this at nearly every decision, so the loop is kept tight (a zone is a list
    of views, or a dict when only its count is seen)."""
    views: dict[int, tuple[int, View]] = {}
    for p, pl in enumerate(players):
        for entries in pl["zones"].values():
            if entries.__class__ is list:
                for v in entries:
                    if "id" in v:
                        views[v["id"]] = (p, v)
    return views


class Board:
    """Players' counters and zones, and every visible card by id (strategies subclass it)."""

    def __init__(self, obs: Observation) -> None:
        self.me: int = obs["viewer"]
        self.opp = 1 - self.me
        players = obs["players"]
        self.counters = [p["counters"] for p in players]
        self.zones = [p["zones"] for p in players]
        self.views = index_views(players)

    def view(self, cid: Any) -> View:
        """The card's public view, ``{}`` when it is unknown (hidden or not a card)."""
        entry = self.views.get(cid) if isinstance(cid, int) else None
        return entry[1] if entry else {}

    def owner(self, cid: Any) -> int | None:
        entry = self.views.get(cid) if isinstance(cid, int) else None
        return entry[0] if entry else None
