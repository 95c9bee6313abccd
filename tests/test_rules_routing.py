"""Which game a rules question naming two games asks about."""

from __future__ import annotations

import pytest

from rules_index.routing import named_system


@pytest.mark.parametrize(
    ("question", "system"),
    [
        # the game the question says it is for wins over the table's usual one
        ("my group plays the city game, but this one is for dungeon world: does armor stack?", "dungeon-world"),
        ("we usually run blades, but this question is about starforged - how does momentum work?", "starforged"),
        ("i'm running starforged for my group. asking about blades in the dark: how does heat work?", "blades"),
        ("Elegy RPG is our main game, my question is for Dungeon World though: what does Defend do?", "dungeon-world"),
        # a game named only as the one the table plays is not the one asked about
        ("We play the city game most weeks; how does harm work in dungeon world?", "dungeon-world"),
        ("my table plays elegy rpg. what does hack and slash do in dungeon world?", "dungeon-world"),
        ("we're playing blades tonight, how do you burn momentum in starforged?", "starforged"),
        # a game named in the sentence that asks, the other only in a sentence before it
        ("in blades i can push myself for stress. can i do that in starforged?", "starforged"),
        ("dungeon world has hit points. how does harm work in blades in the dark?", "blades"),
        # a second game named only to compare a mechanic of it with the first: the first is asked about
        ("how does heat work in blades? is it like momentum in starforged?", "blades"),
        ("how does stress work in blades? is it similar to spirit from starforged?", "blades"),
        ("explain momentum in starforged. same as the focus track in elegy?", "starforged"),
        ("how do bonds work in dungeon world? anything like the bonds in starforged?", "dungeon-world"),
        # "feel like" and "like to" are no comparison
        ("i feel like attacking in dungeon world while we run blades, what do i roll?", "dungeon-world"),
    ],
)
def test_of_two_games_the_one_asked_about_wins(question: str, system: str) -> None:
    assert named_system(question) == system


@pytest.mark.parametrize(
    "question",
    [
        "Is blades better than dungeon world?",
        "do blades and dungeon world both use d6s?",
        "which has more moves, starforged or dungeon world?",
        "we play blades and dungeon world on alternate weeks. which one has armor?",  # both played, neither asked
        "we play blades. how does it compare to starforged and dungeon world?",
    ],
)
def test_two_games_asked_about_alike_name_neither(question: str) -> None:
    assert named_system(question) is None


@pytest.mark.parametrize(
    ("question", "system"),
    [
        # the game the question turns to, with the table's own game named as the one paused or played
        (
            "switching to the city game for a sec while we're paused on blades: how many assets can one scheme hold?",
            "city",
        ),
        ("quick one about the city game while our blades crew is in downtime: how many questions do we get?", "city"),
        ("we're a starforged table trying dungeon world: in dungeon world, what does the gm do on a 6-?", "dungeon-world"),
        # paraphrases
        ("taking a break from starforged tonight - in the vampire game, how does feeding work?", "elegy"),
        ("the vampire game is on pause, so a blades q: how does heat work?", "blades"),
        ("our starforged campaign is on hold; trying dw next week. what does defend do?", "dungeon-world"),
        ("a rules q for the magistrate game, our elegy chronicle is paused: how do schemes work?", "city"),
        ("in starforged there's a supply track. what's elegy's version - how do i track supplies?", "elegy"),
        ("my blades crew wants to try ironsworn: how does momentum work?", "starforged"),
        ("in the city one, how does heat work? we usually run dw", "city"),
        # a game named only to compare keeps the question on the other one
        ("our dw game - blades has stress, is there anything like it?", "dungeon-world"),
        ("switching to dungeon world: is armor like in blades?", "dungeon-world"),
    ],
)
def test_a_game_the_question_turns_to_wins_over_the_tables_own(question: str, system: str) -> None:
    assert named_system(question) == system


@pytest.mark.parametrize(
    "question",
    [
        "is it like in blades?",  # only compared: the open campaign's game answers
        "does harm work the same as in starforged?",
        "our blades crew and our starforged table both use clocks?",  # two tables' games, neither asked about
        "is the city game better than dungeon world?",
    ],
)
def test_a_game_named_only_to_compare_or_alongside_another_names_none(question: str) -> None:
    assert named_system(question) is None
