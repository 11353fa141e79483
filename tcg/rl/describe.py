"""The per-game tables of docs/rl.md, generated from the spaces themselves so that they cannot drift.

    python -m tcg.rl.describe            # every game's tables, as docs/rl.md prints them

tests/test_rl.py checks that docs/rl.md holds exactly these tables.
"""

from __future__ import annotations

import sys

from tcg.rl.match import Match

MEANINGS = {
    "turn": "turn number / 20",
    "me_active": "1 if it is the viewer's turn",
    "me_first": "1 if the viewer took the first turn",
    "me_deciding": "1 if the viewer has a decision now",
    "phase": "phase one-hot (catalogue order, last: other)",
    "kind": "decision kind one-hot (last: other; all 0 when nobody decides)",
    "my_counters": "the viewer's player counters (/10, life points /1000)",
    "my_zones": "cards in each of the viewer's zones / 40",
    "their_counters": "the opponent's player counters",
    "their_zones": "cards in each of the opponent's zones / 40",
    "stage_field": ("what the next token is: the action type, an index digit (a long lazy sequence), "
                    "the value of a field the catalogue lacks, or of each field"),
    "stage_depth": "tokens taken in this action so far / 10",
    "stage_reserve": "1 if a payment count is about the reserve",
    "stage_chosen": "1 for each token taken in this action so far (one per action token)",
    "cards": "one row per card instance id (below); all 0 for a card the viewer may not refer to",
}


def _span(start: int, stop: int) -> str:
    return f"{start}" if stop - start == 1 else f"{start}..{stop - 1}"


def action_table(match: Match) -> list[str]:
    v = match.vocab
    cat = match.catalogue
    rows = [
        ("0", "END: closes a list, a count mapping, an action"),
        ("1..3", "OTHER field / literal / number: what the catalogue lacks (never seen in tests)"),
        ("4", "WHICH: then the action's index, where OTHER tokens made two spellings alike"),
        (_span(v.type_token[v.types[0]], v.type_token[v.types[-1]] + 1), "action types: " + ", ".join(v.types)),
        (_span(v.field_token[cat.fields[0]], v.field_token[cat.fields[-1]] + 1), "fields: " + ", ".join(cat.fields)),
        (_span(v.literal_token[cat.literals[0]], v.number_base), "literals: " + ", ".join(cat.literals)),
        (_span(v.number_base, v.card_base), f"numbers 0..{cat.numbers - 1}"),
        (_span(v.card_base, v.size), f"card instance ids 0..{v.cards - 1}"),
    ]
    return ["| tokens | meaning |", "| --- | --- |", *(f"| {a} | {b} |" for a, b in rows)]


def observation_table(match: Match) -> list[str]:
    enc = match.encoder
    lines = ["| slice | size | meaning |", "| --- | --- | --- |"]
    for name, s in enc.slices.items():
        lines.append(f"| `{name}` {_span(s.start, s.stop)} | {s.stop - s.start} | {MEANINGS[name]} |")
    parts = enc.row_slices()
    zones = ", ".join(enc.zones)
    counters = ", ".join(match.catalogue.card_counters) or "none"
    lines += [
        "",
        f"Card rows: {enc.cards} rows of {enc.row} numbers: `flags` {_span(0, 7)} (referable, name known, the "
        "viewer's, tapped, face down, entered this turn, subject of the payment count asked now), "
        f"`zone` {_span(parts['zone'].start, parts['zone'].stop)} ({zones}), "
        f"`counters` ({counters}), `name` {_span(parts['name'].start, parts['name'].stop)} "
        f"(one-hot over the {len(enc.names)} card names of the pool, sorted).",
    ]
    return lines


def markdown(game: str) -> str:
    match = Match(game)
    cat = match.catalogue
    head = [f"### {match.game.title} (`{game}`, `tcg/{cat.env_name}-v0`)", "",
            f"`Discrete({match.n_actions})` actions, observation of {match.obs_size} float32 "
            f"(decks {' vs '.join(match.deck_names)}).", ""]
    return "\n".join([*head, *action_table(match), "", *observation_table(match)]) + "\n"


def main() -> None:
    from tcg.rl.catalogue import CATALOGUES

    games = sys.argv[1:] or sorted(CATALOGUES)
    if any(g in ("-h", "--help") for g in games):
        print("usage: python -m tcg.rl.describe [GAME ...]\n\nPrint the action catalogue and observation "
              "layout of each game (default: all) as the Markdown of docs/rl.md.")
        return
    unknown = [g for g in games if g not in CATALOGUES]
    if unknown:
        print(f"error: unknown game {unknown[0]!r}; games: {', '.join(sorted(CATALOGUES))}", file=sys.stderr)
        raise SystemExit(2)
    print("\n".join(markdown(g) for g in games))


if __name__ == "__main__":
    main()
