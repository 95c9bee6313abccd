"""``assistant campaign new|list|show|export|import|undo|replay``.

Errors print one line (``error: ...`` on stderr, or ``{"error": {"type", "message"}}`` on stdout
with ``--json``) and exit 1; never a traceback.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import typer

from assistant.errors import AssistantError, InputError
from assistant.inputs import read_user_file
from assistant.store import service
from assistant.store.state import CampaignState

JSON_OPT = typer.Option(False, "--json", help="Print JSON.")


def _echo_json(data: Any) -> None:
    typer.echo(json.dumps(data, ensure_ascii=False, indent=2))


def _run(as_json: bool, fn: Callable[[], Any]) -> Any:
    try:
        return fn()
    except AssistantError as exc:
        error = exc
    except OSError as exc:
        error = InputError(f"{exc.strerror or exc}{': ' + str(exc.filename) if exc.filename else ''}.")
    except Exception as exc:  # noqa: BLE001 - a CLI never shows a traceback
        error = AssistantError(f"unexpected failure: {type(exc).__name__}: {exc}")
    if as_json:
        _echo_json({"error": error.to_dict()})
    else:
        typer.echo(f"error: {error.message}", err=True)
    raise typer.Exit(1)


def state_json(state: CampaignState, events: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The ``campaign show --json`` document."""
    data: dict[str, Any] = {
        "name": state.name,
        "system": state.system,
        "seed": state.seed,
        "last_seq": state.last_seq,
        "active_character": state.active_character,
        "characters": [{**ch, "id": cid, "active": cid == state.active_character} for cid, ch in state.characters.items()],
        "tracks": [{"id": tid, **t} for tid, t in state.tracks.items()],
        "clocks": [{"id": cid, **c} for cid, c in state.clocks.items()],
        "slots": state.slots,
        "moves": state.moves,
        "transcript": [e.model_dump(mode="json") for e in state.transcript],
    }
    if events is not None:
        data["events"] = events
    return data


def new_command(
    name: str = typer.Argument(..., help="The campaign's name."),
    system: str = typer.Option("starforged", "--system", "-s", help="Rule system (see `assistant systems`)."),
    character: Path | None = typer.Option(
        None, "--character", help="Starting character as a JSON or YAML file (checked as a new character of the system)."
    ),
    seed: int | None = typer.Option(None, "--seed", help="Seed of the campaign's dice (default: random)."),
    as_json: bool = JSON_OPT,
) -> None:
    """Create a campaign with a starting character (the system's defaults, or --character FILE)."""

    def go() -> CampaignState:
        from assistant.store.characters import new_campaign, read_character_file

        sheet = read_character_file(character) if character is not None else None
        return new_campaign(name, system, sheet, seed)

    state = _run(as_json, go)
    if as_json:
        _echo_json(state_json(state))
    else:
        typer.echo(
            f"created campaign {state.name!r} ({state.system}, seed {state.seed}) with character {state.active_character!r}"
        )


def list_command(as_json: bool = JSON_OPT) -> None:
    """List the campaigns: the game, who plays (and who else is in it), when it was last played."""

    def go() -> list[dict[str, Any]]:
        from assistant.store.shown_log import campaign_summary

        store = service.get_store()
        return [{**i.model_dump(), **campaign_summary(i, store)} for i in store.list_campaigns()]

    rows = _run(as_json, go)
    if as_json:
        _echo_json(rows)
        return
    if not rows:
        typer.echo("no campaigns yet: `assistant campaign new NAME --system starforged`")
    for row in rows:
        who = ", ".join(row["characters"]) or "no character yet"
        typer.echo(f"{row['name']} — {row['game']}, played by {who}; last played {row['last_played']}")


