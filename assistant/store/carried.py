"""Bookkeeping made while a move's pick waits survives the pick: nothing is lost.

A move whose result waits for the player's pick (Starforged's "Take +2 momentum" or "+1 on your next move", the city
game's consequences, a Dungeon World spell's penalty) is made again with its own dice and the pick, on the sheet as it
was before the roll. Edits the player made in between (a secret added, a meter set, a clock ticked, a track marked)
would be lost under it, so the pick is appended as one transaction that

1. takes back the edits (newest first) and the roll (``undo`` events),
2. makes the move again with the pick (``move_resolved``),
3. makes each edit again, in the order it was made, on top (the same kind of event: a sheet edit sets again the
   fields it changed, a record or a track or clock takes the value it was given, a meter or clock step is resolved
   again by the engine),
4. and says so (``edits_carried``).

An edit of a list the pick changes too (an entry added, one removed) keeps both changes, in the order they were made
(:mod:`assistant.store.list_merge`). An edit that sets what the pick sets (the same meter set two ways) cannot be made
again as it was: the pick is refused then (nothing is appended) and says which edit to undo first. The chat and the
app's sheet form refuse such an edit before it is made (:mod:`assistant.store.pick_guard`).
Undo takes back the last thing the player did: when that was the pick, the roll comes back as it stood before it,
and the edits are carried over it the same way (``by="unpick"``); the next undo takes back the last edit.

Rolls that are no move (an oracle, a table) lie over the move untouched, as before. A character joining or a change of
who plays is carried like an edit (the move made again stays the maker's, on their sheet).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from assistant.engine import Result
from assistant.engine.character_edit import check_character
from assistant.errors import AssistantError, InputError, RulesError
from assistant.store.base import AppendContext
from assistant.store.events import CharacterUpdated, EditsCarried, Event, Patch, StoredEvent, Undo, now_iso
from assistant.store.list_merge import is_list, list_keys, merge_list
from assistant.store.moves import move_event
from assistant.store.no_move import decides_nothing
from assistant.store.state import CampaignState, apply, get_path, touched_paths

#: What a change to the campaign is keyed by: ("characters", id, field), ("tracks", id), ("clocks", id),
#: ("slots", slot, key).
Key = tuple[str, ...]

#: How far past an event the ``edits_carried`` naming it is looked for (a pick carries a handful of edits).
LOOK_AHEAD = 64

#: Event types that are bookkeeping: made again over a pick, as they were (a new character, who plays, too).
EDIT_TYPES = frozenset(
    {
        "character_updated",
        "character_added",
        "set_active",
        "slot_updated",
        "track_created",
        "track_updated",
        "clock_created",
        "clock_updated",
    }
)


def is_door(result: Result | Mapping[str, Any]) -> bool:
    """Whether a resolved request is one of the engine's doors that change the sheet, a track or a clock outside a move
    (a meter adjusted, a clock or track stepped: ``meter:health``, ``clock:advance``): bookkeeping, no move."""
    move_id = result.move_id if isinstance(result, Result) else result.get("move_id")
    return ":" in str(move_id or "") and not decides_nothing(result)


def is_edit(stored: StoredEvent) -> bool:
    """Whether an event is bookkeeping a pick carries: a sheet edit, a record, a track or clock set, or one of the
    engine's doors (:func:`is_door`)."""
    ev: Any = stored.event
    return ev.type in EDIT_TYPES or (ev.type == "move_resolved" and is_door(ev.result))


# ---- the pieces of a move made again --------------------------------------------------------------------------


def undo_event(ctx: AppendContext, target_seq: int) -> Undo:
    """The ``undo`` of event ``target_seq``: what it changed, put back as it was before it."""
    target = ctx.event(target_seq)
    before = ctx.state_at(target.seq - 1)
    restore = []
    for path in touched_paths(target):
        present, value = get_path(before, path)
        restore.append(Patch(path=path, value=value, present=present))
    return Undo(target_seq=target.seq, target_type=target.type, restore=restore)


