"""The One Piece :class:`Game`: options, deck rules, set-up with the redraw, scenario loading."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from tcg.core.decklist import DeckConventions, DeckList
from tcg.core.errors import DataError
from tcg.core.game import Game, PlaySummary
from tcg.core.options import OptionSpec
from tcg.core.rng import Seed, public_seed
from tcg.core.state import State, Task
from tcg.games.one_piece.cards import OnePieceCard
from tcg.games.one_piece.queries import DON_PER_PLAYER
from tcg.games.one_piece.rules import RULEBOOK
from tcg.games.one_piece.state import PHASES, OnePieceState

COUNTERS = ("life", "don_deck", "cost_area_active", "cost_area_rested")


class OnePieceGame(Game[OnePieceCard]):
    name = "one_piece"
    title = "One Piece Card Game"
    rule_prefix = "OP"
    #: Every action type the game generates (scenario steps and `legal` patterns are checked against it).
    ACTION_TYPES = RULEBOOK.action_types  # what the rulebook's handlers accept
    game_over_rule = "OP-103"  # the brief's end of the game: after it no action is legal
    state_class = OnePieceState
    card_model = OnePieceCard
    package_dir = Path(__file__).parent
    #: tcg simulate's per-player summary: cards played and counters used from the hand; the
    #: opponent's life cards lost.
    play_summary = PlaySummary(frozenset({"play", "counter"}), life_zone="life")
    card_properties = ("rested", "power", "don")
    option_specs = {
        "refresh_don_return": OptionSpec("refresh_don_return", "don_deck", ("don_deck", "cost_area"),
                                         "OP-5, OP-105", "where given DON!! go in the Refresh phase"),
    }

    def card_text(self, card: OnePieceCard) -> str:
        return str(card.text)

    DECK_SECTIONS = ("leader", "main")
    #: OPTCGSim's ``4xOP01-016`` lines; a list may count the ten DON!! cards, which are no part
    #: of a deck list here (OP-102 gives each player ten).
    DECK_CONVENTIONS = DeckConventions(
        formats=("optcgsim",),
        headers=(("don!!", ""), ("don!! deck", ""), ("don!! cards", ""), ("don deck", "")),
        not_cards=("don!!", "don!! card", "don!! cards", "don"))

    def deck_section(self, card: OnePieceCard) -> str:
        return "leader" if card.type == "leader" else "main"

    def check_deck(self, deck: DeckList, pool: Mapping[str, OnePieceCard] | None = None) -> list[DataError]:
        """OP-101: one Leader; exactly 50 cards sharing a colour with it; at most 4 copies."""
        errors = super().check_deck(deck, pool)
        pool = pool if pool is not None else self.cards()
        unknown = sorted(deck.sections() - {"leader", "main"})
        if unknown:
            errors.append(DataError(f"One Piece decks have a [leader] and a [main] section, not [{unknown[0]}]",
                                    source=deck.source))
        leaders = deck.cards("leader")
        if len(leaders) != 1:
            errors.append(DataError(f"a deck needs exactly 1 Leader in its [leader] section, found {len(leaders)} "
                                    "(OP-101)", source=deck.source))
        main = deck.cards("main")
        if len(main) != 50:
            errors.append(DataError(f"the deck has {len(main)} cards; exactly 50 are needed (OP-101)",
                                    source=deck.source))
        counts: dict[str, int] = {}
        for name in main:
            counts[name] = counts.get(name, 0) + 1
        for name, n in counts.items():
            if n > 4 and not (name in pool and pool[name].any_number):
                errors.append(DataError(f"{n} copies of {name!r}; at most 4 are allowed (OP-101)", source=deck.source))
        if len(leaders) == 1 and leaders[0] in pool:
            leader = pool[leaders[0]]
            if leader.type != "leader":
                errors.append(DataError(f"{leaders[0]!r} is not a Leader (OP-101)", source=deck.source))
            colors = set(leader.colors)
            for name in counts:
                card = pool.get(name)
                if card is not None:
                    if card.type == "leader":
                        errors.append(DataError(f"{name!r} is a Leader; it belongs in [leader] (OP-101)",
                                                source=deck.source))
                    elif not colors & set(card.colors):
                        errors.append(DataError(f"{name!r} shares no colour with the Leader {leaders[0]!r} "
                                                "(OP-101)", source=deck.source))
        return errors

    def new_state(self, decks: Sequence[DeckList], seed: Seed = 0,
                  options: Mapping[str, object] | None = None) -> State:
        """OP-102: leaders, shuffled decks, DON!! decks of 10, five cards, one optional redraw
        each (the first player first), then life cards; who goes first is random."""
        state = OnePieceState(self.cards(), self.resolve_options(options), seed)
        if len(decks) != 2:
            raise DataError(f"a game needs 2 decks, got {len(decks)}")
        for player, deck in enumerate(decks):
            leaders = deck.cards("leader")
            if len(leaders) != 1:
                raise DataError("a deck needs exactly 1 Leader in its [leader] section (OP-101)", source=deck.source)
            for name in [*leaders, *deck.cards("main")]:
                if name not in state.defs:
                    raise DataError(f"unknown card {name!r}", source=deck.source)
            state.new_card(leaders[0], player, "leader")
            for name in deck.cards("main"):
                state.new_card(name, player, "deck")
            state.rng.shuffle(state.zones[player]["deck"])
            state.counters[player] = {"don_deck": DON_PER_PLAYER, "cost_area_active": 0, "cost_area_rested": 0}
        state.flags["setting_up"] = True
        state.emit("game_start", seed=public_seed(seed))
        for player in (0, 1):
            for _ in range(5):
                state.draw(player)
        return self.start(state)  # who starts is random; the mulligans and life cards: before_first_turn

    # ------------------------------------------------------------------ scenarios
    def scenario_state(self, spec: Mapping[str, Any], defs: Mapping[str, Any], options: Mapping[str, str],
                       seed: Seed) -> State:
        state = OnePieceState(defs, options, seed)
        self.scenario_turn(state, spec)
        phase = self.scenario_phase(spec, "main", PHASES, f"phases are: {', '.join(PHASES)}")
        for p in (0, 1):
            state.counters[p] = {"don_deck": 0, "cost_area_active": 0, "cost_area_rested": 0}
        for p, pspec in enumerate(self.scenario_players(spec)):
            for key, value in pspec.items():
                if key == "zones":
                    continue
                if key not in COUNTERS or key == "life":
                    raise DataError(f"unknown player counter {key!r}; use don_deck, cost_area_active, "
                                    "cost_area_rested (life is given as the life zone)", field=f"state.players[{p}]")
                state.counters[p][key] = self.scenario_count(value, f"state.players[{p}].{key}")
            for zone, entry, where in self.scenario_zone_entries(state, p, pspec):
                self._scenario_card(state, defs, p, zone, entry, where)
        for p in (0, 1):
            if not state.zones[p]["leader"]:
                raise DataError(f"player {p} needs a leader (zones: {{leader: [Name]}})",
                                field=f"state.players[{p}].zones.leader")
        if phase in ("refresh", "draw", "don_phase"):
            state.tasks.append(Task("begin_turn"))
        elif phase == "main":
            state.phase = "main"
            state.tasks.append(Task("main"))
        else:
            state.tasks.append(Task("end_phase"))
        state.run()
        return state

    def _scenario_card(self, state: OnePieceState, defs: Mapping[str, Any], p: int, zone: str, entry: Any,
                       where: str) -> int:
        known = {"card", "rested", "don", "entered_this_turn"}
        entry = self.scenario_entry(entry, known, defs, where)
        cid = state.new_card(entry["card"], p, zone, tapped=bool(entry.get("rested", False)),
                             face_down=zone == "life",
                             entered_this_turn=bool(entry.get("entered_this_turn", False)))
        if entry.get("don"):
            state.set_counter(cid, "don", self.scenario_count(entry["don"], f"{where}.don"))
        return cid

    def card_property(self, state: State, cid: int, prop: str) -> Any:
        assert isinstance(state, OnePieceState)
        if prop == "rested":
            return state.cards[cid].tapped
        if prop == "power":
            return state.power(cid)
        if prop == "don":
            return state.don(cid)
        return super().card_property(state, cid, prop)

    def literal_names_card(self, state: State, cid: int, literal: str) -> bool:
        """README: ``attack {card, target}`` and ``counter {card, target}`` write the Leader as the
        literal ``leader``; the actions carry the Leader's card id, and its name matches too."""
        return literal == "leader" and state.zone_of(cid) == "leader"

    def player_counter(self, state: State, player: int, name: str) -> Any:
        if name == "life":
            return len(state.zones[player]["life"])
        if name not in COUNTERS:
            raise DataError(f"One Piece has no player counter {name!r}; use {', '.join(COUNTERS)}", field=name)
        return state.counters[player].get(name, 0)
