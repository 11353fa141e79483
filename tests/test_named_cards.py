"""Every card the source documents name is in its game's pool and behaves as the document says.

The source documents are ``../shared/seeds/*.txt`` (one per game; the briefs' "Cards named in the
source" sections quote them). Each named card is listed with the seed's wording, the rule it
illustrates and the scenarios that play the document's claim with the pool's own card (a scenario
that defines the card itself in ``cards:`` proves nothing about the pool). A card the engine cannot
play faithfully is listed in ``LEFT_OUT`` with the file that records why.

Battle Spirits (000_…txt) and One Piece (002_…txt) name no card: their documents explain the card
types, the board and the turn with no card as an example.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from tcg.core.registry import load_game
from tcg.core.scenario import load_scenarios, run_scenario

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios"


#: game -> card (the pool's name) -> (the seed's words, the rule ids, the scenarios proving it).
NAMED: dict[str, dict[str, tuple[str, tuple[str, ...], tuple[str, ...]]]] = {
    "yugioh": {  # 001_cc229cef31925bf1.txt, "Fase di Battaglia"
        "An Unfortunate Report": (
            '"An Unfortunate Report", "Weather Report" e "Last Turno" sono le uniche Carte che possono '
            "concedere più fasi di battaglia in un turno", ("YGO-10",),
            ("An Unfortunate Report - the opponent conducts 2 Battle Phases during their next turn; the monster "
             "may attack in each (YGO-10)",
             "An Unfortunate Report - the opponent conducts a second Battle Phase and may attack again (YGO-T17)")),
        "Weather Report": (
            "(the same sentence)", ("YGO-10",),
            ("Weather Report Flip Summoned in Main Phase 1 destroys the opponent's Swords of Revealing Light and "
             "its player conducts 2 Battle Phases this turn (YGO-10)",
             "Weather Report's second Battle Phase is optional - pass goes on to Main Phase 2 after one "
             "(YGO-10, YGO-4)",
             "Weather Report with no Swords of Revealing Light to destroy gives no second Battle Phase (YGO-10)",
             "Weather Report flipped by an attack in the opponent's turn gives its player 2 Battle Phases in their "
             "next turn, not this one (YGO-10)")),
        "Battle Fader": (
            'Se un Card Effect termina la Battle Phase (come "Battle Fader"), si passa immediatamente all\'End Step',
            ("YGO-14",),
            ("Battle Fader stops a direct attack and ends the Battle Phase; the turn goes on to Main Phase 2 "
             "(YGO-T9)",)),
        "Neko Mane King": (
            'a meno che l\'effetto della carta non modifichi direttamente la fase (come "Neko Mane King")',
            ("YGO-15",),
            ("Neko Mane King sent to the Graveyard by the opponent's effect in the Battle Step ends the turn at "
             "once (YGO-T10)",)),
        "Dupe Frog": (
            'se l\'avversario controlla solo due copie scoperte di "Dupe Frog" puoi ancora entrare nella tua '
            "Battle Phase", ("YGO-7",),
            ("Two face-up Dupe Frogs - the Battle Phase may be entered but no attack is legal (YGO-T5)",)),
        "Gravity Bind": (
            'anche se un altra Card Effect sta attualmente impedendo loro di attaccare, come un face-up "Gravity '
            'Bind"', ("YGO-5",),
            ("Forced attack with Gravity Bind face-up - the Battle Phase must be entered, but no attack is legal "
             "(YGO-T6)",)),
        "Timeater": (
            'Se una Card Effect salta la tua Main Phase 1, come quella di "Timeater", non devi entrare nella tua '
            "Battle Phase", ("YGO-8",),
            ("Timeater destroys a monster by battle - the opponent's next Main Phase 1 is skipped, Battle or End "
             "Phase may follow (YGO-T7)",)),
    },
    "duel_masters": {  # 004_1c6bd8a03811e7ab.txt (Polish)
        "Terror Pit": (
            "działają na niego wszystkie karty działające na zwykłe potwory np. Terror Pit / możesz rzucić Terror "
            "Pit niszczący jednego potwora przeciwnika, nawet gdy nie ma on potworów", ("DM-26", "DM-33"),
            ("Terror Pit may be cast while the opponent has no creatures; it does nothing and goes to the "
             "graveyard (DM-26, the source's example)",)),
        "Pouch Shell": (
            "to potwór pod nim także jest wysyłany w to samo miejsce (chyba, że efekt jakiejś karty np. Pouch "
            "Shell mówi inaczej)", ("DM-34",),
            ("Pouch Shell puts only the top card of an evolution into the graveyard; the cards under stay",)),
        "Ballom, Master of Death": (
            "jeśli wezwiemy Balloma potwory wodno-ciemne nie zostaną zniszczone", ("DM-12",),
            ("Ballom spares a water/darkness creature, because it is a darkness creature (DM-12)",)),
        "Alcadeias, Lord of Spirits": (
            "mając Alcadeiasa w strefie walki możemy rzucać czary światło-natura", ("DM-12",),
            ("Under Alcadeias a light/nature spell can be cast, a nature spell cannot (DM-12)",)),
        "Jewel Spider": (
            'Niektóre karty np. Jewel Spider czy Ghastly Drain pozwalają umieścić tarczę w ręku, jednak nie można '
            'wtedy użyć zdolności "Shield Trigger"', ("DM-44",),
            ("Jewel Spider, when destroyed, may put a shield into the hand without its shield trigger",)),
        "Ghastly Drain": (
            "(the same sentence)", ("DM-44",),
            ("Ghastly Drain puts a Shield Trigger card into hand; no trigger is offered (DM-T17)",)),
        "Amnis, Holy Elemental": (
            "Jednak karta Amnis, Holy Elemental nie ma tego symbolu - błąd producenta", ("DM-47",),
            ("Amnis, a darkness blocker printed without the icon, blocks only darkness attackers (DM-47)",)),
        "Brawler Zyler": (
            'Brawler Zyler przez cały czas ma moc 1000, ale gdy atakuje ma 3000, gdyż dostaje bonus "Power '
            'Attacker + 2000"', ("DM-52", "DM-53"),
            ("Brawler Zyler gets +2000 power while attacking and beats a 1000-power creature",
             "Brawler Zyler breaks Phantom Dragon's Flame and keeps its 3000 power until the trigger is used, so "
             "it cannot be destroyed (DM-52, DM-53, the source's example)")),
        "Phantom Dragon's Flame": (
            'jeśli rywal użyje zdolności "Shield Trigger" karty Phantom`s Dragon Flame (pozwala zniszczyć 1 '
            "potwora rywala z mocą 2000 lub mniej), to nie może zniszczyć nam Zylera", ("DM-53",),
            ("Brawler Zyler breaks Phantom Dragon's Flame and keeps its 3000 power until the trigger is used, so "
             "it cannot be destroyed (DM-52, DM-53, the source's example)",)),
        "Magma Gazer": (
            "Jeśli używając jakiejś karty np. Magma Gazer damy Double Breakera dla Triple Breakera, wybieramy, czy "
            "chcemy złamać 2 czy 3 tarcze", ("DM-61",),
            ("Magma Gazer gives Double Breaker to Bolgash Dragon, a Triple Breaker - its attack breaks 2 or 3 "
             "shields, never 1 (DM-61, the source's example)",)),
        "Gigagiele": (
            "atakujemy Gigagiele (Slayer o mocy 3000) Chaos Worma (5000) rywala", ("DM-62",),
            ("Gigagiele attacks Chaos Worm, loses the battle and is destroyed, then Slayer destroys Chaos Worm "
             "(DM-62, the source's example)",)),
        "Chaos Worm": (
            "(the same sentence)", ("DM-62",),
            ("Gigagiele attacks Chaos Worm, loses the battle and is destroyed, then Slayer destroys Chaos Worm "
             "(DM-62, the source's example)",)),
        "Smash Horn Q": (
            "mamy w strefie walki 2 sztuki Smash Horn Q, który daje wszystkim survivorom wliczając w to siebie "
            "1000 mocy. Ponieważ mamy dwa, oba dostają po 2000 mocy", ("DM-65",),
            ("Two Smash Horn Q give every one of your Survivors +2000 power",)),
        "Pyrofighter Magnus": (
            "deklarujesz koneic tury - niektóre efekty aktywują się w tej chwili - np. Pyrofighter Magnus czy "
            "Toel, Vizier of Hope", ("DM-23",),
            ("Pyrofighter Magnus returns to hand at the end of the turn, then the opponent's turn begins",)),
        "Toel, Vizier of Hope": (
            "(the same sentence)", ("DM-23",),
            ("Toel, Vizier of Hope untaps all your creatures at the end of your turn",)),
    },
    "force_of_will": {  # 003_722da036a1898463.txt, the chase figure (the brief's fixtures: the sheet prints no costs)
        "Fireball": (
            'Il giocatore gioca la [Magia:Canto] "Palla di Fuoco" / (Palla di Fuoco) Il bersaglio subisce 400 '
            "danni", ("FOW-53",),
            ("Strengthen the Body (fixture): when the opponent's spell targets your resonator, it gets +400/+400 "
             "first and survives the 400 damage",
             "Fireball (fixture) destroys a resonator with 400 DEF")),
        "Strengthen the Body": (
            'll giocatore gioca la [Magia:Canto-Attesa] "Potenziare il Corpo" in Rincorsa / Il bersaglio ottiene '
            "+400 punti di ATK/DEF", ("FOW-53",),
            ("Strengthen the Body (fixture): when the opponent's spell targets your resonator, it gets +400/+400 "
             "first and survives the 400 damage",)),
    },
    "battle_spirits": {},
    "one_piece": {},
}

#: game -> card named by the source but not in the pool -> the file that says why.
LEFT_OUT: dict[str, dict[str, str]] = {
    "yugioh": {"Last Turn": "tcg/games/yugioh/cards/spells_traps.yaml"},
}

GAMES = sorted(NAMED)


def missing_from_pool(game: str, pool: Mapping[str, Any]) -> list[str]:
    """The cards the source document of ``game`` names that ``pool`` lacks."""
    return [name for name in NAMED[game] if name not in pool]


def scenarios_by_name(game: str) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for path in sorted((SCENARIOS / game).rglob("*.yaml")):
        for spec, _line, _node in load_scenarios(path):
            out[spec["name"]] = spec
    return out


def test_every_game_is_listed() -> None:
    from tcg.core.registry import game_names

    assert set(NAMED) == set(game_names())


@pytest.mark.parametrize("game", GAMES)
def test_every_named_card_is_in_the_pool(game: str) -> None:
    assert missing_from_pool(game, load_game(game).cards()) == []


@pytest.mark.parametrize("game", GAMES)
def test_a_pool_without_one_named_card_fails(game: str) -> None:
    pool = dict(load_game(game).cards())
    for name in NAMED[game]:
        assert missing_from_pool(game, {k: v for k, v in pool.items() if k != name}) == [name]


@pytest.mark.parametrize("game", GAMES)
def test_the_named_cards_do_what_the_document_says(game: str) -> None:
    """Each card's scenarios exist, use the pool's card (never one of their own by that name), name a
    rule the document's sentence illustrates, and pass."""
    scenarios = scenarios_by_name(game)
    failures: list[str] = []
    for name, (_quote, rules, proofs) in NAMED[game].items():
        assert proofs, f"{name}: no scenario named"
        for proof in proofs:
            spec = scenarios.get(proof)
            assert spec is not None, f"{name}: no scenario {proof!r} under scenarios/{game}"
            own = {c.get("name") for c in spec.get("cards") or [] if isinstance(c, dict)}
            assert name not in own, f"{name}: {proof!r} defines its own {name}, not the pool's"
            assert name in repr(spec.get("state")), f"{name}: {proof!r} does not play it"
            result = run_scenario(spec, source=proof)
            failures += [f"{proof}: {line}" for line in result.failures]
        assert any(rule in (spec.get("rules") or []) or rule in proof for rule in rules
                   for spec in (scenarios[p] for p in proofs)), f"{name}: no scenario names {rules}"
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize(("game", "name", "where"),
                         [(g, n, w) for g, cards in LEFT_OUT.items() for n, w in cards.items()])
def test_a_left_out_named_card_says_why(game: str, name: str, where: str) -> None:
    assert name not in load_game(game).cards()
    text = (ROOT / where).read_text(encoding="utf-8")
    assert f"# Left out: {name} (" in text


def test_the_battle_phase_cards_of_yugioh() -> None:
    """YGO-10: the three cards the document names as giving more than one Battle Phase - two in the
    pool, each proved by a scenario with a second Battle Phase, and Last Turn left out with its reason."""
    granting = {"An Unfortunate Report", "Weather Report", "Last Turn"}
    listed = {n for n, (_q, rules, _p) in NAMED["yugioh"].items() if "YGO-10" in rules}
    assert listed | set(LEFT_OUT["yugioh"]) == granting
    for name in listed:
        assert any("2 Battle Phases" in p or "second Battle Phase" in p for p in NAMED["yugioh"][name][2])
