"""Three families the guard let through on sets 30-33, each in paraphrases of our own beside good drafts that must pass:
a blow on you told in a clause that goes on from the shot ("striking you in the chest", "his sword catches your arm",
"piercing your armor") on a turn that hurt no one; someone the oracle said is not dead told by their body ("The
leader's body lies in the corridor"); what a vow just sworn seeks told already in your hands ("the relic's weight
heavy in your hand")."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration, prepare

FRAY_WEAK = {"system": "starforged", "move": "Enter the Fray", "stat": "heart", "dice": [4, 3, 8]}
VOW_WEAK = {"system": "starforged", "move": "Swear an Iron Vow", "stat": "heart", "dice": [4, 3, 8]}
VOW = "I swear an iron vow to recover the Ascendancy relic before the cult does"
DEAD = "Is their leader dead?"
NOT_DEAD = "Their leader is not dead."


def _kinds(text: str, request: dict[str, object], intent: str = "I fight the raider in the hold") -> list[str]:
    return [v.kind.value for v in check_narration(text, [resolve(request)], intent=intent)]


def _oracle_kinds(text: str, question: str = DEAD, opening: str = NOT_DEAD) -> list[str]:
    result = resolve({"system": "starforged", "move": "Ask the Oracle", "options": {"odds": "50/50"}, "dice": [60]})
    assert result.outcome == "no"
    facts = prepare([result], established=(opening,), told=(opening,))
    return [v.kind.value for v in check_narration(text, [result], intent=question, question=question, facts=facts)]


@pytest.mark.parametrize(
    "text",
    [
        "The raider's rifle barks, striking you in the shoulder.",
        "His blade flashes out, cutting your forearm as you close in.",
        "The orc dodges, but his sword catches your arm.",
        "The harpoon shoots through the water at you, piercing your armor.",
        "The bolt slams home, smashing your ribs.",
    ],
)
def test_a_blow_told_in_a_going_on_clause_is_harm_the_engine_never_dealt(text: str) -> None:
    assert "state" in _kinds(text, FRAY_WEAK), text


@pytest.mark.parametrize(
    "text",
    [
        "The wind lashing your face, you close on the raider.",
        "You drive in, striking the raider's arm.",
        "The raider swings wide, barely grazing your coat.",
        "It keeps striking you as odd that he came alone.",
        "The raider lunges, aiming to catch your arm.",
    ],
)
def test_blows_that_miss_you_or_land_on_the_foe_pass(text: str) -> None:
    assert "state" not in _kinds(text, FRAY_WEAK), text


@pytest.mark.parametrize(
    "text",
    [
        "The leader's body lies in the corridor, forgotten by all.",
        "The leader's corpse floats past the viewport.",
    ],
)
def test_the_one_the_no_left_alive_told_by_their_body_is_caught(text: str) -> None:
    assert "outcome" in _oracle_kinds(text), text


@pytest.mark.parametrize(
    "text",
    [
        "The leader barks orders from the far end of the corridor.",
        "Bodies of his crew lie in the corridor, but the leader is nowhere among them.",
        "The leader's body is not among the fallen.",
    ],
)
def test_the_leader_alive_or_others_dead_pass(text: str) -> None:
    assert "outcome" not in _oracle_kinds(text), text


@pytest.mark.parametrize(
    "text",
    [
        "It holds, just about, the relic's weight heavy in your hand.",
        "The relic rests in your palm, cold and humming.",
        "You clutch the Ascendancy relic as the cult's ship turns away.",
    ],
)
def test_what_the_vow_seeks_told_in_your_hands_as_it_is_sworn_is_caught(text: str) -> None:
    assert "outcome" in _kinds(text, VOW_WEAK, VOW), text


@pytest.mark.parametrize(
    "text",
    [
        "You picture the relic's weight in your hand, and the oath settles on you.",
        "The relic is not yet in your hands; the cult is a step ahead.",
        "You swear it on your blade, your hand on the iron.",
    ],
)
def test_the_vow_with_the_relic_still_ahead_passes(text: str) -> None:
    assert "outcome" not in _kinds(text, VOW_WEAK, VOW), text


# the attempt named by a noun and told failing on a hit (CF2 city-ally:7:1); the price told as the foe's loss (NR
# sf-relic:12:1)

FACE_STRONG = {"system": "starforged", "move": "Face Danger", "stat": "edge", "dice": [6, 1, 2]}
PRICE_LOSS = {"system": "starforged", "move": "Pay the Price", "dice": [35]}  # something of value is lost or destroyed
PRICE_ENEMY = {"system": "starforged", "move": "Pay the Price", "dice": [45]}  # a new enemy is revealed


@pytest.mark.parametrize(
    "text",
    [
        "The Gray Hand's ship is delayed, and the sabotage attempt fails.",
        "Your careful plan falls apart at the last moment.",
        "The bribe backfires, and the guards grow suspicious.",
    ],
)
def test_the_attempt_told_failing_on_a_hit_is_caught(text: str) -> None:
    assert "outcome" in _kinds(text, FACE_STRONG, "I set up a scheme to sabotage the shipment"), text


@pytest.mark.parametrize(
    "text",
    [
        "The sabotage attempt does not fail: the barge burns at its moorings.",
        "If the plan fails, the Gray Hand will know your face.",
        "The smugglers' plan collapses as the barge burns.",
        "The plan falters at first, but then it holds.",
    ],
)
def test_the_attempt_kept_or_supposed_passes(text: str) -> None:
    assert "outcome" not in _kinds(text, FACE_STRONG, "I set up a scheme to sabotage the shipment"), text


@pytest.mark.parametrize(
    "text",
    [
        "Something of value is lost, the cult's treasure chest collapses with a loud crash.",
        "The raider's old ship lies there, its sails torn and its hull cracked.",
        "Their supply crates are smashed in the fall.",
    ],
)
def test_the_price_told_as_anothers_loss_is_caught(text: str) -> None:
    assert "outcome" in _kinds(text, PRICE_LOSS, "I slice the lock"), text


@pytest.mark.parametrize(
    ("text", "request_"),
    [
        ("Your lamp slips from your belt and shatters on the rocks.", PRICE_LOSS),
        ("Something of value is lost: the map you carried is torn to shreds.", PRICE_LOSS),
        ("The cult's ship, its hull cracked, rises out of the fog with a new captain.", PRICE_ENEMY),
    ],
)
def test_your_loss_or_another_row_passes(text: str, request_: dict[str, object]) -> None:
    assert "outcome" not in _kinds(text, request_, "I slice the lock"), text


# the reaction left on the panel told as picked: the one directed doing the asked deed (CG city-bridge:12:2)

DIRECT = {"system": "city", "move": "Direct Someone to Act", "stat": "sway", "dice": [4, 3], "character": {"stats": {"sway": 1}}}
ORDER = "I order the apprentice to carry a message to the Brass Circle tonight"


def test_the_direct_request_leaves_a_reaction_open() -> None:
    result = resolve(DIRECT)
    assert result.outcome == "weak_hit" and any("reaction" in c.id for c in result.choices)


@pytest.mark.parametrize(
    "text",
    [
        "The apprentice, wary of the risk, reluctantly carries the message.",
        "The apprentice hesitates, but eventually carried the message across the bridge.",
        "By midnight the apprentice is carrying your message through the rain.",
    ],
)
def test_the_one_directed_told_doing_the_asked_deed_is_caught(text: str) -> None:
    assert "decision" in _kinds(text, DIRECT, ORDER), text


@pytest.mark.parametrize(
    "text",
    [
        "The apprentice looks at you, weighing the risk.",
        "The apprentice may carry the message, if the price is right.",
        "The apprentice does not carry the message yet; he glances at the door.",
        "The apprentice carries a lamp and a heavy satchel of ledgers.",
    ],
)
def test_the_reaction_left_open_passes(text: str) -> None:
    assert "decision" not in _kinds(text, DIRECT, ORDER), text


# a missed search told as the thing sought found (CF2 sf-debris:8:2, CG city-bridge:4:2)

GATHER_MISS = {"system": "starforged", "move": "Gather Information", "stat": "wits", "dice": [1, 9, 10]}
GATHER_WEAK = {"system": "starforged", "move": "Gather Information", "stat": "wits", "dice": [4, 3, 8]}
SEARCH = "I search the engine room for the core"


@pytest.mark.parametrize(
    "text",
    [
        "Your investigation leads you to a dark chamber where you see the reactor core, covered in debris.",
        "At last you spot the core behind a collapsed bulkhead.",
        "The core is tucked behind the coolant tanks.",
    ],
)
def test_the_thing_searched_for_told_found_on_a_miss_is_caught(text: str) -> None:
    assert resolve(GATHER_MISS).outcome == "miss"
    assert "outcome" in _kinds(text, GATHER_MISS, SEARCH), text


@pytest.mark.parametrize(
    ("text", "request_"),
    [
        ("You see no sign of the core, only scorched panels.", GATHER_MISS),
        ("You glimpse the core, but the deck buckles and the way closes.", GATHER_MISS),
        ("Something moves in the dark beyond the engine room.", GATHER_MISS),
        ("You spot the core behind a collapsed bulkhead.", GATHER_WEAK),  # a hit: the search may work
    ],
)
def test_the_search_left_short_or_a_hit_passes(text: str, request_: dict[str, object]) -> None:
    assert "outcome" not in _kinds(text, request_, SEARCH), text


# a no to whether anyone saw you told as someone seeing you (CF el-ball:8:3)

SEEN = "Did anyone see me feed?"


@pytest.mark.parametrize(
    "text",
    [
        "The Countess looks up from her book and sees you standing there.",
        "A footman in the doorway spots you and hurries off.",
    ],
)
def test_someone_seeing_you_after_no_one_did_is_caught(text: str) -> None:
    assert "outcome" in _oracle_kinds(text, SEEN, ""), text


@pytest.mark.parametrize(
    "text",
    [
        "The Countess turns a page; she does not see you.",
        "No one in the orangery notices you slip away.",
        "If the footman sees you, he will raise the alarm.",
        "The Countess sees the heir to bed and closes the door.",
    ],
)
def test_no_one_seeing_you_passes(text: str) -> None:
    assert "outcome" not in _oracle_kinds(text, SEEN, ""), text


# on a miss, the trouble told away (CH sf-derelict:2:2)

FACE_MISS = {"system": "starforged", "move": "Face Danger", "stat": "edge", "dice": [1, 9, 10]}


def _untroubled(text: str, request: dict[str, object]) -> bool:
    flags = check_narration(text, [resolve(request)], intent="I board the freighter")
    return any("untroubled" in v.detail for v in flags)


@pytest.mark.parametrize(
    "text",
    [
        "You carefully inspect the derelict freighter, but nothing stands out as threatening or dangerous.",
        "You look around the hold; everything seems calm.",
    ],
)
def test_the_trouble_of_a_miss_told_away_is_caught(text: str) -> None:
    assert resolve(FACE_MISS).outcome == "miss"
    assert _untroubled(text, FACE_MISS), text


@pytest.mark.parametrize(
    ("text", "request_"),
    [
        ("For a moment everything seems calm, then the lights die.", FACE_MISS),
        ("All is quiet until the hatch behind you slams shut.", FACE_MISS),
        ("Everything seems calm as the freighter drifts past the buoy.", FACE_STRONG),
    ],
)
def test_calm_broken_or_on_a_hit_passes(text: str, request_: dict[str, object]) -> None:
    assert not _untroubled(text, request_), text
