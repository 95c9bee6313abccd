"""Starforged suggestions: reading someone for a lie is Gather Information (its word "lie" had offered Compel first),
telling one is still Compel; vaulting or clambering over something is Face Danger (+edge), not Resupply for "cargo"."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def _first(typed: str) -> tuple[str, str | None]:
    session, _ = open_campaign(f"Cues {typed}", "starforged")
    turn = session.send(typed)
    assert turn.suggestions, turn.narration
    return str(turn.suggestions[0].move), turn.suggestions[0].stat


@pytest.mark.parametrize(
    "typed",
    [
        "I read the envoy's face for a lie",
        "I study her face to see whether she is lying",
        "I watch the broker closely for any lie in his story",
        "I try to catch the smuggler in a lie",
    ],
)
def test_reading_someone_for_a_lie_gathers_information(typed: str) -> None:
    assert _first(typed) == ("Gather Information", "wits")


@pytest.mark.parametrize(
    "typed", ["I lie to the guard about my papers", "I tell the envoy a convincing lie", "I bluff the customs officer"]
)
def test_telling_a_lie_is_still_compel(typed: str) -> None:
    assert _first(typed)[0] == "Compel"


@pytest.mark.parametrize(
    "typed", ["I vault over the cargo rails", "I clamber over the wreckage", "I scramble over the barricade"]
)
def test_vaulting_over_something_is_face_danger_with_edge(typed: str) -> None:
    assert _first(typed) == ("Face Danger", "edge")
