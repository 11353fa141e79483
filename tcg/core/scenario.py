"""Run YAML rules scenarios (docs/scenarios.md): set up a state, apply steps, check expectations.

The format is shared by all games; a game supplies only ``scenario_state``,
``card_property`` and ``player_counter``. A failure is a readable list of
"expected … got …" lines, never a traceback.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from tcg.core.actions import CARD_FIELDS, Action
from tcg.core.errors import DataError, IllegalActionError, TcgError
from tcg.core.game import Game
from tcg.core.registry import load_game
from tcg.core.state import State

LITERALS = frozenset({"player", "leader", "reserve"})
LIST_CARD_FIELDS = frozenset({"cards", "tributes"})
TOP_KEYS = frozenset({"name", "game", "rules", "seed", "cards", "state", "steps", "expect", "options",
                      "description", "notes"})


@dataclass
class ScenarioResult:
    name: str
    source: str
    rules: list[str] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return not self.failures


class ScenarioFailure(Exception):
    def __init__(self, lines: list[str]):
        self.lines = lines
        super().__init__("\n".join(lines))


# ---------------------------------------------------------------------- loading
def load_scenarios(path: Path) -> list[tuple[dict[str, Any], int]]:
    """(scenario mapping, line) pairs from a file: one document, several, or ``scenarios: [...]``."""
    try:
        text = path.read_text(encoding="utf-8")
        nodes = list(yaml.compose_all(text))
        docs = list(yaml.safe_load_all(text))
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        raise DataError(f"not valid YAML: {getattr(exc, 'problem', exc)}", source=str(path),
                        line=mark.line + 1 if mark else None) from None
    except OSError as exc:
        raise DataError(f"cannot read: {exc.strerror}", source=str(path)) from None
    out: list[tuple[dict[str, Any], int]] = []
    for doc, node in zip(docs, nodes, strict=True):
        if doc is None:
            continue
        if isinstance(doc, dict) and "scenarios" in doc and "steps" not in doc:
            seq = next(v for k, v in node.value if k.value == "scenarios")
            for item, n in zip(doc["scenarios"], seq.value, strict=True):
                out.append((item, n.start_mark.line + 1))
        elif isinstance(doc, dict):
            out.append((doc, node.start_mark.line + 1))
        else:
            raise DataError("a scenario must be a mapping", source=str(path), line=node.start_mark.line + 1)
    return out


def scenario_files(paths: Iterable[str | Path]) -> list[Path]:
    files: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            files.extend(sorted(x for x in p.rglob("*") if x.suffix in (".yaml", ".yml")))
        elif p.exists():
            files.append(p)
        else:
            raise DataError("no such file or folder", source=str(p))
    return files


# ---------------------------------------------------------------------- running
def run_file(path: Path) -> list[ScenarioResult]:
    try:
        items = load_scenarios(path)
    except DataError as exc:
        return [ScenarioResult(path.name, str(path), failures=[str(exc)])]
    return [run_scenario(spec, f"{path}:{line}") for spec, line in items]


def run_scenario(spec: Mapping[str, Any], source: str = "<scenario>") -> ScenarioResult:
    name = str(spec.get("name") or "(unnamed)")
    result = ScenarioResult(name, source, [str(r) for r in spec.get("rules") or []])
    try:
        Runner(spec, source).run()
    except ScenarioFailure as exc:
        result.failures = exc.lines
    except TcgError as exc:
        result.failures = [f"malformed scenario: {exc}"]
    return result


class Runner:
    def __init__(self, spec: Mapping[str, Any], source: str):
        self.spec = spec
        self.source = source
        unknown = set(spec) - TOP_KEYS
        if unknown:
            raise DataError(f"unknown key(s) {', '.join(sorted(unknown))}; expected {', '.join(sorted(TOP_KEYS))}",
                            source=source)
        if "game" not in spec:
            raise DataError("a scenario needs 'game'", source=source)
        self.game: Game = load_game(str(spec["game"]))
        defs = dict(self.game.cards())
        for i, raw in enumerate(spec.get("cards") or []):
            card = self.game.parse_card(raw, source=f"{source} cards[{i}]")
            defs[card.name] = card
        options = self.game.resolve_options(spec.get("options") or {})
        seed = int(spec.get("seed", 0))
        self.state: State = self.game.scenario_state(spec.get("state") or {}, defs, options, seed)

    def run(self) -> None:
        for i, step in enumerate(self.spec.get("steps") or []):
            where = f"step {i + 1}"
            if not isinstance(step, Mapping):
                raise DataError("a step is a mapping", field=where)
            if "expect" in step and len(step) == 1:
                self.check(step["expect"], where)
            else:
                self.do_step(step, where)
        if self.spec.get("expect") is not None:
            self.check(self.spec["expect"], "expect")

    # ------------------------------------------------------------------ steps
    def do_step(self, step: Mapping[str, Any], where: str) -> None:
        error = bool(step.get("error", False))
        pattern = {k: v for k, v in step.items() if k not in ("player", "error", "expect", "action")}
        if "action" in step:  # the action's fields apart, for one with a field named like a step key
            if pattern or not isinstance(step["action"], Mapping):
                raise DataError("with 'action:' a step has only player, action, error and expect", field=where)
            pattern = dict(step["action"])
        if "type" not in pattern:
            raise DataError("an action step needs 'type'", field=where)
        st = self.state
        player = step.get("player")
        deciding = st.deciding_player
        if player is not None and player != deciding:
            if error:
                return
            raise ScenarioFailure([f"{where} ({_show(pattern)}): player {player} is not deciding "
                                   f"(deciding: {deciding}, decision: {st.decision and st.decision.kind})"])
        matches = [a for a in st.legal_actions() if self.matches(a, pattern)]
        if error:
            if matches:
                raise ScenarioFailure([f"{where}: expected no legal action to match {_show(pattern)}, "
                                       f"but {matches[0].text(st.name_of)} is legal"])
            self._check_rejected(pattern, where)
        else:
            if not matches:
                legal = "; ".join(a.text(st.name_of) for a in st.legal_actions()) or "none"
                raise ScenarioFailure([f"{where}: no legal action matches {_show(pattern)}",
                                       f"  legal actions now: {legal}"])
            st.apply(matches[0])
        if "expect" in step:
            self.check(step["expect"], where)

    def _check_rejected(self, pattern: Mapping[str, Any], where: str) -> None:
        """Try the action for real where it can be built: it must raise and change nothing."""
        st = self.state
        fields: dict[str, Any] = {}
        for k, v in pattern.items():
            if k == "type":
                continue
            if k in CARD_FIELDS:
                resolved = self._resolve_card_value(v)
                if resolved is None:
                    return
                fields[k] = resolved
            else:
                fields[k] = v
        action = Action(pattern["type"], **fields)
        before = json.dumps(st.to_json(), sort_keys=True, default=str)
        try:
            st.apply(action)
        except IllegalActionError:
            pass
        else:
            raise ScenarioFailure([f"{where}: {_show(pattern)} was applied; expected an illegal-action error"])
        after = json.dumps(st.to_json(), sort_keys=True, default=str)
        if before != after:
            raise ScenarioFailure([f"{where}: the rejected action changed the state"])

    def _resolve_card_value(self, v: Any) -> Any:
        if isinstance(v, list):
            out = [self._resolve_card_value(x) for x in v]
            return None if any(x is None for x in out) else out
        if isinstance(v, str) and v not in LITERALS:
            found = self.find_cards(v)
            return found[0] if found else None
        return v

    # ------------------------------------------------------------------ card references
    def instances(self) -> list[int]:
        st = self.state
        return [cid for _, _, cid in st.iter_zone_cards()]

    def find_cards(self, ref: str) -> list[int]:
        """Instances for ``Name``, ``p1:Name`` or ``Name#k`` in the README's order."""
        player = None
        if len(ref) > 3 and ref[0] == "p" and ref[1] in "01" and ref[2] == ":":
            player, ref = int(ref[1]), ref[3:]
        index = None
        st = self.state
        if "#" in ref and ref not in st.defs:  # a printed name may hold "#": "Steel Ogre Grotto #1"
            base, _, k = ref.rpartition("#")
            if k.isdigit():
                ref, index = base, int(k)
        found = [c for c in self.instances() if st.cards[c].name == ref
                 and (player is None or st.where[c][0] == player)]
        if not found:  # cards under an evolution, or being resolved
            found = [c.id for c in st.cards if c.name == ref and (player is None or st.where[c.id][0] == player)]
        if index is not None:
            return found[index - 1:index] if 0 < index <= len(found) else []
        return found

    def card_matches(self, cid: Any, ref: Any) -> bool:
        if not isinstance(cid, int) or isinstance(cid, bool) or not isinstance(ref, str):
            return bool(cid == ref)
        if ref in LITERALS:  # e.g. One Piece's `target: leader`: the game says which cards it names
            return self.game.literal_names_card(self.state, cid, ref)
        st = self.state
        r = ref
        if len(r) > 3 and r[0] == "p" and r[1] in "01" and r[2] == ":":
            if st.where[cid][0] != int(r[1]):
                return False
            r = r[3:]
        if "#" in r and r.rpartition("#")[2].isdigit() and r not in st.defs:
            return cid in self.find_cards(ref)
        return st.cards[cid].name == r

    def matches(self, action: Action, pattern: Mapping[str, Any]) -> bool:
        data = action.to_json()
        if data["type"] != pattern["type"]:
            return False
        for k, want in pattern.items():
            if k == "type":
                continue
            if k not in data:
                return False
            got = data[k]
            if k in LIST_CARD_FIELDS and isinstance(want, list) and isinstance(got, list):
                if len(want) != len(got) or not self._multiset_match(got, want):
                    return False
            elif k in CARD_FIELDS:
                if isinstance(want, list) != isinstance(got, list):
                    return False
                if isinstance(want, list):
                    pairs = zip(got, want, strict=False)
                    if len(want) != len(got) or not all(self.card_matches(g, w) for g, w in pairs):
                        return False
                elif not self.card_matches(got, want):
                    return False
            elif isinstance(want, Mapping) and isinstance(got, Mapping):
                if not self._mapping_match(got, want):
                    return False
            elif got != want:
                return False
        return True

    def _mapping_match(self, got: Mapping[str, Any], want: Mapping[str, Any]) -> bool:
        st = self.state
        named: dict[str, int] = {}
        for k, v in got.items():
            key = st.cards[int(k)].name if str(k).isdigit() else k
            named[key] = named.get(key, 0) + v
        wanted: dict[str, int] = {}
        for k, v in want.items():
            key = str(k).split(":", 1)[-1]
            if key not in st.defs:
                key = key.split("#")[0]
            wanted[key] = wanted.get(key, 0) + v
        return named == wanted

    def _multiset_match(self, got: list[Any], want: list[Any]) -> bool:
        remaining = list(got)
        for w in want:
            for i, g in enumerate(remaining):
                if self.card_matches(g, w):
                    del remaining[i]
                    break
            else:
                return False
        return True

    # ------------------------------------------------------------------ expectations
    def check(self, expect: Mapping[str, Any], where: str) -> None:
        if not isinstance(expect, Mapping):
            raise DataError("expect must be a mapping", field=where)
        st = self.state
        fails: list[str] = []
        for key, want in expect.items():
            if key == "winner":
                if st.winner != want:
                    fails.append(f"winner: expected {want!r}, got {st.winner!r}")
            elif key == "players":
                for p, pwant in enumerate(want or []):
                    fails.extend(self._check_player(p, pwant or {}))
            elif key == "cards":
                for ref, props in (want or {}).items():
                    fails.extend(self._check_card(str(ref), props or {}))
            elif key == "legal":
                fails.extend(self._check_legal(want or {}))
            elif key in ("turn", "active", "phase"):
                got = getattr(st, key)
                if got != want:
                    fails.append(f"{key}: expected {want!r}, got {got!r}")
            elif key == "deciding":
                if st.deciding_player != want:
                    fails.append(f"deciding: expected {want!r}, got {st.deciding_player!r}")
            else:
                raise DataError(f"unknown expectation {key!r}", field=where)
        if fails:
            raise ScenarioFailure([f"{where}:"] + ["  " + f for f in fails])

    def _check_player(self, p: int, want: Mapping[str, Any]) -> list[str]:
        st = self.state
        fails: list[str] = []
        for key, value in want.items():
            if key == "zones":
                for zone, zwant in (value or {}).items():
                    if zone not in st.ZONES:
                        raise DataError(f"unknown zone {zone!r}", field=f"players[{p}].zones")
                    names = [st.cards[c].name for c in self.game.zone_entries(st, p, zone)]
                    fails.extend(f"players[{p}].zones.{zone}: {m}" for m in _zone_check(names, zwant))
            else:
                got = self.game.player_counter(st, p, key)
                if not _counter_matches(got, value):
                    fails.append(f"players[{p}].{key}: expected {value!r}, got {got!r}")
        return fails

    def _check_card(self, ref: str, props: Mapping[str, Any]) -> list[str]:
        found = self.find_cards(ref)
        if not found:
            return [f"cards.{ref}: no such card in the game"]
        cid = found[0]
        fails = []
        for prop, want in props.items():
            got = self.game.card_property(self.state, cid, str(prop))
            if got != want:
                fails.append(f"cards.{ref}.{prop}: expected {want!r}, got {got!r}")
        return fails

    def _check_legal(self, want: Mapping[str, Any]) -> list[str]:
        if not isinstance(want, Mapping) or set(want) - {"includes", "excludes"}:
            raise DataError(f"legal is a mapping with includes and/or excludes (lists of action patterns), "
                            f"got {want!r}", field="expect.legal")
        st = self.state
        legal = st.legal_actions()
        fails = []
        for pat in want.get("includes") or []:
            if not any(self.matches(a, pat) for a in legal):
                shown = "; ".join(a.text(st.name_of) for a in legal) or "none"
                fails.append(f"legal.includes: nothing matches {_show(pat)} (legal: {shown})")
        for pat in want.get("excludes") or []:
            hit = next((a for a in legal if self.matches(a, pat)), None)
            if hit is not None:
                fails.append(f"legal.excludes: {hit.text(st.name_of)} is legal, matching {_show(pat)}")
        return fails


