"""Read-only questions about a Force of Will state: ATK/DEF, keywords, who may attack what,
and what an effect may target (how a will cost can be paid: ``payment.py``).

Card statuses: ``tapped`` is *rested*; the ``damage`` counter is the damage a J-ruler or
resonator has taken this turn (FOW-45); the mark ``j_ruler`` means the ruler card shows its
J-ruler side, and ``spent`` that it is a destroyed J-ruler without abilities (FOW-40).
Players are targeted as ``-1`` (player 0) and ``-2`` (player 1) inside the engine, and as
``choose {player: n}`` in actions.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from tcg.core.effects import EffectRunner
from tcg.core.rng import Seed
from tcg.games.force_of_will.cards import (
    ATTRIBUTES,
    KEYWORD_NAMES,
    SPENT_FACE,
    SYMBOL_SKILLS,
    Ability,
    Condition,
    Effect,
    Face,
    ForceOfWillCard,
    Selector,
    Static,
)
from tcg.games.force_of_will.records import SelectorRecord, card_records
from tcg.games.force_of_will.records import by_identity as by_identity  # re-exported: effects.py uses it
from tcg.games.force_of_will.records import target as target  # re-exported: effects.py uses it

HAND_LIMIT = 7  # FOW-10
LIFEBREAK_MAX = 4  # FOW-14
STARTING_LIFE = 4000  # FOW-63
STANDBY_SET_COST = {"generic": 2}  # FOW-55


def player_target(player: int) -> int:
    return -1 - player


def target_player(target: int) -> int | None:
    return -1 - target if target < 0 else None


def round_up_100(value: int) -> int:
    """FOW-109: a computed value that is not a multiple of 100 rounds up to the next one."""
    return -((-value) // 100) * 100


_SHIELDS = frozenset({"barrier", "untargetable"})
_RESTRICTIONS = frozenset({"cannot_attack", "cannot_block", "unattackable"})
_UNSKILLED = frozenset({"no_symbol_skills"})


def _lasting_keywords(defs: Mapping[str, Any]) -> dict[str, frozenset[str]]:
    """For each card of the pool, the keywords it can have or give while on the field: printed
    on either side, or given by its lasting effects. Rare keywords (untargetability, attack and
    block restrictions) are then looked for only while some card on the field could have them."""
    out: dict[str, frozenset[str]] = {}
    for name, d in defs.items():
        found: set[str] = set()
        sides = [(d.keywords, d.statics)]
        if d.j_ruler is not None:
            sides.append((d.j_ruler.keywords, d.j_ruler.statics))
        for keywords, statics in sides:
            found.update(k for k in KEYWORD_NAMES if getattr(keywords, k))
            for st in statics:
                found.update(st.granted)
        out[name] = frozenset(found)
    return out


_keywords_of = by_identity(_lasting_keywords, limit=64)


def _race_changers(defs: Mapping[str, Any]) -> frozenset[str]:
    """The cards of the pool with a race-changing lasting effect (Juliet, the Hope)."""
    return frozenset(name for name, d in defs.items() if any(st.races_lose or st.races_gain for st in d.statics))


_race_changers_of = by_identity(_race_changers, limit=64)


def _any_restrictor(defs: Mapping[str, Any]) -> bool:
    """Has any card of the pool a lasting play restriction ("Opponents cannot add ...")?"""
    return any(st.opponent_cannot_play for d in defs.values() for st in d.statics)


_restrictors_in = by_identity(_any_restrictor, limit=64)


def _any_reducer(defs: Mapping[str, Any]) -> bool:
    """Has any card of the pool a lasting cost reduction for other cards (``Static.cost_less_for``)?"""
    return any(st.cost_less_for is not None or st.any_attribute_for is not None for d in defs.values()
               for st in (*d.statics, *(d.j_ruler.statics if d.j_ruler else ())))


reducers_in = by_identity(_any_reducer, limit=64)


def _any_guard(defs: Mapping[str, Any]) -> bool:
    """Has any card of the pool a lasting guard against some sources (``Static.guard_from``)?"""
    return any(st.guard_from is not None for d in defs.values() for st in d.statics)


guards_in = by_identity(_any_guard, limit=64)


def _any_attribute_setter(defs: Mapping[str, Any]) -> bool:
    """Has any card of the pool a lasting attribute change (``Static.attributes_set``)?"""
    return any(st.attributes_set for d in defs.values() for st in d.statics)


_attribute_setters_in = by_identity(_any_attribute_setter, limit=64)


def less(cost: dict[str, int], by: Mapping[str, int]) -> dict[str, int]:
    """A cost made cheaper by ``by`` (each key never below nothing), with no zero entries."""
    out = dict(cost)
    for key, n in by.items():
        if key in out:
            out[key] = max(0, out[key] - n)
    return {k: n for k, n in out.items() if n}


def play_kind(d: Any) -> str:
    """The ``PlayKind`` of a card definition (its record): a spell, a resonator, an Addition:
    Resonator, or "" for what no restriction names."""
    if d.type in ("spell", "resonator"):
        return str(d.type)
    return "addition_resonator" if d.subtype == "addition_resonator" else ""
#: A selector as the target queries read it (:func:`~.records.target` gives it).
Target = SelectorRecord



def still_attacking(s: FowQueries, battle: Mapping[str, Any]) -> bool:
    """[standard] FOW-41: the attacker is still a J-ruler or resonator on the field under the
    attacking player's control - one that left the field, or whose control changed (Heavenly
    Feathered Robe leaving it), is no longer the attacker and deals no battle damage (CR 6.3
    803.5a; the brief is silent)."""
    attacker: int = battle["attacker"]
    return s.is_battler(attacker) and s.cards[attacker].controller == battle["player"]

class FowQueries(EffectRunner[Effect, Selector]):
    __slots__ = ("digest",)

    def __init__(self, defs: Mapping[str, Any], options: Mapping[str, str], seed: Seed, players: int = 2):
        super().__init__(defs, options, seed, players)
        #: The :func:`~.records.card_records` of the definitions: what the hot paths read
        #: instead of ``defs`` (the same fields and cached properties, plain attributes).
        self.digest = card_records(defs)

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

    def silenced(self, cid: int) -> bool:
        """Has the card lost all abilities until end of turn (``lose_abilities``)?"""
        return bool(self.effects) and any(e["kind"] == "no_abilities" and e["card"] == cid for e in self.effects)

    def abilities(self, cid: int) -> Sequence[Ability]:
        """The abilities of the side the card shows, then those its additions give it
        (:meth:`granted`): an ability's index counts both."""
        card = self.cards[cid]
        if self.effects and self.silenced(cid):
            return ()
        abilities: Sequence[Ability] = self.printed(cid)[3] if card.marks else self.defs[card.name].abilities
        if card.attached:
            granted = self.granted(cid)
            if granted:
                return (*abilities, *granted)
        return abilities

    def granted(self, cid: int) -> list[Ability]:
        """"Resonator with this gains "[Activate] ..."": the abilities the Additions: Resonator
        attached to ``cid`` give it now (``Static.grants``, their conditions holding), in the
        order the additions were attached."""
        out: list[Ability] = []
        defs, cards = self.defs, self.cards
        for a in cards[cid].attached:
            for st in defs[cards[a].name].statics:
                if st.grants and self._static_fits(a, st, cid):
                    out += st.grants
        return out

    # ------------------------------------------------------------------ ATK, DEF, keywords
    def _static_sources(self) -> Iterator[tuple[int, Static]]:
        """Every lasting effect on the field (cards on the field and additions attached)."""
        defs, cards = self.defs, self.cards
        for p in (0, 1):
            for c in self.zones[p]["field"]:
                card = cards[c]
                statics = self.printed(c)[4] if "j_ruler" in card.marks else defs[card.name].statics
                if statics and self.effects and self.silenced(c):
                    continue  # "loses all abilities"
                for st in statics:
                    yield c, st
                for a in card.attached:
                    for st in defs[cards[a].name].statics:
                        yield a, st

    def _static_applies(self, source: int, st: Static, cid: int) -> bool:
        """Does the lasting effect ``st`` of ``source`` apply to the card ``cid`` now?"""
        return self._static_fits(source, st, cid)

    def _static_reaches(self, source: int, st: Static, cid: int, printed_races: bool = False) -> bool:
        to = st.applies_to
        if type(to) is str:  # (comparing a selector with a string would ask pydantic)
            return source == cid if to == "self" else source in self.cards[cid].attached
        assert isinstance(to, Selector)
        sel = target(to)
        return self.kind_matches(sel, cid) and self.matches(sel, cid, self.cards[source].controller, source,
                                                            printed_races)

    def attributes_of(self, cid: int) -> Sequence[str]:
        """The attributes the card has now: printed (a dual stone's what it produces: "Treat this
        card as fire magic stone and ..."), or set by a lasting effect ("Attribute of that resonator
        becomes water", ``Static.attributes_set``)."""
        d = self.d(cid)
        attrs: Sequence[str] = d.attributes if d.attributes or d.type != "magic_stone" else d.produces
        if _attribute_setters_in(self.defs) and self.where[cid][1] == "field":
            for src, st in self._static_sources():
                if st.attributes_set and self._static_fits(src, st, cid):
                    attrs = st.attributes_set
        return attrs

    def races_of(self, cid: int) -> Sequence[str]:
        """The races the card has now: printed on the side it shows, changed by lasting effects
        ("loses Nightmare and gains Fairy Tale"; those choose the cards by their printed races)."""
        d = self.d(cid)
        races: Sequence[str] = d.j_ruler.races if self.is_j_ruler(cid) and d.j_ruler else d.races
        if self.effects and self.where[cid][1] == "field":  # "It loses all races and becomes a Vampire"
            for e in self.effects:
                if e["kind"] == "races" and e["card"] == cid:
                    races = e["races"]
        if self.where[cid][1] != "field" or not self._race_changers_now():
            return races
        out = list(races)
        for source, st in self._static_sources():
            if (st.races_lose or st.races_gain) and self._static_reaches(source, st, cid, printed_races=True) and (
                    st.if_ is None or self.holds(st.if_, self.cards[source].controller, source)):
                out = [r for r in out if r not in st.races_lose] + [g for g in st.races_gain if g not in out]
        return out

    def _race_changers_now(self) -> bool:
        """Is a card with a race-changing lasting effect on the field?"""
        changers = _race_changers_of(self.defs)
        return bool(changers) and any(self.cards[c].name in changers for p in (0, 1) for c in self.zones[p]["field"])

    def _static_fits(self, source: int, st: Static, cid: int) -> bool:
        """The static reaches ``cid`` and its conditions hold: ``if`` ("as long as you control
        ..."), ``if_card`` ("if it's a Vampire") matches it, ``unless_card`` ("Otherwise, ...") not."""
        if not self._static_reaches(source, st, cid):
            return False
        if st.if_card is None and st.unless_card is None and st.if_ is None:
            return True
        controller = self.cards[source].controller
        if st.if_ is not None and not self.holds(st.if_, controller, source):
            return False
        if st.if_card is not None and not self.matches(target(st.if_card), cid, controller, source):
            return False
        return st.unless_card is None or not self.matches(target(st.unless_card), cid, controller, source)

    def kind_matches(self, sel: Target, cid: int) -> bool:
        """The selector's kind of card (a lasting "resonators you control" skips J-rulers, FOW-39)."""
        kind = sel.kind
        if kind == "resonator":
            return self.is_resonator(cid)
        if kind in ("j_or_resonator", "any"):
            return self.is_battler(cid)
        if kind == "j_ruler":
            return self.where[cid][1] == "field" and self.is_j_ruler(cid)
        if kind == "addition":
            return self.d(cid).type == "addition"
        if kind == "spell":
            return self.d(cid).type == "spell"
        if kind == "magic_stone":
            return self.where[cid][1] == "magic_stone_area"
        return False

    def stats(self, cid: int, statics: bool | None = None) -> tuple[int, int]:
        """Current ATK and DEF: the side shown, lasting effects and "until end of turn" changes.
        ``statics``: :meth:`_statics_present`, when the caller asks about many cards.

        [standard] FOW-109 (the brief is silent on the order): every change of ATK/DEF applies in
        the order it was made - "gains [+X/+Y]", "becomes [X/Y]" and "switch the ATK and DEF" alike
        (Comprehensive Rules 6.3 909.1d, 909.3b). So "becomes [0/200]" (Midnight Bell) overrides a
        boost given before it and the continuous abilities already active, and a boost given after
        it applies on top; a switch switches the values as they are when it was made. The
        continuous abilities of cards on the field count as older than every such effect."""
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
                    n = 1 if st.per is None else self.count_of(st.per, source)
                    atk += st.atk * n
                    def_ += st.def_ * n
        for e in self.effects:  # (in the order they were made)
            if e["card"] == cid:
                kind = e["kind"]
                if kind == "modify":
                    atk += e["atk"]
                    def_ += e["def"]
                elif kind == "set_stats":
                    atk, def_ = e["atk"], e["def"]
                elif kind == "swap":
                    atk, def_ = def_, atk
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
        if keyword in SYMBOL_SKILLS and self.keywords_now(_UNSKILLED) and self.has(cid, "no_symbol_skills", statics):
            return False  # "loses its symbol skills" (Fina, the Silver Player)
        digest = self.digest[card.name]
        printed = getattr(self.printed(cid)[2], keyword) if card.marks else keyword in digest.keyword_set
        if printed and not (self.effects and self.silenced(cid)):
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

    def shown_name(self, cid: int) -> str:
        """The name on the side the card shows: a ruler card on its J-ruler side is the J-ruler."""
        card = self.cards[cid]
        d = self.d(cid)
        return d.j_ruler.name if "j_ruler" in card.marks and d.j_ruler is not None else card.name

    def holds(self, cond: Condition, controller: int, source: int) -> bool:
        """Does the condition hold for ``controller`` now ("if you control ...", "if your ruler is
        ... or your J-ruler is ...", ``negate``: "if you don't ...")?"""
        ok = True
        if cond.controls is not None:
            sel = target(cond.controls)
            ok = len(self.candidates(sel, controller, source)) >= sel.count
        for also in cond.also_controls:
            ok = ok and bool(self.candidates(target(also), controller, source))
        if ok and cond.put_this_turn is not None:
            sel = target(cond.put_this_turn)
            wanted = "addition" if sel.kind == "addition" else "resonator"
            ok = any(self.d(c).type == wanted and self.matches(sel, c, controller, source)
                     for c in self.flags.get(f"entered:{controller}", ()))
        if ok and cond.milled_fewer is not None:
            ok = self.flags.get(f"milled:{source}", 0) < cond.milled_fewer
        if ok and cond.total is not None:
            ok = sum(len(self.candidates(target(sel), controller, source)) for sel in cond.counting) == cond.total
        if ok and cond.life_at_most is not None:
            ok = self.counters[controller].get("life", STARTING_LIFE) <= cond.life_at_most
        if ok and cond.hand_size is not None:
            ok = len(self.zones[controller]["hand"]) == cond.hand_size
        if ok and cond.paid:
            ok = bool(self.flags.get(f"paid:{source}"))
        if ok and cond.died_this_turn is not None:
            sel = target(cond.died_this_turn)
            whose = 1 - controller if sel.player == "opponent" else controller  # "a resonator your opponent controlled"
            ok = any(self.matches(sel, c, controller, source) for c in self.flags.get(f"died:{whose}", ()))
        if ok and cond.banished is not None:
            gone = self.flags.get(f"banished:{source}")
            ok = gone is not None and self.matches(target(cond.banished), gone, controller, source)
        if ok and cond.ruler:
            ruler = self.ruler_card(controller)
            ok = ruler is not None and self.shown_name(ruler) in cond.ruler
        return ok != cond.negate

    def cost_for(self, player: int, card: int) -> dict[str, int]:
        """The card's cost for ``player`` now: printed, less ``cost_less`` while ``cost_less_if``
        holds ("you may pay {1} less to play this card"; never below nothing)."""
        d = self.d(card)
        cost = dict(d.cost)
        if d.cost_less_if is not None and self.holds(d.cost_less_if, player, card):
            cost = less(cost, d.cost_less)
        if reducers_in(self.defs):
            for src, st in self._reducers(player):
                sel = st.cost_less_for
                if sel is not None and (sel.kind == "card" or sel.kind == d.type) \
                        and self.matches(target(sel), card, player, src):
                    cost = less(cost, st.cost_less)
                sel = st.any_attribute_for
                if sel is not None and (sel.kind == "card" or sel.kind == d.type) \
                        and self.matches(target(sel), card, player, src):  # "with will of any attribute"
                    cost = {"generic": sum(cost.values())} if cost else cost
        return cost

    def _reducers(self, player: int) -> list[tuple[int, Static]]:
        """The lasting cost reductions of ``player``'s ruler (ruler side up, in the ruler area) and
        of their cards on the field (a J-ruler's from its J-ruler side)."""
        out: list[tuple[int, Static]] = []
        zones, cards, defs = self.zones[player], self.cards, self.defs
        for c in zones["ruler_area"]:
            out += [(c, st) for st in defs[cards[c].name].statics
                    if st.cost_less_for is not None or st.any_attribute_for is not None]
        for c in zones["field"]:
            statics = self.printed(c)[4] if cards[c].marks else defs[cards[c].name].statics
            out += [(c, st) for st in statics if st.cost_less_for is not None or st.any_attribute_for is not None]
        return out

    def j_activate_cost(self, player: int, ruler: int) -> dict[str, int]:
        """The J-Activate's cost now: less ``j_activate_less`` for each ``j_activate_less_for``
        selector matching a card ``player`` controls ("If you control Athos, you pay {3} less ...")."""
        d = self.d(ruler)
        cost = dict(d.j_activate)
        for sel in d.j_activate_less_for:
            if self.candidates(target(sel), player, ruler):
                cost = less(cost, d.j_activate_less)
        return cost

    def barred_plays(self, player: int) -> frozenset[str]:
        """What ``player`` may not play now (``PlayKind``s): "until end of turn" restrictions on
        them (``forbid_plays``) and "opponents cannot ..." of the other player's cards on the field."""
        out: set[str] = set()
        if self.effects:
            for e in self.effects:
                if e["kind"] == "forbid" and e["card"] == player_target(player):
                    out.update(e["plays"])
        if _restrictors_in(self.defs):
            cards, defs = self.cards, self.defs
            for c in self.zones[1 - player]["field"]:
                if "j_ruler" not in cards[c].marks:
                    for st in defs[cards[c].name].statics:
                        out.update(st.opponent_cannot_play)
        return frozenset(out)

    def count_of(self, sel: Selector, source: int) -> int:
        """"For each ...": how many cards ``sel`` matches now, counted from the controller of
        ``source`` (a count, not a target: untargetable cards count too)."""
        return len(self.candidates(target(sel), self.cards[source].controller, source))

    # ------------------------------------------------------------------ untargetability
    def shielded(self, cid: int, controller: int) -> bool:
        """Can ``controller``'s spells and abilities not target the card ``cid`` (FOW-105)?
        Untargetable ("can't be targeted by spells or abilities") for everyone; Barrier ("... your
        opponent controls") for the opponent of whoever's card says it - the card itself when
        printed, the source of a lasting effect (Aesop, an addition), the controller of the
        instruction that gave it (Cowrie of Swallows). Players are always targetable."""
        if cid < 0 or not self.keywords_now(_SHIELDS):
            return False
        if self.has(cid, "untargetable"):
            return True
        card = self.cards[cid]
        if self.printed(cid)[2].barrier and card.controller != controller:
            return True
        if self.where[cid][1] != "field":
            return False
        for e in self.effects:
            if e["card"] == cid and e["kind"] == "keyword" and e["keyword"] == "barrier" \
                    and e["by"] != controller:
                return True
        if self._statics_present():
            for source, st in self._static_sources():
                if (st.keywords.barrier and self.cards[source].controller != controller
                        and self._static_applies(source, st, cid)):
                    return True
        return False

    def restricted(self, cid: int, keyword: str, statics: bool | None = None) -> bool:
        """"Can't attack", "can't block", "can't be attacked" (``cannot_attack``,
        ``cannot_block``, ``unattackable``): asked only in a pool that has them."""
        return self.keywords_now(_RESTRICTIONS) and self.has(cid, keyword, statics)

    def keywords_now(self, wanted: frozenset[str]) -> bool:
        """Could some card on the field have one of these keywords now: given until end of turn,
        printed on a card there or given by one's lasting effect (an attached addition's too)?"""
        if self.effects and any(e["kind"] == "keyword" and e["keyword"] in wanted for e in self.effects):
            return True
        table = _keywords_of(self.defs)
        cards = self.cards
        for p in (0, 1):
            for c in self.zones[p]["field"]:
                card = cards[c]
                if not wanted.isdisjoint(table[card.name]):
                    return True
                for a in card.attached:
                    if not wanted.isdisjoint(table[cards[a].name]):
                        return True
        return False

    def target_candidates(self, sel: Target, controller: int, source: int | None) -> list[int]:
        """The cards and players ``controller`` may choose as targets of ``sel`` now (FOW-105):
        :meth:`candidates` without the ones untargetability shields."""
        found = self.candidates(sel, controller, source)
        if found and source is not None and guards_in(self.defs):  # "cannot be targeted by Vampires' ..."
            found = [c for c in found if not self.guarded(c, source)]
        if not found or not self.keywords_now(_SHIELDS):
            return found
        return [c for c in found if not self.shielded(c, controller)]

    def guarded(self, cid: int, source: int) -> bool:
        """Is the card ``cid`` guarded against ``source`` ("cannot be targeted by ... or dealt
        damage by Vampires": ``Static.guard_from``)?"""
        if cid < 0 or source < 0 or not guards_in(self.defs) or self.where[cid][1] != "field":
            return False
        for src, st in self._static_sources():
            sel = st.guard_from
            if sel is not None and self._static_fits(src, st, cid) and self.matches(
                    target(sel), source, self.cards[src].controller, src):
                return True
        return False

    # ------------------------------------------------------------------ battle
    def can_attack(self, cid: int) -> bool:
        """FOW-42 / FOW-117: a recovered J-ruler or resonator, not one put onto the field this
        turn (unless it has Swiftness)."""
        card = self.cards[cid]
        if card.tapped or not self.is_battler(cid) or self.restricted(cid, "cannot_attack"):
            return False
        if self.effects and "attack" in self.barred_plays(card.controller):  # "resonators cannot attack"
            return False
        return not card.entered_this_turn or self.has(cid, "swiftness")

    def attack_targets(self, attacker: int) -> list[int]:
        """FOW-42: the opponent, or a rested resonator (or J-ruler, FOW-117) they control;
        Precision also allows recovered ones."""
        opp = 1 - self.cards[attacker].controller
        precise = self.has(attacker, "precision")
        return [player_target(opp), *(c for c in self.zones[opp]["field"]
                                      if self.is_battler(c) and (precise or self.cards[c].tapped)
                                      and not self.restricted(c, "unattackable"))]

    def blockers(self, defender: int, attacker: int) -> list[int]:
        """FOW-43: a recovered J-ruler or resonator; Flying is blocked only by Flying.

        [standard] FOW-43: the attacked J-ruler or resonator itself (a recovered one, attacked by
        [Target Attack]) cannot block that attack - the blocker is one "other than the attacked
        object" (Comprehensive Rules 6.3a 804.4; the brief is silent)."""
        flying = self.has(attacker, "flying")
        battle = self.flags.get("battle") or {}
        attacked = battle.get("target") if battle.get("attacker") == attacker else None
        out = [c for c in self.zones[defender]["field"]
               if c != attacked and self.is_battler(c) and not self.cards[c].tapped
               and (not flying or self.has(c, "flying")) and not self.restricted(c, "cannot_block")]
        if out and self.effects:  # "cannot be blocked by water resonators" (evade)
            barred = {a for e in self.effects if e["kind"] == "evade" and e["card"] == attacker
                      for a in e["attributes"]}
            if barred:
                out = [c for c in out if barred.isdisjoint(self.d(c).attributes)]
        return out

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
    # (whether and how a cost can be paid: the payment search in ``payment.py``)
    def pool(self, player: int) -> dict[str, int]:
        c = self.counters[player]
        return {a: c.get(f"will_{a}", 0) for a in ATTRIBUTES}

    # ------------------------------------------------------------------ selectors
    def matches(self, sel: Target, cid: int, controller: int, source: int | None,
                printed_races: bool = False) -> bool:
        """Does the card ``cid`` match the selector (its zone checked by the caller)? Races are
        those it has now (:meth:`races_of`), or the printed ones (``printed_races``)."""
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
        if sel.attributes and sel.attribute_set.isdisjoint(self.attributes_of(cid)):
            return False
        if sel.races or sel.not_races:
            races = (d.j_ruler.races if self.is_j_ruler(cid) and d.j_ruler else d.races) if printed_races \
                else self.races_of(cid)
            if (sel.races and sel.race_set.isdisjoint(races)) or any(r in races for r in sel.not_races):
                return False
        if sel.subtypes and d.subtype not in sel.subtypes:
            return False
        if not self._identity_matches(sel, cid):
            return False
        if sel.damaged_by_source and (source is None or cid not in self.flags.get(f"damaged:{source}", ())):
            return False  # "if it was dealt damage by this card this turn"
        return sel.flying is None or self.has(cid, "flying") == sel.flying

    def _identity_matches(self, sel: Target, cid: int) -> bool:
        """The selector's name and printed-stats conditions ("Hansel or Gretel", "other than
        Rapunzel", "printed ATK and DEF [400/400]")."""
        if sel.names and self.shown_name(cid) not in sel.names:
            return False
        if sel.name_contains and sel.name_contains not in self.shown_name(cid):
            return False
        if sel.not_names and self.shown_name(cid) in sel.not_names:
            return False
        if sel.attacking and not ((battle := self.flags.get("battle")) and battle["attacker"] == cid
                                  and still_attacking(self, battle)):
            return False
        if sel.blocking or sel.blocked:
            battle = self.flags.get("battle") or {}
            blocker = battle.get("blocker")
            is_blocker, is_blocked = blocker == cid, battle.get("attacker") == cid
            if blocker is None or not ((sel.blocking and is_blocker) or (sel.blocked and is_blocked)):
                return False
        if sel.printed_atk is not None or sel.printed_def is not None:
            atk, def_ = self.printed(cid)[:2]
            if sel.printed_atk not in (None, atk) or sel.printed_def not in (None, def_):
                return False
        return True

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
        if sel.zone != "field":  # a graveyard's or deck's card: its controller is its owner (FOW-115)
            wanted = "resonator" if kind == "resonator" else "addition"
            return [c for p in owners for c in zones[p][sel.zone]
                    if (kind == "card" or digest[cards[c].name].type == wanted) and matches(sel, c, controller, source)]
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
            if kind == "magic_stone":  # a magic stone area's stones
                out += [c for c in zones[p]["magic_stone_area"] if matches(sel, c, controller, source)]
                continue
            if kind == "j_ruler":  # FOW-39: a J-ruler on the field (a destroyed one is in the ruler area)
                out += [c for c in zones[p]["field"]
                        if "j_ruler" in cards[c].marks and matches(sel, c, controller, source)]
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
        if kind in ("resonator", "j_or_resonator") and sel.plain and not self.keywords_now(_SHIELDS):
            return self._plain_candidates(sel, controller, n)
        return len(self.target_candidates(sel, controller, source)) >= n

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

