"""A rule-based agent: plain heuristics per game, random play for games it does not know.

The agent itself is game-agnostic; what it knows about a game lives in a :class:`Strategy`
registered under the game's name (``observation["game"]``). A strategy sees only the
observation, the legal actions and the public card pool (card definitions are printed on
the cards, so knowing them is no peeking), never the state.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import islice
from typing import Any, Protocol

from tcg.agents.base import Observation
from tcg.agents.board import count, finder, listed, once, reads_board, viewer
from tcg.core.actions import Action
from tcg.core.rng import Rng

View = dict[str, Any]


class Strategy(Protocol):
    """Game knowledge for the rule agent. Return None to let the agent pick at random.

    A strategy may name the event types it reads in ``EVENTS`` (a class attribute; without it,
    every type): the loop then hands it only those (none: no ``events`` at all), and plays
    without an event log when no player reads any (:func:`tcg.sim.loop.reads_events`). It may
    also say with ``reads(kind)`` whether it looks at the board for a kind of decision (without
    the method, always): when not, the observation it gets holds only the game, the viewer and
    the decision (:func:`tcg.agents.board.reads_board`)."""

    def choose(self, observation: Observation, legal: Sequence[Action], rng: Rng) -> Action | None: ...


STRATEGIES: dict[str, Callable[[], Strategy]] = {}


def register_strategy(game: str, factory: Callable[[], Strategy]) -> None:
    STRATEGIES[game] = factory


class RuleAgent:
    name = "rule"
    observes = True
    #: Strategies read the legal actions they are handed, never the observation's JSON copy.
    reads_legal_actions = False
    #: Strategies read a few cards' views at a decision: the loop builds the others never.
    lazy_views = True

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)
        self._strategies: dict[str, Strategy | None] = {}
        self._reads: dict[tuple[str, str], bool] = {}  # the loop asks at every decision

    def strategy(self, game: str) -> Strategy | None:
        """The strategy for ``game`` (None: play at random), made once."""
        if game not in self._strategies:
            factory = STRATEGIES.get(game)
            self._strategies[game] = factory() if factory else None
        return self._strategies[game]

    def events_read(self, game: str) -> frozenset[str] | None:
        """The event types the strategy for ``game`` reads (None: all); see :class:`Strategy`."""
        strategy = self.strategy(game)
        return getattr(strategy, "EVENTS", None) if strategy is not None else frozenset()

    def reads_observation(self, game: str, kind: str) -> bool:
        """Does the agent look at the board for a ``kind`` decision of ``game``? (Not when it
        would pick at random, nor for a kind its strategy decides from the actions alone.)"""
        known = self._reads.get((game, kind))
        if known is None:
            strategy = self.strategy(game)
            reads = getattr(strategy, "reads", None)
            known = self._reads[game, kind] = strategy is not None and (reads is None or bool(reads(kind)))
        return known

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        if not legal_actions:
            raise ValueError("no legal action to choose from")
        if len(legal_actions) == 1:
            return legal_actions[0]
        strategy = self.strategy(str(observation.get("game", "")))
        action = strategy.choose(observation, legal_actions, self.rng) if strategy else None
        if action is None or action not in legal_actions:
            action = legal_actions[self.rng.below(len(legal_actions))]
        return action


# ====================================================================== Duel Masters
class _Board:
    """The observation reshaped for quick questions: whose card, where, its public view."""

    def __init__(self, obs: Observation) -> None:
        self.me: int = obs["viewer"]
        self.opp = 1 - self.me
        self.zones = [p["zones"] for p in obs["players"]]
        self.find = finder(obs)
        self.view_of = viewer(obs)
        self.useful: dict[int, bool] = {}  # _spell_useful's answers, by id of the effects
        self.events: list[dict[str, Any]] = obs.get("events") or []

    # Zones looked up when first asked for (a lazy observation builds a zone when looked up).
    @once
    def hand(self) -> Sequence[View]:
        hand = self.zones[self.me]["hand"]
        return hand if listed(hand) else []

    @once
    def mana(self) -> Sequence[View]:
        mana: Sequence[View] = self.zones[self.me]["mana"]
        return mana

    @once
    def battle(self) -> list[Sequence[View]]:
        return [self.zones[0]["battle"], self.zones[1]["battle"]]

    @once
    def shields(self) -> list[int]:
        return [count(self.zones[0]["shields"]), count(self.zones[1]["shields"])]

    def view(self, cid: Any) -> View | None:
        return self.view_of(cid) if isinstance(cid, int) else None

    def owner(self, cid: Any) -> int | None:
        entry = self.find(cid) if isinstance(cid, int) else None
        return entry[0] if entry else None


_HOSTILE = {"destroy", "return_to_hand", "put_into_mana", "put_into_shields", "discard", "to_graveyard", "tap",
            "separate_evolution"}
_HELPFUL = {"untap", "power_modifier", "grant_keywords", "put_into_battle"}
_ALWAYS = {"draw", "add_shield_from_deck", "mana_from_deck", "search_deck"}


class DuelMastersStrategy:
    """Charge, play the biggest thing, attack when it pays, block when it saves the game."""

    MANA_TARGET = 6
    MAX_PAYMENTS = 200
    EVENTS = frozenset({"attack"})  # the attack being answered (_current_attack)
    #: Decision kinds whose handler reads only the legal actions (board None): see reads_board.
    BLIND = frozenset({"tap_ability", "optional", "silent_skill", "breaker_count", "break"})

    def __init__(self) -> None:
        from tcg.core.registry import load_game

        self.defs: Any = load_game("duel_masters").cards()
        self.paying: int | None = None  # the card we asked to summon/cast: the next "pay" is for it

    # ------------------------------------------------------------------ card knowledge
    def d(self, view: View | None) -> Any:
        return self.defs.get(view["name"]) if view and "name" in view else None

    def kw(self, view: View | None, key: str) -> Any:
        d = self.d(view)
        return getattr(d.keywords, key, None) if d is not None else None

    @staticmethod
    def power(view: View | None) -> int:
        return int(view.get("power", 0)) if view else 0

    @staticmethod
    def cost(view: View | None) -> int:
        return int(view.get("cost", 0)) if view else 0

    def breakers(self, view: View | None) -> int:
        return 3 if self.kw(view, "triple_breaker") else 2 if self.kw(view, "double_breaker") else 1

    def value(self, view: View | None) -> tuple[int, int]:
        return (self.power(view), self.cost(view))

    # ------------------------------------------------------------------ dispatch
    def reads(self, kind: str) -> bool:
        return reads_board(self, kind)

    def choose(self, obs: Observation, legal: Sequence[Action], rng: Rng) -> Action | None:
        decision = obs.get("decision") or {}
        kind = decision.get("kind")
        handler = getattr(self, f"_on_{kind}", None)
        if handler is None:
            return None
        action: Action | None = handler(None if kind in self.BLIND else _Board(obs), legal, rng)
        if action is not None and action.type in ("summon", "cast"):
            self.paying = action.get("card")
        return action

    @staticmethod
    def _advance(legal: Sequence[Action]) -> Action | None:
        for a in legal:
            if a.type == "next_phase":
                return a
        return None

    # ------------------------------------------------------------------ charge step
    def _on_charge(self, b: _Board, legal: Sequence[Action], rng: Rng) -> Action | None:
        charges = [a for a in legal if a.type == "charge_mana"]
        hand = {v["id"]: v for v in b.hand if "id" in v}
        charges = [a for a in charges if a.get("card") in hand]
        if not charges:
            return self._advance(legal)
        m = len(b.mana)
        mana_civs = {c for v in b.mana for c in v.get("civilizations", [])}  # the same for every card
        holders: dict[str, int] = {}  # per civilization, the cards in hand that have it
        names: dict[Any, int] = {}  # per name, its copies in hand
        for v in b.hand:
            for c in set(v.get("civilizations", [])):
                holders[c] = holders.get(c, 0) + 1
            names[v.get("name")] = names.get(v.get("name"), 0) + 1
        scored = [(self._charge_score(b, hand[a.get("card")], m, mana_civs, holders, names), i, a)
                  for i, a in enumerate(charges)]
        score, _, best = max(scored, key=lambda t: (t[0], -t[1]))
        if m >= self.MANA_TARGET and (score < 2 or len(hand) < 2):
            return self._advance(legal)  # enough mana: keep creatures in hand
        return best

    def _charge_score(self, b: _Board, card: View, m: int, mana_civs: set[str], holders: dict[str, int],
                      names: dict[Any, int]) -> float:
        """Higher means better to put into mana: far-off cost, a civilization missing from the
        mana (``mana_civs``) that another card in hand needs, spare copies. ``holders`` and
        ``names`` count the hand's cards per civilization and per name, this card among them."""
        civs = card.get("civilizations", [])
        s = 0.0
        for civ in civs:
            if civ not in mana_civs and holders.get(civ, 0) > 1:  # another card has it
                s += 3
        gap = self.cost(card) - (m + 1)
        s += min(gap, 4) if gap > 0 else -1.5
        if len(civs) > 1:
            s -= 1  # enters the mana zone tapped
        if names.get(card.get("name"), 0) > 1:
            s += 1
        d = self.d(card)
        if m >= self.MANA_TARGET:
            s += 2 if d is not None and d.type == "spell" else -3
        if d is not None and d.type == "spell" and not self._spell_useful(b, d.effects):
            s += 1.5
        return s

    # ------------------------------------------------------------------ main step
    def _on_main(self, b: _Board, legal: Sequence[Action], rng: Rng) -> Action | None:
        best: tuple[float, Action] | None = None
        for a in legal:
            if a.type not in ("summon", "cast"):
                continue
            view = b.view(a.get("card"))
            d = self.d(view)
            if d is None:
                continue
            if a.type == "cast" and not self._spell_useful(b, d.effects):
                continue
            score = self.cost(view) * 10.0 + (2 if a.type == "summon" else 0)
            if a.type == "summon":
                drawback = self._summon_drawback(b, d)
                if drawback is None:
                    continue
                score -= drawback
            onto = b.view(a.get("onto"))
            if onto is not None:  # evolve onto an untapped, small base
                score += (5 if not onto.get("tapped") else 0) - self.power(onto) / 10000
            if best is None or score > best[0]:
                best = (score, a)
        return best[1] if best else self._advance(legal)

    def _summon_drawback(self, b: _Board, d: Any) -> float | None:
        """What a "when summoned, destroy one of your creatures" costs; None: it would eat itself."""
        penalty = 0.0
        for ab in d.abilities:
            if ab.when != "summoned" or ab.optional:
                continue
            for eff in ab.effects:
                sel = eff.target
                if eff.do not in _HOSTILE or eff.optional or sel is None or sel == "self":
                    continue
                if sel.player != "self" or sel.zone != "battle" or sel.up_to or eff.up_to:
                    continue
                mine = self._matching(b, sel)
                if not mine:
                    return None
                penalty += min(self.cost(v) for v in mine) * 10.0 + 1
        return penalty

    def _matching(self, b: _Board, sel: Any) -> list[View]:
        """The visible cards a selector could pick, roughly (printed properties only)."""
        players = {"self": [b.me], "opponent": [b.opp], "any": [0, 1]}[sel.player]
        out = []
        for view in self._listed(b, sorted(players), sel.zone):
            d = self.d(view)
            if d is None:
                continue
            if sel.types and d.type not in sel.types:
                continue
            if sel.civilizations and not set(sel.civilizations) & set(d.civilizations):
                continue
            if sel.max_power is not None and self.power(view) > sel.max_power:
                continue
            if sel.min_power is not None and self.power(view) < sel.min_power:
                continue
            if sel.max_cost is not None and d.cost > sel.max_cost:
                continue
            if sel.tapped and not view.get("tapped"):
                continue
            if sel.untapped and view.get("tapped"):
                continue
            if sel.blocker and not d.keywords.blocker:
                continue
            out.append(view)
        if sel.zone == "hand" and b.opp in players and sel.player != "self":
            out.append({"hidden": True})  # the opponent's hand: assume it has what we want
        return out

    @staticmethod
    def _listed(b: _Board, players: list[int], zone: str) -> Iterator[View]:
        """The views with an id in ``zone`` of ``players`` (the lazy ones built as they are read)."""
        for p in players:
            entries = b.zones[p].get(zone)
            if listed(entries):
                for view in entries:
                    if "id" in view:
                        yield view

    def _spell_useful(self, b: _Board, effects: Iterable[Any]) -> bool:
        """Worth casting when some instruction would hurt the opponent or help us now (asked
        per card and per action: the answer for a card's effects is kept for the decision)."""
        known = b.useful.get(id(effects))
        if known is None:
            known = b.useful[id(effects)] = self._useful_now(b, effects)
        return known

    def _useful_now(self, b: _Board, effects: Iterable[Any]) -> bool:
        for eff in effects:
            if eff.do in _ALWAYS or eff.target is None or eff.target == "self":
                return True
            sel = eff.target
            if eff.do in _HOSTILE and sel.player != "self":
                if any(b.owner(v.get("id")) != b.me for v in self._matching(b, sel)):
                    return True
            elif eff.do in _HELPFUL and sel.player != "opponent":
                if eff.do == "power_modifier" and eff.amount < 0:
                    continue
                if self._matching(b, sel):
                    return True
        return False

    # ------------------------------------------------------------------ paying
    def _on_pay(self, b: _Board, legal: Sequence[Action], rng: Rng) -> Action | None:
        """Keep untapped the civilizations that the rest of the hand needs."""
        # Per card once, not per way, civilizations as bits: (cost, civilizations) of the rest
        # of the hand, and (id, civilizations, multicolored) of each untapped mana card.
        bit: dict[str, int] = {}

        def mask(view: View) -> int:
            out = 0
            for c in view.get("civilizations", []):
                out |= bit.setdefault(c, 1 << len(bit))
            return out

        rest = [(self.cost(v), mask(v)) for v in b.hand if v.get("id") != self.paying]
        untapped = [(v.get("id"), mask(v), len(v.get("civilizations", [])) > 1) for v in b.mana if not v.get("tapped")]
        best: tuple[tuple[int, int, int], Action] | None = None
        for a in islice(legal, self.MAX_PAYMENTS):  # big mana zones allow thousands of ways
            paid = set(a.get("cards") or ())
            left = left_civs = multi_kept = 0
            for cid, civs, multi in untapped:
                if cid not in paid:
                    left += 1
                    left_civs |= civs
                    multi_kept += multi
            castable = sum(1 for cost, civs in rest if cost <= left and civs & ~left_civs == 0)
            key = (castable, left_civs.bit_count(), multi_kept)
            if best is None or key > best[0]:
                best = (key, a)
        return best[1] if best else None

    # ------------------------------------------------------------------ attack step
    def _on_attack(self, b: _Board, legal: Sequence[Action], rng: Rng) -> Action | None:
        opp_blockers = [v for v in b.battle[b.opp] if not v.get("tapped") and self.kw(v, "blocker")]
        opp_threat = any(not self.kw(v, "cant_attack") for v in b.battle[b.opp])
        best: tuple[float, Action] | None = None
        tap_ok: Action | None = None
        for a in legal:
            att = b.view(a.get("card"))
            if a.type == "tap_ability":
                ta = self.kw(att, "tap_ability")
                if ta is not None and self._spell_useful(b, ta.effects):
                    tap_ok = tap_ok or a
                continue
            if a.type != "attack" or att is None:
                continue
            score = self._attack_score(b, att, a.get("target"), opp_blockers, opp_threat)
            if score is not None and (best is None or score > best[0]):
                best = (score, a)
        if best is not None:
            return best[1]
        return tap_ok or self._advance(legal)

    def _attack_score(self, b: _Board, att: View, target: Any, blockers: list[View], threat: bool) -> float | None:
        p_att = self.power(att) + int(self.kw(att, "power_attacker") or 0)
        unblockable = bool(self.kw(att, "cant_be_blocked"))
        killers = [] if unblockable else [v for v in blockers if self.power(v) >= p_att]
        if target == "player":
            if b.shields[b.opp] == 0:
                return 1000.0 + (0 if killers else 100)  # lethal: swing even into blockers
            if killers:
                return None
            if self.kw(att, "blocker") and threat and b.shields[b.me] <= 3:
                return None  # keep a blocker home when our shields run low
            return 100.0 + 10 * self.breakers(att) + p_att / 1000
        tv = b.view(target)
        if tv is None:
            return None
        t_pow = self.power(tv)
        if p_att > t_pow or self.kw(att, "slayer"):
            return 200.0 + t_pow / 1000 + self.cost(tv)
        if p_att == t_pow and self.cost(tv) > self.cost(att):
            return 150.0 + self.cost(tv)
        return None

    def _on_tap_ability(self, b: _Board | None, legal: Sequence[Action], rng: Rng) -> Action | None:
        return None

    # ------------------------------------------------------------------ defence
    def _current_attack(self, b: _Board) -> tuple[View | None, Any]:
        for ev in reversed(b.events):
            if ev.get("type") == "attack":
                return b.view(ev.get("card")), ev.get("target")
        tapped = [v for v in b.battle[b.opp] if v.get("tapped")]
        return (max(tapped, key=self.power) if tapped else None), "player"

    def _on_block(self, b: _Board, legal: Sequence[Action], rng: Rng) -> Action | None:
        blocks = [(b.view(a.get("card")), a) for a in legal if a.type == "block"]
        blocks = [(v, a) for v, a in blocks if v is not None]
        passing = next((a for a in legal if a.type == "pass"), None)
        if not blocks:
            return passing
        att, target = self._current_attack(b)
        p_att = self.power(att)
        survivors = [(v, a) for v, a in blocks if self.power(v) > p_att or (self.kw(v, "slayer") and att)]
        if survivors:
            return min(survivors, key=lambda t: self.value(t[0]))[1]
        to_player = target == "player"
        if to_player and (b.shields[b.me] == 0 or b.shields[b.me] <= 1 or self.breakers(att) >= b.shields[b.me]):
            return min(blocks, key=lambda t: self.value(t[0]))[1]  # save the game (or the last shields)
        trades = [(v, a) for v, a in blocks if self.power(v) == p_att and self.cost(v) <= self.cost(att)]
        if trades:
            return min(trades, key=lambda t: self.value(t[0]))[1]
        return passing

    def _on_shield_trigger(self, b: _Board, legal: Sequence[Action], rng: Rng) -> Action | None:
        best: tuple[float, Action] | None = None
        for a in legal:
            if a.type != "use_shield_trigger":
                continue
            view = b.view(a.get("card"))
            d = self.d(view)
            if d is None or (d.type == "spell" and not self._spell_useful(b, d.effects)):
                continue
            onto = b.view(a.get("onto"))
            score = self.cost(view) + (1 if onto is not None and not onto.get("tapped") else 0)
            if best is None or score > best[0]:
                best = (score, a)
        return best[1] if best else next((a for a in legal if a.type == "pass"), None)

    # ------------------------------------------------------------------ small choices
    def _on_target(self, b: _Board, legal: Sequence[Action], rng: Rng) -> Action | None:
        """Hit the opponent's strongest card; give up our own least valuable one."""
        picks = [a for a in legal if a.type == "choose"]
        passing = next((a for a in legal if a.type == "pass"), None)
        theirs = [a for a in picks if b.owner(a.get("card")) == b.opp]
        if theirs:
            return max(theirs, key=lambda a: self.value(b.view(a.get("card"))))
        unknown = [a for a in picks if b.owner(a.get("card")) is None]
        if unknown:
            return unknown[0]  # e.g. a deck search: the cards are not in our view
        if passing is not None:
            return passing
        return min(picks, key=lambda a: self.value(b.view(a.get("card")))) if picks else None

    def _on_optional(self, b: _Board | None, legal: Sequence[Action], rng: Rng) -> Action | None:
        return next((a for a in legal if a.type == "choose"), None)

    def _on_silent_skill(self, b: _Board | None, legal: Sequence[Action], rng: Rng) -> Action | None:
        return next((a for a in legal if a.type == "silent_skill"), None)

    def _on_breaker_count(self, b: _Board | None, legal: Sequence[Action], rng: Rng) -> Action | None:
        return max(legal, key=lambda a: a.get("option") or 0)

    def _on_break(self, b: _Board | None, legal: Sequence[Action], rng: Rng) -> Action | None:
        return legal[rng.below(len(legal))]


register_strategy("duel_masters", DuelMastersStrategy)


# ====================================================================== Battle Spirits
from tcg.agents.battle_spirits_strategy import BattleSpiritsStrategy  # noqa: E402

register_strategy("battle_spirits", BattleSpiritsStrategy)

# ====================================================================== Yu-Gi-Oh!
from tcg.agents.yugioh_strategy import YugiohStrategy  # noqa: E402

register_strategy("yugioh", YugiohStrategy)

# ====================================================================== One Piece
from tcg.agents.one_piece_strategy import OnePieceStrategy  # noqa: E402

register_strategy("one_piece", OnePieceStrategy)

# ====================================================================== Force of Will
from tcg.agents.force_of_will_strategy import ForceOfWillStrategy  # noqa: E402

register_strategy("force_of_will", ForceOfWillStrategy)
