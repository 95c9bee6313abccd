"""Round 9 of the Magistrate's city game played through the chat: a yes/no question about the story says what the
game does instead (the Magistrate answers; its moves find things out), never a bare /dice roll."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def test_a_yes_no_question_says_the_magistrate_answers_and_names_the_moves_that_find_out() -> None:
    session, _ = open_campaign("Question City", "city")
    before = session.reload().characters
    told = session.send("is the guard asleep?")
    assert told.kind == "oracle", told.error
    text = told.narration
    assert "the Magistrate (the GM) answers questions about the story" in text, text
    assert "Appraise Circumstances" in text and "Ear to the Ground" in text, text
    assert "/dice" not in text and "2d6" not in text and "7 or more" not in text, text
    assert session.reload().characters == before
