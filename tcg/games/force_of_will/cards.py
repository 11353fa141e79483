"""The Force of Will card schema (README: Card fields) and its effect vocabulary.

Cards are data: a spell's effects, a resonator's or addition's abilities ([Enter],
[Activate], "when this attacks"), its lasting effects, a Break ability (FOW-60) and a
chant-standby's trigger (FOW-56) are written with the small vocabulary below and carried
out by :mod:`tcg.games.force_of_will.effects`. A ruler carries its J-ruler side
(``j_ruler``) and the J-Activate cost (``j_activate``): there is no separate J-ruler card.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cached_property
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from tcg.core.carddata import CardModel
from tcg.core.rulings import Ruling

Attribute = Literal["light", "fire", "water", "wind", "darkness"]  # FOW-107
ATTRIBUTES: tuple[Attribute, ...] = ("light", "fire", "water", "wind", "darkness")
CardType = Literal["resonator", "spell", "addition", "ruler", "magic_stone"]
#: What a play restriction names: "normal spells" (spell cards: Chant, Chant-Instant, Chant-Standby -
#: the Grimm-era word, as against "summon spells", the resonators), resonators, Addition: Resonator.
PlayKind = Literal["spell", "resonator", "addition_resonator", "attack"]  # attack: "cannot attack"
Subtype = Literal[
    "chant", "chant_instant", "chant_standby",  # FOW-22
    "addition_field", "addition_resonator",  # FOW-23
    "basic_magic_stone", "special_magic_stone",  # FOW-8
]
SPELL_SUBTYPES = ("chant", "chant_instant", "chant_standby")
ADDITION_SUBTYPES = ("addition_field", "addition_resonator")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


def _check_cost(value: dict[str, int]) -> dict[str, int]:
    """FOW-66: a cost is an attribute part plus a generic part, ``{fire: 1, generic: 2}``."""
    for key, n in value.items():
        if key not in (*ATTRIBUTES, "generic"):
            raise ValueError(f"a cost names attributes ({', '.join(ATTRIBUTES)}) or 'generic', not {key!r}")
        if n < 0:
            raise ValueError(f"a cost amount cannot be negative ({key}: {n})")
    return {k: n for k, n in value.items() if n}


#: A cost in the form the payment checks memoise on: (total, sorted (attribute, amount) pairs).
CostKey = tuple[int, tuple[tuple[str, int], ...]]


def cost_key(cost: Mapping[str, int]) -> CostKey:
    return sum(cost.values()), tuple(sorted(cost.items()))


class Keywords(_Strict):
    """The optional keyword vocabulary of the brief (2.8), ``{flying: true, ...}``."""

    swiftness: bool = False  # may attack and use {Rest} abilities the turn it entered
    flying: bool = False  # blocked only by a J-ruler or resonator with Flying
    first_strike: bool = False  # deals its battle damage first
    pierce: bool = False  # when blocked, excess battle damage goes to the defending player
    precision: bool = False  # may attack recovered J-rulers and resonators
    quickcast: bool = False  # a Chant playable whenever a Chant-Instant could be
    imperishable: bool = False  # J-ruler only: destroyed, it returns ruler side up
    #: "can't be targeted by spells or abilities your opponent controls" (Aesop, the Prince's
    #: Tutor; the later rules' Barrier): the opponent's declarations skip it (FOW-105).
    barrier: bool = False
    #: "can't be targeted by spells or abilities" (Knight of Loyalty): no one's declarations take it.
    untargetable: bool = False
    #: "loses its symbol skills": the keyword abilities above (Swiftness .. Imperishable) are gone.
    no_symbol_skills: bool = False
    no_recover: bool = False  # "doesn't recover during the recovery phase" (FOW-32 skips it)
    indestructible: bool = False  # "cannot be destroyed" (by effects or by the rule processes, FOW-111)
    #: "As you choose a card to attack, you must choose this card if able": while it can attack,
    #: its controller's attacks are its own (official reading; the brief is silent).
    must_be_attacker: bool = False
    #: "This card must attack if able": while it can attack, its controller may not leave the
    #: Main Phase without attacking (CR 710.2; the brief is silent).
    must_attack: bool = False
    #: "As your opponent plays spells or abilities targeting a Vampire you control, he or she must
    #: choose this card as one of its targets if able": an opponent's instruction whose target is a
    #: card of one of this card's races (its selector's ``races``) takes this card first.
    decoy: bool = False
    cannot_attack: bool = False  # "can't attack" (it is never an attacker, FOW-42)
    cannot_block: bool = False  # "can't block" (FOW-43)
    unattackable: bool = False  # "can't be attacked": never an attack's target (FOW-42)


KEYWORD_NAMES = tuple(Keywords.model_fields)
#: The "symbol skills" a card loses with ``no_symbol_skills`` (the bracketed keyword abilities).
SYMBOL_SKILLS = frozenset({"swiftness", "flying", "first_strike", "pierce", "precision", "imperishable"})


class Selector(_Strict):
    """What an effect targets (or, with ``all``, acts on); ``player`` is whose cards, relative
    to the effect's controller."""

    kind: Literal[
        "resonator",  # a resonator (never a J-ruler, FOW-39)
        "j_or_resonator",  # a J-ruler or a resonator
        "j_ruler",  # a J-ruler only ("target J-ruler"; FOW-39: it is not a resonator)
        "player",  # a player
        "any",  # "target resonator, J-ruler or player" (Fireball)
        "spell",  # a spell on the chase area (cancel)
        "addition",  # an addition on the field
        "magic_stone",  # a magic stone in a magic stone area ("target special magic stone")
        "card",  # any card of a main deck or graveyard ("search your main deck for a card with ...")
    ] = "resonator"
    player: Literal["self", "opponent", "any"] = "any"
    #: Where the cards are: the field, or a graveyard ("target resonator from your graveyard";
    #: the graveyard is public, FOW-124, and its cards may be targets - official rules, the
    #: brief is silent). A graveyard holds resonators and additions only (FOW-16).
    #: With ``main_deck`` (a search) or ``graveyard`` it may also be an effect's ``find``.
    zone: Literal["field", "graveyard", "main_deck"] = "field"
    rested: bool | None = None
    max_atk: int | None = None
    min_atk: int | None = None
    max_total_cost: int | None = None  # "with total cost N or less"
    attributes: list[Attribute] = []  # has one of these attributes
    races: list[str] = []  # has one of these races
    subtypes: list[Subtype] = []  # has one of these subtypes: "[Addition:Resonator]" (FOW-23)
    names: list[str] = []  # is one of these cards, by name ("if you control Hansel or Gretel")
    name_contains: str = ""  # its name holds this ("a card with "Apple" in its name")
    not_names: list[str] = []  # is none of these ("other than Rapunzel, the Long-Haired Princess")
    not_races: list[str] = []  # has none of these races ("target non-Human J/resonator")
    attacking: bool = False  # the attacking J-ruler or resonator of the battle now ("target attacking resonator")
    #: "another target resonator": not a card already chosen as a target of the same spell or ability
    another: bool = False
    #: "if it was dealt damage by this card this turn": the source dealt it damage this turn
    damaged_by_source: bool = False
    blocking: bool = False  # the blocking J-ruler or resonator of the battle now ("blocking resonator")
    #: the attacker of the battle now once it is blocked ("blocked resonator"); with ``blocking``
    #: too, either of the two ("destroy blocking resonator and blocked resonator")
    blocked: bool = False
    printed_atk: int | None = None  # "its printed ATK and DEF is [400/400]"
    printed_def: int | None = None
    flying: bool | None = None
    other: bool = False  # not the card the effect comes from
    count: int = Field(default=1, ge=1)
    up_to: bool = False
    all: bool = False  # every matching card, no targeting

    @model_validator(mode="after")
    def _graveyard_kinds(self) -> Selector:
        if self.zone != "field" and self.kind not in ("resonator", "addition", "card"):
            raise ValueError(f"zone {self.zone} needs kind resonator, addition or card (a graveyard holds "
                             "resonators and additions, FOW-16; a search looks for one, or for any card)")
        if self.kind == "card" and self.zone == "field":
            raise ValueError("kind card (any card) is for a main deck or a graveyard (zone main_deck / graveyard)")
        return self

    @cached_property
    def plain(self) -> bool:
        """No condition beyond whose cards and which kind ("target resonator your opponent
        controls"): a card of the right kind and controller on the field matches."""
        return (self.rested is None and self.max_atk is None and self.min_atk is None
                and self.max_total_cost is None and not self.attributes and not self.races
                and self.flying is None and not self.other and not self.subtypes and not self.names
                and not self.name_contains
                and not self.not_names and not self.not_races and not self.attacking
                and not self.blocking and not self.blocked and not self.another and not self.damaged_by_source
                and self.printed_atk is None and self.printed_def is None and self.zone == "field")

    @cached_property
    def attribute_set(self) -> frozenset[str]:
        return frozenset(self.attributes)

    @cached_property
    def race_set(self) -> frozenset[str]:
        return frozenset(self.races)


