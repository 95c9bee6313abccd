"""The words the guard reads: numbers, meters per system, outcome claims per outcome family.

Everything here is data: the built-in meter and stat lists per system, so a system whose ruleset has not landed
(or whose sheet names a meter differently from the prose) is still read. The words a registered ruleset adds (its
sheet's meters, stats and impacts, its move names) are read in :mod:`assistant.guard.system_words`.
"""

from __future__ import annotations

import re

NUMBER_WORDS: dict[str, int] = {
    "zero": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
    "hundred": 100,
}
#: "two sixes": plural faces name a die value.
FACE_PLURALS: dict[str, int] = {
    "ones": 1,
    "twos": 2,
    "threes": 3,
    "fours": 4,
    "fives": 5,
    "sixes": 6,
    "sevens": 7,
    "eights": 8,
    "nines": 9,
    "tens": 10,
}
_TENS = "twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety"
_UNITS = "one|two|three|four|five|six|seven|eight|nine"
#: A number: signed digits (decimals, percent) or number words ("twenty-five", "six").
NUM = (
    r"(?:[+\-−]\s?)?\d+(?:\.\d+)?"
    rf"|(?:{_TENS})(?:[\s-](?:{_UNITS}))?"
    r"|zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen"
    r"|sixteen|seventeen|eighteen|nineteen|hundred"
)


def parse_number(token: str) -> float | None:
    """``"+2"`` -> 2, ``"-1"`` -> -1, ``"twenty-five"`` -> 25, ``"41.7"`` -> 41.7; None if not a number."""
    text = token.strip().lower().replace("−", "-")
    text = re.sub(r"^([+-])\s+", r"\1", text)
    try:
        return float(text)
    except ValueError:
        pass
    parts = re.split(r"[\s-]+", text)
    if parts and all(p in NUMBER_WORDS for p in parts):
        return float(sum(NUMBER_WORDS[p] for p in parts))
    return None


# ---- meters --------------------------------------------------------------------------------------
#: Built-in meter words per system: word -> (target, polarity). Polarity +1: "take/suffer/mark N word"
#: raises the target (stress, heat); -1: it lowers the target (Starforged "suffer 2 harm" = health -2).
#: Targets are sheet meter names or the guard's own: progress, clock, xp, legacy, forward, impact.
COMMON_METERS: dict[str, tuple[str, int]] = {
    "xp": ("xp", 1),
    "experience": ("xp", 1),
    "experience points": ("xp", 1),
    "progress": ("progress", 1),
    "ticks of progress": ("progress", 1),
    "boxes of progress": ("progress", 1),
    "progress boxes": ("progress", 1),
    "progress box": ("progress", 1),
    "clock": ("clock", 1),
    "segment": ("clock", 1),
    "segments": ("clock", 1),
    "clock segment": ("clock", 1),
    "clock segments": ("clock", 1),
    "tension clock": ("clock", 1),
    "forward": ("forward", 1),
    "next move": ("forward", 1),
    "next roll": ("forward", 1),
    "next action": ("forward", 1),
}
SYSTEM_METERS: dict[str, dict[str, tuple[str, int]]] = {
    "starforged": {
        "momentum": ("momentum", 1),
        "health": ("health", 1),
        "spirit": ("spirit", 1),
        "supply": ("supply", 1),
        "integrity": ("integrity", 1),
        "hull integrity": ("integrity", 1),
        "companion health": ("companion_health", 1),
        "harm": ("health", -1),
        "stress": ("spirit", -1),
        "damage": ("integrity", -1),
        "legacy": ("legacy", 1),
    },
    "elegy": {
        "momentum": ("momentum", 1),
        "health": ("health", 1),
        "spirit": ("spirit", 1),
        "blood": ("blood", 1),
        "hunger": ("hunger", 1),
        "focus": ("focus", 1),
        "harm": ("health", -1),
        "stress": ("spirit", -1),
    },
    "blades": {
        "stress": ("stress", 1),
        "trauma": ("trauma", 1),
        "heat": ("heat", 1),
        "wanted level": ("wanted", 1),
        "wanted": ("wanted", 1),
        "coin": ("coin", 1),
        "coins": ("coin", 1),
        "rep": ("rep", 1),
        "reputation": ("rep", 1),
        "stash": ("stash", 1),
        "harm": ("harm", 1),
        "level of harm": ("harm", 1),
        # the engine counts the activities used: spending one raises the count
        "downtime activities": ("downtime_activities", -1),
        "downtime activity": ("downtime_activities", -1),
        "downtime action": ("downtime_activities", -1),
        "downtime actions": ("downtime_activities", -1),
    },
    "city": {
        "heat": ("heat", 1),
        "harm": ("harm", 1),
        "advance": ("advance", 1),
    },
    "dungeon-world": {
        "hp": ("hp", 1),
        "hit points": ("hp", 1),
        "health": ("hp", 1),
        "damage": ("hp", -1),
        "mana": ("mana", 1),
        "armor": ("armor", 1),
        "ongoing": ("ongoing", 1),
        "ammo": ("ammunition", 1),
        "arrows": ("ammunition", 1),
        "bolts": ("ammunition", 1),
    },
}
#: Built-in stat words per system, for systems whose sheet is not registered yet.
SYSTEM_STATS: dict[str, tuple[str, ...]] = {
    "starforged": ("edge", "heart", "iron", "shadow", "wits"),
    "elegy": ("heart", "intellect", "force", "dexterity", "glamour"),
    "blades": (
        "hunt",
        "study",
        "survey",
        "tinker",
        "finesse",
        "prowl",
        "skirmish",
        "wreck",
        "attune",
        "command",
        "consort",
        "sway",
        "insight",
        "prowess",
        "resolve",
        "tier",
        "quality",
    ),
    "city": ("environs", "lore", "sway", "network", "aspects", "complexity", "productivity"),
    "dungeon-world": (
        "str",
        "dex",
        "con",
        "int",
        "wis",
        "cha",
        "strength",
        "dexterity",
        "constitution",
        "intelligence",
        "wisdom",
        "charisma",
    ),
}
#: Meters where a "take N" / "suffer N" / "mark N" means the meter goes up.
RISING_METERS = frozenset(
    {"stress", "trauma", "heat", "wanted", "harm", "hunger", "xp", "progress", "clock", "forward", "ongoing", "advance", "legacy"}
)

