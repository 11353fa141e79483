"""``tcg play`` asks each decision field by field, auto-passes under stops (issue 37, item 11).

Through typer's CliRunner with scripted input: a Force of Will mulligan chosen by toggling two
cards (no list of 32 subsets), ``b`` back to the step before, a Battle Spirits payment taken by
Enter (the default way the core offers), a Duel Masters main step skipped unless a stop is set
there, the ``stops`` command. Then in every game a session plays as a person would — picking
options that go field by field, toggling sets, going back, taking defaults — and checks each
action applied is the one the steps said, and that the output never names a card the person
could not have seen.
"""

from __future__ import annotations

import copy
import io
import re
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

import tcg.cli.play_cmd as play_cmd
from tcg.agents.base import make_agent
from tcg.cli.choose import numbered
from tcg.cli.main import app
from tcg.core.actions import Action
from tcg.core.choosing import Step
from tcg.core.registry import game_names, load_game
from tcg.core.rng import Rng
from tcg.core.state import State
from tcg.core.stops import Stops
from tcg.sim.replay import Replay, initial_state, steps

runner = CliRunner()
TOGGLE_LINE = re.compile(r"^\s+(\d+)\. \[( |x)\] (.+) #(\d+)$", re.M)


def human_actions(saved: Path, seat: int = 0) -> list[tuple[State, dict[str, Any]]]:
    """The actions the person took in a saved game, each with the state it was taken in."""
    mine = []
    rep = Replay.load(saved)
    state = initial_state(rep)
    for _, player, action, _ in steps(rep, copy.deepcopy(state)):
        if player == seat:
            mine.append((copy.deepcopy(state), action.to_json()))
        state.apply(action)
    return mine


def flat(text: str) -> str:
    """Text as one line (the terminal wraps long lines)."""
    return " ".join(text.split())


