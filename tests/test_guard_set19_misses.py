"""Set 19's families, each in paraphrases of our own beside good drafts that must pass: one an oracle's no left unaware
told waiting for a sign of you or shaken; a track's line quoted on a sign; an asset the engine gave told as not got
(and got with trouble, which passes); the talk overheard on a missed Ear to the Ground; a stopped machine told as a
live danger; the one you protect struck after a hit; an earlier answer kept about this turn's deed."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.engine.model import Result
from assistant.guard import check_narration, prepare
from assistant.guard.model import Violation

PRIEST = "Does the priest sense me?"
ANYONE = "Is anyone else awake?"
REACTOR = "Is the reactor still running?"
UNSENSED = "The priest does not sense you."
STOPPED = "The reactor is no longer running."


def _oracle(system: str = "elegy") -> Result:
    roll = 20 if system == "elegy" else 60  # a no on each system's oracle
    result = resolve({"system": system, "move": "Ask the Oracle", "options": {"odds": "50/50"}, "dice": [roll]})
    assert result.outcome == "no"
    return result


def _oracle_flags(text: str, question: str, opening: str, established: tuple[str, ...], system: str = "elegy") -> list[str]:
    result = _oracle(system)
    facts = prepare([result], established=established, told=(opening,))
    return [v.kind.value for v in check_narration(text, [result], intent=question, question=question, facts=facts)]


# one the oracle left unaware, told waiting for a sign of you or shaken (BC2 el-hunt:4:1, BC3 el-hunt:3:3)


@pytest.mark.parametrize(
    "text",
    [
        "The priest stands by the altar. He waits for the next sign of life in the dark.",
        "The priest lingers at the door, listening for the slightest sign of movement.",
        "The priest holds still, alert for another sign of an intruder.",
        "The priest's eyes are fixed on the floor, his hands trembling.",
        "The priest kneels by the altar. His fingers shake as he turns the page.",
        "The priest seems nervous, glancing at the shadows.",
        "The priest stops his prayer. He is tense, barely breathing.",
    ],
)
def test_the_one_left_unaware_told_watching_or_shaken_is_caught(text: str) -> None:
    assert "outcome" in _oracle_flags(text, PRIEST, UNSENSED, (UNSENSED,)), text
    assert "outcome" in _oracle_flags(text, ANYONE, "No one else is awake.", (UNSENSED, "No one else is awake.")), text


@pytest.mark.parametrize(
    "text",
    [
        "The priest kneels down, his hands clasped in prayer.",
        "The priest's eyes are fixed on the altar as he murmurs the litany.",
        "The priest stands at the entrance, his eyes fixed on the door. He listens for any noise but hears nothing.",
        "The candles tremble in the draught while the priest reads on.",
        "The priest waits for the bells of dawn, calm and unhurried.",
    ],
)
def test_the_one_left_unaware_going_on_with_his_night_passes(text: str) -> None:
    assert _oracle_flags(text, PRIEST, UNSENSED, (UNSENSED,)) == [], text


# a track's line quoted on a sign, a note or a voice (BC2 sf-vow:5:1)

FACE_DANGER = {"system": "starforged", "move": "Face Danger", "stat": "edge", "dice": [4, 2, 9]}  # a weak hit
DOCKS = "I ask the dockhands about the Wayfarer's last crew"


def _echoes(text: str) -> list[Violation]:
    result = resolve(FACE_DANGER)
    return [v for v in check_narration(text, [result], intent=DOCKS) if "track's line" in v.detail]


@pytest.mark.parametrize(
    "text",
    [
        'You scrape through, but you notice a small sign on the wall that says "Find my sister on the Wayfarer station: '
        'a dangerous vow." Your heart races.',
        "A note pinned to the crate reads \u201cRecover the lost cargo: a formidable vow\u201d.",
        'Someone has scrawled "Escape the derelict: an extreme expedition" across the hatch.',
        'The old dockhand mutters, "Reach the Iron Spire: an epic journey."',
    ],
)
def test_a_track_line_quoted_in_the_story_is_caught(text: str) -> None:
    assert _echoes(text), text


@pytest.mark.parametrize(
    "text",
    [
        '"It is a dangerous vow," the dockhand says, "and the Wayfarer is no place for it."',
        'A sign on the wall reads "Dock 7: authorised crew only".',
        'She laughs. "Your sister? A dangerous vow to make, friend."',
    ],
)
def test_a_rank_or_a_sign_of_the_story_passes(text: str) -> None:
    assert _echoes(text) == [], text


# the asset the engine gave told as not got (BC3 bl-downtime:5:2, BC2 bl-downtime:5:3)

ASSET_BAD = {"system": "blades", "move": "Acquire Asset", "stat": "tier", "dice": [1, 3]}
CARRIAGE = "I lean on my contacts to acquire a fine carriage"
OPENING = "You try to lean on your contacts to acquire a fine carriage. The days slip by for scant return."


def _asset_flags(text: str) -> list[Violation]:
    result = resolve(ASSET_BAD)
    facts = prepare([result], told=tuple(OPENING.split(". ")))
    return check_narration(text, [result], intent=CARRIAGE, facts=facts)


@pytest.mark.parametrize(
    "text",
    [
        "You lean on your contacts, but they are unable to provide a carriage.",
        "You try your contacts for help, but they're busy with other matters.",
        "No one can find you a carriage in the whole of Doskvol.",
        "Your contacts refuse to lend you anything on wheels.",
        "After a week of asking you come away empty-handed.",
        "The fence turns you away at the door.",
        "They couldn't get you a carriage, not for any price.",
    ],
)
def test_the_asset_told_as_not_got_is_caught(text: str) -> None:
    assert any("as not got" in v.detail for v in _asset_flags(text)), text


@pytest.mark.parametrize(
    "text",
    [
        "You manage to get the asset with some difficulty.",
        "You manage to secure the carriage, a battered thing with one loose wheel.",
        "After days of haggling, a creaking old carriage is yours.",
        "The carriage they find you has seen better days, and it cost you every favour you had.",
    ],
)
def test_the_asset_got_with_trouble_passes(text: str) -> None:
    assert _asset_flags(text) == [], text


def test_an_asset_short_of_the_minimum_quality_may_be_told_as_not_got() -> None:
    result = resolve({**ASSET_BAD, "options": {"minimum_quality": 2}})
    assert any("falls short" in n for n in result.notes)
    flags = check_narration("They are unable to provide a carriage that fine.", [result], intent=CARRIAGE)
    assert not any("as not got" in v.detail for v in flags)


def test_something_else_managed_on_the_bad_roll_is_still_a_success_told() -> None:
    flags = _asset_flags("You manage to secure a loan from a local smuggler.")
    assert any("story success" in v.detail for v in flags)


# the talk overheard on a missed Ear to the Ground (BC2 city-night:4:2)

EAR_MISS = {"system": "city", "move": "Ear to the Ground", "stat": "lore", "dice": [2, 1]}
GOSSIP = "I listen to the gossip in the market about the guild master"


def _heard(text: str) -> list[Violation]:
    result = resolve(EAR_MISS)
    return [v for v in check_narration(text, [result], intent=GOSSIP) if "went looking for" in v.detail]


@pytest.mark.parametrize(
    "text",
    [
        "The guild master starts to talk about the upcoming guild meeting and the new recruits.",
        "Two porters are gossiping about the guild master's debts to the river barons.",
        "A merchant whispers about the guild master's secret meeting at the docks.",
        "The guild master's clerk brags about the new warehouse his master bought.",
    ],
)
def test_the_talk_heard_on_a_miss_is_caught(text: str) -> None:
    assert _heard(text), text


@pytest.mark.parametrize(
    "text",
    [
        "You notice some merchants gossiping about the guild master, but you have no reason to believe them.",
        "The stallholders talk about the guild master.",
        "The crowd talks about the weather and the price of eels.",
        "Someone talks about you to the watch, pointing your way.",
    ],
)
def test_talk_that_tells_nothing_sought_passes(text: str) -> None:
    assert _heard(text) == [], text


# a stopped machine told as a live danger (BC3 sf-derelict:3:2)


def _machine(text: str) -> list[str]:
    return _oracle_flags(text, REACTOR, STOPPED, (STOPPED,), system="starforged")


@pytest.mark.parametrize(
    "text",
    [
        "The reactor is no longer running, its core glowing red. The team scrambles to shut down the system before it "
        "can cause a catastrophic failure.",
        "Sparks crackle across the console. The crew races to power it down before it overloads.",
        "The core is still glowing, threatening to explode at any moment.",
        "A deep thrumming shakes the deck, and the engineers rush to shut it off.",
    ],
)
def test_a_stopped_machine_told_as_a_live_danger_is_caught(text: str) -> None:
    assert "outcome" in _machine(text), text


@pytest.mark.parametrize(
    "text",
    [
        "The reactor's cooling failed. The engineers had to shut down the reactor to prevent a catastrophic explosion.",
        "The team scrambles to shut down the system quickly before it can cause a catastrophic failure.",
        "Its core still glows faintly, the last heat of a dead machine.",
        "The console is dark and cold; there is nothing left to shut down.",
    ],
)
def test_a_dead_machine_or_how_it_stopped_passes(text: str) -> None:
    assert _machine(text) == [], text


# the one you protect struck after your roll to protect them hit (BC3 dw-duel:4:1)

DEFEND_HIT = {"system": "dungeon-world", "move": "Defend", "stat": "con", "dice": [6, 6]}
SHIELD = "I raise my shield to protect the cleric"


def _struck(text: str, request: dict = DEFEND_HIT) -> list[Violation]:
    result = resolve(request)
    return [v for v in check_narration(text, [result], intent=SHIELD) if "you protect struck" in v.detail]


@pytest.mark.parametrize(
    "text",
    [
        "The cleric is surprised, but they don't react quickly enough and are hit in the back with a powerful blow.",
        "The cleric is struck by the orc's axe.",
        "Despite your shield, the cleric takes a heavy blow to the shoulder.",
        "The cleric stumbles, and she is wounded by the second goblin.",
    ],
)
def test_the_one_you_protect_struck_after_a_hit_is_caught(text: str) -> None:
    assert _struck(text), text


@pytest.mark.parametrize(
    "text",
    [
        "The blow meant for the cleric slams into your shield instead.",
        "The cleric is not hit; the axe glances off your shield.",
        "The cleric looks relieved and grateful for your help.",
        "The orc is hit by the cleric's mace as you hold the line.",
        "The axe would have struck the cleric, had your shield not been there.",
        "The cleric is hit with a strong attack, but you manage to deflect it with your shield.",
    ],
)
def test_the_one_you_protect_kept_safe_passes(text: str) -> None:
    assert _struck(text) == [], text


def test_a_miss_is_left_to_the_rules() -> None:
    assert _struck("The cleric is struck by the orc's axe.", {**DEFEND_HIT, "dice": [1, 1]}) == []


# an earlier answer kept about this turn's deed (BC3 el-hunt:6:2, labelled good)

FEED = {"system": "elegy", "move": "Feed", "stat": "dexterity", "dice": [6, 1]}  # a weak hit


def _again(text: str) -> list[Violation]:
    result = resolve(FEED)
    facts = prepare([result], established=(UNSENSED,))
    flags = check_narration(text, [result], intent="I feed on the sleeping watchman", facts=facts)
    return [v for v in flags if "again" in v.detail]


@pytest.mark.parametrize(
    "text",
    ["The priest does not notice your intrusion.", "The priest does not notice your approach."],
)
def test_the_answer_kept_about_this_turns_deed_passes(text: str) -> None:
    assert _again(text) == [], text


@pytest.mark.parametrize("text", ["The priest does not sense you.", "The priest does not notice your presence."])
def test_the_answer_said_again_of_you_is_still_caught(text: str) -> None:
    assert _again(text), text
