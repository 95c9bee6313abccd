"""One "A, B and C" for every layer: the engine's notes, the narration's facts and the chat's questions."""

from __future__ import annotations

import pytest

from assistant.engine.rulesets.city.after_dice import dice_words
from assistant.engine.word_lists import and_list


@pytest.mark.parametrize(
    ("items", "said"),
    [
        ([], ""),
        (["Feed"], "Feed"),
        (["Feed", "Compel"], "Feed and Compel"),
        (["Feed", "Compel", "Face Danger"], "Feed, Compel and Face Danger"),
        (("health", "", "spirit"), "health and spirit"),  # an empty item is left out, not a stray comma
        (["", ""], ""),
    ],
)
def test_a_list_reads_as_a_sentence_says_it(items: list[str], said: str) -> None:
    assert and_list(items) == said


def test_the_city_names_its_dice_the_same_way() -> None:
    assert dice_words([5, 1, 4]) == "5, 1 and 4"
    assert dice_words([2]) == "2" and dice_words([]) == ""


def test_the_chat_lists_with_the_same_helper() -> None:
    from assistant.chat import chat_words

    assert chat_words.and_list is and_list
    assert chat_words.and_list(["Feed", "Compel", "Face Danger"]) == "Feed, Compel and Face Danger"
