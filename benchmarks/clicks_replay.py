"""Clicks per ordinary own turn, measured fairly: the SAME games replayed on two pages, each action
clicked as a person who knows what they want would click it (docs/clicks.md, "Same games, both pages").

    python benchmarks/clicks_replay.py --record games.json [--games duel_masters,yugioh] [--seeds 5]
    PYTHONPATH=<checkout> python benchmarks/clicks_replay.py --replay games.json --json clicks.json

Why not benchmarks/clicks.py: its greedy policy clicks whatever the panel offers first, so two
pages play two different games. Here the games are fixed first and only the clicking differs.

1. ``--record`` (main's code, no page): each game and seed is played as the server's room plays it
   against the rule agent (a :class:`~tcg.web.rooms.Room` made by ``Rooms.create`` with the decks
   ``POST /api/rooms`` gives and ``opponent: rule``; its agent answers through the server's own
   code). Seat 0's intent is a rule agent of its own (a fixed seed), except (a) a decision main's
   server answers for a person under the default stops (``Stops()``, the game's ``FLOW``, the last
   actor as the room tracks it): that answer, marked ``auto``; (b) an action that has several
   ways differing only in payment (the game's ``Spelling.payment`` fields) is replaced by the way
   a person gets by default (``Presentation.default_way``), marked ``replaced``. Every action of
   both seats is saved as JSON, with the facts the report needs (the seat, the decision kind,
   whether it moves on, the turn).
2. ``--replay`` (the checkout first on ``PYTHONPATH``, served in-process as clicks.py serves it):
   the same room (game, seed, opponent) is opened in Chromium, and at each decision of seat 0 the
   next recorded action is the target, clicked towards on the page; every click counts (a toggle,
   a card, a menu entry, the confirmation of a harmful way). After each action the room must
   have applied exactly the recorded action, and the opponent the recorded ones: a game that
   diverges is stopped, reported, and not counted. The page is recognised by what it serves:
   ``choose.js`` (field by field: main) or the old action buttons (``actions.js``, main 8fdc769).
   On a page with stops the server answers the ``auto`` actions itself (no click; checked).

Counting as clicks.py does: an *ordinary own turn* is a turn of seat 0 other than its first and the
game's last; a turn without a click counts 0. ``--json`` keeps each game's clicks per action; with
two replay files (``--compare OLD NEW``) the tables and the breakdown are printed side by side.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # clicks.py beside this file, whatever PYTHONPATH says
from clicks import ARGS, CHROMIUM, GAMES, new_room, own_turns, serve

#: A decision of seat 0 is given up after this many clicks (the driver cannot reach its target).
MAX_CLICKS_PER_ACTION = 60
#: How long a click may take to show (a new step, the action applied), in seconds.
SHOW_SECONDS = 15.0
#: The seat-0 rule agent's seed, beside the game's (seat 1's agent is the room's own).
INTENT_SEAT = 100


# ---------------------------------------------------------------------- recording (main's code)
def ways_key(spelling: Any, action: Any) -> tuple[Any, ...]:
    """What an action is, its payment aside (the fields ``Spelling.payment`` names for its type)."""
    paying = set(spelling.payment_fields(action.type))
    return (action.type, tuple((k, repr(v)) for k, v in action.fields if k not in paying))


def default_of(state: Any, action: Any) -> Any:
    """``action``, or the way of paying for it a person gets by default when it has several."""
    game = state.GAME
    if not game.spelling.payment_fields(action.type):
        return action
    key = ways_key(game.spelling, action)
    ways = [a for a in state.legal_actions() if a.type == action.type and ways_key(game.spelling, a) == key]
    if len(ways) < 2:
        return action
    return game.presentation.default_way(state, ways)


def record_game(name: str, seed: int) -> dict[str, Any]:
    """One game as main's server plays it against the rule agent, seat 0 played by intent."""
    from tcg.agents.base import agent_seed, make_agent
    from tcg.core.registry import load_game
    from tcg.core.rng import whole_seed
    from tcg.core.stops import Stops
    from tcg.sim.loop import observe
    from tcg.web.app import _deck  # the decks POST /api/rooms gives when none is named
    from tcg.web.flow import flow_of
    from tcg.web.rooms import Rooms

    game = load_game(name)
    mine, theirs = _deck(game, None, None, 0), _deck(game, None, None, 1)
    log: list[dict[str, Any]] = []
    room = Rooms().create(game, [mine[0], theirs[0]], [mine[1], theirs[1]], seed, "rule")
    intent = make_agent("rule", agent_seed(whole_seed(seed), INTENT_SEAT))
    cursors = [0, 0]
    chosen: dict[str, Any] = {}
    for _ in room.state.history:  # the agent's moves before seat 0's first decision
        log.append({"seat": 1})
    room.on_apply = lambda n, action: log.append({"seat": room.flow.last_actor, **chosen})
    room.flow.stops[0] = Stops()  # the page's default stops: the server answers for seat 0 from now on
    room.run_agents()
    while not room.state.game_over:
        with room.lock:
            state = room.state
            assert state.deciding_player == 0, "the room stopped at a decision that is not seat 0's"
            legal = state.legal_actions()
            wanted = legal[0] if len(legal) == 1 else intent.choose(observe(state, 0, intent, cursors), legal)
            action = default_of(state, wanted)
            chosen.update(chosen=True, replaced=action != wanted)
            room.answer(action, len(legal) > 1)
            chosen.clear()
        room.run_agents()
    return {"game": name, "seed": seed, "actions": facts(game, room, log, flow_of(room)), "winner": room.state.winner,
            "turns": ordinary_turns(room)}


