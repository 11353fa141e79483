"""The One Piece Card Game card schema (README: Card fields) and its effect vocabulary.

Cards are data: a card's timed abilities ([On Play], [When Attacking], [On K.O.],
[Activate: Main], [End of Your Turn], ...), an Event's [Main] and [Counter] effects and a
[Trigger] are lists of instructions from the small vocabulary below, carried out by
:mod:`tcg.games.one_piece.effects`.
"""

from __future__ import annotations

from functools import cached_property
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from tcg.core.carddata import CardModel
from tcg.core.rulings import Ruling

Color = Literal["red", "green", "blue", "purple", "black", "yellow"]  # OP-123
CardType = Literal["leader", "character", "event", "stage", "don"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Selector(_Strict):
    """Which cards an effect acts on; ``player`` is relative to the effect's controller."""

    player: Literal["self", "opponent", "any"] = "opponent"
    zone: Literal["characters", "leader", "leader_or_characters", "stage", "hand", "trash", "deck",
                  "life"] = "characters"
    max_power: int | None = None
    max_cost: int | None = None
    min_cost: int | None = None
    rested: bool | None = None
    traits: list[str] = []  # has one of these types (e.g. "Straw Hat Crew")
    types: list[CardType] = []
    colors: list[Color] = []  # of one of these colours ("a red Character card")
    name: str = ""  # a card named exactly this ("[Pacifista]"), or treated as so named (``also_named``)
    exclude_name: str = ""  # "other than [Gecko Moria]"
    blocker: bool | None = None  # a [Blocker] Character
    # owner: "your opponent chooses 1 card from their hand"; opponent: "your opponent chooses 1 card from your hand"
    chooser: Literal["controller", "owner", "opponent"] = "controller"
    other_colors_than_chosen: bool = False  # "a different color than the returned Character" (target: chosen)
    other: bool = False  # not the card the effect comes from
    count: int = 1
    up_to: bool = False  # OP-121: "up to X" allows 0
    all: bool = False
    random: bool = False


class Condition(_Strict):
    """"If ..." clauses; every given part must hold."""

    max_hand: int | None = None  # "if you have N or less cards in your hand"
    min_characters: int | None = None  # "if you have N or more Characters"
    leader_traits: list[str] = []  # "if your Leader has the {X} type"
    self_rested: bool | None = None  # "if this Character is rested"
    any_character_max_cost: int | None = None  # "if there is a Character with a cost of N (or less)"
    max_life: int | None = None  # "if you have N or less Life cards"
    fewer_life_than_opponent: bool | None = None  # "if you have less Life cards than your opponent"
    min_hand: int | None = None  # "if you have N or more cards in your hand"
    min_don: int | None = None  # "if you have N or more DON!! cards on your field" (cost area and given)
    min_rested_characters: int | None = None  # "if you have N or more rested Characters"
    opponent_min_rested_characters: int | None = None  # "if your opponent has N or more rested Characters"
    leader_name: str = ""  # "if your Leader is [X]" (its name, or one it is treated as having)
    lacks_name: str = ""  # "if you don't have [X]": no Leader or Character of yours of that name
    # ST-05 .. ST-10
    max_don: int | None = None  # "if you have N or less DON!! cards on your field" (cost area and given)
    opponent_more_don: bool | None = None  # "if your opponent has more DON!! cards on their field than you"
    min_life: int | None = None  # "if you have N or more Life cards"
    opponent_min_hand: int | None = None  # "if your opponent has N or more cards in their hand"
    opponent_character_min_power: int | None = None  # "if your opponent has a Character with N or more power"
    battle_opponent_attribute: str = ""  # "when this Character battles <X> attribute Characters"
    any_of: list[Condition] = []  # "if ... or ...": at least one of these holds
    chosen_min: int | None = None  # "if you do": the instruction before acted on at least N cards
    chosen_types: list[CardType] = []  # "if the revealed card is an Event": a card the instruction before chose is


class Effect(_Strict):
    """One instruction."""

    do: Literal[
        "draw",  # the controller draws `count`
        "ko",  # target characters are K.O.'d (OP-117: "[On K.O.]" applies)
        "power",  # targets get `amount` power, for `duration` ("battle" or "turn")
        "rest",  # targets become rested
        "set_active",  # targets become active
        "return_to_hand",  # targets go to their owner's hand (their DON!! to the cost area, rested)
        "trash",  # target cards (e.g. in a hand) go to the trash
        "add_don",  # up to `count` DON!! from the DON!! deck to the cost area (`rested` or active)
        "give_rested_don",  # up to `count` rested DON!! from the cost area to the target
        "play_this",  # this card (a revealed [Trigger] or a card in the trash) is played without paying
        "add_to_life",  # the top `count` cards of the controller's deck go to the top of their life
        "trash_from_deck",  # the top `count` cards of a player's deck go to the trash
        "set_don_active",  # up to `count` of your rested DON!! become active
        "rest_opponent_don",  # up to `count` of the opponent's active DON!! become rested
        "no_blockers",  # "your opponent cannot activate [Blocker]" (this battle: `amount` = min power, 0 any)
        "unblockable",  # targets: the opponent cannot activate [Blocker] when they attack this turn
        "gain_rush",  # this card gains [Rush] during this turn
        "deck_bottom",  # targets go to the bottom of their owner's deck
        "play_card",  # target cards (hand, deck or trash) are played without paying their cost
        "trash_life",  # the top `count` of a player's life cards go to the trash
        "don_minus",  # a cost inside the text: return `count` DON!! to the DON!! deck, or stop here
        "cannot_attack",  # targets cannot attack until the start of `player`'s next turn (OP-3)
        "cost",  # targets get `amount` cost during this turn (a cost below 0 counts as 0, OP-118)
        "life_to_hand",  # a cost: 1 card from the top or bottom (the player chooses) of your Life to your hand
        "hand_to_life",  # target cards in your hand go to the top of your Life cards
        "gain_banish",  # targets gain [Banish] for `duration`
        "gain_double_attack",  # targets gain [Double Attack] for `duration`
        "ko_shield",  # none of the controller's Characters can be K.O.'d during this turn
        # looking at hidden cards (looking.py)
        "look_top",  # look at the top `count` of your deck, reveal up to 1 fitting `target` to the hand, rest to bottom
        "arrange_top",  # look at the top `count` of your deck, return each to the top or the bottom, in any order
        "look_life",  # look at up to 1 top Life card (yours or the opponent's), keep it on top or put it at the bottom
        "choose_one",  # "`player` chooses one:" the next `count` instructions are the options (`mode: 1..count`)
        "to_life_face_up",  # target Characters to the top (`top_or_bottom`: either end) of the owner's Life, face up
        "look_top_play",  # as look_top, but the revealed card is played without paying its cost
        # ST-05 .. ST-10
        "ko_immune",  # targets cannot be K.O.'d during this turn
        "this_to_hand",  # this card (a [Trigger] just used, now in the trash) goes to its owner's hand
        "top_life_to_hand",  # the top card of your Life to your hand (a cost: "from the top of your Life cards")
        # OP-01 (battle.py, queries.py)
        "no_small_blockers",  # "your opponent cannot activate a [Blocker] that has `amount` or less power" (battle)
        "gain_attack_active",  # this card "can also attack your opponent's active Characters during this turn"
        # OP-01 (verbs.py)
        "top_life_to_hand",  # "add 1 card from your Life area to your hand": the top one (Life is taken from the top)
        "search_to_hand",  # "reveal up to 1 [X] from your deck and add it to your hand. Then, shuffle your deck"
        "reveal",  # "your opponent reveals those cards": the targets (in a hand) are shown to the controller
        "reveal_top_play",  # reveal the top card of your deck; if it fits `target`, you may play it (`rested`)
    ]
    # "chosen": the cards the instruction before acted on ("It gains +1000 power", "that card gains ...");
    # "battle_opponent": the opponent's Character this card just battled, while it is still on the field
    target: Selector | Literal["self", "attacker", "leader", "chosen", "battle_opponent"] | None = None
    condition: Condition | None = None  # the instruction applies only if this holds
    count: int = 1
    amount: int = 0
    # "next_turn": until the end of your (`player`'s, for cannot_attack) next turn; "until_next_turn": until
    # the start of your next turn (OP-3)
    duration: Literal["battle", "turn", "next_turn", "until_next_turn"] = "turn"
    rested: bool = False
    player: Literal["self", "opponent"] = "self"
    optional: bool = False
    up_to: bool = False  # "up to `count`" (DON!!, life or deck cards): the player chooses 0..count (OP-121)
    cost: bool = False  # "You may X: Y" inside a text: X is a cost - declined, or not possible in full, ends the text
    mode: int = 0  # an option of the "choose one" before it: happens only if it was chosen (1, 2, ...)
    top_or_bottom: bool = False  # "to the top or bottom of ...": the controller chooses the end


Timing = Literal[
    "on_play",  # [On Play]
    "when_attacking",  # [When Attacking]
    "on_ko",  # [On K.O.]
    "activate_main",  # [Activate: Main]
    "end_of_your_turn",  # [End of Your Turn]
    "end_of_opponents_turn",  # [End of Your Opponent's Turn]
    "start_of_turn",  # "at the start of your turn" (OP-4)
    "start_of_main",  # "at the start of the Main phase" (OP-12)
    "on_block",  # [On Block]
    "after_battle_with_character",  # "if this Character battles your opponent's Character" (at the battle's end)
    "when_battling",  # "when this Character battles ...": once attacker and target are settled (after the Block step)
    "on_character_ko",  # "when a Character is K.O.'d" (any Character, either player's)
    "on_opponent_block",  # "when your opponent activates a [Blocker]"
    "on_don_returned",  # "when a DON!! card on your field is returned to your DON!! deck" (a DON!! -X)
    "after_battle_with_character",  # "if this Character battles your opponent's Character"
    "opponent_character_ko",  # "when your opponent's Character is K.O.'d" (OP-117)
    "on_event",  # "when you activate an Event" ([Main] or [Counter]; not a [Trigger])
    "on_opponent_event",  # "when your opponent activates an Event"
]


class Static(_Strict):
    """A lasting effect of a card on the field, e.g. "[DON!! x1] This Character gains +1000 power"."""

    don: int = 0  # [DON!! xN]
    turn: Literal["any", "yours", "opponents"] = "any"
    power: int = 0
    rush: bool = False
    double_attack: bool = False
    ko_immune_to_effects: bool = False  # "This Character cannot be K.O.'d by effects"
    attack_active: bool = False  # "This Character can also attack your opponent's active Characters"
    only_target: bool = False  # "your opponent cannot attack any card other than the Character [this card's name]"
    cost: int = 0  # with `aura` over hand cards: "Give blue Events in your hand -1 cost"
    ko_immune_in_battle: bool = False  # "cannot be K.O.'d in battle" (this card, or with `aura` the cards it names)
    attacker_attribute: str = ""  # ... "by <Strike> attribute Characters": only against attackers of this attribute
    ko_immune_in_battle_by_leaders: bool = False  # "this Character cannot be K.O.'d in battle by Leaders"
    # "[Once Per Turn] If this Character would be K.O.'d, you may trash 1 card from the top or
    # bottom of your Life cards instead" (replacement.py)
    ko_replaced_by_life_trash: bool = False
    condition: Condition | None = None
    aura: Selector | None = None  # the power goes to these cards instead of this one (``player``: seen from its owner)
    per: Selector | None = None  # "+1000 power for every card in your hand": `power` times the cards this selects
    per_count: int = Field(default=1, ge=1)  # "... for every 2 Events in your trash": per this many cards


class Ability(_Strict):
    when: Timing
    effects: list[Effect]
    don: int = 0  # [DON!! xN]: the card needs at least N DON!! given to it (OP-109)
    once_per_turn: bool = False  # [Once Per Turn] (OP-119)
    turn: Literal["any", "yours", "opponents"] = "any"  # [Your Turn] / [Opponent's Turn]
    optional: bool = False  # "you may"
    rest_self: bool = False  # cost: rest this card (e.g. "[Activate: Main] You may rest this card:")
    don_minus: int = 0  # cost: DON!! -X (OP-109): return X DON!! to the DON!! deck
    rest_don: int = 0  # cost: ①②③: rest that many active DON!! of your cost area
    trash_from_hand: int = 0  # cost: "you may trash N cards from your hand"
    trash_traits: list[str] = []  # ... "N {X} type cards": the trash cost counts only cards of these types
    life_to_hand: int = 0  # cost: "add N cards from the top or bottom of your Life cards to your hand"
    condition: Condition | None = None  # the ability activates only if this holds then (OP-121)


class Keywords(_Strict):
    """OP-119 keywords (README: ``{blocker: true, rush: true, ...}``)."""

    blocker: bool = False
    rush: bool = False
    double_attack: bool = False
    banish: bool = False


class OnePieceCard(_Strict, CardModel):
    """A card definition. Only ``name`` and ``type`` are required (README: Card fields)."""

    name: str = Field(min_length=1)
    type: CardType
    colors: list[Color] = []
    cost: int = Field(default=0, ge=0)
    power: int = 0
    counter: int = Field(default=0, ge=0)  # 0 or none: no Counter value (README)
    life: int = Field(default=0, ge=0)  # Leaders
    attribute: str = ""
    traits: list[str] = []
    also_named: list[str] = []  # "Also treat this card's name as [X] according to the rules."
    keywords: Keywords = Keywords()
    abilities: list[Ability] = []
    statics: list[Static] = []
    main_effects: list[Effect] = []  # Event [Main]
    counter_effects: list[Effect] = []  # Event [Counter]
    trigger: list[Effect] = []  # [Trigger]: used instead of adding the life card to the hand
    trigger_trash_from_hand: int = 0  # "[Trigger] You may trash N cards from your hand:": needs N cards in hand
    text: str = ""
    trigger_text: str = ""
    card_number: str = ""
    rarity: str = ""
    original: bool = False  # made up for this engine, not a printed card: in no starter deck
    rulings: tuple[Ruling, ...] = ()  # the publisher's answers about this card (tcg.core.rulings)
    any_number: bool = False  # "you may have any number of this card in your deck" (OP-101's 4 copies do not apply)

    @model_validator(mode="after")
    def _consistent(self) -> OnePieceCard:
        if self.type == "leader" and self.life <= 0:
            raise ValueError("a leader needs its life value (life: 4 or 5)")
        if self.type != "event" and (self.main_effects or self.counter_effects):
            raise ValueError("only an event has main_effects / counter_effects (OP-120)")
        if self.type in ("leader", "don") and self.cost:
            raise ValueError(f"a {self.type} has no cost")
        return self

    @cached_property
    def is_counter_event(self) -> bool:
        return self.type == "event" and bool(self.counter_effects)
