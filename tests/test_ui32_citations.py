"""A card's and an answer's citation read in the player's words: the game's name, not the index's id
("dungeon-world ›"), and the rules text's lines as "lines 186–195", not "L186-L195"."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from assistant.ui.components.citations import shown_citation, shown_citations
from tests.test_ui_app import APP, create_campaign, no_errors, play_action


@pytest.fixture(autouse=True)
def _offline_fast(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_EMBEDDER", "hash")


def test_a_citation_names_the_game_and_its_lines_in_words() -> None:
    assert shown_citation("starforged › Swear an Iron Vow (starforged.txt:L220-L228)") == (
        "Ironsworn: Starforged › Swear an Iron Vow (starforged.txt, lines 220–228)"
    )
    assert shown_citation("[2] dungeon-world › Hack & Slash (dungeon-world.txt:L186-L195)") == (
        "[2] Dungeon World › Hack & Slash (dungeon-world.txt, lines 186–195)"
    )
    assert shown_citation("city › Appraise Circumstances (city.txt:L72-L84)").startswith("The Magistrate's city › ")
    assert shown_citation("blades › Heat (blades.txt:L48-L48)") == "Blades in the Dark › Heat (blades.txt, line 48)"
    assert shown_citations(["elegy › Feed (elegy.txt:L5)"]) == "Rules: Elegy › Feed (elegy.txt, line 5)"


def test_what_is_not_a_section_citation_is_left_as_it_is() -> None:
    assert shown_citation("homebrew › Rite (rite.txt:L1-L2)") == "homebrew › Rite (rite.txt, lines 1–2)"
    assert shown_citation("see the rules") == "see the rules"


def test_the_dice_card_of_a_played_move_cites_the_game_by_name() -> None:
    app = AppTest.from_file(str(APP), default_timeout=60)
    app.run()
    create_campaign(app)
    play_action(app)
    app.button(key="suggestion_0").click().run()
    no_errors(app)
    rules = [c.value for c in app.caption if c.value.startswith("Rules: ")]
    assert rules, [c.value for c in app.caption]
    assert rules[-1].startswith("Rules: Ironsworn: Starforged › ") and ", lines " in rules[-1], rules[-1]
    assert ".txt:L" not in rules[-1] and "Rules: starforged" not in rules[-1]
