"""Round 33 in Starforged: Aid Your Ally's picks name who takes the benefits as the player says it ("on a hit, you take
the benefits" when Kira aids the one playing; it read "their ally takes the benefits" of the player themself)."""

from __future__ import annotations

import pytest

from assistant.narrate.aid_words import aid_told
from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def test_kira_covering_the_player_says_you_take_the_benefits() -> None:
    session, _dice = open_campaign("Aid me", "starforged")
    session.send("/character add Kira")
    made = session.confirm(session.send("Kira, cover me!").suggestions[0])
    assert made.kind == "action", made.error
    assert "their ally" not in made.narration and "your ally" not in made.narration, made.narration
    assert "Secure an Advantage (on a hit, you take the benefits)" in made.narration, made.narration
    assert "weak hit: you are in control but Kira is in a bad spot" in made.narration, made.narration
    picked = session.send("/choose 2")
    assert picked.narration.startswith("Kira picks: Gain Ground."), picked.narration


def test_the_player_aiding_kira_names_her_as_the_one_who_takes_the_benefits() -> None:
    session, _dice = open_campaign("Aid Kira", "starforged")
    session.send("/character add Kira")
    made = session.send("/roll aid your ally target=kira")
    assert "Secure an Advantage (on a hit, Kira takes the benefits)" in made.narration, made.narration
    assert "weak hit: Kira is in control but you are in a bad spot" in made.narration, made.narration


@pytest.mark.parametrize(
    ("ally", "actor", "told"),
    [
        ("", "Kira", "Aid Your Ally: on a hit, you (instead of Kira) take the benefits"),
        ("Kira", "", "Aid Your Ally: on a hit, Kira (instead of you) takes the benefits"),
        ("Mara", "Kira", "Aid Your Ally: on a hit, Mara (instead of Kira) takes the benefits"),
    ],
)
def test_the_follow_ups_words_name_both(ally: str, actor: str, told: str) -> None:
    assert aid_told("Aid Your Ally: on a hit, your ally (instead of you) takes the benefits", ally, actor) == told
