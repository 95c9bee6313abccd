"""Every citation the app shows reads as the dice card's does: a rules note names the game, not its id, and says
where its words come from in a player's words; a citation inside an answer's text ("the nearest sections are …") and
a rules answer replayed after a reload read the same."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from assistant.ui.components.citations import shown_citation, shown_text
from assistant.ui.components.turn_view import split_answer
from tests.test_ui_app import APP, create_campaign, markdown, no_errors, open_page

IDS = ("starforged ›", "dungeon-world ›", "blades ›", "city ›", "elegy ›", ".txt:L", "the engine's")


@pytest.fixture(autouse=True)
def _offline_fast(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_EMBEDDER", "hash")


def test_a_rules_note_names_the_game_and_where_its_words_come_from() -> None:
    note = "[1] Rules note: starforged › Negative momentum (from the published Starforged rules)"
    assert (
        shown_citation(note) == "[1] Rules note: Ironsworn: Starforged › Negative momentum (from the published Starforged rules)"
    )
    reading = "Rules note: dungeon-world › How Magic Missile is read (1) (from the engine's dungeon-world moves data)"
    assert (
        shown_citation(reading) == "Rules note: Dungeon World › How Magic Missile is read (1) (from how this app reads the moves)"
    )
    table = "[2] Rules note: blades › Entanglements table (from the engine's blades tables data)"
    assert shown_citation(table) == "[2] Rules note: Blades in the Dark › Entanglements table (from this app's tables)"
    aside = "Rules note: city › Advantage (from the engine's city rules (the text shows advantage only in its example))"
    assert shown_citation(aside).endswith("(from this app's city rules (the text shows advantage only in its example))")
    assert shown_citation("Rules note: homebrew › Rite") == "Rules note: homebrew › Rite"  # a text the app has no name for


def test_citations_inside_a_sentence_read_as_the_cards_do() -> None:
    text = (
        "Nothing in the Ironsworn: Starforged text covers this; the nearest sections are starforged › Moves › Face "
        "Danger (starforged.txt:L138-L152); Rules note: elegy › Hunger (from the engine's elegy moves data); "
        "homebrew › Rite (rite.txt:L1-L2)."
    )
    shown = shown_text(text)
    assert "Ironsworn: Starforged › Moves › Face Danger (starforged.txt, lines 138–152)" in shown
    assert "Rules note: Elegy › Hunger (from how this app reads the moves)" in shown
    assert "homebrew › Rite (rite.txt:L1-L2)" in shown  # not a game of the app: its own words
    assert shown_text("You strike › twice (no citation)") == "You strike › twice (no citation)"
    assert shown_text("I read the city map (city.txt is a file)") == "I read the city map (city.txt is a file)"
    asked = "(Your next message is the answer: type the name of a clock in character.projects to advance in words.)"
    assert "a clock in your sheet's projects to advance" in shown_text(asked)


def test_the_rules_tab_and_the_chat_answer_name_the_game_and_survive_a_reload() -> None:
    app = AppTest.from_file(str(APP), default_timeout=60)
    app.run()
    create_campaign(app, name="Note Saga")
    app.text_input(key="rules_question").set_value("What happens when momentum is negative?")
    app.button(key="rules_ask").click().run()
    no_errors(app)
    labels = [e.label for e in app.expander if "Rules note" in e.label]
    assert labels and all("Ironsworn: Starforged ›" in label for label in labels), labels
    app.chat_input(key="chat_text").set_value("what happens when my momentum is negative?").run()
    no_errors(app)
    for label in [e.label for e in app.expander]:
        assert not any(i in label for i in IDS), label
    assert not any(i in markdown(app) for i in IDS), markdown(app)
    again = open_page("Note Saga")  # the answer drawn from the campaign's log: its passages folded, as live
    said = markdown(again) + "\n".join(str(c.value) for c in again.caption)
    assert "momentum" in said.lower()
    assert not any(i in said for i in IDS), said
    folded = [e.label for e in again.expander if "Rules note" in e.label]
    assert folded and all(label.startswith("[") and "Ironsworn: Starforged ›" in label for label in folded), folded
    assert "**When your momentum is negative" not in markdown(again).split("[1]")[0]  # no passage in full above


def test_a_logged_answer_splits_into_its_text_and_passages() -> None:
    text = "Heat rises. [1]\n\n[1] blades › Heat (blades.txt:L48-L67)\nHeat\n**Heat rises.**\n\nMore of it."
    assert split_answer(text) == (
        "Heat rises. [1]",
        [("[1] blades › Heat (blades.txt:L48-L67)", "Heat\n**Heat rises.**\n\nMore of it.")],
    )
    assert split_answer("Stats: Edge 3\n\nMeters: Health 5") == ("Stats: Edge 3\n\nMeters: Health 5", [])