class Condition(_Strict):
    """What an instruction, or a mode of a spell, needs as it resolves or is chosen: "if you
    control ..." (``controls``: at least one card the selector matches, counted from the
    controller), "if your ruler is X or your J-ruler is Y" (``ruler``: the name the controller's
    ruler card shows, either side), "if you don't ..." (``negate``). Both, when both are given."""

    controls: Selector | None = None
    #: (``controls``: at least the selector's ``count`` cards - "if you control five or more
    #: Treasury Items" is ``count: 5``.)
    #: "if you control Juliet and Romeo" / "Athos, Porthos and Aramis": each of these as well.
    also_controls: list[Selector] = []
    #: "if you put a Moon into a field this turn": a card like this entered its controller's field
    #: this turn (whether it is still there or not).
    put_this_turn: Selector | None = None
    #: "If a Human was put into your graveyard from a field this turn": a card like this went from
    #: a field into its owner's (the controller's) graveyard this turn.
    died_this_turn: Selector | None = None
    #: "If you do": the card's pay_will / banish_stones instruction before was carried out.
    paid: bool = False
    #: "If you do, ... If you banished a Human in this way": the card an earlier ``banish``
    #: instruction of the same card banished as it resolved matches this selector.
    banished: Selector | None = None
    hand_size: int | None = None  # "if you have exactly five cards in your hand"
    #: "If you cannot put three cards into your graveyard this way": the card's mill_stones moved fewer.
    milled_fewer: int | None = None
    life_at_most: int | None = None  # "your life is 2000 or lower"
    #: "Total number of all resonators and all magic stones is twelve": the cards the `counting`
    #: selectors match, together, number exactly `total`.
    counting: list[Selector] = []
    total: int | None = None
    ruler: list[str] = []
    negate: bool = False

    @model_validator(mode="after")
    def _something(self) -> Condition:
        if (self.controls is None and not self.ruler and self.put_this_turn is None and self.banished is None
                and self.died_this_turn is None and self.hand_size is None and self.life_at_most is None
                and self.total is None and self.milled_fewer is None and not self.paid):
            raise ValueError("a condition needs `controls` (a selector), `put_this_turn`, `banished` or `ruler`")
        return self


