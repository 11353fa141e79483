"""The Duel Masters card schema: fields, keywords and the effect vocabulary.

Cards are data. A card's behaviour is its ``keywords`` (glossary names, DM-43..DM-81) and
its ``abilities`` / ``effects``, written in the small effect vocabulary below and carried
out by :mod:`tcg.games.duel_masters.effects`. Nothing here is per-card code.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from tcg.core.carddata import CardModel
from tcg.core.rulings import Ruling

Civilization = Literal["light", "water", "darkness", "fire", "nature"]
CIVILIZATIONS: tuple[str, ...] = ("light", "water", "darkness", "fire", "nature")  # DM-103
Zone = Literal["deck", "hand", "shields", "mana", "battle", "graveyard"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Selector(_Strict):
    """Which cards an effect acts on. ``player`` is relative to the effect's controller."""

    player: Literal["self", "opponent", "any"] = "opponent"
    zone: Zone = "battle"
    types: list[Literal["creature", "evolution_creature", "spell"]] = []
    civilizations: list[Civilization] = []  # has at least one of these
    not_civilizations: list[Civilization] = []  # has none of these (DM-12: a rainbow card has all its civs)
    races: list[str] = []  # has at least one of these races
    max_power: int | None = None
    min_power: int | None = None
    max_cost: int | None = None
    min_cost: int | None = None
    tapped: bool | None = None
    untapped: bool | None = None
    blocker: bool | None = None
    evolution: bool | None = None
    other: bool = False  # never the source card itself
    count: int = 1
    up_to: bool = False  # the chooser may pick fewer (down to none)
    all: bool = False  # every matching card, no choice
    random: bool = False  # picked at random (e.g. discards)
    chooser: Literal["self", "opponent"] = "self"


Target = Selector | Literal["self"]


class CardCount(_Strict):
    """"If there are at least ``at_least`` cards that ``cards`` selects" (from the effect's
    controller's side): "if your opponent has 3 or more creatures in the battle zone"."""

    cards: Selector
    at_least: int = Field(default=1, ge=1)


class Effect(_Strict):
    """One instruction. DM-25: instructions are carried out in order; DM-26: as far as possible."""

    do: Literal[
        "draw",  # count cards (up_to: "up to")
        "destroy",  # target -> graveyard (battle zone)
        "return_to_hand",  # target -> owner's hand
        "put_into_mana",  # target -> owner's mana zone
        "put_into_shields",  # target -> owner's shields (appended, DM-7)
        "add_shield_from_deck",  # top `count` cards of your deck -> your shields (DM-7)
        "discard",  # target (in a hand) -> graveyard
        "to_graveyard",  # target (any zone) -> graveyard, not a destruction
        "power_modifier",  # target gets `amount` power until the end of the turn
        "grant_keywords",  # target gets `keywords` until the end of the turn
        "tap",
        "untap",
        "search_deck",  # choose `count` cards matching `target` in your deck -> `to`; shuffle
        "mana_from_deck",  # top `count` cards of your deck -> your mana zone
        "separate_evolution",  # the top card of a target evolution creature -> graveyard; the rest stays
        "put_into_battle",  # target creature card (hand, mana, graveyard...) -> the battle zone (DM-32)
        "make_attackable",  # your creatures can attack the (untapped) target this turn as though it were tapped
        "grant_when_blocked",  # this turn, each of your creatures that becomes blocked gets `keywords`
        "draw_per",  # draw a card for each card `per` selects (counted as it resolves)
        "look_at",  # the controller looks at the (hidden) targets; they stay where they are
        "reveal_top",  # reveal the top `count` cards of your deck: `matching` ones -> `to`, the rest -> graveyard
        "free_attacks",  # this turn, nothing stops your creatures attacking the opponent (Diamond Cutter)
        "choose_one",  # the controller chooses one of `options` (an effect list each) and carries it out
        "put_on_deck_top",  # target -> the top of its owner's deck
    ]
    target: Target | None = None
    count: int = 1
    up_to: bool = False
    amount: int = 0
    keywords: dict[str, Any] = {}
    to: Zone = "hand"
    optional: bool = False  # "you may" (declined with `pass`)
    # power_modifier / grant_keywords last until the end of this turn, or of the next turn
    # ("during your opponent's next turn", cast in your own turn)
    duration: Literal["turn", "next_turn"] = "turn"
    allow_shield_trigger: bool = False  # DM-44: a shield put into a hand by an effect gives no trigger
    per: Selector | None = None  # draw_per: the cards counted ("a card for each ...")
    only_if: CardCount | None = None  # carried out only if this holds as it resolves (Thought Probe)
    if_done: bool = False  # "If you do": only if the instruction before it was carried out (with a target)
    matching: Selector | None = None  # reveal_top: the revealed cards that go `to` (the rest: graveyard)
    options: list[list[Effect]] = []  # choose_one: "A or B", each an instruction list
    # "each player ...": carried out once for each player, its selector read from that player's
    # side (`player: self` is their own cards, `chooser: self` is them), the active player first
    each_player: bool = False

    @model_validator(mode="after")
    def _needs_target(self) -> Effect:
        if self.keywords:
            Keywords.model_validate(self.keywords)
        targeted = {"destroy", "return_to_hand", "put_into_mana", "put_into_shields", "discard", "to_graveyard",
                    "power_modifier", "grant_keywords", "tap", "untap", "search_deck", "separate_evolution",
                    "put_into_battle", "make_attackable", "put_on_deck_top", "look_at"}
        if self.do in targeted and self.target is None:
            raise ValueError(f"effect '{self.do}' needs a 'target' (a selector or 'self')")
        if self.do == "choose_one" and not 2 <= len(self.options) <= 4:
            raise ValueError("effect 'choose_one' needs 2 to 4 'options' (a list of instructions each)")
        if self.do == "reveal_top" and self.matching is None:
            raise ValueError("effect 'reveal_top' needs 'matching' (the revealed cards that go `to`)")
        if self.do == "draw_per" and self.per is None:
            raise ValueError("effect 'draw_per' needs 'per' (the selector of the cards counted)")
        return self


