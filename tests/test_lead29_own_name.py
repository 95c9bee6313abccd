"""The player's own character called by name in the model's story is told as "you", as "the player" is: "The enforcer
attacks, and Kira must decide whether to fight or flee." (a real-browser session with a 1.5B model) reads "…and you
must decide…". A sentence with a he or she the name might stand behind is left as written, and so are other
characters' names and a companion's move."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard.style import second_person_fix
from assistant.narrate import NarrationRequest
from tests.scripted_narration import Scripted, narrate, split_opening

FDW = {"system": "starforged", "move": "Face Danger", "stat": "edge", "character": {"stats": {"edge": 2}}, "dice": [4, 2, 9]}


@pytest.mark.parametrize(
    ("text", "told"),
    [
        (
            "The enforcer attacks, and Kira must decide whether to fight or flee.",
            "The enforcer attacks, and you must decide whether to fight or flee.",
        ),
        ("Kira's hands shake as the door opens.", "Your hands shake as the door opens."),
        ("The alarm blares. Kira ducks behind the crates.", "The alarm blares. You duck behind the crates."),
        ("The guard looks at Kira.", "The guard looks at you."),
        ("Kira is soaked to the bone.", "You are soaked to the bone."),
        ("The ship lurches and Kira stumbles.", "The ship lurches and you stumble."),
        ("Kira tries the hatch again.", "You try the hatch again."),
    ],
)
def test_the_character_s_name_is_told_as_you(text: str, told: str) -> None:
    assert second_person_fix(text, ["Kira"]) == told


@pytest.mark.parametrize(
    "text",
    [
        "Kira reaches a milestone on her vow.",  # "you reach … on her vow" would point at no one
        "Kira grabs the guard by his collar.",
        "Kira and Mara run for the hatch.",  # the verb would need undoing for two
        "Kiran smiles and waves you through.",  # another name
        "Mara watches the door.",
    ],
)
def test_sentences_the_name_cannot_be_swapped_in_stay(text: str) -> None:
    assert second_person_fix(text, ["Kira"]) == text


def _request(actor: str = "") -> NarrationRequest:
    return NarrationRequest(
        task="narrate",
        system="starforged",
        player_text="I leap the gap",
        results=(resolve(FDW),),
        character={"name": "Kira", "stats": {"edge": 2}},
        actor=actor,
    )


def test_the_chat_shows_the_model_s_sentence_in_the_second_person() -> None:
    outcome = narrate(Scripted("The rail bends under you, and Kira must decide whether to jump or hold on."), _request())
    _opening, story = split_opening(outcome.text, "weak")
    assert story == "The rail bends under you, and you must decide whether to jump or hold on."


def test_a_companion_s_move_keeps_the_names() -> None:
    outcome = narrate(Scripted("Kira lunges at you, and the rail bends."), _request(actor="Kira"))
    assert "Kira lunges" in outcome.text


def test_the_offline_story_keeps_the_names_the_engine_wrote() -> None:
    class Template(Scripted):
        name = "template"

    outcome = narrate(Template("Damage to Kira: 5, less 3 armor: 2 HP."), _request())
    assert "Damage to Kira: 5" in outcome.text
