"""One writer's view of a campaign: :class:`RecordingStore` remembers what this writer appended (and holds back the
player's line of a turn until the turn writes something), :class:`KnownLog` is the undo stack as this player knows
it, so a follow-up without an explicit event acts on what the player was shown."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from assistant.store.base import AppendContext, CampaignInfo, CampaignStore
from assistant.store.events import UNDOABLE, CampaignCreated, ChatMessage, Event, StoredEvent
from assistant.store.state import CampaignState


class RecordingStore:
    """A :class:`CampaignStore` that remembers the events appended through it (``take()`` hands them over).
    ``inner=None`` uses the store of the current settings at each call."""

    def __init__(self, inner: CampaignStore | None = None) -> None:
        self._inner = inner
        self._appended: list[StoredEvent] = []
        self._held: dict[str, list[Event]] = {}
        self.guard: Callable[[AppendContext, Sequence[Event]], None] | None = None
        """Checks what an append is about to write, in its transaction (raising refuses it: nothing is written):
        set by a writer for one action (an edit made while a pick waits must leave the pick's changes alone)."""

    @property
    def inner(self) -> CampaignStore:
        if self._inner is not None:
            return self._inner
        from assistant.store.access import get_store

        return get_store()

    def take(self) -> list[StoredEvent]:
        out, self._appended = self._appended, []
        return out

    def _keep(self, stored: list[StoredEvent]) -> list[StoredEvent]:
        self._appended.extend(stored)
        return stored

    def hold(self, name: str, events: Sequence[Event]) -> None:
        """Keep ``events`` (the player's line of a turn) back until the turn writes something else or
        :meth:`release` is called: a turn refused before it wrote anything leaves no line without an answer."""
        self._held.setdefault(name, []).extend(events)

    def note_held(self, name: str, notes: Sequence[str]) -> bool:
        """Put ``notes`` under the chat's reply still held as the last event of ``name`` (the reply is written with
        them as the turn ends); False when the last held event is no such reply."""
        held = self._held.get(name) or []
        last = held[-1] if held else None
        if not isinstance(last, ChatMessage) or last.role == "user" or not notes:
            return False
        held[-1] = last.model_copy(update={"notes": [*last.notes, *notes]})
        return True

    def release(self) -> None:
        """Write the events still held (the turn went through without writing anything else)."""
        for name in list(self._held):
            self._flush(name)

    def drop_held(self) -> None:
        """Forget the events still held (the turn was refused: it changes nothing, not even the log)."""
        self._held.clear()

    def _flush(self, name: str) -> None:
        held = self._held.pop(name, [])
        if held:
            self._keep(self.inner.append(name, held))

    # the CampaignStore protocol
    @property
    def url(self) -> str:
        return self.inner.url

    @property
    def dialect(self) -> str:
        return self.inner.dialect

    def create_campaign(self, created: CampaignCreated, initial: Sequence[Event] = ()) -> list[StoredEvent]:
        return self.inner.create_campaign(created, initial)

    def list_campaigns(self) -> list[CampaignInfo]:
        return self.inner.list_campaigns()

    def info(self, name: str) -> CampaignInfo:
        return self.inner.info(name)

    def append(self, name: str, events: Sequence[Event]) -> list[StoredEvent]:
        self._flush(name)
        return self._keep(self.inner.append(name, events))

    def append_with(self, name: str, build: Callable[[AppendContext], Sequence[Event]]) -> list[StoredEvent]:
        guard = self.guard
        if guard is not None:
            unguarded = build

            def build(ctx: AppendContext) -> Sequence[Event]:
                events = unguarded(ctx)
                guard(ctx, events)
                return events

        held = self._held.pop(name, [])
        if not held:
            return self._keep(self.inner.append_with(name, build))

        def after_held(ctx: AppendContext) -> list[Event]:
            # the held line goes first in the same transaction: ``build`` sees the log as if it were already there
            # (its event numbers, and the dice seeded by them, as before), and a refusal from it stores neither
            shifted = ctx.state.model_copy(update={"last_seq": ctx.state.last_seq + len(held)})
            return [*held, *build(AppendContext(ctx._store, ctx._conn, ctx._cid, shifted))]

        try:
            return self._keep(self.inner.append_with(name, after_held))[len(held) :]  # the caller's events, as asked
        except BaseException:
            self._held[name] = held + self._held.get(name, [])  # still the turn's line if the turn goes on
            raise

    def events(self, name: str, after: int = 0, upto: int | None = None) -> list[StoredEvent]:
        return self.inner.events(name, after, upto)

    def load(self, name: str, *, upto: int | None = None, use_snapshot: bool = True) -> CampaignState:
        return self.inner.load(name, upto=upto, use_snapshot=use_snapshot)

    def snapshot(self, name: str) -> int:
        return self.inner.snapshot(name)

    def schema_version(self) -> int:
        return self.inner.schema_version()

    def close(self) -> None:
        """The wrapped store belongs to whoever opened it: nothing to close here."""


class KnownLog:
    """The undo stack as one player knows it: what was there when they opened the campaign, plus what they did
    since. A follow-up without an explicit event acts on its top; the store refuses it when the campaign's real
    top differs (another writer acted), and :meth:`catch_up` then shows the player the campaign as it is."""

    def __init__(self, state: CampaignState) -> None:
        self.stack = list(state.undo_stack)

    @classmethod
    def from_events(cls, events: Sequence[StoredEvent]) -> KnownLog:
        """The undo stack of a campaign whose log (or what a page shows of it) is ``events``."""
        known = cls(CampaignState())
        known.observe(events)
        return known

    @property
    def top(self) -> int | None:
        return self.stack[-1] if self.stack else None

    def observe(self, appended: Sequence[StoredEvent]) -> None:
        """Take in the events this player appended (in order); an event taken in already changes nothing."""
        for stored in appended:
            ev: Any = stored.event
            if ev.type == "undo":
                if ev.target_seq in self.stack:
                    self.stack.remove(ev.target_seq)
            elif ev.type in UNDOABLE and stored.seq not in self.stack and stored.seq > max(self.stack, default=0):
                self.stack.append(stored.seq)

    def catch_up(self, undo_stack: Sequence[int]) -> None:
        self.stack = list(undo_stack)
