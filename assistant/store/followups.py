"""Follow-ups act on the event the player saw, or not at all (optimistic concurrency).

Choosing an open option, burning momentum, undoing: each names the event it acts on, and the store refuses
it (:class:`StaleEventError`, nothing appended) when that event is no longer the last action in effect,
because another writer (a second browser, another terminal) acted in between. The check and the append are
one transaction under the campaign's lock.

* :func:`undo` appends an ``undo`` of the last action (of ``expect`` when given).
* :func:`redo_move` replaces the last move by the same move with its own dice and updated options
  (``choose``, ``burn``): an ``undo`` and a new ``move_resolved``, appended together.
* :class:`RecordingStore` and :class:`KnownLog` (one writer's view, :mod:`assistant.store.recording`) are
  re-exported here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from assistant.engine import Result
from assistant.engine.dice import topped_up
from assistant.errors import AssistantError, InputError
from assistant.store import carried
from assistant.store.base import AppendContext, CampaignStore
from assistant.store.events import Event, StoredEvent
from assistant.store.no_move import stored_decides_nothing
from assistant.store.recording import KnownLog as KnownLog
from assistant.store.recording import RecordingStore as RecordingStore
from assistant.store.state import CampaignState, move_summary


class StaleEventError(AssistantError):
    """A follow-up named an event that is no longer the last action in effect: someone else acted since the
    player looked. Nothing was changed; ``undo_stack`` is the campaign's stack now (to catch the player up)."""

    kind = "conflict"

    def __init__(self, message: str, undo_stack: Sequence[int] = ()) -> None:
        super().__init__(message)
        self.undo_stack = list(undo_stack)


def _whose(state: CampaignState | None, character_id: str | None) -> str:
    """Another character's name, possessive ("Duke's "), for an event on a sheet not the one playing; "" for the
    one playing, or when the campaign is not known."""
    if state is None or not character_id or character_id == state.active_character:
        return ""
    name = str((state.characters.get(character_id) or {}).get("name") or "")
    return f"{name}'s " if name else "another character's "


def describe(stored: StoredEvent, state: CampaignState | None = None) -> str:
    """An event in the player's words (``Strike (+iron): miss — …``, ``a new progress track``); with the campaign's
    ``state``, another character's move or change says whose (``Duke's Hack & Slash (+str): …``, ``a change to
    Mara's sheet``), the one playing's says "your character's"."""
    ev: Any = stored.event
    if ev.type == "move_resolved":
        return _whose(state, ev.state_change.character_id) + move_summary(ev.result)
    if ev.type == "character_updated" and ev.reason:
        whose = _whose(state, ev.character_id) or ("your character's " if state is not None else "")
        named = f"{ev.character.get('name')}'s " if ev.character.get("name") else ""
        owner = named or whose or "a character's "
        return f"a change to {owner}sheet ({ev.reason})"
    if ev.type == "character_added" and ev.character.get("name"):
        return f"{ev.character['name']} joining the campaign"
    words = {
        "character_added": "a new character",
        "character_updated": "a change to a character",
        "character_removed": "a character's removal",
        "set_active": "a change of the active character",
        "track_created": "a new progress track",
        "track_updated": "a change to a progress track",
        "clock_created": "a new clock",
        "clock_updated": "a change to a clock",
        "slot_updated": "a change to the campaign's records",
    }
    return words.get(ev.type, "another change")


def _check_target(
    ctx: AppendContext, expect: int | None, doing: str, *, past_rolls: bool = False, known: Sequence[int] | None = None
) -> int:
    """The last action in effect, which must be ``expect`` when given; with ``past_rolls``, ``expect`` may also lie
    under rolls that are no move (an oracle asked while Enter the Fray's pick was open: the pick is still made),
    changes of who plays (Mara's spell penalties picked after switching to Arden) and bookkeeping (a secret added while
    the consequences waited: the pick carries it), that bookkeeping only among ``known`` when given (the actions the
    player knows of: a track another writer started since is news to them)."""
    stack = ctx.state.undo_stack
    if not stack:
        raise InputError(
            "Nothing to undo yet." if doing == "undo" else f"Could not {doing}: there is no move yet; roll one first."
        )
    top = stack[-1]
    if expect is None or expect == top:
        return top
    over = [ctx.event(s) for s in stack[stack.index(expect) + 1 :]] if past_rolls and expect in stack else None
    if over is not None and all(_passes_over(s) and (known is None or s.seq in known or not carried.is_edit(s)) for s in over):
        return expect
    latest = describe(ctx.event(top))
    if expect in ctx.state.undone:
        why = "the action you saw was undone in the meantime"
    elif expect in stack:
        why = f"someone else acted since you looked (the last action is now: {latest})"
    else:
        why = f"the campaign is not where you saw it (the last action is: {latest})"
    raise StaleEventError(
        f"Could not {doing}: {why}. Nothing was changed; look at the campaign again and repeat if you still want to.",
        stack,
    )


def _passes_over(stored: StoredEvent) -> bool:
    """Whether an action lying over a move leaves its pick to be made: a roll that is no move, or a change of who
    plays (neither touches what the move changed), or bookkeeping the pick carries over it (a sheet edit, a clock
    ticked: :mod:`assistant.store.carried`)."""
    return stored.event.type == "set_active" or stored_decides_nothing(stored) or carried.is_edit(stored)


def undo(store: CampaignStore, name: str, expect: int | None = None) -> StoredEvent:
    """Append an ``undo`` of the last action still in effect; with ``expect``, only if that is event ``expect``.
    When that action is a pick or a burn made after the roll (the move made again by :func:`redo_move`), the roll
    comes back as first rolled, with its own dice and its choices open again: the player loses the pick, not the
    roll. Returns the ``undo`` event (the first of those :func:`undo_events` appends)."""
    return undo_events(store, name, expect)[0]


