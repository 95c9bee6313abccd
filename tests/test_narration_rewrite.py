# ruff: noqa: F811  (the openai_stub fixture is imported from tests/openai_stub.py)
"""The narrower task (``TABLETOP_LLM_NARRATION_TASK=rewrite``): the model only retells the engine's outcome sentence
with a detail of the scene; the retelling stands only when it keeps the sentence's words and passes the guard, else
the engine's own opening is the story. Elapsed times are only loose hang guards."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from assistant.chat.session import ChatSession
from assistant.config import LLMSettings, Secret, Settings, load_settings
from assistant.narrate import NarrationRequest
from assistant.narrate.rewrite import content_words, first_sentence, rewrite_faults
from assistant.narrate.story_facts import opening
from assistant.store import service
from tests.openai_stub import OpenAIStub, openai_stub  # noqa: F401
from tests.scripted_narration import narrate
from tests.test_narrate_llm import face_danger

KEY = "sk-test-rewrite-0123456789abcdef"
STRONG_HIT = {"move": "Face Danger", "stat": "edge", "dice": [6, 1, 1]}
OPENING = "You try to cross the rope bridge. It goes your way."


@pytest.fixture(autouse=True)
def _hash_embedder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_EMBEDDER", "hash")


# ---- the words a retelling must keep -------------------------------------------------------------------------


def test_a_retelling_that_keeps_the_words_and_adds_a_detail_passes() -> None:
    assert rewrite_faults("It goes wrong.", "It goes wrong, the old brass lock cold under your pick.") == []
    assert rewrite_faults("The guard does not see you.", "The guard doesn't see you, his back turned.") == []


@pytest.mark.parametrize(
    ("target", "retold", "why"),
    [
        ("It goes wrong.", "You reach the vault at last.", "left out"),
        ("The guard does not see you.", "The guard sees you in the torchlight.", "'not'"),
        ("It goes wrong.", "It goes wrong, but you reach the vault anyway.", "turns the outcome"),
        ("The relic is on its altar.", "The relic is not on its altar.", "negation"),
        ("It goes wrong.", "It goes wrong " + "and on " * 12 + "and on.", "more than"),
        ("It goes wrong.", "", "nothing"),
    ],
)
def test_a_retelling_that_changes_the_sentence_is_not_kept(target: str, retold: str, why: str) -> None:
    assert why in " ".join(rewrite_faults(target, retold))


def test_the_words_kept_are_the_content_words_and_every_negation() -> None:
    assert content_words("The guard does not see you.") == ["guard", "does", "not", "see"]


def test_the_retold_sentence_is_read_without_a_label_quotes_or_a_second_sentence() -> None:
    assert first_sentence('Retold sentence: "It goes wrong, the lamp gutters." Then more.') == "It goes wrong, the lamp gutters."


# ---- the chat's narration with a scripted model ---------------------------------------------------------------


class Retelling:
    """A model that retells the sentence it is given with ``detail`` (or writes ``texts`` in turn)."""

    name = "llm"

    def __init__(self, detail: str = "", *texts: str) -> None:
        self.detail, self.texts = detail, list(texts)
        self.requests: list[NarrationRequest] = []

    def stream(self, request: NarrationRequest) -> Iterator[str]:
        self.requests.append(request)
        if self.texts:
            yield self.texts.pop(0)
            return
        yield request.rewrite.rstrip(".") + self.detail


def _request(**fields: Any) -> NarrationRequest:
    fields.setdefault("player_text", "I dive into the flooded vault with my lamp")
    return NarrationRequest(task="narrate", system="starforged", results=(face_danger(),), narration_task="rewrite", **fields)


def test_the_engine_outcome_sentence_is_retold_with_the_detail() -> None:
    request = _request()
    told = opening(request)
    model = Retelling(", the lamp's beam trembling on the old glyphs.")
    outcome = narrate(model, request)
    assert model.requests[0].rewrite and told.endswith(model.requests[0].rewrite)
    assert outcome.text.endswith("the lamp's beam trembling on the old glyphs.")
    assert outcome.text.startswith(told[: -len(model.requests[0].rewrite)].strip())
    assert outcome.narrator == "llm" and outcome.attempts == 1


def test_a_retelling_that_tells_the_outcome_other_ways_leaves_the_engine_opening() -> None:
    request = _request()
    model = Retelling("", "You fail and the water drags you down.", "Nothing of it.", "You drown.")
    outcome = narrate(model, request)
    assert outcome.text == opening(request)  # the engine's words; never the offline narration's card
    assert "Face Danger" not in outcome.text and outcome.narrator.startswith("llm")
    assert model.requests[1].feedback  # the retry was told why


def test_a_retelling_the_guard_flags_is_not_kept() -> None:
    request = _request()
    model = Retelling(", and your momentum rises by 3.")  # a number and a game term: the screen's
    outcome = narrate(model, request)
    assert outcome.text == opening(request)


def test_the_default_task_is_unchanged_and_the_setting_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    assert LLMSettings().narration_task == "add"
    assert NarrationRequest(task="narrate", system="starforged", player_text="", results=()).narration_task == "add"
    monkeypatch.setenv("TABLETOP_LLM_NARRATION_TASK", "rewrite")
    assert load_settings().llm.narration_task == "rewrite"
    monkeypatch.setenv("TABLETOP_LLM_NARRATION_TASK", "something else")
    assert load_settings().llm.narration_task == "add"


# ---- against an OpenAI-compatible endpoint ---------------------------------------------------------------------


def _session(url: str, home: Path, timeout: float = 20.0) -> ChatSession:
    if "rewrite-saga" not in {c.name for c in service.list_campaigns()}:
        service.create_campaign("rewrite-saga", "starforged", seed=9)
    llm = LLMSettings(base_url=url, model="stub", api_key=Secret(KEY), timeout=timeout, planning="tools")
    settings = Settings(home=home, llm=LLMSettings(**{**llm.__dict__, "narration_task": "rewrite"}))
    return ChatSession.open("rewrite-saga", settings=settings, retrieve_rules=False)


@pytest.fixture
def fixed_opening(monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine's opening fixed, so the stub's scripted retelling can keep its words."""
    monkeypatch.setattr("assistant.chat.narration_rewrite.opening", lambda request, question="": OPENING)
    monkeypatch.setattr("assistant.narrate.story_facts.opening", lambda request, question="": OPENING)


