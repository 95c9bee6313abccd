"""Invariants that hold for any input: only our errors escape, and state stays in bounds."""

from __future__ import annotations

import contextlib
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from assistant.engine import AssistantError, get_ruleset, resolve
from assistant.engine.tracks import MAX_TICKS

SYSTEM = "starforged"
RULESET = get_ruleset(SYSTEM)
MOVE_NAMES = [m.name for m in RULESET.moves] + [f"table:{t}" for t in RULESET.tables]
STATS = ["edge", "heart", "iron", "shadow", "wits", "health", "supply", "spirit", "integrity", "rank", "bogus"]
RANKS = ["troublesome", "dangerous", "formidable", "extreme", "epic"]

json_scalars = st.one_of(st.none(), st.booleans(), st.integers(-50, 50), st.text(max_size=8))
json_values = st.recursive(
    json_scalars,
    lambda kids: st.one_of(st.lists(kids, max_size=3), st.dictionaries(st.text(max_size=6), kids, max_size=3)),
    max_leaves=8,
)

characters = st.fixed_dictionaries(
    {},
    optional={
        "stats": st.fixed_dictionaries({}, optional={s: st.integers(-1, 6) for s in ["edge", "heart", "iron", "shadow", "wits"]}),
        "momentum": st.integers(-8, 12),
        "health": st.integers(-1, 6),
        "spirit": st.integers(0, 5),
        "supply": st.integers(0, 5),
        "impacts": st.lists(st.sampled_from(["wounded", "shaken", "unprepared", "doomed", "battered", "nope"]), max_size=4),
        "position": st.sampled_from(["in_control", "bad_spot", None]),
    },
)

options = st.fixed_dictionaries(
    {},
    optional={
        "burn": st.booleans(),
        "in_control": st.booleans(),
        "progress_boxes": st.integers(-1, 11),
        "progress_ticks": st.integers(-1, 41),
        "rank": st.sampled_from(RANKS + ["legendary"]),
        "odds": st.sampled_from(["likely", "50/50", "small chance", "certainly"]),
        "amount": st.integers(0, 4),
        "resist": st.booleans(),
        "choose": st.lists(st.text(max_size=12), max_size=2),
        "clock": st.fixed_dictionaries({"segments": st.sampled_from([4, 6, 8]), "filled": st.integers(0, 8)}),
        "legacy": st.sampled_from(["quests", "bonds", "discoveries", "x"]),
        "aspects": st.integers(0, 4),
    },
)

requests = st.fixed_dictionaries(
    {"system": st.just(SYSTEM), "move": st.sampled_from(MOVE_NAMES)},
    optional={
        "stat": st.sampled_from(STATS),
        "adds": st.integers(-12, 12),
        "character": characters,
        "options": options,
        "dice": st.lists(st.integers(-1, 101), max_size=6),
    },
)


def _check_bounds(character: dict[str, Any]) -> None:
    impacts = character["impacts"]
    assert -6 <= character["momentum"] <= 10 - len(impacts)
    for meter in ("health", "spirit", "supply", "integrity", "companion_health"):
        assert 0 <= character[meter] <= 5
    for track in character["legacy"].values():
        assert 0 <= track["ticks"] <= MAX_TICKS


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(requests, st.integers(0, 2**16))
def test_any_request_gives_a_result_or_our_error(request: dict[str, Any], seed: int) -> None:
    try:
        result = resolve(request, rng=random.Random(seed))
    except AssistantError as exc:
        assert exc.message  # every error explains itself
        return
    assert result.character is not None
    _check_bounds(result.character)
    if result.track is not None:
        assert 0 <= result.track["ticks"] <= MAX_TICKS
    if result.clock is not None:
        assert 0 <= result.clock["filled"] <= result.clock["segments"]
    # the request is never mutated and the dice replay to the same result
    replay = resolve({**request, "dice": result.dice}, rng=random.Random(seed + 1))
    assert replay.outcome == result.outcome and replay.character == result.character


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