def facts(game: Any, room: Any, log: list[dict[str, Any]], flow: Any) -> list[dict[str, Any]]:
    """Each action of the game with what the report needs, read on the game played again from the
    start: the decision it answered (its kind, how many options were not moving on), the turn and
    whose it was; seat 0's without ``chosen`` were answered by the server (``auto``)."""
    state = game.new_state(list(room.decks), seed=room.seed)
    out = []
    for n, (seen, action) in enumerate(zip(log, room.state.history, strict=True)):
        one = {"n": n, "seat": seen["seat"], "action": action.to_json(), "type": action.type,
               "moving_on": flow.step(action) is not None}
        if seen["seat"] == 0:
            legal = state.legal_actions()
            one.update(auto=not seen.get("chosen"), replaced=bool(seen.get("replaced")),
                       kind=state.decision.kind if state.decision else None, legal=len(legal),
                       real=sum(flow.step(a) is None for a in legal), turn=int(state.turn), active=int(state.active))
        out.append(one)
        state.apply(action)
    return out


def ordinary_turns(room: Any) -> list[int]:
    """Seat 0's turns other than its first and the game's last (clicks.py's definition)."""
    with room.lock:
        last = int(room.state.turn)
    return [t for t in own_turns(room)[1:] if t != last]


def record(games: list[str], seeds: int, out: str) -> None:
    recorded: dict[str, list[dict[str, Any]]] = {}
    for name in games:
        recorded[name] = []
        for seed in range(1, seeds + 1):
            started = time.monotonic()
            game = record_game(name, seed)
            recorded[name].append(game)
            mine = [a for a in game["actions"] if a["seat"] == 0]
            print(f"  record {name} seed {seed}: {len(game['actions'])} actions, {len(mine)} of seat 0 "
                  f"({sum(a['auto'] for a in mine)} answered by the server, {sum(a['replaced'] for a in mine)} "
                  f"paid the default way), winner {game['winner']}, {time.monotonic() - started:.1f} s",
                  file=sys.stderr)
    Path(out).write_text(json.dumps({"recorded": recorded}, indent=0))


# ---------------------------------------------------------------------- replaying on a page
class Diverged(Exception):
    """The room did not play the recorded game (or the page offered no way to the target)."""


