"""Optional compiled build: ``TCG_COMPILE=1`` compiles the rules modules to C with mypyc.

Everything else about the package is in ``pyproject.toml``. Without ``TCG_COMPILE=1`` (the
editable install of ``make test``, and any machine without a C compiler) the engine is pure
Python. With it, the modules below -- the core state, effect loop and rulebook, and every
module of every game's package but its card schema, its ``Game`` object and its
illegal-action explanations (pydantic models, registration and the slow path) -- become C
extension modules that behave the same and run about 1.2-2x faster (``docs/performance.md``).
The list follows ``tcg/games/*/``: a new game or a new rules module is compiled with no edit here.
``make compiled`` builds them into ``build/compiled``; ``make bench`` measures with them.

Compile for installs whose sources no longer change (a wheel, ``pip install --target``): a
compiled module shadows its ``.py`` file, so an in-place (editable) compiled build would keep
running old code after an edit.
"""

from __future__ import annotations

import os
from pathlib import Path

from setuptools import setup

# presentation: words, not rules; spelling, narrowing: how a chooser spells actions (their parts
# subclass tcg.core.narrowing.Part, an interpreted class)
NOT_COMPILED = ("__init__.py", "cards.py", "game.py", "illegal.py", "presentation.py", "spelling.py", "narrowing.py")
COMPILED = [
    "tcg/core/state.py",
    "tcg/core/effects.py",
    "tcg/core/rng.py",
    "tcg/core/rules.py",
    "tcg/core/lasting.py",
    "tcg/core/verbs.py",
    "tcg/core/stack.py",
    *sorted(str(p) for p in Path("tcg/games").glob("*/*.py") if p.name not in NOT_COMPILED),
]


def ext_modules() -> list:
    flag = os.environ.get("TCG_COMPILE", "0")
    if flag not in ("0", "1"):
        raise SystemExit(f"TCG_COMPILE must be 0 or 1, not {flag!r}")
    if flag == "0":
        return []
    try:
        from mypyc.build import mypycify
    except ImportError as exc:  # pragma: no cover - depends on the build environment
        raise SystemExit("TCG_COMPILE=1 needs mypy (which ships mypyc) in the build environment: "
                         "pip install mypy, then build with --no-build-isolation") from exc
    # separate: one extension per module, so that the C compiler runs on several at once
    # (build_ext's parallel option); the code is as fast as one shared extension.
    return mypycify(COMPILED, opt_level="3", separate=True)


setup(ext_modules=ext_modules(), options={"build_ext": {"parallel": os.cpu_count() or 1}})
