"""In the app, a move refused while a pick the rules require waits says to choose it in the box below the card and names
the app's undo button: played in a browser, "I fulfil my vow" after Take Decisive Action's weak hit said "/choose the
option's words, or its number counting down the list under its card … or /undo the roll", commands the page does not
need. The terminal keeps its commands."""

from __future__ import annotations

import pytest

from assistant.chat.open_choice import APP_UNDO
from assistant.chat.session import ChatSession
from assistant.store import service
from tests.session_helpers import ScriptedDice

pytestmark = pytest.mark.usefixtures("hash_embedder")


@pytest.mark.parametrize("in_app", [True, False])
def test_the_refusal_names_what_the_player_has_in_front_of_them(in_app: bool) -> None:
    name = f"Course {in_app}"
    service.create_campaign(name, "starforged", seed=7)
    dice = ScriptedDice()
    session = ChatSession.open(name, rng=dice, cards_shown=in_app)
    dice.queue(3, 3, 9)  # 3 + supply 5 = 8 against 3 and 9: a weak hit, a cost or a complication the rules require
    assert session.send("/roll set a course +supply").open_choices[0].required
    before = len(service.campaign_events(name))
    dice.queue(6, 1, 1)
    said = session.send("/roll face danger +edge").error or ""
    assert said.startswith("Set a Course still waits for a pick the rules require"), said
    if in_app:
        assert "box below the card" in said and APP_UNDO in said and "/choose" not in said and "/undo" not in said
    else:
        assert "/choose 1" in said and "/undo" in said
    assert len(service.campaign_events(name)) == before  # nothing stored
