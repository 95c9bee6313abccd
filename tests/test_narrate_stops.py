"""A story draft ends before the faults a small model opens, on the client, whatever the endpoint does with stops."""

from __future__ import annotations

import pytest
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage

from assistant.engine import resolve
from assistant.narrate import NarrationRequest
from assistant.narrate.echo import COPIED_CITATION, STOPPED_EARLY, EchoWatch, NarrationEchoed
from assistant.narrate.llm import LLMNarrator
from assistant.narrate.stops import STORY_STOPS, StopCut, cut_stream, first_stop, skip_transcript_lead, story_stops

FD = {"system": "starforged", "move": "Face Danger", "stat": "edge", "dice": [5, 3, 9]}


def pieces(text: str, size: int) -> list[str]:
    return [text[i : i + size] for i in range(0, len(text), size)]


@pytest.mark.parametrize(
    ("draft", "kept"),
    [
        ("You slip inside. Proceeding, you decided to investigate further.", "You slip inside. Proceeding, you"),
        ('The door opens. "Who are you?" you ask, heart pounding.', 'The door opens. "Who are you'),
        ("You force it. The character rolls +iron and fails.", "You force it. The character"),
        ("You cross the district. You rolled +Environs, a strong hit.", "You cross the district. You"),
        ("The gate holds. You decide not to push.", "The gate holds. You"),
    ],
)
def test_a_draft_ends_where_a_fault_begins_however_it_is_chunked(draft: str, kept: str) -> None:
    for size in (1, 2, 3, 7, len(draft)):
        assert "".join(cut_stream(pieces(draft, size))) == kept


@pytest.mark.parametrize(
    "story",
    [
        "The guard decides you are harmless and waves you through.",
        "A barrel rolls away down the ramp; the crowd parts.",
        '"Halt!" the sentry shouts, and the corridor falls silent.',
        "You must choose: the hatch or the vent. What do you do?",
    ],
)
def test_a_story_that_uses_the_words_elsewhere_goes_on_to_its_end(story: str) -> None:
    assert first_stop(story) == -1
    assert "".join(cut_stream(pieces(story, 3))) == story


def test_only_a_tail_that_could_begin_a_stop_is_held_back() -> None:
    cut = StopCut()
    assert cut.feed("You run") == "You run"  # nothing in "You run" begins a stop
    assert cut.feed(" ") == ""  # " " may begin " decide to": held
    assert cut.feed("fast.") == " fast"  # '.' may begin '." you ' (speech put in the character's mouth): held
    assert cut.feed(" You decide to") == ". You" and cut.stopped
    assert cut.feed(" more") == "" and cut.flush() == ""


def test_the_server_stops_are_kept_on_the_client_for_endpoints_that_ignore_them() -> None:
    assert {" decide to", " decide not", "What happened this turn", "\nNext:"} <= set(STORY_STOPS)


def test_the_narrator_closes_the_call_at_a_stop_and_the_story_ends_before_it() -> None:
    reply = "You sprint for the hatch. It slams behind you. You decided to wait for the guards, and then more words."
    fake = GenericFakeChatModel(messages=iter([AIMessage(content=reply)]))
    result = resolve(FD)
    got = "".join(
        LLMNarrator(fake).stream(NarrationRequest(task="narrate", system="starforged", player_text="I run", results=(result,)))
    )
    assert got == "You sprint for the hatch. It slams behind you. You"  # the chat loop drops the unfinished tail


def test_a_copied_citation_of_the_reference_is_not_story() -> None:
    watch = EchoWatch()
    assert watch.feed("You reach the chamber. ") is None
    assert watch.feed("> [1] starforged \u203a Starforged Moves \u203a Set a Course (starforged.txt:L444-L455)") is None
    assert watch.finish() == COPIED_CITATION
    assert EchoWatch().feed("See starforged.txt: L12 for the rest. ") == COPIED_CITATION
    assert NarrationEchoed(COPIED_CITATION).at_sentence  # the story before it may stand


def test_an_outcome_the_engine_did_not_give_ends_the_draft_but_its_own_does_not() -> None:
    weak = story_stops(["weak_hit"])
    assert "".join(cut_stream(["You swing, delivering a strong hit that stuns him."], weak)) == "You swing, delivering a"
    strong = story_stops(["strong_hit"])
    assert first_stop("You land a strong hit.", strong) == -1 and first_stop("A weak hit at best.", strong) > 0
    assert story_stops(["yes"]) == STORY_STOPS  # an oracle's answer has no such names


