"""``assistant suggest "text" --system S``: the fitting moves, best first, with stats and exact odds.

Nothing is rolled here: each suggestion shows the request to confirm with ``assistant resolve``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer

OUTCOME_LABELS = {"strong_hit": "strong hit", "weak_hit": "weak hit", "miss": "miss"}


def _format_odds(odds: dict[str, Any] | None) -> str:
    if not odds:
        return ""
    parts = [f"{OUTCOME_LABELS.get(k, k.replace('_', ' '))} {v:.1f}%" for k, v in odds["outcomes"].items()]
    if odds.get("match"):
        parts.append(f"match {odds['match']:.1f}%")
    return ", ".join(parts)


def format_suggestions(suggestions: list[Any]) -> str:
    if not suggestions:
        return "No move fits that text."
    lines = []
    for n, s in enumerate(suggestions, 1):
        stat = f" +{s.stat}" + (f" ({s.stat_value})" if s.stat_value is not None else "") if s.stat else ""
        lines.append(f"{n}. {s.move}{stat}    score {s.score:.3f}")
        lines.append(f"   why: {s.why}")
        if s.approach:
            lines.append(f"   approach: {s.approach}")
        if s.odds:
            lines.append(f"   odds: {_format_odds(s.odds)}")
        if s.burn_odds:
            meter = s.burn_odds.get("meter", "momentum")
            lines.append(f"   burning {meter} ({s.burn_odds.get('level')}) when it helps: {_format_odds(s.burn_odds)}")
        for alt in getattr(s, "alternatives", None) or []:
            value = f" ({alt['stat_value']})" if alt.get("stat_value") is not None else ""
            lines.append(f"   or +{alt['stat']}{value}: {_format_odds(alt['odds'])}")
        for note in s.notes:
            lines.append(f"   note: {note}")
        lines.append(f"   roll it: echo '{json.dumps(s.request)}' | assistant resolve")
    return "\n".join(lines)


def _load_character(path: Path | None) -> dict[str, Any] | None:
    if path is None:
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise typer.BadParameter(f"cannot read the character file {path}: {exc}") from None
    if not isinstance(data, dict):
        raise typer.BadParameter("the character file must hold a JSON object")
    return data.get("character", data) if isinstance(data.get("character"), dict) else data


def suggest_command(
    text: str = typer.Argument(..., help="What your character does, in your own words."),
    system: str = typer.Option(..., "--system", "-s", help="starforged, elegy, blades, city, dungeon-world"),
    k: int = typer.Option(3, "--k", "-k", min=1, max=20, help="How many moves to show."),
    as_json: bool = typer.Option(False, "--json", help="Print the suggestions as JSON."),
    character: Path | None = typer.Option(None, "--character", help="A character sheet (JSON) for the odds."),
    in_control: bool | None = typer.Option(None, "--in-control/--bad-spot", help="Your position in a fight."),
    scene_challenge: bool = typer.Option(False, "--scene-challenge", help="A scene challenge is under way."),
    downtime: bool = typer.Option(False, "--downtime", help="Blades: downtime (default: free play)."),
    in_combat: bool = typer.Option(False, "--in-combat", help="In a fight (position unknown)."),
    offline: bool = typer.Option(False, "--offline", help="Do not ask the configured LLM to re-rank."),
) -> None:
    """Suggest the moves that fit what your character does, with the exact odds before the roll."""
    from assistant.engine.errors import AssistantError
    from assistant.suggest import SuggestContext, suggest
    from assistant.suggest.catalog import canonical_system
    from assistant.suggest.core import Mode, Position

    system_id = canonical_system(system)
    mode: Mode | None = "downtime" if downtime else ("free_play" if system_id == "blades" else None)
    position: Position | None = None if in_control is None else ("in_control" if in_control else "bad_spot")
    context = SuggestContext(
        system=system_id,
        character=_load_character(character),
        position=position,
        scene_challenge=scene_challenge,
        mode=mode,
        in_combat=in_combat,
    )
    llm = None
    if not offline:
        from assistant.suggest.llm_rerank import llm_from_settings

        try:
            llm = llm_from_settings()
        except Exception:  # noqa: BLE001 - a broken LLM setup must not stop offline suggestions
            llm = None
    try:
        results = suggest(text, context, k=k, llm=llm)
    except AssistantError as exc:
        typer.echo(f"Error: {exc}", err=True)
        raise typer.Exit(2) from None
    if as_json:
        typer.echo(json.dumps([s.to_dict() for s in results], indent=2, ensure_ascii=False))
    else:
        typer.echo(format_suggestions(results))


def register(app: typer.Typer) -> None:
    app.command("suggest")(suggest_command)
