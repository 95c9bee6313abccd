"""Harm reaching you or what is yours on a turn that hurt no one, read by the sentence's shape (any verb of physical
harm whose object is you or a thing of yours, a thing of yours told broken, an attack stopped by something of yours),
in paraphrases of our own; beside them, the same verbs in their other senses, aims that have not landed, your own
deeds and blows the player set up, which pass."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration, prepare
from assistant.guard.harm_reaches import check_harm_reaches
from assistant.guard.text import sentences

CLIMB_WEAK = {"system": "starforged", "move": "Face Danger", "stat": "edge", "dice": [4, 3, 8]}
FRAY_WEAK = {"system": "starforged", "move": "Enter the Fray", "stat": "heart", "dice": [4, 3, 8]}
ORACLE_NO = {"system": "starforged", "move": "Ask the Oracle", "options": {"odds": "50/50"}, "dice": [60]}
HARM = {"system": "starforged", "move": "Endure Harm", "character": {"health": 5}, "options": {"amount": 2}}


def _kinds(text: str, request: dict[str, object], intent: str = "I climb down into the ravine") -> list[str]:
    return [v.kind.value for v in check_narration(text, [resolve(request)], intent=intent)]


@pytest.mark.parametrize(
    "text",
    [
        "The ledge gives way and you snap down onto the rocks, and you twist your ankle.",
        "You slip on the ice and break your wrist.",
        "The raiders open up from the ridge, shattering the canopy of your skiff.",
        "A bolt from the dark tears through your pack.",
        "The beast's teeth dig into your shoulder.",
        "Your visor is cracked.",
        "The hull of your ship was breached.",
        "The blast is absorbed by your ship's shields.",
        "Your shield blocks the incoming blow.",
    ],
)
def test_harm_reaching_you_or_yours_is_a_change_the_engine_never_made(text: str) -> None:
    assert "state" in _kinds(text, CLIMB_WEAK), text


def test_an_oracle_turn_hurts_no_one_either() -> None:
    text = "The drones open fire, but the shot is deflected by your ship's shields."
    assert "state" in _kinds(text, ORACLE_NO, "Do the drones follow us?")


@pytest.mark.parametrize(
    "text",
    [
        "A thought strikes you: the signal is too regular.",
        "The wind whips your cloak as you climb.",
        "You break your fall with your hands and keep going.",
        "You feel your heart pounding in your chest.",
        "A shout from above cuts you off.",
        "You slam your fist against the rock in frustration.",
        "You draw your blade and block the first blow.",
        "The guard fires at you from the ridge.",
        "The ice does not crack under your boots.",
        "The stones barely miss your head.",
        "The crack of the ice breaks your concentration.",
        "You cut the rope and drop to the ledge.",
        "The cold is sharp, like a knife slicing through your skin.",
        "The damage you deal splinters the ice.",
        "The raider reels back, blood running from the cut you opened on his cheek.",
    ],
)
def test_other_senses_aims_and_your_own_deeds_pass(text: str) -> None:
    facts = prepare([resolve(CLIMB_WEAK)])
    assert not [v for s in sentences(text) for v in check_harm_reaches(s, facts, "I climb down into the ravine")], text


def test_a_blow_the_player_set_up_may_land_on_what_they_wear() -> None:
    intent = "A raider lunges at me with a vibroblade; I fight back"
    assert "state" not in _kinds("The vibroblade cuts through your armor.", FRAY_WEAK, intent)
    assert "state" in _kinds("The vibroblade cuts through your armor.", FRAY_WEAK, "I fight the raider in the hold")


def test_harm_the_engine_dealt_is_the_engines_to_tell() -> None:
    assert "state" not in _kinds("The rockfall cracks your helmet and bruises your ribs.", HARM, "endure harm 2")
