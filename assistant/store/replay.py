"""Replay: re-resolve every move of a campaign's log and check the results and the state are what was stored."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from assistant.engine import Result, resolve
from assistant.errors import AssistantError
from assistant.store.events import StoredEvent
from assistant.store.moves import campaign_rng
from assistant.store.state import CampaignState, apply


class ReplayMismatch(AssistantError):
    """Replaying the log did not give what was stored (an engine or data change, or tampering)."""

    kind = "replay_mismatch"


def _comparable(result: dict[str, Any]) -> dict[str, Any]:
    """A result without the dice's ``forced`` flags (replaying forces the recorded dice)."""
    out = dict(result)
    out["dice_detail"] = [{k: v for k, v in d.items() if k != "forced"} for d in result.get("dice_detail", [])]
    return out


def _as_stored(stored: dict[str, Any], replayed: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """A stored result read in the current contract (older kind names mapped), and the replayed one, where a field
    the stored result does not have (added by a later contract: ``started``, ``marks``...) is not compared."""
    current = Result.model_validate(stored).to_dict()

    def fill(raw: Any, now: Any, again: Any) -> Any:
        if isinstance(raw, dict) and isinstance(now, dict) and isinstance(again, dict):
            return {k: (fill(raw[k], v, again.get(k)) if k in raw else again.get(k)) for k, v in now.items()}
        if isinstance(raw, list) and isinstance(now, list) and isinstance(again, list) and len(now) == len(again) == len(raw):
            return [fill(r, n, a) for r, n, a in zip(raw, now, again, strict=True)]
        return now

    return fill(stored, current, replayed), replayed


def _first_difference(a: Any, b: Any, where: str = "result") -> str:
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b)):
            if a.get(key) != b.get(key):
                return _first_difference(a.get(key), b.get(key), f"{where}.{key}")
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return _first_difference(x, y, f"{where}[{i}]")
    return f"{where}: stored {a!r}, replayed {b!r}"


def check_move(state: CampaignState, stored: StoredEvent) -> None:
    """Re-resolve a ``move_resolved`` event on ``state`` (the fold just before it) and compare."""
    ev: Any = stored.event
    req = dict(ev.request)
    if ev.character_source == "campaign":
        cid = ev.state_change.character_id
        if cid not in state.characters:
            raise ReplayMismatch(f"Event {stored.seq}: character {cid!r} does not exist at that point.")
        req["character"] = state.characters[cid]
    try:
        again = resolve({**req, "dice": list(ev.dice)}).to_dict()
    except AssistantError as exc:
        raise ReplayMismatch(f"Event {stored.seq} ({ev.result.get('move')}) no longer resolves: {exc.message}") from None
    recorded, again = _as_stored(ev.result, again)
    if _comparable(again) != _comparable(recorded):
        raise ReplayMismatch(
            f"Event {stored.seq} ({ev.result.get('move')}) replays differently: "
            f"{_first_difference(_comparable(recorded), _comparable(again))}."
        )
    if ev.dice_source == "campaign" and not req.get("dice"):
        recorded, seeded = _as_stored(ev.result, resolve(req, rng=campaign_rng(int(state.seed or 0), stored.seq)).to_dict())
        if seeded != recorded:
            raise ReplayMismatch(
                f"Event {stored.seq}: the campaign seed no longer gives the recorded dice: {_first_difference(recorded, seeded)}."
            )


def replay_log(events: Sequence[StoredEvent], loaded: CampaignState, name: str = "") -> CampaignState:
    """Re-resolve every move of ``events`` (with its recorded dice, and from the campaign seed when it rolled the
    campaign's own dice), fold the log from scratch, and check both match what is stored (results, and
    ``loaded``, the snapshot-based state). Raises :class:`ReplayMismatch` at the first difference."""
    state = CampaignState()
    for stored in events:
        if stored.event.type == "move_resolved":
            check_move(state, stored)
        apply(state, stored)
    if loaded != state:
        raise ReplayMismatch(
            f"The stored state of {name!r} differs from the fold of its log: "
            f"{_first_difference(loaded.model_dump(), state.model_dump(), 'state')}."
        )
    return state
