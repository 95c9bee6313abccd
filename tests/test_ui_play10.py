"""The app through round 10: what a player typed at the end of a session and what it showed (/sheet, /clock, /track,
/help) is still there after a reload; a move without a roll reads as a sentence beside its card."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from tests.test_ui_app import APP, _offline_fast, create_campaign, no_errors, play_action  # noqa: F401


def _bubbles(at: AppTest) -> list[str]:
    return [str(m.value) for m in at.markdown]


def test_commands_typed_at_the_end_of_a_session_are_still_there_after_a_reload() -> None:
    app = AppTest.from_file(str(APP), default_timeout=90)
    app.run()
    create_campaign(app, "Last Words", "starforged")
    play_action(app, "/track dangerous Find the lost ship")
    for typed in ("/sheet", "/clock", "/track"):
        play_action(app, typed)
    live = _bubbles(app)
    assert any("Find the lost ship (dangerous vow): 0/10 boxes" in b for b in live), live
    reload = AppTest.from_file(str(APP), default_timeout=90)
    reload.query_params["campaign"] = "Last Words"
    reload.run()
    no_errors(reload)
    shown = _bubbles(reload)
    for typed in ("/sheet", "/clock", "/track"):
        assert typed in shown, (typed, shown)
    after_sheet = shown[shown.index("/sheet") + 1]
    assert "Stats: Edge" in after_sheet, after_sheet
    after_track = shown[shown.index("/track") + 1]
    assert "Find the lost ship (dangerous vow): 0/10 boxes" in after_track, after_track


def test_a_move_without_a_roll_reads_as_a_sentence_beside_its_card() -> None:
    app = AppTest.from_file(str(APP), default_timeout=90)
    app.run()
    create_campaign(app, "Loud Crows", "blades")
    play_action(app, "/roll heat exposure=loud")
    shown = _bubbles(app)
    assert "Heat." not in shown, shown
    assert any("the crew takes heat by the operation's exposure" in b for b in shown), shown
    no_errors(app)


def test_the_incarceration_table_card_reads_the_best_die_of_the_tier_not_a_d100() -> None:
    app = AppTest.from_file(str(APP), default_timeout=90)
    app.run()
    create_campaign(app, "Tier Crows", "blades")
    play_action(app, "/set tier 2")
    play_action(app, "/table incarceration")
    shown = "\n".join(_bubbles(app))
    assert "Best die" in shown and "on d100" not in shown, shown
    assert "for tier 2" in shown, shown
    no_errors(app)
