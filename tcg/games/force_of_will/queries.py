"""Read-only questions about a Force of Will state: ATK/DEF, keywords, who may attack what,
how a will cost can be paid, and what an effect may target.

Card statuses: ``tapped`` is *rested*; the ``damage`` counter is the damage a J-ruler or
resonator has taken this turn (FOW-45); the mark ``j_ruler`` means the ruler card shows its
J-ruler side, and ``spent`` that it is a destroyed J-ruler without abilities (FOW-40).
Players are targeted as ``-1`` (player 0) and ``-2`` (player 1) inside the engine, and as
``choose {player: n}`` in actions.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import lru_cache
from operator import itemgetter
from typing import Any, TypeVar

from tcg.core.effects import EffectRunner
from tcg.games.force_of_will.cards import (
    ATTRIBUTES,
    KEYWORD_NAMES,
    SPENT_FACE,
    Ability,
    CostKey,
    Face,
    ForceOfWillCard,
    Selector,
    Static,
    cost_key,
)

HAND_LIMIT = 7  # FOW-10
LIFEBREAK_MAX = 4  # FOW-14
STARTING_LIFE = 4000  # FOW-63
STANDBY_SET_COST = {"generic": 2}  # FOW-55
WILL_KEYS = tuple(f"will_{a}" for a in ATTRIBUTES)
_ZEROS = (0,) * len(ATTRIBUTES)
_POOL = itemgetter(*WILL_KEYS)  # a player's will in the pool, in attribute order

#: One way to pay a cost: the stones rested, the attribute each produced, and the pool will used.
Payment = tuple[tuple[int, ...], tuple[str, ...], tuple[tuple[str, int], ...]]
#: "Can this cost be paid?" for one player's will (:meth:`FowQueries.payer`).
Payer = Callable[[CostKey], bool]


def player_target(player: int) -> int:
    return -1 - player


def target_player(target: int) -> int | None:
    return -1 - target if target < 0 else None


def round_up_100(value: int) -> int:
    """FOW-109: a computed value that is not a multiple of 100 rounds up to the next one."""
    return -((-value) // 100) * 100


_In = TypeVar("_In")
_Out = TypeVar("_Out")


def by_identity(make: Callable[[_In], _Out], limit: int = 4096) -> Callable[[_In], _Out]:
    """``make(obj)``, remembered by the identity of ``obj`` (checked: ids are reused). For what
    is derived from objects that live as long as their card pool and never change -- a card
    definition's cost or selector, a pool -- where hashing the object would cost more."""
    memo: dict[int, tuple[_In, _Out]] = {}

    def get(obj: _In) -> _Out:
        hit = memo.get(id(obj))
        if hit is None or hit[0] is not obj:
            if len(memo) > limit:
                memo.clear()
            hit = memo[id(obj)] = (obj, make(obj))
        return hit[1]

    return get


class Target:
    """A :class:`Selector` as the target queries read it (same field names), copied once: see
    :class:`Digest` for why. :func:`target` gives the one of a selector."""

    def __init__(self, sel: Selector) -> None:
        self.kind: str = sel.kind
        self.player: str = sel.player
        self.rested: bool | None = sel.rested
        self.max_atk: int | None = sel.max_atk
        self.min_atk: int | None = sel.min_atk
        self.max_total_cost: int | None = sel.max_total_cost
        self.attributes: frozenset[str] = frozenset(sel.attributes)
        self.races: frozenset[str] = frozenset(sel.races)
        self.flying: bool | None = sel.flying
        self.other: bool = sel.other
        self.count: int = sel.count
        self.plain: bool = sel.plain


#: The :class:`Target` of a selector (selectors belong to card definitions).
target: Callable[[Selector], Target] = by_identity(Target)


def targets(sels: Sequence[Selector]) -> tuple[Target, ...]:
    return tuple([target(sel) for sel in sels])


class Activation:
    """What legality reads of an [Activate] ability (the names of :class:`Ability`'s fields)."""

    def __init__(self, ab: Ability) -> None:
        self.rest_self: bool = ab.rest_self
        self.once_per_turn: bool = ab.once_per_turn
        self.cost_key: CostKey = ab.cost_key
        self.target_checks: tuple[Target, ...] = targets(ab.target_checks)


