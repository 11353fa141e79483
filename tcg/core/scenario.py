"""Run YAML rules scenarios (docs/scenarios.md): set up a state, apply steps, check expectations.

The format is shared by all games; a game supplies only ``scenario_state``,
``card_property`` and ``player_counter``. A failure is a readable list of
"expected … got …" lines, never a traceback.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from tcg.core.actions import Action
from tcg.core.decklist import decode_utf8
from tcg.core.errors import DataError, IllegalActionError, TcgError
from tcg.core.game import Game
from tcg.core.registry import load_game
from tcg.core.state import State
from tcg.core.yamltext import parse_yaml, value_node

#: The keys of an action step that are not fields of the action.
STEP_KEYS = frozenset({"player", "deciding", "error", "expect", "action"})
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
def load_scenarios(path: Path) -> list[tuple[dict[str, Any], int, yaml.Node]]:
    """(scenario mapping, line, YAML node) triples from a file: one document, several, or
    ``scenarios: [...]``. A file with no scenario at all is malformed (a test that cannot fail)."""
    try:
        text = decode_utf8(path.read_bytes(), str(path))
    except OSError as exc:
        raise DataError(f"cannot read: {exc.strerror}", source=str(path)) from None
    documents = parse_yaml(text, str(path))
    out: list[tuple[dict[str, Any], int, yaml.Node]] = []
    for node, doc in documents:
        if doc is None:
            continue
        if isinstance(doc, dict) and "scenarios" in doc and "steps" not in doc:
            seq = value_node(node, "scenarios")
            if not isinstance(doc["scenarios"], list) or not isinstance(seq, yaml.SequenceNode):
                raise DataError("'scenarios' is a list of scenarios", source=str(path), line=seq.start_mark.line + 1)
            for item, n in zip(doc["scenarios"], seq.value, strict=True):
                if not isinstance(item, dict):
                    raise DataError("a scenario must be a mapping", source=str(path), line=n.start_mark.line + 1)
                out.append((item, n.start_mark.line + 1, n))
        elif isinstance(doc, dict):
            out.append((doc, node.start_mark.line + 1, node))
        else:
            raise DataError("a scenario must be a mapping", source=str(path), line=node.start_mark.line + 1)
    if not out:
        raise DataError("the file holds no scenario (it is empty)", source=str(path), line=1)
    return out


def node_line(node: yaml.Node | None, keys: Sequence[str | int]) -> int | None:
    """The 1-based line of the deepest node found along ``keys`` (mapping keys, list indices)."""
    if node is None:
        return None
    line = node.start_mark.line + 1
    for key in keys:
        if isinstance(node, yaml.MappingNode):
            found = next((v for k, v in node.value if getattr(k, "value", None) == key), None)
        elif isinstance(node, yaml.SequenceNode) and isinstance(key, int) and 0 <= key < len(node.value):
            found = node.value[key]
        else:
            found = None
        if found is None:
            break
        node = found
        line = node.start_mark.line + 1
    return line


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
        return [ScenarioResult(path.name, str(path), failures=[f"malformed scenario file: {exc}"])]
    return [run_scenario(spec, f"{path}:{line}", node=node, file=str(path)) for spec, line, node in items]


def run_scenario(spec: Mapping[str, Any], source: str = "<scenario>", node: yaml.Node | None = None,
                 file: str | None = None) -> ScenarioResult:
    """Run one scenario. ``node`` (its YAML node) and ``file`` let a malformed one name its line."""
    name = str(spec.get("name") or "(unnamed)")
    rules = spec.get("rules") or []
    result = ScenarioResult(name, source, [str(r) for r in rules] if isinstance(rules, list) else [str(rules)])
    try:
        Runner(spec, source, node=node, file=file).run()
    except ScenarioFailure as exc:
        result.failures = exc.lines
    except TcgError as exc:
        result.failures = [f"malformed scenario: {exc}"]
    return result


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class Runner:
    def __init__(self, spec: Mapping[str, Any], source: str, node: yaml.Node | None = None,
                 file: str | None = None):
        self.spec = spec
        self.source = source
        self.node = node
        self.file = file
        unknown = set(spec) - TOP_KEYS
        if unknown:
            raise DataError(f"unknown key(s) {', '.join(sorted(map(str, unknown)))}; expected "
                            f"{', '.join(sorted(TOP_KEYS))}", source=source)
        if "game" not in spec:
            raise DataError("a scenario needs 'game'", source=source)
        if not isinstance(spec.get("rules") or [], list):
            raise DataError("rules is a list of rule ids, e.g. [DM-55]", source=self.at("rules"), field="rules")
        with self.located("game", "game"):  # an unknown game, named by its line
            self.game: Game = load_game(str(spec["game"]))
        defs = dict(self.game.cards())
        if not isinstance(spec.get("cards") or [], list):
            raise DataError("cards is a list of card mappings", source=self.at("cards"), field="cards")
        for i, raw in enumerate(spec.get("cards") or []):
            card = self.game.parse_card(raw, source=f"{self.at('cards', i)} cards[{i}]")
            defs[card.name] = card
        self.defs = defs
        with self.located("options", "options"):
            options = self.game.resolve_options(spec.get("options") or {})
        seed = spec.get("seed", 0)
        if not _whole(seed):
            raise DataError(f"seed is a whole number, got {seed!r}", source=self.at("seed"), field="seed")
        state_spec = spec.get("state") or {}
        if not isinstance(state_spec, Mapping):
            raise DataError("state is a mapping (turn, phase, players, ...)", source=self.at("state"), field="state")
        for key in ("turn", "active", "first_player"):
            if key in state_spec and not _whole(state_spec[key]):
                raise DataError(f"{key} is a whole number, got {state_spec[key]!r}", source=self.at("state", key),
                                field=f"state.{key}")
        try:
            self.state: State = self.game.scenario_state(state_spec, defs, options, seed)
        except DataError as exc:  # the game names the field (state.players[0].zones.hand[2]): find its line
            if exc.source or not exc.field:
                raise
            keys = [int(k) if k.isdigit() else k for k in re.findall(r"[^.\[\]]+", exc.field)]
            raise DataError(exc.message, source=self.at(*keys), field=exc.field) from None

    def at(self, *keys: str | int) -> str:
        """``file:line`` of the scenario item along ``keys`` (the scenario's own line as a fallback)."""
        line = node_line(self.node, keys)
        return f"{self.file}:{line}" if self.file and line else self.source

    def run(self) -> None:
        steps = self.spec.get("steps") or []
        if not isinstance(steps, list):
            raise DataError("steps is a list of steps", source=self.at("steps"), field="steps")
        for i, step in enumerate(steps):
            where = f"step {i + 1}"
            if not isinstance(step, Mapping):
                raise DataError("a step is a mapping", source=self.at("steps", i), field=where)
            with self.located(where, "steps", i):
                if "expect" in step and len(step) == 1:
                    self.check(step["expect"], where, ("steps", i, "expect"))
                else:
                    self.do_step(step, where, ("steps", i))
        if self.spec.get("expect") is not None:
            with self.located("expect", "expect"):
                self.check(self.spec["expect"], "expect", ("expect",))

    @contextmanager
    def located(self, where: str, *keys: str | int) -> Iterator[None]:
        """A DataError raised without a place (a game's check of a property name, say) gets the
        file and line of the item along ``keys``."""
        try:
            yield
        except DataError as exc:
            if exc.source:
                raise
            raise DataError(exc.message, source=self.at(*keys), field=exc.field or where) from None

    # ------------------------------------------------------------------ steps
    def do_step(self, step: Mapping[str, Any], where: str, keys: tuple[str | int, ...] = ()) -> None:
        """One action step, its fields checked in the order the errors are documented: ``error``,
        the pattern, ``player``, ``deciding``; then the claim (applied, or rejected) and ``expect``."""
        error = step.get("error", False)
        if not isinstance(error, bool):
            raise DataError(f"error is true or false, got {error!r}", source=self.at(*keys, "error"), field=where)
        pattern, pkeys = self._step_pattern(step, where, keys)
        self.check_pattern(pattern, where, pkeys)
        player = step.get("player")
        if player is not None and player not in (0, 1):
            raise DataError(f"player is 0 or 1, got {player!r}", source=self.at(*keys, "player"), field=where)
        deciding = self.state.deciding_player
        if "deciding" in step:  # the step says who decides now: checked, and it lets another player try
            self._check_deciding(step["deciding"], deciding, where, keys)
        if player is not None and player != deciding:
            self._not_deciding(step, player, pattern, error, where, keys)
        elif error:
            self._expect_rejected(pattern, where)
        else:
            self._apply_match(pattern, where)
        if "expect" in step:
            self.check(step["expect"], where, (*keys, "expect"))

    def _step_pattern(self, step: Mapping[str, Any], where: str,
                      keys: tuple[str | int, ...]) -> tuple[dict[str, Any], tuple[str | int, ...]]:
        """The step's action pattern and where it is: the step's own non-step keys, or, with
        ``action:``, that mapping (for an action with a field named like a step key)."""
        pattern = {k: v for k, v in step.items() if k not in STEP_KEYS}
        if "action" not in step:
            return pattern, keys
        if pattern or not isinstance(step["action"], Mapping):
            raise DataError("with 'action:' a step has only player, deciding, action, error and expect",
                            source=self.at(*keys), field=where)
        return dict(step["action"]), (*keys, "action")

    def _check_deciding(self, want: Any, deciding: int | None, where: str, keys: tuple[str | int, ...]) -> None:
        """``deciding:`` is a claim about who decides now: a seat or null, and it must hold."""
        if want is not None and want not in (0, 1):
            raise DataError(f"deciding is 0, 1 or null, got {want!r}", source=self.at(*keys, "deciding"),
                            field=where)
        if want != deciding:
            raise ScenarioFailure([f"{where}: deciding: expected {want!r}, got {deciding!r}"])

    def _not_deciding(self, step: Mapping[str, Any], player: int, pattern: Mapping[str, Any], error: bool,
                      where: str, keys: tuple[str | int, ...]) -> None:
        """A step by a player who is not deciding: a failure, unless it claims an error; and such an
        error step must say who decides (or the game be over), or it would pass whatever the rules say."""
        st = self.state
        deciding = st.deciding_player
        if not error:
            raise ScenarioFailure([f"{where} ({_show(pattern)}): player {player} is not deciding "
                                   f"(deciding: {deciding}, decision: {st.decision and st.decision.kind})"])
        if "deciding" not in step and st.winner is None:
            raise DataError(f"player {player} is not deciding (player {deciding} is), so this error step "
                            f"would pass whatever the rules say; name the deciding player or add "
                            f"'deciding: {deciding}' to claim that player {player} cannot act now",
                            source=self.at(*keys, "player"), field=where)

    def _expect_rejected(self, pattern: Mapping[str, Any], where: str) -> None:
        """An error step: no legal action matches, and applying it raises and changes nothing."""
        st = self.state
        matches = [a for a in st.legal_actions() if self.matches(a, pattern)]
        if matches:
            raise ScenarioFailure([f"{where}: expected no legal action to match {_show(pattern)}, "
                                   f"but {st.action_text(matches[0])} is legal"])
        self._check_rejected(pattern, where)

    def _apply_match(self, pattern: Mapping[str, Any], where: str) -> None:
        """A plain step: the first legal action that matches is applied; none is a failure that
        lists what is legal."""
        st = self.state
        matches = [a for a in st.legal_actions() if self.matches(a, pattern)]
        if not matches:
            legal = "; ".join(st.action_text(a) for a in st.legal_actions()) or "none"
            raise ScenarioFailure([f"{where}: no legal action matches {_show(pattern)}",
                                   f"  legal actions now: {legal}"])
        st.apply(matches[0])

    def check_pattern(self, pattern: Any, where: str, keys: tuple[str | int, ...]) -> None:
        """An action pattern must be able to match: a type the game generates, cards that exist."""
        if not isinstance(pattern, Mapping):
            raise DataError(f"an action pattern is a mapping with 'type', got {pattern!r}", source=self.at(*keys),
                            field=where)
        if "type" not in pattern:
            raise DataError("an action step needs 'type'", source=self.at(*keys), field=where)
        kind = pattern["type"]
        known = self.game.ACTION_TYPES
        if not isinstance(kind, str) or (known and kind not in known):
            raise DataError(f"{self.game.title} has no action type {kind!r}; its actions are "
                            f"{', '.join(sorted(known))}", source=self.at(*keys, "type"), field=where)
        literals = self.game.scenario_literals
        for k, v in pattern.items():
            if k in self.game.card_fields:
                for ref in v if isinstance(v, list) else [v]:
                    self.check_ref(ref, where, (*keys, k))
            elif isinstance(v, Mapping):  # a count mapping: its keys are cards or the game's literals
                if not all(_whole(n) for n in v.values()):
                    raise DataError(f"{k} is a mapping of card: count (whole numbers), got {v!r}",
                                    source=self.at(*keys, k), field=where)
                for ref in v:
                    if ref not in literals and not str(ref).isdigit():
                        self.check_ref(str(ref), where, (*keys, k))  # check_ref reads a "#k" suffix

    def check_ref(self, ref: Any, where: str, keys: tuple[str | int, ...]) -> None:
        """A card reference (``Name``, ``p1:Name``, ``Name#2`` or an id) names a card of the game now."""
        if isinstance(ref, bool) or ref is None:
            raise DataError(f"a card field is a card name, got {ref!r}", source=self.at(*keys), field=where)
        if isinstance(ref, int):
            if not 0 <= ref < len(self.state.cards):
                raise DataError(f"there is no card with id {ref}", source=self.at(*keys), field=where)
            return
        if not isinstance(ref, str):
            raise DataError(f"a card field is a card name, got {ref!r}", source=self.at(*keys), field=where)
        if ref in self.game.scenario_literals:
            return
        name = ref[3:] if len(ref) > 3 and ref[0] == "p" and ref[1] in "01" and ref[2] == ":" else ref
        base, _, k = name.rpartition("#")
        if name not in self.defs and base and k.isdigit():  # "Name#k"; a printed name may hold "#"
            name = base
        if name not in self.defs:
            raise DataError(f"unknown card {name!r} (not packaged and not in the scenario's cards:)",
                            source=self.at(*keys), field=where)
        if not self.find_cards(ref):
            raise DataError(f"no card {ref!r} is in the game now (a card reference must name one)",
                            source=self.at(*keys), field=where)

    def _check_rejected(self, pattern: Mapping[str, Any], where: str) -> None:
        """Apply the action for real: it must raise and change nothing (every card reference
        resolves: check_pattern saw to it)."""
        st = self.state
        fields: dict[str, Any] = {}
        for k, v in pattern.items():
            if k == "type":
                continue
            if k in self.game.card_fields:
                resolved = self._resolve_card_value(v)
                if resolved is None:
                    return
                fields[k] = resolved
            else:
                fields[k] = v
        try:
            action = Action(pattern["type"], **fields)
        except DataError as exc:
            raise DataError(f"the action cannot be built: {exc.message}", field=where) from None
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
        if isinstance(v, str) and v not in self.game.scenario_literals:
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
        if ref in self.game.scenario_literals:  # One Piece's `target: leader`: the game says which cards it names
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
            if k in self.game.list_card_fields and isinstance(want, list) and isinstance(got, list):
                if len(want) != len(got) or not self._multiset_match(got, want):
                    return False
            elif k in self.game.card_fields:
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
            if key not in st.defs:  # "Name#k" counts as Name; a printed name may hold "#" itself
                base, _, k_ = key.rpartition("#")
                key = base if base and k_.isdigit() else key
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
    def check(self, expect: Any, where: str, keys: tuple[str | int, ...] = ()) -> None:
        """Every expectation of an ``expect:`` mapping, through the table ``_EXPECTATIONS`` (one
        checker per key); a malformed one is a DataError, the unmet ones are one failure."""
        if not isinstance(expect, Mapping):
            raise DataError("expect must be a mapping", source=self.at(*keys), field=where)
        fails: list[str] = []
        for key, want in expect.items():
            at = self.at(*keys, key)
            checker = _EXPECTATIONS.get(key) if isinstance(key, str) else None
            if checker is None:
                raise DataError(f"unknown expectation {key!r}", source=at, field=where)
            fails.extend(checker(self, key, want, where, (*keys, key), at))
        if fails:
            raise ScenarioFailure([f"{where}:"] + ["  " + f for f in fails])

    def _expect_winner(self, key: str, want: Any, where: str, keys: tuple[str | int, ...], at: str) -> list[str]:
        """``winner``: 0, 1, draw or null (a bool is not a seat, though True == 1)."""
        if want not in (0, 1, "draw", None) or isinstance(want, bool):
            raise DataError(f"winner is 0, 1, draw or null, got {want!r}", source=at, field=where)
        winner = self.state.winner
        return [] if winner == want else [f"winner: expected {want!r}, got {winner!r}"]

    def _expect_players(self, key: str, want: Any, where: str, keys: tuple[str | int, ...], at: str) -> list[str]:
        """``players``: one mapping per seat, in seat order."""
        if not isinstance(want or [], list) or len(want or []) > 2:
            raise DataError("players is a list of at most 2 mappings (player 0, player 1)", source=at,
                            field=where)
        fails: list[str] = []
        for p, pwant in enumerate(want or []):
            fails.extend(self._check_player(p, pwant or {}, where, (*keys, p)))
        return fails

    def _expect_cards(self, key: str, want: Any, where: str, keys: tuple[str | int, ...], at: str) -> list[str]:
        """``cards``: properties of named cards, ``{Name: {property: value}}``."""
        if not isinstance(want or {}, Mapping):
            raise DataError("cards is a mapping {Name: {property: value}}", source=at, field=where)
        fails: list[str] = []
        for ref, props in (want or {}).items():
            if not isinstance(props or {}, Mapping):
                raise DataError(f"cards.{ref} is a mapping {{property: value}}, got {props!r}",
                                source=self.at(*keys, ref), field=where)
            fails.extend(self._check_card(str(ref), props or {}))
        return fails

    def _expect_legal(self, key: str, want: Any, where: str, keys: tuple[str | int, ...], at: str) -> list[str]:
        """``legal``: action patterns that must (not) match a legal action."""
        return self._check_legal(want or {}, where, keys)

    def _expect_scalar(self, key: str, want: Any, where: str, keys: tuple[str | int, ...], at: str) -> list[str]:
        """``turn``, ``active``, ``phase``, ``deciding``: one value each."""
        return self._check_scalar(key, want, where, at)

    def _check_scalar(self, key: str, want: Any, where: str, at: str) -> list[str]:
        """``turn``, ``active``, ``phase`` or ``deciding``: a value of the right kind, then equal."""
        st = self.state
        ok = {"turn": _whole(want) and want >= 1, "active": want in (0, 1) and _whole(want),
              "deciding": want is None or (want in (0, 1) and _whole(want)),
              "phase": isinstance(want, str)}[key]
        if not ok:
            kind = {"turn": "a whole number from 1", "active": "0 or 1", "deciding": "0, 1 or null",
                    "phase": "a phase name"}[key]
            raise DataError(f"{key} is {kind}, got {want!r}", source=at, field=where)
        got = st.deciding_player if key == "deciding" else getattr(st, key)
        return [] if got == want else [f"{key}: expected {want!r}, got {got!r}"]

    def _check_player(self, p: int, want: Any, where: str, keys: tuple[str | int, ...]) -> list[str]:
        st = self.state
        if not isinstance(want, Mapping):
            raise DataError(f"players[{p}] is a mapping (zones, counters), got {want!r}", source=self.at(*keys),
                            field=where)
        fails: list[str] = []
        for key, value in want.items():
            if key == "zones":
                if not isinstance(value or {}, Mapping):
                    raise DataError(f"players[{p}].zones is a mapping {{zone: names}}", source=self.at(*keys, key),
                                    field=where)
                for zone, zwant in (value or {}).items():
                    at = self.at(*keys, key, zone)
                    if zone not in st.ZONES:
                        raise DataError(f"unknown zone {zone!r}; {self.game.title} zones are "
                                        f"{', '.join(st.ZONES)}", source=at, field=f"players[{p}].zones")
                    self._check_zone_spec(zwant, at, f"players[{p}].zones.{zone}")
                    names = [st.cards[c].name for c in self.game.zone_entries(st, p, zone)]
                    fails.extend(f"players[{p}].zones.{zone}: {m}" for m in _zone_check(names, zwant))
            else:
                if not (_whole(value) or (isinstance(value, Mapping) and all(_whole(v) for v in value.values()))):
                    raise DataError(f"players[{p}].{key} is a whole number (or a mapping of them), got {value!r}",
                                    source=self.at(*keys, key), field=where)
                got = self.game.player_counter(st, p, key)
                if not _counter_matches(got, value):
                    fails.append(f"players[{p}].{key}: expected {value!r}, got {got!r}")
        return fails

    def _check_zone_spec(self, want: Any, at: str, field: str) -> None:
        """A zone check that can fail: a list of known names, or count / contains / excludes."""
        if isinstance(want, list):
            names = want
        elif isinstance(want, Mapping):
            extra = set(want) - {"count", "contains", "excludes"}
            if extra:
                raise DataError(f"unknown zone check {', '.join(sorted(map(str, extra)))}; use count, contains, "
                                f"excludes", source=at, field=field)
            if "count" in want and not (_whole(want["count"]) and want["count"] >= 0):
                raise DataError(f"count is a whole number, got {want['count']!r}", source=at, field=field)
            for k in ("contains", "excludes"):
                if not isinstance(want.get(k) or [], list):
                    raise DataError(f"{k} is a list of card names, got {want[k]!r}", source=at, field=field)
            names = [*(want.get("contains") or []), *(want.get("excludes") or [])]
        else:
            raise DataError(f"a zone check is a list of names or a mapping, got {want!r}", source=at, field=field)
        for name in names:
            if str(name) not in self.defs:
                raise DataError(f"unknown card {name!r} (not packaged and not in the scenario's cards:)",
                                source=at, field=field)

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

    def _check_legal(self, want: Any, where: str = "expect", keys: tuple[str | int, ...] = ()) -> list[str]:
        if not isinstance(want, Mapping) or set(want) - {"includes", "excludes"}:
            raise DataError(f"legal is a mapping with includes and/or excludes (lists of action patterns), "
                            f"got {want!r}", source=self.at(*keys), field="expect.legal")
        for k in ("includes", "excludes"):
            pats = want.get(k) or []
            if not isinstance(pats, list):
                raise DataError(f"legal.{k} is a list of action patterns, got {pats!r}", source=self.at(*keys, k),
                                field=where)
            for i, pat in enumerate(pats):
                self.check_pattern(pat, where, (*keys, k, i))
        st = self.state
        legal = st.legal_actions()
        fails = []
        for pat in want.get("includes") or []:
            if not any(self.matches(a, pat) for a in legal):
                shown = "; ".join(st.action_text(a) for a in legal) or "none"
                fails.append(f"legal.includes: nothing matches {_show(pat)} (legal: {shown})")
        for pat in want.get("excludes") or []:
            hit = next((a for a in legal if self.matches(a, pat)), None)
            if hit is not None:
                fails.append(f"legal.excludes: {st.action_text(hit)} is legal, matching {_show(pat)}")
        return fails


#: One checker per key of an ``expect:`` mapping (Runner.check): a new expectation is a method
#: and a line here, not another branch.
_Expectation = Callable[[Runner, str, Any, str, tuple[str | int, ...], str], list[str]]
_EXPECTATIONS: dict[str, _Expectation] = {
    "winner": Runner._expect_winner, "players": Runner._expect_players, "cards": Runner._expect_cards,
    "legal": Runner._expect_legal, "turn": Runner._expect_scalar, "active": Runner._expect_scalar,
    "phase": Runner._expect_scalar, "deciding": Runner._expect_scalar,
}


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
