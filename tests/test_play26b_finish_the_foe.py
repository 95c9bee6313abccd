"""Round 26, a Starforged fight ended by naming the foe: "I finish the enforcer" in the fight with the syndicate
enforcer offered Check Your Gear, Compel and Endure Harm, or Strike and Gain Ground before Take Decisive Action, whose
trigger it is ("seize an objective"; 'finish him' and 'take them down' already were). While a fight is on, finishing,
taking down or defeating "the <foe>" is Take Decisive Action first, in either position; outside a fight the words
keep their other sense, and the fight's own attack words still come first for an attack."""

from __future__ import annotations

import pytest

from assistant.suggest import SuggestContext, suggest

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def _offered(embedder, typed: str, standing: str | None) -> list[str]:
    context = SuggestContext(system="starforged", standing=standing, position=standing, in_combat=standing is not None)
    return [s.move for s in suggest(typed, context, embedder=embedder)]


@pytest.mark.parametrize(
    "typed",
    [
        "I finish the enforcer",
        "I finish the raider",
        "I take the enforcer down",
        "I finish off the pirate captain",
        "I defeat the drone",
    ],
)
@pytest.mark.parametrize("standing", ["in_control", "bad_spot"])
def test_finishing_the_foe_in_a_fight_is_the_decisive_action(embedder, typed: str, standing: str) -> None:
    assert _offered(embedder, typed, standing)[0] == "Take Decisive Action"


@pytest.mark.parametrize(("typed", "standing", "move"), [("I strike at the enforcer", "in_control", "Strike")])
def test_an_attack_in_the_fight_is_still_the_attack(embedder, typed: str, standing: str, move: str) -> None:
    assert _offered(embedder, typed, standing)[0] == move


def test_outside_a_fight_finishing_the_expedition_is_not_a_fight(embedder) -> None:
    assert "Take Decisive Action" not in _offered(embedder, "I finish the expedition to the derelict", None)
