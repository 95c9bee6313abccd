"""The faithfulness harness with a scripted narrator (never a real model): every draft recorded with its
violations, and a scorecard of first-draft violations, retry fixes, fallbacks, timings and prompt size."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from evals.faithfulness_play import play
from evals.faithfulness_scorecard import format_scorecard, scorecard


@pytest.fixture(autouse=True)
def _index_without_a_model(hash_embedder: None) -> None:
    """The narration's rules passages come from the hash embedder: these tests check the harness, not retrieval."""


SCRIPT = {"id": "faith", "system": "starforged", "seed": 3, "turns": ["I creep through the dark corridor", "#1"]}


class Scripted:
    """A narrator that writes the given drafts in turn (then repeats the last)."""

    name = "scripted"

    def __init__(self, *drafts: str) -> None:
        self.drafts = list(drafts)

    def stream(self, request: Any) -> Iterator[str]:
        text = self.drafts.pop(0) if len(self.drafts) > 1 else self.drafts[0]
        yield from text.split(" ")[:1]
        yield from (" " + w for w in text.split(" ")[1:])


def test_a_rejected_first_draft_then_a_good_retry(tmp_path: Path) -> None:
    out = io.StringIO()
    rows = play(
        [SCRIPT], lambda: Scripted("Everything is fine and you rolled a 12.", "You press on into the dark."), tmp_path, out
    )
    assert len(rows) == 1 and rows[0]["narrator"] == "llm-retry"
    assert rows[0]["first_violations"] == ["number"] and rows[0]["drafts"] == 2
    drafts = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [d["attempt"] for d in drafts] == [1, 2]
    assert "shown" not in drafts[0] and drafts[1]["shown"].endswith("You press on into the dark.")  # what the player read
    assert drafts[0]["violations"][0]["kind"] == "number" and drafts[1]["violations"] == []
    assert drafts[0]["ttft_ms"] is not None and drafts[0]["text"].startswith("Everything is fine")
    facts = drafts[0]["facts"]  # what the narrator was given, so the line can be labelled and re-checked alone
    assert facts["system"] == "starforged" and facts["results"] and facts["words"].startswith("What happened this turn")
    assert facts["outcomes"] == drafts[0]["outcomes"] and facts["intent"] == "I creep through the dark corridor"
    card = scorecard(rows)
    assert card["narrated_turns"] == 1 and card["first_draft_violation_rate"] == 1.0
    assert card["first_draft_violations_by_kind"] == {"number": 1.0}
    assert card["retry_fix_rate"] == 1.0 and card["fallback_rate"] == 0.0
    assert "retry-fix rate: 100.0%" in format_scorecard(card)


def test_a_replay_adds_the_facts_and_the_current_guards_reading(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from assistant.narrate import TemplateNarrator
    from evals.faithfulness_play import replay

    out = io.StringIO()  # what the script plays offline now (the first suggestion, the seeded dice)
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path / "offline"))
    play([SCRIPT], TemplateNarrator, tmp_path / "offline", out)
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path / "replay"))
    played = json.loads(out.getvalue().splitlines()[0])
    assert played["moves"] and played["outcomes"]
    base = {"script": "faith", "turn": 2, "input": "#1", "attempt": 1, "violations": []}
    recorded = [
        {**base, "moves": played["moves"], "outcomes": played["outcomes"], "text": "You rolled a 12."},
        # recorded before the suggestions changed (creeping through a corridor once offered Set a Course first)
        {**base, "moves": ["Set a Course"], "outcomes": ["strong_hit"], "text": "You press on."},
    ]
    rows = replay(recorded, [SCRIPT], tmp_path / "replay")
    assert rows[0]["facts"]["outcomes"] == played["outcomes"] and rows[0]["facts"]["results"][0]["move"] == played["moves"][0]
    assert [v["kind"] for v in rows[0]["violations"]] == ["number"]
    assert rows[1]["facts"] is None and rows[1]["violations"] == []


def test_two_bad_drafts_fall_back_to_the_template(tmp_path: Path) -> None:
    rows = play([SCRIPT], lambda: Scripted("ENGINE FACTS: outcome strong_hit."), tmp_path)
    assert rows[0]["narrator"] == "template-fallback" and "echo" in rows[0]["first_violations"]
    card = scorecard(rows)
    assert card["fallback_rate"] == 1.0 and card["retry_fix_rate"] == 0.0


class ScriptedWithDeadline(Scripted):
    """A scripted narrator with a turn deadline far off, as the LLM narrator has: the chat may ask a third draft."""

    def __init__(self, *drafts: str) -> None:
        super().__init__(*drafts)
        self.turn_until: float | None = None

    def begin_turn(self, started: float | None = None) -> None:
        import time

        self.turn_until = time.monotonic() + 600


