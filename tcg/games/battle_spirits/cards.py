"""The Battle Spirits card schema: fields, keywords and the effect vocabulary.

Cards are data: level-gated triggered abilities, Magic main/flash effects, Burst effects
and Brave data are written in the small vocabulary below and carried out by
:mod:`tcg.games.battle_spirits.effects`.
"""

from __future__ import annotations

from functools import cached_property
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from tcg.core.carddata import CardModel
from tcg.core.rulings import Ruling

Color = Literal["white", "blue", "yellow", "red", "green", "purple"]  # BS-17
COLORS: tuple[str, ...] = ("white", "blue", "yellow", "red", "green", "purple")
Symbol = Literal["white", "blue", "yellow", "red", "green", "purple", "ultimate"]  # BS-115: the gold symbol
CardType = Literal["spirit", "nexus", "magic", "brave", "ultimate"]  # BS-1
Level = Literal[1, 2, 3, 4, 5]  # Ultimates have LV3..LV5
Zone = Literal["field", "hand", "trash", "deck", "burst"]  # "burst": a set burst (BS-32)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class BurstIf(_Strict):
    """BS-151 (bursts.py): what must hold for a burst's follow-up (every given part)."""

    trash_min: int = 0  # your trash holds at least this many cards matching trash_colors / trash_types
    trash_colors: list[Color] = []
    trash_types: list[CardType] = []
    destroyed_colors: list[Color] = []  # a spirit of one of these colours was destroyed (BS-155)
    min_nexuses: int = 0  # you have at least this many nexuses on the field
    min_cores: int = 0  # your field, reserve and trash hold at least this many cores together


class Selector(_Strict):
    """Which cards an effect acts on. ``player`` is relative to the effect's controller."""

    player: Literal["self", "opponent", "any"] = "opponent"
    zone: Zone = "field"
    types: list[CardType] = []  # empty: spirits (and spirit-form braves, ultimates) on the field
    colors: list[Color] = []
    max_bp: int | None = None
    min_bp: int | None = None
    max_cost: int | None = None
    min_cost: int | None = None  # costs at least this ("Spirits of cost 4 or more", keywords.py)
    families: list[str] = []  # has one of these families
    name_has: str = ""  # its name (English or Japanese, or a name it is also treated as) contains this
    all_families: list[str] = []  # has every one of these families ("both Terra Dragon and Dragonfolk")
    top: int | None = None  # (zone deck) only among the top this many cards ("among the revealed 4")
    min_level: int | None = None  # a spirit at this level or higher
    max_level: int | None = None  # a spirit at this level or lower ("LV1/LV2 spirits")
    count_per: Selector | None = None  # "for each ...": as many targets as cards this matches (not `count`)
    # "1 card per symbol of the spirit that attacked": as many targets as those symbols (conditions.py BS-322)
    count_symbols_of: Literal["", "source", "battling", "attacker"] = ""
    fused_to_source: bool = False  # (destroy_brave, brave_to_hand) only the braves fused to the effect's card
    braved: bool | None = None  # is (True) / is not (False) a brave spirit
    exhausted: bool | None = None
    high_speed: bool | None = None  # has (True) / has not (False) High Speed now (HighSpeed)
    keywords: list[str] = []  # has one of these keywords ("curse", "immortality": trash_zone.py BS-185)
    cores: int | None = None  # has exactly this many cores on it ("a Spirit with exactly 1 Core")
    max_cores: int | None = None  # has at most this many cores on it ("a spirit with 2 cores or fewer")
    attacking: bool | None = None  # is (True) / is not (False) the spirit attacking now
    blocking: bool | None = None  # is (True) / is not (False) the spirit blocking now
    summoned_this_turn: bool | None = None  # came onto the field this turn ("Spirits you summon ... that turn")
    battling_colors: list[Color] = []  # battling now (blocked or blocking) a spirit of one of these colours
    battling_max_bp: int | None = None  # battling now a spirit with this BP or less (conditions.py BS-271)
    battled: bool | None = None  # was (True) one of the two spirits of the battle that just ended
    other: bool = False
    just_summoned: bool = False  # the card whose summon set this trigger off ("that Spirit", starter_era.py BS-284)
    used_this_battle: bool = False  # a Magic its controller used in the current (or just ended) battle (BS-291)
    below_attacker_level: bool = False  # its level is lower than the attacking card's (BS-293)
    burst_destroyed: bool = False  # the spirit card destroyed as this burst's condition happened (bursts.py BS-155)
    max_bp_of_attacker: bool = False  # BP at most the attacking spirit's ("that spirit's BP or less")
    max_bp_of_source: bool = False  # BP at most the BP of the card whose effect this is ("this spirit's BP or less")
    has_burst: bool | None = None  # has (True) / has not (False) a burst effect ("a spirit card with a burst")
    keyword: str = ""  # has this era keyword now, printed or granted ("your spirits with Holy Life", era_keywords.py)
    symbols: int | None = None  # has exactly this many symbols now (BS-22) ("spirits with 2 symbols")
    no_families: list[str] = []  # has none of these families ("without Imp")
    either: list[Selector] = []  # matches also one of these ("1 brave card or 1 red spirit card"): bursts.py
    # conditions.py: the spirit that set the trigger off (BS-263, "that spirit"); the family or
    # cost the effect named (BS-266); "any number whose total BP is at most N" / "at most the total
    # BP of the cards `bp_total_of` matches" (BS-264)
    subject: bool = False
    previous: bool = False  # the card(s) the previous instruction acted on ("that spirit", BS-270)
    families_not: list[str] = []  # has none of these families ("spirits without the Supreme Hero family", BS-277)
    name_not: str = ""  # its name does not contain this ("your spirits other than [Deerl-Yukimura]", BS-268)
    named: bool = False
    bp_total: int | None = None
    bp_total_of: Selector | None = None
    # "any number whose total cost is at most the cost of the card(s) the previous instruction acted
    # on" (コスト合計(戻したスピリットのコスト)まで, conditions.py BS-347)
    cost_total_of_previous: bool = False
    # who picks the targets: the effect's controller, or ("the opponent discards 1 card") the
    # opponent (official rules: the discarding player chooses; the brief is silent)
    chosen_by: Literal["self", "opponent"] = "self"
    count: int = 1
    up_to: bool = False
    all: bool = False
    random: bool = False


class LifeGuard(_Strict):
    """A limit on a player's life loss (keywords.py, BS-143): by attacks of the attackers
    ``attackers`` matches (player relative to the guarded player) at most ``most`` per attack
    ("your Life can't be reduced by attacks of Spirits of cost 4 or more": 0), or by opposing
    effects of the card types ``effects_of`` at most ``most`` per turn. On a card
    (``life_guards``) it holds while the card is at one of ``levels``, in ``turn``, during an
    attack step with ``attack_step``, and while the guarded life is at most ``max_life``."""

    attackers: Selector | None = None
    effects_of: list[CardType] = []
    most: int = 0
    levels: list[Level] = [1, 2, 3, 4, 5]
    turn: Literal["any", "yours", "opponents"] = "any"
    attack_step: bool = False
    max_life: int | None = None


CoreArea = Literal["reserve", "life", "trash_cores", "core_stock"]  # BS-25..BS-31: a player's core areas


