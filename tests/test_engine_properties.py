"""Invariants over all five systems, for any request: a Result or our own error (never an internal or a data
error), the request untouched, meters, tracks and clocks in bounds, and the dice replaying to the same Result.

The requests are drawn from each system's own data (:mod:`evals.fuzz_cases`): its moves, tables and doors, its stats
and meters, its typed options (values inside and outside their bounds), characters near the sheet's bounds, and
forced dice.
"""

from __future__ import annotations

import contextlib
import copy
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from assistant.engine import AssistantError, ConfigError, Request, Result, available_systems, get_ruleset, resolve
from assistant.engine.data import effect_specs
from assistant.engine.errors import InternalError
from assistant.engine.resolution import open_resolution
from assistant.engine.tracks import MAX_TICKS
from evals.fuzz import default_cases
from evals.fuzz_cases import MALFORMED, REQUESTS, json_values, moves_of

SYSTEMS = available_systems()
CASES = default_cases(1000)
"""Requests per run (``TABLETOP_FUZZ_CASES`` raises it; ``python -m evals fuzz`` runs the same strategies per door)."""


def check_bounds(system: str, result: Result) -> None:
    ruleset = get_ruleset(system)
    character = result.character
    if character is not None and result.roll != "notation":
        ctx = open_resolution(ruleset, Request(system=system, move="check", character=character), ruleset.moves[0], None)
        for name, spec in ruleset.sheet.meters.items():
            assert spec.min <= character[name] <= ruleset.meter_max(ctx, name), (name, character[name])
        for track in (character.get("legacy") or {}).values():
            assert 0 <= track["ticks"] <= MAX_TICKS
    if result.track is not None:
        assert 0 <= result.track["ticks"] <= MAX_TICKS
    if result.clock is not None:
        assert 0 <= result.clock["filled"] <= result.clock["segments"]


@settings(max_examples=CASES, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(REQUESTS, st.integers(0, 2**16))
def test_any_request_yields_a_result_or_our_error_and_stays_in_bounds(request: dict[str, Any], seed: int) -> None:
    snapshot = copy.deepcopy(request)
    try:
        result = resolve(request, rng=random.Random(seed))
    except (InternalError, ConfigError):
        raise  # a bug or a data fault is never an answer to a request
    except AssistantError as exc:
        assert exc.message and "Traceback" not in exc.message
        assert request == snapshot
        return
    assert request == snapshot
    check_bounds(request["system"], result)
    replay = resolve({**request, "dice": result.dice}, rng=random.Random(seed + 1))
    assert replay.outcome == result.outcome and replay.character == result.character


def test_the_requests_reach_every_kind_of_move() -> None:
    """The strategy draws real moves of every system (so the property above is not vacuous)."""
    for system in SYSTEMS:
        ruleset = get_ruleset(system)
        moves = moves_of(ruleset)
        assert {m.id for m in ruleset.moves} <= set(moves)
        assert any(e.type == "meter" for m in ruleset.moves for e in effect_specs(m))


@settings(max_examples=200, deadline=None)
@given(json_values)
def test_garbage_json_never_escapes_as_a_foreign_exception(data: Any) -> None:
    with contextlib.suppress(AssistantError):
        resolve(data)


@settings(max_examples=200, deadline=None)
@given(MALFORMED)
def test_malformed_requests_are_rejected_cleanly(data: dict[str, Any]) -> None:
    with contextlib.suppress(AssistantError):
        resolve(data)
