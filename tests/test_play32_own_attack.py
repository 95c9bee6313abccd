"""Round 32: the player's own attack in Starforged ("I fire at the raider") offers no harm taken: Endure Harm and
Withstand Damage, made without dice as the sheet stands, were offered beside Strike ("When you face physical injury"
and "When your vehicle suffers damage" are blows taken, not dealt)."""

from __future__ import annotations

import pytest

from assistant.engine.cue_words import unmet_needs
from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


@pytest.mark.parametrize(
    "line", ["I fire at the raider", "I fire at the raider again", "I fire at the raider's shuttle", "i shoot the raider"]
)
def test_an_attack_of_the_players_is_no_harm_taken(line: str) -> None:
    session, dice = open_campaign(f"Fire {len(line)}", "starforged")
    session.send("/track formidable fight the raider")
    first = session.send("I fire at the raider")
    dice.queue(6, 2, 3)
    session.confirm(next(s for s in first.suggestions if s.move in {"Clash", "Strike"}))
    turn = session.send(line)
    offered = [s.move for s in turn.suggestions]
    assert offered[0] == "Strike", offered
    assert not {"Endure Harm", "Withstand Damage"} & set(offered), offered


@pytest.mark.parametrize(
    "line", ["the raider shoots me", "I'm bleeding badly", "a blade slashes my arm", "the crossbow bolt punches into my chest"]
)
def test_harm_taken_still_finds_endure_harm(line: str) -> None:
    assert "endureharm" not in unmet_needs("starforged", line)


def test_an_attack_of_the_players_lacks_endure_harms_words() -> None:
    assert "endureharm" in unmet_needs("starforged", "I fire at the raider again")


def test_a_deed_of_the_players_lacks_endure_stress_words() -> None:
    assert "endurestress" in unmet_needs(
        "starforged", "I board the derelict station and sneak through the dark corridors looking for any sign of her"
    )
    assert "endurestress" not in unmet_needs("starforged", "The alien presence floods my mind with visions")
