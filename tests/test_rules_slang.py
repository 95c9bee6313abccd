"""Table slang in a rules question is followed by the words the texts use for it, and every rules word of
the lexicon is one the shipped texts use."""

from __future__ import annotations

import pytest

from rules_index.index import CORPUS_DIR, CORPUS_FILES
from rules_index.notes import all_notes, note_chunks
from rules_index.phrasing import plain_question
from rules_index.slang import entries, used_slang, with_rules_words
from rules_index.terms import terms


def _text_terms() -> set[str]:
    words: set[str] = set()
    for name in CORPUS_FILES.values():
        words.update(terms((CORPUS_DIR / name).read_text(encoding="utf-8")))
    for chunks in note_chunks(all_notes()).values():
        for chunk in chunks:
            words.update(terms(chunk.text))
    return words


def test_every_rules_word_of_the_lexicon_occurs_in_the_texts() -> None:
    words = _text_terms()
    for entry in entries():
        missing = [t for t in terms(entry.rules) if t not in words]
        assert not missing, (entry.said, missing)


def test_no_slang_phrase_is_listed_twice() -> None:
    said = [p.lower() for entry in entries() for p in entry.said]
    assert len(said) == len(set(said))


@pytest.mark.parametrize(
    ("question", "added"),
    [
        ("paladin jumps in front of the bard to take the hit", "jumps in front defend intercept of the bard"),
        ("wrapping up tonight and want to flag a quest", "wrapping up end session tonight"),
        ("leaning on the dockmaster", "leaning on threaten peril demand someone act the dockmaster"),
        ("they want him to squeal", "squeal question interrogation"),
        ("I throw myself in front of the cleric", "throw myself in front defend intercept of the cleric"),
        ("we bail on the job", "bail escape flee on"),
        ("bar brawl with the bouncer", "brawl violent fight with"),
        ("pinned down and shooting back at the drones", "shooting back exchange fire at"),
        ("how many arrows do i walk into a fight with", "arrows ammunition do"),
        ("can my cleric cast the healing spell on herself", "on herself self-casting yourself"),
        ("a scene got too grim for one of the players", "too grim comfort flagged content for"),
        ("my tech went sideways, got an 11", "went sideways backfire, got"),
        ("how many arrows do i walk into a fight with", "walk into a fight enter combat encounter with"),
        ("shorting the lines in a part of town she has no ties to", "part of town neighborhood she has no ties connection to"),
        ("how do we smooth it over with the Billhooks", "smooth it over apology with"),
    ],
)
def test_slang_is_followed_by_the_rules_words(question: str, added: str) -> None:
    assert added in with_rules_words(question)


def test_the_longer_of_two_overlapping_phrases_wins() -> None:
    # "trading shots" is an exchange of fire, not someone being shot
    got = with_rules_words("trading shots from a distance")
    assert "exchange fire" in got and "harm" not in got
    assert used_slang("trading shots from a distance") == ["trading shots"]


def test_adding_the_rules_words_twice_changes_nothing_more() -> None:
    for question in ("we abandon the quest and give up on the vow", "we bail on the job", "got knifed in the alley"):
        once = with_rules_words(question)
        assert with_rules_words(once) == once
        assert plain_question(plain_question(question)) == plain_question(question)


def test_a_question_without_slang_is_left_alone() -> None:
    for question in ("How does Hack & Slash work?", "what happens at 9 heat", "Can I cast spells while gagged?"):
        assert with_rules_words(question) == question


def test_slang_inside_a_longer_word_is_not_read() -> None:
    # "tail" in "details", "pal" in "paladin", "fix" in "prefix"
    assert with_rules_words("the paladin gives details with a prefix") == "the paladin gives details with a prefix"
