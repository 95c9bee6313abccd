"""Round 35 in Starforged: a companion named in lower case ("with my drone pip scouting ahead") was not known as one,
so "pip gets hit by a security turret" offered Secure an Advantage; it is Companion Takes a Hit ("When your companion
faces physical hardship"), as for "my drone Pip"."""

from __future__ import annotations

import pytest

from assistant.chat.companions import companion_names
from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


@pytest.mark.parametrize(
    ("line", "names"),
    [
        ("i sneak into the reactor room with my drone pip scouting ahead", {"pip"}),
        ("my hound rex", {"rex"}),
        ("our robot named bolt.", {"bolt"}),
        ("my drone scouts ahead", set()),
        ("my hound is hurt", set()),
        ("my drone flies ahead", set()),
    ],
)
def test_a_companion_named_in_lower_case(line: str, names: set[str]) -> None:
    assert companion_names([line]) == names


def test_pip_gets_hit_is_companion_takes_a_hit() -> None:
    session, _dice = open_campaign("Pip lower", "starforged")
    session.send("i sneak into the reactor room with my drone pip scouting ahead")
    offered = session.send("pip gets hit by a security turret")
    assert offered.suggestions[0].move == "Companion Takes a Hit", [s.move for s in offered.suggestions]
