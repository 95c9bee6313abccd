"""A bad roll's asset told as fine (set 22: "The carriage was a fine sight" after Acquire Asset went badly): the engine
gives the asset, but a poorer one, so praise of its make tells the roll the other way. Its flaws, the player's own
words and praise taken back pass."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration, prepare

ASSET_BAD = {"system": "blades", "move": "Acquire Asset", "stat": "tier", "dice": [1, 3]}
ASSET_GOOD = {"system": "blades", "move": "Acquire Asset", "stat": "tier", "dice": [6, 5]}
CARRIAGE = "I lean on my contacts to acquire a fine carriage"
OPENING = "You try to lean on your contacts to acquire a fine carriage."


def fine_flags(text: str, request: dict = ASSET_BAD, intent: str = CARRIAGE) -> list[str]:
    result = resolve(request)
    facts = prepare([result], told=(OPENING,))
    return [v.detail for v in check_narration(text, [result], intent=intent, facts=facts) if "as fine" in v.detail]


@pytest.mark.parametrize(
    "text",
    [
        "The carriage was a fine sight, but it was a heavy load.",  # BF2-1.5b:bl-downtime:5:2
        "The carriage is a fine example of the goods that can be acquired with a bit of luck.",  # BF3 5:1
        "The carriage looks splendid in the lamplight.",
        "Your new carriage turns out to be truly magnificent.",
        "At dawn a driver brings it round: a superb specimen, black lacquer and brass.",
        "The carriage seems excellent, its axles freshly greased.",
    ],
)
def test_the_poorer_asset_told_fine_is_caught(text: str) -> None:
    assert fine_flags(text), text


@pytest.mark.parametrize(
    "text",
    [
        "The carriage is a shabby one, its paint peeling.",
        "The carriage is not a fine one, but it will carry you.",
        "It had been a fine carriage once; now its wheels wobble.",
        "Your contacts find you a carriage, though hardly a fine one.",
        "You wanted a fine carriage; what arrives is a battered cart with one good wheel.",
        "The driver is a fine fellow, but the carriage creaks at every turn.",  # praise of another, not the asset
        "Finding a fine one is beyond their reach, but they get you a battered carriage.",
    ],
)
def test_its_flaws_and_praise_taken_back_pass(text: str) -> None:
    assert fine_flags(text) == [], text


@pytest.mark.parametrize(
    "text",
    [
        "They have warned you that it is not within their capabilities or resources to provide a car.",  # BD-1.5b 5:2
        "It is beyond their means to provide a carriage this week.",
        "A carriage is outside their reach to find, they say.",
    ],
)
def test_the_asset_told_beyond_their_means_is_not_got(text: str) -> None:
    result = resolve(ASSET_BAD)
    flags = check_narration(text, [result], intent=CARRIAGE, facts=prepare([result], told=(OPENING,)))
    assert [v for v in flags if "as not got" in v.detail], text


def test_it_within_their_power_passes() -> None:
    result = resolve(ASSET_BAD)
    text = "It is within their power to provide a carriage, and a battered one arrives."
    flags = check_narration(text, [result], intent=CARRIAGE, facts=prepare([result], told=(OPENING,)))
    assert not [v for v in flags if "as not got" in v.detail]


def test_on_a_good_roll_the_fine_asset_is_the_story() -> None:
    assert resolve(ASSET_GOOD).outcome != "bad_outcome"
    assert fine_flags("The carriage is a fine sight, its lacquer gleaming.", request=ASSET_GOOD) == []


@pytest.mark.parametrize(
    "text",
    [
        "Your contacts are skeptical, but they agree to help you.",  # BF2-1.5b:bl-downtime:5:1 (labelled ok)
        "After days of grumbling, an old fence agrees to find you one.",
        "They agreed to arrange something, though it will not be fine.",
    ],
)
def test_the_contacts_agreeing_to_get_it_is_the_gain_the_engine_made(text: str) -> None:
    result = resolve(ASSET_BAD)
    flags = check_narration(text, [result], intent=CARRIAGE, facts=prepare([result], told=(OPENING,)))
    assert not [v for v in flags if v.kind.value == "outcome"], text


def test_agreeing_on_a_miss_without_an_asset_is_still_the_goal_reached() -> None:
    miss = resolve({"system": "starforged", "move": "Face Danger", "stat": "heart", "dice": [1, 9, 10]})
    flags = check_narration("The clerk agrees to help you.", [miss], intent="I press the clerk to help me")
    assert [v for v in flags if v.kind.value == "outcome"]


FAST_HORSE = "I call in a favour to get a fast, sturdy horse"


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("As you lean on your contacts, they offer you a fine carriage for a small fee.", CARRIAGE),
        ("With your contacts, you find a carriage that seems to be in good condition.", CARRIAGE),
        ("Your contacts hand you the keys to the finest carriage in Doskvol.", CARRIAGE),
        ("By the week's end a fine, lacquered carriage waits at your door.", CARRIAGE),
        ("The carriage they bring is in excellent shape.", CARRIAGE),
        ("An old friend lends you a sturdy horse from her own stable.", FAST_HORSE),
        ("The horse they find you is in perfect condition.", FAST_HORSE),
    ],
)
def test_the_make_the_player_asked_for_told_got_on_a_bad_roll(text: str, intent: str) -> None:
    assert fine_flags(text, intent=intent), text


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("You hoped for a fine carriage, but the one you get rattles on every cobble.", CARRIAGE),
        ("The days slip by as you try to acquire a fine carriage.", CARRIAGE),
        ("The carriage is far from fine: one wheel wobbles.", CARRIAGE),
        ("What you get is no fine carriage, just a cart with a canvas roof.", CARRIAGE),
        ("The horse is old and slow, but it will carry you.", FAST_HORSE),
        ("You were looking for a sturdy horse; the nag they bring limps.", FAST_HORSE),
    ],
)
def test_the_make_sought_or_the_flaws_told_pass(text: str, intent: str) -> None:
    assert not fine_flags(text, intent=intent), text


def test_the_make_got_on_a_good_roll_passes() -> None:
    assert not fine_flags("They offer you a fine carriage for a small fee.", ASSET_GOOD)
