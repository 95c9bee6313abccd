"""Every effect and follow-up a move's data names, wherever in the move it stands (before the roll, per outcome, in
each choice's options): what the load-time checks and the property tests walk."""

from __future__ import annotations

from collections.abc import Iterator

from assistant.engine.schema import ChoiceSpec, EffectSpec, FollowUpSpec, MoveSpec


def effect_specs(move: MoveSpec) -> Iterator[EffectSpec]:
    """Every effect a move's data names (before the roll, per outcome, in every choice option)."""
    yield from move.before_roll
    choices: list[ChoiceSpec] = list(move.choices)
    for outcome in move.outcomes.values():
        yield from outcome.effects
        choices += outcome.choices
    for choice in choices:
        for option in choice.options:
            yield from option.effects


def follow_up_specs(move: MoveSpec) -> Iterator[FollowUpSpec]:
    yield from move.follow_ups
    for outcome in move.outcomes.values():
        yield from outcome.follow_ups
        for choice in outcome.choices:
            for option in choice.options:
                yield from option.follow_ups
    for choice in move.choices:
        for option in choice.options:
            yield from option.follow_ups
