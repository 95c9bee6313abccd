"""Elegy — what is truly code (rules_index/corpus/elegy.txt; the readings are in moves.yaml).

The rest is data: the action roll without an action die or cap, focus (-6..+10, burned to replace the
action score and reset to +2/+1/0, its loss past -6 sent to Face a Setback), the "yes on N or greater"
oracle, the Match notes, the harm/stress/hunger ladders (``sheet.yaml``) and the option adds of a promise
or a bond (``moves.yaml``). This class adds:

* negative focus: each challenge die lower than the focus's size is rerolled once (focus -3: a 1 or a 2), and a
  reroll that is low again counts as a hit;
* harm given as the foe's rank (authentic faith: one rank more powerful; superstitions: +1);
* a weapon's benefit multiplying the progress marked when you harm a foe;
* experience per rank (troublesome 1 ... epic 5) for a concluded elegy or a bond;
* how far its rerolls reach, for the exact odds of an action roll at negative focus.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import ClassVar

from assistant.engine.context import Resolution, option_bool
from assistant.engine.errors import InputError
from assistant.engine.kinds import EffectKind
from assistant.engine.outcomes import Outcome
from assistant.engine.rolls import ChallengeRoll
from assistant.engine.ruleset import Ruleset
from assistant.engine.schema import EffectSpec
from assistant.engine.tracks import Rank

FOCUS = "focus"

#: Harm a foe deals by rank (Harm, lines 221-225).
HARM_BY_RANK: dict[Rank, int] = {
    Rank.TROUBLESOME: 1,
    Rank.DANGEROUS: 2,
    Rank.FORMIDABLE: 2,
    Rank.EXTREME: 3,
    Rank.EPIC: 3,
}


def experience_for(rank: Rank, shift: int = 0) -> int:
    """Experience per rank: troublesome 1 ... epic 5 (``shift`` -1 gives troublesome 0 ... epic 4)."""
    return max(0, list(Rank).index(rank) + 1 + shift)


def harm_for(rank: Rank, *, superstition: bool = False, authentic_faith: bool = False) -> int:
    """Harm dealt by a foe of ``rank``; authentic faith makes her one rank more powerful, superstitions +1."""
    if authentic_faith:
        rank = rank.shifted(1)
    return HARM_BY_RANK[rank] + (1 if superstition else 0)


class ElegyRuleset(Ruleset):
    system_id = "elegy"
    title = "Elegy"
    data_dir = Path(__file__).parent
    variants: ClassVar[dict[str, str]] = {"rank": "xp: experience per the track's rank (troublesome 1 ... epic 5)"}

    def check_options(self, ctx: Resolution) -> None:
        super().check_options(ctx)
        if "amount" in ctx.options and "foe_rank" in ctx.options:
            raise InputError("Give how much is lost, or the foe's rank, not both.", missing="amount")

    # ---- the action roll: rerolls below negative focus ---------------------------------------------
    def reroll_below(self, ctx: Resolution) -> int:
        """Negative focus: challenge dice lower than its size are rerolled (focus -3: a 1 or a 2)."""
        return max(0, -int(ctx.character[FOCUS]))

    def adjust_action_roll(self, ctx: Resolution, roll: ChallengeRoll, first: int) -> ChallengeRoll:
        """Negative focus: reroll, once, each challenge die lower than the focus's size."""
        limit = self.reroll_below(ctx)
        if limit == 0:
            return roll
        focus = -limit
        faces = list(roll.challenge)
        rerolled = False
        beaten = [False, False]
        for i in range(2):
            if faces[i] < limit:
                rerolled = True
                position = first + i
                ctx.source.rolled[position] = ctx.source.rolled[position].but(rerolled=True)
                new = ctx.source.roll(10, "challenge")
                # "You only need to do this once - if you score an 1 again, count it as a hit."
                beaten[i] = new.value < limit
                ctx.notes.append(
                    f"Focus {focus}: the challenge die {faces[i]} is lower than {limit}, rerolled once: {new.value}"
                    + (" (low again: it counts as a hit)." if beaten[i] else ".")
                )
                faces[i] = new.value
        if not rerolled:
            return roll
        challenge = (faces[0], faces[1])
        hits = sum(1 for i in range(2) if beaten[i] or roll.score > challenge[i])
        outcome = (Outcome.MISS, Outcome.WEAK_HIT, Outcome.STRONG_HIT)[hits]
        return replace(roll, challenge=challenge, outcome=outcome, match=challenge[0] == challenge[1])

    # ---- effects ------------------------------------------------------------------------------------
    def amount(self, ctx: Resolution, spec: EffectSpec) -> int:
        """Harm may be given as the foe's rank instead of an amount."""
        source = spec.amount
        rank_given = "foe_rank" in ctx.options
        unsaid = source is not None and source.option == "amount" and "amount" not in ctx.options and not rank_given
        if unsaid and spec.meter in ("health", "spirit") and "foe_rank" in self.options_for(ctx.move):
            what = "harm" if spec.meter == "health" else "stress"
            raise InputError(
                f"{ctx.move.name}: how much {what} do you suffer, as the situation deals it or by your foe's rank?",
                missing="amount",
            )
        by_rank = "amount" not in ctx.options and rank_given and spec.meter in ("health", "spirit")
        if source is not None and source.option == "amount" and by_rank:
            rank = Rank.parse(ctx.options["foe_rank"])
            faith = option_bool(ctx, "authentic_faith")
            superstition = spec.meter == "health" and option_bool(ctx, "superstition")  # superstitions add harm only
            harm = harm_for(rank, superstition=superstition, authentic_faith=faith)
            riders = [f"authentic faith: as {rank.shifted(1).value}"] if faith else []
            riders += ["superstition: +1"] if superstition else []
            article = "An" if rank.value[0] in "aeiou" else "A"
            what = "harm" if spec.meter == "health" else "stress"
            ctx.notes.append(f"{article} {rank.value} foe deals {harm} {what}" + (f" ({'; '.join(riders)})." if riders else "."))
            return spec.sign * harm
        return super().amount(ctx, spec)

    def apply_effect(self, ctx: Resolution, spec: EffectSpec) -> None:
        if spec.type == "xp" and spec.by == "rank":
            rank = self._track_rank(ctx)
            before, delta = int(ctx.character.get("xp", 0)), experience_for(rank, spec.rank_shift)
            ctx.character["xp"] = before + delta
            reason = spec.note or f"experience for a {rank.value} challenge"
            ctx.effect(EffectKind.XP, "xp", before=before, after=before + delta, delta=delta, reason=reason)
        elif spec.type == "mark_progress" and "weapon" in ctx.options:
            super().apply_effect(ctx, spec.model_copy(update={"times": spec.times * int(ctx.options["weapon"])}))
        else:
            super().apply_effect(ctx, spec)

    @staticmethod
    def _track_rank(ctx: Resolution) -> Rank:
        if ctx.track is not None:
            return ctx.track.rank
        if "rank" in ctx.options:
            return Rank.parse(ctx.options["rank"])
        ranks = [r.value for r in Rank]
        raise InputError(f"{ctx.move.name}: give the track (or its rank) to mark experience.", missing="rank", choices=ranks)
