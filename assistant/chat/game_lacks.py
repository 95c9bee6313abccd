"""What a game says when a player types a command it has no use for: the city game has no yes/no oracle, no tables
and no progress tracks, so "/oracle" alone answers with what it does have, never a Starforged example ("Is the
station abandoned?") for a game without stations or oracles."""

from __future__ import annotations

from assistant.engine import game_title, get_ruleset
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


def oracle_instead(system: str) -> str | None:
    """What to roll for a yes/no question in a game without an oracle: its fortune roll or a table; None when the
    game gives nothing to roll for one (the city game: the Magistrate answers, no dice decide a yes or no)."""
    try:
        ruleset = get_ruleset(system)
    except AssistantError:
        return None
    fortune = next((m for m in ruleset.moves if m.name.lower() == "fortune roll"), None)
    if fortune is not None:
        return f"{fortune.name} (/roll {fortune.name.lower()})"
    return "a table (/tables)" if ruleset.tables else None


def gm_answers(system: str) -> str:
    """A yes/no question in a game whose GM answers it and which gives nothing to roll for it, the same words for a
    question typed plainly and for /oracle: who answers, and the moves its rules give for finding things out."""
    ruleset = get_ruleset(system)
    return (
        f"{game_title(system)} has no yes/no oracle: in this game {ruleset.gm} answers questions about the story. Ask them, "
        f"or tell me what your character does to find out{finding_out(system)}."
    )


def finding_out(system: str) -> str:
    """`` (the rules have Appraise Circumstances and Ear to the Ground for that)``: the moves the game gives for
    learning about the story, or "" when it names none."""
    ruleset = get_ruleset(system)
    moves = {m.name for m in ruleset.moves}
    names = list(dict.fromkeys(name for pattern, name in ruleset.story_moves if pattern and name in moves))  # each once
    if not names:
        return ""
    listed = " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)
    return f" (the rules have {listed} for that)"


def lacking(system: str, command: str) -> str | None:
    """The sentence for ``command`` (without its slash) in a game that has no use for it, None when it has."""
    title = game_title(system)
    try:
        ruleset = get_ruleset(system)
    except AssistantError:
        return None
    moves = list(ruleset.moves)
    if command == "oracle" and not any(m.roll.type == "oracle" for m in moves):
        instead = oracle_instead(system)
        return f"{title} has no yes/no oracle; roll {instead} instead." if instead else gm_answers(system)
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
            notes.append(f"{game_title(system)} has no {name} move{then}.")
    return notes
