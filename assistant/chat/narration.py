"""Narration under the authority guard: stream, check each sentence, retry, fall back offline.

:func:`guarded_narration` is a generator of :class:`TurnEvent` (``narration`` chunks, ``replace``) whose return
value is a :class:`NarrationOutcome`. A sentence reaches the player only after the guard passed it:

1. The narrator streams; each complete sentence is checked and then released. At the end the whole text is
   checked once more (some claims span sentences).
2. On a violation (or a loop or prompt echo, :mod:`assistant.narrate.echo`) the LLM gets a retry with the
   fault named (``feedback``), and a second one when the deadline leaves time for it (:data:`MAX_DRAFTS`); what was
   shown is replaced. The drafts share the turn's deadline.
   A draft that goes on past where it should have stopped (a decision taken for the player, a copy of the prompt)
   is cut before that sentence when at least two sentences of story came before it: the player sees the story up to
   their next decision, and the cut is logged like a rejection. A sentence that tells an earlier turn's story again
   (as the filter or the guard reads it) is skipped; a draft of nothing else is retried unless the engine's opening
   was shown, which then stands as the story.
3. If the last retry also breaks the engine's authority, or the LLM fails (timeout, rate limit, bad response), the
   offline template narration replaces it. Every violation is logged (``logs/guard.jsonl`` under the app's home).

The offline narration restates the Result and is shown whatever the guard finds (a flag there is a template or
guard bug, logged for the maintainers), so its claims are checked once, on the whole text, not sentence by sentence.
"""

from __future__ import annotations

import importlib
import logging
import random
import re
import time
from collections.abc import Generator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import Any

from assistant.chat.narration_log import log_echo, log_rejected, log_violations
from assistant.chat.turn import NarratorName, TurnEvent
from assistant.engine import get_ruleset, resolve
from assistant.engine.errors import AssistantError
from assistant.guard import Violation, ViolationKind, check_echo, check_narration, describe_violations, prepare, second_person_fix
from assistant.guard.earlier import told_before
from assistant.narrate import NarrationFailed, NarrationRequest, Narrator, TemplateNarrator
from assistant.narrate.echo import (
    REPEATED_EARLIER,
    SENTENCE_END,
    STOPPED_EARLY,
    NarrationEchoed,
    earlier_sentences,
    repeats_earlier,
    retells,
)
from assistant.narrate.player_acts import declared_action, new_action
from assistant.narrate.story_facts import formula_sentences, opening
from assistant.narrate.turn_message import HUMAN_ROLES
from assistant.secrets import scrub

log = logging.getLogger(__name__)

_ENDED = re.compile(r"[.!?\u2026][\"'\u201d\u2019)\]]*\s*$")


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
    """The shown narration is a draft cut before a decision it took for the player or a copy of the prompt."""


UNAVAILABLE_NOTE = "The narrator was unavailable"


def _reason(exc: BaseException) -> str:
    """Why narration failed, without the wrapper sentence ("LLM narration failed (...); narrating offline")."""
    text = str(getattr(exc, "message", "") or exc).strip()
    m = re.fullmatch(r"LLM narration failed \((?P<why>.*)\); narrating offline instead\.?", text, re.S)
    return (m.group("why") if m else text).rstrip(".")


class _Rejected(Exception):
    def __init__(self, violations: list[Violation]) -> None:
        super().__init__(describe_violations(violations))
        self.violations = violations


def split_sentences(buffer: str) -> tuple[list[str], str]:
    """Complete sentences at the start of ``buffer`` and the unfinished rest."""
    out: list[str] = []
    start = 0
    while True:
        match = SENTENCE_END.search(buffer, start)
        if match is None:
            return out, buffer
        if "\n" not in match.group(0) and _open_quote(buffer[: match.end()]):
            start = match.end()  # inside dialogue: the quote and who says it are checked as one sentence
            # (a quote that closes at this break, 'the option "Attract Trouble." This ...', ends the sentence)
            continue
        out.append(buffer[: match.end()])
        buffer, start = buffer[match.end() :], 0


def _open_quote(text: str) -> bool:
    return (text.count('"') + text.count("\u201c") - text.count("\u201d")) % 2 == 1


#: Faults of a draft that went on past where it should have stopped: a decision taken for the player, a copy of the
#: prompt. Each is caught at its sentence before that is shown, so the story before it can stand: the draft is cut
#: there (the protocol stops at the player's next decision anyway) instead of being thrown away.
CUT_KINDS = frozenset({ViolationKind.DECISION, ViolationKind.ECHO})
MIN_KEPT_SENTENCES = 2
"""A cut draft is kept only when at least this many sentences of story came before the fault."""
MIN_FRAGMENT_WORDS = 6
"""A draft that is only an unfinished fragment shorter than this ("You", "The raider") is no story: it is retried."""


def _story_sentences(shown: Sequence[str]) -> int:
    return sum(len(s.split()) >= 3 for s in shown)