def _zone_check(names: list[str], want: Any) -> list[str]:
    if isinstance(want, list):
        return [] if names == [str(w) for w in want] else [f"expected {want}, got {names}"]
    if not isinstance(want, Mapping):
        raise DataError(f"a zone check is a list of names or a mapping, got {want!r}")
    fails: list[str] = []
    if "count" in want and len(names) != want["count"]:
        fails.append(f"expected count {want['count']}, got {len(names)} {names}")
    have = Counter(names)
    need = Counter(str(w) for w in want.get("contains") or [])
    missing = need - have
    if missing:
        fails.append(f"expected to contain {sorted(missing.elements())}, got {names}")
    bad = [str(x) for x in want.get("excludes") or [] if str(x) in have]
    if bad:
        fails.append(f"expected not to contain {bad}, got {names}")
    return fails


def _show(pattern: Mapping[str, Any]) -> str:
    return "{" + ", ".join(f"{k}: {v}" for k, v in pattern.items()) + "}"


def _counter_matches(got: Any, want: Any) -> bool:
    """A counter check. A mapping counter (Force of Will's will per attribute) matches a mapping
    whose left-out keys are 0, or a number that is its total."""
    if isinstance(got, Mapping):
        if isinstance(want, Mapping):
            return all(got.get(k, 0) == v for k, v in want.items()) and all(
                v == 0 for k, v in got.items() if k not in want)
        if isinstance(want, int) and not isinstance(want, bool):
            return sum(got.values()) == want
        return False
    return bool(got == want)
