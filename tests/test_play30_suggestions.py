"""Round 30, suggestions seen in played sessions. Starforged: a blaster drawn as pirates board was offered Resupply; a
shot at the pirate captain (in control) Gather Information; a breather mid-fight Take a Break first (a move made "when
you resolve a progress move or complete an intense scenario", so not while the fight is on); weaving between drifting
hull plates Withstand Damage; claiming a repair order Repair; an asteroid field crossing with no expedition open
Secure an Advantage first (now Face Danger, then Undertake an Expedition, which opens one). Elegy: a hunt for a
victim was offered Face Danger over Feed; a companion fleeing Make a Connection. The city game: watching someone's face
was offered Steer Clear. British spellings ("rumour", "armour", "defence") did not reach the moves their American
spelling reaches."""

from __future__ import annotations

import pytest

from assistant.engine.spellings import american
from assistant.suggest import SuggestContext, suggest
from assistant.suggest.spelling import americanise, move_words, system_words


def _top(embedder, system: str, text: str, k: int = 3, **context) -> list[str]:
    return [s.move for s in suggest(text, SuggestContext(system=system, **context), k=k, embedder=embedder)]


# ---- Starforged ------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text",
    ["I draw my blaster as the pirates board us", "I draw my pistol as raiders board the ship",
     "I pull my rifle as the boarding party cuts through the hatch"],
)  # fmt: skip
def test_a_weapon_drawn_as_boarders_come_is_a_fight_begun_not_a_resupply(embedder, text: str) -> None:
    moves = _top(embedder, "starforged", text, k=4)
    assert moves[0] == "Enter the Fray" and "Resupply" not in moves, (text, moves)


@pytest.mark.parametrize("text", ["I shoot the pirate captain", "I shoot the raider", "I open fire on the captain"])
def test_a_shot_in_control_is_no_gathering_of_information(embedder, text: str) -> None:
    moves = _top(embedder, "starforged", text, position="in_control")
    assert moves[0] == "Strike" and not {"Gather Information", "Resupply"} & set(moves), (text, moves)


@pytest.mark.parametrize("text", ["I take a breather", "I catch my breath behind the crates", "we regroup for a moment"])
def test_a_breather_mid_fight_is_no_take_a_break(embedder, text: str) -> None:
    control = _top(embedder, "starforged", text, position="in_control")
    assert control[0] == "Gain Ground" and "Take a Break" not in control, (text, control)
    bad = _top(embedder, "starforged", text, position="bad_spot")
    assert bad[0] == "React Under Fire" and "Take a Break" not in bad, (text, bad)
    standing = _top(embedder, "starforged", text, standing="in_control")  # the words alone, the fight still open
    assert "Take a Break" not in standing, (text, standing)
    unpicked = _top(embedder, "starforged", text, in_combat=True)
    assert "Take a Break" not in unpicked, (text, unpicked)


def test_a_breather_once_the_fight_is_over_is_still_take_a_break(embedder) -> None:
    assert _top(embedder, "starforged", "I take a breather")[0] == "Take a Break"


@pytest.mark.parametrize(
    "text",
    ["weaving between drifting hull plates", "I pilot the ship weaving between drifting hull plates",
     "we weave between the drifting wrecks"],
)  # fmt: skip
def test_weaving_through_wreckage_is_facing_danger(embedder, text: str) -> None:
    moves = _top(embedder, "starforged", text)
    assert moves[0] == "Face Danger" and not {"Withstand Damage", "Repair", "Resupply"} & set(moves), (text, moves)


@pytest.mark.parametrize("text", ["the ship takes a hit to the hull", "our hull buckles under the barrage"])
def test_the_ship_hit_is_still_withstand_damage(embedder, text: str) -> None:
    assert "Withstand Damage" in _top(embedder, "starforged", text), text


@pytest.mark.parametrize("text", ["claiming a repair order", "I take the repair job at the docks"])
def test_claiming_a_job_is_a_vow_not_a_repair(embedder, text: str) -> None:
    moves = _top(embedder, "starforged", text)
    assert moves[0] == "Swear an Iron Vow", (text, moves)


@pytest.mark.parametrize("text", ["I fix the broken engine", "I weld the hull breach shut", "I repair the drive"])
def test_mending_is_still_repair(embedder, text: str) -> None:
    assert _top(embedder, "starforged", text)[0] == "Repair", text


