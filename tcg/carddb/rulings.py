"""The rulings report: per product, the official rulings found, encoded and proved by a scenario.

``tcg cards rulings`` prints it. A ruling is *encoded* when a card of the pool carries it,
*proved* when the scenario it names exists among the game's scenarios and passes; a ruling found
in a source but not encoded is listed in the game's ``rulings.yaml`` with the reason. Found is
encoded plus not encoded.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import yaml

from tcg.core import registry
from tcg.core.errors import DataError
from tcg.core.rulings import NotEncoded, Ruling, RulingsFile, load_rulings_file
from tcg.core.scenario import load_scenarios, run_scenario

__all__ = ["ProductRulings", "RulingsReport", "default_scenarios", "product_code", "rulings_path", "rulings_report"]

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
    proved_card: int = 0  # of the proved: answers the publisher gave about the card itself
    proved_rules: int = 0  # of the proved: the publisher's rules applied to the card by us
    not_encoded: list[dict[str, Any]] = field(default_factory=list)
    unproved: list[Unproved] = field(default_factory=list)


@dataclass
class RulingsReport:
    game: str
    products: list[ProductRulings]
    sources: list[dict[str, Any]]
    ran: bool  # whether the scenarios were played (``proved``) or only looked up

    def totals(self) -> dict[str, int]:
        keys = ("found", "encoded", "proved", "proved_card", "proved_rules")
        return {k: sum(getattr(p, k) for p in self.products) for k in keys} | {
            "not_encoded": sum(len(p.not_encoded) for p in self.products)}

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "scenarios_played": self.ran, "totals": self.totals(),
                "products": [asdict(p) for p in self.products], "sources": self.sources}


def product_code(code: str) -> str:
    """The product of a code: a card number (``BS03-076``, ``TAT-027``, ``1-023``: three or more
    characters after the last hyphen; a card on no set list gives its own) names its product before
    the hyphen; a set code (``DM-01``, ``OP-01``, ``LOB``) stays itself."""
    head, _, tail = code.rpartition("-")
    return head if head and len(tail) >= 3 and any(c.isdigit() for c in tail) else code


def rulings_path(game: str) -> Path:
    """The game's ``rulings.yaml``, next to its package's modules."""
    return registry.load_game(game).package_dir / "rulings.yaml"


def default_scenarios(game: str) -> Path:
    """``scenarios/<game>`` of the checkout the package runs from, else of the current folder (an
    installed or compiled build lives apart from the checkout's scenarios)."""
    beside = Path(__file__).resolve().parents[2] / "scenarios" / game
    return beside if beside.is_dir() else Path.cwd() / "scenarios" / game


def _scenario_index(folder: Path) -> dict[str, list[Path]]:
    """The file of every scenario case under ``folder`` by name (a name given twice keeps both, to
    report). Read from the documents' top-level ``name:`` lines: parsing every scenario with its
    line numbers took seconds a game, and only the few a ruling names are played."""
    if not folder.is_dir():
        raise DataError(f"no scenarios folder {folder} (pass --scenarios DIR: the game's scenarios)")
    found: dict[str, list[Path]] = {}
    for path in sorted(folder.rglob("*.yaml")):
        for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
            name = _name(line) if line.startswith("name:") else None
            if name is not None:
                found.setdefault(name, []).append(path)
    return found


def _name(line: str) -> str | None:
    """The scenario name a ``name: ...`` line gives (quoted or not), if it is one."""
    try:
        doc = yaml.safe_load(line)
    except yaml.YAMLError:
        return None
    name = doc.get("name") if isinstance(doc, dict) else None
    return name if isinstance(name, str) else None


def _verdict(name: str, index: dict[str, list[Path]], run: bool, cache: dict[str, str]) -> str:
    """'' when the scenario proves its ruling, else why not."""
    if name in cache:
        return cache[name]
    paths = index.get(name, [])
    if not paths:
        why = "no scenario has this name"
    elif len(paths) > 1:
        why = "the name is given to several scenarios: " + ", ".join(str(p) for p in paths)
    elif run:
        why = _play(name, paths[0])
    else:
        why = ""
    cache[name] = why
    return why


def _play(name: str, path: Path) -> str:
    """'' when the case ``name`` of ``path`` passes, else its first failures."""
    for spec, _line, node in load_scenarios(path):
        if isinstance(spec, dict) and spec.get("name") == name:
            result = run_scenario(spec, str(path), node)
            return "" if result.passed else "the scenario fails: " + "; ".join(result.failures[:2])
    return "no scenario has this name"


def rulings_report(game: str, scenarios: Path | None = None, run: bool = True,
                   product_of: Callable[[str], str] | None = None,
                   cards: Mapping[str, Any] | None = None, extra: RulingsFile | None = None) -> RulingsReport:
    """Count the pool's rulings per product; ``run`` plays each ruling's scenario (``proved``).
    ``cards`` and ``extra`` default to the game's packaged cards and ``rulings.yaml``."""
    cards = registry.load_game(game).cards() if cards is None else cards
    extra = load_rulings_file(rulings_path(game)) if extra is None else extra
    index = _scenario_index(scenarios or default_scenarios(game))
    products: dict[str, ProductRulings] = {}
    cache: dict[str, str] = {}

    def bucket(code: str) -> ProductRulings:
        return products.setdefault(code or UNLISTED, ProductRulings(code or UNLISTED))

    for name, card in sorted(cards.items()):
        rulings: Iterable[Ruling] = getattr(card, "rulings", ())
        for ruling in rulings:
            row = bucket(product_of(name) if product_of else "")
            row.found += 1
            row.encoded += 1
            why = _verdict(ruling.scenario, index, run, cache)
            if why:
                row.unproved.append(Unproved(name, ruling.scenario, why))
            else:
                row.proved += 1
                if ruling.basis == "card":
                    row.proved_card += 1
                else:
                    row.proved_rules += 1
    for item in extra.not_encoded:
        row = bucket(item.product or (product_of(item.card) if product_of and item.card in cards else ""))
        row.found += 1
        row.not_encoded.append(_not_encoded(item))
    ordered = sorted(products.values(), key=lambda p: (p.product == UNLISTED, p.product))
    return RulingsReport(game, ordered, [s.model_dump(exclude_defaults=True) for s in extra.sources], run)


def _not_encoded(item: NotEncoded) -> dict[str, Any]:
    return {"card": item.card, "question": item.question, "kind": item.kind, "reason": item.reason,
            "source": item.source.model_dump(exclude_defaults=True)}


def rulings_markdown(games: Iterable[str]) -> str:
    """docs/rulings.md's generated part: per game the rulings encoded (by basis) and not encoded,
    then every source searched. Scenarios are looked up, not played (the suite plays them)."""
    rows = ["| game | encoded, each proved by a scenario | the publisher's answer about the card | "
            "its rules applied to the card | found, not encoded | sources searched |",
            "|---|---:|---:|---:|---:|---:|"]
    lists: list[str] = []
    for game in games:
        report = rulings_report(game, run=False)
        t = report.totals()
        title = registry.load_game(game).title or game
        rows.append(f"| {title} | {t['encoded']} | {t['proved_card']} | {t['proved_rules']} | {t['not_encoded']} | "
                    f"{len(report.sources)} |")
        lists.append(f"\n### {title}: sources searched\n")
        lists += [_source_item(s) for s in report.sources]
    return "\n".join(rows) + "\n" + "\n".join(lists) + "\n"


def _source_item(source: Mapping[str, Any]) -> str:
    where = source.get("url") or source.get("publication") or ""
    covers = ", ".join(source.get("covers", []))
    extra = "; ".join(x for x in (source.get("date", ""), f"covers {covers}" if covers else "") if x)
    link = f"[{source['title']}]({where})" if where.startswith("http") else f"{source['title']} ({where})"
    return f"- {link}" + (f" — {extra}" if extra else "")


if __name__ == "__main__":  # docs/rulings.md's generated section: python -m tcg.carddb.rulings
    print(rulings_markdown(registry.game_names()), end="")