class EffectCondition(_Strict):
    """"If ..." clauses of card texts; every given part must hold when the effect resolves."""

    previous_emptied: bool = False  # the previous instruction left its target with no cores
    you_control_name: str = ""  # you control a spirit whose name contains this
    max_life: int | None = None  # your life is at most this
    hand_at_most_opponents: bool = False  # your opponent holds as many cards in hand as you, or more
    destroyed_opponents: bool = False  # the previous instruction destroyed an opposing card
    previous_destroyed: bool = False  # the previous instruction destroyed a card ("by destroying ..., ...")
    previous_zero_bp: bool = False  # a card the previous instruction acted on is now at 0 BP (zero_bp.py BS-365)
    first_this_turn: bool = False  # only the first time this turn it holds for the card (zero_bp.py BS-366)
    previous_returned: bool = False  # the previous brave_to_hand returned a card ("by returning ..., ...")
    previous_discarded: bool = False  # the previous discard discarded a card ("by discarding ..., ...", BS-270)
    previous_paid: bool = False  # the previous cores_to_trash paid its cores ("by putting 3 cores ...", BS-275)
    milled: Selector | None = None  # the previous deck_to_trash put a card this matches in the trash
    attacker: Selector | None = None  # the attacking spirit matches this ("when your X spirit attacks")
    blocker: Selector | None = None  # the blocking spirit (of the current battle) matches this
    set_a_burst: bool = False  # the previous instruction set a burst ("by setting a burst from your hand, ...")
    burst_set: bool = False  # you have a burst set ("while your burst is set", bursts.py)
    any_burst_set: bool = False  # either player has a burst set ("while a burst is set", bursts.py)
    no_burst_set: bool = False  # you have no burst set ("自分のバーストをセットしていないとき", conditions.py BS-346)
    destroyed_colors: list[Color] = []  # a spirit of one of these colours was destroyed as this burst's
    # condition happened ("if a purple spirit was destroyed when this burst activated", bursts.py)
    you_control: Selector | None = None  # you control a card this matches ("if you control an Ultimate")
    you_control_none: Selector | None = None  # you control no card this matches (conditions.py BS-369)
    first_attack: bool = False  # the current attack is its player's first of the turn (conditions.py BS-371)
    u_hits: int = 0  # the effect's U-Trigger hit at least this many times (ultimates.u_trigger)
    by_immortality: bool = False  # the effect's card was summoned by Immortality (trash_zone.py BS-181)
    revealed: Selector | None = None  # the last "reveal" showed a card this matches (trash_zone.py BS-184)
    paid: bool = False  # the previous move_cores moved all its cores: "by putting 1 core ..., ..." (trash_zone.py)
    u_hit_this_battle: bool = False  # your U-Trigger hit earlier in this battle (ultimates.py BS-280)
    opponents_turn: bool = False  # used in the opponent's turn ("if you use this in your opponent's turn", BS-288)
    trash_only: list[Color] = []  # every card in your trash is of one of these colours (conditions.py BS-260)


class Stay(_Strict):
    """BS-200..BS-204 (replacements.py): "when destroyed, it stays on the field" (フィールドに残る /
    残す / 戻る): the spirit is destroyed but not put into the trash. On a card it applies at
    ``levels`` to ``spirits`` (player relative to the card's controller; none: the card itself,
    or, on a brave, the spirit it is fused to); granted by an effect (``grant_stay``) for the turn."""

    levels: list[Level] = [1, 2, 3, 4, 5]
    spirits: Selector | None = None
    exhausted: bool | None = None  # stays exhausted (True), refreshed (False), as it was (None)
    # paid with "〜ことで" (BS-202); exhaust_family: exhaust another of your spirits sharing a family
    # discard_spirit: discard a spirit card from your hand (one per spirit kept); exhaust_nexus: exhaust one of
    # your nexuses; discard_burst: your set burst to the trash
    cost: Literal["none", "life_core", "opponent_life_core", "mill", "exhaust_family", "discard_spirit",
                  "exhaust_nexus", "discard_burst"] = "none"
    count: int = 1  # mill: this many cards of your deck to the trash
    by_opponent: bool = False  # destroyed by the opponent (相手によって)
    by_battle: bool = False  # destroyed by BP comparison (BPを比べ)
    against_colors: list[Color] = []  # by BP against a spirit of one of these colours
    against_armor: bool = False  # by BP against a spirit of a colour its Heavy Armor names
    by_spirit_effect: bool = False  # destroyed by an effect of an opposing spirit (or brave)
    blocking: bool = False  # only as the blocking spirit (『このスピリットのブロック時』)
    attack_step: bool = False  # only during an attack step (お互いのアタックステップ)
    turn: Literal["any", "yours", "opponents"] = "any"
    braved: bool = False  # only while a brave is fused ([When Braved])
    brave_stays: bool = False  # BS-204: the braves stay refreshed; only the spirit returns to the hand


class LifeKeep(_Strict):
    """BS-205 (replacements.py): "when your life would become 0, by putting this nexus in your
    trash your life does not become 0; then 1 core from the Void to your reserve": at ``levels``."""

    levels: list[Level] = [1, 2, 3, 4, 5]


class Fusion(_Strict):
    """fusion.py BS-211..BS-213, BS-217: how a card changes brave fusion while at ``levels``."""

    levels: list[Level] = [1, 2, 3, 4, 5]
    max_braves: int = Field(default=1, ge=1)  # BS-211: braves it may carry at once (ブレイヴ2つまでと合体できる)
    ignore_condition: bool = False  # BS-212: braves fuse onto it ignoring their brave condition
    hosts_braves: bool = False  # BS-213: (a brave) in spirit form, your braves may fuse onto it
    all_families: list[Level] = []  # BS-217: braved, at these levels it has every family of your spirits


