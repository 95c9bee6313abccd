"""Round 19 of Blades downtime played through the chat: a long-term project whose clock's size closes the words ("...
a better lockpick, an 8 clock") is named without the leftover words ("Build a better lockpick", not "..., an")."""

from __future__ import annotations

import pytest

from assistant.chat.clock_finder import project_name, segments_in
from tests.session_helpers import open_campaign


@pytest.mark.parametrize(
    ("words", "name", "segments"),
    [
        ("I work on a long-term project to build a better lockpick, an 8 clock", "Build a better lockpick", 8),
        ("long term project: earn the trust of the Grey Cloaks, a 6-segment clock", "Earn the trust of the Grey Cloaks", 6),
        ("I start a project to map the sewers with an 8-segment clock", "Map the sewers", 8),
    ],
)
def test_a_projects_name_leaves_out_the_clock_size_and_its_lead_words(words: str, name: str, segments: int) -> None:
    assert project_name(words) == name
    assert segments_in(words) == segments


@pytest.mark.usefixtures("hash_embedder")
def test_the_lockpick_project_is_on_the_sheet_by_its_name() -> None:
    session, dice = open_campaign("Lockpick", "blades")
    offered = session.send("I work on a long-term project to build a better lockpick, an 8 clock")
    project = next(s for s in offered.suggestions if s.move == "Long-Term Project")
    dice.queue(2, 4)
    worked = session.confirm(project)
    assert worked.kind == "action", worked.error
    assert any("A new project: “Build a better lockpick”, an 8-segment clock" in n for n in worked.notes), worked.notes
    assert ", an clock" not in worked.narration, worked.narration
    sheet = session.reload().active()
    assert sheet is not None and [p["name"] for p in sheet["projects"]] == ["Build a better lockpick"], sheet["projects"]
