"""Someone new brought into the scene awake after the oracle said no one else is (set 23: "A group of villagers,
listening to a priest reading the scriptures on a hilltop, suddenly realize that they've been watched." after "No one
else is awake."). The ones the story already has, people asleep, dead, gone or remembered, their traces, and people
named only as what something is of pass."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration, prepare

ELEGY_NO = {"system": "elegy", "move": "Ask the Oracle", "options": {"odds": "unlikely"}, "dice": [29]}
STARFORGED_NO = {"system": "starforged", "move": "Ask the Oracle", "options": {"odds": "unlikely"}, "dice": [80]}
AWAKE = ("Is anyone else awake?", "No one else is awake.")
HERE = ("Is anyone else here?", "No one else is here.")
EARLIER = ("The priest does not sense you.",)


def newcomers(text: str, request: dict = ELEGY_NO, asked: tuple[str, str] = AWAKE) -> list[str]:
    result = resolve(request)
    assert result.outcome == "no"
    question, answer = asked
    facts = prepare([result], established=EARLIER, told=(answer,))
    flags = check_narration(text, [result], facts=facts, intent=question, question=question)
    return [v.detail for v in flags if "into the scene awake" in v.detail]


@pytest.mark.parametrize(
    ("text", "request_", "asked"),
    [
        (
            "A group of villagers, listening to a priest reading the scriptures on a hilltop, suddenly realize that "
            "they've been watched.",  # BG3-1.5b:el-hunt:4:2
            ELEGY_NO,
            AWAKE,
        ),
        ("By the door, a young novice shivers and peers into the dark.", ELEGY_NO, AWAKE),
        ("Two guards trade a joke by the brazier at the gate.", ELEGY_NO, AWAKE),
        ("An old woman lights a candle in the side chapel.", ELEGY_NO, AWAKE),
        ("A handful of survivors huddle around a flickering lamp in the mess hall.", STARFORGED_NO, HERE),
        ("Somewhere aft, a lone crewman checks the seals.", STARFORGED_NO, HERE),
    ],
)
def test_someone_new_awake_after_no_one_else_is(text: str, request_: dict, asked: tuple[str, str]) -> None:
    assert newcomers(text, request_, asked), text


@pytest.mark.parametrize(
    ("text", "request_", "asked"),
    [
        ("The priest sits in his chair, hands clasped tightly.", ELEGY_NO, AWAKE),
        ("In the dormitory, the novices sleep soundly in their cots.", ELEGY_NO, AWAKE),
        ("The villagers' empty stalls line the square.", ELEGY_NO, AWAKE),
        ("The church is silent, built by the hands of villagers long ago.", ELEGY_NO, AWAKE),
        ("You remember the crowd that filled these pews on feast days.", ELEGY_NO, AWAKE),
        ("The bodies of the crew lie where they fell.", STARFORGED_NO, HERE),
        ("No guards walk the halls tonight.", ELEGY_NO, AWAKE),
    ],
)
def test_the_ones_the_story_has_and_no_one_stirring_pass(text: str, request_: dict, asked: tuple[str, str]) -> None:
    assert not newcomers(text, request_, asked), text
