"""Round 26, a Starforged fight named from the player's words: "Pirates board my ship, I enter the fray, a dangerous
fight" named the fight "The" ("a dangerous fight" read as a foe called "dangerous", its rank then taken off), and
the sheet read "Fight: The (dangerous)". A rank is never a foe, boarding or storming in names the ones who do it,
and a name left as a bare article is no name."""

from __future__ import annotations

import pytest

from assistant.chat.track_names import name_from_words
from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


@pytest.mark.parametrize(
    ("words", "name"),
    [
        ("Pirates board my ship, I enter the fray, a dangerous fight", "Pirates"),
        ("Pirates board my ship, I enter the fray", "Pirates"),
        ("A pack of raiders storms the hangar, a formidable fight", "The pack of raiders"),
        ("The drones surround me, an extreme fight", "The drones"),
        ("I enter the fray, a dangerous fight", "The fight"),
        ("I enter the fray, an epic fight", "The fight"),
        ("I fight the raider captain, a dangerous fight", "The raider captain"),
        ("a raider jumps me", "The raider"),
        ("Suddenly two Court snipers ambush me", "Two Court snipers"),
    ],
)
def test_a_fight_is_named_by_its_foe_never_by_its_rank(words: str, name: str) -> None:
    assert name_from_words(words, "combat") == name


def test_the_sheet_names_the_boarders_and_keeps_the_rank() -> None:
    session, dice = open_campaign("Boarded", "starforged")
    offered = session.send("Pirates board my ship, I enter the fray, a dangerous fight")
    dice.queue(6, 5, 4)
    fray = session.confirm(next(s for s in offered.suggestions if s.move == "Enter the Fray"))
    assert fray.kind == "action", fray.error
    assert [(t["name"], t["rank"]) for t in session.reload().tracks.values()] == [("Pirates", "dangerous")]
    assert "Fight: Pirates (dangerous) 0/10 boxes" in session.send("/sheet").narration
