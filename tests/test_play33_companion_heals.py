"""Round 33 in Starforged: "kira patches up my wounds" is Kira's move for the one playing, told as hers ("Kira
patches up your wounds"), not the player's Heal under "You set your sights on kira patches up your wounds"."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


@pytest.mark.parametrize("line", ["kira patches up my wounds", "Kira bandages my arm", "kira heals my wounds"])
def test_kira_mending_my_wounds_is_her_heal_at_me(line: str) -> None:
    session, _dice = open_campaign(f"Mend {line.split()[1]}", "starforged")
    session.send("/character add Kira")
    offered = session.send(line)
    heal = next(s for s in offered.suggestions if s.move == "Heal")
    assert heal.request.get("character_id") == "kira", heal.request
    assert heal.request["options"]["target"] == session.state.active_character, heal.request
    made = session.confirm(heal)
    assert "set your sights on kira" not in made.narration.lower(), made.narration
    assert made.narration.startswith("Kira "), made.narration
