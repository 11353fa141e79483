"""The rule agent's Battle Spirits judgement: grow the board, level up, attack when it pays.

Like every strategy it reads only the observation, the legal actions and the public card
pool. Paying actions are many (every distribution of cores), so it looks at a bounded
prefix of each card's payments and keeps the one that depletes nothing and keeps the most
cores working.

Braves, bursts and Ultimates: of the burst cards in hand it sets the one whose burst is likeliest
to come and does most (a free summon counts a whole card), over a set one only for a clear gain;
it keeps a set burst that would do nothing now; a brave goes onto the spirit that gains most
(one that can still attack, and most where the brave's BP beats the best blocker); Ultimates
are summoned when their condition holds (the legal actions say so) at LV3 or more (the payment
never leaves a card below its first level), and one with a U-Trigger at its level attacks first.
Paired against the strategy before these (2000 games over the three starter decks' pairings,
seats swapped) it scores 50.4% [48.2, 52.5]: it does not lose, and the cards are rare in them.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import islice
from typing import Any

from tcg.agents.base import Observation
from tcg.agents.board import finder, listed, reads_board, viewer
from tcg.core.actions import Action
from tcg.core.lazy import Concat, LazyActions
from tcg.core.rng import Rng
from tcg.games.battle_spirits.payment import CorePayments

View = dict[str, Any]
PAYMENTS_LOOKED_AT = 40
_PLAYS = ("summon", "deploy", "direct_brave", "use_magic")
_HOSTILE = {"destroy", "exhaust", "return_to_hand", "remove_cores", "deck_bottom", "discard"}
#: How surely a set burst's condition comes before we could set another (BS-13): every opposing
#: turn has attacks and summons; our spirits are destroyed less often.
_BURST_ODDS = {"opponent_attacks": 1.0, "after_your_life_decreased": 0.9, "opponent_spirit_summoned": 0.9,
               "opponent_summon_effect_resolved": 0.6, "your_spirit_destroyed": 0.6,
               "your_spirit_destroyed_by_opponent": 0.5}


def _parts(legal: Sequence[Action]) -> Iterator[Sequence[Action]]:
    """The legal actions in their natural groups (one group per card and payment kind)."""
    if isinstance(legal, Concat):
        yield from legal.parts
    else:
        yield legal


def _of_type(legal: Sequence[Action], kind: str) -> Iterator[Action]:
    """The legal actions of one type, in order. A lazy part whose actions share another type
    (a card's thousand payments, the core moves) is skipped unread: scanning the whole list for
    ``next_phase`` used to build every payment of every card."""
    if isinstance(legal, Concat):
        for part in legal.parts:
            yield from _of_type(part, kind)
    elif isinstance(legal, LazyActions) and legal.action_type is not None:
        if legal.action_type == kind:
            yield from legal
    else:
        for a in legal:
            if a.type == kind:
                yield a


def _first(legal: Sequence[Action], kind: str) -> Action | None:
    return next(_of_type(legal, kind), None)


class _Board:
    def __init__(self, obs: Observation) -> None:
        self.me: int = obs["viewer"]
        self.opp = 1 - self.me
        players = obs["players"]
        self.counters: list[dict[str, int]] = [p["counters"] for p in players]
        self.field: list[Sequence[View]] = [p["zones"]["field"] for p in players]
        hand = players[self.me]["zones"]["hand"]
        self.hand: Sequence[View] = hand if listed(hand) else []
        burst = players[self.me]["zones"]["burst"]
        self.burst_set = bool(burst)
        self.set_burst: View | None = burst[0] if self.burst_set and listed(burst) else None
        self.find = finder(obs)
        self.view_of = viewer(obs)

    def owner(self, cid: Any) -> int | None:
        entry = self.find(cid) if isinstance(cid, int) else None
        return entry[0] if entry else None

    def view(self, cid: Any) -> View | None:
        return self.view_of(cid) if isinstance(cid, int) else None

    def refreshed(self, p: int) -> list[View]:
        return [v for v in self.field[p] if "bp" in v and not v.get("exhausted")]


class BattleSpiritsStrategy:
    EVENTS: frozenset[str] = frozenset()  # reads no events
    #: Decision kinds whose handler reads only the legal actions (board None): see reads_board.
    BLIND = frozenset({"optional"})

    def __init__(self) -> None:
        from tcg.core.registry import load_game

        self.defs: Any = load_game("battle_spirits").cards()

    def d(self, view: View | None) -> Any:
        return self.defs.get(view["name"]) if view else None

    # ------------------------------------------------------------------ dispatch
    def reads(self, kind: str) -> bool:
        return reads_board(self, kind)

    def choose(self, obs: Observation, legal: Sequence[Action], rng: Rng) -> Action | None:
        kind = (obs.get("decision") or {}).get("kind")
        handler = getattr(self, f"_on_{kind}", None)
        if handler is None:
            return None
        action: Action | None = handler(None if kind in self.BLIND else _Board(obs), legal, rng)
        return action

    # ------------------------------------------------------------------ paying
    def _floor(self, b: _Board, cid: Any) -> int:
        """Cores a card of ours must keep (its LV1 cost if it would be depleted below it)."""
        v = b.view(cid)
        d = self.d(v)
        if d is None or d.type not in ("spirit", "brave", "ultimate") or not d.level_costs:
            return 0
        return int(d.level_costs[0])

    def _payment_score(self, b: _Board, a: Action) -> float | None:
        """None if paying this way depletes one of our cards; else higher is better."""
        return self._score_counts(b, a.get("card"), dict(a.get("pay", ())), dict(a.get("place", ())))

    def _score_counts(self, b: _Board, card: Any, pay: dict[Any, int], place: dict[Any, int]) -> float | None:
        """:meth:`_payment_score` of the way paying ``pay`` and placing ``place`` for ``card``."""
        for src in set(pay) | set(place):
            if src == "reserve":
                continue
            v = b.view(src)
            have = int(v.get("cores", 0)) if v else 0
            if have - pay.get(src, 0) - place.get(src, 0) < self._floor(b, src):
                return None
        placed = sum(place.values())
        d = self.d(b.view(card))
        if d is not None and d.level_costs and placed < d.level_costs[0]:
            return None  # the new card would be depleted at once
        # pay from the reserve, place just enough for the best level the reserve allows
        return float(pay.get("reserve", 0) * 2 + min(placed, 3) - max(0, placed - 3))

    def _best_payment(self, b: _Board, part: Sequence[Action]) -> Action | None:
        """The best-scoring of the first PAYMENTS_LOOKED_AT ways (the first of equals)."""
        if isinstance(part, CorePayments):
            return self._best_core_payment(b, part)
        best: tuple[float, Action] | None = None
        for a in islice(part, PAYMENTS_LOOKED_AT):
            score = self._payment_score(b, a)
            if score is not None and (best is None or score > best[0]):
                best = (score, a)
        return best[1] if best else None

    def _best_core_payment(self, b: _Board, part: CorePayments) -> Action | None:
        """The same choice as the loop over actions, cheaper: each way is read as its (pay,
        place) counts, and only the chosen one is built as an action. The ways come with ever
        fewer cores paid from the reserve, and a way scores at most 2 per such core + 3, so the
        scan stops once no later way could score more than the best so far."""
        card = dict(part.fixed).get("card")
        best: tuple[float, int] | None = None
        for i in range(min(len(part), PAYMENTS_LOOKED_AT)):
            paid, placed = part.entry(i)
            fields = {part.field: paid}  # as CorePayments builds the action's fields
            if part.place:
                fields["place"] = placed
            pay, place = fields.get("pay", {}), fields.get("place", {})
            if best is not None and 2 * pay.get("reserve", 0) + 3 <= best[0]:
                break
            score = self._score_counts(b, card, pay, place)
            if score is not None and (best is None or score > best[0]):
                best = (score, i)
        return part.action(best[1]) if best else None

    # ------------------------------------------------------------------ main phase
    def _on_main(self, b: _Board, legal: Sequence[Action], rng: Rng) -> Action | None:
        singles: dict[str, list[Action]] = {}
        plays: list[tuple[float, int, Sequence[Action]]] = []
        for part in _parts(legal):
            if not len(part):
                continue
            first = part[0]
            if first.type in _PLAYS:
                value = self._play_value(b, first)
                if value is not None:
                    plays.append((value, len(plays), part))
            elif first.type != "move_cores":
                for a in part:
                    singles.setdefault(a.type, []).append(a)
        burst = self._burst_to_set(b, singles.get("set_burst", []))
        if burst is not None:
            return burst
        if singles.get("brave_fusion"):
            return max(singles["brave_fusion"], key=lambda a: self._host_gain(b, a))
        for _value, _, part in sorted(plays, key=lambda t: (-t[0], t[1])):  # the best play we can pay well
            pay = self._best_payment(b, part)
            if pay is not None:
                return pay
        level_up = self._level_up(b, legal)
        if level_up is not None:
            return level_up
        return _first(legal, "next_phase")

    @staticmethod
    def _bp(v: View | None) -> int:
        return int(v.get("bp", 0)) if v else 0

    def _play_value(self, b: _Board, a: Action) -> float | None:
        d = self.d(b.view(a.get("card")))
        if d is None:
            return None
        if a.type == "use_magic":
            effects = d.main_effects if a.get("timing") == "main" else d.flash_effects
            if not self._effects_useful(b, effects):
                return None
            return 0.5 + int(d.cost) / 10
        if d.type == "nexus" and len(b.field[b.me]) == 0:
            return None  # spirits first
        if a.type == "direct_brave":  # of the hosts, the one gaining most (a tenth of a cost at most)
            return float(d.cost) + 1 + self._host_gain(b, a) / 1000
        return float(d.cost)

    # ------------------------------------------------------------------ bursts and braves
    def _burst_value(self, b: _Board, v: View | None) -> float:
        """What a card is worth set as our burst (BS-12..14): how surely its condition comes,
        times what it does then — its effects, and a free summon (a whole card) or a paid
        follow-up (a little: we may not have the cores)."""
        d = self.d(v)
        burst = d.keywords.burst if d is not None else None
        if burst is None:
            return 0.0
        gain = 1.0 + len(burst.effect)
        if burst.then != "none":
            gain += 0.5 if burst.pay_then else float(d.cost)
        if burst.max_life is not None and b.counters[b.me].get("life", 5) > burst.max_life + 1:
            gain = 1.0 + len(burst.effect)  # its follow-up waits for our life to fall
        return _BURST_ODDS.get(burst.condition, 0.5) * gain

    def _burst_to_set(self, b: _Board, sets: Sequence[Action]) -> Action | None:
        """BS-15: set the hand's best burst when none is set, or over a set one clearly worse
        (the old one goes to the trash: only for a gain of more than a card's worth)."""
        if not sets:
            return None
        best = max(sets, key=lambda a: self._burst_value(b, b.view(a.get("card"))))
        value = self._burst_value(b, b.view(best.get("card")))
        if not b.burst_set or value > self._burst_value(b, b.set_burst) + 2:
            return best
        return None

    def _host_gain(self, b: _Board, a: Action) -> float:
        """What fusing the brave onto ``onto`` gains (BS-4): the brave's BP and symbol are worth
        most on a spirit that can still attack this turn, and most of all where the added BP
        beats the best opposing blocker that the spirit alone does not."""
        host = b.view(a.get("onto"))
        d = self.d(b.view(a.get("card")))
        if host is None or d is None or d.brave is None:
            return 0.0
        bp = self._bp(host)
        best = max((self._bp(v) for v in b.refreshed(b.opp)), default=0)
        gain = 0.0 if host.get("exhausted") else 400.0
        if bp <= best < bp + d.brave.bp:
            gain += 300.0
        return gain + min(bp, 20000) / 100

    def _effects_useful(self, b: _Board, effects: Sequence[Any]) -> bool:
        for eff in effects:
            if eff.do in _HOSTILE or (eff.do == "bp_modifier" and eff.amount < 0):
                if b.field[b.opp]:
                    return True
            elif eff.do in ("draw", "core_charge", "gain_life", "damage", "deck_to_trash", "refresh"):
                return True
        return False

    def _level_up(self, b: _Board, legal: Sequence[Action]) -> Action | None:
        """Move reserve cores onto a spirit exactly when that reaches its next level."""
        reserve = b.counters[b.me].get("reserve", 0)
        if reserve <= 0:
            return None
        for v in sorted(b.field[b.me], key=lambda v: -int(v.get("cost", 0))):
            d = self.d(v)
            if d is None or not d.level_costs:
                continue
            have = int(v.get("cores", 0))
            for need in d.level_costs:
                if need > have and need - have <= reserve:
                    a = Action("move_cores", count=need - have, source="reserve", target=v["id"])
                    if a in legal:
                        return a
                    break
        return None

    # ------------------------------------------------------------------ battle
    def _on_attack_declaration(self, b: _Board, legal: Sequence[Action], rng: Rng) -> Action | None:
        blockers = b.refreshed(b.opp)
        best_blocker = max((self._bp(v) for v in blockers), default=0)
        life = b.counters[b.opp].get("life", 5)
        attackers = list(_of_type(legal, "attack"))
        total_symbols = sum(len((b.view(a.get("card")) or {}).get("symbols", [])) for a in attackers)
        lethal = total_symbols >= life + len(blockers)
        triggers = {a.get("card") for a in attackers if self._u_trigger(b.view(a.get("card")))}
        for a in sorted(attackers, key=lambda a: (a.get("card") not in triggers, -self._bp(b.view(a.get("card"))))):
            if lethal or self._bp(b.view(a.get("card"))) > best_blocker or not blockers:
                return a
        return _first(legal, "end_turn")

    def _u_trigger(self, v: View | None) -> bool:
        """BS-141: does this card attack with a U-Trigger at its level (a hit makes most of them
        unblockable, and every trigger trashes the opponent's top card)?"""
        d = self.d(v)
        if d is None or d.type != "ultimate" or v is None:
            return False
        level = v.get("level", 0)
        return any(ab.when == "attacks" and level in ab.levels and any(e.do == "u_trigger" for e in ab.effects)
                   for ab in d.abilities)

    def _on_block(self, b: _Board, legal: Sequence[Action], rng: Rng) -> Action | None:
        attackers = [v for v in b.field[b.opp] if v.get("exhausted") and "bp" in v]
        attacker = max(attackers, key=self._bp, default=None)
        blocks = list(_of_type(legal, "block"))
        if attacker is None or not blocks:
            return None
        abp = self._bp(attacker)
        life = b.counters[b.me].get("life", 5)
        winners = [a for a in blocks if self._bp(b.view(a.get("card"))) > abp]
        if winners:
            return min(winners, key=lambda a: self._bp(b.view(a.get("card"))))
        if life <= len(attacker.get("symbols", [])) + 1:
            return min(blocks, key=lambda a: self._bp(b.view(a.get("card"))))
        return _first(legal, "pass")

    def _on_flash(self, b: _Board, legal: Sequence[Action], rng: Rng) -> Action | None:
        for part in _parts(legal):
            if len(part) and part[0].type == "use_magic":
                d = self.d(b.view(part[0].get("card")))
                if d is not None and any(e.do in _HOSTILE or (e.do == "bp_modifier" and e.amount < 0)
                                         for e in d.flash_effects) and len(b.field[b.opp]) > 0:
                    pay = self._best_payment(b, part)
                    if pay is not None:
                        return pay
        return _first(legal, "pass")

    # ------------------------------------------------------------------ choices
    def _on_burst(self, b: _Board, legal: Sequence[Action], rng: Rng) -> Action | None:
        """BS-13: activate, unless the burst would do nothing now — no effect of its own and a
        follow-up waiting for our life to fall (The AzureHero Khan-Wolf at 4 or 5 life): then it
        stays set for a later chance rather than going to the trash for nothing."""
        activate = _first(legal, "activate_burst")
        d = self.d(b.view(activate.get("card"))) if activate is not None else None
        burst = d.keywords.burst if d is not None else None
        if (burst is not None and not burst.effect and burst.max_life is not None
                and b.counters[b.me].get("life", 5) > burst.max_life):
            return _first(legal, "pass")
        return activate

    def _on_burst_pay(self, b: _Board, legal: Sequence[Action], rng: Rng) -> Action | None:
        for part in _parts(legal):
            if len(part) and part[0].type != "pass":
                pay = self._best_payment(b, part)
                if pay is not None:
                    return pay
        return _first(legal, "pass")

    def _on_keep_brave(self, b: _Board, legal: Sequence[Action], rng: Rng) -> Action | None:
        """BS-121: keep the separated brave when its cores come without depleting our spirits."""
        return self._on_burst_pay(b, legal, rng)

    def _on_optional(self, b: _Board | None, legal: Sequence[Action], rng: Rng) -> Action | None:
        return _first(legal, "choose")

    def _on_target(self, b: _Board, legal: Sequence[Action], rng: Rng) -> Action | None:
        picks = list(_of_type(legal, "choose"))
        theirs = [a for a in picks if b.owner(a.get("card")) == b.opp]
        pool = theirs or picks
        if not pool:
            return None
        return max(pool, key=lambda a: (self._bp(b.view(a.get("card"))), int((b.view(a.get("card")) or {})
                                                                                .get("cost", 0))))
