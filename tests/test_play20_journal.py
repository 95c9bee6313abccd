"""Round 20: the exported journal reads in the player's words: an unnamed character is "Your character" (not the store's
id), a new track starts at its value ("0", not "None → 0"), and sheet words have no underscores."""

from __future__ import annotations

import pytest

from assistant.store import service
from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def _visible(text: str) -> str:
    return "\n".join(line for line in text.splitlines() if not line.startswith("<!--"))


def test_the_journal_names_characters_and_new_tracks_in_the_players_words() -> None:
    session, dice = open_campaign("Journal", "starforged")
    offered = session.send("I swear an iron vow to find the lost colony ship Meridian, a dangerous vow")
    dice.queue(2, 5, 7)
    session.confirm(offered.suggestions[0])
    session.send("/character add Mara")
    shown = _visible(service.export("Journal", "markdown"))
    assert "**Your character** (playing)" in shown and "*Your character joins the campaign.*" in shown, shown
    assert "*Mara joins the campaign.*" in shown, shown
    assert "pc1" not in shown and "None" not in shown, shown
    assert "- Find the lost colony ship Meridian: 0/10 boxes — a new dangerous vow" in shown, shown
    assert "companion health 5" in shown and "companion_health" not in shown, shown


def test_a_pool_rolled_on_a_meter_is_titled_without_underscores() -> None:
    session, dice = open_campaign("Crew journal", "blades")
    dice.queue(3, 4)
    session.send("/roll entanglements")
    shown = _visible(service.export("Crew journal", "markdown"))
    assert "### Entanglements (+wanted level)" in shown, shown
