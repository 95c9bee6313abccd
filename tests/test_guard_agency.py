"""What a real small model slipped past the guard: decisions in any person, words put in the character's mouth,
meters told as moving when the engine changed nothing, an oracle answer told as its opposite in the question's own
words, a die a free roll did not use, an open option told as taken, follow-ups and menus the engine did not offer;
what must still pass; and the retry line each kind gets."""

from __future__ import annotations

import random
from typing import Any

import pytest

from assistant.engine import AssistantError, resolve
from assistant.guard import Violation, ViolationKind, check_narration, describe_violations, fix_sentence

FDM = {"system": "starforged", "move": "Face Danger", "stat": "edge", "dice": [1, 7, 8]}  # a miss, Pay the Price offered
FDW = {"system": "starforged", "move": "Face Danger", "stat": "edge", "character": {"stats": {"edge": 2}}, "dice": [4, 2, 9]}
ORACLE_NO = {"system": "starforged", "move": "Ask the Oracle", "dice": [60], "options": {"odds": "50/50"}}
ORACLE_YES = {"system": "starforged", "move": "Ask the Oracle", "dice": [37], "options": {"odds": "likely"}}
FREE = {"system": "starforged", "move": "roll:2d6+1", "dice": [3, 6]}
HARM = {"system": "starforged", "move": "Endure Harm", "character": {"health": 5}, "options": {"amount": 2}}
VOLLEY_WEAK = {"system": "dungeon-world", "move": "Volley", "character": {"stats": {"dex": 0}}, "dice": [4, 4]}
ACQUIRE_BAD = {"system": "blades", "move": "Acquire Asset", "stat": "tier", "dice": [1, 1]}
VICE = {"system": "blades", "move": "Indulge Vice", "character": {"stats": {"hunt": 1, "study": 1}, "stress": 0}, "dice": [2, 3]}
FEED_MISS = {"system": "elegy", "move": "Feed", "stat": "glamour", "dice": [2, 5]}


def kinds(text: str, request: dict[str, Any], **kw: Any) -> set[str]:
    return {v.kind.value for v in check_narration(text, [resolve(request)], **kw)}


@pytest.mark.parametrize(
    ("request_", "text", "kw", "expected"),
    [
        (FDM, "The airlock holds fast. They decide to flee back down the corridor.", {}, "decision"),
        (FDM, "The character chooses to push on alone, ignoring the cost.", {}, "decision"),
        (FDM, "Your companion decides to Pay the Price for you.", {}, "decision"),
        (FDW, "The dockhands decided to make a suffer move (-1).", {}, "decision"),
        (FDW, 'You parry the blade and snarl, "Is that all you have?" The raider staggers back.', {}, "decision"),
        (FDW, '"What are you doing here?" you ask, edging closer.', {}, "decision"),
        (ACQUIRE_BAD, "Nobody will sell to you, and the heat on your crew rises.", {}, "state"),
        (FEED_MISS, "You cannot feed; the hunger within you grows stronger.", {}, "state"),
        (VICE, "You leave the dens and your stress has decreased slightly.", {}, "state"),
        (ACQUIRE_BAD, "Nobody sells, and your downtime activities drop.", {}, "state"),
        (ORACLE_NO, "The reactor hums steadily, still running as you reach the core.",
         {"question": "Is the reactor still running?"}, "outcome"),
        (ORACLE_YES, "The raider stands his ground and does not flee.", {"question": "Does the raider flee?"}, "outcome"),
        (ORACLE_YES, "In a twist, there were no survivors aboard.", {"question": "Are there survivors aboard?"}, "outcome"),
        (ORACLE_NO, "Footsteps creak above: someone else is awake.", {"question": "Is anyone else awake?"}, "outcome"),
        (ORACLE_NO, "The oracle declined to answer.", {"question": "Is it safe?"}, "outcome"),
        (FREE, "You roll your d20 and it lands on 4.", {}, "phantom_roll"),
        (FDW, "You slip through, then you make a suffer move and take the blame.", {}, "phantom_roll"),
        (HARM, "The blade bites deep.\n\nNext: Pay the Price.", {}, "phantom_roll"),
        (VOLLEY_WEAK, "You loose the arrow.\n\nYou take what you can get: -1d6 damage.", {}, "decision"),
        (ORACLE_YES, "If you choose to go on, you may find them. Alternatively, if you opt to wait, they come to you.",
         {"question": "Are there survivors aboard?"}, "decision"),
        (FDW, "You slip past.\n\n> You may pick one Reaction: They flee / They make you an offer.", {}, "decision"),
        (FDW, "You slip past the guard. Your narration broke these rules: none.", {}, "echo"),
        # a move called for that the engine neither resolved nor offered, named as the rules write it
        (HARM, "You suffer mortal harm. Face Death.", {}, "phantom_roll"),
        (HARM, "The wound burns and your nerve goes; make the Endure Stress move.", {}, "phantom_roll"),
        (FDM, "The airlock stays sealed. You decide it is time to Pay the Price.", {}, "decision"),
        (FDW, 'You raise your voice: "Stand aside!" The guard steps back, scowling.', {}, "decision"),
        (ORACLE_YES, "The raider holds his position, refusing to flee.", {"question": "Does the raider flee?"}, "outcome"),
        (FDW, "You ask around. The dockhands look at you and roll +shadow on their dice card.", {}, "phantom_roll"),
        (FDW, "Your rival rolls a d6 behind the bar and grins.", {}, "phantom_roll"),
        (FDW, "The clerk looks up and rolls a flat; it goes badly.", {}, "phantom_roll"),
        (FDW, '"We sail at dawn," you announce to the dockhands, and they nod.', {}, "decision"),
        (FDM, "You listen at the door. The character notices the guard and decides to slip away.", {}, "decision"),
        (VOLLEY_WEAK, "You deal 2 damage, and you: choose one (whichever you choose, you deal your damage): You have to move "
         "to get the shot, placing you in danger as described by the GM", {}, "number"),  # the engine's words, the model's 2
        (FDW, "You get through. The next thing you do is make a suffer move (-1).", {}, "phantom_roll"),
        # the dice card's notation and the app's own headings copied from an earlier turn
        (FDW, "You slip past the guard. Health 5 → 1.", {}, "state"),
        (FDW, "Moves that fit", {}, "echo"),
        (FDW, "You slip past the guard. Confirm one to roll it.", {}, "echo"),
        # a 0.5B's heading in the fact sheet's form
        (FDW, "What happens because of it: You are emboldened and it is clear what you must do next.", {}, "echo"),
    ],
)  # fmt: skip
def test_each_miss_kind_is_caught(request_: dict, text: str, kw: dict, expected: str) -> None:
    assert expected in kinds(text, request_, **kw)


