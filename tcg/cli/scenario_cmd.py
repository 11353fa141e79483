"""``tcg scenario run PATH...``: run rules scenarios and show a diff of what failed."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.console import Console

from tcg.core.errors import TcgError
from tcg.core.scenario import run_file, scenario_files

app = typer.Typer(help="Rules scenarios (YAML): the rules test format. See docs/scenarios.md.",
                  no_args_is_help=True)


@app.callback()
def _group() -> None:
    """Rules scenarios (YAML): the rules test format. See docs/scenarios.md."""


@app.command("run")
def run(
    paths: list[Path] = typer.Argument(..., help="Scenario files or folders (searched for *.yaml)."),
    verbose: bool = typer.Option(False, "--verbose", "-v", help="List every scenario, not only failures."),
) -> None:
    """Run scenarios; exit status 1 if any fails."""
    console = Console(highlight=False, soft_wrap=True)
    try:
        files = scenario_files(paths)
    except TcgError as exc:
        console.print(f"[red]error:[/red] {exc}")
        raise typer.Exit(2) from None
    passed = failed = 0
    for f in files:
        for result in run_file(f):
            if result.passed:
                passed += 1
                if verbose:
                    console.print(f"[green]PASS[/green] {result.source} {result.name}")
                continue
            failed += 1
            console.print(f"[red]FAIL[/red] {result.source} {result.name}")
            for line in result.failures:
                console.print(f"    {line}", markup=False)
    console.print(f"{passed} passed, {failed} failed")
    if failed or not passed:
        raise typer.Exit(1)
