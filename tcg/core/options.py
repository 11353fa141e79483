"""Game options (the variants of each rules brief). The default is always the source rule."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from tcg.core.errors import DataError


@dataclass(frozen=True)
class OptionSpec:
    name: str
    default: str
    choices: tuple[str, ...]
    rules: str = ""
    help: str = ""


def resolve_options(specs: Mapping[str, OptionSpec], given: Mapping[str, object] | None) -> dict[str, str]:
    """Fill in defaults and reject unknown names or values with a precise message."""
    out = {name: spec.default for name, spec in specs.items()}
    if not isinstance(given or {}, Mapping):
        raise DataError(f"options are a mapping of option name: value, got {given!r}", field="options")
    for name, value in (given or {}).items():
        if name not in specs:
            known = ", ".join(sorted(specs)) or "none"
            raise DataError(f"unknown option {name!r}; this game's options are: {known}", field=name)
        spec = specs[name]
        if str(value) not in spec.choices:
            raise DataError(
                f"option {name!r} takes one of {', '.join(spec.choices)}; got {value!r}", field=name
            )
        out[name] = str(value)
    return out


def parse_option_args(args: list[str]) -> dict[str, str]:
    """Parse ``NAME=VALUE`` strings from the command line."""
    out: dict[str, str] = {}
    for arg in args:
        name, sep, value = arg.partition("=")
        if not sep or not name or not value:
            raise DataError(f"an option is written NAME=VALUE, got {arg!r}")
        out[name.strip()] = value.strip()
    return out
