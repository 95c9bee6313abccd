"""The doors to the character sheet: ``meter:<name>`` changes a meter within its bounds, ``impact:<name>`` marks
or clears an impact; the system's rules for either apply (see ``doors``)."""

from __future__ import annotations

from assistant.engine.context import Resolution
from assistant.engine.door_parts import MAX_DELTA, label, reason_of, unchanged, whole_number
from assistant.engine.errors import InputError, RulesError, UnknownNameError
from assistant.engine.ruleset import Ruleset
from assistant.engine.schema import EffectSpec
from assistant.engine.spellings import american_words

# ---- meter:<name> -------------------------------------------------------------------------------------


def meter_name(ruleset: Ruleset, name: str) -> str:
    key = name.strip().lower().lstrip("+").replace(" ", "_").replace("-", "_")
    meters = ruleset.sheet.meters
    if key in meters:
        return key
    words = {w for m in meters for w in m.split("_")}
    american = "_".join(american_words(w, words) for w in key.split("_"))  # "armour": armor
    if american in meters:
        return american
    if key in ruleset.sheet.stats:
        raise UnknownNameError(
            f"{label(key).capitalize()} is a stat, not a meter; the meters are {', '.join(map(label, meters))}.",
            missing="meter",
            choices=list(meters),
        )
    listed = ", ".join(map(label, meters)) or "none"
    raise UnknownNameError(
        f"There is no meter called '{label(key)}'; the meters are {listed}.", missing="meter", choices=list(meters)
    )


def apply_meter(ctx: Resolution, name: str) -> None:
    rules = ctx.ruleset
    has_delta, has_set = "delta" in ctx.options, "set" in ctx.options
    if has_delta == has_set:
        raise InputError(f"Say how {label(name)} changes: a change like -1 or +2, or the value to set it to.", missing="delta")
    before = rules.meter_value(ctx, name)
    if has_delta:
        delta = whole_number(ctx, "delta", -MAX_DELTA, MAX_DELTA, "The change")
        if delta == 0:
            raise InputError("A change of 0 changes nothing: give a change like -1 or +2.", missing="delta")
    else:
        spec = rules.sheet.meters[name]
        target = whole_number(ctx, "set", spec.min, rules.meter_max(ctx, name), f"{label(name).capitalize()}")
        delta = target - before
        if delta == 0:
            raise RulesError(f"{label(name).capitalize()} is already {before}; nothing changes.")
    default = f"{label(name)} {delta:+d}"
    rules.apply_effect(ctx, EffectSpec(type="meter", meter=name, delta=delta, note=reason_of(ctx, default)))
    if unchanged(ctx):
        edge = "maximum" if delta > 0 else "minimum"
        raise RulesError(f"{label(name).capitalize()} is already at its {edge} ({before}); nothing changes.")


# ---- impact:<name> ------------------------------------------------------------------------------------


def impact_name(ruleset: Ruleset, name: str) -> str:
    key = name.strip().lower().replace(" ", "_").replace("-", "_")
    impacts = ruleset.sheet.impacts
    if key in impacts:
        return key
    if not impacts:
        raise UnknownNameError(f"{ruleset.title} characters have no impacts to mark.", missing="impact")
    listed = ", ".join(map(label, impacts))
    raise UnknownNameError(f"There is no impact called {name!r}; the impacts are {listed}.", missing="impact", choices=impacts)


def apply_impact(ctx: Resolution, name: str) -> None:
    mark = ctx.options.get("mark", True)
    if not isinstance(mark, bool):
        raise InputError("Say whether to mark the impact (true) or clear it (false).", missing="mark", choices=[True, False])
    ctx.ruleset.apply_effect(
        ctx, EffectSpec(type="impact", impact=name, mark=mark, note=reason_of(ctx, "mark" if mark else "clear"))
    )
    if unchanged(ctx):
        raise RulesError(f"{label(name).capitalize()} is {'already marked' if mark else 'not marked'}; nothing changes.")
