# ruff: noqa: F811  (pytest fixtures imported from tests/rules_index_fixtures.py)
"""How rules questions meet the texts' words (one stem per inflection), and what each shipped text lacks."""

from __future__ import annotations

import pytest

from rules_index.chunk import Chunk
from rules_index.coverage import MINILM, content_terms, names_a_result
from rules_index.evidence import measure_values
from rules_index.index import CORPUS_FILES, RulesIndex
from rules_index.qa import NOT_FOUND, not_covered
from rules_index.rank import Scored, follow_pointers, in_named_range, title_ranges, word_cover
from rules_index.scope import Beyond, beyond_scope, scopes, topic_phrases
from rules_index.search import search_index
from rules_index.terms import stem, terms
from tests.rules_index_fixtures import hash_index, tabletop_home  # noqa: F401


@pytest.mark.parametrize(
    ("question_words", "text_words"),
    [
        ("scavenging", "Scavenge"),
        ("downtimes", "downtime"),
        ("preparing", "preparations"),
        ("exploring", "exploration"),
        ("flipped", "flip"),
        ("swore", "swear"),
        ("thieves", "thief"),
        ("disperses", "disperse"),
        ("used", "use"),
    ],
)
def test_a_question_and_the_text_meet_on_one_stem(question_words: str, text_words: str) -> None:
    assert terms(question_words) == terms(text_words)


def test_contractions_and_short_words_are_not_mangled() -> None:
    assert terms("I'm sure they can't, it’s theirs") == [stem("sure"), stem("theirs")]  # no "m", "t" or "s"
    assert [stem(w) for w in ("bring", "thing", "need", "feed", "bonus", "focus")] == [
        "bring",
        "thing",
        "need",
        "feed",
        "bonus",
        "focus",
    ]
    assert stem("bring") != stem("br")


def test_content_terms_skip_question_words_and_contractions() -> None:
    assert content_terms("What happens when I'm at 0 health?") == ["health"]


def test_every_system_has_a_scope_naming_what_its_text_lacks() -> None:
    got = scopes()
    assert set(got) == set(CORPUS_FILES)
    for scope in got.values():
        assert scope.text and len(scope.lacks) >= 4


def test_a_question_on_a_part_the_text_lacks_is_beyond_its_scope(hash_index: RulesIndex) -> None:
    question = "How do flashbacks work during a score?"
    hits = search_index(hash_index, question, "blades", 3)
    found = beyond_scope(question, hits, hash_index, "blades", margin=0.0)
    assert found is not None and found.topic == "flashbacks" and found.system == "blades"
    assert beyond_scope(question, hits, hash_index, "blades", margin=5.0) is None  # never closer by that much
    assert beyond_scope(question, [], hash_index, "blades", margin=0.0) is None


def test_the_answer_says_what_the_shipped_text_is(hash_index: RulesIndex) -> None:
    question = "How do flashbacks work during a score?"
    hits = search_index(hash_index, question, "blades", 3)
    beyond = Beyond("blades", "flashbacks", scopes()["blades"].text)
    result = not_covered(question, "blades", hits, beyond)
    assert not result.found and result.text.startswith(NOT_FOUND)
    assert "The shipped blades text is the downtime chapter" in result.text and "no rules on flashbacks" in result.text
    assert result.nearest and not result.passages  # the nearest sections are named, not quoted


def test_the_minilm_calibration_checks_the_scope() -> None:
    assert MINILM.scope_margin is not None and MINILM.scope_margin > 0


def test_a_lacking_part_is_compared_whole_and_thing_by_thing() -> None:
    assert topic_phrases("character creation; character stats") == [
        "character creation, character stats",
        "character creation",
        "character stats",
    ]
    assert topic_phrases("special abilities") == ["special abilities"]
    for scope in scopes().values():  # a part named alone is never a word the text's own rules use ("damage")
        assert all(len(phrase) > 3 for topic in scope.lacks for phrase in topic_phrases(topic))