class Effect(_Strict):
    """One instruction of an ability, a Magic or a Burst."""

    do: Literal[
        "draw",  # the controller draws `count` cards (BS-104: from an empty deck, nothing)
        "destroy",  # target spirits are destroyed (BS-54: "When Destroyed" applies)
        "damage",  # `count` damage to the opponent's life (BS-53: life -> that player's reserve)
        "core_charge",  # `count` cores from your core stock to your reserve
        "place_cores",  # `count` cores from your core stock (the Void) onto each target (BS-25)
        "bp_modifier",  # target gets `amount` BP until the end of the turn
        "refresh",  # target becomes refreshed
        "exhaust",  # target becomes exhausted
        "return_to_hand",  # target goes to its owner's hand; its cores to the owner's reserve
        "discard",  # target cards in a hand go to the trash
        "deck_to_trash",  # the top `count` cards of a player's deck go to the trash (blue, BS-57)
        "remove_cores",  # `count` cores from each target to its owner's reserve, or `to` (may deplete it)
        "gain_life",  # `count` cores from your core stock to your life
        "end_battle",  # the current battle ends: no BP comparison, no damage
        "end_attack_step",  # when the current battle ends, the attack step (battle phase) ends
        "skip_attack_step",  # as end_attack_step; before this turn's battle phase, the turn has none
        "deck_bottom",  # target goes to the bottom of its owner's deck; its cores to the owner's reserve
        "deck_top",  # target goes to the top of its owner's deck; its cores to the owner's reserve
        "move_cores",  # `count` (or all) cores of a player's from the area `source` to `to` (BS-25..BS-31)
        "unblockable",  # this turn, target can't be blocked (by spirits matching `blockers`, or by any)
        "cant_attack",  # this turn, target can't attack
        "may_block",  # this turn, target's own "can't block" restrictions do not apply
        "must_attack",  # this turn, target must attack if possible
        "bp_aura",  # this turn, every spirit `scope` matches (as it changes) gets `amount` BP
        "flash_lock",  # until this battle ends, the opponent uses no cards from the hand in Flash steps
        "draw_on_return",  # this turn, you draw a card for each of your spirits returned to your hand
        "put_cores",  # `count` of your cores from the area `source` onto each target
        "exhaust_color",  # you choose a colour; every spirit of that colour is exhausted
        "one_of",  # you choose one of `alternatives` (one that can do something) and it is carried out
        "attack_spirit",  # the attacking spirit attacks the target spirit: it battles as the blocker
        "grant_attack_spirit",  # this turn, each of your attacks may attack a spirit `scope` matches
        "attack_shift",  # this turn, "when blocks" effects trigger when the spirit attacks instead
        "shield",  # this turn, target is unaffected by the opponent's effects
        "destroy_after_battle",  # target is destroyed when the current battle ends
        "reveal_top",  # reveal your top `count` cards; 1 that `scope` matches to your hand, the rest to the
        # bottom of your deck in the order you choose
        "set_burst",  # target (a card with a burst, in your hand) is set as your burst; a set one goes to
        # the trash (BS-113, BS-157 in bursts.py)
        "life_guard",  # this turn, the controller's life loss is limited as `guard` says (keywords.py)
        "u_trigger",  # U-Trigger: the opponent's top `count` cards to their trash, hits counted (ultimates.py)
        "spread_cores",  # target's cores (all but `leave`; "any number" with up_to_count) onto cards of its
        # field that `scope` matches, one at a time where the controller chooses
        "colorless",  # until the end of this battle the target has no colour (braves.py)
        "clash",  # during this battle the opponent must block the target if able (braves.py)
        "add_symbol",  # this battle the target has one more `color` symbol (while `while_control` matches)
        "max_level",  # this turn the target is treated as at its highest level (braves.py)
        "summon_free",  # summon (a nexus: deploy) each target card without paying its cost (braves.py)
        "bounce_to_deck_top",  # this turn, spirits your effects return to the hand go on top of the deck instead
        "reveal",  # both players see the top `count` cards of your deck (braves.py)
        "brave_onto_free",  # summon the target brave free, fused straight onto a spirit `scope` matches (braves.py)
        "revealed_to_trash",  # the cards the last "reveal" showed that are still in the deck go to the trash
        "destroy_brave",  # destroy each target brave: in spirit form, or fused (its spirit stays) (braves.py)
        "brave_to_hand",  # each target brave goes to its owner's hand: in spirit form, or fused (its spirit stays)
        "assault",  # Assault: exhaust the target nexus to refresh this spirit (braves.py)
        "immortality_summon",  # Immortality: this card may be summoned from the trash, paying its cost (trash_zone.py)
        "immortality_free",  # this turn your first summon by Immortality is free (trash_zone.py BS-183)
        "summon_self_free",  # this card may be summoned free from where it is: trash, hand (trash_zone.py)
        "summon_paid",  # you may summon each target card paying its cost ("召喚できる", trash_zone.py BS-189)
        "arm_this_turn",  # this turn, the card's `this_turn` abilities work, wherever it is (trash_zone.py BS-187)
        "discard_burst",  # your set burst goes to your trash, face up: a cost, noted as `paid` (trash_zone.py BS-188)
        "grant_ability",  # this turn, each target has `ability` as its own (era_keywords.py)
        "stop_attack_effects",  # this turn, nothing of the target triggers on its attacks (era_keywords.py)
        "burst_lock",  # until this battle ends, the opponent can't activate bursts (starter_era.py BS-282)
        "magic_discount",  # until this battle ends, the Magic cards in your hand cost `count` less (BS-289)
        "swap_exhaustion",  # every exhausted target is refreshed and every refreshed one exhausted (BS-290)
        "magics_of_color_to_hand",  # you choose a colour; your trash's Magics of it to your hand (BS-293)
        "end_attack_step_if",  # when this battle ends, if your life is at most `count`, end the attack step (BS-292)
        "use_magic_free",  # use the target magic card's Flash effect from your hand without paying (BS-278)
        "cores_to_trash",  # `count` cores from the spirits of `whose` to that player's trash, spread as that
        # player chooses; yours are a cost - all or none (conditions.py BS-275)
        "grant_stay",  # this turn, your spirits `stay` names stay on the field when destroyed (replacements.py)
        "fuse_brave",  # the target (your spirit-form brave) fuses onto this spirit, now (fusion.py BS-214)
        "join_spirit",  # this spirit-form brave, in no battle, is refreshed and fuses onto the target (BS-321)
        "separate_braves",  # each target brave spirit's braves separate from it (fusion.py BS-215)
        "use_ability",  # one `ability_when` ability of the target card is activated (fusion.py BS-216)
        "end_main_step",  # the turn player's main step ends after the resolving effects (replacements.py BS-207)
        "invert_battle",  # in this battle the spirit with the higher BP is destroyed instead (fusion.py BS-219)
        "compare_levels",  # in this battle the comparison reads levels instead of BP (fusion.py BS-219)
        "level_as",  # this turn each target is treated as at level `count` (static_rules.py BS-244)
        "level_up",  # this turn each target's level is treated as `count` higher (static_rules.py BS-244)
        "life_guard_both",  # this turn both players' life loss is limited as `guard` says (static_rules.py BS-245)
        "magic_lock",  # this turn the opponent (`player`) uses no magic card (static_rules.py BS-246)
        "block_exhausted",  # this turn each target may block while exhausted (static_rules.py BS-247)
        "lasting_trigger",  # this turn, on `trigger`, `effects` resolve each time (static_rules.py BS-251)
        "no_life_loss",  # this turn each target's unblocked attacks reduce no life of yours (static_rules.py BS-256)
        "by_exhausting",  # by exhausting this (refreshed) card, `effects` resolve (static_rules.py BS-259)
        "look_at_hand",  # the controller looks at the opponent's whole hand (static_rules.py BS-259)
        "hand_limit",  # `player`'s hand above `count` cards: `effects` (a discard of 1) once per card over (BS-259)
        "seal_summon_effects",  # until `count` of your end steps: no spirit's When Summoned applies (BS-243)
        "reorder_top",  # open the top `count` of `player`'s deck; `to_bottom` to the bottom, the rest on top in
        # the order the controller chooses (deck_order.py BS-343)
        "open_burst",  # open your set burst: to your hand if `scope` matches it, else to the trash (BS-344)
        "force_spirit_block",  # this battle the opponent must block the target with a Spirit if able (braves.py BS-360)
    ]
    target: Selector | Literal["self"] | None = None
    player: Literal["self", "opponent"] = "opponent"  # for deck_to_trash
    count: int = 1
    amount: int = 0
    destroy_at_zero: bool = False  # bp_modifier: a spirit whose BP becomes 0 is destroyed
    this_battle: bool = False  # bp_modifier: "during this battle" - until the battle ends, not the turn
    # (also no_life_loss: "its attack" of this battle, battle_resolution.py BS-364)
    # "for each ...": `count` and `amount` are multiplied by how many cards this matches when the
    # instruction resolves (player relative to the effect's controller)
    per: Selector | None = None
    per_source_cores: bool = False  # "for each core on this spirit": times the cores on the effect's card
    per_source_level: bool = False  # "as many as this spirit's level": times its level (BS-262; Crush BS-225)
    to_bottom: int = 0  # reorder_top: this many of the opened cards go to the bottom first (BS-343)
    per_blocker_cost: bool = False  # "as many as the destroyed opposing spirit's cost": the blocker's (BS-341)
    amount_of_previous_bp: bool = False  # `amount` is the BP of what the previous exhaust exhausted (BS-268)
    # "name a family / a cost (of `name_max` or less)" first, then the instruction (conditions.py BS-266)
    name_a: Literal["family", "cost"] | None = None
    name_max: int = 0
    cap: int | None = None  # "(up to 8)": `count` after the "for each" multiplication is at most this
    color: Color | None = None  # add_symbol: the symbol's colour
    while_control: Selector | None = None  # add_symbol: only while its controller has a card this matches
    per_depleting: bool = False  # "for each Spirit depleted by this effect": times the spirits the previous
    # instruction (remove_cores) left below their LV1 cost
    leave: int | None = None  # remove_cores: all but this many ("leave 1 Core on it"), not `count`
    whose: Literal["self", "opponent"] = "self"  # move_cores: whose areas
    all_cores: bool = False  # move_cores: every core of the area ("Move all Cores in ... Reserve"), not `count`
    source: CoreArea = "reserve"  # move_cores: where the cores come from
    to: CoreArea = "reserve"  # move_cores, remove_cores: where they go (the owner's area)
    blockers: Selector | None = None  # unblockable: the spirits that can't block it (None: any)
    up_to_count: bool = False  # "up to `count`": you choose how many, 0 to `count` (put_cores)
    alternatives: list[Effect] = []  # one_of: the instructions to choose from (named by label, else verb)
    label: str = ""  # one_of: the name this alternative is chosen by (two with the same verb need one)
    guard: LifeGuard | None = None  # life_guard: the limit set for this turn (keywords.py)
    stay: Stay | None = None  # grant_stay: the stay given for this turn (replacements.py)
    braved_attack: bool = False  # fuse_brave: then the spirit's "when braved attacks" effects activate
    ability_when: str = ""  # use_ability: the trigger of the abilities it may activate ("destroyed", "attacks")
    braved_ability: bool = False  # use_ability: only "[When Braved]" ones (『このスピリットの合体アタック時』)
    as_source: bool = False  # use_ability: activated as the effect's own card's ("このスピリットの効果として")
    per_source_braves: bool = False  # "for each brave of this spirit": `count` (or the target count) times its braves
    # "for each symbol of this spirit / of the opposing spirit it battles / of the attacking spirit":
    # `count` and `amount` times those symbols now (conditions.py BS-322)
    per_symbols_of: Literal["", "source", "battling", "attacker"] = ""
    compulsory: bool = False  # summon_free: the card must be played if it can ("配置する"; default "you may")
    refresh_host: bool = False  # brave_onto_free: then refresh the spirit it fused onto
    no_summon_effects: bool = False  # summon_free: its "when summoned" effects do not apply (trash_zone.py BS-182/283)
    scope: Selector | None = None  # bp_aura: the spirits it gives BP to, read whenever BP is
    ability: Ability | None = None  # grant_ability: the ability given for the turn (era_keywords.py)
    optional: bool = False
    condition: EffectCondition | None = None  # the effect applies only if this holds
    trigger: Literal["your_spirit_destroyed"] = "your_spirit_destroyed"  # lasting_trigger: when it fires
    effects: list[Effect] = []  # lasting_trigger: the instructions it sets off each time

    @model_validator(mode="after")
    def _needs_target(self) -> Effect:
        if self.do in {"destroy", "bp_modifier", "refresh", "exhaust", "return_to_hand", "discard",
                       "remove_cores", "deck_bottom", "deck_top", "place_cores", "unblockable", "cant_attack",
                       "may_block", "must_attack", "put_cores", "attack_spirit", "shield", "spread_cores",
                       "destroy_after_battle", "colorless", "clash", "add_symbol", "max_level",
                       "summon_free", "destroy_brave", "assault", "brave_onto_free", "set_burst", "brave_to_hand",
                       "grant_ability", "stop_attack_effects", "fuse_brave", "separate_braves", "use_ability",
                       "join_spirit", "level_as", "level_up", "block_exhausted", "no_life_loss",
                       "force_spirit_block"} \
                and self.target is None:
            raise ValueError(f"effect '{self.do}' needs a 'target' (a selector or 'self')")
        if self.do == "add_symbol" and self.color is None:
            raise ValueError("effect 'add_symbol' needs a 'color'")
        if self.do in ("bp_aura", "grant_attack_spirit", "spread_cores", "reveal_top", "brave_onto_free") \
                and self.scope is None:
            raise ValueError(f"effect '{self.do}' needs a 'scope' (the spirits it applies to)")
        if self.do == "one_of" and len({a.option_name for a in self.alternatives}) != len(self.alternatives):
            raise ValueError("effect 'one_of' needs alternatives with different names (a label, else the verb)")
        if self.do == "grant_ability" and self.ability is None:
            raise ValueError("effect 'grant_ability' needs an 'ability' (what the target gets this turn)")
        if self.do == "grant_stay" and self.stay is None:
            raise ValueError("effect 'grant_stay' needs a 'stay' (the spirits that stay)")
        if self.do in ("life_guard", "life_guard_both") and self.guard is None:
            raise ValueError("effect 'life_guard' needs a 'guard' (the limit it sets)")
        return self

    @property
    def option_name(self) -> str:
        """The name a ``one_of`` alternative is chosen by: its label, else its verb."""
        return self.label or self.do


