"""Oracle answers of earlier turns travel with the narration request, and a story that tells one as its opposite is
caught ("The reactor is still running" a turn after the engine's "The reactor is no longer running")."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from assistant.chat.narration_context import established_answers
from assistant.chat.session import ChatSession
from assistant.guard import check_narration, describe_violations, prepare
from assistant.narrate import NarrationRequest
from assistant.store import service
from assistant.store.state import TranscriptEntry

EARLIER = (
    "The reactor is no longer running.",
    "There are survivors aboard.",
    "The priest does not sense you.",
    "No one else is awake.",
    "The raider does flee.",
)


def flags(text: str, established: tuple[str, ...] = EARLIER) -> list[str]:
    facts = prepare([], system="starforged", established=established)
    return [v.detail for v in check_narration(text, [], system="starforged", facts=facts) if v.kind.value == "outcome"]


@pytest.mark.parametrize(
    "text",
    [
        "The reactor is still running, but there are survivors aboard.",
        "You search every deck and find no survivors aboard.",
        "The priest senses you at once and turns.",
        "Someone else is awake in the hall, watching.",
        "The raider does not flee; he lunges again.",
        "The reactor remains operational at full power.",  # the predicate in other words
        "Nothing aboard is alive.",
        "The priest notices you at once.",
    ],
)
def test_an_earlier_answer_told_as_its_opposite_is_an_outcome_told_the_other_way(text: str) -> None:
    found = flags(text)
    assert found and "an earlier turn established" in found[0]


@pytest.mark.parametrize(
    "text",
    [
        "The reactor is silent; its lights are dead.",
        "The reactor hums back to life, running again.",  # the world changed since: the story may tell it
        "The survivors huddle in the mess hall, aboard and afraid.",
        "The priest does not sense you as you slip by.",
        "You wonder whether the reactor is running.",
        "Is the reactor running? You cannot tell.",
        "The priest does not notice you.",
        "The reactor is offline.",
    ],
)
def test_a_story_that_keeps_or_moves_on_from_the_answers_passes(text: str) -> None:
    assert flags(text) == []


def test_without_established_answers_nothing_is_held_against_the_story() -> None:
    assert flags("The reactor is still running.", established=()) == []


def test_the_retry_quotes_the_words_and_the_answer_that_stands() -> None:
    facts = prepare([], system="starforged", established=EARLIER[:1])
    feedback = describe_violations(check_narration("The reactor is still running.", [], facts=facts, system="starforged"))
    assert '"the reactor is still running' in feedback.lower()
    assert "The reactor is no longer running." in feedback


def _entry(seq: int, kind: str, text: str, role: str = "user", undone: bool = False) -> TranscriptEntry:
    return TranscriptEntry(seq=seq, role=role, kind=kind, text=text, undone=undone)


def test_the_chat_reads_the_answers_from_the_transcript() -> None:
    entries = [
        _entry(1, "chat", "Is the reactor still running?"),
        _entry(2, "move", "Ask the Oracle: no — rolled 67", role="engine"),
        _entry(3, "chat", "/oracle likely Are there survivors aboard?"),
        _entry(4, "move", "Ask the Oracle: yes (match) — rolled 55", role="engine"),
        _entry(5, "chat", "Is the hatch sealed?"),
        _entry(6, "move", "Ask the Oracle: yes — rolled 12", role="engine", undone=True),  # undone: not established
        _entry(7, "chat", "I force the airlock"),
        _entry(8, "move", "Face Danger (+iron): miss — action 1 + iron 2 = 3 against 7 and 8", role="engine"),
        _entry(9, "move", "Ask the Oracle: no — rolled 80", role="engine"),  # no question of its own before it
    ]
    assert established_answers(entries) == ("The reactor is no longer running.", "There are survivors aboard.")


class _Recorder:
    name = "llm"

    def __init__(self) -> None:
        self.requests: list[NarrationRequest] = []

    def stream(self, request: NarrationRequest) -> Iterator[str]:
        self.requests.append(request)
        yield "The corridor is quiet."


def test_the_narration_request_carries_the_answers_of_earlier_turns(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_EMBEDDER", "hash")
    service.create_campaign("established", "starforged", seed=7)
    try:
        narrator = _Recorder()
        session = ChatSession.open("established", narrator=narrator)
        asked = session.send("Is the reactor still running?")
        answer = asked.results[0].outcome
        session.confirm({"move": "Face Danger", "stat": "edge", "dice": [6, 1, 1]})
        told = "The reactor is still running." if answer == "yes" else "The reactor is no longer running."
        assert narrator.requests[-1].established == (told,)
    finally:
        service.close_stores()


@pytest.mark.parametrize(
    "text",
    [
        "The room is silent, and you can hear only the distant hum of the reactor.",
        "The reactor thrums beneath your feet.",
        "The deep drone of the reactor fills the corridor.",
        "You could still hear the whir of the reactor somewhere below.",
    ],
)
def test_a_machine_told_running_by_its_sound_contradicts_its_answer(text: str) -> None:
    """'The distant hum of the reactor' tells it running; 'you can hear' is perceiving it, not a supposition."""
    found = flags(text)
    assert found and "an earlier turn established" in found[0], text


@pytest.mark.parametrize(
    "text",
    [
        "You can no longer hear the hum of the reactor.",
        "If the reactor could hum again, you would hear it.",
        "You can hear the drone of the ventilation fans, but the reactor is silent.",
    ],
)
def test_its_silence_or_a_supposed_sound_passes(text: str) -> None:
    assert flags(text) == [], text
