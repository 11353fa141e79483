"""tcg-engine: one rules engine for five trading card games."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("tcg-engine")  # pyproject.toml's, the one place it is written
except PackageNotFoundError:  # pragma: no cover - sources run without being installed
    __version__ = "unknown"


def compiled() -> bool:
    """Is this the compiled build (``setup.py`` with ``TCG_COMPILE=1``: the rules modules are
    C extensions made by mypyc) rather than pure Python? Speed figures depend on it."""
    from tcg.core import state

    return not (state.__file__ or "").endswith(".py")


def build_name() -> str:
    return "compiled (mypyc)" if compiled() else "pure Python"
