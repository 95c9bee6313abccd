"""Sets 20 and 21's misses of one left unaware by the oracle, each in paraphrases of our own beside good drafts that
must pass: the priest told searching the place you hide in, dreading, or looking at you while he speaks to you."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.engine.model import Result
from assistant.guard import check_narration, prepare

PRIEST = "Does the priest sense me?"
ANYONE = "Is anyone else awake?"
UNSENSED = "The priest does not sense you."
ALONE = "No one else is awake."


def _oracle() -> Result:
    result = resolve({"system": "elegy", "move": "Ask the Oracle", "options": {"odds": "50/50"}, "dice": [20]})
    assert result.outcome == "no"
    return result


def _flags(text: str, question: str, opening: str, established: tuple[str, ...]) -> list[str]:
    result = _oracle()
    facts = prepare([result], established=established, told=(opening,))
    return [v.kind.value for v in check_narration(text, [result], intent=question, question=question, facts=facts)]


@pytest.mark.parametrize(
    "text",
    [
        "The priest stands alone in the dim light, his eyes scanning the area.",
        "The priest stands alone in the dark, his eyes scanning the sky.",
        "The priest pauses at the door, his gaze sweeping the shadows.",
        "The priest lifts his lamp, his eyes darting across the nave.",
        "The priest kneels, and he feels a sense of dread wash over him.",
        "The priest stops his prayer. He has a sudden feeling of foreboding.",
        'The priest clears his throat. "What\'s up, brother?" he asks, looking at you with concern.',
        "The priest looks up at you from his book.",
    ],
)
def test_the_one_left_unaware_told_searching_dreading_or_looking_at_you_is_caught(text: str) -> None:
    assert "outcome" in _flags(text, PRIEST, UNSENSED, (UNSENSED,)), text
    assert "outcome" in _flags(text, ANYONE, ALONE, (UNSENSED, ALONE)), text


@pytest.mark.parametrize(
    "text",
    [
        "The priest looks around, his eyes scanning the dark room. He doesn't see you anywhere.",
        "The priest looks around, his eyes scanning the area. He sees nothing unusual.",
        "The priest stood in the dim room, his eyes scanning the empty space.",
        "The priest's eyes scan the page of his breviary as he murmurs the litany.",
        "The priest stands alone, lost in a feeling of sorrow.",
        "The priest looks at you with a blank, unseeing stare and turns back to the altar.",
        "The priest kneels at the altar, his gaze on the candles.",
    ],
)
def test_the_one_left_unaware_going_on_with_his_night_passes(text: str) -> None:
    assert _flags(text, PRIEST, UNSENSED, (UNSENSED,)) == [], text


# a wound told taken on a turn that dealt none (set 21 sf-fight:2:1)

FRAY = {"system": "starforged", "move": "Enter the Fray", "stat": "heart", "dice": [6, 1, 8]}  # a weak hit, no harm
FIGHT = "A raider lunges at me with a vibroblade; I fight back"


def _harm(text: str) -> list[str]:
    result = resolve(FRAY)
    assert not any(e.kind == "meter" and "health" in e.target for e in result.effects)
    return [v.kind.value for v in check_narration(text, [result], intent=FIGHT) if "harm or a loss" in v.detail]


@pytest.mark.parametrize(
    "text",
    [
        "You block the attack. It works, but at a cost: you take a small cut to your side.",
        "You parry, but you take a shallow gash along the arm.",
        "You meet the lunge, and you take a graze across the cheek.",
        "You hold your ground, though you suffer a deep slash.",
    ],
)
def test_a_wound_taken_on_a_turn_that_dealt_none_is_caught(text: str) -> None:
    assert _harm(text), text


@pytest.mark.parametrize(
    "text",
    [
        "You block the attack, and the blade cuts only the air beside you.",
        "You take a cut of the raider's cloak as he spins away.",
        "You take a step back and raise your sword.",
    ],
)
def test_a_fight_begun_without_a_wound_passes(text: str) -> None:
    assert _harm(text) == [], text


# a strong hit told as the foe blocking it, the foe the sentence's subject (set 21 dw-duel:2:1)

HACK = {"system": "dungeon_world", "move": "Hack & Slash", "stat": "str", "dice": [6, 6]}
LUNGE = "I lunge at the bard with my sword"


def _thwarted(text: str) -> list[str]:
    result = resolve(HACK)
    assert result.outcome == "strong_hit"
    return [v.kind.value for v in check_narration(text, [result], intent=LUNGE) if "tells the attempt failing" in v.detail]


@pytest.mark.parametrize(
    "text",
    [
        "The bard, startled by the sudden attack, draws his sword and blocks it.",
        "The bard spins on his heel and parries it with his lute.",
        "The bard, quick as a cat, dodges the lunge.",
        "The bard raises his dagger and deflects the blow.",
    ],
)
def test_the_foe_blocking_a_strong_hit_is_caught(text: str) -> None:
    assert _thwarted(text), text


@pytest.mark.parametrize(
    "text",
    [
        "The bard tries to block it, but your blade bites into his shoulder.",
        "The bard stumbles back, clutching the wound you opened.",
        "The bard draws his sword, too late; your lunge lands.",
    ],
)
def test_the_foe_failing_to_stop_a_strong_hit_passes(text: str) -> None:
    assert _thwarted(text) == [], text


# health told with the wrong ends (set 20 sf-fight:7:2: the engine went 4 -> 2)

HARM = {"system": "starforged", "move": "Endure Harm", "character": {"health": 4}, "options": {"amount": 2}}


def _health(text: str) -> list[str]:
    result = resolve(HARM)
    change = next(e for e in result.effects if e.target == "health")
    assert (change.before, change.after) == (4, 2)
    return [v.detail for v in check_narration(text, [result]) if "engine's change was" in v.detail]


@pytest.mark.parametrize(
    "text",
    [
        "Your health goes from 2 to 1, leaving you vulnerable.",
        "Your health drops from 4 to 1.",
        "Your health falls from five to three.",
        "Your health went from 4 down to 3 as the blade bites.",
    ],
)
def test_health_told_with_the_wrong_ends_is_caught(text: str) -> None:
    assert _health(text), text


@pytest.mark.parametrize(
    "text",
    [
        "Your health goes from 4 to 2.",
        "Your health drops from four down to two as the blade bites.",
        "The raider's blade bites, and you stagger.",
    ],
)
def test_health_told_as_the_engine_moved_it_passes(text: str) -> None:
    assert _health(text) == [], text


# going unseen on a strong hit, told noticed (set 20 city-night:2:1)

TRANSIT = {"system": "city", "move": "Transit", "stat": "environs", "dice": [6, 5]}
SLIP = "I slip across the river district without being noticed"


def _seen(text: str) -> list[str]:
    result = resolve(TRANSIT)
    assert result.outcome == "strong_hit"
    return [v.detail for v in check_narration(text, [result], intent=SLIP) if "set out to go unseen" in v.detail]


@pytest.mark.parametrize(
    "text",
    [
        "You notice a group of people walking along the river. They look at you curiously.",
        "A ferryman spots you as you cross the bridge.",
        "The watchman turns toward you and raises his lantern.",
        "Two fishwives watch you pass, whispering.",
    ],
)
def test_going_unseen_told_noticed_on_a_strong_hit_is_caught(text: str) -> None:
    assert _seen(text), text


@pytest.mark.parametrize(
    "text",
    [
        "You slip across the river district without being noticed.",
        "The crowd looks at you, but you blend in with the other pedestrians.",
        "No one looks at you twice as you cross the bridge.",
        "A drunk stares right through you and goes back to his bottle.",
        "You see the lamplighters at work and keep to the shadows.",
    ],
)
def test_going_unseen_told_unseen_passes(text: str) -> None:
    assert _seen(text) == [], text