def _as_story(sentence: str) -> str:
    """A sentence as the player reads it: "the player" told as "you", a story line's '>' or 'You:' set-off removed (a
    line of the reference itself never gets here: :mod:`assistant.narrate.echo` stops it)."""
    return second_person_fix(_QUOTE_MARK.sub("", sentence, count=1))


_QUOTE_MARK = re.compile(r"^[ \t]*(?:>[ \t]?|(?:You|Story):[ \t]*)")


def _plain(text: str) -> str:
    return " ".join(re.findall(r"[a-z0-9']+", text.lower()))


_NEXT_LINE = re.compile(r"^\s*(?:offered next(?:, not played out)?|next)\s*:", re.I)
"""The card's follow-up line copied ("Offered next: Pay the Price."): the card beside the story says it."""
"""What sets a story line off as the reference or the story-so-far is set off ("> ", "You: "), not story."""


def _checked(found: list[Violation], shown: Sequence[str]) -> list[dict[str, str]]:
    """Nothing when the sentence passed; what to cut when it may be cut off; else :class:`_Rejected` is raised."""
    if not found:
        return []
    if all(v.kind in CUT_KINDS for v in found) and _story_sentences(shown) >= MIN_KEPT_SENTENCES:
        return [v.to_dict() for v in found]
    raise _Rejected(found)


