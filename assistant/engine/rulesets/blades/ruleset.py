"""Blades in the Dark (the downtime chapter) — what is truly code.

The d6 pools, the dice a friend's help adds, heat rolling over into a wanted level and stress into trauma
are data (``moves.yaml``, ``sheet.yaml``) applied by the core. This class adds (the parts in their own
modules: ``sheet_checks``, ``healing``, ``activities``, ``downtime_moves``, ``coin``, ``factions``, ``tier``):

* the attribute ratings (computed from the actions) and a healer's quality as rollable values;
* coin: never below 0; crew coin within the vaults' capacity; coin spent after a downtime roll raises the
  result one level per coin (for an asset each further 2 coin adds a quality level, for crafting each coin);
* harm, and the healing clock (4 segments; full = every harm one level lower, the rest rolls over); the
  crew's war flag and hold; long-term project clocks kept on the sheet;
* payoff, heat from the operation, incarceration, training, overindulgence, and the downtime activity count
  (two free, one at war; each extra costs 1 coin or 1 rep, the player's choice).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

from assistant.engine.context import Resolution, option_int
from assistant.engine.errors import InputError, RulesError
from assistant.engine.kinds import EffectKind
from assistant.engine.ruleset import Ruleset
from assistant.engine.rulesets.blades import (
    activities,
    coin,
    crew,
    downtime_moves,
    factions,
    healing,
    sheet_checks,
    sheet_words,
    vice,
)
from assistant.engine.rulesets.blades import tier as crew_tier
from assistant.engine.schema import EffectSpec


class BladesRuleset(Ruleset):
    system_id = "blades"
    title = "Blades in the Dark"
    #: "You can take additional downtime activities by spending 1 coin or 1 rep for each" (Downtime): the price is paid.
    owed_choices: ClassVar[tuple[str, ...]] = ("extra_activity_cost",)
    #: "after each score, you roll dice to find out which entanglement comes calling" (Entanglements); "make a
    #: fortune roll" where an outcome is uncertain (Questioning, Cooperation, faction clocks, magnitude).
    story_moves: ClassVar[tuple[tuple[str, str], ...]] = (
        (
            r"\b(?:trouble|calling|entangle\w*|comes? after|after (?:us|the crew)|bluecoats|the law|inspectors?)\b",
            "Entanglements",
        ),
        (r"", "Fortune Roll"),
    )
    data_dir = Path(__file__).parent
    extra_meters: ClassVar[frozenset[str]] = frozenset({"harm", "at_war", "hold", *factions.METERS})
    extra_stats: ClassVar[frozenset[str]] = frozenset({*crew.ATTRIBUTES, "quality"})
    variants: ClassVar[dict[str, str]] = {"clear_all": "harm: clear every harm", "war": "status: drop to -3 (war)"}

    # ---- validation -----------------------------------------------------------------------------
    def check_options(self, ctx: Resolution) -> None:
        stat = (ctx.request.stat or "").strip().lower()
        if ctx.move.id == "train" and crew.xp_track_of(stat) in crew.XP_TRACK_MAX:
            # "/roll train +prowess": the xp track named as a stat is the track trained (Train makes no roll)
            given = (ctx.options or {}).get("xp_track")
            if given is not None and crew.xp_track_of(str(given)) != crew.xp_track_of(stat):
                raise InputError(
                    f"Train marks xp on one track: you named {given} and {stat}; give one (e.g. /roll train +{stat})."
                )
            ctx.options = {**(ctx.options or {}), "xp_track": crew.xp_track_of(stat)}
            if crew.xp_track_of(stat) != stat:
                ctx.memo["trained_action"] = stat
            ctx.request = ctx.request.model_copy(update={"stat": None})
        elif ctx.move.id == "train" and stat:
            tracks = list(crew.XP_TRACK_MAX)
            raise InputError(
                f"Train makes no roll: it marks xp on one track, {', '.join(tracks[:-1])} or {tracks[-1]} "
                f"(an action trains its attribute: /roll train +prowl marks prowess), not {stat}.",
                missing="xp_track",
                choices=tracks,
            )
        activities.project_options(ctx)
        super().check_options(ctx)
        if ctx.options.get("tough_it_out") and (ctx.options.get("self_heal") or ctx.request.stat):
            raise InputError(
                "Toughing it out rolls 0d without treatment: leave out healing yourself and the stat.", missing="tough_it_out"
            )
        if "exposure" in ctx.options:
            crew.exposure_heat(ctx.options["exposure"])
        sheet_checks.check_sheet(ctx.character)
        activities.check_activity_cost(ctx)
        takes = set(self.options_for(ctx.move))
        factions.fill_tiers(ctx, takes)
        factions.apply_prison_claims(ctx, takes)

    def no_roll_reason(self, ctx: Resolution) -> str:
        if ctx.move.id == "incarceration":  # "Or, the constables give you a beating to teach you a lesson"
            return "the constables' beating replaces the stay inside"
        return super().no_roll_reason(ctx)

    def requirement_message(self, ctx: Resolution) -> str:
        if ctx.move.id == "advance_tier":
            return crew_tier.short_of_rep(ctx)
        return super().requirement_message(ctx)

    # ---- stats and meters -------------------------------------------------------------------------
    def stat_value(self, ctx: Resolution, name: str) -> int:
        if name in crew.ATTRIBUTES:
            return crew.attribute_rating(ctx.character["stats"], name)
        if name == "quality":
            return option_int(ctx, "quality")
        return super().stat_value(ctx, name)

    def odds_in_words(self, move_id: str, character: Mapping[str, Any], options: Mapping[str, Any]) -> str | None:
        return vice.sheet_odds_words(character, options) if move_id == "indulge_vice" else None

    def meter_value(self, ctx: Resolution, name: str) -> int:
        if name in factions.METERS:
            return factions.meter_value(ctx, name)
        return super().meter_value(ctx, name)

    def meter_max(self, ctx: Resolution, name: str) -> int:
        top = self.sheet_meter_max(ctx.character, name)
        return top if top is not None else super().meter_max(ctx, name)

    def check_sheet(self, character: dict[str, Any]) -> None:
        sheet_checks.check_sheet(character)

    def sheet_lines(self, character: Mapping[str, Any]) -> list[str]:
        return sheet_words.sheet_lines(character)

    def sheet_meter(self, character: Mapping[str, Any], name: str) -> int | None:
        if name == "harm":  # the harms on the sheet, counted (Recover is suggested when there is one to heal)
            harm = character.get("harm")
            return len(harm) if isinstance(harm, list) else None
        return super().sheet_meter(character, name)

    def sheet_meter_max(self, character: Mapping[str, Any], name: str) -> int | None:
        if name == "crew_coin":
            vaults = character.get("vaults", 0)
            known = isinstance(vaults, int) and 0 <= vaults < len(crew.CREW_COIN_CAPACITY)
            return crew.CREW_COIN_CAPACITY[vaults] if known else None
        return None

    def adjust_meter(self, ctx: Resolution, name: str, delta: int, reason: str) -> int:
        before = self.meter_value(ctx, name) if name in self.sheet.meters else 0
        if name in ("coin", "crew_coin") and delta < 0 and before + delta < 0:
            owner = "the crew has" if name == "crew_coin" else "you have"
            raise RulesError(f"Not enough coin: {owner} {before}, and this costs {-delta}.")
        wanted = int(ctx.character.get("wanted_level", 0))
        overflow = super().adjust_meter(ctx, name, delta, reason)
        gained = int(ctx.character.get("wanted_level", 0)) - wanted
        if name == "heat" and gained > 0:  # "Heat 8 → 5" alone reads as heat lost
            left = self.meter_value(ctx, name)
            over = f"; the {left} beyond 9 rolls over" if left else ""
            ctx.notes.append(f"Heat reached 9: +{gained} wanted level and the heat is cleared{over}.")
        if name == "trauma":
            ctx.notes.extend(crew.trauma_notes(before, self.meter_value(ctx, name)))
        top = self.meter_max(ctx, name)
        if delta > 0 and before + delta > top and self.sheet.meters[name].at_max is None:
            ctx.notes.append(
                f"{name.replace('_', ' ').capitalize()} is at its maximum ({top}); {before + delta - top} did not fit."
            )
        return overflow

    # ---- effects --------------------------------------------------------------------------------
    def apply_effect(self, ctx: Resolution, spec: EffectSpec) -> None:
        if spec.type == "meter" and spec.meter == "harm":
            healing.take_harm(ctx, spec)
        elif spec.type == "meter" and spec.meter == "at_war":
            before = ctx.character["at_war"]
            ctx.character["at_war"] = True
            ctx.effect(EffectKind.FLAG, "at_war", before=before, after=True, reason=spec.note)
        elif spec.type == "meter" and spec.meter == "hold":
            before = ctx.character["hold"]
            ctx.character["hold"] = "weak"
            ctx.effect(EffectKind.HOLD, "hold", before=before, after="weak", reason=spec.note)
            if before == "weak":
                ctx.notes.append("Hold was already weak: losing more hold follows the crew rules outside this chapter.")
        elif spec.type == "meter" and spec.meter == "status":
            factions.change_status(ctx, int(spec.delta or 0), spec.note, to=factions.STATUS_MIN if spec.by == "war" else None)
        elif spec.type == "meter" and spec.meter == "claims":
            factions.give_up_claim(ctx, spec.note)
        elif spec.type == "meter" and spec.meter == "prison_claims":
            factions.take_prison_claim(ctx, spec.note)
        elif spec.type == "clock" and ctx.move.id == "recover":
            healing.fill_healing_clock(ctx, spec.delta or 0)
        else:
            super().apply_effect(ctx, spec)

    # ---- after the dice ---------------------------------------------------------------------------
    def after_roll(self, ctx: Resolution) -> None:
        if "spend_coin" in ctx.options:
            coin.spend_coin(self, ctx)
        handler = _AFTER_ROLL.get(ctx.move.id)
        if handler is not None:
            handler(self, ctx)
        if ctx.move.id in activities.CLOCK_MOVES:
            activities.project_clock(ctx)
        if ctx.move.id in activities.DOWNTIME_ACTIVITIES:
            activities.count_activity(ctx)

    def finish(self, ctx: Resolution) -> None:
        activities.save_project(ctx)


_AFTER_ROLL = {
    "acquire_asset": downtime_moves.acquire_asset,
    "crafting": downtime_moves.crafting,
    "payoff": coin.payoff,
    "heat": downtime_moves.heat,
    "incarceration": downtime_moves.incarceration,
    "train": downtime_moves.train,
    "indulge_vice": downtime_moves.indulge_vice,
    "cooperation": lambda _self, ctx: factions.cooperation(ctx),
    "show_of_force": lambda _self, ctx: factions.show_of_force(ctx),
    "advance_tier": crew_tier.advance,
}
