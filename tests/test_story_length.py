"""A model's story is as long as ``story_sentences`` after the engine's opening (one by default, one more with no
opening): the model's call stops there, the prompt asks for that length, and a setting gives a larger model more."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from assistant.config import LLMSettings, load_settings
from assistant.engine import resolve
from assistant.engine.errors import InputError
from assistant.narrate import NarrationRequest
from assistant.narrate.turn_message import closing, facts_text
from tests.scripted_narration import narrate, split_opening
from tests.test_narration_cut import Scripted

FDW = {"system": "starforged", "move": "Face Danger", "stat": "edge", "dice": [4, 2, 9], "character": {"stats": {"edge": 2}}}
HARM = {"system": "starforged", "move": "Endure Harm", "character": {"health": 5}, "options": {"amount": 1}}
DRAFT = "The rail bends under your weight. Somewhere below, metal groans. A light blinks on in the dark."


def _request(**extra: object) -> NarrationRequest:
    return NarrationRequest(task="narrate", system="starforged", player_text="I leap the gap", results=(resolve(FDW),), **extra)


def test_by_default_the_model_adds_one_sentence_to_the_opening_and_its_call_stops_there() -> None:
    model = Scripted(DRAFT)
    outcome = narrate(model, _request())
    assert outcome.narrator == "llm", outcome
    _, story = split_opening(outcome.text, "weak")
    assert story == "The rail bends under your weight."
    assert model.closed_early == 1  # the rest of the draft is never generated
    asked = facts_text(_request()).rstrip()
    assert asked.endswith("(new words, not the opening again): what the world or the people in it do in answer. Then stop.")


def test_a_longer_story_when_the_setting_allows_it() -> None:
    outcome = narrate(Scripted(DRAFT), _request(story_sentences=2))
    _, story = split_opening(outcome.text, "weak")
    assert story == "The rail bends under your weight. Somewhere below, metal groans."
    closing_line = facts_text(_request(story_sentences=3)).rstrip()
    assert "Now write only the next three sentences at most of the story" in closing_line


def test_a_turn_with_no_opening_gets_one_sentence_more() -> None:
    request = NarrationRequest(task="narrate", system="starforged", player_text="", results=(resolve(HARM),))
    outcome = narrate(Scripted("Your ribs ache where the blow landed. You breathe through it. The corridor is quiet."), request)
    assert outcome.narrator == "llm", outcome
    assert outcome.text == "Your ribs ache where the blow landed. You breathe through it."
    assert facts_text(request).rstrip().endswith("in one or two sentences, and stop where the player decides.")


def test_a_sentence_the_filter_leaves_out_does_not_count() -> None:
    # the opening told again is left out: the story is the sentence after it
    opening, _ = split_opening(narrate(Scripted(DRAFT), _request()).text, "weak")
    draft = f"{opening} The rail bends under your weight. Somewhere below, metal groans."
    _, story = split_opening(narrate(Scripted(draft), _request()).text, "weak")
    assert story == "The rail bends under your weight."


def test_the_offline_narration_is_never_shortened() -> None:
    from assistant.narrate import TemplateNarrator

    full = narrate(TemplateNarrator(), replace(_request(), story_sentences=8)).text
    assert narrate(TemplateNarrator(), _request()).text == full


def test_closing_words_the_length() -> None:
    assert closing("opened", 1).startswith("Now write only the next sentence of the story (new words, not the opening")
    assert (
        closing("told", 2) == "Now write only the next two sentences at most of the story (new words, not that sentence again)."
    )
    assert closing("oracle", 1) == "Now answer the question in the story, in one or two sentences."


@pytest.mark.parametrize(("value", "expected"), [("", 1), ("3", 3), ("0", 1), ("-2", 1), ("two", 1), ("99", 8)])
def test_the_setting_is_read_from_the_environment(
    value: str, expected: int, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))
    monkeypatch.setenv("TABLETOP_LLM_STORY_SENTENCES", value)
    assert load_settings().llm.story_sentences == expected
    assert LLMSettings().story_sentences == 1


def test_a_request_with_no_sentences_is_refused_in_words() -> None:
    with pytest.raises(InputError, match="at least one sentence"):
        _request(story_sentences=0)


def test_a_draft_that_only_tells_the_opening_again_is_asked_once_more() -> None:
    opening, _ = split_opening(narrate(Scripted(DRAFT), _request()).text, "weak")
    model = Scripted(opening, "Somewhere below, metal groans.")
    outcome = narrate(model, _request())
    assert len(model.requests) == 2 and "only told the opening again" in model.requests[1].feedback
    assert outcome.narrator == "llm-retry"
    assert outcome.text == f"{opening} Somewhere below, metal groans."


def test_when_no_draft_adds_a_sentence_the_opening_stands_not_the_offline_narration() -> None:
    opening, _ = split_opening(narrate(Scripted(DRAFT), _request()).text, "weak")
    model = Scripted(opening, "You")  # the retry stops before a sentence too
    outcome = narrate(model, _request())
    assert len(model.requests) == 2 and outcome.narrator == "llm-retry" and outcome.text == opening


def test_a_retry_that_breaks_the_rules_leaves_the_opening_standing() -> None:
    opening, _ = split_opening(narrate(Scripted(DRAFT), _request()).text, "weak")
    model = Scripted(opening, "You gain +2 momentum as the rail holds.", "You gain +3 momentum.")
    outcome = narrate(model, _request())
    assert outcome.text == opening and outcome.narrator == "llm"
    assert "momentum" not in outcome.text


def test_a_one_sentence_draft_ending_without_a_space_is_the_story_not_asked_again() -> None:
    model = Scripted("The rail bends under your weight.")  # the model's stream ends right after the full stop
    outcome = narrate(model, _request())
    assert len(model.requests) == 1 and outcome.narrator == "llm"
    assert outcome.text.endswith(" The rail bends under your weight.")


def test_a_draft_that_only_tells_an_earlier_turn_again_is_told_so() -> None:
    earlier = "The corridor lights flicker and die one by one, leaving you in the dark."
    request = _request(history=(("user", "I creep along the corridor"), ("narrator", earlier)))
    model = Scripted(earlier, "Somewhere below, metal groans.")
    outcome = narrate(model, request)
    assert len(model.requests) == 2 and "an earlier turn's story" in model.requests[1].feedback
    assert outcome.text.endswith("Somewhere below, metal groans.") and "flicker" not in outcome.text
