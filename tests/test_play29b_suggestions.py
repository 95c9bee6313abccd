"""Round 29, suggestions read from the rules texts. Starforged: carrying someone to safety was offered Repair first
(Repair is "When you make repairs to your vehicles, modules, mechanical companions, or other devices"); falling back to
a place was offered Repair, Resupply, Clash and Strike; asking someone what they want was offered Resupply; making
one's way through the terrain while an expedition is under way was offered Face Danger and Resupply, not its next
segment. The city game: drawing steel on someone was offered Secure Resource and Direct Someone to Act. Dungeon World:
Defend ("When you defend an object, a location or stand close and in defense of a person under attack") came second
for any attack. Elegy: a rival's challenge before the court was told no move closely fits."""

from __future__ import annotations

import pytest

from assistant.engine.cue_words import load_cues, match_cues
from assistant.suggest import SuggestContext, suggest


def _top(embedder, system: str, text: str, **context) -> list[str]:
    return [s.move for s in suggest(text, SuggestContext(system=system, **context), k=3, embedder=embedder)]


# ---- Starforged ------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text",
    ["I carry the injured engineer to the escape pod", "we drag the wounded pilot out of the burning cockpit",
     "I haul the unconscious miner to the lifeboat", "I get the children out of the collapsing hab",
     "I pull Kai clear of the wreckage"],
)  # fmt: skip
def test_carrying_someone_to_safety_is_facing_danger_not_a_repair(embedder, text: str) -> None:
    moves = _top(embedder, "starforged", text)
    assert moves[0] == "Face Danger" and "Repair" not in moves, (text, moves)


@pytest.mark.parametrize(
    "text",
    ["I fix the broken engine", "I crawl into the engine bay and try to fix the damaged thruster", "fix the busted nav computer",
     "I weld the hull plate back in place", "I get the drive running again"],
)  # fmt: skip
def test_mending_a_device_is_still_repair(embedder, text: str) -> None:
    assert _top(embedder, "starforged", text)[0] == "Repair", text


@pytest.mark.parametrize(
    "text",
    ["I fall back to the crashed shuttle", "we pull back to the cargo bay", "I retreat to the ridge",
     "I back away toward the airlock"],
)  # fmt: skip
def test_falling_back_is_no_repair_resupply_or_blow(embedder, text: str) -> None:
    calm = _top(embedder, "starforged", text)
    assert calm[0] == "Face Danger" and not {"Repair", "Resupply", "Withstand Damage"} & set(calm), (text, calm)
    bad = _top(embedder, "starforged", text, position="bad_spot")  # "fleeing, ... getting back into position"
    assert bad[0] == "React Under Fire" and not {"Repair", "Resupply", "Strike"} & set(bad), (text, bad)
    control = _top(embedder, "starforged", text, position="in_control")  # "In pursuit, fleeing, or maneuvering"
    assert control[0] == "Gain Ground" and "Strike" not in control, (text, control)


def test_under_attack_is_the_foe_s_attack() -> None:
    said = match_cues("starforged", "Under attack, I fall back to the crashed shuttle", fighting=True).move_boost
    assert said["strike"] < 0 and said["clash"] < 0, said  # "attack" was read as the character's own assault


@pytest.mark.parametrize(
    "text",
    ["I ask the captain what she wants", "I ask the dockmaster why the ship was impounded",
     "we ask the miners where the beacon went down", "I ask the envoy how the treaty was signed"],
)  # fmt: skip
def test_asking_someone_a_question_is_gathering_information(embedder, text: str) -> None:
    moves = _top(embedder, "starforged", text)
    assert moves[0] == "Gather Information" and "Resupply" not in moves, (text, moves)


@pytest.mark.parametrize(
    "text",
    ["I make my way through the asteroid field", "I pilot the ship through the asteroid field",
     "we cross the ice plains toward the beacon", "we thread our way through the debris of the shattered moon",
     "I navigate the nebula's storms"],
)  # fmt: skip
def test_with_an_expedition_under_way_moving_on_is_its_next_segment(embedder, text: str) -> None:
    moves = _top(embedder, "starforged", text, open_tracks=frozenset({"expedition"}))
    assert moves[0] == "Undertake an Expedition" and "Resupply" not in moves, (text, moves)


@pytest.mark.parametrize("text", ["I make my way through the asteroid field", "I pilot the ship through the debris field"])
def test_without_an_expedition_the_same_words_face_danger(embedder, text: str) -> None:
    assert _top(embedder, "starforged", text)[0] == "Face Danger", text
    assert _top(embedder, "starforged", text, open_tracks=frozenset({"vow"}))[0] == "Face Danger", text