# Marks the element to click: the ``nth`` match of ``sel`` (and in it the ``subnth`` of ``sub``).
MARK = r"""
([sel, nth, sub, subnth]) => {
  document.querySelectorAll('[data-replay-pick]').forEach((n) => n.removeAttribute('data-replay-pick'));
  let node = [...document.querySelectorAll(sel)].filter((n) => n.offsetParent !== null)[nth];
  if (node && sub) node = node.querySelectorAll(sub)[subnth];
  if (!node) return false;
  node.setAttribute('data-replay-pick', '1');
  return true;
}
"""
STEP = "() => import('/static/choose.js').then((m) => { window.__replayStep = m.currentStep(); " \
       "return window.__replayStep; })"
STEP_CHANGED = "() => import('/static/choose.js').then((m) => m.currentStep() !== window.__replayStep)"
BODY = "() => [document.body.dataset.mine, document.body.dataset.decision, !!document.querySelector('#harm-confirm')]"


def history(room: Any) -> list[Any]:
    with room.lock:
        return list(room.state.history)


def applied(room: Any, h: int) -> bool:
    with room.lock:
        return len(room.state.history) > h or bool(room.state.game_over)


def click(page: Any, sel: str, nth: int = 0, sub: str | None = None, subnth: int = 0) -> None:
    if not page.evaluate(MARK, [sel, nth, sub, subnth]):
        raise Diverged(f"nothing to click at {sel}[{nth}] {sub or ''}[{subnth}]")
    page.click("[data-replay-pick]", timeout=5000)


def settle(page: Any, room: Any, h: int, fresh: bool) -> None:
    """Until a click showed: the action applied, a confirmation asked, or (``fresh``) a new step."""
    deadline = time.monotonic() + SHOW_SECONDS
    while time.monotonic() < deadline:
        if applied(room, h) or page.evaluate(BODY)[2] or (fresh and page.evaluate(STEP_CHANGED)):
            return
        page.wait_for_timeout(15)
    raise Diverged("a click showed nothing within the time allowed")


def old_blocks(room: Any) -> list[list[int]]:
    """The old panel's blocks (actions.js ``heads``): an action's first way is a button, the
    others under its "N other ways" toggle; read from the state message the page was sent."""
    from tcg.web.views import state_message

    with room.lock:
        message = state_message(room, 0, "en")
    actions = message["actions"]
    blocks: list[list[int]] = []
    for group in message["groups"]:
        for i in group["actions"]:
            if blocks and blocks[-1][0] in group["actions"] and actions[blocks[-1][0]]["head"] == actions[i]["head"]:
                blocks[-1].append(i)
            else:
                blocks.append([i])
    return blocks


def drive_old(page: Any, room: Any, target: Any, h: int) -> list[str]:
    """The old page (actions.js): the target's button, under its toggle if it is another way,
    and the confirmation of a harmful way. Returns the clicks made, by what was clicked."""
    with room.lock:
        legal = list(room.state.legal_actions())
    if target not in legal:
        raise Diverged(f"the recorded action {target.to_json()} is not legal on this page's game")
    index = legal.index(target)
    clicks = []
    block = next(b for b in old_blocks(room) if index in b)
    if block[0] != index:
        click(page, f'#actions button[data-index="{block[0]}"] + div > .ways-toggle')
        clicks.append("other ways")
    click(page, f'#actions button[data-index="{index}"]')
    clicks.append("action")
    settle(page, room, h, fresh=False)
    if not applied(room, h):
        click(page, "#harm-confirm button.confirm")
        clicks.append("confirm harm")
        settle(page, room, h, fresh=False)
    return clicks


