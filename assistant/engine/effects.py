"""The structured effects of moves (``type:`` in ``moves.yaml``), applied to a Resolution.

Each handler changes the working character, track or clock and records an
:class:`~assistant.engine.model.Effect` saying what changed and why. A system's
:meth:`~assistant.engine.ruleset.Ruleset.apply_effect` handles its own variants (``by:``) and passes the
rest here; amounts come from :meth:`~assistant.engine.ruleset.Ruleset.amount`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from assistant.engine.context import Resolution, option_int
from assistant.engine.errors import ConfigError, InputError, RulesError
from assistant.engine.kinds import EffectKind
from assistant.engine.meters import past_min
from assistant.engine.outcomes import Outcome
from assistant.engine.schema import EffectSpec
from assistant.engine.tracks import TICKS_PER_BOX, LegacyTrack, Rank, kind_word, segments_word


def core_amount(ctx: Resolution, spec: EffectSpec) -> int:
    """The signed amount of an effect: ``delta``, or its ``amount`` (an option, a meter's value, the roll's score)."""
    if spec.delta is not None:
        return spec.delta
    source = spec.amount
    if source is None:
        raise ConfigError(f"{ctx.move.id}: a {spec.type} effect has no amount.")
    if source.option is not None:
        base = option_int(ctx, source.option, default=source.default)
    elif source.meter is not None:
        base = ctx.ruleset.meter_value(ctx, source.meter)
    else:
        base = int(ctx.score or 0)
    return spec.sign * (base + source.plus)


#: Each outcome in words (``strong hit``), as an effect's default reason says it.
_OUTCOME_WORDS = {outcome: outcome.value.replace("_", " ") for outcome in Outcome}


def _reason(ctx: Resolution, spec: EffectSpec, default: str) -> str:
    return spec.note or default


def _track(ctx: Resolution, what: str) -> None:
    if ctx.track is None:
        raise InputError(f"{ctx.move.name}: give the progress track to {what}.", missing="track")


def effect_meter(ctx: Resolution, spec: EffectSpec) -> None:
    assert spec.meter
    delta = ctx.ruleset.amount(ctx, spec)
    overflow = ctx.ruleset.adjust_meter(ctx, spec.meter, delta, spec.note or f"{ctx.move.name}: {_OUTCOME_WORDS[ctx.outcome]}")
    if delta < 0:
        past_min(ctx, spec.meter, overflow)


def effect_suffer(ctx: Resolution, spec: EffectSpec) -> None:
    """A suffer move's loss; what does not fit below 0 comes off the sheet's ``suffer_overflow`` meter."""
    assert spec.meter
    loss = ctx.ruleset.amount(ctx, spec)
    lost = f"{ctx.move.name}: {abs(loss)} {spec.meter.replace('_', ' ')} lost"  # not "suffer -2 health" beside "(-2)"
    overflow = ctx.ruleset.adjust_meter(ctx, spec.meter, loss, _reason(ctx, spec, lost))
    sink = ctx.ruleset.sheet.spec.suffer_overflow
    if overflow and sink is not None:
        more = ctx.ruleset.adjust_meter(
            ctx, sink, -overflow, f"{spec.meter.replace('_', ' ')} is 0: suffer -{sink} equal to the remaining {overflow}"
        )
        past_min(ctx, sink, more)


def effect_position(ctx: Resolution, spec: EffectSpec) -> None:
    before = ctx.character.get("position")
    ctx.character["position"] = spec.value
    ctx.effect(
        EffectKind.POSITION,
        "position",
        before=before,
        after=spec.value,
        reason=_reason(ctx, spec, ctx.outcome.value.replace("_", " ")),
    )


def effect_mark_progress(ctx: Resolution, spec: EffectSpec) -> None:
    if ctx.track is None:
        ctx.notes.append(f"Mark progress {spec.times}x: give the track (its rank and ticks) to apply it.")
        ctx.effect(EffectKind.PROGRESS, "track", reason=f"mark progress x{spec.times} (track not given)", marks=spec.times)
        return
    before = ctx.track.ticks
    ctx.track = ctx.track.mark(spec.times)
    ctx.effect(
        EffectKind.PROGRESS,
        ctx.track.name or "track",
        before=before,
        after=ctx.track.ticks,
        delta=ctx.track.ticks - before,
        reason=_reason(ctx, spec, f"mark progress x{spec.times} ({ctx.track.rank.value})"),
        marks=spec.times,
    )


def effect_clear_progress(ctx: Resolution, spec: EffectSpec) -> None:
    """Clear progress: ``by: lowest_challenge_die`` rolls both challenge dice anew and clears the lower value in
    boxes (recommit); ``rank_unit`` clears one unit per the rank (``amount`` units when the move takes it);
    ``all_but_one_box`` / ``half_boxes``; otherwise ``delta`` boxes."""
    _track(ctx, "clear progress on it")
    assert ctx.track is not None
    track = ctx.track
    if spec.by == "lowest_challenge_die":
        dice = ctx.source.roll_many(2, 10, "recommit")
        boxes = min(d.value for d in dice)
        cleared = f"clear {boxes} progress box{'' if boxes == 1 else 'es'}"
        after, reason = track.clear_boxes(boxes), f"rolled {dice[0].value} and {dice[1].value}: {cleared}"
    elif spec.by == "rank_unit":
        units = option_int(ctx, "amount", default=1) if "amount" in ctx.ruleset.options_for(ctx.move) else 1
        after = track.clear_ticks(units * track.rank.ticks_per_mark)
        reason = "clear 1 unit of progress per its rank" if units == 1 else f"clear {units} units of progress per its rank"
        reason += f" ({track.rank.value})"
    elif spec.by == "all_but_one_box":
        after, reason = track.clear_ticks(max(0, track.ticks - TICKS_PER_BOX)), "clear all but one filled progress box"
    elif spec.by == "half_boxes":
        half = track.boxes // 2
        after, reason = track.clear_boxes(half), f"clear half the progress boxes ({half})"
    else:
        boxes = spec.delta or 0
        after, reason = track.clear_boxes(boxes), f"clear {boxes} progress box{'' if boxes == 1 else 'es'}"
    ctx.track = after
    ctx.effect(
        EffectKind.PROGRESS,
        track.name or "track",
        before=track.ticks,
        after=after.ticks,
        delta=after.ticks - track.ticks,
        reason=_reason(ctx, spec, reason),
    )


def effect_start_track(ctx: Resolution, spec: EffectSpec) -> None:
    """The move starts a progress track (a vow sworn, a fight entered): the request's ``track`` names a new one
    (a name and a rank, no progress yet), which the Result reports as started. A track given with its
    progress is one already running: nothing starts."""
    kind = spec.value or "vow"
    raw = ctx.options.get("track")
    if raw is None:
        ctx.notes.append(f"Name the {kind} and give it a rank to start its progress track.")
        return
    if not isinstance(raw, dict) or "ticks" in raw or "boxes" in raw or ctx.track is None:
        return
    if not str(raw.get("name", "")).strip():
        raise InputError(f"Name the {kind} to start its progress track.", missing="track")
    if "rank" not in raw:
        ranks = [r.value for r in Rank]
        raise InputError(f"Give the {kind} a rank: {', '.join(ranks)}.", missing="rank", choices=ranks)
    ctx.track = replace(ctx.track, kind=kind, ticks=0, name=str(raw["name"]).strip())
    ctx.started.append("track")
    ctx.effect(
        EffectKind.PROGRESS, ctx.track.name, before=None, after=0, reason=f"a new {ctx.track.rank.value} {kind_word(kind)}"
    )


def effect_raise_rank(ctx: Resolution, spec: EffectSpec) -> None:
    _track(ctx, "raise its rank")
    assert ctx.track is not None
    before = ctx.track.rank.value
    ctx.track = ctx.track.raise_rank()
    ctx.effect(
        EffectKind.RANK,
        ctx.track.name or "track",
        before=before,
        after=ctx.track.rank.value,
        reason="raise the rank by one (if not already epic)",
    )


def effect_clear_track(ctx: Resolution, spec: EffectSpec) -> None:
    if ctx.track is None:
        ctx.effect(EffectKind.PROGRESS, "track", reason="clear the track")
        return
    before = ctx.track.ticks
    ctx.track = ctx.track.clear_ticks(before)
    ctx.effect(EffectKind.PROGRESS, ctx.track.name or "track", before=before, after=0, delta=-before, reason="clear the track")


def effect_clock(ctx: Resolution, spec: EffectSpec) -> None:
    n = ctx.ruleset.amount(ctx, spec)
    if ctx.clock is None:
        ctx.notes.append(f"Fill {n} clock {segments_word(n)}: give the clock to apply it.")
        ctx.effect(EffectKind.CLOCK, "clock", delta=n, reason=f"fill {n} {segments_word(n)} (clock not given)")
        return
    before = ctx.clock.filled
    ctx.clock = ctx.clock.fill(n)
    ctx.effect(
        EffectKind.CLOCK,
        ctx.clock.name or "clock",
        before=before,
        after=ctx.clock.filled,
        delta=ctx.clock.filled - before,
        reason=f"fill {n} {segments_word(n)}",
    )
    if ctx.clock.full:
        ctx.notes.append("The clock is full.")


def effect_impact(ctx: Resolution, spec: EffectSpec) -> None:
    assert spec.impact
    impacts: list[str] = ctx.character.setdefault("impacts", [])
    had = spec.impact in impacts
    if spec.mark and not had:
        impacts.append(spec.impact)
    elif not spec.mark and had:
        impacts.remove(spec.impact)
    else:
        return
    reason = _reason(ctx, spec, "mark" if spec.mark else "clear")
    ctx.effect(EffectKind.IMPACT, spec.impact, before=had, after=spec.mark, reason=reason)
    ctx.ruleset.impacts_changed(ctx)


def legacy_mark(ctx: Resolution, track: str, ticks: int, reason: str) -> None:
    legacy = ctx.character.get("legacy")
    if not isinstance(legacy, dict) or track not in legacy:
        raise InputError(f"This character has no {track} legacy track.", missing="legacy")
    current = LegacyTrack(**legacy[track])
    updated, xp = current.mark_ticks(ticks)
    legacy[track] = updated.to_dict()
    ctx.effect(EffectKind.LEGACY, track, before=current.to_dict(), after=updated.to_dict(), delta=ticks, reason=reason)
    if xp:
        before = ctx.character.get("xp", 0)
        ctx.character["xp"] = before + xp
        ctx.effect(
            EffectKind.XP,
            "xp",
            before=before,
            after=before + xp,
            delta=xp,
            reason=f"Earn Experience: {xp} xp for filled {track} legacy box(es)",
            rule="Earn Experience",
        )


def effect_legacy_ticks(ctx: Resolution, spec: EffectSpec) -> None:
    assert spec.track and spec.ticks is not None
    legacy_mark(ctx, spec.track, spec.ticks, _reason(ctx, spec, f"mark {spec.ticks} tick(s) on {spec.track}"))


def effect_legacy_reward(ctx: Resolution, spec: EffectSpec) -> None:
    """Legacy reward per the completed track's rank (optionally shifted: 'one rank lower')."""
    assert spec.track
    _track(ctx, "mark the legacy reward (its rank sets the reward)")
    assert ctx.track is not None
    rank: Rank = ctx.track.rank
    shifted = rank.shifted(spec.rank_shift)
    if spec.rank_shift < 0 and rank is Rank.TROUBLESOME:
        ctx.notes.append("A troublesome reward made one rank lower marks nothing.")
        return
    legacy_mark(
        ctx,
        spec.track,
        shifted.legacy_reward_ticks,
        f"legacy reward for a {rank.value} {ctx.track.kind}" + (" (one rank lower)" if spec.rank_shift < 0 else ""),
    )