class Digest:
    """The fields of a card definition that the rules read at every decision, copied once out
    of the pydantic model (same names as :class:`ForceOfWillCard`'s): reading a pydantic
    model's attribute goes through its ``__getattr__`` hook and costs several dict lookups,
    a plain attribute one (none in the compiled build, where this is a C struct)."""

    def __init__(self, d: ForceOfWillCard) -> None:
        self.type: str = d.type
        self.subtype: str | None = d.subtype
        self.cost_key: CostKey = d.cost_key
        self.effect_checks: tuple[Target, ...] = targets(d.effect_checks)
        self.break_checks: tuple[Target, ...] = targets(d.break_checks)
        self.has_break: bool = bool(d.break_ability)
        self.cost: Mapping[str, int] = d.cost
        self.trigger_event: str | None = None if d.trigger is None else d.trigger.event
        self.instant_speed: bool = d.instant_speed
        self.activates: bool = d.activates
        self.front_activations: tuple[tuple[int, Activation], ...] = tuple(
            (i, Activation(ab)) for i, ab in d.front_activations)
        self.back_activations: tuple[tuple[int, Activation], ...] = tuple(
            (i, Activation(ab)) for i, ab in d.back_activations)
        self.atk: int = d.atk
        self.def_: int = d.def_
        #: the keywords printed on the front side
        self.keywords: frozenset[str] = frozenset(k for k in KEYWORD_NAMES if getattr(d.keywords, k))
        self.swiftness: bool = d.keywords.swiftness
        self.precision: bool = d.keywords.precision
        self.any_statics: bool = d.any_statics
        self.stone_will: tuple[str, ...] = d.stone_will
        self.is_resonator: bool = d.type == "resonator"


def _digest_all(defs: Mapping[str, Any]) -> dict[str, Digest]:
    return {name: Digest(d) for name, d in defs.items()}


#: :class:`Digest` of every definition of a pool (a game's, or a scenario's with its own cards).
digests: Callable[[Mapping[str, Any]], dict[str, Digest]] = by_identity(_digest_all, limit=64)


