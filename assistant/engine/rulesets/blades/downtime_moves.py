"""What the Blades downtime moves do after the dice: an asset's or an item's quality, heat from the
operation, the incarceration sentence, training xp, and overindulging a vice."""

from __future__ import annotations

from typing import TYPE_CHECKING

from assistant.engine.context import Resolution, option_bool, option_int
from assistant.engine.errors import InputError, RulesError
from assistant.engine.kinds import EffectKind
from assistant.engine.offers import offer_choice
from assistant.engine.rulesets.blades import crew, factions

if TYPE_CHECKING:
    from assistant.engine.ruleset import Ruleset


def quality(ctx: Resolution, what: str, base: int, base_words: str = "") -> None:
    if ctx.roll != "pool":
        return
    shift, extra = crew.QUALITY_SHIFT[ctx.outcome], int(ctx.memo.get("extra_quality", 0))
    quality = max(0, base + shift + extra)
    ctx.memo["quality"] = quality
    parts = [base_words or f"the crew's Tier {base}"]
    parts += [f"{shift:+d} for the result"] if shift else []
    parts += [f"+{extra} for the coin spent"] if extra else []
    reason = f"the {what}'s quality is {quality} ({', '.join(parts)})"  # "... is 2 (the crew's Tier 1, +1 ...)"
    ctx.effect(EffectKind.QUALITY, what, after=quality, reason=reason)
    minimum = ctx.memo.get("minimum_quality")
    if minimum is None and "minimum_quality" in ctx.options:
        minimum = option_int(ctx, "minimum_quality")
    if minimum is not None:
        met = "meets" if quality >= minimum else "falls short of"
        ctx.notes.append(f"Quality {quality} {met} the minimum quality {minimum}.")


def acquire_asset(_rules: Ruleset, ctx: Resolution) -> None:
    quality(ctx, "asset", int(ctx.character["tier"]))


def crafting(_rules: Ruleset, ctx: Resolution) -> None:
    tier = int(ctx.character["tier"]) + (1 if ctx.options.get("workshop") else 0)
    kind = ctx.options.get("modification")
    if kind is not None:
        if "minimum_quality" in ctx.options:
            raise InputError("Give the modification or the minimum quality, not both.", missing="modification")
        ctx.memo["minimum_quality"] = int(ctx.character["tier"]) + crew.MODIFICATION_STEP[kind]
    workshop = " and +1 for the workshop" if ctx.options.get("workshop") else ""
    quality(ctx, "item", tier, f"the crew's Tier {ctx.character['tier']}{workshop}")
    crew.drawback_follow_ups(ctx)


def heat(rules: Ruleset, ctx: Resolution) -> None:
    if "exposure" not in ctx.options:
        raise InputError(
            "How loud was the operation? Smooth (0 heat), contained (2), loud (4) or wild (6).",
            missing="exposure",
            choices=["smooth", "contained", "loud", "wild"],
        )
    base = crew.exposure_heat(ctx.options["exposure"])
    exposure = next((k for k, v in crew.EXPOSURE_HEAT.items() if v == base), str(base))
    parts: list[tuple[str, int]] = [(exposure, base)]
    for option, extra, said in HEAT_EXTRAS:
        if option_bool(ctx, option):
            parts.append((said, extra))
    if ctx.character["at_war"]:
        parts.append(("at war", 1))
    conspicuous = option_int(ctx, "conspicuous", default=0)
    if conspicuous:
        parts.append((f"{conspicuous} conspicuous creation{'' if conspicuous == 1 else 's'}", conspicuous))
    total = sum(n for _, n in parts)
    if len(parts) > 1:  # how the heat adds up, so a killing or a war is seen counted
        ctx.notes.append(f"Heat from the operation: {' + '.join(f'{n} ({w})' for w, n in parts)} = {total}.")
    rules.adjust_meter(ctx, "heat", total, f"heat from the operation ({' + '.join(str(n) for _, n in parts)})")


#: The heat a score adds beyond its exposure (Heat: "Add +1 heat for a high-profile or well-connected target ... +2
#: heat if killing was involved"): the option, the heat, and how the card says it.
HEAT_EXTRAS: tuple[tuple[str, int, str], ...] = (
    ("high_profile", 1, "high-profile target"),
    ("hostile_turf", 1, "hostile turf"),
    ("killing", 2, "killing"),
)


def incarceration(_rules: Ruleset, ctx: Resolution) -> None:
    wanted = int(ctx.before["wanted_level"])
    if option_bool(ctx, "beating") and wanted:
        raise RulesError(f"The beating replaces a sentence only at wanted level 0; the crew's wanted level is {wanted}.")
    effective = max(0, wanted - (1 if option_bool(ctx, "parole_influence") else 0))
    if not option_bool(ctx, "beating"):
        ctx.notes.append(f"Sentence at wanted level {effective}: {crew.SENTENCES[effective]}")
    factions.smuggling(ctx)


def train(_rules: Ruleset, ctx: Resolution) -> None:
    track = ctx.options.get("xp_track")
    if track not in crew.XP_TRACK_MAX:
        tracks = list(crew.XP_TRACK_MAX)
        raise InputError(f"Which xp track do you train? {', '.join(tracks)}.", missing="xp_track", choices=tracks)
    if track in ctx.character["trained"]:
        raise RulesError(f"You already trained {track} this downtime: each xp track only once per downtime.")
    amount = 2 if option_bool(ctx, "training_upgrade") else 1
    xp = ctx.character["xp"]
    before = xp[track]
    xp[track] = min(crew.XP_TRACK_MAX[track], before + amount)
    ctx.character["trained"].append(track)
    action = ctx.memo.get("trained_action")
    if action:  # an action rating named: its attribute's track
        article = "an" if track[:1] in "aeiou" else "a"
        ctx.notes.append(f"{str(action).capitalize()} is {article} {track.capitalize()} action: training it marks {track} xp.")
    ctx.effect(EffectKind.XP, track, before=before, after=xp[track], delta=xp[track] - before, reason=f"train: mark {amount} xp")
    if xp[track] == crew.XP_TRACK_MAX[track]:
        ctx.notes.append(f"The {track} xp track is full: take an advance.")


def indulge_vice(rules: Ruleset, ctx: Resolution) -> None:
    if ctx.roll == "pool" and (ctx.score or 0) > int(ctx.character["stress"]):
        marked = int(ctx.character["stress"])
        ctx.notes.append(
            f"You clear {ctx.score} stress, but {f'only {marked} is' if marked else 'none is'} marked: you overindulge."
        )
        offer_choice(ctx, rules.move_by_id("overindulgence").choices[0])