class Effect(_Strict):
    """One instruction of a spell or ability."""

    do: Literal[
        "damage",  # deal `amount` damage to targets (resonator/J-ruler damage accumulates; a player loses life)
        "destroy",  # destroy targets
        "return_to_hand",  # targets go to their owner's hand
        "modify",  # targets get `atk` / `def` until end of turn (or for as long as they stay: `duration: lasting`)
        "draw",  # `player` (or a target player) draws `count`
        "discard",  # `player` (or a target player) discards `count` cards: at random, or `chosen` by them
        "gain_life",  # `player` (or a target player) gains `amount` life
        "lose_life",  # `player` (or a target player) loses `amount` life
        "rest",  # targets become rested
        "recover",  # targets become recovered
        "heal",  # the damage on targets is removed
        "cancel",  # a target spell on the chase area is cancelled: it goes to the graveyard unresolved
        "call_stone",  # the top card of the controller's magic stone deck enters their magic stone area rested
        "gain_keyword",  # targets gain `keyword` until end of turn
        "bounce_stone",  # `player`'s `count` magic stones return to the top of their magic stone deck
        "put_into_field",  # a Break: this card is put into its controller's field (no cost, not a summon);
        # with `find` (zone graveyard): "put a Vampire resonator from your graveyard into your field"
        "search",  # "search your main deck for `find`, reveal it and put it into your hand, then shuffle"
        "banish",  # "banish one magic stone you control": a card its controller controls (`find`) to the graveyard
        "move_addition",  # "move target Addition: Resonator onto another resonator" (that one: `find`, not a target)
        "destroy_at_end",  # "At the end of turn, destroy that resonator": targets are destroyed as the End Phase begins
        "keep_rested",  # "It doesn't recover during the recovery phase as long as this card is on a field"
        "forbid_plays",  # "target player cannot play normal spells and summon spells until end of turn" (`plays`)
        "swap_stats",  # "switch the ATK and DEF of this card until end of turn"
        "flicker",  # "remove target resonator from the game, then put it into its owner's field"
        "evade",  # "target resonator cannot be blocked by water resonators until end of turn" (`unblockable_by`)
        "lose_abilities",  # "loses all abilities until end of turn": its printed keywords, abilities, lasting effects
        "prevent_damage_from",  # "prevent all damage that would be dealt by target resonator until end of turn"
        "put_on_top",  # "put target resonator on top of its owner's main deck"
        "set_stats",  # "becomes [0/200] until end of turn" (`atk`, `def` are the new printed values)
        "remove_from_game",  # "remove target resonator from the game" (the zone `removed`; remembers by what)
        "mill_stones",  # "put the top `count` cards of your magic stone deck into your graveyard"
        "produce_will",  # "Produce {G}" (`will_attribute`, `count` of it, `per`: "for each Musketeer you control")
        "select_target",  # "Target Vampire you control deals ...": a target for the instructions after (`previous`)
        "take_into_field",  # "put it into your field under your control": `previous` cards from a graveyard
        # (those `only` matches)
        "set_races",  # "It loses all races and becomes a Vampire" (`races`, as long as it stays)
        "pay_will",  # "you may pay {B}" as an instruction (`will_cost`; "If you do": Condition.paid)
        "banish_stones",  # "you may banish three of your fire magic stones" (`count`, `stone_attributes`;
        # "If you do": Condition.paid)
        "banish_this",  # "banish this card" as an instruction (into its owner's graveyard)
        "reveal_top",  # "reveal the top card of your main deck" (to both players; it stays on top)
        "return_removed",  # "return all resonators removed from the game by this card into your field"
        "reveal_stone",  # "reveal the top card of your magic stone deck; if it's a wind magic stone, put it
        # into your magic stone area" (`stone_attributes`)
        "put_into_hand",  # a Break: this card is put into its owner's hand; with a target
        # (a graveyard selector): "put target ... from your graveyard into your hand"
        "rest_own",  # "Rest two recovered resonators you control": `count` recovered cards of `find` its
        # controller controls, chosen by them as it resolves ("If you do": Condition.paid)
        "copy_spell",  # "Its controller may copy this spell and may choose new targets for the copy":
        # each target player (`previous_controllers`) may put a copy onto the chase area
    ]
    # "previous": the targets of the instruction before ("target resonator gets +400 ATK and gains Pierce")
    # "event_controller": the controller of the event's card, as a player ("deals 500 damage to that
    # resonator's controller"); "previous_controllers": each controller of the previous instruction's
    # cards ("Destroy ... This card deals 500 damage to each controller of those resonators")
    target: Selector | Literal["self", "event_target", "event_card", "attached", "previous",
                               "event_controller", "previous_controllers"] | None = None
    amount: int = 0
    atk: int = 0
    def_: int = Field(default=0, alias="def")
    count: int = 1
    player: Literal["self", "opponent"] = "self"
    keyword: str = ""
    #: "... for each ...": ``amount`` (damage) is multiplied by the number of cards this selector
    #: matches as the instruction resolves (counted from its controller; not a target).
    per: Selector | None = None
    #: discard: the player's whole hand ("your opponent discards his or her hand"), not ``count``.
    whole_hand: bool = False
    #: "you gain that much life": ``amount`` is the damage of the event that triggered the ability.
    event_amount: bool = False
    #: "100 damage for each will symbol on the revealed card's attribute cost": ``amount`` times
    #: the attribute part of the cost of the card this card's reveal_top revealed.
    per_revealed_symbol: bool = False
    #: reveal_stone: the attributes the revealed stone must give will of to be put into the area.
    stone_attributes: list[Attribute] = []
    #: produce_will: the attribute of the will produced ({G}: wind) into its controller's pool.
    will_attribute: Attribute | None = None
    #: damage: "Target Vampire you control deals damage equal to its ATK to another target
    #: resonator": the previous instruction's target (a select_target) deals it, ``amount`` its ATK now.
    atk_of_previous: bool = False
    #: take_into_field: of its targets, only the cards this selector matches ("and the resonator
    #: destroyed this way is a Human"; races printed, as in a graveyard).
    only: Selector | None = None
    #: set_races: the races its targets have instead of theirs (``keep_races``: besides theirs, "It
    #: gains Nightmare and Vampire in addition to its own race").
    races: list[str] = []
    keep_races: bool = False
    #: pay_will: the will paid ("you may pay {B}. If you do, ...").
    will_cost: dict[str, int] = {}
    #: gain_life: "Then you gain life equal to half of that much damage" (the damage the
    #: instruction before dealt, halved and rounded up to 100, FOW-109).
    half_of_dealt: bool = False
    #: evade: the attributes of the J-rulers and resonators that cannot block the targets this turn.
    unblockable_by: list[Attribute] = []
    #: forbid_plays: what the player may not play until end of turn (Law of Silence).
    plays: list[PlayKind] = []
    duration: Literal["turn", "lasting"] = "turn"
    optional: bool = False  # "you may": its controller decides when it resolves
    #: "If you control ..., draw a card": the instruction is carried out only if this holds as it
    #: resolves (skipped otherwise, before any "you may" or choice it would ask).
    if_: Condition | None = Field(default=None, alias="if")
    chosen: bool = False  # discard: the discarding player chooses the cards (default: at random)
    #: The card an instruction looks for in a zone ("search your main deck for a Vampire
    #: resonator", "put a Vampire resonator from your graveyard"): its controller picks one as it
    #: resolves - not a target, so FOW-105 does not ask for one when it is played (official
    #: rules; the brief is silent). In the hidden main deck they may find none (official rules).
    find: Selector | None = None
    #: search: "If your Ruler is Grimm, you may put it into your field instead" (``field``: its
    #: [Enter] triggers) / "you may add it to this card instead" (``onto_source``: an Addition:
    #: Resonator attached to the card whose ability searches) - offered while ``instead_if`` holds.
    instead: Literal["field", "onto_source"] | None = None
    instead_if: Condition | None = None

    @model_validator(mode="after")
    def _will_fits(self) -> Effect:
        if (self.do == "produce_will") != (self.will_attribute is not None):
            raise ValueError("produce_will goes with `will_attribute` (the attribute of the will produced)")
        return self

    @model_validator(mode="after")
    def _find_fits(self) -> Effect:
        if self.instead is not None and self.do != "search":
            raise ValueError("`instead` (another place for the card found) goes with search")
        wanted = {"search": "main_deck", "put_into_field": "graveyard", "banish": "field",
                  "move_addition": "field", "rest_own": "field"}.get(self.do)
        if self.do in ("search", "banish", "move_addition", "rest_own") and self.find is None:
            raise ValueError(f"{self.do} needs `find`: the card it looks for, {{kind: ..., zone: ...}}")
        if self.do == "move_addition" and not isinstance(self.target, Selector):
            raise ValueError("move_addition needs its target: the Addition: Resonator moved")
        if self.find is not None and (wanted is None or self.find.zone != wanted
                                      or (self.target is not None and self.do != "move_addition")):
            raise ValueError("`find` goes with search (zone main_deck), put_into_field (zone graveyard), "
                             "banish or rest_own (zone field: what its controller controls), without a target")
        return self

    @field_validator("keyword")
    @classmethod
    def _known_keyword(cls, value: str) -> str:
        if value and value not in KEYWORD_NAMES:
            raise ValueError(f"unknown keyword {value!r}; keywords are: {', '.join(KEYWORD_NAMES)}")
        return value


