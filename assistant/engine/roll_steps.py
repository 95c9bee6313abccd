"""The rolls of a move, once for every system, driven by the move's data and the system's ``sheet.yaml``.

* :func:`action_step` — choose the stat; add option adds and the held next-move add; roll the action die
  (when the sheet has one; a negative burn meter may cancel it) and two challenge dice; cap; then the
  system may adjust the roll (Elegy's rerolls below negative focus).
* :func:`burn_step` — after an action roll: burn the sheet's burn meter when asked and it helps, or offer it.
* :func:`progress_step`, :func:`pool_step`, :func:`total_step`, :func:`oracle_step` (tables roll in
  :mod:`assistant.engine.table_steps`).

A system changes a roll through the hooks these call (``stat_value``, ``roll_adds``, ``keep_mode``,
``adjust_action_roll``, ``progress_score``), never by copying a step.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import assistant.engine.roll_shapes as roll_shapes
import assistant.engine.rolls as rolls
from assistant.engine.context import Resolution, option_int
from assistant.engine.dice import DiceSource
from assistant.engine.effects import reset_meter, reset_value
from assistant.engine.errors import InputError
from assistant.engine.kinds import EffectKind, RollKind
from assistant.engine.model import Burn, trusted
from assistant.engine.options import words
from assistant.engine.oracle import Odds, is_d100_match
from assistant.engine.outcomes import Outcome, challenge_outcome
from assistant.engine.schema import StatOption

TIERS: dict[str, tuple[rolls.Tier, ...]] = {
    "pbta": rolls.PBTA_TIERS,
    "pbta12": rolls.PBTA_TIERS_12,
    "faction": rolls.FACTION_TIERS,
    "none": (rolls.Tier(-999, Outcome.NONE),),
}
#: The tiers as the odds read them: (lowest total, outcome), best first.
TIER_BOUNDS: dict[str, tuple[tuple[int, Outcome], ...]] = {
    name: tuple((t.min_total, t.outcome) for t in sorted(tiers, key=lambda t: -t.min_total)) for name, tiers in TIERS.items()
}
#: Challenge outcomes from worst to best (a burn must climb this ladder to help).
CHALLENGE_LADDER = (Outcome.MISS, Outcome.WEAK_HIT, Outcome.STRONG_HIT)
_RUNG = {outcome: i for i, outcome in enumerate(CHALLENGE_LADDER)}
#: Outcomes by the number of challenge dice a score beats (ties go to the dice).
_BY_DICE_BEATEN = CHALLENGE_LADDER


def _allowed(options: Sequence[StatOption]) -> list[str]:
    """Every stat a move's roll options name, each once."""
    return list(dict.fromkeys(s for opt in options for s in opt.stats))


def choose_stat(ctx: Resolution) -> tuple[str, int]:
    """The stat to roll, from the move's roll options and the request's ``stat``."""
    options = ctx.move.roll.stats
    wanted = ctx.request.stat
    if not options:
        raise InputError(f"{ctx.move.name} has no stat to roll; leave the stat out.", missing="stat")
    plan = ctx.ruleset.plan(ctx.move)
    if wanted is None:
        found = plan.default_stat
        if found is None:
            menu = "; ".join(f"{'/'.join(o.stats)} ({o.when})" if o.when else "/".join(o.stats) for o in options)
            raise InputError(f"{ctx.move.name}: which stat do you roll? {menu}.", missing="stat", choices=_allowed(options))
    else:
        key = wanted.strip().lower().lstrip("+")
        found = plan.stat_names.get(key)
        if found is None:
            allowed = _allowed(options)
            raise InputError(f"{ctx.move.name} rolls +{' / +'.join(allowed)}; not +{key}.", missing="stat", choices=allowed)
    opt = found
    if isinstance(opt.stat, str):
        return opt.stat, ctx.ruleset.stat_value(ctx, opt.stat)
    values = {s: ctx.ruleset.stat_value(ctx, s) for s in opt.stats}
    if len(values) == 1:
        name = next(iter(values))
    else:
        pick = max if opt.pick == "highest" else min
        name = pick(values, key=lambda s: values[s])
    return name, values[name]


def option_adds(ctx: Resolution) -> int:
    """What the request's options add to the score (declared ``adds`` / ``adds_by_value``), each noted."""
    if not ctx.options:
        return 0
    total = 0
    for name, spec in ctx.ruleset.options_adding(ctx.move):
        value = ctx.options.get(name)
        add = spec.adds if spec.adds and value is True else spec.adds_by_value.get(str(value), 0) if value is not None else 0
        if add:
            total += add
            ctx.notes.append(f"{add:+d} ({words(name)}: {value}).")
    return total


