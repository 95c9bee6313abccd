"""The player's words a move was made for, found again after a reload: a pick or a burn on the move is told with
those words, not with whatever the player typed since (an answer, a try at one, a new action not yet rolled)."""

from __future__ import annotations

from typing import Any

from assistant.store.state import CampaignState


def words_before(state: CampaignState, store: Any, campaign: str, seq: int, move: str = "") -> str:
    """The player's words that led to move ``seq`` (not a picked number, not a command), so a pick on it is not told
    as a new attempt at the move's name. A move that asked a question first was made for the words the question
    kept, not for a try at answering it ("banana" to the healer's quality)."""
    asked = _asked_for(state, store, campaign, seq, move)
    if asked:
        return asked
    for entry in reversed(state.transcript):
        if entry.seq >= seq:
            continue
        if entry.kind == "move" and not entry.undone:
            break  # words before an earlier move were that move's
        if entry.kind != "chat" or entry.role != "user":
            continue
        text = entry.text.strip()
        if text.startswith("/"):
            break  # the move was rolled by a command: it has no words of its own
        if text and not text.isdigit():
            return text
    return ""


def _asked_for(state: CampaignState, store: Any, campaign: str, seq: int, move: str) -> str:
    """The words of the question about ``move`` asked since the move before ``seq`` (none: "")."""
    before = [e.seq for e in state.transcript if e.kind == "move" and e.seq < seq]
    for stored in reversed(store.events(campaign, after=max(before, default=0), upto=seq - 1)):
        question = getattr(stored.event, "question", None)
        if stored.event.type == "question_asked" and isinstance(question, dict) and question.get("move") == move:
            return str(question.get("intent") or "")
    return ""