@pytest.mark.parametrize(
    ("request_", "text", "kw"),
    [
        (FDM, "The airlock holds. The guard decides to raise the alarm.", {}),
        (FDM, "The raiders see you coming and they decide to flee.", {}),
        (FDW, "The dockhand decides to answer, but he wants something in return. What do you offer?", {}),
        (FDW, 'A voice crackles over the comm: "Is someone out there?" You get through, at a cost.', {}),
        (FDW, 'You raise your hand and say, "I swear I will find her." It works, but at a cost.',
         {"intent": "I swear I will find her"}),
        (ORACLE_NO, 'You ask the oracle: "Is the reactor still running?" No: the reactor is no longer running.',
         {"question": "Is the reactor still running?"}),
        (ORACLE_NO, "The reactor was running, but it suddenly stopped.", {"question": "Is the reactor still running?"}),
        (ORACLE_NO, "The reactor is dead, its core cold and dark.", {"question": "Is the reactor still running?"}),
        (ORACLE_YES, "The raider turns and runs for the hatch.", {"question": "Does the raider flee?"}),
        (ORACLE_NO, "The whole cloister sleeps; no one else stirs.", {"question": "Is anyone else awake?"}),
        (FREE, "The dice land: 3 and 6, plus one makes 10.", {}),
        (FDM, "You strain at the airlock and it slips.\n\nNext: Pay the Price.", {}),
        (ACQUIRE_BAD, "It falls apart: the carriage you can get is a shabby one, a quality Tier -1 at best.", {}),
        (FDW, "You must decide whether to press on or fall back.", {}),
        (FDW, "You make a bold move and get through, bruised.", {}),
        (ACQUIRE_BAD, "The downtime activities increase by one.", {}),
        (ORACLE_YES, "The raider refuses to stay and flees.", {"question": "Does the raider flee?"}),
        (FDW, "You draw your blade and roll +edge. It works, at a cost.", {}),
        (FDW, "The dice roll across the deck as you slip through, bruised.", {}),
        (FDM, "The airlock stays sealed and the alarm starts. Pay the Price.", {}),  # the miss's own follow-up
        (FDW, "You Face Danger head-on and slip through, bruised.", {}),  # the move played
        (HARM, "You face death down and grit your teeth.", {}),  # everyday words, not the move's name
        (FDW, "You want to Secure an Advantage first, but the guard is already turning.", {"intent": "secure an advantage"}),
    ],
)  # fmt: skip
def test_what_must_still_pass(request_: dict, text: str, kw: dict) -> None:
    assert kinds(text, request_, **kw) == set()


