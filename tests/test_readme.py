"""The README's "From Python" snippet works as printed, for every registered game."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tcg.core.registry import game_names

README = Path(__file__).resolve().parent.parent / "README.md"


def readme_snippet() -> str:
    match = re.search(r"From Python.*?```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    assert match, "README.md has no Python block after 'From Python'"
    return match.group(1)


@pytest.mark.parametrize("game_name", game_names())
def test_readme_python_snippet_plays_a_game_to_the_end(game_name: str, capsys: pytest.CaptureFixture[str]) -> None:
    code = readme_snippet()
    assert 'load_game("duel_masters")' in code
    scope: dict[str, object] = {}
    exec(compile(code.replace('"duel_masters"', repr(game_name)), str(README), "exec"), scope)
    state = scope["state"]
    assert state.game_over  # type: ignore[attr-defined]
    assert capsys.readouterr().out.strip() in ("0", "1", "draw")