def target_checks(effects: Sequence[Effect]) -> tuple[Selector, ...]:
    """The selectors that must find candidates for these instructions to be played (FOW-105):
    those that target ("all" does not), need not stop short ("up to" may) and could lack
    candidates (a player or two always exist)."""
    out = []
    for e in effects:
        sel = e.target
        if not isinstance(sel, Selector) or sel.all or sel.up_to:
            continue
        if sel.kind in ("player", "any") and sel.count <= (2 if sel.player == "any" else 1):
            continue
        out.append(sel)
    return tuple(out)


class Mode(_Strict):
    """One mode of a "Choose one - ...; or ..." spell: its instructions, and ``if`` when the mode
    may be chosen only then ("... if you control a Wererabbit")."""

    effects: list[Effect] = Field(min_length=1)
    if_: Condition | None = Field(default=None, alias="if")
    text: str = ""

    @cached_property
    def target_checks(self) -> tuple[Selector, ...]:
        return target_checks(self.effects)


class Modes(_Strict):
    """"Choose one - A; or B" (official rules; the brief is silent): the modes are chosen as the
    spell is played, before its targets (FOW-105), each at most once, and resolve in printed
    order. ``choose`` modes, or up to ``more`` instead while ``more_if`` holds ("If your ruler is
    Nameless Girl, choose up to two instead"). A mode whose condition fails or whose targets are
    missing cannot be chosen; a spell with no mode to choose cannot be played."""

    options: list[Mode] = Field(min_length=2)
    choose: int = Field(default=1, ge=1)
    more: int = 0
    more_if: Condition | None = None

    @model_validator(mode="after")
    def _counts(self) -> Modes:
        bad_count = self.more and not self.choose < self.more <= len(self.options)
        if (self.more == 0) != (self.more_if is None) or bad_count:
            raise ValueError("`more` (more than `choose`, at most the number of modes) goes with `more_if`")
        return self