class Target:
    """The recorded action as main's choosing spells it (main's code only: the new page)."""

    def __init__(self, room: Any, action: Any) -> None:
        from tcg.core.narrowing import Narrowing
        from tcg.core.spelling import vocabulary
        from tcg.web.naming import player_decks
        from tcg.web.views import say_for

        with room.lock:
            state = room.state
            game = state.GAME
            vocab = vocabulary(game, len(state.cards))
            spelling = spelt(Narrowing(vocab, state.legal_actions(), dict(game.spelling.parts())), vocab, action)
            self.say = say_for(state, 0, "en", player_decks(room.game, [s.label for s in room.seats], "en"))
        if spelling is None:
            raise Diverged(f"the recorded action {action.to_json()} cannot be spelt here")
        self.room, self.action, self.spelling = room, action, list(spelling)

    def leads(self, path: list[int]) -> bool:
        return self.spelling[:len(path)] == list(path)

    def is_action(self, complete: dict[str, Any] | None) -> bool:
        from tcg.core.actions import Action

        return complete is not None and Action.from_json(complete["action"]) == self.action

    def played_by(self, path: list[int]) -> bool:
        """Whether acting on ``path`` plays the target (the server completes it the default way)."""
        from tcg.core.choosing import choice

        with self.room.lock:
            return self.is_action(choice(self.room.state, self.say, path).complete)

    def members(self, step: dict[str, Any]) -> set[int]:
        """The tokens of the set the target spells from this step on (up to its END)."""
        from tcg.core.spelling import END

        start = len(step["path"])
        rest = self.spelling[start:]
        return set(rest[:rest.index(END)] if END in rest else rest)


def spelt(n: Any, vocab: Any, action: Any) -> tuple[int, ...] | None:
    """The spelling of ``action`` in the narrowing ``n``: asked of it, following the action's own
    spelling as long as it cannot say yet (a deferred part tells only once its type is chosen)."""
    natural = vocab.spell(action)
    while True:
        found = n.spelling_of(action)
        if found is not None:
            return tuple(found) if list(found[:len(n.chosen)]) == list(n.chosen) else None
        if n.action is not None:
            return tuple(n.chosen) if n.action == action else None
        k = len(n.chosen)
        if k >= len(natural) or not n.legal(natural[k]):
            return None
        n.choose(natural[k])


def plan_new(step: dict[str, Any], target: Target) -> tuple[str, tuple[Any, ...]]:
    """What to click next in choose.js's step towards the target: (what, click's arguments)."""
    mode = step["mode"]
    if mode == "pick":
        for i, o in enumerate(step["options"]):
            if not target.leads(o["path"]):
                continue
            answers = o["complete"] or bool(o["ways"]) or bool(o["harm"])
            if answers and target.played_by(o["path"]):
                return "option", (f'#actions button.option[data-index="{i}"]',)
            if answers and o["ways"]:
                return "another way", (f'#actions button.pay-other[data-option="{i}"]',)
            return "field", (f'#actions button.option[data-option="{i}"]',)
        raise Diverged(f"no option of the step leads to the target (step path {step['path']})")
    if step["picked"] is not None:  # a set: each card toggled to the target's, in the order shown
        wanted = target.members(step)
        for o in step["options"]:
            if o["enabled"] and bool(o["selected"]) != (o["token"] in wanted):
                return "toggle", (f'#actions .toggles button[data-token="{o["token"]}"]',)
    if mode == "pay" and not target.is_action(step["complete"]):
        shown = (step["complete"] or {}).get("path") or step["path"]
        d = next((k for k, (a, b) in enumerate(zip(shown, target.spelling, strict=False)) if a != b), len(shown))
        for r, row in enumerate(step["rows"]):
            for j, o in enumerate(row["options"]):
                if not o["selected"] and o["path"][:d + 1] == target.spelling[:d + 1]:
                    return "payment", ("#actions .pay-row", r, "button", j)
        raise Diverged(f"no source of the payment leads to the target (differs at token {d})")
    if step["complete"] is not None and not target.is_action(step["complete"]) and mode != "toggle":
        raise Diverged("the step completes another action than the target")
    return "confirm", ("#actions .step-bar button.confirm",)


