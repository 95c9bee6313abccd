"""Fuzzing the doors a player or a file comes in by (seeded, bounded): every door of ``python -m evals fuzz``
(resolve, batch, chat, journal, campaign import, ingest) with a small number of cases, chat messages and
slash-commands on all five systems, and journal imports. Only our own errors come out, and an error changes
nothing; a journal that import accepts always replays. ``TABLETOP_FUZZ_CASES`` sets the number of cases."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

from assistant.chat.session import ChatSession
from assistant.errors import AssistantError
from assistant.store import service
from evals.fuzz import DOORS, default_cases, run_door
from evals.fuzz_cases import MESSAGES, SYSTEMS

CASES = default_cases(40)
"""Cases per door and property here (``TABLETOP_FUZZ_CASES=10000`` for the full run; CI keeps it small)."""

INTERNAL = "Something went wrong on our side"


@pytest.fixture(autouse=True)
def _hash_embedder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_EMBEDDER", "hash")


def _mechanics(state: Any) -> dict[str, Any]:
    data = state.comparable()
    return {k: data[k] for k in ("characters", "active_character", "tracks", "clocks", "slots", "undo_stack")}


@pytest.mark.parametrize("system", SYSTEMS)
def test_hostile_chat_messages_give_only_our_errors_and_an_error_changes_nothing(system: str) -> None:
    name = f"fuzz-{system}"
    service.create_campaign(name, system, seed=5)
    session = ChatSession.open(name)

    @seed(1234)
    @settings(max_examples=CASES, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    @given(MESSAGES)
    def play(text: str) -> None:
        before = _mechanics(service.load_campaign(name))
        turn = session.send(text)
        assert turn.kind != "error" or INTERNAL not in (turn.error or ""), turn.error
        if turn.kind == "error":
            assert _mechanics(service.load_campaign(name)) == before, text
            assert "Traceback" not in (turn.error or "")

    play()


def _journal() -> str:
    service.create_campaign("src", "starforged", {"name": "Kira"}, seed=8)
    service.resolve_in_campaign("src", {"move": "Face Danger", "stat": "edge", "dice": [5, 2, 9]})
    tid = service.create_track("src", "Find the ship", rank="dangerous")
    service.update_track("src", tid, {"ticks": 8})
    service.resolve_in_campaign("src", {"move": "Secure an Advantage", "stat": "wits", "dice": [3, 4, 8]})
    service.append_chat("src", "user", "We push on.")
    return service.export("src", "markdown")


_NUMBER = re.compile(r"(?<=:)-?\d+")


@seed(4321)
@settings(max_examples=CASES, deadline=None, suppress_health_check=list(HealthCheck), database=None)
@given(st.data())
def test_a_mutated_journal_is_imported_whole_and_replays_or_is_refused_whole(data: st.DataObject) -> None:
    fresh = "src" not in {c.name for c in service.list_campaigns()}
    text = _journal() if fresh else service.export("src", "markdown")
    numbers = list(_NUMBER.finditer(text))
    edits = data.draw(st.lists(st.tuples(st.integers(0, len(numbers) - 1), st.integers(-120, 120)), min_size=1, max_size=3))
    mutated = text
    for index, value in sorted(edits, reverse=True):
        m = numbers[index]
        mutated = mutated[: m.start()] + str(value) + mutated[m.end() :]
    before = sorted(c.name for c in service.list_campaigns())
    try:
        created = service.import_journal(mutated)
    except AssistantError as exc:
        assert exc.kind in {"invalid_input", "unknown_name", "rules", "config"} or "imported" in exc.message
        assert sorted(c.name for c in service.list_campaigns()) == before
        return
    service.replay(created)  # whatever import accepts replays


@pytest.mark.parametrize("door", sorted(DOORS))
def test_every_door_gives_only_our_errors(door: str) -> None:
    tally = run_door(door, CASES, seed_value=11)
    assert tally.cases >= CASES // 2, tally  # hypothesis may stop early on a small space, never far below
    assert tally.crashes == 0, "\n".join(tally.examples)
    assert tally.accepted and tally.ours, tally  # both sides of each door are reached
