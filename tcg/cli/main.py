"""The ``tcg`` command: one entry point, one sub-command module per job."""

from __future__ import annotations

import typer

import tcg
from tcg.cli import (
    cards_cmd,
    deck_cmd,
    games_cmd,
    play_cmd,
    puzzle_cmd,
    replay_cmd,
    report_cmd,
    scenario_cmd,
    serve_cmd,
    simulate_cmd,
    tournament_cmd,
)

app = typer.Typer(
    name="tcg",
    help="tcg-engine: play, simulate and test five trading card games by their real rules.",
    no_args_is_help=True,
    add_completion=False,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"tcg-engine {tcg.__version__}, {tcg.build_name()}")
        raise typer.Exit()


@app.callback()
def main(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                 help="Print the version and whether the rules modules are compiled, then exit."),
) -> None:
    """tcg-engine: play, simulate and test five trading card games by their real rules."""


app.add_typer(cards_cmd.app, name="cards")
app.add_typer(deck_cmd.app, name="deck")
app.add_typer(scenario_cmd.app, name="scenario")
app.add_typer(puzzle_cmd.app, name="puzzle")
app.command("simulate", cls=simulate_cmd.PairOptionsCommand)(simulate_cmd.simulate)
app.command("tournament", cls=simulate_cmd.AgentPairCommand)(tournament_cmd.tournament)
app.command("play")(play_cmd.play)
app.command("replay")(replay_cmd.replay)
app.command("report")(report_cmd.report)
app.command("demo")(simulate_cmd.demo)
app.command("games")(games_cmd.games)
app.command("serve")(serve_cmd.serve)


if __name__ == "__main__":  # pragma: no cover
    app()
