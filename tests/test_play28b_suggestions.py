"""Round 28, suggestions read from the rules texts. Docking with a ship was offered Hearten, Face Danger and Resupply
(Starforged: docking ends a trip, "you reach your destination", Set a Course); confronting someone in the city game was
Observe Someone (its example named a merchant); "I want to find out who runs this neighborhood" was the faction move
Overtake Neighborhood (the clause after "find out" was dropped as a scene about someone else); dodging an arrow in the
Dungeon World text was a Saving Throw, which the text keeps for control moves ("Control moves always allow for their
target to make a saving throw")."""

from __future__ import annotations

import pytest

from assistant.engine.cue_words import without_others_clause
from assistant.suggest import SuggestContext, suggest


def _top(embedder, system: str, text: str) -> list[str]:
    return [s.move for s in suggest(text, SuggestContext(system=system), k=3, embedder=embedder)]


# ---- Starforged: docking and landing end a trip ---------------------------------------------------------------------
@pytest.mark.parametrize(
    "text",
    ["I dock with the Halcyon", "We dock at the station", "I land the ship at the outpost", "I bring the shuttle in to dock",
     "we touch down on the moon"],
)  # fmt: skip
def test_docking_is_the_end_of_a_trip(embedder, text: str) -> None:
    moves = _top(embedder, "starforged", text)
    assert moves[0] == "Set a Course", (text, moves)
    assert not {"Hearten", "Heal", "Resupply"} & set(moves), (text, moves)


@pytest.mark.parametrize(
    ("text", "move"),
    [("I try to talk the dock master into letting us land without papers", "Compel"),
     ("I share a drink with friends and relax", "Hearten"), ("I patch up my wounds with a medkit", "Heal"),
     ("I plot a course along the known route to the station", "Set a Course")],
)  # fmt: skip
def test_other_starforged_deeds_keep_their_moves(embedder, text: str, move: str) -> None:
    assert _top(embedder, "starforged", text)[0] == move


# ---- the city game: confronting someone, finding out who holds ground ----------------------------------------------
@pytest.mark.parametrize(
    "text",
    ["confront the merchant prince", "I confront the guard captain", "I call out the magistrate for lying",
     "I face down the fence in his shop", "I corner the clerk and demand answers"],
)  # fmt: skip
def test_confronting_someone_is_a_demand(embedder, text: str) -> None:
    assert _top(embedder, "city", text)[0] == "Direct Someone to Act"


@pytest.mark.parametrize(
    "text",
    ["I want to find out who runs this neighborhood", "I need to find out who controls the docks",
     "we try to learn who owns this district", "I find out who runs the market quarter"],
)  # fmt: skip
def test_finding_out_who_holds_ground_is_no_faction_move(embedder, text: str) -> None:
    moves = _top(embedder, "city", text)
    assert moves[0] in ("Get Your Bearings", "Ear to the Ground"), (text, moves)
    assert not {"Overtake Neighborhood", "Mind the Whispers"} & set(moves), (text, moves)


@pytest.mark.parametrize(
    ("text", "move"),
    [("Our gang moves in on the Eastside neighborhood", "Overtake Neighborhood"),
     ("our faction takes over the district", "Overtake Neighborhood"), ("I watch the merchant closely", "Observe Someone"),
     ("I tail the courier through the market", "Observe Someone")],
)  # fmt: skip
def test_city_moves_the_words_call_for_stay(embedder, text: str, move: str) -> None:
    assert _top(embedder, "city", text)[0] == move


def test_the_clause_a_player_sets_out_to_learn_is_kept() -> None:
    assert without_others_clause("I want to find out who runs this neighborhood").endswith("who runs this neighborhood")
    assert without_others_clause("we ask where the hunters sleep").endswith("where the hunters sleep")
    # a clause about someone else after what the character does is still dropped
    assert without_others_clause("I threaten the gravedigger to tell me where the hunters sleep") == (
        "I threaten the gravedigger to tell me"
    )


# ---- Dungeon World: an attack is not dodged with a saving throw ----------------------------------------------------
@pytest.mark.parametrize(
    "text",
    ["I dodge her arrow", "I duck under his swing", "I sidestep the axe blow", "I dive out of the way of the spear",
     "I evade the dagger thrust"],
)  # fmt: skip
def test_dodging_an_attack_is_no_saving_throw(embedder, text: str) -> None:
    moves = _top(embedder, "dungeon-world", text)
    assert moves[0] != "Saving Throw" and "Deal Damage" in moves, (text, moves)
    assert moves[0] not in ("Volley", "Hack & Slash"), (text, moves)


@pytest.mark.parametrize(
    "text",
    ["I resist the charm spell", "I try to break free of the paralysis", "I dive aside as the spell tries to hold me in place"],
)
def test_a_control_still_gets_its_saving_throw(embedder, text: str) -> None:
    assert _top(embedder, "dungeon-world", text)[0] == "Saving Throw"
