"""A model's sentence that tells the engine's opening again is left out (its own part after a copied head is kept),
and so is a sentence pointing back at one left out. The drafts are a 1.5B model's, from a real run."""

from __future__ import annotations

from assistant.engine import resolve
from assistant.narrate import NarrationRequest
from assistant.narrate.retold import copies_run, fresh_tail, points_back
from tests.scripted_narration import Scripted, narrate, split_opening

CORRIDOR = "I creep through the derelict's dark corridor, scanner raised"
FACE_DANGER_WEAK = {
    "system": "starforged",
    "move": "Face Danger",
    "stat": "wits",
    "character": {"stats": {"wits": 2}},
    "dice": [4, 2, 9],
}
FRAY_WEAK = {
    "system": "starforged",
    "move": "Enter the Fray",
    "stat": "heart",
    "character": {"stats": {"heart": 2}},
    "dice": [4, 2, 9],
}


LONG = 4
"""Sentences the model may add here: what is left out or kept after its first sentence is under test."""


def story_after_opening(player_text: str, move: dict[str, object], draft: str) -> str:
    request = NarrationRequest(
        task="narrate", system="starforged", player_text=player_text, results=(resolve(move),), story_sentences=LONG
    )
    outcome = narrate(Scripted(draft), request)
    assert outcome.narrator == "llm", outcome
    opening, story = split_opening(outcome.text, "weak")
    assert player_text.split()[-1].rstrip(",.") in opening  # the player's words open the story, told by the engine
    return story


def test_the_opening_told_again_in_the_models_words_is_left_out() -> None:
    story = story_after_opening(
        "A raider lunges at me with a vibroblade; I fight back",
        FRAY_WEAK,
        "The raider lunges at you with a vibroblade, but you are prepared. Sparks fly where steel meets steel.",
    )
    assert story == "Sparks fly where steel meets steel."


def test_the_opening_told_again_in_two_parts_is_left_out_whole() -> None:
    story = story_after_opening(
        "A raider lunges at me with a vibroblade; I fight back",
        FRAY_WEAK,
        "The raider lunges at you with a vibroblade; you fight back. Sparks fly where steel meets steel.",
    )
    assert story == "Sparks fly where steel meets steel."


def test_the_models_own_part_after_a_copied_head_is_kept() -> None:
    story = story_after_opening(
        CORRIDOR,
        FACE_DANGER_WEAK,
        "You creep through the derelict's dark corridor: a faint glow pulses on the far wall. The air tastes of rust.",
    )
    assert story == "A faint glow pulses on the far wall. The air tastes of rust."


def test_a_sentence_pointing_back_at_a_left_out_one_is_left_out_too() -> None:
    story = story_after_opening(
        CORRIDOR,
        FACE_DANGER_WEAK,
        "You creep through the derelict's dark corridor, scanner raised, and see a faint glow on the wall. "
        "It is a sign of activity from long ago. The air tastes of rust.",
    )
    assert story == "The air tastes of rust."


def test_a_sentence_pointing_back_at_a_shown_one_stays() -> None:
    story = story_after_opening(
        CORRIDOR, FACE_DANGER_WEAK, "A faint glow pulses on the far wall. It is a sign of activity from long ago."
    )
    assert story == "A faint glow pulses on the far wall. It is a sign of activity from long ago."


def test_runs_tails_and_pointers() -> None:
    told = ["As you try to feed on the sleeping watchman, the ambient introduces a new hazard."]
    assert copies_run("The ambient introduces a new hazard: the watchman wakes.", told)
    assert not copies_run("You stand at the end of the hall.", ["At the end of the day you rest."])  # no meaning copied
    retold = lambda text: copies_run(text, told)  # noqa: E731
    assert fresh_tail("The ambient introduces a new hazard: the watchman is awake and sees you.", retold) == (
        "The watchman is awake and sees you."
    )
    assert fresh_tail("The ambient introduces a new hazard: it.", retold) == ""  # too little of its own
    assert fresh_tail("A dog barks: the watchman is awake and sees you.", retold) == ""  # the head is new
    assert points_back("It's a sign of activity from long ago.") and points_back("He doesn't seem interested.")
    assert not points_back("Italy is far away.") and not points_back("The old man looks away.")


def test_the_cards_answer_after_the_oracles_sentence_is_left_out() -> None:
    oracle = {"system": "starforged", "move": "Ask the Oracle", "dice": [55], "options": {"odds": "likely"}}
    question = "Are there survivors aboard?"
    request = NarrationRequest(
        task="oracle", system="starforged", player_text=question, question=question, results=(resolve(oracle),)
    )
    outcome = narrate(Scripted("The answer is yes. Dozens huddle in the cargo hold."), request)
    assert outcome.text == "There are survivors aboard. Dozens huddle in the cargo hold."
