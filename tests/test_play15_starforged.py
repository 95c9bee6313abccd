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
