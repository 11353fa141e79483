"""The Yu-Gi-Oh! card schema: fields (README: Card fields), activation data and the effect vocabulary.

Cards are data. A Spell or Trap names *when* it can be activated (its ``activation``) and
what it does (``effects``); a monster's effects are listed the same way with their kind
(trigger, quick, continuous). Lasting rules a face-up card imposes (Gravity Bind, Dupe Frog)
are ``statics``. Everything is carried out by :mod:`tcg.games.yugioh.effects`.
"""

from __future__ import annotations

from functools import cached_property
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from tcg.core.carddata import CardModel
from tcg.core.rulings import Ruling

CardType = Literal["monster", "spell", "trap"]
MonsterKind = Literal["normal", "effect", "fusion", "ritual", "synchro", "xyz", "link"]
SpellKind = Literal["normal", "quick_play", "continuous", "equip", "field", "ritual"]
TrapKind = Literal["normal", "continuous", "counter"]
Attribute = Literal["DARK", "LIGHT", "EARTH", "WATER", "FIRE", "WIND", "DIVINE"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Selector(_Strict):
    """Which cards an effect acts on; ``player`` is relative to the effect's controller."""

    player: Literal["self", "opponent", "any"] = "opponent"
    # "extra_deck": its cards are hidden, so a choice there does not target (is_targeting_effect)
    zone: Literal["monster_zone", "spell_trap_zone", "field_zone", "hand", "graveyard", "deck",
                  "extra_deck"] = "monster_zone"
    # "Deck or GY"; a Spell/Trap on the field is in the Spell & Trap Zone or the Field Zone
    also_zones: list[Literal["monster_zone", "spell_trap_zone", "field_zone", "hand", "graveyard", "deck",
                             "extra_deck"]] = []
    name_contains: str = ""  # e.g. a "Frog" monster
    name: str = ""  # a card of exactly this name (Weather Report: "Swords of Revealing Light")
    exclude_name: str = ""  # "except Dupe Frog"
    types: list[CardType] = []
    # "face_down": any face-down card (a Set Spell/Trap or a face-down monster: The Stern Mystic)
    # "any_defense": face-up or face-down Defense Position (Stop Defense)
    position: Literal["attack", "defense", "face_down_defense", "face_up", "face_down", "any_defense"] | None = None
    max_atk: int | None = None
    max_def: int | None = None
    attributes: list[Attribute] = []
    races: list[str] = []
    min_level: int | None = None
    max_level: int | None = None
    count: int = 1
    up_to: bool = False
    all: bool = False
    random: bool = False
    # A face-up card must be of one of these types; a face-down card qualifies whatever it is, since
    # its type is hidden (De-Spell: "1 face-up Spell, or 1 Set Spell/Trap"; see ``destroy_revealed``)
    types_when_face_up: list[CardType] = []
    # Only the candidates with the lowest ATK among those that match, ties chosen by the player
    # (Fissure); a selection by value, so it does not target (official rulings)
    lowest_atk: bool = False
    # A deck's top N cards only (Ancient Telescope: "the top 5 cards of your opponent's Deck")
    top: int | None = Field(default=None, ge=1)

    @cached_property
    def checks_card(self) -> bool:
        """Whether a card must be checked beyond being face-up (``YGOQueries.matches``): False
        for "any card", "a face-up monster"; lets the search for a first candidate skip it."""
        return bool(self.types or self.name or self.name_contains or self.exclude_name or self.max_atk is not None
                    or self.max_def is not None or self.attributes or self.races or self.min_level is not None
                    or self.max_level is not None or self.position not in (None, "face_up")
                    or bool(self.types_when_face_up) or self.lowest_atk or self.top is not None)


class Effect(_Strict):
    """One instruction."""

    do: Literal[
        "draw",  # the controller draws `count` (YGO-130: from an empty deck, they lose)
        "destroy",  # targets are destroyed (to the graveyard)
        "damage",  # `amount` damage to the opponent's LP (`player: self` to yourself)
        "gain_lp",  # the controller gains `amount` LP
        "atk_modifier",  # targets get `amount` ATK until the end of the turn
        "def_modifier",  # targets get `amount` DEF until the end of the turn
        "change_position",  # targets switch between attack and defense (face-up)
        "return_to_hand",  # targets go to their owner's hand
        "special_summon_self",  # this card is Special Summoned (from where it is) in Attack Position
        "special_summon",  # targets (e.g. from your graveyard) are Special Summoned in Attack Position
        "negate_attack",  # the current attack is negated (the attacker still counts as having attacked)
        "end_battle_phase",  # YGO-14: go to the End Step of this Battle Phase
        "end_turn",  # YGO-15: the rest of the turn is skipped to its End Phase (Neko Mane King)
        "skip_next_main1",  # YGO-8: the target player skips their next Main Phase 1 (Timeater)
        "skip_next_battle_phase",  # YGO-9: the target player skips their next Battle Phase
        "extra_battle_phases",  # YGO-10: the target player conducts `count` Battle Phases next turn (or in
        # their next Battle Phase: `next_battle_phase`; "you can" conduct each further one: `phases_optional`)
        "negate_activation",  # the activation of the chain link below is negated (and that card destroyed)
        "discard",  # targets in a hand (or an Extra Deck) go to the graveyard
        "add_to_hand",  # targets (in a deck or graveyard) go to their owner's hand; a searched deck is shuffled
        "equip",  # this Equip Spell equips the target (YGO-119: it goes to the GY when that monster leaves)
        "take_control",  # the controller takes control of the targets (`until_end_phase`: it returns then)
        "fusion_summon",  # Fusion Summon a Fusion Monster of your Extra Deck with its materials (summons.py)
        "ritual_summon",  # Ritual Summon `monster` from your hand, tributing Levels >= `levels` (summons.py)
        "destroy_revealed",  # targets Set are revealed; destroyed only if of `only_types` (De-Spell, Trap Master)
        "reveal",  # face-down targets are shown to both players and stay face-down (The Stern Mystic)
        "look_at",  # the controller alone looks at the targets (The Inexperienced Spy, Ancient Telescope)
        "damage_per_card",  # `amount` damage to `player` for each target (Just Desserts)
        "discard_hands_redraw",  # each player discards their hand, then draws as many (Card Destruction)
        "banish",  # targets are banished (Gravedigger Ghoul)
        "to_attack_position",  # targets go to face-up Attack Position; a face-down one is flipped (Stop Defense)
        "battle_protection",  # this turn `player` takes no battle damage and their monsters survive battle (Waboku)
        "allow_tribute",  # the controller may Tribute the targets this turn as if they controlled them (Soul Exchange)
        "skip_battle_phase_this_turn",  # YGO-9: the controller cannot conduct a Battle Phase this turn
        "reverse_stat_changes",  # until the End Phase, ATK/DEF increases and decreases are reversed (Reverse Trap)
        "apply_position_locks",  # the face-up monsters a `lock_in_defense` card names go to Defense Position
        "flip_face_up",  # face-down targets are turned face-up in their position; Flip effects activate
        "destroy_after_opponent_turns",  # this card is destroyed in the End Phase of the opponent's `count`th turn
        "extra_normal_summon",  # right after it resolves, the controller Normal Summons/Sets 1 (Ultimate Offering)
        "permit_later",  # this turn the card's `later` instructions may be used once, after a monster of yours
        # went from your field to your GY, at an open state of the turn (Last Will; effects.py: ``later_sources``)
    ]
    # "battled": the monster this card battled, after damage calculation (Wall of Illusion)
    target: Selector | Literal["self", "attacker", "attack_target", "summoned", "battled"] | None = None
    player: Literal["self", "opponent"] = "opponent"  # for damage / skip_next_main1 / extra_battle_phases
    count: int = 1
    amount: int = 0
    optional: bool = False
    banish_when_leaves: bool = False  # special_summon_self: "if it leaves the field, banish it"
    position: Literal["choose", "attack"] = "choose"  # special summons: YGO-116 lets the player choose
    until_end_phase: bool = False  # take_control: control goes back at the start of the End Phase
    # add_to_hand: "but you cannot activate cards, or the effects of cards, with that name for the
    # rest of this turn" (Sangan, Witch of the Black Forest)
    lock_name: bool = False
    monster: str = ""  # ritual_summon: the Ritual Monster this Ritual Spell summons
    levels: int = Field(default=0, ge=0)  # ritual_summon: the total Level the tributes must reach
    only_types: list[CardType] = []  # destroy_revealed: the card types it destroys (the others stay)
    # "<name> must be on the field to activate and to resolve this effect" (The Flute of Summoning
    # Dragon): a face-up card of that name on either field, checked on activation and on resolution
    needs_face_up: str = ""
    # "If you do" / "If <it> is destroyed": carried out only if the instruction before it in the same
    # effect moved at least one of its cards off the field (Weather Report; ``YGOEffects.do_effect``)
    if_done: bool = False
    # extra_battle_phases: "your next Battle Phase" - this turn's if it is the player's turn and their
    # Battle Phase is still to come (Draw, Standby or Main Phase 1), else the next turn's (Weather Report)
    next_battle_phase: bool = False
    # extra_battle_phases: "you can perform your Battle Phase twice" - after each Battle Phase the player
    # chooses whether to conduct the next one (Weather Report); without it they must (An Unfortunate Report)
    phases_optional: bool = False


class Activation(_Strict):
    """When a Spell, Trap or monster effect can be activated (its timing window)."""

    when: Literal[
        "main",  # an open state in your own Main Phase (Spell Speed 1 cards)
        "any",  # any time its Spell Speed allows (quick-play, traps, quick effects)
        "opponent_attacks",  # an opponent's monster declares an attack
        "opponent_direct_attack",  # an opponent's monster declares a direct attack (Battle Fader)
        "opponent_summons",  # the opponent Normal, Flip or Special Summons a monster
        "activation",  # in response to a card or effect being activated (counter traps)
        "destroys_by_battle",  # trigger: this monster destroyed an opponent's monster by battle
        "sent_to_graveyard_by_opponent",  # trigger: an opponent's card effect sent this card to the GY
        "sent_to_graveyard_from_field",  # trigger: this card went from the field to the GY
        "flip",  # trigger: this card is flipped face up (Flip effect)
        "summoned",  # trigger: this card is Normal or Special Summoned
        "standby",  # trigger: your Standby Phase
        "destroyed_by_battle",  # trigger: this card was destroyed by battle and sent to the GY
        "attacked",  # trigger: this card was attacked by a monster, after damage calculation (Wall of Illusion)
        "own_end_phase",  # trigger: your End Phase, this card face-up on the field (The Wicked Worm Beast)
        "other_normal_or_flip_summoned",  # trigger: another monster is Normal or Flip Summoned (Mysterious Puppeteer)
        "own_main_or_opponent_battle",  # your Main Phase or your opponent's Battle Phase (Ultimate Offering)
    ] = "main"
    summoned_min_atk: int | None = None  # opponent_summons: the summoned monster has at least this ATK
    normal_or_flip_summon: bool = False  # opponent_summons: only a Normal or Flip Summon
    from_hand: bool = False  # a monster effect used from the hand (Battle Fader)


class Static(_Strict):
    """A lasting rule a face-up card imposes while it is on the field."""

    rule: Literal[
        "level4_plus_cannot_attack",  # Gravity Bind (both players' Level 4 or higher monsters)
        "opponent_attacks_only_this",  # Dupe Frog: the opponent cannot target other monsters for attacks
        "must_attack",  # the controller's monsters must attack this turn (YGO-5)
        "piercing",  # this monster inflicts ATK - DEF against Defense Position monsters (YGO-122)
        "modify_monsters",  # face-up monsters of `races` / `attributes` get `atk` / `def` (field spells)
        "modify_own_monsters_in_own_battle_phase",  # your monsters get `atk` during your Battle Phase
        "untargetable_by_effects",  # face-up monsters of `races` on the field cannot be targeted by card effects
        "lock_in_defense",  # face-up monsters of `races` on the field are in Defense Position and stay so
        "opponent_cannot_attack",  # the controller's opponent's monsters cannot declare an attack
    ]
    races: list[str] = []  # modify_monsters / untargetable_by_effects / lock_in_defense: which (empty: any)
    attributes: list[Attribute] = []
    atk: int = 0
    def_: int = Field(default=0, alias="def")

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class EquipBonus(_Strict):
    """What an Equip Spell gives the monster it equips, and which monsters it may equip."""

    atk: int = 0
    def_: int = Field(default=0, alias="def")
    races: list[str] = []  # only a monster of one of these races (empty: any)
    attributes: list[Attribute] = []

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    def fits(self, monster: YugiohCard) -> bool:
        """Whether it may equip this kind of card (when face-up; see ``YGOQueries.can_equip``)."""
        return (monster.type == "monster" and (not self.races or monster.race in self.races)
                and (not self.attributes or monster.attribute in self.attributes))


class CardEffect(_Strict):
    """An activatable or triggered effect of a card."""

    activation: Activation = Activation()
    effects: list[Effect]
    mandatory: bool = False  # YGO-20 (b): a mandatory effect
    # What a ``permit_later`` permission carries out later in the turn, once, as a "you may" (Last
    # Will's Special Summon from the Deck): no chain link, not in the Damage Step (official rulings)
    later: list[Effect] = []
    lp_cost: int = Field(default=0, ge=0)  # "pay N LP" as it is activated (a cost: the LP must be there)
    once_per_turn: bool = False  # "You can only use this effect of <name> once per turn" (per player)

    @cached_property
    def changes_atk_def(self) -> bool:
        """YGO-20 (a): one of its instructions changes a monster's ATK or DEF *directly* (a verb
        of ``STAT_VERBS``). Derived from the verbs, never set by hand: an effect that changes how
        other effects change ATK/DEF (Reverse Trap's ``reverse_stat_changes``) is not one
        (official rulings: Konami's OCG FAQ on Reverse Trap)."""
        return any(e.do in STAT_VERBS for e in self.effects)

    @cached_property
    def negates_activation(self) -> bool:
        """YGO-20 (d): one of its instructions negates the activation of a card or effect."""
        return any(e.do == "negate_activation" for e in self.effects)


UNTARGETED_VERBS = frozenset({"draw", "damage", "gain_lp", "special_summon_self", "negate_attack", "end_battle_phase",
                         "end_turn", "skip_next_main1", "skip_next_battle_phase", "extra_battle_phases",
                         "negate_activation", "fusion_summon", "ritual_summon", "battle_protection",
                         "skip_battle_phase_this_turn", "reverse_stat_changes",
                         "apply_position_locks", "permit_later", "extra_normal_summon",
                         "destroy_after_opponent_turns"})


#: YGO-20 (a): the verbs that change a monster's ATK or DEF directly (a Spell Speed 2 effect with
#: one of them may be activated in the Damage Step).
STAT_VERBS = frozenset({"atk_modifier", "def_modifier"})
#: YGO-20 (e): triggers whose event is the card itself being moved to another place, turned
#: face-up (Flip effects) or changing its battle position: activated in the Damage Step too.
SELF_EVENT_TRIGGERS = frozenset({"flip", "destroyed_by_battle", "sent_to_graveyard_by_opponent",
                                 "sent_to_graveyard_from_field", "summoned"})
#: YGO-128: triggers whose event happens in the Damage Step itself ("destroys a monster by battle",
#: "after damage calculation"): optional ones are activated there only under the official timing.
DAMAGE_STEP_TRIGGERS = frozenset({"destroys_by_battle", "attacked"})

#: Timings of effects that are activated when their event happens, never at will (YGO-120).
TRIGGER_TIMINGS = frozenset({"destroys_by_battle", "sent_to_graveyard_by_opponent", "sent_to_graveyard_from_field",
                             "flip", "summoned", "standby", "attacked", "own_end_phase",
                             "other_normal_or_flip_summoned"})


#: Every ``context`` of ``YugiohState.can_activate``, and those in which a timing may be met.
ALL_CONTEXTS = frozenset({"main", "battle", "chain", "attack", "direct_attack", "summon", "damage_step", "phase"})
ACTIVATION_CONTEXTS = {
    "main": frozenset({"main"}),
    "opponent_attacks": frozenset({"attack", "direct_attack"}),
    "opponent_direct_attack": frozenset({"direct_attack"}),
    "opponent_summons": frozenset({"summon"}),
}


def is_targeting_effect(eff: Effect) -> bool:
    """"Target ..." instructions: a choice of cards on the field or in a graveyard (a search of
    the deck, "all" and random picks do not target)."""
    sel = eff.target
    return (isinstance(sel, Selector) and eff.do not in UNTARGETED_VERBS and not sel.all and not sel.random
            and not sel.lowest_atk and sel.zone not in ("deck", "hand", "extra_deck"))


class YugiohCard(_Strict, CardModel):
    """A card definition. Only ``name`` and ``type`` are required (README: Card fields)."""

    name: str = Field(min_length=1)
    type: CardType
    monster_kind: MonsterKind | None = None
    attribute: Attribute | None = None
    race: str = ""
    level: int = Field(default=0, ge=0, le=13)
    atk: int = Field(default=0, ge=0)
    def_: int = Field(default=0, ge=0, alias="def")
    spell_kind: SpellKind | None = None
    trap_kind: TrapKind | None = None
    effect: CardEffect | None = None  # the card's activatable effect (Spells and Traps: their activation)
    # A face-up Continuous Spell/Trap's own activated effect, used again and again once the card is
    # face-up (Ultimate Offering); activating the card itself is ``effect``
    face_up_effect: CardEffect | None = None
    statics: list[Static] = []
    equip: EquipBonus | None = None  # Equip Spells
    wins_with: list[str] = []  # YGO-131: you win when this card and all these are in your hand (Exodia)
    materials: list[str] = []  # a Fusion Monster's Fusion Materials, by name (one entry per monster)
    treated_as: str = ""  # a name it is also treated as on the field (Dupe Frog: "Des Frog")
    # "After this card's activation, it remains on the field" (a Normal Spell that stays: Swords of
    # Revealing Light)
    remains: bool = False
    text: str = ""
    set_code: str = ""
    # The number printed in the card's lower left corner (its password): what .ydk files and
    # ydke:// URLs name it by (tcg.deckio). At most 8 digits; a card made up for the engine has none.
    passcode: int | None = Field(default=None, ge=1, le=99_999_999)
    rarity: str = ""
    original: bool = False  # made up for this engine, not a printed card: in no starter deck
    rulings: tuple[Ruling, ...] = ()  # the publisher's answers about this card (tcg.core.rulings)

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    @model_validator(mode="after")
    def _consistent(self) -> YugiohCard:
        if self.type == "monster":
            if self.monster_kind is None:
                raise ValueError("a monster needs monster_kind (normal, effect, ...)")
            if self.spell_kind or self.trap_kind:
                raise ValueError("a monster has no spell_kind / trap_kind")
        if self.type == "spell" and self.spell_kind is None:
            raise ValueError("a spell needs spell_kind (normal, quick_play, continuous, equip, field, ritual)")
        if self.type == "trap" and self.trap_kind is None:
            raise ValueError("a trap needs trap_kind (normal, continuous, counter)")
        if self.type != "monster" and (self.level or self.atk or self.def_):
            raise ValueError("only monsters have level, atk and def")
        if (self.monster_kind == "fusion") != bool(self.materials):
            raise ValueError("a Fusion Monster lists its materials (by name), and only a Fusion Monster does")
        for e in self.effect.effects if self.effect else ():
            if e.do == "ritual_summon" and (not e.monster or e.levels < 1):
                raise ValueError("ritual_summon names its Ritual Monster (monster) and the Levels to tribute (levels)")
        return self

    @cached_property
    def spell_speed(self) -> int:
        """YGO-120: 1 for Spells other than Quick-Play and for ignition/trigger effects; 2 for
        Quick-Play Spells, Normal/Continuous Traps and quick effects; 3 for Counter Traps."""
        if self.type == "trap":
            return 3 if self.trap_kind == "counter" else 2
        if self.type == "spell":
            return 2 if self.spell_kind == "quick_play" else 1
        act = self.effect.activation if self.effect else None
        if act is not None and act.when in ("opponent_attacks", "opponent_direct_attack", "any", "activation"):
            return 2
        return 1

    @cached_property
    def activatable_from_hand(self) -> bool:
        """Spells, and monsters whose effect is used from the hand (Battle Fader); never Traps (YGO-118)."""
        if self.effect is None:
            return False
        return self.type == "spell" or (self.type == "monster" and self.effect.activation.from_hand)

    @cached_property
    def activation_contexts(self) -> frozenset[str]:
        """The contexts of ``YugiohState.can_activate`` in which this card may ever be activated
        at will: none without an effect, for a trigger or for a monster effect not used from the
        hand; only ``main`` at Spell Speed 1; else those its timing allows. A cheap first filter
        before ``can_activate``, which is asked for every card at every decision."""
        eff = self.effect
        if eff is None or eff.activation.when in TRIGGER_TIMINGS:
            return frozenset()
        if self.type == "monster" and not eff.activation.from_hand:
            return frozenset()
        if self.spell_speed == 1:
            return frozenset({"main"})
        return ACTIVATION_CONTEXTS.get(eff.activation.when, ALL_CONTEXTS)

    @cached_property
    def hand_contexts(self) -> frozenset[str]:
        """``activation_contexts`` of the card in hand: none if it is never activated from there."""
        return self.activation_contexts if self.activatable_from_hand else frozenset()

    @cached_property
    def normal_summonable(self) -> bool:
        """YGO-112: Normal and Effect Monsters may be Normal Summoned or Set from the hand."""
        return self.type == "monster" and self.monster_kind in ("normal", "effect")

    @cached_property
    def static_rules(self) -> frozenset[str]:
        """The rules of its ``statics``, to ask "does it impose X" without a loop."""
        return frozenset(st.rule for st in self.statics)

    @cached_property
    def tributes_needed(self) -> int:
        """YGO-113: Level 5-6 one tribute, 7 or more two."""
        if self.type != "monster":
            return 0
        return 2 if self.level >= 7 else 1 if self.level >= 5 else 0

    @cached_property
    def stays_on_field(self) -> bool:
        """YGO-119: Continuous, Equip and Field cards stay, and a card whose text says it remains;
        the others go to the graveyard."""
        return self.remains or self.spell_kind in ("continuous", "equip", "field") or self.trap_kind == "continuous"
