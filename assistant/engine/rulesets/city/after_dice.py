"""What a city roll does after the dice: a tier bumped by marking a History or perceiving a Demand, the belief
a die of 1 or 2 challenges, Use a Secret revealing one, and whether a faction losing cohesion disperses."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from assistant.engine.context import Resolution
from assistant.engine.kinds import EffectKind
from assistant.engine.model import FollowUp
from assistant.engine.outcomes import Outcome
from assistant.engine.rulesets.city.sheet_counts import belief_index
from assistant.engine.schema import EffectSpec
from assistant.engine.word_lists import and_list

if TYPE_CHECKING:
    from assistant.engine.ruleset import Ruleset

#: Result tiers from worst to best (Backfire reads them the other way: lower is better).
TIER_LADDER = (Outcome.MISS, Outcome.WEAK_HIT, Outcome.STRONG_HIT, Outcome.CRITICAL)


def dice_words(faces: list[int]) -> str:
    """``5, 1 and 4``."""
    return and_list([str(face) for face in faces])


def low_die(faces: list[int]) -> bool:
    return any(f in (1, 2) for f in faces)


def after_roll(rules: Ruleset, ctx: Resolution) -> None:
    if ctx.roll != "total":
        if ctx.move.id == "lose_cohesion":
            cohesion_note(ctx)
        return
    faces = [d.value for d in ctx.source.rolled]
    for option in ("mark_history", "perceive_demand"):
        if option in ctx.options:
            bump(rules, ctx, option)
    if "use_belief" in ctx.options:
        belief_dice(ctx, faces)
    if ctx.move.id == "use_a_secret" and low_die(faces):
        ctx.notes.append(f"A die shows 1 or 2 (dice {dice_words(faces)}): you Reveal a Secret.")
        request: dict[str, Any] = {"system": rules.system_id, "move": "reveal_a_secret"}
        carried = {k: ctx.options[k] for k in ("secret", "target") if k in ctx.options}
        if carried:
            request["options"] = {**carried, "social": True}
        ctx.follow_ups.append(
            FollowUp(
                kind="move",
                move="Reveal a Secret",
                request=request,
                reason="Use a Secret: a die shows 1 or 2, so you Reveal a Secret",
            )
        )


def bump(rules: Ruleset, ctx: Resolution, option: str) -> None:
    ladder = list(TIER_LADDER if ctx.move.roll.extra.tiers == "pbta12" else TIER_LADDER[:3])
    lower_is_better = ctx.move.roll.extra.lower_is_better
    if lower_is_better:
        ladder.reverse()
    before = ctx.outcome
    position = ladder.index(before)
    if position + 1 < len(ladder):
        ctx.outcome = ladder[position + 1]
    meter = "history" if option == "mark_history" else "demand"
    rules.apply_effect(ctx, EffectSpec(type="meter", meter=meter, delta=1, value=str(ctx.options[option])))
    ctx.effect(
        EffectKind.OUTCOME,
        "outcome",
        before=before.value,
        after=ctx.outcome.value,
        reason=("bumped one tier" if ctx.outcome is not before else "already the best tier")
        + (" (lower is better)" if lower_is_better else ""),
        rule="Recall Neighborhood Connection" if meter == "history" else "Perceive Demand",
    )
    ctx.notes.append("Once per session.")


def belief_dice(ctx: Resolution, faces: list[int]) -> None:
    index = belief_index(ctx, ctx.options["use_belief"])
    belief = ctx.character["beliefs"][index]
    if not low_die(faces):
        return
    before = dict(belief)
    if belief["marked"]:
        belief["proven_wrong"] = True
        reason = "a die shows 1 or 2 on a marked belief: it is proven wrong (you may keep it, but it no longer buffs rolls)"
    else:
        belief["marked"] = True
        reason = "a die shows 1 or 2: the belief is challenged and marked"
    ctx.effect(EffectKind.BELIEF, belief["text"], before=before, after=dict(belief), reason=reason, rule="Use Belief")


def cohesion_note(ctx: Resolution) -> None:
    faction = ctx.character["faction"]
    aspects, complications = len(faction["aspects"]), len(faction["complications"])
    if complications > aspects:
        ctx.notes.append(f"The faction has more complications ({complications}) than aspects ({aspects}): it disperses.")
    else:
        ctx.notes.append(f"The faction has as many aspects as complications ({aspects}): it neither rolls nor disperses.")
