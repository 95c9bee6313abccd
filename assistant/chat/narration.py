"""Narration under the authority guard: stream, check each sentence, retry, fall back offline.

:func:`guarded_narration` is a generator of :class:`TurnEvent` (``narration`` chunks, ``replace``) whose return
value is a :class:`NarrationOutcome`. A sentence reaches the player only after the guard passed it:

1. The narrator streams; each complete sentence is checked and then released (one draft:
   :mod:`assistant.chat.narration_draft`). At the end the whole text is checked once more (some claims span
   sentences).
2. On a violation (or a loop or prompt echo, :mod:`assistant.narrate.echo`) the LLM gets a retry with the
   fault named (``feedback``), and a second one when the deadline leaves time for it (:data:`MAX_DRAFTS`); what was
   shown is replaced. The drafts share the turn's deadline.
   A draft that goes on past where it should have stopped (a decision taken for the player, a copy of the prompt)
   is cut before that sentence when at least two sentences of story came before it: the player sees the story up to
   their next decision, and the cut is logged like a rejection. A sentence that tells an earlier turn's story again
   (as the filter or the guard reads it) is skipped; a draft of nothing else is retried unless the engine's opening
   was shown, which then stands as the story. A draft that adds no sentence of its own to the engine's opening (it
   told the opening again, or stopped before a sentence) is asked once more; if no later draft adds one, the opening
   stands.
3. If the last retry also breaks the engine's authority, the longest story a draft had told before its fault (the
   engine's opening and at least two sentences, each passed by the guard, and passed again as a whole) stands, cut
   there; without one, or if the LLM fails (timeout, rate limit, bad response), the offline template narration
   replaces it. A draft whose story had begun when the turn's deadline came is cut
   there instead: the sentences the guard passed stand, with a note that the narrator ran out of time. Every
   violation is logged (``logs/guard.jsonl`` under the app's home).

The offline narration restates the Result and is shown whatever the guard finds (a flag there is a template or
guard bug, logged for the maintainers), so its claims are checked once, on the whole text, not sentence by sentence.
"""

from __future__ import annotations

import importlib
import logging
import random
import time
from collections.abc import Generator, Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import Any

from assistant.chat.narration_draft import (
    DEADLINE,
    AddedNothing,
    Rejected,
    failure_reason,
    split_sentences,
    stream_draft,
)
from assistant.chat.narration_log import log_echo, log_rejected, log_violations
from assistant.chat.narration_rewrite import REWRITE, stream_rewrite
from assistant.chat.turn import NarratorName, TurnEvent
from assistant.engine import get_ruleset, resolve
from assistant.engine.errors import AssistantError
from assistant.guard import Violation, describe_violations
from assistant.narrate import NarrationFailed, NarrationRequest, Narrator, TemplateNarrator
from assistant.narrate.echo import NarrationEchoed
from assistant.narrate.story_facts import move_opening
from assistant.secrets import scrub

log = logging.getLogger(__name__)

__all__ = ["DEADLINE", "NarrationOutcome", "guarded_narration", "split_sentences", "warm"]


@dataclass
class NarrationOutcome:
    text: str
    narrator: NarratorName
    violations: list[Violation] = field(default_factory=list)
    attempts: int = 0
    context_tokens: int | None = None
    context_report: dict[str, Any] | None = None
    notes: list[str] = field(default_factory=list)
    cut: bool = False
    """The shown narration is a draft cut before a decision it took for the player, a copy of the prompt, or the turn's
    deadline."""


DRAFT_NOT_USED = "A draft of the LLM's narration was not used"
"""Said of a draft told again (an earlier story's sentence, the prompt): with the retry shown, the general "failed the
rules check; this is the checked retry" line would say it a second time, and read as if the shown story were the
draft not used."""
UNAVAILABLE_NOTE = "The narrator was unavailable"
DEADLINE_NOTE = "The narrator ran out of time, so the story ends at its last full sentence"


