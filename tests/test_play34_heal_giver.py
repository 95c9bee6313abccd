"""Round 34 in Starforged: Heal is rolled by the one who gives the care. The text: "Provide care: Roll +wits";
"Receive treatment from someone (not an ally): Roll +iron". "Kira bandages my arm" is Kira's Heal at the one
playing, so Kira rolls +wits (it rolled her +iron); "I bandage Kira's arm" is the player's +wits; a medic who is no
ally treating the player is the player's +iron."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def _heal(turn):  # type: ignore[no-untyped-def]
    return next(s for s in turn.suggestions if s.move == "Heal")


@pytest.mark.parametrize("line", ["Kira bandages my arm", "kira heals me", "kira patches up my wounds"])
def test_an_ally_healing_me_rolls_her_wits(line: str) -> None:
    session, dice = open_campaign(f"Giver {line.split()[1]}", "starforged")
    assert session.send("/character add Kira edge=1 heart=1 iron=3 shadow=2 wits=2").ok
    heal = _heal(session.send(line))
    assert heal.request["character_id"] == "kira", heal.request
    assert heal.stat == "wits" and heal.request["stat"] == "wits", heal
    assert heal.stat_value == 2, heal  # Kira's wits, not the player's (1) nor her iron (3)
    dice.queue(5, 1, 9)
    made = session.confirm(heal)
    card = made.results[0]
    assert card.stat == "wits" and card.stat_value == 2 and card.score == 7, card
    assert "Heal, +wits" in made.narration, made.narration


def test_my_care_for_kira_rolls_my_wits() -> None:
    session, _dice = open_campaign("Giver mine", "starforged")
    session.send("/character add Kira")
    heal = _heal(session.send("I bandage Kira's arm"))
    assert heal.request["options"]["target"] == "kira", heal.request
    assert heal.stat == "wits" and heal.request.get("character_id") in (None, session.state.active_character), heal


def test_a_medic_no_ally_treating_me_is_my_iron() -> None:
    session, _dice = open_campaign("Giver medic", "starforged")
    heal = _heal(session.send("the medic at the station treats my wounds"))
    assert heal.stat == "iron", heal
    assert "someone" in (heal.approach or ""), heal.approach
