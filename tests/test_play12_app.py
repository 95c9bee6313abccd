"""Round 12 in the app: the card and the story beside it never say the same row or answer twice, and the card and
the sheet name a meter alike ("Health: 5 → 4" on the card, "Health: 4 / 5" on the sheet)."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from assistant.chat.session import ChatSession
from assistant.ui.components.dice_card import dice_card_view
from tests.session_helpers import open_campaign
from tests.test_ui_app import APP, _offline_fast, create_campaign, markdown, no_errors, play_action  # noqa: F401


@pytest.mark.usefixtures("hash_embedder")
def test_a_d100_row_and_a_yes_no_answer_are_on_the_card_and_not_again_in_the_story() -> None:
    _, dice = open_campaign("Beside the Card", "starforged")
    session = ChatSession.open("Beside the Card", rng=dice, cards_shown=True)
    dice.queue(42)
    row = session.send("/table pay the price")
    assert row.kind == "action" and not row.notes, (row.error, row.notes)
    text = row.results[0].table["rows"][0]["text"].rstrip(".")  # type: ignore[index]
    assert text in dice_card_view(row.results[0]).outcome_text
    assert text not in row.narration, row.narration
    dice.queue(20)
    answer = session.send("/oracle action")
    assert answer.kind == "oracle" and answer.results[0].outcome == "yes", answer.error
    assert dice_card_view(answer.results[0]).outcome_text == "The answer is yes."
    assert "The answer is yes" not in answer.narration and "“Action?”" in answer.narration, answer.narration
    dice.queue(20)
    told = session.send("/oracle will the guard notice me")  # a question the story can answer in its own words
    assert "Yes: the guard will notice you." in told.narration, told.narration


def test_the_card_and_the_sheet_name_health_alike() -> None:
    app = AppTest.from_file(str(APP), default_timeout=90)
    app.run()
    create_campaign(app, "Bruised", "starforged")
    play_action(app, "/roll endure harm amount=1 +health")
    shown = markdown(app)
    assert "Health: 5 → 4 (-1)" in shown and "health: 5 → 4" not in shown, shown
    bars = [p.proto.text for p in app.sidebar.get("progress")]
    assert "Health: 4 / 5" in bars, bars
    no_errors(app)


@pytest.mark.usefixtures("hash_embedder")
def test_a_move_made_without_a_roll_beside_the_card_tells_its_moment_not_the_cards_text() -> None:
    _, dice = open_campaign("No Roll", "starforged")
    session = ChatSession.open("No Roll", rng=dice, cards_shown=True)
    harm = session.send("/roll endure harm amount=1 +health")
    assert harm.kind == "action" and harm.results[0].roll == "none", harm.error
    card = dice_card_view(harm.results[0])
    assert "so you do not roll" in card.outcome_text
    assert harm.narration == "You face physical injury.", harm.narration
    assert session.reload().active()["health"] == 4  # type: ignore[index]


@pytest.mark.usefixtures("hash_embedder")
def test_progress_on_the_card_reads_in_boxes_with_the_ticks_marked() -> None:
    _, dice = open_campaign("Boxes", "starforged")
    session = ChatSession.open("Boxes", rng=dice, cards_shown=True)
    dice.queue(5, 4, 1)
    asked = session.send("/roll swear an iron vow +heart")  # no words for the vow: its name is asked first
    assert asked.kind == "question", asked.error
    vow = session.send("to find the lost beacon")
    assert vow.kind == "action", vow.error
    milestone = session.send("/roll reach a milestone")
    assert milestone.kind == "action", milestone.error
    changes = dice_card_view(milestone.results[0]).changes
    assert any(": 0 → 1/10 boxes (+4 ticks)" in c for c in changes), changes  # formidable: a box is 4 ticks
    assert not any("0 → 4 (+4)" in c for c in changes), changes


@pytest.mark.usefixtures("hash_embedder")
def test_a_beating_instead_of_prison_is_on_the_card_and_the_story_adds_no_title() -> None:
    _, dice = open_campaign("Beaten", "blades")
    session = ChatSession.open("Beaten", rng=dice, cards_shown=True)
    beaten = session.send("/roll incarceration beating=yes")
    assert beaten.kind == "action" and not beaten.notes and not beaten.violations, (beaten.error, beaten.notes)
    assert beaten.narration == "", beaten.narration  # not "Incarceration." (the card's title) nor the card's text
    assert "the constables give you a beating" in dice_card_view(beaten.results[0]).outcome_text
    harm = session.reload().active()["harm"]  # type: ignore[index]
    assert [h["level"] for h in harm] == [3], harm


def test_a_starforged_session_in_the_app_reloads_the_same_campaign_with_every_turn() -> None:
    from assistant.store import service

    app = AppTest.from_file(str(APP), default_timeout=90)
    app.run()
    create_campaign(app, "Syndicate", "starforged")
    play_action(app, "I swear an iron vow to rescue my brother, a dangerous vow")
    app.button(key="suggestion_0").click().run()
    no_errors(app)
    play_action(app, "A syndicate enforcer blocks my path and draws a blade")
    fray = next(b for b in app.button if b.key and b.key.startswith("suggestion_") and "Enter the Fray" in b.label)
    fray.click().run()
    no_errors(app)
    play_action(app, "is the enforcer dead?")
    asked = markdown(app)
    assert "the fight with the syndicate enforcer is still open" in asked, asked
    play_action(app, "/table pay the price")
    no_errors(app)
    state = service.load_campaign("Syndicate")
    assert state.moves == 3, state.moves  # the vow, the fray, the price; the question rolled nothing
    row = [e for e in service.campaign_events("Syndicate") if e.event.type == "move_resolved"][-1].event.result
    text = row["table"]["rows"][0]["text"].rstrip(".")
    told = [str(m.value) for m in app.markdown if text in str(m.value)]
    assert told and all(t.startswith(("- ", "**Next**")) for t in told), told  # on the card (row, next), no story

    reloaded = AppTest.from_file(str(APP), default_timeout=90)
    reloaded.query_params["campaign"] = "Syndicate"
    reloaded.run()
    no_errors(reloaded)
    assert reloaded.selectbox(key="campaign_pick").value == "Syndicate"
    again = markdown(reloaded)
    for said in ("the fight with the syndicate enforcer is still open", "Swear an Iron Vow", text):
        assert said in again, said
    again_told = [str(m.value) for m in reloaded.markdown if text in str(m.value)]
    assert again_told and all(t.startswith(("- ", "**Next**")) for t in again_told), again_told


@pytest.mark.usefixtures("hash_embedder")
def test_a_burn_that_would_help_is_offered_by_the_card_not_again_in_the_story() -> None:
    _, dice = open_campaign("Burn Offer", "starforged")
    session = ChatSession.open("Burn Offer", rng=dice, cards_shown=True)
    session.send("/set momentum 9")
    dice.queue(2, 6, 8)
    missed = session.send("/roll face danger +edge")
    assert "Burning momentum would make this a Strong hit." in dice_card_view(missed.results[0]).next_steps
    assert "burn" not in missed.narration.lower(), missed.narration
    burned = session.send("/burn")
    assert burned.results[0].outcome == "strong_hit" and session.reload().active()["momentum"] == 3  # type: ignore[index]


@pytest.mark.usefixtures("hash_embedder")
def test_ticks_short_of_a_box_read_as_boxes_and_ticks_on_the_card() -> None:
    _, dice = open_campaign("Ticks", "elegy")
    session = ChatSession.open("Ticks", rng=dice, cards_shown=True)
    session.send("/track extreme Destroy the hunters guild")
    milestone = session.send("/roll reach a milestone")
    assert milestone.kind == "action", milestone.error
    changes = dice_card_view(milestone.results[0]).changes
    assert changes[0].startswith("Destroy the hunters guild: 0 → 0/10 boxes and 2 ticks (+2 ticks)"), changes


def test_a_track_started_in_the_sidebar_is_one_the_systems_moves_mark() -> None:
    from assistant.store import service

    app = AppTest.from_file(str(APP), default_timeout=90)
    app.run()
    create_campaign(app, "Crypt", "elegy")
    assert app.sidebar.selectbox(key="new_track_kind_elegy").value == "elegy"
    app.text_input(key="new_track_name").set_value("Destroy the hunters guild")
    app.button(key="add_track").click().run()
    no_errors(app)
    play_action(app, "/roll reach a milestone")
    tracks = list(service.load_campaign("Crypt").tracks.values())
    assert [(t["kind"], t["ticks"]) for t in tracks] == [("elegy", 8)], tracks  # dangerous: 2 boxes
