"""The eval's re-check of a draft reads it as the chat does: a line set off with '>' that copies the quoted reference,
and a sentence that tells a worked example's story again, are cut as an echo by both (the chat's echo watch before the
guard; ``evals.guard_facts.check_facts`` for the faithfulness and guard evals)."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.narrate import NarrationRequest
from assistant.narrate.context import build_context
from assistant.narrate.echo import COPIED_EXAMPLE, COPIED_QUOTE, EchoWatch
from assistant.narrate.examples import examples_for
from assistant.narrate.llm import DEFAULT_BUDGET_TOKENS
from evals.guard_facts import check_facts, facts_record
from rules_index.chunk import Chunk
from rules_index.search import Hit

PRIEST = "Does the priest sense me?"


def _oracle_request() -> NarrationRequest:
    result = resolve({"system": "elegy", "move": "Ask the Oracle", "options": {"odds": "50/50"}, "dice": [20]})
    assert result.outcome == "no"
    return NarrationRequest(task="oracle", system="elegy", player_text=PRIEST, question=PRIEST, results=(result,))


def _chat_fault(request: NarrationRequest, text: str) -> str | None:
    watch = EchoWatch(build_context(request, DEFAULT_BUDGET_TOKENS).messages)
    return watch.feed(text) or watch.finish()


def _eval_echo(request: NarrationRequest, text: str) -> str:
    return " ".join(v.detail for v in check_facts(text, facts_record(request)) if v.kind.value == "echo")


EXAMPLE_STORIES = [story for _, story in examples_for("interpret_oracle")]


@pytest.mark.parametrize(
    "text",
    [
        EXAMPLE_STORIES[0],
        EXAMPLE_STORIES[1],
        "The priest kneels. " + EXAMPLE_STORIES[0].split(". ")[0] + ".",  # an example's sentence after a story of its own
        "He stamps his boots against the cold and stares out into the rain, waiting.",
    ],
)
def test_a_worked_examples_story_is_cut_in_the_chat_and_in_the_eval(text: str) -> None:
    request = _oracle_request()
    assert _chat_fault(request, text) == COPIED_EXAMPLE
    assert COPIED_EXAMPLE in _eval_echo(request, text)


@pytest.mark.parametrize(
    "text",
    [
        "The priest kneels at the altar and goes on with his prayer, unaware of you.",
        "Rain drums on the cloister roof; the priest turns a page of his breviary.",
        "He stamps out the candle and shuffles off toward the vestry.",
    ],
)
def test_a_story_of_its_own_passes_both(text: str) -> None:
    request = _oracle_request()
    assert _chat_fault(request, text) is None
    assert _eval_echo(request, text) == ""


def _move_request() -> NarrationRequest:
    result = resolve({"system": "starforged", "move": "Face Danger", "stat": "edge", "dice": [4, 2, 9]})
    text = "When you attempt something risky or react to an imminent threat, envision your action and roll."
    chunk = Chunk(id="x", system="starforged", section_path=["Moves", "Face Danger"], move="Face Danger",
                  source="starforged.txt", line_start=1, line_end=2, text=text)  # fmt: skip
    hit = Hit(chunk=chunk, score=1.0)
    return NarrationRequest(task="narrate", system="starforged", player_text="I leap the gap", results=(result,), rules=(hit,))


@pytest.mark.parametrize(
    "text, copied",
    [
        ("> When you attempt something risky or react to an imminent threat, envision your action and roll.", True),
        ("You leap.\n> When you attempt something risky or react to an imminent threat", True),
        ("> Face Danger.", True),  # a finished line too short to be story
        ("> You leap the gap and land hard on the far side, boots skidding.", False),  # story, only set off
        ("> You", False),  # an unfinished fragment: a draft that stopped early, no copy
    ],
)
def test_a_quoted_line_is_read_alike_in_the_chat_and_in_the_eval(text: str, copied: bool) -> None:
    request = _move_request()
    assert (_chat_fault(request, text) == COPIED_QUOTE) is copied
    assert (COPIED_QUOTE in _eval_echo(request, text)) is copied
