"""The structured effects of moves (``type:`` in ``moves.yaml``), applied to a Resolution.

Each handler changes the working character, track or clock of the resolution and records an
:class:`~assistant.engine.model.Effect` saying what changed and why. Systems override
:meth:`Ruleset.apply_effect` for the few that are theirs (momentum in Starforged).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from assistant.engine.errors import InputError
from assistant.engine.kinds import EffectKind
from assistant.engine.schema import EffectSpec
from assistant.engine.tracks import LegacyTrack, Rank

if TYPE_CHECKING:
    from assistant.engine.resolution import Resolution


def amount(ctx: Resolution, spec: EffectSpec) -> int:
    """The signed amount of an effect: ``delta``, or a request option via ``delta_from``."""
    if spec.delta_from:
        from assistant.engine.resolution import option_int

        return spec.sign * option_int(ctx, spec.delta_from, 1, 3)
    if spec.delta is None:
        raise InputError(f"{ctx.move.id}: effect {spec.type} has no amount.")  # data error
    return spec.delta


def effect_meter(ctx: Resolution, spec: EffectSpec) -> None:
    assert spec.meter
    ctx.ruleset.adjust_meter(ctx, spec.meter, amount(ctx, spec), spec.note or f"{ctx.move.name}: {ctx.outcome.value}")


def effect_suffer(ctx: Resolution, spec: EffectSpec) -> None:
    """Suffer harm to a meter; what does not fit below 0 becomes lost momentum (Endure Harm etc.)."""
    assert spec.meter
    loss = amount(ctx, spec)
    overflow = ctx.ruleset.adjust_meter(ctx, spec.meter, loss, spec.note or f"{ctx.move.name}: suffer {loss} {spec.meter}")
    if overflow:
        ctx.ruleset.adjust_meter(
            ctx, "momentum", -overflow, f"{spec.meter} is 0: Lose Momentum equal to the remaining {overflow}"
        )


def effect_position(ctx: Resolution, spec: EffectSpec) -> None:
    before = ctx.character.get("position")
    ctx.character["position"] = spec.value
    ctx.effect(EffectKind.POSITION, "position", before=before, after=spec.value, reason=spec.note or ctx.outcome.value)


def effect_mark_progress(ctx: Resolution, spec: EffectSpec) -> None:
    if ctx.track is None:
        ctx.notes.append(f"Mark progress {spec.times}x: give options.track (rank and ticks) to apply it.")
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
        reason=f"mark progress x{spec.times} ({ctx.track.rank.value})",
        marks=spec.times,
    )


def effect_clear_progress(ctx: Resolution, spec: EffectSpec) -> None:
    """Clear progress boxes: ``by: lowest_challenge_die`` rolls both challenge dice anew and clears
    the lower value (recommit: "Roll both challenge dice, take the lowest value, and clear that number
    of progress boxes"); otherwise ``delta`` boxes."""
    if ctx.track is None:
        raise InputError(f"{ctx.move.name}: give options.track to clear progress on it.")
    if spec.by == "lowest_challenge_die":
        dice = ctx.source.roll_many(2, 10, "recommit")
        boxes = min(d.value for d in dice)
        reason = f"rolled {dice[0].value} and {dice[1].value}: clear {boxes} progress box(es)"
    else:
        boxes = spec.delta or 0
        reason = f"clear {boxes} progress box(es)"
    before = ctx.track.ticks
    ctx.track = ctx.track.clear_boxes(boxes)
    ctx.effect(
        EffectKind.PROGRESS,
        ctx.track.name or "track",
        before=before,
        after=ctx.track.ticks,
        delta=ctx.track.ticks - before,
        reason=reason,
    )


def effect_raise_rank(ctx: Resolution, spec: EffectSpec) -> None:
    if ctx.track is None:
        raise InputError(f"{ctx.move.name}: give options.track to raise its rank.")
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
    n = amount(ctx, spec)
    if ctx.clock is None:
        ctx.notes.append(f"Fill {n} clock segment(s): give options.clock to apply it.")
        ctx.effect(EffectKind.CLOCK, "clock", delta=n, reason=f"fill {n} segment(s) (clock not given)")
        return
    before = ctx.clock.filled
    ctx.clock = ctx.clock.fill(n)
    ctx.effect(
        EffectKind.CLOCK,
        ctx.clock.name or "clock",
        before=before,
        after=ctx.clock.filled,
        delta=ctx.clock.filled - before,
        reason=f"fill {n} segment(s)",
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
    ctx.effect(
        EffectKind.IMPACT, spec.impact, before=had, after=spec.mark, reason=spec.note or ("mark" if spec.mark else "clear")
    )
    ctx.ruleset.impacts_changed(ctx)


def legacy_mark(ctx: Resolution, track: str, ticks: int, reason: str) -> None:
    legacy = ctx.character.get("legacy")
    if not isinstance(legacy, dict) or track not in legacy:
        raise InputError(f"This character has no {track} legacy track.")
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
    legacy_mark(ctx, spec.track, spec.ticks, spec.note or f"mark {spec.ticks} tick(s) on {spec.track}")


def effect_legacy_reward(ctx: Resolution, spec: EffectSpec) -> None:
    """Legacy reward per the completed track's rank (optionally shifted: 'one rank lower')."""
    assert spec.track
    if ctx.track is None:
        raise InputError(f"{ctx.move.name}: give options.track (with its rank) to mark the legacy reward.")
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
    n = amount(ctx, spec)
    before = ctx.character.get("xp", 0)
    ctx.character["xp"] = max(0, before + n)
    ctx.effect(EffectKind.XP, "xp", before=before, after=ctx.character["xp"], delta=n, reason=spec.note)


def effect_next_move_add(ctx: Resolution, spec: EffectSpec) -> None:
    n = amount(ctx, spec)
    before = ctx.character.get("next_move_add", 0)
    ctx.character["next_move_add"] = before + n
    ctx.effect(
        EffectKind.NEXT_MOVE_ADD,
        "next_move_add",
        before=before,
        after=before + n,
        delta=n,
        reason="add on your next move (not a progress move)",
    )


HANDLERS = {
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
}