@pytest.mark.parametrize(
    "text",
    ["we cross the asteroid field", "I fly us through the asteroid field to the station",
     "we push through the debris field toward the beacon"],
)  # fmt: skip
def test_a_perilous_crossing_with_no_expedition_open_offers_to_begin_one(embedder, text: str) -> None:
    moves = _top(embedder, "starforged", text)
    assert moves[:2] == ["Face Danger", "Undertake an Expedition"], (text, moves)
    assert not {"Secure an Advantage", "Resupply"} & set(moves), (text, moves)
    under_way = _top(embedder, "starforged", text, open_tracks=frozenset({"expedition"}))
    assert under_way[0] == "Undertake an Expedition", (text, under_way)
    fighting = _top(embedder, "starforged", text, in_combat=True)  # no journey begun mid-fight
    assert "Undertake an Expedition" not in fighting[:1], (text, fighting)


def test_a_risky_dash_is_still_facing_danger(embedder) -> None:
    assert _top(embedder, "starforged", "I sprint across the collapsing catwalk before it gives way")[0] == "Face Danger"


# ---- Elegy -----------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text", ["I hunt a gambler in the docks", "I go hunting in the old quarter", "I hunt for a drunk sailor"]
)
def test_a_hunt_for_a_victim_is_feeding(embedder, text: str) -> None:
    assert _top(embedder, "elegy", text)[0] == "Feed", text


def test_hunting_a_hunter_is_no_meal(embedder) -> None:
    assert _top(embedder, "elegy", "I hunt the hunter who staked Mara")[0] != "Feed"


@pytest.mark.parametrize("text", ["Mara flees into the fog", "Mara runs from the hunters", "I flee into the fog"])
def test_fleeing_is_facing_danger_not_a_connection(embedder, text: str) -> None:
    moves = _top(embedder, "elegy", text)
    assert moves[0] == "Face Danger" and "Make a Connection" not in moves, (text, moves)


# ---- the city game ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["I watch the ferryman's face", "I study the clerk's expression"])
def test_watching_a_face_is_observing_someone(embedder, text: str) -> None:
    moves = _top(embedder, "city", text)
    assert moves[0] == "Observe Someone" and "Steer Clear" not in moves, (text, moves)


def test_hiding_to_watch_is_still_steering_clear(embedder) -> None:
    assert _top(embedder, "city", "I hide and watch the patrol pass")[0] == "Steer Clear"


# ---- British spellings -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("system", "british", "american_words"),
    [("city", "spread a rumour", "spread a rumor"), ("city", "I spread rumours about the Lamplighters",
      "I spread rumors about the Lamplighters"), ("dungeon-world", "I stand in defence of the child",
      "I stand in defense of the child"), ("dungeon-world", "I check my armour", "I check my armor")],
)  # fmt: skip
def test_a_british_spelling_ranks_as_the_american(embedder, system: str, british: str, american_words: str) -> None:
    assert _top(embedder, system, british) == _top(embedder, system, american_words)


def test_spread_a_rumour_reaches_spread_a_rumor(embedder) -> None:
    assert _top(embedder, "city", "spread a rumour")[0] == "Spread a Rumor"


@pytest.mark.parametrize("system", ["city", "starforged", "elegy", "blades", "dungeon-world"])
def test_everyday_words_are_kept(system: str) -> None:
    text = "your hour, four tours, a flour sack, the sour devour, I raise my promise"
    assert americanise(text, system) == text


def test_only_a_word_of_the_rules_replaces_a_british_one() -> None:
    known, rules = system_words("city"), move_words("city")
    assert american("rumour", known, rules) == "rumor"
    assert american("neighbourhood", known, rules) == "neighborhood"
    assert american("colour", known, rules) is None  # the city's rules say no "color": nothing gained
    assert americanise("Rumours of the Neighbourhood", "city") == "Rumors of the Neighborhood"  # capitals kept


# ---- Blades -----------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text", ["I spend my coin on a better armour", "I spend my coin on better armor", "I buy a fast carriage"]
)
def test_coin_spent_on_something_is_acquiring_an_asset_not_the_payoff(embedder, text: str) -> None:
    moves = _top(embedder, "blades", text)
    assert moves[0] == "Acquire Asset" and "Payoff" not in moves, (text, moves)


@pytest.mark.parametrize("text", ["the score paid 4 coin", "we collect our payoff"])
def test_coin_brought_in_is_still_the_payoff(embedder, text: str) -> None:
    assert _top(embedder, "blades", text)[0] == "Payoff", text