def spend_next_move_add(ctx: Resolution) -> None:
    """The add held for the next action roll (sheet ``next_move_add``) goes to this one."""
    field = ctx.ruleset.sheet_plan.next_move_add
    pending = int(ctx.character.get(field, 0)) if field else 0
    if not field or not pending:
        return
    ctx.adds += pending
    ctx.character[field] = 0
    ctx.effect(
        EffectKind.NEXT_MOVE_ADD,
        field,
        before=pending,
        after=0,
        delta=-pending,
        reason=f"{pending:+d} on this roll (from an earlier move)",
    )


def action_step(ctx: Resolution) -> None:
    rules = ctx.ruleset
    sheet = rules.sheet_plan
    wanted = ctx.request.stat
    named = (ctx.plan or rules.plan(ctx.move)).stat_names.get(wanted) if wanted is not None else None
    if named is not None and type(named.stat) is str:  # the stat as the move spells it (what choose_stat finds)
        ctx.stat, ctx.stat_value = named.stat, rules.stat_value(ctx, named.stat)
    else:
        ctx.stat, ctx.stat_value = choose_stat(ctx)
    if ctx.options:
        ctx.adds += option_adds(ctx)
    if sheet.next_move_add is not None and ctx.character.get(sheet.next_move_add):
        spend_next_move_add(ctx)
    die = sheet.action_die
    source = ctx.source
    if source.any_forced:
        source.require_forced(3 if die else 2, f"{ctx.move.name}'s action roll")
    cancel = None if sheet.cancel_meter is None else int(ctx.character[sheet.cancel_meter])
    first = len(source.rolled)
    cap = rolls.UNCAPPED if sheet.cap is None else sheet.cap
    if sheet.core_adjust_action_roll and die and (cancel is None or cancel >= 0):
        _plain_action_roll(ctx, source, cap, cancel)  # what action_roll gives, without building the roll
        return
    roll = rolls.action_roll(source, ctx.stat_value, ctx.adds, momentum=cancel, action_die=die, cap=cap)
    if not sheet.core_adjust_action_roll:
        roll = rules.adjust_action_roll(ctx, roll, first)
    if roll_shapes.RECORDER.get() is not None:  # only the odds read a roll's shape (recording_now, inline)
        ctx.shape = roll_shapes.ChallengeShape(
            base=ctx.stat_value + ctx.adds,
            cap=cap,
            action_die=die,
            cancel=cancel,
            reroll_below=rules.reroll_below(ctx),
        )
    ctx.shape_dice_before = first
    ctx.score, ctx.outcome, ctx.match, ctx.challenge = roll.score, roll.outcome, roll.match, roll.challenge
    if roll.cancelled and sheet.burn is not None:
        ctx.notes.append(f"Negative {sheet.burn.meter} ({cancel}) cancelled the action die ({roll.action_die}).")
    if roll.raw_score > roll.score:
        ctx.notes.append(f"Action score {roll.raw_score} capped at {roll.score}.")


def _plain_action_roll(ctx: Resolution, source: DiceSource, cap: int, cancel: int | None) -> None:
    """:func:`rolls.action_roll` with an action die that nothing cancels, read straight into ``ctx`` (the rest of
    :func:`action_step` for a system that keeps the core's roll): the same dice, score, outcome and notes."""
    first = len(source.rolled)
    action, c1, c2 = source.roll_each(rolls.ACTION_DICE)
    raw = action.value + ctx.stat_value + ctx.adds  # type: ignore[operator]
    score = raw if raw < cap else cap
    low, high = c1.value, c2.value
    if roll_shapes.RECORDER.get() is not None:  # only the odds read a roll's shape
        ctx.shape = roll_shapes.ChallengeShape(
            base=ctx.stat_value + ctx.adds,  # type: ignore[operator]
            cap=cap,
            action_die=True,
            cancel=cancel,
            reroll_below=ctx.ruleset.reroll_below(ctx),
        )
    ctx.shape_dice_before = first
    ctx.score, ctx.match, ctx.challenge = score, low == high, (low, high)
    ctx.outcome = _BY_DICE_BEATEN[(score > low) + (score > high)]
    if raw > score:
        ctx.notes.append(f"Action score {raw} capped at {score}.")


