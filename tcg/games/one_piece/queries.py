"""Read-only questions about a One Piece state: power, who may attack what, what is playable.

DON!! cards carry no identity, so they are counted, not listed: each player's counters hold
``don_deck``, ``cost_area_active`` and ``cost_area_rested``, and a card's DON!! given to it
is its ``don`` counter (README: "DON!! cards are anonymous"). A card's ``tapped`` is *rested*.
"""

from __future__ import annotations

from tcg.core import lasting
from tcg.core.effects import EffectRunner
from tcg.games.one_piece.cards import Condition, Effect, OnePieceCard, Selector, Static

CHARACTERS_MAX = 5  # OP-112
DON_PER_PLAYER = 10  # OP-101


class OPQueries(EffectRunner[Effect, Selector]):
    __slots__ = ()

    def d(self, cid: int) -> OnePieceCard:
        card: OnePieceCard = self.defs[self.cards[cid].name]
        return card

    def don(self, cid: int) -> int:
        return self.cards[cid].counter("don")

    def leader(self, player: int) -> int:
        return self.zones[player]["leader"][0]

    def power(self, cid: int) -> int:
        """Printed power, +1000 per DON!! given during its owner's turn (OP-16, OP-107), plus
        effects; it may be negative (OP-118)."""
        card = self.cards[cid]
        d = self.d(cid)
        total = d.power
        if card.controller == self.active:
            total += 1000 * card.counter("don")
        for st in d.statics:
            if st.power and st.aura is None and self.static_applies(cid, st):
                total += self.static_power(cid, st)
        for p in (0, 1):
            for other in self._aura_sources(p):
                for st in self.d(other).statics:
                    aura = st.aura
                    if aura is not None and self.static_applies(other, st) and self.aura_reaches(aura, cid, other):
                        total += st.power
        return total + lasting.total(self, "power", cid)

    def static_power(self, cid: int, st: Static) -> int:
        """A lasting effect's power: ``power``, or ``power`` for every ``per_count`` cards its ``per``
        counts ("+1000 power for every card in your hand", "for every 2 Events in your trash")."""
        if st.per is None:
            return st.power
        return st.power * (len(self.select(st.per, self.cards[cid].controller, cid)) // st.per_count)

    def aura_reaches(self, sel: Selector, cid: int, source: int) -> bool:
        """A power aura of ``source`` reaches ``cid``: of the player its ``player`` names (from the
        source's owner: "your Characters", "all of your opponent's Characters"), in its zone."""
        cards = self.cards
        mine = cards[cid].controller == cards[source].controller
        if (sel.player == "self" and not mine) or (sel.player == "opponent" and mine):
            return False
        zone = self.zone_of(cid)
        if zone != sel.zone and not (sel.zone == "leader_or_characters" and zone in ("leader", "characters")):
            return False
        return self.matches(sel, cid, source)

    def static_applies(self, cid: int, st: Static) -> bool:
        """A card's lasting effect holds: [DON!! xN], [Your Turn] / [Opponent's Turn], its "if"."""
        card = self.cards[cid]
        if self.zone_of(cid) not in ("leader", "characters", "stage"):
            return False
        if st.don and card.counter("don") < st.don:
            return False
        if st.turn != "any" and (st.turn == "yours") != (card.controller == self.active):
            return False
        return st.condition is None or self.condition_holds(st.condition, card.controller, cid)

    def condition_holds(self, cond: Condition, controller: int, source: int | None) -> bool:
        if not self.counts_hold(cond, controller, source):
            return False
        if cond.max_hand is not None and len(self.zones[controller]["hand"]) > cond.max_hand:
            return False
        if cond.min_characters is not None and len(self.zones[controller]["characters"]) < cond.min_characters:
            return False
        if cond.leader_traits and not set(self.d(self.leader(controller)).traits) & set(cond.leader_traits):
            return False
        if cond.max_life is not None and len(self.zones[controller]["life"]) > cond.max_life:
            return False
        if cond.any_character_max_cost is not None and not any(
                self.cost_of(c) <= cond.any_character_max_cost for p in (0, 1) for c in self.zones[p]["characters"]):
            return False
        if cond.min_hand is not None and len(self.zones[controller]["hand"]) < cond.min_hand:
            return False
        if cond.min_don is not None and self.don_on_field(controller) < cond.min_don:
            return False
        if cond.min_rested_characters is not None and \
                self.rested_characters(controller) < cond.min_rested_characters:
            return False
        if cond.opponent_min_rested_characters is not None and \
                self.rested_characters(1 - controller) < cond.opponent_min_rested_characters:
            return False
        if cond.leader_name and not self.named(self.leader(controller), cond.leader_name):
            return False
        if cond.lacks_name and any(self.named(c, cond.lacks_name)
                                   for c in [self.leader(controller), *self.zones[controller]["characters"]]):
            return False
        if cond.chosen_min is not None and len(self.flags.get("chosen", ())) < cond.chosen_min:
            return False
        if cond.chosen_types and not any(self.d(c).type in cond.chosen_types for c in self.flags.get("chosen", ())):
            return False
        return cond.self_rested is None or (source is not None and self.cards[source].tapped == cond.self_rested)

    def counts_hold(self, cond: Condition, controller: int, source: int | None) -> bool:
        """The "if" parts of ST-05 .. ST-10: DON!! on the field (OP-109: cost area and given), Life,
        the opponent's hand and Characters, the battle, and "... or ..."."""
        if cond.any_of and not any(self.condition_holds(c, controller, source) for c in cond.any_of):
            return False
        if cond.max_don is not None and self.don_on_field(controller) > cond.max_don:
            return False
        if cond.opponent_more_don is not None and cond.opponent_more_don != (
                self.don_on_field(1 - controller) > self.don_on_field(controller)):
            return False
        if cond.min_life is not None and len(self.zones[controller]["life"]) < cond.min_life:
            return False
        if cond.fewer_life_than_opponent is not None and cond.fewer_life_than_opponent != (
                len(self.zones[controller]["life"]) < len(self.zones[1 - controller]["life"])):
            return False
        if cond.opponent_min_hand is not None and len(self.zones[1 - controller]["hand"]) < cond.opponent_min_hand:
            return False
        if cond.opponent_character_min_power is not None and not any(
                self.power(c) >= cond.opponent_character_min_power for c in self.zones[1 - controller]["characters"]):
            return False
        if cond.battle_opponent_attribute:
            other = self.battle_opponent(source)
            if other is None or self.d(other).type != "character" or \
                    self.d(other).attribute != cond.battle_opponent_attribute:
                return False
        return True

    def battle_opponent(self, cid: int | None) -> int | None:
        """The card ``cid`` battles (or has just battled: ``last_battle``, kept for the abilities
        the battle's end queues), whatever its zone now; None outside a battle."""
        battle = self.flags.get("battle") or self.flags.get("last_battle")
        if battle is None or cid is None:
            return None
        a, t = battle["attacker"], battle["target"]
        return t if cid == a else a if cid == t else None

    def rested_characters(self, player: int) -> int:
        """How many of the player's Characters are rested ("if you have 2 or more rested Characters")."""
        cards = self.cards
        return sum(1 for c in self.zones[player]["characters"] if cards[c].tapped)

    def named(self, cid: int, name: str) -> bool:
        """The card is [name]: its printed name (without the card number that tells two printings
        apart) or a name the rules treat it as having ("also treat this card's name as [X]")."""
        d = self.d(cid)
        return d.name.split(" (")[0] == name or name in d.also_named

    def has_double_attack(self, cid: int) -> bool:
        d = self.d(cid)
        if d.keywords.double_attack or any(st.double_attack and self.static_applies(cid, st) for st in d.statics):
            return True
        return bool(lasting.on(self, "double_attack", cid))

    def has_banish(self, cid: int) -> bool:
        return self.d(cid).keywords.banish or bool(lasting.on(self, "banish", cid))

    def has_rush(self, cid: int) -> bool:
        """[Rush] printed, granted by a lasting effect of the card, or for this turn by an effect."""
        d = self.d(cid)
        if d.keywords.rush or any(st.rush and self.static_applies(cid, st) for st in d.statics):
            return True
        return bool(lasting.on(self, "rush", cid))

    def don_on_field(self, player: int) -> int:
        """DON!! a "DON!! -X" cost may return: the cost area and those given to cards (OP-109)."""
        c = self.counters[player]
        return c["cost_area_active"] + c["cost_area_rested"] + sum(
            self.don(x) for x in [self.leader(player), *self.zones[player]["characters"]])

    def _aura_sources(self, player: int) -> list[int]:
        """The player's Leader and Characters with a power aura (X.Drake, the Leader Roronoa Zoro);
        usually none, checked cheaply."""
        defs, cards = self.defs, self.cards
        out: list[int] = []
        zones = self.zones[player]
        for c in (*zones["leader"], *zones["characters"]):
            statics = defs[cards[c].name].statics
            if statics and any(st.aura for st in statics):  # most cards have no lasting effect
                out.append(c)
        return out

    def cost_of(self, cid: int) -> int:
        """The printed cost plus "-N cost" effects (in a hand also lasting ones of the owner's
        cards: "Give blue Events in your hand -1 cost"); below 0 it counts as 0 (OP-118)."""
        total = self.d(cid).cost + lasting.total(self, "cost", cid)
        if self.zone_of(cid) == "hand":
            for other in self._aura_sources(self.cards[cid].owner):
                for st in self.d(other).statics:
                    aura = st.aura
                    if st.cost and aura is not None and self.static_applies(other, st) \
                            and self.aura_reaches(aura, cid, other):
                        total += st.cost
        return max(0, total)

    def can_attack(self, cid: int) -> bool:
        """OP-115 / OP-114: an active Leader or Character; a Character not the turn it was
        played unless it has [Rush]."""
        card = self.cards[cid]
        if card.tapped or self.zone_of(cid) not in ("leader", "characters"):
            return False
        if lasting.on(self, "cannot_attack", cid):
            return False
        return not (card.entered_this_turn and self.zone_of(cid) == "characters" and not self.has_rush(cid))

    def attack_targets(self, player: int) -> list[int]:
        """OP-18: the opponent's Leader and their rested Characters."""
        opp = 1 - player
        return [self.leader(opp), *(c for c in self.zones[opp]["characters"] if self.cards[c].tapped)]

    def attack_targets_of(self, attacker: int, targets: list[int]) -> list[int]:
        """What this attacker may attack, from the player's ``attack_targets``: also the opponent's
        active Characters where it "can also attack your opponent's active Characters" (Franky,
        Page One); only the Characters [X] where a rested [X] of the opponent's says "your
        opponent cannot attack any card other than the Character [X]" (Eustass"Captain"Kid)."""
        opp = 1 - self.cards[attacker].controller
        d = self.d(attacker)
        if any(st.attack_active and self.static_applies(attacker, st) for st in d.statics) or \
                lasting.on(self, "attack_active", attacker):
            targets = [*targets, *(c for c in self.zones[opp]["characters"] if not self.cards[c].tapped)]
        locks = [c for c in self.zones[opp]["characters"]
                 if any(st.only_target and self.static_applies(c, st) for st in self.d(c).statics)]
        if locks:
            names = {self.d(c).name.split(" (")[0] for c in locks}
            targets = [t for t in targets if self.zone_of(t) == "characters" and any(self.named(t, n) for n in names)]
        return targets

    def matches(self, sel: Selector, cid: int, source: int | None) -> bool:
        d = self.d(cid)
        card = self.cards[cid]
        if sel.other and cid == source:
            return False
        if sel.types and d.type not in sel.types:
            return False
        if sel.max_power is not None and self.power(cid) > sel.max_power:
            return False
        if sel.max_cost is not None and self.cost_of(cid) > sel.max_cost:
            return False
        if sel.min_cost is not None and self.cost_of(cid) < sel.min_cost:
            return False
        if sel.rested is not None and card.tapped != sel.rested:
            return False
        if sel.name and not self.named(cid, sel.name):
            return False
        if sel.exclude_name and self.named(cid, sel.exclude_name):
            return False
        if sel.colors and not set(d.colors) & set(sel.colors):
            return False
        if sel.other_colors_than_chosen:  # "a different color than the returned Character": no colour shared
            chosen = self.flags.get("chosen", ())
            if not chosen or any(set(d.colors) & set(self.d(c).colors) for c in chosen):
                return False
        if sel.blocker is not None and d.keywords.blocker != sel.blocker:
            return False
        return not sel.traits or bool(set(d.traits) & set(sel.traits))

    def select(self, sel: Selector, controller: int, source: int | None) -> list[int]:
        players = {"self": [controller], "opponent": [1 - controller], "any": [0, 1]}[sel.player]
        zones = ("leader", "characters") if sel.zone == "leader_or_characters" else (sel.zone,)
        return [c for p in players for z in zones for c in self.zones[p][z] if self.matches(sel, c, source)]
