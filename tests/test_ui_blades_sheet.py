"""The Blades sheet in the app's sidebar as a player reads it: the vice by its name, the crew's coin against what its
vault holds (the same limit the Payoff card states), the edits a player makes in the chat."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from tests.test_ui_app import APP, _offline_fast, create_campaign, no_errors, play_action  # noqa: F401


def sidebar_text(app: AppTest) -> str:
    return "\n".join(str(m.value) for m in app.sidebar.markdown)


def test_the_vice_reads_as_a_name_and_the_crew_coin_bar_stops_where_the_vault_does() -> None:
    app = AppTest.from_file(str(APP), default_timeout=60)
    app.run()
    create_campaign(app, "Lampblacks", "blades")
    for command in ("/set vice Gambling", "/set vice purveyor Singer at the Silver Stag", "/set name Vex"):
        play_action(app, command)
    no_errors(app)
    bars = [p.proto.text for p in app.sidebar.get("progress")]
    assert "Crew coin: 2 / 4" in bars, bars  # no vault upgrade: the crew's coin holds 4
    shown = sidebar_text(app)
    assert "Vice: **Gambling (purveyor Singer at the Silver Stag)**" in shown, shown
    assert "type Gambling" not in shown
    play_action(app, "/set vaults 1")
    bars = [p.proto.text for p in app.sidebar.get("progress")]
    assert "Crew coin: 2 / 8" in bars, bars
    page = "\n".join(str(m.value) for m in app.markdown)
    assert "Your character is now called Vex." in page and "Name none" not in page


def test_an_entanglement_at_wanted_level_0_shows_the_lower_die_and_no_failure() -> None:
    app = AppTest.from_file(str(APP), default_timeout=60)
    app.run()
    create_campaign(app, "Crew", "blades")
    play_action(app, "roll entanglements")
    app.button(key="suggestion_0").click().run()
    no_errors(app)
    page = "\n".join(str(m.value) for m in app.markdown)
    assert "Lower die" in page and "Best die" not in page, page
    assert "bad outcome" not in page.lower() and 'class="outcome"' not in page, page
    assert "Entanglements: the dice read" in page or "means no dice" in page, page


def test_a_pick_on_a_card_reads_as_the_pick_not_the_choice_id() -> None:
    from assistant.engine import resolve
    from assistant.ui.components.dice_card import dice_card_view

    request = {"system": "blades", "move": "Entanglements", "stat": "wanted_level", "dice": [1, 2]}
    picked = resolve({**request, "options": {"choose": ["gang_trouble"]}})
    view = dice_card_view(picked)
    assert view.changes == ["Chosen: Gang Trouble"], view.changes
    assert view.score_line == "Lower die 1" and view.outcome == ""
    old = picked.model_copy(update={"notes": ["Zero dice: rolled two and took the lowest (no critical)."]})
    assert dice_card_view(old).score_line == "Lower die 1"  # a result saved with the older wording of the note


def test_the_rules_tab_names_the_games_and_asks_a_blades_player_about_blades() -> None:
    app = AppTest.from_file(str(APP), default_timeout=60)
    app.run()
    create_campaign(app, "Doskvol", "blades")
    picker = app.selectbox(key="rules_system")
    assert picker.value == "blades"
    assert "Blades in the Dark" in picker.options and "All systems" in picker.options and "blades" not in picker.options
    assert "momentum" not in (app.text_input(key="rules_question").placeholder or "").lower()
    app.text_input(key="rules_question").set_value("What happens when heat reaches 9?")
    app.button(key="rules_ask").click().run()
    no_errors(app)
    assert any("Blades in the Dark › Heat" in e.label for e in app.expander), [e.label for e in app.expander]


def test_a_turn_played_in_the_terminal_reads_in_the_app_without_its_card_and_lists_twice() -> None:
    from assistant.chat.session import ChatSession
    from assistant.store import service
    from tests.session_helpers import ScriptedDice

    service.create_campaign("Terminal Crew", "blades", seed=7)
    dice = ScriptedDice().queue(4, 5)
    session = ChatSession.open("Terminal Crew", rng=dice)
    vice = session.send("/roll indulge vice")
    assert "your call:" in vice.narration and "Rolled 4 and 5" in vice.narration  # the terminal's card and list
    app = AppTest.from_file(str(APP), default_timeout=60)
    app.query_params["campaign"] = "Terminal Crew"
    app.run()
    no_errors(app)
    stories = [str(m.value) for m in app.markdown if "overindulge" in str(m.value).lower()]
    assert stories and not any("your call:" in s or "Rolled 4 and 5" in s for s in stories), stories


def test_a_long_term_project_s_clock_is_in_sight_and_xp_reads_as_xp() -> None:
    """The project clock a downtime just filled was drawn only inside the folded "More", under "Xp"; it is now in
    sight under the sheet, and "XP" reads as the rules write it."""
    app = AppTest.from_file(str(APP), default_timeout=60)
    app.run()
    create_campaign(app, "Lampblacks", "blades")
    play_action(app, "/roll long term project +study project=Tunnel clock=8")
    no_errors(app)
    (more,) = [e for e in app.sidebar.expander if e.label == "More"]
    hidden = "\n".join(str(m.value) for m in more.markdown)
    shown = sidebar_text(app)
    assert "**Projects**" in shown and "Projects" not in hidden, hidden
    assert "Tunnel" in shown and "Tunnel" not in hidden
    assert "XP: **insight 0, prowess 0, resolve 0, playbook 0**" in hidden and "Xp" not in shown, hidden
    assert "Healing clock" in hidden  # an empty healing clock waits under "More"
