# ruff: noqa: F811  (pytest fixtures imported from tests/rules_index_fixtures.py)
"""GM shorthand is spelt out before a rules question is searched, and chat words never count as words the
texts are silent on."""

from __future__ import annotations

import pytest

from rules_index.chunk import Chunk
from rules_index.coverage import content_terms, known, one_edit_apart
from rules_index.index import RulesIndex
from rules_index.phrasing import asking_clause, narrated_action, plain_question
from rules_index.rank import Scored, without_copies
from rules_index.search import search_index
from rules_index.terms import terms
from tests.rules_index_fixtures import hash_index, tabletop_home  # noqa: F401


@pytest.mark.parametrize(
    ("typed", "plain"),
    [
        ("how do i get across town w/o anyone spotting me", "how do i get across town without anyone spotting me unnoticed"),
        ("whats the roll", "what is the roll"),
        ("we ran outta supplies", "we ran out of 0 exhausted supplies"),
        ("my char died", "my character died"),
        ("can my vamp eat food", "can my vampire eat food"),
        ("magic missile dmg?", "magic missile damage?"),
        ("a lvl 5 cleric w/ a mace", "a level 5 cleric with a mace"),
        # the games' own names for what the texts call otherwise
        ("our starship got blown up", "our starship command vehicle got blown up"),
        ("the bluecoats grabbed him", "the bluecoats constables grabbed him"),
        ("whats the max hp", "what is the max hp health points"),
    ],
)
def test_shorthand_is_spelt_out(typed: str, plain: str) -> None:
    assert plain_question(typed) == plain


def test_the_texts_own_words_are_left_alone() -> None:
    for text in ("Can I cast spells while bound and/or gagged?", "Roll 2d6+STR", "It's +1 forward", "Blades heat"):
        assert plain_question(text) == text


@pytest.mark.parametrize(
    ("question", "plain"),
    [
        ("In Blades, how much heat for a killing?", "how much heat for a killing?"),
        ("bitd: how long does a ritual take", "how long does a ritual take"),
        ("dungeon world: how do i make camp", "how do i make camp"),
        ("in starforged how do vows work", "how do vows work"),
        ("sf: rolled 72 for the vignette", "rolled 72 for the vignette"),
        ("dw: bard rolls a 7-9 on arcane art", "bard rolls a 7-9 on arcane art"),
        ("how do vows work in Ironsworn Starforged?", "how do vows work?"),
        ("what can i ask the magistrate", "what can i ask the magistrate"),  # the city's GM, a word of its text
        ("Elegy quest failed, now what", "Elegy quest failed, now what"),  # not a frame: no separator
        ("in Blades", "in Blades"),  # nothing left to ask: kept as asked
        ("dungeon world pvp: is there a grapple move", "is there a grapple move"),  # the shipped variant's name
        # a label naming the game and only saying it labels a question
        ("magistrate city game: what does transit clear?", "what does transit clear?"),
        ("elegy question: what does a match mean on the oracle?", "what does a match mean on the oracle?"),
        ("starforged question - how does hearten work", "how does hearten work"),
        ("vampire game question: what does starving do?", "what does starving do?"),
        ("blades rules q: how long does a ritual take", "how long does a ritual take"),
        ("dungeon world pvp question: can i defend twice?", "can i defend twice?"),
        # ... and what follows it kept whole: a game named there is compared with, not a frame
        ("magistrate city game: in starforged a miss hurts. what about here?", "in starforged a miss hurts. what about here?"),
        # a label naming what is asked about as well, or no game, stays
        ("blades downtime: how many activities do we get?", "blades downtime: how many activities do we get?"),
        ("gm question: how big a clock for a ritual?", "gm question: how big a clock for a ritual?"),
        ("take a big risk question: do i mark heat on a 1?", "take a big risk question: do i mark heat on a 1?"),
    ],
)
def test_the_name_of_the_game_framing_a_question_is_not_searched(question: str, plain: str) -> None:
    # the system is chosen from the name first; searched, the name only finds passages that print it
    assert plain_question(question) == plain


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


