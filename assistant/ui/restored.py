"""What the campaign's log leaves open, read back after a reload (or by another browser): the last move's open choices,
its follow-ups, a burn on offer, the chat's open question, and the moves offered for the player's last words."""

from __future__ import annotations

from typing import Any

from assistant.store.events import UNDOABLE, MoveResolved, StoredEvent, Undo
from assistant.ui.state import Pending, campaign_events


def offered_action(events: list[Any]) -> str:
    """The player's last action when the log ends with the moves offered for it (nothing played since)."""
    from assistant.store.events import ChatMessage

    tail = [e.event for e in events[-2:]]
    if (
        len(tail) == 2
        and isinstance(tail[0], ChatMessage)
        and tail[0].role == "user"
        and not tail[0].text.startswith("/")
        and isinstance(tail[1], ChatMessage)
        and tail[1].role == "assistant"
        and tail[1].text.startswith("Moves that fit:")
    ):
        return tail[0].text
    return ""


def restored_pending(campaign: str) -> Pending:
    """What the campaign's last move left open, read from its log: its open choices, its follow-ups, a burn
    on offer and the chat's open question, so a reload (or another browser) continues where play stopped."""
    from assistant.chat.followed_next import still_offered
    from assistant.engine import Result
    from assistant.store.carried import is_door
    from assistant.store.no_move import decides_nothing
    from assistant.ui.components.follow_ups import next_steps

    pend = Pending(campaign=campaign)
    if not campaign:
        return pend
    try:
        events = campaign_events(campaign)
    except Exception:  # noqa: BLE001 - the Play tab reports an unreadable campaign itself
        return pend
    from assistant.ui.components.question import open_question

    pend.question = open_question(events)
    pend.resume_text = offered_action(events)
    in_effect = set(actions_in_effect(events))  # after an undo, the move before it is the last one again
    moves = [e.event for e in events if isinstance(e.event, MoveResolved) and e.seq in in_effect]
    if not moves:
        return pend
    results = [Result.model_validate(m.result) for m in moves]
    result = results[-1]
    # under the oracle asked since, or bookkeeping (a meter adjusted, a clock stepped: the pick carries it)
    picking = next((r for r in reversed(results) if not decides_nothing(r) and not is_door(r)), None)
    pend.choices = list(picking.choices) if picking is not None else []
    pend.whose = choices_whose(picking) if pend.choices else ""
    pend.next_steps = next_steps(result.system, still_offered(results), result)
    if result.burn is not None and result.burn.available:
        pend.burn, pend.burn_meter = result.burn.outcome.value, result.burn.meter
    return pend


def choices_whose(result: Any) -> str:
    """The name of the one whose move ``result`` is (its sheet's), when not the one playing: its open choices are
    theirs ("Mara's spell fails"), as the chat lists them; "" for the one playing's own."""
    from assistant.ui.state import playing_character

    maker = getattr(result, "character", None) or {}
    playing = playing_character()
    if not playing or maker.get("id") in (None, playing):
        return ""
    return str(maker.get("name") or maker.get("id"))


def actions_in_effect(events: list[StoredEvent]) -> list[int]:
    """The campaign's actions not undone, oldest first (its undo stack, read from the log as the store replays it):
    undoing Dungeon World's Saving Throw makes the Hack & Slash before it the last move again, with its Deal Damage."""
    stack: list[int] = []
    for e in events:
        if isinstance(e.event, Undo):
            if e.event.target_seq in stack:
                stack.remove(e.event.target_seq)
        elif e.event.type in UNDOABLE:
            stack.append(e.seq)
    return stack
