"""The line of tone an outcome opens with: how it went, in the story's voice, per outcome family ("It goes
wrong."); Blades' downtime activities, whose result is how much they achieve, have their own scaled lines."""

from __future__ import annotations

from collections.abc import Sequence

from assistant.engine.model import Result
from assistant.narrate import facts
from assistant.narrate.variety import choose

#: Tone lines per outcome family: say how it went, in the story's voice, never a number.
TONES: dict[str, tuple[str, ...]] = {
    "strong": (
        "It goes your way.",
        "The moment bends to your will.",
        "You make it look easy.",
        "Everything falls into place.",
        "It lands just as you meant it to.",
        "Your nerve holds, and it pays off.",
        "You are equal to it.",
        "Skill and luck line up for you.",
        "Nothing stands in your way this time.",
        "You come through in style.",
        "It works, and well.",
        "The gamble pays off in full.",
    ),
    "weak": (
        "You get there, but it costs you.",
        "It works, at a price.",
        "You manage it, though not cleanly.",
        "It holds, just about.",
        "You pull it off, with a catch.",
        "You make headway, and pay for it.",
        "Half of it goes your way.",
        "It works, but not without trouble.",
        "You scrape through.",
        "The gain comes with a snag.",
        "You get what you wanted, and something you did not.",
        "It is done, though not the way you pictured it.",
    ),
    "miss": (
        "It goes wrong.",
        "Things turn against you.",
        "The moment gets away from you.",
        "The moment turns on you.",
        "It does not go your way.",
        "Your plan comes apart.",
        "Trouble finds you instead.",
        "The situation sours.",
        "It falls apart in your hands.",
        "Luck deserts you.",
        "You come up short.",
        "The world pushes back, hard.",
    ),
}
#: Tone lines for a result that says how much, not whether (Blades' downtime activities: "Reduce heat according to
#: the result: 1-3: one, 4/5: two, 6: three"): a 4/5 is less of it, not success at a cost, and a 1-3 still does a little.
SCALED_TONES: dict[str, tuple[str, ...]] = {
    "strong": (
        "The time is well spent.",
        "It comes together nicely.",
        "The work pays off handsomely.",
        "It goes better than most weeks do.",
    ),
    "weak": (
        "It goes some of the way.",
        "Steady work, a fair return.",
        "The time brings a middling return.",
        "An ordinary stretch of work, and it shows.",
    ),
    "miss": (
        "Little comes of it.",
        "The days slip by for scant return.",
        "It drags, and gives back little.",
        "Slow going, and not much to show.",
    ),
}
CRITICAL = ("Better than you hoped.", "Beyond what you dared hope.", "An exceptional result.", "It could hardly go better.")
FAMILY = {
    "strong_hit": "strong",
    "critical": "strong",
    "full_success": "strong",
    "weak_hit": "weak",
    "partial_success": "weak",
    "miss": "miss",
    "bad_outcome": "miss",
}


#: Tone lines for a move another character made (Mara's attack on you): how it went for them, never "your way".
THEIR_TONES: dict[str, tuple[str, ...]] = {
    "strong": ("It goes {who}'s way.", "{who} makes it count.", "{who} lands it cleanly.", "The moment is {who}'s."),
    "weak": ("{who} gets there, at a cost.", "{who} manages it, though not cleanly.", "Half of it goes {who}'s way."),
    "miss": ("It goes wrong for {who}.", "{who} comes up short.", "The moment turns against {who}."),
}


#: Tone lines for a faction's roll (the city's faction moves): how it went for the faction, never "your way"; the
#: player may be the other side of it.
FACTION_TONES: dict[str, tuple[str, ...]] = {
    "strong": ("The faction's effort pays off.", "The faction carries it through.", "The faction's plans hold."),
    "weak": ("The faction gets there, at a cost.", "The faction manages it, though not cleanly."),
    "miss": ("The faction's effort falls short.", "The faction's plans go awry."),
}
#: Overtake Neighborhood is rolled by the defending faction: its tones tell the defence, whoever the player is.
DEFENDER_TONES: dict[str, tuple[str, ...]] = {
    "strong": ("The defenders hold the neighborhood.", "The defence holds firm."),
    "weak": ("The defenders hold, but their grip slips.", "The defence holds, barely."),
    "miss": ("The defence falters.", "The defenders cannot hold the line."),
}


def tone(result: Result, seed: object, recent: Sequence[str] = (), actor: str = "") -> str:
    """A line of story for the outcome's tier ("It goes wrong."), "" for a move without one; for ``actor``'s move
    (another character's, at you) a line of how it went for them ("Mara makes it count.")."""
    family = FAMILY.get(result.outcome)
    if family is None or facts.lower_is_better(result):  # a backfire's 10+ is its worst: its own text tells it
        return ""
    if facts.by_die(result) and not _scaled(result):  # the die picks a row or says the cost: no success or failure
        return ""
    if actor:
        line = choose(THEIR_TONES[family], (seed, result.move_id, result.outcome), recent).format(who=actor)
        return line[:1].upper() + line[1:]
    tones = SCALED_TONES if _scaled(result) else _faction_tones(result) or TONES
    line = choose(tones[family], (seed, result.move_id, result.outcome), recent)
    if result.outcome == "critical":
        line = choose(CRITICAL, (seed, "critical"), recent) + " " + line
    return line


#: Blades' downtime activities whose result is how much they achieve (heat reduced, segments, stress cleared, quality).
SCALED = frozenset(
    {"acquire_asset", "long_term_project", "recover", "reduce_heat", "faction_clock", "learning_a_ritual", "crafting",
     "inventing"}
)  # fmt: skip


def _scaled(result: Result) -> bool:
    return result.system == "blades" and result.move_id in SCALED


def _faction_tones(result: Result) -> dict[str, tuple[str, ...]] | None:
    """The faction's tones for a faction move's roll (the defender's for Overtake Neighborhood), else None."""
    if result.move_id == "overtake_neighborhood":
        return DEFENDER_TONES
    try:
        from assistant.engine.registry import get_ruleset

        category = get_ruleset(result.system).move_by_id(result.move_id).category
    except Exception:  # noqa: BLE001 - a table or a door: the usual tones
        return None
    return FACTION_TONES if category == "faction" else None
