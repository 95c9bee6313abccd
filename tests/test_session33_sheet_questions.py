"""Round 33: "what's our heat and wanted level" after a loud score was answered with the wanted level alone (0), and
the heat the player had just taken (6) went unsaid. A question about two values on the sheet answers each."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def test_a_question_naming_two_values_answers_both() -> None:
    session, _ = open_campaign("Two values", "blades")
    assert session.send("/meter heat +6 the Dimmer Sisters job was loud").kind != "error"
    turn = session.send("what's our heat and wanted level")
    assert turn.kind != "error", turn.error
    lines = turn.narration.splitlines()
    assert lines[0].startswith("Heat is 6 on your character's sheet (0 → 6 by /meter, the Dimmer Sisters job"), lines
    assert lines[1].startswith("Wanted level is 0 on your character's sheet"), lines


def test_one_value_is_answered_as_before() -> None:
    session, _ = open_campaign("One value", "elegy")
    turn = session.send("whats my blood at")
    assert turn.narration.startswith("Blood is 5 on your character's sheet (its starting value); it runs 0 to 5."), turn.narration
    assert "\n" not in turn.narration.strip()
