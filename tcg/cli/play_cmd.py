"""``tcg play``: a person against an agent in the terminal, in any game and language.

The person only ever sees their own observation (the board is drawn from it) and the events as
:meth:`State.visible_event` redacts them for their seat; every card an action or event names is
named through the presentation's viewer namer, so only cards that seat may see are named.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape

from tcg.agents.base import agent_seed, make_agent
from tcg.agents.levels import levels_help
from tcg.cli.choose import Chooser
from tcg.cli.render import Words
from tcg.cli.simulate_cmd import check_agents, load_setup
from tcg.cli.stops import parse_stops, stops_command
from tcg.cli.zoom import zoom
from tcg.core.actions import Action
from tcg.core.errors import TcgError
from tcg.core.registry import game_names, load_game
from tcg.core.state import State
from tcg.core.stops import Stops, auto_answer
from tcg.sim.loop import end_reason, observe
from tcg.sim.replay import record
from tcg.web.naming import deck_title, player_decks

out = Console(highlight=False)


def play(
    game: Annotated[str, typer.Argument(help="The game to play, e.g. duel_masters.")] = "duel_masters",
    deck: Annotated[str | None, typer.Option("--deck", help="Your deck (starter name or file).")] = None,
    opponent_deck: Annotated[str | None, typer.Option("--opponent-deck", help="The AI's deck.")] = None,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Seed of the shuffle and the first player.")] = 0,
    human_seat: Annotated[int, typer.Option("--human-seat", min=0, max=1, help="Your seat: 0 or 1.")] = 0,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="A game variant, NAME=VALUE.")] = None,
    agent: Annotated[str, typer.Option("--agent", "--vs", help="The opponent: a difficulty level - "
                                       + levels_help() + " - or an agent's spec (rule, random, random_by_type, "
                                       "ismcts:iterations=500,rollout=rule, ismcts:seconds=1).")] = "normal",
    lang: Annotated[str, typer.Option("--lang", help="Language of the board and texts: en, it (pl: Duel Masters).")
                    ] = "en",
    save: Annotated[Path | None, typer.Option("--save", help="Write the game's replay to this file.")] = None,
    stops: Annotated[str, typer.Option("--stops", help="Response windows, as Master Duel's: auto (stop when "
                                       "you can respond to the opponent), on (stop at every window) or off (never "
                                       "stop to respond). A decision whose only options are moving on is answered "
                                       "for you unless a stop is set there.")] = "auto",
    stop: Annotated[list[str] | None, typer.Option("--stop", help="A phase stop: PHASE (your turn) or "
                                                   "opponent:PHASE; repeatable. The `stops` command changes them "
                                                   "in the game.")] = None,
    pay: Annotated[str, typer.Option("--pay", help="Payments (Force of Will's magic stones, Duel Masters' "
                                     "mana): auto (paid for you the default way, as MTG Arena taps mana; a way "
                                     "that would cost one of your cards is still asked) or ask (you choose each "
                                     "time). `stops pay ask` changes it in the game.")] = "auto",
) -> None:
    """Play against an agent: each decision field by field (numbers, Enter for the default, b back),
    ?id or zoom id for a card's text and rulings, stops for the auto-pass, h for help, q to quit."""
    starters = list(load_game(game).starter_decks()) if game in game_names() else []
    mine = deck or (starters[0] if starters else None)
    theirs = opponent_deck or (starters[1] if len(starters) > 1 else mine)
    args = [mine, theirs] if human_seat == 0 else [theirs, mine]
    g, decks, labels, options = load_setup(game, [str(a) for a in args] if all(args) else None, option)
    check_agents([agent])
    if lang not in g.presentation.languages:
        out.print(f"[red]error:[/red] {g.name} has no {lang!r} texts; its languages are "
                  f"{', '.join(g.presentation.languages)}")
        raise typer.Exit(2)
    try:
        state = g.new_state(decks, seed=seed, options=options)
    except TcgError as exc:
        out.print(f"[red]error:[/red] {escape(str(exc))}")
        raise typer.Exit(1) from None
    try:
        settings = parse_stops(stops, stop or (), g.presentation.FLOW, pay)
    except TcgError as exc:
        out.print(f"[red]error:[/red] {escape(str(exc))}")
        raise typer.Exit(2) from None
    session = Session(state, human_seat, make_agent(agent, agent_seed(seed, 1 - human_seat)), labels, lang)
    session.stops = settings
    session.run()
    if save is not None:
        agents = ["human", agent] if human_seat == 0 else [agent, "human"]
        record(state, seed, decks, agents, session.conceded).save(save)
        out.print(session.words.ui("saved", path=str(save)))


