"""A miss told as the player's declared action done, in the story's own words, is caught on the whole narration;
a narration that tells the failure anywhere, an attempt, a purpose ("to force it open") and hits pass."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration

MISS = {"system": "starforged", "move": "Face Danger", "stat": "edge", "dice": [1, 7, 8]}
HIT = {"system": "starforged", "move": "Face Danger", "stat": "edge", "dice": [6, 2, 3]}
DW_MISS = {"system": "dungeon-world", "move": "Hack & Slash", "stat": "str", "character": {"stats": {"str": 0}}, "dice": [1, 2]}
LTP_BAD = {"system": "blades", "move": "Long-Term Project", "stat": "study", "character": {"stats": {"study": 1}}, "dice": [1]}
FORCE = "I force the airlock open"


def outcome_flags(text: str, request: dict, intent: str, **kw: object) -> list[str]:
    return [v.detail for v in check_narration(text, [resolve(request)], intent=intent, **kw) if v.kind.value == "outcome"]


@pytest.mark.parametrize(
    ("request_", "text", "intent"),
    [
        (MISS, "The airlock slides open and you slip through into the corridor.", FORCE),
        (MISS, "You force the airlock open and slip through. The corridor beyond is quiet.", FORCE),
        (MISS, "You slip past the guard unseen and reach the hangar.", "I sneak past the guard to reach the hangar"),
        (DW_MISS, "Your blade finds the orc's throat and he falls.", "I attack the orc with my blade"),
    ],
)  # fmt: skip
def test_a_miss_told_as_the_goal_reached_is_an_outcome_told_the_other_way(request_: dict, text: str, intent: str) -> None:
    flags = outcome_flags(text, request_, intent)
    assert flags and all("a miss" in f for f in flags)
    assert any("set out to do" in f or "reached" in f or "working" in f for f in flags)


@pytest.mark.parametrize(
    ("request_", "text", "intent"),
    [
        (MISS, "You force the airlock. It refuses to open, and an alarm starts somewhere above.", FORCE),
        (MISS, "You throw your shoulder against the airlock to force it open.", FORCE),
        (MISS, "You try to force the airlock open; the seals groan.", FORCE),
        (MISS, "You force the airlock; your boots ring on the deck as the lights die.", FORCE),  # only the attempt
        (HIT, "The airlock slides open and you slip through into the corridor.", FORCE),
        (LTP_BAD, "You research the ghost door in the archives.", "I research the ghost door"),  # the clock still ticks
    ],
)  # fmt: skip
def test_what_tells_the_failure_or_only_the_attempt_passes(request_: dict, text: str, intent: str) -> None:
    assert outcome_flags(text, request_, intent) == []


def test_a_miss_never_told_at_all_is_caught_on_the_whole_story() -> None:
    """A story that never names what the player did and tells no failure leaves the miss untold (a story of the rain
    after "I feed on the sleeping watchman"); naming the action, or any failure or adversity, passes."""
    untold = "Your boots ring on the deck as the lights die."
    assert any("never tells" in f for f in outcome_flags(untold, MISS, FORCE))
    assert outcome_flags(untold, MISS, FORCE, partial=True) == []  # a sentence still streaming is not judged
    assert outcome_flags(untold + " You struggle to breathe.", MISS, FORCE) == []
    assert outcome_flags("The airlock groans as the lights die.", MISS, FORCE) == []
    assert outcome_flags(untold, HIT, FORCE) == []


def test_the_check_waits_for_the_whole_narration_while_it_streams() -> None:
    """Sentence by sentence (``partial``), the first sentence is not judged before the failure it leads to."""
    first = "You force the airlock open."
    assert outcome_flags(first, MISS, FORCE, partial=True) == []
    assert outcome_flags(first, MISS, FORCE) != []
    assert outcome_flags(first + " It snaps shut on your arm before you can slip through.", MISS, FORCE) == []


def test_a_quote_that_closes_with_its_sentence_ends_it_and_dialogue_stays_whole() -> None:
    """'the option "Attract Trouble." This entanglement ...' is two sentences (the second was read as part of a menu);
    '"Look! I see it," you say.' is one, for the guard and for the chat's streaming alike."""
    from assistant.chat.narration import split_sentences
    from assistant.guard.text import sentences

    closing = 'You select the option "Attract Trouble." This entanglement increases your heat. '
    dialogue = '"Look! I see it," you say. The hatch groans. '
    assert len(sentences(closing)) == 2 and len(split_sentences(closing)[0]) == 2
    assert [s.original for s in sentences(dialogue)][0] == '"Look! I see it," you say.'
    assert split_sentences(dialogue)[0][0] == '"Look! I see it," you say. '