UP_VERBS = frozenset(
    {
        "gain",
        "gains",
        "gained",
        "gaining",
        "take",
        "takes",
        "took",
        "taking",
        "add",
        "adds",
        "added",
        "recover",
        "recovers",
        "recovered",
        "regain",
        "regains",
        "regained",
        "restore",
        "restores",
        "restored",
        "heal",
        "heals",
        "healed",
        "increase",
        "increases",
        "increased",
        "raise",
        "raises",
        "raised",
        "rise",
        "rises",
        "rose",
        "climb",
        "climbs",
        "climbed",
        "earn",
        "earns",
        "earned",
        "get",
        "gets",
        "got",
        "boost",
        "boosts",
        "boosted",
        "grow",
        "grows",
        "grew",
        "build",
        "builds",
        "built",
        "jump",
        "jumps",
        "jumped",
        "mark",
        "marks",
        "marked",
        "fill",
        "fills",
        "filled",
        "tick",
        "ticks",
        "ticked",
        "advance",
        "advances",
        "advanced",
        "bump",
        "bumps",
        "bumped",
        "surge",
        "surges",
        "surged",
        "receive",
        "receives",
        "received",
        "collect",
        "collects",
        "collected",
    }
)
DOWN_VERBS = frozenset(
    {
        "lose",
        "loses",
        "lost",
        "losing",
        "spend",
        "spends",
        "spent",
        "drop",
        "drops",
        "dropped",
        "fall",
        "falls",
        "fell",
        "decrease",
        "decreases",
        "decreased",
        "reduce",
        "reduces",
        "reduced",
        "sink",
        "sinks",
        "sank",
        "dip",
        "dips",
        "dipped",
        "clear",
        "clears",
        "cleared",
        "drain",
        "drains",
        "drained",
        "shrink",
        "shrinks",
        "bleed",
        "bleeds",
        "slip",
        "slips",
        "slipped",
        "erode",
        "erodes",
        "eroded",
        "burn",
        "burns",
        "burned",
        "burnt",
        "sacrifice",
        "sacrifices",
        "sacrificed",
        "deplete",
        "depletes",
        "depleted",
        "plummet",
        "plummets",
        "plummeted",
    }
)
#: "suffer", "take" and "mark" follow the meter's polarity (suffer 2 stress = stress +2; suffer 2 health = -2).
POLARITY_VERBS = frozenset(
    {"suffer", "suffers", "suffered", "suffering", "take", "takes", "took", "taking", "mark", "marks", "marked"}
)
STATIVE_VERBS = (
    "is now",
    "is at",
    "sits at",
    "stands at",
    "now stands at",
    "is",
    "remains at",
    "stays at",
    "holds at",
    "now at",
    "at",
)