def drive_new(page: Any, room: Any, action: Any, h: int) -> list[str]:
    """The new page (choose.js): field by field towards the target, each click counted."""
    target = Target(room, action)
    clicks: list[str] = []
    while not applied(room, h):
        if len(clicks) >= MAX_CLICKS_PER_ACTION:
            raise Diverged(f"no way to the target after {len(clicks)} clicks")
        if page.evaluate(BODY)[2]:
            click(page, "#harm-confirm button.confirm")
            clicks.append("confirm harm")
            settle(page, room, h, fresh=False)
            continue
        step = page.evaluate(STEP)
        if step is None:
            raise Diverged("the page shows no step at seat 0's decision")
        what, args = plan_new(step, target)
        click(page, *args)
        clicks.append(what)
        settle(page, room, h, fresh=what not in ("option",))
    return clicks


def check(room: Any, targets: list[Any], upto: int) -> int:
    """The room's history against the record, from ``upto`` on; returns how far it agrees."""
    done = history(room)
    for i in range(upto, len(done)):
        if i >= len(targets) or done[i] != targets[i]:
            want = targets[i].to_json() if i < len(targets) else "(the game is over in the record)"
            raise Diverged(f"action {i}: the room played {done[i].to_json()}, the record {want}")
    return len(done)


def wait_mine(page: Any, room: Any, record: list[dict[str, Any]], stops: bool) -> None:
    """Until the game is over or the page shows seat 0 the decision the room waits for (a
    decision the server answers under the stops, ``auto`` in the record, is waited through)."""
    deadline = time.monotonic() + SHOW_SECONDS
    seen = -1
    while True:
        with room.lock:
            over, did, deciding = room.state.game_over, room.decision_id, room.state.deciding_player
            n = len(room.state.history)
        if over:
            return
        if n != seen:
            seen, deadline = n, time.monotonic() + SHOW_SECONDS
        pending_auto = stops and deciding == 0 and n < len(record) and record[n].get("auto")
        if deciding == 0 and not pending_auto:
            mine, decision, _ = page.evaluate(BODY)
            if mine == "true" and decision == str(did):
                return
        if time.monotonic() > deadline:
            raise Diverged(f"action {n}: nothing happened for {SHOW_SECONDS:.0f} s (the server was to answer "
                           f"for seat 0: {bool(pending_auto)}; deciding: seat {deciding})")
        page.wait_for_timeout(15)


def replay_game(page: Any, app: Any, url: str, game: dict[str, Any], new: bool) -> dict[str, Any]:
    """One recorded game clicked on the page; the clicks of each seat-0 action."""
    from tcg.core.actions import Action

    record = game["actions"]
    targets = [Action.from_json(a["action"]) for a in record]
    answer = new_room(url, game["game"], game["seed"])
    room = app.state.rooms.get(answer["room"])
    page.goto(url + answer["url"])
    done, per_action = 0, []
    while True:
        wait_mine(page, room, record, new)
        done = check(room, targets, done)
        with room.lock:
            over, turn, active = room.state.game_over, int(room.state.turn), int(room.state.active)
        if over:
            if done != len(record):
                raise Diverged(f"the game ended after {done} actions; the record has {len(record)}")
            break
        if record[done]["seat"] != 0:
            raise Diverged(f"action {done}: the room waits for seat 0, the record has seat 1 acting")
        clicks = (drive_new if new else drive_old)(page, room, targets[done], done)
        facts = {k: record[done].get(k) for k in ("type", "kind", "moving_on", "auto", "real")}
        per_action.append({"n": done, "clicks": clicks, "turn": turn, "active": active, **facts})
    clicked = {a["n"] for a in per_action}
    wanted = {i for i, a in enumerate(record) if a["seat"] == 0 and not (new and a.get("auto"))}
    if clicked != wanted:
        raise Diverged(f"seat 0's actions clicked {sorted(clicked ^ wanted)[:5]} differ from the record's "
                       f"(the server answered {'more' if len(clicked) < len(wanted) else 'fewer'})")
    with room.lock:
        turns = [t for t in own_turns(room)[1:] if t != int(room.state.turn)]
    if turns != game["turns"]:
        raise Diverged(f"ordinary own turns {turns}, the record's {game['turns']}")
    return {"game": game["game"], "seed": game["seed"], "page": "new" if new else "old", "actions": per_action,
            "turns": turns, "mine": sum(a["seat"] == 0 for a in record),
            "auto": sum(bool(a.get("auto")) for a in record if a["seat"] == 0)}


