"""Read-only questions about a Duel Masters state: power, keywords, who can attack, paying.

Continuous effects are recomputed from the board on every question, never written into
the state (so a clone or a JSON round-trip cannot lose one).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from tcg.core import lasting
from tcg.core.effects import EffectRunner
from tcg.games.duel_masters.cards import (
    Bundle,
    CardCount,
    Condition,
    CountBonus,
    DuelMastersCard,
    Effect,
    Selector,
    Static,
    StaticCondition,
    WhileYouHave,
)
from tcg.games.duel_masters.payment import PaymentWays, assignable

_FALSY: tuple[Any, ...] = (None, False, 0, "")


class DMQueries(EffectRunner[Effect, Selector]):
    """The questions the rules ask (the first layer of :class:`DuelMastersState`)."""

    __slots__ = ()

    # ------------------------------------------------------------------ definitions
    def d(self, cid: int) -> DuelMastersCard:
        """The definition that counts for a card: for an evolution stack, the top card (DM-36)."""
        card: DuelMastersCard = self.defs[self.cards[cid].name]
        return card

    def civs(self, cid: int) -> list[str]:
        return list(self.d(cid).civilizations)

    def creatures(self, player: int) -> list[int]:
        return self.zones[player]["battle"]

    # ------------------------------------------------------------------ conditional bundles
    def _survivor_bundles(self, cid: int) -> list[Bundle]:
        """DM-64/DM-65: a Survivor has the Survivor abilities of all your Survivors, itself included."""
        if not self.d(cid).is_survivor or self.zone_of(cid) != "battle":
            return []
        owner = self.cards[cid].controller
        out = []
        for other in self.zones[owner]["battle"]:
            od = self.d(other)
            if od.is_survivor and od.keywords.survivor is not None:
                out.append(od.keywords.survivor)
        return out

    def is_turbo_rush_active(self, cid: int) -> bool:
        """DM-74/DM-75: on when another of your creatures broke a shield this turn."""
        breakers = self.flags.get("shield_breakers", ())
        me = self.cards[cid].controller
        return any(p == me and c != cid for p, c in breakers)

    def is_wave_striker_active(self, cid: int) -> bool:
        """DM-80 (owner's 3+ Wave Strikers, itself included) or DM-116 (2+ others, both players)."""
        if self.zone_of(cid) != "battle":
            return False
        if self.options.get("wave_striker_count") == "both_players":
            others = sum(
                1 for p in (0, 1) for c in self.zones[p]["battle"]
                if c != cid and self.d(c).keywords.wave_striker is not None
            )
            return others >= 2
        owner = self.cards[cid].controller
        mine = sum(1 for c in self.zones[owner]["battle"] if self.d(c).keywords.wave_striker is not None)
        return mine >= 3

    def has_creatures(self, player: int, cond: Condition | WhileYouHave, source: int | None = None) -> bool:
        """Whether ``player`` has ``cond.count`` creatures (of ``cond.races``; other than
        ``source`` with ``cond.other``) in the battle zone."""
        races = cond.races
        n = 0
        for c in self.zones[player]["battle"]:
            if cond.other and c == source:
                continue
            if not races or any(r in self.d(c).races for r in races):
                n += 1
                if n >= cond.count:
                    return True
        return False

    def is_while_active(self, cid: int, w: WhileYouHave) -> bool:
        """A "while you have" bundle: the creatures are there (and, with ``attacking``, this
        creature is attacking)."""
        if w.attacking:
            attack = self.flags.get("attack")
            if attack is None or attack["attacker"] != cid:
                return False
        return self.has_creatures(self.cards[cid].controller, w, cid)

    def bundles(self, cid: int) -> list[Bundle]:
        """Every conditional bundle switched on for this creature now."""
        kw = self.d(cid).keywords
        out = self._survivor_bundles(cid)
        if kw.turbo_rush is not None and self.is_turbo_rush_active(cid):
            out.append(kw.turbo_rush)
        if kw.wave_striker is not None and self.is_wave_striker_active(cid):
            out.append(kw.wave_striker)
        w = kw.while_you_have
        if w is not None and self.zone_of(cid) == "battle" and self.is_while_active(cid, w):
            out.append(w)
        return out

    # ------------------------------------------------------------------ continuous abilities
    def static_holds(self, cond: StaticCondition | None, source: int) -> bool:
        """Whether a continuous ability's condition holds now, asked of its source creature."""
        if cond is None:
            return True
        me = self.cards[source].controller
        if cond.tapped is not None and self.cards[source].tapped != cond.tapped:
            return False
        mine = self.zones[me]["battle"]
        if cond.no_other_creatures and any(c != source for c in mine):
            return False
        if cond.opponent_has_more and len(self.zones[1 - me]["battle"]) <= len(mine):
            return False
        civ = cond.mana_all
        return civ is None or all(civ in self.d(m).civilizations for m in self.zones[me]["mana"])

    def reaches(self, st: Static, cid: int, source: int) -> bool:
        """Whether a continuous ability of ``source`` affects ``cid`` (its selector read from the
        source's side: whose card, which zone, what kind; power is not asked)."""
        sel = st.affects
        if sel == "self":
            return cid == source
        me = self.cards[source].controller
        whose = self.cards[cid].controller
        if (sel.player == "self" and whose != me) or (sel.player == "opponent" and whose == me):
            return False
        return self.zone_of(cid) == sel.zone and self.matches(sel, cid, source, ignore_power=True)

    def statics_on(self, cid: int) -> list[tuple[Static, int]]:
        """Every continuous ability on this card now, with its source: its own (if it is in the
        battle zone) and those of the creatures in the battle zone that reach it, each while
        its condition holds. Recomputed on every question, never stored (so it ends at once when
        its source leaves or its condition stops holding)."""
        out: list[tuple[Static, int]] = []
        defs, cards = self.defs, self.cards
        in_battle = self.where[cid][1] == "battle"
        if in_battle:
            for st in defs[cards[cid].name].own_statics:
                if self.static_holds(st.condition, cid):
                    out.append((st, cid))
        for p in (0, 1):
            for src in self.zones[p]["battle"]:
                sd = defs[cards[src].name]
                if not sd.grants_others:
                    continue
                for st in sd.statics:
                    if st.affects != "self" and self.reaches(st, cid, src) and self.static_holds(st.condition, src):
                        out.append((st, src))
        return out

    def count_holds(self, cond: CardCount, controller: int, source: int | None) -> bool:
        """Whether ``cond.cards`` selects at least ``cond.at_least`` cards now."""
        return len(self.select(cond.cards, controller, source, ignore_power=True)) >= cond.at_least

    def static_power(self, st: Static, source: int) -> int:
        """A continuous ability's power bonus: ``power``, or ``power`` for each card ``per`` selects."""
        if st.per is None:
            return st.power
        return st.power * len(self.select(st.per, self.cards[source].controller, source, ignore_power=True))

    def cost(self, cid: int) -> int:
        """The cost to pay for a card in hand now: printed, changed by continuous abilities
        (Elf-X: "Your creatures each cost 1 less to summon. They can't cost less than 1").

        [standard] DM-15: a reduced cost below the number of the card's civilizations is paid with
        one mana card of each civilization all the same (Takara Tomy's rule as DM Wiki, マナコスト,
        states it: when the total cost is below the number of civilizations needed, that many mana
        are paid): Elf-X makes a fire/nature creature of cost 2 cost 1, and it is summoned by
        tapping a fire card and a nature card. The brief is silent (no printed card costs less)."""
        d = self.d(cid)
        change = sum(st.cost for st, _ in self.statics_on(cid) if st.cost) if self.where[cid][1] == "hand" else 0
        return max(d.cost + change, 1, len(d.civset)) if change else d.cost

    def keyword(self, cid: int, name: str) -> Any:
        """A keyword's value for a creature now: printed, shared, conditional or granted.

        DM-66: keywords do not stack, so the first truthy value is the answer.
        """
        d = self.defs[self.cards[cid].name]
        value = getattr(d.keywords, name, None)
        if value not in _FALSY or self.where[cid][1] != "battle":
            return value
        if d.has_conditional:
            for bundle in self.bundles(cid):
                v = bundle.keywords.get(name)
                if v not in _FALSY:
                    return v
        for st, _ in self.statics_on(cid):
            v = st.keywords.get(name)
            if v not in _FALSY:
                return v
        for eff in lasting.on(self, "keywords", cid):
            v = dict(eff["keywords"]).get(name)
            if v not in _FALSY:
                return v
        return value

    def power(self, cid: int) -> int:
        """Power now (DM-51: Power Attacker while attacking; DM-65: Survivor bonuses per source)."""
        d = self.d(cid)
        total = d.power + d.power_bonus
        if self.zone_of(cid) != "battle":
            return total
        for bundle in self.bundles(cid):
            total += bundle.power
        total += lasting.total(self, "power", cid)
        for st, src in self.statics_on(cid):
            total += self.static_power(st, src)
        attack = self.flags.get("attack")
        if attack is not None and attack["attacker"] == cid:
            total += self.attack_bonus(cid)
        return max(total, 0)

    def attack_bonus(self, cid: int) -> int:
        """DM-51: what a creature gets while it attacks — every Power Attacker bonus it has, added up.

        [standard] DM-51/DM-65: Power Attacker bonuses from different sources add up (its printed
        one, each Survivor's shared one, a continuous ability's, each spell's or ability's grant):
        "power attacker +4000" given "power attacker +2000" by a spell gets +6000 while attacking
        (Wizards of the Coast, Duel Masters Base Set FAQ, 2004-02-09). DM-66's "keywords do not
        stack" is about keywords that add nothing (Double Breaker, Speed Attacker, Slayer), so
        :meth:`keyword`, which takes the first value, is not asked for a bonus."""
        d = self.defs[self.cards[cid].name]
        kw = d.keywords
        grants: list[dict[str, Any]] = [
            {"power_attacker": kw.power_attacker, "power_attacker_per_card": kw.power_attacker_per_card}]
        grants.extend(bundle.keywords for bundle in self.bundles(cid))
        for st, _ in self.statics_on(cid):
            own = int(st.keywords.get("power_attacker") or 0)
            grants.append({**st.keywords, "power_attacker": st.power_attacker + own})
        grants.extend(dict(eff["keywords"]) for eff in lasting.on(self, "keywords", cid))
        total = 0
        controller = self.cards[cid].controller
        for grant in grants:
            total += int(grant.get("power_attacker") or 0)
            per_card = grant.get("power_attacker_per_card")
            if per_card:
                per = per_card if isinstance(per_card, CountBonus) else CountBonus.model_validate(per_card)
                total += per.amount * len(self.select(per.count, controller, cid, ignore_power=True))
        return total

    def is_evolution(self, cid: int) -> bool:
        return self.d(cid).type == "evolution_creature"

    # ------------------------------------------------------------------ attacking and blocking
    def is_summoning_sick(self, cid: int) -> bool:
        """DM-106 / DM-107 / DM-31."""
        return (
            self.cards[cid].entered_this_turn
            and not self.keyword(cid, "speed_attacker")
            and not self.is_evolution(cid)
        )

    def must_attack(self, cid: int) -> bool:
        """DM-69: an "attacks if able" creature (its own text or an opponent's card)."""
        return bool(self.keyword(cid, "attacks_if_able"))

    def freed_to_attack(self, cid: int) -> bool:
        """Diamond Cutter this turn (``free_attacks``): nothing stops this creature attacking the opponent."""
        return bool(self.effects) and bool(lasting.of_kind(self, "free_attacks", player=self.cards[cid].controller))

    def attacks_normally(self, cid: int) -> bool:
        """Not stopped from attacking by "can't attack" or summoning sickness (DM-48, DM-106)."""
        return not self.keyword(cid, "cant_attack") and not self.is_summoning_sick(cid)

    def forced_attackers(self, player: int) -> list[int]:
        """Creatures that must attack and still can (untapped, not sick, with a legal target)."""
        return [c for c in self.zones[player]["battle"]
                if self.must_attack(c) and self.can_attack(c) and self.attack_targets(c)]

    def can_attack(self, cid: int) -> bool:
        card = self.cards[cid]
        return not card.tapped and (self.attacks_normally(cid) or self.freed_to_attack(cid))

    def attack_targets(self, cid: int) -> list[int | str]:
        """DM-108: the opponent, or one of the opponent's tapped creatures — an untapped one too
        for a creature that "can attack untapped creatures", or one an effect made attackable
        this turn (Chaos Strike)."""
        me = self.cards[cid].controller
        opp = 1 - me
        out: list[int | str] = []
        freed = self.freed_to_attack(cid)
        if freed or not self.keyword(cid, "cant_attack_players"):
            out.append("player")
        if self.keyword(cid, "cant_attack_creatures") or (freed and not self.attacks_normally(cid)):
            return out  # Diamond Cutter frees attacks on the opponent only
        if self.keyword(cid, "attacks_untapped"):
            out.extend(self.zones[opp]["battle"])
            return out
        marked = [e["card"] for e in lasting.of_kind(self, "attackable", player=me)] if self.effects else []
        out.extend(c for c in self.zones[opp]["battle"] if self.cards[c].tapped or c in marked)
        return out

    def is_unblockable_by_stealth(self, attacker: int, defender: int) -> bool:
        """DM-73: Stealth works while the defender has a card of that civilization in mana."""
        civ = self.keyword(attacker, "stealth")
        if not civ:
            return False
        return any(civ in self.civs(m) for m in self.zones[defender]["mana"])

    def blockers(self, attacker: int, defender: int) -> list[int]:
        """DM-49 / DM-50 / DM-110: the defender's untapped Blockers that may block this attack."""
        if self.keyword(attacker, "cant_be_blocked") or self.is_unblockable_by_stealth(attacker, defender):
            return []
        attacker_civs = self.d(attacker).civset
        at_most = self.keyword(attacker, "unblockable_by_power")  # "by any creature of power N or less"
        out = []
        for c in self.zones[defender]["battle"]:
            if self.cards[c].tapped:
                continue
            if at_most and self.power(c) <= at_most:
                continue
            kind = self.keyword(c, "blocker")
            # A "<civilization> blocker" (Amnis) may block only attackers of that civilization.
            if kind is True or (isinstance(kind, str) and kind in attacker_civs):
                out.append(c)
        return out

    def breaker_count(self, cid: int) -> int:
        if self.keyword(cid, "triple_breaker"):
            return 3
        if self.keyword(cid, "double_breaker"):
            return 2
        return 1

    # ------------------------------------------------------------------ paying
    def untapped_mana(self, player: int) -> list[int]:
        return [m for m in self.zones[player]["mana"] if not self.cards[m].tapped]

    def mana_profile(self, player: int) -> tuple[int, frozenset[str], list[tuple[frozenset[str], int]]]:
        """(untapped count, civilizations any of them supply, each one's civilizations) — DM-14."""
        defs, cards = self.defs, self.cards
        sets = [(defs[cards[m].name].civset, 1) for m in self.zones[player]["mana"] if not cards[m].tapped]
        union: frozenset[str] = frozenset().union(*(c for c, _ in sets)) if sets else frozenset()
        return len(sets), union, sets

    def can_pay(self, player: int, card_cid: int,
                profile: tuple[int, frozenset[str], list[tuple[frozenset[str], int]]] | None = None,
                d: DuelMastersCard | None = None) -> bool:
        """DM-9 / DM-10 / DM-105 / DM-15: enough untapped mana and every civilization covered."""
        if d is None:
            d = self.d(card_cid)
        if d.cost <= 0:
            return True
        cost = self.cost(card_cid)
        count, union, sets = self.mana_profile(player) if profile is None else profile
        civs = d.civset
        if count < cost or len(civs) > cost or not civs <= union:
            return False
        return len(civs) <= 1 or assignable(list(dict.fromkeys(d.civilizations)), sets)  # DM-15

    def payment_ways(self, player: int, card_cid: int) -> PaymentWays:
        """The distinct ways to pay for a card now (see :mod:`.payment`)."""
        d = self.d(card_cid)
        by_name: dict[str, list[int]] = {}
        for m in self.untapped_mana(player):
            by_name.setdefault(self.cards[m].name, []).append(m)
        pools = [tuple(v) for v in by_name.values()]
        civsets = [self.d(pool[0]).civset for pool in pools]
        cost = max(self.cost(card_cid), 0)
        # a card of cost 0 (none is printed; a made-up card may omit its cost) is free: paying
        # nothing covers no civilization, so DM-15's "one of each" cannot ask for any
        civs: list[str] = list(dict.fromkeys(d.civilizations)) if cost > 0 else []
        return PaymentWays(pools, civsets, civs, cost)

    def spell_restrictions(self) -> list[frozenset[str]]:
        """The civilizations spells must have, one set per restricting creature (e.g. Alcadeias)."""
        defs, cards = self.defs, self.cards
        out = []
        for p in (0, 1):
            for c in self.zones[p]["battle"]:
                r = defs[cards[c].name].keywords.spell_restriction
                if r is not None:
                    out.append(frozenset(r.only_civilizations))
        return out

    def spell_allowed(self, cid: int, restrictions: list[frozenset[str]] | None = None) -> bool:
        """DM-12: a rainbow spell counts as each of its civilizations, so one allowed one is enough."""
        civs = self.d(cid).civset
        return all(civs & r for r in (self.spell_restrictions() if restrictions is None else restrictions))

    def may_cast(self, cid: int) -> bool:
        """"You can cast this spell only if ..." (``cast_only_if``, asked of its owner now)."""
        cond = self.d(cid).cast_only_if
        return cond is None or self.static_holds(cond, cid)

    def evolution_bases(self, cid: int, player: int) -> list[int]:
        """DM-29 / DM-30 / DM-36: your creatures whose (top card's) races the evolution names."""
        evo = self.d(cid).keywords.evolution
        if evo is None:
            return []
        wanted = set(evo.races)
        return [c for c in self.zones[player]["battle"] if wanted.intersection(self.d(c).races)]

    # ------------------------------------------------------------------ selectors
    def matches(self, sel: Selector, cid: int, source: int | None, ignore_power: bool = False) -> bool:
        d = self.d(cid)
        card = self.cards[cid]
        if sel.other and cid == source:
            return False
        if sel.types and d.type not in sel.types:
            return False
        if sel.civilizations and not any(c in d.civilizations for c in sel.civilizations):
            return False
        if sel.not_civilizations and any(c in d.civilizations for c in sel.not_civilizations):
            return False
        if sel.races and not any(r in d.races for r in sel.races):
            return False
        in_battle = self.zone_of(cid) == "battle"
        pw = self.power(cid) if in_battle and not ignore_power else d.power
        if sel.max_power is not None and (d.type == "spell" or pw > sel.max_power):
            return False
        if sel.min_power is not None and (d.type == "spell" or pw < sel.min_power):
            return False
        if sel.max_cost is not None and d.cost > sel.max_cost:
            return False
        if sel.min_cost is not None and d.cost < sel.min_cost:
            return False
        if sel.tapped is not None and card.tapped != sel.tapped:
            return False
        if sel.untapped is not None and card.tapped == sel.untapped:
            return False
        if sel.blocker is not None and bool(self.keyword(cid, "blocker")) != sel.blocker:
            return False
        return sel.evolution is None or (d.type == "evolution_creature") == sel.evolution

    def select(self, sel: Selector, controller: int, source: int | None, ignore_power: bool = False) -> list[int]:
        """Candidates for a selector, in stable order (player 0 first, then zone order)."""
        players = {"self": [controller], "opponent": [1 - controller], "any": [0, 1]}[sel.player]
        return [c for p in sorted(players) for c in self.zones[p][sel.zone]
                if self.matches(sel, c, source, ignore_power)]

    def civ_counts(self, player: int, zone: str) -> Counter[str]:
        return Counter(civ for c in self.zones[player][zone] for civ in self.civs(c))
