"""A roll's odds told by what each result does, where a move's results differ only by how much: Blades' Indulge Vice
clears stress equal to the highest die ("clear 6 stress 31%, clear 4-5 stress 44%, clear 1-3 stress 25%"), Reduce
Heat takes off 1, 2, 3 or 5 heat, a long-term project marks 1, 2, 3 or 5 segments. Read from the move's own data
(each outcome's one quantity effect); every other move keeps its tiers (strong hit, weak hit, miss...).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from assistant.engine import AssistantError, get_ruleset

#: The faces of the die that counts in a d6 pool for each result ("1-3: bad outcome ... critical: two 6s").
POOL_FACES: dict[str, tuple[int, int]] = {
    "bad_outcome": (1, 3),
    "partial_success": (4, 5),
    "full_success": (6, 6),
    "critical": (6, 6),
}


def _span(low: int, high: int) -> str:
    low, high = sorted((low, high))
    return str(low) if low == high else f"{low}-{high}"


def _meter(name: str) -> str:
    return name.replace("_", " ")


def _quantity(effects: list[Any], outcome: str) -> str | None:
    """What the outcome's quantity effects do, in a few words; None when it has none (or more than one kind)."""
    said: list[str] = []
    none_of = ""
    for effect in effects:
        if effect.when is not None:
            return None
        if effect.type == "clock" and effect.delta:
            said.append(f"mark {effect.delta} segment{'s' if abs(effect.delta) != 1 else ''}")
        elif effect.type == "meter" and effect.meter and effect.delta:
            verb = "clear" if effect.delta < 0 else "take"
            said.append(f"{verb} {abs(effect.delta)} {_meter(effect.meter)}")
        elif effect.type == "meter" and effect.meter and effect.amount is not None and effect.amount.score:
            faces = POOL_FACES.get(outcome)
            if faces is None:
                return None
            low, high = ((f + effect.amount.plus) * effect.sign for f in faces)
            if low == high == 0:
                none_of = f"no {_meter(effect.meter)}"
                continue  # nothing this time (a resistance roll's 6)
            if low <= 0 and high <= 0:
                said.append(f"clear {_span(-low, -high)} {_meter(effect.meter)}")
            elif low >= 0 and high >= 0:
                said.append(f"take {_span(low, high)} {_meter(effect.meter)}")
            else:
                return None
        else:
            return None
    return " and ".join(said) or none_of or None


def outcome_words(system: str, move_id: str) -> dict[str, str] | None:
    """Each result of the move by what it does, when every result does the same kind of thing by a different
    amount; None for a move whose results are better told by their tier."""
    try:
        move = get_ruleset(system).find_move(move_id)
    except AssistantError:
        return None
    if move.roll.type != "pool" or not move.outcomes:
        return None
    words: dict[str, str] = {}
    for outcome, spec in move.outcomes.items():
        said = _quantity(list(spec.effects or []), outcome)
        if said is None:
            return None
        words[outcome] = said
    return words


def percent(value: float) -> str:
    """A chance as the player reads it, in whole percent ("33%", not "33.17%"), as the app rounds it; a chance that is
    there but under 1% (or short of certain by less than 1%) reads "under 1%" ("over 99%"), not "0%" ("100%")."""
    value = float(value)
    if 0 < value < 0.5:
        return "under 1%"
    if 99.5 <= value < 100:
        return "over 99%"
    return f"{value:.0f}%"


def odds_by_effect(system: str, move_id: str, percentages: Mapping[str, float]) -> list[tuple[str, float]] | None:
    """The odds as (what the roll does, percent), results that do the same thing added together, the best first;
    None when the move's results are better told by their tier."""
    words = outcome_words(system, move_id)
    if not words or not set(percentages) <= set(words) | {"match"}:
        return None
    out: dict[str, float] = {}
    for outcome in ("critical", "full_success", "partial_success", "bad_outcome"):
        if outcome in percentages:
            out[words[outcome]] = out.get(words[outcome], 0.0) + float(percentages[outcome])
    return list(out.items())


#: A pool roll's results by the die that counts, for a roll that picks a row rather than succeeding or failing (Blades'
#: entanglements: "roll ... and use the result of the roll to select which sort of entanglement manifests").
FACE_WORDS: dict[str, str] = {
    "critical": "two 6s",
    "full_success": "a 6",
    "partial_success": "a 4-5",
    "bad_outcome": "a 1-3",
}


def odds_by_faces(percentages: Mapping[str, float]) -> list[tuple[str, float]] | None:
    """The odds as (the die that counts, percent) for a roll whose result picks a row ("a 1-3 75%"); None when a
    result has no die to name."""
    if not set(percentages) - {"match"} or not set(percentages) - {"match"} <= set(FACE_WORDS):
        return None
    return [(FACE_WORDS[k], float(v)) for k, v in percentages.items() if k != "match"]


def result_words(result: Any) -> str | None:
    """An empty label for a rolled move whose result is the die itself (Indulge Vice clears stress equal to the highest die: the
    card's own line says how much, and "a bad outcome" would tell a 3 as a failure); None for a move told by its tier
    (a Reduce Heat's "bad outcome" still clears one heat: the card says so, and "clear 1 heat" would be untrue at 0)."""
    if getattr(result, "roll", "") != "pool":
        return None
    try:
        move = get_ruleset(str(result.system)).find_move(str(result.move_id))
    except AssistantError:
        return None
    outcome = getattr(result.outcome, "value", result.outcome)
    spec = move.outcomes.get(outcome) if move.outcomes else None
    if spec is None or not spec.effects or outcome_words(str(result.system), str(result.move_id)) is None:
        return None
    return "" if any(e.amount is not None and e.amount.score for e in spec.effects) else None


__all__ = ["odds_by_effect", "odds_by_faces", "outcome_words", "result_words"]
