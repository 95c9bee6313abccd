"""The story stops where the player must decide: a model's sentence in which the character acts on their own."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.narrate import NarrationRequest
from assistant.narrate.player_acts import declared_action, new_action
from tests.scripted_narration import Scripted, narrate, split_opening

FD = {"system": "starforged", "move": "Face Danger", "stat": "iron", "character": {"stats": {"iron": 2}}, "dice": [4, 2, 9]}
ORACLE_NO = {"system": "starforged", "move": "Ask the Oracle", "dice": [60], "options": {"odds": "50/50"}}
CREEP = "I creep through the derelict's dark corridor, scanner raised"


@pytest.mark.parametrize(
    ("sentence", "declared", "act"),
    [
        ("You agree to help them, and they begin to work on the power supply.", "", "You agree to help them"),
        ("You type in the code, but nothing happens.", "", "You type in the code"),
        ("You rush over to investigate, but find nothing.", "", "You rush over to investigate"),
        ("You try to find a quiet corner, but the tables are crowded.", "I gamble at the dens", "You try to find a quiet corner"),
        ('You nod, feeling relieved. "Thank you."', "", "You nod, feeling relieved"),
        ("As the guards pass, you slip into the chapel.", "I wait for the patrol", "you slip into the chapel"),
        (
            "The tables are full, and you overindulge in a game of cards.",
            "I visit my contacts",
            "you overindulge in a game of cards",
        ),
    ],
)
def test_an_action_the_player_never_declared_is_found(sentence: str, declared: str, act: str) -> None:
    assert new_action(sentence, declared) == act


@pytest.mark.parametrize(
    ("sentence", "declared"),
    [
        ("You scan the dark corridor, noticing a faint glow.", CREEP),  # the declared action carried out
        ("You creep on, scanner raised.", CREEP),
        ("You feel a chill as the lights die.", ""),  # perceiving, feeling, being: the world's answer
        ("You notice the clerk's hands shaking.", ""),
        ("You are spotted by the watch.", ""),
        ("You try, but the lock holds.", "I pick the lock"),
        ("You try to pick it again, but the lock holds.", "I pick the lock"),
        ("You must decide what to do next.", ""),
        ('The guard shouts, "You there, stop!"', ""),  # someone else's words
        ("The raider staggers back and you see an opening.", ""),
        ("You take a hit to the shoulder.", ""),
    ],
)
def test_what_is_not_a_new_action(sentence: str, declared: str) -> None:
    assert new_action(sentence, declared) == ""


def test_only_a_narrated_moves_own_words_are_declared() -> None:
    move = resolve(FD)
    assert (
        declared_action(NarrationRequest(task="narrate", system="starforged", player_text="I leap", results=(move,))) == "I leap"
    )
    request = NarrationRequest(task="oracle", system="starforged", player_text="Is it locked?", results=(move,))
    assert declared_action(request) == ""  # no action at all: whatever the character does is new
    for words in ("Face Danger", "/roll face danger +iron"):
        request = NarrationRequest(task="narrate", system="starforged", player_text=words, results=(move,))
        assert declared_action(request) is None  # only the move names the action: the story tells it
        assert new_action("You slip past the sentry.", declared_action(request)) == ""


def test_the_story_ends_before_the_character_acts_on_their_own() -> None:
    request = NarrationRequest(task="narrate", system="starforged", player_text=CREEP, results=(resolve(FD),), story_sentences=4)
    outcome = narrate(
        Scripted(
            "You scan the dark corridor, noticing a faint glow from a side room. The hull groans around you. "
            "You approach the room cautiously and push the hatch open. Inside, a body floats."
        ),
        request,
    )
    _, story = split_opening(outcome.text, "weak")
    assert outcome.narrator == "llm" and outcome.cut and outcome.attempts == 1
    assert story == "You scan the dark corridor, noticing a faint glow from a side room. The hull groans around you."


def test_with_too_little_told_the_sentence_alone_is_left_out() -> None:
    request = NarrationRequest(
        task="oracle", system="starforged", player_text="Is the reactor still running?", results=(resolve(ORACLE_NO),)
    )
    outcome = narrate(
        Scripted("You carefully examine the reactor's control panel. The display is dark, its needles resting at zero."),
        request,
    )
    assert outcome.narrator == "llm" and not outcome.cut
    assert "examine" not in outcome.text and outcome.text.endswith("The display is dark, its needles resting at zero.")


def test_a_false_fact_in_such_a_sentence_is_still_retried_not_cut_around() -> None:
    request = NarrationRequest(task="narrate", system="starforged", player_text=CREEP, results=(resolve(FD),), story_sentences=4)
    narrator = Scripted(
        "You scan the corridor. The hull groans. You push on and gain +2 momentum.", "You scan the corridor. The hull groans."
    )
    outcome = narrate(narrator, request)
    assert outcome.narrator == "llm-retry" and len(narrator.requests) == 2


def test_the_offline_narration_is_never_cut() -> None:
    from assistant.narrate import TemplateNarrator

    request = NarrationRequest(task="narrate", system="starforged", player_text="I agree to help them", results=(resolve(FD),))
    outcome = narrate(TemplateNarrator(), request)
    assert outcome.narrator == "template" and not outcome.cut


def test_a_bare_roll_after_earlier_turns_declares_no_deed() -> None:
    move = resolve(FD)
    history = (("player", "I shoot the raider before he reaches cover"), ("narrator", "Luck deserts you."))
    request = NarrationRequest(
        task="narrate", system="starforged", player_text="/roll endure harm", results=(move,), history=history
    )
    assert declared_action(request) == ""  # the shot was told last turn: told again, it reads as this roll's deed
    assert new_action("You try to shoot the raider, but his agility evades your aim.", declared_action(request)) != ""
    assert new_action("This time, you manage to deflect it with a swift kick.", "I fight back") != ""


def test_the_bodys_reaction_is_the_worlds_answer_not_a_decision() -> None:
    for sentence in ("You stumble as the deck lurches.", "You gasp, winded.", "You stagger back from the blast."):
        assert new_action(sentence, "") == ""


def test_the_players_earlier_words_quoted_back_are_not_this_turns_story() -> None:
    history = (("player", "I ask the dockhands about the Wayfarer's last crew"), ("narrator", "They shrug and look away."))
    request = NarrationRequest(task="narrate", system="starforged", player_text=CREEP, results=(resolve(FD),), history=history)
    outcome = narrate(
        Scripted('"I ask the dockhands about the Wayfarer\'s last crew." The corridor ahead is dark and cold.'), request
    )
    _, story = split_opening(outcome.text, "weak")
    assert story == "The corridor ahead is dark and cold."


def test_a_can_i_question_is_the_players_declared_action() -> None:
    request = NarrationRequest(
        task="narrate", system="starforged", player_text="Can I hack the door panel?", results=(resolve(FD),)
    )
    assert declared_action(request) == "Can I hack the door panel?"
    assert new_action("You hack the panel and the lights flicker.", declared_action(request)) == ""


def test_the_cards_next_line_copied_by_a_model_is_left_to_the_card() -> None:
    request = NarrationRequest(task="narrate", system="starforged", player_text=CREEP, results=(resolve(FD),))
    outcome = narrate(Scripted("The hull groans around you.\n\nOffered next: Pay the Price."), request)
    assert outcome.narrator == "llm" and outcome.text.endswith("The hull groans around you.")


def test_an_earlier_question_copied_as_the_story_is_skipped() -> None:
    history = (("player", "Does the raider flee?"), ("narrator", "The raider flees."))
    request = NarrationRequest(
        task="narrate", system="starforged", player_text="Face Danger", results=(resolve(FD),), history=history
    )
    outcome = narrate(Scripted("Does the raider flee? The corridor falls silent."), request)
    assert "flee" not in outcome.text and outcome.text.endswith("The corridor falls silent.")


def test_a_deed_in_an_as_you_clause_is_an_action() -> None:
    # a 1.5B model's Gather Information and oracle stories, played in the terminal
    declared = "I search the wreck of the Hyperion for clues"
    # going to the place of the declared search frames it; on an oracle question nothing is declared
    assert new_action("As you approach the Hyperion's remains, you notice a strange anomaly.", declared) == ""
    assert new_action("As you approach the station, you notice a light.", "") == "you approach the station"
    assert new_action("You step forward and grab the guard's arm.", declared) == "You step forward and grab the guard's arm"
    assert new_action("The rail bends as you land.", "I leap the gap") == ""  # the declared leap carried through
    assert new_action("The rail bends as you land.", "") == "you land"
    assert new_action("The rail groans as you land hard on the far side.", "I leap the gap") == ""
    # with an object it is a deed of its own: a 1.5B model's Defend
    defend = "I raise my shield to protect the cleric"
    assert new_action("The sword glances off, but you manage to land a strong hit with your sword.", defend) == (
        "you manage to land a strong hit with your sword"
    )
    assert new_action("The box is sealed, but you feel its weight as you lift it out.", declared) == "you lift it out"
    assert new_action("As you read through the scrolls, you realize the Covenant planned it.", "") == (
        "you read through the scrolls"
    )
    assert new_action("As you search the wreck, you notice a hidden hatch.", declared) == ""  # the player's own deed
    assert new_action("As you watch, the hatch slides open.", declared) == ""  # only perceiving
    # looking, waiting, thinking as the frame of what happens (real drafts labelled fine)
    assert new_action("The air is thick with anticipation as you wait for the outcome.", declared) == ""
    assert new_action("As you look around the cloister, you notice a sleeping watchman.", "") == ""
    assert new_action("You look through the drawers.", "") == "You look through the drawers"
