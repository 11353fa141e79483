"""Issue 15's shape gate: no function over 60 lines in tcg/, benchmarks/ or tests/.

ruff has the complexity gate (C90, pyproject.toml) but no rule for length, so this test reads
every module with ``ast``. A function's length is from its ``def`` line to its last line,
docstring and comments included: what a reader has to hold at once."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TREES = ("tcg", "benchmarks", "tests")
MAX_LINES = 60

#: Functions allowed over the limit, as "path:function": none. An entry is a debt with a
#: reason beside it, and leaves the list as soon as its function is short again.
ALLOWED: frozenset[str] = frozenset()


def long_functions(path: Path, limit: int = MAX_LINES) -> Iterator[tuple[int, str, int]]:
    """``(line, name, length)`` of every function (methods and nested ones too) in ``path``
    longer than ``limit`` lines."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            length = (node.end_lineno or node.lineno) - node.lineno + 1
            if length > limit:
                yield node.lineno, node.name, length


def sources() -> list[Path]:
    return sorted(p for tree in TREES for p in (ROOT / tree).rglob("*.py"))


def test_no_function_is_longer_than_60_lines() -> None:
    found = [(f"{p.relative_to(ROOT).as_posix()}:{line}", name, length)
             for p in sources() for line, name, length in long_functions(p)]
    over = [f"{where}: {name} has {length} lines (at most {MAX_LINES})" for where, name, length in found
            if f"{where.rsplit(':', 1)[0]}:{name}" not in ALLOWED]
    assert not over, "functions over the limit (split them into named steps):\n" + "\n".join(over)


def test_allowed_entries_are_still_over_the_limit() -> None:
    # An entry whose function was shortened (or renamed) must leave the list, or it would let a
    # new long function of that name in unnoticed.
    long = {f"{p.relative_to(ROOT).as_posix()}:{name}" for p in sources() for _, name, _ in long_functions(p)}
    assert not ALLOWED - long, f"no longer over {MAX_LINES} lines; remove from ALLOWED: {sorted(ALLOWED - long)}"


def test_a_long_function_is_reported_with_its_place_and_length(tmp_path: Path) -> None:
    body = "".join(f"    x{i} = {i}\n" for i in range(60))
    path = tmp_path / "mod.py"
    path.write_text(f"def short():\n    return 1\n\n\ndef long():\n{body}\n\nclass C:\n    def fine(self):\n"
                    f"        pass\n")
    assert list(long_functions(path)) == [(5, "long", 61)]
    assert list(long_functions(path, limit=61)) == []
