"""Reading YAML input (card and scenario files) safely: errors with their line, and a refusal of
the YAML that parses quickly but explodes afterwards.

``yaml.safe_load`` shares the value of an alias instead of copying it, so a "billion laughs"
file (each level a list of ten aliases of the one before) loads in microseconds; it is whatever
walks the value next (the card schema, an error message that shows it, a JSON dump) that takes
forever. An alias may also name the node that contains it (``a: &a [*a]``: a list that holds
itself), and nesting can be deeper than Python's recursion limit. The composed nodes are
measured before the value is built: at most :data:`MAX_EXPANSION` nodes more than the file
writes, no cycle, no more than :data:`MAX_DEPTH` levels (issue 20's fuzzing found all three).
"""

from __future__ import annotations

from typing import Any

import yaml

from tcg.core.errors import DataError

# libyaml's loader when the wheel has it: loading the card pool is 10x faster.
Loader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

#: How many nodes aliases may add, all in all (a file that reuses an ability a few times is far below).
MAX_EXPANSION = 100_000
#: Levels of nesting; a card or a scenario needs about ten.
MAX_DEPTH = 100


def parse_yaml(text: str, source: str) -> list[tuple[yaml.Node, Any]]:
    """(node, value) of every document of ``text``; a DataError naming ``source`` and the line
    for text that is not YAML, or YAML that :func:`check_nodes` refuses."""
    try:
        nodes = list(yaml.compose_all(text, Loader=Loader))
        for node in nodes:
            check_nodes(node, source)
        docs = list(yaml.load_all(text, Loader=Loader))
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        raise DataError(f"not valid YAML: {getattr(exc, 'problem', None) or exc}", source=source,
                        line=mark.line + 1 if mark else None) from None
    except RecursionError:  # the pure-Python loader recurses once per level
        raise DataError(f"not valid YAML: nested more than {MAX_DEPTH} levels deep", source=source) from None
    except ValueError as exc:  # an integer of over 4,300 digits: int() refuses it (issue 35 item 5)
        raise DataError(f"not valid YAML here: {exc}", source=source) from None
    return [(node, doc) for node, doc in zip(nodes, docs, strict=True) if node is not None]


def check_nodes(root: yaml.Node, source: str) -> None:
    """Refuse a cycle of aliases, nesting over :data:`MAX_DEPTH` (aliases of aliases included), or
    aliases that expand the document by more than :data:`MAX_EXPANSION` nodes. Iterative, with
    each node measured once: a bomb is measured without being expanded."""
    size: dict[int, int] = {}  # expanded node count of each node measured
    height: dict[int, int] = {}  # levels below and including it, expanded
    open_: set[int] = set()
    stack: list[tuple[yaml.Node, bool]] = [(root, False)]
    while stack:
        node, closing = stack.pop()
        key = id(node)
        if closing:  # every child measured
            open_.discard(key)
            kids = _children(node)
            size[key] = 1 + sum(size[id(c)] for c in kids)
            height[key] = 1 + max((height[id(c)] for c in kids), default=0)
            if height[key] > MAX_DEPTH:
                raise DataError(f"nested more than {MAX_DEPTH} levels deep", source=source,
                                line=node.start_mark.line + 1)
        elif key in open_:
            raise DataError("a YAML alias names a node that contains it (a value that holds itself)",
                            source=source, line=node.start_mark.line + 1)
        elif key not in size:
            open_.add(key)
            stack.append((node, True))
            stack.extend((c, False) for c in _children(node) if id(c) not in size)
    if size[id(root)] - len(size) > MAX_EXPANSION:
        raise DataError(f"YAML aliases expand this document to {size[id(root)]} values (at most "
                        f"{MAX_EXPANSION} more than it writes): an alias bomb?", source=source, line=1)


def value_node(mapping: yaml.Node, key: str) -> yaml.Node:
    """The node of ``key``'s value (the last one, as the loaded value has it), or the mapping itself
    when the key is not written there (merged in with ``<<``): a place to name in an error."""
    pairs = mapping.value if isinstance(mapping, yaml.MappingNode) else []
    return next((v for k, v in reversed(pairs) if getattr(k, "value", None) == key), mapping)


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    if isinstance(node, yaml.MappingNode):
        return [n for pair in node.value for n in pair]
    return []
