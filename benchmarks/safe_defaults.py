"""Safe defaults, measured (issue 37, item 2): how many of your own spirits the way of paying a
person gets by default depletes in Battle Spirits.

    python benchmarks/safe_defaults.py --games 20

One seat is a "person": the rule agent decides *what* to do (which card to summon, deploy or
use), but every action paid with cores is paid the way the page's main button pays it; the
other seat is the rule agent. Each mode plays the same deals (the official starter decks
green_white and red_purple, both ways round, the person in each seat; seeds 1..N):

- ``engine``: the engine's first way of the action (the main button before issue 37);
- ``default``: :meth:`Presentation.default_way` (built by ``safe_payment.safe_way``);
- ``rule``: the rule agent's own payment (its strategy scores payments), for comparison.

Counted for the person: spirits summoned, own spirits depleted by its paid actions (the
``depleted`` events those actions set off: a spirit paid from below its LV1 cost, or the
summoned spirit itself with too few cores), and games won. Markdown to stdout, for docs/web.md.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from dataclasses import dataclass

from tcg.agents.base import agent_seed
from tcg.agents.rule_agent import RuleAgent
from tcg.core.actions import Action
from tcg.core.lazy import Concat
from tcg.core.registry import load_game
from tcg.core.state import State
from tcg.games.battle_spirits.payment import CorePayments
from tcg.games.battle_spirits.safe_payment import PAID
from tcg.sim.loop import observe

DECKS = ("green_white", "red_purple")
MODES = ("engine", "default", "rule")
MAX_ACTIONS = 3000


@dataclass
class Tally:
    games: int = 0
    wins: float = 0.0
    summoned: int = 0
    depleted: int = 0
    self_depleted: int = 0  # of those, the summoned spirit itself (too few cores put on it)
    paid: int = 0  # actions paid with cores
    harmful_paid: int = 0  # of those, taken in a way that depleted a spirit


def _fixed(action: Action) -> tuple[object, ...]:
    return (action.type, *((k, v) for k, v in action.fields if k not in ("pay", "place", "cores")))


def ways_of(legal: Sequence[Action], action: Action) -> Sequence[Action] | None:
    """The ways of the paid action ``action`` is one of: its lazy payment, or (High Speed, a
    list) the actions with its type and cards; None for an action not paid with cores."""
    if action.type not in PAID or (action.get("pay") is None and action.get("place") is None):
        return None
    parts = legal.parts if isinstance(legal, Concat) else [legal]
    for part in parts:
        if isinstance(part, CorePayments):
            if action in part:
                return part
        elif action in part:
            key = _fixed(action)
            return [a for a in part if _fixed(a) == key]
    return None


def person_way(state: State, legal: Sequence[Action], action: Action, mode: str) -> Action:
    ways = None if mode == "rule" else ways_of(legal, action)
    if ways is None:
        return action
    return ways[0] if mode == "engine" else state.GAME.presentation.default_way(state, ways)


def play(seed: int, decks: tuple[str, str], person: int, mode: str, tally: Tally) -> None:
    game = load_game("battle_spirits")
    state = game.new_state([game.deck(d) for d in decks], seed=seed)
    agents = [RuleAgent(agent_seed(seed, i)) for i in range(2)]
    cursor = [0, 0]
    for _ in range(MAX_ACTIONS):
        if state.winner is not None or state.decision is None:
            break
        p = state.decision.player
        legal = state.legal_actions()
        action = legal[0] if len(legal) == 1 else agents[p].choose(observe(state, p, agents[p], cursor), legal)
        if p == person:
            action = person_way(state, legal, action, mode)
        paid = p == person and ways_of(legal, action) is not None
        events = state.apply(action)
        if p != person:
            continue
        tally.summoned += sum(1 for e in events if e.get("type") == "summoned" and e.get("player") == person
                              and game.cards()[e["name"]].is_spirit_like)
        if paid:
            gone = [e for e in events if e.get("type") == "depleted" and e.get("player") == person]
            tally.paid += 1
            tally.harmful_paid += bool(gone)
            tally.depleted += len(gone)
            tally.self_depleted += sum(1 for e in gone if e.get("card") == action.get("card"))
    tally.games += 1
    tally.wins += 1.0 if state.winner == person else 0.5 if state.winner in ("draw", None) else 0.0


def measure(games: int) -> dict[str, Tally]:
    out = {mode: Tally() for mode in MODES}
    for mode in MODES:
        for seed in range(1, games + 1):
            decks = DECKS if seed % 2 else DECKS[::-1]
            play(seed, decks, person=(seed // 2) % 2, mode=mode, tally=out[mode])
    return out


def table(results: dict[str, Tally], games: int, seconds: float) -> str:
    lines = [f"`python benchmarks/safe_defaults.py --games {games}` ({seconds:.0f} s): the person's seat "
             "against the rule agent, same deals in every row.", "",
             "| the person's payment | games won | spirits summoned | own spirits depleted by its payments "
             "| of which the summoned spirit | paid actions that depleted one |",
             "|---|---|---|---|---|---|"]
    names = {"engine": "engine's first way (before)", "default": "default_way (after)",
             "rule": "rule agent's own payment"}
    for mode, t in results.items():
        lines.append(f"| {names[mode]} | {t.wins:g} / {t.games} | {t.summoned} | {t.depleted} | {t.self_depleted} "
                     f"| {t.harmful_paid} / {t.paid} |")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20, help="deals per mode (seeds 1..N)")
    args = ap.parse_args()
    start = time.perf_counter()
    results = measure(args.games)
    print(table(results, args.games, time.perf_counter() - start))


if __name__ == "__main__":
    main()