class Condition(_Strict):
    """"While / if you have ... in the battle zone": at least ``count`` of your creatures (of one of
    ``races``, if given; ``other``: not this one)."""

    races: list[str] = []
    count: int = Field(default=1, ge=1)
    other: bool = False


class Ability(_Strict):
    """A triggered ability: ``when`` it happens, carry out ``effects`` (``if_you_have``: only if the
    condition holds as it resolves)."""

    when: Literal[
        "summoned",  # this creature is put into the battle zone
        "destroyed",  # this creature is destroyed (DM-36: only the top card's ability)
        "end_of_turn",  # at the end of your turn (DM-23)
        "attacks",  # whenever this creature attacks
        "blocks",  # whenever this creature blocks
        "wins_battle",  # whenever this creature wins a battle
        "after_blocking_battle",  # after a battle this creature blocked into, if it is still there
        "after_attacking_player",  # after an attack on a player by this creature is over
    ]
    effects: list[Effect]
    optional: bool = False  # "you may" for the whole ability
    if_you_have: Condition | None = None


class Bundle(_Strict):
    """What a conditional keyword (Survivor, Turbo Rush, Wave Striker...) switches on."""

    power: int = 0
    keywords: dict[str, Any] = {}
    abilities: list[Ability] = []

    @model_validator(mode="after")
    def _known_keywords(self) -> Bundle:
        Keywords.model_validate(self.keywords)
        return self


class WhileYouHave(Bundle):
    """A bundle switched on while you have the creatures of a condition (Iocant: +2000 power
    while you have an Angel Command): at least ``count`` of your creatures, of one of ``races``
    if given, ``other`` than this one; ``attacking``: only during this creature's attacks."""

    races: list[str] = []
    count: int = Field(default=1, ge=1)
    other: bool = False
    attacking: bool = False


class StaticCondition(_Strict):
    """When a continuous ability (:class:`Static`) is on, asked of its source card; every field
    given must hold.

    ``mana_all``: every card in the controller's mana zone is a card of this civilization (a
    multicolour card is a card of each of its civilizations, DM-12; an empty mana zone holds it:
    no card in it is anything else). ``no_other_creatures``: the controller has no creature in the
    battle zone but this one (Galsaur). ``tapped``: this creature is tapped (Barkwhip) or untapped.
    ``opponent_has_more``: the opponent has more creatures in the battle zone than the controller
    (Snip Striker Bullraizer)."""

    mana_all: Civilization | None = None
    no_other_creatures: bool = False
    tapped: bool | None = None
    opponent_has_more: bool = False


