"""Round 28, words in the terminal: an open question put to the oracle in words ("I ask the oracle what the station's
purpose is") was offered moves (Ask the Oracle, Face Danger, Heal); it is answered as "oracle: what ..." is, saying
the oracle answers yes or no and pointing to the tables."""

from __future__ import annotations

import pytest

from assistant.chat.classify import classify
from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


@pytest.mark.parametrize(
    ("typed", "question"),
    [
        ("I ask the oracle what is the station's purpose", "What is the station's purpose?"),
        ("let me ask the oracle: who sent them?", "Who sent them?"),
        ("can I ask the oracle: where did the envoy go", "Where did the envoy go?"),
    ],
)
def test_an_open_question_for_the_oracle_is_an_open_oracle_question(typed: str, question: str) -> None:
    found = classify(typed, "starforged")
    assert found.kind == "oracle" and not found.yes_no and found.text == question, found


@pytest.mark.parametrize(
    ("typed", "kind", "yes_no"),
    [
        ("I ask the oracle if the station is abandoned", "oracle", True),
        ("I ask the captain what she wants", "action", True),
        ("I ask around the docks about the smuggler", "action", True),
    ],
)
def test_other_asking_keeps_its_kind(typed: str, kind: str, yes_no: bool) -> None:
    found = classify(typed, "starforged")
    assert found.kind == kind and found.yes_no == yes_no, found


def test_in_a_session_the_open_question_offers_no_moves_and_rolls_nothing() -> None:
    session, _ = open_campaign("Oracle open words", "starforged")
    turn = session.send("I ask the oracle what is the station's purpose")
    assert not turn.suggestions and not turn.results, [s.move for s in turn.suggestions]
    assert "The oracle answers yes/no questions" in turn.narration and "/table" in turn.narration, turn.narration


def test_in_a_game_without_an_oracle_it_says_who_answers() -> None:
    session, _ = open_campaign("Oracle open blades", "blades")
    turn = session.send("I ask the oracle what the hunter wants")
    assert not turn.suggestions and "has no oracle" in turn.narration and "the GM" in turn.narration, turn.narration


# ---- a foe's deed on someone named is told as the foe's -------------------------------------------------------------
@pytest.mark.parametrize(
    ("typed", "told"),
    [("the hunter stakes Mara", "The hunter stakes Mara."), ("the old hunter stabs Mara", "The old hunter stabs Mara."),
     ("a ghoul bites Kira in the arm", "A ghoul bites Kira in the arm.")],
)  # fmt: skip
def test_a_foe_acting_on_someone_named_is_told_as_the_foe_s_deed(typed: str, told: str) -> None:
    from assistant.narrate.opening import frame

    assert frame(typed, 1) == told  # it read "You turn your attention to the hunter stakes Mara."


@pytest.mark.parametrize(
    ("typed", "told"), [("the sword of Kira", "the sword of Kira"), ("I stab the hunter", "stab the hunter")]
)
def test_a_phrase_or_the_player_s_own_deed_keeps_its_framing(typed: str, told: str) -> None:
    from assistant.narrate.opening import frame

    said = frame(typed, 1)
    assert said.startswith(("You ", "Your ")) and told in said, said


def test_in_a_session_the_story_opens_with_the_foe_s_deed() -> None:
    session, dice = open_campaign("Foe on Mara", "elegy")
    assert session.send("/character add Mara").kind != "error"
    turn = session.send("the hunter stakes Mara")
    dice.queue(3, 2, 5)
    rolled = session.confirm(turn.suggestions[0])
    if rolled.kind == "question":  # Mara's Endure Harm asks how much harm she suffers
        rolled = session.answer(2)
    assert rolled.narration.startswith("The hunter stakes Mara."), rolled.narration
