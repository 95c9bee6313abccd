"""The journal's words for what happened: a move's changes as the dice card says them, what an undo took back
(the move's name, not the log's event number), and who a character is (their name, never the store's id)."""

from __future__ import annotations

from typing import Any

from assistant.engine.change_words import change_line, meter_bound, rolled_over, unchanged_words
from assistant.engine.model import Result
from assistant.store.events import StoredEvent
from assistant.store.followups import made_again_after_the_roll
from assistant.store.state import CampaignState


def who(cid: str, ch: dict[str, Any], active: bool) -> str:
    """A character as the player calls them: their name, or "Your character" (the one playing) or "Character 2" when
    unnamed; never the store's id."""
    return str(ch.get("name") or ("Your character" if active else f"Character {cid.removeprefix('pc')}"))


def what_it_did(stored: StoredEvent, before: CampaignState) -> str:
    """An event as an undo names it: the move's name, or the change it made ("the change to the track Storm")."""
    ev: Any = stored.event
    if ev.type == "move_resolved":
        return str(ev.result.get("move") or "the last move")
    if ev.type in ("track_created", "track_updated", "clock_created", "clock_updated"):
        thing = ev.track if ev.type.startswith("track") else ev.clock
        return f"the change to the {ev.type.split('_')[0]} {thing.get('name')}"
    if ev.type in ("character_added", "character_updated", "character_removed", "set_active"):
        sheet = {**before.characters.get(ev.character_id, {}), **(getattr(ev, "character", None) or {})}
        return f"the change to {who(ev.character_id, sheet, ev.character_id == before.active_character)}'s sheet"
    return "the last change"


def redone(events: list[StoredEvent], i: int) -> str:
    """What the undo at ``events[i]`` made room for: ``pick`` when the same move follows made again with a pick or a
    burn (the same dice), ``unpick`` when a pick is undone and the move follows as first rolled (``unpick_one``: with the
    picks made before the one undone), ``carried`` when it sets an edit aside for a pick (or its undo) that makes it
    again after the move, else ""."""
    ev: Any = events[i].event
    target = next((s.event for s in events[:i] if s.seq == ev.target_seq), None)
    after = events[i + 1].event if i + 1 < len(events) else None
    if target is None or after is None:
        return ""
    if after.type == "undo" and _carried(events, i):
        return "carried"
    if made_again_after_the_roll(target, after):
        return "pick"
    if not made_again_after_the_roll(after, target):
        return ""
    kept = ((getattr(after, "request", None) or {}).get("options") or {}).get("choose")
    return "unpick_one" if kept else "unpick"  # an earlier pick still stands: the roll as it was before the last one


def _carried(events: list[StoredEvent], i: int) -> bool:
    """Whether the undo at ``events[i]`` is one of the undos a pick over edits starts with: undos, then the move made
    again, then the edits made again and the ``edits_carried`` that names that move."""
    j = i
    while j < len(events) and events[j].event.type == "undo":
        j += 1
    if j >= len(events) or events[j].event.type != "move_resolved":
        return False
    move = events[j].seq
    marker: Any = next((s.event for s in events[j + 1 :] if s.event.type == "edits_carried"), None)
    return marker is not None and marker.move_seq == move


def change_lines(r: dict[str, Any]) -> list[str]:
    """The effects as the dice card says them ("Find the ship: 0 → 2/10 boxes (+8 ticks)", "Position: bad spot");
    a record this version cannot read as a result keeps the plain before → after."""
    try:
        return [change_line(e) for e in rolled_over(Result.model_validate(r))]
    except Exception:  # noqa: BLE001 - an old or foreign record: its effects as stored
        return [effect_text(e) for e in r.get("effects", [])]


def undo_words(ev: Any, done: dict[int, str], redone: str) -> str:
    """An undo as the journal tells it: "Undone: Reach a Milestone"; when it only made room for the same move made
    again with the player's pick, that move again; when it took back the pick, the roll as first rolled."""
    what = done.get(ev.target_seq) or "the last change"
    if redone == "carried":
        return f"Set aside for the pick on the move below, and made again after it: {what}"
    if redone == "pick":
        return f"{what} again, with what you chose after the roll (the same dice)"
    if redone == "unpick":
        return f"Undone: what you chose after rolling {what}; the roll stands as first rolled"
    if redone == "unpick_one":
        return f"Undone: what you chose last after rolling {what}; the roll stands as it was before that pick"
    return f"Undone: {what}"


def effect_text(e: dict[str, Any]) -> str:
    before, after = e.get("before"), e.get("after")
    if before is None and after is None:
        change = ""
    elif before is None or after is None:  # a new track starts at its value: "0", not "None → 0"
        change = str(after if before is None else before)
    else:
        change = f"{before} → {after}"
    if isinstance(e.get("after"), int) and not isinstance(e.get("after"), bool) and e.get("before") == e.get("after"):
        change = unchanged_words(e["after"], meter_bound(e))
    reason = f" ({e['reason']})" if e.get("reason") else ""
    return f"{_spaced(e.get('target', e.get('kind', '')))}: {change}{reason}".replace(": (", " (")


def _spaced(text: str) -> str:
    return str(text).replace("_", " ")