class FowQueries(EffectRunner):
    __slots__ = ("digest",)

    def __init__(self, defs: Mapping[str, Any], options: Mapping[str, str], seed: int, players: int = 2):
        super().__init__(defs, options, seed, players)
        #: :func:`digests` of the definitions: what the hot paths read instead of ``defs``.
        self.digest = digests(defs)

    def d(self, cid: int) -> ForceOfWillCard:
        card: ForceOfWillCard = self.defs[self.cards[cid].name]
        return card

    # ------------------------------------------------------------------ sides and kinds
    def is_j_ruler(self, cid: int) -> bool:
        return "j_ruler" in self.cards[cid].marks

    def is_spent(self, cid: int) -> bool:
        return "spent" in self.cards[cid].marks

    def is_battler(self, cid: int) -> bool:
        """A J-ruler or resonator on the field (FOW-39: the J-ruler battles like a resonator)."""
        if self.where[cid][1] != "field":
            return False
        card = self.cards[cid]
        return "j_ruler" in card.marks or self.digest[card.name].is_resonator

    def is_resonator(self, cid: int) -> bool:
        """A resonator on the field; a J-ruler is not one (FOW-39)."""
        if self.where[cid][1] != "field":
            return False
        card = self.cards[cid]
        return self.digest[card.name].is_resonator and "j_ruler" not in card.marks

    def ruler_card(self, player: int) -> int | None:
        """The player's ruler card, in the ruler area or on the field as a J-ruler. Only the
        ruler card is ever in the ruler area (scenarios are checked for it too)."""
        zones = self.zones[player]
        if zones["ruler_area"]:
            return zones["ruler_area"][0]
        cards = self.cards
        return next((c for c in zones["field"] if "j_ruler" in cards[c].marks), None)

    def printed(self, cid: int) -> Face:
        """ATK, DEF, keywords, abilities and lasting effects of the side the card shows."""
        card = self.cards[cid]
        d: ForceOfWillCard = self.defs[card.name]
        if "j_ruler" in card.marks:
            return SPENT_FACE if "spent" in card.marks else d.back
        return d.front

    def abilities(self, cid: int) -> Sequence[Ability]:
        card = self.cards[cid]
        if card.marks:
            return self.printed(cid)[3]
        abilities: Sequence[Ability] = self.defs[card.name].abilities
        return abilities

    # ------------------------------------------------------------------ ATK, DEF, keywords
    def _static_sources(self) -> Iterator[tuple[int, Static]]:
        """Every lasting effect on the field (cards on the field and additions attached)."""
        defs, cards = self.defs, self.cards
        for p in (0, 1):
            for c in self.zones[p]["field"]:
                card = cards[c]
                statics = self.printed(c)[4] if "j_ruler" in card.marks else defs[card.name].statics
                for st in statics:
                    yield c, st
                for a in card.attached:
                    for st in defs[cards[a].name].statics:
                        yield a, st

    def _static_applies(self, source: int, st: Static, cid: int) -> bool:
        to = st.applies_to
        if type(to) is str:  # (comparing a selector with a string would ask pydantic)
            return source == cid if to == "self" else source in self.cards[cid].attached
        assert isinstance(to, Selector)
        sel = target(to)
        return self.kind_matches(sel, cid) and self.matches(sel, cid, self.cards[source].controller, source)

    def kind_matches(self, sel: Target, cid: int) -> bool:
        """The selector's kind of card (a lasting "resonators you control" skips J-rulers, FOW-39)."""
        kind = sel.kind
        if kind == "resonator":
            return self.is_resonator(cid)
        if kind in ("j_or_resonator", "any"):
            return self.is_battler(cid)
        if kind == "addition":
            return self.d(cid).type == "addition"
        if kind == "spell":
            return self.d(cid).type == "spell"
        return False

    def stats(self, cid: int, statics: bool | None = None) -> tuple[int, int]:
        """Current ATK and DEF: the side shown, lasting effects and "until end of turn" changes.
        ``statics``: :meth:`_statics_present`, when the caller asks about many cards."""
        card = self.cards[cid]
        if card.marks:
            atk, def_ = self.printed(cid)[:2]
        else:
            d = self.digest[card.name]
            atk, def_ = d.atk, d.def_
        if self.where[cid][1] != "field":
            return atk, def_
        if self._statics_present() if statics is None else statics:
            for source, st in self._static_sources():
                if (st.atk or st.def_) and self._static_applies(source, st, cid):
                    atk += st.atk
                    def_ += st.def_
        for e in self.effects:
            if e["card"] == cid and e["kind"] == "modify":
                atk += e["atk"]
                def_ += e["def"]
        if (atk % 100 or def_ % 100) and self.options.get("round_to_100") == "true":
            atk, def_ = round_up_100(atk), round_up_100(def_)
        return max(0, atk), def_

    def _statics_present(self) -> bool:
        """Is any lasting effect on the field? (Usually none: then ATK/DEF are quick.)"""
        digest, cards = self.digest, self.cards
        for p in (0, 1):
            for c in self.zones[p]["field"]:
                card = cards[c]
                if card.attached or digest[card.name].any_statics:
                    return True
        return False

    def grants(self, keywords: frozenset[str], statics: bool) -> bool:
        """Could an effect until end of turn or a lasting effect (``statics``:
        :meth:`_statics_present`) give some card one of these keywords now?"""
        if any(e["kind"] == "keyword" and e["keyword"] in keywords for e in self.effects):
            return True
        return statics and any(not keywords.isdisjoint(st.granted) for _, st in self._static_sources())

    def atk(self, cid: int) -> int:
        return self.stats(cid)[0]

    def def_(self, cid: int) -> int:
        return self.stats(cid)[1]

    def damage(self, cid: int) -> int:
        return self.cards[cid].counter("damage")

    def has(self, cid: int, keyword: str, statics: bool | None = None) -> bool:
        """A keyword printed on the side shown, given by a lasting effect, or until end of turn.
        ``statics``: :meth:`_statics_present`, when the caller asks about many cards."""
        card = self.cards[cid]
        if getattr(self.printed(cid)[2], keyword) if card.marks else keyword in self.digest[card.name].keywords:
            return True
        if self.where[cid][1] != "field":
            return False
        if self.effects and any(e["card"] == cid and e["kind"] == "keyword" and e["keyword"] == keyword
                                for e in self.effects):
            return True
        if self._statics_present() if statics is None else statics:
            for source, st in self._static_sources():
                if getattr(st.keywords, keyword) and self._static_applies(source, st, cid):
                    return True
        return False

    # ------------------------------------------------------------------ battle
    def can_attack(self, cid: int) -> bool:
        """FOW-42 / FOW-117: a recovered J-ruler or resonator, not one put onto the field this
        turn (unless it has Swiftness)."""
        card = self.cards[cid]
        if card.tapped or not self.is_battler(cid):
            return False
        return not card.entered_this_turn or self.has(cid, "swiftness")

    def attack_targets(self, attacker: int) -> list[int]:
        """FOW-42: the opponent, or a rested resonator (or J-ruler, FOW-117) they control;
        Precision also allows recovered ones."""
        opp = 1 - self.cards[attacker].controller
        precise = self.has(attacker, "precision")
        return [player_target(opp), *(c for c in self.zones[opp]["field"]
                                      if self.is_battler(c) and (precise or self.cards[c].tapped))]

    def blockers(self, defender: int, attacker: int) -> list[int]:
        """FOW-43: a recovered J-ruler or resonator; Flying is blocked only by Flying."""
        flying = self.has(attacker, "flying")
        return [c for c in self.zones[defender]["field"]
                if self.is_battler(c) and not self.cards[c].tapped and (not flying or self.has(c, "flying"))]

    # ------------------------------------------------------------------ Lifebreak (FOW-61)
    def lifebreak_limit(self, life: int) -> int:
        """The cumulative number of cards a player may reveal at this life (interpretation of 1.12)."""
        if self.options.get("round_to_100") == "false":
            return 1 if life > 3000 else 2 if life > 2000 else 3 if life > 1000 else 4
        return 1 if life >= 3100 else 2 if life >= 2100 else 3 if life >= 1100 else 4

    def can_lifebreak(self, player: int) -> bool:
        if not self.zones[player]["lifebreak_area"] or self.options.get("lifebreak") == "false":
            return False
        c = self.counters[player]
        return c.get("lifebreak_revealed", 0) < self.lifebreak_limit(c.get("life", STARTING_LIFE))

    # ------------------------------------------------------------------ will (FOW-25..28, FOW-66)
    def pool(self, player: int) -> dict[str, int]:
        c = self.counters[player]
        return {a: c.get(f"will_{a}", 0) for a in ATTRIBUTES}

    def stone_groups(self, player: int) -> dict[str, list[int]]:
        """The player's recovered magic stones grouped by name, in field order (a stone's
        name decides what it produces)."""
        cards = self.cards
        groups: dict[str, list[int]] = {}
        for c in self.zones[player]["magic_stone_area"]:
            card = cards[c]
            if not card.tapped:
                ids = groups.get(card.name)
                if ids is None:
                    groups[card.name] = [c]
                else:
                    ids.append(c)
        return groups

    def _pool_use(self, player: int, cost: Mapping[str, int],
                  use_pool: bool) -> tuple[Mapping[str, int], dict[str, int]]:
        """Will in the pool pays first (it is lost at the end of the turn anyway): the coloured
        part from the matching attribute, the generic part from what is left, in attribute order."""
        counters = self.counters[player]
        if not use_pool:
            return cost, {}
        try:
            will = _POOL(counters)
        except KeyError:  # a state built by hand may lack the will counters
            will = tuple(map(counters.get, WILL_KEYS, _ZEROS))
        if not any(will):
            return cost, {}
        need = dict(cost)
        used: dict[str, int] = {}
        pool = dict(zip(ATTRIBUTES, will, strict=True))
        for a in ATTRIBUTES:
            take = min(need.get(a, 0), pool[a])
            if take:
                need[a] -= take
                pool[a] -= take
                used[a] = take
        for a in ATTRIBUTES:
            take = min(need.get("generic", 0), pool[a])
            if take:
                need["generic"] -= take
                used[a] = used.get(a, 0) + take
        return {k: v for k, v in need.items() if v}, used

    def payments(self, player: int, cost: Mapping[str, int], limit: int = 0,
                 use_pool: bool = True) -> list[Payment]:
        """The distinct ways to pay ``cost`` (README: the same multiset of (stone name,
        attribute used) is one way), pool will first; ``limit`` stops early (1: "can I pay?")."""
        need, used = self._pool_use(player, cost, use_pool)
        pool_used = tuple(sorted(used.items()))
        if not need:
            return [((), (), pool_used)]
        groups = self.stone_groups(player)
        digest = self.digest
        # No way rests more stones of a group than the cost's total, and a way rests a group's
        # first stones: beyond that, the groups' sizes do not matter (fewer plans to remember).
        total = sum(need.values())
        signature = tuple([(digest[name].stone_will, min(len(ids), total)) for name, ids in groups.items()])
        stones = [c for ids in groups.values() for c in ids[:total]]  # the groups one after the other
        return [(pick(stones), attrs, pool_used)
                for pick, attrs in _payment_plans(signature, tuple(sorted(need.items())), limit)]

    def will_available(self, player: int) -> tuple[Any, ...]:
        """What the player can pay with now, in hashable form: the stone groups, the pool, and
        the total will (a cost above it is out of reach without further work)."""
        cards, digest = self.cards, self.digest
        names = [card.name for card in map(cards.__getitem__, self.zones[player]["magic_stone_area"])
                 if not card.tapped]
        signature = tuple([(digest[name].stone_will, names.count(name)) for name in dict.fromkeys(names)])
        counters = self.counters[player]
        try:
            pool = _POOL(counters)
        except KeyError:  # a state built by hand may lack the will counters
            pool = tuple(map(counters.get, WILL_KEYS, _ZEROS))
        return signature, pool, sum(pool) + len(names)

    def can_pay(self, player: int, cost: Mapping[str, int], available: tuple[Any, ...] | None = None) -> bool:
        """Is the cost payable with the pool and recovered stones? ``available`` (from
        :meth:`will_available`) saves recomputing it when many costs are checked at once."""
        if not cost:
            return True
        return pay_verdicts(available if available is not None else self.will_available(player))(_cost_key(cost))

    def payer(self, player: int) -> Callable[[CostKey], bool]:
        """:func:`pay_verdicts` for the player's will now: for checking many costs at once.

        Remembered by the stones' card records and the pool: card records are immutable and
        replaced on every change, so the same records mean the same recovered stones, and
        from one decision to the next the stones usually have not changed."""
        cards = self.cards
        key = (*[cards[c] for c in self.zones[player]["magic_stone_area"]],
               *map(self.counters[player].get, WILL_KEYS))
        verdict = _PAYERS.get(key)
        if verdict is None:
            if len(_PAYERS) > 4096:
                _PAYERS.clear()
            verdict = _PAYERS[key] = pay_verdicts(self.will_available(player))
        return verdict

    def stones_could_pay(self, player: int, cost: Mapping[str, int]) -> bool:
        """FOW-56 (interpretation): recovered stones alone could produce the cost."""
        return bool(self.payments(player, cost, limit=1, use_pool=False))

    # ------------------------------------------------------------------ selectors
    def matches(self, sel: Target, cid: int, controller: int, source: int | None) -> bool:
        """Does the card ``cid`` match the selector (its zone checked by the caller)?"""
        card = self.cards[cid]
        who = sel.player
        if who != "any" and (card.controller == controller) != (who == "self"):
            return False
        if sel.plain:  # nothing else to check
            return True
        if sel.other and cid == source:
            return False
        d = self.d(cid)
        if sel.rested is not None and card.tapped != sel.rested:
            return False
        if sel.max_atk is not None or sel.min_atk is not None:
            atk = self.atk(cid)
            if (sel.max_atk is not None and atk > sel.max_atk) or (sel.min_atk is not None and atk < sel.min_atk):
                return False
        if sel.max_total_cost is not None and d.total_cost > sel.max_total_cost:
            return False
        if sel.attributes and sel.attributes.isdisjoint(d.attributes):
            return False
        if sel.races:
            races = d.j_ruler.races if self.is_j_ruler(cid) and d.j_ruler else d.races
            if sel.races.isdisjoint(races):
                return False
        return sel.flying is None or self.has(cid, "flying") == sel.flying

    def candidates(self, sel: Target, controller: int, source: int | None) -> list[int]:
        """Every card or player the selector allows now, in stable order."""
        kind = sel.kind
        who = sel.player
        owners = (controller,) if who == "self" else (1 - controller,) if who == "opponent" else (0, 1)
        out: list[int] = []
        if kind in ("player", "any"):
            out += [player_target(p) for p in owners]
            if kind == "player":
                return out
        cards, digest, zones, matches = self.cards, self.digest, self.zones, self.matches
        for p in owners:
            if kind == "spell":
                out += [c for c in zones[p]["chase_area"]
                        if digest[cards[c].name].type == "spell" and matches(sel, c, controller, source)]
                continue
            if kind == "addition":
                out += [c for c in zones[p]["field"]
                        if digest[cards[c].name].type == "addition" and matches(sel, c, controller, source)]
                for host in (*zones[0]["field"], *zones[1]["field"]):
                    out += [a for a in cards[host].attached
                            if cards[a].controller == p and matches(sel, a, controller, source)]
                continue
            only_resonators = kind == "resonator"
            for c in zones[p]["field"]:
                card = cards[c]
                if "j_ruler" in card.marks:
                    if only_resonators:
                        continue  # FOW-39: a J-ruler is not a resonator
                elif not digest[card.name].is_resonator:
                    continue
                if matches(sel, c, controller, source):
                    out.append(c)
        return out

    def has_candidates(self, sel: Target, controller: int, source: int | None, n: int) -> bool:
        """Are there at least ``n`` candidates? (Legality asks only this; players always exist.)"""
        kind = sel.kind
        if kind in ("player", "any") and n <= (2 if sel.player == "any" else 1):
            return True
        if kind in ("resonator", "j_or_resonator") and sel.plain:
            return self._plain_candidates(sel, controller, n)
        return len(self.candidates(sel, controller, source)) >= n

    def _plain_candidates(self, sel: Target, controller: int, n: int) -> bool:
        """:meth:`has_candidates` for a plain selector of resonators (or J-rulers): counted
        straight off the fields, as :meth:`_candidates` and :meth:`matches` would find them."""
        who = sel.player
        owners = (controller,) if who == "self" else (1 - controller,) if who == "opponent" else (0, 1)
        only_resonators = sel.kind == "resonator"
        cards, digest = self.cards, self.digest
        for p in owners:
            for c in self.zones[p]["field"]:
                card = cards[c]
                if "j_ruler" in card.marks:
                    if only_resonators:
                        continue
                elif not digest[card.name].is_resonator:
                    continue
                if who != "any" and (card.controller == controller) != (who == "self"):
                    continue
                n -= 1
                if not n:
                    return True
        return False


