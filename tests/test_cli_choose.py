"""``tcg play`` asks each decision field by field, auto-passes under stops (issue 37, item 11).

Through typer's CliRunner or a session reading scripted lines (no real terminal): a Force of Will
mulligan chosen by toggling cards (not a list of 32 subsets), every Duel Masters shield its own
numbered option, a Battle Spirits payment taken by Enter (the default way the core offers) or
changed source by source, a way that costs your own cards confirmed again, ``b`` back to the step
before, a bad line refused saying what was wrong and asked again, a main step skipped unless a
stop is set there, the ``stops`` command. Then in every game a session plays as a person would --
picking options, toggling sets, going back, taking defaults -- and the output never names a card
the person could not have seen.
"""

from __future__ import annotations

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
from tcg.sim.loop import observe
from tcg.sim.replay import Replay, initial_state

runner = CliRunner()
TOGGLE_LINE = re.compile(r"^\s+(\d+)\. \[( |x)\] (.+) #(\d+)$", re.M)
OPTION_LINE = re.compile(r"^\s+(\d+)\. (.+)$", re.M)


def human_actions(saved: Path, seat: int = 0) -> list[tuple[State, dict[str, Any]]]:
    """The actions the person took in a saved game, each with the state it was taken in."""
    mine = []
    rep = Replay.load(saved)
    state = initial_state(rep)
    for raw in rep.actions:
        if state.deciding_player == seat:
            mine.append((state.clone(), raw))
        state.apply(Action.from_json(raw))
    return mine


def flat(text: str) -> str:
    """Text as one line (the terminal wraps long lines)."""
    return " ".join(text.split())


class Scripted(play_cmd.Session):
    """A session whose person types ``lines`` (then the input ends: a concession); it keeps the
    actions the person's answers applied."""

    def __init__(self, state: State, lines: list[str]) -> None:
        super().__init__(state, 0, make_agent("rule", 1), ["mine", "theirs"])
        self.lines = list(lines)
        self.answered: list[Action] = []

    def read(self, prompt: str) -> str:
        if not self.lines:
            raise EOFError
        play_cmd.out.print(prompt + self.lines[0][:80])  # what was typed, as a terminal echoes it
        return self.lines.pop(0)

    def ask(self) -> Action | None:
        action = super().ask()
        if action is not None:
            self.answered.append(action)
        return action


def scripted(state: State, lines: list[str], monkeypatch: pytest.MonkeyPatch) -> tuple[Scripted, str]:
    """Play ``state`` with the person typing ``lines``: the session and everything printed."""
    buffer = io.StringIO()
    monkeypatch.setattr(play_cmd, "out", Console(file=buffer, width=200, color_system=None))
    session = Scripted(state, lines)
    session.run()
    return session, buffer.getvalue()


def reach(game: str, kind: str, seed: int) -> State:
    """A game between two rule agents, stopped at the first ``kind`` decision of seat 0."""
    g = load_game(game)
    state = g.new_state([g.deck(d) for d in sorted(g.starter_decks())[:2]], seed=seed)
    agents, cursor = [make_agent("rule", 1), make_agent("rule", 2)], [0, 0]
    while not (state.decision is not None and state.decision.kind == kind and state.deciding_player == 0):
        assert not state.game_over, f"{game} seed {seed} never reached a {kind} decision"
        p = state.deciding_player
        assert p is not None
        state.apply(agents[p].choose(observe(state, p, agents[p], cursor), state.legal_actions()))
    return state


def first_step(output: str) -> str:
    """The first decision asked, up to the first line typed."""
    return output[output.index("Your decision:"):].split("choice>")[0]


def test_a_mulligan_is_chosen_by_toggling_cards(tmp_path: Path) -> None:
    """Force of Will: a hand of five is five toggles (not 32 numbered subsets); '1 3' then Enter
    puts exactly those two cards at the bottom."""
    saved = tmp_path / "game.json"
    result = runner.invoke(app, ["play", "force_of_will", "--seed", "1", "--save", str(saved)],
                           input="1\n1 3\n\nq\ny\n")
    assert result.exit_code == 0, result.output
    lines = TOGGLE_LINE.findall(result.output)
    first = {int(n): (mark, int(cid)) for n, mark, _, cid in lines[:5]}
    assert len(first) == 5 and all(mark == " " for mark, _ in first.values())
    asked = result.output[result.output.index("Keep your opening hand"):].split("choice>")[0]
    assert [int(n) for n, _ in OPTION_LINE.findall(asked)] == [1, 2, 3, 4, 5]
    toggled = {int(n): (mark, int(cid)) for n, mark, _, cid in lines[5:10]}
    assert [n for n, (mark, _) in sorted(toggled.items()) if mark == "x"] == [1, 3]
    mulligan = next(a for _, a in human_actions(saved) if a["type"] == "mulligan")
    assert sorted(mulligan["cards"]) == sorted([first[1][1], first[3][1]])


