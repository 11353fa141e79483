"""Shared fixtures: the Duel Masters game and its starter decks."""

from __future__ import annotations

import pytest

from tcg.core.registry import load_game


@pytest.fixture(scope="session")
def dm():
    return load_game("duel_masters")


@pytest.fixture(scope="session")
def dm_decks(dm):
    """The two decks the Duel Masters engine tests were written against (more starter decks exist)."""
    return [dm.deck(name) for name in ("fire_nature", "water_darkness")]
