"""Round 34, Blades downtime: a Long-Term Project of forging a key rolled +consort (the character's best action, not
the one the work is: "describe what your character does to advance the project clock, and roll one of your
actions"), and the same refusal was printed in full on every downtime activity refused in one reply."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def test_blades_a_project_of_making_a_thing_rolls_tinker() -> None:
    session, _ = open_campaign("Vault key", "blades")
    turn = session.send("downtime. i start a long term project to forge a duplicate key to the Bowmore vault, 8 segments")
    project = next(s for s in turn.suggestions if s.move == "Long-Term Project")
    assert project.stat == "tinker", project.stat


def test_blades_a_refusal_shared_by_several_activities_is_told_once() -> None:
    session, _ = open_campaign("Busy week", "blades")
    for stat in ("insight", "prowess"):
        assert session.send(f"/roll train +{stat}").kind != "error"
    turn = session.send("i recover at the physicker and work on my long term project and acquire a boat")
    refused = [x for x in turn.narration.splitlines() if "not now" in x]
    assert len(refused) >= 2, turn.narration
    assert sum("downtime activities" in x for x in refused) == 1, refused
    assert refused[1].endswith("not now, for the same reason"), refused
