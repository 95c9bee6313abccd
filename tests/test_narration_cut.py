"""A draft that goes on past where it should have stopped is cut there, not thrown away; what a narrator is sent."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from assistant.chat.narration import guarded_narration
from assistant.chat.narration_context import narration_history
from assistant.engine import get_ruleset, resolve
from assistant.narrate import NarrationRequest, build_context
from assistant.narrate.context import character_text, narration_passages
from assistant.narrate.passages import before_results
from assistant.narrate.turn_message import facts_text
from rules_index.chunk import Chunk
from rules_index.search import Hit
from tests.scripted_narration import split_opening

FDW = {"system": "starforged", "move": "Face Danger", "stat": "edge", "character": {"stats": {"edge": 2}}, "dice": [4, 2, 9]}
ORACLE_NO = {"system": "starforged", "move": "Ask the Oracle", "dice": [60], "options": {"odds": "50/50"}}


class Scripted:
    """Streams each draft word by word, as a model would; records whether the stream was closed early."""

    name = "scripted"

    def __init__(self, *texts: str) -> None:
        self.texts = list(texts)
        self.requests: list[NarrationRequest] = []
        self.closed_early = 0

    def stream(self, request: NarrationRequest) -> Iterator[str]:
        self.requests.append(request)
        words = self.texts.pop(0).split(" ")
        done = False
        try:
            for i, word in enumerate(words):
                yield word + (" " if i < len(words) - 1 else "")
            done = True
        finally:
            self.closed_early += not done


LONG = 8
"""Sentences a model may add in these tests: the cuts under test come after its first (the default is one)."""


def run(narrator: Scripted, request: NarrationRequest) -> tuple[Any, list[Any]]:
    events: list[Any] = []
    gen = guarded_narration(replace(request, story_sentences=LONG), narrator)
    try:
        while True:
            events.append(next(gen))
    except StopIteration as stop:
        return stop.value, events


def weak_hit_request() -> NarrationRequest:
    return NarrationRequest(task="narrate", system="starforged", player_text="I leap the gap", results=(resolve(FDW),))


def test_a_decision_after_the_story_is_cut_and_the_story_is_shown() -> None:
    narrator = Scripted(
        "You leap the gap and catch the far ledge. The rail bends under your weight, and your pack tears open. "
        "You decide to climb down into the shaft. Below, something stirs."
    )
    outcome, events = run(narrator, weak_hit_request())
    assert outcome.narrator == "llm" and outcome.cut and outcome.attempts == 1
    opening, story = split_opening(outcome.text, "weak")  # the engine's opening, then the model's story up to the cut
    assert "leap the gap" in opening
    assert story == "You leap the gap and catch the far ledge. The rail bends under your weight, and your pack tears open."
    assert "decide" not in "".join(e.text for e in events)  # the cut sentence was never shown
    assert narrator.closed_early == 1 and len(narrator.requests) == 1  # the model's call is stopped; no retry


def test_a_decision_too_early_still_gets_the_retry() -> None:
    narrator = Scripted(
        "You decide to climb down into the shaft. The rail bends.", "You leap the gap; the rail bends and your pack tears."
    )
    outcome, _ = run(narrator, weak_hit_request())
    assert outcome.narrator == "llm-retry" and not outcome.cut
    assert "decides for the player" in narrator.requests[1].feedback or "decide" in narrator.requests[1].feedback


def test_a_false_fact_is_never_cut_around() -> None:
    narrator = Scripted(
        "You leap the gap and catch the far ledge. The rail bends under your weight. You gain +2 momentum.",
        "You leap the gap; the rail bends and your pack tears.",
    )
    outcome, _ = run(narrator, weak_hit_request())
    assert outcome.narrator == "llm-retry" and not outcome.cut  # a state change the engine did not make: retried


def test_a_copied_fact_sheet_heading_after_the_story_is_cut() -> None:
    narrator = Scripted(
        "You leap the gap and catch the far ledge. The rail bends under your weight, and your pack tears open.\n\n"
        "What happened this turn (decided by the rules engine; tell it, add nothing): a weak hit."
    )
    outcome, _ = run(narrator, weak_hit_request())
    assert outcome.narrator == "llm" and outcome.cut
    assert outcome.text.endswith("your pack tears open.") and "What happened" not in outcome.text


def test_the_character_is_sent_in_words_without_numbers() -> None:
    sheet = get_ruleset("dungeon-world").default_character() | {"name": "Brother Aldo", "impacts": ["vulnerable"]}
    text = character_text(sheet)
    assert "Brother Aldo" in text and "vulnerable" in text
    assert not any(ch.isdigit() for ch in text.split("\n", 1)[1])
    assert character_text(get_ruleset("starforged").default_character()) == ""  # numbers only: nothing to tell


def _hit(text: str, origin: str = "corpus") -> Hit:
    chunk = Chunk(id="x", system="starforged", section_path=["Moves", "Face Danger"], move="Face Danger",
                  source="starforged.txt", line_start=1, line_end=9, text=text, origin=origin)  # fmt: skip
    return Hit(chunk=chunk, score=1.0)


def test_a_moves_passage_is_sent_without_the_results_it_lists() -> None:
    cut = before_results(get_ruleset("starforged").find_move("Face Danger").text)
    assert "risky" in cut and "strong hit" not in cut and "+1 momentum" not in cut
    assert (
        before_results("Transit\nWhen you travel:\n\n- 12+ You arrive uneventfully.\n- 7 - 9 Pick 2.")
        == "Transit\nWhen you travel:"
    )
    assert before_results("Acquire asset\nGain an asset.\nRoll the crew's Tier. 1-3: Tier -1, 6: Tier +1.") == (
        "Acquire asset\nGain an asset."
    )
    assert before_results("No results here.") == "No results here."


def test_interpretations_get_no_rules_passages_and_a_narration_gets_its_own() -> None:
    hit = _hit("Face Danger\nWhen you attempt something risky, roll.\nOn a strong hit, take +1 momentum.")
    narrate = NarrationRequest(task="narrate", system="starforged", player_text="I leap", results=(resolve(FDW),), rules=(hit,))
    oracle = NarrationRequest(task="oracle", system="starforged", player_text="Is the reactor running?",
                              results=(resolve(ORACLE_NO),), rules=(hit,))  # fmt: skip
    assert [body for _, body in narration_passages(narrate)] == ["Face Danger\nWhen you attempt something risky, roll."]
    assert narration_passages(oracle) == []
    house = _hit("Face Danger house rule\nOn a miss, also lose 1 supply.", origin="homebrew")
    with_house = NarrationRequest(task="narrate", system="starforged", player_text="I leap", results=(resolve(FDW),),
                                  rules=(hit, house))  # fmt: skip
    assert narration_passages(with_house)[1][1].endswith("lose 1 supply.")  # the table's own rule is sent whole
    assert "+1 momentum" not in str(build_context(narrate, 2000).messages)
    assert "risky" not in str(build_context(oracle, 2000).messages)


def test_the_turn_is_told_once_as_yours_and_an_oracle_question_as_the_question() -> None:
    history = (("user", "I look around"), ("narrator", "Dust settles."), ("user", "I leap the gap"))
    narrate = NarrationRequest(
        task="narrate", system="starforged", player_text="I leap the gap", results=(resolve(FDW),), history=history
    )
    messages = [str(m.content) for m in build_context(narrate, 4000).messages]
    assert not any("I leap the gap" in m for m in messages)  # not again as a history line before the facts
    assert "Your declared action (what you attempt; the outcome below says how it goes): you leap the gap" in messages[-1]
    assert "the player's words" not in messages[-1].lower()
    oracle = NarrationRequest(task="oracle", system="starforged", player_text="Is the reactor running?",
                              results=(resolve(ORACLE_NO),))  # fmt: skip
    assert "first sentence of your story: The reactor is not running." in facts_text(oracle)  # a fact, not a question
    assert "Is the reactor running?" not in facts_text(oracle) and "declared action" not in facts_text(oracle)
    unparsed = NarrationRequest(task="oracle", system="starforged", player_text="Which way did they go, north?",
                                results=(resolve(ORACLE_NO),))  # fmt: skip
    assert facts_text(unparsed).startswith("Your question to the oracle: Which way did they go, north?")
    follow = NarrationRequest(task="pay_the_price", system="starforged", player_text="Pay the Price",
                              results=(resolve({"system": "starforged", "move": "Pay the Price", "dice": [50]}),))  # fmt: skip
    assert "declared action" not in facts_text(follow)  # a confirmed follow-up's name is not an action of the player's


def test_slash_commands_are_not_story() -> None:
    lines = [("user", "/meter health -1 grazed"), ("user", "I duck"), ("narrator", "You duck as the blade passes.")]
    assert narration_history(lines) == (("user", "I duck"), ("narrator", "You duck as the blade passes."))


def test_a_draft_stopped_mid_sentence_ends_at_its_last_full_sentence() -> None:
    narrator = Scripted("You leap the gap and catch the far ledge. The rail bends under your weight. Your pack tears and the")
    outcome, _ = run(narrator, weak_hit_request())
    story = split_opening(outcome.text, "weak")[1]
    assert outcome.narrator == "llm" and story == "You leap the gap and catch the far ledge. The rail bends under your weight."
    stopped = Scripted("You leap the gap and catch the far ledge, bruised. Pinned against the rock, you")  # a stop sequence
    told = split_opening(run(stopped, weak_hit_request())[0].text, "weak")[1]
    assert told == "You leap the gap and catch the far ledge, bruised."
    # stopped before a sentence of its own: the engine's opening stands alone, with no half sentence after it
    for fragment in ("You leap the gap and catch the far ledge, and the", "Pinned down, you"):
        outcome, _ = run(Scripted(fragment), weak_hit_request())
        assert outcome.narrator == "llm" and split_opening(outcome.text, "weak")[1] == ""
    # with no opening (free dice, no outcome tier), a draft stopped before its first sentence is retried
    dice = NarrationRequest(
        task="narrate", system="starforged", player_text="/roll 2d6",
        results=(resolve({"system": "starforged", "move": "roll:2d6", "dice": [3, 4]}),),
    )  # fmt: skip
    at_once = Scripted("Pinned down, you", "The rail groans beneath you, and your pack tumbles into the dark.")
    outcome, _ = run(at_once, dice)
    assert outcome.narrator == "llm-retry"
    assert outcome.text == "The rail groans beneath you, and your pack tumbles into the dark."
    assert "before its first sentence" in at_once.requests[1].feedback


def test_a_sentence_copied_from_the_instructions_is_not_story() -> None:
    from assistant.narrate.echo import EchoWatch
    from assistant.narrate.prompts import instructions

    messages = build_context(weak_hit_request(), 2000).messages
    rule = next(line for line in instructions("narrate", "starforged", "vivid").splitlines() if line.startswith("2. "))
    copied = rule.removeprefix("2. ").split(". ")[1] + ". "  # "The player sees the dice, totals and changes on the dice card."
    fresh = EchoWatch(messages)
    assert fresh.feed(copied + "More.") is not None
    assert EchoWatch(messages).feed("You leap the gap and the rail bends under you. More.") is None
    assert EchoWatch(messages).feed("Now narrate what happens, in two to four sentences. ") is not None


def test_a_sentence_of_an_earlier_turn_told_again_is_skipped_and_a_draft_of_nothing_else_retried() -> None:
    history = (("user", "I lunge"), ("narrator", "The blade pierces the raider's coat and he staggers back. Sparks fly."))
    request = NarrationRequest(
        task="narrate", system="starforged", player_text="I leap the gap", results=(resolve(FDW),), history=history
    )
    opened = Scripted("The blade pierces the raider's coat and he staggers back. The rail bends as you land.")
    outcome, events = run(opened, request)
    assert outcome.narrator == "llm" and split_opening(outcome.text, "weak")[1] == "The rail bends as you land."
    assert "pierces" not in "".join(e.text for e in events)
    # free dice: no opening of the engine's to stand alone
    dice = NarrationRequest(
        task="narrate", system="starforged", player_text="/roll 2d6", history=history,
        results=(resolve({"system": "starforged", "move": "roll:2d6", "dice": [3, 4]}),),
    )  # fmt: skip
    only = Scripted("The blade pierces the raider's coat and he staggers back.", "The rail bends; your pack tears.")
    outcome, _ = run(only, dice)
    assert outcome.narrator == "llm-retry" and "earlier turn" in only.requests[1].feedback


def test_a_story_line_set_off_with_a_quote_mark_is_shown_without_it_and_a_reference_line_is_caught() -> None:
    from assistant.narrate.echo import COPIED_QUOTE, EchoWatch

    hit = _hit("Face Danger\nWhen you attempt something risky, envision your action and roll.")
    request = NarrationRequest(task="narrate", system="starforged", player_text="I leap", results=(resolve(FDW),), rules=(hit,))
    messages = build_context(request, 4000).messages
    assert EchoWatch(messages).feed("> When you attempt something risky, envision your action and roll.\n") == COPIED_QUOTE
    assert EchoWatch(messages).feed("> The priest watches you with a stern expression.\n") is None
    outcome, _ = run(Scripted("> The rail groans as you land."), weak_hit_request())
    assert outcome.narrator == "llm" and split_opening(outcome.text, "weak")[1] == "The rail groans as you land."


def test_a_fact_sheet_label_is_caught_before_the_player_is_turned_into_you() -> None:
    from assistant.narrate.echo import EchoWatch

    draft = (
        "You swing your sword and deliver a strong blow.\n\n"
        "Left to the player (do not pick; end by asking which they choose): Choose two: you cause a debility.\n"
    )
    assert EchoWatch([]).feed(draft) is not None  # "Left to you (do not pick…" after second_person_fix hid it
    draft = "You leap the gap. The rail bends under you.\n\nLeft to the player (do not pick): choose one."
    outcome, _ = run(Scripted(draft), weak_hit_request())
    assert "choose one" not in outcome.text.lower()


def test_dialogue_with_a_question_inside_is_one_sentence_to_the_guard() -> None:
    from assistant.chat.narration import split_sentences
    from assistant.guard import check_narration

    said = '"You found her? I am glad," you say. They nod. '
    assert split_sentences("You walk. " + said)[0] == ["You walk. ", '"You found her? I am glad," you say. ', "They nod. "]
    kinds = {v.kind.value for v in check_narration(said, [resolve(FDW)], system="starforged", intent="I ask the dockhands")}
    assert kinds == {"decision"}  # words put in the character's mouth, though a '?' sits inside the quote


def test_a_heading_or_label_line_is_not_story() -> None:
    from assistant.narrate.echo import WROTE_LABEL, EchoWatch

    assert EchoWatch([]).feed('You lean on your contacts.\nNarrating from "you" perspective:\n') == WROTE_LABEL
    assert EchoWatch([]).feed("You carefully assess your options:\n") == WROTE_LABEL
    assert EchoWatch([]).feed("What you must decide (in two to four sentences): what now? ") is not None
    assert EchoWatch([]).feed("The guard turns: too late, you are past him. ") is None


def test_a_price_is_told_as_the_price_of_the_players_last_attempt() -> None:
    price = resolve({"system": "starforged", "move": "Pay the Price", "dice": [50]})
    history = (("user", "I force the jammed airlock open"), ("narrator", "The airlock holds."), ("user", "/price"))
    request = NarrationRequest(task="pay_the_price", system="starforged", player_text="Pay the Price", results=(price,),
                               history=history)  # fmt: skip
    assert facts_text(request).startswith("The price of what you attempted: you force the jammed airlock open\n")
    alone = NarrationRequest(task="pay_the_price", system="starforged", player_text="Pay the Price", results=(price,))
    assert "price of what you attempted" not in facts_text(alone) and "declared action" not in facts_text(alone)


def test_an_oracle_story_opens_with_the_engines_answer_and_the_model_only_goes_on() -> None:
    no = resolve(ORACLE_NO)
    request = NarrationRequest(task="oracle", system="starforged", player_text="Is the reactor running?", results=(no,))
    # the model says the answer again, then goes on: the answer is shown once, first, in the engine's words
    outcome, events = run(Scripted("The reactor is not running. Dust drifts over the dead consoles."), request)
    assert outcome.text.startswith("The reactor is not running. ") and outcome.text.count("not running") == 1
    assert "Dust drifts over the dead consoles." in outcome.text and outcome.narrator == "llm"
    alone, _ = run(Scripted("You"), request)  # stopped before its first sentence: the answer alone still stands
    assert alone.text.strip() == "The reactor is not running." and alone.narrator == "llm"
    lying, _ = run(Scripted("The reactor hums, still running.", "The reactor hums, still running."), request)
    assert "still running" not in lying.text and lying.narrator == "template-fallback"  # the guard holds the opposite


def test_when_no_draft_passes_the_story_told_before_the_fault_stands_not_the_template() -> None:
    # a 1.5B model told the oracle's no and a line of scene, then the answer the other way, on every draft: the
    # player had read the passed story; swapping it for the offline narration told the turn a second time
    no = resolve(ORACLE_NO)
    request = NarrationRequest(task="oracle", system="starforged", player_text="Is the reactor running?", results=(no,))
    lie = "The reactor hums, still running."
    narrator = Scripted(f"Dust drifts over the dead consoles. {lie}", lie, lie)
    outcome, events = run(narrator, request)
    assert outcome.text == "The reactor is not running. Dust drifts over the dead consoles."
    assert outcome.narrator == "llm" and outcome.cut and outcome.violations  # the first draft's, cut before the fault
    assert events[-1].kind == "replace" and events[-1].text == outcome.text and "still running" not in outcome.text
    # with nothing passed beyond the engine's opening, the offline narration still replaces the drafts
    bare, _ = run(Scripted(lie, lie, lie), request)
    assert bare.narrator == "template-fallback" and "still running" not in bare.text


def test_a_story_line_set_off_in_the_story_so_fars_form_is_told_as_story() -> None:
    outcome, _ = run(Scripted("You: The raider flees into the dark. What do you do?"), weak_hit_request())
    story = split_opening(outcome.text, "weak")[1]
    assert story.startswith("The raider flees into the dark.") and "You:" not in outcome.text


def test_a_story_past_its_length_ends_at_the_last_sentence_that_fits_and_the_call_is_closed() -> None:
    # a 1.5B model's weak-hit story ran to 120 words, the prompt asking at most 90
    sentence = "The rail bends under your weight and groans as rust flakes drift down into the dark below you."
    rails = ["north", "south", "east", "west", "upper", "lower", "inner", "outer"]  # no numbers: a model gives none
    narrator = Scripted(" ".join([sentence.replace("rail", f"{side} rail") for side in rails]))
    outcome, _ = run(narrator, weak_hit_request())
    story = split_opening(outcome.text, "weak")[1]
    assert outcome.narrator == "llm" and story.endswith("below you.")
    assert 70 < len(story.split()) <= 90 and "west rail" in story and "upper rail" not in story
    assert narrator.closed_early == 1
    terse = NarrationRequest(
        task="narrate", system="starforged", player_text="I leap the gap", results=(resolve(FDW),), style="terse"
    )
    outcome, _ = run(Scripted(" ".join([sentence.replace("rail", f"{side} rail") for side in rails[:4]])), terse)
    assert len(split_opening(outcome.text, "weak")[1].split()) <= 45


def test_another_characters_move_told_as_the_players_is_caught_in_play() -> None:
    # Mara's roll at you: a stock line telling it as the player's own ("You scrape through.") is not shown
    request = NarrationRequest(task="narrate", system="starforged", player_text="", results=(resolve(FDW),), actor="Mara")
    outcome, _ = run(Scripted("You scrape through, and the rail holds.", "You scrape through, and the rail holds."), request)
    assert "scrape through" not in outcome.text
    outcome, _ = run(Scripted("Mara clears the gap, though the rail bends under her."), request)
    assert outcome.narrator == "llm" and outcome.text.endswith("the rail bends under her.")
