"""What a game says when a player types a command it has no use for: the city game has no yes/no oracle, no tables
and no progress tracks, so "/oracle" alone answers with what it does have, never a Starforged example ("Is the
station abandoned?") for a game without stations or oracles."""

from __future__ import annotations

from assistant.engine import get_ruleset
from assistant.engine.errors import AssistantError

#: A yes/no question as each game's players would ask it (a station is Starforged's, not a vampire's or a thief's).
QUESTIONS = {
    "starforged": "Is the station abandoned?",
    "elegy": "Is the crypt guarded?",
    "blades": "Are the Bluecoats watching our lair?",
    "city": "Is the Magistrate watching the docks?",
    "dungeon-world": "Is the bridge trapped?",
}


def example_question(system: str) -> str:
    """A yes/no question in ``system``'s own world, for an example."""
    return QUESTIONS.get(system, QUESTIONS["starforged"])


def _title(system: str) -> str:
    try:
        return get_ruleset(system).title or system
    except AssistantError:
        return system


def oracle_instead(system: str) -> str:
    """What to roll for a yes/no question in a game without an oracle: its fortune roll, a table, or plain dice."""
    try:
        ruleset = get_ruleset(system)
    except AssistantError:
        return "dice (/dice 2d6: 7 or more is a yes)"
    fortune = next((m for m in ruleset.moves if m.name.lower() == "fortune roll"), None)
    if fortune is not None:
        return f"{fortune.name} (/roll {fortune.name.lower()})"
    return "a table (/tables) or dice (/dice)" if ruleset.tables else "dice (/dice 2d6: 7 or more is a yes)"


def lacking(system: str, command: str) -> str | None:
    """The sentence for ``command`` (without its slash) in a game that has no use for it, None when it has."""
    title = _title(system)
    try:
        ruleset = get_ruleset(system)
    except AssistantError:
        return None
    moves = list(ruleset.moves)
    if command == "oracle" and not any(m.roll.type == "oracle" for m in moves):
        return f"{title} has no yes/no oracle; roll {oracle_instead(system)} instead."
    if command == "table" and not ruleset.tables:
        return f"{title} has no tables to roll; roll dice (/dice 2d6) instead."
    if command in ("track", "progress") and not any(m.roll.type == "progress" for m in moves):
        return f"{title} has no progress tracks; keep count with a clock instead (/clock 6 <name>)."
    if command == "price" and not any(m.name.lower() == "pay the price" for m in moves):
        instead = "roll a table (/tables)" if ruleset.tables else "the GM says what the miss costs you"
        return f"{title} has no Pay the Price move; {instead} instead."
    return None


def absent_move_notes(system: str, text: str) -> list[str]:
    """What a player who names a move this game's text has not (Dungeon World's Defy Danger in its PvP combat text)
    is told: that it is not here, and what to make instead."""
    from assistant.engine.cue_words import load_absent

    try:
        absent = load_absent(system)
    except (AssistantError, OSError):
        return []
    notes = []
    for name, pattern, instead in absent:
        if pattern.search(text):
            then = f": {instead}" if instead else ""
            notes.append(f"{_title(system)} has no {name} move{then}.")
    return notes