class Ability(_Strict):
    """An ability of a resonator, addition or J-ruler.

    ``enter``: [Enter] (when this card enters the field); ``attacks``: when this attacks;
    ``activate``: [Activate] (M7, or as a chase, FOW-52), with its costs before the colon:
    will (``cost``), {Rest} (``rest_self``), "banish this card" (``banish_self``: the card is
    put from the field into its owner's graveyard as the cost - the official meaning of
    "banish"; the brief is silent) and/or "banish a ..." (``banish``: another card, chosen)."""

    #: destroyed: "when this card is destroyed"; damages_resonator / damages_opponent: "whenever
    #: this card deals damage to a resonator / to an opponent" (the damaged card is ``event_target``).
    #: watched_enters / watched_attacks: "whenever a Werewolf comes into a field / a Werewolf you
    #: control attacks" (the card that did is ``watch``-ed, counted from this card's controller);
    #: you_play_spell: "whenever you play a normal spell" (a spell card, a Chant-Standby too).
    #: deals_damage: "whenever this card deals damage" (to anything; the amount is the event's).
    #: watched_enters_graveyard: the same, of a card in its owner's graveyard ("When you put a
    #: Treasury Item into a field, put this card from your graveyard into your hand").
    #: main_phase_start / recovery_phase_start: "at the beginning of your main / recovery phase"
    #: (before the first action / before the cards recover, FOW-32).
    #: dies: "when this card is put into your graveyard from a field" (destroyed, banished, ...).
    #: watched_dies: "whenever a resonator is put into a graveyard from your opponent's field" (a
    #: ``watch``-ed resonator put from a field into a graveyard; it is ``event_target``).
    #: attached_rested: on an Addition: Resonator, "whenever the resonator with this becomes rested"
    #: (a recovered one rested by anything; it is ``event_target``).
    when: Literal["enter", "attacks", "activate", "destroyed", "damages_resonator", "damages_opponent",
                  "deals_damage", "watched_enters", "watched_attacks", "you_play_spell",
                  "watched_enters_graveyard", "main_phase_start", "recovery_phase_start", "attached_rested",
                  "watched_dies", "dies"]
    effects: list[Effect]
    watch: Selector | None = None
    cost: dict[str, int] = {}
    rest_self: bool = False
    banish_self: bool = False
    #: "You cannot play this ability if you don't control Rapunzel": activated only while this holds.
    if_: Condition | None = Field(default=None, alias="if")
    #: "Banish a Human resonator: ...": a card its controller controls that this selector matches
    #: (counted from them; CR: one banishes only cards one controls) is chosen and put into its
    #: owner's graveyard as the cost, when the ability is declared.
    banish: Selector | None = None
    #: "Rest a recovered resonator you control other than ...: ...": a recovered card its
    #: controller controls that this selector matches is chosen and rested as the cost.
    rest_other: Selector | None = None
    #: "{1}, discard "Poison Apple": ...": a card of one of these names is discarded from the hand
    #: as the cost (chosen in the decision cost_discard).
    discard_named: list[str] = []
    #: "{1}, discard a Fairy Tale resonator: ...": a card of the hand this selector matches (its
    #: ``kind`` the card type) is discarded as the cost (the decision cost_discard).
    discard: Selector | None = None
    once_per_turn: bool = False
    text: str = ""

    _cost = field_validator("cost")(_check_cost)

    @model_validator(mode="after")
    def _watching(self) -> Ability:
        if (self.watch is not None) != self.when.startswith("watched_"):  # (watched_enters_graveyard too)
            raise ValueError("`watch` (the cards whose entering or attacking is watched) goes with "
                             "when: watched_enters / watched_attacks")
        return self

    @cached_property
    def cost_key(self) -> CostKey:
        return cost_key(self.cost)

    @cached_property
    def target_checks(self) -> tuple[Selector, ...]:
        return target_checks(self.effects)

    @cached_property
    def produces_will(self) -> bool:
        """An [Activate] ability that only produces will ("{Rest}: Produce {G}"): official rules,
        it does not use the chase - it resolves at once and its player keeps the priority."""
        return self.when == "activate" and bool(self.effects) and all(e.do == "produce_will" for e in self.effects)


