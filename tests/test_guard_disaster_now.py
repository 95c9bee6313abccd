"""A plain no to "Is the reactor still running?" told as the reactor going up now (set 22: "The reactor's cooling water
breaks through a leak, causing the containment dome to breach and trigger a massive explosion."): a disaster the engine
never rolled. Backstory in the past (sets 12 and 16 let "the cooling systems failed, causing the core to overheat and
explode" stand), a threat and a supposition pass."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration

ORACLE_NO = {"system": "starforged", "move": "Ask the Oracle", "dice": [60], "options": {"odds": "50/50"}}
QUESTION = "Is the reactor still running?"


def disasters(text: str) -> list[str]:
    result = resolve(ORACLE_NO)
    assert result.outcome == "no" and not result.match
    flags = check_narration(text, [result], intent=QUESTION, question=QUESTION)
    return [v.detail for v in flags if "going up now" in v.detail]


@pytest.mark.parametrize(
    "text",
    [
        # BF3-1.5b:sf-derelict:3:2
        "The reactor's cooling water breaks through a leak, causing the containment dome to breach and trigger a massive "
        "explosion.",
        "The core explodes in a white flash that shakes the deck.",
        "The containment dome breaches, and coolant floods the corridor.",
        "A spark sets off a blast that tears through the reactor room.",
        "The reactor melts down as you watch.",
    ],
)
def test_the_stopped_machine_going_up_now_is_caught(text: str) -> None:
    assert disasters(text), text


@pytest.mark.parametrize(
    "text",
    [
        "The reactor's cooling systems failed, causing the core to overheat and explode.",  # set 12: backstory
        "The pressure inside rises rapidly, threatening an explosion.",  # set 21
        "If the dome breaches, it could explode.",
        "You must find a way to restore power quickly before the reactor explodes.",  # set 5
        "The reactor sits dark and cold behind its shielding.",
    ],
)
def test_backstory_threats_and_suppositions_pass(text: str) -> None:
    assert disasters(text) == [], text
