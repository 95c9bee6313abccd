"""Dungeon World PvP: the rules of a fight beyond one attack — initiative, bonuses that replace each other,
the once-per-encounter damage mitigation, control moves (Lose a Turn, Helpless) and healing.

Pure helpers called from the ruleset's hooks (``ruleset.py``); each changes only the resolution's working
character and records an Effect, or refuses in the player's words before anything changed.

* "Felix and Mia roll initiative. Felix rolls a 6. Mia rolls a 4. Felix got the higher initiative roll so he
  goes first." The text gives no dice for initiative: the number is the table's (or the GM's), kept on the sheet.
* "These bonuses never stack with each other, nor accrue; a new +n Forward bonus overrides and replaces the
  previous one." The same for +n Ongoing and -n Forward; -n Ongoing penalties "do stack".
* "You can only use one such move per encounter. You can not "stack" damage mitigation or negation moves."
* "If you are affected by a control move you can't be affected by any other control moves."
"""

from __future__ import annotations

from assistant.engine.context import Resolution, option_bool, option_int
from assistant.engine.errors import InputError, RulesError
from assistant.engine.kinds import EffectKind
from assistant.engine.schema import EffectSpec

#: The kinds of bonus a move gives: (kind, sign) -> the meter that holds it and whether a new one replaces it.
BONUS_METERS: dict[tuple[str, int], tuple[str, bool]] = {
    ("forward", 1): ("forward_bonus", True),
    ("forward", -1): ("forward_penalty", True),
    ("ongoing", 1): ("ongoing_bonus", True),
    ("ongoing", -1): ("ongoing_penalty", False),
}


def set_initiative(ctx: Resolution) -> None:
    value = option_int(ctx, "initiative")
    before = ctx.character.get("initiative", 0)
    ctx.character["initiative"] = value
    rolled = "the initiative rolled or given"
    ctx.effect(EffectKind.METER, "initiative", before=before, after=value, delta=value - int(before or 0), reason=rolled)
    ctx.notes.append("The highest initiative goes first; the GM sets the order of the fight.")


def take_bonus(ctx: Resolution) -> None:
    """A +n/-n Forward or Ongoing: a new one replaces the old, except -n Ongoing penalties, which stack."""
    kind = str(ctx.options.get("bonus_kind") or "")
    amount = option_int(ctx, "bonus")
    if amount == 0:
        raise InputError("A bonus of 0 changes nothing: give +n or -n (for example 1 or -1).", missing="bonus")
    meter, replaces = BONUS_METERS[(kind, 1 if amount > 0 else -1)]
    word = f"{amount:+d} {kind.capitalize()}"
    before = int(ctx.character[meter])
    if replaces:
        delta = amount - before
        reason = f"{word}: a new one replaces the previous one" + (f" ({before:+d})" if before else "")
    else:
        delta = amount
        reason = f"{word}: penalties Ongoing stack"
    if delta:
        ctx.ruleset.adjust_meter(ctx, meter, delta, reason)
    else:
        ctx.notes.append(f"{word}: you already have it; bonuses never stack nor accrue.")


# ---- damage mitigation --------------------------------------------------------------------------------


def mitigation(ctx: Resolution, loss: int) -> int:
    """The HP lost after a damage mitigation or negation move (one per encounter; armor is exempt)."""
    negate = option_bool(ctx, "negate")
    reduce = option_int(ctx, "mitigate", default=0)
    if not negate and not reduce:
        return loss
    if ctx.character["mitigation_used"]:
        raise RulesError(
            "You can only use one damage mitigation or negation move per encounter, and you already used one; "
            "armor still counts. Take the damage without it."
        )
    ctx.character["mitigation_used"] = True
    ctx.effect(EffectKind.FLAG, "mitigation_used", before=False, after=True, reason="one damage mitigation per encounter")
    after = 0 if negate else max(0, loss - reduce)
    ctx.notes.append(
        f"Damage {'negated' if negate else f'reduced by {reduce}'}: {loss} -> {after} HP "
        "(your one damage mitigation or negation move this encounter)."
    )
    return after


# ---- control moves ------------------------------------------------------------------------------------


#: The impact each kind of control move marks besides ``controlled`` (options.control -> impacts).
CONTROL_MARKS: dict[str, tuple[str, ...]] = {"control": (), "lose_a_turn": ("lost_turn",), "helpless": ("helpless", "vulnerable")}


def check_control(ctx: Resolution) -> None:
    if "controlled" in ctx.character["impacts"]:
        raise RulesError("You are already affected by a control move: you can't be affected by any other control moves.")


def control_marks(ctx: Resolution, spec: EffectSpec) -> bool:
    """Whether the control move (``options.control``) marks this impact (``by: control_kind``)."""
    return spec.impact in CONTROL_MARKS.get(str(ctx.options.get("control")), ())


def end_encounter_limits(ctx: Resolution) -> None:
    """A new encounter: the one damage mitigation or negation move is open again."""
    if ctx.character["mitigation_used"]:
        ctx.character["mitigation_used"] = False
        ctx.effect(
            EffectKind.FLAG, "mitigation_used", before=True, after=False, reason="a new encounter: one damage mitigation again"
        )


def check_heal(ctx: Resolution) -> None:
    if "helpless" in ctx.character["impacts"]:
        raise RulesError("You are Helpless: healing does not affect you any longer.")
