"""The game a rules question asks about is the one searched: "does Elegy cap it too?", "asking about elegy while we're
in our starforged game", "a quick city game question while we're on the vampire game"; the open campaign's game only
when the question names none, every game for "all systems"."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rules_index.index import RulesIndex
from rules_index.phrasing import asking_clause, without_game_name
from rules_index.premise import without_other_games
from rules_index.qa import answer
from rules_index.routing import choose_system, named_system
from rules_index.search import search_index
from tests.rules_index_fixtures import minilm_index


@pytest.mark.parametrize(
    ("question", "system"),
    [
        # the game the question's verb asks of, another named only for how it does it
        ("In Starforged my action score caps at 10. Does Elegy cap it as well?", "elegy"),
        ("blades lets you push yourself for stress - does dungeon world have anything like that?", "dungeon-world"),
        ("starforged has momentum; do blades crews get anything similar?", "blades"),
        # the game the question says it asks about, the table's own named as the one it is in
        ("asking about elegy while we're in our starforged game: how do i round half my progress?", "elegy"),
        ("wondering about elegy, we run dungeon world: what does hunger do?", "elegy"),
        ("a quick city game question while we're on the vampire game tonight: how do secrets work?", "city"),
        ("a blades q while we're playing starforged: how does heat work?", "blades"),
        ("one elegy question while we're in our blades campaign: what is focus for?", "elegy"),
    ],
)
def test_the_game_asked_about_wins_over_the_one_named_beside_it(question: str, system: str) -> None:
    assert named_system(question) == system
    assert choose_system(question, "starforged" if system != "starforged" else "blades") == system


@pytest.mark.parametrize(
    "question",
    [
        "do blades and dungeon world both use d6s?",  # asks of both
        "does it work like in elegy?",  # named only to compare
        "we sing an elegy for our lost friend - does that give xp?",  # the Elegy game's own word, no game named
        "can i advance in an elegy and a connection at once?",
    ],
)
def test_a_game_asked_of_alongside_another_or_only_a_games_word_names_none(question: str) -> None:
    assert named_system(question) is None


def test_the_open_campaigns_game_when_none_is_named_and_every_game_for_all_systems() -> None:
    assert choose_system("how does focus work?", "elegy") == "elegy"
    assert choose_system("how does focus work?", "all") is None
    assert choose_system("does elegy have a focus reset?", "all") == "elegy"


@pytest.fixture(scope="module")
def index(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RulesIndex]:
    yield from minilm_index(tmp_path_factory, {"elegy": "elegy.txt", "starforged": "starforged.txt"}, notes=True)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("question", "first"),
    [
        (
            "Heart 4 plus 7 in adds makes an action score of 11. In Starforged that would cap at 10 - does Elegy cap it?",
            "uncapped, so an 11 beats a 10",
        ),
        (
            "asking about elegy while we're in our starforged game: when I recommit to a connection and clear half my "
            "progress boxes with 5 filled, do I round up or down?",
            "rounded down",
        ),
    ],
)
def test_a_starforged_campaigns_question_about_elegy_is_answered_from_elegy(index: RulesIndex, question: str, first: str) -> None:
    system = choose_system(question, "starforged")
    assert system == "elegy"
    hits = search_index(index, question, system, 5)
    assert first in hits[0].text, [h.section for h in hits]
    result = answer(question, system="starforged", index=index)
    assert result.system == "elegy" and result.found
    assert result.text.startswith("From Elegy, the game the question names (not Ironsworn: Starforged):")
    assert all(p.hit.system == "elegy" for p in result.passages)
    assert any(first in p.hit.text for p in result.passages), [p.hit.section for p in result.passages]


@pytest.mark.parametrize(
    "typed",
    [
        "asking about elegy while we're in our starforged game: how does focus work?",
        "My action score is 11. In Starforged that would cap at 10 - does Elegy cap the action score too?",
    ],
)
def test_typed_in_a_starforged_chat_a_question_about_elegy_is_answered_from_elegy(
    monkeypatch: pytest.MonkeyPatch, typed: str
) -> None:
    from assistant.chat.session import ChatSession
    from assistant.store import service

    monkeypatch.setenv("TABLETOP_EMBEDDER", "hash")
    service.create_campaign("asked-game", "starforged", seed=7)
    try:
        turn = ChatSession.open("asked-game").send(typed)
        assert turn.kind == "rules" and turn.answer is not None and turn.answer.system == "elegy"
        assert turn.narration.startswith("From Elegy, the game the question names (not Ironsworn: Starforged):")
        assert turn.citations and all("elegy" in c for c in turn.citations)
        assert ChatSession.open("asked-game").system == "starforged"  # the campaign's game is left as it was
    finally:
        service.close_stores()


def test_assistant_ask_answers_from_the_game_the_question_asks_about(monkeypatch: pytest.MonkeyPatch) -> None:
    import typer
    from typer.testing import CliRunner

    from rules_index.cli import register

    monkeypatch.setenv("TABLETOP_EMBEDDER", "hash")
    app = typer.Typer()
    register(app)
    typed = "asking about elegy while we're in our starforged game: how does focus work?"
    asked = CliRunner().invoke(app, ["ask", typed, "--system", "starforged"])
    assert asked.exit_code == 0, asked.output
    assert asked.output.startswith("From Elegy, the game the question names (not Ironsworn: Starforged):")
    assert "[1] Elegy › " in asked.output and "Starforged ›" not in asked.output  # cited as a player reads it


@pytest.mark.parametrize(
    ("question", "asked"),
    [
        ("starforged question from our blades crew: does our ship pick up heat?", "does our ship pick up heat?"),
        ("elegy question while we're playing blades: do vampires need an invitation?", "do vampires need an invitation?"),
        ("for the magistrate's city game: how does poison work?", "how does poison work?"),
        ("asking about elegy while we're in our starforged game: what is focus?", "what is focus?"),
    ],
)
def test_a_label_saying_only_which_game_is_asked_and_which_is_played_is_not_searched(question: str, asked: str) -> None:
    assert without_game_name(question) == asked


@pytest.mark.parametrize(
    "question",
    [
        "blades downtime while our starforged game is paused: how long is a downtime?",  # "downtime" says what is asked
        "for my starforged pilot, not the vampire: what does she roll?",
    ],
)
def test_a_label_that_says_what_is_asked_stays(question: str) -> None:
    assert without_game_name(question) == question


@pytest.mark.slow
def test_a_question_about_a_game_the_table_is_not_in_is_not_covered_by_its_label(index: RulesIndex) -> None:
    """The label's words ("question", "starforged", "playing") once counted as words the question asks about."""
    question = "elegy question while we're playing starforged: does a vampire have to be invited in before entering a home?"
    result = answer(question, system="starforged", index=index)
    assert result.system == "elegy" and not result.found and result.nearest


