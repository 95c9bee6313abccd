"""The character sheet in the sidebar: stats, meters as bars, impacts, and the system's own groups
(Blades crew, the city's heat/beliefs/schemes, Dungeon World HP/armor/initiative). Whatever else the
system's sheet carries is listed generically, so a new system shows up without code here."""

from __future__ import annotations

import json
import re
from html import escape
from typing import Any

import streamlit as st

from assistant.chat.field_names import heading, label
from assistant.chat.sheet_view import impacts_label
from assistant.engine import AssistantError, get_ruleset
from assistant.engine.sheet import Sheet
from assistant.ui.components.clocks import clock_svg, render_clock
from assistant.ui.components.tracks import render_legacy, render_track

#: Named groups drawn under their own heading when the sheet has those fields (in this order).
GROUPS: dict[str, tuple[str, ...]] = {
    "Crew": ("crew_name", "tier", "hold", "rep", "crew_coin", "vaults", "heat", "wanted_level", "at_war"),
    "City": ("heat", "beliefs", "schemes", "district", "faction"),
    "Combat": ("hp", "max_hp", "armor", "initiative", "damage", "position"),
}
#: Which group each system shows (others fall back to whatever matches).
SYSTEM_GROUPS: dict[str, tuple[str, ...]] = {
    "blades": ("Crew",),
    "city": ("City",),
    "dungeon-world": ("Combat",),
    "starforged": ("Combat",),
    "elegy": ("Combat",),
}
#: Groups drawn above the other meters (Dungeon World's HP and armor matter most).
LEAD_GROUPS = frozenset({"Combat"})
#: Meters that are modifiers rather than resources: listed in one line when not zero, never as bars.
MODIFIER_WORDS = ("bonus", "penalty", "forward", "ongoing", "hold", "next_move_add")
HIDDEN = frozenset({"id", "name", "stats", "impacts", "legacy"})


def meter_fraction(value: int, low: int, high: int) -> float:
    """Where ``value`` sits between ``low`` and ``high`` (0.0-1.0), for a progress bar."""
    if high <= low:
        return 0.0
    return max(0.0, min(1.0, (value - low) / (high - low)))


def format_value(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(format_value(v) for v in value) or "—"
    if isinstance(value, dict):
        if {"segments", "filled"} <= set(value):
            return f"{value['filled']}/{value['segments']}"
        return ", ".join(f"{label(str(k))} {format_value(v)}" for k, v in value.items() if v not in ("", None, [], {}))
    if isinstance(value, str) and _ID.fullmatch(value):  # a value the rules name by an id: "bad_spot" is "bad spot"
        return value.replace("_", " ")
    return str(value)


_ID = re.compile(r"[a-z]+(?:_[a-z]+)+")


def stats_html(stats: dict[str, int]) -> str:
    chips = [
        f'<span style="display:inline-block;border:1px solid #d8dee9;border-radius:6px;padding:0 6px;margin:2px">'
        f"{escape(heading(name))} <b>{escape(str(value))}</b></span>"
        for name, value in stats.items()
    ]
    return "".join(chips)


def group_fields(system: str, character: dict[str, Any]) -> dict[str, list[str]]:
    """Group heading -> the character's fields shown under it."""
    out: dict[str, list[str]] = {}
    taken: set[str] = set()
    for group in SYSTEM_GROUPS.get(system, tuple(GROUPS)):
        present = [f for f in GROUPS[group] if character.get(f) not in (None, "") and f not in taken]
        if present:
            out[group] = present
            taken.update(present)
    return out


def meter_max(name: str, character: dict[str, Any], high: int, system: str = "") -> int:
    """The meter's top: the character's own ``max_<name>`` when it has one (Dungeon World HP), else what the system
    says for this sheet (Blades' crew coin holds 4 without a vault), else the sheet's."""
    own = character.get(f"max_{name}")
    if isinstance(own, int) and not isinstance(own, bool) and own > 0:
        return own
    top = _system_max(system, character, name) if system else None
    return top if top is not None else high


def _system_max(system: str, character: dict[str, Any], name: str) -> int | None:
    try:
        return get_ruleset(system).sheet_meter_max(character, name)
    except AssistantError:  # an unknown system: the sheet's own maximum
        return None


def item_text(item: Any) -> str:
    """One entry of a list field (a belief, a scheme, a harm...) as a short line."""
    if not isinstance(item, dict):
        return str(item)
    head = item.get("text") or item.get("name") or item.get("title") or item.get("type") or ""
    rest = []
    for key, value in item.items():
        if key in ("text", "name", "title", "type") or value in ("", None, [], {}, False):
            continue
        rest.append(label(key) if value is True else f"{label(key)} {format_value(value)}")
    if head:
        return f"{head} ({', '.join(rest)})" if rest else str(head)
    # an unnamed faction with a complication read "complications indebted": its parts named, and that it has no name
    named = [f"{label(k)}: {format_value(v)}" for k, v in item.items() if k not in ("text", "name", "title", "type")
             and v not in ("", None, [], {}, False)]  # fmt: skip
    return f"no name yet — {'; '.join(named)}" if named else ""


def is_modifier(name: str, low: int, high: int) -> bool:
    return high <= 0 or any(word in name for word in MODIFIER_WORDS)


def render_meter(name: str, value: Any, low: int, high: int) -> None:
    if not isinstance(value, int):
        st.markdown(f"{escape(heading(name))}: **{escape(format_value(value))}**")
        return
    st.progress(meter_fraction(value, low, high), text=meter_text(name, value, low, high))


def meter_text(name: str, value: int, low: int, high: int) -> str:
    """``Health: 3 / 5``; a meter that goes below zero (momentum) shows its sign and its whole range."""
    if low < 0:
        return f"{heading(name)}: {value:+d} (from {low} to {high:+d})"
    return f"{heading(name)}: {value} / {high}"


def is_clock(value: Any) -> bool:
    """A clock kept on the sheet (Blades' healing clock), or a list of them (long-term projects)."""
    if isinstance(value, dict):
        return {"segments", "filled"} <= set(value)
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) and is_clock(v) for v in value)


