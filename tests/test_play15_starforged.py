"""Round 15 of a Starforged session played through the chat: a fight is called a fight everywhere the player reads
it (the /track answer and the /progress list said "combat", the cards "fight")."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def test_a_fight_reads_as_a_fight_in_the_track_answer_and_the_progress_list() -> None:
    session, _ = open_campaign("Fight Words", "starforged")
    started = session.send("/track dangerous fight The hunter")
    assert started.narration == "New dangerous fight: The hunter", started.narration
    session.send("/track formidable vow Find my lost sister")
    listed = session.send("/progress").narration
    assert "- The hunter (dangerous fight): 0/10 boxes" in listed, listed
    assert "- Find my lost sister (formidable vow): 0/10 boxes" in listed, listed
    assert "combat" not in listed


@pytest.mark.parametrize(
    ("typed", "odds", "asked"),
    [
        ("/oracle likly is the drone armed", "Likely", "Is the drone armed?"),
        ("/oracle smal chance the hatch holds", "Small chance", "The hatch holds?"),
    ],
)
def test_odds_typed_with_a_slip_are_read_as_those_odds(typed: str, odds: str, asked: str) -> None:
    session, dice = open_campaign(f"Slip {typed}", "starforged")
    dice.queue(20)
    answered = session.send(typed)
    assert answered.kind == "oracle", answered.error
    assert f"odds {odds.lower()}:" in answered.narration.lower(), answered.narration
    assert f"“{asked}”" in answered.narration and "likly" not in answered.narration.lower(), answered.narration


def test_a_first_word_that_is_no_odds_stays_in_the_question() -> None:
    from assistant.chat.commands import parse_oracle

    assert parse_oracle("like the last one, is the drone armed") == {
        "question": "like the last one, is the drone armed",
        "odds": "50/50",
    }
