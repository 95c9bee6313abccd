"""Blades in the Dark (the downtime chapter) — what is truly code.

* d6 pools from an action rating, an attribute (computed), the crew's Tier or wanted level, a quality,
  or a number of dice given as an option; +1d when a friend or contact helps (downtime activities).
* Coin spent after a downtime roll raises the result level one step per coin; for an asset each
  further 2 coin adds a quality level, for crafting each further coin does.
* Heat rolls over: at 9 the crew gains a wanted level and clears heat, keeping the excess.
* Harm, the healing clock (4 segments; full = every harm one level lower, the rest rolls over),
  long-term project clocks kept on the sheet, downtime activity counts (two free, one at war; each
  extra costs 1 coin or 1 rep, the player's choice).

Meter effects in ``moves.yaml`` may carry ``by:`` — an amount computed here: ``wanted_level_plus_3``,
``tier_plus_1``, ``option:<name>``, ``result_die`` (the die that counts), ``trauma``, ``clear_all``;
meter ``harm`` adds harm of level ``delta`` named by the effect's note; ``at_war`` and ``hold`` set
the crew's war flag and lose a level of hold.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from assistant.engine import rolls
from assistant.engine.errors import InputError, RulesError
from assistant.engine.kinds import EffectKind
from assistant.engine.resolution import Resolution, choose_stat, offer_choice, option_bool, option_int
from assistant.engine.ruleset import Ruleset
from assistant.engine.rulesets.blades import crew
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

BOOL_OPTIONS = frozenset(
    {
        "quiet",
        "tithe",
        "skip_tithe",
        "high_profile",
        "hostile_turf",
        "killing",
        "beating",
        "npc",
        "guard_payoff",
        "parole_influence",
        "cell_block_control",
        "pay_off",
        "help",
        "pay_from_crew",
        "reacquire",
        "restricted",
        "self_heal",
        "tough_it_out",
        "training_upgrade",
        "safe",
        "uncertain",
        "workshop",
    }
)
INT_OPTIONS: dict[str, tuple[int, int]] = {
    "coin": (0, 50),
    "target_tier": (0, 6),
    "spend_coin": (0, 20),
    "minimum_quality": (0, 12),
    "quality": (0, 6),
    "enemy_tier": (0, 6),
    "rival_tier": (0, 6),
    "stress": (0, 20),
    "activities": (1, 4),
}
#: ``by: option:<name>`` amounts that may be left out (and then count 0).
OPTIONAL_AMOUNTS = {"stress": 0}
#: Extra dice from options on pool rolls.
BONUS_DICE = {
    "help": "a friend or contact helps",
    "reacquire": "acquiring the same asset again",
    "guard_payoff": "Guard payoff: +1d to the Tier roll",
}


class BladesRuleset(Ruleset):
    system_id = "blades"
    title = "Blades in the Dark"
    data_dir = Path(__file__).parent
    common_options = {"choose": "ids of the options you pick from the result's choices"}

    # ---- validation -----------------------------------------------------------------------------
    def check_options(self, ctx: Any) -> None:
        super().check_options(ctx)
        for name in BOOL_OPTIONS & set(ctx.options):
            option_bool(ctx, name)
        for name, (lo, hi) in INT_OPTIONS.items():
            if name in ctx.options:
                option_int(ctx, name, lo, hi)
        if ctx.options.get("tough_it_out") and (ctx.options.get("self_heal") or ctx.request.stat):
            raise InputError("Toughing it out rolls 0d without treatment: drop self_heal and stat.")
        if "exposure" in ctx.options:
            crew.exposure_heat(ctx.options["exposure"])
        self._check_sheet(ctx.character)

    def _check_sheet(self, ch: dict[str, Any]) -> None:
        crew.check_harm(ch["harm"])
        if ch["hold"] not in ("strong", "weak"):
            raise InputError(f"character.hold is strong or weak; got {ch['hold']!r}.")
        if not isinstance(ch["vaults"], int) or not 0 <= ch["vaults"] <= 2:
            raise InputError(f"character.vaults is 0-2 vault upgrades; got {ch['vaults']!r}.")
        if not isinstance(ch["at_war"], bool):
            raise InputError("character.at_war must be true or false.")
        capacity = crew.CREW_COIN_CAPACITY[ch["vaults"]]
        if ch["crew_coin"] > capacity:
            raise InputError(f"crew_coin {ch['crew_coin']} is above the crew's capacity {capacity} ({ch['vaults']} vault(s)).")
        if not isinstance(ch["projects"], list):
            raise InputError("character.projects must be a list of clocks.")
        for i, project in enumerate(ch["projects"]):
            crew.check_clock(project, f"character.projects[{i}]")
        crew.check_clock(ch["healing_clock"], "character.healing_clock")
        if not isinstance(ch["downtime_activities"], int) or ch["downtime_activities"] < 0:
            raise InputError("character.downtime_activities must be a whole number 0 or more.")
        if not isinstance(ch["trained"], list) or not set(ch["trained"]) <= set(crew.XP_TRACK_MAX):
            raise InputError(f"character.trained lists xp tracks: {', '.join(crew.XP_TRACK_MAX)}.")
        xp = ch["xp"]
        for track, top in crew.XP_TRACK_MAX.items():
            if not isinstance(xp.get(track), int) or not 0 <= xp[track] <= top:
                raise InputError(f"character.xp.{track} must be a whole number 0-{top}.")

    # ---- stats and meters -------------------------------------------------------------------------
    def stat_value(self, ctx: Any, name: str) -> int:
        if name in crew.ATTRIBUTES:
            return crew.attribute_rating(ctx.character["stats"], name)
        if name == "quality":
            if "quality" not in ctx.options:
                raise InputError(f"{ctx.move.name} rolls the healer's quality: give options.quality (0-6).")
            return option_int(ctx, "quality", 0, 6)
        return super().stat_value(ctx, name)

    def meter_max(self, ctx: Any, name: str) -> int:
        if name == "crew_coin":
            return crew.CREW_COIN_CAPACITY[ctx.character["vaults"]]
        return super().meter_max(ctx, name)

    def adjust_meter(self, ctx: Any, name: str, delta: int, reason: str) -> int:
        before = self.meter_value(ctx, name) if name in self.sheet.meters else 0
        if name in ("coin", "crew_coin") and delta < 0 and before + delta < 0:
            owner = "the crew has" if name == "crew_coin" else "you have"
            raise RulesError(f"Not enough coin: {owner} {before}, and this costs {-delta}.")
        overflow = super().adjust_meter(ctx, name, delta, reason)
        top = self.meter_max(ctx, name)
        if delta > 0 and before + delta > top and self.sheet.meters[name].at_max is None:
            ctx.notes.append(f"{name} is at its maximum ({top}); {before + delta - top} did not fit.")
        return overflow

    # ---- effects --------------------------------------------------------------------------------
    def apply_effect(self, ctx: Any, spec: EffectSpec) -> None:
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
        elif spec.type == "meter" and spec.by:
            assert spec.meter
            self.adjust_meter(ctx, spec.meter, spec.sign * self._amount(ctx, spec.by), spec.note or ctx.move.name)
        elif spec.type == "clock" and ctx.move.id == "recover":
            self._fill_healing_clock(ctx, spec.delta or 0)
        else:
            super().apply_effect(ctx, spec)

    def _amount(self, ctx: Any, how: str) -> int:
        ch = ctx.character
        if how == "wanted_level_plus_3":
            return int(ch["wanted_level"]) + 3
        if how == "tier_plus_1":
            return int(ch["tier"]) + 1
        if how == "result_die":
            return int(ctx.score or 0)
        if how == "trauma":
            return int(ch["trauma"])
        if how.startswith("option:"):
            name = how.partition(":")[2]
            lo, hi = INT_OPTIONS.get(name, (0, 6))
            return option_int(ctx, name, lo, hi, default=OPTIONAL_AMOUNTS.get(name))
        raise InputError(f"{ctx.move.id}: unknown amount {how!r}.")  # a data error

    def _harm(self, ctx: Any, spec: EffectSpec) -> None:
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

    def _fill_healing_clock(self, ctx: Any, segments: int) -> None:
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
            reason=f"mark {segments} segment(s) on the healing clock (extra segments roll over)",
        )

    # ---- rolls ------------------------------------------------------------------------------------
    def do_system_roll(self, ctx: Resolution, kind: str) -> None:
        if kind != "pool":
            super().do_system_roll(ctx, kind)
            return
        pool = self._base_pool(ctx) + ctx.adds
        for option, why in BONUS_DICE.items():
            if ctx.options.get(option):
                pool += 1
                ctx.notes.append(f"+1d: {why}.")
        pool = max(0, pool)
        if pool > rolls.MAX_POOL:
            raise InputError(f"A dice pool is at most {rolls.MAX_POOL} dice; this one would be {pool}.")
        ctx.source.require_forced(2 if pool == 0 else pool, f"{ctx.move.name}'s dice pool")
        roll = rolls.pool_roll(ctx.source, pool)
        ctx.score, ctx.outcome = roll.result, roll.outcome
        ctx.extra["roll"], ctx.extra["pool"] = roll, pool
        if pool == 0:
            ctx.notes.append("Zero dice: rolled two and took the lowest (no critical).")

    def _base_pool(self, ctx: Resolution) -> int:
        extra = ctx.move.roll.extra
        if ctx.options.get("tough_it_out"):
            ctx.notes.append("Toughing it out: roll 0d.")
            return 0
        option = extra.get("dice_option")
        if option:
            if option in ctx.options:
                return option_int(ctx, option, 0, rolls.MAX_POOL)
            if "default_dice" in extra:
                ctx.notes.append(f"{extra['default_dice']}d: options.{option} not given.")
                return int(extra["default_dice"])
            raise InputError(f"{ctx.move.name} needs options.{option} (how many dice, 0-{rolls.MAX_POOL}).")
        ctx.stat, ctx.stat_value = choose_stat(ctx)
        return int(ctx.stat_value)

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
        coins = option_int(ctx, "spend_coin", 0, 20)
        if not coins:
            return
        if ctx.roll != "pool":
            raise InputError(f"{ctx.move.name} made no roll: there is no result to raise with coin.")
        index = crew.RESULT_LEVELS.index(ctx.outcome)
        steps = min(coins, len(crew.RESULT_LEVELS) - 1 - index)
        leftover = coins - steps
        if leftover and ctx.move.id == "acquire_asset":
            if leftover % 2:
                raise InputError("Beyond critical an asset costs 2 coin per extra quality level: spend an even number past it.")
            ctx.extra["extra_quality"] = leftover // 2
        elif leftover and ctx.move.id == "crafting":
            ctx.extra["extra_quality"] = leftover
        elif leftover:
            raise InputError(f"{coins} coin is more than this result can take: {steps} raise it to critical.")
        self.adjust_meter(
            ctx, "crew_coin" if ctx.options.get("pay_from_crew") else "coin", -coins, f"spend {coins} coin to improve the result"
        )
        before = ctx.outcome
        ctx.outcome = crew.RESULT_LEVELS[index + steps]
        ctx.notes.append(f"Spent {coins} coin: {before.value} became {ctx.outcome.value}.")

    def _quality(self, ctx: Resolution, what: str, base: int) -> None:
        if ctx.roll != "pool":
            return
        quality = max(0, base + crew.QUALITY_SHIFT[ctx.outcome] + int(ctx.extra.get("extra_quality", 0)))
        ctx.effect(EffectKind.QUALITY, what, after=quality, reason=f"quality from the crew's Tier ({base}) and the result")
        minimum = ctx.extra.get("minimum_quality")
        if minimum is None and "minimum_quality" in ctx.options:
            minimum = option_int(ctx, "minimum_quality", 0, 12)
        if minimum is not None:
            met = "meets" if quality >= minimum else "falls short of"
            ctx.notes.append(f"Quality {quality} {met} the minimum quality {minimum}.")

    def _acquire_asset(self, ctx: Resolution) -> None:
        self._quality(ctx, "asset", int(ctx.character["tier"]))

    def _crafting(self, ctx: Resolution) -> None:
        tier = int(ctx.character["tier"]) + (1 if ctx.options.get("workshop") else 0)
        kind = ctx.options.get("modification")
        if kind is not None:
            if kind not in crew.MODIFICATION_STEP:
                raise InputError(f"options.modification is simple, significant or arcane; got {kind!r}.")
            if "minimum_quality" in ctx.options:
                raise InputError("Give options.modification or options.minimum_quality, not both.")
            ctx.extra["minimum_quality"] = int(ctx.character["tier"]) + crew.MODIFICATION_STEP[kind]
        self._quality(ctx, "item", tier)

    def _payoff(self, ctx: Resolution) -> None:
        ch = ctx.character
        target = option_int(ctx, "target_tier", 0, 6) if "target_tier" in ctx.options else None
        rep = crew.payoff_rep(int(ch["tier"]), target, option_bool(ctx, "quiet"))
        self.adjust_meter(ctx, "rep", rep, "payoff: rep for the score")
        if option_bool(ctx, "tithe") and option_bool(ctx, "skip_tithe"):
            raise InputError("Give options.tithe or options.skip_tithe, not both.")
        coin = option_int(ctx, "coin", 0, 50, default=0)
        tithe = int(ch["tier"]) + 1 if option_bool(ctx, "tithe") else 0
        if coin or tithe:
            reason = f"payoff: {coin} coin" + (f" minus a tithe of {tithe} (crew Tier +1) to the boss" if tithe else "")
            self.adjust_meter(ctx, "crew_coin", coin - tithe, reason)
        if option_bool(ctx, "skip_tithe"):
            if ctx.clock is None:
                raise InputError("Skipping the tithe ticks the boss's patience clock: give options.clock {segments, filled}.")
            self.apply_effect(ctx, EffectSpec(type="clock", delta=1))
            if ctx.clock.full:
                ctx.notes.append("The boss's patience ran out: lose 1 faction status with them.")
        for field, empty in (("downtime_activities", 0), ("trained", [])):
            if ch[field] != empty:
                ctx.effect(
                    EffectKind.RESET, field, before=ch[field], after=empty, reason="a new score: two free activities again"
                )
                ch[field] = empty

    def _heat(self, ctx: Resolution) -> None:
        if "exposure" not in ctx.options:
            raise InputError("Heat needs options.exposure: smooth (0), contained (2), loud (4) or wild (6).")
        parts = [crew.exposure_heat(ctx.options["exposure"])]
        for option, extra in (("high_profile", 1), ("hostile_turf", 1), ("killing", 2)):
            if option_bool(ctx, option):
                parts.append(extra)
        if ctx.character["at_war"]:
            parts.append(1)
        self.adjust_meter(ctx, "heat", sum(parts), f"heat from the operation ({' + '.join(map(str, parts))})")

    def _incarceration(self, ctx: Resolution) -> None:
        wanted = int(ctx.before["wanted_level"])
        if option_bool(ctx, "beating") and wanted:
            raise RulesError(f"The beating replaces a sentence only at wanted level 0; the crew's wanted level is {wanted}.")
        effective = max(0, wanted - (1 if option_bool(ctx, "parole_influence") else 0))
        if not option_bool(ctx, "beating"):
            ctx.notes.append(f"Sentence at wanted level {effective}: {crew.SENTENCES[effective]}")

    def _train(self, ctx: Resolution) -> None:
        track = ctx.options.get("xp_track")
        if track not in crew.XP_TRACK_MAX:
            raise InputError(f"Train needs options.xp_track: {', '.join(crew.XP_TRACK_MAX)}.")
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
            ctx.notes.append(f"Cleared {ctx.score} stress with only {ctx.character['stress']} marked: you overindulge.")
            offer_choice(ctx, self.move_by_id("overindulgence").choices[0])

    def _project_clock(self, ctx: Resolution) -> None:
        name = ctx.options.get("project")
        if name is not None:
            if not isinstance(name, str) or not name.strip():
                raise InputError("options.project is the name of a project clock.")
            found = [p for p in ctx.character["projects"] if p["name"].strip().lower() == name.strip().lower()]
            if found and ctx.clock is not None:
                raise InputError(f"Project {name!r} is on the sheet already; drop options.clock.")
            if found:
                ctx.clock = Clock(segments=found[0]["segments"], filled=found[0]["filled"], name=found[0]["name"])
            elif ctx.clock is None:
                raise InputError(f"No project called {name!r} on the sheet; give options.clock {{segments, filled}} to start it.")
            else:
                ctx.clock = Clock(segments=ctx.clock.segments, filled=ctx.clock.filled, name=name.strip())
            ctx.extra["project"] = ctx.clock.name
        elif ctx.clock is None and ctx.move.id in EIGHT_SEGMENT_DEFAULT:
            ctx.clock = Clock(segments=8, filled=0, name=ctx.move.name)
            ctx.started.append("clock")
            ctx.notes.append("A new 8-segment clock (give options.clock or options.project for another).")

    def _count_activity(self, ctx: Resolution) -> None:
        ch = ctx.character
        count = option_int(ctx, "activities", 1, 4, default=1) if ctx.move.id == "performing_a_ritual" else 1
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
        name = ctx.extra.get("project")
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
}