@pytest.mark.parametrize(
    ("text", "move"),
    [("I search the derelict for the logs", "Gather Information"), ("I scavenge the wreck for fuel cells", "Resupply"),
     ("I try to talk the dock master into letting us land", "Compel")],
)  # fmt: skip
def test_during_an_expedition_other_deeds_keep_their_moves(embedder, text: str, move: str) -> None:
    assert _top(embedder, "starforged", text, open_tracks=frozenset({"expedition"}))[0] == move, text


def test_a_cue_for_an_open_track_is_read_from_the_data() -> None:
    kinds = {c.when for c in load_cues("starforged") if c.when}
    assert "open expedition" in kinds
    text = "I make my way through the asteroid field"
    closed = match_cues("starforged", text).move_boost.get("undertakeanexpedition", 0.0)  # offered, after Face Danger
    assert match_cues("starforged", text, open_kinds=frozenset({"expedition"})).move_boost["undertakeanexpedition"] > closed


# ---- the city game ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text",
    ["draw steel on the enforcer", "draw steel on the Syndicate's enforcer", "I pull a knife on the fence",
     "I go for my pistol when the guard turns", "I swing at the bouncer with my cudgel"],
)  # fmt: skip
def test_drawing_steel_is_a_big_risk(embedder, text: str) -> None:
    moves = _top(embedder, "city", text)
    assert moves[0] == "Take a Big Risk" and "Secure Resource" not in moves, (text, moves)


@pytest.mark.parametrize(
    ("text", "move"),
    [("our faction works to acquire rare alchemical reagents", "Secure Resource"),
     ("the guild tries to secure smuggled weapons", "Secure Resource"),
     ("I tell the guard to look the other way", "Direct Someone to Act")],
)  # fmt: skip
def test_city_acquiring_and_demanding_keep_their_moves(embedder, text: str, move: str) -> None:
    assert _top(embedder, "city", text)[0] == move, text


# ---- Dungeon World ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text", ["I attack the knight", "I swing my axe at the orc", "I stab Bart", "I hack at the bandit with my sword"]
)
def test_an_attack_does_not_offer_defend(embedder, text: str) -> None:
    moves = _top(embedder, "dungeon-world", text)
    assert moves[0] == "Hack & Slash" and moves[1] != "Defend", (text, moves)


@pytest.mark.parametrize(
    "text",
    ["I stand over the fallen squire to defend him from the knight", "I throw myself in front of Mia", "I guard the door",
     "I defend Mia from the attack", "the knight attacks Mia and I step in", "I intervene as Bart swings at Mia",
     "I put myself between the orc and the wizard"],
)  # fmt: skip
def test_defending_someone_is_still_defend(embedder, text: str) -> None:
    assert _top(embedder, "dungeon-world", text)[0] == "Defend", text


# ---- Elegy -----------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text",
    ["The Prince's favourite challenges my claim to the riverside before the court",
     "a court rival challenges me before the court",
     "Lady Ashgrove accuses me of poaching in her domain in front of the court", "the Baron disputes my claim to the docks"],
)  # fmt: skip
def test_a_rival_s_challenge_at_court_is_met_with_words(embedder, text: str) -> None:
    offered = suggest(text, SuggestContext(system="elegy"), k=3, embedder=embedder)
    assert offered[0].move in ("Compel", "Face Danger"), (text, [s.move for s in offered])
    assert not any("closely fits" in n for n in offered[0].notes), offered[0].notes
    assert offered[0].stat == "glamour", offered[0].stat  # "With charm, composure, or manipulation: Roll +glamour"


@pytest.mark.parametrize(
    "text",
    ["I shadow their agent through the market", "we shadow the Syndicate's courier", "I trail his lieutenant to the warehouse"],
)
def test_shadowing_someone_is_observing_them_not_a_faction_move(embedder, text: str) -> None:
    moves = _top(embedder, "city", text)
    assert moves[0] == "Observe Someone" and "Mind the Whispers" not in moves, (text, moves)


def test_a_faction_sending_spies_still_minds_the_whispers(embedder) -> None:
    text = "our faction sends spies into the tannery district to learn what is happening"
    assert _top(embedder, "city", text)[0] == "Mind the Whispers"


@pytest.mark.parametrize(
    "text",
    ["I want to find out what the Lamplighters are planning", "I try to learn what the Syndicate has planned for the docks",
     "I want to know what the guild is up to"],
)  # fmt: skip
def test_what_a_faction_is_planning_is_listened_out_for(embedder, text: str) -> None:
    moves = _top(embedder, "city", text)
    assert moves[0] == "Ear to the Ground" and "Get Your Bearings" not in moves[:2], (text, moves)


@pytest.mark.parametrize("text", ["where am I", "I try to find my way back to the tannery"])
def test_finding_one_s_way_is_still_getting_bearings(embedder, text: str) -> None:
    assert _top(embedder, "city", text)[0] == "Get Your Bearings", text
