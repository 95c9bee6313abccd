"""Blades harm and the healing clock: new harm clears the healing clock's ticks; a full clock (4 segments)
makes every harm one level lower, and the extra segments roll over."""

from __future__ import annotations

from typing import Any

from assistant.engine.context import Resolution
from assistant.engine.kinds import EffectKind
from assistant.engine.rulesets.blades import crew
from assistant.engine.schema import EffectSpec


def take_harm(ctx: Resolution, spec: EffectSpec) -> None:
    harm: list[dict[str, Any]] = ctx.character["harm"]
    before = [dict(h) for h in harm]
    if spec.by == "clear_all":
        ctx.character["harm"] = []
        ctx.effect(EffectKind.HARM, "harm", before=before, after=[], reason=spec.note)
        return
    level = int(spec.delta or 1)
    harm.append({"level": level, "name": spec.note or f"level {level} harm"})
    ctx.effect(EffectKind.HARM, "harm", before=before, after=[dict(h) for h in harm], delta=level, reason=spec.note)
    clock = ctx.character["healing_clock"]
    if clock["filled"]:
        ctx.effect(
            EffectKind.CLOCK,
            "healing_clock",
            before=clock["filled"],
            after=0,
            delta=-clock["filled"],
            reason="new harm clears any ticks on your healing clock",
            rule="Recover",
        )
        clock["filled"] = 0


def fill_healing_clock(ctx: Resolution, segments: int) -> None:
    clock = ctx.character["healing_clock"]
    before, total = clock["filled"], clock["filled"] + segments
    while total >= clock["segments"]:
        total -= clock["segments"]
        old = [dict(h) for h in ctx.character["harm"]]
        ctx.character["harm"] = crew.reduce_harm(ctx.character["harm"])
        ctx.effect(
            EffectKind.HARM,
            "harm",
            before=old,
            after=[dict(h) for h in ctx.character["harm"]],
            reason="healing clock full: every harm one level lower, then clear the clock",
        )
    clock["filled"] = total
    ctx.effect(
        EffectKind.CLOCK,
        "healing_clock",
        before=before,
        after=total,
        delta=segments,
        reason=f"mark {segments} segment{'' if segments == 1 else 's'} on the healing clock (extra segments roll over)",
    )