def campaign_refs(state: CampaignState, ev: Any) -> dict[str, str]:
    """The campaign track and clock a stored move acted on (by id), so the move made again saves its change there
    too (a recommit's cleared progress and raised rank)."""
    started = set(ev.result.get("started") or [])
    refs: dict[str, str] = {}
    for key, changed, table in (("track", ev.state_change.tracks, state.tracks), ("clock", ev.state_change.clocks, state.clocks)):
        ids = [i for i in changed if i in table]
        if key not in started and len(ids) == 1:
            refs[key] = ids[0]
    return refs


def light_copy(state: CampaignState) -> CampaignState:
    """What a move reads of the state (characters, tracks, clocks), copied; not the transcript."""
    return CampaignState.model_validate(
        {
            "name": state.name,
            "system": state.system,
            "seed": state.seed,
            "last_seq": state.last_seq,
            "characters": state.characters,
            "active_character": state.active_character,
            "tracks": state.tracks,
            "clocks": state.clocks,
            "slots": state.slots,
            "undo_stack": state.undo_stack,
        }
    ).model_copy(deep=True)


def edits_over(ctx: AppendContext, seq: int) -> list[int]:
    """The bookkeeping in effect above move ``seq``, oldest first."""
    stack = ctx.state.undo_stack
    above = stack[stack.index(seq) + 1 :] if seq in stack else []
    return [s for s in above if is_edit(ctx.event(s))]


# ---- what a change touches ----------------------------------------------------------------------------------


def _sheet_keys(cid: str | None, before: dict[str, Any] | None, after: dict[str, Any] | None) -> set[Key]:
    if not cid:
        return set()
    old, new = before or {}, after or {}
    return {("characters", cid, k) for k in set(old) | set(new) if k != "id" and old.get(k) != new.get(k)}


def _table_keys(kind: str, old: dict[str, Any], new: dict[str, Any]) -> set[Key]:
    return {(kind, i) for i in set(old) | set(new) if old.get(i) != new.get(i)}


def move_keys(first: Any, again: Any) -> set[Key]:
    """What move event ``again`` holds differently from ``first`` (the same move with another pick)."""
    a, b = first.state_change, again.state_change
    if a.character_id == b.character_id:
        keys = _sheet_keys(b.character_id, a.after, b.after)
    else:  # on another sheet (never so for a pick): all either move changed
        keys = _sheet_keys(a.character_id, a.before, a.after) | _sheet_keys(b.character_id, b.before, b.after)
    return keys | _table_keys("tracks", a.tracks, b.tracks) | _table_keys("clocks", a.clocks, b.clocks) | pinned(first, again)


def pinned(first: Any, again: Any) -> set[Key]:
    """What ``again`` holds that a change made meanwhile would leave otherwise, made in the order things were done,
    though the sheet does not show it: a meter ``again`` steps and holds at its bound ("+2 supply" at full supply), a
    list it empties (Blades' "Lost": all harm healed). ``first`` (the same move without the pick) does not touch them.
    An edit of these is a conflict even when it is a list's entry (:func:`kept_both` does not keep it)."""

    def targets(ev: Any) -> dict[str, dict[str, Any]]:
        return {str(e.get("target")): e for e in ev.result.get("effects") or [] if e.get("target")}

    cid = again.state_change.character_id
    if not cid:
        return set()
    before = targets(first)
    found: set[Key] = set()
    for target, effect in targets(again).items():
        if target in before:
            continue
        if (effect.get("kind") == "meter" and effect.get("held")) or effect.get("after") == []:
            found.add(("characters", cid, target))
    return found


