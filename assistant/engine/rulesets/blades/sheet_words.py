"""The Blades sheet beyond its stats and meters, in the player's words: what ``/sheet`` lists under them (harm and
the healing clock, xp, long-term projects as clocks, this downtime's activities, vice, the crew's claims and
factions). Nothing here changes a sheet."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

XP_TRACKS = ("insight", "prowess", "resolve", "playbook")


def _clock(value: Any) -> str:
    if not isinstance(value, Mapping):
        return ""
    return f"{int(value.get('filled', 0))}/{int(value.get('segments', 0))}"


def _status(value: int) -> str:
    return f"{value:+d}" if value else "0"


def sheet_lines(character: Mapping[str, Any]) -> list[str]:
    """Lines for every field the engine keeps on a Blades sheet, besides the action ratings and meters."""
    lines: list[str] = []
    who = [str(character.get("playbook") or "")]
    vice = character.get("vice") or {}
    if isinstance(vice, Mapping) and vice.get("type"):
        purveyor = f" ({vice['purveyor']})" if vice.get("purveyor") else ""
        who.append(f"vice {vice['type']}{purveyor}")
    if any(who):
        lines.append("Playbook: " + (" · ".join(w for w in who if w) if who[0] else "not set · " + " · ".join(who[1:])))
    harm = [h for h in character.get("harm") or [] if isinstance(h, Mapping)]
    # the sheet's own order, so /remove harm 1 removes the first one shown
    shown = "; ".join(f"{h.get('name') or 'harm'} (level {h.get('level')})" for h in harm)
    lines.append(f"Harm: {shown or 'none'} · healing clock {_clock(character.get('healing_clock')) or '0/4'}")
    xp = character.get("xp") or {}
    if isinstance(xp, Mapping):
        lines.append("XP: " + ", ".join(f"{track} {int(xp.get(track, 0))}" for track in XP_TRACKS))
    for project in character.get("projects") or []:
        if isinstance(project, Mapping):
            done = " — complete" if int(project.get("filled", 0)) >= int(project.get("segments", 1)) else ""
            lines.append(f"Project clock: {project.get('name')} {_clock(project)}{done}")
    taken = int(character.get("downtime_activities") or 0)
    free = 1 if character.get("at_war") else 2
    if taken:
        more = "; each more costs 1 coin or 1 rep" if taken >= free else ""
        lines.append(f"This downtime: {taken} activit{'y' if taken == 1 else 'ies'} taken ({free} free{more})")
    trained = [str(t) for t in character.get("trained") or []]
    if trained:
        lines.append("Trained this downtime: " + ", ".join(trained) + " (each track once per downtime)")
    crew = [str(character.get("crew_name") or "")]
    crew.append(f"hold {character.get('hold') or 'strong'}")
    if int(character.get("vaults") or 0):
        crew.append(f"{int(character['vaults'])} vault{'s' if int(character['vaults']) > 1 else ''}")
    if character.get("at_war"):
        crew.append("at war")
    lines.append("Crew: " + ", ".join(c for c in crew if c))
    claims = [str(c) for c in character.get("claims") or []]
    prison = [str(c) for c in character.get("prison_claims") or []]
    if claims or prison:
        lines.append("Claims: " + ", ".join(claims or ["none"]) + (f" · prison claims: {', '.join(prison)}" if prison else ""))
    factions = [f for f in character.get("factions") or [] if isinstance(f, Mapping)]
    if factions:
        lines.append(
            "Factions: "
            + "; ".join(f"{f.get('name')} (tier {f.get('tier', 0)}, status {_status(int(f.get('status', 0)))})" for f in factions)
        )
    return lines