class Ability(_Strict):
    """A triggered ability, active at the listed levels (BS-20: `<lv1><lv2><lv3>`)."""

    when: Literal[
        "summoned", "destroyed", "attacks", "blocks", "start_of_turn", "end_of_turn",
        "destroyed_by_opponent",  # this spirit was destroyed by the opponent (their spirit or effect)
        "wins_battle",  # this spirit destroyed only the opposing spirit by comparing BP
        "your_spirit_wins_battle",  # (a nexus) one of your spirits did
        "opponent_start_of_turn",  # the opponent's start step (BS-35)
        "draw_step",  # your draw step, after its draw (BS-37)
        "your_life_reduced",  # your life was reduced (BS-53: every damage is the opponent's)
        "your_life_reduced_by_attack",  # your life was reduced by an opposing spirit's attack (BS-53)
        "your_spirit_destroyed_by_opponent",  # (a nexus) your Spirit or Ultimate was destroyed by the opponent
        "your_spirit_summoned",  # one of your spirits was summoned (`subject`: which ones count)
        "your_spirit_exhausted",  # one of your spirits became exhausted (BS-39)
        "blocked",  # this spirit's attack was blocked (BS-50)
        "any_attacks",  # (a nexus) any spirit, either player's, declared an attack (BS-47)
        "any_blocks",  # any spirit, either player's, blocked (BS-50)
        "opponent_draws",  # the opponent drew a card (BS-37, or by an effect)
        "opponent_draws_by_effect",  # the opponent drew a card other than in their draw step (BS-37)
        "your_life_reduced_by_spirit",  # your life was reduced by an opposing spirit: its attack or its effect
        "opponent_end_of_turn",  # the opponent's end step (BS-56)
        "opponent_uses_magic",  # (a main step) after the opponent's magic effect resolved (static_rules.py BS-257)
        "opponent_uses_second_magic",  # (a main step) ... their second or later magic of the turn (BS-257)
        "any_uses_magic",  # (a main step) after either player's magic effect resolved (static_rules.py BS-257)
        "opponent_attack_step",  # the opponent's attack step (battle phase) begins (BS-46)
        "your_spirit_destroyed",  # (a nexus) one of your spirits was destroyed (BS-54)
        "opponent_spirit_exhausted",  # an opposing spirit became exhausted (BS-39)
        "battle_ends",  # (a nexus, either player's) a battle with a blocker ended (BS-55)
        "your_burst_activated",  # after one of your bursts activated and resolved (bursts.py)
        "opponent_spirit_destroyed",  # an opposing spirit was destroyed (BS-54), once per spirit
        "your_nexus_deployed",  # (from the hand) you deployed a nexus (BS-42; trash_zone.py BS-190)
        "your_attack_step",  # your attack step (battle phase) begins (BS-46; trash_zone.py BS-191)
        "exhausted",  # this spirit became exhausted (BS-39; era_keywords.py)
        "destroys_battled",  # it destroyed the opposing spirit it battled by BP, both destroyed too (era_keywords.py)
        "your_spirit_braved",  # a brave fused to one of your spirits (conditions.py BS-267; `subject`: that spirit)
        "your_spirit_refreshed",  # one of your spirits became refreshed (conditions.py BS-268)
        "opponent_spirit_cores_put",  # cores were put on an opposing spirit other than by an effect (BS-274)
        "draw_step_start",  # your draw step begins, before its draw (step_starts.py BS-320)
        "attack_reduced_life",  # this spirit's attack reduced the opponent's life (era_keywords.py BS-361)
        "battle_resolution",  # the comparison step of a battle begins; `subject`: the opposing battler (BS-362)
        "opponent_battler_zero_bp",  # an opposing battling spirit went from above 0 BP to 0 BP (zero_bp.py BS-367)
        "your_spirit_returned_by_opponent",  # your spirit went to your hand/deck by an opposing effect (BS-368)
        "opponent_spirit_destroyed_by_battle",  # an opposing spirit was destroyed by BP comparison (BS-370)
    ]
    levels: list[Level] = [1, 2, 3, 4, 5]
    effects: list[Effect]
    optional: bool = False
    braved: bool = False  # only while a brave is fused (on a Brave: the brave spirit has it, BS-4)
    turn: Literal["any", "yours", "opponents"] = "any"  # "(Your Attack Step)" and the like
    attack_step: bool = False  # only during an attack step (the battle phase, BS-45..BS-55)
    main_step: bool = False  # only during a main step ("(The Opponent's Main Step)", conditions.py BS-274)
    once_per_turn: bool = False  # "this effect can be used once per turn" (by card name; braves.py)
    at_battle_end: bool = False  # "(When Attacks) at the end of the battle, ...": resolves then (braves.py)
    exhaust_cost: bool = False  # "by exhausting this spirit, ...": only while it is refreshed (era_keywords.py BS-232)
    from_trash: bool = False  # the card works from its owner's trash (end_of_turn only; braves.py)
    this_turn: bool = False  # works only in a turn its card's arm_this_turn resolved (trash_zone.py BS-187)
    from_hand: bool = False  # works only while the card is in its owner's hand (trash_zone.py BS-190)
    # "when one of your Dark Snake spirits is summoned": the card that set the trigger off must match
    # (player relative to this card's controller; `other`: not this card) - for your_spirit_summoned,
    # your_spirit_exhausted, your_spirit_destroyed(_by_opponent), any_attacks (the attacker; fusion.py)
    subject: Selector | None = None

    @cached_property
    def on_subject(self) -> bool:
        """Does it act on the card that set it off ("that spirit", ``Selector.subject``; conditions.py)?"""
        return any(isinstance(e.target, Selector) and e.target.subject for e in self.effects)


