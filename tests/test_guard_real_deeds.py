"""What a real 1.5B model told that the guard let through (held-out set 10), one check each, and what must still pass:
deeds past the declared one, attacks and blows the move never made, an oracle turn's examining, a no told as noticed,
gossip heard on a miss, a dice amount or a bonus told as done, thanks for a rescue nobody declared."""

from __future__ import annotations

from typing import Any

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration, prepare
from assistant.narrate import NarrationRequest
from tests.scripted_narration import Scripted, narrate

GATHER = {"system": "starforged", "move": "Gather Information", "stat": "wits", "dice": [6, 1, 8]}  # weak hit
VOW = {"system": "starforged", "move": "Swear an Iron Vow", "stat": "heart", "dice": [6, 1, 2]}  # strong hit
FRAY = {"system": "starforged", "move": "Enter the Fray", "stat": "iron", "dice": [4, 2, 9]}  # weak hit
ORACLE_NO = {"system": "starforged", "move": "Ask the Oracle", "dice": [60], "options": {"odds": "50/50"}}
ORACLE_YES = {"system": "starforged", "move": "Ask the Oracle", "dice": [37], "options": {"odds": "likely"}}
GOSSIP_MISS = {"system": "city", "move": "Ear to the Ground", "dice": [1, 1]}
PRESS_MISS = {"system": "city", "move": "Direct Someone to Act", "stat": "sway", "dice": [3, 1]}
DEFEND = {"system": "dungeon-world", "move": "Defend", "stat": "con", "dice": [3, 6]}  # strong hit: hold to spend
HACK = {"system": "dungeon-world", "move": "Hack & Slash", "stat": "str", "dice": [5, 4]}  # strong hit: choose two
ELEGY_STALK = {"system": "elegy", "move": "Face Danger", "stat": "dexterity", "dice": [1, 3]}  # weak hit
ASSET = {"system": "blades", "move": "Acquire Asset", "dice": [5, 6]}  # full success
VOLLEY = {"system": "dungeon-world", "move": "Volley", "stat": "dex", "dice": [5, 2]}  # weak hit: choose one

CREEP = "I creep through the derelict's dark corridor, scanner raised"
EARLIER = [CREEP, "You creep through the dark corridor. You discover a dusty book on a table."]


def kinds(text: str, request: dict[str, Any], intent: str = "", question: str | None = None, **kw: Any) -> set[str]:
    """The guard's kinds for ``text`` on ``request``'s Result, read as the chat reads it (the story so far known)."""
    result = resolve(request)
    facts = prepare([result], earlier=kw.pop("earlier", [intent] if intent else []), **kw)
    return {v.kind.value for v in check_narration(text, [result], intent=intent, facts=facts, question=question)}


@pytest.mark.parametrize(
    ("label", "request_", "intent", "text", "expected"),
    [
        ("approaching what the story found", GATHER, CREEP, "A faint glow spills from a room. You approach it cautiously.",
         "decision"),
        ("a door unlocked and entered", GATHER, CREEP, "You unlock it with your key and enter the room.", "decision"),
        ("a hatch opened", GATHER, CREEP, "You open the hatch and slip inside.", "decision"),
        ("heading out after a vow", VOW, "I swear an iron vow to find my sister",
         "You head out to find your sister.", "decision"),
        ("boarding after a vow", VOW, "I swear an iron vow to find my sister",
         "You board the shuttle to the Wayfarer station.", "decision"),
        ("moving closer to look into it", GATHER, CREEP, "A faint glow marks the wall. You move closer to investigate.",
         "decision"),
        ("setting out after a vow", VOW, "I swear an iron vow to find my sister",
         "You start your journey to find your sister, feeling confident.", "decision"),
        ("pressing on from a Defend", DEFEND, "I raise my shield to protect the cleric",
         "You continue to move forward, ready for whatever comes next.", "decision"),
        ("an attack landed on a Defend", DEFEND, "I raise my shield to protect the cleric",
         "The cleric gasps, but you manage to land a strong hit with your sword.", "decision"),
        ("a charge on a Defend", DEFEND, "I raise my shield to protect the cleric",
         "You continue to charge at the bard, aiming for his heart.", "decision"),
        ("a slash on a Defend", DEFEND, "I raise my shield to protect the cleric", "You slash at the bard.", "decision"),
        ("a blow landed on Enter the Fray", FRAY, "A raider lunges at me with a vibroblade; I fight back",
         "You strike back with a swift kick, hitting the raider in the chest.", "outcome"),
        ("no choice left", PRESS_MISS, "I press the clerk to open the archive",
         "The clerk calls the guard, and you are left with no choice but to retreat.", "decision"),
        ("gossip heard on a miss", GOSSIP_MISS, "I listen to the gossip in the market about the guild master",
         "You hear rumors about the guild master's plans to steal from the city.", "outcome"),
        ("a dice amount told as done", VOLLEY, "I loose an arrow at the bard",
         "The shot goes wide of his shield, and you take 1d6 damage from it.", "number"),
        ("a bonus never given", FRAY, "A raider lunges at me with a vibroblade; I fight back",
         "You dodge, and you gain an advantage on your next attack roll.", "number"),
    ],
)  # fmt: skip
def test_what_a_real_model_told_is_caught(label: str, request_: dict, intent: str, text: str, expected: str) -> None:
    assert expected in kinds(text, request_, intent), label


