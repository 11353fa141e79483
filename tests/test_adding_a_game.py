"""docs/architecture.md "Adding a game" is a recipe that works: a copy of a sibling package,
with its module paths and name changed and nothing registered anywhere, is a game the registry
finds and the core plays (issue 15). The copy runs on the pure sources (a new game's classes
must be compiled with the rest to run on the compiled build: ``make compiled``)."""

from __future__ import annotations

import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import tcg
import tcg.games
from tcg.core import registry
from tcg.core.rng import Rng

SIBLING = "one_piece"
COPY = "copied_game"


@pytest.fixture
def copied_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The recipe's step 1 on a sibling: copy the package, change its module paths and name."""
    source = Path(tcg.games.__file__).parent / SIBLING
    target = tmp_path / "tcg" / "games" / COPY
    shutil.copytree(source, target, ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    for path in target.glob("*.py"):
        text = path.read_text(encoding="utf-8").replace(f"tcg.games.{SIBLING}", f"tcg.games.{COPY}")
        path.write_text(text.replace(f'name = "{SIBLING}"', f'name = "{COPY}"'), encoding="utf-8")
    monkeypatch.setattr(tcg.games, "__path__", [*tcg.games.__path__, str(tmp_path / "tcg" / "games")])
    found = {p.parent.name: f"tcg.games.{p.parent.name}" for p in sorted(target.parent.glob("*/__init__.py"))}
    monkeypatch.setattr(registry, "GAMES", {**registry.GAMES, **found})
    yield COPY
    for name in [m for m in sys.modules if m.startswith(f"tcg.games.{COPY}")]:
        del sys.modules[name]


def test_the_registry_finds_every_game_package_by_its_folder() -> None:
    folders = {p.parent.name for p in (Path(tcg.games.__file__).parent).glob("*/__init__.py")}
    assert set(registry.GAMES) == folders and len(folders) == 5


@pytest.mark.skipif(tcg.compiled(), reason="the copy's State classes would subclass the compiled core uncompiled")
def test_a_copied_sibling_is_a_game_the_core_plays(copied_game: str) -> None:
    game = registry.load_game(copied_game)
    assert game.name == copied_game and type(game).__module__ == f"tcg.games.{copied_game}.game"
    assert game.cards() and game.state_class.RULEBOOK is not None
    decks = [game.deck(n) for n in sorted(game.starter_decks())[:2]]
    rng = Rng(1)
    for seed in range(2):
        state = game.new_state(decks, seed=seed)
        for _ in range(3000):
            if state.game_over:
                break
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
        assert state.game_over, "a random game of the copy ends"
