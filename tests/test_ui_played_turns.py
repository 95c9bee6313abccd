"""A few turns in the app as a player plays them: the story, the dice card and the buttons say each thing once."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from assistant.engine.model import Result
from assistant.store import service
from tests.test_ui_app import APP, _offline_fast, create_campaign, markdown, no_errors, play_action  # noqa: F401


def test_what_comes_next_is_offered_by_the_card_and_its_buttons_not_told_again_in_the_story() -> None:
    app = AppTest.from_file(str(APP), default_timeout=60)
    app.run()
    create_campaign(app, "Night Hunt", "elegy")
    offered = 0
    for text in ("I stalk the priest through the cloister", "I sink my fangs into his neck", "I slip into the crypt"):
        play_action(app, text)
        app.button(key="suggestion_0").click().run()
        no_errors(app)
        state = service.load_campaign("Night Hunt")
        move = next(e for e in reversed(service.campaign_events("Night Hunt")) if e.event.type == "move_resolved")
        result = Result.model_validate(move.event.result)
        story = [e for e in state.transcript if e.kind == "narration"][-1].text
        assert "Next:" not in story, story
        if result.follow_ups:
            offered += 1
            assert any(b.key and b.key.startswith("next_") for b in app.button), text
        if len(result.dice) > 1:
            assert ">challenge dice</span>" in markdown(app) and ">challenge die</span>" not in markdown(app)
        for i, choice in enumerate(result.choices):  # a pick the rules require is made before the next move
            if choice.required:
                app.radio(key=f"choice_{i}").set_value(choice.options[0].label).run()
                app.button(key=f"choose_{i}").click().run()
                no_errors(app)
    assert offered, "no turn of the script had a follow-up to offer"


def test_an_error_is_said_once_on_the_page_and_stays_in_the_panel_after_a_rerun() -> None:
    app = AppTest.from_file(str(APP), default_timeout=60)
    app.run()
    create_campaign(app, "Pit", "dungeon-world")
    app.chat_input(key="chat_text").set_value("/roll magic missile").run()  # no mana: the engine refuses, in words
    errors = [e.value for e in app.error]
    assert len(errors) == 1 and "mana" in errors[0], errors
    app.run()  # a rerun draws no bubble for the error: the panel keeps it
    assert [e.value for e in app.error] == errors


def test_a_card_whose_outcome_says_as_above_shows_the_text_above_it() -> None:
    from assistant.engine import resolve
    from assistant.ui.components.dice_card import dice_card_view

    weak = resolve({"system": "elegy", "move": "Feed", "stat": "glamour", "dice": [5, 1]})
    text = dice_card_view(weak).outcome_text
    assert "as above" not in text.lower() and "lose 1 focus" in text and "gain 2 blood" in text, text
    strong = resolve({"system": "elegy", "move": "Feed", "stat": "glamour", "dice": [1, 1]})
    assert "as above" not in dice_card_view(strong).outcome_text


def test_an_entanglement_rolled_by_name_in_the_app_is_narrated_offline_without_a_fallback_note() -> None:
    app = AppTest.from_file(str(APP), default_timeout=60)
    app.run()
    create_campaign(app, "Crew", "blades")
    play_action(app, "roll entanglements")
    app.button(key="suggestion_0").click().run()
    no_errors(app)
    shown = markdown(app) + "\n".join(c.value for c in app.caption)
    assert "wanted_level" not in shown and "+wanted level" in shown
    assert "offline narration shown" not in shown, shown
