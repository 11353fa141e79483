"""The :class:`Game` object: one per game, holding metadata, card pool, options and factories.

OpenSpiel's split: a ``Game`` knows what is fixed (cards, options, deck rules); a ``State``
is one position. Each game module exposes a single ``GAME`` instance.
"""

from __future__ import annotations

import importlib
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic

from typing_extensions import TypeVar

from tcg.core.actions import CARD_FIELDS
from tcg.core.carddata import CardModel, load_card_dir, validate_card
from tcg.core.decklist import DeckConventions, DeckList, load_deck
from tcg.core.errors import DataError
from tcg.core.limits import LIMITS_DOC, MAX_DECK_CARDS, MAX_ZONE_CARDS
from tcg.core.options import OptionSpec, resolve_options
from tcg.core.rng import Seed
from tcg.core.state import State

if TYPE_CHECKING:
    from tcg.core.presentation import Presentation
    from tcg.core.spelling import Spelling

#: The game's card schema (a bare ``Game`` reads cards as :class:`CardModel`).
C = TypeVar("C", bound=CardModel, default=CardModel)

#: The largest number a scenario may set on a player or a card: far above any game's (8000 LP).
MAX_SCENARIO_COUNT = 100_000


@dataclass(frozen=True)
class PlaySummary:
    """What the simulator counts per player in each game (``tcg.sim.tally``), in the game's words.

    Why a declaration and not code: the core knows no game's action types or life measure, and
    each game says them once here. ``played``: the action types by which a player plays a card
    from their hand (it counts only while that card is in the acting player's hand, so the same
    type used from elsewhere is left out). The life measure is the size of the zone
    ``life_zone`` or the player counter ``life_counter`` (one of the two); what a player's
    opponent loses of it is that player's damage dealt. ``final_blow``: an end reason that is one
    more point of damage for the winner (a winning blow the measure cannot show)."""

    played: frozenset[str] = frozenset()
    life_zone: str = ""
    life_counter: str = ""
    final_blow: str = ""