def test_a_rule_printed_three_times_takes_one_place_in_the_top_five(hash_index: RulesIndex) -> None:
    hits = search_index(hash_index, "Hack and Slash: what do I choose on a 10+?", "dungeon-world", 5)
    hack = [h for h in hits if "Slash" in h.chunk.section_path[-1]]
    assert len(hack) == 1
    assert len(hits) == 5


def test_copies_are_left_out_but_different_passages_kept() -> None:
    def scored(n: int, text: str) -> Scored:
        chunk = Chunk(f"c{n}", "dungeon-world", [f"Section {n}"], None, "dw.txt", n, n, f"Section {n}\n{text}")
        return Scored(chunk, 1.0 - n / 10, 0.0, 0.0, 0.0, 0.0, None, None)

    move = "When you make a concerted effort to attack an enemy, roll+Str. Attacking makes you vulnerable."
    ranked = [
        scored(0, move),
        scored(1, move.replace("an enemy", "an enemy in your hand")),
        scored(2, "Defend: when you stand in defense of a person under attack, roll+Con."),
        scored(3, move),
    ]
    assert [s.chunk.id for s in without_copies(ranked, 5)] == ["c0", "c2"]
    assert [s.chunk.id for s in without_copies(ranked, 1)] == ["c0"]


@pytest.mark.parametrize(
    ("question", "told"),
    [
        ("sneaking past a sentry bot, what do i roll", True),
        ("bar fight breaks out and i jump in swinging", True),
        ("my guy tries the local noodles for the 1st time", True),
        ("need a fake permit thru my contacts", True),
        ("i wanna crash the mayor's party uninvited", True),
        ("in Blades, lying low till the heat dies down", True),
        # any verb after the subject tells an action, not only the common ones
        ("we bail on the heist when the guards show up, what do i roll", True),
        ("my guy leans on the fence for a name, rolled a 7", True),
        ("our faction wants to kick the constables out of the docks", True),
        ("my pc promises to avenge her sister", True),
        # a GM tells it of the player's character in the third person
        ("she slips past the guards at the gate, what does that take", True),
        ("their crew hits the bank at midnight", True),
        # ... or of another character at the table by name
        ("Leech wants to come up with a brand new alchemical bomb recipe", True),
        ("Nico tries fried eel at the night market for the first time, that a move?", True),
        ("The Lurk wants to electrify the hull of the crew's boat. What quality does that need?", True),
        ("Supply just dropped to zero on the long haul. What happens to the crew?", False),  # a state
        ("What does Leech want with the recipe?", False),  # asked
        ("Everyone wants a third downtime activity this round. What's it cost?", False),  # no one in particular
        ("what do they get on a 10", False),  # "do they" asks
        ("she is at 0 health", False),  # a state, not an action
        ("my character is at 0 health and gets hit", False),  # a state, not an action
        ("i have 3 harm, what now", False),
        ("bar brawl with the bouncer, what do i roll", False),  # "do i roll" asks
        ("how do i buy a car in the city", False),  # asked, not told
        ("in Blades how many stress boxes before I take trauma?", False),
        ("anything else happen on a 7?", False),
        ("what does helpless mean", False),
    ],
)
def test_a_question_told_as_the_characters_action(question: str, told: bool) -> None:
    assert narrated_action(question) is told


@pytest.mark.parametrize(
    ("question", "clause"),
    [
        ("The smuggler shakes the tail and ducks into a shaft. Which move?", "Which move?"),
        ("The paladin defends and misses, then what?", "then what?"),
        ("Ruling check: Dex slips across to the Docks. Which move, and what does he describe?", "and what does he describe?"),
        ("She's out of blood - does she starve?", "does she starve?"),
        ("how often can you check in on a scheme", "how often can you check in on a scheme"),
        ("What happens at 9 heat?", "What happens at 9 heat?"),
    ],
)
def test_the_asking_clause_is_the_part_after_the_story(question: str, clause: str) -> None:
    assert asking_clause(question) == clause
