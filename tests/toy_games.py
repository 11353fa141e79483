"""Small registered games for card-index and CLI tests: card files in tmp folders, no packaged data."""

from __future__ import annotations

import sys
import types
from pathlib import Path

import pytest
from pydantic import BaseModel

from tcg.core.game import Game

#: Four Duel Masters-schema cards shared by the index and CLI tests.
TOY_CARDS = """\
- name: Bolshack Dragon
  type: creature
  civilizations: [fire]
  cost: 6
  power: 6000
  races: [Armored Dragon]
  keywords: {double_breaker: true}
  text: Double breaker. While attacking, gets +1000 power for each fire card in your graveyard.
- name: Brawler Zyler
  type: creature
  civilizations: [fire]
  cost: 2
  power: 1000
  races: [Human]
  keywords: {power_attacker: 2000}
- name: Crimson Hammer
  type: spell
  civilizations: [fire]
  cost: 2
  text: Destroy one of your opponent's creatures that has power 2000 or less.
- name: Holy Awe
  type: spell
  civilizations: [light]
  cost: 6
  keywords: {shield_trigger: true}
  text: Tap all your opponent's creatures in the battle zone.
"""


def make_game(name: str, model: type[BaseModel], package_dir: Path) -> Game:
    """A Game subclass for ``model`` whose cards live under ``package_dir``."""
    cls = type(f"{name.title()}Game", (Game,), {"name": name, "card_model": model, "package_dir": package_dir})
    game: Game = cls()
    return game


def register_game(monkeypatch: pytest.MonkeyPatch, name: str, model: type[BaseModel], package_dir: Path,
                  cards_text: str) -> str:
    """Write ``cards_text`` to package_dir/cards/set1.yaml and register a Game for it; return its module name."""
    folder = package_dir / "cards"
    folder.mkdir(parents=True)
    (folder / "set1.yaml").write_text(cards_text, encoding="utf-8")
    module = types.ModuleType(f"_tcg_test_{name}")
    module.GAME = make_game(name, model, package_dir)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, module.__name__, module)
    return module.__name__
