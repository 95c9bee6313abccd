"""Labelled narrations a real small model wrote that the guard used to let through, what must still pass,
the "the player" style fix, and a retry message that names each problem in plain words."""

from __future__ import annotations

from typing import Any

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration, describe_violations, prepare, second_person_fix
from assistant.narrate import NarrationRequest
from tests.scripted_narration import Scripted, narrate, split_opening

FDW = {"system": "starforged", "move": "Face Danger", "stat": "edge", "character": {"stats": {"edge": 2}}, "dice": [4, 2, 9]}
FDM = {"system": "starforged", "move": "Face Danger", "stat": "edge", "dice": [1, 7, 8]}
COMPEL_MISS = {"system": "starforged", "move": "Compel", "stat": "heart", "dice": [1, 7, 8]}
ORACLE_NO = {"system": "starforged", "move": "Ask the Oracle", "dice": [60], "options": {"odds": "50/50"}}
ORACLE_YES = {"system": "starforged", "move": "Ask the Oracle", "dice": [37], "options": {"odds": "likely"}}
TOTAL = {"system": "starforged", "move": "roll:2d6+1", "dice": [4, 5]}  # 4 + 5 + 1 = 10
POOL_ONES = {"system": "blades", "move": "Fortune Roll", "options": {"dice": 2}, "dice": [1, 1]}
HARM_2 = {"system": "starforged", "move": "Endure Harm", "character": {"health": 5}, "options": {"amount": 2}}  # -2 health


def kinds(text: str, request: dict[str, Any], **kw: Any) -> set[str]:
    return {v.kind.value for v in check_narration(text, [resolve(request)], **kw)}


@pytest.mark.parametrize(
    ("label", "request_", "text", "question", "expected"),
    [
        ("oracle no told as yes", ORACLE_NO, "The reactor is still running, humming in the dark.",
         "Is the reactor still running?", "outcome"),
        ("oracle yes hedged", ORACLE_YES, "There is an equal chance the station is abandoned.", "Is the station abandoned?",
         "outcome"),
        ("oracle hedged either way", ORACLE_NO, "It could go either way for now.", None, "outcome"),
        ("sum short of the total", TOTAL, "You rolled 4+5 = 9.", None, "number"),
        ("wrong sum", TOTAL, "You rolled 4 + 5 + 1 = 11.", None, "number"),
        ("best die invented", POOL_ONES, "The best die is 0, a grim start.", None, "number"),
        ("wrong meter amount", HARM_2, "You take -1 health as the blast hits.", None, "state"),
        ("phantom reroll with a stat", FDW, "Then Kira rolls +edge again and the ledge holds.", None, "phantom_roll"),
        ("invented add", FDW, "You steady yourself: next move add: 57.", None, "number"),
        ("fact sheet echoed", FDM, "ENGINE FACTS: outcome strong_hit. You triumph.", None, "echo"),
        ("fact sheet header echoed", FDM, "What happened this turn (decided by the rules engine): you fall.", None, "echo"),
        ("fact sheet labels echoed", FDM, "The player's words: I leap. Outcome: a miss.", None, "echo"),
        ("snake-case outcome on a miss", FDM, "ENGINE FACTS: outcome strong_hit. You triumph.", None, "outcome"),
        ("perfect on a miss", FDM, "Everything goes perfectly as you cross the gap.", None, "outcome"),
        ("miss told as agreement", COMPEL_MISS, "The clerk agrees and waves you through.", None, "outcome"),
        ("triumph on a miss", FDM, "You triumph over the gap.", None, "outcome"),
    ],
)  # fmt: skip
def test_the_guard_catches_what_it_missed(label: str, request_: dict, text: str, question: str | None, expected: str) -> None:
    assert expected in kinds(text, request_, question=question), label


@pytest.mark.parametrize(
    ("label", "request_", "text", "question"),
    [
        ("oracle no told faithfully", ORACLE_NO, "The reactor is no longer running.", "Is the reactor still running?"),
        ("oracle yes told faithfully", ORACLE_YES, "The station is abandoned, its corridors dark.", "Is the station abandoned?"),
        ("right sum to the total", TOTAL, "You rolled 4 + 5 + 1 = 10.", None),
        ("dice sum then the total", TOTAL, "4 + 5 = 9, plus one makes 10.", None),
        ("best die right", POOL_ONES, "The best die is 1.", None),
        ("right meter amount", HARM_2, "You take -2 health as the blast hits.", None),
        ("weak hit told as a costly success", FDW, "It works, at a price: you land hard.", None),
    ],
)  # fmt: skip
def test_truthful_text_still_passes(label: str, request_: dict, text: str, question: str | None) -> None:
    assert kinds(text, request_, question=question) == set(), label


def test_quotes_of_the_rules_text_given_pass() -> None:
    result = resolve(FDM)
    passage = "When you are in a bad spot, you may take +2 momentum if you stay in control."
    text = "The rules say: “When you are in a bad spot, you may take +2 momentum if you stay in control.” Not today."
    assert check_narration(text, [result], facts=prepare([result], quotable=[passage])) == []