def burn_step(ctx: Resolution) -> None:
    """After an action roll: burn the meter when the request asks and it beats more challenge dice; else offer it."""
    burn = ctx.ruleset.sheet_plan.burn
    challenge = ctx.challenge
    if burn is None or ctx.roll is not RollKind.ACTION or challenge is None or ctx.score is None:
        return
    value = int(ctx.character[burn.meter])
    if len(challenge) == 2:  # challenge_outcome, inline
        burned = _BY_DICE_BEATEN[(value > challenge[0]) + (value > challenge[1])]
    else:
        burned = challenge_outcome(value, challenge)
    improves = value > 0 and _RUNG[burned] > _RUNG[ctx.outcome]
    asked = ctx.options.get("burn")
    if not asked and not improves:  # nothing to burn or offer
        return
    reset = reset_value(ctx)
    if asked and isinstance(ctx.shape, roll_shapes.ChallengeShape):
        ctx.shape = replace(ctx.shape, burn=value)  # burned whenever it beats more dice: the odds count which faces
    if not asked:
        ctx.burn = _burn(burn.meter, value, reset, outcome=burned, available=True)
        return
    if not improves:
        ctx.burn = _burn(burn.meter, value, reset, outcome=ctx.outcome)
        ctx.notes.append(
            f"{burn.meter.capitalize()} not burned: {value} would not beat more challenge dice than the action score {ctx.score}."
        )
        return
    ctx.burn = _burn(burn.meter, value, reset, outcome=burned, burned=True, score_before=ctx.score, outcome_before=ctx.outcome)
    ctx.score, ctx.outcome = value, burned
    reset_meter(ctx, f"burned {value} {burn.meter}: it replaces the action score; it resets to {reset}", EffectKind.BURN)


def _burn(
    meter: str,
    before: int,
    after: int,
    *,
    outcome: Outcome,
    burned: bool = False,
    available: bool = False,
    score_before: int | None = None,
    outcome_before: Outcome | None = None,
) -> Burn:
    """A burn from the engine's own values (of the declared types), built without validating them again."""
    return trusted(
        Burn,
        meter=meter,
        before=before,
        after=after,
        burned=burned,
        available=available,
        outcome=outcome,
        score_before=score_before,
        outcome_before=outcome_before,
    )


def progress_step(ctx: Resolution) -> None:
    if ctx.source.any_forced:
        ctx.source.require_forced(2, f"{ctx.move.name}'s progress roll")
    score = ctx.ruleset.progress_score(ctx)
    ctx.shape_dice_before = len(ctx.source.rolled)
    if not 0 <= score <= 10:
        rolls.progress_roll(ctx.source, score)  # refuses it (an InputError) before any die
    c1, c2 = ctx.source.roll_each(rolls.CHALLENGE_DICE)  # rolls.progress_roll, read straight into ctx
    low, high = c1.value, c2.value
    ctx.score, ctx.match, ctx.challenge = score, low == high, (low, high)
    ctx.outcome = _BY_DICE_BEATEN[(score > low) + (score > high)]
    if roll_shapes.RECORDER.get() is not None:
        ctx.shape = roll_shapes.ChallengeShape(base=score, cap=rolls.UNCAPPED, action_die=False)


def _stat_part(ctx: Resolution) -> int:
    if ctx.move.roll.extra.no_stat or not ctx.move.roll.stats:
        return 0
    ctx.stat, ctx.stat_value = choose_stat(ctx)
    return ctx.stat_value


def pool_size(ctx: Resolution) -> int:
    """The dice of a pool: the stat's (or ``dice_option``'s, or ``default_dice``), + adds, + bonus dice."""
    extra = ctx.move.roll.extra
    known = ctx.ruleset.options_for(ctx.move)
    zero = [name for name, spec in known.items() if spec.zero_pool and ctx.options.get(name)]
    option = extra.dice_option
    if zero:
        ctx.notes.append(f"{known[zero[0]].help.capitalize() or words(zero[0]).capitalize()}: roll 0d.")
        base = 0
    elif option and option in ctx.options:
        base = option_int(ctx, option, 0, rolls.MAX_POOL)
    elif option and extra.default_dice is not None:
        who = f", for {extra.default_for}" if extra.default_for else ""
        ctx.notes.append(f"No {words(option)} given: {extra.default_dice}d{who}.")
        base = extra.default_dice
    elif ctx.move.roll.stats:
        base = _stat_part(ctx)
    else:
        raise InputError(
            f"{ctx.move.name}: how many dice (0 to {rolls.MAX_POOL})?",
            missing=option or "dice",
            choices=list(range(rolls.MAX_POOL + 1)),
        )
    pool = base + ctx.adds
    for name, spec in known.items():
        if spec.pool_dice and ctx.options.get(name) is True:
            pool += spec.pool_dice
            ctx.notes.append(f"+{spec.pool_dice}d: {spec.help or words(name)}.")
    pool = max(0, pool)
    if pool > rolls.MAX_POOL:
        raise InputError(f"A dice pool is at most {rolls.MAX_POOL} dice; this one would be {pool}.")
    return pool