class StaticBonus(_Strict):
    """A constant bonus while the card is at one of ``levels`` (e.g. +1000 BP while attacking).

    "While you control a red Spirit or Nexus" is ``if_control``, "while you have a core in your
    reserve" ``min_reserve``; "for each Dragon-family Spirit you control" is ``per`` (the bonus
    times the matching cards on the field, player relative to the card's controller) and "for
    each core in your reserve" ``per_reserve_core``. Their selectors name no BP (BP reads the
    bonuses)."""

    levels: list[Level] = [1, 2, 3, 4, 5]
    bp: int = 0
    while_attacking: bool = False
    if_control: Selector | None = None  # only while its controller has a card on the field this matches
    min_reserve: int = 0  # only while its controller's reserve holds at least this many cores
    per: Selector | None = None  # bp for each card on the field this matches
    per_reserve_core: bool = False  # bp for each core in its controller's reserve
    while_burst_set: bool = False  # only while its controller has a burst set (bursts.py)
    your_attack_step: bool = False  # only during its controller's attack step ("(Your Attack Step)")
    max_life: int | None = None  # only while its controller's life is at most this ("while your Life is 3 or less")
    trash_only: list[Color] = []  # only while every card in its controller's trash has one of these (BS-260)


class Aura(_Strict):
    """"All your White Spirits get +1000 BP", "All your attacking Spirits get +1000 BP": while
    the card is at one of ``levels`` (and, with ``turn``, in its controller's turn or the
    opponent's), every spirit on the field that ``targets`` matches gets ``bp`` (player relative
    to the card's controller; the card itself too, if it matches). Selectors name no BP."""

    levels: list[Level] = [1, 2, 3, 4, 5]
    bp: int = 0
    targets: Selector
    turn: Literal["any", "yours", "opponents"] = "any"
    symbol: Color | None = None  # (instead of BP) one more symbol of this colour (braves.py)
    braved: bool = False  # only while a brave is fused to the card
    per: Selector | None = None  # bp for each card on the field this matches ("for each of your exhausted Spirits")
    per_life_core: bool = False  # bp for each core in its controller's life
    attack_step: bool = False  # only during an attack step ("(Your Attack Step)", BS-46..BS-55)
    while_burst_set: bool = False  # only while its controller has a burst set (conditions.py BS-261)
    attack_shift: bool = False  # (instead of BP) their "when blocks" effects apply when they attack (BS-273)
    max_level: bool = False  # (instead of BP) they are treated as at their highest level (conditions.py BS-276)
    unblockable_by: Selector | None = None  # (instead of BP) they can't be blocked by spirits this matches (BS-277)


