"""What the player reads when bookkeeping made while a pick waited was carried over the pick (or over the undo of the
pick): the changes, each as it was said when made ("Secrets: added The seal is forged"), and that they stand."""

from __future__ import annotations

from typing import Any

from assistant.chat.sheet_text import shown_name
from assistant.store.base import CampaignStore
from assistant.store.carried import LOOK_AHEAD
from assistant.store.events import StoredEvent
from assistant.store.followups import describe
from assistant.store.state import CampaignState, move_summary


def _one(stored: StoredEvent, state: CampaignState) -> str:
    ev: Any = stored.event
    if ev.type == "character_updated" and ev.reason:
        cid = ev.character_id
        return ev.reason if cid == state.active_character else f"{shown_name(state, cid)}: {ev.reason}"
    if ev.type == "move_resolved":
        return move_summary(ev.result)
    if ev.type == "set_active":
        return f"{shown_name(state, ev.character_id)} plays"
    return describe(stored, state)


def carried_edits(store: CampaignStore, campaign: str, move_seq: int) -> list[StoredEvent]:
    """The edits carried over move ``move_seq`` when it was made (by a pick, or by the undo of one), in order; []
    when none were."""
    after = store.events(campaign, after=move_seq, upto=move_seq + LOOK_AHEAD)
    marker: Any = next((s.event for s in after if s.event.type == "edits_carried" and s.event.move_seq == move_seq), None)
    if marker is None:
        return []
    return [s for s in after if s.seq in marker.edits]


def carried_said(store: CampaignStore, campaign: str, state: CampaignState, move_seq: int, *, since_roll: bool = False) -> str:
    """ "What you changed while the pick waited stands: Secrets: added The seal is forged." (``since_roll``, after an
    undo of the pick or a burn: "... since the roll stands ..."), or "" when nothing was carried."""
    edits = carried_edits(store, campaign, move_seq)
    if not edits:
        return ""
    listed = "; ".join(_one(s, state) for s in edits)
    when = "since the roll" if since_roll else "while the pick waited"
    return f"What you changed {when} stands: {listed}."