def test_every_shield_is_its_own_option(monkeypatch: pytest.MonkeyPatch) -> None:
    """Duel Masters: breaking a shield lists all five, numbered; '4' breaks the fourth."""
    session, output = scripted(reach("duel_masters", "break", 0), ["4"], monkeypatch)
    asked = first_step(output)
    assert OPTION_LINE.findall(asked) == [(str(i), f"Shield {i}") for i in range(1, 6)]
    assert session.answered[0] == Action("choose", index=3)


def test_enter_pays_the_default_way(tmp_path: Path) -> None:
    """Battle Spirits: a summon opens its payment at the default way; Enter pays it, and that
    way costs none of your own spirits."""
    saved = tmp_path / "game.json"
    result = runner.invoke(app, ["play", "battle_spirits", "--seed", "1", "--save", str(saved)], input="1\n\nq\ny\n")
    assert result.exit_code == 0, result.output
    shown = re.search(r"▸ (Summon Baby-Loki: [^\n]+)", result.output)
    assert shown is not None and f"Enter: {flat(shown.group(1))}" in flat(result.output)
    before, summon = next((st, a) for st, a in human_actions(saved) if a["type"] == "summon")
    assert load_game("battle_spirits").presentation.harm(before, Action.from_json(summon)) == ()
    assert summon["place"] == {"reserve": 1} and "You summon Baby-Loki" in result.output


def test_a_payment_is_changed_source_by_source(tmp_path: Path) -> None:
    """Battle Spirits: '3' in the payment puts 2 cores from the reserve on Baby-Loki instead of
    the default 1; the summary says so and Enter pays that way."""
    saved = tmp_path / "game.json"
    result = runner.invoke(app, ["play", "battle_spirits", "--seed", "1", "--save", str(saved)],
                           input="1\n3\n\nq\ny\n")
    assert result.exit_code == 0, result.output
    out = flat(result.output)
    assert "Reserve: cores put on the new card 1. 0 2. ● 1 3. 2 4. 3" in out
    assert "▸ Summon Baby-Loki: pay 2 cores from the reserve, put 2 cores from the reserve on it" in out
    summon = next(a for _, a in human_actions(saved) if a["type"] == "summon")
    assert summon["pay"] == {"reserve": 2} and summon["place"] == {"reserve": 2}


def test_a_way_that_costs_your_own_card_is_confirmed_again(tmp_path: Path) -> None:
    """Battle Spirits: 0 cores on Baby-Loki would deplete it: Enter warns and asks; 'n' keeps the
    step, '2' (1 core) then Enter summons without asking."""
    saved = tmp_path / "game.json"
    result = runner.invoke(app, ["play", "battle_spirits", "--seed", "1", "--save", str(saved)],
                           input="1\n1\n\nn\n2\n\nq\ny\n")
    assert result.exit_code == 0, result.output
    out = flat(result.output)
    assert out.count("Confirm? (y/n)") == 1 and "⚠ depletes Baby-Loki" in out
    summon = next(a for _, a in human_actions(saved) if a["type"] == "summon")
    assert summon["place"] == {"reserve": 1}


def test_back_returns_to_the_step_before() -> None:
    """Battle Spirits: a summon opens its payment step; ``b`` shows the first step again."""
    result = runner.invoke(app, ["play", "battle_spirits", "--seed", "1"], input="1\nb\nq\ny\n")
    assert result.exit_code == 0, result.output
    out = result.output
    summon = out.index("1. Summon Baby-Loki")
    paying = out.index("▸ Summon Baby-Loki", summon)
    again = out.index("1. Summon Baby-Loki", paying)
    assert "b: back" in out[paying:again] and "b: back" not in out[again:]


