"""A debility dealt as a verb (set 22: "You land a strong hit on the bard, stunning them." on Hack & Slash, whose
options still offer a debility): the open option told as taken, as "The bard is stunned" is. Amazement ("the news
stuns you") and the word in another sense pass."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration

HACK = {"system": "dungeon-world", "move": "Hack & Slash", "stat": "str", "dice": [6, 6]}
INTENT = "I lunge at the bard with my sword"


def taken(text: str) -> list[str]:
    result = resolve(HACK)
    assert result.outcome == "strong_hit"
    return [v.detail for v in check_narration(text, [result], intent=INTENT) if "open choice" in v.detail]


@pytest.mark.parametrize(
    "text",
    [
        "You land a strong hit on the bard, stunning them.",  # BF-1.5b:dw-duel:2:1
        "Your blade catches the bard's temple, stunning him.",
        "The pommel stuns the bard for a heartbeat.",
        "Steel rings on steel and your blow stuns her.",
        "You drive the bard back, stunning the bard with the flat of your blade.",
    ],
)
def test_a_debility_dealt_as_a_verb_is_the_open_option_taken(text: str) -> None:
    assert taken(text), text


@pytest.mark.parametrize(
    "text",
    [
        "Your blade bites into the bard's shoulder, and he staggers.",
        "The speed of the exchange stuns you for a moment.",
        "The bard's stunning voice falters as your blade finds him.",
        "You strike true; what the blow does to him is yours to choose.",
    ],
)
def test_a_hit_amazement_or_another_sense_passes(text: str) -> None:
    assert taken(text) == [], text
