"""A campaign's log as the player played it, for ``assistant campaign show`` and ``campaign list``: what was said and
rolled, the picks and the undos the player asked for, not the store's bookkeeping.

A pick is stored as an ``undo`` of the roll and the move made again (and, over edits made while it waited, the undos
and the edits made again around it: :mod:`assistant.store.carried`). Those undos are no undo of the player's: they are
left out, the roll they set aside stays as rolled, and the move made again reads as the pick. An undo of a pick says
so ("Undone: your pick on Endure Harm; the roll stands as first rolled"); the roll it brings back is not listed twice.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from assistant.store.events import StoredEvent
from assistant.store.journal_words import redone, undo_words, what_it_did
from assistant.store.state import CampaignState, apply


@dataclass(frozen=True)
class LogLine:
    """One line of the log as the player reads it."""

    seq: int
    role: str
    """``user``, ``assistant``, ``engine`` (a move), ``narrator`` or ``system`` (an undo the player asked for)."""
    text: str
    undone: bool = False
    """Taken back by an undo of the player's (a pick's bookkeeping undoes nothing the player sees)."""


def played_lines(events: list[StoredEvent]) -> list[LogLine]:
    """The lines of ``events`` (a whole campaign log, oldest first) as the player played them."""
    hidden: set[int] = set()  # the store's bookkeeping: a pick's undos, a roll or an edit made again
    picked: set[int] = set()  # moves made again with the player's pick (or burn)
    undo_text: dict[int, str] = {}
    taken_back: set[int] = set()
    running = CampaignState()
    done: dict[int, str] = {}
    for i, stored in enumerate(events):
        ev: Any = stored.event
        if ev.type == "undo":
            kind = redone(events, i)
            after = events[i + 1].seq if i + 1 < len(events) else None
            if kind in ("pick", "carried"):
                hidden.add(stored.seq)
                if kind == "pick" and after is not None:
                    picked.add(after)
            else:
                undo_text[stored.seq] = undo_words(ev, done, kind) + "."
                taken_back.add(ev.target_seq)
                if kind.startswith("unpick") and after is not None:
                    hidden.add(after)  # the roll as first rolled: listed already
        elif ev.type == "edits_carried":
            hidden.update(ev.edits)
        else:
            done[stored.seq] = what_it_did(stored, running)
        apply(running, stored)
    lines: list[LogLine] = []
    for entry in running.transcript:
        if entry.seq in hidden:
            continue
        text = undo_text.get(entry.seq, entry.text) if entry.kind == "undo" else entry.text
        if entry.kind == "move" and entry.seq in picked:
            text += " (with your pick)"
        gone = entry.seq in taken_back or (entry.kind == "narration" and entry.ref in taken_back)
        lines.append(LogLine(seq=entry.seq, role=entry.role, text=text, undone=gone))
    return lines


def when_played(at: str, now: dt.datetime | None = None) -> str:
    """An event's time (ISO, UTC) as a player reads it, in local time: "today at 14:05", "yesterday at 09:30",
    "on Tuesday at 20:10" within a week, else "on 3 Nov 2026"; "never" when there is no time."""
    try:
        when = dt.datetime.fromisoformat(at)
    except (TypeError, ValueError):
        return "never"
    if when.tzinfo is None:
        when = when.replace(tzinfo=dt.UTC)
    now = now or dt.datetime.now(dt.UTC)
    local, today = when.astimezone(), now.astimezone().date()
    clock = local.strftime("%H:%M")
    days = (today - local.date()).days
    if days == 0:
        return f"today at {clock}"
    if days == 1:
        return f"yesterday at {clock}"
    if 1 < days < 7:
        return f"on {local.strftime('%A')} at {clock}"
    return f"on {local.day} {local.strftime('%b %Y')}"


def campaign_summary(info: Any, store: Any) -> dict[str, Any]:
    """What ``campaign list`` tells of a campaign besides its stored info: the game's name, the characters (the one
    playing first) and when it was last played (its last event's time, ISO and in words)."""
    from assistant.engine.registry import game_title

    state = store.load(info.name)
    last = store.events(info.name, after=max(0, info.last_seq - 1)) if info.last_seq else []
    at = str(last[-1].event.at) if last else info.created_at
    order = sorted(state.characters, key=lambda cid: cid != state.active_character)
    names = [str(state.characters[cid].get("name") or "an unnamed character") for cid in order]
    return {"game": game_title(info.system), "characters": names, "last_played_at": at, "last_played": when_played(at)}
