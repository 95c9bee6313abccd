"""``assistant prepare``: load the model, build the rules index and the move vectors before the first question."""

from __future__ import annotations

import typer

from assistant.errors import AssistantError


def prepare_command(
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Print only the summary line."),
) -> None:
    """Get ready for play: the rules index and every system's move vectors, built once and kept on disk."""
    from assistant.prepare import prepare

    def progress(step: str) -> None:
        if not quiet:
            typer.echo(f"… {step}")

    try:
        report = prepare(progress)
    except AssistantError as exc:
        typer.echo(f"error: {exc.message}", err=True)
        raise typer.Exit(1) from None
    except Exception as exc:  # disk, vector store: one line saying what to try
        typer.echo(
            f"error: preparing failed ({exc.__class__.__name__}). If it persists, delete the rules_index and cache "
            "directories under TABLETOP_HOME and run `assistant prepare` again.",
            err=True,
        )
        raise typer.Exit(1) from None
    if not quiet:
        for step, seconds in report.steps.items():
            typer.echo(f"  {step}: {seconds:.2f} s")
    typer.echo(
        f"Ready: {report.passages} rules passages ({report.embedded} newly embedded), moves of "
        f"{len(report.systems)} systems, in {report.total:.1f} s."
    )


def register(app: typer.Typer) -> None:
    """Add ``prepare`` to the main ``assistant`` app."""
    app.command("prepare")(prepare_command)
