"""A narration's engine facts as one JSON object, so a draft can be labelled and re-checked without the engine.

``facts_record(request)`` is what the narrator was given: the facts in words (the outcome's meaning, the changes,
what is left to the player, the oracle's answer, the follow-ups offered), and everything the guard needs to read
the draft again: the engine's Results as JSON, the system, the player's words, the oracle question and the rules
passages the narrator may quote, the engine's opening shown before the draft (a move's attempt and outcome, an
oracle's answer) and the sentences earlier turns told (``earlier``, as the chat's narration filter collects them from
the story so far: a draft must not tell them again as this turn's). ``check_facts(text, facts)`` runs the guard
exactly as the chat loop does, on the opening and the draft together.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

_QUOTE_MARK = re.compile(r"(?m)^[ \t]*>[ \t]?")
"""A story line set off with '>' (the chat reads each line without it)."""


def facts_record(request: Any) -> dict[str, Any]:
    """The engine facts of one :class:`~assistant.narrate.request.NarrationRequest`, JSON-ready."""
    from assistant.narrate.echo import earlier_sentences
    from assistant.narrate.facts import follow_up_line
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
        # the story so far as the chat's narration filter reads it: earlier stories and the player's lines, no commands
        "earlier": earlier_sentences(text for _, text in request.history if not text.lstrip().startswith("/")),
    }


def check_facts(text: str, facts: Mapping[str, Any]) -> list[Any]:
    """The guard's violations of ``text`` against a :func:`facts_record` (the chat loop's reading: "the player"
    is rewritten as "you" first, the player's words and the oracle question are given)."""
    from assistant.guard import check_narration, prepare, second_person_fix

    results = list(facts.get("results") or [])
    system = facts.get("system")
    told = str(facts.get("opening") or "")  # the engine's opening, shown before the draft: read as the chat reads it
    text = _QUOTE_MARK.sub("", text)  # a story line set off with '>' is read without it, as the chat reads each line
    prepared = prepare(
        results,
        system=system,
        quotable=list(facts.get("quotable") or []),
        established=list(facts.get("established") or []),
        earlier=list(facts.get("earlier") or []),
        told=[s for s in re.split(r"(?<=[.!?])\s+", told) if s.strip()],
        sheet=str(facts.get("words") or ""),  # a model's draft: the fact sheet it was written from
    )
    return check_narration(
        second_person_fix(f"{told} {text}" if told and not text.startswith(told) else text),
        results,
        system=system,
        intent=str(facts.get("intent") or ""),  # "" on a bare roll, as the chat passes it
        facts=prepared,
        question=facts.get("question") or None,
    )
