"""Seeded input generators for the parser fuzz targets (:mod:`tests.fuzz_targets`).

``generate(parser, seed)`` is deterministic: the same seed gives the same input, so a crash
found by ``benchmarks/fuzz.py --seed S`` is found again. Most inputs are mutations of valid
ones -- a field deleted, duplicated or replaced by a value of another type (huge numbers, null,
deep nesting, long or odd unicode strings), then the text truncated or spliced -- because random
text rarely gets past the first line of a parser; a few are known attacks (alias bombs, nesting).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import yaml

from tests import fuzz_targets as ft

NASTY: tuple[Any, ...] = (
    None, True, False, 0, -1, 1, 2, 2**31, 2**63, -(2**63), 10**30, 1.5, -0.0, float("inf"), float("nan"),
    "", " ", "x", "x" * 5000, "\u0000", "\ufeff", "\u202e", "🂡", "名前", "é" * 300, "Name#3", "p0:X", "[main]",
    "#", ":", "- x", "{", "&a", "*a", "!!binary", "null", "~", "yes", "0x10", "1e999", "\r\n", "\t",
    [], {}, [None], [[[[[[]]]]]], {"": None}, {"a": {"b": {"c": {}}}}, [1, "a", None, {}],
)
SPLICES = ("\n", ": ", "- ", "[", "]", "{", "}", ",", "#", "&a ", "*a", "!!python/object:os.system", "\t",
           "\r", "\ufeff", "\u0000", "'", '"', "\\", "---\n", "...\n", "? ", "|\n", ">\n", "%YAML 1.1\n",
           "0", "-1", "99999999999999999999", "x", "🂡", "\ud800", "[main]\n", "4 ", "x ")


def nasty(rng: random.Random, depth: int = 0) -> Any:
    """A value of a surprising type or size."""
    roll = rng.random()
    if roll < 0.08 and depth < 2:
        return deep(rng.choice((5, 30, 150)), rng.random() < 0.5)
    if roll < 0.15:
        return rng.randint(-(2**70), 2**70)
    if roll < 0.2:
        return "".join(chr(rng.randint(1, 0x2FFFF)) for _ in range(rng.randint(1, 40))).replace("\ud800", "")
    return rng.choice(NASTY)


def deep(n: int, as_list: bool) -> Any:
    """A value nested ``n`` levels (lists or mappings)."""
    value: Any = 1
    for _ in range(n):
        value = [value] if as_list else {"k": value}
    return value


# ---------------------------------------------------------------------- tree mutations
def _paths(tree: Any, path: tuple[Any, ...] = (), out: list[tuple[Any, ...]] | None = None,
           depth: int = 0) -> list[tuple[Any, ...]]:
    out = [] if out is None else out
    out.append(path)
    if depth > 12:
        return out
    items = tree.items() if isinstance(tree, dict) else enumerate(tree) if isinstance(tree, list) else ()
    for k, v in items:
        _paths(v, (*path, k), out, depth + 1)
    return out


def _get(tree: Any, path: tuple[Any, ...]) -> Any:
    for k in path:
        tree = tree[k]
    return tree


def mutate_tree(tree: Any, rng: random.Random, times: int = 3) -> Any:
    """``tree`` (a copy) with 1 to ``times`` random edits at random places."""
    tree = json.loads(json.dumps(tree, default=str))
    for _ in range(rng.randint(1, times)):
        tree = _edit(tree, rng)
    return tree


def _edit(tree: Any, rng: random.Random) -> Any:
    paths = _paths(tree)
    path = rng.choice(paths)
    if not path:
        return nasty(rng) if rng.random() < 0.1 else tree
    parent, key = _get(tree, path[:-1]), path[-1]
    value = parent[key]
    kind = rng.randrange(8)
    if kind == 0:  # delete
        del parent[key]
    elif kind == 1 and isinstance(parent, list):  # duplicate
        parent.insert(key, json.loads(json.dumps(value)))
    elif kind == 2:  # another type
        parent[key] = nasty(rng)
    elif kind == 3:  # wrap
        parent[key] = [value] if rng.random() < 0.5 else {"x": value}
    elif kind == 4:  # swap in another subtree (a value valid somewhere else)
        other = _get(tree, rng.choice(paths))
        parent[key] = json.loads(json.dumps(other))
    elif kind == 5 and isinstance(parent, dict):  # an extra key
        parent[rng.choice(("x", "name", "type", "count", "card", "0", "", "None", str(key) + "_"))] = nasty(rng)
    elif kind == 6 and isinstance(value, int | float) and not isinstance(value, bool):  # near numbers
        parent[key] = rng.choice((value + 1, value - 1, -value, value * 10**9, 0, str(value)))
    elif kind == 7 and isinstance(value, str):
        parent[key] = rng.choice((value + rng.choice(SPLICES), value.upper(), value[: len(value) // 2],
                                  value * 50, " " + value, str(len(value))))
    else:
        parent[key] = nasty(rng)
    return tree


# ---------------------------------------------------------------------- text mutations
def mutate_text(text: str, rng: random.Random, times: int = 2) -> str:
    """``text`` with 1 to ``times`` character-level edits: truncation, a span deleted, duplicated or
    swapped with another line, a syntax character spliced in."""
    for _ in range(rng.randint(1, times)):
        n = len(text)
        i, j = sorted((rng.randint(0, n), rng.randint(0, n)))
        kind = rng.randrange(6)
        if kind == 0:
            text = text[:i]
        elif kind == 1:
            text = text[:i] + text[j:]
        elif kind == 2:
            text = text[:j] + text[i:j] + text[j:]
        elif kind == 3:
            lines = text.splitlines(keepends=True)
            if len(lines) > 1:
                a, b = rng.randrange(len(lines)), rng.randrange(len(lines))
                lines[a], lines[b] = lines[b], lines[a]
            text = "".join(lines)
        else:
            text = text[:i] + rng.choice(SPLICES) * rng.choice((1, 1, 2, 50)) + text[i:]
    return text


def random_text(rng: random.Random) -> str:
    alphabet = rng.choice(("abc 0123456789\n#[]:-{},x", "".join(SPLICES), None))
    n = rng.choice((0, 1, 5, 40, 400))
    if alphabet is None:
        return "".join(chr(rng.randint(0, 0x10FFFF)) for _ in range(n)).encode("utf-8", "replace").decode("utf-8")
    return "".join(rng.choice(alphabet) for _ in range(n))


def random_bytes(rng: random.Random) -> bytes:
    return bytes(rng.randrange(256) for _ in range(rng.choice((1, 8, 100))))


# ---------------------------------------------------------------------- attacks
def alias_bomb(levels: int = 9, width: int = 9, key: str = "name") -> str:
    """"Billion laughs": each level a list of ``width`` aliases of the previous one; the last is
    ``width ** levels`` values if anything walks it expanded."""
    lines = ['a0: &a0 ["lol"]']
    for k in range(1, levels + 1):
        lines.append(f"a{k}: &a{k} [{', '.join([f'*a{k - 1}'] * width)}]")
    lines.append(f"{key}: *a{levels}")
    return "\n".join(lines) + "\n"


def nested_text(n: int, json_style: bool) -> str:
    if json_style:
        return "[" * n + "]" * n
    return "{a: " * n + "1" + "}" * n


ATTACKS: tuple[Callable[[], str], ...] = (
    lambda: alias_bomb(),
    lambda: "- " + alias_bomb().replace("\n", "\n  "),
    lambda: nested_text(100_000, True),
    lambda: nested_text(100_000, False),
    lambda: "- " * 5000 + "x",
    lambda: "\ufeff",
    lambda: "",
    lambda: "!!python/object/apply:os.system ['true']",
    lambda: "x: " + "y" * 5_000_000,
)


def with_bomb(tree: Any, rng: random.Random, key: str) -> str:
    """``tree`` as YAML with one value replaced by an alias bomb (or an alias cycle), its anchors
    defined under ``key`` first: the bomb reaches the schema, the state, an error message."""
    paths = [p for p in _paths(tree) if p]
    if paths:
        path = rng.choice(paths)
        _get(tree, path[:-1])[path[-1]] = "@@BOMB@@"
    anchors = alias_bomb(rng.choice((4, 7, 9)), 9, "z").splitlines()[:-1]
    body = yaml.safe_dump(tree, sort_keys=False, default_flow_style=False)
    target = "*a4" if rng.random() < 0.7 else "&c [*c]"
    head = f"{key}:\n" + "".join(f"  {line}\n" for line in anchors)
    return head + body.replace("'@@BOMB@@'", target).replace("@@BOMB@@", target)


def dump_yaml(value: Any, rng: random.Random) -> str:
    return yaml.safe_dump(value, allow_unicode=rng.random() < 0.5, sort_keys=False,
                          default_flow_style=rng.choice((None, False, True)))


def dump_json(value: Any, rng: random.Random) -> str:
    return json.dumps(value, ensure_ascii=rng.random() < 0.5, indent=rng.choice((None, 1)))


# ---------------------------------------------------------------------- per parser
def gen_deck(rng: random.Random) -> tuple[str, str | bytes]:
    game, text = rng.choice(ft.deck_corpus())
    roll = rng.random()
    if roll < 0.05:
        return game, random_bytes(rng)
    if roll < 0.1:
        return game, random_text(rng)
    if roll < 0.15:
        return game, ATTACKS[rng.randrange(len(ATTACKS))]()
    lines = text.splitlines()
    if roll < 0.4 and lines:  # a line edited: another count, an unknown name, a section
        i = rng.randrange(len(lines))
        lines[i] = rng.choice((f"{rng.choice((0, -1, 99, 10**40))} {lines[i].split(' ', 1)[-1]}",
                               f"[{rng.choice(('main', 'extra', 'leader', 'side', 'x y', 'MAIN', ''))}]",
                               lines[i] + rng.choice(SPLICES), str(nasty(rng))))
        text = "\n".join(lines)
    out = mutate_text(text, rng)
    return game, out.encode("utf-8", "surrogatepass") if rng.random() < 0.1 else out


def gen_cards(rng: random.Random) -> tuple[str, str]:
    corpus = ft.card_corpus()
    game = rng.choice(ft.GAMES)
    pool = [c for g, c in corpus if g == game]
    roll = rng.random()
    if roll < 0.05:
        return game, random_text(rng)
    if roll < 0.1:
        return game, ATTACKS[rng.randrange(len(ATTACKS))]()
    cards = [rng.choice(pool) for _ in range(rng.randint(1, 3))]
    if roll < 0.15:
        return game, with_bomb({"cards": json.loads(json.dumps(cards))}, rng, "anchors")
    tree: Any = {"cards": cards} if rng.random() < 0.3 else cards
    tree = mutate_tree(tree, rng, times=rng.choice((1, 2, 4)))
    text = dump_yaml(tree, rng)
    return game, mutate_text(text, rng) if rng.random() < 0.2 else text


def gen_scenario(rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.03:
        return random_text(rng)
    if roll < 0.08:
        return ATTACKS[rng.randrange(len(ATTACKS))]()
    spec = rng.choice(ft.scenario_corpus())
    tree = mutate_tree(spec, rng, times=rng.choice((1, 2, 3)))
    if roll < 0.13:  # an alias bomb in the state, a step, an expectation
        return with_bomb(json.loads(json.dumps(spec)), rng, "notes")
    text = dump_yaml(tree, rng)
    return mutate_text(text, rng) if rng.random() < 0.2 else text


def gen_replay(rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.03:
        return random_text(rng)
    if roll < 0.08:
        return ATTACKS[rng.randrange(len(ATTACKS))]()
    rep = rng.choice(ft.replay_corpus())
    tree = mutate_tree(rep, rng, times=rng.choice((1, 2, 3)))
    text = dump_json(tree, rng)
    return mutate_text(text, rng) if rng.random() < 0.2 else text


def _option_specs(game_name: str) -> dict[str, Any]:
    from tcg.core.registry import load_game

    return dict(load_game(game_name).option_specs)


def gen_options(rng: random.Random) -> tuple[str, Any]:
    game = rng.choice(ft.GAMES)
    specs = _option_specs(game)
    names = [*specs, "x", "", " ", "seed", "NAME"]
    if rng.random() < 0.5:
        args = []
        for _ in range(rng.randint(0, 3)):
            name = rng.choice(names)
            value = rng.choice(specs[name].choices) if name in specs else str(nasty(rng))
            args.append(mutate_text(f"{name}={value}", rng) if rng.random() < 0.5 else f"{name}={value}")
        return game, args
    given: dict[Any, Any] = {}
    for _ in range(rng.randint(0, 3)):
        name = rng.choice(names)
        given[name] = rng.choice(specs[name].choices) if name in specs and rng.random() < 0.5 else nasty(rng)
    return game, given


AGENT_SPECS = ("random", "rule", "random_by_type", "ismcts", "ismcts:iterations=10",
               "ismcts:iterations=10,rollout=rule,horizon=1", "ismcts:seconds=0.5", "ismcts:exploration=0.7,prior=2",
               "ismcts:depth=30")


def gen_agent(rng: random.Random) -> str:
    spec = rng.choice(AGENT_SPECS)
    if rng.random() < 0.4:
        key = rng.choice(("iterations", "seconds", "rollout", "depth", "exploration", "horizon", "prior", "x"))
        value = rng.choice(("nan", "inf", "-inf", "1e308", "-1", "0", "1_000", " 3 ", "", "rule", "type", "1e-9",
                            "99999999999999999999", "0x10", "٣", str(nasty(rng))))
        spec = f"ismcts:{key}={value}" if rng.random() < 0.5 else f"{spec},{key}={value}"
    return mutate_text(spec, rng) if rng.random() < 0.5 else spec


GENERATORS: dict[str, Callable[[random.Random], Any]] = {
    "cards": gen_cards, "deck": gen_deck, "scenario": gen_scenario, "replay": gen_replay,
    "options": gen_options, "agent": gen_agent,
}


def target_call(parser: str, data: Any) -> str:
    """Run the target of ``parser`` on one generated input."""
    if parser == "cards":
        return ft.card_target(data[1], data[0])
    if parser == "deck":
        return ft.deck_target(data[1], data[0])
    if parser == "scenario":
        return ft.scenario_target(data)
    if parser == "replay":
        return ft.replay_target(data)
    if parser == "options":
        return ft.options_target(data)
    return ft.agent_target(data)


def generate(parser: str, seed: int) -> Any:
    """The input number ``seed`` for ``parser``."""
    return GENERATORS[parser](random.Random(f"{parser}:{seed}"))
