"""Ironsworn: Starforged — what is truly code: Lose Momentum at -6, position, legacy progress rolls, scenes.

Momentum is data (``sheet.yaml``, per the published Starforged rules in the corpus README): -6..+10, its
maximum 10 minus 1 per marked impact, the burn that replaces the action score and resets it to +2 (+1 with
one impact, 0 with more), a negative value cancelling an equal action die; supply reduced to 0 marks
unprepared. The core applies all of it; this class adds the rest.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import ClassVar

from assistant.engine.context import Resolution, option_bool
from assistant.engine.errors import InputError, RulesError
from assistant.engine.kinds import EffectKind
from assistant.engine.model import FollowUp
from assistant.engine.offers import offer_choice
from assistant.engine.outcomes import Outcome
from assistant.engine.ruleset import Ruleset
from assistant.engine.schema import ChoiceSpec, EffectSpec, FollowUpSpec, OptionSpec
from assistant.engine.tracks import Clock, LegacyTrack, ProgressTrack, Rank

MOMENTUM_MIN = -6
POSITION_NAMES = {"in_control": "in control", "bad_spot": "in a bad spot"}
#: The move to make instead when a fight move's position does not hold.
INSTEAD = {"strike": "Clash", "gain_ground": "React Under Fire", "clash": "Strike", "react_under_fire": "Gain Ground"}
#: The moves :meth:`StarforgedRuleset.after_roll` looks at.
AFTER_ROLL_MOVES = frozenset({"aid_your_ally", "begin_the_scene", "swear_an_iron_vow", "take_decisive_action"})
#: Suffer moves that roll only at 0 or when the player resists.
RESISTED = frozenset({"endure_harm", "endure_stress", "companion_takes_a_hit", "withstand_damage"})

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


def lose_momentum_at_minimum(loss: int) -> ChoiceSpec:
    """The choice at -6 momentum, its "different suffer move" carrying the momentum that could not be lost
    (Lose Momentum (-2) at -6: a suffer move of -2)."""
    if loss == 1:
        return LOSE_MOMENTUM_AT_MINIMUM
    different, undermine = LOSE_MOMENTUM_AT_MINIMUM.options
    follow = FollowUpSpec(suffer=-loss, text=f"Apply the cost (-{loss}) to a different suffer move")
    return LOSE_MOMENTUM_AT_MINIMUM.model_copy(
        update={"options": [different.model_copy(update={"follow_ups": [follow]}), undermine]}
    )


class StarforgedRuleset(Ruleset):
    system_id = "starforged"
    title = "Ironsworn: Starforged"
    data_dir = Path(__file__).parent
    extra_stats: ClassVar[frozenset[str]] = frozenset({"rank"})
    after_roll_moves: ClassVar[frozenset[str] | None] = AFTER_ROLL_MOVES
    finish_moves: ClassVar[frozenset[str] | None] = frozenset({"continue_a_legacy"})

    def adjust_meter(self, ctx: Resolution, name: str, delta: int, reason: str) -> int:
        if name == "momentum" and delta < 0 and self.meter_value(ctx, "momentum") == MOMENTUM_MIN:
            offer_choice(ctx, lose_momentum_at_minimum(-delta))
        return super().adjust_meter(ctx, name, delta, reason)

    def check_options(self, ctx: Resolution) -> None:
        super().check_options(ctx)
        extra = ctx.options.get("extra_points") if ctx.options else None
        if ctx.move.id == "repair" and isinstance(extra, int) and extra > 0:
            supply = self.meter_value(ctx, "supply")
            if "unprepared" in ctx.character.get("impacts", []) or extra > supply:
                have = "you are unprepared" if supply == 0 else f"you have {supply} supply"
                raise RulesError(
                    f"Repair exchanges each -1 of supply for 1 extra repair point, but {have}: "
                    f"sacrifice at most {supply} for extra points."
                )

    # ---- position -----------------------------------------------------------------------------
    def position(self, ctx: Resolution) -> str | None:
        if "in_control" in ctx.options:
            return "in_control" if option_bool(ctx, "in_control") else "bad_spot"
        return ctx.character.get("position")

    def requirement_message(self, ctx: Resolution) -> str:
        want = ctx.move.requires.position if ctx.move.requires else None
        have = self.position(ctx)
        if want and have != want:
            alternative = INSTEAD.get(ctx.move.id)
            hint = f" Make {alternative} instead." if alternative else ""
            return (
                f"{ctx.move.name} is made when you are {POSITION_NAMES[want]}, but you are "
                f"{POSITION_NAMES.get(have or '', 'not in a fight')}.{hint}"
            )
        return super().requirement_message(ctx)

    def no_roll_reason(self, ctx: Resolution) -> str:
        if ctx.move.id in RESISTED:
            return "the meter is above 0 and you did not choose to resist"
        return super().no_roll_reason(ctx)

    # ---- rolls --------------------------------------------------------------------------------
    def stat_value(self, ctx: Resolution, name: str) -> int:
        stats = ctx.character.get("stats", {})
        if name in stats and name != "rank":  # the core's first reading, inline
            return int(stats[name])
        if name == "rank":
            raw = ctx.options.get("rank") or (ctx.track.rank.value if ctx.track else None)
            if raw is None:
                ranks = [r.value for r in Rank]
                raise InputError(f"{ctx.move.name} rolls +their rank: give the rank.", missing="rank", choices=ranks)
            return Rank.parse(raw).bonus
        return super().stat_value(ctx, name)

    def progress_score(self, ctx: Resolution) -> int:
        kind = ctx.move.roll.track or ""
        if kind.startswith("legacy"):
            name = kind.partition(":")[2] or ctx.options.get("legacy")
            if name not in ("quests", "bonds", "discoveries"):
                legacies = ["quests", "bonds", "discoveries"]
                raise InputError(
                    f"{ctx.move.name}: which legacy track? quests, bonds or discoveries.", missing="legacy", choices=legacies
                )
            return LegacyTrack(**ctx.character["legacy"][name]).score
        return super().progress_score(ctx)

    def after_roll(self, ctx: Resolution) -> None:
        """Only for :data:`AFTER_ROLL_MOVES` (a move handled here is added there too)."""
        if ctx.move.id not in AFTER_ROLL_MOVES:
            return
        if ctx.move.id == "aid_your_ally" and not ctx.options.get("target"):
            ctx.notes.append("Name the ally you aid, so the benefits of the move go to them.")
        if ctx.move.id == "begin_the_scene":
            self._begin_the_scene(ctx)
        if ctx.move.id == "swear_an_iron_vow" and ctx.options.get("inherited_boxes"):
            self._inherited_progress(ctx, int(ctx.options["inherited_boxes"]))
        if ctx.move.id == "take_decisive_action" and ctx.roll == "progress":
            self._decisive_action_in_bad_spot(ctx)

    def finish(self, ctx: Resolution) -> None:
        """Only for Continue a Legacy (``finish_moves``)."""
        super().finish(ctx)
        boxes = ctx.options.get("quest_boxes") if ctx.options else None
        if ctx.move.id == "continue_a_legacy" and isinstance(boxes, int) and boxes // 2:
            ctx.follow_ups = [
                self._see_it_through(fu, boxes // 2) if fu.request and fu.request.get("move") == "swear_an_iron_vow" else fu
                for fu in ctx.follow_ups
            ]

    @staticmethod
    def _see_it_through(fu: FollowUp, half: int) -> FollowUp:
        """See it through: the vow is sworn with up to half the former character's progress (round down)."""
        request = dict(fu.request or {})
        request["options"] = {**request.get("options", {}), "inherited_boxes": half}
        reason = f"{fu.reason}; mark up to {half} box(es) of their progress on it at once"
        return fu.model_copy(update={"request": request, "reason": reason})

    def _inherited_progress(self, ctx: Resolution, boxes: int) -> None:
        """Swear an Iron Vow to see a former character's quest through: "You may immediately mark up to half their
        earned progress (round down) on this quest"."""
        if ctx.track is None or "track" not in ctx.started:
            ctx.notes.append("Name the vow and give it a rank to mark the inherited progress on it.")
            return
        before = ctx.track.ticks
        ctx.track = replace(ctx.track, ticks=min(40, before + boxes * 4))
        ctx.effect(
            EffectKind.PROGRESS,
            ctx.track.name,
            before=before,
            after=ctx.track.ticks,
            delta=ctx.track.ticks - before,
            reason=f"See it through: {boxes} box(es) of the former character's progress",
        )

    def _begin_the_scene(self, ctx: Resolution) -> None:
        """Begin the Scene: a formidable objective and a tension clock of 4, 6 or 8 segments."""
        segments = ctx.options.get("segments")
        if segments is None:
            ctx.notes.append(
                "Choose the tension clock: 4 segments (severely disadvantaged), 6 (equal footing) or 8 (strong advantage)."
            )
            return
        ctx.clock = Clock(segments=segments, filled=0, name="tension")
        name = ctx.track.name if ctx.track and ctx.track.name else "objective"
        ctx.track = ProgressTrack(rank=Rank.FORMIDABLE, ticks=0, name=name, kind="scene")
        ctx.started += ["track", "clock"]
        ctx.effect(EffectKind.CLOCK, "tension", before=None, after=0, reason=f"tension clock of {segments} segments")
        ctx.effect(EffectKind.PROGRESS, name, before=None, after=0, reason="the objective's rank is formidable")

    def _decisive_action_in_bad_spot(self, ctx: Resolution) -> None:
        position = self.position(ctx)
        if position is None:
            ctx.notes.append("Position not given: checked as in control (say in control: no, for a bad spot).")
            return
        if position != "bad_spot":
            return
        if ctx.outcome is Outcome.STRONG_HIT and not ctx.match:
            ctx.outcome = Outcome.WEAK_HIT
            ctx.notes.append("In a bad spot: a strong hit without a match counts as a weak hit.")
        elif ctx.outcome is Outcome.WEAK_HIT:
            ctx.outcome = Outcome.MISS
            ctx.notes.append("In a bad spot: a weak hit counts as a miss.")
