"""Words put in the character's mouth without quotation marks (set 17: "You tell him that you need to access some
important documents related to a recent case" after "I press the clerk to open the archive for me")."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration, describe_violations, prepare
from assistant.guard.model import Violation
from assistant.narrate.story_facts import story_facts

DIRECT_MISS = {"system": "city", "move": "Direct Someone to Act", "stat": "sway", "dice": [3, 1]}
PRESS = "I press the clerk to open the archive for me"
DOCKS = {"system": "starforged", "move": "Gather Information", "stat": "wits", "dice": [6, 1, 2]}
ASK = "I ask the dockhands about the Wayfarer's last crew"


def check(text: str, request: dict[str, object] = DIRECT_MISS, intent: str = PRESS) -> list[Violation]:
    result = resolve(request)
    facts = prepare([result], sheet=story_facts([result], player_text=intent))
    flags = check_narration(text, [result], intent=intent, facts=facts)
    return [v for v in flags if "puts words in the character's mouth" in v.detail]


@pytest.mark.parametrize(
    "text",
    [
        # AZ2-1.5b:city-night:6:1
        "You tell him that you need to access some important documents related to a recent case. He",
        "You explain that the magistrate himself sent you for the tax ledgers.",
        "You insist you are an inspector from the guild.",
        "You remind him of the favor he owes your family.",
        "Then you warn him that the watch will hear of his stubbornness.",
        "You quietly claim the guild master has already approved it.",
    ],
)
def test_reported_speech_the_player_never_declared_is_caught(text: str) -> None:
    assert check(text)


@pytest.mark.parametrize(
    "text",
    [
        "You tell him to open the archive, and he refuses.",
        "You press the clerk to open the archive, but he shakes his head.",
        "You plead with him.",
        "You explain your situation.",
        "The clerk tells you that the archive is closed for the night.",
        "You say nothing, and the clerk returns to his ledger.",
        "You could tell him that the magistrate sent you, but would he believe it?",
    ],
)
def test_the_declared_speech_and_others_words_pass(text: str) -> None:
    assert not check(text)


def test_the_declared_question_told_back_passes() -> None:
    text = "You ask the dockhands about the Wayfarer's last crew, but they only shrug and turn away."
    assert not check(text, DOCKS, ASK)


def test_the_retry_line_says_whose_words_they_are() -> None:
    retry = describe_violations(check("You tell him that you need the tax ledgers for a recent case."))
    assert "what the character says is the player's call" in retry