#: The note a pool of zero dice carries: "roll two dice and take the lowest" (no critical, even on two sixes).
ZERO_DICE_NOTE = "Zero dice: two dice rolled and the lower one kept (two sixes are no critical)."


def pool_step(ctx: Resolution) -> None:
    pool = pool_size(ctx)
    if ctx.source.any_forced:
        ctx.source.require_forced(2 if pool == 0 else pool, f"{ctx.move.name}'s dice pool")
    ctx.shape, ctx.shape_dice_before = roll_shapes.PoolShape(pool), len(ctx.source.rolled)
    roll = rolls.pool_roll(ctx.source, pool)
    ctx.source.rolled[-len(roll.dice) :] = roll.dice  # the Result shows which die counted and which were dropped
    ctx.score, ctx.outcome, ctx.pool = roll.result, roll.outcome, pool
    if pool == 0:
        ctx.notes.append(ZERO_DICE_NOTE)


def total_step(ctx: Resolution) -> None:
    extra = ctx.move.roll.extra
    count, keep, keep_count = extra.count, extra.keep, extra.keep_count or extra.count
    stat_part = _stat_part(ctx)
    if extra.minus_each is not None and ctx.character.get(extra.minus_each):
        n = len(ctx.character[extra.minus_each])
        ctx.adds -= n
        ctx.notes.append(f"-{n}: one for each of your {words(extra.minus_each)}.")
    ctx.adds += ctx.ruleset.roll_adds(ctx)
    mode = ctx.ruleset.keep_mode(ctx)
    if mode is not None:
        # Advantage keeps the dice best for the player: the highest, or the lowest on a roll where lower is
        # better (Backfire). Disadvantage the other way round.
        highest = (mode == "best") != extra.lower_is_better
        keep, keep_count, count = ("best" if highest else "worst"), count, count + 1
    if ctx.source.any_forced:
        ctx.source.require_forced(count, f"{ctx.move.name}'s roll")
    ctx.shape_dice_before = len(ctx.source.rolled)
    roll = rolls.total_roll(
        ctx.source,
        stat_part + ctx.adds,
        count=count,
        sides=extra.sides,
        tiers=TIERS[extra.tiers],
        keep=keep,
        keep_count=keep_count,
    )
    ctx.shape = roll_shapes.TotalShape(
        modifier=stat_part + ctx.adds,
        count=count,
        sides=extra.sides,
        tiers=TIER_BOUNDS[extra.tiers],
        keep=keep,
        keep_count=keep_count,
    )
    ctx.source.rolled[-len(roll.dice) :] = roll.dice  # the Result shows which dice were dropped
    ctx.score, ctx.outcome = roll.total, roll.outcome


def oracle_step(ctx: Resolution) -> None:
    """The yes/no oracle: d100 against the odds' threshold, read as the sheet says (yes at most, or at least)."""
    raw = ctx.options.get("odds")
    if raw is None:
        names = [o.value for o in Odds]
        raise InputError(f"How likely is a yes? Give the odds: {', '.join(names)}.", missing="odds", choices=names)
    name = Odds.parse(raw).value
    oracle = ctx.ruleset.sheet.spec.oracle
    threshold = oracle.thresholds[name]
    at_most = oracle.yes_when == "at_most"
    if roll_shapes.RECORDER.get() is not None:  # only the odds read a roll's shape
        ctx.shape = roll_shapes.OracleShape(threshold, yes_at_most=at_most)
    ctx.shape_dice_before = len(ctx.source.rolled)
    value = ctx.source.roll(100, "oracle").value
    yes = value <= threshold if at_most else value >= threshold
    ctx.outcome, ctx.match, ctx.score, ctx.odds = (Outcome.YES if yes else Outcome.NO), is_d100_match(value), value, name
    ctx.notes.append(f"Odds {name}: yes on {threshold} or {'less' if at_most else 'greater'}; rolled {value}.")


def match_note(ctx: Resolution) -> None:
    """What a match means, from the sheet, for a move whose text gives no match outcome of its own (Elegy)."""
    notes = ctx.ruleset.sheet.spec.match_notes
    if not ctx.match or ctx.roll not in (RollKind.ACTION, RollKind.PROGRESS) or f"{ctx.outcome.value}_match" in ctx.move.outcomes:
        return
    if ctx.outcome.value in notes:
        ctx.notes.append(notes[ctx.outcome.value])
