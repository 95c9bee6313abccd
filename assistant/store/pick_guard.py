"""An edit made while a move's pick waits, checked before it is stored: the one check the chat (``/set``, ``/add``,
``/meter``, a clock's step) and the app's sheet form share, so both refuse in the same words.

A change to a list the pick changes too is kept (the pick keeps both, :mod:`assistant.store.list_merge`); a value an
open option sets (``/set momentum 5`` while "Take +2 momentum" is on offer) is refused, saying which option sets it,
and nothing is stored.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from assistant.engine import Result
from assistant.errors import AssistantError, RulesError
from assistant.store.base import AppendContext
from assistant.store.carried import Key, campaign_refs, edit_keys, is_edit, kept_both, key_words, light_copy, move_keys, pinned
from assistant.store.events import Event, StoredEvent
from assistant.store.moves import move_event
from assistant.store.no_move import stored_decides_nothing
from assistant.store.state import apply


def waiting_pick(ctx: AppendContext) -> int | None:
    """The move whose pick waits, as the campaign's log says it (what the app's pick buttons show): the last action
    under bookkeeping and rolls that are no move, when its result still has choices; None otherwise."""
    for seq in reversed(ctx.state.undo_stack):
        stored = ctx.event(seq)
        if stored.event.type == "set_active" or is_edit(stored):
            continue
        if stored.event.type != "move_resolved":
            return None
        if stored_decides_nothing(stored):
            continue
        return seq if Result.model_validate(stored.event.result).choices else None
    return None


def refuse_over_waiting_pick(ctx: AppendContext, events: Sequence[Event]) -> None:
    """:func:`refuse_over_pick` for the move whose pick waits now (:func:`waiting_pick`); nothing when none waits."""
    seq = waiting_pick(ctx)
    if seq is not None:
        refuse_over_pick(ctx, events, seq)


def option_keys(ctx: AppendContext, seq: int) -> tuple[dict[Key, list[str]], set[Key]]:
    """What each open option of move ``seq`` would change if picked now (key -> the options' labels), found by making
    the move again with it on the state before the roll; and of those, what no edit may change even by a list's entry
    (:func:`assistant.store.carried.pinned`: all harm healed, a meter held at its bound)."""
    stored: Any = ctx.event(seq).event
    result = Result.model_validate(stored.result)
    before = ctx.state_at(seq - 1)
    previous = (stored.request.get("options") or {}).get("choose") or []
    picked = [previous] if isinstance(previous, str) else list(previous)
    found: dict[Key, list[str]] = {}
    fixed: set[Key] = set()
    for choice in result.choices:
        for option in choice.options:
            request = dict(stored.request)
            request["options"] = {
                **(request.get("options") or {}),
                "choose": [*picked, option.id],
                **campaign_refs(before, stored),
            }
            request["dice"] = list(stored.dice)
            if stored.state_change.character_id in before.characters:
                request["character_id"] = stored.state_change.character_id
            try:
                again, _result = move_event(light_copy(before), request, seq)
            except AssistantError:
                continue  # an option the rules refuse now, or one that asks for a value first
            for key in move_keys(stored, again):
                found.setdefault(key, []).append(option.label.rstrip("."))
            fixed |= pinned(stored, again)
    return found, fixed


def refuse_over_pick(ctx: AppendContext, events: Sequence[Event], seq: int) -> None:
    """Refuse ``events`` (an edit about to be appended) when it changes what a pick of move ``seq`` may change: made
    before the pick, the pick could not carry it. Raises :class:`RulesError` saying what to do; nothing is stored."""
    work = light_copy(ctx.state)
    touched: set[Key] = set()
    kept: set[Key] = set()
    for i, event in enumerate(events):
        stored = StoredEvent(seq=ctx.next_seq + i, event=event)
        if is_edit(stored):
            touched |= edit_keys(stored, work)
            kept |= kept_both(stored, work)
        apply(work, stored)
    if not touched:
        return
    options, fixed = option_keys(ctx, seq)
    clash = sorted(k for k in touched if k in options and (k not in kept or k in fixed))
    if not clash:
        return
    move: Any = ctx.event(seq).event
    name = str(move.result.get("move") or "the move")
    what = key_words(clash[0], ctx.state)
    labels = " or ".join(f"“{label}”" for label in dict.fromkeys(options[clash[0]]))
    raise RulesError(
        f"{name} still waits for your pick, and {labels} would change {what}: make the pick first (/choose), then "
        f"change {what}; or take the roll back with /undo. Nothing was changed."
    )
