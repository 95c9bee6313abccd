"""Round 13: the guard matches a question's or a move's words in a story by their stems, and a word that only shares its
first four letters with another ("heath" and "heat", "market" and "mark", "steady" and "steal") is another word: no
false flag for it, while the inflected word ("heated", "marked", "running") still matches."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration, prepare
from assistant.guard.text import stem

FACE_DANGER = {"system": "starforged", "move": "Face Danger", "stat": "edge", "dice": [5, 2, 3]}


@pytest.mark.parametrize(
    ("one", "other", "same"),
    [
        ("heat", "heath", False),
        ("mark", "market", False),
        ("steal", "steady", False),
        ("facing", "facility", False),
        ("threaten", "three", False),
        ("running", "runners", False),
        ("heat", "heated", True),
        ("mark", "marked", True),
        ("running", "runs", True),
        ("search", "searching", True),
        ("survivors", "surviving", True),
        ("flee", "flees", True),
        ("tries", "try", True),
    ],
)
def test_a_stem_keeps_other_words_apart_and_inflections_together(one: str, other: str, same: bool) -> None:
    assert (stem(one) == stem(other)) is same, (stem(one), stem(other))


def test_an_established_answer_is_not_contradicted_by_a_word_that_only_looks_like_its_own() -> None:
    result = resolve({"system": "blades", "move": "Action Roll", "stat": "prowl", "dice": [4]})
    facts = prepare([result], system="blades", established=["The market is not open."])
    text = "You mark the door, which stands open. It works, at a price."
    assert check_narration(text, [result], intent="I slip through the crowd", facts=facts) == []
    told = "The market stands open after all. It works, at a price."  # the answer itself, told the other way
    assert check_narration(told, [result], intent="I slip through the crowd", facts=facts)


def test_a_reactor_still_running_is_caught_but_its_runners_are_not() -> None:
    result = resolve(FACE_DANGER)
    facts = prepare([result], system="starforged", established=["The reactor is no longer running."])
    runners = "You dash across as the reactor's runners scatter. It goes your way."
    assert check_narration(runners, [result], intent="I dash across", facts=facts) == []
    running = "You dash across as the reactor keeps running. It goes your way."
    assert check_narration(running, [result], intent="I dash across", facts=facts)


def test_a_resupply_told_with_a_steady_voice_is_not_the_steal_or_swindle_approach() -> None:
    result = resolve({"system": "starforged", "move": "Resupply", "stat": "heart", "dice": [5, 2, 3]})
    text = "You steady your voice and swing the deal your way. It goes your way."
    assert check_narration(text, [result], intent="I barter at the market") == []
    stolen = "You steal the crates and swindle the quartermaster. It goes your way."
    assert check_narration(stolen, [result], intent="I barter at the market")
