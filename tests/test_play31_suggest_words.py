"""Round 31, lines players typed that were offered the wrong move or no odds. Starforged: Repair was offered with no
odds (it asks where the repairs are made first, which sets the points, not the dice), and "I patch the hull breach"
rolled +supply, the approach of repairs obtained from someone else, because supply was the higher stat. Elegy: "I tear
the stake from his hands and drive him into the ossuary" offered Endure Harm for the stake and said no move fitted
closely; it is a blow in a fight (Clash, +force)."""

from __future__ import annotations

import pytest

from assistant.suggest import SuggestContext, suggest
from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")

SHEET = {"stats": {"edge": 2, "heart": 1, "iron": 3, "shadow": 1, "wits": 1}, "supply": 5, "health": 5, "momentum": 2}


@pytest.mark.parametrize("words", ["I patch the hull breach before we jump", "i repair my ship's engine"])
def test_repair_is_offered_with_its_odds_and_the_own_repairs_stat(words: str) -> None:
    repair = next(s for s in suggest(words, SuggestContext(system="starforged", character=SHEET), k=3) if s.move == "Repair")
    assert repair.stat == "wits", (repair.stat, repair.approach)
    assert repair.odds is not None and repair.odds["outcomes"]["miss"] > 0, repair.notes
    assert not any(n.startswith("odds unavailable") for n in repair.notes), repair.notes


def test_repair_in_the_chat_shows_odds_and_still_asks_where() -> None:
    session, dice = open_campaign("Repair odds", "starforged")
    turn = session.send("I fix the broken scanner array")
    repair = next(s for s in turn.suggestions if s.move == "Repair")
    assert repair.odds is not None
    asked = session.confirm(repair)
    assert asked.question is not None and "Where do you make the repairs" in asked.question.text


def test_heal_by_ones_own_hand_is_not_treatment_from_someone() -> None:
    heal = next(
        s for s in suggest("I bandage my wound", SuggestContext(system="starforged", character=SHEET), k=3) if s.move == "Heal"
    )
    assert "from someone" not in (heal.approach or ""), heal.approach


@pytest.mark.parametrize(
    "words",
    [
        "I tear the stake from his hands and drive him into the ossuary",
        "i wrench the knife from her grip and slam her against the wall",
    ],
)
def test_a_weapon_torn_from_a_foe_is_a_blow_in_the_fight(words: str) -> None:
    found = suggest(words, SuggestContext(system="elegy"), k=3)
    assert found[0].move == "Clash" and found[0].stat == "force", [(s.move, s.stat) for s in found]
    assert not any("closely" in n for n in found[0].notes), found[0].notes


def test_a_stake_driven_into_the_character_is_harm_taken() -> None:
    found = suggest("the hunter drives a stake into my chest", SuggestContext(system="elegy"), k=3)
    assert found[0].move == "Endure Harm", [s.move for s in found]


def test_stalking_through_fog_choked_alleys_is_not_a_grip_on_a_throat() -> None:
    words = "I stalk the hunter through the fog-choked alleys of the old quarter"
    found = suggest(words, SuggestContext(system="elegy"), k=3)
    assert found[0].move == "Face Danger", [(s.move, s.stat) for s in found]


def test_asking_where_the_hunter_sleeps_is_gathering_information_not_rest() -> None:
    found = suggest("i ask the gravedigger where the hunter sleeps", SuggestContext(system="elegy"), k=3)
    assert found[0].move == "Gather Information", [s.move for s in found]
    assert suggest("I sleep through the day in my coffin", SuggestContext(system="elegy"), k=1)[0].move == "Rest"


def test_elegy_endure_harm_says_its_odds_follow_the_harm_asked() -> None:
    session, _ = open_campaign("Harm odds", "elegy")
    turn = session.send("the hunter shoots me with a crossbow bolt")
    harm = next(s for s in turn.suggestions if s.move == "Endure Harm")
    assert harm.odds_words and harm.odds_words.startswith("odds follow the amount you give"), harm.odds_words