def effect_xp(ctx: Resolution, spec: EffectSpec) -> None:
    n = ctx.ruleset.amount(ctx, spec)
    before = int(ctx.character.get("xp", 0))
    if before + n < 0:
        raise RulesError(f"You have {before} experience; {spec.note or ctx.move.name} needs {-n}.")
    ctx.character["xp"] = before + n
    ctx.effect(EffectKind.XP, "xp", before=before, after=before + n, delta=n, reason=spec.note)


def effect_next_move_add(ctx: Resolution, spec: EffectSpec) -> None:
    field = ctx.ruleset.sheet.spec.next_move_add
    if field is None:
        raise ConfigError(f"{ctx.move.id}: {ctx.ruleset.system_id} keeps no add for the next move (sheet next_move_add).")
    n = ctx.ruleset.amount(ctx, spec)
    before = int(ctx.character.get(field, 0))
    ctx.character[field] = before + n
    ctx.effect(
        EffectKind.NEXT_MOVE_ADD,
        field,
        before=before,
        after=before + n,
        delta=n,
        reason="add on your next move (not a progress move)",
    )


def effect_reset(ctx: Resolution, spec: EffectSpec) -> None:
    """Reset the burn meter (momentum, focus) to its reset value."""
    from_burn = ctx.ruleset.sheet.spec.burn
    if from_burn is None:
        raise ConfigError(f"{ctx.move.id}: {ctx.ruleset.system_id} has no meter that resets.")
    reset_meter(ctx, _reason(ctx, spec, f"reset {from_burn.meter}"), EffectKind.RESET)