#: :func:`cost_key`, remembered: card costs are the same objects all game long.
_cost_key: Callable[[Mapping[str, int]], CostKey] = by_identity(cost_key)


_VERDICTS: dict[tuple[Any, ...], Callable[[CostKey], bool]] = {}
#: :meth:`FowQueries.payer` by (the stones' card records, the pool's will per attribute).
_PAYERS: dict[tuple[Any, ...], Callable[[CostKey], bool]] = {}


def pay_verdicts(will: tuple[Any, ...]) -> Callable[[CostKey], bool]:
    """"Can this cost be paid?" for one :meth:`FowQueries.will_available` value, as a function
    of the cost's key, remembering its answers. Pure (the key is the whole input), so shared:
    a decision asks it about every card in hand, and the same stones and pool recur."""
    verdict = _VERDICTS.get(will)
    if verdict is None:
        if len(_VERDICTS) > 4096:
            _VERDICTS.clear()
        signature, pool, total = will
        known: dict[CostKey, bool] = {}

        def verdict(key: CostKey) -> bool:
            ok = known.get(key)
            if ok is None:
                ok = known[key] = key[0] <= total and _affordable(signature, pool, key[1])
            return ok

        _VERDICTS[will] = verdict
    return verdict


def _affordable(signature: tuple[tuple[tuple[str, ...], int], ...], pool: tuple[int, ...],
                cost: tuple[tuple[str, int], ...]) -> bool:
    """Pool will first (as :meth:`FowQueries._pool_use`), then one way with the stones.
    (Not memoised here: :func:`pay_verdicts` remembers each answer for its will.)"""
    need = dict(cost)
    left = dict(zip(ATTRIBUTES, pool, strict=True))
    for a in ATTRIBUTES:
        take = min(need.get(a, 0), left[a])
        need[a] = need.get(a, 0) - take
        left[a] -= take
    generic = need.pop("generic", 0) - sum(left.values())
    if generic > 0:
        need["generic"] = generic
    rest = tuple(sorted((k, v) for k, v in need.items() if v > 0))
    return not rest or _feasible(signature, rest)


