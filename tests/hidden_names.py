"""What a viewer may not see, by card name: shared by the tests that look for hidden cards named in
texts (tests/test_choosing.py, tests/test_presentation.py)."""

from __future__ import annotations

from tcg.core.state import State


def hidden_only_names(state: State, viewer: int) -> set[str]:
    """Names of cards ``viewer`` may not see now, none of whose copies the viewer can see."""
    hidden, seen = set(), set()
    for cid, card in enumerate(state.cards):
        (seen if state.can_see(viewer, cid) else hidden).add(card.name)
    return hidden - seen


def visible_names(state: State, viewer: int) -> set[str]:
    """Names of cards ``viewer`` can see now."""
    return {card.name for cid, card in enumerate(state.cards) if state.can_see(viewer, cid)}


def secrets_named(text: str, secret: set[str], seen: set[str]) -> list[str]:
    """The hidden names ``text`` mentions, not where one is part of a longer name the viewer sees
    (a hidden "Binding Thorn" is not named by a visible "Neo-Binding Thorn", SD22)."""
    for longer in seen:
        if any(n != longer and n in longer for n in secret):
            text = text.replace(longer, "")
    return [n for n in secret if n in text]
