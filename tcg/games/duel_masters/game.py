"""The Duel Masters :class:`Game`: options, deck rules, set-up and scenario loading."""

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
from tcg.games.duel_masters.cards import DuelMastersCard
from tcg.games.duel_masters.rules import RULEBOOK
from tcg.games.duel_masters.state import DuelMastersState
from tcg.games.duel_masters.turn import PHASES

DECK_MIN = 40  # DM-101
MAX_COPIES = 4  # DM-101
SHIELDS = 5  # DM-2
HAND = 5  # DM-3


class DuelMastersGame(Game[DuelMastersCard]):
    name = "duel_masters"
    title = "Duel Masters"
    rule_prefix = "DM"
    #: Every action type the game generates (scenario steps and `legal` patterns are checked against
    #: it): what the rulebook's decisions accept.
    ACTION_TYPES = RULEBOOK.action_types
    game_over_rule = "DM-42"  # the brief's end of the game: after it no action is legal
    state_class = DuelMastersState
    card_model = DuelMastersCard
    package_dir = Path(__file__).parent
    #: tcg simulate's per-player summary: creatures summoned and spells cast from the hand; shields
    #: broken, plus the direct attack that wins.
    play_summary = PlaySummary(frozenset({"summon", "cast"}), life_zone="shields", final_blow="direct_attack")
    card_properties = ("tapped", "power", "face_down", "under")
    option_specs = {
        "first_turn_draw": OptionSpec("first_turn_draw", "both_skip", ("both_skip", "first_player_skips"),
                                      "DM-20, DM-114", "who skips the draw in their first turn"),
        "breaking": OptionSpec("breaking", "sequential", ("sequential", "simultaneous"),
                               "DM-56, DM-115", "break a breaker's shields one at a time or all at once"),
        "wave_striker_count": OptionSpec("wave_striker_count", "owner_only", ("owner_only", "both_players"),
                                         "DM-80, DM-116", "whose Wave Strikers count"),
    }

    def card_text(self, card: DuelMastersCard) -> str:
        return str(card.text)

    def check_deck(self, deck: DeckList, pool: Mapping[str, DuelMastersCard] | None = None) -> list[DataError]:
        """DM-101: at least 40 cards, at most 4 copies of a name; every card must exist."""
        errors = super().check_deck(deck, pool)
        extra = sorted(deck.sections() - {"main"})
        if extra:
            errors.append(DataError(f"Duel Masters decks have no [{extra[0]}] section", source=deck.source))
        return errors + self.size_and_copies(deck, DECK_MIN, MAX_COPIES, "DM-101")

    def new_state(self, decks: Sequence[DeckList], seed: Seed = 0,
                  options: Mapping[str, object] | None = None) -> State:
        """DM-1..DM-4: shuffle, five shields, then five cards in hand; a random first player."""
        state = DuelMastersState(self.cards(), self.resolve_options(options), seed)
        self.shuffled_decks(state, decks)  # DM-1
        state.emit("game_start", seed=public_seed(seed))
        for player in (0, 1):
            for _ in range(SHIELDS):  # DM-2: shields first, face down
                state.move(state.zones[player]["deck"][0], "shields", face_down=True)
            for _ in range(HAND):  # DM-3: then the hand
                state.move(state.zones[player]["deck"][0], "hand")
        return self.start(state)  # DM-4: who starts is random

    # ------------------------------------------------------------------ scenarios
    def scenario_state(self, spec: Mapping[str, Any], defs: Mapping[str, Any], options: Mapping[str, str],
                       seed: Seed) -> State:
        state = DuelMastersState(defs, options, seed)
        self.scenario_turn(state, spec)
        phase = self.scenario_phase(spec, "main", PHASES, f"phases are: {', '.join(PHASES)}")
        for p, pspec in enumerate(self.scenario_players(spec)):
            for key in pspec:
                if key != "zones":
                    raise DataError(f"Duel Masters players have no counter {key!r}", field=f"state.players[{p}]")
            for zone, entry, where in self.scenario_zone_entries(state, p, pspec):
                self._scenario_card(state, defs, p, zone, entry, where)
        flags = self.scenario_flags(spec)
        if flags.get("charged"):
            state.flags["charged"] = True
        state.phase = "" if phase in ("untap", "draw", "end") else phase
        if phase == "untap":
            state.tasks.append(Task("begin_turn"))
        elif phase == "draw":
            state.tasks.append(Task("draw_step"))
        elif phase == "end":
            state.tasks.append(Task("end_step"))
        else:
            state.tasks.append(Task("phase", phase=phase))
        state.run()
        return state

    def _scenario_card(self, state: DuelMastersState, defs: Mapping[str, Any], p: int, zone: str, entry: Any,
                       where: str) -> int:
        known = {"card", "tapped", "face_down", "entered_this_turn", "under"}
        entry = self.scenario_entry(entry, known, defs, where)
        name = entry["card"]
        cid = state.new_card(name, p, zone, tapped=bool(entry.get("tapped", False)),
                             face_down=bool(entry.get("face_down", zone == "shields")),
                             entered_this_turn=bool(entry.get("entered_this_turn", False)))
        under = entry.get("under") or []
        if not isinstance(under, list):
            raise DataError(f"under is a list of cards, got {under!r}", field=f"{where}.under")
        if under and zone != "battle":
            raise DataError("only a creature in the battle zone can have cards under it", field=where)
        attached = []
        for i, u in enumerate(under):
            uname = u if isinstance(u, str) else u.get("card") if isinstance(u, Mapping) else None
            if not isinstance(uname, str) or uname not in defs:
                raise DataError(f"unknown card {uname!r}", field=f"{where}.under[{i}]")
            attached.append(state.new_card(uname, p, "attached"))
        if attached:
            state.update(cid, attached=tuple(attached))
        return cid

    def card_property(self, state: State, cid: int, prop: str) -> Any:
        assert isinstance(state, DuelMastersState)
        card = state.cards[cid]
        if prop == "power":
            return state.power(cid)
        if prop in ("tapped", "face_down"):
            return getattr(card, prop)
        if prop == "under":
            return [state.cards[u].name for u in card.attached]
        return super().card_property(state, cid, prop)
