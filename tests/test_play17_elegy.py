"""Round 17 of an Elegy session with the companion Mara: "Mara feeds" is Mara's Feed, rolled with her sheet, and the
note that says so lists the moves as a sentence does ("Feed, Compel and Face Danger are Mara's"), and her roll is told
as hers ("Mara feeds.", not "You turn your attention to mara feeds.")."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


@pytest.mark.parametrize("words", ["Mara feeds", "Mara feeds on the drunk in the alley"])
def test_mara_feeds_is_maras_feed(words: str) -> None:
    session, dice = open_campaign(f"Mara {words}", "elegy")
    session.send("/character add Mara glamour=3")
    offered = session.send(words)
    assert offered.suggestions[0].move == "Feed", [s.move for s in offered.suggestions]
    theirs = [n for n in offered.notes if "rolled with Mara's sheet" in n]
    assert theirs and " and " in theirs[0] and theirs[0].count(" and ") == 1, offered.notes
    if len(offered.suggestions) > 2:
        assert theirs[0].startswith(f"{offered.suggestions[0].move}, "), theirs
    assert offered.suggestions[0].stat_value == 3  # Mara's glamour, not the one playing's 2
    dice.queue(9, 8)
    rolled = session.confirm(offered.suggestions[0])
    assert rolled.kind == "action" and rolled.results[0].outcome.value == "miss", rolled.error
    assert rolled.narration.startswith("Mara "), rolled.narration
