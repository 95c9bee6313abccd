"""A new clock or track is named in the player's own words: the spelling mender, which reads "fullfil" as "fulfil" to
find the move, turned "forge bluecoat papers" into the clock "Forge bluecoats papers" (the Blades word it knows)."""

from __future__ import annotations

import pytest

from assistant.store import service
from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def test_a_new_project_keeps_the_players_words() -> None:
    session, dice = open_campaign("Own words project", "blades")
    offered = session.send("I work on our long-term project to forge bluecoat papers")
    assert offered.suggestions and offered.suggestions[0].move == "Long-Term Project", offered.narration
    dice.queue(4, 5)
    session.confirm(offered.suggestions[0])
    projects = service.load_campaign(session.campaign).active()["projects"]
    assert [p["name"] for p in projects] == ["Forge bluecoat papers"], projects


def test_a_misspelt_move_is_still_found_and_its_vow_named_as_typed() -> None:
    session, dice = open_campaign("Own words vow", "starforged")
    session.send("/track dangerous Find the bluecoat informant")
    offered = session.send("i fullfil my vow to find the bluecoat informant")
    assert offered.suggestions and offered.suggestions[0].move == "Fulfill Your Vow", offered.narration
    tracks = service.load_campaign(session.campaign).tracks.values()
    assert [t["name"] for t in tracks] == ["Find the bluecoat informant"]
