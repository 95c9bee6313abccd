"""The oracle's answer as a statement: where the words do not tell where the subject ends, the engine's plain answer is
said rather than a garbled one ("Yes: the cargo bay open is to vacuum.", read in a session and opening a story)."""

from __future__ import annotations

import pytest

from assistant.narrate.answers import answer_statement


@pytest.mark.parametrize(
    "question",
    ["Is the cargo bay open to vacuum?", "Is the cargo bay door open to the void?", "Is the engine room flooded with coolant?"],
)
def test_an_unclear_subject_gives_no_statement(question: str) -> None:
    said = answer_statement(question, "yes")
    assert said == "" or said.startswith(("Yes: the cargo bay is", "Yes: the cargo bay door is", "Yes: the engine room is"))


@pytest.mark.parametrize(
    "question, yes, no",
    [
        ("Is the lock broken open?", "Yes: the lock is broken open.", "No: the lock is not broken open."),
        ("Is the cargo bay open?", "Yes: the cargo bay is open.", "No: the cargo bay is not open."),
        ("Is the hold lost to the fire?", "Yes: the hold is lost to the fire.", "No: the hold is not lost to the fire."),
        ("Is the envoy's ship armed?", "Yes: the envoy's ship is armed.", "No: the envoy's ship is not armed."),
        ("Is the big guy behind the door?", "Yes: the big guy is behind the door.", "No: the big guy is not behind the door."),
    ],
)
def test_a_subject_the_words_end_is_answered_as_a_statement(question: str, yes: str, no: str) -> None:
    assert (answer_statement(question, "yes"), answer_statement(question, "no")) == (yes, no)