def test_over_the_endpoint_the_retelling_is_shown_and_the_prompt_holds_the_sentence(
    openai_stub: OpenAIStub, tmp_path: Path, fixed_opening: None
) -> None:
    openai_stub.add_text("It goes your way, the frayed ropes creaking in the wind.\nAnd more.")
    turn = _session(openai_stub.base_url, tmp_path).confirm(STRONG_HIT)
    assert turn.narration == "You try to cross the rope bridge. It goes your way, the frayed ropes creaking in the wind."
    assert turn.narrator == "llm"
    asked = [str(r.messages[-1]["content"]) for r in openai_stub.requests if r.messages]
    assert any("It goes your way." in a and "You try to cross the rope bridge." in a for a in asked)


def test_over_the_endpoint_a_retelling_not_kept_leaves_the_engine_sentence(
    openai_stub: OpenAIStub, tmp_path: Path, fixed_opening: None
) -> None:
    for _ in range(3):
        openai_stub.add_text("The bridge snaps and you fall.")
    turn = _session(openai_stub.base_url, tmp_path).confirm(STRONG_HIT)
    assert turn.narration == OPENING
    assert len(openai_stub.requests) >= 2  # a retry was asked


def test_over_the_endpoint_a_silent_model_ends_the_turn_by_its_deadline(
    openai_stub: OpenAIStub, tmp_path: Path, fixed_opening: None
) -> None:
    timeout = 2.0
    for _ in range(3):
        openai_stub.add_text("never sent", delay=60)
    session = _session(openai_stub.base_url, tmp_path, timeout)
    start = time.monotonic()
    turn = session.confirm(STRONG_HIT)
    assert time.monotonic() - start < timeout + 5.0
    assert turn.narration and "never sent" not in turn.narration
    assert session.reload().moves == 1


def test_a_price_is_the_engine_row_alone() -> None:
    from assistant.engine import resolve

    price = resolve({"system": "starforged", "move": "Pay the Price", "dice": [10]})
    request = NarrationRequest(
        task="pay_the_price", system="starforged", player_text="/price", results=(price,), narration_task="rewrite"
    )
    model = Retelling(", the cult's treasure chest collapsing with a crash.")
    outcome = narrate(model, request)
    assert not model.requests and outcome.text == opening(request) and outcome.text