def _attempt(
    narrator: Narrator,
    request: NarrationRequest,
    results: Sequence[Any],
    odds: Mapping[str, float] | None,
    each_sentence: bool = True,
) -> Generator[TurnEvent, None, tuple[str, list[dict[str, str]]]]:
    """Stream one narration attempt, releasing only guarded sentences; raises :class:`_Rejected`.

    Returns the text shown and, when the draft was cut at a decision or an echo (:data:`CUT_KINDS`), what was cut.
    Without ``each_sentence`` (the offline narration, whose text is shown whatever the guard finds) the claims are
    checked once, on the whole text."""
    quotable = [str(getattr(hit, "text", "")) for hit in request.rules]
    question = request.question or (request.player_text if request.task == "oracle" else "")

    def check(text: str, partial: bool = True) -> list[Violation]:
        return check_narration(
            text,
            results,
            system=request.system,
            odds=odds,
            intent=request.player_text,
            facts=facts,
            question=question or None,
            partial=partial,
        )

    def check_sentence(text: str) -> list[Violation]:
        return check(text) if each_sentence else []

    shown: list[str] = []
    buffer = ""
    cut: list[dict[str, str]] = []
    # The template says what the Result holds, an open choice's options included, however often it was said before;
    # only a model's draft that tells an earlier turn again is skipped, and only a model's draft is cut short.
    template = getattr(narrator, "name", "") == "template"
    # earlier turns' stories, and the player's earlier words (a small model quotes them back as this turn's story)
    stories = [] if template else [text for _, text in request.history if not text.lstrip().startswith("/")]
    earlier = earlier_sentences(stories)
    skipped = 0
    opener = "" if template else opening(request, question or "")
    if opener:  # the engine's answer, or the attempt and its outcome, opens the story; the model only goes on from it
        shown.append(opener + " ")
        yield TurnEvent("narration", text=opener + " ")
    told = (split_sentences(opener + " ")[0] or [opener]) if opener else []
    # the guard reads the story so far too (the sentences this filter skips, and what it lets through in other words)
    facts = prepare(
        list(results),
        system=request.system,
        odds=odds,
        quotable=quotable,
        established=request.established,
        # every earlier sentence, the short ones too ("The raider flees."): the filter's list keeps only copyable lengths
        earlier=[*earlier, *(s for story in stories for s in SENTENCE_END.split(story) if s.strip())],
        told=told,
    )
    earlier.extend(f" {' '.join(re.findall(r'[a-z0-9]+', s.lower()))} " for s in told)
    # what a model would only be saying again (the template's own sentences are the engine's: never skipped)
    said = [] if template else [*told, *formula_sentences(results), *request.established]
    declared = declared_action(request)

    asked = {_plain(text) for role, text in request.history if role.lower() in HUMAN_ROLES and text.strip().endswith("?")}

    def copied_next(raw: str) -> bool:
        """The card's "Next: …" line, or a question the player asked in an earlier turn, copied as story."""
        return not template and (bool(_NEXT_LINE.match(raw)) or _plain(_QUOTE_MARK.sub("", raw)) in asked)

    def judge(raw: str) -> tuple[str, list[dict[str, str]]]:
        """A model's sentence as shown ("" to leave it out) and what to cut there (the draft ends before it); raises
        :class:`_Rejected` for a fault that is retried. A sentence in which the character acts on their own takes the
        player's next decision: the story ends before it, or, with too little told yet, it alone is left out."""
        nonlocal skipped
        sentence = _as_story(raw)
        found = check_sentence(sentence) or check_echo(raw)  # "Left to the player…" before "you"
        if found and not template and all(told_before(v) for v in found):
            skipped += 1  # an earlier turn told again, as the guard reads it: left out, as the filter's own repeats
            return "", []
        act = "" if template or any(v.kind not in CUT_KINDS for v in found) else new_action(sentence, declared)
        if not act:
            return sentence, _checked(found, shown)
        if _story_sentences(shown) < MIN_KEPT_SENTENCES:
            _checked(found, [])  # a decision it states outright is still retried
            return "", []
        return sentence, [
            *[v.to_dict() for v in found],
            {"kind": "decision", "detail": f"'{act}': the character acts for the player"},
        ]

    stream = narrator.stream(request)
    try:
        for chunk in stream:
            if not isinstance(chunk, str):
                chunk = str(getattr(chunk, "content", chunk))
            sentences, buffer = split_sentences(buffer + chunk)
            for raw in sentences:
                if repeats_earlier(raw, earlier) or retells(_QUOTE_MARK.sub("", raw), said) or copied_next(raw):
                    # its last turn, the opening, or the card's "Next: …" (the card beside the story says it)
                    skipped += 1
                    continue
                sentence, cut = judge(raw)
                if cut:
                    break
                if not sentence:
                    continue
                shown.append(sentence)
                yield TurnEvent("narration", text=sentence)
            if cut:
                buffer = ""
                break
    except NarrationEchoed as echoed:
        if not (echoed.at_sentence and _story_sentences(shown) >= MIN_KEPT_SENTENCES):
            raise
        cut, buffer = [{"kind": "echo", "detail": echoed.problem}], ""
    finally:
        close = getattr(stream, "close", None)
        if callable(close):
            close()  # a cut draft stops the model's call too
    if buffer and not template and not _ENDED.search(buffer) and _story_sentences(shown) >= 1:
        buffer = ""  # stopped mid-sentence (its length cap, a stop sequence): the story ends at its last full sentence
    if buffer and not template and not shown and not _ENDED.search(buffer) and len(buffer.split()) < MIN_FRAGMENT_WORDS:
        raise NarrationEchoed(STOPPED_EARLY)  # "You": stopped (a stop sequence) before its first sentence; retried
    if buffer and (repeats_earlier(buffer, earlier) or retells(_QUOTE_MARK.sub("", buffer), said) or copied_next(buffer)):
        skipped, buffer = skipped + 1, ""
    if buffer:
        buffer, cut = judge(buffer)
        if buffer and not cut:
            shown.append(buffer)
            yield TurnEvent("narration", text=buffer)
    text = "".join(shown).strip()
    if not text and skipped:
        raise NarrationEchoed(REPEATED_EARLIER)  # nothing but earlier turns told again: retried with that said
    if not text:
        raise NarrationFailed("The narrator returned no text.")
    whole = check(text, partial=False)
    if whole:
        raise _Rejected(whole)
    return text, cut


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
            text, cut = yield from _attempt(narrator, current, results, odds, each_sentence=not offline)
        except _Rejected as rejected:
            outcome.violations.extend(rejected.violations)
            log_violations(log_dir, campaign, narrator, attempt, rejected.violations, request)
            if offline:
                # The template only restates the Result: a flag here is a guard or template bug. Show the
                # engine's own text anyway (it is the authority) and keep the log entry for the maintainers.
                text = _template_text(request)
                yield TurnEvent("replace", text=text)
                outcome.text = text
                return outcome
            current = replace(request, feedback=describe_violations(rejected.violations))
            continue
        except NarrationEchoed as echoed:
            outcome.notes.append(f"The LLM's narration was not used: {echoed.problem}.")
            log_echo(log_dir, campaign, narrator, attempt, echoed.problem, request)
            current = replace(request, feedback=echoed.feedback)
            continue
        except (NarrationFailed, AssistantError) as exc:
            outcome.notes.append(f"{UNAVAILABLE_NOTE}: {_reason(exc)}; showing the offline narration.")
            log.warning("narration failed, falling back to the template: %s", exc)
            break
        except Exception as exc:  # noqa: BLE001 - any narrator bug must not cost the player the turn
            outcome.notes.append("The narrator failed; showing the offline narration.")
            log.exception("narrator raised %s; falling back to the template", type(exc).__name__)
            break
        if cut:
            outcome.cut = True
            log_rejected(log_dir, campaign, narrator, attempt, cut, request, kept="the story before it")
        clean = scrub(text)
        if clean != text:  # an endpoint echoed a key: the player never sees it, the store never holds it
            text = clean
            yield TurnEvent("replace", text=text)
        outcome.text = text
        if not offline:
            outcome.narrator = "llm" if attempt == 0 else "llm-retry"
            outcome.context_tokens, outcome.context_report = _report(narrator)
        return outcome
    text = _template_text(request)
    yield TurnEvent("replace", text=text)
    outcome.text = text
    outcome.narrator = "template-fallback"
    outcome.context_tokens, outcome.context_report = _report(narrator)
    return outcome
