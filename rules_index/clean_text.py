"""Recovering sections from plain text that has no headings (Dungeon World, homebrew ``.txt``).

A line becomes a heading when it *names* a section:

- a move card: a short title followed by a "Standard Move" / "Interrupt Move" line, or a title ending in
  a "(... Move)" / "(... Spell)" tag, e.g. ``Hack&Slash (Basic Combat Move)`` -> move "Hack & Slash";
- a topic line: short, Title Case, no sentence punctuation (``Damage Mitigation``, ``Combat Walkthrough 1:``);
- a known lead-in sentence whose heading the source lost (``Bonuses are added ...`` -> "Bonuses").

A move card ends at its "Note:" line; text after it returns to the enclosing topic.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Line:
    """One cleaned line. ``level`` > 0 makes it a heading (``text`` is then the title)."""

    number: int
    text: str
    level: int = 0
    move: bool = False


#: Headings the Dungeon World text lost, recovered from the sentence that opens each section.
DUNGEON_WORLD_LEAD_INS: dict[str, str] = {
    "A few classes can gain spells": "Spells",
    "Bonuses are added to your dice rolls": "Bonuses",
    "Penalties are subtracted from your dice rolls": "Penalties",
    "Hold is a floating inventory": "Hold",
}

_MOVE_TYPES = {"standard move", "interrupt move"}
_TAGGED_TITLE = re.compile(
    r"^(?P<title>[A-Z][^()\[\]]{1,60}?)\s*(?:\[(?P<bracket>[^\]]+)\])?\s*\((?P<tag>[^)]*\b(?:Move|Spell))\)$"
)
_SMALL_WORDS = {"a", "an", "and", "the", "of", "into", "to", "from", "for", "in", "on", "or", "per", "with", "vs"}
_BULLET_MARKS = ("✴", "•", "●", "▪", "◦")


def normalize_title(title: str) -> str:
    """Tidy a recovered title: spaces around '&', no trailing colon."""
    title = re.sub(r"\s*&\s*", " & ", title.strip())
    return title.rstrip(":").strip()


def is_topic_heading(text: str) -> bool:
    """A short Title Case line without sentence punctuation (a trailing colon is allowed)."""
    text = text.strip()
    if not text or len(text) > 70 or text[-1] in ".!?,;":
        return False
    core = text[:-1] if text.endswith(":") else text
    words = core.split()
    if not 1 <= len(words) <= 7 or not words[0][:1].isupper():
        return False
    if any(ch.isdigit() for ch in core) and not text.endswith(":"):
        return False
    if ":" in core or "," in core or "+" in core:
        return False
    for word in words[1:]:
        letters = word.strip("()[]'\"’")
        if letters.lower() in _SMALL_WORDS or not letters[:1].isalpha():
            continue
        if not letters[:1].isupper():
            return False
    return True


def move_title(text: str, next_text: str) -> tuple[str, str | None, bool] | None:
    """If ``text`` names a move card or spell, return (title, tag text, is_move)."""
    tagged = _TAGGED_TITLE.match(text.strip())
    if tagged:
        tag = tagged.group("tag")
        info = ", ".join(x for x in (tagged.group("bracket"), tag) if x)
        title = normalize_title(tagged.group("title"))
        starting = re.match(r"^(\w+) Starting Move$", tag)
        if starting:  # class variants of one move: "Cast a Spell (Wizard)", "Cast a Spell (Cleric)"
            title = f"{title} ({starting.group(1)})"
        return title, info, not tag.endswith("Spell")
    if next_text.strip().lower() in _MOVE_TYPES and is_topic_heading(text):
        return normalize_title(text), None, True
    return None


def recover_sections(raw_lines: list[str], lead_ins: dict[str, str] | None = None) -> list[Line]:
    """Turn headingless text into ``Line``s with recovered level-2 headings (moves flagged)."""
    lead_ins = lead_ins or {}
    out: list[Line] = []
    topic: str | None = None
    in_card = False
    resume_topic = False
    stripped = [raw.strip() for raw in raw_lines]
    for idx, text in enumerate(stripped):
        number = idx + 1
        if not text:
            out.append(Line(number, ""))
            continue
        following = next((t for t in stripped[idx + 1 :] if t), "")
        card = move_title(text, following)
        if card is not None:
            title, info, is_move = card
            out.append(Line(number, title, level=2, move=is_move))
            if info:
                out.append(Line(number, info))
            in_card, resume_topic = True, False
            continue
        lead = next((title for prefix, title in lead_ins.items() if text.startswith(prefix)), None)
        if lead is None and is_topic_heading(text) and text.lower() not in _MOVE_TYPES:
            topic = normalize_title(text)
            out.append(Line(number, topic, level=2))
            in_card = resume_topic = False
            continue
        if lead is not None:
            topic = lead
            out.append(Line(number, lead, level=2))
            in_card = resume_topic = False
        elif resume_topic and topic:
            out.append(Line(number, topic, level=2))
            resume_topic = False
        if text.startswith(_BULLET_MARKS):
            text = "- " + text[1:].lstrip()
        out.append(Line(number, re.sub(r"\s+", " ", text)))
        if in_card and text.startswith("Note:"):
            in_card, resume_topic = False, True
    return out