class Rule(_Strict):
    """A lasting rule change a card makes while at one of ``levels``.

    ``destroyed_cores_to_trash`` changes the game for everyone (mostly Nexuses); the others
    are restrictions of the card itself: "this Spirit can't block" (``cant_block``), "can't
    block Spirits with lower BP than this Spirit" (``cant_block_lower_bp``), "must attack if
    possible" (``must_attack``, official rules: the battle phase can't end while it could
    attack), "can't attack" (``cant_attack``; with ``unless``: "while your opponent controls
    no red Spirits" - it applies only while nothing matches ``unless``, player relative to the
    card's controller), "the opponent must block your first attack of the turn if possible"
    (``force_block_first_attack``, for everyone, like ``destroyed_cores_to_trash``).
    "(During the Opponent's Attack Step) can't block" restricts the blocks made there, which is
    every block, so ``turn`` stays "any" for them."""

    rule: Literal[
        "destroyed_cores_to_trash",  # a destroyed spirit's cores go to the trash, not the reserve
        "cant_block",
        "cant_block_lower_bp",
        "must_attack",
        "cant_attack",
        "force_block_first_attack",
        "nexuses_indestructible",  # no nexus can be destroyed (for everyone)
        "one_core_spirits_locked",  # spirits with exactly 1 core can't attack or block (for everyone)
        "extra_core_when_placed",  # an effect putting cores on it puts 1 more (place_cores)
        "no_attack_after_placed_cores",  # can't attack in a turn cores were put on it other than by an effect
        "white_costs_more",  # every white card costs 1 more (for everyone)
        "white_exhausted_by_core_moves",  # a white spirit gets exhausted when cores are put on or taken off it
        # other than by an effect (summons, main-phase moves)
        "super_awaken_from_reserve",  # its controller's Super Awaken may also take reserve cores (era_keywords.py)
        "battle_won_cores_to_trash",  # (turn: yours) an opposing spirit your attacker destroys by BP alone
        # has its cores go to its owner's trash (conditions.py BS-272)
        "brave_bp_zero",  # every brave spirit's fused BP+ counts as 0 (for everyone; fusion.py BS-210)
        # static_rules.py, for every card `scope` matches (player relative to the card's controller):
        "no_attack",  # BS-240 it can't attack
        "attack_once",  # BS-241 it attacks at most once a turn
        "attack_toll",  # BS-242 it attacks only by moving 1 core from its owner's reserve to their trash
        "no_summon_effects",  # BS-243 its When Summoned effects do not apply
        "grant_reduction",  # BS-249 (a card in a hand) it has one more reduction symbol of `color`
        "no_reduction",  # BS-249 (a card in a hand) its reduction symbols reduce nothing
        "hand_immune",  # BS-250 (a card in a hand) opposing Spirit/Brave/Nexus/Magic effects don't affect it
        "no_trash_to_hand",  # BS-254 (a card in a trash) it can't be returned to its owner's hand
        "level_as",  # BS-255 (a nexus) it is treated as at level `level`
        "no_life_by_attack",  # BS-259 its unblocked attacks reduce neither player's life
        "mill_cap",  # BS-259 (a player's deck) effects discard at most `cap` cards of it a turn
        "no_mill",  # BS-259 (a player's deck) effects discard none of it
        "summon_exhausted",  # BS-259 (a card summoned) it enters the field exhausted
        "cores_locked",  # BS-259 effects take no core off it (`own_effects`: but its controller's)
        "battle_end_stops",  # BS-259 when a battle of a spirit it matches ends, the attack step ends
        "destroy_refreshed",  # BS-259 refreshed by a Spirit/Magic effect, it is destroyed
        "also_cost",  # BS-252 it is also treated as of cost `cost` (selectors of costs)
        "attack_life_to_void",  # BS-323 the life cores its attacks take go to the Void, not the reserve
        "no_separation",  # BS-325 (fusion.py) a brave spirit it matches can't be separated by an effect
        "no_destroyed_effects",  # BS-345 (static_rules.py) its own When Destroyed effects do not apply
        "burst_core_bonus",  # BS-342 its controller's burst effects move 1 more core off opposing spirits
    ]
    levels: list[Level] = [1, 2, 3, 4, 5]
    turn: Literal["any", "yours", "opponents"] = "any"
    unless: Selector | None = None  # the restriction holds only while nothing on the field matches this
    scope: Selector | None = None  # (static_rules.py) the cards a player-wide rule applies to
    main_step: bool = False  # (static_rules.py) only during a main step ("『お互いのメインステップ』")
    color: Color | None = None  # (static_rules.py grant_reduction) the colour of the reduction symbol given
    cost: int | None = None  # (static_rules.py also_cost) the cost it is also treated as
    level: int | None = None  # (static_rules.py level_as) the level it is treated as
    max_spirits: int | None = None  # (no_attack) only for a player who controls at most this many spirits
    cap: int | None = None  # (mill_cap) the cards a deck may lose to effects in a turn
    own_effects: bool = False  # (cores_locked) its controller's own effects may still take its cores


class Burst(_Strict):
    """BS-10..BS-16: set face down free; when ``condition`` happens, its owner may use it free."""

    condition: Literal[
        "after_your_life_decreased",  # after your life is reduced
        "opponent_spirit_summoned",  # after an opposing spirit is summoned
        "your_spirit_destroyed",  # after one of your spirits is destroyed
        "your_spirit_destroyed_by_opponent",  # after one of your spirits is destroyed by the opponent
        "opponent_attacks",  # when an opposing spirit attacks
        "opponent_summon_effect_resolved",  # after an opposing spirit's/brave's When Summoned effect (bursts.py)
    ]
    effect: list[Effect] = []
    # BS-14: after the burst effect; return_to_hand: "then return this card to your hand";
    # use_main: "then, by paying its cost, use this card's Main effect" (bursts.py)
    then: Literal["none", "summon", "deploy", "use_flash", "use_main", "return_to_hand"] = "none"
    pay_then: bool = False  # BS-113: "by paying this card's cost" (otherwise the follow-up is free)
    max_life: int | None = None  # the follow-up only if your life is at most this ("if your life is 3 or less")
    only_if: BurstIf | None = None  # the follow-up only if this holds ("if your trash holds 4+ purple cards")


class BraveData(_Strict):
    """BS-4 / BS-114: what a Brave gives the spirit it fuses with, and which spirits it can."""

    bp: int  # BP added to the spirit's while fused
    min_cost: int = 0  # brave condition: the spirit's cost is at least this
    colors: list[Color] = []  # brave condition: the spirit has one of these colours (empty: any)
    families: list[str] = []  # brave condition: the spirit has one of these families (braves.py BS-164)


class SummonCondition(_Strict):
    """BS-16 / BS-115: what an Ultimate needs before it can be summoned (all given parts must hold)."""

    text: str = ""
    spirit_level: int = 0  # you control a spirit of at least this level
    spirits: int = 0  # you control at least this many spirits (of `colors` / `min_cost` when given)
    max_life: int | None = None  # your life is at most this
    colors: list[Color] = []  # 【召喚条件:自分の赤のスピリット1体以上】: the spirits counted have one of these colours
    min_cost: int = 0  # 「コスト3以上の自分のスピリット1体以上」: the spirits counted cost at least this


class HighSpeed(_Strict):
    """"Flash [High Speed]" (official rules; the brief is silent beyond BS-49, where a player may
    "play a card" in a Flash step): the spirit card may be summoned from the hand in a Flash step,
    its cost paid and the cores put on it taken from the reserve only. Printed at some levels
    ("LV2 Flash [High Speed]"), it is a level-gated effect (BS-20): the summon must bring the
    spirit to one of ``levels``, and on the field the spirit "has High Speed" only at them."""

    levels: list[Level] = [1, 2, 3, 4, 5]


class Awaken(_Strict):
    """"Flash [Awaken]: You may move any number of Cores from your Spirits to this Spirit"
    (official rules; the brief is silent beyond BS-49's Flash effects): in a Flash step of
    either player's turn, while the spirit is at one of ``levels``, its controller may move
    cores from their other spirits onto it (an ``awaken`` action names one spirit and a count;
    using it again moves more). A spirit left below its LV1 cost is depleted (BS-108).
    On a brave with ``braved`` (【合体時】フラッシュ【覚醒】) its brave spirit has it while fused
    (era_keywords.py BS-220); as ``super_awaken`` the spirit also refreshes (BS-221)."""

    levels: list[Level] = [1, 2, 3, 4, 5]
    braved: bool = False


