"""The LLM's plan, in the background: offline suggestions show at once, the plan refines them when it arrives.

``ChatSession.send()`` returns the offline suggestions without waiting for the model; when an LLM is configured the
turn says ``refining=True`` and :func:`start_plan` has begun planning in a worker thread. ``ChatSession.refine()``
waits for it (never past the player's timeout plus a little) and returns the refined list: a move the model
proposed through its tools leads, the offline moves follow. A plan that fails or comes late leaves the offline
list as it is. Planning reads a snapshot of the campaign and never changes it.
"""

from __future__ import annotations

import concurrent.futures
import logging
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from assistant.chat.moves_info import _suggestion_from_request
from assistant.engine import AssistantError
from assistant.llm_calls import limits_of
from assistant.store.state import CampaignState

log = logging.getLogger(__name__)

GRACE = 1.0
"""Seconds ``refine()`` waits past the plan's deadline (the worker's own deadline ends it before)."""
DROPPED_OFF_NOTE = (
    "You acted before the LLM's plan arrived {times} in a row, so planning is off at this endpoint: a plan still "
    "running only held the server the story needs. The suggestions are offline; set TABLETOP_LLM_PLANNING=json to plan "
    "anyway."
)
SLOW_OFF_NOTE = (
    "The model at this endpoint did not finish a plan in time twice, so planning is off (it only held the server "
    "the story needs); the suggestions are offline. Raise TABLETOP_LLM_TIMEOUT or use a faster model to plan again."
)
SLOW_PROBE_NOTE = (
    "The model at this endpoint took {seconds} s to answer a one-word request, so planning is off: a plan would hold "
    "the server the story needs. The suggestions are offline; set TABLETOP_LLM_PLANNING=json to plan anyway."
)
SILENT_PROBE_NOTE = (
    "The model at this endpoint did not answer a one-word request within {seconds} s, so planning is off; the "
    "suggestions are offline. Set TABLETOP_LLM_PLANNING=json to plan anyway."
)
OFF_NOTE = (
    "The model at this endpoint does not make tool calls nor write usable JSON plans, so planning is off; "
    "the suggestions are offline."
)


@dataclass
class Refined:
    """What the plan made of the offline suggestions."""

    suggestions: list[Any]
    notes: list[str] = field(default_factory=list)
    planned: bool = False
    """The model proposed a move (it leads the list)."""


@dataclass
class PendingPlan:
    text: str
    offline: list[Any]
    until: float
    future: concurrent.futures.Future[Refined]
    cancel: threading.Event = field(default_factory=threading.Event)
    model: Any = None

    def drop(self) -> None:
        """The player moved on: stop planning (the endpoint is free for the narration). A plan that had not arrived
        yet counts towards switching ``auto`` planning off (:func:`~assistant.chat.planning_mode.note_plan_dropped`)."""
        from assistant.chat.planning_mode import note_plan_dropped

        if not self.cancel.is_set() and not self.future.done():
            note_plan_dropped(self.model)
        self.cancel.set()


def plan_in_background(
    model: Any,
    *,
    text: str,
    system: str,
    state: CampaignState,
    suggestions: Sequence[Any],
    history: Sequence[tuple[str, str]],
) -> PendingPlan:
    """Start planning ``text`` in a worker thread; see the module docstring."""
    until = time.monotonic() + limits_of(model, "plan").total
    future: concurrent.futures.Future[Refined] = concurrent.futures.Future()
    pending = PendingPlan(text=text, offline=list(suggestions), until=until, future=future, model=model)

    def work() -> None:
        from assistant.chat.planning_mode import note_plan_arrived

        try:
            refined = _plan(model, text, system, state, pending.offline, list(history), until, pending.cancel)
            if not pending.cancel.is_set():
                note_plan_arrived(model)
            future.set_result(refined)
        except BaseException as exc:  # noqa: BLE001 - handed to refine()
            future.set_exception(exc)

    threading.Thread(target=work, name="llm-plan", daemon=True).start()
    return pending


