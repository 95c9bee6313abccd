"""The player's answer to another character's question given for them (set 18: '"You want the password?" the clerk
asks, their voice filled with concern. You nod, "Yes."')."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration, prepare
from assistant.guard.model import Violation
from assistant.narrate.story_facts import story_facts

DIRECT_MISS = {"system": "city", "move": "Direct Someone to Act", "stat": "sway", "dice": [3, 1]}
PRESS = "I press the clerk to open the archive for me"


def check(text: str, intent: str = PRESS) -> list[Violation]:
    result = resolve(DIRECT_MISS)
    facts = prepare([result], sheet=story_facts([result], player_text=intent))
    flags = check_narration(text, [result], intent=intent, facts=facts)
    return [v for v in flags if "answers for the player" in v.detail]


@pytest.mark.parametrize(
    "text",
    [
        '"You want the password?" the clerk asks, their voice filled with concern. You nod, "Yes."',  # BA-1.5b:city-night:6:2
        'The clerk leans in. "Are you from the guild?" You shake your head.',
        "The clerk asks whether you can pay the fee. You agree at once.",
        '"Will you wait until morning?" he asks. You reply that you will not.',
        'You nod, "Of course."',
        '"Do you have a writ?" the clerk demands, and you answer without a pause.',
        "The clerk asks if you know the guild master. You quickly nod.",
    ],
)
def test_an_answer_given_for_the_player_is_caught(text: str) -> None:
    assert check(text), text


@pytest.mark.parametrize(
    "text",
    [
        '"You want the password?" the clerk asks, waiting for you to answer.',
        '"Are you from the guild?" the clerk asks. What do you say?',
        '"Are you from the guild?" the clerk asks, but before you can answer he slams the ledger shut.',
        "You nod to the clerk and press him to open the archive.",
        '"Leave," the clerk says. You do not answer.',
        "The clerk asks what you want, then turns back to his ledger without waiting.",
    ],
)
def test_a_question_left_to_the_player_passes(text: str) -> None:
    assert check(text) == [], text


def test_the_players_own_answer_told_back_passes() -> None:
    text = '"You want the password?" the clerk asks. You nod, "Yes."'
    assert check(text, intent="I nod and tell the clerk yes, I want the password") == []


@pytest.mark.parametrize(
    ("intent", "text"),
    [
        ("I tell the guard the Duke sent me", '"Who sent you?" the guard asks. You answer, "The Duke."'),
        ("I tell the guard the Duke sent me", '"Who sent you?" the guard asks. You reply that the Duke did.'),
        ("I say the Duke sent me", "The guard asks who sent you. You reply that the Duke sent you."),
        ("I refuse the bribe", '"Will you take the coin?" he asks. You decline.'),
        ("I decline his offer politely", "He asks whether you will join them. You shake your head."),
        ("I accept the job", '"So you will do it?" he asks. You nod.'),
    ],
)
def test_the_answer_the_player_gave_in_other_words_passes(intent: str, text: str) -> None:
    assert check(text, intent=intent) == [], text


@pytest.mark.parametrize(
    ("intent", "text"),
    [
        ("I tell the clerk I am from the guild", '"Will you pay the fee?" he asks. You nod.'),
        ("I refuse to leave the archive", '"Will you pay the fee?" the clerk asks. You agree at once.'),
        ("I accept the clerk's help", '"Do you want the back door key too?" she asks. You shake your head.'),
    ],
)
def test_an_answer_the_player_did_not_give_is_still_caught(intent: str, text: str) -> None:
    assert check(text, intent=intent), text
