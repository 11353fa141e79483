"""Shared fixtures: the Duel Masters game and its starter decks."""

from __future__ import annotations

import pytest

from tcg.core.registry import load_game


@pytest.fixture(scope="session")
def dm():
    return load_game("duel_masters")


@pytest.fixture(scope="session")
def dm_decks(dm):
    return [dm.deck(name) for name in sorted(dm.starter_decks())]
