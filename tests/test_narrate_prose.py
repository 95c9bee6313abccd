"""Offline narration as prose: any intent shape framed grammatically, the outcome told from the move's own text,
each follow-up said once, no story sentence repeated within ten turns, answers read in the light of the question,
and the authority guard silent on every move of every system."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from assistant.engine import AssistantError, Result, available_systems, get_ruleset, resolve
from assistant.guard import check_narration
from assistant.narrate import NarrationRequest, TemplateNarrator
from assistant.narrate.answers import answer_statement
from assistant.narrate.line_grammar import Shape, shape
from assistant.narrate.opening import frame
from assistant.narrate.outcome_prose import TONES, strip_tier

INTENTS = {
    "first person": "I slip past the sentry",
    "verb phrase": "bribe the clerk",
    "question": "can I reach the airlock?",
    "clause": "the score is done",
    "noun phrase": "the vault",
    "gerund": "sneaking past the guards",
    "empty": "",
}
ATTEMPT = r"You (try|set out|move|make your move|steel yourself|go all in)"


def narrate(result: Result | tuple[Result, ...], player_text: str = "", **kw: Any) -> str:
    results = result if isinstance(result, tuple) else (result,)
    system = results[0].system if results else "starforged"
    request = NarrationRequest(task=kw.pop("task", "narrate"), system=system, player_text=player_text, results=results, **kw)
    return TemplateNarrator().narrate(request)


@pytest.mark.parametrize(
    ("text", "kind", "opening"),
    [
        ("I slip past the sentry", Shape.FIRST_PERSON, ATTEMPT + r" to slip past the sentry\."),
        ("bribe the clerk", Shape.VERB, ATTEMPT + r" to bribe the clerk\."),
        ("I try to pick the lock", Shape.ATTEMPT, r"You try to pick the lock\."),
        ("can I reach the airlock?", Shape.QUESTION, r"You [a-z ]+ to reach the airlock\.$"),  # asked, then done
        ("is the airlock sealed?", Shape.QUESTION, r"Is the airlock sealed\? [A-Z]"),
        ("the score is done", Shape.CLAUSE, r"The score is done\."),
        (
            "the vault",
            Shape.PHRASE,
            r"(You turn your attention to|You set your sights on|You focus on|Your attention turns to) the vault\.",
        ),
        ("sneaking past the guards", Shape.GERUND, r"You (try|set about) sneaking past the guards\."),
        ("running away", Shape.GERUND, r"You (try|set about) running away\."),
        (
            "feeding time",
            Shape.PHRASE,
            r"(You turn your attention to|You set your sights on|You focus on|Your attention turns to) feeding time\.",
        ),
        ("hack the door?", Shape.VERB, ATTEMPT + r" to hack the door\.$"),  # "can I" left out
        ("I fire 12 shots", Shape.NONE, r"^$"),
    ],
)
def test_every_intent_shape_opens_with_a_grammatical_sentence(text: str, kind: Shape, opening: str) -> None:
    assert shape(text)[0] is kind
    framed = frame(text, "seed")
    assert re.match(opening, framed), framed
    assert not re.search(r"\b(?:try|attempt|set out) to (?:the|a|an|can|is)\b", framed)  # never "attempt to the score"


def test_the_issue_example_reads_as_a_sentence() -> None:
    result = resolve({"system": "blades", "move": "Payoff"})
    text = narrate(result, "the score is done")
    assert text.startswith("The score is done.") and "attempt to the" not in text


def test_the_outcome_is_told_from_the_moves_own_text_without_its_tier_marker() -> None:
    assert strip_tier("On a weak hit, you succeed, but face a troublesome cost.") == "You succeed, but face a troublesome cost."
    assert strip_tier("7-9 Pick 2 Consequences.") == "Pick 2 Consequences."
    assert strip_tier("12+ The situation passes uneventfully.") == "The situation passes uneventfully."
    assert strip_tier("1-3: the stay is brutal.") == "The stay is brutal."
    weak = narrate(resolve({"system": "starforged", "move": "Face Danger", "stat": "edge", "dice": [4, 2, 9]}), "I dodge")
    story = weak.split("\n\n")[0]
    assert "You succeed, but not without a cost." in story and "On a weak hit" not in weak


def test_each_follow_up_is_said_once() -> None:
    weak = narrate(resolve({"system": "starforged", "move": "Face Danger", "stat": "edge", "dice": [4, 2, 9]}), "I dodge")
    assert weak.lower().count("suffer move") == 1 and weak.endswith("Next: make a suffer move (-1).")
    miss = narrate(resolve({"system": "starforged", "move": "Clash", "stat": "iron", "dice": [1, 8, 9],
                            "options": {"track": {"name": "Raider", "rank": "dangerous", "ticks": 4}}}), "I parry")  # fmt: skip
    assert miss.count("Pay the Price") == 1, miss


@pytest.mark.parametrize(
    ("question", "answer", "statement"),
    [
        ("Is the station abandoned?", "yes", "Yes: the station is abandoned."),
        ("Is the station abandoned?", "no", "No: the station is not abandoned."),
        ("Is the reactor still running?", "no", "No: the reactor is no longer running."),
        ("Are the guards asleep?", "yes", "Yes: the guards are asleep."),
        ("Does the captain trust me?", "no", "No: the captain does not trust you."),
        ("Can I reach the airlock in time?", "yes", "Yes: you can reach the airlock in time."),
        ("Is there a way out?", "no", "No: there is no way out."),
        ("Will Kira betray us?", "yes", "Yes: Kira will betray you."),
        ("What does the stranger want?", "yes", ""),
    ],
)
def test_an_oracle_answer_is_told_as_the_statement_it_makes_true(question: str, answer: str, statement: str) -> None:
    assert answer_statement(question, answer) == statement


def test_oracle_narration_answers_the_question_and_passes_the_guard() -> None:
    result = resolve({"system": "starforged", "move": "Ask the Oracle", "dice": [60], "options": {"odds": "50/50"}})
    text = narrate(result, task="oracle", question="Is the reactor still running?")
    assert "No: the reactor is no longer running." in text and "The answer is no." not in text
    assert check_narration(text, [result]) == []


def test_pay_the_price_is_read_in_the_light_of_the_action() -> None:
    miss = resolve({"system": "starforged", "move": "Face Danger", "stat": "edge", "dice": [1, 8, 9]})
    price = resolve({"system": "starforged", "move": "Pay the Price", "dice": [37]})
    text = narrate((miss, price), "I dash across the gantry", task="pay_the_price")
    assert "As you try to dash across the gantry, something of value is lost or destroyed." in text
    assert check_narration(text, [miss, price], intent="I dash across the gantry") == []


def _story(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?])\s+", text.split("\n\n")[0]) if s]


def test_no_story_sentence_repeats_within_ten_turns() -> None:
    rng = random.Random(5)
    recent: list[str] = []
    story_by_turn: list[list[str]] = []
    intents = ["I slip past the sentry", "I slip past the sentry", "search the wreck", "I dodge the blast"]
    for turn in range(40):
        move = rng.choice(["Face Danger", "Secure an Advantage", "Gather Information"])
        result = resolve({"system": "starforged", "move": move, "stat": "wits"}, rng=rng)
        request = NarrationRequest(task="narrate", system="starforged", player_text=intents[turn % len(intents)],
                                   results=(result,), recent=tuple(recent[-10:]))  # fmt: skip
        text = TemplateNarrator().narrate(request)
        story_by_turn.append(_story(text))
        recent.append(text)
    for turn, sentences in enumerate(story_by_turn):
        earlier = {s for past in story_by_turn[max(0, turn - 10) : turn] for s in past}
        assert not set(sentences) & earlier, (turn, set(sentences) & earlier)


def test_same_inputs_same_text() -> None:
    result = resolve({"system": "starforged", "move": "Face Danger", "stat": "edge", "dice": [4, 2, 9]})
    assert narrate(result, "I dodge") == narrate(result, "I dodge")


def _results(system: str, seed: int) -> Iterator[Result]:
    ruleset = get_ruleset(system)
    rng = random.Random(seed)
    for name in [m.id for m in ruleset.moves] + [f"table:{t}" for t in ruleset.tables]:
        move = ruleset.find_move(name) if not name.startswith("table:") else None
        request: dict[str, Any] = {"system": system, "move": name}
        if move is not None and move.roll.stats:
            request["stat"] = move.roll.stats[0].stats[0]
        try:
            yield resolve(request, rng=rng)
        except AssistantError:  # moves that need options or a track: covered by the forced-dice tests
            continue


def _task(result: Result) -> str:
    if result.roll == "oracle":
        return "oracle"
    return "pay_the_price" if "pay_the_price" in result.move_id else "narrate"


@pytest.mark.parametrize("system", available_systems())
def test_every_move_every_intent_shape_reads_well_and_passes_the_guard(system: str) -> None:
    seen = 0
    for seed in (1, 2, 3):
        for result in _results(system, seed):
            for intent in INTENTS.values():
                for style in ("vivid", "terse"):
                    request = NarrationRequest(task=_task(result), system=system, player_text=intent, results=(result,),
                                               style=style, question="Is it safe?")  # fmt: skip
                    text = TemplateNarrator().narrate(request)
                    assert text.strip()
                    assert check_narration(text, [result], intent=intent) == [], text
                    assert not re.search(r"\b(?:try|attempt|set out) to (?:the|a|an|can|is)\b", text), text
                    assert text.count("Next:") <= 1 and text.lower().count("make a suffer move") <= 1, text
                    for follow_up in {f.move for f in result.follow_ups}:
                        said = re.findall(rf"(?:^|[.:!]\s+)(?:must )?{re.escape(follow_up)}\.", text, re.M | re.I)
                        assert len(said) <= 1, (follow_up, text)
                seen += 1
    assert seen >= 10


def test_elegy_focus_burn_passes_the_guard() -> None:
    for options in ({"burn": True}, {}):
        result = resolve({"system": "elegy", "move": "Face Danger", "stat": "heart", "dice": [1, 6],
                          "character": {"focus": 8}, "options": options})  # fmt: skip
        text = narrate(result, "I hold the line")
        assert check_narration(text, [result], intent="I hold the line") == [], text
    burned = narrate(resolve({"system": "elegy", "move": "Face Danger", "stat": "heart", "dice": [1, 6],
                              "character": {"focus": 8}, "options": {"burn": True}}), "I hold the line")  # fmt: skip
    assert "Focus burned: 8 → 2." in burned


def test_every_elegy_move_with_a_focus_burn_passes_the_guard() -> None:
    ruleset = get_ruleset("elegy")
    checked = 0
    for move in ruleset.moves:
        if not move.roll.stats:
            continue
        for dice in ([1, 6], [9, 9], [2, 3]):
            request = {"system": "elegy", "move": move.id, "stat": move.roll.stats[0].stats[0], "dice": dice,
                       "character": {"focus": 8}, "options": {"burn": True}}  # fmt: skip
            try:
                result = resolve(request)
            except AssistantError:
                continue
            text = narrate(result, "I press on")
            assert check_narration(text, [result], intent="I press on") == [], text
            checked += 1
    assert checked >= 10


def test_a_price_asked_by_command_is_tied_to_the_players_last_action() -> None:
    price = resolve({"system": "starforged", "move": "Pay the Price", "dice": [37]})
    history = (("user", "I force the jammed airlock open"), ("narrator", "It goes wrong."), ("user", "/price"))
    for words in ("/price", "Pay the Price"):
        request = NarrationRequest(task="pay_the_price", system="starforged", player_text=words, results=(price,),
                                   history=history)  # fmt: skip
        text = TemplateNarrator().narrate(request)
        assert "As you try to force the jammed airlock open, something of value is lost or destroyed." in text, text


def _golden_results() -> Iterator[Result]:
    for path in sorted((Path(__file__).parent / "golden").glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            case = json.loads(line)
            try:
                yield resolve(case.get("request", case))
            except AssistantError:  # a golden refusal: nothing to narrate
                continue


def test_every_golden_case_narrated_offline_passes_the_guard() -> None:
    """Picks, negative meters, advantage, a backfire, subtracted dice, allies: every forced-dice case written from
    the texts, told by the offline narrator, is read back by the guard without a single flag."""
    checked = 0
    for result in _golden_results():
        for intent in ("I push through", "the gate"):
            request = NarrationRequest(task=_task(result), system=result.system, player_text=intent, results=(result,),
                                       question="Is it safe?")  # fmt: skip
            text = TemplateNarrator().narrate(request)
            assert check_narration(text, [result], intent=intent) == [], (result.system, result.move, text)
            checked += 1
    assert checked >= 800


def test_a_change_stated_as_the_engine_made_it_passes_and_another_is_caught() -> None:
    result = resolve({"system": "starforged", "move": "Lose Momentum", "character": {"momentum": -5}, "options": {"amount": 1}})
    assert check_narration("Momentum -5 → -6.", [result]) == []
    assert check_narration("Momentum -5 → -9.", [result]) != []


def test_a_backfire_at_its_worst_is_not_told_as_a_success() -> None:
    result = resolve({"system": "city", "move": "Backfire", "options": {"complexity": 1}, "dice": [6, 4]})
    text = narrate(result, "I hold the power in")
    assert "worst result here" in text and check_narration(text, [result], intent="I hold the power in") == []
    for line in TONES["strong"]:
        assert line not in text


def test_a_subtracted_die_is_not_added_up_on_the_card() -> None:
    result = resolve({"system": "dungeon-world", "move": "Deal Damage", "options": {"grit": 10, "take_what_you_can_get": True},
                      "dice": [8, 3]})  # fmt: skip
    text = narrate(result, "I strike")
    assert "8 + 3 = 5" not in text and "5 in all" in text


def test_hit_points_are_written_as_the_rulebook_writes_them() -> None:
    result = resolve({"system": "dungeon-world", "move": "Deal Damage", "options": {"grit": 10}, "dice": [8]})
    text = narrate(result, "I strike")
    assert "HP 22 → 17" in text and "Hp " not in text and "Rolled 8 = 8" not in text