class FlashAbility(_Strict):
    """"LV1/LV2/LV3 Flash (When This Spirit Battles): by moving 1 Core from your Reserve to your
    Trash, end this battle": an ability its controller may use in a Flash step (BS-49, BS-51)
    while the card is at one of ``levels`` (and, with ``while_battling``, is the attacking or
    blocking spirit), paying ``reserve_cost`` cores from the reserve to the trash (BS-106); then
    ``effects`` resolve at once (BS-43). Official rules: the brief names only magic's Flash effects."""

    levels: list[Level] = [1, 2, 3, 4, 5]
    reserve_cost: int = 0
    self_cost: int = 0  # cores moved from this card to your trash to use it ("by moving 1 Core from this Nexus")
    exhaust_self: bool = False  # used by exhausting this (refreshed) card (static_rules.py BS-259)
    while_battling: bool = False
    turn: Literal["any", "yours", "opponents"] = "any"  # "(Your Attack Step)"
    requires: Selector | None = None  # usable only while a card matches this (e.g. an opposing blocking spirit)
    once_per_turn: bool = False  # "this effect can be used once per turn" (by card name; braves.py BS-172)
    effects: list[Effect]


class HandCost(_Strict):
    """conditions.py BS-269: while the card is at ``levels`` (with ``your_main_step``: in its
    controller's main step), the cards in its controller's hand that ``cards`` matches cost
    ``set_cost`` ("cost 5") and/or have the reduction symbols ``reduction`` more ("give them a red
    reduction symbol") - times the cards ``per`` matches on the field when given (a growing one)."""

    levels: list[Level] = [1, 2, 3, 4, 5]
    cards: Selector
    set_cost: int | None = None
    reduction: list[Color] = []
    per: Selector | None = None
    your_main_step: bool = False


class BlockGrant(_Strict):
    """"Your Armored Dragon Spirits can block while exhausted" (疲労状態でブロックできる, ``braves.py``
    BS-171; BS-145 in SD19/SD20's notes): while the card is at ``levels`` (in the opponent's turn,
    their attack step), its controller's spirits that ``blockers`` match (none given: this card
    itself, "this spirit can block while exhausted") may block, exhausted, attackers that
    ``attackers`` match."""

    levels: list[Level] = [1, 2, 3, 4, 5]
    blockers: Selector | None = None
    attackers: Selector = Selector()


class LeveledKeyword(_Strict):
    """A keyword printed at some levels ("Lv1･Lv2【呪撃】"); ``true`` is every level; ``braved``:
    on a brave, its brave spirit has it while fused ("【合体時】【聖命】")."""

    levels: list[Level] = [1, 2, 3, 4, 5]
    braved: bool = False


class Storm(_Strict):
    """【暴風:N】 Storm (era_keywords.py BS-223): when the spirit's attack is blocked, the opponent
    exhausts ``count`` of their spirits."""

    count: int = Field(ge=1)
    levels: list[Level] = [1, 2, 3, 4, 5]


class IceWall(_Strict):
    """【氷壁:colours】 Ice Wall (era_keywords.py BS-222): in the opponent's turn, when they use a
    magic of one of ``colors``, its controller may exhaust this spirit to negate that effect."""

    colors: list[Color]
    levels: list[Level] = [1, 2, 3, 4, 5]


class KeywordGrant(_Strict):
    """"Give all your Heaven Spirit spirits Holy Life" (era_keywords.py BS-226): while the card is at
    ``levels`` (``braved``: while a brave is fused; a brave's grant holds in spirit form, on the
    field), every spirit of its controller's that ``targets`` matches has ``keyword`` (Heavy Armor
    with ``colors``)."""

    keyword: Literal["holy_life", "heavy_armor", "super_awaken", "crush", "ice_wall"]
    targets: Selector
    colors: list[Color] = []
    levels: list[Level] = [1, 2, 3, 4, 5]
    braved: bool = False


class Assault(_Strict):
    """【強襲:N】 Assault (``braves.py``): when the spirit attacks, up to ``count`` times a turn, its
    controller may exhaust one of their nexuses to refresh it; ``braved``: only while fused."""

    count: int = Field(ge=1)
    levels: list[Level] = [1, 2, 3, 4, 5]
    braved: bool = False
    when_blocks: bool = False  # "(Opponent's Attack Step) its Assault applies when it blocks" (era_keywords.py)


class HeavyArmor(_Strict):
    """【重装甲:colours】 Heavy Armor (keywords.py, BS-142; BS-160 in BS13's notes): at ``levels``,
    unaffected by the opponent's Spirit, Brave, Nexus and Magic effects of those colours; with
    ``braved``, only while a brave is fused ("【合体時】【重装甲】")."""

    colors: list[Color]
    levels: list[Level] = [1, 2, 3, 4, 5]
    braved: bool = False


class AlsoColors(_Strict):
    """"This spirit is also treated as a red spirit" (赤のスピリットとしても扱う) / "This Spirit's
    colour and symbols are also treated as white" (keywords.py, BS-144): at ``levels`` the card
    also has ``colors``; with ``symbols``, each of its symbols is also of those colours."""

    colors: list[Color]
    levels: list[Level] = [1, 2, 3, 4, 5]
    symbols: bool = False
    more: list[AlsoColors] = []  # other colours at other levels ("LV1: also purple. LV2: also red.")


class Untargetable(_Strict):
    """"This spirit cannot be the target of the opponent's Spirit/Magic effects" (相手のスピリット/
    マジックの効果の対象にならない; keywords.py, BS-300): at ``levels`` no opposing effect of the
    card ``types`` chooses it; effects on "all" still reach it."""

    types: list[CardType] = Field(min_length=1)
    levels: list[Level] = [1, 2, 3, 4, 5]
class Immune(_Strict):
    """"While your burst is set, this spirit is unaffected by opposing Spirit effects" (自分のバーストを
    セットしている間、このスピリットは、相手のスピリットの効果を受けない; keywords.py BS-340): at
    ``levels`` (with ``while_burst_set``: while its controller has a burst set) no opposing effect of
    the card ``types`` chooses or sweeps it."""

    types: list[CardType] = Field(min_length=1)
    levels: list[Level] = [1, 2, 3, 4, 5]
    while_burst_set: bool = False


class Immortality(_Strict):
    """【不死:コスト7/8】 / 【不死:妖蛇】 Immortality (trash_zone.py, BS-180): while the card is in its
    owner's trash, in either player's attack step, when one of the owner's spirits of one of
    ``costs`` or with one of ``families`` is destroyed, the card may be summoned by paying its cost."""

    costs: list[int] = []
    families: list[str] = []


class Transmigration(_Strict):
    """【転召:武装/ボイド】 Transmigration (trash_zone.py, BS-192): summoning the card, after its cost
    is paid, all cores of one of its controller's spirits with one of ``families`` (or of cost
    ``min_cost`` or more) go to ``to`` (the Void, or the trash); none of them is placed on it."""

    families: list[str] = []
    min_cost: int | None = None
    to: Literal["core_stock", "trash_cores"] = "core_stock"


