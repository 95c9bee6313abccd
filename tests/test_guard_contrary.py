"""A miss told as the declared action working in other words than the player's, sentence by sentence: the player's
weapon doing its work, the declared goal's verb told as done (by anyone), information learned at an information
move. A sentence that tells a failure, a cost or a turn after it, an attempt, or what someone else does passes."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration, describe_violations

MISS = {"system": "starforged", "move": "Face Danger", "stat": "edge", "dice": [1, 7, 8]}
HIT = {"system": "starforged", "move": "Face Danger", "stat": "edge", "dice": [6, 2, 3]}
SHOOT = "I shoot the raider before he reaches cover"
PRESS = "I press the clerk to open the archive for me"
FORCE = "I force the jammed airlock open with brute strength"
LISTEN = "I listen to the gossip in the market about the guild master"


def outcome_flags(text: str, intent: str, request: dict = MISS) -> list[str]:
    found = check_narration(text, [resolve(request)], intent=intent, partial=True)
    return [v.detail for v in found if v.kind.value == "outcome"]


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("The raider lunges at you again, and this time your vibroblade connects with him.", SHOOT),
        ("Your shot finds its mark.", SHOOT),
        ("The clerk looks at you with suspicion, but he reluctantly opens the box and starts to search it.", PRESS),
        ("With all your might, you push down the lever until it makes a low hiss as it frees the door.", FORCE),
        ("You notice that the old warehouses hold goods from the guild master's shop.", LISTEN),
        ("A fishwife tells you the guild master meets smugglers at dawn.", LISTEN),
        ("You manage to slip past the guards at the gate.", "I slip past the guards at the gate"),
        # held-out set 11: "instead of" names what they consider, it turns nothing
        ("The guild master is talking about a new contract for the guild, and you overhear that they are considering "
         "hiring someone else instead of the current member.", LISTEN),
    ],
)  # fmt: skip
def test_a_miss_told_working_in_other_words_is_caught(text: str, intent: str) -> None:
    found = outcome_flags(text, intent)
    assert found and "a miss" in found[0]


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("Your shot goes wide and slams into the wall.", SHOOT),
        ("Your vibroblade glances off his armor.", SHOOT),
        ("The raider's blade connects with your shoulder.", SHOOT),  # what the foe does is the miss's cost
        ("He opens the box, but it is empty, and a guard steps in.", PRESS),  # a momentary success undermined
        ("The clerk reaches for the key, and instead he opens the door for the guard.", PRESS),  # "instead": a turn
        ("The clerk refuses to open the archive.", PRESS),
        ("You try to force the airlock open with the bar.", FORCE),
        ("You throw your weight against the airlock to open it; the seals groan.", FORCE),
        ("You learn nothing about the guild master; the crowd goes quiet.", LISTEN),
        ("The raider reaches cover and fires back.", SHOOT),
        ("If your shot had found its mark, he would be down.", SHOOT),
    ],
)  # fmt: skip
def test_a_failure_a_turn_an_attempt_or_the_foe_passes(text: str, intent: str) -> None:
    assert outcome_flags(text, intent) == []


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("Your shot finds its mark.", SHOOT),
        ("The clerk reluctantly opens the box.", PRESS),
        ("You notice that the old warehouses hold goods from the guild master's shop.", LISTEN),
    ],
)  # fmt: skip
def test_on_a_hit_the_action_working_is_the_outcome(text: str, intent: str) -> None:
    assert outcome_flags(text, intent, HIT) == []


def test_the_retry_quotes_the_words_and_names_the_miss() -> None:
    found = check_narration("This time your vibroblade connects with him.", [resolve(MISS)], intent=SHOOT)
    feedback = describe_violations(found)
    assert '"your vibroblade connects with him' in feedback.lower() and "the result is a miss" in feedback


WEAK = {"system": "starforged", "move": "Face Danger", "stat": "shadow", "dice": [5, 9, 3]}
ASK = "I ask the dockhands about the Wayfarer's last crew"


@pytest.mark.parametrize(
    ("text", "caught"),
    [
        ("You ask the dockhands about the Wayfarer's last crew.", True),
        ("> You ask the dockhands about the Wayfarer's last crew.\n\nYou", True),
        ("You ask the dockhands about the Wayfarer's last crew. One of them points at a rusted hull.", False),
        ("You ask the dockhands about the Wayfarer's last crew, but they shrug.", False),
        ("You try to ask the dockhands about the Wayfarer's last crew.", False),
    ],
)  # fmt: skip
def test_a_story_that_only_tells_the_players_words_back_never_tells_the_outcome(text: str, caught: bool) -> None:
    found = [v.detail for v in check_narration(text, [resolve(WEAK)], intent=ASK) if "never told" in v.detail]
    assert bool(found) is caught
    if caught:
        feedback = describe_violations(check_narration(text, [resolve(WEAK)], intent=ASK))
        assert 'Go on after "I ask the dockhands' in feedback and "(weak hit)" in feedback


STRONG = {"system": "starforged", "move": "Face Danger", "stat": "edge", "dice": [6, 2, 3]}
DOOR = "I force the door open"
DOCKS = "I ask the dockhands about the Wayfarer's last crew"


@pytest.mark.parametrize(
    ("text", "intent", "request_", "caught"),
    [
        ("You fail to open the door.", DOOR, STRONG, True),
        ("You fail to open the door.", DOOR, WEAK, True),
        ("The door will not budge.", DOOR, STRONG, True),
        ("The clerk refuses to open the archive.", PRESS, WEAK, True),
        ("The raider dodges your shot.", SHOOT, STRONG, True),
        ("Your vibroblade glances off his armor.", SHOOT, STRONG, True),
        ("The raider dodges your shot.", SHOOT, WEAK, False),  # a weak hit's cost may be a blow turned aside
        ("You fail to open the door at first, but then it gives.", DOOR, STRONG, False),
        ("You fail to notice the second guard behind you.", DOOR, WEAK, False),  # a cost, not the action failing
        ("If you fail to open the door, the guards will come.", DOOR, STRONG, False),
        ("You fail to open the door.", DOOR, MISS, False),  # on a miss it is the story
        # a 1.5B's weak hit on asking the dockhands: the one asked will not talk
        ("You scrape through. He doesn't seem interested in talking with you.", DOCKS, WEAK, True),
        ("They are not willing to provide you with any information.", DOCKS, STRONG, True),
        # ... or you come away with nothing (held-out set 6)
        ("You scrape through, but you are unable to find any information.", DOCKS, WEAK, True),
        ("They talk for an hour, and you fail to learn anything useful.", DOCKS, STRONG, True),
        ("You are unable to find any information.", DOCKS, MISS, False),
        ("You scrape through, though you could not get any closer to the crew's old berth.", DOCKS, WEAK, False),
        ("He doesn't seem interested in talking with you.", DOCKS, MISS, False),
        ("The old dockhand talks, though he will not say it twice.", DOCKS, WEAK, False),
        ("The clerk does not talk back; he opens the archive.", PRESS, WEAK, False),  # not asked: pressed
    ],
)  # fmt: skip
def test_a_hit_told_as_the_declared_action_failing_is_caught(text: str, intent: str, request_: dict, caught: bool) -> None:
    found = [v.detail for v in check_narration(text, [resolve(request_)], intent=intent) if "attempt failing" in v.detail]
    assert bool(found) is caught


@pytest.mark.parametrize(
    "text",
    [
        "A floorboard creaks. The sentry spots you and raises his lantern.",
        "The rain thickens. Somewhere above, a bell starts to ring the alarm.",
    ],
)
def test_a_miss_told_as_the_situation_turning_passes_without_naming_the_action(text: str) -> None:
    found = check_narration(text, [resolve(MISS)], intent="I slip past the watch")
    assert not [v for v in found if "never tells" in v.detail]


@pytest.mark.parametrize(
    ("text", "intent", "request_", "caught"),
    [
        ("The guild master is rumored to be planning a new attack on the city.", LISTEN, MISS, True),
        ("It's a rumor that the guild is planning to change its rules.", LISTEN, MISS, True),
        ("You hear the gossip about the guild master and slip away.", LISTEN, MISS, True),
        ("You hear the gossip about the guild master, but the crowd drowns it out.", LISTEN, MISS, False),  # a turn
        ("The guild master is rumored to be planning a new attack on the city.", LISTEN, HIT, False),  # a hit learns
        ("The raider is rumored to have friends in the city.", SHOOT, MISS, False),  # nothing sought
        # a 1.5B's Ear to the Ground miss: what the gossip was about, told
        ("It seems to be about a new guild opening up, and the guild master is trying to recruit.", LISTEN, MISS, True),
        ("It seems to be about the guild master, but the words are lost in the crowd.", LISTEN, MISS, False),  # a turn
        ("It seems to be about a new guild opening up, and the guild master is trying to recruit.", LISTEN, HIT, False),
    ],
)
def test_a_miss_at_an_information_move_told_as_the_rumour_heard_is_caught(
    text: str, intent: str, request_: dict, caught: bool
) -> None:
    assert bool([d for d in outcome_flags(text, intent, request_) if "gossip you sought" in d]) is caught


@pytest.mark.parametrize(
    "text",
    [
        # BF-1.5b:city-night:4:1
        "The guild master, who was known for his strict rules and harsh punishments, is now gossiping about the latest "
        "scandal that has rocked the city.",
        "The guild master is embroiled in a feud with the dockmasters.",
        "The guild master is secretly arguing about tariffs with the harbour council.",
        "The guild master is still whispering about the missing ledgers.",
        "The guild master is caught up in a quarrel with his own journeymen.",
    ],
)
def test_a_miss_told_as_news_of_whom_the_player_asked_after_is_caught(text: str) -> None:
    assert [d for d in outcome_flags(text, LISTEN) if "news you sought" in d], text


@pytest.mark.parametrize(
    "text",
    [
        "The stallholders are gossiping about the price of fish, and nothing about the guild master.",
        "The guild master is now plotting against you, someone whispers, and eyes turn your way.",
        "Everyone is arguing about the weather; the guild master's name never comes up.",
    ],
)
def test_talk_of_nothing_sought_or_a_threat_to_you_passes(text: str) -> None:
    assert not [d for d in outcome_flags(text, LISTEN) if "news you sought" in d], text


@pytest.mark.parametrize(
    "text",
    [
        "The merchants talk about the guild master's new warehouse.",
        "You catch snippets about the guild master's debts.",
        "Talk of the guild master's feud with the harbourmaster fills the air.",
        "Two porters gossip about the guild master's secret meetings by the docks.",
    ],
)
def test_a_miss_told_as_talk_of_the_sought_ones_affairs_is_caught(text: str) -> None:
    assert [d for d in outcome_flags(text, LISTEN) if "gossip you sought" in d], text


@pytest.mark.parametrize(
    "text",
    [
        "The stallholders mutter about the price of fish.",
        "The fishwives gossip about the baker's daughter.",
        "You hear talk of the guild master's men, but nothing you can use.",
    ],
)
def test_talk_of_others_or_of_nothing_usable_passes(text: str) -> None:
    assert not [d for d in outcome_flags(text, LISTEN) if "gossip you sought" in d], text
