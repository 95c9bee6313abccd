"""Good drafts sets 20 and 21 showed the guard flagging, each in paraphrases of our own beside the faults that must
still be caught: a part of a stopped machine told working (its cooling, its containment); common talk about the one
asked after, heard on a missed Ear to the Ground; news that makes you fear for yourself (the situation worse); the
declared listening told as trying to learn more."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration, prepare

REACTOR = "Is the reactor still running?"
STOPPED = "The reactor is no longer running."


def _reactor_flags(text: str) -> list[str]:
    result = resolve({"system": "starforged", "move": "Ask the Oracle", "options": {"odds": "50/50"}, "dice": [67]})
    assert result.outcome == "no"
    facts = prepare([result], established=(STOPPED,), told=(STOPPED,))
    return [v.kind.value for v in check_narration(text, [result], intent=REACTOR, question=REACTOR, facts=facts)]


@pytest.mark.parametrize(
    "text",
    [
        "The reactor's cooling systems are running low, and the power grid is failing.",
        "The reactor's cooling system is still operational, but the core has been sealed off.",
        "The reactor's core has been sealed, and the containment system is operational.",
        "The reactor's backup fans are still running, pushing stale air through the vents.",
        "Its shielding remains active, though the reactor itself is cold.",
        "The reactor's emergency lights are still working, casting a red glow.",
    ],
)
def test_a_part_of_the_stopped_machine_working_passes(text: str) -> None:
    assert _reactor_flags(text) == [], text


@pytest.mark.parametrize(
    "text",
    [
        "The reactor is still running, its hum filling the corridor.",
        "The reactor's cooling systems are running low, but there is still enough power to keep the core operational.",
        "The reactor hums steadily, still running.",
        "The reactor remains operational.",
        "The reactor's cooling is failing, but the reactor is still running.",
    ],
)
def test_the_stopped_machine_itself_told_running_is_still_caught(text: str) -> None:
    assert "outcome" in _reactor_flags(text), text


EAR_MISS = {"system": "city", "move": "Ear to the Ground", "stat": "lore", "dice": [2, 1]}
GOSSIP = "I listen to the gossip in the market about the guild master"


def _ear_flags(text: str) -> list[str]:
    result = resolve(EAR_MISS)
    assert result.outcome == "miss"
    return [v.kind.value for v in check_narration(text, [result], intent=GOSSIP)]


@pytest.mark.parametrize(
    "text",
    [
        "You notice that the guild master is a powerful figure and is known for his strict rules. Nobody will say more.",
        "You notice that the guild master is a mysterious and powerful figure in the market. No one talks to you.",
        "You realize that the guild master is feared throughout the district, but no one will talk.",
        "You hear rumors of a new guild opening up nearby, and you start to worry about your own reputation.",
        "You hear talk of a rival guild, and you begin to fear for your standing in the market.",
        "You look around and hear rumors in the market. You try to get more information, but you get nowhere.",
        "You listen in the market and try to find out more details, but the stallholders fall silent.",
    ],
)
def test_common_talk_and_the_listening_told_at_length_pass(text: str) -> None:
    assert _ear_flags(text) == [], text


@pytest.mark.parametrize(
    "text",
    [
        "You learn that the guild master is planning to sell the docks to the river barons.",
        "You notice that the guild master has been meeting the smugglers every night.",
        "You overhear that the guild master owes a fortune to the counting house.",
        "A merchant whispers that the guild master is hiding a ledger under his floor.",
    ],
)
def test_the_gossip_sought_heard_on_a_miss_is_still_caught(text: str) -> None:
    assert "outcome" in _ear_flags(text), text
