"""A premise about another game told before a question about this one (rules_index.premise)."""

from __future__ import annotations

import pytest

from rules_index.premise import names_another_game, without_other_games


@pytest.mark.parametrize(
    ("question", "system", "asked"),
    [
        (
            "ironsworn starforged: in dungeon world my armor subtracts from the damage. does my armour reduce harm here?",
            "starforged",
            "ironsworn starforged: does my armour reduce harm here?",
        ),
        (
            "dungeon world: in elegy my vampire heals by spending blood. does my fighter get hp back after resting?",
            "dungeon-world",
            "dungeon world: does my fighter get hp back after resting?",
        ),
        (
            "In Blades you can push yourself for stress! Can my rogue push herself in this game?",
            "city",
            "Can my rogue push herself in this game?",
        ),
        (
            "elegy game - back in d&d a crit doubles the dice. we rolled boxcars; what happens?",
            "elegy",
            "elegy game - we rolled boxcars; what happens?",
        ),
        (
            "my fighter just got downed. in pathfinder she'd be dying. in the duel does she get a last roll?",
            "dungeon-world",
            "my fighter just got downed. in the duel does she get a last roll?",
        ),
    ],
)
def test_a_sentence_about_another_game_before_the_question_is_left_out(question: str, system: str, asked: str) -> None:
    assert without_other_games(question, system) == asked


@pytest.mark.parametrize(
    ("question", "system"),
    [
        # the game compared with is named in the asking sentence itself: that sentence is the question
        ("do we have a heat track like in blades where the law comes after the crew?", "starforged"),
        ("elegy: is there a scene challenge with a tension clock like starforged has, for a timed break-in?", "elegy"),
        # one sentence only
        ("can i push myself by taking stress like in blades in the dark", "starforged"),
        # the story names this game, not another
        ("blades in the dark: our lurk got caught. what does incarceration do to heat?", "blades"),
        ("the smuggler shakes the tail and ducks into a shaft. which move do i roll?", "starforged"),
    ],
)
def test_questions_without_such_a_premise_are_kept_whole(question: str, system: str) -> None:
    assert without_other_games(question, system) == question


def test_without_a_system_searched_every_game_is_this_one() -> None:
    question = "in blades i can push myself. can i do that in starforged?"
    assert without_other_games(question, None) == question


def test_names_another_game_knows_the_five_and_common_others() -> None:
    assert names_another_game("in the magistrate game heat hurts rolls", "blades")
    assert not names_another_game("in the magistrate game heat hurts rolls", "city")
    assert names_another_game("like most PbtA games", "elegy")
    assert names_another_game("as in D&D", "blades")
    assert not names_another_game("my vampire heals by spending blood", "dungeon-world")


def test_coverage_is_judged_on_the_question_without_the_premise(monkeypatch: pytest.MonkeyPatch) -> None:
    import rules_index.search
    from rules_index.coverage import judge

    searched: list[tuple[str, str | None]] = []

    def fake_search(index: object, query: str, system: str | None = None, k: int = 5, mode: str = "hybrid") -> list:
        searched.append((query, system))
        return []  # nothing found for what it asks of this game

    monkeypatch.setattr(rules_index.search, "search_index", fake_search)
    question = "starforged: in dungeon world my armor subtracts from the damage. does my armour reduce harm here?"
    got = judge(question, [object()], index=object(), system="starforged")
    assert searched == [("starforged: does my armour reduce harm here?", "starforged")]
    assert not got.covered
