"""One decision of ``tcg play`` asked field by field: the terminal's drawing of the core's steps
(:mod:`tcg.core.choosing`, the one mechanism the browser and the RL environments share).

Why: a decision with many ways was one long numbered list (a mulligan as 32 subsets, a Battle
Spirits summon as hundreds of payments under "N other ways"). Now it is asked one part at a
time — what to do, the card, the target, then the payment — with a running summary:

- a number picks an option; an option that fixes the action acts at once;
- in a set (a mulligan, discards, tributes) numbers toggle cards (``3 5 7``), Enter confirms;
- a payment is shown as its default way (a safe one when there is one); numbers change its
  sources, Enter confirms it; a way that costs your own cards says so and asks again;
- Enter alone takes the default (moving on: pass, the next step) or confirms; ``b`` goes back.

Every label comes from the step, worded through the viewer's namer; a card's id is shown only
when the viewer may know the card (an id of a face-down card could tell which card it is).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.text import Text

from tcg.cli.render import Words
from tcg.core.actions import Action
from tcg.core.choosing import ChoiceError, Option, Row, Step, choice
from tcg.core.spelling import vocabulary

#: What a line typed at a step does, when it is not a number or Enter: the session's commands.
BACK = ("b", "back")
#: A number longer than this is no option (and ``int`` of thousands of digits raises).
NUMBER_DIGITS = 6
#: A refused line is quoted back up to this many characters.
QUOTED = 24
#: At most this many options of one step are listed (a step is small: the core expands a field
#: only up to a couple of dozen values).
SHOWN = 60


@dataclass
class Position:
    """Where the person is in one decision: the path of tokens taken and the toggled values."""

    path: list[int] = field(default_factory=list)
    picked: list[int] | None = None


def numbered(step: Step) -> list[tuple[int, Option, str | None]]:
    """Every option of a step numbered from 1 in the order drawn: toggles and picks, then the
    options of each payment row (with the row's label)."""
    out: list[tuple[int, Option, str | None]] = [(i, o, None) for i, o in enumerate(step.options, start=1)]
    for row in step.rows:
        for o in row.options:
            out.append((len(out) + 1, o, row_heading(row)))
    return out


def row_heading(row: Row) -> str:
    """A payment row's heading: its source and what is chosen there ("Reserve: cores paid"),
    or its label alone where that already says it ("Will produced 2")."""
    if row.label.lower().startswith(row.field.lower()):
        return row.label
    return f"{row.label}: {row.field}"


class Chooser:
    """The steps of one decision drawn on ``console`` and answered by lines of ``read``."""

    def __init__(self, words: Words, console: Console, read: Callable[[str], str],
                 board: Callable[[], None], battle: Text | None = None) -> None:
        self.words = words
        self.battle = battle  # the attack going on, under the question
        self.say = words.say
        self.console = console
        self.read = read
        self.board = board
        self.at = Position()
        self.step = self.load()

    # ------------------------------------------------------------------ the core's step
    def load(self) -> Step:
        """The step of the position (a position that leads nowhere starts the decision again)."""
        try:
            return choice(self.words.state, self.say, self.at.path, self.at.picked)
        except ChoiceError as exc:
            self.console.print(f"[yellow]{escape(exc.message)}[/yellow]")
            self.at = Position()
            return choice(self.words.state, self.say, [])

    def go(self, path: Sequence[int], picked: Sequence[int] | None = None) -> None:
        self.at = Position(list(path), list(picked) if picked is not None else None)
        self.step = self.load()
        self.show()

    def action_of(self, complete: dict[str, Any]) -> Action:
        return Action.from_json(complete["action"])

    # ------------------------------------------------------------------ drawing
    def tagged(self, label: str, cid: int | None) -> str:
        """The label with `` #17`` after the name of the card it means, when the viewer may know
        that card (an id of a face-down card could tell which card it is): "Attack Giant Soldier
        of Stone #40 with Blue-Eyes White Dragon" says which of three soldiers; a label that does
        not name the card once gets the id at its end."""
        name = self.words.visible_name(cid) if cid is not None else None
        if name is None:
            return label
        if label.count(name) == 1:
            return label.replace(name, f"{name} #{cid}")
        return f"{label} #{cid}"

    def show(self) -> None:
        """The step: its question, the summary so far, its options numbered, what Enter does."""
        step, console = self.step, self.console
        console.print(f"[bold]{escape(self.words.ui('your_decision'))}:[/bold] {escape(step.question)}")
        if self.battle is not None:
            console.print(self.battle)
        if step.summary and (step.path or step.mode != "pick"):
            console.print(f"  [cyan]▸ {escape(step.summary)}[/cyan]")
        harm = self.harm_words(step)
        if harm:
            console.print(f"  [bold yellow]⚠ {escape(harm)}[/bold yellow]")
        if step.mode == "toggle" or (step.options and step.picked is not None):
            console.print(f"[bold]{escape(step.field_label)}[/bold] [dim]{escape(self.hint('toggle'))}[/dim]")
        self.show_options(numbered(step))
        console.print(f"[dim]{escape(self.enter_hint())}[/dim]")

    def show_options(self, options: list[tuple[int, Option, str | None]]) -> None:
        heading: str | None = None
        for n, opt, row in options[:SHOWN]:
            head = row if row is not None else self.group_of(opt)
            if head is not None and head != heading:
                heading = head
                self.console.print(f"[bold]{escape(head)}[/bold]")
            line = Text(f"  {n:>3}. ")
            if opt.selected is not None and row is None:
                line.append("[x] " if opt.selected else "[ ] ", style="bold" if opt.selected else "")
            elif row is not None and opt.selected:
                line.append("● ", style="bold")
            line.append(self.tagged(opt.label, opt.card), style="" if opt.enabled else "dim")
            if opt.ways and opt.ways > 1:
                line.append(f"  ({self.say.t('choosing', 'ways', n=opt.ways)})", style="dim")
            self.console.print(line)
        if len(options) > SHOWN:
            self.console.print(f"  [dim]{escape(self.words.ui('more', n=len(options) - SHOWN, last=len(options)))}")

    def group_of(self, opt: Option) -> str | None:
        """The group an option of "what to do" belongs to (Summon, Attack, Move on...)."""
        if self.step.field is not None or self.step.mode != "pick" or len(opt.path) <= len(self.step.path):
            return None
        state = self.words.state
        kind, value = vocabulary(state.GAME, len(state.cards)).meaning(opt.path[len(self.step.path)])
        spec = self.words.presentation.actions.get(str(value)) if kind == "type" else None
        return self.words.presentation.group_label(spec.group, self.say) if spec is not None else None

    def hint(self, key: str) -> str:
        return self.say.t("terminal", key)

    def harm_words(self, step: Step) -> str | None:
        """What the way shown costs the person, as the game words it ("depletes Baby-Loki"),
        when the step says it harms."""
        if not step.harm or step.complete is None:
            return step.harm
        presentation, state = self.words.presentation, self.words.state
        action = self.action_of(step.complete)
        harmed = presentation.harm(state, action)
        return presentation.harm_text(state, action, harmed, self.say) if harmed else step.harm

    def enter_hint(self) -> str:
        """What Enter does here, and that ``b`` goes back."""
        step = self.step
        parts = []
        if step.complete is not None and step.mode != "pick":
            parts.append(self.say.t("terminal", "enter_confirm", what=step.complete["text"]))
        elif step.next is not None:
            parts.append(self.hint("enter_next"))
        elif step.default is not None and step.default < len(step.options):
            parts.append(self.say.t("terminal", "enter_default", what=step.options[step.default].label))
        elif step.picked is not None:
            parts.append(self.say.t("choosing", "not_legal"))
        if step.back is not None:
            parts.append(self.hint("back"))
        parts.append(self.hint("commands"))
        return " · ".join(parts)

    # ------------------------------------------------------------------ answering
    def answer(self, raw: str) -> Action | None:
        """One line typed at the step: the action it answers the decision with, or None (the
        step changed, or the line was refused saying what to type)."""
        words = raw.split()
        if not words:
            return self.enter()
        if raw.strip().lower() in BACK:
            self.back()
            return None
        if all(w.isdecimal() and len(w) <= NUMBER_DIGITS for w in words):  # isdigit would let "²" in
            return self.numbers([int(w) for w in words], raw.strip())
        self.refuse(raw.strip())
        return None

    def enter(self) -> Action | None:
        """Enter alone: confirm the action shown, go on with a legal set, or take the default."""
        step = self.step
        if step.complete is not None and step.mode != "pick":
            return self.confirm(step.complete, self.harm_words(step))
        if step.next is not None:
            self.go(step.next)
            return None
        if step.mode == "pick" and step.default is not None and step.default < len(step.options):
            return self.pick(step.options[step.default])
        if step.picked is not None:
            self.console.print(f"[yellow]{escape(self.say.t('choosing', 'not_legal'))}[/yellow]")
        else:
            self.console.print(f"[yellow]{escape(self.hint('no_default'))}[/yellow]")
        return None

    def confirm(self, complete: dict[str, Any], harm: str | None) -> Action | None:
        """The action shown; one that costs the person's own cards is confirmed once more."""
        if harm:
            question = f"[bold yellow]⚠ {escape(harm)}[/bold yellow] {escape(self.hint('confirm_harm'))} "
            if self.read(question).strip().lower()[:1] not in ("y", "s", "t"):  # yes, sì, tak
                self.show()
                return None
        return self.action_of(complete)

    def pick(self, opt: Option) -> Action | None:
        """An option of a pick step: it acts at once when it fixes a safe action, else its step."""
        step = self.load_at(opt.path)
        if opt.complete and step.complete is not None and not step.harm:
            return self.action_of(step.complete)
        self.at, self.step = Position(list(opt.path)), step
        self.show()
        return None

    def load_at(self, path: list[int]) -> Step:
        try:
            return choice(self.words.state, self.say, path)
        except ChoiceError:
            return self.step

    def numbers(self, ns: list[int], raw: str) -> Action | None:
        """Numbers typed: one picks an option or a payment row's choice; several (or one, in a
        set) toggle values of the set. A number that is no option is refused, naming it."""
        table = {n: (opt, row) for n, opt, row in numbered(self.step)}
        missing = [n for n in ns if n not in table]
        if not ns or missing:
            self.refuse(str(missing[0]) if missing else raw)
            return None
        chosen = [table[n] for n in ns]
        if self.step.picked is None or any(row is not None for _, row in chosen):
            if len(ns) != 1:
                self.refuse(raw, "one_at_a_time")
                return None
            opt, row = chosen[0]
            if row is not None:
                self.go(opt.path)
                return None
            return self.pick(opt)
        picked = set(self.step.picked)
        for opt, _ in chosen:
            if opt.token is None:
                continue
            if opt.token not in picked and not opt.enabled:
                self.console.print(f"[yellow]{escape(opt.label)}: {escape(self.say.t('choosing', 'not_legal'))}"
                                   "[/yellow]")
                return None
            picked ^= {opt.token}
        self.go(self.step.path, [o.token for o in self.step.options if o.token in picked])
        return None

    def back(self) -> None:
        """``b``: the step before (at the first step: the board and the step again)."""
        if self.step.back is None:
            self.board()
            self.show()
            return
        self.go(self.step.back)

    def refuse(self, what: str | None = None, why: str = "not_an_option") -> None:
        """A line that answers nothing: what was wrong with it (when there was a line), then what
        to type; the step is unchanged and asked again."""
        n = len(numbered(self.step))
        how = self.say.t("terminal", "bad_line", n=n)
        if what and len(what) > QUOTED:
            what = what[:QUOTED] + "…"
        if what:
            how = f"{self.say.t('terminal', why, what=what)}: {how}"
        self.console.print(f"[yellow]{escape(how)}[/yellow]")