def undo_events(store: CampaignStore, name: str, expect: int | None = None) -> list[StoredEvent]:
    """:func:`undo`, returning every event it appended: the ``undo``; after a pick, the roll as it stood before it;
    after a pick made over edits (the last thing done was the pick, though the edits lie on top), the undos of
    those edits and of the pick, the roll, and the edits made again over it (:mod:`assistant.store.carried`)."""

    def build(ctx: AppendContext) -> list[Event]:
        seq = _check_target(ctx, expect, "undo")
        under = carried.pick_under(ctx, seq)  # the edits a pick carried lie on top: the pick was done last
        if under is not None and _first_roll(ctx, under) is not None:
            seq = under
        found = _first_roll(ctx, seq)
        if found is None:
            return [carried.undo_event(ctx, seq)]
        first_seq, first = found

        def request_for(after_undo: CampaignState) -> dict[str, Any]:
            request = dict(first.request)
            request["options"] = {**(request.get("options") or {}), **carried.campaign_refs(after_undo, first)}
            request["dice"] = list(first.dice)
            if first.character_source == "campaign" and first.state_change.character_id in after_undo.characters:
                request["character_id"] = first.state_change.character_id
            return request

        # the edits that lay under the earlier pick (if this roll's pick was one of two) lie under it again
        return carried.rebase(ctx, seq, request_for, by="unpick", before_pick=carried.before_pick(ctx, first_seq))[0]

    return store.append_with(name, build)


def made_again_after_the_roll(first: Any, again: Any) -> bool:
    """Whether move event ``again`` is move event ``first`` made again by a pick or a burn after the roll (the same
    move, its dice first, the picks of ``first`` and more, or a burn the first did not have), not the player rolling
    it anew, nor the roll with fewer picks (an undone pick brings back the roll as it stood before it)."""
    if first.type != "move_resolved" or again.type != "move_resolved":
        return False
    if first.result.get("move_id") != again.result.get("move_id") or list(again.dice[: len(first.dice)]) != list(first.dice):
        return False
    had, has = first.request.get("options") or {}, again.request.get("options") or {}
    before, after = _picks(had.get("choose")), _picks(has.get("choose"))
    if after[: len(before)] != before:
        return False
    burned = has.get("burn") not in (None, False, []) and has.get("burn") != had.get("burn")
    return len(after) > len(before) or burned


def _picks(choose: Any) -> list[Any]:
    """A request's picks as a list (none: [])."""
    if choose in (None, False, ""):
        return []
    return list(choose) if isinstance(choose, (list, tuple)) else [choose]


def _first_roll(ctx: AppendContext, seq: int) -> tuple[int, Any] | None:
    """The move as it stood before the pick or burn that made event ``seq``, with its event number
    (:func:`redo_move` appends the undo of the move, then the move made again), or None when ``seq`` is not a move
    made again. A roll an undo brought back with fewer picks is followed back to the one it copies: two picks undone
    one by one end at the first roll, never back at the later pick."""
    again = ctx.event(seq).event
    if again.type != "move_resolved":
        return None
    at = seq
    for _ in range(64):  # a roll's picks, one undo each: a short chain
        before = ctx.event(at - 1).event if at > 1 else None
        if before is None or before.type != "undo":
            return None
        first = ctx.event(before.target_seq).event
        if made_again_after_the_roll(first, again):
            return before.target_seq, first
        if first.type != "move_resolved" or first.result.get("move_id") != again.result.get("move_id"):
            return None
        at = before.target_seq
    return None


def redo_move(
    store: CampaignStore,
    name: str,
    target_seq: int | None,
    options_update: dict[str, Any],
    *,
    doing: str = "change the move",
    known: Sequence[int] | None = None,
) -> tuple[Result, int]:
    """Replace the last move (event ``target_seq``, which must still be the last action, or lie under rolls that are
    no move and bookkeeping only; None: whatever is last) by the same request with its own dice and ``options_update``
    merged into its options; bookkeeping over it is made again on top (:func:`assistant.store.carried.rebase`).
    ``known``: the actions the player knows of (bookkeeping over the move that is not among them was done by another
    writer since: refused as stale). Returns the new result and its event number. The engine checks the new request
    before anything is appended."""
    out: list[tuple[Result, int]] = []

    def build(ctx: AppendContext) -> list[Event]:
        seq = _check_target(ctx, target_seq, doing, past_rolls=True, known=known)
        stored = ctx.event(seq)
        ev: Any = stored.event
        if ev.type != "move_resolved":
            raise InputError(f"Could not {doing}: the last action was {describe(stored)}, not a move.")

        def request_for(after_undo: CampaignState) -> dict[str, Any]:
            request = dict(ev.request)
            request["options"] = {**(request.get("options") or {}), **options_update, **carried.campaign_refs(after_undo, ev)}
            request["dice"] = list(ev.dice)
            who = ev.state_change.character_id
            if who in after_undo.characters and (ev.character_source == "campaign" or who != after_undo.active_character):
                request["character_id"] = who  # Mara's move picked on stays Mara's, on her sheet (also once Arden plays)
            return request

        def topped(go: Any) -> Any:
            with topped_up():  # a pick that rolls more (Recommit) rolls its new dice from the campaign's RNG
                return go()

        events, result, at = carried.rebase(ctx, seq, request_for, by="pick", wrap=topped, doing=doing)
        out[:] = [(result, at)]
        return events

    store.append_with(name, build)
    return out[0]
