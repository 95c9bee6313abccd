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


#: Wording a later version may change without changing what happened: the rules text of the outcome, its notes,
#: each effect's and follow-up's reason, a choice's prompt and its options' labels and why-nots. A replay compares
#: what the state is (outcome, dice, meters, tracks, values, which options exist); an import takes this wording
#: from the current engine.
TEXT_FIELDS = ("text", "notes")
ITEM_TEXT_FIELDS = {"effects": ("reason",), "follow_ups": ("reason",), "choices": ("prompt",)}
OPTION_TEXT_FIELDS = ("label", "why")


def _reword(result: dict[str, Any], wording: dict[str, Any] | None) -> dict[str, Any]:
    """``result`` with its wording taken from ``wording`` (a result that agrees with it but for wording), or
    without its wording at all (``wording`` None). Items (effects, choices...) that do not pair up are kept."""

    def item(old: Any, new: Any, fields: tuple[str, ...]) -> Any:
        if not isinstance(old, dict):
            return old
        kept = {k: v for k, v in old.items() if k not in fields}
        if wording is None:
            return kept
        return {**old, **{f: new[f] for f in fields if isinstance(new, dict) and f in new}}

    def items(old: Any, new: Any, fields: tuple[str, ...]) -> Any:
        if not isinstance(old, list):
            return old
        if wording is None:
            return [item(o, None, fields) for o in old]
        if not isinstance(new, list) or len(new) != len(old):
            return old
        return [item(o, n, fields) for o, n in zip(old, new, strict=True)]

    if wording is None:
        out = {k: v for k, v in result.items() if k not in TEXT_FIELDS}
    else:
        out = {k: wording.get(k, v) if k in TEXT_FIELDS else v for k, v in result.items()}
    for key, fields in ITEM_TEXT_FIELDS.items():
        if key in result:
            out[key] = items(result[key], (wording or {}).get(key), fields)
    choices, new_choices = out.get("choices"), (wording or {}).get("choices")
    if isinstance(choices, list):
        paired = new_choices if isinstance(new_choices, list) and len(new_choices) == len(choices) else [None] * len(choices)
        out["choices"] = [
            {**c, "options": items(c.get("options"), (n or {}).get("options"), OPTION_TEXT_FIELDS)} if isinstance(c, dict) else c
            for c, n in zip(choices, paired, strict=True)
        ]
    return out


def _comparable(result: dict[str, Any]) -> dict[str, Any]:
    """A result without its wording (:data:`TEXT_FIELDS`...) and the dice's ``forced`` flags (replaying forces the
    recorded dice)."""
    out = _reword(result, None)
    out["dice_detail"] = [{k: v for k, v in d.items() if k != "forced"} for d in result.get("dice_detail", [])]
    return out


def with_current_wording(stored: dict[str, Any], replayed: dict[str, Any]) -> dict[str, Any]:
    """``stored`` (known to replay to ``replayed`` but for wording) in the wording of ``replayed``: an older
    export imports in the current words, and a hand-edited reason never reaches a player."""
    return _reword(stored, replayed)


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


def check_move(state: CampaignState, stored: StoredEvent) -> dict[str, Any]:
    """Re-resolve a ``move_resolved`` event on ``state`` (the fold just before it) and compare what happened (its
    wording aside: :data:`TEXT_FIELDS`); returns the replayed result."""
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
    replayed = again
    recorded, again = _as_stored(ev.result, again)
    if _comparable(again) != _comparable(recorded):
        raise ReplayMismatch(
            f"Event {stored.seq} ({ev.result.get('move')}) replays differently: "
            f"{_first_difference(_comparable(recorded), _comparable(again))}."
        )
    if ev.dice_source == "campaign" and not req.get("dice"):
        recorded, seeded = _as_stored(ev.result, resolve(req, rng=campaign_rng(int(state.seed or 0), stored.seq)).to_dict())
        if _comparable(seeded) != _comparable(recorded):
            raise ReplayMismatch(
                f"Event {stored.seq}: the campaign seed no longer gives the recorded dice: "
                f"{_first_difference(_comparable(recorded), _comparable(seeded))}."
            )
    return replayed


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