class Static(_Strict):
    """A continuous ability: while its creature is in the battle zone (and ``condition`` holds),
    the cards it ``affects`` have ``power`` more (times the number of cards ``per`` selects, if
    given), ``power_attacker`` more while attacking, and ``keywords``; ``cost`` changes the cost
    of the cards it affects in their owner's hand (never below 1: "They can't cost less than 1",
    Elf-X, Essence Elf). It is asked for on every question (``DMQueries.statics_on``), never
    written into the state, so it ends the moment its source leaves or its condition fails.

    ``affects``: ``self`` (this creature), or a selector read from this creature's side
    (``player: self``: its controller's cards; ``other: true``: not itself; ``zone: hand`` for a
    cost change). Bonuses that add stack, once per source (DM-65); keywords do not (DM-66)."""

    affects: Target = "self"
    power: int = 0
    per: Selector | None = None  # "+power for each ...": counted from this creature's side, now
    power_attacker: int = 0  # "has power attacker +N": +N power while attacking, per source (DM-65)
    keywords: dict[str, Any] = {}
    cost: int = 0  # a change to the cost of the affected cards in hand (floor 1)
    condition: StaticCondition | None = None

    @model_validator(mode="after")
    def _known_keywords(self) -> Static:
        Keywords.model_validate(self.keywords)
        if self.cost and (self.affects == "self" or self.affects.zone != "hand"):
            raise ValueError("a cost change affects cards in a hand (affects: {zone: hand, ...})")
        return self


class ActivatedEffects(_Strict):
    """Effects of a Tap ability (DM-67) or a Silent Skill (DM-76)."""

    effects: list[Effect]


class Replacement(_Strict):
    """"When this creature would be put into your graveyard from the battle zone, put it ``to``
    instead" (a replacement of its destruction; official rules, the brief is silent): it goes
    there, is not destroyed, and nothing waiting for a destruction triggers. ``optional``: "you
    may" (its controller chooses). ``then``: what follows when it is used ("If you do, discard a
    card from your hand": Gigastand). A creature can meet two or more (its own and a grant of
    another creature, Jack Viper / Gigamantis): its controller chooses the one that applies,
    once; declining every optional one (none mandatory) puts it into the graveyard."""

    to: Literal["hand", "mana", "shields"]
    optional: bool = False
    then: list[Effect] = []


class Evolution(_Strict):
    races: list[str] = Field(min_length=1)


class CountBonus(_Strict):
    """+``amount`` power for each card matching ``count`` (e.g. Bolshack Dragon's fire cards in your graveyard)."""

    amount: int
    count: Selector


class Restriction(_Strict):
    """While this creature is in the battle zone, no player may cast spells lacking these civilizations."""

    only_civilizations: list[Civilization]


class Keywords(_Strict):
    """Keywords by glossary name with their parameters (DM glossary).

    A conditional keyword may also be written ``true`` (it then switches nothing on).
    """

    @model_validator(mode="before")
    @classmethod
    def _booleans(cls, data: Any) -> Any:
        if isinstance(data, dict):
            data = dict(data)
            for key in ("survivor", "turbo_rush", "wave_striker"):
                if data.get(key) is True:
                    data[key] = {}
                elif data.get(key) is False:
                    data[key] = None
            for key in ("tap_ability", "silent_skill"):
                if data.get(key) is True:
                    data[key] = {"effects": []}
                elif data.get(key) is False:
                    data[key] = None
        return data

    blocker: Civilization | bool = False  # DM-47..DM-50; a civilization: may block only attackers of it
    shield_trigger: bool = False  # DM-43..DM-46
    power_attacker: int = 0  # DM-51..DM-53
    power_attacker_per_card: CountBonus | None = None  # a Power Attacker bonus that counts cards
    double_breaker: bool = False  # DM-54..DM-59
    triple_breaker: bool = False  # DM-60, DM-61
    slayer: bool = False  # DM-62, DM-63
    speed_attacker: bool = False  # DM-107
    charger: bool = False  # DM-71, DM-72
    cant_attack: bool = False  # DM-48
    cant_attack_players: bool = False  # DM-48, DM-108
    cant_attack_creatures: bool = False  # "can't attack creatures" (Dawn Giant): only the opponent (DM-108)
    cant_be_blocked: bool = False
    attacks_if_able: bool = False  # DM-69: must attack when able; then no tap ability
    # not destroyed when it loses a battle against a creature of it (Amnis); winning gives no
    # protection from that creature's Slayer
    survives_battle_against: Civilization | None = None
    stealth: Civilization | None = None  # DM-73
    evolution: Evolution | None = None  # DM-28..DM-38
    survivor: Bundle | None = None  # DM-64..DM-66: the ability shared with your Survivors
    turbo_rush: Bundle | None = None  # DM-74, DM-75
    wave_striker: Bundle | None = None  # DM-80, DM-116
    tap_ability: ActivatedEffects | None = None  # DM-67..DM-70, DM-117
    silent_skill: ActivatedEffects | None = None  # DM-76..DM-79
    spell_restriction: Restriction | None = None  # e.g. Alcadeias (DM-12)
    # "When this creature would be destroyed, put it into your hand / mana zone instead": a
    # replacement (official rules; the brief is silent): it is not destroyed, nothing triggers
    destroyed_instead: Literal["hand", "mana"] | None = None
    instead_of_graveyard: Replacement | None = None  # "would be put into your graveyard ... instead"
    attacks_untapped: bool = False  # "can attack untapped creatures" (DM-108: unless an effect allows)
    unblockable_by_power: int = 0  # "can't be blocked by any creature that has power N or less"
    while_you_have: WhileYouHave | None = None  # a bonus while you have certain creatures


