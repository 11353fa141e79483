"""Bursts as the BURST era prints them (BS14 "英雄龍の伝説" on): conditions, follow-ups, "while
your burst is set", and "after your burst activates".

The brief gives the burst itself (BS-10..BS-16, BS-113, BS-119); the printed cards add, in the
official rules of that era ([standard], the brief is silent):

- BS-150 [standard] 【バースト:相手の『このスピリット/ブレイヴの召喚時』発揮後】
  ("after the opponent's When Summoned effect"): the condition happens when an opposing
  spirit's or brave's When Summoned effect was set off (an Ultimate's is not a spirit's,
  BS-115); as BS-119 says, the burst applies after that effect resolved.
- BS-151 [standard] a follow-up may carry its own condition ("if your trash holds 4 or more
  purple cards, summon this spirit card"; "if a blue spirit was destroyed when this burst
  activated"; "if you have 3 or more nexuses"; "if your field, reserve and trash hold 8 or more
  cores"), read when the follow-up comes (``BurstIf``). The burst card on its way from the burst
  zone is not counted among the trash's cards.
- BS-152 [standard] "その後、このカードを手札に戻す": after the burst effect the card returns to its
  owner's hand (``then: return_to_hand``); "その後コストを支払うことで、このカードのメイン効果を
  発揮する": the Main effect is used as BS-113's Flash follow-up is (``then: use_main``), in
  whichever turn the burst activated.
- BS-153 [standard] "while your burst is set" / "if your burst is set": its controller has a card
  in their burst zone (``EffectCondition.burst_set``, ``StaticBonus.while_burst_set``).
- BS-154 [standard] 『自分のバースト発動後』 ("after your burst activates"): triggers once the
  burst's effect and its follow-up have resolved, so a spirit a burst summoned (itself too) sees it.
- BS-156 【激突】 Clash: the same rule as BS-162, kept in ``braves.py`` (a keyword that triggers
  as the spirit attacks and binds the opponent for that battle).
- BS-157 [standard] "set a burst card from your hand" by an effect: BS-113's main-phase limits
  (once a turn, only in your main phase) are the action's, not an effect's; a burst already set
  goes to the trash as the new one is set (``set_burst``; ``EffectCondition.set_a_burst``: the
  instruction before set one).
- BS-155 [standard] "the spirit destroyed when this burst activated": the spirits of the burst's
  owner destroyed by the event that met a "destroyed" condition, until the window of that
  burst closes (``destroyed``).
- BS-310 [standard] A burst set by an effect counts as the turn player's set of that turn: an
  effect may set one although a burst was set by hand this turn (BS-157), but once an effect has
  set the turn player's burst, they cannot set another from their hand that turn ("伏せることが
  制限されないだけで、伏せた回数はカウントされる", batspi.com バースト, on The HeroEmperor Lord-Dragon
  Dominion). A burst an effect sets for the other player in this turn leaves the turn player's
  own set free.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tcg.core.state import Task
    from tcg.games.battle_spirits.cards import BurstIf, Color, Effect, EffectCondition, StaticBonus
    from tcg.games.battle_spirits.effects import BSEffects
    from tcg.games.battle_spirits.queries import BSQueries

def is_set(s: BSQueries, player: int) -> bool:
    """BS-153: ``player`` has a burst set."""
    return bool(s.zones[player]["burst"])


def note_destroyed(s: BSEffects, player: int, card: int) -> None:
    """BS-155: ``card`` of ``player``'s was destroyed as a set burst's condition happened."""
    key = f"burst_destroyed_{player}"
    s.flags[key] = (*s.flags.get(key, ()), card)


def close_window(s: BSEffects, player: int) -> None:
    """The burst window of ``player`` closed unused: the destroyed spirits noted for it go."""
    s.flags.pop(f"burst_destroyed_{player}", None)


def open_burst(s: BSEffects, player: int, card: int) -> None:
    """The burst activates: what it may read (BS-155) is kept until it is done (``done``)."""
    s.flags["burst_context"] = {"player": player, "card": card,
                                "destroyed": s.flags.pop(f"burst_destroyed_{player}", ())}


def destroyed(s: BSQueries, player: int) -> tuple[int, ...]:
    """BS-155: the spirits of ``player``'s destroyed when their current burst activated."""
    ctx = s.flags.get("burst_context")
    return tuple(ctx["destroyed"]) if ctx is not None and ctx["player"] == player else ()


