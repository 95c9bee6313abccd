"""An oracle's no to "Does the priest sense me?" hedged by the priest uneasy at someone unseen: a presence felt (also
told as a likeness, "as if he could feel the presence of..."), a sensation of being watched, an aura he knows is not
natural, a newcomer he watches arrive, on the answer's turn or a later one. His own trouble (a chill down his spine,
a sensation in his chest) and someone else's unease pass."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration, prepare

NO = {"system": "elegy", "move": "Ask the Oracle", "options": {"odds": "unlikely"}, "dice": [10]}
QUESTION = "Does the priest sense me?"
EARLIER = ("The priest does not sense you.",)
ANYONE = "Is anyone else awake?"

HEDGES = [
    "The priest, awake for hours, suddenly stiffens. It was as if he could feel the presence of someone in the nave.",
    "The priest pauses at the altar and feels a presence in the dark behind him.",
    "The priest has the sensation of being watched as he lights the candles.",
    "The priest looks around the chapel. He knows that the air here is not natural and could hide anything.",
    "The priest, who had been observing the arrival of a newcomer, lowers his book.",
    "The priest seems uneasy, glancing at the shadows between the pews.",
]
PASSING = [
    "The priest feels a chill run down his spine, but he keeps to his prayers.",
    "The priest suddenly felt a strange sensation in his chest and sat down to rest.",
    "The priest's heart raced as he realized that something was wrong with him.",
    "The novice by the door seems uneasy, but the priest murmurs on, unaware.",
    "The priest keeps praying; the candle smoke curls in the still air.",
]


def on_its_turn(text: str) -> list[str]:
    result = resolve(NO)
    assert result.outcome == "no"
    return [v.detail for v in check_narration(text, [result], question=QUESTION) if v.kind.value == "outcome"]


def on_a_later_turn(text: str) -> list[str]:
    result = resolve({"system": "elegy", "move": "Ask the Oracle", "options": {"odds": "50/50"}, "dice": [20]})
    assert result.outcome == "no"
    facts = prepare([result], established=EARLIER)
    return [v.detail for v in check_narration(text, [result], intent=ANYONE, question=ANYONE, facts=facts)]


@pytest.mark.parametrize("text", HEDGES)
def test_the_asked_one_uneasy_at_someone_unseen_hedges_the_no(text: str) -> None:
    assert on_its_turn(text), text
    assert any("earlier turn established" in d for d in on_a_later_turn(text)), text


@pytest.mark.parametrize("text", PASSING)
def test_his_own_trouble_and_anothers_unease_pass(text: str) -> None:
    assert on_its_turn(text) == [], text
    assert on_a_later_turn(text) == [], text
