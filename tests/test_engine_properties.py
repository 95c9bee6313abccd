"""Invariants over all five systems, for any request: a Result or our own error (never an internal or a data
error), the request untouched, meters, tracks and clocks in bounds, and the dice replaying to the same Result.

The requests are drawn from each system's own data: its moves, tables and doors, its stats and meters, its
typed options (values inside and outside their bounds), characters near the sheet's bounds, and forced dice.
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
from assistant.engine.ruleset import Ruleset
from assistant.engine.schema import RequestOption
from assistant.engine.tracks import MAX_TICKS

SYSTEMS = available_systems()
RANKS = ["troublesome", "dangerous", "formidable", "extreme", "epic"]
JUNK = st.one_of(st.none(), st.booleans(), st.integers(-3, 12), st.text(max_size=6), st.lists(st.integers(0, 3), max_size=2))
DOOR_OPTIONS: dict[str, Any] = {
    "delta": st.integers(-12, 12),
    "set": st.integers(-2, 12),
    "mark": st.booleans(),
    "times": st.integers(0, 11),
    "boxes": st.integers(0, 11),
    "ticks": st.integers(0, 41),
    "by": st.integers(0, 9),
    "reason": st.text(max_size=12),
}


def _moves(ruleset: Ruleset) -> list[str]:
    names = [m.id for m in ruleset.moves] + [f"table:{t}" for t in ruleset.tables]
    names += [f"meter:{m}" for m in ruleset.sheet.meters] + [f"impact:{i}" for i in ruleset.sheet.impacts]
    names += ["progress:start", "progress:mark", "progress:clear", "clock:start", "clock:advance", "clock:fill", "clock:clear"]
    return names + ["meter:nothing", "roll:2d6+1"]


def _choice_ids(ruleset: Ruleset) -> list[str]:
    ids = {
        o.id
        for m in ruleset.moves
        for c in [*m.choices, *(c for out in m.outcomes.values() for c in out.choices)]
        for o in c.options
    }
    return sorted(ids) or ["none"]


def _value(spec: RequestOption, choices: list[str]) -> Any:
    kind = spec.type
    if kind == "bool":
        return st.booleans()
    if kind == "int":
        assert spec.min is not None and spec.max is not None
        return st.integers(spec.min - 1, spec.max + 1)
    if kind == "one_of":
        return st.sampled_from([*(spec.values or []), "nope"])
    if kind == "list_of":
        return st.lists(st.sampled_from([*(spec.values or []), "nope"]), max_size=2)
    if kind == "rank":
        return st.sampled_from([*RANKS, "legendary"])
    if kind == "odds":
        return st.sampled_from(["likely", "50/50", "small chance", "almost certain", "certainly"])
    if kind == "track":
        return st.fixed_dictionaries(
            {"rank": st.sampled_from(RANKS), "ticks": st.integers(-1, MAX_TICKS + 1)}, optional={"name": st.text(max_size=6)}
        )
    if kind == "clock":
        return st.fixed_dictionaries(
            {"segments": st.integers(0, 12), "filled": st.integers(-1, 12)}, optional={"name": st.text(max_size=6)}
        )
    if kind == "choose":
        return st.lists(st.sampled_from(choices), max_size=2)
    return st.one_of(st.text(min_size=1, max_size=8), JUNK)


def _character(ruleset: Ruleset) -> Any:
    sheet = ruleset.sheet
    stats = st.fixed_dictionaries({}, optional={n: st.integers(s.min - 1, s.max + 1) for n, s in sheet.stats.items()})
    fields: dict[str, Any] = {n: st.integers(m.min - 1, m.max + 1) for n, m in sheet.meters.items()}
    fields["stats"] = stats
    fields["impacts"] = st.lists(st.sampled_from([*sheet.impacts, "nope"]), max_size=3)
    return st.fixed_dictionaries({}, optional=fields)


def _requests(system: str) -> Any:
    ruleset = get_ruleset(system)
    choices = _choice_ids(ruleset)
    stats = [*ruleset.sheet.stats, *ruleset.sheet.meters, *ruleset.extra_stats, "bogus"]
    options = {name: _value(spec, choices) for name, spec in ruleset.option_types.items()}
    options.update(DOOR_OPTIONS)
    return st.fixed_dictionaries(
        {"system": st.just(system), "move": st.sampled_from(_moves(ruleset))},
        optional={
            "stat": st.sampled_from(stats),
            "adds": st.integers(-3, 3),
            "character": _character(ruleset),
            "options": st.dictionaries(st.sampled_from(sorted(options)), st.just(None), max_size=3).flatmap(
                lambda picked: st.fixed_dictionaries({k: options[k] for k in picked})
            ),
            "dice": st.lists(st.integers(0, 12), max_size=5),
        },
    )


REQUESTS = st.sampled_from(SYSTEMS).flatmap(_requests)


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


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
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
        moves = _moves(ruleset)
        assert {m.id for m in ruleset.moves} <= set(moves)
        assert any(e.type == "meter" for m in ruleset.moves for e in effect_specs(m))


json_scalars = st.one_of(st.none(), st.booleans(), st.integers(-50, 50), st.text(max_size=8))
json_values = st.recursive(
    json_scalars,
    lambda kids: st.one_of(st.lists(kids, max_size=3), st.dictionaries(st.text(max_size=6), kids, max_size=3)),
    max_leaves=8,
)


@settings(max_examples=200, deadline=None)
@given(json_values)
def test_garbage_json_never_escapes_as_a_foreign_exception(data: Any) -> None:
    with contextlib.suppress(AssistantError):
        resolve(data)


@settings(max_examples=200, deadline=None)
@given(
    st.dictionaries(
        st.sampled_from(["system", "move", "stat", "adds", "character", "options", "dice", "extra"]), json_values, max_size=7
    )
)
def test_malformed_requests_are_rejected_cleanly(data: dict[str, Any]) -> None:
    with contextlib.suppress(AssistantError):
        resolve(data)
