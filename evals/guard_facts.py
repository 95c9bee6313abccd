"""A narration's engine facts as one JSON object, so a draft can be labelled and re-checked without the engine.

``facts_record(request)`` is what the narrator was given: the facts in words (the outcome's meaning, the changes,
what is left to the player, the oracle's answer, the follow-ups offered), and everything the guard needs to read
the draft again: the engine's Results as JSON, the system, the player's words, the oracle question and the rules
passages the narrator may quote, the engine's opening shown before the draft (a move's attempt and outcome, an
oracle's answer) and the sentences earlier turns told (``earlier``, as the chat's narration filter collects them from
the story so far: a draft must not tell them again as this turn's) and the quoted reference's words (``reference``).
``check_facts(text, facts)`` runs the guard exactly as the chat loop does, on the opening and the draft together, after
the chat's echo watch: a model's draft is cut, as an echo, at a line set off with '>' that copies the reference and at
a sentence that tells a worked example's story again (:func:`as_chat_reads`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

_QUOTE_MARK = re.compile(r"(?m)^[ \t]*>[ \t]?")
"""A story line set off with '>' (the chat reads each line without it)."""


def facts_record(request: Any) -> dict[str, Any]:
    """The engine facts of one :class:`~assistant.narrate.request.NarrationRequest`, JSON-ready."""
    from assistant.guard.foe_fate import fight_names
    from assistant.narrate.context import build_context
    from assistant.narrate.echo import earlier_sentences, reference_words
    from assistant.narrate.facts import follow_up_line
    from assistant.narrate.llm import DEFAULT_BUDGET_TOKENS
    from assistant.narrate.story_facts import opening, story_facts

    results = list(request.results)
    question = request.question or (request.player_text if request.task == "oracle" else "")
    return {
        "system": request.system,
        "task": request.task,
        "intent": request.player_text,
        "question": question,
        "words": story_facts(results, question=question, player_text=request.player_text),
        "outcomes": [r.outcome for r in results],
        "follow_ups": follow_up_line(results).removeprefix("Next: ") if results else "",
        "results": [r.model_dump(mode="json") for r in results],
        "quotable": [str(getattr(hit, "text", "")) for hit in request.rules],
        "established": list(getattr(request, "established", ())),
        "opening": opening(request, question),
        # the campaign's fights still open: their foes are not told dead on a turn that rolled no progress
        "open_fights": fight_names(request.tracks),
        # the story so far as the chat's narration filter reads it: earlier stories and the player's lines, no commands
        "earlier": earlier_sentences(text for _, text in request.history if not text.lstrip().startswith("/")),
        # the quoted reference's words (the character, the tracks, the rules passages): a '>' line copying one is an echo
        "reference": reference_words(build_context(request, DEFAULT_BUDGET_TOKENS).messages[1:]),
    }


def check_facts(text: str, facts: Mapping[str, Any]) -> list[Any]:
    """The guard's violations of ``text`` against a :func:`facts_record` (the chat loop's reading: "the player"
    is rewritten as "you" first, the player's words and the oracle question are given)."""
    from assistant.guard import check_narration, prepare, second_person_fix

    results = list(facts.get("results") or [])
    system = facts.get("system")
    told = str(facts.get("opening") or "")  # the engine's opening, shown before the draft: read as the chat reads it
    text, cut = as_chat_reads(text, facts)
    text = _QUOTE_MARK.sub("", text)  # a story line set off with '>' is read without it, as the chat reads each line
    prepared = prepare(
        results,
        system=system,
        quotable=list(facts.get("quotable") or []),
        established=list(facts.get("established") or []),
        earlier=list(facts.get("earlier") or []),
        told=[s for s in re.split(r"(?<=[.!?])\s+", told) if s.strip()],
        sheet=str(facts.get("words") or ""),  # a model's draft: the fact sheet it was written from
        open_fights=[str(n) for n in facts.get("open_fights") or []],  # recorded by the faithfulness eval from this round on
    )
    return cut + check_narration(
        second_person_fix(f"{told} {text}" if told and not text.startswith(told) else text),
        results,
        system=system,
        intent=str(facts.get("intent") or ""),  # "" on a bare roll, as the chat passes it
        facts=prepared,
        question=facts.get("question") or None,
    )


def as_chat_reads(text: str, facts: Mapping[str, Any]) -> tuple[str, list[Any]]:
    """A model's draft up to where the chat's echo watch ends it (:class:`assistant.narrate.echo.EchoWatch`), and that
    cut as an echo: a sentence set off with '>' that copies a line of the quoted reference, or one that tells the
    worked examples' story again (:mod:`assistant.narrate.examples`, the examples of this task's prompt). The story
    before it is read as the chat reads it. A line set off with '>' after the story also ends the model's stream
    (:mod:`assistant.narrate.stops`), but only because such a line opens a fault: it is read, '>' removed, and flagged
    if it is one. The offline narration (a record without the model's fact sheet) never passed the watch."""
    from assistant.guard import Violation, ViolationKind
    from assistant.narrate.echo import COPIED_QUOTE, SENTENCE_END, quoted_line_fault
    from assistant.narrate.examples import COPIED_EXAMPLE, copies_example, example_runs
    from assistant.narrate.prompts import TASK_PROMPTS

    if not facts.get("words"):
        return text, []

    def cut_at(at: int, problem: str) -> tuple[str, list[Any]]:
        line = " ".join(text[at:].split("\n\n", 1)[0].split())[:120]
        return text[:at], [Violation(ViolationKind.ECHO, f"'{line}': {problem}; the chat ends the draft before it", line)]

    reference = str(facts.get("reference") or _reference_of(facts))
    runs = example_runs(TASK_PROMPTS.get(str(facts.get("task") or "narrate"), "narrate"))
    at = 0
    for piece in SENTENCE_END.split(text):
        at = text.find(piece, at)
        if quoted_line_fault(piece, reference, str(facts.get("words") or "")):
            return cut_at(at, COPIED_QUOTE)
        if copies_example(re.findall(r"[a-z0-9']+", piece.lower()), runs):
            return cut_at(at, COPIED_EXAMPLE)
        at += len(piece)
    return text, []


def _reference_of(facts: Mapping[str, Any]) -> str:
    """The quoted reference's words for a record made before it was kept: its rules passages."""
    from assistant.inputs import quote_data
    from assistant.narrate.echo import reference_words

    return reference_words([("human", quote_data(str(q))) for q in facts.get("quotable") or []])
