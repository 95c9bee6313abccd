"""Round 33 in Starforged: "I reach a milestone: we found the sealed mine shaft" tells the player's deed before the step
toward the vow (it told only "You are one step closer ..."), in the colon, dash and "—" forms; "mine" the place stays a
mine ("the sealed yours shaft")."""

from __future__ import annotations

import pytest

from assistant.narrate.line_grammar import second_person
from assistant.narrate.milestone import milestone_deed
from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


@pytest.mark.parametrize(
    "line",
    [
        "I reach a milestone: we found the sealed mine shaft",
        "I reach a milestone — we found the sealed mine shaft",
        "i reach a milestone - we found the sealed mine shaft",
        "we found the sealed mine shaft — a milestone",
    ],
)
def test_the_milestone_tells_the_players_deed(line: str) -> None:
    session, _dice = open_campaign(f"Milestone {len(line)} {line.split()[0]}", "starforged")
    session.send("/track dangerous Find the lost miners")
    offered = session.send(line)
    assert offered.suggestions[0].move == "Reach a Milestone", [s.move for s in offered.suggestions]
    made = session.confirm(offered.suggestions[0])
    assert made.narration.startswith("You found the sealed mine shaft. You are one step closer to finding the lost miners."), (
        made.narration
    )


@pytest.mark.parametrize("line", ["I reach a milestone", "I reach a milestone on my vow"])
def test_words_that_only_name_the_move_tell_the_step_alone(line: str) -> None:
    assert milestone_deed(line) == ""


@pytest.mark.parametrize(
    ("said", "told"),
    [
        ("we found the sealed mine shaft", "you found the sealed mine shaft"),
        ("I enter the mine", "you enter the mine"),
        ("the map is mine", "the map is yours"),
        ("a friend of mine helps me", "a friend of yours helps you"),
    ],
)
def test_mine_the_place_is_not_mine_the_word(said: str, told: str) -> None:
    assert second_person(said) == told