def test_a_mulligan_is_chosen_by_toggling_cards(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    result = runner.invoke(app, ["play", "force_of_will", "--seed", "1", "--save", str(saved)],
                           input="1\n1 3\n\nq\ny\n")
    assert result.exit_code == 0, result.output
    lines = TOGGLE_LINE.findall(result.output)
    first = {int(n): (mark, int(cid)) for n, mark, _, cid in lines[:5]}
    assert len(first) == 5 and all(mark == " " for mark, _ in first.values())  # a hand of 5: 5 toggles
    toggled = {int(n): (mark, int(cid)) for n, mark, _, cid in lines[5:10]}
    assert [n for n, (mark, _) in sorted(toggled.items()) if mark == "x"] == [1, 3]
    mulligan = next(a for _, a in human_actions(saved) if a["type"] == "mulligan")
    assert sorted(mulligan["cards"]) == sorted([first[1][1], first[3][1]])
    assert "Mulligan 2" in result.output and "You put 2 cards at the bottom" in result.output


def test_back_returns_to_the_step_before(tmp_path: Path) -> None:
    """Battle Spirits: a summon opens its payment step; ``b`` shows the first step again."""
    result = runner.invoke(app, ["play", "battle_spirits", "--seed", "1"], input="1\nb\nq\ny\n")
    assert result.exit_code == 0, result.output
    out = result.output
    summon = out.index("1. Summon Baby-Loki")
    paying = out.index("▸ Summon Baby-Loki", summon)
    again = out.index("1. Summon Baby-Loki", paying)
    assert "b: back" in out[paying:again] and "b: back" not in out[again:]


def test_enter_pays_the_default_way(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    result = runner.invoke(app, ["play", "battle_spirits", "--seed", "1", "--save", str(saved)], input="1\n\nq\ny\n")
    assert result.exit_code == 0, result.output
    shown = re.search(r"▸ (Summon Baby-Loki: [^\n]+)", result.output)
    assert shown is not None and f"Enter: {flat(shown.group(1))}" in flat(result.output)
    before, summon = next((st, a) for st, a in human_actions(saved) if a["type"] == "summon")
    assert load_game("battle_spirits").presentation.harm(before, Action.from_json(summon)) == ()
    assert "You summon Baby-Loki" in result.output


def test_a_decision_of_moving_on_only_is_skipped_unless_a_stop_is_set() -> None:
    """Duel Masters, seed 1: after the charge, the main step offers only moving on."""
    main_step = "Turn 2 · You · Main step"
    plain = runner.invoke(app, ["play", "--seed", "1"], input="1\nq\ny\n")
    stopped = runner.invoke(app, ["play", "--seed", "1", "--stop", "main"], input="1\nq\ny\n")
    assert plain.exit_code == stopped.exit_code == 0
    assert main_step not in plain.output and "Attack step" not in plain.output
    assert main_step in stopped.output
    asked = stopped.output[stopped.output.index(main_step):].split("choice>")[0]
    assert "2. Next step" in asked and "3." not in asked  # only moving on: 1. End the turn, 2. Next step


def test_the_stops_command_and_a_bad_stop() -> None:
    result = runner.invoke(app, ["play", "--seed", "1"], input="stops\nstops 2 off\nstops 2\nstops off\nq\ny\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.count("[ ] Main step") >= 2 and "[x] Main step" in out  # stops 2: the main step of your turn
    assert "type stops, stops auto / on / off, or stops with numbers from 1 to 6" in out
    bad = runner.invoke(app, ["play", "--seed", "1", "--stop", "opponent:lunch"])
    assert bad.exit_code == 2 and "unknown stop 'opponent:lunch'" in flat(bad.output)
    assert "charge, main, attack" in flat(bad.output)
    mode = runner.invoke(app, ["play", "--seed", "1", "--stops", "sometimes"])
    assert mode.exit_code == 2 and "expected one of auto, on, off" in flat(mode.output)


# ---------------------------------------------------------------------- a person, in every game
class Person(play_cmd.Session):
    """A session whose person follows a seeded policy over the steps it is shown, and checks
    each action applied is the one the steps led to."""

    def __init__(self, state: State, seed: int, limit: int) -> None:
        super().__init__(state, 0, make_agent("rule", seed), ["mine", "theirs"])
        self.rng = Rng(seed)
        self.limit = limit
        self.asked = 0
        self.features: set[str] = set()
        self.expect: tuple[str, Any] | None = None  # what the answer being built must be
        self.target: int | None = None  # the target picked on the way
        self.back_to: list[int] | None = None
        self.seen: set[str] = set()
        self.reads = 0

    def show_events(self, player: int | None = None, action: Action | None = None) -> None:
        self.remember()
        super().show_events(player, action)

    def remember(self) -> None:
        """Every name the person may read now: the cards they see and the names events carry."""
        s = self.state
        self.seen |= {s.name_of(c) for c in range(len(s.cards)) if s.can_see(0, c)}
        self.seen |= {str(ev["name"]) for ev in s.events if ev.get("name")}

    def ask(self) -> Action | None:
        self.asked += 1
        self.expect, self.target, self.reads = None, None, 0
        action = super().ask() if self.asked <= self.limit else None
        if action is None:
            return None
        if self.target is not None:
            assert self.target in action.to_json().values(), f"{action} is not on the target {self.target} chosen"
            self.features.add("target")
        if self.expect is not None and self.expect[1] is not None:
            kind, value = self.expect
            assert action.to_json() == value, f"{kind}: applied {action}, the step said {value}"
            self.features.add(kind)
        return action

    def read(self, prompt: str) -> str:
        self.reads += 1
        self.remember()
        if "(y/n)" in prompt:
            return "y"
        chooser = self.chooser
        assert chooser is not None
        step = chooser.step
        if self.back_to is not None:
            assert step.path == self.back_to, "b did not lead to the step before"
            self.features.add("back")
            self.back_to = None
        if self.reads > 12:  # a person who is lost takes the default, else the first option
            self.expect = self.target = None
            return "" if step.default is not None or step.complete is not None else "1"
        return self.policy(step)

    def policy(self, step: Step) -> str:
        rng = self.rng
        toggled = self.expect is not None and self.expect[0] == "toggle"
        if step.back is not None and rng.below(6) == 0:
            self.back_to, self.expect, self.target = step.back, None, None
            return "b"
        if step.picked is not None and step.options and ((toggled and step.complete is None) or rng.below(2) == 0):
            return self.toggle(step)
        if step.complete is not None and step.mode != "pick":
            kind = "toggle" if toggled else "pay_default" if step.mode == "pay" else "confirm"
            self.expect = (kind, step.complete["action"])
            return ""
        table = numbered(step)
        if step.mode != "pick" or not table:
            return ""
        deeper = [n for n, o, _ in table if not o.complete]
        n = deeper[rng.below(len(deeper))] if deeper and rng.below(2) == 0 else 1 + rng.below(len(table))
        opt = table[n - 1][1]
        if step.field == "target" and opt.card is not None:
            self.target = opt.card
        return str(n)

    def toggle(self, step: Step) -> str:
        """Flip one or two values of a set (then the step says what is confirmed)."""
        free = [n for n, o, row in numbered(step) if row is None and (o.enabled or o.selected)]
        if not free:
            return ""
        flips = sorted({free[self.rng.below(len(free))] for _ in range(1 + self.rng.below(2))})
        self.expect = ("toggle", None)
        return " ".join(str(n) for n in flips)


def named_hidden(person: Person, output: str) -> list[str]:
    state = person.state
    names = {state.name_of(c) for c in range(len(state.cards))}
    unseen = names - person.seen
    return [n for n in sorted(unseen) if n in output and not any(n in seen for seen in person.seen)]


EXPECTED = {"battle_spirits": {"back", "pay_default"}, "duel_masters": {"back", "toggle"},
            "force_of_will": {"back", "toggle", "target"}, "one_piece": {"back", "target"},
            "yugioh": {"back", "toggle", "target"}}


@pytest.mark.parametrize("game", game_names())
def test_a_person_chooses_field_by_field_in_every_game(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    buffer = io.StringIO()
    monkeypatch.setattr(play_cmd, "out", Console(file=buffer, width=160, color_system=None))
    g = load_game(game)
    state = g.new_state([g.deck(d) for d in sorted(g.starter_decks())[:2]], seed=7)
    person = Person(state, seed=7, limit=60)
    person.stops = Stops("auto")
    person.run()
    assert EXPECTED[game] <= person.features, f"{game}: only {sorted(person.features)} were exercised"
    output = buffer.getvalue()
    assert "Traceback" not in output and "{" not in output.replace("{}", "")
    assert not named_hidden(person, output), f"{game}: the output names hidden cards"