def show_command(
    name: str, as_json: bool = JSON_OPT, tail: int = typer.Option(20, "--tail", help="Transcript lines to show.")
) -> None:
    """Show a campaign: characters, tracks, clocks and the latest of what was played (--json: everything)."""
    from assistant.store.shown_log import played_lines

    def go() -> tuple[CampaignState, list[Any]]:
        return service.load_campaign(name), service.campaign_events(name)

    state, events = _run(as_json, go)
    lines = played_lines(events)
    if as_json:
        data = state_json(state, [e.to_dict() for e in events])
        data["played"] = [{"seq": x.seq, "role": x.role, "text": x.text, "undone": x.undone} for x in lines]
        _echo_json(data)
        return
    from assistant.engine.registry import game_title

    typer.echo(f"{state.name} — {game_title(state.system)}, seed {state.seed}, {state.last_seq} events, {state.moves} moves")
    for cid, ch in state.characters.items():
        stats = " ".join(f"{k}={v}" for k, v in (ch.get("stats") or {}).items())
        marker = "*" if cid == state.active_character else " "
        typer.echo(f" {marker} {ch.get('name') or cid} [{cid}] {stats}")
    for tid, t in state.tracks.items():
        typer.echo(f"   track {t.get('name') or tid}: {t.get('ticks', 0)} ticks ({t.get('rank')})")
    for cid, c in state.clocks.items():
        typer.echo(f"   clock {c.get('name') or cid}: {c.get('filled')}/{c.get('segments')}")
    for line in lines[-tail:] if tail > 0 else []:
        flag = " (undone)" if line.undone else ""
        typer.echo(f"  #{line.seq} {line.role}: {line.text.splitlines()[0] if line.text else ''}{flag}")


def export_command(
    name: str,
    fmt: str = typer.Option("markdown", "--format", "-f", help="markdown or ironvault."),
    output: Path | None = typer.Option(None, "--output", "-o", help="Write to FILE instead of stdout."),
) -> None:
    """Export the journal (narration plus mechanics) as Markdown or as an Iron Vault journal."""
    text = _run(False, lambda: service.export(name, fmt))
    if output is None:
        typer.echo(text, nl=False)
    else:
        _run(False, lambda: output.write_text(text, encoding="utf-8"))
        typer.echo(f"wrote {output}", err=True)


def import_command(
    path: Path = typer.Argument(..., help="A journal written by `assistant campaign export`."),
    name: str | None = typer.Option(None, "--name", help="Name of the new campaign (default: the exported one)."),
    as_json: bool = JSON_OPT,
) -> None:
    """Create a campaign from one of our journal exports (markdown or ironvault)."""
    created = _run(as_json, lambda: service.import_journal(read_user_file(path, "journal"), name))
    if as_json:
        _echo_json({"name": created})
    else:
        typer.echo(f"imported campaign {created!r}")


def undo_command(
    name: str,
    event: int | None = typer.Option(
        None, "--event", help="Only undo if the last change is still this one (the # shown by `campaign show`)."
    ),
    as_json: bool = JSON_OPT,
) -> None:
    """Undo the last change (appends a compensating event; history is kept)."""
    appended = _run(as_json, lambda: service.undo_events(name, expect=event))
    # a pick undone under the changes made since: those are undone first and made again, the pick's undo is the last
    stored = [s for s in appended if s.event.type == "undo"][-1]
    carried = any(s.event.type == "edits_carried" for s in appended)
    if as_json:
        _echo_json(stored.to_dict())
    else:
        ev: Any = stored.event
        kept = "; the changes made since it stand" if carried else ""
        typer.echo(f"undid event {ev.target_seq} ({ev.target_type}) as event {stored.seq}{kept}")


def replay_command(name: str, as_json: bool = JSON_OPT) -> None:
    """Re-resolve every move from the log and check the state is identical."""
    state = _run(as_json, lambda: service.replay(name))
    if as_json:
        _echo_json({"ok": True, "name": state.name, "events": state.last_seq, "moves": state.moves})
    else:
        typer.echo(f"ok: replayed {state.last_seq} events ({state.moves} moves in effect); identical state")


def build_app() -> typer.Typer:
    """The ``campaign`` sub-app."""
    campaign_app = typer.Typer(help="Campaigns: an append-only log of every move, chat and change.", no_args_is_help=True)
    campaign_app.command("new")(new_command)
    campaign_app.command("list")(list_command)
    campaign_app.command("show")(show_command)
    campaign_app.command("export")(export_command)
    campaign_app.command("import")(import_command)
    campaign_app.command("undo")(undo_command)
    campaign_app.command("replay")(replay_command)
    return campaign_app


def register(app: typer.Typer) -> None:
    app.add_typer(build_app(), name="campaign")
