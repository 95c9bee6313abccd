"""Round 17 of the city game played through the chat: a miss the rules leave to the Magistrate is told as a miss in
the story and handed over ("The Magistrate says what happens."), never as the gap in the rules text."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def test_a_miss_the_text_leaves_to_the_magistrate_is_handed_over_in_the_story() -> None:
    session, dice = open_campaign("Guard Captain", "city")
    dice.queue(1, 3)
    missed = session.send("/roll direct someone to act +sway")
    assert missed.kind == "action" and missed.results[0].outcome.value == "miss", missed.error
    assert "The Magistrate says what happens." in missed.narration, missed.narration
    assert "the text" not in missed.narration.lower(), missed.narration
    assert "gives no result" not in missed.narration, missed.narration
    # the dice card (the app's) reads the hand-over first, and why: the rules text gives no result for a miss
    assert missed.results[0].text.startswith("6- The Magistrate says what happens: "), missed.results[0].text


def test_what_a_faction_wants_is_not_the_citys_demand() -> None:
    session, _ = open_campaign("Silver Hand", "city")
    wants = session.send("what does the Silver Hand faction want").narration
    assert "Perceive Demand" not in wants and "Ear to the Ground" in wants, wants
    assert "/roll ear to the ground" in wants, wants
    city = session.send("what does the city want from me?").narration
    assert "Perceive Demand" in city, city


def test_a_choice_with_many_options_still_waiting_is_counted_not_listed_in_the_note() -> None:
    session, dice = open_campaign("Secret Waits", "city")
    dice.queue(4, 2, 5)  # a weak hit: a weak reaction to pick, and the Magistrate's consequence (12 options)
    used = session.send("/roll use a secret +heat")
    assert used.kind == "action" and used.results[0].choices, used.error
    moved_on = session.send("I slip out of the tavern before the clerk talks")
    waiting = [n for n in moved_on.notes if "still waits for a pick" in n]
    assert waiting == [  # the reaction and the consequence are picked before the next move (round 27)
        "Use a Secret still waits for a pick the rules require (/choose the option's words, or its number counting down "
        "the 2 lists under its card, in order: 1 to 6 for “You pick a weak reaction”; 7 to 12 for “They (the Magistrate) "
        "pick a consequence”): make it before your next move, or /undo the roll."
    ], moved_on.notes