class Static(_Strict):
    """A lasting effect while the card is on the field: +ATK/+DEF and keywords for ``applies_to``
    ("self", the resonator an addition is attached to, or every card a selector matches)."""

    applies_to: Literal["self", "attached"] | Selector = "self"
    atk: int = 0
    def_: int = Field(default=0, alias="def")
    keywords: Keywords = Keywords()
    #: "gains [+200/+200] for each Fairy Tale you control": ``atk`` / ``def`` count once for
    #: every card this selector matches now, counted from the source's controller (``other``:
    #: not the source itself; ``zone: graveyard``: "for each resonator in your graveyard").
    per: Selector | None = None
    #: "Resonator with this gains ... if it's a Vampire. Otherwise, ...": the effect applies to a
    #: card only if it matches ``if_card`` / does not match ``unless_card`` (the selector's
    #: ``player`` counted from the static's controller).
    if_card: Selector | None = None
    unless_card: Selector | None = None
    #: "as long as you control Gretel": the effect applies only while this holds for its controller.
    if_: Condition | None = Field(default=None, alias="if")
    #: "each Nightmare resonator loses Nightmare and gains Fairy Tale": the races of the cards it
    #: applies to (chosen by their printed races) change while it applies.
    races_lose: list[str] = []
    races_gain: list[str] = []
    #: "Opponents cannot add [Addition:Resonator]": what its controller's opponent may not play
    #: while this card is on the field (a play restriction on a player; ``applies_to`` unused).
    opponent_cannot_play: list[PlayKind] = []
    #: "Resonator with this gains "[Activate] {Rest}: Rest target resonator."": abilities the
    #: resonator an Addition: Resonator is attached to has while it is (``applies_to: attached``;
    #: ``if_card``: "if the resonator with this is Hamelin's Pied Piper"). "This card" in them is
    #: that resonator. They come after its own abilities (``FowQueries.abilities``).
    grants: list[Ability] = []
    #: "You may pay {1} less to play Musketeer resonators": the cards its controller plays that
    #: this selector matches (its ``kind``: the card type) cost ``cost_less`` less, the generic part
    #: first, never below nothing - while the source is on the field, or a ruler in its ruler area
    #: showing its ruler side (a ruler side's ``statics`` are read there only for this).
    cost_less_for: Selector | None = None
    cost_less: dict[str, int] = {}
    #: "You may pay the attribute cost of Fairy Tale resonators with will of any attribute": for the
    #: cards its controller plays that this selector matches, the attribute part of the cost may be
    #: paid with any will - it counts as generic (read as ``cost_less_for`` is).
    any_attribute_for: Selector | None = None
    #: "gain control of it" (``applies_to: attached``): the resonator it is attached to is controlled
    #: by this addition's controller while it stays attached; when the addition leaves it, the
    #: resonator goes back to its owner's control.
    control: bool = False
    #: "Attribute of that resonator becomes water": the attributes of the cards it applies to.
    attributes_set: list[Attribute] = []
    #: "cannot be targeted by Vampire spells or Vampire cards' abilities and prevent any damage it
    #: would be dealt by Vampires": the cards it applies to cannot be targeted by the spells and
    #: abilities of cards this selector matches (counted from the static's controller), and the
    #: damage those cards would deal them - by battle or by effects - is prevented.
    guard_from: Selector | None = None

    @model_validator(mode="after")
    def _grants_attached(self) -> Static:
        if self.grants and self.applies_to != "attached":
            raise ValueError("`grants` (abilities given) goes with applies_to: attached")
        return self

    @cached_property
    def granted(self) -> frozenset[str]:
        """The keywords it gives."""
        return frozenset(k for k in KEYWORD_NAMES if getattr(self.keywords, k))


