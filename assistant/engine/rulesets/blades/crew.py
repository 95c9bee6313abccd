"""Blades in the Dark sheet rules that are plain functions: attributes, harm, exposure, quality.

Everything here is pure (values in, values out) so the plug-in class in :mod:`.ruleset` stays a thin
layer of hooks over the generic resolution.
"""

from __future__ import annotations

import re
from typing import Any

from assistant.engine.context import Resolution
from assistant.engine.errors import InputError
from assistant.engine.offers import follow_move
from assistant.engine.outcomes import Outcome

#: The actions under each attribute; an attribute's rating is how many of its actions have a dot.
ATTRIBUTES: dict[str, tuple[str, ...]] = {
    "insight": ("hunt", "study", "survey", "tinker"),
    "prowess": ("finesse", "prowl", "skirmish", "wreck"),
    "resolve": ("attune", "command", "consort", "sway"),
}


def xp_track_of(name: str) -> str:
    """The xp track training ``name`` marks: an attribute or the playbook as named, an action rating its attribute's
    ("mark 1 xp on the xp track for an attribute": Prowl is a Prowess action); anything else as it is."""
    return next((attribute for attribute, actions in ATTRIBUTES.items() if name in actions), name)


#: Result levels from worst to best; spending coin in downtime moves a result one step up per coin.
RESULT_LEVELS: tuple[Outcome, ...] = (Outcome.BAD_OUTCOME, Outcome.PARTIAL_SUCCESS, Outcome.FULL_SUCCESS, Outcome.CRITICAL)

#: Asset and crafting quality relative to the crew's Tier, by result level.
QUALITY_SHIFT: dict[Outcome, int] = {
    Outcome.BAD_OUTCOME: -1,
    Outcome.PARTIAL_SUCCESS: 0,
    Outcome.FULL_SUCCESS: 1,
    Outcome.CRITICAL: 2,
}

#: Heat by the nature of the operation.
EXPOSURE_HEAT: dict[str, int] = {"smooth": 0, "quiet": 0, "contained": 2, "loud": 4, "chaotic": 4, "wild": 6}


def vault_words(vaults: int) -> str:
    """``no vault upgrades``, ``one vault upgrade``, ``two vault upgrades``."""
    return (
        ("no vault upgrades", "one vault upgrade", "two vault upgrades")[vaults]
        if 0 <= vaults <= 2
        else f"{vaults} vault upgrades"
    )


#: Crew coin capacity by number of vault upgrades.
CREW_COIN_CAPACITY = (4, 8, 16)

#: Prison sentence by (effective) wanted level.
SENTENCES = {
    4: "Life or execution.",
    3: "A year or two.",
    2: "Several months.",
    1: "A month or two.",
    0: "A few weeks (or a beating instead: level 3 harm, no resistance roll).",
}

#: Required quality above Tier for a modification.
MODIFICATION_STEP = {"simple": 1, "significant": 2, "arcane": 3}

#: XP track lengths (attribute tracks and the playbook track).
XP_TRACK_MAX = {"insight": 6, "prowess": 6, "resolve": 6, "playbook": 8}


def attribute_rating(stats: dict[str, int], attribute: str) -> int:
    """An attribute's rating: the number of its actions with at least one dot."""
    return sum(1 for action in ATTRIBUTES[attribute] if int(stats.get(action, 0)) > 0)


def exposure_heat(value: object) -> int:
    """Heat for the operation's exposure: a name (smooth, contained, loud, wild) or 0/2/4/6."""
    if isinstance(value, int) and not isinstance(value, bool) and value in (0, 2, 4, 6):
        return value
    if isinstance(value, str) and value.strip().lower() in EXPOSURE_HEAT:
        return EXPOSURE_HEAT[value.strip().lower()]
    raise InputError(
        f"“{value}” is not how loud an operation goes: smooth (0 heat), contained (2), loud (4) or wild (6).",
        missing="exposure",
        choices=["smooth", "contained", "loud", "wild"],
    )


def payoff_rep(crew_tier: int, target_tier: int | None, quiet: bool) -> int:
    """2 rep per score, +1 per Tier the target is above the crew, -1 per Tier below (minimum 0)."""
    if quiet:
        return 0
    if target_tier is None:
        return 2
    return max(0, 2 + target_tier - crew_tier)