class Keywords(_Strict):
    untargetable: Untargetable | None = None  # keywords.py BS-300
    burst: Burst | None = None
    high_speed: HighSpeed | None = None
    awaken: Awaken | None = None
    heavy_armor: HeavyArmor | None = None
    also_colors: AlsoColors | None = None
    curse: LeveledKeyword | None = None  # 【呪撃】 (braves.py)
    clash: LeveledKeyword | None = None  # 【激突】 (braves.py BS-162; BS-156 in BS14's notes)
    assault: Assault | None = None  # 【強襲】 (braves.py)
    immortality: Immortality | None = None  # 【不死】 (trash_zone.py BS-180)
    transmigration: Transmigration | None = None  # 【転召】 (trash_zone.py BS-192)
    # "discarded from the deck by an opposing deck-discard effect: your deck is not discarded this
    # turn, and you may summon this card free" (trash_zone.py BS-186)
    milled_summon: bool = False
    # "when this spirit card is discarded from your hand by the opponent, you may summon it free" (trash_zone.py BS-348)
    discarded_summon: bool = False
    super_awaken: Awaken | None = None  # 【超覚醒】 (era_keywords.py BS-221)
    ice_wall: IceWall | None = None  # 【氷壁】 (era_keywords.py BS-222)
    storm: Storm | None = None  # 【暴風】 (era_keywords.py BS-223)
    holy_life: LeveledKeyword | None = None  # 【聖命】 (era_keywords.py BS-224)
    crush: LeveledKeyword | None = None  # 【粉砕】 (era_keywords.py BS-225)
    great_crush: LeveledKeyword | None = None  # 【大粉砕】 (era_keywords.py BS-225)
    immune: Immune | None = None  # unaffected by opposing effects of card types (keywords.py BS-340)

    @field_validator("high_speed", "curse", "clash", "holy_life", "crush", "great_crush", "super_awaken",
                     mode="before")
    @classmethod
    def _flag(cls, value: object) -> object:
        """``high_speed: true`` is High Speed at every level (README: a keyword without parameter)."""
        return {} if value is True else value


class BattleSpiritsCard(_Strict, CardModel):
    """A card definition. Only ``name`` and ``type`` are required (README: Card fields)."""

    name: str = Field(min_length=1)
    name_ja: str = ""  # the printed Japanese name (the engine's ``name`` is the fan English one)
    also_named: list[str] = []  # "this spirit is also treated as [name]" while on the field (braves.py)
    type: CardType
    colors: list[Color] = []
    cost: int = Field(default=0, ge=0)
    reduction: list[Symbol] = []  # BS-41 (b): one colour (or the ultimate symbol) per reduction symbol
    level_costs: list[int] = []  # cores for LV1, LV2, LV3 (BS-19)
    level_bp: list[int] = []  # BP at each level
    symbols: list[Symbol] = []  # BS-22: damage and cost reduction; BS-115: Ultimates' gold symbol
    families: list[str] = []
    keywords: Keywords = Keywords()
    abilities: list[Ability] = []
    bonuses: list[StaticBonus] = []
    auras: list[Aura] = []
    flash_abilities: list[FlashAbility] = []
    rules: list[Rule] = []
    block_grants: list[BlockGrant] = []  # block while exhausted (braves.py BS-171; BS-145 in SD19/SD20's notes)
    life_guards: list[LifeGuard] = []  # limits on its controller's life loss while it is on the field
    keyword_grants: list[KeywordGrant] = []  # keywords it gives other spirits (era_keywords.py BS-226)
    hand_costs: list[HandCost] = []  # costs and reduction symbols of cards in its controller's hand (BS-269)
    trash_symbols_reduce: bool = False  # (in the hand) the symbols in your trash reduce its cost too (BS-324)
    # "When destroyed, return this spirit to your hand instead of the trash" at these levels: BS-54
    # puts a destroyed spirit into the trash; the card replaces where it goes (official rules, the
    # brief is silent). Its cores go as BS-54 says; depletion (BS-108) is not destruction.
    destroyed_to_hand: list[Level] = []
    stays: list[Stay] = []  # "when destroyed, it stays on the field" (replacements.py, BS-200)
    life_keep: LifeKeep | None = None  # "when your life would become 0, trash this instead" (BS-205)
    fusion: Fusion | None = None  # more braves, no brave condition, braves on a brave (fusion.py)
    main_effects: list[Effect] = []  # Magic: used in your Main phase (BS-24, BS-43)
    flash_not_your_turn: bool = False  # 「この効果は、『自分のターン』で使えない」 (replacements.py BS-206)
    flash_effects: list[Effect] = []  # Magic: used in Flash steps, or in your Main phase (BS-110)
    brave: BraveData | None = None  # Brave cards
    summon_condition: SummonCondition | None = None  # Ultimates (BS-16, BS-115)
    text: str = ""
    name_jp: str = ""  # the printed Japanese name (cards printed in Japanese only)
    text_jp: str = ""  # the printed Japanese text, quoted as printed; ``text`` is its English rendering
    set_code: str = ""
    rarity: str = ""
    original: bool = False  # made up for this engine, not a printed card: in no starter deck
    not_in_your_turn: bool = False  # a Magic "you can't use in your turn" (starter_era.py BS-290)
    rulings: tuple[Ruling, ...] = ()  # the publisher's answers about this card (tcg.core.rulings)
    immune_in_trash: bool = False  # "in the trash this card is unaffected by every effect" (static_rules.py BS-254)

    @model_validator(mode="after")
    def _consistent(self) -> BattleSpiritsCard:
        if self.type in ("spirit", "brave", "ultimate"):
            if not self.level_costs:
                raise ValueError(f"a {self.type} needs level_costs (cores for LV1, LV2, LV3)")
            if len(self.level_bp) != len(self.level_costs):
                raise ValueError("level_bp needs one BP per level in level_costs")
        if self.level_costs != sorted(self.level_costs):
            raise ValueError("level_costs must not decrease from LV1 to LV3")
        if self.type == "brave" and self.brave is None:
            raise ValueError("a brave needs brave: {bp: ..., min_cost: ...} (BS-4, BS-114)")
        if self.type != "magic" and (self.main_effects or self.flash_effects):
            raise ValueError("only a magic has main_effects / flash_effects (BS-24)")
        return self

    @cached_property
    def is_spirit_like(self) -> bool:
        """Spirits, spirit-form Braves and Ultimates attack, block and have BP (BS-3, BS-111)."""
        return self.type in ("spirit", "brave", "ultimate")

    @cached_property
    def level_auras(self) -> tuple[Aura, ...]:
        """Its auras treating spirits as at their highest level (conditions.py BS-276), read with every level."""
        return tuple(a for a in self.auras if a.max_level)

    @cached_property
    def depletion_floor(self) -> int:
        """BS-108: a card with fewer cores than this is depleted at once (0: it never is)."""
        return self.level_costs[0] if self.is_spirit_like else 0

    @cached_property
    def reduction_counts(self) -> tuple[tuple[str, int], ...]:
        """BS-41 (b): reduction symbols per colour."""
        return tuple((c, self.reduction.count(c)) for c in dict.fromkeys(self.reduction))

    @cached_property
    def at_battle_resolution(self) -> bool:
        """Has it an ability set off as a comparison step begins (battle_resolution.py BS-362)?"""
        return any(ab.when == "battle_resolution" for ab in self.abilities)

    @cached_property
    def first_level(self) -> int:
        """Ultimates' levels are LV3, LV4, LV5 (their ``level_costs`` and ``level_bp`` start at LV3)."""
        return 3 if self.type == "ultimate" else 1

    def bp_at(self, level: int) -> int:
        """The printed BP at ``level`` (the lowest printed BP below it)."""
        if not self.level_bp:
            return 0
        return self.level_bp[max(0, level - self.first_level)]

    def level_for(self, cores: int) -> int:
        """BS-108: the highest level whose core cost is at most ``cores``; 0 below LV1 (LV3 for Ultimates)."""
        level = 0
        for i, needed in enumerate(self.level_costs, start=self.first_level):
            if cores >= needed:
                level = i
        return level
