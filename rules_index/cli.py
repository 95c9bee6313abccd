"""``assistant ask`` and ``assistant ingest``: cited rules answers and homebrew rules from the shell."""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import typer

from assistant.errors import AssistantError, UnknownNameError

F = TypeVar("F", bound=Callable[..., Any])


def _fail(message: str, kind: str, as_json: bool) -> None:
    if as_json:
        typer.echo(json.dumps({"error": {"type": kind, "message": message}}))
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(1)


def _guarded(func: F) -> F:
    """Turn errors into a one-line message and a non-zero exit (never a traceback)."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        as_json = bool(kwargs.get("as_json"))
        try:
            return func(*args, **kwargs)
        except typer.Exit:
            raise
        except AssistantError as exc:
            _fail(exc.message, exc.kind, as_json)
        except Exception as exc:  # chroma, torch, disk: still one line, with what to try
            detail = str(exc).splitlines()[0][:200] if str(exc) else ""
            _fail(
                f"the rules index failed ({exc.__class__.__name__}: {detail}). If it persists, delete the "
                "index directory under TABLETOP_HOME/rules_index to rebuild it.",
                "error",
                as_json,
            )

    return wrapper  # type: ignore[return-value]


def _check_system(system: str | None, known: list[str]) -> str | None:
    if system is None:
        return None
    name = system.strip().lower()
    if name in {"all", "all systems"}:
        return "all"
    if name not in known:
        raise UnknownNameError(f"Unknown system '{system}'. Known systems: {', '.join(known)}.")
    return name


@_guarded
def ask_command(
    question: str = typer.Argument(..., help='The rules question, e.g. "what happens when my heat reaches 9?"'),
    system: str | None = typer.Option(None, "--system", "-s", help="Only this system (city, blades, ...; all: every system)."),
    k: int = typer.Option(3, "--k", min=1, max=20, help="How many passages to show."),
    as_json: bool = typer.Option(False, "--json", help="Print the answer as JSON."),
) -> None:
    """Answer a rules question with the passages it comes from (system › chapter › section, file:lines)."""
    from rules_index.qa import answer, make_llm
    from rules_index.search import get_index

    if not question.strip():
        raise AssistantError('The question is empty: ask something like "how do I reduce heat?".')
    index = get_index(snapshot=True)
    chosen = _check_system(system, index.systems())
    result = answer(question, chosen, llm=make_llm(), k=k, index=index)
    if as_json:
        typer.echo(json.dumps(result.as_dict(), ensure_ascii=False))
        return
    from assistant.citation_words import shown_text

    bold = sys.stdout.isatty()
    mark = (lambda s: typer.style(s, bold=True)) if bold else (lambda s: f"**{s}**")
    typer.echo(shown_text(result.render(mark)))  # "Dungeon World › Magic Missile (dungeon-world.txt, lines 202–203)"


@_guarded
def ingest_command(
    path: Path = typer.Argument(..., help="A Markdown (.md) or text (.txt) rules document."),
    system: str = typer.Option(..., "--system", "-s", help="System name to file it under (e.g. my-hack)."),
    remove: bool = typer.Option(False, "--remove", help="Remove this document from the index instead."),
) -> None:
    """Add a homebrew rules document to the rules index (again: replace it; --remove: take it out)."""
    from rules_index import homebrew
    from rules_index.search import get_index

    index = get_index()
    if remove:
        count = homebrew.remove(path, index)
        typer.echo(f"Removed {path.name} ({count} passages) from the rules index.")
        return
    result = homebrew.ingest(path, system, index)
    r = result.report
    typer.echo(
        f"Indexed {path.name} as system '{result.system}': {result.chunks} passages "
        f"({r.embedded} new, {r.deleted} removed, {r.unchanged + r.relabelled} unchanged)."
    )


def register(app: typer.Typer) -> None:
    """Add ``ask`` and ``ingest`` to the main ``assistant`` app."""
    app.command("ask")(ask_command)
    app.command("ingest")(ingest_command)
