"""Read-only questions about a Battle Spirits state: levels, BP, symbols, costs, who can act.

Continuous values (level, BP, a brave spirit's combined colours and symbols) are computed
from the cores and cards on the field when asked, never stored.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from tcg.core import lasting
from tcg.core.effects import EffectRunner
from tcg.games.battle_spirits import braves as brave_era
from tcg.games.battle_spirits import (
    bursts,
    conditions,
    era_keywords,
    fusion,
    keywords,
    starter_era,
    static_rules,
    trash_zone,
)
from tcg.games.battle_spirits.cards import BattleSpiritsCard, Effect, Selector, StaticBonus
from tcg.games.battle_spirits.payment import Sources
from tcg.games.battle_spirits.ultimates import summon_condition_met


class BSQueries(EffectRunner[Effect, Selector]):
    __slots__ = ()

    def d(self, cid: int) -> BattleSpiritsCard:
        card: BattleSpiritsCard = self.defs[self.cards[cid].name]
        return card

    def cores(self, cid: int) -> int:
        return self.cards[cid].counter("cores")

    def braves_on(self, cid: int) -> tuple[int, ...]:
        """The braves fused to a spirit (BS-4; a spirit normally carries one, BS-114)."""
        return self.cards[cid].attached

    def level(self, cid: int) -> int:
        """BS-108: the highest level whose cost the cores on the card reach (0: none); a spirit
        "treated as at its highest level" this turn (braves.py BS-166) has that one."""
        level = self.d(cid).level_for(self.cores(cid))
        if level and ((self.effects and lasting.on(self, "max_level", cid))
                      or (self.phase in keywords.ATTACK_STEP and conditions.at_highest_level(self, cid))):  # BS-276
            d = self.d(cid)
            return d.first_level + len(d.level_costs) - 1
        if level and self.effects:
            level = static_rules.level_now(self, cid, level)  # BS-244 "treated as LV1", "one higher"
        if level and self.d(cid).type == "nexus":
            level = static_rules.nexus_level(self, cid, level)  # BS-255 "treated as LV2"
        return level

    def is_spirit_like(self, cid: int) -> bool:
        return self.d(cid).is_spirit_like

    def bp(self, cid: int) -> int:
        """BP at the current level, plus a fused brave's BP (BS-4), bonuses and modifiers."""
        d = self.d(cid)
        if not d.is_spirit_like:
            return 0
        level = self.level(cid)
        total = d.bp_at(level)
        attack = self.flags.get("attack")
        attacking = attack is not None and attack["attacker"] == cid
        for bonus in d.bonuses:
            if level in bonus.levels and (attacking or not bonus.while_attacking):
                total += self.bonus_bp(cid, bonus)
        braves = self.braves_on(cid)
        if braves:
            total += fusion.fused_bp(self, braves)  # BS-4; BS-210: a nexus may make it count 0
        total += self.aura_bp(cid)
        if self.effects:
            total += lasting.total(self, "bp", cid)
            for record in lasting.of_kind(self, "bp_aura"):
                if self.in_scope(Selector.model_validate(record["scope"]), record["player"], cid, None):
                    total += record["amount"]
        return max(total, 0)

    def aura_bp(self, cid: int) -> int:
        """The BP the cards on the field give ``cid`` by their auras (``Aura``) now."""
        n = 0
        cards, defs = self.cards, self.defs
        for p in (0, 1):
            for c in self.zones[p]["field"]:
                auras = defs[cards[c].name].auras
                if not auras:
                    continue
                level, controller = self.level(c), cards[c].controller
                for aura in auras:
                    if aura.bp == 0 or aura.symbol or (aura.braved and not self.braves_on(c)):
                        continue
                    if (level in aura.levels and self.turn_matches(aura.turn, controller, self.active)
                            and (not aura.attack_step or self.phase in keywords.ATTACK_STEP)
                            and conditions.aura_holds(self, aura, controller)  # BS-261
                            and self.in_scope(aura.targets, controller, cid, c)):
                        bp = aura.bp if aura.per is None else aura.bp * len(self.select(aura.per, controller, c))
                        n += bp * self.counters[controller]["life"] if aura.per_life_core else bp
        return n

    def in_scope(self, sel: Selector, controller: int, cid: int, source: int | None) -> bool:
        """Does ``sel`` (player relative to ``controller``) match ``cid`` where it is?"""
        if sel.player != "any" and (self.cards[cid].controller == controller) != (sel.player == "self"):
            return False
        return self.matches(sel, cid, source)

    def bonus_bp(self, cid: int, bonus: StaticBonus) -> int:
        """A constant bonus's BP now: its conditions ("while you control ...", "while you have a
        core in your reserve") and its count ("for each ...", ``StaticBonus``)."""
        controller = self.cards[cid].controller
        if bonus.if_control is not None and not self.select(bonus.if_control, controller, cid):
            return 0
        if (bonus.while_burst_set or bonus.your_attack_step) and not bursts.bonus_holds(self, cid, bonus):
            return 0
        reserve = self.counters[controller]["reserve"]
        if reserve < bonus.min_reserve:
            return 0
        if bonus.max_life is not None and self.counters[controller]["life"] > bonus.max_life:
            return 0
        if bonus.trash_only and not conditions.trash_only(self, controller, bonus.trash_only):  # BS-260
            return 0
        times = 1
        if bonus.per is not None:
            times = len(self.select(bonus.per, controller, cid))
        if bonus.per_reserve_core:
            times *= reserve
        return bonus.bp * times

    def own_rule(self, cid: int, rule: str) -> bool:
        """The card's own restriction (``Rule``: "can't block", "must attack") at its level now,
        unless what its ``unless`` names is on the field ("while your opponent controls no red
        Spirits")."""
        rules = self.d(cid).rules
        if not rules:
            return False
        level = self.level(cid)
        controller = self.cards[cid].controller
        return any(r.rule == rule and level in r.levels
                   and (r.unless is None or not self.select(r.unless, controller, cid)) for r in rules)

    def can_block(self, blocker: int, attacker: int) -> bool:
        """BS-50: a refreshed spirit blocks, unless it "can't block" (or can't block a spirit of
        lower BP than its own), or the attacker "can't be blocked" by it this turn."""
        if not self.is_spirit_like(blocker) or self.one_core_locked(blocker):
            return False
        if (self.cards[blocker].tapped and not brave_era.may_block_exhausted(self, blocker, attacker)
                and not static_rules.may_block_exhausted(self, blocker)):  # BS-247
            return False
        if self.d(blocker).rules and not lasting.on(self, "may_block", blocker):
            if self.own_rule(blocker, "cant_block"):
                return False
            if self.own_rule(blocker, "cant_block_lower_bp") and self.bp(attacker) < self.bp(blocker):
                return False
        for record in lasting.on(self, "unblockable", attacker):
            by = record["blockers"]
            if by is None or self.matches(Selector.model_validate(by), blocker, None):
                return False
        return not conditions.unblockable_by(self, blocker, attacker)  # BS-277

    def blockers(self, player: int, attacker: int) -> list[int]:
        """The spirits ``player`` may block ``attacker`` with (BS-50, ``can_block``)."""
        return [c for c in self.zones[player]["field"] if self.can_block(c, attacker)]

    def must_attack(self, player: int) -> list[int]:
        """Spirits of ``player`` able to attack that "must attack if possible" (``Rule`` must_attack,
        or the ``must_attack`` verb's "this turn")."""
        return [c for c in self.attackers(player)
                if (self.d(c).rules and self.own_rule(c, "must_attack")) or lasting.on(self, "must_attack", c)]

    def symbols(self, cid: int) -> list[str]:
        """A card's symbols, a brave spirit's including its brave's (BS-4, BS-22)."""
        out: list[str] = list(self.d(cid).symbols)
        for b in self.braves_on(cid):
            out.extend(self.d(b).symbols)
        if self.effects:
            out.extend(brave_era.added_symbols(self, cid))  # "gets one more symbol" (braves.py)
        out.extend(brave_era.aura_symbols(self, cid))
        return out

    def colors(self, cid: int) -> set[str]:
        if self.effects and lasting.on(self, "colorless", cid):  # braves.py BS-163
            return set()
        d = self.d(cid)
        out: set[str] = set(d.colors)
        for b in self.braves_on(cid):
            out.update(self.d(b).colors)
        if d.keywords.also_colors is not None:  # BS-144: "also treated as red" (BS-171 in BS13's notes)
            out.update(keywords.also_colors(self, cid))
        return out

    def card_cost(self, cid: int) -> int:
        """A brave spirit's cost is the sum of both cards' costs (BS-4)."""
        return self.d(cid).cost + sum(self.d(b).cost for b in self.braves_on(cid))

    def field_symbols(self, player: int) -> Counter[str]:
        """The symbols on ``player``'s field by colour; one also of other colours (BS-144) under
        a key naming them all, "red+white"."""
        out: Counter[str] = Counter()
        for c in self.zones[player]["field"]:
            ac = self.d(c).keywords.also_colors
            also = keywords.also_colors(self, c) if ac is not None and ac.symbols else ()
            for s in self.symbols(c):
                out["+".join(dict.fromkeys((s, *also))) if also and s != "ultimate" else s] += 1
        return out

    def reduced_cost(self, player: int, cid: int, field: Counter[str] | None = None) -> int:
        """BS-41 (b): Σ over colours of min(reduction symbols, field symbols), never below 0."""
        d = self.d(cid)
        # "All White cards cost 1 additional Core to use" (Rule white_costs_more, a nexus's)
        extra = 1 if "white" in d.colors and self.rule_active("white_costs_more", self.active) else 0
        cost, counts = conditions.hand_terms(self, player, cid)  # BS-269: a cost or symbols given in the hand
        if self.effects and d.type == "magic":  # "cost 1 less during this battle" (starter_era.py BS-289)
            cost = max(0, cost - starter_era.cost_cut(self, player, cid))
        counts = static_rules.reduction_counts(self, cid, counts)  # BS-249: symbols given or taken away
        if not counts:
            return cost + extra
        if field is None:
            field = self.field_symbols(player)
        if d.trash_symbols_reduce and self.zone_of(cid) == "hand":  # conditions.py BS-324
            field = field + conditions.trash_symbols(self, player)
        if any("+" in k for k in field):  # BS-144: a symbol of two colours reduces one of either
            reduction = keywords.flexible_reduction(dict(counts), field)
        else:
            reduction = sum(min(n, field[color]) for color, n in counts)
        return max(0, cost - reduction) + extra

    def rule_active(self, rule: str, turn_player: int) -> bool:
        """A lasting rule (``rules`` on a card) in force now, from a card at one of its levels."""
        for p in (0, 1):
            for c in self.zones[p]["field"]:
                for r in self.d(c).rules:
                    if r.rule == rule and self.level(c) in r.levels and self.turn_matches(r.turn, p, turn_player):
                        return True
        return False

    @staticmethod
    def turn_matches(turn: str, controller: int, turn_player: int) -> bool:
        return turn == "any" or (turn == "yours") == (controller == turn_player)

    def summon_condition_met(self, player: int, cid: int) -> bool:
        """BS-16 / BS-115 / BS-140: an Ultimate's summon condition (``ultimates.py``)."""
        return summon_condition_met(self, player, cid)

    def core_sources(self, player: int) -> list[tuple[int, int]]:
        """Own field cards holding cores, with their counts, in field order (BS-106)."""
        out = []
        for c in self.zones[player]["field"]:
            n = self.cores(c)
            if n:
                out.append((c, n))
            for b in self.braves_on(c):
                if self.cores(b):
                    out.append((b, self.cores(b)))
        return out

    def payment_context(self, player: int) -> tuple[int, Sources, int]:
        """(reserve, cores on each of your cards, all the cores you could pay with) — BS-106."""
        reserve = self.counters[player]["reserve"]
        sources = Sources(self.core_sources(player))
        return reserve, sources, reserve + sources.capsum

    def total_cores(self, player: int) -> int:
        return self.counters[player]["reserve"] + sum(n for _, n in self.core_sources(player))

    def can_attack(self, cid: int) -> bool:
        """BS-46/47: a refreshed spirit you control; no summoning sickness (BS-105)."""
        return self.is_spirit_like(cid) and not self.cards[cid].tapped

    def has_high_speed(self, cid: int) -> bool:
        """A spirit "with [High Speed]": the keyword, at one of its levels (BS-20; ``HighSpeed``)."""
        hs = self.d(cid).keywords.high_speed
        if hs is not None and self.zone_of(cid) != "field":  # BS-286: printed on a card in the hand
            return starter_era.has_keyword_off_field(self, cid)
        return hs is not None and self.level(cid) in hs.levels

    def attackers(self, player: int) -> list[int]:
        """BS-46: refreshed spirits, but not one that "can't attack" (its ``Rule``, or this turn,
        or a player-wide rule of a card on the field: static_rules.py BS-240..BS-242)."""
        limits = static_rules.attack_rules(self)
        return [c for c in self.zones[player]["field"] if self.can_attack(c)
                and not (self.d(c).rules and self.own_rule(c, "cant_attack"))
                and not lasting.on(self, "cant_attack", c) and not self.one_core_locked(c)
                and not (limits and static_rules.attack_problem(self, c, limits))]

    def one_core_locked(self, cid: int) -> bool:
        """"Spirits with exactly 1 Core on them cannot attack or block" (``Rule``
        one_core_spirits_locked of a card on the field)."""
        return self.cores(cid) == 1 and self.rule_active("one_core_spirits_locked", self.active)

    def matches(self, sel: Selector, cid: int, source: int | None) -> bool:
        d = self.d(cid)
        if sel.other and cid == source:
            return False
        if sel.zone == "field":
            # "Spirit" means spirits and spirit-form Braves (BS-3, BS-9), not Ultimates (BS-115):
            # cards that also hit Ultimates say "Spirit/Ultimate" (types: [spirit, ultimate]).
            kinds = sel.types or ("spirit",)
            if d.type not in kinds and not (d.type == "brave" and "spirit" in kinds):
                return False
        elif sel.types and d.type not in sel.types:
            return False
        if sel.colors and not self.colors(cid) & set(sel.colors):
            return False
        if not self._matches_bp(sel, cid, source):
            return False
        if sel.has_burst is not None and (d.keywords.burst is not None) != sel.has_burst:
            return False
        if sel.keyword and not era_keywords.has_keyword(self, cid, sel.keyword):  # BS-226
            return False
        if sel.either and not any(self.matches(e, cid, source) for e in sel.either):
            return False
        if ((sel.max_cost is not None or sel.min_cost is not None)
                and not static_rules.cost_fits(self, cid, sel.min_cost, sel.max_cost)):  # BS-252: a second cost
            return False
        if not self._matches_kind(sel, cid):
            return False
        if sel.braved is not None and bool(self.braves_on(cid)) != sel.braved:
            return False
        if sel.keywords and not trash_zone.has_keyword(self, cid, sel.keywords):  # BS-185
            return False
        return self._matches_now(sel, cid)

    def _matches_kind(self, sel: Selector, cid: int) -> bool:
        """The selector's families, name and level bounds (braves.py: also_named, highest level)."""
        d = self.d(cid)
        fams = d.families if d.fusion is None else fusion.families(self, cid)  # BS-217
        if sel.families and not set(fams) & set(sel.families):
            return False
        if sel.name_has and not brave_era.has_name(self, cid, sel.name_has):
            return False
        if sel.all_families and not set(sel.all_families) <= set(fams):
            return False
        if sel.named and not conditions.named_match(self, cid):  # BS-266
            return False
        if sel.name_not and brave_era.has_name(self, cid, sel.name_not):  # BS-268
            return False
        if sel.families_not and set(d.families) & set(sel.families_not):  # BS-277
            return False
        if sel.no_families and set(sel.no_families) & set(d.families):
            return False
        return (sel.min_level is None and sel.max_level is None) or brave_era.level_in(self, sel, cid)

    def _matches_bp(self, sel: Selector, cid: int, source: int | None) -> bool:
        """The selector's BP bounds: a number, the source's BP, the attacker's BP (spirits only)."""
        spirit = self.d(cid).is_spirit_like
        if sel.max_bp is not None and (not spirit or self.bp(cid) > sel.max_bp):
            return False
        if sel.min_bp is not None and (not spirit or self.bp(cid) < sel.min_bp):
            return False
        if sel.max_bp_of_source and (source is None or not spirit or self.bp(cid) > self.bp(source)):
            return False
        return not sel.max_bp_of_attacker or self._within_attacker_bp(cid)

    def _within_attacker_bp(self, cid: int) -> bool:
        """A spirit whose BP is the attacking spirit's or less (none without an attack)."""
        attack = self.flags.get("attack")
        return attack is not None and self.d(cid).is_spirit_like and self.bp(cid) <= self.bp(attack["attacker"])

    def _matches_now(self, sel: Selector, cid: int) -> bool:
        """The selector's parts about the card's state now: High Speed at its level, its cores,
        attacking or blocking, come onto the field this turn, exhausted."""
        if sel.high_speed is not None and self.has_high_speed(cid) != sel.high_speed:
            return False
        if not starter_era.selector_holds(self, sel, cid):  # BS-284, BS-291, BS-292, BS-293
            return False
        if sel.symbols is not None and len(self.symbols(cid)) != sel.symbols:
            return False
        if sel.cores is not None and self.cores(cid) != sel.cores:
            return False
        if sel.max_cores is not None and self.cores(cid) > sel.max_cores:
            return False
        if sel.attacking is not None or sel.blocking is not None:
            attack = self.flags.get("attack")
            if sel.attacking is not None and (attack is not None and attack["attacker"] == cid) != sel.attacking:
                return False
            if sel.blocking is not None and (attack is not None and attack["blocker"] == cid) != sel.blocking:
                return False
        if sel.summoned_this_turn is not None and self.cards[cid].entered_this_turn != sel.summoned_this_turn:
            return False
        if sel.battling_colors and not self._battles_color(cid, self.flags.get("attack"), sel.battling_colors):
            return False
        if sel.battling_max_bp is not None and not conditions.battles_bp_at_most(self, cid, sel.battling_max_bp):
            return False
        if sel.battled is not None:
            last = self.flags.get("last_battle")
            was = last is not None and last["blocker"] is not None and cid in (last["attacker"], last["blocker"])
            if was != sel.battled:
                return False
        return sel.exhausted is None or self.cards[cid].tapped == sel.exhausted

    def _battles_color(self, cid: int, attack: Any, colors: Sequence[str]) -> bool:
        """Is ``cid`` battling (an attack with a blocker) a spirit of one of ``colors``?"""
        if attack is None or attack["blocker"] is None or cid not in (attack["attacker"], attack["blocker"]):
            return False
        other = attack["blocker"] if cid == attack["attacker"] else attack["attacker"]
        return other is not None and bool(self.colors(other) & set(colors))

    def select(self, sel: Selector, controller: int, source: int | None) -> list[int]:
        players = {"self": [controller], "opponent": [1 - controller], "any": [0, 1]}[sel.player]
        top = sel.top
        return [c for p in sorted(players) for c in (self.zones[p][sel.zone] if top is None else
                                                      self.zones[p][sel.zone][:top]) if self.matches(sel, c, source)]
