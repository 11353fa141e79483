"""The rule agent's Force of Will judgement: call a stone every turn, flip the ruler when it
can, develop, attack where the attacker survives or the player is open, block to save life,
and answer the opponent with set chant-standbys.

Reads only the observation, the legal actions and the public card pool.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tcg.agents.base import Observation
from tcg.agents.board import Board, reads_board
from tcg.core.actions import Action
from tcg.core.rng import Rng

View = dict[str, Any]
#: Main Phase actions in the order the agent prefers them, before attacks.
DEVELOP = ("call_magic_stone", "judgment", "summon", "play_addition", "set_chant_standby")


class _Board(Board):
    def battlers(self, p: int, recovered: bool) -> list[View]:
        field = self.zones[p]["field"]
        return [v for v in field if isinstance(v, dict) and "atk" in v and bool(v.get("rested")) != recovered]

    def life(self, p: int) -> int:
        return int(self.counters[p].get("life", 0))


def _atk(v: View) -> int:
    return int(v.get("atk", 0))


def _toughness(v: View) -> int:
    return int(v.get("def", 0)) - int(v.get("damage", 0))


class ForceOfWillStrategy:
    EVENTS: frozenset[str] = frozenset()  # reads no events
    #: Decision kinds whose handler reads only the legal actions (board None): see reads_board.
    BLIND = frozenset({"first_player", "mulligan", "window", "break", "optional", "mode"})

    def __init__(self) -> None:
        from tcg.core.registry import load_game

        self.defs: Any = load_game("force_of_will").cards()

    def reads(self, kind: str) -> bool:
        return reads_board(self, kind)

    def choose(self, obs: Observation, legal: Sequence[Action], rng: Rng) -> Action | None:
        kind = (obs.get("decision") or {}).get("kind")
        handler = getattr(self, f"_on_{kind}", None)
        if handler is None:
            return None
        action: Action | None = handler(None if kind in self.BLIND else _Board(obs), legal)
        return action

    def _on_first_player(self, b: _Board | None, legal: Sequence[Action]) -> Action | None:
        return next((a for a in legal if a.get("option") == "first"), None)

    def _on_mulligan(self, b: _Board | None, legal: Sequence[Action]) -> Action | None:
        return next((a for a in legal if not a.get("cards")), None)

    def _on_main(self, b: _Board, legal: Sequence[Action]) -> Action | None:
        by_type: dict[str, list[Action]] = {}
        for a in legal:
            by_type.setdefault(a.type, []).append(a)
        for t in DEVELOP:
            if t in by_type:
                return max(by_type[t], key=lambda a: self._cost(b.view(a.get("card"))))
        attack = self._best_attack(b, by_type.get("attack", []))
        if attack is not None:
            return attack
        if "lifebreak" in by_type and b.life(b.me) <= 2000:
            return by_type["lifebreak"][0]
        if "play_spell" in by_type:
            return by_type["play_spell"][0]
        return by_type.get("end_turn", [None])[0]

    def _cost(self, v: View) -> int:
        return sum(int(n) for n in (v.get("cost") or {}).values())

    def _best_attack(self, b: _Board, attacks: list[Action]) -> Action | None:
        blockers = b.battlers(b.opp, recovered=True)
        best: tuple[int, Action] | None = None
        for a in attacks:
            me = b.view(a.get("card"))
            if a.get("target") == "player":
                # open, or no blocker that would destroy the attacker and survive
                safe = all(_atk(x) < _toughness(me) or _atk(me) >= _toughness(x) for x in blockers)
                score = 1000 + _atk(me) if safe else -1
            else:
                target = b.view(a.get("target"))
                kills, dies = _atk(me) >= _toughness(target), _atk(target) >= _toughness(me)
                score = 500 + _atk(target) if kills and not dies else (100 if kills else -1)
            if score >= 0 and (best is None or score > best[0]):
                best = (score, a)
        return best[1] if best else None

    def _on_window(self, b: _Board | None, legal: Sequence[Action]) -> Action | None:
        for t in ("activate_chant_standby", "play_spell"):
            act = next((a for a in legal if a.type == t), None)
            if act is not None:
                return act
        return next((a for a in legal if a.type == "pass"), None)

    def _on_block(self, b: _Board, legal: Sequence[Action]) -> Action | None:
        blocks = [a for a in legal if a.type == "block"]
        attacker = max(b.battlers(b.opp, recovered=False), key=_atk, default={})
        survivors = [a for a in blocks if _toughness(b.view(a.get("card"))) > _atk(attacker)]
        if survivors:
            return max(survivors, key=lambda a: _atk(b.view(a.get("card"))))
        if blocks and b.life(b.me) <= 2 * _atk(attacker):
            return min(blocks, key=lambda a: _atk(b.view(a.get("card"))))
        return next((a for a in legal if a.type == "pass"), None)

    def _on_target(self, b: _Board, legal: Sequence[Action]) -> Action | None:
        players = [a for a in legal if a.get("player") == b.opp]
        theirs = [a for a in legal if b.owner(a.get("card")) == b.opp]
        if theirs:
            return max(theirs, key=lambda a: _atk(b.view(a.get("card"))))
        if players:
            return players[0]
        mine = [a for a in legal if b.owner(a.get("card")) == b.me]
        return max(mine, key=lambda a: _atk(b.view(a.get("card"))), default=None)

    def _on_break(self, b: _Board | None, legal: Sequence[Action]) -> Action | None:
        return next((a for a in legal if a.type == "choose"), None)

    def _on_discard(self, b: _Board, legal: Sequence[Action]) -> Action | None:
        return min(legal, key=lambda a: self._cost(b.view(a.get("card"))), default=None)

    _on_effect_discard = _on_discard

    def _on_effect_rest(self, b: _Board, legal: Sequence[Action]) -> Action | None:
        """"Rest two recovered resonators you control": the weakest attackers first."""
        return min(legal, key=lambda a: _atk(b.view(a.get("card"))), default=None)

    def _on_copy_spell(self, b: _Board | None, legal: Sequence[Action]) -> Action | None:
        """A copy of the opponent's spell (Inquisition) answers in kind: always take it."""
        return next((a for a in legal if a.type == "choose"), None)

    def _on_effect_card(self, b: _Board, legal: Sequence[Action]) -> Action | None:
        """The card a search or a graveyard return finds: never pass while a card is there to
        take; the costliest one the board shows (a graveyard card), else the first offered (the
        main deck's cards have no view in the observation)."""
        picks = [a for a in legal if a.type == "choose"]
        if not picks:
            return next((a for a in legal if a.type == "pass"), None)
        seen = [a for a in picks if b.view(a.get("card"))]
        return max(seen, key=lambda a: self._cost(b.view(a.get("card")))) if seen else picks[0]

    def _on_mode(self, b: _Board | None, legal: Sequence[Action]) -> Action | None:
        """A "Choose one" spell: the first mode offered, and as many more as allowed."""
        return next((a for a in legal if a.type == "choose"), None)

    def _on_optional(self, b: _Board | None, legal: Sequence[Action]) -> Action | None:
        return next((a for a in legal if a.type == "choose"), None)
