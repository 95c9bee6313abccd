"""``assistant character add|edit|show``: a campaign's characters, created and edited within the text's bounds.

Errors print one line (``error: ...`` on stderr, or ``{"error": {...}}`` with ``--json``) and exit 1.
"""

from __future__ import annotations

from pathlib import Path

import typer

from assistant.engine.character_edit import character_rules, parse_assignments
from assistant.store import service
from assistant.store.characters import create_character, edit, find_character, read_character_file
from assistant.store.cli import JSON_OPT, _echo_json, _run


def add_command(
    campaign: str = typer.Argument(..., help="The campaign's name."),
    path: Path = typer.Argument(..., help="The character as a JSON or YAML file."),
    active: bool = typer.Option(False, "--play", help="Make the new character the one playing."),
    as_json: bool = JSON_OPT,
) -> None:
    """Add a character (a companion, an opponent...); who is playing stays the same unless --play."""
    cid = _run(as_json, lambda: create_character(campaign, read_character_file(path), active=active))
    if as_json:
        _echo_json({"id": cid})
    else:
        typer.echo(f"added character {cid!r} to {campaign!r}")


def edit_command(
    campaign: str = typer.Argument(..., help="The campaign's name."),
    changes: list[str] = typer.Argument(..., help="field=value (field+=entry, field-=entry for lists), e.g. edge=3."),
    who: str | None = typer.Option(None, "--character", "-c", help="The character to edit (default: the one playing)."),
    as_json: bool = JSON_OPT,
) -> None:
    """Edit a character: each change within the text's bounds, or nothing is changed."""
    stored, said = _run(as_json, lambda: edit(campaign, parse_assignments(changes), character=who))
    if as_json:
        _echo_json({"event": stored.seq, "changes": said})
    else:
        typer.echo("\n".join(said))


def show_command(
    campaign: str = typer.Argument(..., help="The campaign's name."),
    who: str | None = typer.Option(None, "--character", "-c", help="The character (default: the one playing)."),
    as_json: bool = JSON_OPT,
) -> None:
    """Show a character's editable fields and what each one takes."""

    def go() -> tuple[str, dict[str, object], list[tuple[str, object, str]]]:
        state = service.load_campaign(campaign)
        cid = find_character(state, who)
        sheet = state.characters[cid]
        rules = character_rules(state.system)
        rows = [(f.label, rules.get(sheet, f), rules.describe(f, sheet)) for f in rules.fields]
        return cid, sheet, rows

    cid, sheet, rows = _run(as_json, go)
    if as_json:
        _echo_json({"id": cid, "character": sheet})
        return
    typer.echo(f"{sheet.get('name') or cid}")
    for label, value, takes in rows:
        typer.echo(f"  {label}: {value if value not in (None, '') else '-'}    ({takes})")


def build_app() -> typer.Typer:
    app = typer.Typer(help="Characters: create and edit them within the rules' bounds.", no_args_is_help=True)
    app.command("add")(add_command)
    app.command("edit")(edit_command)
    app.command("show")(show_command)
    return app


def register(app: typer.Typer) -> None:
    app.add_typer(build_app(), name="character")
