"""What ``/sheet``, ``/moves``, ``/tables``, ``/help`` and ``/clock`` (alone) show: the campaign's state in lines a
player reads, nothing changed."""

from __future__ import annotations

from typing import Any

from assistant.chat.characters import shown_name
from assistant.chat.field_names import heading, label
from assistant.chat.fitting import standing_position
from assistant.chat.help_text import system_help
from assistant.chat.sheet_text import field_line, list_lines
from assistant.engine import get_ruleset
from assistant.engine.character_edit import character_rules
from assistant.engine.tracks import kind_word
from assistant.store.state import CampaignState

#: Words naming a meter that only modifies rolls for a while: at 0 there is nothing to show on the sheet.
MODIFIER_WORDS = ("bonus", "penalty", "hold")


def _idle_modifier(spec: Any, value: Any) -> bool:
    """A bonus, penalty or hold at 0 (Dungeon World's forward bonus, cast penalty, Defend hold). Every other meter
    is shown at 0 too (stress, heat, coin: a 0 there is part of the character's state)."""
    return value == 0 and spec.default == 0 and any(word in spec.name for word in MODIFIER_WORDS)


#: A fight position as the sheet says it.
POSITION_WORDS = {"in_control": "you are in control", "bad_spot": "you are in a bad spot"}


def track_line(track: dict[str, Any], position: str | None = None) -> str:
    """A track on the sheet by its kind, as /progress lists it: "Vow: Find my sister (formidable) 2/10 boxes and 1
    tick"; an open fight says the position the rules hold ("— you are in a bad spot")."""
    kind = str(track.get("kind") or "vow")
    ticks = int(track.get("ticks", 0) or 0)
    line = f"{heading(kind_word(kind))}: {track.get('name')} ({track.get('rank')}) {ticks // 4}/10 boxes"
    line += f" and {ticks % 4} tick{'s' if ticks % 4 > 1 else ''}" if ticks % 4 else ""
    if track.get("status"):
        return f"{line} — {track['status']}"
    return f"{line} — {POSITION_WORDS[position]}" if kind == "combat" and position in POSITION_WORDS else line


def sheet_character(state: CampaignState) -> dict[str, Any] | None:
    """The active character as a sheet shows it: a fight position only while a fight is on (a position kept from a
    fight that ended is no one's any more)."""
    character = state.active()
    if character is None or character.get("position") in (None, "") or standing_position(state) is not None:
        return character
    return {k: v for k, v in character.items() if k != "position"}


def impacts_label(system: str) -> str:
    """What the game calls its impacts on the sheet ("Conditions and debilities" in Dungeon World)."""
    return next((f.label for f in character_rules(system).fields if f.kind == "impacts"), "Impacts")


def clocks_text(state: CampaignState) -> str:
    """Every clock the player has: the campaign's, and the ones kept on the sheet (a Blades project, the healing
    clock)."""
    lines = [f"- {c.get('name')}: {c.get('filled', 0)}/{c.get('segments')}" for c in state.clocks.values()]
    character = state.active() or {}
    for field, value in character.items():
        if isinstance(value, dict) and {"segments", "filled"} <= set(value):
            lines.append(f"- {field.replace('_', ' ').capitalize()}: {value['filled']}/{value['segments']}")
        elif isinstance(value, list):
            kind = field.removesuffix("s").replace("_", " ")
            lines += [
                f"- {c.get('name')} ({kind}): {c['filled']}/{c['segments']}"
                for c in value
                if isinstance(c, dict) and {"segments", "filled"} <= set(c)
            ]
    if not lines:
        return "No clocks yet. Start one with /clock <segments> <name>, e.g. /clock 6 The alarm is raised."
    return "Clocks:\n" + "\n".join(lines) + "\nAdvance a campaign clock with /clock +1 <name>."


def info_text(name: str, system: str, state: CampaignState) -> str:
    """``/help``, ``/moves``, ``/tables`` or the character's sheet (any other ``name``)."""
    if name == "help":
        return system_help(system)
    ruleset = get_ruleset(system)
    title = ruleset.title or system
    if name == "moves":
        by_category: dict[str, list[str]] = {}
        for move in ruleset.moves:
            by_category.setdefault(move.category, []).append(move.name)
        return "\n".join(f"{cat.replace('_', ' ')}: {', '.join(names)}" for cat, names in by_category.items())
    if name == "tables":
        names = [t.name for t in ruleset.tables.values()]
        return ("Tables (roll one with /table <name>): " + ", ".join(names)) if names else f"{title} has no tables."
    return sheet_text(state, system)


def sheet_text(state: CampaignState, system: str) -> str:
    """The active character's sheet, the campaign's tracks and clocks."""
    ruleset = get_ruleset(system)
    character = state.active() or {}
    stats = character.get("stats", {})
    cid = state.active_character
    who = shown_name(state, cid) if cid in state.characters else "Your character"
    lines = [f"{who} — {ruleset.title or system}"]
    if stats:
        lines.append("Stats: " + ", ".join(f"{heading(k)} {v}" for k, v in stats.items()))
    meters = [
        f"{heading(m)} {character[m]}"
        for m, spec in ruleset.sheet.meters.items()
        if m in character and not _idle_modifier(spec, character[m])
    ]
    if meters:
        lines.append("Meters: " + ", ".join(meters))
    own = ruleset.sheet_lines(character)
    fields = field_line(state, cid) if not own and cid in state.characters else ""
    if fields:  # a game without its own sheet words: its class, level, grit... as the character's sheet shows them
        lines.append(fields)
    if character.get("impacts"):
        lines.append(f"{impacts_label(system)}: " + ", ".join(label(str(i)) for i in character["impacts"]))
    if not own and cid in state.characters:  # its lists with something in them (Dungeon World's lost spells)
        lines += list_lines(state, cid)
    lines += own
    position = standing_position(state)
    for track in state.tracks.values():
        lines.append(track_line(track, position))
    for clock in state.clocks.values():
        lines.append(f"Clock: {clock.get('name')} {clock.get('filled', 0)}/{clock.get('segments')}")
    return "\n".join(lines)