#: What a confirm imports on first use (the words read for a move, its questions and choices, citations).
_CONFIRM_MODULES = ("assistant.chat.reading", "assistant.chat.questions", "assistant.chat.choosing", "rules_index.chunk")
#: An intent whose verb is one only the rulesets' move texts know ("when you swear an iron vow").
_WARM_INTENT = "I swear to see it through"


@cache
def warm(system: str) -> None:
    """Do now, once per process, what the first offline narration of ``system`` would otherwise do at the player's
    first confirm: the guard's patterns for the system's words and moves, the narrator's verbs from every ruleset
    (a quarter of a second on a 2-core machine), and the modules a confirm imports when first used. For the app's
    warm start; what is narrated is thrown away."""
    for module in _CONFIRM_MODULES:
        importlib.import_module(module)
    ruleset = get_ruleset(system)
    character = ruleset.default_character()
    for move in ruleset.moves:
        try:
            result = resolve({"system": system, "move": move.name, "character": character}, rng=random.Random(0))
        except AssistantError:
            continue  # a move that needs more than a character to roll
        if result.outcome:
            request = NarrationRequest(task="narrate", system=system, player_text=_WARM_INTENT, results=(result,))
            for _event in guarded_narration(request, TemplateNarrator()):
                pass
            return


def _template_text(request: NarrationRequest) -> str:
    return "".join(TemplateNarrator().stream(replace(request, feedback=""))).strip()


def _report(narrator: Narrator) -> tuple[int | None, dict[str, Any] | None]:
    report = getattr(narrator, "last_report", None)
    if report is None:
        return None, None
    total = getattr(report, "total", None)
    as_dict = (
        report.to_dict()
        if hasattr(report, "to_dict")
        else {
            "sections": dict(getattr(report, "sections", {}) or {}),
            "total": total,
            "budget": getattr(report, "budget", None),
            "dropped": list(getattr(report, "dropped", []) or []),
        }
    )
    return (int(total) if total is not None else None), as_dict


MAX_DRAFTS = 3
"""Drafts asked of the model in one turn: the first, a retry told what went wrong, and a last one when the turn's
deadline leaves at least as long as the slowest draft took (in run V1 a 1.5B model's retry fixed about half the
flagged drafts, and both turns that fell back to the offline narration had used only two drafts)."""


def _time_for_another(narrator: Narrator, slowest: float) -> bool:
    """Whether the turn's deadline leaves time for one more draft as slow as the slowest so far (a narrator without a
    deadline of its own gets no third draft)."""
    until = getattr(narrator, "turn_until", None)
    return isinstance(until, (int, float)) and until - time.monotonic() >= max(slowest, 1.0)