def test_each_retry_line_is_one_imperative_sentence_quoting_the_words() -> None:
    V, K = Violation, ViolationKind
    lines = [
        fix_sentence(V(K.DECISION, "'They decide to flee' decides for the player's character; …", "They decide to flee")),
        fix_sentence(Violation(ViolationKind.OUTCOME, "'you manage to' tells story success, but the engine's outcome is a miss",
                               "you manage to")),
        fix_sentence(Violation(ViolationKind.STATE, "'the heat rises': the engine made no change to heat", "the heat rises")),
        fix_sentence(Violation(ViolationKind.NUMBER, "'rolled a 12': 12 is not one of the engine's numbers", "rolled a 12")),
        fix_sentence(Violation(ViolationKind.ECHO, "'ENGINE FACTS' copies the fact sheet", "ENGINE FACTS")),
        fix_sentence(V(K.DECISION, "'\"Hi,\" you say' puts words in the character's mouth; …", '"Hi," you say')),
    ]  # fmt: skip
    assert lines == [
        'Remove "They decide to flee": what the character does, says and chooses is the player\'s call.',
        'Change "you manage to": the result is a miss.',
        'Remove "the heat rises": the engine made no change to heat.',
        'Remove "rolled a 12": write no numbers at all.',
        'Remove "ENGINE FACTS": write only the story.',
        "Remove \"'Hi,' you say\": what the character says is the player's call.",
    ]
    assert all(line.count(".") == 1 and line.endswith(".") for line in lines[:5])


def test_the_retry_for_an_oracle_told_backwards_names_the_answer() -> None:
    found = check_narration("There were no survivors aboard.", [resolve(ORACLE_YES)], question="Are there survivors aboard?")
    text = describe_violations(found)
    assert text.splitlines()[1] == '1. Change "there were no survivors aboard.": the oracle answered yes.'


@pytest.mark.parametrize("segments", [4, 6, 8, 12])
@pytest.mark.parametrize("dice", [[1], [4], [6], [6, 6], [2, 5]])
def test_the_offline_long_term_project_passes_at_every_clock_size(segments: int, dice: list[int]) -> None:
    """Reported once as "'+3 clock' … the engine's change was the clock +1": the template's clock change, a nearly
    full clock (capped) and an empty one, read back with the guard."""
    from assistant.narrate import NarrationRequest
    from assistant.narrate.template import TemplateNarrator

    for filled in (0, segments - 1):
        request = {
            "system": "blades", "move": "Long-Term Project", "stat": "study", "character": {"stats": {"study": len(dice)}},
            "options": {"project": "Ghost door", "clock": {"segments": segments, "filled": filled}}, "dice": dice,
        }  # fmt: skip
        result = resolve(request)
        narration = NarrationRequest(task="narrate", system="blades", player_text="I research the ghost door", results=(result,))
        text = "".join(TemplateNarrator().stream(narration))
        assert check_narration(text, [result], intent="I research the ghost door") == [], text


OPTION_SETS = [{}, {"options": {"amount": 2}}, {"options": {"progress_boxes": 5}}, {"options": {"dice": 2}},
               {"options": {"magnitude": 2}}, {"options": {"faction_tier": 2}}, {"options": {"aspects": 2}}]  # fmt: skip


def _resolved(base: dict[str, Any], seed: int) -> Any:
    for extra in OPTION_SETS:
        try:
            return resolve({**base, **extra}, rng=random.Random(seed))
        except AssistantError:
            continue
    return None


def test_the_offline_narration_passes_sentence_by_sentence_as_the_chat_loop_streams_it() -> None:
    """The chat loop guards each finished sentence before the whole text: a sentence alone (an option's own words
    recited from the outcome text, a sum with a dropped die) must pass as the whole narration does."""
    from assistant.chat.narration import split_sentences
    from assistant.engine import get_ruleset
    from assistant.engine.registry import SYSTEMS
    from assistant.guard import prepare
    from assistant.narrate import NarrationRequest
    from assistant.narrate.template import TemplateNarrator

    checked = 0
    for system in sorted(SYSTEMS):
        for move in get_ruleset(system).moves:
            stats = move.roll.stats
            base = {"system": system, "move": move.id, **({"stat": stats[0].stats[0]} if stats else {})}
            for seed in range(1, 7):
                result = _resolved(base, seed)
                if result is None:
                    break
                task = {"table": "table", "oracle": "oracle"}.get(result.roll, "narrate")
                request = NarrationRequest(task=task, system=system, player_text="I push through the crowd", results=(result,))
                text = "".join(TemplateNarrator().stream(request))
                facts = prepare([result], system=system)
                done, rest = split_sentences(text)
                for sentence in [*done, rest]:  # each sentence as it streams (partial), then the whole story
                    said = check_narration(sentence, [result], intent="I push through the crowd", facts=facts, partial=True)
                    assert said == [], sentence
                    checked += 1
                assert check_narration(text, [result], intent="I push through the crowd", facts=facts) == [], text
    assert checked >= 2000