class StandbyTrigger(_Strict):
    """FOW-56: the event that lets a set chant-standby be activated."""

    event: Literal[
        "opponent_spell_targets_your_resonator",  # a spell an opponent controls targets a resonator you control
        "opponent_plays_spell",  # an opponent plays a spell
        "opponent_summons",  # an opponent summons a resonator
        "opponent_attacks",  # an opponent's J-ruler or resonator attacks
        "opponent_lifebreak",  # an opponent performs a Lifebreak
        "anytime",  # "[Trigger] Anytime": whenever its controller could act (M6 or as a chase)
    ]
    #: "[Trigger] Your Ruler is Puss in Boots ... and you control ...": with ``anytime``, a state
    #: trigger - the chant-standby may be activated whenever its controller could act while it holds.
    if_: Condition | None = Field(default=None, alias="if")


class JRulerSide(_Strict):
    """The back of a ruler card (FOW-24): what the J-ruler is on the field."""

    name: str = Field(min_length=1)
    atk: int = 0
    def_: int = Field(default=0, alias="def")
    races: list[str] = []
    keywords: Keywords = Keywords()
    abilities: list[Ability] = []
    statics: list[Static] = []
    #: "At end of turn, return this card to its Ruler side": as the End Phase begins it goes back
    #: to the ruler area ruler side up, keeping its orientation (like Imperishable's return, FOW-40).
    back_at_end: bool = False
    text: str = ""


#: What one side of a card shows: ATK, DEF, keywords, abilities and lasting effects.
Face = tuple[int, int, Keywords, Sequence[Ability], Sequence[Static]]
#: A destroyed J-ruler shows no ATK, DEF or abilities (FOW-40).
SPENT_FACE: Face = (0, 0, Keywords(), (), ())