def _feasible(groups: tuple[tuple[tuple[str, ...], int], ...], need: tuple[tuple[str, int], ...]) -> bool:
    """Can these stones cover ``need``? Each stone gives 1 will of one of its attributes, so this
    is a transportation problem, and Hall's condition decides it: for every set S of
    attributes, the will S needs is at most the number of stones that can make some of S
    (and the stones number at least the whole cost, generic included)."""
    wanted = dict(need)
    if sum(n for _, n in groups) < sum(wanted.values()):
        return False
    coloured = [a for a in ATTRIBUTES if wanted.get(a)]
    for mask in range(1, 1 << len(coloured)):
        chosen = {a for i, a in enumerate(coloured) if mask >> i & 1}
        demand = sum(wanted[a] for a in chosen)
        supply = sum(n for options, n in groups if chosen.intersection(options))
        if demand > supply:
            return False
    return True


@lru_cache(maxsize=4096)
def _payment_plans(groups: tuple[tuple[tuple[str, ...], int], ...], need: tuple[tuple[str, int], ...],
                   limit: int) -> tuple[tuple[Callable[[Sequence[int]], tuple[int, ...]], tuple[str, ...]], ...]:
    """:func:`_stone_ways` as a function picking the stones from the groups' stones laid one
    after the other, and the attribute each stone produces: all a payment needs besides the
    stones' ids."""
    starts = [0]
    for _, size in groups:
        starts.append(starts[-1] + size)
    plans = []
    for way in _stone_ways(groups, need, limit):
        taken = dict.fromkeys(range(len(groups)), 0)
        picks: list[int] = []
        attrs: list[str] = []
        for g, a, n in way:
            first = starts[g] + taken[g]
            picks.extend(range(first, first + n))
            attrs.extend([a] * n)
            taken[g] += n
        plans.append((_picker(tuple(picks)), tuple(attrs)))
    return tuple(plans)