def replay(path: str, games: list[str], out: str | None) -> None:
    from playwright.sync_api import sync_playwright

    import tcg

    root = Path(tcg.__file__).resolve().parent
    new = (root / "web" / "static" / "choose.js").exists()
    print(f"replaying on the pages of {root.parent} ({'choose.js' if new else 'actions.js'})", file=sys.stderr)
    recorded = json.loads(Path(path).read_text())["recorded"]
    app, url, server = serve()
    results: dict[str, Any] = {"page": "new" if new else "old", "checkout": str(root.parent), "games": {},
                               "diverged": []}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for name in [g for g in games if g in recorded]:
                for game in recorded[name]:
                    replay_one(browser, app, url, game, new, results)
            browser.close()
    finally:
        server.should_exit = True
    if out:
        Path(out).write_text(json.dumps(results, indent=0))
    if results["diverged"]:
        print(f"DIVERGED: {len(results['diverged'])} game(s) not counted: {results['diverged']}", file=sys.stderr)


def replay_one(browser: Any, app: Any, url: str, game: dict[str, Any], new: bool, results: dict[str, Any]) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    started = time.monotonic()
    try:
        played = replay_game(page, app, url, game, new)
    except Diverged as exc:
        print(f"  !!! {game['game']} seed {game['seed']} DIVERGED: {exc}", file=sys.stderr)
        results["diverged"].append({"game": game["game"], "seed": game["seed"], "why": str(exc)})
        return
    finally:
        page.close()
    results["games"].setdefault(game["game"], []).append(played)
    n = sum(len(a["clicks"]) for a in played["actions"])
    print(f"  replay {game['game']} seed {game['seed']}: {n} clicks for {len(played['actions'])} actions, "
          f"{time.monotonic() - started:.0f} s", file=sys.stderr)


# ---------------------------------------------------------------------- the tables
def per_turn(game: dict[str, Any]) -> list[int]:
    """Clicks in each ordinary own turn of one replayed game (0 for a turn without any)."""
    by_turn: Counter[int] = Counter()
    for a in game["actions"]:
        if a["active"] == 0:
            by_turn[a["turn"]] += len(a["clicks"])
    return [by_turn[t] for t in game["turns"]]


def summary(games: list[dict[str, Any]]) -> dict[str, Any]:
    turns = [n for g in games for n in per_turn(g)]
    actions = [a for g in games for a in g["actions"]]
    clicks = sum(len(a["clicks"]) for a in actions)
    mine = sum(g["mine"] for g in games)
    return {"games": len(games), "turns": len(turns),
            "median": statistics.median(turns) if turns else float("nan"),
            "mean": statistics.fmean(turns) if turns else float("nan"),
            "clicks": clicks, "mine": mine, "per_action": clicks / mine if mine else float("nan"),
            "moving_on": sum(len(a["clicks"]) for a in actions if a["moving_on"]),
            "nothing_else": sum(len(a["clicks"]) for a in actions if a.get("real") == 0),
            "theirs": sum(len(a["clicks"]) for a in actions if a["active"] != 0) / max(1, len(games))}


def breakdown(games: list[dict[str, Any]], own_turns_only: bool = True) -> Counter[str]:
    """The clicks of the ordinary own turns by what they answered: the action type, with the
    click's own kind where it is not the action itself (a toggle, a confirmation, a field)."""
    out: Counter[str] = Counter()
    for g in games:
        ordinary = set(g["turns"])
        for a in g["actions"]:
            if own_turns_only and (a["active"] != 0 or a["turn"] not in ordinary):
                continue
            for c in a["clicks"]:
                label = f"{a['kind']}: {a['type']}" + ("" if c in ("action", "option", "confirm") else f" ({c})")
                out[label + (" [moving on]" if a["moving_on"] else "")] += 1
    return out


