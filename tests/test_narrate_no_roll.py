"""A move without a roll is told as done: the player reached the milestone, there was nothing to try."""

from __future__ import annotations

from assistant.engine import resolve
from assistant.narrate import NarrationRequest, TemplateNarrator

MILESTONE = {
    "system": "starforged",
    "move": "Reach a Milestone",
    "options": {"track": {"name": "Find her", "rank": "dangerous", "ticks": 0}},
}


def _told(words: str, request: dict) -> str:
    result = resolve(request)
    return "".join(
        TemplateNarrator().stream(NarrationRequest(task="narrate", system="starforged", player_text=words, results=(result,)))
    )


def test_a_move_without_a_roll_is_told_as_done_not_as_tried() -> None:
    told = _told("I reach a milestone on my vow", MILESTONE)
    assert told.startswith("You are one step closer to finding her.")  # the vow's words, not the rules' "milestone"
    assert not any(w in told for w in ("go all in", "set out to", "steel yourself", "try to", "make your move"))
