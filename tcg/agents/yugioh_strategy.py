"""The rule agent's Yu-Gi-Oh! judgement: summon the strongest, attack what it beats, answer attacks.

Reads only the observation (its events tell which card is being resolved), the legal actions
and the public card pool.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tcg.agents.base import Observation
from tcg.agents.board import finder, reads_board, viewer
from tcg.core.actions import Action
from tcg.core.rng import Rng

View = dict[str, Any]
_HOSTILE = {"destroy", "return_to_hand", "negate_attack", "damage", "discard", "change_position"}


class _Board:
    def __init__(self, obs: Observation) -> None:
        self.me: int = obs["viewer"]
        self.opp = 1 - self.me
        players = obs["players"]
        self.lp = [int(p["counters"].get("lp", 8000)) for p in players]
        self.monsters: list[Sequence[View]] = [p["zones"]["monster_zone"] for p in players]
        self.find = finder(obs)
        self.view_of = viewer(obs)
        self.events: list[dict[str, Any]] = obs.get("events") or []
        self.phase = obs.get("phase")

    def owner(self, cid: Any) -> int | None:
        entry = self.find(cid) if isinstance(cid, int) else None
        return entry[0] if entry else None

    def view(self, cid: Any) -> View:
        view = self.view_of(cid) if isinstance(cid, int) else None
        return {} if view is None else view


def _atk(v: View) -> int:
    return int(v.get("atk", 0))


def _value(v: View) -> int:
    """What a monster is worth in battle: its ATK face-up in attack, its DEF otherwise."""
    if v.get("hidden"):
        return 1500  # a face-down monster: assume an average wall
    return _atk(v) if v.get("position") == "attack" else int(v.get("def", 0))


class YugiohStrategy:
    EVENTS = frozenset({"activated"})  # the card being resolved (_resolving)
    #: Decision kinds whose handler reads only the legal actions (board None): see reads_board.
    BLIND = frozenset({"trigger", "optional"})

    def __init__(self) -> None:
        from tcg.core.registry import load_game

        self.defs: Any = load_game("yugioh").cards()

    def d(self, v: View) -> Any:
        return self.defs.get(v.get("name")) if v else None

    def reads(self, kind: str) -> bool:
        return reads_board(self, kind)

    def choose(self, obs: Observation, legal: Sequence[Action], rng: Rng) -> Action | None:
        kind = (obs.get("decision") or {}).get("kind")
        handler = getattr(self, f"_on_{kind}", None)
        if handler is None:
            return None
        action: Action | None = handler(None if kind in self.BLIND else _Board(obs), legal)
        return action

    # ------------------------------------------------------------------ main phase
    def _on_main(self, b: _Board, legal: Sequence[Action]) -> Action | None:
        by_type: dict[str, list[Action]] = {}
        for a in legal:
            by_type.setdefault(a.type, []).append(a)
        for a in by_type.get("activate", []):
            if self._worth_activating(b, a):
                return a
        summons = by_type.get("normal_summon", [])
        if summons:
            atks: dict[Any, int] = {}  # summons share cards (a monster, its tributes): each read once

            def atk(cid: Any) -> int:
                if cid not in atks:
                    atks[cid] = _atk(b.view(cid))
                return atks[cid]

            def score(a: Action) -> tuple[int, int]:
                tributes = a.get("tributes", ())
                lost = 0
                for t in tributes:
                    lost += atk(t)
                return atk(a.get("card")) - lost, -len(tributes)
            best = max(summons, key=score)
            if score(best)[0] > 0:
                return best
        for a in by_type.get("flip_summon", []):
            return a
        sets = [a for a in by_type.get("set_spell_trap", []) if getattr(self.d(b.view(a.get("card"))), "type", "")
                == "trap"]
        if sets:
            return sets[0]
        attackers = [v for v in b.monsters[b.me] if v.get("position") == "attack"]
        if b.phase == "main1" and attackers and any(a.type == "next_phase" for a in legal):
            return next(a for a in legal if a.type == "next_phase")
        return next((a for a in legal if a.type == "end_turn"), None)

    def _worth_activating(self, b: _Board, a: Action) -> bool:
        d = self.d(b.view(a.get("card")))
        if d is None or d.effect is None:
            return False
        if d.spell_kind == "field":
            return any(self._gains(d, v) > 0 for v in b.monsters[b.me])
        if d.spell_kind == "continuous" or d.trap_kind == "continuous":
            return bool(b.monsters[b.me]) or d.statics != []
        for e in d.effect.effects:
            if e.do in ("destroy", "return_to_hand") and not isinstance(e.target, str) and e.target is not None:
                if e.target.player == "any" and e.target.all:
                    return sum(map(_atk, b.monsters[b.opp])) > sum(map(_atk, b.monsters[b.me]))
                theirs = b.monsters[b.opp] if e.target.zone == "monster_zone" else []
                return bool(theirs) or e.target.zone != "monster_zone"
            if e.do in ("draw", "damage", "special_summon", "equip", "add_to_hand"):
                return True
            if e.do == "gain_lp":
                return b.lp[b.me] <= 4000
        return False

    def _gains(self, d: Any, v: View) -> int:
        md = self.d(v)
        return sum(st.atk for st in d.statics if md is not None and (not st.races or md.race in st.races))

    # ------------------------------------------------------------------ battle
    def _on_battle_step(self, b: _Board, legal: Sequence[Action]) -> Action | None:
        best: tuple[int, Action] | None = None
        for a in legal:
            if a.type != "attack":
                continue
            atk = _atk(b.view(a.get("card")))
            target = a.get("target")
            if target == "player":
                score = 10_000 + atk
            else:
                tv = b.view(target)
                value = _value(tv)
                if atk < value or (atk == value and tv.get("position") != "attack"):
                    continue
                score = 5_000 + value if atk > value else 100
            if best is None or score > best[0]:
                best = (score, a)
        if best is not None:
            return best[1]
        return next((a for a in legal if a.type == "next_phase"), None)

    def _on_replay(self, b: _Board, legal: Sequence[Action]) -> Action | None:
        return self._on_battle_step(b, legal) or next((a for a in legal if a.type == "pass"), None)

    def _on_main1_skipped(self, b: _Board, legal: Sequence[Action]) -> Action | None:
        want = any(v.get("position") == "attack" for v in b.monsters[b.me])
        return next((a for a in legal if a.type == ("next_phase" if want else "end_turn")), None)

    def _on_extra_battle_phase(self, b: _Board, legal: Sequence[Action]) -> Action | None:
        """Another Battle Phase (Weather Report's "you can", YGO-10): taken while a monster can attack."""
        want = any(v.get("position") == "attack" for v in b.monsters[b.me])
        return next((a for a in legal if a.type == ("choose" if want else "pass")), None)

    # ------------------------------------------------------------------ responses and choices
    def _on_response(self, b: _Board, legal: Sequence[Action]) -> Action | None:
        for a in legal:
            if a.type != "activate":
                continue
            d = self.d(b.view(a.get("card")))
            act = d.effect.activation.when if d is not None and d.effect is not None else ""
            if act in ("opponent_attacks", "opponent_direct_attack", "opponent_summons", "activation"):
                return a
        return next((a for a in legal if a.type == "pass"), None)

    def _resolving(self, b: _Board) -> Any:
        for ev in reversed(b.events):
            if ev.get("type") == "activated" and "name" in ev:
                return self.defs.get(ev["name"])
        return None

    def _on_declare_target(self, b: _Board, legal: Sequence[Action]) -> Action | None:
        return self._pick(b, legal)

    def _on_target(self, b: _Board, legal: Sequence[Action]) -> Action | None:
        return self._pick(b, legal)

    def _pick(self, b: _Board, legal: Sequence[Action]) -> Action | None:
        picks = [a for a in legal if a.type == "choose"]
        if not picks:
            return None
        d = self._resolving(b)
        hostile = d is not None and d.effect is not None and any(e.do in _HOSTILE for e in d.effect.effects)
        mine = [a for a in picks if b.owner(a.get("card")) == b.me]
        theirs = [a for a in picks if b.owner(a.get("card")) != b.me]
        pool = (theirs or picks) if hostile else (mine or picks)
        return max(pool, key=lambda a: (_atk(b.view(a.get("card"))), -int(a.get("card") or 0)))

    def _on_trigger(self, b: _Board | None, legal: Sequence[Action]) -> Action | None:
        return next((a for a in legal if a.type == "activate"), None)

    def _on_optional(self, b: _Board | None, legal: Sequence[Action]) -> Action | None:
        return next((a for a in legal if a.type == "choose"), None)

    def _on_discard(self, b: _Board, legal: Sequence[Action]) -> Action | None:
        return min(legal, key=lambda a: _atk(b.view(a.get("card"))), default=None)
