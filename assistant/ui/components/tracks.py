"""Progress tracks drawn as ten boxes of four ticks each (inline SVG)."""

from __future__ import annotations

from html import escape
from typing import Any

import streamlit as st

from assistant.chat.track_finder import KIND_WORDS

BOXES = 10
TICKS_PER_BOX = 4
BOX = 22
GAP = 3
INK = "#3b4252"


def _tick_lines(x: float, y: float, ticks: int) -> list[str]:
    """The marks of one box with 1-4 ticks: /, then X, then X with a bar, then X with a cross."""
    s, pad = BOX, 4
    lines = [
        (x + pad, y + s - pad, x + s - pad, y + pad),  # /
        (x + pad, y + pad, x + s - pad, y + s - pad),  # \
        (x + pad, y + s / 2, x + s - pad, y + s / 2),  # -
        (x + s / 2, y + pad, x + s / 2, y + s - pad),
    ]  # |
    return [
        f'<line x1="{a:.1f}" y1="{b:.1f}" x2="{c:.1f}" y2="{d:.1f}" stroke="{INK}" stroke-width="2" stroke-linecap="round"/>'
        for a, b, c, d in lines[:ticks]
    ]


def track_svg(ticks: int, *, title: str = "") -> str:
    """Ten boxes with ``ticks`` (0-40) marked, four per box."""
    ticks = max(0, min(int(ticks), BOXES * TICKS_PER_BOX))
    width = BOXES * (BOX + GAP) + GAP
    height = BOX + 2 * GAP
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="100%" style="max-width:{width}px" viewBox="0 0 {width} {height}" '
        f'role="img" aria-label="{escape(title or "progress")}: {ticks // TICKS_PER_BOX} of {BOXES} boxes">'
    ]
    for box in range(BOXES):
        x, y = GAP + box * (BOX + GAP), GAP
        in_box = max(0, min(TICKS_PER_BOX, ticks - box * TICKS_PER_BOX))
        fill = "#e5e9f0" if in_box == TICKS_PER_BOX else "#ffffff"
        parts.append(
            f'<rect class="box" x="{x}" y="{y}" width="{BOX}" height="{BOX}" rx="3" fill="{fill}" '
            f'stroke="{INK}" stroke-width="1.2"/>'
        )
        parts.extend(_tick_lines(x, y, in_box))
    parts.append("</svg>")
    return "".join(parts)


def track_caption(track: dict[str, Any]) -> str:
    ticks = int(track.get("ticks", 0))
    boxes, rest = divmod(ticks, TICKS_PER_BOX)
    bits = [
        str(track.get("rank", "")).replace("_", " "),
        KIND_WORDS.get(str(track.get("kind", "")), str(track.get("kind", ""))),  # "fight", never the id "combat"
        f"{boxes} box{'es' if boxes != 1 else ''}" + (f" + {rest} tick{'s' if rest != 1 else ''}" if rest else ""),
    ]
    if track.get("status"):
        bits.append(str(track["status"]))
    return " · ".join(b for b in bits if b)


def render_track(track: dict[str, Any]) -> None:
    name = str(track.get("name") or "Track")
    st.markdown(f"**{escape(name)}**  \n{track_svg(int(track.get('ticks', 0)), title=name)}", unsafe_allow_html=True)
    st.caption(track_caption(track))


def render_legacy(legacy: dict[str, Any]) -> None:
    """Starforged legacy tracks (quests, bonds, discoveries): ticks on the current pass, and passes cleared."""
    for name, track in legacy.items():
        if not isinstance(track, dict):
            continue
        cleared = int(track.get("cleared", 0))
        label = f"{name.title()}" + (f" (cleared {cleared}×)" if cleared else "")
        st.markdown(f"{escape(label)}  \n{track_svg(int(track.get('ticks', 0)), title=name)}", unsafe_allow_html=True)
