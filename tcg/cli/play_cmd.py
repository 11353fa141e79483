"""``tcg play``: a human against the rule agent in the terminal.

The human only ever sees their own observation (the board is drawn from it) and the
events as :meth:`State.visible_event` redacts them for their seat; card names in actions
come from :class:`~tcg.cli.render.KnownNames`, i.e. only names the human has seen.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape

from tcg.agents.base import agent_seed, make_agent
from tcg.cli import render
from tcg.cli.simulate_cmd import check_agents, load_setup
from tcg.core.actions import Action
from tcg.core.errors import TcgError
from tcg.core.registry import game_names, load_game
from tcg.core.state import State
from tcg.sim.loop import end_reason, observe

out = Console(highlight=False)

HELP = (
    "Type the number of an action and press Enter.   q: quit   h: this help   b: show the board again\n"
    "A turn: untap, draw, charge (put one card from your hand into your mana zone), main (summon creatures "
    "and cast spells, paying with untapped mana), attack (attack the opponent or one of their tapped "
    "creatures), end. next_phase moves on to the next step; end_turn ends your turn.\n"
    "Break all five shields, then attack once more to win. A player who must draw from an empty deck loses."
)


def play(
    game: Annotated[str, typer.Argument(help="The game to play, e.g. duel_masters.")] = "duel_masters",
    deck: Annotated[str | None, typer.Option("--deck", help="Your deck (starter name or file).")] = None,
    opponent_deck: Annotated[str | None, typer.Option("--opponent-deck", help="The AI's deck.")] = None,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Seed of the shuffle and the first player.")] = 0,
    human_seat: Annotated[int, typer.Option("--human-seat", min=0, max=1, help="Your seat: 0 or 1.")] = 0,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="A game variant, NAME=VALUE.")] = None,
    agent: Annotated[str, typer.Option("--agent", help="The opponent: rule or random.")] = "rule",
) -> None:
    """Play against the rule agent: pick actions by number, q to quit, h for help."""
    starters = list(load_game(game).starter_decks()) if game in game_names() else []
    mine = deck or (starters[0] if starters else None)
    theirs = opponent_deck or (starters[1] if len(starters) > 1 else mine)
    args = [mine, theirs] if human_seat == 0 else [theirs, mine]
    g, decks, labels, options = load_setup(game, [str(a) for a in args] if all(args) else None, option)
    check_agents([agent])
    try:
        state = g.new_state(decks, seed=seed, options=options)
    except TcgError as exc:
        out.print(f"[red]error:[/red] {escape(str(exc))}")
        raise typer.Exit(1) from None
    Session(state, human_seat, make_agent(agent, agent_seed(seed, 1 - human_seat)), labels).run()


class Session:
    """One terminal game: the loop, what is shown, and reading the human's choices."""

    MAX_SHOWN = 40  # payments with a big mana zone can have thousands of ways

    def __init__(self, state: State, human: int, agent: Any, labels: list[str]) -> None:
        self.state = state
        self.human = human
        self.agent = agent
        self.labels = labels
        self.known = render.KnownNames()
        self.shown = 0  # events already shown to the human
        self.cursor = [0, 0]  # events already given to each agent

    def who(self, p: Any) -> str:
        if p == self.human:
            return "You"
        return "Opponent" if isinstance(p, int) else str(p)

    def show_events(self) -> None:
        new = self.state.events[self.shown:]
        self.shown = len(self.state.events)
        visible = [v for v in (self.state.visible_event(e, self.human) for e in new) if v is not None]
        for v in visible:
            self.known.learn_event(v)
        render.print_step(out, None, None, visible, self.known, self.who)

    def run(self) -> None:
        s = self.state
        out.rule(f"[bold]You ({escape(self.labels[self.human])}) vs the {self.agent.name} agent "
                 f"({escape(self.labels[1 - self.human])})")
        self.show_events()
        while not s.game_over:
            player = s.deciding_player
            legal = s.legal_actions()
            if player != self.human:
                obs = observe(s, player, self.agent, self.cursor) if player is not None else {}
                s.apply(self.agent.choose(obs, legal))
                self.show_events()
                continue
            action = self.ask(legal)
            if action is None:
                out.print("You left the game.")
                return
            s.apply(action)
            self.show_events()
        winner = "You win!" if s.winner == self.human else "draw" if s.winner == "draw" else "The opponent wins."
        out.print(f"[bold]{winner}[/bold] ({end_reason(s).replace('_', ' ')}, turn {s.turn})")

    def ask(self, legal: Sequence[Action]) -> Action | None:
        obs = self.state.observation(self.human)
        self.known.learn_observation(obs)
        out.print(render.board(obs))
        self.print_actions(obs, legal)
        while True:
            try:
                raw = out.input("[bold]choice[/bold] (number, h, q)> ").strip().lower()
            except EOFError:
                return None
            if raw in ("q", "quit", "exit"):
                return None
            if raw in ("h", "help", "?"):
                out.print(HELP)
                continue
            if raw in ("b", "board"):
                out.print(render.board(obs))
                self.print_actions(obs, legal)
                continue
            if raw.isdigit() and 1 <= int(raw) <= len(legal):
                return legal[int(raw) - 1]
            out.print(f"[yellow]type a number from 1 to {len(legal)}, h for help or q to quit[/yellow]")

    def print_actions(self, obs: dict[str, Any], legal: Sequence[Action]) -> None:
        kind = (obs.get("decision") or {}).get("kind", "")
        out.print(f"[bold]Your decision ({escape(str(kind))}):[/bold]")
        for i, a in enumerate(legal, start=1):
            if i > self.MAX_SHOWN:
                out.print(f"  ... and {len(legal) - self.MAX_SHOWN} more alike (any number up to {len(legal)} works)")
                break
            out.print(f"  {i:>2}. {escape(a.text(self.known, self.state.GAME.card_fields))}")

