"""Clicks per ordinary own turn: each game played in Chromium against the rule agent by clicking
as a person would (docs/clicks.md has the command, the policy and the tables).

    python benchmarks/clicks.py [--games duel_masters,yugioh] [--seeds 3] [--json out.json]

It serves the application of whichever ``tcg`` is first on the path (``PYTHONPATH=/work/main``
measures another checkout's pages with this same script) in a thread, creates a room per game
and seed against the rule agent, opens its page and answers every decision of seat 0 by
clicking, with one generic policy over whatever the decision panel ``#actions`` offers:

- the first button that is not moving on (a button of the ``move_on`` group, or one marked
  ``data-moving-on``) and not a toggle of other ways, a *Back* or a button already clicked in
  this decision -- a group (``data-group``) at most four times a turn, so that an action on offer
  again and again (moving cores, giving DON!!) does not loop;
- else the default or confirm button (``data-default``, ``data-role="confirm"``, class ``confirm``
  or the text *Confirm*); a set chosen card by card (choose.js's toggles) and a payment shown as
  its default way are confirmed as soon as they may be, and a card already in a set is not
  clicked again;
- else the smallest moving-on step (pass, next phase, end of the turn);
- else the first highlighted card of the board (and the first entry of the menu it opens).

Every click counts, cards' included. A click is charged to the turn being played when it is
made (read from the server's room). An *ordinary own turn* is a turn of seat 0 other than its
first (mulligans, who goes first) and other than the game's last; a turn the server played
through without a click counts as 0. The output is one line per game: the median, the mean and
the number of turns measured, then a Markdown table of the medians.
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import shutil
import socket
import statistics
import sys
import tempfile
import threading
import time
import urllib.request
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

CHROMIUM = os.environ.get("TCG_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
GAMES = ("duel_masters", "battle_spirits", "yugioh", "one_piece", "force_of_will")
#: A group of buttons is clicked at most this many times in one turn (then the policy moves on).
GROUP_CAP = 4
#: A game is given up after this many clicks (a policy that cannot end a game is a bug to report).
MAX_CLICKS = 1500
SETTLE_MS = 15_000
TRACE = bool(os.environ.get("CLICKS_TRACE"))

# The policy, run in the page: which element to click now (a selector built on the fly).
PICK = r"""
([clicked, capped]) => {
  const visible = (n) => n.offsetParent !== null && !n.disabled;
  const buttons = [...document.querySelectorAll('#actions button')].filter(visible);
  const moving = (b) => b.dataset.group === 'move_on' || b.dataset.movingOn === 'true';
  const back = (b) => b.dataset.role === 'back' || b.classList.contains('back')
                   || /^(back|indietro|wstecz)$/i.test(b.textContent.trim());
  // other ways (actions.js), another payment (choose.js), a card of a set already chosen
  const toggle = (b) => b.classList.contains('ways-toggle') || b.classList.contains('pay-other')
                     || (b.classList.contains('toggle') && b.classList.contains('on'));
  const confirm = (b) => b.dataset.role === 'confirm' || b.classList.contains('confirm')
                      || b.hasAttribute('data-default') || /^(confirm|conferma|potwierdź)/i.test(b.textContent.trim());
  const key = (b) => `${b.dataset.group || ''}|${b.textContent.trim().replace(/^✓ /, '')}`;
  const mark = (n) => { n.setAttribute('data-clicks-pick', '1'); return n.dataset.group || ''; };
  document.querySelectorAll('[data-clicks-pick]').forEach((n) => n.removeAttribute('data-clicks-pick'));
  // a set chosen card by card, a payment shown as its default way (choose.js): confirmed as soon as it may be
  const ready = ['toggle', 'pay'].includes(document.querySelector('#actions')?.dataset.mode) && buttons.find(confirm);
  if (ready) { mark(ready); return { kind: 'confirm', group: '', key: 'confirm' }; }
  const options = buttons.filter((b) => !moving(b) && !back(b) && !toggle(b) && !confirm(b));
  const fresh = options.filter((b) => !clicked.includes(key(b)) && !capped.includes(b.dataset.group || ''));
  if (fresh.length) return { kind: 'option', group: mark(fresh[0]), key: key(fresh[0]) };
  const ok = buttons.find(confirm);
  if (ok) return { kind: 'confirm', group: mark(ok), key: key(ok) };
  const order = ['pass', 'next_phase', 'end_turn'];
  const steps = buttons.filter(moving).sort((a, b) => (order.indexOf(a.dataset.type) + 99) % 99
                                                     - (order.indexOf(b.dataset.type) + 99) % 99);
  if (steps.length) return { kind: 'move_on', group: mark(steps[0]), key: key(steps[0]) };
  if (options.length) return { kind: 'option', group: mark(options[0]), key: key(options[0]) };
  const card = [...document.querySelectorAll('#board .card.playable')].find((n) => n.offsetParent !== null);
  if (card) return { kind: 'card', group: mark(card), key: 'card|' + (card.dataset.cardId || '') };
  return null;
}
"""
# What tells that the page moved on after a click: the decision, or the panel's content.
SNAPSHOT = "() => [document.body.dataset.decision, document.body.dataset.over, " \
           "document.querySelector('#actions')?.innerHTML.length, document.querySelector('#actions')?.textContent]"


def serve() -> tuple[Any, str, Any]:
    """The application of the ``tcg`` on the path, under uvicorn in a thread (no pacing)."""
    import uvicorn

    from tcg.web.app import create_app
    from tcg.web.limits import Caps

    db = Path(tempfile.mkdtemp(prefix="tcg-clicks-")) / "games.sqlite3"
    kwargs: dict[str, Any] = {"caps": Caps(rooms_per_client=1000)}
    if "pace" in inspect.signature(create_app).parameters:
        kwargs["pace"] = 0.0  # clicks do not depend on the pace; the measurement should not wait for it
    app = create_app(db, **kwargs)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.01)
    return app, f"http://127.0.0.1:{port}", server


def new_room(url: str, game: str, seed: int) -> dict[str, Any]:
    body = json.dumps({"game": game, "seed": seed, "opponent": "rule"}).encode()
    req = urllib.request.Request(f"{url}/api/rooms", data=body, headers={"content-type": "application/json"})
    with urllib.request.urlopen(req) as r:
        answer: dict[str, Any] = json.load(r)
    return answer


def turn_of(room: Any) -> tuple[int, int]:
    with room.lock:
        return int(room.state.turn), int(room.state.active)


def own_turns(room: Any) -> list[int]:
    """Seat 0's turns, in order (from the events: every turn the game played)."""
    with room.lock:
        return [int(e["turn"]) for e in room.state.events if e.get("type") == "turn_start" and e.get("player") == 0]


