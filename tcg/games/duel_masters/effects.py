"""The Duel Masters effects: the primitives its verbs call and the moves the rules make.

An ability or spell is a list of :class:`~tcg.games.duel_masters.cards.Effect`; the task
``effects`` resolves one of them and queues the next (DM-25: in order; DM-26: as far as
possible). Tasks refer to effect lists by a plain reference (card name + where on the card)
so that the task queue stays JSON data. What each ``do:`` name does is the table in ``verbs.py``
(shared verbs of ``tcg.core.verbs`` and Duel Masters' own).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tcg.core import lasting
from tcg.core.state import Decision, Task
from tcg.games.duel_masters.cards import Effect, Replacement, Selector, lowers_power
from tcg.games.duel_masters.queries import DMQueries
from tcg.games.duel_masters.verbs import VERBS as GLOSSARY

Ref = tuple[Any, ...]


class DMEffects(DMQueries):
    """Carrying out effects and moving cards by the rules (the second layer of the state)."""

    __slots__ = ()
    VERBS = GLOSSARY  # its verbs.py: the core's do_effect carries instructions out by it
    PLAY_ZONE = "battle"
    UNTARGETED = frozenset({"draw", "add_shield_from_deck", "mana_from_deck", "draw_per", "reveal_top"})

    # ------------------------------------------------------------------ effect lists
    def effect_list(self, ref: Ref) -> list[Effect]:
        """``(name, "spell")``, ``(name, "ability", i)``, ``(name, "tap_ability")``,
        ``(name, "silent_skill")`` or ``(name, "bundle", keyword, i)``."""
        d = self.defs[ref[0]]
        where = ref[1]
        if where == "spell":
            return list(d.effects)
        if where == "ability":
            return list(d.abilities[ref[2]].effects)
        if where in ("tap_ability", "silent_skill"):
            return list(getattr(d.keywords, where).effects)
        if where == "bundle":
            return list(getattr(self.defs[ref[0]].keywords, ref[2]).abilities[ref[3]].effects)
        if where == "option":  # (name, "option", parent ref, instruction index, option index)
            return list(self.effect_list(tuple(ref[2]))[ref[3]].options[ref[4]])
        if where == "replacement":  # ref[2]: -1 the card's own keyword, else the index of a static
            rep = d.keywords.instead_of_graveyard if ref[2] < 0 else d.statics[ref[2]].keywords["instead_of_graveyard"]
            return list((rep if isinstance(rep, Replacement) else Replacement.model_validate(rep)).then)
        raise ValueError(f"bad effect reference {ref!r}")

    def queue_triggers(self, cid: int, when: str) -> None:
        """Note the abilities of a creature that trigger on ``when`` (top card only, DM-36).

        They wait in ``flags["pending_triggers"]`` until the current step is done, then
        :meth:`flush_triggers` queues them in the DM-118 order.
        """
        d = self.d(cid)
        controller = self.cards[cid].controller
        found: list[tuple[Any, ...]] = [
            (cid, controller, (d.name, "ability", i), a.optional) for i, a in enumerate(d.abilities)
            if a.when == when and (a.if_you_have is None or self.has_creatures(controller, a.if_you_have, cid))
        ]  # "if you have ...": checked as it triggers (the brief is silent; the printed wording)
        for bundle_owner, key, i, ab in self._bundle_abilities(cid):
            if ab.when == when:
                found.append((cid, controller, (bundle_owner, "bundle", key, i), ab.optional))
        if found:
            self.flags["pending_triggers"] = (*self.flags.get("pending_triggers", ()), *found)

    def flush_triggers(self) -> None:
        """DM-118: the active player's triggered effects resolve first, then the other player's;
        each player chooses the order of their own (``order_triggers``)."""
        pending = self.flags.get("pending_triggers")
        if not pending:
            return
        self.flags["pending_triggers"] = ()
        for player in (1 - self.active, self.active):  # a stack: the active player's group on top
            group = tuple(t for t in pending if t[1] == player)
            if group:
                self.tasks.append(Task("order_triggers", player=player, triggers=group))

    def _bundle_abilities(self, cid: int) -> list[tuple[str, str, int, Any]]:
        out: list[tuple[str, str, int, Any]] = []
        if self.zone_of(cid) != "battle":
            return out
        kw = self.d(cid).keywords
        if self.d(cid).is_survivor:
            owner = self.cards[cid].controller
            for other in self.zones[owner]["battle"]:
                od = self.d(other)
                if od.is_survivor and od.keywords.survivor is not None:
                    out.extend((od.name, "survivor", i, a) for i, a in enumerate(od.keywords.survivor.abilities))
        if kw.turbo_rush is not None and self.is_turbo_rush_active(cid):
            out.extend((self.d(cid).name, "turbo_rush", i, a) for i, a in enumerate(kw.turbo_rush.abilities))
        if kw.wave_striker is not None and self.is_wave_striker_active(cid):
            out.extend((self.d(cid).name, "wave_striker", i, a) for i, a in enumerate(kw.wave_striker.abilities))
        return out

    # ------------------------------------------------------------------ hooks of the effect loop
    def effect_candidates(self, eff: Effect, sel: Selector, controller: int, source: int) -> list[int]:
        if eff.do == "search_deck":
            return [c for c in self.zones[controller]["deck"] if self.matches(sel, c, source)]
        return self.select(sel, controller, source)

    def effect_wants(self, eff: Effect, sel: Selector) -> int:
        return max(eff.count, sel.count)

    def effect_up_to(self, eff: Effect, sel: Selector) -> bool:
        return sel.up_to or eff.up_to

    def effect_chooser(self, eff: Effect, sel: Selector, controller: int) -> int:
        return controller if sel.chooser == "self" else 1 - controller

    def blind_candidates(self, chooser: int, candidates: Sequence[int]) -> list[int]:
        """None: the target decision names a hidden card by its place in its zone itself (DM-6,
        choices.Target), as a shield to break is named."""
        return []

    def special_effect(self, data: dict[str, Any], eff: Effect) -> bool:
        if eff.each_player and "each_for" not in data:
            self._each_player(data)
            return True
        if eff.only_if is not None and not self.count_holds(eff.only_if, data["controller"], data["source"]):
            self.next_effect(data)  # "if ...": not carried out (and not asked)
            return True
        key = f"done:{data['source']}"
        # "If you do": skipped unless the instruction before was carried out (asked once: a "you
        # may" accepted comes back here, already settled)
        if eff.if_done and not data.get("accepted") and not self.flags.pop(key, False):
            self.next_effect(data)
            return True
        effects = self.effect_list(data["ref"])
        nxt = data["index"] + 1
        if nxt < len(effects) and effects[nxt].if_done:
            self.flags[key] = False  # watched: do_effect notes whether this one is carried out
        return self._special_draw(data, eff)

    def _each_player(self, data: dict[str, Any]) -> None:
        """"Each player ..." (Engineer Kipo, Bombersaur): the instruction once for each player, as
        if that player controlled it, then the instructions after it.

        [standard] DM-118: the brief orders simultaneous triggered effects, not one instruction
        that makes both players act at once. The Wizards of the Coast rulebook (Questions?: "If a
        card makes my opponent and me do something at the same time, who goes first?") answers:
        the player whose turn it is always goes first."""
        self.next_effect(data)  # the rest of the ability, after both players (the queue is a stack)
        for player in (1 - self.active, self.active):  # the active player's part on top: first
            self.tasks.append(Task.of("effects", {**data, "controller": player, "each_for": player,
                                                  "accepted": False, "ask": False}))

    def next_effect(self, data: dict[str, Any]) -> None:
        """The next instruction; none after one player's part of an "each player" instruction
        (the rest of the ability is already queued under both parts, :meth:`_each_player`)."""
        if "each_for" not in data:
            super().next_effect(data)

    def do_effect(self, eff: Effect, controller: int, source: int, targets: tuple[int, ...]) -> None:
        """The core's instruction, noting for a following "If you do" (``if_done``) whether it
        was carried out: with a target, or untargeted (only where one is watched)."""
        key = f"done:{source}"
        if key in self.flags:
            self.flags[key] = bool(targets) or eff.target is None or eff.do in self.UNTARGETED
        super().do_effect(eff, controller, source, targets)

    def _special_draw(self, data: dict[str, Any], eff: Effect) -> bool:
        if eff.do == "choose_one":
            self._choose_one(data, eff)
            return True
        if eff.do == "draw" and eff.up_to:
            self._draw_up_to(data, eff)
            return True
        return False

    def option_possible(self, option: list[Effect], controller: int, source: int) -> bool:
        """Whether an option of an either/or can be carried out in full: each of its targeted
        instructions finds as many targets as it asks for ("destroy 2 of your other creatures"
        needs two; "this creature" needs it in the battle zone)."""
        for eff in option:
            sel = eff.target
            if sel is None or eff.do in self.UNTARGETED or eff.up_to:
                continue
            if sel == "self":
                if self.zone_of(source) != "battle":
                    return False
                continue
            if sel.up_to:
                continue
            found = len(self.effect_candidates(eff, sel, controller, source))
            if found == 0 or (not sel.all and found < self.effect_wants(eff, sel)):
                return False
        return True

    def _choose_one(self, data: dict[str, Any], eff: Effect) -> None:
        """"A or B" (Gigaberos): the controller chooses one option that can be carried out in full
        (the brief is silent; the printed either/or read as a choice between whole instructions,
        as the official rules treat "choose one"); with one such option there is nothing to choose,
        with none nothing happens. The chosen list resolves before the instructions after it."""
        controller, source = data["controller"], data["source"]
        possible = [i for i, opt in enumerate(eff.options) if self.option_possible(opt, controller, source)]
        if len(possible) > 1:
            self.decision = Decision(controller, "choose_one", {"task": data, "options": possible})
            return
        self.next_effect(data)
        if possible:
            self.queue_option(data, possible[0])

    def queue_option(self, data: dict[str, Any], option: int) -> None:
        """Queue option ``option`` of the either/or at ``data``'s instruction (``next_effect`` first)."""
        ref = data["ref"]
        self.emit("option_chosen", card=data["source"], name=self.cards[data["source"]].name,
                  player=data["controller"], option=option + 1)  # counted from one, as printed
        self.queue_effects(data["source"], data["controller"], (ref[0], "option", tuple(ref), data["index"], option))

    def _draw_up_to(self, data: dict[str, Any], eff: Effect) -> None:
        """"Draw up to N cards": one card at a time, each a "you may" (choose yes / pass)."""
        controller = data["controller"]
        drawn = int(data.get("drawn", 0))
        if data.get("accepted"):
            self.draw(controller)
            drawn += 1
        if drawn < eff.count and self.zones[controller]["deck"] and self.winner is None:
            task = {**data, "drawn": drawn, "accepted": False, "ask": False, "whole": False}
            self.decision = Decision(controller, "optional", {"task": task})
            return
        self.next_effect(data)

    # ------------------------------------------------------------------ the verbs
    # ------------------------------------------------------------------ primitives of the shared verbs
    def destroy_by_effect(self, cid: int, by: int) -> None:
        """DM-26: a target no longer in the battle zone is not destroyed (as far as possible)."""
        if self.zone_of(cid) == "battle":
            self.destroy(cid)

    def return_to_hand(self, cid: int) -> None:
        self.leave(cid, "hand")

    def discard(self, cid: int) -> None:
        """To the graveyard, not a destruction (no "destroyed" triggers)."""
        self.leave(cid, "graveyard")

    def until(self, duration: str) -> int:
        """The lasting record's ``until`` of a card's ``duration``: the end of this turn, or of
        the next one (``next_turn``), as a turn number."""
        return self.turn + 1 if duration == "next_turn" else self.turn

    def change_power(self, cid: int, amount: int, duration: str) -> None:
        """Until the end of this turn, or of the next one (``duration: next_turn``)."""
        lasting.add(self, "power", until=self.until(duration), card=cid, amount=amount)
        self.emit("power_modified", card=cid, name=self.cards[cid].name, amount=amount)

    def shuffle_deck(self, player: int) -> None:
        self.rng.shuffle(self.zones[player]["deck"])
        self.emit("shuffled", player=player)

    # ------------------------------------------------------------------ moving cards by the rules
    def set_tapped(self, cid: int, tapped: bool) -> None:
        card = self.cards[cid]
        if card.tapped != tapped:
            self.cards[cid] = card.with_tapped(tapped)
            self.events.append({"type": "tapped" if tapped else "untapped", "card": cid, "name": card.name,
                                "player": card.controller})

    def draw(self, player: int) -> None:
        deck = self.zones[player]["deck"]
        if not deck:
            self.lose(player, "deck_out")  # DM-113: cannot draw from an empty deck
            return
        self.move(deck[0], "hand")
        self.check_deck_out(player)

    def check_deck_out(self, player: int) -> None:
        """DM-113: a player whose deck has no cards left loses as soon as that happens."""
        if not self.zones[player]["deck"]:
            self.lose(player, "deck_out")

    def put_into_mana(self, cid: int) -> None:
        """DM-13 / DM-121: a multicolour card enters the mana zone tapped, a mono card untapped."""
        self.leave(cid, "mana", tapped=len(self.civs(cid)) > 1)

    def leave(self, cid: int, zone: str, tapped: bool = False, top: bool = False) -> None:
        """Move a card to its owner's ``zone``; an evolution stack comes apart (DM-34, DM-35).
        ``top``: first in the zone (the top of a deck), the card itself above the cards that
        were under it."""
        card = self.cards[cid]
        under = card.attached
        from_battle = self.zone_of(cid) == "battle"
        if from_battle:  # until-end-of-turn effects end when their creature leaves
            lasting.forget(self, cid)
        self.move(cid, zone, top=top, tapped=tapped, attached=(), face_down=zone == "shields", entered_this_turn=True)
        for u in under:
            self.update(u, controller=self.cards[u].owner)
            self.place(u, self.cards[u].owner, zone)
            if top:  # below the card itself, in stack order
                mine = self.zones[self.cards[u].owner][zone]
                mine.remove(u)
                mine.insert(mine.index(cid) + 1 if cid in mine else 0, u)
            self.update(u, tapped=zone == "mana" and len(self.civs(u)) > 1,  # DM-13 for each card
                        face_down=zone == "shields", entered_this_turn=True)
            self.emit("card_moved", card=u, name=self.cards[u].name, player=self.cards[u].owner,
                      **{"from": "battle", "from_player": card.controller, "to": zone})
        if zone == "mana" and len(self.civs(cid)) > 1:
            self.update(cid, tapped=True)

    def check_state(self) -> None:
        """DM-124: a creature whose power is 0 or less (after every modifier) is destroyed at once,
        as a rules action, not an effect. Run after every rules step (an answered decision or an
        automatic task), so no effect, expiring modifier or board-dependent bonus leaves one in
        play. Creatures found together are destroyed together; their leaving may lower other
        powers (a Survivor's shared bonus), so the check repeats until nothing changes."""
        while self.winner is None and self._power_may_be_zero():
            doomed = [c for p in (0, 1) for c in self.zones[p]["battle"] if self.power(c) <= 0]
            if not doomed:
                return
            # Destroyed together: a replacement granted by one of them (Jack Viper) still applies
            # to the others, so each one's replacements are read before any leaves.
            plans = {c: self.replacements(c) for c in doomed}
            for c in doomed:
                if self.zone_of(c) == "battle":
                    self.emit("state_check", rule="DM-124", card=c, name=self.cards[c].name,
                              player=self.cards[c].controller)
                    self.destroy(c, plans[c])

    def _power_may_be_zero(self) -> bool:
        """A cheap test before the DM-124 check: only negative modifiers or cards that may lower
        power (``may_lower_power``) can bring a creature to 0, as printed powers are positive."""
        if self.effects and (any(e["amount"] < 0 for e in lasting.of_kind(self, "power")) or any(
                lowers_power(dict(e["keywords"])) for e in lasting.of_kind(self, "keywords"))):
            return True
        defs, cards = self.defs, self.cards
        return any(defs[cards[c].name].may_lower_power for p in (0, 1) for c in self.zones[p]["battle"])

    def destroy(self, cid: int, options: list[tuple[int, Replacement, int]] | None = None) -> None:
        """Put a creature into the graveyard; only its top card's abilities trigger (DM-36).

        "When this creature would be destroyed, put it into your hand / mana zone instead" replaces
        the destruction (official rules; the brief is silent): it goes there, is not destroyed, and
        nothing that waits for a destruction triggers."""
        instead = self.keyword(cid, "destroyed_instead")
        if instead:
            self.emit("destruction_replaced", card=cid, name=self.cards[cid].name,
                      player=self.cards[cid].controller, to=instead)
            self.leave(cid, str(instead))
            return
        if options is None:  # ``options``: the replacements read before a simultaneous destruction
            options = self.replacements(cid)
        if options:
            if len(options) == 1 and not options[0][1].optional:
                self.replace_destruction(cid, options[0])
                return
            # A choice: the creature waits out of the battle zone (its abilities off) while its
            # controller chooses (the ``replacement`` decision, choices.py).
            lasting.forget(self, cid)
            self.move(cid, "limbo", player=self.cards[cid].controller)
            self.tasks.append(Task("replacement", card=cid, player=self.cards[cid].controller,
                                   options=tuple((src, where) for src, _, where in options),
                                   mandatory=any(not rep.optional for _, rep, _ in options)))
            return
        self.put_destroyed(cid)

    def replacements(self, cid: int) -> list[tuple[int, Replacement, int]]:
        """The replacements of "would be put into your graveyard from the battle zone" that
        apply to this creature now: ``(source, replacement, where)``, ``where`` -1 for its own
        keyword, else the index of the source's static that grants it."""
        out: list[tuple[int, Replacement, int]] = []
        own = self.d(cid).keywords.instead_of_graveyard
        if own is not None:
            out.append((cid, own, -1))
        for st, src in self.statics_on(cid):
            if st.keywords.get("instead_of_graveyard"):
                i = self.d(src).statics.index(st)
                out.append((src, self.replacement_of(src, i), i))
        return out

    def replacement_of(self, source: int, where: int) -> Replacement:
        """The replacement a card has (``where`` -1) or grants by its static number ``where``."""
        d = self.d(source)
        rep = d.keywords.instead_of_graveyard if where < 0 else d.statics[where].keywords["instead_of_graveyard"]
        if isinstance(rep, Replacement):
            return rep
        return Replacement.model_validate(rep)

    def replace_destruction(self, cid: int, option: tuple[int, Replacement, int]) -> None:
        """Carry out one replacement: the creature goes to its zone instead, not destroyed; then
        its ``then`` effects (controlled by the creature's controller) resolve."""
        source, rep, where = option
        player = self.cards[cid].controller
        self.emit("destruction_replaced", card=cid, name=self.cards[cid].name, player=player, to=rep.to)
        self.leave(cid, rep.to)
        if rep.then:
            self.queue_effects(cid, player, (self.cards[source].name, "replacement", where))

    def put_destroyed(self, cid: int) -> None:
        """The destruction itself: to the graveyard, the top card's "destroyed" abilities trigger."""
        name = self.cards[cid].name
        self.emit("destroyed", card=cid, name=name, player=self.cards[cid].controller)
        abilities_at_death = [a for a in self.d(cid).abilities if a.when == "destroyed"]
        self.leave(cid, "graveyard")
        if abilities_at_death:
            self.queue_triggers(cid, "destroyed")

    def separate_top(self, cid: int) -> None:
        """The top card of an evolution creature goes to the graveyard; the cards under stay."""
        card = self.cards[cid]
        if not card.attached or self.zone_of(cid) != "battle":
            return
        new_top = card.attached[-1]
        rest = card.attached[:-1]
        player = card.controller
        zone_list = self.zones[player]["battle"]
        zone_list[zone_list.index(cid)] = new_top
        self.where[new_top] = (player, "battle")
        self.where[cid] = (player, "attached")
        self.update(new_top, attached=rest, tapped=card.tapped, controller=player)
        self.update(cid, attached=())
        lasting.forget(self, cid)
        self.move(cid, "graveyard", tapped=False, entered_this_turn=True)

    def put_into_battle(self, cid: int, controller: int) -> None:
        d = self.d(cid)
        if d.type == "spell":
            return
        self.move(cid, "battle", player=self.cards[cid].owner, tapped=False, face_down=False,
                  entered_this_turn=True, attached=())
        if d.type == "evolution_creature":
            # DM-32: an evolution creature with nothing under it is destroyed at once.
            self.destroy(cid)
            return
        self.queue_triggers(cid, "summoned")