def reset_value(ctx: Resolution) -> int:
    """What the burn meter resets to: the sheet's reset by the number of impacts marked (+2, +1, 0...)."""
    burn = ctx.ruleset.sheet.spec.burn
    assert burn is not None
    impacts = len(ctx.character.get("impacts", []))
    return burn.reset[min(impacts, len(burn.reset) - 1)]


def reset_meter(ctx: Resolution, reason: str, kind: EffectKind) -> None:
    burn = ctx.ruleset.sheet.spec.burn
    assert burn is not None
    before = int(ctx.character[burn.meter])
    after = reset_value(ctx)
    ctx.character[burn.meter] = after
    ctx.effect(kind, burn.meter, before=before, after=after, delta=after - before, reason=reason, rule=burn.meter.capitalize())


HANDLERS: dict[str, Callable[[Resolution, EffectSpec], None]] = {
    "meter": effect_meter,
    "suffer": effect_suffer,
    "position": effect_position,
    "mark_progress": effect_mark_progress,
    "clear_progress": effect_clear_progress,
    "raise_rank": effect_raise_rank,
    "clear_track": effect_clear_track,
    "clock": effect_clock,
    "impact": effect_impact,
    "legacy_ticks": effect_legacy_ticks,
    "legacy_reward": effect_legacy_reward,
    "xp": effect_xp,
    "next_move_add": effect_next_move_add,
    "momentum_reset": effect_reset,
    "start_track": effect_start_track,
}
