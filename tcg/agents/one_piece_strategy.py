"""The rule agent's One Piece judgement: develop the board, power up the Leader, attack what it
beats, and spend Counters only when a hit would matter.

Reads only the observation, the legal actions and the public card pool.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tcg.agents.base import Observation
from tcg.agents.board import Board, count, reads_board
from tcg.core.actions import Action
from tcg.core.rng import Rng

View = dict[str, Any]


class _Board(Board):
    def life(self, p: int) -> int:
        return count(self.zones[p]["life"])


def _power(v: View) -> int:
    return int(v.get("power", 0))


class OnePieceStrategy:
    EVENTS: frozenset[str] = frozenset()  # reads no events
    #: Decision kinds whose handler reads only the legal actions (board None): see reads_board.
    BLIND = frozenset({"mulligan", "trigger", "optional", "don_minus", "count"})

    def __init__(self) -> None:
        from tcg.core.registry import load_game

        self.defs: Any = load_game("one_piece").cards()

    def reads(self, kind: str) -> bool:
        return reads_board(self, kind)

    def choose(self, obs: Observation, legal: Sequence[Action], rng: Rng) -> Action | None:
        kind = (obs.get("decision") or {}).get("kind")
        handler = getattr(self, f"_on_{kind}", None)
        if handler is None:
            return None
        action: Action | None = handler(None if kind in self.BLIND else _Board(obs), legal)
        return action

    def _on_mulligan(self, b: _Board | None, legal: Sequence[Action]) -> Action | None:
        return next((a for a in legal if a.type == "pass"), None)

    def _on_main(self, b: _Board, legal: Sequence[Action]) -> Action | None:
        plays = [a for a in legal if a.type == "play"]
        if plays:  # the most expensive card first
            return max(plays, key=lambda a: int(b.view(a.get("card")).get("cost", 0)))
        for a in legal:
            if a.type == "activate":
                return a
        attacks = [a for a in legal if a.type == "attack"]
        best: tuple[int, Action] | None = None
        for a in attacks:
            mine, target = b.view(a.get("card")), b.view(a.get("target"))
            margin = _power(mine) - _power(target)
            if margin < 0:
                continue
            score = (10_000 if target.get("type") == "leader" else 5_000) + margin
            if best is None or score > best[0]:
                best = (score, a)
        if best is not None:
            return best[1]
        gives = [a for a in legal if a.type == "give_don"]
        leader = next((a for a in gives if b.view(a.get("card")).get("type") == "leader"), None)
        if leader is not None and b.counters[b.me].get("cost_area_active", 0) > 0:
            return leader
        return next((a for a in legal if a.type == "end_turn"), None)

    def _on_block(self, b: _Board, legal: Sequence[Action]) -> Action | None:
        blocks = [a for a in legal if a.type == "block"]
        if blocks and b.life(b.me) <= 2:
            return min(blocks, key=lambda a: _power(b.view(a.get("card"))))
        return next((a for a in legal if a.type == "pass"), None)

    def _on_counter(self, b: _Board, legal: Sequence[Action]) -> Action | None:
        """Counter only to save a Leader low on life."""
        if b.life(b.me) > 1:
            return next((a for a in legal if a.type == "pass"), None)
        counters = [a for a in legal if a.type == "counter" and b.view(a.get("target")).get("type") == "leader"]
        if counters:
            return max(counters, key=lambda a: int(b.view(a.get("card")).get("counter", 0)))
        return next((a for a in legal if a.type == "pass"), None)

    def _on_trigger(self, b: _Board | None, legal: Sequence[Action]) -> Action | None:
        return next((a for a in legal if a.type == "use_trigger"), None)

    def _on_optional(self, b: _Board | None, legal: Sequence[Action]) -> Action | None:
        return next((a for a in legal if a.type == "choose"), None)

    def _on_don_minus(self, b: _Board | None, legal: Sequence[Action]) -> Action | None:
        """DON!! -X: give back a rested DON!! first, then an active one, keeping the power on cards."""
        for option in ("rested", "active"):
            pick = next((a for a in legal if a.get("option") == option), None)
            if pick is not None:
                return pick
        return legal[0] if legal else None

    def _on_count(self, b: _Board | None, legal: Sequence[Action]) -> Action | None:
        """"Up to N": as many as allowed."""
        return max(legal, key=lambda a: int(a.get("option", 0)), default=None)

    def _on_replace(self, b: _Board, legal: Sequence[Action]) -> Action | None:
        return min(legal, key=lambda a: _power(b.view(a.get("card"))), default=None)

    def _on_target(self, b: _Board, legal: Sequence[Action]) -> Action | None:
        picks = [a for a in legal if a.type == "choose"]
        if not picks:
            return None
        theirs = [a for a in picks if b.owner(a.get("card")) == b.opp]
        mine = [a for a in picks if b.owner(a.get("card")) == b.me]
        pool = theirs or mine or picks
        return max(pool, key=lambda a: _power(b.view(a.get("card"))))
