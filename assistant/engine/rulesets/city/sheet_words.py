"""The city sheet beyond its stats and meters, in the player's words: what ``/sheet`` lists under them (where you
are and the neighborhoods you are connected to, beliefs, secrets, ties, schemes with their Productivity, the
Magistrate's Demands, the faction, what is pending). Nothing here changes a sheet."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from assistant.engine.rulesets.city.session_rules import ONCE_PER_SESSION


def _entry(item: Any, key: str, marks: tuple[str, ...]) -> str:
    if not isinstance(item, Mapping):
        return str(item)
    said = [m.replace("_", " ") for m in marks if item.get(m) is True]
    return str(item.get(key, "")) + (f" ({', '.join(said)})" if said else "")


def _list(label: str, items: list[str]) -> str:
    return f"{label}: " + ("; ".join(items) if items else "none")


def sheet_lines(character: Mapping[str, Any]) -> list[str]:
    """Lines for every field the engine keeps on a city sheet, besides the stats and meters."""
    lines: list[str] = []
    here = str(character.get("neighborhood") or "") or "not set"
    connected = [str(c) for c in character.get("connections") or []]
    lines.append(f"Neighborhood: {here}" + (f" · connected to {', '.join(connected)}" if connected else ""))
    histories = [_entry(h, "neighborhood", ("marked",)) for h in character.get("histories") or []]
    if histories:
        lines.append(_list("Histories", histories))
    lines.append(_list("Beliefs", [_entry(b, "text", ("marked", "proven_wrong")) for b in character.get("beliefs") or []]))
    if character.get("leaning_on"):
        lines.append(f"Your next roll leans on the belief “{character['leaning_on']}” (advantage)")
    lines.append(_list("Secrets", [_entry(s, "text", ("marked",)) for s in character.get("secrets") or []]))
    insights = character.get("insights") or {}
    ties = [
        str(t) + (f" (insight: {insights[t]})" if isinstance(insights, Mapping) and insights.get(t) else "")
        for t in character.get("ties") or []
    ]
    lines.append(_list("Ties", ties))
    schemes = [
        f"{s.get('name')} (Productivity {int(s.get('productivity', 0)):+d})" if isinstance(s, Mapping) else str(s)
        for s in character.get("schemes") or []
    ]
    lines.append(_list("Schemes", schemes))
    demands = [_entry(d, "text", ("met",)) for d in character.get("demands") or []]
    retire = int(character.get("demands_to_retire") or 0)
    met = sum(1 for d in character.get("demands") or [] if isinstance(d, Mapping) and d.get("met"))
    tail = f" · {met} of {retire} met before you retire" if retire else ""
    lines.append(_list("Demands", demands) + tail)
    faction = character.get("faction") or {}
    if isinstance(faction, Mapping) and any(faction.get(k) for k in ("name", "aspects", "complications", "neighborhoods")):
        parts = [str(faction.get("name") or "unnamed")]
        for key, said in (("aspects", "aspects"), ("complications", "complications"), ("neighborhoods", "controls")):
            if faction.get(key):
                parts.append(f"{said}: {', '.join(str(x) for x in faction[key])}")
        lines.append("Faction: " + " · ".join(parts))
    forward = [f for f in character.get("forward") or [] if isinstance(f, Mapping)]
    if forward:
        lines.append(
            "Pending: " + "; ".join(f"{int(f.get('add', 0)):+d} forward ({f.get('reason') or 'next roll'})" for f in forward)
        )
    used = [ONCE_PER_SESSION.get(str(u), str(u).replace("_", " ")) for u in character.get("session_used") or []]
    if used:
        lines.append("Used this session (once per session): " + ", ".join(used))
    if int(character.get("advances") or 0):
        lines.append(f"Advances: {int(character['advances'])}")
    return lines