def test_a_passage_is_credited_with_the_share_of_the_questions_content_words_it_uses() -> None:
    chunk = Chunk(
        id="x",
        system="blades",
        section_path=["Downtime", "Reduce heat"],
        move=None,
        source="blades.txt",
        line_start=1,
        line_end=2,
        text="Reduce heat\nSay what your character does.",
    )
    assert word_cover(content_terms("how do we reduce our heat"), chunk) == 1.0
    assert word_cover(content_terms("how do we reduce heat in prison"), chunk) == pytest.approx(2 / 3)
    assert word_cover([], chunk) == 0.0


def test_a_passage_for_the_range_the_question_is_in_is_told_from_its_siblings() -> None:
    def table(title: str) -> Chunk:
        return Chunk(title, "blades", ["Rules notes", "Tables", title], None, "notes", 0, 0, f"{title}\nrows")

    assert title_ranges("Entanglements (Heat 0-3) table") == [("heat", 0, 3)]
    assert title_ranges("Entanglements (Heat 6+) table") == [("heat", 6, 999)]
    assert title_ranges("Cast a Spell (Wizard)") == []
    question = "rolled a 5 on the entanglement roll at heat 2"
    assert in_named_range(question, table("Entanglements (Heat 0-3) table"))
    assert not in_named_range(question, table("Entanglements (Heat 4-5) table"))  # the 5 is the roll, not the heat
    assert in_named_range("entanglements at heat 7", table("Entanglements (Heat 6+) table"))


def test_a_value_the_question_gives_its_measure_in_table_talk_picks_the_range() -> None:
    def table(title: str) -> Chunk:
        return Chunk(title, "blades", ["Rules notes", "Tables", title], None, "notes", 0, 0, f"{title}\nrows")

    assert measure_values("our heat is at 2 and the die came up a 6") == [("heat", 2), ("a", 6)]
    assert measure_values("our heat's sitting at 7") == [("heat", 7)]
    question = "our heat is at 2 and the entanglement die came up a 6, which one is it?"
    assert in_named_range(question, table("Entanglements (Heat 0-3) table"))
    assert not in_named_range(question, table("Entanglements (Heat 6+) table"))  # the 6 is the die, not the heat
    assert in_named_range("heat's currently at 5, what comes calling", table("Entanglements (Heat 4-5) table"))
    assert not in_named_range("we took 2 heat on that job", table("Entanglements (Heat 0-3) table"))  # an amount gained


def test_an_option_that_only_sends_the_player_to_another_move_ranks_that_move_first() -> None:
    def scored(title: str, score: float) -> Scored:
        chunk = Chunk(title, "starforged", ["Moves", title], title, "starforged.txt", 1, 2, title)
        return Scored(chunk, score, 0.0, 0.0, 0.0, 0.0, None, None)

    fulfill, forsake = scored("Fulfill Your Vow", 1.6), scored("Forsake Your Vow", 1.3)
    closest = {fulfill.chunk.id: "Give up on the quest: Forsake Your Vow."}
    got = {
        s.chunk.section_path[-1]: s.score for s in follow_pointers([fulfill, forsake], closest, set(terms("give up on a vow")))
    }
    assert got["Forsake Your Vow"] > got["Fulfill Your Vow"] == 1.6
    # a question that names the pointing move is about that move
    named = {
        s.chunk.section_path[-1]: s.score
        for s in follow_pointers([fulfill, forsake], closest, set(terms("fulfill your vow miss")))
    }
    assert named == {"Fulfill Your Vow": 1.6, "Forsake Your Vow": 1.3}


def test_a_how_many_question_is_answered_by_a_sentence_that_gives_a_number(hash_index: RulesIndex) -> None:
    from rules_index.coverage import _COUNTING, gives_number

    hits = search_index(hash_index, "how much coin for a small job with a strongbox", "blades", 3)
    assert gives_number("how much coin for a small job with a strongbox", hits, hash_index)
    assert _COUNTING.search("how many dice do I roll") and not _COUNTING.search("what do I roll")
    assert MINILM.number_weight > 0


@pytest.mark.parametrize(
    ("question", "names"),
    [
        ("bumped into a new bartender, rolled 12 on meeting them, what do i get", True),
        ("pay the price came up 58", True),
        ("weak hit on sing an elegy", True),
        ("how many stress boxes do i have", False),
        ("what does the wizard's mirror image spell do", False),
    ],
)
def test_a_question_that_names_a_roll_result(question: str, names: bool) -> None:
    assert names_a_result(question) is names