def is_ready(pending: PendingPlan) -> bool:
    """Whether :func:`wait_for` would return at once."""
    return pending.future.done() or time.monotonic() >= pending.until + GRACE


def wait_for(pending: PendingPlan) -> Refined:
    """The plan's result, or the offline suggestions with a note when it failed or came late."""
    try:
        return pending.future.result(timeout=max(0.0, pending.until - time.monotonic()) + GRACE)
    except concurrent.futures.TimeoutError:
        return Refined(pending.offline, ["The LLM's plan did not arrive in time; the suggestions are offline."])
    except Exception:  # noqa: BLE001 - a planner bug must not cost the player the turn
        return Refined(pending.offline, ["The LLM could not plan this turn; the suggestions are offline."])


def _off_note(model: Any) -> str:
    """What the player is told (once) when planning is off at the endpoint, by the reason it went off."""
    from assistant.chat.planning_mode import off_reason, probe_seconds

    reason = off_reason(model)
    if reason == "dropped":
        from assistant.chat.planning_mode import DROPS_BEFORE_OFF

        return DROPPED_OFF_NOTE.format(times="twice" if DROPS_BEFORE_OFF == 2 else f"{DROPS_BEFORE_OFF} times")
    if reason in ("slow", "silent"):
        note = SLOW_PROBE_NOTE if reason == "slow" else SILENT_PROBE_NOTE
        return note.format(seconds=f"{probe_seconds(model) or 0:.0f}")
    return SLOW_OFF_NOTE if reason == "late" else OFF_NOTE


def _plan(
    model: Any,
    text: str,
    system: str,
    state: CampaignState,
    suggestions: list[Any],
    history: list[tuple[str, str]],
    until: float,
    cancel: threading.Event,
) -> Refined:
    from assistant.chat.planner import PlanFailed, plan_turn
    from assistant.chat.planning_mode import (
        note_json_result,
        planning_mode,
    )

    mode = ""
    try:
        mode = planning_mode(model)
        if mode == "off":
            return Refined(suggestions, [_off_note(model)])
        if cancel.is_set():  # the player moved on while the endpoint was probed: nobody waits for this plan
            return Refined(suggestions)
        plan = plan_turn(
            model,
            player_text=text,
            system=system,
            state=state,
            suggestions=suggestions,
            history=history,
            mode=mode,
            until=until,
            cancel=cancel,
        )
    except PlanFailed as exc:
        if exc.reason == "timeout" and mode == "json" and note_json_result(model, usable=False, late=True) == "off":
            return Refined(suggestions, [SLOW_OFF_NOTE])  # a plan that never comes in time is no plan
        return Refined(suggestions, [f"The LLM could not plan this turn ({exc}); the suggestions are offline."])
    except AssistantError as exc:
        return Refined(suggestions, [f"The LLM could not plan this turn ({exc}); the suggestions are offline."])
    except Exception as exc:  # noqa: BLE001 - the probe's own failure (unreachable, refused key, ...)
        from assistant.chat.planner import describe_failure
        from assistant.llm_errors import scrub, secrets_of, url_from_of

        failed = describe_failure(exc, url_from_of(model))
        return Refined(suggestions, [f"The LLM could not plan this turn ({scrub(failed.message, secrets_of(model))})"])
    notes: list[str] = []
    if plan.mode == "json" and note_json_result(model, usable=not plan.unusable) == "off":
        notes.append(OFF_NOTE)
    for record, err in plan.rejected:  # the model's mistakes are the log's, not the player's: the offline list stands
        log.info("The LLM plan's call %s was not used: %s", record.get("name") or "(json)", err)
    proposed: list[Any] = []
    for action in plan.actions:
        if action.tool == "roll_move" and action.request:
            proposed.append(_suggestion_from_request(action.request, system, state, action.summary))
        else:
            notes.append(f"The narrator proposes: {action.summary} (use the matching /command to apply it).")
    keys = {s.move_id for s in proposed}
    return Refined(proposed + [s for s in suggestions if s.move_id not in keys], notes, planned=bool(proposed))
