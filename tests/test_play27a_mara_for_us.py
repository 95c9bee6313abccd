"""A companion's deed for the party is hers: "Mara charms the tavern keeper into telling us where the hunter sleeps"
was rolled on Vesper's sheet (the "us" of what the keeper was to tell read as Mara acting on the one playing). The
words past "into", "where", "while", "so that" are someone else's doing; a blow on the one playing is still hers at
them ("Mara tries to stab me")."""

from __future__ import annotations

import pytest

from assistant.store import service
from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def _with_mara(name: str):
    session, dice = open_campaign(name, "elegy")
    session.send("/set name Vesper")
    session.send("/character add Mara glamour=4")
    return session, dice


@pytest.mark.parametrize(
    "words",
    [
        "Mara charms the tavern keeper into telling us where the hunter sleeps",
        "Mara sweet-talks the night watchman into letting us through the gate",
        "Mara distracts the guards while we slip into the crypt",
    ],
)
def test_marass_deed_for_the_party_is_rolled_on_her_sheet(words: str) -> None:
    session, dice = _with_mara("For us " + words[:12].strip())
    offered = session.send(words)
    assert offered.suggestions, offered.narration
    top = offered.suggestions[0]
    assert (top.request or {}).get("character_id") == "mara", top.request
    dice.queue(1, 1)
    rolled = session.confirm(top)
    assert rolled.kind == "action", rolled.error
    moved = [e for e in service.campaign_events(session.campaign) if e.event.type == "move_resolved"][-1]
    assert moved.event.state_change.character_id == "mara"  # her sheet, not Vesper's


@pytest.mark.parametrize("words", ["Mara tries to stab me, 2 harm", "Mara hits me for 2 harm", "Mara bites me for 1 harm"])
def test_a_blow_of_hers_on_the_one_playing_is_still_taken_by_them(words: str) -> None:
    session, _dice = _with_mara("On me " + words[:12].strip())
    offered = session.send(words)
    endure = next((s for s in offered.suggestions if s.move == "Endure Harm"), None)
    assert endure is not None, [s.move for s in offered.suggestions]
    assert (endure.request or {}).get("character_id") in (None, session.state.active_character), endure.request
