"""``assistant resolve`` (the engine's JSON contract), ``assistant odds``, ``assistant moves``, ``assistant roll``."""

from __future__ import annotations

import json
import logging
import random
import sys
from pathlib import Path
from typing import Any

import typer

from assistant.engine import AssistantError, InputError, available_systems, get_ruleset, resolve
from assistant.engine.model import Request
from assistant.engine.probability import odds_for_request
from assistant.inputs import batch_lines, printable, read_user_bytes

log = logging.getLogger(__name__)
#: Bytes of one request read from stdin or --request.
MAX_REQUEST_BYTES = 8_000_000


def _print_json(data: Any, pretty: bool) -> None:
    typer.echo(printable(json.dumps(data, ensure_ascii=False, indent=2 if pretty else None)))


def _error_payload(exc: AssistantError) -> dict[str, Any]:
    return {"error": exc.to_dict()}


def _read_request_text(request_file: Path | None) -> bytes:
    """The request's raw bytes (decoded and checked by the engine's door, :meth:`Request.decode`)."""
    if request_file is not None:
        return read_user_bytes(request_file, "JSON request", MAX_REQUEST_BYTES)
    if sys.stdin is None or sys.stdin.isatty():
        raise InputError("Give a request on stdin, or with --request FILE (or --batch FILE.jsonl).")
    data = sys.stdin.buffer.read(MAX_REQUEST_BYTES + 1)
    if len(data) > MAX_REQUEST_BYTES:
        raise InputError(f"The request is larger than {MAX_REQUEST_BYTES // 1_000_000} MB.")
    return data


def _internal_error() -> dict[str, Any]:
    log.exception("unexpected error resolving a request")
    message = "Something went wrong on our side with this request; nothing was changed. Please report it."
    return {"error": {"type": "internal", "message": message}}


def resolve_one(data: Any, rng: random.Random | None, campaign: str | None = None) -> dict[str, Any]:
    """Resolve one request (JSON text or decoded); with ``campaign`` the result is appended to that campaign."""
    if campaign is not None:
        from assistant.store.service import resolve_in_campaign  # the campaign store

        return resolve_in_campaign(campaign, data, rng=rng).to_dict()
    return resolve(Request.parse(data), rng=rng).to_dict()


def resolve_command(
    request_file: Path | None = typer.Option(None, "--request", "-r", help="Read the JSON request from FILE."),
    batch: Path | None = typer.Option(None, "--batch", "-b", help="Resolve every line of FILE.jsonl."),
    seed: int | None = typer.Option(None, "--seed", help="Seed the dice (forced 'dice' in a request win)."),
    campaign: str | None = typer.Option(None, "--campaign", "-c", help="Append the resolution to this campaign."),
    pretty: bool = typer.Option(False, "--pretty", help="Indent the JSON."),
) -> None:
    """Resolve one JSON request (stdin or --request) or a JSONL batch; print JSON results."""
    rng = random.Random(seed) if seed is not None else None
    if batch is not None:
        failures = 0
        try:
            data = read_user_bytes(batch, "JSONL batch")
        except AssistantError as exc:
            _print_json(_error_payload(exc), pretty)
            raise typer.Exit(2) from None
        for line in batch_lines(data):  # one bad line is one error line; the batch goes on
            try:
                if line.error is not None:
                    raise line.error
                out = resolve_one(line.value, rng, campaign)
            except AssistantError as exc:
                failures += 1
                out = _error_payload(exc)
            except Exception:  # noqa: BLE001 - a bug must not stop the lines after it
                failures += 1
                out = _internal_error()
            _print_json(out, pretty)
        raise typer.Exit(1 if failures else 0)
    try:
        _print_json(resolve_one(_read_request_text(request_file), rng, campaign), pretty)
    except AssistantError as exc:
        _print_json(_error_payload(exc), pretty)
        raise typer.Exit(1) from None


def odds_command(
    request_file: Path | None = typer.Option(None, "--request", "-r", help="Read the JSON request from FILE."),
    pretty: bool = typer.Option(False, "--pretty"),
) -> None:
    """Print the exact odds of a request's roll (computed by enumeration; 'dice' is ignored)."""
    try:
        table = odds_for_request(Request.parse(_read_request_text(request_file)))
        _print_json(table.to_dict(), pretty)
    except AssistantError as exc:
        _print_json(_error_payload(exc), pretty)
        raise typer.Exit(1) from None


def moves_command(
    system: str = typer.Option("starforged", "--system", "-s"),
    as_json: bool = typer.Option(False, "--json"),
) -> None:
    """List a system's moves (and tables)."""
    try:
        ruleset = get_ruleset(system)
    except AssistantError as exc:
        typer.echo(f"error: {exc.message}", err=True)
        raise typer.Exit(1) from None
    if as_json:
        _print_json(
            {
                "system": ruleset.system_id,
                "moves": [
                    {"id": m.id, "name": m.name, "category": m.category, "trigger": m.trigger, "roll": m.roll.type}
                    for m in ruleset.moves
                ],
                "tables": [{"id": t.id, "name": t.name} for t in ruleset.tables.values()],
            },
            False,
        )
        return
    for move in ruleset.moves:
        typer.echo(f"{move.category:15} {move.name:40} {move.roll.type}")
    for table in ruleset.tables.values():
        typer.echo(f"{'table':15} table:{table.id}")


def roll_command(expression: str, seed: int | None = typer.Option(None, "--seed")) -> None:
    """Roll free dice notation: 2d6+1, 3d6kh2, 1d10-1, 4d6ro1."""
    from assistant.engine.notation import roll_notation

    try:
        result = roll_notation(expression, rng=random.Random(seed) if seed is not None else None)
    except AssistantError as exc:
        typer.echo(f"error: {exc.message}", err=True)
        raise typer.Exit(1) from None
    typer.echo(result.detail)


def systems_command() -> None:
    """List the rule systems."""
    for system in available_systems():
        typer.echo(f"{system:15} {get_ruleset(system).title}")


def register(app: typer.Typer) -> None:
    app.command("resolve")(resolve_command)
    app.command("odds")(odds_command)
    app.command("moves")(moves_command)
    app.command("roll")(roll_command)
    app.command("systems")(systems_command)