def lowers_power(keywords: dict[str, Any]) -> bool:
    """Whether granted or shared keywords carry a negative Power Attacker bonus (DM-124 check)."""
    pa = keywords.get("power_attacker", 0)
    per_card = keywords.get("power_attacker_per_card")
    amount = per_card.get("amount", 0) if isinstance(per_card, dict) else 0
    return (isinstance(pa, int) and pa < 0) or (isinstance(amount, int) and amount < 0)


class DuelMastersCard(_Strict, CardModel):
    """A card definition (DM-104). Only ``name`` and ``type`` are required."""

    name: str = Field(min_length=1)
    type: Literal["creature", "evolution_creature", "spell"]
    civilizations: list[Civilization] = []
    cost: int = Field(default=0, ge=0)
    power: int = Field(default=0, ge=0)
    races: list[str] = []
    keywords: Keywords = Keywords()
    abilities: list[Ability] = []  # triggered abilities of a creature
    effects: list[Effect] = []  # what a spell does when cast (DM-25)
    statics: list[Static] = []  # continuous abilities while in the battle zone (Static)
    # "You can cast this spell only if ..." (Blaze Cannon): asked of the caster in the main step
    cast_only_if: StaticCondition | None = None
    power_bonus: int = 0  # a constant static bonus (rare)
    text: str = ""  # printed rules text, for people
    set_code: str = ""  # the printed set: "DM-01" .. "DM-12", or "Promo"
    card_number: str = ""  # the collector number printed in that set: "23/110", "S1/110", "L3/6 Y1"
    rarity: str = ""  # the printed rarity symbol: Common, Uncommon, Rare, Very Rare, Super Rare
    original: bool = False  # made up for this engine, not a printed card: in no starter deck
    rulings: tuple[Ruling, ...] = ()  # the publisher's answers about this card (tcg.core.rulings)

    @model_validator(mode="after")
    def _consistent(self) -> DuelMastersCard:
        if self.type == "evolution_creature" and self.keywords.evolution is None:
            raise ValueError("an evolution_creature needs keywords.evolution: {races: [...]} (DM-28)")
        if self.type == "spell" and (self.power or self.races):
            raise ValueError("a spell has no power and no races (DM-24)")
        return self

    @cached_property
    def civset(self) -> frozenset[str]:
        """The civilizations as a set (asked on every payment check)."""
        return frozenset(self.civilizations)

    @cached_property
    def has_conditional(self) -> bool:
        """Whether keywords can switch on conditionally (Survivor sharing, Turbo Rush, Wave Striker)."""
        kw = self.keywords
        return (self.is_survivor or kw.turbo_rush is not None or kw.wave_striker is not None
                or kw.while_you_have is not None)

    @property
    def cast_only_if_civ(self) -> str:
        """The civilization a ``cast_only_if`` mana condition names (for the error message)."""
        cond = self.cast_only_if
        return str(cond.mana_all) if cond is not None and cond.mana_all else ""

    @cached_property
    def grants_others(self) -> bool:
        """Whether a continuous ability of this card reaches cards other than itself."""
        return any(st.affects != "self" for st in self.statics)

    @cached_property
    def own_statics(self) -> tuple[Static, ...]:
        """The continuous abilities of this card that affect this card itself."""
        return tuple(st for st in self.statics if st.affects == "self")

    @cached_property
    def may_lower_power(self) -> bool:
        """Whether this card in the battle zone can bring a creature to 0 power or less by itself
        (its own printed power, or a negative bonus it has or shares), so that the DM-124 state
        check must look at the power of every creature."""
        kw = self.keywords
        if self.type != "spell" and self.power + self.power_bonus <= 0:
            return True
        if kw.power_attacker < 0 or (kw.power_attacker_per_card is not None and kw.power_attacker_per_card.amount < 0):
            return True
        bundles = [b for b in (kw.survivor, kw.turbo_rush, kw.wave_striker, kw.while_you_have) if b is not None]
        if any(st.power < 0 or st.power_attacker < 0 or lowers_power(st.keywords) for st in self.statics):
            return True
        return any(b.power < 0 or lowers_power(b.keywords) for b in bundles)

    @property
    def is_creature(self) -> bool:
        return self.type != "spell"

    @property
    def is_survivor(self) -> bool:
        return "Survivor" in self.races
