"""The engine's own opening, shown before the model's sentence, is the engine's words: the guard reads it as context and
does not check it as the model's claim. The oracle's no to "Does the envoy have orders to shoot us?" opened with "The
envoy does not have orders to shoot you.", whose 'shoot you' was read as harm dealt: every draft of that turn was
rejected in three runs and the offline narration shown."""

from __future__ import annotations

import random

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration, prepare

QUESTION = "Does the envoy have orders to shoot us?"
OPENING = "The envoy does not have orders to shoot you."


@pytest.fixture(autouse=True)
def _hash(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_EMBEDDER", "hash")


def _no() -> object:
    request = {"system": "starforged", "move": "ask_the_oracle", "options": {"odds": "50/50"}, "dice": [90]}
    result = resolve(request, rng=random.Random(0))
    assert result.outcome == "no"
    return result


@pytest.mark.parametrize(
    "sentence",
    ["He steps forward, his eyes scanning the horizon.", "The envoy nods and steps into the gate, a smile on his face."],
)
def test_a_story_after_the_engine_s_opening_is_read_without_the_opening_s_words_as_its_claims(sentence: str) -> None:
    result = _no()
    facts = prepare([result], system="starforged", told=[OPENING])
    assert check_narration(f"{OPENING} {sentence}", [result], facts=facts, question=QUESTION) == []


def test_the_model_s_own_sentence_is_still_checked() -> None:
    result = _no()
    facts = prepare([result], system="starforged", told=[OPENING])
    shot = f"{OPENING} A shot rings out and the bolt hits you in the shoulder."
    assert check_narration(shot, [result], facts=facts, question=QUESTION)
    assert check_narration(OPENING, [result], question=QUESTION)  # not given as the engine's opening: read as a claim
