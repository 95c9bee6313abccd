"""What a resolution reads of a move and of its system that never changes: worked out once per move and per
ruleset, not on every call.

A :class:`MovePlan` holds a move's roll kind, its requirement and roll condition, its stat options by name, the
options it must be given, and the outcome spec each (outcome, match) reads. A :class:`SheetPlan` holds the
system's sheet rules the rolls read (burn meter, action die, cap, the add kept for the next move) and which
hooks its ruleset leaves as the core's (so a resolution skips the calls that would do nothing).

Plans are cached on the ruleset (see :meth:`~assistant.engine.data.RulesetData.plan`); they are read-only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from assistant.engine.kinds import RollKind
from assistant.engine.outcomes import Outcome
from assistant.engine.schema import ChoiceSpec, Condition, EffectSpec, FollowUpSpec, MoveSpec, OutcomeSpec, StatOption


class _MoveOptions(Protocol):
    """What a plan reads of its ruleset's data (a :class:`~assistant.engine.data.RulesetData`)."""

    def options_required(self, move: MoveSpec) -> bool: ...


_ROLL_KINDS = {kind.value: kind for kind in RollKind}
_VALUE: dict[Outcome, str] = {o: o.value for o in Outcome}
_HITS = (Outcome.STRONG_HIT, Outcome.WEAK_HIT)


def outcome_key(move: MoveSpec, outcome: Outcome, match: bool) -> str | None:
    """The key of ``move.outcomes`` a result reads: ``<outcome>_match`` on a match if the move has one, the
    outcome, ``hit`` for either hit, ``none`` for no tier."""
    key = _VALUE[outcome]
    if match and f"{key}_match" in move.outcomes:
        return f"{key}_match"
    if key in move.outcomes:
        return key
    if outcome in _HITS and "hit" in move.outcomes:
        return "hit"
    return "none" if outcome is Outcome.NONE and "none" in move.outcomes else None


class OutcomeReading:
    """What one (outcome, match) of a move reads: its spec, and the choices and follow-ups it opens (the move's
    own first)."""

    __slots__ = ("choices", "follow_ups", "spec")

    def __init__(self, move: MoveSpec, spec: OutcomeSpec | None) -> None:
        self.spec = spec
        choices: list[ChoiceSpec] = move.choices
        follow_ups: list[FollowUpSpec] = move.follow_ups
        if spec is not None:
            if spec.choices:
                choices = [*choices, *spec.choices]
            if spec.follow_ups:
                follow_ups = [*follow_ups, *spec.follow_ups]
        self.choices: Sequence[ChoiceSpec] = tuple(choices)
        self.follow_ups: Sequence[FollowUpSpec] = tuple(follow_ups)


class MovePlan:
    """A move's static reading (see the module docstring)."""

    __slots__ = (
        "before_roll",
        "default_stat",
        "kind",
        "legacy",
        "move",
        "options_required",
        "outcomes",
        "requires",
        "roll_kind",
        "roll_when",
        "stat_names",
        "takes_stat",
    )

    def __init__(self, ruleset: _MoveOptions, move: MoveSpec) -> None:
        roll = move.roll
        self.move = move
        self.kind: str = roll.type
        self.roll_kind: RollKind | None = _ROLL_KINDS.get(roll.type)
        self.legacy = (roll.track or "").startswith("legacy")
        self.requires: Condition | None = move.requires
        self.before_roll: tuple[EffectSpec, ...] = tuple(move.before_roll)
        self.roll_when: Condition | None = roll.when
        self.takes_stat = bool(roll.stats)
        self.options_required = ruleset.options_required(move)
        names: dict[str, StatOption] = {}
        for option in roll.stats:
            keys = [option.stat] if isinstance(option.stat, str) else [*option.stat, "/".join(option.stat)]
            for key in keys:
                names.setdefault(key, option)
        self.stat_names = names
        #: The option rolled when the request names no stat (None when the move asks which).
        self.default_stat: StatOption | None = roll.stats[0] if len({tuple(o.stats) for o in roll.stats}) == 1 else None
        self.outcomes: dict[tuple[Outcome, bool], OutcomeReading] = {}

    def reading(self, outcome: Outcome, match: bool) -> OutcomeReading:
        """The outcome spec (and its choices and follow-ups) a result of ``outcome`` (on a match or not) reads."""
        known = self.outcomes.get((outcome, match))
        if known is None:
            move = self.move
            spec = move.outcomes.get(outcome_key(move, outcome, match) or "")
            known = self.outcomes[(outcome, match)] = OutcomeReading(move, spec)
        return known


class SheetPlan:
    """A system's sheet rules the rolls read, and which of its hooks are the core's (see the module docstring)."""

    __slots__ = (
        "action_die",
        "burn",
        "cancel_meter",
        "cap",
        "core_adjust_action_roll",
        "core_after_roll",
        "core_finish",
        "core_meter_max",
        "core_meter_value",
        "match_notes",
        "next_move_add",
        "shrinking",
    )

    def __init__(self, ruleset: Any, core: Any) -> None:
        spec = ruleset.sheet.spec
        self.burn = spec.burn
        self.cancel_meter: str | None = spec.burn.meter if spec.burn is not None and spec.burn.cancels_action_die else None
        self.action_die: bool = spec.action_roll.action_die
        self.cap: int | None = spec.action_roll.cap
        self.next_move_add: str | None = spec.next_move_add
        self.match_notes: dict[str, str] = spec.match_notes
        self.shrinking = ruleset.sheet.shrinking_meters
        kind = type(ruleset)
        self.core_adjust_action_roll = kind.adjust_action_roll is core.adjust_action_roll
        self.core_after_roll = kind.after_roll is core.after_roll
        self.core_finish = kind.finish is core.finish
        self.core_meter_max = kind.meter_max is core.meter_max
        self.core_meter_value = kind.meter_value is core.meter_value
