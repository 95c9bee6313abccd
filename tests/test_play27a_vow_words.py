"""What a vow is sworn to do is the quest, not the character's act now: "I swear a vow to repair the Wayfarer's broken
drive" offered Repair first (the cue "repair" in the vow's words), and Elegy's "I vow to heal Mara before dawn" at full
health offered nothing ("Heal would change nothing now"). The vow's words no longer cue a move of their own; the swearing
calls for Swear an Iron Vow or Sing an Elegy. The act itself, told without a vow, still calls for its move."""

from __future__ import annotations

import pytest

from assistant.engine.cue_words import own_words
from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


@pytest.mark.parametrize(
    ("system", "words", "move"),
    [
        ("starforged", "I swear a vow to repair the Wayfarer's broken drive before the next jump", "Swear an Iron Vow"),
        ("starforged", "I swear an iron vow to resupply the outpost before winter", "Swear an Iron Vow"),
        ("starforged", "I vow to heal the sick children of Bleakhold", "Swear an Iron Vow"),
        ("starforged", "I swore an oath to gather the scattered crew", "Swear an Iron Vow"),
        ("elegy", "I vow to heal Mara before dawn", "Sing an Elegy"),
        ("elegy", "I swear an oath to feed the starving orphans", "Sing an Elegy"),
        ("elegy", "I swear to feed on the priest who betrayed my sire", "Sing an Elegy"),
    ],
)
def test_a_vow_to_do_something_is_sworn_first(system: str, words: str, move: str) -> None:
    session, _dice = open_campaign("Vow " + words[:30].strip(), system)
    turn = session.send(words)
    assert turn.suggestions and turn.suggestions[0].move == move, [s.move for s in turn.suggestions]


@pytest.mark.parametrize(
    ("system", "words", "move"),
    [
        ("starforged", "I fix the broken drive", "Repair"),
        ("starforged", "I repair the Wayfarer's drive in the hangar", "Repair"),
        ("elegy", "I feed on the drunkard in the alley", "Feed"),
    ],
)
def test_the_act_told_without_a_vow_still_calls_for_its_move(system: str, words: str, move: str) -> None:
    session, _dice = open_campaign("Act " + words[:30].strip(), system)
    turn = session.send(words)
    assert turn.suggestions and turn.suggestions[0].move == move, [s.move for s in turn.suggestions]


@pytest.mark.parametrize(
    ("words", "kept"),
    [
        ("I pledge my blade to the captain and then attack the raider", "and then attack the raider"),
        ("I vowed to protect the colony, so I shoot the raider", ", so I shoot the raider"),
        ("I swear at the drone and kick it", "I swear at the drone and kick it"),  # no vow: swearing at someone
    ],
)
def test_what_follows_the_vow_is_still_read(words: str, kept: str) -> None:
    assert own_words(words).endswith(kept), own_words(words)
