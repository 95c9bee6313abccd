"""A price told as the failed action done after all, in the ways a model says it (set 17: "You, overwhelmed by the
oppressive heat…, finally succeed in opening it with your brute force"): the subject apart from its verb, any way of
coming open, the effort paying off; the player's own "jammed airlock" tells no turn."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration, prepare
from assistant.narrate.story_facts import story_facts

PRICE = {"system": "starforged", "move": "Pay the Price", "dice": [17]}  # the consequences of an earlier choice
OPENING = "As you try to force the jammed airlock open with brute strength, you face the consequences of an earlier choice."


def undone(text: str) -> bool:
    result = resolve(PRICE)
    facts = prepare([result], told=[OPENING], sheet=story_facts([result], player_text="Pay the Price"))
    flags = check_narration(f"{OPENING} {text}", [result], intent="Pay the Price", facts=facts)
    return any("went wrong" in v.detail for v in flags)


@pytest.mark.parametrize(
    "text",
    [
        # AZ-1.5b:sf-derelict:7:2
        "You, overwhelmed by the oppressive heat and the weight of the airlock's closure, finally succeed in opening it "
        "with your brute force.",
        "With one last heave, the airlock grinds open.",
        "You finally get the airlock open, gasping.",
        "Your efforts pay off as the jammed airlock gives way.",
        "The jammed airlock finally yields to your strength.",
        "You wrench the airlock open and stumble through.",
    ],
)
def test_the_failed_action_told_done_is_caught(text: str) -> None:
    assert undone(text)


@pytest.mark.parametrize(
    "text",
    [
        "The airlock stays shut, and somewhere behind you a bulkhead slams.",
        "You strain to force it open, but it holds.",
        "The jammed airlock refuses to budge as the heat climbs.",
        "The panel beside the airlock sparks and goes dark.",
    ],
)
def test_the_price_told_passes(text: str) -> None:
    assert not undone(text)


@pytest.mark.parametrize(
    "text",
    [
        "You feel the airlock's resistance weaken, and you can finally open it.",  # BD3-1.5b:sf-derelict:7:1
        "The seal gives a little; the airlock, you can now open it.",
        "At last the locks release and you can finally open the airlock.",
        "The airlock shudders, and now you can easily open it.",
    ],
)
def test_the_goal_within_reach_at_last_is_told_done(text: str) -> None:
    assert undone(text), text


@pytest.mark.parametrize(
    "text",
    [
        "If you could finally open it, you might reach the survivors.",
        "The airlock holds; you can now only wait for the air to thin.",
        "You wonder whether you can ever open the airlock at all.",
    ],
)
def test_the_goal_only_supposed_or_out_of_reach_passes(text: str) -> None:
    assert not undone(text), text


def test_on_the_miss_itself_the_goal_within_reach_is_the_miss_told_the_other_way() -> None:
    miss = resolve({"system": "starforged", "move": "Face Danger", "stat": "iron", "dice": [1, 9, 10]})
    assert miss.outcome == "miss"
    intent = "I force the jammed airlock open with brute strength"
    told = check_narration("The seals groan, and you can finally open it.", [miss], intent=intent)
    assert any("reached" in v.detail for v in told), told
    assert not check_narration("The seals groan, but the airlock holds fast.", [miss], intent=intent)
