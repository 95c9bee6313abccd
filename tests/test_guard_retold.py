"""Conditions nobody applied (in any person), earlier turns told as this one, another outcome's line, a tier on a turn
without one, and dialogue that decides what happens to the character; each with its one-line retry feedback."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration, fix_sentence
from assistant.guard.model import Violation

HACK = {"system": "dungeon-world", "move": "Hack & Slash", "stat": "str", "dice": [5, 4]}
VOLLEY = {"system": "dungeon-world", "move": "Volley", "stat": "dex", "dice": [5, 2]}
DEFEND = {"system": "dungeon-world", "move": "Defend", "stat": "con", "dice": [3, 6]}
MISS = {"system": "starforged", "move": "Face Danger", "stat": "edge", "dice": [1, 7, 8]}
WEAK = {"system": "starforged", "move": "Face Danger", "stat": "shadow", "dice": [5, 9, 3]}
STRIKE = {"system": "starforged", "move": "Strike", "stat": "iron", "dice": [6, 2, 3], "character": {"stats": {"iron": 2}}}
SHAKEN = {**MISS, "character": {"impacts": ["shaken"]}}
PRICE = {"system": "starforged", "move": "Pay the Price", "dice": [17]}
TABLE = {"system": "starforged", "move": "Make a Discovery", "dice": [89]}
HARM = {"system": "starforged", "move": "Endure Harm", "character": {"health": 4}, "options": {"amount": 2}}
ORACLE = {"system": "starforged", "move": "Ask the Oracle", "options": {"odds": "likely"}, "dice": [29]}
EAR = {"system": "city", "move": "Ear to the Ground", "stat": "lore", "dice": [2, 1]}
ANSWERS = ["The reactor is no longer running.", "There are survivors aboard."]


def found(text: str, request: dict, established: list[str] | None = None) -> list[Violation]:
    from assistant.guard import prepare

    result = resolve(request)
    facts = prepare([result], established=established or [])
    return check_narration(text, [result], facts=facts)


def kinds(text: str, request: dict, established: list[str] | None = None) -> set[str]:
    return {v.kind.value for v in found(text, request, established)}


@pytest.mark.parametrize(
    ("text", "request_", "kind"),
    [
        ("The bard is stunned and falls.", HACK, "decision"),  # an open option causes a debility of your choice
        ("The blow leaves the bard stunned.", HACK, "decision"),
        ("Your arrow flies true, and the cleric is stunned.", VOLLEY, "state"),  # the ally, on a Volley
        ("You are stunned by the recoil.", VOLLEY, "state"),
        ("You are shaken by what you saw.", MISS, "state"),
        ("He is left stunned in the mud.", VOLLEY, "state"),
    ],
)
def test_a_condition_nobody_applied_is_caught_in_any_person(text: str, request_: dict, kind: str) -> None:
    assert kind in kinds(text, request_)


@pytest.mark.parametrize(
    ("text", "request_"),
    [
        ("The bard is not stunned.", HACK),
        ("If the bard is stunned, strike again.", HACK),
        ("Is the bard stunned?", HACK),
        ("You are still shaken from the last fight.", SHAKEN),  # the character already has it
        ("The raider is wounded and staggers back.", STRIKE),  # harm a hit dealt
        ("The dockhand is shaken by your questions.", WEAK),  # no fight: another's state of mind is the story's
        ("The cleric looks stunned by the news.", DEFEND),
        ("The raider's shot finds you; you are wounded.", HARM),  # the engine dealt the harm
    ],
)
def test_a_condition_the_engine_applied_or_the_story_may_tell_passes(text: str, request_: dict) -> None:
    assert not {"state", "decision"} & kinds(text, request_)


@pytest.mark.parametrize(
    ("text", "request_"),
    [
        ("You face the consequences of an earlier choice. The reactor is no longer running, there are survivors aboard.", PRICE),
        ("As you turn to leave, you realize that the reactor core is no longer running.", PRICE),
        ("There are survivors aboard.", HARM),
        ("You push on. There are survivors aboard.", MISS),  # beside a rolled outcome too: the player reads it as news
    ],
)
def test_an_earlier_answer_told_as_this_turns_story_is_an_echo(text: str, request_: dict) -> None:
    assert "echo" in kinds(text, request_, ANSWERS)


@pytest.mark.parametrize(
    ("text", "request_"),
    [
        ("The survivors aboard beg you to hurry before the air runs out.", PRICE),  # builds on the answer
        ("There are survivors aboard, huddled in the galley.", ORACLE),  # the oracle's own turn
    ],
)
def test_an_answer_built_on_or_told_on_its_own_turn_passes(text: str, request_: dict) -> None:
    assert "echo" not in kinds(text, request_, ANSWERS)


@pytest.mark.parametrize(
    ("text", "request_"),
    [
        ("You scrape through.", TABLE),  # a weak hit's line on a table roll
        ("You try to shoot the raider before he reaches cover, but luck deserts you.", HARM),
        ("You go for it. You come through in style.", WEAK),  # a strong hit's line on a weak hit
        ("It goes your way.", MISS),
    ],
)
def test_another_outcomes_line_is_a_roll_this_turn_did_not_make(text: str, request_: dict) -> None:
    assert "phantom_roll" in kinds(text, request_)


@pytest.mark.parametrize(
    ("text", "request_"),
    [
        ("Half of it goes your way.", WEAK),  # the weak hit's own line holds a strong hit's words
        ("The situation sours as the guards arrive.", PRICE),  # a price may go wrong without a roll
        ("You pull it off, with a catch.", WEAK),
    ],
)
def test_this_outcomes_line_or_a_price_going_wrong_passes(text: str, request_: dict) -> None:
    assert "phantom_roll" not in kinds(text, request_)


@pytest.mark.parametrize(
    ("text", "request_", "caught"),
    [
        ("You made a Discovery. The discovery was not successful.", TABLE, True),
        ("A weak hit: the crate holds more than you hoped.", PRICE, True),
        ("On a miss, you are defeated or your objective is lost.", PRICE, False),  # the rules' condition recited
        ("The visions come: a ship burning over a dead moon.", TABLE, False),
    ],
)
def test_a_tier_told_on_a_turn_without_one(text: str, request_: dict, caught: bool) -> None:
    assert ("phantom_roll" in kinds(text, request_)) is caught


@pytest.mark.parametrize(
    ("text", "caught"),
    [
        ('The Magistrate says: "You try, but it fails. You get noticed by the guards and are arrested for theft."', True),
        ('The watch captain grins. "You\'re under arrest."', True),
        ('"If you are caught by the watch, you hang," the fence warns.', False),
        ('"Were you followed by anyone?" she asks.', False),
        ('"The guild master is rumored to be planning something," the baker whispers.', False),
    ],
)
def test_dialogue_that_decides_a_consequence(text: str, caught: bool) -> None:
    assert ("decision" in kinds(text, EAR)) is caught


@pytest.mark.parametrize(
    ("text", "request_", "established", "expected"),
    [
        ("You are shaken by what you saw.", MISS, [], 'Remove "You are shaken": the engine marked no shaken on you'),
        ("The bard is stunned and falls.", HACK, [], 'Remove "The bard is stunned": that choice is still the player'),
        ("There are survivors aboard.", PRICE, ANSWERS, 'Remove "There are survivors aboard.": that was an earlier turn'),
        ("You scrape through.", TABLE, [], 'Remove "You scrape through": the engine rolled no weak hit'),
        (
            'The Magistrate says: "You are arrested for theft."',
            EAR,
            [],
            'Remove "You are arrested for theft": only the engine decides',
        ),
    ],
)
def test_each_new_kind_is_retried_with_one_imperative_sentence_quoting_the_words(
    text: str, request_: dict, established: list[str], expected: str
) -> None:
    lines = [fix_sentence(v) for v in found(text, request_, established)]
    assert len(lines) == 1 and lines[0].startswith(expected.split(":")[0]) and expected in lines[0], lines
    assert lines[0].count(".") <= 3 and "\n" not in lines[0]


@pytest.mark.parametrize(
    ("text", "caught"),
    [
        ("There are survivors aboard. Envision what you discover.", True),  # Gather Information's words on an answer
        ("There are survivors aboard, huddled in the galley, and they have not eaten in days.", False),
        ("On a match, envision an extreme result or twist.", False),  # the oracle's own rules
    ],
)
def test_another_moves_outcome_words_on_an_oracle_answer(text: str, caught: bool) -> None:
    assert ("phantom_roll" in kinds(text, ORACLE)) is caught


FRAY = {"system": "starforged", "move": "Enter the Fray", "dice": [4, 7, 5], "options": {"rank": "formidable"}}
FRAY_HEART = {**FRAY, "stat": "heart"}
FRAY_SHADOW = {**FRAY, "stat": "shadow"}


@pytest.mark.parametrize(
    ("text", "request_", "caught"),
    [
        ("You prepare to act against an unaware foe.", FRAY_HEART, True),  # the +shadow approach, rolled +heart
        ("You prepare to act against an unaware foe.", FRAY_SHADOW, False),  # the approach rolled
        ("You face off against the raider, blade up.", FRAY_HEART, False),
        ("The raider is unaware of the second blade.", FRAY_HEART, False),  # one word of the approach is not it
    ],
)
def test_an_approach_of_another_stat_is_a_roll_the_engine_did_not_make(text: str, request_: dict, caught: bool) -> None:
    found_ = found(text, request_)
    assert any(v.kind.value == "phantom_roll" and "approach" in v.detail for v in found_) is caught
    if caught:
        assert fix_sentence(found_[0]).startswith('Remove "You prepare to act against an unaware foe": the engine rolled')


def test_ticks_told_on_a_track_the_move_just_started_at_zero() -> None:
    from assistant.engine.kinds import EffectKind
    from assistant.engine.model import Effect

    started = Effect(
        kind=EffectKind.PROGRESS, target="The raider", before=None, after=0, delta=None, reason="a new combat", rule="x"
    )
    result = resolve(FRAY_HEART)
    result = result.model_copy(update={"effects": [*result.effects, started]})
    assert "state" in {v.kind.value for v in check_narration("It now has 1 tick of progress.", [result])}
    assert "state" not in {v.kind.value for v in check_narration("The raider's track is set, with no progress yet.", [result])}
