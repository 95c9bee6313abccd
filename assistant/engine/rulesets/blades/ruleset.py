"""Blades in the Dark (the downtime chapter) — what is truly code.

The d6 pools, the dice a friend's help adds, heat rolling over into a wanted level and stress into trauma
are data (``moves.yaml``, ``sheet.yaml``) applied by the core. This class adds:

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

from assistant.engine.context import Resolution, option_bool, option_int
from assistant.engine.errors import InputError, RulesError
from assistant.engine.kinds import EffectKind
from assistant.engine.offers import offer_choice
from assistant.engine.ruleset import Ruleset
from assistant.engine.rulesets.blades import coin, crew, factions, sheet_words
from assistant.engine.rulesets.blades import tier as crew_tier
from assistant.engine.schema import ChoiceSpec, EffectSpec, OptionSpec
from assistant.engine.tracks import Clock

#: Moves that take a downtime activity.
DOWNTIME_ACTIVITIES = frozenset(
    {
        "acquire_asset",
        "long_term_project",
        "recover",
        "reduce_heat",
        "train",
        "indulge_vice",
        "learning_a_ritual",
        "performing_a_ritual",
        "inventing",
        "crafting",
    }
)
#: Moves that advance a clock given as options.clock or options.project.
CLOCK_MOVES = frozenset({"long_term_project", "learning_a_ritual", "inventing", "faction_clock"})
#: Clock moves that start a new 8-segment clock when none is given.
EIGHT_SEGMENT_DEFAULT = frozenset({"learning_a_ritual", "inventing"})


class BladesRuleset(Ruleset):
    system_id = "blades"
    title = "Blades in the Dark"
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
        if ctx.move.id == "train" and stat in crew.XP_TRACK_MAX and "xp_track" not in (ctx.options or {}):
            # "/roll train +prowess": the xp track named as a stat is the track trained (Train makes no roll)
            ctx.options = {**(ctx.options or {}), "xp_track": stat}
            ctx.request = ctx.request.model_copy(update={"stat": None})
        elif ctx.move.id == "train" and stat:
            tracks = list(crew.XP_TRACK_MAX)
            raise InputError(
                f"Train makes no roll: it marks xp on one track, {', '.join(tracks[:-1])} or {tracks[-1]} "
                f"(e.g. /roll train +prowess), not {stat}.",
                missing="xp_track",
                choices=tracks,
            )
        super().check_options(ctx)
        if ctx.options.get("tough_it_out") and (ctx.options.get("self_heal") or ctx.request.stat):
            raise InputError(
                "Toughing it out rolls 0d without treatment: leave out healing yourself and the stat.", missing="tough_it_out"
            )
        if "exposure" in ctx.options:
            crew.exposure_heat(ctx.options["exposure"])
        self._check_sheet(ctx.character)
        self._check_activity_cost(ctx)
        takes = set(self.options_for(ctx.move))
        factions.fill_tiers(ctx, takes)
        factions.apply_prison_claims(ctx, takes)

    def _check_activity_cost(self, ctx: Resolution) -> None:
        """A downtime activity past the free ones needs 1 coin or 1 rep to pay for it ("Each additional activity from
        the list costs 1 coin or 1 rep"): with neither on the sheet it is refused before anything rolls."""
        if ctx.move.id not in DOWNTIME_ACTIVITIES:
            return
        ch = ctx.character
        count = option_int(ctx, "activities", default=1) if ctx.move.id == "performing_a_ritual" else 1
        before = int(ch.get("downtime_activities") or 0)
        free = 1 if ch.get("at_war") else 2
        paid = max(0, before + count - max(free, before))
        purse = int(ch.get("coin") or 0) + int(ch.get("rep") or 0)
        if paid > purse:
            who = str(ch.get("name") or "Your character")
            raise RulesError(
                f"{who} has taken {before} downtime activit{'y' if before == 1 else 'ies'} this downtime ({free} free); "
                f"each additional one costs 1 coin or 1 rep, and there is not enough to pay (coin "
                f"{int(ch.get('coin') or 0)}, rep {int(ch.get('rep') or 0)}). The next score's payoff brings two free "
                "activities again."
            )

    def requirement_message(self, ctx: Resolution) -> str:
        if ctx.move.id == "advance_tier":
            return crew_tier.short_of_rep(ctx)
        return super().requirement_message(ctx)

    def _check_sheet(self, ch: dict[str, Any]) -> None:
        if isinstance(ch["harm"], list):  # harm written as text ("Broken Arm (level 2)") becomes its entry
            ch["harm"][:] = [crew.parse_harm(h) if isinstance(h, str) else h for h in ch["harm"]]
        crew.check_harm(ch["harm"])
        factions.check_sheet(ch)
        if ch["hold"] not in ("strong", "weak"):
            raise InputError(
                f"The crew's hold is strong or weak, not {ch['hold']!r}.", missing="hold", choices=["strong", "weak"]
            )
        if not isinstance(ch["vaults"], int) or not 0 <= ch["vaults"] <= 2:
            raise InputError(f"The crew has 0, 1 or 2 vault upgrades, not {ch['vaults']!r}.", missing="vaults", choices=[0, 1, 2])
        if not isinstance(ch["at_war"], bool):
            raise InputError("Whether the crew is at war is yes or no (true or false).", missing="at_war")
        capacity = crew.CREW_COIN_CAPACITY[ch["vaults"]]
        if ch["crew_coin"] > capacity:
            raise InputError(
                f"The crew's {ch['crew_coin']} coin is more than its vaults hold "
                f"({capacity} with {crew.vault_words(ch['vaults'])}).",
                missing="crew_coin",
            )
        if not isinstance(ch["projects"], list):
            raise InputError("The projects are a list of clocks.", missing="projects")
        for i, project in enumerate(ch["projects"]):
            crew.check_clock(project, f"Project {i + 1}")
        crew.check_clock(ch["healing_clock"], "The healing clock")
        if not isinstance(ch["downtime_activities"], int) or ch["downtime_activities"] < 0:
            raise InputError("The downtime activities taken are a whole number, 0 or more.", missing="downtime_activities")
        if not isinstance(ch["trained"], list) or not set(ch["trained"]) <= set(crew.XP_TRACK_MAX):
            raise InputError(f"The tracks trained this downtime are among {', '.join(crew.XP_TRACK_MAX)}.", missing="trained")
        xp = ch["xp"]
        for track, top in crew.XP_TRACK_MAX.items():
            if not isinstance(xp.get(track), int) or not 0 <= xp[track] <= top:
                raise InputError(f"The {track} xp is a whole number from 0 to {top}.", missing="xp")

    # ---- stats and meters -------------------------------------------------------------------------
    def stat_value(self, ctx: Resolution, name: str) -> int:
        if name in crew.ATTRIBUTES:
            return crew.attribute_rating(ctx.character["stats"], name)
        if name == "quality":
            return option_int(ctx, "quality")
        return super().stat_value(ctx, name)

    def meter_value(self, ctx: Resolution, name: str) -> int:
        if name in factions.METERS:
            return factions.meter_value(ctx, name)
        return super().meter_value(ctx, name)

    def meter_max(self, ctx: Resolution, name: str) -> int:
        top = self.sheet_meter_max(ctx.character, name)
        return top if top is not None else super().meter_max(ctx, name)

    def check_sheet(self, character: dict[str, Any]) -> None:
        self._check_sheet(character)

    def sheet_lines(self, character: Mapping[str, Any]) -> list[str]:
        return sheet_words.sheet_lines(character)

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
            self._harm(ctx, spec)
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
            self._fill_healing_clock(ctx, spec.delta or 0)
        else:
            super().apply_effect(ctx, spec)

    def _harm(self, ctx: Resolution, spec: EffectSpec) -> None:
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

    def _fill_healing_clock(self, ctx: Resolution, segments: int) -> None:
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

    # ---- after the dice ---------------------------------------------------------------------------
    def after_roll(self, ctx: Resolution) -> None:
        if "spend_coin" in ctx.options:
            self._spend_coin(ctx)
        handler = _AFTER_ROLL.get(ctx.move.id)
        if handler is not None:
            handler(self, ctx)
        if ctx.move.id in CLOCK_MOVES:
            self._project_clock(ctx)
        if ctx.move.id in DOWNTIME_ACTIVITIES:
            self._count_activity(ctx)

    def _spend_coin(self, ctx: Resolution) -> None:
        coin.spend_coin(self, ctx)

    def _quality(self, ctx: Resolution, what: str, base: int, base_words: str = "") -> None:
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

    def _acquire_asset(self, ctx: Resolution) -> None:
        self._quality(ctx, "asset", int(ctx.character["tier"]))

    def _crafting(self, ctx: Resolution) -> None:
        tier = int(ctx.character["tier"]) + (1 if ctx.options.get("workshop") else 0)
        kind = ctx.options.get("modification")
        if kind is not None:
            if "minimum_quality" in ctx.options:
                raise InputError("Give the modification or the minimum quality, not both.", missing="modification")
            ctx.memo["minimum_quality"] = int(ctx.character["tier"]) + crew.MODIFICATION_STEP[kind]
        workshop = " and +1 for the workshop" if ctx.options.get("workshop") else ""
        self._quality(ctx, "item", tier, f"the crew's Tier {ctx.character['tier']}{workshop}")
        crew.drawback_follow_ups(ctx)

    def _payoff(self, ctx: Resolution) -> None:
        coin.payoff(self, ctx)

    def _heat(self, ctx: Resolution) -> None:
        if "exposure" not in ctx.options:
            raise InputError(
                "How loud was the operation? Smooth (0 heat), contained (2), loud (4) or wild (6).",
                missing="exposure",
                choices=["smooth", "contained", "loud", "wild"],
            )
        parts = [crew.exposure_heat(ctx.options["exposure"])]
        for option, extra in (("high_profile", 1), ("hostile_turf", 1), ("killing", 2)):
            if option_bool(ctx, option):
                parts.append(extra)
        if ctx.character["at_war"]:
            parts.append(1)
        conspicuous = option_int(ctx, "conspicuous", default=0)
        if conspicuous:
            parts.append(conspicuous)
            ctx.notes.append(
                f"+{conspicuous} heat: {conspicuous} conspicuous creation{'' if conspicuous == 1 else 's'} used on the operation."
            )
        self.adjust_meter(ctx, "heat", sum(parts), f"heat from the operation ({' + '.join(map(str, parts))})")

    def _incarceration(self, ctx: Resolution) -> None:
        wanted = int(ctx.before["wanted_level"])
        if option_bool(ctx, "beating") and wanted:
            raise RulesError(f"The beating replaces a sentence only at wanted level 0; the crew's wanted level is {wanted}.")
        effective = max(0, wanted - (1 if option_bool(ctx, "parole_influence") else 0))
        if not option_bool(ctx, "beating"):
            ctx.notes.append(f"Sentence at wanted level {effective}: {crew.SENTENCES[effective]}")
        factions.smuggling(ctx)

    def _train(self, ctx: Resolution) -> None:
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
        ctx.effect(
            EffectKind.XP, track, before=before, after=xp[track], delta=xp[track] - before, reason=f"train: mark {amount} xp"
        )
        if xp[track] == crew.XP_TRACK_MAX[track]:
            ctx.notes.append(f"The {track} xp track is full: take an advance.")

    def _indulge_vice(self, ctx: Resolution) -> None:
        if ctx.roll == "pool" and (ctx.score or 0) > int(ctx.character["stress"]):
            marked = int(ctx.character["stress"])
            ctx.notes.append(
                f"You clear {ctx.score} stress, but {f'only {marked} is' if marked else 'none is'} marked: you overindulge."
            )
            offer_choice(ctx, self.move_by_id("overindulgence").choices[0])

    def _project_clock(self, ctx: Resolution) -> None:
        name = ctx.options.get("project")
        if name is not None:
            found = [p for p in ctx.character["projects"] if p["name"].strip().lower() == name.strip().lower()]
            if found and ctx.clock is not None:
                raise InputError(f"The project {name!r} is on the sheet already; leave out the clock.", missing="clock")
            if found:
                ctx.clock = Clock(segments=found[0]["segments"], filled=found[0]["filled"], name=found[0]["name"])
            elif ctx.clock is None:
                raise InputError(
                    f"There is no project called {name!r} on the sheet; give its clock to start it.", missing="clock"
                )
            else:
                ctx.clock = Clock(segments=ctx.clock.segments, filled=ctx.clock.filled, name=name.strip())
            ctx.memo["project"] = ctx.clock.name
        elif ctx.clock is None and ctx.move.id in EIGHT_SEGMENT_DEFAULT:
            ctx.clock = Clock(segments=8, filled=0, name=ctx.move.name)
            ctx.started.append("clock")
            ctx.notes.append("A new 8-segment clock (give a clock, or name a project on the sheet, for another).")

    def _count_activity(self, ctx: Resolution) -> None:
        ch = ctx.character
        count = option_int(ctx, "activities", default=1) if ctx.move.id == "performing_a_ritual" else 1
        before = int(ch["downtime_activities"])
        free = 1 if ch["at_war"] else 2
        paid = max(0, before + count - max(free, before))
        ch["downtime_activities"] = before + count
        ctx.effect(
            EffectKind.DOWNTIME_ACTIVITIES,
            "downtime_activities",
            before=before,
            after=before + count,
            delta=count,
            reason=f"a downtime activity ({free} free per downtime{' at war' if ch['at_war'] else ''})",
        )
        for n in range(1, paid + 1):
            suffix = "" if n == 1 else f"_{n}"
            note = "an additional downtime activity"
            offer_choice(
                ctx,
                ChoiceSpec(
                    id=f"extra_activity_cost{suffix}",
                    prompt="An additional downtime activity costs 1 coin or 1 rep",
                    options=[
                        OptionSpec(
                            id=f"pay_coin{suffix}",
                            label="Pay 1 coin",
                            effects=[EffectSpec(type="meter", meter="coin", delta=-1, note=note)],
                        ),
                        OptionSpec(
                            id=f"pay_rep{suffix}",
                            label="Pay 1 rep",
                            effects=[EffectSpec(type="meter", meter="rep", delta=-1, note=note)],
                        ),
                    ],
                ),
            )

    def finish(self, ctx: Resolution) -> None:
        name = ctx.memo.get("project")
        if name and ctx.clock is not None:
            projects = [p for p in ctx.character["projects"] if p["name"].strip().lower() != name.lower()]
            projects.append({"name": name, "segments": ctx.clock.segments, "filled": ctx.clock.filled})
            ctx.character["projects"] = projects


_AFTER_ROLL = {
    "acquire_asset": BladesRuleset._acquire_asset,
    "crafting": BladesRuleset._crafting,
    "payoff": BladesRuleset._payoff,
    "heat": BladesRuleset._heat,
    "incarceration": BladesRuleset._incarceration,
    "train": BladesRuleset._train,
    "indulge_vice": BladesRuleset._indulge_vice,
    "cooperation": lambda _self, ctx: factions.cooperation(ctx),
    "show_of_force": lambda _self, ctx: factions.show_of_force(ctx),
    "advance_tier": crew_tier.advance,
}
