"""The Yu-Gi-Oh! :class:`Game`: options, deck rules, set-up and scenario loading."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from tcg.core import lasting
from tcg.core.actions import CARD_FIELDS
from tcg.core.decklist import DeckConventions, DeckList
from tcg.core.errors import DataError
from tcg.core.game import Game, PlaySummary
from tcg.core.options import OptionSpec
from tcg.core.rng import Seed, public_seed
from tcg.core.state import State, Task
from tcg.games.yugioh.battle import BATTLE_STEPS
from tcg.games.yugioh.cards import YugiohCard
from tcg.games.yugioh.rules import RULEBOOK
from tcg.games.yugioh.state import YugiohState
from tcg.games.yugioh.turn import PHASES

LP = 8000  # YGO-101
HAND = 5  # YGO-103
POSITIONS = ("attack", "defense", "face_down_defense")

#: The task that starts a scenario's phase (README: loading at a phase). At "standby" the turn's
#: draw has happened; the Battle Phase's steps start at the phase's start.
_PHASE_TASKS = {"draw": "begin_turn", "standby": "standby", "main1": "main", "main2": "main",
                "battle": "battle_phase", "start_step": "battle_phase", "battle_step": "battle_phase",
                "end": "end_phase"}

class YugiohGame(Game[YugiohCard]):
    card_fields = CARD_FIELDS | {"tributes"}  # YGO-113: a Tribute Summon names its tributes
    list_card_fields = frozenset({"cards", "tributes"})
    name = "yugioh"
    title = "Yu-Gi-Oh!"
    rule_prefix = "YGO"
    #: Every action type the game generates (scenario steps and `legal` patterns are checked against it).
    ACTION_TYPES = RULEBOOK.action_types  # what the rulebook's handlers accept
    game_over_rule = "YGO-129"  # the brief's end of the game: after it no action is legal
    state_class = YugiohState
    card_model = YugiohCard
    package_dir = Path(__file__).parent
    #: tcg simulate's per-player summary: monsters summoned or set, cards activated or set from the
    #: hand (a Special Summon comes through an activation); the opponent's LP lost.
    play_summary = PlaySummary(frozenset({"normal_summon", "set_monster", "activate", "set_spell_trap"}),
                               life_counter="lp")
    card_properties = ("position", "face_up", "atk", "def", "level")
    option_specs = {
        "damage_step_activation": OptionSpec("damage_step_activation", "source", ("source", "official"),
                                             "YGO-20, YGO-128", "what may be activated in the Damage Step"),
    }

    def card_text(self, card: YugiohCard) -> str:
        return str(card.text)

    DECK_SECTIONS = ("main", "extra", "side")
    #: .ydk files (YGOPro, EDOPro) and ydke:// URLs name cards by passcode; YGOPRODeck's and
    #: Duelingbook's lists group the Main Deck under kinds of monster.
    DECK_CONVENTIONS = DeckConventions(
        formats=("ydk", "ydke"),
        headers=tuple((f"{kind} monsters", "") for kind in ("normal", "effect", "fusion", "ritual", "synchro", "xyz",
                                                             "link", "flip", "tuner", "pendulum")))
    UNIQUE_CARD_FIELDS = ("passcode",)

    def deck_section(self, card: YugiohCard) -> str:
        """YGO-102: Fusion, Synchro, Xyz and Link Monsters are kept in the Extra Deck."""
        return "extra" if card.monster_kind in ("fusion", "synchro", "xyz", "link") else "main"

    def check_deck(self, deck: DeckList, pool: Mapping[str, YugiohCard] | None = None) -> list[DataError]:
        """YGO-102: Main Deck 40-60, Extra Deck up to 15, three copies across the decks."""
        errors = super().check_deck(deck, pool)
        unknown = sorted(deck.sections() - {"main", "extra", "side"})
        if unknown:
            errors.append(DataError(f"Yu-Gi-Oh! decks have [main], [extra] and [side] sections, not [{unknown[0]}]",
                                    source=deck.source))
        errors += self.size_and_copies(deck, 40, 3, "YGO-102")
        main = len(deck.cards("main"))
        if main > 60:
            errors.append(DataError(f"the Main Deck has {main} cards; at most 60 are allowed (YGO-102)",
                                    source=deck.source))
        for section in ("extra", "side"):
            n = len(deck.cards(section))
            if n > 15:
                errors.append(DataError(f"the {section} deck has {n} cards; at most 15 are allowed (YGO-102)",
                                        source=deck.source))
        pool = pool if pool is not None else self.cards()
        for e in deck.entries:  # YGO-102: Fusion Monsters (and their kin) only in the Extra Deck
            card = pool.get(e.name)
            if card is None or e.section == "side":
                continue
            belongs = self.deck_section(card)
            if belongs != e.section:
                where = "the Extra Deck ([extra])" if belongs == "extra" else "the Main Deck ([main])"
                errors.append(DataError(f"{e.name} belongs in {where}, not [{e.section}] (YGO-102)",
                                        source=deck.source, line=e.line))
        return errors

    def new_state(self, decks: Sequence[DeckList], seed: Seed = 0,
                  options: Mapping[str, object] | None = None) -> State:
        """YGO-101 / YGO-103: 8000 LP, shuffled Main Decks, five cards each, a random first player."""
        state = YugiohState(self.cards(), self.resolve_options(options), seed)
        if len(decks) != 2:
            raise DataError(f"a duel needs 2 decks, got {len(decks)}")
        for player, deck in enumerate(decks):
            for section, zone in (("main", "deck"), ("extra", "extra_deck")):
                names = deck.cards(section)
                for name in names:
                    if name not in state.defs:
                        raise DataError(f"unknown card {name!r}", source=deck.source)
                # shuffled before the cards get their ids: a face-down card on the field is named by
                # its id (REFERABLE_FACE_DOWN), so an id must not tell which card of the list it is
                state.rng.shuffle(names)
                for name in names:
                    state.new_card(name, player, zone)
            state.counters[player] = {"lp": LP}
        state.emit("game_start", seed=public_seed(seed))
        for player in (0, 1):
            for _ in range(HAND):
                state.draw(player)
        return self.start(state)

    # ------------------------------------------------------------------ scenarios
    def scenario_state(self, spec: Mapping[str, Any], defs: Mapping[str, Any], options: Mapping[str, str],
                       seed: Seed) -> State:
        """A state as a scenario describes it: turn, phase, players' counters and zones, lasting
        flags; then the task that starts the named phase runs to the first decision."""
        state = YugiohState(defs, options, seed)
        self.scenario_turn(state, spec)
        phase = self.scenario_phase(spec, "main1", (*PHASES, "battle_step", "start_step"),
                                    f"phases are: {', '.join(PHASES)} (and the Battle Phase steps "
                                    f"{', '.join(BATTLE_STEPS[:2])})")
        for p in (0, 1):
            state.counters[p] = {"lp": LP}
        for p, pspec in enumerate(self.scenario_players(spec)):
            self._scenario_player(state, defs, p, pspec)
        self._scenario_flags(state, self.scenario_flags(spec))
        if phase in ("main1", "main2"):
            state.phase = phase
        task = _PHASE_TASKS.get(phase)
        if task is not None:
            state.tasks.append(Task(task))
        state.run()
        return state

    def _scenario_player(self, state: YugiohState, defs: Mapping[str, Any], p: int,
                         pspec: Mapping[str, Any]) -> None:
        """One player of a scenario: ``lp`` (the only counter, YGO-101) and the cards in each zone."""
        for key, value in pspec.items():
            if key == "zones":
                continue
            if key != "lp":
                raise DataError(f"unknown player counter {key!r}; Yu-Gi-Oh! has lp", field=f"state.players[{p}]")
            state.counters[p]["lp"] = self.scenario_count(value, f"state.players[{p}].lp")
        for zone, entry, where in self.scenario_zone_entries(state, p, pspec):
            self._scenario_card(state, defs, p, zone, entry, where)

    def _scenario_flags(self, state: YugiohState, flags: Mapping[str, Any]) -> None:
        """``state.flags``: the Normal Summon already made, and lasting effects a scenario starts under
        ("skip your next ...", extra Battle Phases), recorded as the cards that cause them would."""
        for key, value in flags.items():
            if key == "normal_summoned":
                state.flags["normal_summoned"] = bool(value)
            elif key in ("skip_main1", "skip_battle"):  # lasting "skip your next ..." effects, by player
                players = value if isinstance(value, list) else [value]
                if not all(p in (0, 1) for p in players):
                    raise DataError(f"{key} is a player (0 or 1) or a list of them, got {value!r}",
                                    field=f"state.flags.{key}")
                for p in players:
                    lasting.add(state, key, until=lasting.LASTING, player=int(p))
            elif key == "extra_battle_phases":  # {player: count}
                if not isinstance(value, Mapping) or not all(p in (0, 1) for p in value):
                    raise DataError(f"extra_battle_phases is a mapping {{player: count}}, got {value!r}",
                                    field=f"state.flags.{key}")
                for p, count in value.items():
                    lasting.add(state, "extra_battle_phases", until=state.turn, player=int(p),
                                count=self.scenario_count(count, f"state.flags.{key}.{p}"))
            else:
                raise DataError(f"unknown flag {key!r}; use normal_summoned, skip_main1, skip_battle, "
                                "extra_battle_phases", field="state.flags")

    def _scenario_card(self, state: YugiohState, defs: Mapping[str, Any], p: int, zone: str, entry: Any,
                       where: str) -> int:
        known = {"card", "position", "face_up", "entered_this_turn", "attacked"}
        entry = self.scenario_entry(entry, known, defs, where)
        position = entry.get("position", "attack")
        if position not in POSITIONS:
            raise DataError(f"unknown position {position!r}; use {', '.join(POSITIONS)}", field=f"{where}.position")
        if zone == "monster_zone":
            tapped, face_down = position != "attack", position == "face_down_defense"
        else:  # Spells and Traps on the field are Set (face-down) unless given face_up: true
            tapped = False
            face_down = zone in ("spell_trap_zone", "field_zone") and not entry.get("face_up", False)
        marks = frozenset({"attacked_bp", "attacked_turn"}) if entry.get("attacked") else frozenset()
        return state.new_card(entry["card"], p, zone, tapped=tapped, face_down=face_down,
                              entered_this_turn=bool(entry.get("entered_this_turn", False)), marks=marks)

    def card_property(self, state: State, cid: int, prop: str) -> Any:
        assert isinstance(state, YugiohState)
        if prop == "position":
            return state.position(cid) if state.zone_of(cid) == "monster_zone" else None
        if prop == "face_up":
            return not state.cards[cid].face_down
        if prop == "atk":
            return state.atk(cid)
        if prop == "def":
            return state.def_(cid)
        if prop == "level":
            return state.d(cid).level
        return super().card_property(state, cid, prop)

    def player_counter(self, state: State, player: int, name: str) -> Any:
        if name != "lp":
            raise DataError(f"Yu-Gi-Oh! has no player counter {name!r}; use lp", field=name)
        return state.counters[player].get("lp", LP)
