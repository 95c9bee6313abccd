"""An earlier oracle "no" to "Does the priest sense me?" told otherwise on a later turn: the priest noticing you, or
uneasy that someone is there ("He knew that something was wrong"), as the guard reads it on the oracle's own turn. A
price may bring him onto you; a scene where he goes on unaware passes."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration, prepare
from assistant.guard.feedback import describe_violations

EARLIER = ("The priest does not sense you.",)
ANYONE = "Is anyone else awake?"


def _no() -> object:
    result = resolve({"system": "elegy", "move": "Ask the Oracle", "options": {"odds": "50/50"}, "dice": [20]})
    assert result.outcome == "no"
    return result


def kinds(text: str, established: tuple[str, ...] = EARLIER) -> list[str]:
    result = _no()
    found = check_narration(text, [result], intent=ANYONE, question=ANYONE, facts=prepare([result], established=established))
    return [v.kind.value for v in found]


@pytest.mark.parametrize(
    "text",
    [
        "The priest looked around the room. He knew that something was wrong, but he didn't know what.",  # AV el-hunt 4:2
        "The priest stops mid-prayer and turns toward you.",
        "The priest grows wary, his hand on the altar rail.",
        "The priest senses that someone is watching him from the dark.",
        "The priest glances your way, frowning.",
    ],
)
def test_the_one_an_earlier_no_left_unaware_told_noticing_you_is_caught(text: str) -> None:
    assert "outcome" in kinds(text), text


@pytest.mark.parametrize(
    "text",
    [
        "The priest keeps praying, his back to the door. Rain drums on the roof.",
        "No one else stirs. The priest murmurs on, unaware, as candle smoke curls in the still air.",
        "The watchman knew that something was wrong.",  # someone else's unease, not the priest's
    ],
)
def test_the_scene_going_on_without_him_passes(text: str) -> None:
    assert kinds(text) == [], text


def test_without_the_earlier_answer_nothing_is_read_and_the_retry_names_it() -> None:
    text = "The priest looked around the room. He knew that something was wrong."
    assert kinds(text, established=()) == []
    result = _no()
    found = check_narration(text, [result], intent=ANYONE, question=ANYONE, facts=prepare([result], established=EARLIER))
    assert "an earlier answer stands: The priest does not sense you." in describe_violations(found)


def test_a_price_may_bring_him_onto_you() -> None:
    price = resolve({"system": "elegy", "move": "Pay the Price", "dice": [40]})
    found = check_narration(
        "The priest suddenly turns toward you, his lantern raised.",
        [price],
        intent="Pay the Price",
        facts=prepare([price], established=EARLIER),
    )
    assert not [v for v in found if "noticing you" in v.detail], found


def test_his_own_trouble_and_a_change_since_are_not_noticing_you() -> None:
    assert kinds("The priest's heart raced as he realized that something was wrong with him.") == []  # AO el-hunt 4:1
    assert "outcome" not in kinds("The priest now turns and sees you.")  # a change since, read by the earlier check
