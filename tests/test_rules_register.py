"""A question is embedded in the rules' own register: second person, as the moves speak."""

from __future__ import annotations

import pytest

from rules_index.register import second_person


@pytest.mark.parametrize(
    ("question", "register"),
    [
        ("can my guy just lie low til the trouble blows over?", "can you just lie low til the trouble blows over?"),
        ("what do i roll", "what do you roll"),
        ("I'm at 0 health, what now", "you are at 0 health, what now"),
        ("im out of supply", "you are out of supply"),
        ("our crew wants a bigger cut, what do we roll", "your crew wants a bigger cut, what do you roll"),
        ("my vamp feeds on a mortal", "you feeds on a mortal"),
        ("the bouncer hits me, do I lose health", "the bouncer hits you, do you lose health"),
        ("we've got 3 heat", "you have got 3 heat"),
    ],
)
def test_the_askers_person_words_are_put_in_the_second_person(question: str, register: str) -> None:
    assert second_person(question) == register


@pytest.mark.parametrize(
    "question",
    [
        "What does vulnerable do?",
        "How many segments does a long-term project mark on a 6?",
        "Is it legal to mark a History twice in one session?",  # "Is it" and "History" are not person words
        "The firm's insight on the mines",  # "mines" and "firm" hold no person word
    ],
)
def test_rule_words_are_left_as_asked(question: str) -> None:
    assert second_person(question) == question