class Game(Generic[C]):
    name: str = ""
    title: str = ""
    rule_prefix: str = ""
    #: Every action type the game's states generate. Scenario steps and ``legal`` patterns are
    #: checked against it, so that a misspelt type is a malformed scenario, not a vacuous check.
    ACTION_TYPES: frozenset[str] = frozenset()
    #: The game's own rule id for "the game is over: no action is legal".
    game_over_rule: str = "game_over"
    state_class: type[State]
    card_model: type[C]
    option_specs: Mapping[str, OptionSpec] = {}
    #: The game's own scenario card properties (README: Scenario properties), for error messages.
    card_properties: tuple[str, ...] = ()
    #: Action fields whose values are card ids: the shared ones and the game's own (README:
    #: Card references); of them, those holding a list of cards.
    card_fields: frozenset[str] = CARD_FIELDS
    list_card_fields: frozenset[str] = frozenset({"cards"})
    #: Words that stand where a card could in an action field and are never card names. The
    #: shared scenario semantics fixes them for every game (README, Card references: "the
    #: literals player, leader and reserve are never card names"); a game may add its own, and
    #: says which of its cards one names (``literal_names_card``).
    scenario_literals: frozenset[str] = frozenset({"player", "leader", "reserve"})
    #: What ``tcg simulate`` counts per player (cards played, damage dealt): see PlaySummary.
    play_summary: PlaySummary = PlaySummary()
    package_dir: Path
    #: Card fields no two cards of the pool may share (a Yu-Gi-Oh! passcode names one card).
    UNIQUE_CARD_FIELDS: tuple[str, ...] = ()

    # ------------------------------------------------------------------ cards
    @cached_property
    def _pool(self) -> dict[str, C]:
        return load_card_dir(self.package_dir / "cards", self.card_model, self.check_card, self.UNIQUE_CARD_FIELDS)

    def cards(self) -> Mapping[str, C]:
        """The packaged card pool, by name."""
        return self._pool

    def check_card(self, card: C, source: str) -> None:
        """Cross-field checks the schema cannot express; raise DataError. Games override."""

    def parse_card(self, raw: Mapping[str, Any], source: str = "<card>", line: int | None = None) -> C:
        card = validate_card(self.card_model, dict(raw) if isinstance(raw, Mapping) else raw, source=source, line=line)
        self.check_card(card, source)
        return card

    def card_to_json(self, card: C) -> dict[str, Any]:
        """The card as its file writes it (field aliases such as ``def`` included)."""
        data: dict[str, Any] = card.model_dump(mode="json", exclude_unset=True, by_alias=True)
        data.setdefault("name", card.name)
        data.setdefault("type", card.type)
        return data

    def card_text(self, card: C) -> str:
        """Rules text, for `tcg cards show` and the terminal."""
        return str(getattr(card, "text", "") or "")

    # ------------------------------------------------------------------ presentation
    @cached_property
    def presentation(self) -> Presentation:
        """How the game is shown (its package's ``presentation.py``), imported on first use so
        that self-play never loads it."""
        module = importlib.import_module(type(self).__module__.rsplit(".", 1)[0] + ".presentation")
        presentation: Presentation = module.PRESENTATION(self, self.package_dir / "texts")
        return presentation

    @cached_property
    def spelling(self) -> Spelling:
        """How the game's actions are spelt as tokens (its package's ``spelling.py``, else the
        plain spelling), imported on first use: the RL environments and the field-by-field
        choices (tcg.core.choosing) read it, self-play never does."""
        from tcg.core.spelling import Spelling

        name = type(self).__module__.rsplit(".", 1)[0] + ".spelling"
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
            return Spelling()
        spelling: Spelling = module.SPELLING
        return spelling

    # ------------------------------------------------------------------ options
    def resolve_options(self, given: Mapping[str, object] | None) -> dict[str, str]:
        return resolve_options(self.option_specs, given)

    # ------------------------------------------------------------------ decks
    def starter_decks(self) -> dict[str, Path]:
        folder = self.package_dir / "decks"
        return {p.stem: p for p in sorted(folder.glob("*.txt"))}

    def deck(self, name_or_path: str | Path) -> DeckList:
        """Load a deck by path, or by the name of a starter deck; check it; raise on errors."""
        starters = self.starter_decks()
        path = starters.get(str(name_or_path), Path(name_or_path))
        if not path.exists():
            known = ", ".join(starters) or "none"
            raise DataError(f"no such deck file; starter decks are: {known}", source=str(name_or_path))
        deck = load_deck(path)
        errors = self.check_deck(deck)
        if errors:
            raise errors[0]
        return deck

    #: The sections of the game's deck lists, in the order a deck list writes them.
    DECK_SECTIONS: tuple[str, ...] = ("main",)
    #: The formats and header words of its players' deck lists (:mod:`tcg.deckio`).
    DECK_CONVENTIONS: DeckConventions = DeckConventions()

    def deck_section(self, card: C) -> str:
        """The section of a deck list this card belongs in (where a deck builder adds it)."""
        return "main"

    def check_deck(self, deck: DeckList, pool: Mapping[str, C] | None = None) -> list[DataError]:
        """Every problem of a deck list, each with its line number. Games add their rules."""
        pool = self.cards() if pool is None else pool
        errors = []
        for e in deck.entries:
            if e.name not in pool:
                errors.append(DataError(f"unknown card {e.name!r} for {self.name}", source=deck.source, line=e.line))
        return errors

    def size_and_copies(self, deck: DeckList, minimum: int, max_copies: int, rule: str,
                        section: str = "main") -> list[DataError]:
        """The usual deck-construction limits: a minimum size and a maximum of copies per name."""
        errors = []
        copies: Counter[str] = Counter()
        for e in deck.entries:
            if e.section != section:
                continue
            copies[e.name] += e.count
            if copies[e.name] > max_copies and copies[e.name] - e.count <= max_copies:
                errors.append(DataError(f"{copies[e.name]} copies of {e.name!r}; at most {max_copies} are allowed "
                                        f"({rule})", source=deck.source, line=e.line))
        total = len(deck.cards(section))
        if total < minimum:
            errors.append(DataError(f"the deck has {total} cards; at least {minimum} are needed ({rule})",
                                    source=deck.source))
        return errors

    # ------------------------------------------------------------------ states
    def shuffled_decks(self, state: State, decks: Sequence[DeckList], zone: str = "deck") -> None:
        """Create each player's cards in deck-list order (stable ids), then shuffle the decks."""
        if len(decks) != len(state.zones):
            raise DataError(f"a game needs {len(state.zones)} decks, got {len(decks)}")
        for player, deck in enumerate(decks):
            for name in deck.cards():
                if name not in state.defs:
                    raise DataError(f"unknown card {name!r}", source=deck.source)
                state.new_card(name, player, zone)
            state.rng.shuffle(state.zones[player][zone])

    def new_state(
        self,
        decks: Sequence[DeckList],
        seed: Seed = 0,
        options: Mapping[str, object] | None = None,
    ) -> State:
        raise NotImplementedError

    def start(self, state: State) -> State:
        """Decide who starts, queue what comes before the first turn, run to the first choice.

        Every game's ``new_state`` ends here, after its own set-up (decks, counters, what is
        done before anyone knows who starts). What games differ in is who decides
        (:meth:`decide_first_player`) and what comes between that and the first turn (the
        state's ``before_first_turn``: opening hands, mulligans, life cards).
        """
        check_deck_sizes(state)
        self.decide_first_player(state)
        state.run()
        return state

    def decide_first_player(self, state: State) -> None:
        """Every brief's "who starts": at random by default. A game where a player *chooses*
        (Force of Will's FOW-2) queues that decision instead, and its answer calls
        ``state.begin_game``."""
        state.begin_game(state.rng.below(2))

    def scenario_turn(self, state: State, spec: Mapping[str, Any]) -> None:
        """A scenario's ``turn``, ``active`` and ``first_player`` (README: Scenario semantics)."""
        for key in ("first_player", "active"):
            if spec.get(key, 0) not in (0, 1):
                raise DataError(f"{key} is player 0 or 1, got {spec[key]!r}", field=f"state.{key}")
        state.first_player = int(spec.get("first_player", 0))
        state.turn = int(spec.get("turn", 1))
        expected = state.first_player if state.turn % 2 else 1 - state.first_player
        state.active = int(spec.get("active", expected))
        if state.turn < 1 or state.active != expected:
            raise DataError(f"turn {state.turn} belongs to player {expected} (the first player takes the odd "
                            f"turns), not to player {state.active}", field="state.active")

    def scenario_phase(self, spec: Mapping[str, Any], default: str, allowed: Sequence[str], names: str) -> str:
        """A scenario's ``phase``: one of ``allowed`` (``names`` says what they are, for the error)."""
        phase = str(spec.get("phase", default))
        if phase not in allowed:
            raise DataError(f"unknown phase {phase!r}; {self.title} {names}", field="state.phase")
        return phase

    def scenario_players(self, spec: Mapping[str, Any]) -> list[Mapping[str, Any]]:
        """A scenario's ``players`` list (at most two; an empty entry is ``{}``)."""
        players = spec.get("players") or []
        if not isinstance(players, list) or len(players) > 2:
            raise DataError("players is a list of at most 2 entries (player 0, player 1)", field="state.players")
        for p, pspec in enumerate(players):
            if not isinstance(pspec or {}, Mapping):
                raise DataError(f"a player is a mapping (zones, counters), got {pspec!r}", field=f"state.players[{p}]")
        return [p or {} for p in players]

    def scenario_flags(self, spec: Mapping[str, Any]) -> Mapping[str, Any]:
        """A scenario's ``flags`` mapping (``{}`` when left out)."""
        flags = spec.get("flags") or {}
        if not isinstance(flags, Mapping):
            raise DataError(f"flags is a mapping of flag: value, got {flags!r}", field="state.flags")
        return flags

    @staticmethod
    def scenario_count(value: Any, field: str) -> int:
        """A number a scenario sets (life, cores, DON!!, damage...): a whole number from 0 to
        :data:`MAX_SCENARIO_COUNT`, not a text or a float that ``int`` would read (or choke on)."""
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_SCENARIO_COUNT:
            raise DataError(f"a whole number from 0 to {MAX_SCENARIO_COUNT} is expected, got {value!r}",
                            field=field)
        return value

    def scenario_zone_entries(self, state: State, p: int, pspec: Mapping[str, Any],
                              unsettable: frozenset[str] = frozenset()) -> Iterator[tuple[str, Any, str]]:
        """``(zone, entry, where)`` of each card a scenario player's ``zones`` lists, each zone name
        checked (``unsettable``: zones of the game a scenario cannot fill, left out of the list)."""
        zones_spec = pspec.get("zones") or {}
        if not isinstance(zones_spec, Mapping):
            raise DataError(f"zones is a mapping {{zone: [cards]}}, got {zones_spec!r}",
                            field=f"state.players[{p}].zones")
        for zone, entries in zones_spec.items():
            if zone not in state.ZONES or zone in unsettable:
                zones = ", ".join(z for z in state.ZONES if z not in unsettable)
                raise DataError(f"unknown zone {zone!r}; zones are: {zones}", field=f"state.players[{p}].zones")
            if not isinstance(entries or [], list):
                raise DataError(f"a zone is a list of cards, got {entries!r}", field=f"state.players[{p}].zones.{zone}")
            if isinstance(entries, list) and len(entries) > MAX_ZONE_CARDS:
                raise DataError(f"{len(entries)} cards in one zone; the engine takes at most {MAX_ZONE_CARDS} "
                                f"({LIMITS_DOC})", field=f"state.players[{p}].zones.{zone}")
            for i, entry in enumerate(entries or []):
                yield zone, entry, f"state.players[{p}].zones.{zone}[{i}]"

    def scenario_entry(self, entry: Any, known: set[str], defs: Mapping[str, Any], where: str) -> Mapping[str, Any]:
        """A scenario zone entry as a mapping ``{card: Name, ...}``, checked against ``known`` properties."""
        if isinstance(entry, str):
            entry = {"card": entry}
        if not isinstance(entry, Mapping) or not isinstance(entry.get("card"), str):
            raise DataError("a zone entry is a card name or {card: Name, ...}", field=where)
        for key in entry:
            if key not in known:
                raise DataError(f"unknown card property {key!r}; use one of {', '.join(sorted(known))}", field=where)
        if entry["card"] not in defs:
            raise DataError(f"unknown card {entry['card']!r} (not packaged and not in the scenario's cards:)",
                            field=where)
        return entry

    def scenario_state(self, spec: Mapping[str, Any], defs: Mapping[str, Any], options: Mapping[str, str],
                       seed: Seed) -> State:
        """Build a state from a scenario's ``state:`` mapping (see docs/scenarios.md)."""
        raise NotImplementedError

    def card_property(self, state: State, cid: int, prop: str) -> Any:
        """A card property for scenario checks. Games answer their own (``tapped``, ``power``...)
        and leave to this the two every game has (README: ``zone``, ``entered_this_turn``)."""
        if prop == "zone":
            return state.zone_of(cid)
        if prop == "entered_this_turn":
            return state.cards[cid].entered_this_turn
        known = ", ".join(("zone", *self.card_properties, "entered_this_turn"))
        raise DataError(f"{self.title} cards have no property {prop!r}; use {known}", field=prop)

    def player_counter(self, state: State, player: int, name: str) -> Any:
        """A player counter for scenario checks (``life``, ``lp``...)."""
        raise DataError(f"{self.name} has no player counter {name!r}", field=name)

    def literal_names_card(self, state: State, cid: int, literal: str) -> bool:
        """Whether a scenario literal (``player``, ``leader``, ``reserve``) matches this card id in an
        action field; for games whose actions carry a card where the README writes a literal."""
        return False

    def zone_entries(self, state: State, player: int, zone: str) -> list[int]:
        """The top-level cards of a zone as scenarios see them."""
        return list(state.zones[player][zone])


def check_deck_sizes(state: State) -> None:
    """No player brings more than :data:`~tcg.core.limits.MAX_DECK_CARDS` cards (whatever the
    game's own deck rules, which ``tcg deck check`` applies: a practice game may break them)."""
    for p in range(len(state.zones)):
        owned = sum(1 for card in state.cards if card.owner == p)
        if owned > MAX_DECK_CARDS:
            raise DataError(f"player {p}'s deck has {owned} cards; the engine takes at most {MAX_DECK_CARDS} "
                            f"({LIMITS_DOC})", field=f"decks[{p}]")
