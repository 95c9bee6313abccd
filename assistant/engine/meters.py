"""Meters change within their bounds, and the sheet's rules for them apply (``sheet.yaml``):

* ``at_max``: a gain that brings the meter to its maximum gives the other meter +1 and restarts this one,
  keeping the excess when it rolls over (Blades: heat -> wanted level; stress -> trauma);
* ``at_min``: a loss that brings it to its minimum marks an impact (Starforged: supply 0 -> unprepared);
* ``past_min``: a loss that does not fit below the minimum marks impacts in order, then offers a move
  (Elegy: health at 0 -> wounded, permanently harmed, then Face Last Death);
* ``max_less_per_impact``: the maximum falls per marked impact (Starforged momentum).
"""

from __future__ import annotations

from assistant.engine.context import Resolution
from assistant.engine.kinds import EffectKind
from assistant.engine.offers import follow_move
from assistant.engine.schema import EffectSpec


def default_max(ctx: Resolution, name: str) -> int:
    spec = ctx.ruleset.sheet.meters[name]
    return spec.max - spec.max_less_per_impact * len(ctx.character.get("impacts", []))


def change_meter(ctx: Resolution, name: str, delta: int, reason: str) -> int:
    """Change a meter within its bounds and record it; returns what a loss left below the minimum."""
    rules = ctx.ruleset
    spec = rules.sheet.meters[name]
    plan = rules.sheet_plan
    character = ctx.character
    # the core's meter_value and default_max worked out inline
    before = int(character.get(name, 0)) if plan.core_meter_value else rules.meter_value(ctx, name)
    impacts = len(character.get("impacts", []))
    top = spec.max - spec.max_less_per_impact * impacts if plan.core_meter_max else rules.meter_max(ctx, name)
    if spec.at_max is not None and delta > 0 and before + delta >= top:
        _reach_max(ctx, name, before, delta, reason)
        return 0
    raw = before + delta  # clamped to the bounds; what a loss left below the minimum is the overflow
    after = max(spec.min, min(top, raw))
    overflow = spec.min - raw if raw < spec.min else 0
    character[name] = after
    held = None if delta == 0 or after != before else "max" if delta > 0 else "min"  # a gain at full blood: at its maximum
    ctx.effect(EffectKind.METER, name, before=before, after=after, delta=after - before, reason=reason, held=held)
    at_min = spec.at_min
    if at_min is not None and delta < 0 and after == spec.min and at_min.impact not in character.get("impacts", []):
        rules.apply_effect(ctx, EffectSpec(type="impact", impact=at_min.impact, note=at_min.rule))
    return overflow


def _reach_max(ctx: Resolution, name: str, before: int, delta: int, reason: str) -> None:
    rules = ctx.ruleset
    spec = rules.sheet.meters[name]
    rule = spec.at_max
    assert rule is not None
    top, other_top = rules.meter_max(ctx, name), rules.meter_max(ctx, rule.meter)
    value, gained = before + delta, 0
    while value >= top and rules.meter_value(ctx, rule.meter) + gained < other_top:
        gained += 1
        value = spec.min + (value - top if rule.rolls_over else 0)
        if not rule.rolls_over:
            break
    after = min(value, top)
    ctx.character[name] = after
    held = "max" if after == before and not gained else None  # full, and nothing to roll over into
    ctx.effect(EffectKind.METER, name, before=before, after=after, delta=after - before, reason=reason, held=held)
    if gained:
        rules.adjust_meter(ctx, rule.meter, gained, rule.rule)
    if after == top:
        ctx.notes.append(
            f"{name.replace('_', ' ').capitalize()} is at {top} and {rule.meter.replace('_', ' ')} at its maximum ({other_top})."
        )


def past_min(ctx: Resolution, name: str, overflow: int) -> None:
    """A loss of ``overflow`` did not fit below the meter's minimum: apply its ``past_min`` rule, if any."""
    rule = ctx.ruleset.sheet.meters[name].past_min
    if rule is None or overflow <= 0:
        return
    impacts = ctx.character.setdefault("impacts", [])
    for impact in rule.impacts:
        if impact not in impacts:
            ctx.ruleset.apply_effect(
                ctx, EffectSpec(type="impact", impact=impact, note=f"{rule.rule}: mark {impact.replace('_', ' ')}")
            )
            return
    if rule.then is None:
        return
    if rule.carry is None:
        marked = " and ".join(i.replace("_", " ") for i in rule.impacts)
        follow_move(ctx, rule.then, f"{rule.rule}, with {marked} marked" if marked else rule.rule)
        return
    top = ctx.ruleset.options_for(ctx.ruleset.move_by_id(rule.then)).get(rule.carry)
    amount = min(overflow, top.max) if top is not None and top.max is not None else overflow
    follow_move(ctx, rule.then, f"{rule.rule}: {amount} more", {rule.carry: amount})


def clamp_to_max(ctx: Resolution) -> None:
    """After impacts change: a meter whose maximum falls per impact comes down to it."""
    rules = ctx.ruleset
    character = ctx.character
    core_max = rules.sheet_plan.core_meter_max
    for name, spec in rules.sheet.shrinking_meters:
        if name not in character:
            continue
        before = character[name]
        # the core's maximum (default_max) worked out inline
        impacts = len(character.get("impacts", []))
        top = spec.max - spec.max_less_per_impact * impacts if core_max else rules.meter_max(ctx, name)
        if before > top:
            character[name] = top
            ctx.effect(
                EffectKind.METER,
                name,
                before=before,
                after=top,
                delta=top - before,
                reason=f"max {name.replace('_', ' ')} is now {top} ({spec.max} minus {spec.max_less_per_impact} per impact)",
                rule=name.replace("_", " ").capitalize(),
            )