def reduce_harm(harm: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every instance of harm one level lower; level 1 harm goes away."""
    return [{**h, "level": h["level"] - 1} for h in harm if h["level"] > 1]


_HARM_WRITTEN = (
    re.compile(r"^(?P<name>[^()]+?)\s*\(\s*(?:level\s*)?(?P<level>\d+)\s*\)$", re.IGNORECASE),  # Broken Arm (level 2)
    re.compile(r"^(?:level\s*)?(?P<level>\d+)\s*[:-]?\s+(?P<name>.+)$", re.IGNORECASE),  # level 2 Broken Arm, 2: Broken Arm
)


def parse_harm(text: str) -> dict[str, Any]:
    """Harm as a player writes it on the sheet: ``Broken Arm (level 2)`` or ``level 2 Broken Arm``."""
    for pattern in _HARM_WRITTEN:
        found = pattern.match(text.strip())
        if found is not None:
            level, name = int(found["level"]), found["name"].strip()
            if not 1 <= level <= 4:
                raise InputError(f"Harm is level 1 to 4 (4 is fatal); {name} is written at level {level}.", missing="harm")
            return {"level": level, "name": name}
    raise InputError(f"Write harm as its name and level, “Broken Arm (level 2)” (level 1 to 4), not {text!r}.", missing="harm")


def check_harm(harm: object) -> None:
    if not isinstance(harm, list) or not all(
        isinstance(h, dict)
        and set(h) <= {"level", "name"}
        and isinstance(h.get("level"), int)
        and not isinstance(h.get("level"), bool)
        and 1 <= h["level"] <= 4
        and isinstance(h.get("name", ""), str)
        for h in harm
    ):
        raise InputError(
            "Harm is written as its name and level, like “Broken Leg (level 2)”, each of level 1 to 4.", missing="harm"
        )


def check_clock(raw: object, where: str) -> dict[str, Any]:
    """A clock object {segments, filled, name}; returns it normalised."""
    if not isinstance(raw, dict) or not {"segments"} <= set(raw) <= {"segments", "filled", "name"}:
        raise InputError(f'{where} is a clock like {{"name": "Weird God Vibes", "segments": 6, "filled": 0}}.', missing="clock")
    segments, filled = raw.get("segments"), raw.get("filled", 0)
    for value in (segments, filled):
        if isinstance(value, bool) or not isinstance(value, int):
            raise InputError(f"{where}: its segments and filled segments are whole numbers.", missing="clock")
    assert isinstance(segments, int) and isinstance(filled, int)
    if not 1 <= segments <= 24 or not 0 <= filled <= segments:
        raise InputError(
            f"{where} has 1 to 24 segments, and no more filled than it has; not {filled}/{segments}.", missing="clock"
        )
    return {"name": str(raw.get("name", "")), "segments": segments, "filled": filled}


def trauma_notes(before: int, after: int) -> list[str]:
    """What a new level of trauma means (the public SRD's Trauma: the shipped chapter has no stress rules)."""
    if after <= before:
        return []
    notes = [
        "You suffer trauma: circle a trauma condition (Cold, Haunted, Obsessed, Paranoid, Reckless, Soft, Unstable, "
        "Vicious). You're taken out of action; when you return you have zero stress and your vice is satisfied for "
        "the next downtime."
    ]
    if after >= 4:
        notes.append(
            "That is the fourth trauma: the scoundrel can't go on. Retire them to a different life, or send them to "
            "prison to take the fall for the crew's wanted level."
        )
    return notes


def drawback_follow_ups(ctx: Resolution) -> None:
    """An Unreliable creation is rolled for each time it's used (a fortune roll with its quality); a Conspicuous one
    adds heat to the operations it's used on."""
    raw = ctx.options.get("choose") or []
    picks = {str(p).strip().lower() for p in ([raw] if isinstance(raw, str) else raw)}
    quality = ctx.memo.get("quality")
    if "unreliable" in picks and quality is not None:
        follow_move(
            ctx,
            "fortune_roll",
            f"Unreliable: each time it's used, a fortune roll with its quality ({quality}) shows how well it performs",
            {"dice": min(10, int(quality))},
        )
    if "conspicuous" in picks:
        ctx.notes.append("Conspicuous: +1 heat on any operation it's used on (count it as conspicuous on that Heat roll).")