@pytest.mark.parametrize(("line", "said"), [
    ("99", "“99” is not an option here"),
    ("pass", "“pass” is not an option here"),
    ("1 2", "“1 2”: one number at a time here"),
])
def test_a_bad_line_is_refused_saying_why_and_nothing_changes(line: str, said: str,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Duel Masters' shield step: the refusal names the line and what to type, the same step is
    asked again, and the next good line is answered as if the bad one had not been typed."""
    session, output = scripted(reach("duel_masters", "break", 0), [line, "2"], monkeypatch)
    tail = output[output.index(f"choice> {line}"):]
    assert f"{said}: type an option's number (1 to 5)" in flat(tail)
    refusal = tail.split("choice>")[1]
    assert "Shield" not in refusal  # asked again at once: the same step, nothing taken
    assert session.answered[0] == Action("choose", index=1)


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
    assert "Responses: Auto: stop when you can respond" in out and "Always stop in your turn at" in out
    assert "type stops, stops auto / on / off, stops pay auto / ask, or stops with numbers from 1 to 6" in flat(out)
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
    """Names of cards the person never saw that the output prints as whole names."""
    state = person.state
    unseen = {state.name_of(c) for c in range(len(state.cards))} - person.seen
    return [n for n in sorted(unseen) if re.search(rf"(?<!\w){re.escape(n)}(?!\w)", output)
            and not any(n in seen for seen in person.seen)]


@pytest.mark.parametrize("game", game_names())
def test_a_person_wandering_through_the_steps_never_reads_a_hidden_card(game: str,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """Picking, toggling, going back and taking defaults for 60 decisions (each action applied is
    the one the steps showed: Person.ask checks it), the output names no card the person could
    not have seen, and shows no traceback nor an unfilled sentence."""
    buffer = io.StringIO()
    monkeypatch.setattr(play_cmd, "out", Console(file=buffer, width=160, color_system=None))
    g = load_game(game)
    state = g.new_state([g.deck(d) for d in sorted(g.starter_decks())[:2]], seed=7)
    person = Person(state, seed=7, limit=60)
    person.stops = Stops("auto")
    person.run()
    assert person.asked > 5, f"{game}: the person hardly chose anything"
    output = buffer.getvalue()
    assert "Traceback" not in output and "{" not in output.replace("{}", "")
    assert not named_hidden(person, output), f"{game}: the output names hidden cards"


def test_the_hidden_name_check_catches_a_hidden_card_named() -> None:
    """The check above fails on an output naming a card of the opponent's deck (never seen)."""
    g = load_game("duel_masters")
    state = g.new_state([g.deck(d) for d in sorted(g.starter_decks())[:2]], seed=7)
    person = Person(state, seed=7, limit=0)
    person.remember()
    name = next(state.name_of(c) for c in state.zones[1]["deck"] if state.name_of(c) not in person.seen)
    assert named_hidden(person, f"The opponent plays {name}.") == [name]
    assert named_hidden(person, "The opponent plays a card.") == []


def dm_start() -> State:
    g = load_game("duel_masters")
    return g.new_state([g.deck(d) for d in sorted(g.starter_decks())[:2]], seed=7)


def test_a_card_id_follows_the_name_it_means_and_never_a_hidden_card() -> None:
    """"Attack Giant Soldier of Stone #40 with ..." says which of three soldiers; a card hidden
    from the viewer gets no id (its id could tell which card it is)."""
    from tcg.cli.choose import Chooser
    from tcg.cli.render import Words

    state = dm_start()
    mine, hidden = state.zones[0]["hand"][0], state.zones[1]["hand"][0]
    chooser = Chooser(Words(state, "en", viewer=0), Console(file=io.StringIO()), lambda prompt: "", board=lambda: None)
    name = state.name_of(mine)
    assert chooser.tagged(f"Attack {name} with Bolshack", mine) == f"Attack {name} #{mine} with Bolshack"
    assert chooser.tagged("Charge it", mine) == f"Charge it #{mine}"
    assert chooser.tagged("Charge a face-down card", hidden) == "Charge a face-down card"


def test_an_action_on_a_card_hidden_from_you_is_not_printed() -> None:
    """The opponent's "Summon a face-down card" says nothing the events after it do not: only
    actions whose cards the viewer may know are printed."""
    from tcg.cli.render import Words

    state = dm_start()
    words = Words(state, "en", viewer=0)
    assert words.names_all(Action("summon", card=state.zones[0]["hand"][0]))
    assert not words.names_all(Action("summon", card=state.zones[1]["hand"][0]))


GARBAGE = ["x", "²", "-1", "0", "1.5", "9" * 5000, "1 b", "b b", "?", "? ", "zoom", "zoom 9" + "9" * 5000,
           "?" + "9" * 5000, "stops 9" + "9" * 5000, "stops ²", "\x00", "1\x1b[2J", "[red]1[/red]", "{n}", "%s"]


@pytest.mark.parametrize("line", GARBAGE, ids=lambda line: repr(line[:12]))
def test_any_line_is_refused_or_answered_never_a_traceback(line: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever is typed at the shield step, the session says something and asks again (or the
    line was a command), and the shield then chosen is the one typed after."""
    session, output = scripted(reach("duel_masters", "break", 0), [line, "3"], monkeypatch)
    assert session.answered[0] == Action("choose", index=2)
    assert "Traceback" not in output and "Error" not in output and "9" * 100 not in output  # quoted short


def test_an_unchanged_board_is_not_drawn_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two decisions in a row on the same board (a chain of windows): the second says the board
    is as above; once a card moves, the board is drawn again."""
    buffer = io.StringIO()
    monkeypatch.setattr(play_cmd, "out", Console(file=buffer, width=200, color_system=None))
    state = dm_start()
    session = Scripted(state, [])
    session.show_board(state.observation(0))
    session.show_board(state.observation(0))
    assert buffer.getvalue().count("╭─ You") == 1 and "(the board is as above" in buffer.getvalue()
    state.apply(state.legal_actions()[0])
    session.show_board(state.observation(0))
    assert buffer.getvalue().count("╭─ You") == 2
