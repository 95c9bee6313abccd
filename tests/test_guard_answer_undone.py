"""An oracle answer the engine tells first, taken back by the sentence the model adds: someone shown there after
"Nothing is watching you", the one a yes is about told stopping; and the sentences that keep the answer. Harm told
with a beast's or a plural attacker's blow ("its claws rake your arm") on a turn that dealt none."""

from __future__ import annotations

from typing import Any

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration, prepare
from assistant.guard.model import ViolationKind

NO = {"system": "starforged", "move": "Ask the Oracle", "options": {"odds": "likely"}, "dice": [95]}
YES = {"system": "starforged", "move": "Ask the Oracle", "options": {"odds": "likely"}, "dice": [5]}


def undone(answer: str, text: str, request: dict[str, Any], question: str) -> list[str]:
    result = resolve(request)
    facts = prepare([result], told=[answer])
    found = check_narration(f"{answer} {text}", [result], facts=facts, question=question)
    return [v.detail for v in found if v.kind is ViolationKind.OUTCOME]


CANOPY = ("Nothing is watching you from the canopy.", "Is something watching us from the canopy?")
AWAKE = ("No one is awake in the barracks.", "Is anyone awake in the barracks?")
HOLD = ("No one is hiding in the cargo hold.", "Is anyone hiding in the cargo hold?")


@pytest.mark.parametrize(
    ("said", "text"),
    [
        (CANOPY, "You feel a chill as you notice the shadow of a figure moving across the canopy."),
        (CANOPY, "Something moves in the branches above you."),
        (CANOPY, "A pair of yellow eyes watches you from the leaves."),
        (CANOPY, "High above, a dark shape shifts between the vines."),
        (HOLD, "Behind the crates, someone is breathing softly."),
        (HOLD, "A silhouette ducks behind the fuel drums."),
        (HOLD, "Eyes glint from the gap between two containers."),
    ],
)
def test_someone_shown_there_after_nobody_is_flagged(said: tuple[str, str], text: str) -> None:
    result = resolve(NO)
    assert result.outcome == "no"
    assert undone(said[0], text, NO, said[1])


@pytest.mark.parametrize(
    ("said", "text"),
    [
        (CANOPY, "The canopy is still; only the insects hum."),
        (CANOPY, "Nothing moves in the branches, and the ferns drip in the heat."),
        (CANOPY, "The leaves sway as if something were breathing beneath them."),
        (HOLD, "The crates stand in silent rows under the flickering lights."),
        (HOLD, "You find no figure, no footprint, only dust."),
        # an answer about being awake says nothing of a figure asleep
        (AWAKE, "A figure snores under a blanket by the door."),
    ],
)
def test_the_no_kept_passes(said: tuple[str, str], text: str) -> None:
    assert not undone(said[0], text, NO, said[1])


GIRL = ("The flower girl runs to the watch.", "Does the flower girl run to the watch?")
SMUGGLER = ("The smuggler is planning to sell you out.", "Is the smuggler planning to sell us out?")


@pytest.mark.parametrize(
    ("said", "text"),
    [
        (GIRL, "The flower girl stops running as she hears someone approaching the watch."),
        (GIRL, "She halts halfway and turns back."),
        (GIRL, "The flower girl never reaches the watch."),
        (GIRL, "At the corner the girl freezes, then slips back into the crowd."),
        (SMUGGLER, "The smuggler thinks better of it and pockets the comm."),
        (SMUGGLER, "But the smuggler changes her mind when she sees your blaster."),
    ],
)
def test_the_yes_taken_back_is_flagged(said: tuple[str, str], text: str) -> None:
    result = resolve(YES)
    assert result.outcome == "yes"
    assert undone(said[0], text, YES, said[1])


@pytest.mark.parametrize(
    ("said", "text"),
    [
        (GIRL, "The flower girl hurries through the crowd toward the watch house."),
        (GIRL, "She stops only to catch her breath at the corner."),
        (GIRL, "The girl does not stop until she reaches the watch house."),
        (GIRL, "The music of the square stops as the watchmen look up."),  # someone else stopping
        (SMUGGLER, "The smuggler smiles too widely as she counts your credits."),
    ],
)
def test_the_yes_kept_passes(said: tuple[str, str], text: str) -> None:
    assert not undone(said[0], text, YES, said[1])


PRICE = {"system": "starforged", "move": "Pay the Price", "dice": [12]}


def harm(text: str) -> list[str]:
    result = resolve(PRICE)
    return [v.detail for v in check_narration(text, [result]) if "harm or a loss" in v.detail]


@pytest.mark.parametrize(
    "text",
    [
        "The lead beast's tail smacks you in the face, dealing a critical wound.",
        "The beast's claws rake your arm, drawing blood.",
        "Its jaws tear into your leg before you pull free.",
        "The raiders' blades slash your side as you run.",
        "The creature mauls you before you reach the hatch.",
        "The debris clips the hull and strikes you, leaving you a deep gash.",
    ],
)
def test_a_beast_s_or_plural_blow_on_a_turn_without_harm_is_flagged(text: str) -> None:
    assert resolve(PRICE).table["rows"][0]["text"] == "You face a tough choice"
    assert harm(text)


@pytest.mark.parametrize(
    "text",
    [
        "The beast's claws rake the shuttle's hull beside you.",
        "Its tail lashes the ground, and you must choose: the shuttle or the beacon.",
        "The claws barely miss you.",
        "You rake your hand through your hair and weigh the choice.",
        "The knight notices your vulnerability and moves closer, aiming to strike you.",
        "The beast circles, ready to maul you if you run.",
    ],
)
def test_blows_that_miss_you_or_land_elsewhere_pass(text: str) -> None:
    assert not harm(text)


FRAY_MISS = {"system": "starforged", "move": "Enter the Fray", "stat": "wits", "dice": [1, 8, 9]}
FRAY_SHEET = (
    "Move: Enter the Fray.\nOutcome: a miss.\nWith it, you begin a new formidable fight (The lead razor-beast) and you "
    "are now in a bad spot."
)


def echoes(text: str, sheet: str = FRAY_SHEET) -> list[str]:
    track = {"name": "The lead razor-beast", "kind": "combat", "rank": "formidable"}
    result = resolve(FRAY_MISS).model_copy(update={"track": track})
    facts = prepare([result], sheet=sheet)
    return [v.detail for v in check_narration(text, [result], facts=facts) if v.kind is ViolationKind.ECHO]


@pytest.mark.parametrize(
    "text",
    [
        "The pack charges out of the ferns, and the lead razor-beast leaps for your throat.",
        "The lead razor-beast circles you, its claws clicking on the stones.",
    ],
)
def test_a_new_fight_s_name_from_the_sheet_is_the_foe_not_a_note_read_out(text: str) -> None:
    assert not echoes(text)


def test_a_note_in_parentheses_that_is_no_track_s_name_is_still_read_out() -> None:
    sheet = FRAY_SHEET.replace("(The lead razor-beast)", "(the crew's Tier 0, -1 for the result)")
    assert echoes("The crew's Tier 0, -1 for the result, makes the pack charge.", sheet)
