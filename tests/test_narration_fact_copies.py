"""The fact sheet told again in the rules' terms is a copy, not story (a 0.5B model's drafts from a real run); the
move's outcome told in its own words, and the player's words, are story."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.narrate import NarrationRequest, build_context
from assistant.narrate.echo import EchoWatch

ORACLE_MATCH = {"system": "starforged", "move": "Ask the Oracle", "dice": [55], "options": {"odds": "likely"}}
CITY_MISS = {
    "system": "city",
    "move": "Direct Someone to Act",
    "stat": "sway",
    "character": {"stats": {"sway": 1}},
    "dice": [1, 2],
}
ACQUIRE_BAD = {"system": "blades", "move": "Acquire Asset", "stat": "tier", "dice": [1, 1]}
VOW_STRONG = {
    "system": "starforged",
    "move": "Swear an Iron Vow",
    "stat": "heart",
    "character": {"stats": {"heart": 2}},
    "dice": [6, 2, 3],
}


def watch(move: dict[str, object], player_text: str) -> EchoWatch:
    oracle = move["move"] == "Ask the Oracle"
    request = NarrationRequest(
        task="oracle" if oracle else "narrate",
        system=str(move["system"]),
        player_text=player_text,
        question=player_text if oracle else "",
        results=(resolve(move),),
    )
    return EchoWatch(build_context(request, 1200).messages)


def problem(w: EchoWatch, text: str) -> str | None:
    return w.feed(text + " ") or w.finish()


@pytest.mark.parametrize(
    ("move", "player_text", "draft"),
    [
        (ORACLE_MATCH, "Are there survivors aboard?", "On a match, imagine an extreme result or twist."),
        (
            CITY_MISS,
            "I press the clerk",
            "The outcome is a miss: you try, but you do not get what you wanted, and the situation gets worse.",
        ),
        (ACQUIRE_BAD, "I lean on my contacts for a carriage", "The outcome is a bad outcome: you try, but it goes badly."),
        (
            CITY_MISS,
            "I press the clerk",
            "Now continue after that opening, in one to three sentences, and stop where you decide.",
        ),
        (VOW_STRONG, "I swear to find my sister", "The engine makes no change to progress, so tell what the roll did."),
        (
            VOW_STRONG,
            "I swear to find my sister",
            "What happens because of it: You are emboldened and it is clear what you must do next.",
        ),
    ],
)
def test_the_fact_sheet_told_in_rules_terms_is_a_copy(move: dict[str, object], player_text: str, draft: str) -> None:
    found = problem(watch(move, player_text), draft)
    assert found and found.startswith("it copied the prompt"), found


@pytest.mark.parametrize(
    ("move", "player_text", "draft"),
    [
        (VOW_STRONG, "I swear to find my sister", "You are emboldened, and it is clear what you must do next."),
        (CITY_MISS, "I press the clerk", "You press the clerk, but he only scowls and turns back to his ledgers."),
        (ORACLE_MATCH, "Are there survivors aboard?", "Dozens of them, huddled in the cargo hold, armed and afraid."),
        (CITY_MISS, "I press the clerk", "The clerk's hand hovers over the bell that would call the watch."),
    ],
)
def test_story_in_its_own_words_is_not_a_copy(move: dict[str, object], player_text: str, draft: str) -> None:
    assert problem(watch(move, player_text), draft) is None


def test_a_line_in_the_fact_sheets_form_is_a_label() -> None:
    found = problem(watch(ORACLE_MATCH, "Are there survivors aboard?"), "Move: Ask the Oracle.")
    assert found and "label" in found
    assert problem(watch(ORACLE_MATCH, "Are there survivors aboard?"), "You make your move: the hatch opens.") is None


def test_a_miss_the_text_leaves_to_the_gm_is_told_by_its_meaning_alone() -> None:
    # a 1.5B model copied "The text gives no result for a miss on this move; …" as its story, on both drafts
    result = resolve({"system": "city", "move": "Ear to the Ground", "stat": "lore", "dice": [1, 2]})
    request = NarrationRequest(task="narrate", system="city", player_text="I listen for gossip", results=(result,))
    facts = str(build_context(request, 10**6).messages[-1].content)
    assert "the situation gets worse" in facts and "gives no result" not in facts and "Magistrate" not in facts


FD_MISS = {"system": "starforged", "move": "Face Danger", "stat": "edge", "dice": [1, 5, 6]}


def test_the_rules_alternatives_copied_are_a_copy_and_a_story_with_or_is_not() -> None:
    # a 1.5B model's miss, shown: "It falls apart in your hands. You fail, or a momentary success is undermined by …"
    w = watch(FD_MISS, "I stalk the priest through the cloister")
    found = problem(w, "You fail, or a momentary success is undermined by a dire turn of events.")
    assert found and found.startswith("it copied the prompt"), found
    w = watch(FD_MISS, "I stalk the priest through the cloister")
    assert problem(w, "The priest turns, and you must run or hide before the bell wakes the dormitory.") is None
