"""GM shorthand is spelt out before a rules question is searched, and chat words never count as words the
texts are silent on."""

from __future__ import annotations

import pytest

from rules_index.coverage import content_terms, known, one_edit_apart
from rules_index.phrasing import plain_question
from rules_index.terms import terms


@pytest.mark.parametrize(
    ("typed", "plain"),
    [
        ("how do i get across town w/o anyone spotting me", "how do i get across town without anyone spotting me"),
        ("whats the roll", "what is the roll"),
        ("we ran outta supplies", "we ran out of supplies"),
        ("my char died", "my character died"),
        ("can my vamp eat food", "can my vampire eat food"),
        ("magic missile dmg?", "magic missile damage?"),
        ("a lvl 5 cleric w/ a mace", "a level 5 cleric with a mace"),
    ],
)
def test_shorthand_is_spelt_out(typed: str, plain: str) -> None:
    assert plain_question(typed) == plain


def test_the_texts_own_words_are_left_alone() -> None:
    for text in ("Can I cast spells while bound and/or gagged?", "Roll 2d6+STR", "It's +1 forward", "In Blades, heat"):
        assert plain_question(text) == text


def test_chat_words_are_not_what_a_question_asks_about() -> None:
    asked = content_terms("can my guy just lie low til the trouble blows over?")
    assert not {*terms("guy just over until")} & set(asked)
    assert set(terms("trouble blows")) <= set(asked)


def test_one_letter_apart() -> None:
    assert one_edit_apart("neighbourhood", "neighborhood")
    assert one_edit_apart("recieve", "receive") is False  # two letters swapped is two edits
    assert one_edit_apart("clash", "class")
    assert not one_edit_apart("horseback", "horse")


def test_a_word_is_known_with_a_typo_or_inside_a_compound_but_not_by_a_short_near_miss() -> None:
    vocabulary = frozenset(["neighborhood", "starship", "clash", "amount"])
    assert known("neighbourhood", vocabulary)
    assert known("ship", vocabulary)  # the tail of "starship"
    assert not known("class", vocabulary)  # short words need the exact word ("class" is not "clash")
    assert not known("mount", vocabulary)  # "amount" is no compound of "mount"
