"""The offline template narrator: every outcome family and task, choices never picked, only the engine's numbers."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from assistant.engine import AssistantError, Result, available_systems, get_ruleset, registry, resolve
from assistant.engine.ruleset import Ruleset
from assistant.narrate import NarrationRequest, TemplateNarrator
from assistant.narrate.template import second_person

PBTA_MOVES = """\
system: pbta-test
moves:
- id: act_under_pressure
  name: Act Under Pressure
  category: basic
  trigger: When you act under pressure
  text: When you act under pressure, roll +cool.
  source: {file: test.txt, lines: [1, 2]}
  roll: {type: total, stats: [{stat: cool}], extra: {tiers: pbta12}}
  outcomes:
    critical: {text: 'On a 12+, you do it with style.'}
    strong_hit: {text: 'On a 10+, you do it.'}
    weak_hit:
      text: 'On a 7-9, you do it, but choose one.'
      choices:
      - id: cost
        prompt: Choose one
        options:
        - {id: hurt, label: You get hurt}
        - {id: lose, label: You lose something}
    miss: {text: 'On a miss, the GM makes a hard move.'}
"""
PBTA_SHEET = "system: pbta-test\nstats:\n- {name: cool, min: -1, max: 3, default: 1}\n"


class PbtaTestRuleset(Ruleset):
    """A one-move PbtA game (2d6 + stat against 12+/10+/7-9/6-), resolved by the real engine."""

    system_id = "pbta-test"
    title = "A PbtA test game"
    data_dir = Path()


@pytest.fixture
def pbta(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    (tmp_path / "moves.yaml").write_text(PBTA_MOVES, encoding="utf-8")
    (tmp_path / "sheet.yaml").write_text(PBTA_SHEET, encoding="utf-8")
    monkeypatch.setattr(PbtaTestRuleset, "data_dir", tmp_path)
    monkeypatch.setitem(registry.SYSTEMS, "pbta-test", f"{__name__}:PbtaTestRuleset")
    registry.get_ruleset.cache_clear()
    yield "pbta-test"
    registry.get_ruleset.cache_clear()


def narrate(
    results: Result | tuple[Result, ...],
    player_text: str = "",
    *,
    task: str = "narrate",
    style: str = "vivid",
    question: str = "",
    system: str = "starforged",
) -> str:
    results = results if isinstance(results, tuple) else (results,)
    request = NarrationRequest(task=task, system=system, player_text=player_text, results=results, style=style, question=question)
    return "".join(TemplateNarrator().stream(request))


def sf(move: str, dice: list[int], **fields: Any) -> Result:
    return resolve({"system": "starforged", "move": move, "dice": dice, **fields})


def numbers(text: str) -> set[int]:
    return {int(n) for n in re.findall(r"\d+", text)}


def assert_only_engine_numbers(text: str, results: tuple[Result, ...]) -> None:
    allowed = set().union(*(numbers(r.to_json()) for r in results)) if results else set()
    assert numbers(text) <= allowed, f"numbers not in the Result: {numbers(text) - allowed} in {text!r}"


# ---- Ironsworn family --------------------------------------------------------------------------------------


def test_face_danger_strong_hit_reads_intent_dice_outcome_change_and_rules_text() -> None:
    result = sf("Face Danger", [5, 3, 6], stat="edge", character={"stats": {"edge": 2}, "momentum": 2})
    text = narrate(result, "I try to slip past the sentry")
    assert text.startswith("You try to slip past the sentry. ")
    assert "Face Danger, +edge. Action 5 + edge 2 = 7 against 3 and 6: a strong hit. Momentum 2 → 3." in text
    assert "You are successful." in text  # the move's outcome text, told as story
    assert "On a strong hit" not in text and "Take +1 momentum" not in text  # the card says both
    assert "Next:" not in text


def test_weak_hit_offers_the_suffer_move_and_a_miss_offers_pay_the_price() -> None:
    weak = narrate(sf("Face Danger", [4, 2, 9], stat="edge"), "I dodge")
    assert "a weak hit" in weak and "Next: make a suffer move (-1)." in weak
    miss = narrate(sf("Secure an Advantage", [1, 8, 8], stat="wits"), "I study the map")
    assert "Action 1 + wits 1 = 2 against 8 and 8: a miss; the challenge dice match." in miss
    assert miss.rstrip().endswith("Next: Pay the Price.")


def test_progress_roll_names_the_track() -> None:
    result = sf("Fulfill Your Vow", [3, 9], options={"track": {"name": "Find my sister", "rank": "dangerous", "ticks": 22}})
    text = narrate(result, "I keep my promise")
    assert "Progress on Find my sister: 5 against 3 and 9: a weak hit." in text


def test_cancelled_action_die_and_the_engine_note() -> None:
    result = sf("Face Danger", [4, 5, 6], stat="edge", adds=1, character={"momentum": -4})
    text = narrate(result, "I leap the gap")
    assert "Action 4 (cancelled), edge 3 + 1 = 4 against 5 and 6: a miss." in text
    assert "Negative momentum (-4) cancelled the action die (4)." in text


def test_burn_is_offered_not_taken_and_a_burn_is_reported() -> None:
    offered = narrate(sf("Face Danger", [1, 5, 6], stat="edge", character={"momentum": 9}), "I leap")
    assert "You may burn your momentum (9)" in offered and "Momentum burned" not in offered
    burned = narrate(sf("Face Danger", [1, 5, 6], stat="edge", character={"momentum": 9}, options={"burn": True}), "I leap")
    assert "burned momentum 9 replaces it: 9 against 5 and 6: a strong hit" in burned
    assert "Momentum burned: 9 → 2." in burned and "Momentum 2 → 3." in burned


def test_effects_on_tracks_and_position() -> None:
    track = {"name": "Pirate", "rank": "dangerous", "ticks": 4}
    text = narrate(sf("Strike", [6, 1, 2], stat="iron", options={"in_control": True, "track": track}), "I strike")
    assert "Progress on Pirate: 4 → 20 ticks." in text and "Position: in control." in text


def test_open_choice_is_listed_for_the_player_and_never_picked() -> None:
    result = sf("Secure an Advantage", [5, 3, 9], stat="wits")
    assert result.choices and not result.effects
    text = narrate(result, "I study the map")
    assert "Choose one, your call:\n- Take +2 momentum\n- Add +1 on your next move (not a progress move)" in text
    assert "→" not in text  # nothing changed, so no change is claimed
    assert text.count("Take +2 momentum") == 1  # the rules text's own bullets are not repeated
    assert not re.search(r"you (take|chose|choose to|pick)", text, re.IGNORECASE)


def test_a_picked_option_is_reported_as_the_players_choice() -> None:
    result = sf("Secure an Advantage", [5, 3, 9], stat="wits", options={"choose": ["take_2_momentum"]})
    text = narrate(result, "I study the map")
    assert "Chosen: Take +2 momentum." in text and "Momentum 2 → 4." in text


# ---- oracle, tables, Pay the Price, free rolls --------------------------------------------------------------


@pytest.mark.parametrize(
    ("dice", "odds", "answer", "match"),
    [([37], "likely", "yes", False), ([33], "likely", "yes", True), ([99], "unlikely", "no", True), ([60], "50/50", "no", False)],
)
def test_oracle_states_question_answer_match_and_guidance(dice: list[int], odds: str, answer: str, match: bool) -> None:
    result = sf("Ask the Oracle", dice, options={"odds": odds})
    assert (result.outcome, result.match) == (answer, match)
    text = narrate(result, task="oracle", question="Is the station abandoned?")
    assert "You ask the oracle: “Is the station abandoned?”" in text
    statement = "Yes: the station is abandoned." if answer == "yes" else "No: the station is not abandoned."
    assert statement in text and f"rolled {dice[0]}" in text
    assert ("It is a match." in text) is match
    assert ("extreme" in text and "twist" in text) is match  # the match told for this answer
    assert "On a match" not in text  # not the rule the card states
    assert "Read the answer in the light of your question" in text


def test_oracle_guidance_comes_from_the_retrieved_rules_when_they_advise(monkeypatch: pytest.MonkeyPatch) -> None:
    from rules_index.chunk import Chunk
    from rules_index.search import Hit

    advice = "Above all, if it's appealing, dramatic and fits the fiction, make it happen."
    chunk = Chunk(
        id="x",
        system="elegy",
        section_path=["Using Oracles"],
        move=None,
        source="elegy.txt",
        line_start=1,
        line_end=2,
        text=f"You may ask the oracle. Roll 1 to 100. {advice}",
    )
    result = sf("Ask the Oracle", [37], options={"odds": "likely"})
    request = NarrationRequest(
        task="oracle",
        system="starforged",
        player_text="",
        results=(result,),
        rules=(Hit(chunk=chunk, score=1.0),),
        question="Is it open?",
    )
    text = "".join(TemplateNarrator().stream(request))
    assert advice in text and "100" not in text and "in the light of your question" not in text


def test_pay_the_price_gives_the_row_as_story_without_its_roll_again_rule() -> None:
    """The row, told as the price; not the table's own rule ("roll again"), which read as an order to roll once more,
    nor how to read an oracle's answer (the move's other way to pay) beside a row that answers no question."""
    text = narrate(sf("Pay the Price", [37]), task="pay_the_price")
    assert text == "Pay the Price (rolled 37): Something of value is lost or destroyed.", text
    assert "Interpret the answer" not in text
    assert "table below" not in text


def test_table_task_gives_the_row() -> None:
    text = narrate(sf("table:pay_the_price", [55]), task="table")
    assert text == "Pay the Price (rolled 55): A friend, companion, or ally is in harm's way (or you are, if alone)."


def test_free_roll_gives_the_total_once() -> None:
    text = narrate(sf("roll:2d6+1", [3, 4]), "roll 2d6+1")
    assert text == "Rolled 2d6 (3, 4) + 1 = 8."


def test_a_miss_then_pay_the_price_in_one_turn() -> None:
    results = (sf("Face Danger", [1, 8, 9], stat="edge"), sf("Pay the Price", [3]))
    text = narrate(results, "I dash across", task="pay_the_price")
    assert "a miss" in text and "Then, Pay the Price (rolled 3)" in text
    assert "As you try to dash across, an individual or community you care about is exposed to danger." in text
    assert "Next:" not in text  # the price was paid in this turn


# ---- PbtA and Blades families --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dice", "total", "label"),
    [([6, 6], 13, "a critical success"), ([5, 5], 11, "a strong hit"), ([3, 4], 8, "a weak hit"), ([1, 2], 4, "a miss")],
)
def test_pbta_tiers(pbta: str, dice: list[int], total: int, label: str) -> None:
    result = resolve({"system": pbta, "move": "Act Under Pressure", "dice": dice})
    text = narrate(result, "I keep my cool", system=pbta)
    assert text.startswith("You try to keep your cool. " if label == "a miss" else "You keep your cool. ")  # tried, on a miss
    assert f"Act Under Pressure, +cool. Rolled {dice[0]} + {dice[1]} + cool 1 = {total}: {label}." in text
    assert "On a" not in text  # the tier marker of the rules text is the card's job
    if result.choices:
        assert "- You get hurt\n- You lose something" in text


@pytest.mark.parametrize(
    ("dice", "label"),
    [
        ([6, 2, 6], "a critical success"),
        ([6, 2, 1], "a full success"),
        ([4, 5, 1], "a partial success"),
        ([1, 3, 2], "a bad outcome"),
    ],
)
def test_blades_pool_tiers(dice: list[int], label: str) -> None:
    result = resolve({"system": "blades", "move": "Fortune Roll", "options": {"dice": 3}, "dice": dice})
    text = narrate(result, "we lie low", system="blades")
    assert f"Rolled {dice[0]}, {dice[1]} and {dice[2]}; the best die is {max(dice)}: {label}." in text


# ---- styles, determinism, safety -------------------------------------------------------------------------


def test_terse_has_the_facts_without_framing_or_gloss() -> None:
    result = sf("Face Danger", [5, 3, 6], stat="edge")
    terse = narrate(result, "I try to slip past the sentry", style="terse")
    vivid = narrate(result, "I try to slip past the sentry", style="vivid")
    assert terse.startswith("Face Danger, +edge. Action 5 + edge 3 = 8 against 3 and 6: a strong hit. Momentum 2 → 3.")
    assert "sentry" not in terse and "sentry" in vivid
    assert len(terse) < len(vivid)


def test_intent_with_numbers_is_not_echoed() -> None:
    result = sf("Face Danger", [5, 3, 6], stat="edge")
    text = narrate(result, "I fire 12 shots at the drone")
    assert "12" not in text and "shots" not in text and "Face Danger, +edge." in text


def test_a_story_beat_without_results_claims_no_roll() -> None:
    assert narrate((), "I walk into the bar") == "You walk into the bar."
    assert narrate((), "", style="terse") == "Nothing was rolled; the story goes on."


def test_second_person() -> None:
    assert second_person("I draw my blade and we charge") == "you draw your blade and you charge"


def test_deterministic_and_streamed_in_sentences() -> None:
    result = sf("Face Danger", [4, 2, 9], stat="edge")
    request = NarrationRequest(task="narrate", system="starforged", player_text="I run", results=(result,))
    chunks = list(TemplateNarrator().stream(request))
    assert len([c for c in chunks if c.strip()]) >= 4
    assert "".join(chunks) == TemplateNarrator().narrate(request) == "".join(TemplateNarrator().stream(request))


def _every_move_result(system: str, rng: random.Random) -> Iterator[Result]:
    ruleset = get_ruleset(system)
    names = [m.id for m in ruleset.moves] + [f"table:{t}" for t in ruleset.tables]
    for name in names:
        move = ruleset.find_move(name) if not name.startswith("table:") else None
        request: dict[str, Any] = {"system": system, "move": name}
        if move is not None and move.roll.stats:
            request["stat"] = move.roll.stats[0].stats[0]
        try:
            yield resolve(request, rng=rng)
        except AssistantError:  # moves that need options or a track: covered by the forced-dice tests
            continue


@pytest.mark.parametrize("system", available_systems())
def test_every_move_of_every_system_narrates_with_only_engine_numbers(system: str) -> None:
    rng = random.Random(7)
    seen = 0
    for result in _every_move_result(system, rng):
        for style in ("vivid", "terse"):
            text = narrate(result, "I act", style=style, system=system)
            assert text.strip()
            assert_only_engine_numbers(text, (result,))
        seen += 1
    assert seen >= 5


def _guard() -> Any:
    from assistant.guard import check_narration

    return check_narration


def _task_for(result: Result) -> str:
    if result.roll == "oracle":
        return "oracle"
    if result.roll == "table":
        return "pay_the_price" if "pay_the_price" in result.move_id else "table"
    return "narrate"


def test_template_passes_the_authority_guard_on_every_outcome_family() -> None:
    check = _guard()
    cases = [
        sf("Face Danger", [5, 3, 6], stat="edge"),
        sf("Face Danger", [4, 2, 9], stat="edge"),
        sf("Secure an Advantage", [5, 3, 9], stat="wits"),
        sf("Secure an Advantage", [1, 8, 8], stat="wits"),
        sf("Secure an Advantage", [5, 3, 9], stat="wits", options={"choose": ["take_2_momentum"]}),
        sf("Face Danger", [4, 5, 6], stat="edge", adds=1, character={"momentum": -4}),
        sf("Face Danger", [1, 5, 6], stat="edge", character={"momentum": 9}),
        sf("Face Danger", [1, 5, 6], stat="edge", character={"momentum": 9}, options={"burn": True}),
        sf(
            "Strike",
            [6, 1, 2],
            stat="iron",
            options={"in_control": True, "track": {"name": "Pirate", "rank": "dangerous", "ticks": 4}},
        ),
        sf("Ask the Oracle", [33], options={"odds": "likely"}),
        sf("Ask the Oracle", [60], options={"odds": "50/50"}),
        sf("Pay the Price", [37]),
        sf("table:pay_the_price", [55]),
        sf("roll:2d6+1", [3, 4]),
    ]
    for result in cases:
        for style in ("vivid", "terse"):
            text = narrate(result, "I press on", task=_task_for(result), style=style, question="Is it safe?")
            assert check(text, [result]) == [], text


@pytest.mark.parametrize("system", available_systems())
def test_template_passes_the_authority_guard_on_every_move(system: str) -> None:
    check = _guard()
    for result in _every_move_result(system, random.Random(11)):
        for style in ("vivid", "terse"):
            text = narrate(result, "I press on", task=_task_for(result), style=style, question="Is it safe?", system=system)
            assert check(text, [result]) == [], text


def test_where_the_app_draws_the_dice_card_the_offline_narration_does_not_recite_it() -> None:
    from dataclasses import replace

    from assistant.engine import resolve
    from assistant.narrate import NarrationRequest, TemplateNarrator

    weak = resolve({"system": "starforged", "move": "Face Danger", "stat": "edge", "dice": [4, 2, 9]})
    request = NarrationRequest(task="narrate", system="starforged", player_text="I leap the gap", results=(weak,))
    with_card = TemplateNarrator().narrate(request)
    without = TemplateNarrator().narrate(replace(request, card=False))
    assert "Action 4 + edge 3 = 7" in with_card and "Action" not in without and "7" not in without
    assert without.split(".")[0].endswith("to leap the gap")  # the story; the card and its buttons offer what is next
    assert "suffer move" in with_card and "suffer move" not in without
    open_choice = resolve({"system": "starforged", "move": "Secure an Advantage", "stat": "wits", "dice": [4, 2, 9]})
    chosen = replace(request, results=(open_choice,))
    assert "+2 momentum" in TemplateNarrator().narrate(chosen)  # the choice, listed where nothing else shows it
    assert "+2 momentum" not in TemplateNarrator().narrate(replace(chosen, card=False))  # the app draws it


def test_a_miss_tells_the_players_words_as_tried_never_as_done() -> None:
    from assistant.engine import resolve
    from assistant.narrate import NarrationRequest
    from assistant.narrate.template import render

    feed = {"system": "elegy", "move": "Feed", "stat": "glamour"}
    for dice, tried in (([6, 6], True), ([1, 1], False)):
        result = resolve({**feed, "dice": dice})
        text = render(NarrationRequest(task="narrate", system="elegy", player_text="I feed on the priest", results=(result,)))
        assert text.startswith("You try to feed on the priest.") is tried, text


@pytest.mark.parametrize(
    ("move", "dice", "recited"),
    [
        ("Fulfill Your Vow", [4, 6], "complication or realization"),
        ("Gather Information", [5, 10, 4], "complicates your quest"),
        ("Resupply", [2, 1, 8], "cost, complication, or demand"),
    ],
)
def test_where_the_app_draws_the_card_the_story_does_not_say_the_outcomes_text_again(move, dice, recited) -> None:
    from dataclasses import replace

    from assistant.engine import resolve
    from assistant.narrate import NarrationRequest, TemplateNarrator

    stat = {} if move == "Fulfill Your Vow" else {"stat": "wits"}
    options = {"rank": "dangerous", "progress_boxes": 2} if move == "Fulfill Your Vow" else {}
    result = resolve({"system": "starforged", "move": move, "dice": dice, **stat, **({"options": options} if options else {})})
    assert recited.lower() in result.text.lower(), result.text  # the card says it
    request = NarrationRequest(task="narrate", system="starforged", player_text="I press on", results=(result,))
    in_the_app = TemplateNarrator().narrate(replace(request, card=False))
    assert recited.lower() not in in_the_app.lower(), in_the_app
    assert in_the_app.strip(), in_the_app  # the story still tells the attempt
    assert recited.lower() in TemplateNarrator().narrate(request).lower()  # the terminal has no card with the text