def edit_keys(stored: StoredEvent, before: CampaignState) -> set[Key]:
    """What edit ``stored`` changed on ``before`` (the state it was made on)."""
    ev: Any = stored.event
    if ev.type == "character_updated":
        return _sheet_keys(ev.character_id, before.characters.get(ev.character_id), ev.character)
    if ev.type == "character_added":
        return {("characters", ev.character_id, k) for k in ev.character} | ({("active",)} if ev.active else set())
    if ev.type == "set_active":
        return {("active",)}
    if ev.type == "slot_updated":
        return {("slots", ev.slot, ev.key)}
    if ev.type in ("track_created", "track_updated"):
        return {("tracks", ev.track_id)}
    if ev.type in ("clock_created", "clock_updated"):
        return {("clocks", ev.clock_id)}
    if ev.type == "move_resolved":
        sc = ev.state_change
        return (
            _sheet_keys(sc.character_id, sc.before, sc.after)
            | {("tracks", t) for t in sc.tracks}
            | {("clocks", c) for c in sc.clocks}
        )
    return set()


def key_words(key: Key, state: CampaignState) -> str:
    """A key as the player says it: "momentum", "Mara's health", "the clock “The alarm”"."""
    if key[0] == "characters":
        field = key[2].replace("_", " ")
        if key[1] == state.active_character:
            return field
        name = str((state.characters.get(key[1]) or {}).get("name") or "another character")
        return f"{name}'s {field}"
    if key[0] in ("tracks", "clocks"):
        table = state.tracks if key[0] == "tracks" else state.clocks
        return f"the {key[0][:-1]} “{(table.get(key[1]) or {}).get('name') or key[1]}”"
    return f"the {key[1]} {key[2]}" if len(key) > 2 else "the campaign's records"


# ---- making edits again ---------------------------------------------------------------------------------------


def kept_both(stored: StoredEvent, before: CampaignState) -> set[Key]:
    """What edit ``stored`` changed on ``before`` that a move's change to the same list keeps (an entry added or
    removed: :mod:`assistant.store.list_merge`)."""
    ev: Any = stored.event
    if ev.type != "character_updated":
        return set()
    return {("characters", ev.character_id, k) for k in list_keys(before.characters.get(ev.character_id), ev.character)}


def check_kept(system: str, sheet: dict[str, Any], doing: str) -> None:
    """Refuse a sheet whose lists, with both changes kept, hold more than the sheet takes (a true conflict)."""
    try:
        check_character(system, sheet)
    except AssistantError as exc:
        raise RulesError(
            f"Could not {doing or 'make the pick'}: with what you changed while it waited kept too, {exc.message[:1].lower()}"
            f"{exc.message[1:]} /undo that change, then do it again. Nothing was changed."
        ) from None


def _again(ctx: AppendContext, work: CampaignState, stored: StoredEvent, seq: int, doing: str = "") -> Event:
    """Edit ``stored`` made again on ``work`` as event ``seq`` (a list the move changed too keeps both changes)."""
    ev: Any = stored.event
    if ev.type == "character_updated":
        cid = ev.character_id
        if cid not in work.characters:
            raise InputError(f"The sheet changed after the roll ({ev.reason or cid}) is gone; nothing was changed.")
        before = ctx.state_at(stored.seq - 1).characters.get(cid) or {}
        sheet = dict(work.characters[cid])
        merged, both = list_keys(before, ev.character), False
        for key in set(before) | set(ev.character):
            if key == "id" or before.get(key) == ev.character.get(key):
                continue
            if key in merged and sheet.get(key) != before.get(key) and is_list(sheet.get(key)):
                sheet[key] = merge_list(before.get(key), ev.character.get(key), sheet.get(key))  # both changes kept
                both = True
            elif key in ev.character:
                sheet[key] = ev.character[key]
            else:
                sheet.pop(key, None)
        if both:
            check_kept(work.system, sheet, doing)
        return CharacterUpdated(character_id=cid, character=sheet, reason=ev.reason)
    if ev.type == "move_resolved":  # a meter adjusted, a clock or track stepped: the engine makes it again
        request = dict(ev.request)
        request["options"] = {**(request.get("options") or {}), **campaign_refs(work, ev)}
        if ev.dice:
            request["dice"] = list(ev.dice)
        who = ev.state_change.character_id
        if ev.character_source == "campaign" and who in work.characters:
            request["character_id"] = who
        return move_event(work, request, seq)[0]
    copied: Event = ev.model_copy(update={"at": now_iso()})
    return copied


