"""The Force of Will :class:`Game`: options, deck rules (FOW-5..8), set-up (FOW-2), scenarios."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from tcg.core.decklist import DeckConventions, DeckList
from tcg.core.errors import DataError
from tcg.core.game import Game, PlaySummary
from tcg.core.options import OptionSpec
from tcg.core.rng import Seed, public_seed
from tcg.core.state import State, Task
from tcg.games.force_of_will.cards import ATTRIBUTES, ForceOfWillCard
from tcg.games.force_of_will.queries import STARTING_LIFE
from tcg.games.force_of_will.rules import RULEBOOK
from tcg.games.force_of_will.state import PHASES, ForceOfWillState

SECTIONS = ("ruler", "main", "magic_stone_deck")
COUNTERS = ("life", "will", "lifebreak_revealed")


class ForceOfWillGame(Game[ForceOfWillCard]):
    name = "force_of_will"
    title = "Force of Will"
    rule_prefix = "FOW"
    #: Every action type the game generates (scenario steps and `legal` patterns are checked against it).
    ACTION_TYPES = RULEBOOK.action_types  # what the rulebook's handlers accept
    game_over_rule = "FOW-63"  # the brief's end of the game: after it no action is legal
    state_class = ForceOfWillState
    card_model = ForceOfWillCard
    package_dir = Path(__file__).parent
    #: tcg simulate's per-player summary: resonators summoned, spells played, additions played, chants
    #: set into standby, from the hand; the opponent's life lost.
    play_summary = PlaySummary(frozenset({"summon", "play_spell", "play_addition", "set_chant_standby"}),
                               life_counter="life")
    card_properties = ("rested", "atk", "def", "damage", "face_down", "side")
    option_specs = {
        "chase": OptionSpec("chase", "sheet", ("sheet", "modern"), "FOW-48..51, FOW-103",
                            "sheet: the whole chase area resolves once the responder declines; "
                            "modern: the top item only, priority reopens after each"),
        "lifebreak": OptionSpec("lifebreak", "true", ("true", "false"), "FOW-121",
                                "false: later rules without the Lifebreak area"),
        "round_to_100": OptionSpec("round_to_100", "true", ("true", "false"), "FOW-61, FOW-109",
                                   "computed values round up to a multiple of 100"),
    }

    def card_text(self, card: ForceOfWillCard) -> str:
        text = str(card.text)
        if card.break_text:
            text += f"\nBreak: {card.break_text}"
        if card.j_ruler is not None:
            j = card.j_ruler
            text += f"\nJ-Activate {dict(card.j_activate)} → J-ruler {j.name} ATK{j.atk}/DEF{j.def_}"
            if j.text:
                text += f": {j.text}"
        return text

    # ------------------------------------------------------------------ decks (FOW-1, FOW-5..8)
    DECK_SECTIONS = SECTIONS
    DECK_CONVENTIONS = DeckConventions(headers=tuple(
        (word, "magic_stone_deck") for word in ("stone deck", "stones", "magic stones", "magic stone")))

    def deck_section(self, card: ForceOfWillCard) -> str:
        return {"ruler": "ruler", "magic_stone": "magic_stone_deck"}.get(str(card.type), "main")

    def check_deck(self, deck: DeckList, pool: Mapping[str, ForceOfWillCard] | None = None) -> list[DataError]:
        errors = super().check_deck(deck, pool)
        pool = pool if pool is not None else self.cards()
        src = deck.source
        unknown = sorted(deck.sections() - set(SECTIONS))
        if unknown:
            errors.append(DataError(f"Force of Will decks have the sections [ruler], [main] and [magic_stone_deck], "
                                    f"not [{unknown[0]}]", source=src))
        lines = {(e.section, e.name): e.line for e in deck.entries}
        rulers = deck.cards("ruler")
        if len(rulers) != 1:
            errors.append(DataError(f"a deck needs exactly 1 ruler in its [ruler] section, found {len(rulers)} (FOW-1)",
                                    source=src))
        elif rulers[0] in pool and pool[rulers[0]].type != "ruler":
            errors.append(DataError(f"{rulers[0]!r} is not a ruler (FOW-1)", source=src,
                                    line=lines.get(("ruler", rulers[0]))))
        main, stones = deck.cards("main"), deck.cards("magic_stone_deck")
        if not 40 <= len(main) <= 60:
            errors.append(DataError(f"the main deck has {len(main)} cards; it needs 40 to 60 (FOW-5)", source=src))
        if not 10 <= len(stones) <= 20:
            errors.append(DataError(f"the magic stone deck has {len(stones)} cards; it needs 10 to 20 (FOW-6)",
                                    source=src))
        for section, names in (("main", main), ("magic_stone_deck", stones)):
            for name, n in Counter(names).items():
                card = pool.get(name)
                line = lines.get((section, name))
                if card is None:
                    continue
                if card.type == "ruler":
                    errors.append(DataError(f"{name!r} is a ruler; a deck may not contain one (FOW-7)",
                                            source=src, line=line))
                elif section == "main" and card.type == "magic_stone":
                    errors.append(DataError(f"{name!r} is a magic stone; the main deck holds none (FOW-5)",
                                            source=src, line=line))
                elif section == "magic_stone_deck" and card.type != "magic_stone":
                    errors.append(DataError(f"{name!r} is not a magic stone; the stone deck holds only stones (FOW-6)",
                                            source=src, line=line))
                basic = card.type == "magic_stone" and not card.is_special_stone
                if n > 4 and not basic:
                    errors.append(DataError(f"{n} copies of {name!r}; at most 4 are allowed (FOW-8)",
                                            source=src, line=line))
        return errors

    # ------------------------------------------------------------------ set-up (FOW-2)
    def new_state(self, decks: Sequence[DeckList], seed: Seed = 0,
                  options: Mapping[str, object] | None = None) -> State:
        """FOW-2: decks shuffled; a random player decides who starts; five cards and one
        mulligan each; four cards to the Lifebreak area; rulers on the field."""
        state = ForceOfWillState(self.cards(), self.resolve_options(options), seed)
        if len(decks) != 2:
            raise DataError(f"a game needs 2 decks, got {len(decks)}")
        for player, deck in enumerate(decks):
            rulers = deck.cards("ruler")
            if len(rulers) != 1:
                raise DataError("a deck needs exactly 1 ruler in its [ruler] section (FOW-1)", source=deck.source)
            for name in [*rulers, *deck.cards("main"), *deck.cards("magic_stone_deck")]:
                if name not in state.defs:
                    raise DataError(f"unknown card {name!r}", source=deck.source)
            state.new_card(rulers[0], player, "ruler_area")
            for name in deck.cards("main"):
                state.new_card(name, player, "main_deck")
            for name in deck.cards("magic_stone_deck"):
                state.new_card(name, player, "magic_stone_deck")
            state.rng.shuffle(state.zones[player]["main_deck"])
            state.rng.shuffle(state.zones[player]["magic_stone_deck"])
            state.counters[player] = _fresh_counters()
        state.flags["setting_up"] = True
        state.emit("game_start", seed=public_seed(seed))
        return self.start(state)

    def decide_first_player(self, state: State) -> None:
        """FOW-2: the player drawn at random chooses who takes the first turn (``start.FirstPlayer``)."""
        chooser = state.rng.below(2)
        state.emit("chooses_who_starts", player=chooser)
        state.tasks.append(Task("choose_first", player=chooser))

    # ------------------------------------------------------------------ scenarios
    def scenario_state(self, spec: Mapping[str, Any], defs: Mapping[str, Any], options: Mapping[str, str],
                       seed: Seed) -> State:
        state = ForceOfWillState(defs, options, seed)
        self.scenario_turn(state, spec)
        phase = self.scenario_phase(spec, "main", PHASES, f"phases are: {', '.join(PHASES)}")
        for p in (0, 1):
            state.counters[p] = _fresh_counters()
        for p, pspec in enumerate(self.scenario_players(spec)):
            where = f"state.players[{p}]"
            for key, value in pspec.items():
                if key == "zones":
                    continue
                if key == "will":
                    if not isinstance(value, Mapping):
                        raise DataError("will is a mapping {fire: 1, water: 0, ...}", field=f"{where}.will")
                    for a, n in value.items():
                        if a not in ATTRIBUTES:
                            raise DataError(f"unknown attribute {a!r}; attributes are: {', '.join(ATTRIBUTES)}",
                                            field=f"{where}.will")
                        state.counters[p][f"will_{a}"] = self.scenario_count(n, f"{where}.will.{a}")
                elif key in ("life", "lifebreak_revealed"):
                    state.counters[p][key] = self.scenario_count(value, f"{where}.{key}")
                else:
                    raise DataError(f"unknown player counter {key!r}; use {', '.join(COUNTERS)}", field=where)
            for zone, entry, at in self.scenario_zone_entries(state, p, pspec, frozenset({"chase_area"})):
                self._scenario_card(state, defs, p, zone, entry, at)
        if phase in ("turn_start", "draw", "recovery"):
            state.tasks.append(Task("begin_turn", start="recovery" if phase == "recovery" else "turn_start"))
        elif phase == "main":
            state.phase = "main"
            state.tasks.append(Task("main"))
        else:
            state.tasks.append(Task("end_phase"))
        state.run()
        return state

    def _scenario_card(self, state: ForceOfWillState, defs: Mapping[str, Any], p: int, zone: str, entry: Any,
                       where: str) -> int:
        known = {"card", "rested", "damage", "entered_this_turn", "side", "additions"}
        entry = self.scenario_entry(entry, known, defs, where)
        d = defs[entry["card"]]
        # a ruler can be on the field only as a J-ruler (FOW-36), so there it needs no `side`
        side = entry.get("side", "j_ruler" if zone == "field" and d.type == "ruler" else "ruler")
        if side not in ("ruler", "j_ruler"):
            raise DataError("side is 'ruler' or 'j_ruler'", field=f"{where}.side")
        if side == "j_ruler" and d.type != "ruler":
            raise DataError(f"{d.name!r} is not a ruler; only a ruler has a J-ruler side", field=f"{where}.side")
        if zone == "field" and d.type in ("spell", "magic_stone"):
            raise DataError(f"a {d.type} is not put onto the field (FOW-15)", field=where)
        if zone == "ruler_area" and (d.type != "ruler" or state.zones[p]["ruler_area"]):
            raise DataError("the ruler area holds the player's one ruler (FOW-1)", field=where)
        if zone == "field" and d.type == "ruler" and side != "j_ruler":
            raise DataError("a ruler on the field is a J-ruler (FOW-36): side: ruler is not possible there",
                            field=where)
        marks: frozenset[str] = frozenset()
        if side == "j_ruler":
            marks = frozenset({"j_ruler"} if zone == "field" else {"j_ruler", "spent"})
        cid = state.new_card(entry["card"], p, zone, tapped=bool(entry.get("rested", False)),
                             face_down=zone in ("chant_standby_area", "lifebreak_area"),
                             entered_this_turn=bool(entry.get("entered_this_turn", False)), marks=marks)
        if entry.get("damage"):
            state.set_counter(cid, "damage", self.scenario_count(entry["damage"], f"{where}.damage"))
        additions = entry.get("additions") or []
        if not isinstance(additions, list):
            raise DataError(f"additions is a list of card names, got {additions!r}", field=f"{where}.additions")
        for k, name in enumerate(additions):
            if not isinstance(name, str) or name not in defs or defs[name].subtype != "addition_resonator":
                raise DataError(f"{name!r} is not an Addition: Resonator", field=f"{where}.additions[{k}]")
            a = state.new_card(name, p, "attached")
            state.cards[cid] = state.cards[cid].replace(attached=(*state.cards[cid].attached, a))
        return cid

    def card_property(self, state: State, cid: int, prop: str) -> Any:
        assert isinstance(state, ForceOfWillState)
        if prop == "zone":
            zone = state.zone_of(cid)
            return "field" if zone == "attached" else zone
        if prop == "rested":
            return state.cards[cid].tapped
        if prop in ("atk", "def"):
            if state.is_spent(cid):
                return None  # FOW-40: no ATK or DEF
            atk, def_ = state.stats(cid)
            return atk if prop == "atk" else def_
        if prop == "damage":
            return state.damage(cid)
        if prop == "face_down":
            return state.cards[cid].face_down
        if prop == "side":
            return "j_ruler" if state.is_j_ruler(cid) else "ruler" if state.d(cid).type == "ruler" else None
        return super().card_property(state, cid, prop)

    def player_counter(self, state: State, player: int, name: str) -> Any:
        assert isinstance(state, ForceOfWillState)
        if name == "will":
            return state.pool(player)
        if name in ("life", "lifebreak_revealed"):
            return state.counters[player].get(name, STARTING_LIFE if name == "life" else 0)
        raise DataError(f"Force of Will has no player counter {name!r}; use {', '.join(COUNTERS)}", field=name)


def _fresh_counters() -> dict[str, int]:
    return {"life": STARTING_LIFE, "lifebreak_revealed": 0, **{f"will_{a}": 0 for a in ATTRIBUTES}}
