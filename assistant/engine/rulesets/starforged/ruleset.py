"""Ironsworn: Starforged — what is truly code: momentum, position, legacy progress rolls.

Momentum (published Starforged rules, per the corpus README): -6..+10; max momentum is 10 minus 1
per marked impact; momentum resets to +2 (+1 with one impact, 0 with more); burning replaces the
action score with momentum, then momentum resets, before the move's own effects apply; negative
momentum cancels an action die equal to its absolute value.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from assistant.engine import rolls
from assistant.engine.errors import InputError, RulesError
from assistant.engine.kinds import EffectKind
from assistant.engine.model import Burn
from assistant.engine.outcomes import Outcome, challenge_outcome
from assistant.engine.resolution import Resolution, choose_stat, offer_choice, option_bool
from assistant.engine.ruleset import Ruleset
from assistant.engine.schema import ChoiceSpec, EffectSpec, FollowUpSpec, OptionSpec
from assistant.engine.tracks import Clock, LegacyTrack, ProgressTrack, Rank

MOMENTUM_MIN = -6
MOMENTUM_MAX = 10

POSITION_NAMES = {"in_control": "in control", "bad_spot": "in a bad spot"}


def max_momentum(character: dict[str, Any]) -> int:
    return MOMENTUM_MAX - len(character.get("impacts", []))


def momentum_reset(character: dict[str, Any]) -> int:
    n = len(character.get("impacts", []))
    return 2 if n == 0 else 1 if n == 1 else 0


#: Lose Momentum: "When your momentum is at its minimum (-6) and you must suffer -momentum, choose one."
LOSE_MOMENTUM_AT_MINIMUM = ChoiceSpec(
    id="lose_momentum_at_minimum",
    prompt="Your momentum is at its minimum (-6): choose how the price is paid",
    options=[
        OptionSpec(
            id="different_suffer_move",
            label="Envision how the price is paid and apply the cost to a different suffer move.",
            follow_ups=[FollowUpSpec(suffer=-1, text="Apply the cost to a different suffer move")],
        ),
        OptionSpec(
            id="undermine_progress",
            label="Envision how this undermines your progress on a vow, expedition, connection, or combat. "
            "Then, clear 1 unit of progress on that track per its rank.",
            effects=[EffectSpec(type="clear_progress", by="rank_unit")],
        ),
    ],
)


class StarforgedRuleset(Ruleset):
    system_id = "starforged"
    title = "Ironsworn: Starforged"
    data_dir = Path(__file__).parent
    common_options = {
        "burn": "true to burn momentum when it beats the action score (action rolls only)",
        "in_control": "true if you are in control in a fight, false if in a bad spot",
        "choose": "ids of the options you pick from the result's choices",
        "track": "the progress track: {name, rank, ticks}",
        "rank": "rank of the track (troublesome, dangerous, formidable, extreme, epic)",
        "progress_ticks": "ticks on the track (0-40)",
        "progress_boxes": "filled boxes on the track (0-10)",
        "clock": "the scene's tension clock: {segments, filled}",
        "segments": "Begin the Scene: tension clock segments (4 severely disadvantaged, 6 equal footing, 8 strong advantage)",
    }

    # ---- meters -------------------------------------------------------------------------------
    def meter_max(self, ctx: Any, name: str) -> int:
        if name == "momentum":
            return max_momentum(ctx.character)
        return super().meter_max(ctx, name)

    def adjust_meter(self, ctx: Any, name: str, delta: int, reason: str) -> int:
        if name == "momentum" and delta < 0 and self.meter_value(ctx, "momentum") == MOMENTUM_MIN:
            offer_choice(ctx, LOSE_MOMENTUM_AT_MINIMUM)
        overflow = super().adjust_meter(ctx, name, delta, reason)
        if name == "supply" and ctx.character["supply"] == 0 and delta < 0 and "unprepared" not in ctx.character["impacts"]:
            self.apply_effect(
                ctx,
                EffectSpec(
                    type="impact",
                    impact="unprepared",
                    note="Sacrifice Resources: supply exhausted (reduced to 0), mark unprepared",
                ),
            )
        return overflow

    def impacts_changed(self, ctx: Any) -> None:
        top = max_momentum(ctx.character)
        if ctx.character["momentum"] > top:
            before = ctx.character["momentum"]
            ctx.character["momentum"] = top
            ctx.effect(
                EffectKind.METER,
                "momentum",
                before=before,
                after=top,
                delta=top - before,
                reason=f"max momentum is now {top} (10 minus 1 per impact)",
                rule="Momentum",
            )

    def apply_effect(self, ctx: Any, spec: EffectSpec) -> None:
        if spec.type == "momentum_reset":
            self._reset_momentum(ctx, spec.note or "reset momentum")
        elif spec.type == "clear_progress" and spec.by == "rank_unit":
            self._clear_rank_unit(ctx)
        else:
            super().apply_effect(ctx, spec)

    def _reset_momentum(self, ctx: Any, reason: str, kind: EffectKind = EffectKind.RESET) -> None:
        before = ctx.character["momentum"]
        after = momentum_reset(ctx.character)
        ctx.character["momentum"] = after
        ctx.effect(kind, "momentum", before=before, after=after, delta=after - before, reason=reason, rule="Momentum")

    def _clear_rank_unit(self, ctx: Any) -> None:
        """Lose Momentum at -6: clear 1 unit of progress per rank (troublesome=3 boxes; dangerous=2 boxes;
        formidable=1 box; extreme=2 ticks; epic=1 tick) — one 'mark progress' in reverse."""
        if ctx.track is None:
            raise InputError("Give options.track (rank and ticks) to clear progress on it.")
        before = ctx.track.ticks
        ctx.track = ctx.track.clear_ticks(ctx.track.rank.ticks_per_mark)
        ctx.effect(
            EffectKind.PROGRESS,
            ctx.track.name or "track",
            before=before,
            after=ctx.track.ticks,
            delta=ctx.track.ticks - before,
            reason="clear 1 unit of progress per its rank",
            rule="Lose Momentum",
        )

    # ---- position -----------------------------------------------------------------------------
    def position(self, ctx: Any) -> str | None:
        if "in_control" in ctx.options:
            return "in_control" if option_bool(ctx, "in_control") else "bad_spot"
        return ctx.character.get("position")

    def requirement_message(self, ctx: Any) -> str:
        want = ctx.move.requires.position if ctx.move.requires else None
        have = self.position(ctx)
        if want and have != want:
            alternative = {
                "strike": "Clash",
                "gain_ground": "React Under Fire",
                "clash": "Strike",
                "react_under_fire": "Gain Ground",
            }.get(ctx.move.id)
            hint = f" Make {alternative} instead." if alternative else ""
            return (
                f"{ctx.move.name} is made when you are {POSITION_NAMES[want]}, but you are "
                f"{POSITION_NAMES.get(have or '', 'not in a fight')}.{hint}"
            )
        return super().requirement_message(ctx)

    def no_roll_reason(self, ctx: Any) -> str:
        if ctx.move.id in {"endure_harm", "endure_stress", "companion_takes_a_hit", "withstand_damage"}:
            return "the meter is above 0 and you did not choose to resist (options.resist)"
        return super().no_roll_reason(ctx)

    # ---- rolls --------------------------------------------------------------------------------
    def stat_value(self, ctx: Any, name: str) -> int:
        if name == "rank":
            raw = ctx.options.get("rank") or (ctx.track.rank.value if ctx.track else None)
            if raw is None:
                raise InputError(f"{ctx.move.name} rolls +their rank: give options.rank.")
            return Rank.parse(raw).bonus
        return super().stat_value(ctx, name)

    def do_action_roll(self, ctx: Resolution) -> None:
        ctx.stat, ctx.stat_value = choose_stat(ctx)
        pending = ctx.character.get("next_move_add", 0)
        if pending:
            ctx.adds += pending
            ctx.character["next_move_add"] = 0
            ctx.effect(
                EffectKind.NEXT_MOVE_ADD,
                "next_move_add",
                before=pending,
                after=0,
                delta=-pending,
                reason=f"+{pending} on this move (from an earlier move)",
            )
        ctx.source.require_forced(3, f"{ctx.move.name}'s action roll")
        momentum = ctx.character["momentum"]
        roll = rolls.action_roll(ctx.source, ctx.stat_value, ctx.adds, momentum=momentum)
        self._take_challenge(ctx, roll)
        if roll.cancelled:
            ctx.notes.append(f"Negative momentum ({momentum}) cancelled the action die ({roll.action_die}).")
        if roll.raw_score > roll.score:
            ctx.notes.append(f"Action score {roll.raw_score} capped at {roll.score}.")

    def progress_score(self, ctx: Any) -> int:
        kind = ctx.move.roll.track or ""
        if kind.startswith("legacy"):
            name = kind.partition(":")[2] or ctx.options.get("legacy")
            if name not in ("quests", "bonds", "discoveries"):
                raise InputError(f"{ctx.move.name}: give options.legacy (quests, bonds or discoveries).")
            track = LegacyTrack(**ctx.character["legacy"][name])
            ctx.extra["legacy_track"] = name
            return track.score
        return super().progress_score(ctx)

    def check_options(self, ctx: Any) -> None:
        super().check_options(ctx)
        if ctx.options.get("burn") and ctx.move.roll.type != "action":
            raise RulesError(f"Momentum can't be burned on {ctx.move.name}: only action rolls can burn momentum.")
        if "burn" in ctx.options:
            option_bool(ctx, "burn")

    def after_roll(self, ctx: Resolution) -> None:
        if ctx.move.id == "begin_the_scene":
            self._begin_the_scene(ctx)
        if ctx.roll == "action" and ctx.challenge is not None:
            self._momentum_burn(ctx)
        if ctx.move.id == "take_decisive_action" and ctx.roll == "progress":
            self._decisive_action_in_bad_spot(ctx)

    def _momentum_burn(self, ctx: Resolution) -> None:
        assert ctx.challenge is not None and ctx.score is not None
        momentum = ctx.character["momentum"]
        burned = challenge_outcome(momentum, ctx.challenge)
        rank = [Outcome.MISS, Outcome.WEAK_HIT, Outcome.STRONG_HIT]
        improves = momentum > 0 and rank.index(burned) > rank.index(ctx.outcome)
        reset = momentum_reset(ctx.character)
        if not ctx.options.get("burn"):
            if improves:
                ctx.burn = Burn(meter="momentum", before=momentum, after=reset, available=True, outcome=burned)
            return
        if not improves:
            ctx.burn = Burn(meter="momentum", before=momentum, after=reset, outcome=ctx.outcome)
            ctx.notes.append(
                f"Momentum not burned: {momentum} would not beat more challenge dice than the action score {ctx.score}."
            )
            return
        ctx.burn = Burn(
            meter="momentum",
            before=momentum,
            after=reset,
            burned=True,
            outcome=burned,
            score_before=ctx.score,
            outcome_before=ctx.outcome,
        )
        ctx.score = momentum
        ctx.outcome = burned
        self._reset_momentum(ctx, f"burned {momentum} momentum: it replaces the action score", kind=EffectKind.BURN)

    def _begin_the_scene(self, ctx: Resolution) -> None:
        """Begin the Scene: a formidable objective and a tension clock of 4, 6 or 8 segments."""
        segments = ctx.options.get("segments")
        if segments is None:
            ctx.notes.append(
                "Choose the tension clock: options.segments 4 (severely disadvantaged), "
                "6 (equal footing) or 8 (strong advantage)."
            )
            return
        if segments not in (4, 6, 8) or isinstance(segments, bool):
            raise InputError(f"A scene's tension clock has 4, 6 or 8 segments; got {segments!r}.")
        ctx.clock = Clock(segments=segments, filled=0, name="tension")
        ctx.track = ProgressTrack(
            rank=Rank.FORMIDABLE, ticks=0, name=ctx.track.name if ctx.track and ctx.track.name else "objective", kind="scene"
        )
        ctx.started += ["track", "clock"]
        ctx.effect(EffectKind.CLOCK, "tension", before=None, after=0, reason=f"tension clock of {segments} segments")
        ctx.effect(EffectKind.PROGRESS, "objective", before=None, after=0, reason="the objective's rank is formidable")

    def _decisive_action_in_bad_spot(self, ctx: Resolution) -> None:
        position = self.position(ctx)
        if position is None:
            ctx.notes.append("Position not given: checked as in control (options.in_control: false for a bad spot).")
            return
        if position != "bad_spot":
            return
        if ctx.outcome is Outcome.STRONG_HIT and not ctx.match:
            ctx.outcome = Outcome.WEAK_HIT
            ctx.notes.append("In a bad spot: a strong hit without a match counts as a weak hit.")
        elif ctx.outcome is Outcome.WEAK_HIT:
            ctx.outcome = Outcome.MISS
            ctx.notes.append("In a bad spot: a weak hit counts as a miss.")

    def finish(self, ctx: Resolution) -> None:
        if ctx.character["momentum"] > max_momentum(ctx.character):  # pragma: no cover - guarded in adjust_meter
            ctx.character["momentum"] = max_momentum(ctx.character)