def test_a_line_set_off_like_the_reference_after_the_story_ends_it() -> None:
    draft = "You search the corridor. You find a scrap of paper.\n\n> Gather Information\n> When you search..."
    assert "".join(cut_stream(pieces(draft, 4))) == "You search the corridor. You find a scrap of paper.\n"
    assert "".join(cut_stream(["> You slip past the sentry."])) == "> You slip past the sentry."  # its own first line


def test_a_line_in_the_story_so_fars_form_ends_the_draft() -> None:
    draft = "The rain falls harder. You feel dread.\n\nYou: Oracle (unlikely): Is anyone else awake?"
    assert "".join(cut_stream(pieces(draft, 5))) == "The rain falls harder. You feel dread.\n"
    inline = "The rain falls harder. You: Oracle (unlikely): Is anyone else awake?"
    assert "".join(cut_stream([inline])) == "The rain falls harder."


def test_a_first_line_in_the_story_so_fars_form_is_left_out_and_the_story_after_it_stands() -> None:
    draft = "You: Oracle (likely): Are there survivors aboard?\nThe reactor hums. Someone coughs in the dark."
    for size in (3, 7, 50):
        assert "".join(skip_transcript_lead(pieces(draft, size))) == "The reactor hums. Someone coughs in the dark."
    assert "".join(skip_transcript_lead(["Story: the ship.\n", "You: I wait\n", "The end."])) == "The end."
    assert "".join(skip_transcript_lead(["You step into the dark."])) == "You step into the dark."


def test_a_draft_that_only_copies_a_line_of_the_story_so_far_is_retried() -> None:
    fake = GenericFakeChatModel(messages=iter([AIMessage(content="You: I swear an iron vow to find my sister\n")]))
    request = NarrationRequest(task="narrate", system="starforged", player_text="I run", results=(resolve(FD),))
    with pytest.raises(NarrationEchoed) as raised:
        "".join(LLMNarrator(fake).stream(request))
    assert raised.value.problem == STOPPED_EARLY


def test_the_last_turns_action_told_again_in_other_words_is_a_repeat() -> None:
    from assistant.narrate.echo import earlier_sentences, repeats_earlier

    earlier = earlier_sentences(["You draw your vibroblade and aim for the raider's neck. You try to strike, but it misses."])
    assert repeats_earlier("You aim your vibroblade at the raider's neck.", earlier)
    assert not repeats_earlier("The raider flees into a nearby cave.", earlier)
    assert not repeats_earlier("The raider lunges at your neck again.", earlier)  # a new beat that shares a word or two
    shot = earlier_sentences(["You try to shoot the raider before he reaches cover. Luck deserts you."])
    assert repeats_earlier('"I try to shoot the raider, but luck deserts me. I miss."', shot)  # a turn retold in quotes
    assert not repeats_earlier("The raider flees into the dark, leaving his rifle behind.", shot)


def test_a_first_line_copying_an_instruction_of_the_turn_message_is_left_out() -> None:
    """A 0.5B model answered with the line after its opening ("Continue right after it with what happens because of
    it; …") or with the retry's feedback, and sometimes went on with the story after it."""
    copied = (
        "\nContinue right after it with what happens because of it; do not say it again, and do not change how it went."
        "\nThe hatch groans open onto a dark corridor."
    )
    for size in (2, 9, 200):
        assert "".join(skip_transcript_lead(pieces(copied, size))) == "The hatch groans open onto a dark corridor."
    feedback = 'Your last narration was not used: it copied the prompt ("continue right after it")'
    assert "".join(skip_transcript_lead(pieces(feedback, 4))) == ""
    told = "Already told to the player, as the opening of your story: You go all in\n\nThe oath settles in your chest."
    assert "".join(skip_transcript_lead(pieces(told, 6))) == "The oath settles in your chest."
    assert "".join(skip_transcript_lead(pieces("Also, the door opens.", 1))) == "Also, the door opens."
    assert "".join(skip_transcript_lead(pieces("Now you wait.", 3))) == "Now you wait."


def test_an_instruction_copied_after_the_story_ends_the_draft_there() -> None:
    draft = "The oath settles in your chest.\n\nAlready told to the player, as the opening of your story: You swear"
    assert "".join(cut_stream(pieces(draft, 5))) == "The oath settles in your chest.\n\n"
    only = "Continue right after it with what happens because of it"
    fake = GenericFakeChatModel(messages=iter([AIMessage(content=only)]))
    request = NarrationRequest(task="narrate", system="starforged", player_text="I run", results=(resolve(FD),))
    with pytest.raises(NarrationEchoed) as raised:
        list(LLMNarrator(fake).stream(request))
    assert raised.value.problem == STOPPED_EARLY
