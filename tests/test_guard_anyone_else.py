"""The oracle's "No one else is awake." is about everyone but the ones the story already has: told of the priest the
player was stalking ("the priest is not awake"), it is the answer misread, caught on that turn and on later ones."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration, describe_violations, prepare
from assistant.guard.model import ViolationKind

ANYONE_ELSE = {"system": "elegy", "move": "Ask the Oracle", "options": {"odds": "unlikely"}, "dice": [29]}  # no
FEED = {"system": "elegy", "move": "Feed", "stat": "glamour", "dice": [1, 5], "character": {"blood": 1}}
ANSWER = "No one else is awake."
STORY = (
    "I stalk the priest through the rain-soaked cloister",
    "You attempt to stalk the priest through the rain-soaked cloister. It falls apart in your hands.",
    "I feed on the sleeping watchman",
)
ESTABLISHED = ("The priest does not sense you.",)


def outcome_flags(text: str, request: dict, established: tuple[str, ...], told: tuple[str, ...] = ()) -> list[str]:
    result = resolve(request)
    facts = prepare([result], established=established, earlier=STORY, told=told)
    flags = check_narration(text, [result], facts=facts, question="Is anyone else awake?" if told else None)
    return [v.detail for v in flags if v.kind is ViolationKind.OUTCOME and "says nothing of" in v.detail]


def test_the_answer_told_of_the_priest_the_player_stalks_is_caught_with_a_retry_line() -> None:
    # a 1.5B's draft after "Is anyone else awake?" answered no
    text = f"{ANSWER} You quickly realize that the priest is not awake and decides to move on."
    found = outcome_flags(text, ANYONE_ELSE, ESTABLISHED, told=(ANSWER,))
    assert len(found) == 1 and "the priest is not awake" in found[0]
    result = resolve(ANYONE_ELSE)
    facts = prepare([result], established=ESTABLISHED, earlier=STORY, told=(ANSWER,))
    retry = describe_violations(check_narration(text, [result], facts=facts, question="Is anyone else awake?"))
    assert 'Change "the priest is not awake"' in retry and "says nothing of the priest" in retry


def test_an_earlier_answer_told_of_the_priest_on_a_later_turn_is_caught() -> None:
    found = outcome_flags("The priest isn't awake, so the cloister is yours.", FEED, (*ESTABLISHED, ANSWER))
    assert found and "No one else is awake." in found[0]


@pytest.mark.parametrize(
    "text",
    [
        f"{ANSWER} The watchman is not awake either.",  # the story already had him asleep
        f"{ANSWER} The abbot is not awake.",  # no one the story had before: the answer covers him
        f"{ANSWER} The priest is still awake, pacing the far end of the cloister.",
        f"{ANSWER} The cloister is silent but for the rain.",
    ],
)
def test_what_the_answer_covers_or_the_story_already_had_passes(text: str) -> None:
    assert outcome_flags(text, ANYONE_ELSE, ESTABLISHED, told=(ANSWER,)) == []


def test_without_a_no_one_else_answer_nothing_is_read() -> None:
    assert outcome_flags("The priest is not awake.", FEED, ESTABLISHED) == []
