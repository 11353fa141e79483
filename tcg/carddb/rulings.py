"""The rulings report: per product, the official rulings found, encoded and proved by a scenario.

``tcg cards rulings`` prints it. A ruling is *encoded* when a card of the pool carries it,
*proved* when the scenario it names exists among the game's scenarios and passes; a ruling found
in a source but not encoded is listed in the game's ``rulings.yaml`` with the reason. Found is
encoded plus not encoded.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import yaml

from tcg.core import registry
from tcg.core.errors import DataError
from tcg.core.rulings import NotEncoded, Ruling, RulingsFile, load_rulings_file
from tcg.core.scenario import load_scenarios, run_scenario

__all__ = ["ProductRulings", "RulingsReport", "default_scenarios", "rulings_path", "rulings_report"]

#: The product of a card no set list names (an original, or a product still without a list).
UNLISTED = "(no set list)"


@dataclass
class Unproved:
    """An encoded ruling whose scenario is missing, named twice, or fails."""

    card: str
    scenario: str
    why: str


@dataclass
class ProductRulings:
    product: str
    found: int = 0
    encoded: int = 0
    proved: int = 0
    not_encoded: list[dict[str, Any]] = field(default_factory=list)
    unproved: list[Unproved] = field(default_factory=list)


@dataclass
class RulingsReport:
    game: str
    products: list[ProductRulings]
    sources: list[dict[str, Any]]
    ran: bool  # whether the scenarios were played (``proved``) or only looked up

    def totals(self) -> dict[str, int]:
        return {k: sum(getattr(p, k) for p in self.products) for k in ("found", "encoded", "proved")} | {
            "not_encoded": sum(len(p.not_encoded) for p in self.products)}

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "scenarios_played": self.ran, "totals": self.totals(),
                "products": [asdict(p) for p in self.products], "sources": self.sources}


def rulings_path(game: str) -> Path:
    """The game's ``rulings.yaml``, next to its package's modules."""
    return registry.load_game(game).package_dir / "rulings.yaml"


def default_scenarios(game: str) -> Path:
    """``scenarios/<game>`` of the checkout the package runs from."""
    return Path(__file__).resolve().parents[2] / "scenarios" / game


def _scenario_index(folder: Path) -> dict[str, list[tuple[Path, dict[str, Any], yaml.Node]]]:
    """Every scenario case under ``folder`` by name (a name given twice keeps both, to report)."""
    if not folder.is_dir():
        raise DataError(f"no scenarios folder {folder} (pass --scenarios DIR: the game's scenarios)")
    found: dict[str, list[tuple[Path, dict[str, Any], yaml.Node]]] = {}
    for path in sorted(folder.rglob("*.yaml")):
        for spec, _line, node in load_scenarios(path):
            if isinstance(spec, dict) and isinstance(spec.get("name"), str):
                found.setdefault(spec["name"], []).append((path, spec, node))
    return found


def _verdict(name: str, index: dict[str, list[tuple[Path, dict[str, Any], yaml.Node]]], run: bool,
             cache: dict[str, str]) -> str:
    """'' when the scenario proves its ruling, else why not."""
    if name in cache:
        return cache[name]
    cases = index.get(name, [])
    if not cases:
        why = "no scenario has this name"
    elif len(cases) > 1:
        why = "the name is given to several scenarios: " + ", ".join(str(p) for p, _, _ in cases)
    elif run:
        path, spec, node = cases[0]
        result = run_scenario(spec, str(path), node)
        why = "" if result.passed else "the scenario fails: " + "; ".join(result.failures[:2])
    else:
        why = ""
    cache[name] = why
    return why


def rulings_report(game: str, scenarios: Path | None = None, run: bool = True,
                   product_of: Callable[[str], str] | None = None,
                   progress: Callable[[str], None] | None = None) -> RulingsReport:
    """Count the pool's rulings per product; ``run`` plays each ruling's scenario (``proved``)."""
    cards = registry.load_game(game).cards()
    extra: RulingsFile = load_rulings_file(rulings_path(game))
    index = _scenario_index(scenarios or default_scenarios(game))
    products: dict[str, ProductRulings] = {}
    cache: dict[str, str] = {}

    def bucket(code: str) -> ProductRulings:
        return products.setdefault(code or UNLISTED, ProductRulings(code or UNLISTED))

    for name, card in sorted(cards.items()):
        rulings: Iterable[Ruling] = getattr(card, "rulings", ())
        for ruling in rulings:
            if progress is not None:
                progress(ruling.scenario)
            row = bucket(product_of(name) if product_of else "")
            row.found += 1
            row.encoded += 1
            why = _verdict(ruling.scenario, index, run, cache)
            if why:
                row.unproved.append(Unproved(name, ruling.scenario, why))
            else:
                row.proved += 1
    for item in extra.not_encoded:
        row = bucket(item.product or (product_of(item.card) if product_of and item.card in cards else ""))
        row.found += 1
        row.not_encoded.append(_not_encoded(item))
    ordered = sorted(products.values(), key=lambda p: (p.product == UNLISTED, p.product))
    return RulingsReport(game, ordered, [s.model_dump(exclude_defaults=True) for s in extra.sources], run)


def _not_encoded(item: NotEncoded) -> dict[str, Any]:
    return {"card": item.card, "question": item.question, "kind": item.kind, "reason": item.reason,
            "source": item.source.model_dump(exclude_defaults=True)}