def _picker(positions: tuple[int, ...]) -> Callable[[Sequence[int]], tuple[int, ...]]:
    """The items at ``positions``, as a tuple (:func:`operator.itemgetter` gives one item alone)."""
    if len(positions) == 1:
        (i,) = positions
        return lambda items: (items[i],)
    getter: Callable[[Sequence[int]], tuple[int, ...]] = itemgetter(*positions)
    return getter


@lru_cache(maxsize=4096)
def _stone_ways(groups: tuple[tuple[tuple[str, ...], int], ...], need: tuple[tuple[str, int], ...],
                limit: int) -> tuple[tuple[tuple[int, str, int], ...], ...]:
    """Every way to cover ``need`` exactly with stones of these groups (what each may produce,
    how many are recovered): per group, how many produce each attribute. Pure, so memoised:
    the same stones and cost recur all game long."""
    wanted = dict(need)
    total = sum(wanted.values())
    if sum(n for _, n in groups) < total:
        return ()
    out: list[tuple[tuple[int, str, int], ...]] = []
    picks: list[tuple[int, str, int]] = []
    short = {a: n for a, n in wanted.items() if a != "generic"}  # coloured will still missing
    # what the groups from index i on could still make of each attribute (to prune dead ends)
    reach = [dict.fromkeys(short, 0) for _ in range(len(groups) + 1)]
    capacity = [0] * (len(groups) + 1)
    for i in range(len(groups) - 1, -1, -1):
        options, size = groups[i]
        capacity[i] = capacity[i + 1] + size
        for a in short:
            reach[i][a] = reach[i + 1][a] + (size if a in options else 0)

    def walk(gi: int, left: int) -> bool:
        missing = 0
        for a, n in short.items():
            if n > 0:
                if n > reach[gi][a]:
                    return False
                missing += n
        if missing > left:
            return False
        if left == 0:
            out.append(tuple(picks))
            return bool(limit) and len(out) >= limit
        if gi == len(groups) or capacity[gi] < left:
            return False
        options, size = groups[gi]
        return split(gi, 0, options, min(size, left), left)

    def split(gi: int, oi: int, options: tuple[str, ...], room: int, left: int) -> bool:
        """Use up to ``room`` stones of group ``gi``, choosing how many produce each option."""
        if oi == len(options):
            return walk(gi + 1, left)
        a = options[oi]
        for n in range(min(room, left), -1, -1):
            if n:
                picks.append((gi, a, n))
                if a in short:
                    short[a] -= n
            stop = split(gi, oi + 1, options, room - n, left - n)
            if n:
                picks.pop()
                if a in short:
                    short[a] += n
            if stop:
                return True
        return False

    walk(0, total)
    return tuple(out)
