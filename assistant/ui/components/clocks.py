"""Clocks drawn as segmented circles (inline SVG)."""

from __future__ import annotations

import math
from html import escape
from typing import Any

import streamlit as st

FILL = "#bf616a"
EMPTY = "#ffffff"
INK = "#3b4252"


def _point(cx: float, cy: float, r: float, fraction: float) -> tuple[float, float]:
    angle = 2 * math.pi * fraction - math.pi / 2  # start at twelve o'clock, clockwise
    return cx + r * math.cos(angle), cy + r * math.sin(angle)


def clock_svg(segments: int, filled: int, *, size: int = 72, title: str = "") -> str:
    """A circle cut into ``segments`` wedges, the first ``filled`` of them shaded."""
    segments = max(1, int(segments))
    filled = max(0, min(int(filled), segments))
    c = size / 2
    r = c - 3
    label = f"{escape(title or 'clock')}: {filled} of {segments}"
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" viewBox="0 0 {size} {size}" '
        f'role="img" aria-label="{label}">'
    ]
    for i in range(segments):
        x1, y1 = _point(c, c, r, i / segments)
        x2, y2 = _point(c, c, r, (i + 1) / segments)
        large = 1 if segments == 1 else 0
        color = FILL if i < filled else EMPTY
        if segments == 1:
            parts.append(f'<circle class="segment" cx="{c}" cy="{c}" r="{r}" fill="{color}" stroke="{INK}" stroke-width="1.5"/>')
            continue
        parts.append(
            f'<path class="segment" d="M{c:.1f},{c:.1f} L{x1:.1f},{y1:.1f} A{r:.1f},{r:.1f} 0 {large} 1 '
            f'{x2:.1f},{y2:.1f} Z" fill="{color}" stroke="{INK}" stroke-width="1.5"/>'
        )
    parts.append("</svg>")
    return "".join(parts)


def render_clock(clock: dict[str, Any]) -> None:
    name = str(clock.get("name") or "Clock")
    segments, filled = int(clock.get("segments", 4)), int(clock.get("filled", 0))
    st.markdown(f"{clock_svg(segments, filled, title=name)}  \n**{escape(name)}** {filled}/{segments}", unsafe_allow_html=True)
