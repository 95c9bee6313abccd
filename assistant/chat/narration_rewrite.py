"""One draft of the narrower task (``TABLETOP_LLM_NARRATION_TASK=rewrite``): the model retells the engine's outcome
sentence with one detail of the scene, and the engine's sentence stands unless the retelling passes every check.

The engine's opening ("You try to pick the lock. It goes wrong.") is the story; the player reads its first sentences
at once, and the last one (the outcome, the oracle's answer, the rolled row) either as the model retold it ("It goes
wrong, and the old brass lock stays shut under your scraping pick.") or as the engine wrote it. A retelling is kept
only when it keeps the engine's sentence's words (:func:`assistant.narrate.rewrite.rewrite_faults`) and the guard,
screen included, finds nothing in it that it did not find in the engine's own sentence. A draft that fails raises
:class:`~assistant.chat.narration_draft.Rejected` with the engine's opening as the story to keep, so the chat's
retry asks once more (:mod:`assistant.chat.narration`) and, if that fails too, the opening stands: never the offline
narration. A turn with no opening is narrated as before (:func:`~assistant.chat.narration_draft.stream_draft`); a Pay
the Price turn is the engine's row alone (:data:`ENGINE_ONLY`).
"""

from __future__ import annotations

import re
from collections.abc import Generator, Mapping, Sequence
from dataclasses import replace
from typing import Any

from assistant.chat.narration_draft import Rejected, split_sentences, stream_draft
from assistant.chat.turn import TurnEvent
from assistant.guard import Violation, ViolationKind, check_narration, prepare
from assistant.narrate import NarrationRequest, Narrator
from assistant.narrate.request import NarrationTimedOut
from assistant.narrate.rewrite import first_sentence, rewrite_faults, split_opening
from assistant.narrate.story_facts import opening, story_facts

REWRITE = "rewrite"

ENGINE_ONLY = frozenset({"pay_the_price"})
"""Turns whose engine sentence stands without a retelling: the price is the one kind of turn where a player read a
fault in more than a fifth of the stories (sets 20-29: 14 of 60), and its retellings named what was lost as the foe's
("Something of value is lost or destroyed, the cult's treasure chest collapses")."""


def _shape(violation: Violation) -> tuple[ViolationKind, str]:
    """A violation without the words it quotes: the same check firing on the engine's sentence and on its retelling."""
    return violation.kind, re.sub(r"'[^']*'|\"[^\"]*\"|\u201c[^\u201d]*\u201d", "", violation.detail)


def _plain(text: str) -> str:
    return " ".join(re.findall(r"[a-z0-9']+", text.lower()))


def guard_faults(
    request: NarrationRequest,
    results: Sequence[Any],
    odds: Mapping[str, float] | None,
    head: str,
    target: str,
    retold: str,
) -> list[Violation]:
    """What the guard finds in ``head`` + ``retold`` read as a model's story, less what it finds in the engine's own
    ``target`` read the same way (the engine's "no longer" or its answer's words are not the model's fault)."""
    question = request.question or (request.player_text if request.task == "oracle" else "")
    facts = prepare(
        list(results),
        system=request.system,
        odds=odds,
        quotable=[str(getattr(hit, "text", "")) for hit in request.rules],
        established=request.established,
        actor=request.actor,
        told=split_sentences(head + " ")[0] if head else [],
        sheet=story_facts(list(results), question=question, player_text=request.player_text, actor=request.actor),
    )

    def check(sentence: str) -> list[Violation]:
        return check_narration(
            f"{head} {sentence}".strip(),
            list(results),
            system=request.system,
            odds=odds,
            intent=request.player_text,
            facts=facts,
            question=question or None,
        )

    engine_own = {_shape(v) for v in check(target)}
    target_words = f" {_plain(target)} "
    return [v for v in check(retold) if _shape(v) not in engine_own and f" {_plain(v.excerpt)} " not in target_words]


def stream_rewrite(
    narrator: Narrator,
    request: NarrationRequest,
    results: Sequence[Any],
    odds: Mapping[str, float] | None,
) -> Generator[TurnEvent, None, tuple[str, list[dict[str, str]]]]:
    """One retelling draft: the engine's opening with its last sentence retold, or :class:`Rejected` (whose
    ``passed`` is the engine's opening, which stands if no later draft passes)."""
    question = request.question or (request.player_text if request.task == "oracle" else "")
    told = opening(request, question).strip()
    if not told:
        return (yield from stream_draft(narrator, request, results, odds))
    if request.task in ENGINE_ONLY:
        yield TurnEvent("narration", text=told)
        return told, []
    head, target = split_opening(split_sentences(told + " ")[0] or [told])
    if head:
        yield TurnEvent("narration", text=head + " ")
    text = ""
    try:
        for chunk in narrator.stream(replace(request, rewrite=target)):
            text += chunk if isinstance(chunk, str) else str(getattr(chunk, "content", chunk))
    except NarrationTimedOut:
        text = ""  # out of time mid-sentence: the engine's sentence is the story
    retold = first_sentence(text)
    faults = rewrite_faults(target, retold)
    if faults:
        rejected = Rejected([Violation(ViolationKind.ECHO, "; ".join(faults), retold or text[:80])])
        rejected.passed = told
        raise rejected
    found = guard_faults(request, results, odds, head, target, retold)
    if found:
        rejected = Rejected(found)
        rejected.passed = told
        raise rejected
    yield TurnEvent("narration", text=retold)
    return f"{head} {retold}".strip(), []