def common(runs: list[dict[str, Any]]) -> dict[str, set[int]]:
    """The seeds every run counted, per game: a game diverged on one page is left out of all."""
    names = [n for n in GAMES if all(n in r["games"] for r in runs)]
    return {n: set.intersection(*({g["seed"] for g in r["games"][n]} for r in runs)) for n in names}


def tables(runs: list[dict[str, Any]], out: Any = sys.stdout) -> None:
    """The Markdown tables: per game and page, then the reduction (first run to the last)."""
    seeds = common(runs)
    rows = {n: [summary([g for g in r["games"][n] if g["seed"] in seeds[n]]) for r in runs] for n in seeds}
    pages = [f"{r['page']} page" for r in runs]
    print("\n| game | games | page | ordinary own turns | median clicks per turn | mean "
          "| clicks per seat-0 action | clicks on moving on | of which nothing else was offered "
          "| clicks a game in the opponent's turns |", file=out)
    print("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|", file=out)
    for n, sums in rows.items():
        for page, s in zip(pages, sums, strict=True):
            print(f"| {n} | {s['games']} | {page} | {s['turns']} | {s['median']:g} | {s['mean']:.2f} | "
                  f"{s['per_action']:.2f} | {s['moving_on']} | {s['nothing_else']} | {s['theirs']:.1f} |", file=out)
    if len(runs) < 2:
        return
    print("\n| game | median before → after | reduction | mean before → after | reduction | 40 % met |", file=out)
    print("|---|---|---:|---|---:|---|", file=out)
    for n, sums in rows.items():
        a, b = sums[0], sums[-1]
        red_median = 1 - b["median"] / a["median"] if a["median"] else float("nan")
        red_mean = 1 - b["mean"] / a["mean"] if a["mean"] else float("nan")
        print(f"| {n} | {a['median']:g} → {b['median']:g} | {red_median:.0%} | {a['mean']:.2f} → {b['mean']:.2f} "
              f"| {red_mean:.0%} | {'yes' if red_median >= 0.4 and red_mean >= 0.4 else 'no'} |", file=out)
    for n in rows:
        print(f"\n{n}: the clicks of the ordinary own turns by what they answered", file=out)
        counts = [breakdown([g for g in r["games"][n] if g["seed"] in seeds[n]]) for r in runs]
        print("| answered | " + " | ".join(pages) + " |\n|---|" + "---:|" * len(runs), file=out)
        for label in sorted(set().union(*counts), key=lambda k: -counts[0][k]):
            print(f"| {label} | " + " | ".join(str(c[label]) for c in counts) + " |", file=out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog="\n\n".join(__doc__.split("\n\n")[1:]))
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated games (default: all five)")
    parser.add_argument("--seeds", type=int, default=5, help="--record: games per game, seeds 1..N (default 5)")
    what = parser.add_mutually_exclusive_group(required=True)
    what.add_argument("--record", metavar="FILE", help="play the games on main's code and write them here")
    what.add_argument("--replay", metavar="FILE", help="click the recorded games on the pages of the tcg on the path")
    what.add_argument("--compare", nargs=2, metavar=("OLD", "NEW"), help="the tables of two --replay --json files")
    parser.add_argument("--json", metavar="FILE", help="--replay: write each game's clicks per action here")
    args = parser.parse_args()
    games = args.games.split(",")
    unknown = [g for g in games if g not in GAMES]
    if unknown:
        parser.error(f"--games: no game {unknown[0]!r}; the games are {', '.join(GAMES)}")
    if args.record:
        record(games, args.seeds, args.record)
    elif args.replay:
        replay(args.replay, games, args.json)
        if args.json:
            tables([json.loads(Path(args.json).read_text())])
    else:
        tables([json.loads(Path(f).read_text()) for f in args.compare])


if __name__ == "__main__":
    main()