def test_restating_the_players_action_is_not_a_decision() -> None:
    assert kinds("You decide to search through the wreckage.", FDW, intent="I search the wreck") == set()
    assert kinds("You decide to sneak along the hull.", FDW, intent="sneak past the guards") == set()
    assert kinds("You decide to take a closer look.", FDW, intent="I leap the gap") == {"decision"}
    assert kinds("You decide to investigate further.", FDW) == {"decision"}


def test_the_player_is_rewritten_as_you() -> None:
    assert second_person_fix("The player looks around. The player's blade is ready.") == "You look around. Your blade is ready."
    assert second_person_fix("The player character lunges. The players shout.") == "You lunge. You shout."
    assert second_person_fix("The players' ship drifts.") == "Your ship drifts."
    assert second_person_fix("the player tries again and the player is tired") == "you try again and you are tired"


def test_the_player_in_a_draft_is_fixed_not_shown_or_rejected() -> None:
    result = resolve(FDW)
    request = NarrationRequest(task="narrate", system="starforged", player_text="I leap", results=(result,))
    outcome = narrate(Scripted("The player leaps and lands hard, at a cost."), request)
    assert outcome.narrator == "llm" and split_opening(outcome.text, "weak")[1].startswith("You leap")
    assert "the player" not in outcome.text.lower()


def test_the_retry_names_each_problem_in_plain_words() -> None:
    result = resolve(FDM)
    narrator = Scripted("Everything goes perfectly and you rolled a 12.", "You slip and fall short of the ledge.")
    request = NarrationRequest(task="narrate", system="starforged", player_text="I leap", results=(result,))
    outcome = narrate(narrator, request)
    assert outcome.narrator == "llm-retry"
    feedback = narrator.requests[1].feedback
    assert feedback.startswith("Your narration broke these rules:")
    assert "1. " in feedback and "2. " in feedback and "a miss" in feedback
    assert 'Change "everything goes perfectly": the result is a miss.' in feedback
    assert "Remove" in feedback and "write no numbers at all." in feedback
    assert feedback.splitlines()[-1].startswith("Rewrite it")
    assert describe_violations([]) == ""


def test_a_fact_sheet_heading_is_caught_inside_a_line_that_restates_the_options() -> None:
    from assistant.guard import check_narration

    text = (
        "The priest stumbles in the rain.\n\nLeft to the player (do not pick; end by asking which they choose): "
        "You get hungrier: lose 1 blood / You don't sleep well: lose 1 focus."
    )
    assert any(v.kind.value == "echo" for v in check_narration(text, None, system="elegy"))


def test_the_oracle_card_read_out_is_an_echo_not_story() -> None:
    from assistant.guard import check_echo

    draft = "You ask the oracle: Are there survivors aboard? The oracle says: YES. This is a match, so envision more."
    assert {v.excerpt for v in check_echo(draft)} == {"The oracle says: YES"}  # the first found
    assert check_echo("This is a match for the old codes.")  # the card's "a match" recited
    assert not check_echo("The oracle answers yes: the hatch is open.")  # told, not read off the card
    assert not check_echo("You ask the oracle whether the hatch is safe. The answer is no.")  # the offline wording


def test_a_decision_with_nothing_after_it_is_still_a_decision() -> None:
    weak = resolve({"system": "starforged", "move": "Face Danger", "stat": "shadow", "dice": [5, 9, 3]})
    found = check_narration(
        "You could tell them, but you choose not to.", [weak], system="starforged", intent="I ask the dockhands about the crew"
    )
    assert [v.kind.value for v in found] == ["decision"]
    told_back = check_narration(
        "You decide to flee the station.", [weak], system="starforged", intent="I decide to flee the station"
    )
    assert not [v for v in told_back if v.kind.value == "decision"]  # the player's own decision, told back
    assert [v.kind.value for v in told_back] == ["outcome"]  # but a story of nothing else never tells the weak hit


def test_a_hit_told_with_its_own_outcome_negated_is_the_outcome_told_the_other_way() -> None:
    defend = resolve({"system": "dungeon-world", "move": "Defend", "stat": "con", "dice": [6, 6]})
    assert defend.outcome == "strong_hit"
    found = check_narration("You raise your shield, but you are unable to redirect damage.", [defend], system="dungeon-world")
    assert [v.kind.value for v in found] == ["outcome"]
    assert not check_narration("You raise your shield and redirect the damage onto yourself.", [defend], system="dungeon-world")
    miss = resolve({"system": "dungeon-world", "move": "Defend", "stat": "con", "dice": [1, 1]})
    assert not [
        v
        for v in check_narration("You cannot redirect the damage in time.", [miss], system="dungeon-world")
        if "other way" in v.detail
    ]  # on a miss the negation is the story


def test_an_oracle_answer_put_in_quotes_the_other_way_is_caught_but_other_dialogue_is_left_alone() -> None:
    no = resolve({"system": "starforged", "move": "Ask the Oracle", "dice": [60], "options": {"odds": "50/50"}})
    q = "Is anyone else awake?"
    found = check_narration('"Yes, there are other people awake. They seem nearby."', [no], question=q)
    assert [v.kind.value for v in found] == ["outcome"]
    assert not check_narration('He nods. "Yes, I see you."', [no], question=q)  # an answer to something else
