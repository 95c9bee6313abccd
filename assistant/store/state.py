"""Campaign state and the pure fold ``fold(events) -> CampaignState``.

The state is derived, never stored as truth: the log is. Snapshots are cached folds tagged with
:data:`FOLD_VERSION`; bump it whenever :func:`apply` changes meaning, and old snapshots are ignored.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Sequence
from typing import Any

from pydantic import BaseModel, Field

from assistant.store.events import UNDOABLE, Patch, StoredEvent
from assistant.store.no_move import decides_nothing

FOLD_VERSION = 2


class TranscriptEntry(BaseModel):
    seq: int
    role: str
    """``user``/``assistant``/``system``/``narrator``/``gm`` for chat; ``engine`` for a move."""
    kind: str
    """``chat``, ``move``, ``narration`` or ``undo``."""
    text: str
    ref: int | None = None
    """The event a narration or an undo refers to."""
    undone: bool = False
    at: str = ""


class CampaignState(BaseModel):
    name: str = ""
    system: str = ""
    seed: int | None = None
    last_seq: int = 0
    characters: dict[str, dict[str, Any]] = Field(default_factory=dict)
    active_character: str | None = None
    tracks: dict[str, dict[str, Any]] = Field(default_factory=dict)
    clocks: dict[str, dict[str, Any]] = Field(default_factory=dict)
    slots: dict[str, dict[str, Any]] = Field(default_factory=dict)
    """Per-system generic slots: ``crew``, ``factions``, ``combatants``... each ``{key: value}``."""
    transcript: list[TranscriptEntry] = Field(default_factory=list)
    moves: int = 0
    """Moves resolved and not undone."""
    undone: list[int] = Field(default_factory=list)
    undo_stack: list[int] = Field(default_factory=list)
    """Seqs of state-changing events still in effect, oldest first: ``undo_last`` pops the top."""
    pending_question: dict[str, Any] | None = None
    """The question the chat asked and the player has not answered yet (see ``assistant.chat.questions``)."""

    def active(self) -> dict[str, Any] | None:
        return self.characters.get(self.active_character) if self.active_character else None

    def comparable(self) -> dict[str, Any]:
        """The state without timestamps and the campaign name (to compare an import with its source)."""
        data = self.model_dump(mode="json")
        data.pop("name")
        for entry in data["transcript"]:
            entry.pop("at")
        return data


def results_by_die(result: dict[str, Any]) -> bool:
    """Whether the move's results are read by the die that counts, not as success levels (Indulge Vice: "rolled 5",
    never "a partial success"), as its ruleset says."""
    from assistant.engine.registry import results_by_die as by_die

    return by_die(str(result.get("system") or ""), str(result.get("move_id") or ""))


def move_summary(result: dict[str, Any]) -> str:
    """One line for a move result: ``Face Danger (+edge): weak hit — action 4 + edge 3 = 7 against 2 and 9``."""
    name = result.get("move", "?")
    started: list[dict[str, Any]] = [v for k in result.get("started") or [] if isinstance(v := result.get(k), dict)]
    named = started[0] if started else (result.get("clock") or result.get("track") or {})
    if isinstance(named, dict) and named.get("name"):  # a track or clock is said by its name
        name = f"{name}: {named['name']}"
    elif result.get("roll") == "none" and str(result.get("move_id", "")).startswith("meter:"):
        changes = [e for e in result.get("effects") or [] if e.get("delta")]
        change = changes[0] if changes else None
        if change and len(changes) > 1:  # heat that rolled over into a wanted level: "heat 3 → 2, wanted level 0 → 1"
            moved = ", ".join(f"{str(e['target']).replace('_', ' ')} {e['before']} → {e['after']}" for e in changes)
            name = f"{name}: {moved}" + (f" ({change['reason']})" if change.get("reason") else "")
        elif change:  # a meter the player changed: "Adjust health -1 (a cut)"
            name = f"{name} {change['delta']:+d}" + (f" ({change['reason']})" if change.get("reason") else "")
    stat_name = str(result.get("stat") or "").replace("_", " ")
    stat = f" (+{stat_name})" if stat_name else ""
    outcome = "" if results_by_die(result) else str(result.get("outcome", "")).replace("_", " ")
    if result.get("match"):
        outcome += " (match)"
    bits = []
    challenge = " and ".join(str(c) for c in result.get("challenge") or [])
    dice = result.get("dice") or []
    burn = result.get("burn") or {}
    if challenge and isinstance(burn, dict) and burn.get("burned"):  # the score is the meter burned, not the dice's sum
        bits.append(f"{burn.get('meter', 'momentum')} {burn.get('before')} burned against {challenge}")
    elif result.get("roll") == "action" and challenge and len(dice) > len(result.get("challenge") or []):
        adds = f" + {result['adds']}" if result.get("adds") else ""
        added = f" + {stat_name} {result.get('stat_value', 0)}" if stat_name else ""
        cancelled = any(d.get("cancelled") for d in result.get("dice_detail") or [] if d.get("role") == "action")
        die = f"{dice[0]} (cancelled by negative momentum)" if cancelled else str(dice[0])  # "action 3 + wits 1 = 1" misread
        bits.append(f"action {die}{added}{adds} = {result.get('score')} against {challenge}")
    elif challenge:
        bits.append(f"score {result.get('score')} against {challenge}")
    elif result.get("score") is not None:
        bits.append(f"rolled {result.get('score')}")
    tail = f" — {bits[0]}" if bits else ""
    return f"{name}{stat}: {outcome}{tail}" if outcome and outcome != "none" else f"{name}{stat}{tail}"


def _set_path(state: CampaignState, path: list[str], value: Any, present: bool) -> None:
    if path == ["active_character"]:
        state.active_character = value if present else None
        return
    root, *rest = path
    container: dict[str, Any] = getattr(state, root)
    for key in rest[:-1]:
        container = container.setdefault(key, {})
    if present:
        container[rest[-1]] = copy.deepcopy(value)
    else:
        container.pop(rest[-1], None)


def touched_paths(stored: StoredEvent) -> list[list[str]]:
    """The state paths an event writes (what an undo of it must put back)."""
    ev: Any = stored.event
    t = ev.type
    if t in ("character_added", "character_removed"):
        return [["characters", ev.character_id], ["active_character"]]
    if t == "character_updated":
        return [["characters", ev.character_id]]
    if t == "set_active":
        return [["active_character"]]
    if t == "move_resolved":
        if decides_nothing(ev.result):  # an oracle, a table, free dice: undoing one puts nothing back
            return []
        sc = ev.state_change
        paths = [["characters", sc.character_id]] if sc.character_id else []
        paths += [["tracks", tid] for tid in sc.tracks] + [["clocks", cid] for cid in sc.clocks]
        return paths
    if t in ("track_created", "track_updated"):
        return [["tracks", ev.track_id]]
    if t in ("clock_created", "clock_updated"):
        return [["clocks", ev.clock_id]]
    if t == "slot_updated":
        return [["slots", ev.slot, ev.key]]
    return []


def get_path(state: CampaignState, path: list[str]) -> tuple[bool, Any]:
    """(present, value) at ``path``."""
    if path == ["active_character"]:
        return True, state.active_character
    node: Any = getattr(state, path[0])
    for key in path[1:]:
        if not isinstance(node, dict) or key not in node:
            return False, None
        node = node[key]
    return True, copy.deepcopy(node)


def _same(value: Any) -> Any:
    return value


def apply(state: CampaignState, stored: StoredEvent, *, copy_values: bool = True) -> None:
    """Apply one event to ``state`` in place (the fold's step). With ``copy_values=False`` the state
    shares the event's dicts (only for events nobody else holds, e.g. just decoded from the store)."""
    dup = copy.deepcopy if copy_values else _same
    ev: Any = stored.event
    seq = stored.seq
    t = ev.type
    if t == "campaign_created":
        state.name, state.system, state.seed = ev.name, ev.system, ev.seed
    elif t == "character_added":
        state.characters[ev.character_id] = dup(ev.character)
        if ev.active or state.active_character is None:
            state.active_character = ev.character_id
    elif t == "character_updated":
        state.characters[ev.character_id] = dup(ev.character)
    elif t == "character_removed":
        state.characters.pop(ev.character_id, None)
        if state.active_character == ev.character_id:
            state.active_character = next(iter(state.characters), None)
    elif t == "set_active":
        state.active_character = ev.character_id
    elif t == "move_resolved":
        sc = ev.state_change
        if sc.character_id and sc.after is not None:
            state.characters[sc.character_id] = dup(sc.after)
        for tid, track in sc.tracks.items():
            state.tracks[tid] = dup(track)
        for cid, clock in sc.clocks.items():
            state.clocks[cid] = dup(clock)
        state.moves += 1
        state.transcript.append(TranscriptEntry(seq=seq, role="engine", kind="move", text=move_summary(ev.result), at=ev.at))
        if ev.narration:
            state.transcript.append(
                TranscriptEntry(seq=seq, role="narrator", kind="narration", text=ev.narration, ref=seq, at=ev.at)
            )
    elif t in ("track_created", "track_updated"):
        state.tracks[ev.track_id] = dup(ev.track)
    elif t in ("clock_created", "clock_updated"):
        state.clocks[ev.clock_id] = dup(ev.clock)
    elif t == "slot_updated":
        slot = state.slots.setdefault(ev.slot, {})
        if ev.value is None:
            slot.pop(ev.key, None)
        else:
            slot[ev.key] = dup(ev.value)
    elif t == "chat_message":
        state.transcript.append(TranscriptEntry(seq=seq, role=ev.role, kind="chat", text=ev.text, at=ev.at))
    elif t == "narration_recorded":
        state.transcript.append(
            TranscriptEntry(seq=seq, role="narrator", kind="narration", text=ev.text, ref=ev.event_seq, at=ev.at)
        )
    elif t == "question_asked":
        state.pending_question = dup(ev.question)
    elif t == "question_settled":
        state.pending_question = None
    elif t == "undo":
        _apply_undo(state, seq, ev.target_seq, ev.target_type, ev.restore, ev.at)
    if t in UNDOABLE:
        state.undo_stack.append(seq)
    state.last_seq = seq


def _apply_undo(state: CampaignState, seq: int, target: int, target_type: str, restore: list[Patch], at: str) -> None:
    for patch in restore:
        _set_path(state, patch.path, patch.value, patch.present)
    if target in state.undo_stack:
        state.undo_stack.remove(target)
    state.undone.append(target)
    if target_type == "move_resolved":
        state.moves -= 1
    for entry in state.transcript:
        if entry.seq == target or (entry.kind == "narration" and entry.ref == target):
            entry.undone = True
    state.transcript.append(
        TranscriptEntry(seq=seq, role="system", kind="undo", text=f"Undid event {target} ({target_type}).", ref=target, at=at)
    )


def advance(state: CampaignState, events: Sequence[StoredEvent]) -> CampaignState:
    """A new state: ``state`` with ``events`` (freshly decoded, the ones right after it) applied, ``state`` itself
    untouched. Costs what the new events cost plus copying the top-level containers (not the whole state): the
    fold only ever replaces the values in them, except an undo, which marks old transcript entries and is
    rarer than a move, so it is folded onto a deep copy. Equal to :func:`fold` of the whole log."""
    if not events:
        return state
    if any(stored.event.type == "undo" for stored in events):
        new = state.model_copy(deep=True)
    else:
        new = state.model_copy(
            update={
                "characters": dict(state.characters),
                "tracks": dict(state.tracks),
                "clocks": dict(state.clocks),
                "slots": {k: dict(v) for k, v in state.slots.items()},
                "transcript": list(state.transcript),
                "undone": list(state.undone),
                "undo_stack": list(state.undo_stack),
            }
        )
    for stored in events:
        apply(new, stored, copy_values=False)
    return new


def fold(events: Iterable[StoredEvent], start: CampaignState | None = None) -> CampaignState:
    """The state after ``events`` (applied in order) on top of ``start`` (not modified)."""
    state = start.model_copy(deep=True) if start is not None else CampaignState()
    for stored in events:
        apply(state, stored)
    return state