def shown_clock(value: Any) -> bool:
    """A clock the sheet shows in sight: a project list, or a clock with something filled (an empty healing clock
    waits under "More")."""
    return is_clock(value) and (isinstance(value, list) or int(value.get("filled", 0) or 0) > 0)


def render_field(name: str, value: Any) -> None:
    """A non-meter field: clocks as circles, tracks as boxes, lists as bullets, the rest as text."""
    if isinstance(value, dict) and {"segments", "filled"} <= set(value):
        st.markdown(
            f"{escape(heading(name))}  \n{clock_svg(int(value['segments']), int(value['filled']), size=48, title=name)}",
            unsafe_allow_html=True,
        )
        return
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        if all("ticks" in v for v in value):
            st.markdown(f"**{escape(heading(name))}**")
            for track in value:
                render_track({"kind": label(name), **track})
            return
        if all({"segments", "filled"} <= set(v) for v in value):
            st.markdown(f"**{escape(heading(name))}**")
            for clock in value:
                render_clock(clock)
            return
    if isinstance(value, list):
        lines = [item_text(v) for v in value if item_text(v)]
        if lines:
            st.markdown(f"{escape(heading(name))}:\n" + "\n".join(f"- {escape(line)}" for line in lines))
        return
    if isinstance(value, dict) and ({"text", "name", "title", "type"} & set(value)):  # Blades' vice: its type first
        if item_text(value):  # an unnamed faction drew as "Faction: ****" (an empty bold)
            st.markdown(f"{escape(heading(name))}: **{escape(item_text(value))}**")
        return
    if format_value(value):
        st.markdown(f"{escape(heading(name))}: **{escape(format_value(value))}**")


def render_sheet(system: str, character: dict[str, Any], sheet: Sheet | None) -> None:
    meters = sheet.meters if sheet else {}
    st.markdown(f"#### {escape(str(character.get('name') or 'Your character'))}")  # a name, never the store's id
    stats = character.get("stats") or {}
    if stats:
        st.markdown(stats_html(stats), unsafe_allow_html=True)
    groups = group_fields(system, character)
    grouped = {f for fields in groups.values() for f in fields}
    maxed = {f"max_{name}" for name in meters if f"max_{name}" in character}

    def draw_group(group: str, fields: list[str]) -> None:
        st.markdown(f"**{group}**")
        for name in fields:
            spec = meters.get(name)
            if spec is not None:
                render_meter(name, character.get(name, spec.default), spec.min, meter_max(name, character, spec.max, system))
            elif name not in maxed:
                render_field(name, character[name])

    for group in [g for g in groups if g in LEAD_GROUPS]:
        draw_group(group, groups[group])
    modifiers = []
    for name, spec in meters.items():
        if name in grouped:
            continue
        value = character.get(name, spec.default)
        if is_modifier(name, spec.min, spec.max):
            if value:
                modifiers.append(f"{heading(name)} {value:+d}" if isinstance(value, int) else f"{heading(name)} {value}")
            continue
        render_meter(name, value, spec.min, meter_max(name, character, spec.max, system))
    if modifiers:
        st.markdown("**Modifiers:** " + escape(", ".join(modifiers)))
    impacts = character.get("impacts") or []
    if sheet is None or sheet.impacts or impacts:
        # the sheet's own word for them, as the chat's /sheet and the sheet editor say it ("Conditions and debilities")
        named = impacts_label(system) if sheet is not None else "Impacts"
        st.markdown(f"**{named}:** " + (", ".join(label(i) for i in impacts) if impacts else "none"))
    for group in [g for g in groups if g not in LEAD_GROUPS]:
        draw_group(group, groups[group])
    if isinstance(character.get("legacy"), dict):
        with st.expander("Legacy tracks"):
            render_legacy(character["legacy"])
    extra = {
        k: v
        for k, v in character.items()
        if k not in HIDDEN
        and k not in meters
        and k not in grouped
        and k not in maxed
        and v not in (None, "", [], {})
        and format_value(v)
    }
    for name in [n for n, v in extra.items() if shown_clock(v)]:  # a project's clock in sight, not under "More"
        render_field(name, extra.pop(name))
    if extra:
        with st.expander("More"):
            for name, value in extra.items():
                render_field(name, value)


def render_slots(slots: dict[str, dict[str, Any]]) -> None:
    """Campaign slots (crew, factions, combatants...) as key: value lists."""
    for slot, items in slots.items():
        if not items:
            continue
        st.markdown(f"**{escape(label(slot).title())}**")
        for key, value in items.items():
            text = format_value(value) if not isinstance(value, (dict, list)) else json.dumps(value, ensure_ascii=False)
            st.markdown(f"- {escape(heading(key))}: {escape(text)}")