class Session:
    """One terminal game: the loop, what is shown, and reading the person's choices."""

    def __init__(self, state: State, human: int, agent: Any, labels: list[str], lang: str = "en") -> None:
        self.state = state
        self.human = human
        self.agent = agent
        self.labels = labels
        self.words = Words(state, lang, viewer=human, decks=player_decks(state.GAME, labels, lang))
        self.shown = 0  # events already shown to the person
        self.cursor = [0, 0]  # events already given to each agent
        self.conceded: int | None = None
        self.stops = Stops()
        self.quitting = False
        self.chooser: Chooser | None = None  # the decision being asked
        self.last_board: str | None = None  # the board drawn last (not drawn again unchanged)
        self.last_actor: int | None = None  # who applied the last action (a window answering oneself)
        self.until: Any = None  # a puzzle's end (``tcg puzzle play``): called before each decision

    def show_events(self, player: int | None = None, action: Action | None = None) -> None:
        new = self.state.events[self.shown:]
        self.shown = len(self.state.events)
        self.words.print_step(out, player, action, new)

    def run(self) -> None:
        s = self.state
        texts = self.words.say.texts
        mine, theirs = (deck_title(texts, self.labels[p]) for p in (self.human, 1 - self.human))
        out.rule(f"[bold]{escape(s.GAME.title)}: {escape(mine)} vs {escape(theirs)} · the {self.agent.name} agent")
        self.show_events()
        while not s.game_over:
            if self.until is not None and self.until():
                return
            player = s.deciding_player
            legal = s.legal_actions()
            if player != self.human:
                obs = observe(s, player, self.agent, self.cursor) if player is not None else {}
                action = self.agent.choose(obs, legal)
                s.apply(action)
                self.last_actor = player
                self.show_events(player, action)
                continue
            chosen = auto_answer(s, s.GAME.presentation.FLOW, self.stops, self.last_actor)
            if chosen is not None and s.decision is not None and s.decision.kind in s.GAME.presentation.FLOW.payments:
                self.paid_for(chosen)
            if chosen is None:
                chosen = self.ask()
            if chosen is None:
                s.concede(self.human)
                self.conceded = self.human
                self.show_events()
                out.print(self.words.ui("you_left"))
                return
            s.apply(chosen)
            self.last_actor = self.human
            self.show_events()
        ending = ("you_win" if s.winner == self.human else "a_draw" if s.winner == "draw" else "you_lose")
        out.print(f"[bold]{self.words.ui(ending)}[/bold] ({self.words.say.word(end_reason(s) or 'rule')}, "
                  f"{self.words.ui('turn').lower()} {s.turn})")

    def paid_for(self, action: Action) -> None:
        """A payment made for the person (rule 6 of tcg.core.stops): said, with the stones or
        mana it uses (its own events are minor ones, not printed)."""
        what = self.words.action_text(action)
        out.print(f"  [dim]{escape(self.words.say.t('ui', 'autopaid', what=what))}[/dim]")

    def ask(self) -> Action | None:
        """The person's choice, field by field (tcg/cli/choose.py); None when they quit (and
        confirmed it) or the input ends."""
        obs = self.state.observation(self.human)
        chooser = self.decision(obs)
        prompt = f"[bold]{escape(self.words.say.t('terminal', 'prompt'))}[/bold]> "
        try:
            while True:
                raw = self.read(prompt).strip()
                if not self.command(raw, obs, chooser):
                    action = chooser.answer(raw)
                    if action is not None:
                        return action
                elif self.quitting:
                    return None
        except EOFError:
            return None

    def decision(self, obs: dict[str, Any]) -> Chooser:
        """The board, then the decision's first step (with the attack going on under its
        question): the chooser that asks the rest."""
        self.show_board(obs)
        chooser = self.chooser = Chooser(self.words, out, self.read, board=lambda: out.print(self.words.board(obs)),
                                         battle=self.words.battle_line(obs))
        chooser.show()
        return chooser

    def show_board(self, obs: dict[str, Any]) -> None:
        """The board before a decision -- unless it is the one drawn just above (a chain of
        windows in one step): then one line says so, and ``board`` draws it again."""
        view = self.words.presentation.board(obs, self.words.say)
        head = view["header"]
        drawn = repr((view["players"], view.get("stack"), head["turn"], head["active"], head["phase"]))
        if drawn == self.last_board:
            out.print(f"[dim]{escape(self.words.say.t('terminal', 'board_same'))}[/dim]")
            return
        self.last_board = drawn
        out.print(self.words.board(obs))

    def read(self, prompt: str) -> str:
        return out.input(prompt)

    def command(self, raw: str, obs: dict[str, Any], chooser: Chooser) -> bool:
        """The session's commands, typed at any step: q, h, board, stops, ?id, zoom id. True if
        ``raw`` was one (``self.quitting`` says the person confirmed quitting)."""
        low = raw.lower()
        if low in ("q", "quit", "exit"):
            self.quitting = self.confirm_quit()
        elif low in ("h", "help"):
            out.print(self.words.presentation.help(self.words.say))
            out.print(f"[dim]{escape(self.words.say.t('terminal', 'help'))}[/dim]")
        elif low == "board":
            out.print(self.words.board(obs))
            chooser.show()
        elif low == "stops" or low.startswith("stops "):
            self.stops = stops_command(self.stops, self.state.GAME.presentation.FLOW, self.words.say, raw[5:], out)
        elif raw.startswith("?") and raw[1:].strip():
            zoom(self.words, obs, raw[1:].strip(), out)
        elif low.startswith("zoom ") and raw[5:].strip():
            zoom(self.words, obs, raw[5:].strip(), out)
        else:
            return False
        return True

    def confirm_quit(self) -> bool:
        try:
            answer = out.input(f"{escape(self.words.ui('quit_confirm'))} ").strip().lower()
        except EOFError:
            return True
        return answer[:1] in ("y", "s", "t")  # yes, sì, tak
