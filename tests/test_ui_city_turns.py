"""The city game played in the app: the moves that fit are named once beside their buttons (the odds on the buttons),
and after a reload a command that changed nothing (/sheet) is shown with what it showed."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from assistant.ui.components.turn_view import compact_listing
from tests.test_ui_app import APP, _offline_fast, create_campaign, markdown, no_errors, play_action  # noqa: F401


def test_the_moves_that_fit_are_named_once_and_their_odds_are_on_the_buttons() -> None:
    app = AppTest.from_file(str(APP), default_timeout=60)
    app.run()
    create_campaign(app, "Lanterns", "city")
    play_action(app, "I ask around the Saltmarket for a forger who can copy the Baron's seal")
    shown = markdown(app)
    assert "Moves that fit: Get Something (+network)" in shown and "Pick one below to roll it." in shown, shown
    assert "%" not in shown.split("Moves that fit:")[1].split("Pick one below")[0]
    assert any(b.key == "suggestion_0" for b in app.button)
    play_action(app, "/sheet")
    reload = AppTest.from_file(str(APP), default_timeout=60)
    reload.query_params["campaign"] = "Lanterns"
    reload.run()
    no_errors(reload)
    bubbles = [str(m.value) for m in reload.markdown]
    assert "/sheet" in bubbles and "Stats:" in bubbles[bubbles.index("/sheet") + 1], bubbles  # with what it showed
    assert any("Moves that fit: Get Something" in b for b in bubbles), bubbles


def test_a_listing_keeps_its_lead_and_other_text_is_left_alone() -> None:
    listing = "Moves that fit:\n- Train\n- Recover (+tinker) — full success 2.78%\n\nConfirm one to roll it."
    assert compact_listing(listing) == "Moves that fit: Train, Recover (+tinker). Pick one below to roll it."
    assert compact_listing("You slip past the guard.") == "You slip past the guard."


def test_a_long_trigger_under_a_suggestion_is_cut_at_a_word() -> None:
    from assistant.ui.components.suggestions import shortened

    trigger = "Say what your character does to reduce the heat level of the crew - make incriminating reports " * 3
    short = shortened(trigger)
    assert short.endswith("…") and len(short) <= 161 and not short[:-1].endswith(" ")
    assert trigger.startswith(short[:-1]) and trigger[len(short) - 1] == " "
    assert shortened("Train") == "Train"


def test_a_once_per_session_use_reads_as_the_rule_not_as_a_list_changing() -> None:
    from assistant.engine import resolve
    from assistant.ui.components.dice_card import dice_card_view

    sheet = {"schemes": [{"name": "Wine", "productivity": 0}]}
    run = resolve({"system": "city", "move": "Run the Scheme", "dice": [1, 2], "character": sheet})
    changes = dice_card_view(run).changes
    assert "Once per session: you may not Run the Scheme again until the next session" in changes, changes
    assert not any("none →" in c or "→ run the scheme" in c for c in changes), changes


def test_an_unnamed_resource_is_said_once_on_the_card_as_what_to_do() -> None:
    from assistant.engine import resolve
    from assistant.ui.components.dice_card import dice_card_view

    view = dice_card_view(resolve({"system": "city", "move": "Secure Resource", "dice": [6, 5]}))
    assert "The resource was not named, so nothing is written yet: add it to the faction's aspects." in view.notes
    assert not any("not named" in c for c in view.changes), view.changes


def test_an_unnamed_faction_is_not_drawn_as_an_empty_bold() -> None:
    """A new city character's sidebar read "Faction: ****" (a faction with no name yet drawn as empty bold)."""
    app = AppTest.from_file(str(APP), default_timeout=60)
    app.run()
    create_campaign(app, "Tanners", "city")
    sidebar = "\n".join(str(m.value) for m in app.sidebar.markdown)
    assert "****" not in sidebar and "Faction:" not in sidebar, sidebar
    play_action(app, "/set faction The Lantern Guild")
    sidebar = "\n".join(str(m.value) for m in app.sidebar.markdown)
    assert "Faction: **The Lantern Guild**" in sidebar, sidebar