def _destroyed_color(s: BSEffects, player: int, colors: list[Color]) -> bool:
    return any(set(s.d(c).colors) & set(colors) for c in destroyed(s, player))


def condition_holds(s: BSEffects, cond: EffectCondition, controller: int) -> bool:
    """BS-153 / BS-155 parts of an instruction's "if"."""
    if cond.burst_set and not is_set(s, controller):
        return False
    if cond.any_burst_set and not (is_set(s, 0) or is_set(s, 1)):
        return False
    if cond.no_burst_set and is_set(s, controller):  # conditions.py BS-346
        return False
    if cond.set_a_burst and not s.flags.get("set_a_burst"):
        return False
    return not cond.destroyed_colors or _destroyed_color(s, controller, list(cond.destroyed_colors))


def follow_up_allowed(s: BSEffects, player: int, card: int, cond: BurstIf) -> bool:
    """BS-151: the follow-up's own condition, read now (the burst card itself aside)."""
    if cond.trash_min:
        n = sum(1 for c in s.zones[player]["trash"] if c != card
                and (not cond.trash_colors or set(s.d(c).colors) & set(cond.trash_colors))
                and (not cond.trash_types or s.d(c).type in cond.trash_types))
        if n < cond.trash_min:
            return False
    if cond.destroyed_colors and not _destroyed_color(s, player, list(cond.destroyed_colors)):
        return False
    if cond.min_nexuses and sum(s.d(c).type == "nexus" for c in s.zones[player]["field"]) < cond.min_nexuses:
        return False
    if cond.min_cores:
        counters = s.counters[player]
        cores = sum(s.cores(c) for c in s.zones[player]["field"]) + counters["reserve"] + counters["trash_cores"]
        if cores < cond.min_cores:
            return False
    return True


def bonus_holds(s: BSQueries, cid: int, bonus: StaticBonus) -> bool:
    """BS-153 and "(Your Attack Step)" parts of a constant bonus."""
    controller = s.cards[cid].controller
    if bonus.while_burst_set and not is_set(s, controller):
        return False
    return not bonus.your_attack_step or in_own_attack_step(s, controller)


def in_own_attack_step(s: BSQueries, player: int) -> bool:
    """"(Your Attack Step)": ``player``'s turn, in the attack step (the battle phase)."""
    from tcg.games.battle_spirits.keywords import ATTACK_STEP  # keywords imports the schema, which imports this

    return s.active == player and s.phase in ATTACK_STEP


def burst_activated(s: BSEffects, task: Task) -> None:
    """BS-154: the burst and its follow-up are done: "after your burst activates" abilities of
    its owner's cards on the field trigger; what the burst could read is forgotten."""
    player = task["player"]
    for c in list(s.zones[player]["field"]):
        if s.d(c).abilities:
            s.queue_abilities(c, "your_burst_activated")
    s.flags.pop("burst_context", None)


def set_burst(s: BSEffects, eff: Effect, controller: int, source: int, targets: tuple[int, ...]) -> None:
    """BS-157: the target, a card with a burst in its owner's hand, is set face down as their burst;
    the one set before goes to the trash. Notes whether a burst was set (``set_a_burst``)."""
    done = False
    for t in targets[:1]:
        owner = s.cards[t].owner
        if s.zone_of(t) == "hand" and s.d(t).keywords.burst is not None:
            for old in list(s.zones[owner]["burst"]):
                s.move(old, "trash", face_down=False)
            s.move(t, "burst", face_down=True)
            done = True
            if owner == s.active:  # BS-310: the turn player's set of this turn is used
                s.flags["burst_set"] = True
    s.flags["set_a_burst"] = done
