"""An oracle's yes hedged in chance words or both ways at once ("perhaps there are survivors, perhaps not", "a fair
chance someone is alive"): the player can no longer tell which it was. The answer told plainly, and a decision left
to the player ("whether or not to go in"), pass."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration, prepare

SURVIVORS = "Are there survivors aboard?"


def kinds(text: str) -> list[str]:
    result = resolve({"system": "starforged", "move": "Ask the Oracle", "options": {"odds": "50/50"}, "dice": [20]})
    assert result.outcome == "yes"
    found = check_narration(text, [result], intent=SURVIVORS, question=SURVIVORS, facts=prepare([result]))
    return [v.kind.value for v in found]


@pytest.mark.parametrize(
    "text",
    [
        "Perhaps there are survivors aboard, perhaps not.",
        "There's a fair chance someone is still alive in the hold.",
        "Maybe someone made it, or maybe not; the hold is dark.",
        "Nobody can say whether or not anyone lived through it.",
        "There is a slim chance that someone survived.",
    ],
)
def test_a_yes_hedged_is_caught(text: str) -> None:
    assert "outcome" in kinds(text), text


@pytest.mark.parametrize(
    "text",
    [
        "Faint voices drift up from the cargo hold: there are survivors aboard.",
        "Survivors huddle in the cargo hold, and you must decide whether or not to go down to them.",
        "There are survivors aboard, perhaps three or four, huddled by the hatch.",
    ],
)
def test_the_yes_told_plainly_passes(text: str) -> None:
    assert "outcome" not in kinds(text), text