def test_the_recorder_passes_the_turn_deadline_through_so_the_third_draft_is_asked_as_in_the_app(tmp_path: Path) -> None:
    out = io.StringIO()
    narrator = lambda: ScriptedWithDeadline(  # noqa: E731
        "Everything is fine and you rolled a 12.", "You rolled a 12 again.", "You press on into the dark."
    )
    rows = play([SCRIPT], narrator, tmp_path, out)
    assert rows[0]["drafts"] == 3 and rows[0]["narrator"] == "llm-retry"
    assert [json.loads(line)["attempt"] for line in out.getvalue().splitlines()] == [1, 2, 3]


def test_the_fallback_causes_and_turns_over_the_deadline_are_counted() -> None:
    rows = [
        {"narrator": "llm", "turn_ms": 1000.0, "first_violations": [], "first_error": None, "errors": [], "ttft_ms": 5.0,
         "prompt_tokens": 100},
        {"narrator": "template-fallback", "turn_ms": 9000.0, "first_violations": [], "first_error": "NarrationFailed: timeout",
         "errors": ["NarrationFailed: LLM narration failed (timeout: the model did not answer in time)"], "ttft_ms": None,
         "prompt_tokens": 100},
        {"narrator": "template-fallback", "turn_ms": 2000.0, "first_violations": ["number"], "first_error": None,
         "errors": [], "ttft_ms": 5.0, "prompt_tokens": 100},
    ]  # fmt: skip
    card = scorecard(rows, timeout=5.0)
    assert card["fallback_by_cause"] == {"guard": 0.333, "timeout": 0.333}
    assert card["turns_over_deadline"] == 1
    assert "by cause: guard 33.3%, timeout 33.3%" in format_scorecard(card)


def test_a_story_cut_at_the_deadline_is_counted_apart_from_the_fallbacks() -> None:
    base = {"first_violations": [], "first_error": None, "errors": [], "ttft_ms": 5.0, "prompt_tokens": 100, "turn_ms": 1.0}
    rows = [
        {**base, "narrator": "llm", "cut": True, "deadline_cut": True, "errors": ["NarrationTimedOut: timeout"]},
        {**base, "narrator": "llm", "cut": True, "deadline_cut": False},
        {**base, "narrator": "llm"},
        {**base, "narrator": "llm"},
    ]
    card = scorecard(rows)
    assert card["cut_rate"] == 0.5 and card["deadline_cut_rate"] == 0.25 and card["fallback_rate"] == 0.0
    assert card["opening_only_rate"] == 0.0
    assert "shown cut before a fault: 50.0% (at the turn's deadline: 25.0%)" in format_scorecard(card)


def test_the_scorecard_says_how_rough_a_rate_on_few_turns_is() -> None:
    from evals.faithfulness_scorecard import format_scorecard, scorecard, wilson

    assert wilson(7, 26) == (0.137, 0.461) and wilson(0, 26) == (0.0, 0.129) and wilson(0, 0) is None
    rows = [
        {"script": "s", "turn": i, "narrator": "llm", "turn_ms": 1000.0, "first_violations": ["decision"] if i < 2 else [],
         "first_error": None, "errors": [], "ttft_ms": 100.0, "prompt_tokens": 500, "drafts": 1, "cut": False}
        for i in range(10)
    ]  # fmt: skip
    card = scorecard(rows)
    assert card["first_draft_violation_rate"] == 0.2 and card["first_draft_violation_ci95"] == wilson(2, 10)
    assert "first-draft violation rate: 20.0% (95% interval 6–51%;" in format_scorecard(card)


def test_a_prepared_index_is_copied_into_the_fresh_home(tmp_path: Path) -> None:
    from evals.faithfulness import _copy_index

    source, home = tmp_path / "prepared", tmp_path / "fresh"
    (source / "rules_index" / "db").mkdir(parents=True)
    (source / "rules_index" / "db" / "chunks").write_text("vectors")
    (source / "cache").mkdir()
    (source / "cache" / "sentences.npy").write_text("matrix")
    (source / "campaigns.sqlite3").write_text("someone's campaigns")
    home.mkdir()
    _copy_index(None, home)
    assert list(home.iterdir()) == []
    _copy_index(source, home)
    assert (home / "rules_index" / "db" / "chunks").read_text() == "vectors"
    assert (home / "cache" / "sentences.npy").read_text() == "matrix" and not (home / "campaigns.sqlite3").exists()


def test_a_story_that_is_the_engines_opening_alone_is_counted() -> None:
    from evals.faithfulness_play import _opening_only
    from evals.faithfulness_scorecard import format_scorecard, scorecard

    facts = {"opening": "You set out to force the airlock. The moment gets away from you."}
    assert _opening_only("You set out to force the airlock.  The moment gets away from you. ", facts)
    assert not _opening_only("You set out to force the airlock. The moment gets away from you. It holds.", facts)
    assert not _opening_only("The reactor hums.", {"opening": ""})
    base = {"first_violations": [], "first_error": None, "errors": [], "ttft_ms": 5.0, "prompt_tokens": 100, "turn_ms": 1.0}
    rows = [{**base, "narrator": "llm", "opening_only": i == 0} for i in range(4)]
    card = scorecard(rows)
    assert card["opening_only_rate"] == 0.25
    assert "the engine's opening alone (the model added nothing): 25.0%" in format_scorecard(card)
