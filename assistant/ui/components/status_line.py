"""A one-line summary of the active character (meters, impacts, open tracks and clocks), drawn just above
the chat input on narrow screens, where the sidebar folds away: the player sees their
momentum or stress while choosing a move."""

from __future__ import annotations

from html import escape
from typing import Any

import streamlit as st

from assistant.engine.sheet import Sheet
from assistant.ui.components.sheet import heading, is_modifier, label

#: Shown only when the window is narrow (the sidebar then hides behind its toggle).
NARROW_CSS = """<style>
.narrow-status {display: none;}
@media (max-width: 740px) {
  .narrow-status {display: block; border: 1px solid #d8dee9; border-radius: 8px; padding: 4px 10px; margin: 4px 0;
    font-size: 0.9em;}
}
</style>"""
MAX_METERS = 8


def status_parts(
    character: dict[str, Any], sheet: Sheet | None, tracks: list[dict[str, Any]], clocks: list[dict[str, Any]]
) -> list[str]:
    """The summary's pieces, in sheet order: ``Momentum +3``, ``Health 5``, ``wounded``, ``Find the ship 3/10``..."""
    parts: list[str] = []
    meters = sheet.meters if sheet else {}
    for name, spec in list(meters.items()):
        if len(parts) >= MAX_METERS:
            break
        value = character.get(name, spec.default)
        if not isinstance(value, int) or isinstance(value, bool) or is_modifier(name, spec.min, spec.max):
            continue
        parts.append(f"{heading(name)} {value:+d}" if spec.min < 0 else f"{heading(name)} {value}")
    parts += [label(str(i)) for i in character.get("impacts") or []]
    for track in tracks:
        if track.get("status") in ("completed", "forsaken", "cleared", "lost", "abandoned"):
            continue
        parts.append(f"{track.get('name', 'track')} {int(track.get('ticks') or 0) // 4}/10")
    parts += [f"{c.get('name', 'clock')} {c.get('filled', 0)}/{c.get('segments', '?')}" for c in clocks]
    return parts


def render_status_line(
    character: dict[str, Any] | None, sheet: Sheet | None, tracks: list[dict[str, Any]], clocks: list[dict[str, Any]]
) -> None:
    if not character:
        return
    name = str(character.get("name") or "Your character")
    body = " · ".join(escape(p) for p in status_parts(character, sheet, tracks, clocks))
    st.markdown(NARROW_CSS + f'<div class="narrow-status"><b>{escape(name)}</b> · {body}</div>', unsafe_allow_html=True)
