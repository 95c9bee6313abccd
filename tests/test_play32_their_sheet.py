"""Round 32 in Elegy with Mara: a question about her sheet ("how much health does mara have?") is answered from her
sheet (it was a rules question the rules do not answer); asking Mara to do something is no move aimed at her ("I ask
Mara to keep watch while i rest" offered Rest "aimed at Mara"); and when nothing is offered, no note says whose the
moves not offered would be."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def test_a_question_about_maras_health_is_answered_from_her_sheet() -> None:
    session, dice = open_campaign("Her health", "elegy")
    session.send("/character add Mara")
    turn = session.send("the hunter stakes Mara")
    asked = session.confirm(turn.suggestions[0])
    dice.queue(3, 2, 5)
    session.answer(2)  # 2 harm: Mara's health 5 → 3
    said = session.send("how much health does mara have?")
    assert said.narration.startswith("Health is 3 on Mara's sheet (5 → 3 by Endure Harm)"), said.narration
    mine = session.send("how much health do i have?")
    assert mine.narration.startswith("Health is 5 on your character's sheet"), mine.narration
    assert asked.kind == "question"


def test_asking_mara_to_keep_watch_aims_nothing_at_her() -> None:
    session, _dice = open_campaign("Keep watch", "elegy")
    session.send("/character add Mara")
    turn = session.send("I ask Mara to keep watch while i rest in the crypt")
    assert turn.suggestions[0].move == "Rest", [s.move for s in turn.suggestions]
    assert not any("Mara" in n for n in turn.notes), turn.notes
    assert all("target" not in (s.request.get("options") or {}) for s in turn.suggestions)


def test_nothing_offered_says_nothing_of_whose_moves_they_would_be() -> None:
    session, _dice = open_campaign("Heal full", "elegy")
    session.send("/character add Mara")
    turn = session.send("Mara heals me with her blood")
    assert not turn.suggestions
    assert not any("are Mara's" in n for n in turn.notes), turn.notes
    assert any("Heal would change nothing now" in n for n in turn.notes), turn.notes
