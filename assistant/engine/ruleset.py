"""A rule system = its data (``moves.yaml``, ``tables.yaml``, ``sheet.yaml``) + a small class of hooks.

:class:`Ruleset` is the data (:class:`~assistant.engine.data.RulesetData`) plus every hook the resolution
calls, each typed and with the core's behaviour as its default. A system's subclass overrides only the
hooks whose rules are truly code (Starforged's position, Blades' coin and harm, the city's advantage...)::

    check_options(ctx)          the request's options, beyond their declared types
    requirement_message(ctx)    why a move can't be made now;  no_roll_reason(ctx): why it made no roll
    stat_value / meter_value / meter_max / position      what the sheet says (sheet_meter: from a sheet alone)
    sheet_lines(character)      the sheet's other fields in words (harm, projects, schemes...), for a sheet view
    adjust_meter(ctx, name, delta, reason) -> overflow   a meter changes (bounds and the sheet's rules)
    apply_effect(ctx, spec)     a structured effect;  amount(ctx, spec): its amount
    impacts_changed(ctx)        after an impact is marked or cleared
    do_system_roll(ctx, kind)   pool and total rolls;  roll_adds / keep_mode / adjust_action_roll / reroll_below: parts of rolls
    progress_score(ctx)         the score of a progress roll
    after_roll(ctx)             after the dice (and any burn), before the outcome's effects
    finish(ctx)                 a last look before the Result is built
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import Any, ClassVar

import assistant.engine.roll_steps as roll_steps
from assistant.engine.context import Resolution
from assistant.engine.data import RulesetData, normalize_name
from assistant.engine.effects import HANDLERS, core_amount
from assistant.engine.errors import ConfigError, InputError, RulesError
from assistant.engine.meters import change_meter, clamp_to_max, default_max
from assistant.engine.options import check_options
from assistant.engine.plans import SheetPlan
from assistant.engine.rolls import ChallengeRoll
from assistant.engine.schema import EffectSpec

__all__ = ["Ruleset", "normalize_name"]


class Ruleset(RulesetData):
    """Base class of a rule system: its data and its hooks (see the module docstring)."""

    after_roll_moves: ClassVar[frozenset[str] | None] = None
    """The moves (ids) a system's :meth:`after_roll` does anything for; None: any move (it is called for every one)."""
    finish_moves: ClassVar[frozenset[str] | None] = None
    """The moves (ids) a system's :meth:`finish` does anything for; None: any move (it is called for every one)."""
    owed_choices: ClassVar[tuple[str, ...]] = ()
    """Ids (or id prefixes) of choices that are a price the rules make the player pay (Blades' coin or rep for an
    additional downtime activity): left open, the move would have been had for free, so it is paid before another."""

    def is_owed(self, choice_id: str) -> bool:
        """Whether the choice ``choice_id`` is a price the player must pay before making another move."""
        return any(choice_id == owed or choice_id.startswith(f"{owed}_") for owed in self.owed_choices)

    @cached_property
    def sheet_plan(self) -> SheetPlan:
        """The sheet rules the rolls read, and which hooks are the core's (worked out once)."""
        return SheetPlan(self, Ruleset)

    # ---- before the roll ----------------------------------------------------------------------------
    def check_options(self, ctx: Resolution) -> None:
        """Refuse options the move does not take or of the wrong kind; a system checks more (and the sheet)."""
        plan = ctx.plan or self.plan(ctx.move)
        if ctx.options or plan.options_required:  # no options and none required: nothing to check
            move = ctx.move
            ctx.options = check_options(move.name, ctx.options, self.options_for(move), self.options_required_list(move))
        if ctx.options and ctx.options.get("burn") and plan.kind != "action":
            meter = self.sheet.spec.burn.meter if self.sheet.spec.burn else "it"
            raise RulesError(f"{meter.capitalize()} can't be burned on {ctx.move.name}: only an action roll can burn {meter}.")

    def requirement_message(self, ctx: Resolution) -> str:
        from assistant.engine.offers import describe

        why = describe(ctx, ctx.move.requires)
        if why:
            return f"{ctx.move.name} is made only when {why}."
        return f"{ctx.move.name} can't be made in this situation."

    def no_roll_reason(self, ctx: Resolution) -> str:
        return ctx.move.roll.no_roll or "the move's roll condition does not hold"

    # ---- the sheet ----------------------------------------------------------------------------------
    def meter_value(self, ctx: Resolution, name: str) -> int:
        return int(ctx.character.get(name, 0))

    def meter_max(self, ctx: Resolution, name: str) -> int:
        return default_max(ctx, name)

    def sheet_meter(self, character: Mapping[str, Any], name: str) -> int | None:
        """A meter a condition names, read from a sheet alone (no resolution): what a suggestion filter checks a
        move's ``requires`` against. None when the sheet alone can't say; a system adds the values it counts
        (the city's unmet Demands, its schemes)."""
        value = character.get(name)
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    def sheet_meter_max(self, character: Mapping[str, Any], name: str) -> int | None:
        """A meter's top for this sheet when the sheet moves it (Blades' crew coin: 4, 8 or 16 by vault upgrades),
        read from the sheet alone, for a sheet drawn with its bars; None: the sheet's fixed maximum."""
        return None

    def odds_in_words(self, move_id: str, character: Mapping[str, Any], options: Mapping[str, Any]) -> str | None:
        """The odds of the move as this sheet stands, in words, where the system reads the die against the sheet
        (Blades' vice roll overindulges on a die above the stress marked); None: the odds by result level do."""
        return None

    def check_sheet(self, character: dict[str, Any]) -> None:
        """A system's own checks of a normalised sheet, beyond its data's bounds, normalising in place what a player
        writes as text (Blades' "Broken Arm (level 2)"); an edit runs them as a move does. None by default."""

    def sheet_lines(self, character: Mapping[str, Any]) -> list[str]:
        """The sheet's fields besides stats, meters and impacts, one line each in the player's words (a system's
        harm, projects, schemes...); none by default."""
        return []

    def stat_value(self, ctx: Resolution, name: str) -> int:
        if name in ctx.character.get("stats", {}):
            return int(ctx.character["stats"][name])
        if name in self.sheet.meters:
            return self.meter_value(ctx, name)
        raise ConfigError(f"{self.system_id} has no stat or meter called {name!r}.")

    def position(self, ctx: Resolution) -> str | None:
        return ctx.character.get("position")

    # ---- changes ------------------------------------------------------------------------------------
    def adjust_meter(self, ctx: Resolution, name: str, delta: int, reason: str) -> int:
        """Change a meter within its bounds (and the sheet's rules for it); returns what a loss left below 0."""
        if name not in self.sheet.meters:
            raise ConfigError(f"{self.system_id} has no meter called {name!r}.")
        return change_meter(ctx, name, delta, reason)

    def apply_effect(self, ctx: Resolution, spec: EffectSpec) -> None:
        handler = HANDLERS.get(spec.type)
        if handler is None:
            raise ConfigError(f"{self.system_id} does not handle effect {spec.type!r}.")
        handler(ctx, spec)

    def amount(self, ctx: Resolution, spec: EffectSpec) -> int:
        return core_amount(ctx, spec)

    def impacts_changed(self, ctx: Resolution) -> None:
        """After an impact is marked or cleared: meters whose maximum falls per impact come down to it."""
        clamp_to_max(ctx)

    # ---- rolls --------------------------------------------------------------------------------------
    def do_system_roll(self, ctx: Resolution, kind: str) -> None:
        """Pool and total rolls (see :mod:`assistant.engine.roll_steps`)."""
        if kind == "pool":
            roll_steps.pool_step(ctx)
        else:
            roll_steps.total_step(ctx)

    def roll_adds(self, ctx: Resolution) -> int:
        """What the situation adds to a total roll beyond stat and adds (city: forward, ongoing bonuses...)."""
        return 0

    def keep_mode(self, ctx: Resolution) -> str | None:
        """``best`` to roll a total with advantage (one more die, keep the best), ``worst`` with disadvantage."""
        advantage, disadvantage = bool(ctx.options.get("advantage")), bool(ctx.options.get("disadvantage"))
        if advantage and disadvantage:
            raise InputError("Advantage and disadvantage cancel out: give at most one of them.", missing="advantage")
        if advantage or disadvantage:
            how = "best" if advantage else "worst"
            ctx.notes.append(
                f"With {'advantage' if advantage else 'disadvantage'}: rolled {ctx.move.roll.extra.count + 1} dice "
                f"and kept the {how} {ctx.move.roll.extra.count}."
            )
            return how
        return None

    def adjust_action_roll(self, ctx: Resolution, roll: ChallengeRoll, first: int) -> ChallengeRoll:
        """Change an action roll after the dice (``first``: index of its first die in ``ctx.source.rolled``).

        The odds count an action roll from its shape: a system that changes it here says how through
        :meth:`reroll_below` (a new kind of change needs a new field of the shape)."""
        return roll

    def reroll_below(self, ctx: Resolution) -> int:
        """Challenge dice lower than this are rerolled once on an action roll (0: none are)."""
        return 0

    def progress_score(self, ctx: Resolution) -> int:
        if ctx.track is None:
            raise InputError(f"{ctx.move.name}: give the progress (the track, or its boxes or ticks).", missing="track")
        return ctx.track.score

    def after_roll(self, ctx: Resolution) -> None:
        """After the dice and any burn, before the outcome's effects (position downgrades, coin spent...)."""

    def finish(self, ctx: Resolution) -> None:
        """Last look at the resolution before the Result is built."""
