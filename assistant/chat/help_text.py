"""The /help of one game: its commands with examples from its own moves, tables and meters, and without the
commands it has no use for (Blades in the Dark has no yes/no oracle, no Pay the Price and no momentum to burn)."""

from __future__ import annotations

from typing import Any

from assistant.chat.commands import ALIASES, USAGE, Command, help_text, parse_command
from assistant.chat.game_lacks import example_question, lacking
from assistant.engine import get_ruleset
from assistant.engine.errors import AssistantError, InputError, RulesError

#: A quest and a foe to track, as each game's players would say them (a raider is Starforged's, not a vampire's).
_TRACKS = {"starforged": ("Find the lost ship", "The raider"), "elegy": ("Avenge my sire", "The hunter")}

#: Moves that make a good first example, in order; else the game's first move rolled with a stat.
_EXAMPLE_MOVES = ("Face Danger", "Hack & Slash", "Acquire Asset", "Transit", "Feed")


def system_help(system: str) -> str:
    """The command list for ``system``'s players (the generic list when the game is unknown)."""
    lines = system_usage(system)
    if lines is None:
        return help_text()
    game = get_ruleset(system).title or system
    return f"Commands for {game}:\n" + "\n".join(f"  {line}" for line in lines.values())


def parse_for(system: str, text: str) -> Command:
    """:func:`parse_command`, with a bad command's usage line and command list those of ``system`` (a Blades
    player's "/meter heat" shows "/meter stress -1 ...", not a Starforged meter); a command the game has no use for
    says what it has instead (the city game's "/oracle" is not shown a Starforged question)."""
    head, _, rest = text.strip().lstrip("/").strip().partition(" ")
    name = ALIASES.get(head.lower(), head.lower())
    listing = name in ("progress", "track") and not rest.strip()  # "/progress" alone lists: it says so, no error
    missing = lacking(system, name) if head and not listing else None
    if missing:
        raise RulesError(missing)
    try:
        return parse_command(text)
    except InputError as exc:
        lines = system_usage(system)
        if lines is None:
            raise
        message = exc.message.replace(help_text(), system_help(system))
        for name, generic in USAGE.items():
            if f"Usage: {generic}" in message and name in lines:
                message = message.replace(f"Usage: {generic}", f"Usage: {lines[name]}")
        raise InputError(message, missing=exc.missing, choices=exc.choices) from None


def example_move(ruleset: Any) -> Any:
    """The move the game's examples name (Face Danger, Hack & Slash...): a rolled move, the usual one first."""
    rolled = [m for m in ruleset.moves if m.roll.type in ("action", "pool", "total") and m.roll.stats]
    return next((m for name in _EXAMPLE_MOVES for m in rolled if m.name == name), rolled[0] if rolled else None)


def system_usage(system: str) -> dict[str, str] | None:
    """The usage line of each command ``system`` has, with examples from its own moves, tables and meters (None
    when the game is unknown)."""
    try:
        ruleset = get_ruleset(system)
    except AssistantError:
        return None
    moves = list(ruleset.moves)
    example = example_move(ruleset)
    names = {m.name.lower() for m in moves}
    tables = list(ruleset.tables.values())
    meters = list(ruleset.sheet.meters)
    lines = dict(USAGE)
    if example is not None:
        stat = example.roll.stats[0].stat
        stat = stat[0] if isinstance(stat, list) else stat
        burning = " [burn]" if ruleset.sheet.spec.burn else ""
        lines["roll"] = f"/roll <move> [+stat] [+N|-N]{burning} [key=value ...]   e.g. /roll {example.name.lower()} +{stat}"
    if not any(m.roll.type == "oracle" for m in moves):
        lines.pop("oracle")
    else:
        lines["oracle"] = f"/oracle [odds] <question>   e.g. /oracle likely {example_question(system)}"
    if tables:
        table = next((t for t in tables if t.name.lower() == "pay the price"), tables[0])
        named = table.name.split(" (", 1)[0] if table.move else table.name  # "Entanglements (Heat 0-3)": its move
        lines["table"] = f"/table <name>   e.g. /table {named.lower()}"
    else:
        lines.pop("table")
    if "pay the price" not in names:
        lines.pop("price")
    if not any(m.roll.type == "progress" for m in moves):
        lines.pop("progress")
        lines.pop("track")
    else:
        quest, foe = _TRACKS.get(system, _TRACKS["starforged"])
        lines["track"] = f"/track <rank> [kind] <name>   e.g. /track dangerous {quest}, /track formidable fight {foe}"
        lines["progress"] = f"/progress [track] [times]   e.g. /progress {quest.lower()}"
    burn = ruleset.sheet.spec.burn
    if burn is None:
        lines.pop("burn")
    else:
        lines["burn"] = f"/burn   (burn {burn.meter} on the last move, when it helps)"
    if meters:
        lines["meter"] = f"/meter <name> <+N|-N> <reason>   e.g. /meter {meters[0]} -1 spent in the story"
    stats, impacts = list(ruleset.sheet.stats), list(ruleset.sheet.impacts)
    lines["choose"] = "/choose <option> [option ...]   e.g. /choose 2, or /choose <the option's words>"
    if example is not None:
        lines["ask"] = f"/ask <question>   e.g. /ask how does {example.name.lower()} work?"
    if stats and meters:
        lines["set"] = f"/set [<name>:] <field> <value>   e.g. /set {stats[0]} 2, /set Mara: {meters[0]} 3"
    lines["add"] = "/add [<name>:] <list> <entry>" + (f"   e.g. /add impact {impacts[0].replace('_', ' ')}" if impacts else "")
    lines["remove"] = "/remove [<name>:] <list> <number or words>" + ("   e.g. /remove impact 1" if impacts else "")
    if not tables:
        lines.pop("tables")
    if "class" not in ruleset.sheet.known_fields:
        lines["character"] = "/character [<name> | add <name> [field=value ...] | play <name>]   e.g. /character add Mara"
    return lines