def settle(page: Any, before: Any) -> None:
    """Until the click showed: a new decision or another panel (at most SETTLE_MS)."""
    deadline = time.monotonic() + SETTLE_MS / 1000
    while time.monotonic() < deadline:
        if page.evaluate(SNAPSHOT) != before:
            return
        page.wait_for_timeout(20)


def play(page: Any, app: Any, url: str, game: str, seed: int) -> dict[str, Any]:
    """One game by clicking; returns the clicks of each own turn, and of the opponent's turns."""
    answer = new_room(url, game, seed)
    room = app.state.rooms.get(answer["room"])
    page.goto(url + answer["url"])
    clicks: Counter[int] = Counter()
    theirs = 0
    kinds: Counter[str] = Counter()
    decision, clicked, capped, per_group = None, [], [], Counter()
    turn_groups: tuple[int, int] = (-1, -1)
    for _ in range(MAX_CLICKS):
        page.wait_for_function("() => document.body.dataset.mine === 'true' || document.body.dataset.over === 'true'",
                               timeout=60_000)
        if page.evaluate("document.body.dataset.over") == "true":
            break
        turn, active = turn_of(room)
        if (turn, active) != turn_groups:
            turn_groups, per_group, capped = (turn, active), Counter(), []
        now = page.evaluate("document.body.dataset.decision")
        if now != decision:
            decision, clicked = now, []
        pick = page.evaluate(PICK, [clicked, capped])
        if pick is None:
            page.wait_for_timeout(50)
            continue
        if TRACE:
            with room.lock:
                d = room.state.decision
                print(f"    t{turn} {'me' if active == 0 else 'them'} {room.state.phase} "
                      f"{d.kind if d else None} ({len(room.state.legal_actions())} legal): {pick['key']}",
                      file=sys.stderr)
        before = page.evaluate(SNAPSHOT)
        try:
            page.click("[data-clicks-pick]", timeout=2000)
        except Exception:  # the panel was drawn again between the pick and the click: pick again
            continue
        kinds[pick["kind"]] += 1
        clicked.append(pick["key"])
        if pick["kind"] == "option":
            per_group[pick["group"]] += 1
            if per_group[pick["group"]] >= GROUP_CAP:
                capped.append(pick["group"])
        if active == 0:
            clicks[turn] += 1
        else:
            theirs += 1
        menu = page.query_selector(".menu button")
        if pick["kind"] == "card" and menu is not None:
            menu.click()
            clicks[turn] += active == 0
            theirs += active != 0
        settle(page, before)
    else:
        print(f"  {game} seed {seed}: stopped after {MAX_CLICKS} clicks", file=sys.stderr)
    turns = own_turns(room)
    with room.lock:
        last = int(room.state.turn)
    ordinary = [t for t in turns[1:] if t != last]
    return {"turns": {t: clicks[t] for t in ordinary}, "theirs": theirs, "kinds": dict(kinds),
            "over": bool(room.state.game_over)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--seeds", type=int, default=3, help="games per game (seeds 1..N)")
    parser.add_argument("--json", help="write the per-turn clicks here")
    args = parser.parse_args()
    if not (shutil.which(CHROMIUM) or Path(CHROMIUM).exists()):
        sys.exit(f"no Chromium at {CHROMIUM} (set TCG_CHROMIUM)")
    from playwright.sync_api import sync_playwright

    import tcg

    print(f"measuring the pages of {Path(tcg.__file__).resolve().parent.parent}", file=sys.stderr)
    app, url, server = serve()
    results: dict[str, list[dict[str, Any]]] = defaultdict(list)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for game in args.games.split(","):
                for seed in range(1, args.seeds + 1):
                    page = browser.new_page(viewport={"width": 1280, "height": 720})
                    started = time.monotonic()
                    result = play(page, app, url, game, seed)
                    page.close()
                    results[game].append(result)
                    print(f"  {game} seed {seed}: {sum(result['turns'].values())} clicks in {len(result['turns'])} "
                          f"ordinary own turns, {result['theirs']} in the opponent's, {result['kinds']}, "
                          f"{time.monotonic() - started:.0f} s", file=sys.stderr)
            browser.close()
    finally:
        server.should_exit = True
    report(results, args.json)


def report(results: dict[str, list[dict[str, Any]]], out: str | None) -> None:
    rows = []
    for game, games in results.items():
        per_turn = [n for g in games for n in g["turns"].values()]
        median = statistics.median(per_turn) if per_turn else float("nan")
        mean = statistics.fmean(per_turn) if per_turn else float("nan")
        theirs = statistics.fmean(g["theirs"] for g in games)
        rows.append((game, median, mean, len(per_turn), theirs))
        print(f"{game}: median {median:g} clicks per ordinary own turn (mean {mean:.1f}, {len(per_turn)} turns; "
              f"{theirs:.1f} clicks a game in the opponent's turns)")
    print("\n| game | median clicks per ordinary own turn | mean | turns | clicks a game in the opponent's turns |")
    print("|---|---:|---:|---:|---:|")
    for game, median, mean, n, theirs in rows:
        print(f"| {game} | {median:g} | {mean:.1f} | {n} | {theirs:.1f} |")
    if out:
        Path(out).write_text(json.dumps(results, indent=1, default=str))


if __name__ == "__main__":
    main()
