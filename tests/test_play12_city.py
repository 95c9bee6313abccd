"""Round 12 of the Magistrate's city played through the chat: a story question names each move that finds things
out once."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def test_a_story_question_names_each_move_that_finds_out_once() -> None:
    session, _ = open_campaign("Watched", "city")
    asked = session.send("is the Magistrate watching me?")
    assert asked.kind == "oracle" and not asked.results, asked.error
    told = asked.narration
    assert "the Magistrate (the GM) answers questions about the story" in told, told
    assert told.count("Ear to the Ground") == 1 and "Appraise Circumstances" in told, told
