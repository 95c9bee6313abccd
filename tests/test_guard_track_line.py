"""A progress track's line of the reference copied as story (set 18: "Find my sister on the Wayfarer station: a
dangerous vow." on a Face Danger turn)."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration, prepare
from assistant.guard.model import Violation
from assistant.narrate.context import track_line
from assistant.narrate.story_facts import story_facts

FACE_DANGER = {"system": "starforged", "move": "Face Danger", "stat": "edge", "dice": [4, 2, 9]}  # a weak hit
INTENT = "I ask the dockhands about the Wayfarer's last crew"


def check(text: str) -> list[Violation]:
    result = resolve(FACE_DANGER)
    facts = prepare([result], sheet=story_facts([result], player_text=INTENT))
    flags = check_narration(text, [result], intent=INTENT, facts=facts)
    return [v for v in flags if "track's line" in v.detail]


@pytest.mark.parametrize(
    "text",
    [
        "Find my sister on the Wayfarer station: a dangerous vow. You succeed, but not without a cost.",  # BA-1.5b:sf-vow:7:2
        "The dockhands shrug. Recover the lost cargo: a formidable vow.",
        "Escape the derelict: an extreme expedition.",
        "- Win the duel with the bard: a troublesome fight",
        "Reach the Iron Spire: an epic journey.",
        "The cult's ritual: clock.",
    ],
)
def test_a_track_line_read_out_is_caught(text: str) -> None:
    assert check(text), text


def test_the_line_the_narrator_is_given_is_the_line_caught() -> None:
    line = track_line({"name": "Find the traitor", "rank": "dangerous", "kind": "vow"}).lstrip("> -")
    assert check(f"{line}.")


@pytest.mark.parametrize(
    "text",
    [
        "It was a dangerous vow, and you meant every word of it.",
        "You think of your sister: the vow you swore is a dangerous one, and the dockhands only shrug.",
        "One of them mutters: a dangerous place, the Wayfarer station.",
        "The dockhands point you to an old pilot, at a price: a favour you will owe him.",
    ],
)
def test_the_rank_told_inside_the_story_passes(text: str) -> None:
    assert check(text) == [], text


@pytest.mark.parametrize(
    "text",
    [
        "The choice was simple: a dangerous climb.",
        "You know what this is: a dangerous gamble.",
        "Your thoughts narrow to one thing: an extreme measure.",
        "The hull ahead: a formidable climb.",
        "The dockhands' answer: a troublesome silence.",
        "Their price: a dangerous vowel of a word, 'maybe'.",
    ],
)
def test_a_colon_before_a_rank_and_a_noun_that_is_no_tracks_kind_passes(text: str) -> None:
    assert check(text) == [], text


@pytest.mark.parametrize(
    "track",
    [
        {"name": "Chart the Veil", "rank": "dangerous", "kind": "expedition"},
        {"name": "The raider", "rank": "formidable", "kind": "combat"},
        {"name": "Earn Kira's trust", "rank": "troublesome", "kind": "connection"},
        {"name": "Cross the ice", "rank": "extreme", "kind": "journey"},
        {"name": "Break the siege", "rank": "dangerous", "kind": "scene"},
    ],
)
def test_each_kind_of_track_line_the_narrator_is_given_is_caught(track: dict[str, str]) -> None:
    assert check(f"{track_line(track).lstrip('> -')}."), track