class ForceOfWillCard(_Strict, CardModel):
    """A card definition. Only ``name`` and ``type`` are required (README: Card fields)."""

    name: str = Field(min_length=1)
    type: CardType
    subtype: Subtype | None = None
    attributes: list[Attribute] = []
    cost: dict[str, int] = {}
    atk: int = 0
    def_: int = Field(default=0, alias="def")
    races: list[str] = []
    keywords: Keywords = Keywords()
    effects: list[Effect] = []  # a spell's effects (FOW-22)
    modes: Modes | None = None  # a spell's "Choose one - ..." (instead of `effects`)
    abilities: list[Ability] = []
    statics: list[Static] = []
    break_ability: list[Effect] = []  # FOW-60: "Break: ..." played free from the Lifebreak area
    trigger: StandbyTrigger | None = None  # a chant-standby's Trigger (FOW-56)
    produces: list[Attribute] = []  # a special magic stone: rests for 1 will of one of these
    #: "If your Ruler is Christie ..., you may pay {1} less to play this card": ``cost_less`` off
    #: the cost (the generic part) while ``cost_less_if`` holds for the player (taken: it is never worse).
    cost_less: dict[str, int] = {}
    cost_less_if: Condition | None = None
    j_activate: dict[str, int] = {}  # a ruler's J-Activate cost (FOW-36)
    #: "You cannot play this ability if you haven't put any Moon into a field this turn".
    j_activate_if: Condition | None = None
    #: A second J-Activate ("J-Activate Pay {1}, discard "Poison Apple""): its will cost and the
    #: names of the card it discards from the hand (the action judgment {option: alt}).
    j_activate_alt: dict[str, int] = {}
    j_activate_alt_discard: list[str] = []
    #: "If a Human was put into your graveyard from a field this turn, you may pay {0} to play this
    #: ability instead": the J-Activate is free while this holds.
    j_activate_free_if: Condition | None = None
    #: "If you control Athos, you pay {3} less to play this ability. So does Aramis and Porthos":
    #: the J-Activate costs ``j_activate_less`` less (the generic part first) once for each of these
    #: selectors that matches a card its player controls.
    j_activate_less: dict[str, int] = {}
    j_activate_less_for: list[Selector] = []
    j_ruler: JRulerSide | None = None  # a ruler's back side
    #: A ruler printed with no J-ruler side (Grimm, the Fairy Tale Prince): it never does Judgment.
    no_j_ruler: bool = False
    #: An Addition: Resonator "Add this to a resonator with total cost 2 or less": the resonators
    #: it may be played on (counted from its player).
    host: Selector | None = None
    text: str = ""
    break_text: str = ""
    card_number: str = ""
    rarity: str = ""
    original: bool = False  # made up for this engine, not a printed card: in no starter deck
    rulings: tuple[Ruling, ...] = ()  # the publisher's answers about this card (tcg.core.rulings)
    fixture: bool = False  # a test fixture of the brief (2.7), not official card data

    _cost = field_validator("cost", "j_activate", "cost_less", "j_activate_alt")(_check_cost)

    @model_validator(mode="after")
    def _consistent(self) -> ForceOfWillCard:
        t, sub = self.type, self.subtype
        if t == "spell" and sub not in SPELL_SUBTYPES:
            raise ValueError(f"a spell needs a subtype: one of {', '.join(SPELL_SUBTYPES)} (FOW-22)")
        if t == "addition" and sub not in ADDITION_SUBTYPES:
            raise ValueError(f"an addition needs a subtype: one of {', '.join(ADDITION_SUBTYPES)} (FOW-23)")
        if t not in ("spell", "addition", "magic_stone") and sub is not None:
            raise ValueError(f"a {t} has no subtype")
        if t == "magic_stone":
            if sub == "basic_magic_stone" and len(self.attributes) != 1:
                raise ValueError("a basic magic stone has exactly one attribute (FOW-107)")
            if not self.is_special_stone and len(self.attributes) != 1:
                raise ValueError("a magic stone has one attribute, or `produces` for a special stone (FOW-107)")
            if self.cost:
                raise ValueError("a magic stone has no cost")
        if t == "ruler" and self.j_ruler is None and (self.j_activate or self.j_activate_alt or not self.no_j_ruler):
            raise ValueError("a ruler needs its J-ruler side: j_ruler: {name, atk, def} (FOW-24), unless it has "
                             "none (no_j_ruler: true, and no J-Activate)")
        if t != "ruler" and (self.j_ruler is not None or self.j_activate):
            raise ValueError("only a ruler has j_ruler / j_activate")
        if self.trigger is not None and sub != "chant_standby":
            raise ValueError("only a chant-standby has a trigger (FOW-56)")
        if sub == "chant_standby" and self.trigger is None:
            raise ValueError("a chant-standby needs its trigger: {event: ...} (FOW-56)")
        if t == "spell" and not self.effects and self.modes is None:
            raise ValueError("a spell needs its effects (or its modes)")
        if t == "spell" and self.effects and self.modes is not None:
            raise ValueError("a spell has `effects` or `modes`, not both")
        if t != "spell" and (self.effects or self.modes is not None):
            raise ValueError("only a spell has `effects` or `modes`; give other cards `abilities`")
        return self

    @cached_property
    def any_statics(self) -> bool:
        """Has lasting effects on either side."""
        return bool(self.statics) or (self.j_ruler is not None and bool(self.j_ruler.statics))

    @cached_property
    def is_resonator(self) -> bool:
        return self.type == "resonator"

    @cached_property
    def keyword_set(self) -> frozenset[str]:
        """The keywords printed on the front side."""
        return frozenset(k for k in KEYWORD_NAMES if getattr(self.keywords, k))

    @cached_property
    def trigger_event(self) -> str | None:
        """A chant-standby's trigger event (FOW-56)."""
        return None if self.trigger is None else self.trigger.event

    @cached_property
    def is_special_stone(self) -> bool:
        """FOW-8: a stone with anything but one attribute is special (README: Card fields)."""
        return self.type == "magic_stone" and (self.subtype == "special_magic_stone" or bool(self.produces)
                                               or bool(self.abilities) or bool(self.statics))

    @cached_property
    def stone_will(self) -> tuple[str, ...]:
        """The attributes this stone may rest for, 1 will each (FOW-26, FOW-107)."""
        return tuple(self.produces) if self.produces else tuple(self.attributes)

    @cached_property
    def front(self) -> Face:
        """ATK, DEF, keywords, abilities and lasting effects of the card's (front) side."""
        return self.atk, self.def_, self.keywords, self.abilities, self.statics

    @cached_property
    def back(self) -> Face:
        """The same for a ruler's J-ruler side (the front side for any other card)."""
        j = self.j_ruler
        return self.front if j is None else (j.atk, j.def_, j.keywords, j.abilities, j.statics)

    @cached_property
    def cost_key(self) -> CostKey:
        return cost_key(self.cost)

    @cached_property
    def j_activate_key(self) -> CostKey:
        return cost_key(self.j_activate)

    @cached_property
    def effect_checks(self) -> tuple[Selector, ...]:
        """:func:`target_checks` of the spell's effects."""
        return target_checks(self.effects)

    @cached_property
    def break_checks(self) -> tuple[Selector, ...]:
        """:func:`target_checks` of the Break ability."""
        return target_checks(self.break_ability)

    @cached_property
    def total_cost(self) -> int:
        return sum(self.cost.values())

    @cached_property
    def instant_speed(self) -> bool:
        """Playable as a chase from the hand: a Chant-Instant, or a Chant with Quickcast (FOW-52)."""
        return self.subtype == "chant_instant" or (self.subtype == "chant" and self.keywords.quickcast)

    @cached_property
    def front_activations(self) -> tuple[tuple[int, Ability], ...]:
        """The [Activate] abilities of the front side, with their index among its abilities."""
        return tuple((i, ab) for i, ab in enumerate(self.abilities) if ab.when == "activate")

    @cached_property
    def back_activations(self) -> tuple[tuple[int, Ability], ...]:
        """The same for a ruler's J-ruler side (the front side's for any other card)."""
        j = self.j_ruler
        return self.front_activations if j is None else tuple(
            (i, ab) for i, ab in enumerate(j.abilities) if ab.when == "activate")

    @cached_property
    def activates(self) -> bool:
        """Has an [Activate] ability on either side (the engine skips the other cards quickly)."""
        sides = [*self.abilities, *(self.j_ruler.abilities if self.j_ruler else ())]
        return any(ab.when == "activate" for ab in sides)
