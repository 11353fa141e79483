"""The Battle Spirits :class:`Game`: options, deck rules, set-up and scenario loading."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from tcg.core.decklist import DeckList
from tcg.core.errors import DataError
from tcg.core.game import Game, PlaySummary
from tcg.core.options import OptionSpec
from tcg.core.rng import Seed, public_seed
from tcg.core.state import State, Task
from tcg.games.battle_spirits.cards import BattleSpiritsCard
from tcg.games.battle_spirits.rules import RULEBOOK
from tcg.games.battle_spirits.state import STEPS, BattleSpiritsState

CORE_STOCK = 100  # BS-118: a finite stock no game can exhaust, so cores stay countable
COUNTERS = ("life", "reserve", "trash_cores", "core_stock")


class BattleSpiritsGame(Game[BattleSpiritsCard]):
    name = "battle_spirits"
    title = "Battle Spirits"
    rule_prefix = "BS"
    #: Every action type the game generates (scenario steps and `legal` patterns are checked against it).
    ACTION_TYPES = RULEBOOK.action_types  # what the rulebook's handlers accept
    game_over_rule = "BS-103"  # the brief's end of the game: after it no action is legal
    state_class = BattleSpiritsState
    card_model = BattleSpiritsCard
    package_dir = Path(__file__).parent
    #: tcg simulate's per-player summary: spirits summoned, nexuses deployed, magic used from the hand;
    #: the opponent's life (cores) lost.
    play_summary = PlaySummary(frozenset({"summon", "deploy", "use_magic"}), life_counter="life")
    card_properties = ("exhausted", "level", "cores", "bp", "symbols", "face_down", "braves")
    option_specs = {
        "deck_rules": OptionSpec("deck_rules", "classic", ("classic", "saga"), "BS-101",
                                 "classic: at least 40 cards, 3 copies; saga: at least 50, 4 copies"),
        # BS-102's Soul Core variant is not offered: no card in the pool singles a Soul Core out,
        # so the option would play exactly as its default.
    }

    def card_text(self, card: BattleSpiritsCard) -> str:
        return str(card.text)

    def check_deck(self, deck: DeckList, pool: Mapping[str, BattleSpiritsCard] | None = None,
                   options: Mapping[str, str] | None = None) -> list[DataError]:
        """BS-101: at least 40 cards and at most 3 copies (saga: 50 and 4)."""
        saga = (options or {}).get("deck_rules") == "saga"
        minimum, copies_max = (50, 4) if saga else (40, 3)
        return super().check_deck(deck, pool) + self.size_and_copies(deck, minimum, copies_max, "BS-101")

    def new_state(self, decks: Sequence[DeckList], seed: Seed = 0,
                  options: Mapping[str, object] | None = None) -> State:
        """BS-102: shuffle, 5 cores in life, 4 in reserve, the rest in the stock; 4 cards; no redraw."""
        state = BattleSpiritsState(self.cards(), self.resolve_options(options), seed)
        self.shuffled_decks(state, decks)
        for player in (0, 1):
            state.counters[player] = {"life": 5, "reserve": 4, "trash_cores": 0, "core_stock": CORE_STOCK}
        state.emit("game_start", seed=public_seed(seed))
        for player in (0, 1):
            for _ in range(4):
                state.draw(player)
        return self.start(state)  # BS-102: who starts is random

    def scenario_state(self, spec: Mapping[str, Any], defs: Mapping[str, Any], options: Mapping[str, str],
                       seed: Seed) -> State:
        state = BattleSpiritsState(defs, options, seed)
        self.scenario_turn(state, spec)
        phase = self.scenario_phase(spec, "main", (*STEPS, "battle"), f"steps are: {', '.join(STEPS)}")
        for p, pspec in enumerate(self.scenario_players(spec)):
            state.counters[p] = {"life": 5, "reserve": 0, "trash_cores": 0, "core_stock": 0}
            for key, value in pspec.items():
                if key == "zones":
                    continue
                if key not in COUNTERS:
                    raise DataError(f"unknown player counter {key!r}; use {', '.join(COUNTERS)}",
                                    field=f"state.players[{p}]")
                state.counters[p][key] = self.scenario_count(value, f"state.players[{p}].{key}")
            for zone, entry, where in self.scenario_zone_entries(state, p, pspec):
                self._scenario_card(state, defs, p, zone, entry, where)
        for p in range(len(spec.get("players") or []), 2):
            state.counters[p] = {"life": 5, "reserve": 0, "trash_cores": 0, "core_stock": 0}
        flags = self.scenario_flags(spec)
        if flags.get("burst_set"):
            state.flags["burst_set"] = True
        if phase in ("start", "core", "draw", "refresh"):
            state.tasks.append(Task("begin_turn"))
        elif phase == "main":
            state.tasks.append(Task("main"))
        elif phase in ("battle", "attack_declaration"):
            state.phase = "battle"
            state.tasks.append(Task("attack_declaration"))
        elif phase == "end":
            state.tasks.append(Task("end_phase"))
        else:
            raise DataError(f"a scenario cannot start inside a battle ({phase}); start at attack_declaration",
                            field="state.phase")
        state.run()
        return state

    def _scenario_card(self, state: BattleSpiritsState, defs: Mapping[str, Any], p: int, zone: str, entry: Any,
                       where: str) -> int:
        known = {"card", "cores", "exhausted", "entered_this_turn", "braves", "face_down"}
        entry = self.scenario_entry(entry, known, defs, where)
        name = entry["card"]
        cid = state.new_card(name, p, zone, tapped=bool(entry.get("exhausted", False)),
                             face_down=bool(entry.get("face_down", zone == "burst")),
                             entered_this_turn=bool(entry.get("entered_this_turn", False)))
        if entry.get("cores"):
            state.set_counter(cid, "cores", self.scenario_count(entry["cores"], f"{where}.cores"))
        braves = []
        if not isinstance(entry.get("braves") or [], list):
            raise DataError(f"braves is a list of cards, got {entry['braves']!r}", field=f"{where}.braves")
        for i, b in enumerate(entry.get("braves") or []):
            b = {"card": b} if isinstance(b, str) else b
            if not isinstance(b, Mapping) or not isinstance(b.get("card"), str) or b["card"] not in defs:
                raise DataError(f"unknown brave {b!r}", field=f"{where}.braves[{i}]")
            bid = state.new_card(b["card"], p, "attached")
            if b.get("cores"):
                state.set_counter(bid, "cores", self.scenario_count(b["cores"], f"{where}.braves[{i}].cores"))
            braves.append(bid)
        if braves:
            state.update(cid, attached=tuple(braves))
        return cid

    def card_property(self, state: State, cid: int, prop: str) -> Any:
        assert isinstance(state, BattleSpiritsState)
        if prop == "exhausted":
            return state.cards[cid].tapped
        if prop == "cores":
            return state.cores(cid)
        if prop == "level":
            return state.level(cid)
        if prop == "bp":
            return state.bp(cid)
        if prop == "symbols":
            return len(state.symbols(cid))
        if prop == "face_down":
            return getattr(state.cards[cid], prop)
        if prop == "braves":
            return [state.cards[b].name for b in state.braves_on(cid)]
        return super().card_property(state, cid, prop)

    def player_counter(self, state: State, player: int, name: str) -> Any:
        if name not in COUNTERS:
            raise DataError(f"Battle Spirits has no player counter {name!r}; use {', '.join(COUNTERS)}", field=name)
        return state.counters[player].get(name, 0)
