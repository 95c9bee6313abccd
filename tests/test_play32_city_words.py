"""Round 32 in the city game: "what is a tie?" asks the rules (a Tie is a list on the sheet; it was told the game has no
oracle), and getting someone to tell something is Direct Someone to Act ("When you demand someone provide information
they have access to"), not Get Something."""

from __future__ import annotations

import pytest

from assistant.chat.classify import classify
from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


@pytest.mark.parametrize("line", ["what is a tie?", "what's a tie", "what is a secret?", "what is a scheme"])
def test_a_list_of_the_sheet_asked_about_is_a_rules_question(line: str) -> None:
    assert classify(line, "city").kind == "rules"


def test_a_question_about_someone_in_the_story_stays_the_stories() -> None:
    assert classify("what is the harbourmaster hiding?", "city").kind == "oracle"


def test_getting_someone_to_tell_is_a_demand() -> None:
    session, _dice = open_campaign("Harbourmaster", "city")
    turn = session.send("i want to get the harbourmaster to tell me who bought the ship")
    assert turn.suggestions[0].move == "Direct Someone to Act", [s.move for s in turn.suggestions]


def test_watching_someone_to_read_them_is_observe_someone() -> None:
    session, _dice = open_campaign("Donatella lies", "city")
    turn = session.send("i watch donatella closely to see if she's lying")
    assert turn.suggestions[0].move == "Observe Someone", [s.move for s in turn.suggestions]
