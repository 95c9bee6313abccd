# ruff: noqa: F811  (pytest fixtures imported from tests/rules_index_fixtures.py)
"""Rules answers a GM can trust: cited rules notes, "not covered" with the nearest sections, one copy of
each sentence, and the system a question names (hash embedder: fast and deterministic)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rules_index import search
from rules_index.index import RulesIndex
from rules_index.notes import sync_notes
from rules_index.qa import NOT_FOUND, answer, definition_term, split_sentences
from rules_index.rank import is_reading
from rules_index.routing import named_system
from rules_index.search import search_index
from tests.rules_index_fixtures import hash_index, tabletop_home  # noqa: F401


@pytest.fixture
def noted_index(hash_index: RulesIndex) -> Iterator[RulesIndex]:
    """The shipped corpus plus the rules notes."""
    sync_notes(hash_index)
    yield hash_index


def test_momentum_burn_is_answered_from_the_notes_and_cited_as_a_note(noted_index: RulesIndex) -> None:
    result = answer("How does burning momentum work?", system="starforged", index=noted_index)
    assert result.found
    first = result.passages[0]
    assert first.citation.startswith("Rules note: starforged › Burning momentum")
    assert "(starforged.txt:" not in first.citation  # a note is never cited as the rule text
    assert "burn" in result.text.lower() and result.text.rstrip().endswith("]")


def test_negative_momentum_is_answered_from_the_notes(noted_index: RulesIndex) -> None:
    result = answer("What happens when my momentum is negative and I roll?", system="starforged", index=noted_index)
    assert result.found and result.passages[0].citation.startswith("Rules note: starforged › Negative momentum")
    assert "cancelled" in result.text


def test_a_question_the_texts_do_not_cover_names_the_nearest_sections(noted_index: RulesIndex) -> None:
    result = answer("How many experience points do I need to reach level 5?", system="blades", index=noted_index)
    assert not result.found and result.passages == []
    assert result.text.startswith(NOT_FOUND)
    assert 1 <= len(result.nearest) <= 3 and all(c.startswith("blades › ") for c in result.nearest)
    assert all(c in result.text for c in result.nearest)
    assert "wanted level" not in result.text.lower()  # nothing quoted as if it answered


def test_the_answer_quotes_each_sentence_once(noted_index: RulesIndex) -> None:
    # which sentence leads is the real embedder's job (test_rules_index_quality); the hash embedder checks
    # that a rule printed three times is quoted and listed once
    result = answer("What does vulnerable do?", system="dungeon-world", index=noted_index)
    sentences = [s.rsplit(" [", 1)[0] for s in split_sentences(result.text)]
    assert len(sentences) == len(set(sentences))
    assert result.text.count("Attacking makes you vulnerable to counter-attacks.") <= 1
    texts = [p.hit.text for p in result.passages]
    assert len(texts) == len(set(texts))
    assert not any(a.startswith("Hack") and b.startswith("Hack") for a, b in zip(texts, texts[1:], strict=False))


def test_the_passage_ranked_first_leads_and_the_other_reading_notes_follow_the_text(noted_index: RulesIndex) -> None:
    # which passage the ranking puts first is the real embedder's job (test_rules_settling_passage: a reading note
    # ranked first leads, one ranked below the text follows it); here the answer keeps the ranking's first passage
    # first and shows every other reading note after the rules text
    question = "What happens when my heat level reaches 9?"
    first = search_index(noted_index, question, "blades", 3)[0]
    result = answer(question, system="blades", index=noted_index)
    assert result.passages[0].hit.chunk.id == first.chunk.id
    rest = result.passages[1:] if is_reading(first.chunk) else result.passages
    notes = [i for i, p in enumerate(rest) if is_reading(p.hit.chunk)]
    texts = [i for i, p in enumerate(rest) if not is_reading(p.hit.chunk)]
    assert not notes or not texts or max(texts) < min(notes)


@pytest.mark.parametrize(
    ("question", "system"),
    [
        ("In Blades in the Dark, how do I reduce heat?", "blades"),
        ("How does burning momentum work in Ironsworn Starforged?", "starforged"),
        ("What does the Magistrate assign when I use power?", "city"),
        ("How does Hack & Slash work in Dungeon World?", "dungeon-world"),
        ("How do I reduce heat?", None),
        ("Is blades better than dungeon world?", None),  # two systems named: none wins
        ("sf: rolled 72 for the vignette", "starforged"),  # the shorthand GMs label questions with
        ("dw: bard rolls a 7-9 on arcane art", "dungeon-world"),
        ("elegy pay the price, rolled a 70", "elegy"),  # the ambiguous name as the question's label
        ("weak hit finishing a formidable elegy, how much xp", None),  # ... but a word of the game elsewhere
        ("city: does transit clear heat?", "city"),
        ("can my dwarf fighter swf", None),
        # of two systems named, the one the question is labelled with wins; a comparison alone names none
        ("city game: do we have a momentum meter like in starforged that i can burn", "city"),
        ("dungeon world pvp - is there stress like in blades?", "dungeon-world"),
        ("blades vs dungeon world, which has more dice", None),
        # a game named only to compare with is not the one asked about: the open campaign's is
        ("that's 9 and more adds coming. does the action score stop at 10 like in ironsworn?", None),
        ("do i just get health back like in starforged or does it cost something", None),
        ("how does momentum work in starforged, same as ironsworn?", "starforged"),
        # a label naming one game opens the question, another game is named in it only to compare
        ("magistrate city game: in starforged a miss always sends you to pay the price. what happens on a 5?", "city"),
        ("our dw game - blades has stress, is there anything like it?", "dungeon-world"),
        ("the city watch: in blades, can they arrest us?", "blades"),  # an opening naming no game is not a label
        ("blades or dungeon world: which has more dice?", None),  # a label naming two games names none
    ],
)
def test_the_system_named_in_the_question(question: str, system: str | None) -> None:
    assert named_system(question) == system


def test_a_system_named_in_the_question_wins_over_the_campaigns(noted_index: RulesIndex, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(search, "default_system_provider", lambda: "starforged")
    result = answer("In Blades in the Dark, how do I reduce heat?", index=noted_index)
    assert result.system == "blades" and result.found
    assert all(p.hit.system == "blades" for p in result.passages)


def test_all_systems_searches_every_system_even_with_a_campaign_open(
    noted_index: RulesIndex, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(search, "default_system_provider", lambda: "city")
    assert answer("How does burning momentum work?", index=noted_index).system == "city"
    result = answer("How does burning momentum work?", system="all", index=noted_index)
    assert result.system is None and result.found
    assert result.passages[0].hit.system == "starforged"


@pytest.mark.parametrize(
    ("question", "term"),
    [("What does vulnerable do?", "vulnerable"), ("How does armor work?", "armor"), ("what happens at 9 heat?", None)],
)
def test_definition_questions(question: str, term: str | None) -> None:
    assert definition_term(question) == term


def test_a_not_covered_answer_names_a_section_split_in_two_once() -> None:
    from rules_index.chunk import Chunk
    from rules_index.qa import not_covered
    from rules_index.search import Hit

    def hit(cid: str, section: str, start: int) -> Hit:
        chunk = Chunk(cid, "blades", ["Downtime activities", section], None, "blades.txt", start, start + 4, "text")
        return Hit(chunk=chunk, score=1.0)

    hits = [hit("a", "Recover", 253), hit("b", "Long-term project", 231), hit("c", "Recover", 241)]
    result = not_covered("how do flashbacks work", "blades", hits)
    assert result.nearest == [hits[0].citation, hits[1].citation]


@pytest.mark.parametrize(
    ("question", "system"),
    [
        ("how loud is 4 heat for blades in the dark, not our city game?", "blades"),
        ("rather than dungeon world, in starforged how does harm work?", "starforged"),
        ("does armor stack in dungeon world (not the city game)?", "dungeon-world"),
        ("this is a vampire game question: what does hunger do?", "elegy"),
        ("in the vampire game, when do I feed?", "elegy"),
        ("not sure about blades: how does heat work?", "blades"),  # "not sure about" does not set the game aside
        ("dungeon world question while the vampire game is on pause: does armor stack?", "dungeon-world"),
    ],
)
def test_a_game_set_aside_is_not_the_one_asked_about(question: str, system: str | None) -> None:
    from rules_index.routing import named_system

    assert named_system(question) == system


@pytest.mark.parametrize(
    ("question", "system", "title"),
    [
        ("we're a starforged table trying dw: in dungeon world, what does defend do?", "dungeon-world", "Dungeon World"),
        ("switching to the city game, paused on blades: how does transit clear heat?", "city", "The Magistrate's city"),
    ],
)
def test_an_answer_from_the_game_the_question_names_says_which_game(
    noted_index: RulesIndex, monkeypatch: pytest.MonkeyPatch, question: str, system: str, title: str
) -> None:
    monkeypatch.setattr(search, "default_system_provider", lambda: "starforged")
    result = answer(question, index=noted_index)
    assert result.system == system and all(p.hit.system == system for p in result.passages)
    assert result.text.startswith(f"From {title}") and "(not Ironsworn: Starforged)" in result.text


def test_an_answer_from_the_open_campaigns_game_names_no_game(noted_index: RulesIndex, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(search, "default_system_provider", lambda: "starforged")
    for question in ("how does momentum work?", "does momentum cap at 10 like in blades?", "in starforged, what is momentum?"):
        result = answer(question, index=noted_index)
        assert result.system == "starforged" and not result.text.startswith("From ")
    assert not answer("what does defend do?", system="all", index=noted_index).text.startswith("From ")
