"""The Yu-Gi-Oh! effects: the primitives its verbs call (``verbs.py``) and the card movements the rules make.

An activated card is a chain link; when the chain resolves, each link's ``effects`` are run
by the shared effect loop (:class:`tcg.core.effects.EffectRunner`). Effects that change the
flow of the turn (end the Battle Phase, end the turn, negate an attack) set a flag that the
turn structure reads at its next step, so the remaining chain still resolves first.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tcg.core import lasting
from tcg.core.state import Task
from tcg.games.yugioh import summons
from tcg.games.yugioh.cards import UNTARGETED_VERBS, Effect, Selector, YugiohCard, is_targeting_effect
from tcg.games.yugioh.queries import BEARER, FIELD_ZONES, HIDDEN_ZONES, MONSTER_ZONES, YGOQueries
from tcg.games.yugioh.verbs import VERBS as GLOSSARY
from tcg.games.yugioh.verbs import can_carry_out

#: The moment the End Phase begins: "until the End Phase" effects end (control comes back).
END_PHASE = "end_phase"
#: YGO-102: the monsters whose home is the Extra Deck (``move``: never the hand or the Main Deck).
EXTRA_DECK_KINDS = frozenset({"fusion", "synchro", "xyz", "link"})


# Per card pool, as queries._static_holders: for each trigger timing, the names of the cards with it.
_TRIGGERS: dict[int, tuple[Mapping[str, YugiohCard], dict[str, frozenset[str]]]] = {}


def _trigger_holders(defs: Mapping[str, YugiohCard]) -> dict[str, frozenset[str]]:
    entry = _TRIGGERS.get(id(defs))
    if entry is None or entry[0] is not defs:
        table: dict[str, set[str]] = {}
        for name, d in defs.items():
            if d.effect is not None:
                table.setdefault(d.effect.activation.when, set()).add(name)
        entry = (defs, {k: frozenset(v) for k, v in table.items()})
        _TRIGGERS[id(defs)] = entry
    return entry[1]


# Per card pool: the names of the cards that win the Duel from the hand (``wins_with``, YGO-131),
# and of every piece they need (the cards whose coming to a hand asks the state check to look).
_HAND_WINS: dict[int, tuple[Mapping[str, YugiohCard], frozenset[str], frozenset[str]]] = {}


def _hand_wins_of(defs: Mapping[str, YugiohCard]) -> tuple[Mapping[str, YugiohCard], frozenset[str], frozenset[str]]:
    entry = _HAND_WINS.get(id(defs))
    if entry is None or entry[0] is not defs:
        heads = frozenset(name for name, d in defs.items() if d.wins_with)
        pieces = heads.union(*(defs[h].wins_with for h in heads))
        entry = (defs, heads, pieces)
        _HAND_WINS[id(defs)] = entry
    return entry


class YGOEffects(YGOQueries):
    __slots__ = ()
    VERBS = GLOSSARY  # its verbs.py: the core's do_effect carries instructions out by it
    PLAY_ZONE = "monster_zone"
    UNTARGETED = UNTARGETED_VERBS

    # ------------------------------------------------------------------ life points and drawing
    def lose_lp(self, player: int, amount: int) -> None:
        """YGO-101 / YGO-129: LP never go below 0; at 0 the player loses, decided by the state
        check after the event (``state_check``), so that both players at 0 at once is a draw."""
        if amount <= 0:
            return
        lp = self.counters[player]["lp"]
        new = max(0, lp - amount)
        self.counters[player]["lp"] = new
        self.emit("lp_lost", player=player, amount=lp - new, lp=new)  # at 0: ``state_check`` ends the Duel

    def pay_lp(self, player: int, amount: int) -> None:
        """A cost of LP (Ultimate Offering's 500): LP lost (YGO-101); ``can_activate_face_up`` has
        checked that the player has them."""
        self.lose_lp(player, amount)

    def draw(self, player: int) -> None:
        """YGO-130: a draw from an empty Deck loses the Duel - not at once: the draw is marked
        (``flags["decked_out"]``) and the state check after the event decides, so that the other
        player's draws of the same event (Card Destruction) count as made at the same time."""
        if self.winner is not None:
            return
        deck = self.zones[player]["deck"]
        if not deck:
            decked = self.flags.get("decked_out") or []
            if player not in decked:
                self.flags["decked_out"] = [*decked, player]
            return
        self.move(deck[0], "hand")

    # ------------------------------------------------------------------ state-based checks
    def hand_wins(self, player: int) -> int | None:
        """YGO-131: the card of ``player``'s hand whose ``wins_with`` pieces are all there with it
        (Exodia the Forbidden One), or None."""
        heads = _hand_wins_of(self.defs)[1]
        if not heads:
            return None
        cards, hand = self.cards, self.zones[player]["hand"]
        for c in hand:
            if cards[c].name in heads and {cards[h].name for h in hand}.issuperset(self.defs[cards[c].name].wins_with):
                return c
        return None

    def state_check(self) -> None:
        """[standard] YGO-129 / YGO-130 / YGO-131: the state-based check, run after every event and
        every resolution (the rulebook's ``settle``: after each step and each answer) and where a step
        must know the outcome before it goes on. Every condition the event met is looked at together:
        a player at 0 LP or who drew from an empty Deck loses, a player with the five pieces of the
        Forbidden One in hand wins; when both players win (or both lose) at once the Duel is a draw
        (official rulings, as Yugipedia's "DRAW" quotes them: both decks run out or both hands complete
        Exodia on one Card Destruction, both LP at 0 at once)."""
        flags, counters = self.flags, self.counters
        if self.winner is not None:
            return
        if "decked_out" not in flags and "hand_check" not in flags and counters[0]["lp"] and counters[1]["lp"]:
            return  # nothing met (the common case, after almost every step)
        if "decked_out" not in flags and counters[0]["lp"] and counters[1]["lp"] and self.resolving():
            return  # only a hand to look at, once the resolving effect is done
        decked = flags.pop("decked_out", None)
        losers: dict[int, str] = {p: "deck_out" for p in decked or ()}
        for p in (0, 1):
            if counters[p]["lp"] == 0:
                losers.setdefault(p, "lp")
        winners: dict[int, str] = {}
        # a piece came to a hand (``move``): looked at once the effect that moved it has resolved, not
        # between its instructions ("draw 3, then discard 2"; official rulings, the YGO Rulings blog)
        if "hand_check" in flags and not self.resolving():
            del flags["hand_check"]
            for p in (0, 1):
                head = self.hand_wins(p)
                if head is not None:
                    self.emit("hand_win", player=p, card=head, name=self.cards[head].name)
                    winners[p] = "exodia"
        if losers or winners:
            self.decide(winners, losers)

    def resolving(self) -> bool:
        """An effect is part way through its instructions: one is queued (the core's ``effects``
        task) or waits for its targets or a "you may" (a ``target`` / ``optional`` decision)."""
        decision = self.decision
        if decision is not None and decision.kind in ("target", "optional"):
            return True
        return any(t.kind == "effects" for t in self.tasks)

    def decide(self, winners: dict[int, str], losers: dict[int, str]) -> None:
        """The Duel's result from the conditions met at once (``state_check``): a player wins who
        met a winning condition or whose opponent met a losing one; both: a draw."""
        claims = {p: winners.get(p) or losers.get(1 - p) for p in (0, 1)}
        ahead = [p for p in (0, 1) if claims[p]]
        if len(ahead) == 2:
            self.winner = "draw"
            self.events.append({"winner": "draw", "reason": claims[0], "type": "game_over"})
        else:
            self.lose(1 - ahead[0], claims[ahead[0]] or "")

    # ------------------------------------------------------------------ leaving the field
    def send_to_graveyard(self, cid: int, by: int | None = None, reason: str = "effect") -> None:
        """A card goes to its owner's graveyard; ``by``: the player whose card effect sent it."""
        zone = self.zone_of(cid)
        if zone in ("graveyard", None):
            return
        was_on_field = zone in ("monster_zone", "spell_trap_zone", "field_zone")
        controller = self.cards[cid].controller
        self._drop_equips(cid)
        if was_on_field and "banish_on_leave" in self.cards[cid].marks:  # Battle Fader
            self.move(cid, "banished", tapped=False, face_down=False, marks=frozenset())
            return
        self.move(cid, "graveyard", tapped=False, face_down=False, marks=frozenset())
        if (by is not None and by != self.cards[cid].owner and reason == "effect"
                and self.trigger_of(cid, "sent_to_graveyard_by_opponent")):  # from anywhere (Neko Mane King)
            self.add_trigger(cid, self.cards[cid].owner)
        if was_on_field and self.trigger_of(cid, "sent_to_graveyard_from_field"):
            self.add_trigger(cid, self.cards[cid].owner)
        if zone == "monster_zone" and controller == self.cards[cid].owner:
            self.monster_went_to_own_graveyard(controller)  # "a monster on your side ... sent to your GY"

    def destroy(self, cid: int, by: int | None = None, reason: str = "effect") -> None:
        if self.zone_of(cid) not in ("monster_zone", "spell_trap_zone", "field_zone"):
            return
        self.emit("destroyed", card=cid, name=self.cards[cid].name, player=self.cards[cid].controller,
                  reason=reason)
        self.send_to_graveyard(cid, by, reason)

    def banish(self, cid: int) -> None:
        """Banished face-up (from the field its Equip Spells go, YGO-119; from a GY, nothing else)."""
        if self.zone_of(cid) in ("banished", None):
            return
        self._drop_equips(cid)
        self.move(cid, "banished", tapped=False, face_down=False, marks=frozenset())

    def reveal_publicly(self, cid: int) -> None:
        """A face-down card is shown to both players and stays face-down: a ``revealed`` event
        (no name: it is public that a card was revealed) and each player's private look at it
        (``show_privately``), so each log names it and ``known_hidden`` remembers it."""
        self.emit("revealed", card=cid, player=self.cards[cid].controller)
        for p in (0, 1):
            self.show_privately(p, (cid,))

    def apply_position_locks(self) -> None:
        """Each face-up Attack Position monster that a ``lock_in_defense`` card names goes to
        Defense Position (Dragon Capture Jar: as it is activated, and whenever such a monster is
        summoned, flipped or changed to Attack Position while it is face-up)."""
        if not self.face_up_statics("lock_in_defense"):
            return
        for zones in self.zones:
            for c in zones["monster_zone"]:
                if not self.cards[c].tapped and self.position_locked(c):
                    self.update(c, tapped=True)
                    self.emit("position_changed", card=c, name=self.cards[c].name,
                              player=self.cards[c].controller, position="defense")

    def turn_face_up(self, cid: int) -> None:
        """A face-down monster is turned face-up in its position (not a Flip Summon): its Flip
        effect activates (official rule)."""
        card = self.cards[cid]
        self.update(cid, face_down=False)
        self.emit("flipped", card=cid, name=card.name, player=card.controller)
        if self.trigger_of(cid, "flip"):
            self.add_trigger(cid, card.controller)

    def count_down(self) -> None:
        """The End Phase of the turn player: each ``countdown`` record of theirs counts one turn;
        at the last, its card is destroyed (Swords of Revealing Light)."""
        if not self.effects:
            return
        for e in lasting.of_kind(self, "countdown", player=self.active):
            lasting.remove(self, e)
            if e["count"] > 1:
                self.effects.append({**e, "count": e["count"] - 1})
            else:
                self.destroy(e["card"], by=self.cards[e["card"]].controller)

    def flip_to_attack(self, cid: int) -> None:
        """To face-up Attack Position; a face-down monster is flipped face-up, and its Flip effect
        activates (YGO-124; official rule)."""
        card = self.cards[cid]
        was_down = card.face_down
        self.update(cid, tapped=False, face_down=False)
        if was_down:
            self.emit("flipped", card=cid, name=card.name, player=card.controller)
            if self.trigger_of(cid, "flip"):
                self.add_trigger(cid, card.controller)
        else:
            self.emit("position_changed", card=cid, name=card.name, player=card.controller, position="attack")
        self.apply_position_locks()

    def statuses_end(self, cid: int, src_zone: str, zone: str, face_down: bool) -> None:
        """The one rule of the statuses that end as a card moves (every move passes here):

        - a card that leaves the field becomes a new card: the effects on it and those it is the
          source of end (``lasting.forget``: ATK/DEF changes, an Equip Spell's, "until the End
          Phase" control), official rule;
        - a card that goes to a hidden zone - the hand, the Deck, the Extra Deck, or banished
          face-down - also loses the statuses it kept in public places (``BEARER`` records):
          a Fusion or Ritual Monster is no longer "properly summoned" once it went to the hand or
          the Deck, even if it comes back to the GY later, and then cannot be Special Summoned
          from there (official rulings: Konami's rulebook on "properly Summoned" monsters)."""
        if not self.effects:
            return
        if src_zone in FIELD_ZONES and zone not in FIELD_ZONES:
            lasting.forget(self, cid)
        # [standard] a monster's "properly summoned" status survives the GY and face-up banishment, and is
        # reset by a hidden zone (the brief is silent; Konami's rules on Summoning conditions)
        hidden = zone in HIDDEN_ZONES or (face_down and zone == "banished")
        if hidden and any(e.get(BEARER) == cid for e in self.effects):
            self.effects = [e for e in self.effects if e.get(BEARER) != cid]

    def _drop_equips(self, monster: int) -> None:
        """YGO-119: an Equip Spell goes to the graveyard when the monster it equips leaves."""
        for e in self.equips_of(monster):
            if self.zone_of(e) == "spell_trap_zone":
                self.move(e, "graveyard", tapped=False, face_down=False, marks=frozenset())

    # ------------------------------------------------------------------ triggers
    def feasible(self, effects: Sequence[Effect], controller: int, source: int) -> bool:
        """[standard] Every instruction can be carried out now for ``controller``, each asked of its
        verb's predicate (``verbs.FEASIBLE``): what a card or effect needs to be activated."""
        return all(can_carry_out(self, e, controller, source) for e in effects)

    def trigger_of(self, cid: int, when: str) -> bool:
        eff = self.d(cid).effect
        return eff is not None and eff.activation.when == when

    def face_up_monsters_triggered(self, when: str) -> list[int]:
        """Face-up monsters on either field, the turn player's first, whose trigger is ``when``
        (an event elsewhere on the field: another monster's summon, the End Phase)."""
        holders = _trigger_holders(self.defs).get(when)
        if not holders:
            return []
        cards = self.cards
        return [c for p in (self.active, 1 - self.active) for c in self.zones[p]["monster_zone"]
                if cards[c].name in holders and not cards[c].face_down]

    def add_trigger(self, cid: int, controller: int) -> None:
        self.flags["triggers"] = [*self.flags.get("triggers", []), [cid, controller]]

    def special_summon(self, cid: int, player: int, defense: bool = False, banish_when_leaves: bool = False,
                       how: str = "effect") -> bool:
        """YGO-116: face-up Attack or Defense Position, if a Main Monster Zone is free; ``how``:
        ``effect``, or ``fusion`` / ``ritual`` for those summons (summons.py)."""
        if len(self.zones[player]["monster_zone"]) >= MONSTER_ZONES:
            return False
        marks = frozenset({"banish_on_leave"}) if banish_when_leaves else frozenset()
        self.move(cid, "monster_zone", player=player, tapped=defense, face_down=False, entered_this_turn=True,
                  marks=marks)
        if how == "effect":
            self.emit("special_summoned", card=cid, name=self.cards[cid].name, player=player)
        else:
            self.emit("special_summoned", card=cid, name=self.cards[cid].name, player=player, how=how)
        self.apply_position_locks()
        if self.trigger_of(cid, "summoned"):
            self.add_trigger(cid, player)
        return True

    def place_special(self, cid: int, player: int, eff: Effect) -> None:
        """Special Summon as the effect says: in Attack Position, or in the position the player
        chooses (YGO-116) — a ``summon_position`` decision before the next instruction."""
        if eff.position == "attack":
            self.special_summon(cid, player, banish_when_leaves=eff.banish_when_leaves)
        else:
            self.tasks.append(Task("summon_position", card=cid, player=player, banish=eff.banish_when_leaves))

    def move(self, cid: int, zone: str, *, player: int | None = None, top: bool = False, **status: Any) -> None:
        """``State.move``: the statuses that end as the card moves end first (``statuses_end``, after
        the destination replacement below); while an attack is under way, a monster that enters or
        leaves a Monster Zone (summoned or placed, leaving, control changing) may cause a replay
        (YGO-127).

        [standard] Destination replacement (YGO-102 / YGO-104; official rule, the brief is silent):
        a monster whose home is the Extra Deck (Fusion, and the later Extra Deck kinds) that would
        go to the hand or the Main Deck goes to its owner's Extra Deck instead, whatever sends it
        there (Hane-Hane, Wall of Illusion, a draw or search, a shuffle into the Deck). Every verb
        moves cards through here, so every verb meets it (Yugipedia, "Return"; the rulebook:
        Fusion Monsters cannot be in the hand or the Main Deck)."""
        if zone == "hand" or zone == "deck":
            name = self.cards[cid].name
            if self.defs[name].monster_kind in EXTRA_DECK_KINDS:
                zone, player, top = "extra_deck", None, False
            elif zone == "hand" and name in _hand_wins_of(self.defs)[2]:
                self.flags["hand_check"] = True  # YGO-131: the state check looks at the hands
        src_player, src_zone = self.where[cid]
        self.statuses_end(cid, src_zone, zone, status.get("face_down", self.cards[cid].face_down))
        super().move(cid, zone, player=player, top=top, **status)
        if (src_zone == "monster_zone" or zone == "monster_zone") and self.flags.get("attack") is not None:
            if src_zone == "monster_zone":
                self.monsters_changed(src_player)
            if zone == "monster_zone":
                self.monsters_changed(self.where[cid][0])

    def take_control(self, cid: int, player: int, until_end_phase: bool) -> None:
        """The monster moves to ``player``'s side in its position, if a Main Monster Zone is free
        there (official rule; the brief is silent). A replay may follow (YGO-127)."""
        card = self.cards[cid]
        if card.controller == player or len(self.zones[player]["monster_zone"]) >= MONSTER_ZONES:
            return
        self.move(cid, "monster_zone", player=player)
        self.emit("control_changed", card=cid, name=card.name, player=player)
        if until_end_phase:
            lasting.add(self, "borrowed", until=END_PHASE, card=cid, player=card.controller)

    def return_borrowed(self) -> None:
        """"Until the End Phase": control goes back as the End Phase begins (official rule)."""
        for e in lasting.expire(self, END_PHASE):
            if e["kind"] != "borrowed":  # another "until the End Phase" record (Reverse Trap)
                continue
            cid, back = e["card"], e["player"]
            if self.zone_of(cid) != "monster_zone":
                continue
            if len(self.zones[back]["monster_zone"]) < MONSTER_ZONES:
                self.move(cid, "monster_zone", player=back)
                self.emit("control_changed", card=cid, name=self.cards[cid].name, player=back)
            else:  # no free zone to come back to: sent to the graveyard (official rule)
                self.send_to_graveyard(cid, reason="rule")

    def bar_name(self, player: int, name: str) -> None:
        """``player`` cannot activate cards, or the effects of cards, with this name for the rest
        of the turn (``flags`` are cleared at the end of the turn)."""
        locked = self.flags.get("name_locked") or []
        if [player, name] not in locked:
            self.flags["name_locked"] = [*locked, [player, name]]

    def activation_barred(self, cid: int, player: int) -> bool:
        """A name barred by ``bar_name``, or a once-per-turn effect already used this turn."""
        locked, used = self.flags.get("name_locked"), self.flags.get("once_used")
        if not (locked or used):
            return False
        key = [player, self.cards[cid].name]
        if locked and key in locked:
            return True
        eff = self.d(cid).effect
        return bool(used and eff is not None and eff.once_per_turn and key in used)

    def monsters_changed(self, player: int) -> None:
        """YGO-127: a monster of the defending player was summoned or placed, left the field or
        changed control after the attack was declared: a replay at the next open state, even if
        the number of monsters is the same again."""
        attack = self.flags.get("attack")
        if attack is not None and attack["player"] != player:
            self.flags["attack"] = {**attack, "replay": True}

    # ------------------------------------------------------------------ the vocabulary
    def face_up_named(self, name: str) -> bool:
        """A face-up card of this name on either field (The Flute of Summoning Dragon's "Lord of D."
        must be on the field)."""
        return any(self.cards[c].name == name and not self.cards[c].face_down
                   for zones in self.zones for zone in ("monster_zone", "spell_trap_zone", "field_zone")
                   for c in zones[zone])

    def untargetable(self, cid: int) -> bool:
        """A face-up monster that a face-up ``untargetable_by_effects`` card (Lord of D.) shields
        from card effects that target (its ``races``)."""
        card = self.cards[cid]
        if card.face_down or self.zone_of(cid) != "monster_zone":
            return False
        race = self.defs[card.name].race
        for c in self.face_up_statics("untargetable_by_effects"):
            for st in self.d(c).statics:
                if st.rule == "untargetable_by_effects" and (not st.races or race in st.races):
                    return True
        return False

    def effect_list(self, ref: tuple[Any, ...]) -> list[Effect]:
        """A card's instructions: its effect's, its ``later`` ones (``ref[2] == "later"``) or its
        face-up effect's (``ref[2] == "face_up"``)."""
        d = self.defs[ref[0]]
        part = ref[2] if len(ref) > 2 else ""
        eff = d.face_up_effect if part == "face_up" else d.effect
        if eff is None:
            return []
        return list(eff.later) if part == "later" else list(eff.effects)

    # ------------------------------------------------------------------ permissions for later (Last Will)
    def permit_later(self, source: int, player: int) -> None:
        """``player`` may use ``source``'s ``later`` instructions once this turn, after a monster of
        theirs goes (or went) from their field to their GY: due at once if one already did
        (``later_sources`` offers it from then on)."""
        lasting.add(self, "later_permit", until=lasting.TURN, of=source, player=player, name=self.cards[source].name,
                    due=player in (self.flags.get("monster_to_own_gy") or ()))

    def monster_went_to_own_graveyard(self, player: int) -> None:
        """A monster ``player`` controlled went from their field to their GY: their permissions are due."""
        if player not in (self.flags.get("monster_to_own_gy") or ()):
            self.flags["monster_to_own_gy"] = [*(self.flags.get("monster_to_own_gy") or []), player]
        if self.effects and lasting.first(self, "later_permit", player=player, due=False) is not None:
            self.effects = [{**e, "due": True} if e.get("kind") == "later_permit" and e["player"] == player else e
                            for e in self.effects]

    def later_sources(self, p: int) -> list[int]:
        """The cards whose due ``later`` permission ``p`` may use now (``activate`` on the card, in
        the GY). [standard] Last Will (UDE card FAQ archive, edisonformat.com; GoatFormat.com): the
        Special Summon need not be made at once - its player may make it at any open game state of
        that turn (a Main Phase, the Battle Step, the Standby or End Phase windows), never in a chain
        or the Damage Step, or not at all. Only the turn player's own permissions: a Normal Spell's
        is made in its own turn."""
        if not self.effects or p != self.active:
            return []
        if self.in_damage_step():
            return []
        return [e["of"] for e in self.effects if e.get("kind") == "later_permit" and e["player"] == p and e["due"]]

    def use_later(self, source: int, player: int) -> None:
        """``player`` uses ``source``'s due permission: its ``later`` instructions are carried out
        now, as no chain link (official rulings), and the permission is spent."""
        permit = lasting.first(self, "later_permit", player=player, of=source, due=True)
        assert permit is not None, "a permission is used only when offered (later_sources)"
        lasting.remove(self, permit)
        self.queue_effects(source, player, (permit["name"], (), "later"))

    def has_candidate(self, eff: Effect, p: int, source: int, need: int = 1) -> bool:
        """Whether ``target_candidates`` would hold ``need`` cards, stopping once it does; a
        monster a face-up Lord of D.-like card shields is no target (``untargetable``)."""
        sel = eff.target
        assert isinstance(sel, Selector)
        shields = bool(self.face_up_statics("untargetable_by_effects")) and is_targeting_effect(eff)
        found = 0
        not_itself = self.defs[self.cards[source].name].type != "monster"
        equip = eff.do == "equip"
        revive = eff.do == "special_summon"  # a Fusion or Ritual Monster only once properly summoned
        fits = self.equippable(source) if equip else frozenset()
        face_up = equip or sel.position == "face_up"
        checks_card = sel.checks_card
        cards = self.cards
        players = (p,) if sel.player == "self" else (1 - p,) if sel.player == "opponent" else (0, 1)
        for q in players:
            zones = self.zones[q]
            for z in (sel.zone, *sel.also_zones):
                for c in zones[z]:
                    if c == source and not_itself:
                        continue
                    card = cards[c]
                    if face_up and card.face_down:
                        continue
                    if equip and card.name not in fits:
                        continue
                    if revive and not summons.may_special_summon(self, c):
                        continue
                    if shields and self.untargetable(c):
                        continue
                    if not checks_card or self.matches(sel, c):
                        found += 1
                        if found >= need:
                            return True
        return False

    def effect_candidates(self, eff: Effect, sel: Any, controller: int, source: int) -> list[int]:
        # On resolution "that monster" must still be there; a shield from targeting (Lord of D.)
        # that came after it was targeted changes nothing (see ``continue_effect``).
        if sel == "summoned":
            summoned = (self.flags.get("summoned") or {}).get("card")
            if summoned is None or self.zone_of(summoned) != "monster_zone":
                return []
            if not self.summon_still_fits(source, summoned):
                return []
            return [summoned]
        if sel == "battled":  # the monster this card battled (after damage calculation)
            battle = self.flags.get("last_battle") or []
            other = [c for c in battle if c != source and isinstance(c, int)]
            return other[:1] if other and battle.count(source) and self.zone_of(other[0]) == "monster_zone" else []
        if sel == "attacker" or sel == "attack_target":
            attack = self.flags.get("attack")
            cid = attack and attack.get("attacker" if sel == "attacker" else "target")
            if not isinstance(cid, int) or self.zone_of(cid) != "monster_zone":
                return []  # gone
            return [cid]
        assert isinstance(sel, Selector)
        if eff.do == "special_summon":  # a Fusion or Ritual Monster only once properly summoned
            return [c for c in self.select(sel, controller) if summons.may_special_summon(self, c)]
        return self.select(sel, controller)

    def summon_still_fits(self, source: int, summoned: int) -> bool:
        """[standard] YGO-120: what the activation asked of the summoned monster ("with 1000 or more
        ATK") must still hold when the effect resolves, or it is not affected (UDE card FAQ: Trap
        Hole does not destroy a target whose ATK fell below 1000 in the chain)."""
        eff = self.d(source).effect
        least = eff.activation.summoned_min_atk if eff is not None else None
        return least is None or self.atk(summoned) >= least

    def do_effect(self, eff: Effect, controller: int, source: int, targets: tuple[int, ...]) -> None:
        """An ``if_done`` instruction ("If you do", "If <it> is destroyed") is carried out only if the
        instruction just before it moved one of its cards off the field (the ``done`` flag, which
        only an instruction followed by such a one needs and every instruction clears)."""
        done = self.flags.pop("done", False)
        if eff.if_done and not done:
            return
        on_field = [t for t in targets if self.zone_of(t) in FIELD_ZONES]
        super().do_effect(eff, controller, source, targets)
        if on_field and any(self.zone_of(t) not in FIELD_ZONES for t in on_field):
            self.flags["done"] = True

    def continue_effect(self, data: dict[str, Any], eff: Any, chosen: tuple[int, ...]) -> None:
        if eff.needs_face_up and not self.face_up_named(eff.needs_face_up):
            self.next_effect(data)  # "... must be on the field to resolve this effect": nothing is chosen
            return
        declared = dict((i, t) for i, t in (data["ref"][1] if len(data["ref"]) > 1 else ()))
        if data["index"] in declared:  # targets declared on activation: those still valid are affected
            self.next_effect(data)
            # [standard] YGO-120: a target stays a target - a card that forbids targeting (Lord of D.)
            # and came to the field after the target was chosen does not protect it (UDE card FAQ:
            # Lord of D. "only prevents Dragon-Type monsters from being selected as targets").
            valid = set(self.select(eff.target, data["controller"]))
            self.do_effect(eff, data["controller"], data["source"],
                           tuple(t for t in declared[data["index"]] if t in valid))
            return
        if eff.target in ("attacker", "attack_target", "summoned", "battled"):
            self.next_effect(data)
            self.do_effect(eff, data["controller"], data["source"],
                           tuple(self.effect_candidates(eff, eff.target, data["controller"], data["source"])))
            return
        super().continue_effect(data, eff, chosen)

    def effect_wants(self, eff: Any, sel: Any) -> int:
        return int(sel.count)

    # ------------------------------------------------------------------ primitives of the shared verbs
    def destroy_by_effect(self, cid: int, by: int) -> None:
        """By the controller's card effect (``destroy`` skips a card no longer on the field)."""
        self.destroy(cid, by=by)

    def take_damage(self, player: int, amount: int) -> None:
        """YGO-101: effect damage is LP lost (``lose_lp``)."""
        self.lose_lp(player, amount)

    def restore(self, player: int, amount: int) -> None:
        """The player gains ``amount`` LP."""
        self.counters[player]["lp"] += amount
        self.emit("lp_gained", player=player, amount=amount)

    def change_stat(self, cid: int, stat: str, amount: int) -> None:
        """``amount`` of ``stat`` (ATK, DEF) until the end of the turn."""
        lasting.add(self, stat, card=cid, amount=amount)

    def return_to_hand(self, cid: int) -> None:
        """To its owner's hand; its Equip Spells and the effects on it go (YGO-119); a card to be
        banished when it leaves the field is banished instead."""
        self._drop_equips(cid)
        if "banish_on_leave" in self.cards[cid].marks:
            self.move(cid, "banished", tapped=False, face_down=False, marks=frozenset())
        else:
            self.move(cid, "hand", tapped=False, face_down=False, marks=frozenset())

    def discard_by_effect(self, cid: int, by: int) -> None:
        """To the graveyard, sent by ``by``'s card effect (a card may see who sent it)."""
        self.send_to_graveyard(cid, by=by)

    def shuffle_deck(self, player: int) -> None:
        """A searched deck is shuffled: the event says so (not the order), and what was seen of it
        is forgotten (State.known_hidden)."""
        self.shuffle_zone(player, "deck")
