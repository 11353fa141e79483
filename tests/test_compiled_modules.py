"""The modules the compiled build compiles (setup.py) must be ones mypyc can build: none of them
may define a pydantic model, which mypyc cannot compile (``make compiled`` fails in the C
compiler, long after ``make test`` passed). The card schemas live in each game's ``cards.py``,
which setup.py leaves interpreted. Read with ``ast``, so this costs no build."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def compiled_modules() -> list[Path]:
    """The files setup.py compiles, read from setup.py's own list (not a copy of it)."""
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    not_compiled: tuple[str, ...] = ()
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "NOT_COMPILED" for t in node.targets):
            not_compiled = ast.literal_eval(node.value)
    assert not_compiled, "setup.py defines NOT_COMPILED"
    return sorted(p for p in (ROOT / "tcg" / "games").glob("*/*.py") if p.name not in not_compiled)


def pydantic_models(path: Path, root: Path = ROOT) -> list[str]:
    """Classes of ``path`` whose bases are pydantic's BaseModel or a model class imported from a
    card schema (``..cards``) -- what mypyc cannot compile."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    models = {"BaseModel"}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and (
                node.module == "pydantic" or node.module.endswith(".cards")):
            models |= {a.asname or a.name for a in node.names if a.name[:1].isupper() or a.name.startswith("_")}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            bases = {b.id for b in node.bases if isinstance(b, ast.Name)}
            if bases & models:
                found.append(f"{path.relative_to(root)}:{node.lineno} {node.name}")
    return found


def test_no_compiled_module_defines_a_pydantic_model() -> None:
    found = [m for p in compiled_modules() for m in pydantic_models(p)]
    assert not found, f"pydantic models in modules mypyc compiles (move them to the game's cards.py): {found}"


def test_a_pydantic_model_in_a_compiled_module_is_found(tmp_path: Path) -> None:
    """The checker fails on a compiled module broken on purpose (the BurstIf of issue 38)."""
    source = ROOT / "tcg" / "games" / "battle_spirits" / "bursts.py"
    probe = tmp_path / "bursts.py"
    probe.write_text(source.read_text(encoding="utf-8")
                     + "\n\nfrom pydantic import BaseModel\n\n\nclass Broken(BaseModel):\n    x: int = 0\n",
                     encoding="utf-8")
    assert [m.split(" ")[1] for m in pydantic_models(probe, tmp_path)] == ["Broken"]
    assert pydantic_models(source) == []