def guarded_narration(
    request: NarrationRequest,
    narrator: Narrator,
    *,
    odds: Mapping[str, float] | None = None,
    log_dir: Path | None = None,
    campaign: str = "",
    started: float | None = None,
) -> Generator[TurnEvent, None, NarrationOutcome]:
    """Narrate ``request`` with ``narrator`` under the guard (see the module docstring). ``started``: when the
    player's turn began (``time.monotonic()``); the narration's deadline counts from it."""
    results = list(request.results)
    offline = getattr(narrator, "name", "") == "template"
    outcome = NarrationOutcome(text="", narrator="template" if offline else "llm")
    attempts = 1 if offline else MAX_DRAFTS
    current = request
    begin_turn = getattr(narrator, "begin_turn", None)
    if callable(begin_turn):
        begin_turn(started)
    slowest, last_began = 0.0, time.monotonic()
    kept: tuple[str, int, list[Violation]] | None = None  # the longest story a rejected draft told before its fault
    bare: tuple[str, int] | None = None  # the engine's opening, when a draft added nothing to it
    for attempt in range(attempts):
        began = time.monotonic()
        slowest = max(slowest, began - last_began) if attempt else 0.0
        last_began = began
        if attempt >= 2 and not _time_for_another(narrator, slowest):
            break
        outcome.attempts = attempt + 1
        if attempt:
            yield TurnEvent("replace", text="")
        try:
            if current.narration_task == REWRITE and not offline:  # the narrower task: the engine's sentence retold
                text, cut = yield from stream_rewrite(narrator, current, results, odds)
            else:
                text, cut = yield from stream_draft(narrator, current, results, odds, each_sentence=not offline)
        except Rejected as rejected:
            outcome.violations.extend(rejected.violations)
            log_violations(log_dir, campaign, narrator, attempt, rejected.violations, request)
            if offline:
                # The template only restates the Result: a flag here is a guard or template bug. Show the
                # engine's own text anyway (it is the authority) and keep the log entry for the maintainers.
                text = _template_text(request)
                yield TurnEvent("replace", text=text)
                outcome.text = text
                return outcome
            if rejected.passed and (kept is None or len(rejected.passed) > len(kept[0])):
                kept = (rejected.passed, attempt, rejected.violations)
            current = replace(request, feedback=describe_violations(rejected.violations))
            continue
        except AddedNothing as nothing:
            if bare is None:
                bare = (nothing.text, attempt)
            if attempt == 0:  # asked once more for a sentence of its own (the turn's deadline still bounds it)
                current = replace(request, feedback=nothing.feedback)
                continue
            text, cut = nothing.text, []
        except NarrationEchoed as echoed:
            outcome.notes.append(f"{DRAFT_NOT_USED}: {echoed.problem}.")
            log_echo(log_dir, campaign, narrator, attempt, echoed.problem, request)
            current = replace(request, feedback=echoed.feedback)
            continue
        except (NarrationFailed, AssistantError) as exc:
            if bare is None:  # else the opening an earlier draft told stands (below)
                outcome.notes.append(f"{UNAVAILABLE_NOTE}: {failure_reason(exc)}; showing the offline narration.")
            log.warning("narration failed, falling back to the template: %s", exc)
            break
        except Exception as exc:  # noqa: BLE001 - any narrator bug must not cost the player the turn
            outcome.notes.append("The narrator failed; showing the offline narration.")
            log.exception("narrator raised %s; falling back to the template", type(exc).__name__)
            break
        if cut:
            outcome.cut = True
            log_rejected(log_dir, campaign, narrator, attempt, cut, request, kept="the story before it")
            late = next((c["detail"] for c in cut if c["kind"] == DEADLINE), "")
            if late:
                outcome.notes.append(f"{DEADLINE_NOTE} ({late.split(': ', 1)[-1]}).")
        clean = scrub(text)
        if clean != text:  # an endpoint echoed a key: the player never sees it, the store never holds it
            text = clean
            yield TurnEvent("replace", text=text)
        outcome.text = text
        if not offline:
            outcome.narrator = "llm" if attempt == 0 else "llm-retry"
            outcome.context_tokens, outcome.context_report = _report(narrator)
        return outcome
    if kept is not None:
        # no draft passed whole, but one had told the engine's opening and some story before its fault: that story,
        # each sentence of it passed by the guard, stands (the offline narration told the turn a second time)
        text, attempt, faults = kept
        yield TurnEvent("replace", text=text)
        details = [v.to_dict() for v in faults]
        log_rejected(log_dir, campaign, narrator, attempt, details, request, kept="the story before it (no draft passed)")
        outcome.text, outcome.cut = text, True
        outcome.narrator = "llm" if attempt == 0 else "llm-retry"
        outcome.context_tokens, outcome.context_report = _report(narrator)
        return outcome
    if bare is not None:
        # a draft told the engine's opening and nothing wrong, the later ones broke the rules: the opening stands
        text, attempt = bare
        yield TurnEvent("replace", text=text)
        outcome.text = text
        outcome.narrator = "llm" if attempt == 0 else "llm-retry"
        outcome.context_tokens, outcome.context_report = _report(narrator)
        return outcome
    text = _template_text(replace(request, opened=move_opening(request)))  # opened as the drafts were
    yield TurnEvent("replace", text=text)
    outcome.text = text
    outcome.narrator = "template-fallback"
    outcome.context_tokens, outcome.context_report = _report(narrator)
    return outcome