@pytest.mark.parametrize(
    ("label", "request_", "intent", "text"),
    [
        ("the declared deed told at length", GATHER, CREEP, "You creep on, your scanner sweeping the dark corridor."),
        ("the declared deed, step by step", GATHER, CREEP, "You step over a tangle of cables and pause at a junction."),
        ("a stalk told at length", ELEGY_STALK, "I stalk the priest through the rain-soaked cloister",
         "You hug the wall and follow his lantern."),
        ("closing on the one stalked", ELEGY_STALK, "I stalk the priest through the rain-soaked cloister",
         "You edge closer, keeping to the shadows, then move closer to the priest."),
        ("a favour called in", ASSET, "I lean on my contacts to acquire a fine carriage",
         "You call in a favor from an old fence."),
        ("a declared question told at length", PRESS_MISS, "I press the clerk to open the archive",
         "You explain why you need the archive, but the clerk only shakes his head."),
        ("pressure that leaves the choice open", FRAY, "A raider lunges at me with a vibroblade; I fight back",
         "The raider is fast. You have to find cover quickly or face the consequences."),
        ("another's shield meets the blow", DEFEND, "I raise my shield to protect the cleric",
         "The cleric's shield deflects the damage, but it takes a moment to recover."),
        ("the foe's guard before a strong hit", HACK, "I lunge at the bard with my sword",
         "The bard's defense is weak, and you strike with all your might."),
        ("a dice amount offered, not done", VOLLEY, "I loose an arrow at the bard",
         "If you take what you can get, you may deal 1d6 less damage."),
    ],
)  # fmt: skip
def test_what_a_real_model_may_still_tell(label: str, request_: dict, intent: str, text: str) -> None:
    assert kinds(text, request_, intent) == set(), label


def test_an_oracle_turns_examining_is_a_deed_unless_it_is_what_was_asked() -> None:
    question = "Is the reactor still running?"
    book = kinds("You carefully examine the dusty book.", ORACLE_NO, question=question, earlier=EARLIER)
    assert "decision" in book
    assert kinds("You examine the reactor's housing, cold to the touch.", ORACLE_NO, question=question, earlier=EARLIER) == set()
    assert "decision" not in kinds("You shout in surprise.", ORACLE_NO, question=question, earlier=EARLIER)


def test_a_no_to_being_noticed_is_not_told_as_a_startle() -> None:
    question = "Does the priest sense me?"
    assert "outcome" in kinds("A chill runs down your spine as the priest's eyes widen.", ORACLE_NO, question=question)
    assert "outcome" in kinds("The priest stiffens and turns toward you.", ORACLE_NO, question=question)
    assert kinds("The priest turns a page, his eyes on the candle.", ORACLE_NO, question=question) == set()
    assert kinds("The priest's eyes widen.", ORACLE_YES, question=question) == set()  # a yes may be noticed


def test_thanks_for_a_rescue_nobody_declared_is_a_deed_told_done() -> None:
    question = "Are there survivors aboard?"
    told = "The survivors aboard the derelict are grateful for your help."
    assert "decision" in kinds(told, ORACLE_YES, question=question)
    assert "decision" not in kinds(told, GATHER, "I help the survivors out of the wreck")


def test_the_chat_ends_a_draft_before_a_deed_past_the_declared_one() -> None:
    result = resolve(GATHER)
    request = NarrationRequest(task="narrate", system="starforged", player_text=CREEP, results=(result,), story_sentences=4)
    narrator = Scripted(
        "The corridor hums with a dying fan. A faint glow spills from a side room. You approach it cautiously, scanner up."
    )
    outcome = narrate(narrator, request)
    assert "faint glow" in outcome.text and "approach it" not in outcome.text
