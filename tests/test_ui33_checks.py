"""The browser runs' page checks flag what a player should not read and nothing a player may: "None of the moves
closely fits" is English, "The Magistrate's city ›" is the game's name; "Rules note: city ›" is an id."""

from __future__ import annotations

from evals.screenshots_player import _check
from evals.screenshots_session import developer_words


def test_the_page_checks_tell_ids_from_names() -> None:
    assert developer_words("None of the moves closely fits these words") == []
    assert developer_words("Heat: None") == ["None"]
    assert _check("city", "Rules: The Magistrate's city › Take a Big Risk (city.txt, lines 1–9)") == []
    assert _check("city", "[1] Rules note: city › Advantage (from the published rules)") == ["city: a game by its id 'city ›'"]
    assert _check("blades", "[2] blades › Heat (blades.txt:L48-L67)") == [
        "blades: a game by its id 'blades ›'",
        "blades: a game by its id '.txt:L4'",
    ]