def _clash_message(ctx: AppendContext, move: Any, stored: StoredEvent, clash: set[Key], doing: str) -> str:
    from assistant.store.followups import describe

    what = " and ".join(sorted(key_words(k, ctx.state) for k in clash))
    name = str(move.result.get("move") or "the move")
    doing = doing or f"change {name}"
    return (
        f"Could not {doing}: it changes {what}, which was changed after the roll ({describe(stored, ctx.state)}). "
        "/undo that change (and any made after it), then do it again, then make the change again. Nothing was changed."
    )


def rebase(
    ctx: AppendContext,
    seq: int,
    request_for: Callable[[CampaignState], dict[str, Any]],
    by: str = "pick",
    wrap: Callable[[Callable[[], Any]], Any] = lambda go: go(),
    before_pick: int | None = None,
    doing: str = "",
) -> tuple[list[Event], Result, int]:
    """Move ``seq`` made again as ``request_for(state before it)`` asks, with the bookkeeping laid over it carried on
    top (see the module's text). Returns the events to append, the new result and the new move's event number.
    ``wrap`` runs the engine (a pick that rolls more dice tops them up); ``before_pick``: how many of the edits (the
    first) were made before the pick of the move made again (None: all, it is this pick); ``doing``: what is done, as
    a refusal says it ("choose for Transit"). Raises :class:`RulesError` when an edit touches what the move made again
    changes (nothing is appended then)."""
    over = edits_over(ctx, seq)
    work = light_copy(ctx.state)
    events: list[Event] = []

    def add(event: Event) -> int:
        at = ctx.next_seq + len(events)
        apply(work, StoredEvent(seq=at, event=event))
        events.append(event)
        return at

    for target in [*reversed(over), seq]:
        add(undo_event(ctx, target))
    first: Any = ctx.event(seq).event
    move_at = ctx.next_seq + len(events)
    move, result = wrap(lambda: move_event(work, request_for(work), move_at))
    add(move)
    changed, fixed = move_keys(first, move), pinned(first, move)
    carried: list[int] = []
    for s in over:
        stored = ctx.event(s)
        touched = edit_keys(stored, ctx.state_at(s - 1))
        clash = ((touched - kept_both(stored, ctx.state_at(s - 1))) & changed) | (touched & fixed)
        if clash:
            raise RulesError(_clash_message(ctx, first, stored, clash, doing))
        carried.append(add(_again(ctx, work, stored, ctx.next_seq + len(events), doing)))
    if carried:
        under = len(carried) if before_pick is None else min(before_pick, len(carried))
        events.append(EditsCarried(move_seq=move_at, edits=carried, by=by, before_pick=under))  # type: ignore[arg-type]
    return events, result, move_at


def _marker(ctx: AppendContext, seq: int, field: str) -> Any | None:
    """The ``edits_carried`` after event ``seq`` that names it as ``field`` (``move_seq``, or among ``edits``)."""
    for stored in ctx.events(seq, seq + LOOK_AHEAD):
        ev: Any = stored.event
        if ev.type == "edits_carried" and (seq == ev.move_seq if field == "move_seq" else seq in ev.edits):
            return ev
    return None


def pick_under(ctx: AppendContext, top: int) -> int | None:
    """When ``top`` is an edit made before the pick that made its move (carried over it) and the last action, that
    move's event number: the pick was done after it, so undoing now takes back the pick, not the edit. Else None."""
    marker = _marker(ctx, top, "edits")
    if marker is None or top not in marker.edits[: marker.before_pick]:
        return None
    return marker.move_seq if marker.move_seq in ctx.state.undo_stack else None


def before_pick(ctx: AppendContext, move_seq: int) -> int:
    """How many edits over move ``move_seq`` were made before the pick that made it (0: none carried)."""
    marker = _marker(ctx, move_seq, "move_seq")
    return int(marker.before_pick) if marker is not None else 0