@pytest.fixture(scope="module")
def blades_index(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RulesIndex]:
    yield from minilm_index(tmp_path_factory, {"blades": "blades.txt"}, notes=True)


@pytest.mark.slow
@pytest.mark.parametrize(
    "question",
    [
        "we ran the Lampblacks out of their drug den. how do we mark it as our turf on the claims map?",
        "what's the difference between strong hold and weak hold for our crew?",
    ],
)
def test_the_crew_sheet_the_downtime_chapter_lacks_is_not_covered(blades_index: RulesIndex, question: str) -> None:
    result = answer(question, system="blades", index=blades_index)
    assert not result.found and result.nearest


@pytest.mark.slow
@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("one of us is doing time in Ironhook. which prison claims can the crew get?", "Prison"),
        ("how much heat does a score on hostile turf add?", "Heat"),
    ],
)
def test_the_chapters_own_claims_and_turf_are_still_covered(blades_index: RulesIndex, question: str, expected: str) -> None:
    result = answer(question, system="blades", index=blades_index)
    assert result.found and any(expected in p.hit.section for p in result.passages)


@pytest.mark.parametrize(
    ("question", "system"),
    [
        (
            "city game q from our starforged group: another faction lends us an aspect for our roll. what's the catch?",
            "city",
        ),
        ("elegy rules while our dungeon world game is open: my blood ritual missed. what can go wrong?", "elegy"),
    ],
)
def test_a_story_after_a_label_naming_the_tables_game_is_judged_with_the_question(question: str, system: str) -> None:
    """The label names the table's game, the story after it does not: the story is what the question asks about, not a
    premise about another game (:func:`rules_index.premise.without_other_games`)."""
    assert without_other_games(question, system) == question


@pytest.mark.slow
def test_an_elegy_question_labelled_from_a_starforged_table_is_covered(index: RulesIndex) -> None:
    question = "elegy rules while our starforged game is open: my blood ritual missed. what can go wrong?"
    result = answer(question, system="starforged", index=index)
    assert result.system == "elegy" and result.found


@pytest.mark.parametrize(
    ("question", "clause"),
    [
        # the options after a dash belong to the clause that asks
        (
            "Which crew type earns most from a score - assassins, bravos or smugglers?",
            "Which crew type earns most from a score - assassins, bravos or smugglers?",
        ),
        (
            "We advanced Tier. Whose coin goes first - the crew's or ours?",
            "Whose coin goes first - the crew's or ours?",
        ),
        # a clause that asks after a dash is still the asking clause
        ("bar fight breaks out - what do i roll?", "what do i roll?"),
    ],
)
def test_options_offered_after_a_dash_are_part_of_the_asking_clause(question: str, clause: str) -> None:
    assert asking_clause(question) == clause
