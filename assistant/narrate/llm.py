"""LLM narration: any LangChain chat model (``ChatOpenAI`` for an OpenAI-compatible endpoint), streamed.

The model gets the prompt file of the task, the engine's facts and the story context under a token
budget (:func:`assistant.narrate.context.build_context`). Every call runs under the task's deadlines and size
cap (:mod:`assistant.llm_calls`); a turn's narration and its retry share one deadline (:meth:`LLMNarrator.begin_turn`).
A loop or an echo of the prompt raises :class:`~assistant.narrate.echo.NarrationEchoed` before the sentence is
shown. Every failure of the model (timeout, rate limit, connection, HTTP status, empty or malformed output)
becomes :class:`NarrationFailed`, whose message names the cause and never contains the API key; the chat loop
then narrates with the template.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

from langchain_core.language_models import BaseChatModel

from assistant.engine.errors import AssistantError, ConfigError
from assistant.llm_calls import limits_of, stream_within
from assistant.llm_errors import describe, scrub, secrets_of, url_from_of
from assistant.narrate.context import Context, ContextReport, build_context
from assistant.narrate.echo import STOPPED_EARLY, EchoWatch, NarrationEchoed
from assistant.narrate.request import NarrationFailed, NarrationRequest, NarrationTimedOut
from assistant.narrate.rewrite import rewrite_messages
from assistant.narrate.stops import cut_stream, skip_transcript_lead, story_stops

DEFAULT_BUDGET_TOKENS = 1200


def make_chat_model(settings: Any = None, *, streaming: bool = True, task: str = "narrate") -> BaseChatModel | None:
    """The narration model for the configured endpoint (see :func:`assistant.llm.chat_model`), or None offline."""
    from assistant.llm import chat_model

    model: BaseChatModel | None = chat_model(settings, task=task, streaming=streaming)
    return model


def rewrite_context(request: NarrationRequest) -> Context:
    """The short context of a retelling (:mod:`assistant.narrate.rewrite`): no sheet, rules or tracks to copy."""
    from assistant.narrate.prompts import system_name

    messages = rewrite_messages(request, system_name(request.system))
    total = sum(len(str(m.content).split()) * 4 // 3 + 4 for m in messages)
    return Context(messages, ContextReport(sections={"rewrite": total}, total=total, budget=None))


def redact(text: str, secrets: list[str]) -> str:
    """``text`` without the given secrets nor anything that looks like a key or a bearer token."""
    return scrub(text, secrets)


def failure_cause(exc: BaseException, url_from: str | None = None) -> str:
    """What went wrong, in a few words a player can act on."""
    failure = describe(exc, url_from)
    return f"{_LABELS.get(failure.reason, failure.reason.replace('_', ' '))}: {failure.words}"


_LABELS = {"auth": "authentication", "http_error": "bad response", "not_found": "bad response", "runaway": "runaway"}


def _leaks(text: str, secrets: list[str]) -> str | None:
    """A fault when the text so far holds the API key or anything shaped like a key."""
    return "it wrote out an API key" if scrub(text, secrets) != text else None


def _chunk_text(chunk: Any) -> str:
    content = getattr(chunk, "content", chunk)
    if isinstance(content, list):  # content blocks
        return "".join(part.get("text", "") if isinstance(part, dict) else str(part) for part in content)
    return content if isinstance(content, str) else str(content)


FALLBACK_RESERVE = 1.0
"""Seconds of a turn's timeout (at most a tenth of it) kept for what follows a model that ran out of time: the
offline narration, the guard and saving the turn (on a loaded 2-core machine turns ended up to 12 s past a 60 s
timeout when the deadline counted from the narration's start)."""


def _wider_for_retry(chat_model: BaseChatModel) -> Any:
    """The model a retry streams from: bound to :data:`~assistant.llm.RETRY_TEMPERATURE` when its own is lower (a
    retry at the first draft's temperature mostly wrote the rejected draft again); a model without a temperature
    as it is."""
    from assistant.llm import RETRY_TEMPERATURE

    own = getattr(chat_model, "temperature", None)
    if not isinstance(own, (int, float)) or own >= RETRY_TEMPERATURE:
        return chat_model
    return chat_model.bind(temperature=RETRY_TEMPERATURE)


def _texts(chunks: Iterator[Any], raw: list[str]) -> Iterator[str]:
    """The chunks' text, each also kept in ``raw``."""
    for chunk in chunks:
        text = _chunk_text(chunk)
        raw.append(text)
        yield text


class LLMNarrator:
    """Narration streamed from a LangChain chat model; raises :class:`NarrationFailed` on any model failure."""

    name = "llm"

    def __init__(self, chat_model: BaseChatModel, *, budget_tokens: int = DEFAULT_BUDGET_TOKENS) -> None:
        self.chat_model = chat_model
        self.budget_tokens = budget_tokens
        self.last_report: ContextReport | None = None
        self.turn_until: float | None = None
        """Monotonic time by which this turn's narration (first draft and retry) must be done."""

    def begin_turn(self, started: float | None = None) -> None:
        """Start the turn's deadline: the first draft and its retry together get the player's timeout, counted from
        ``started`` (when the player's turn began, ``time.monotonic()``; default: now), less what the offline
        fallback needs, so that the whole turn ends within the timeout plus a little even on a loaded machine."""
        now = time.monotonic()
        begun = now if started is None else min(started, now)
        total = limits_of(self.chat_model, "narrate").total
        # the model keeps at least half its timeout, however long the turn's own work took (a first turn that
        # loads the rules index must not lose its narration)
        self.turn_until = max(begun + total - min(FALLBACK_RESERVE, total / 10), now + total / 2)

    def stream(self, request: NarrationRequest) -> Iterator[str]:
        """Yield the model's text chunks in order. The context report is in ``last_report`` once it starts."""
        try:
            context = rewrite_context(request) if request.rewrite else build_context(request, self.budget_tokens)
        except ConfigError as exc:  # a missing or broken prompt file: the template narrates instead
            raise NarrationFailed(f"LLM narration failed (configuration: {exc.message}); narrating offline instead.") from None
        self.last_report = context.report
        task = "narrate" if request.task == "narrate" else "interpret"
        # a retelling copies the engine's sentence on purpose: its words are checked instead (assistant.narrate.rewrite)
        watch = EchoWatch([] if request.rewrite else context.messages, getattr(request, "feedback", "") or "")
        secrets = secrets_of(self.chat_model)
        produced = False
        stops = ["\n"] if request.rewrite else story_stops(r.outcome for r in request.results)
        model = _wider_for_retry(self.chat_model) if getattr(request, "feedback", "") else self.chat_model
        chunks = stream_within(model, context.messages, limits_of(self.chat_model, task), until=self.turn_until)
        try:
            # the draft ends where a fault begins (:mod:`assistant.narrate.stops`); the call is closed below
            raw: list[str] = []  # what the model wrote, before its copied lead line or a stop is left out
            for text in cut_stream(skip_transcript_lead(_texts(chunks, raw)), stops):
                problem = watch.feed(text) or _leaks(watch.text, secrets)
                if problem:
                    raise NarrationEchoed(problem)
                produced = True
                yield text
            problem = watch.finish()
            if problem:
                raise NarrationEchoed(problem)
            if not produced and "".join(raw).strip():  # only a copied line, or a stop at its first word: retried
                raise NarrationEchoed(STOPPED_EARLY, "".join(raw))
        except AssistantError:
            raise
        except Exception as exc:  # every model, HTTP and parsing failure is translated here
            raise self._failed(exc, produced) from None
        finally:
            close = getattr(chunks, "close", None)
            if callable(close):
                close()  # stopped early: the model's call ends too
        if not produced:
            raise NarrationFailed("LLM narration failed (bad response: the model returned no text); narrating offline instead.")

    def _failed(self, exc: BaseException, produced: bool = False) -> NarrationFailed:
        """The failure in the player's words; a deadline passed after the story began is :class:`NarrationTimedOut`."""
        cause = scrub(failure_cause(exc, url_from_of(self.chat_model)), secrets_of(self.chat_model))
        failed = NarrationTimedOut if produced and describe(exc).reason == "timeout" else NarrationFailed
        return failed(f"LLM narration failed ({cause}); narrating offline instead.")
