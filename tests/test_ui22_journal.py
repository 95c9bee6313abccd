"""The exported journal tells each move as the dice card does: a track in boxes ("0 → 2/10 boxes (+8 ticks)", not
"0 → 8", read as eight boxes), the position and the legacy tracks in words (not ``bad_spot`` or a dict), an undo by
the move it took back (not "event 37 (move resolved)"), and a pick made after the roll as that move again."""

from __future__ import annotations

import re
from typing import Any

import pytest

from assistant.chat.session import ChatSession
from assistant.store import service
from tests.session_helpers import ScriptedDice, open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def _visible(text: str) -> str:
    return "\n".join(line for line in text.splitlines() if not line.startswith("<!--"))


def _confirm(session: ChatSession, dice: ScriptedDice, text: str, move: str, *faces: int) -> Any:
    offered = session.send(text)
    picked = next((s for s in offered.suggestions if s.move == move), None)
    assert picked is not None, [s.move for s in offered.suggestions]
    dice.queue(*faces)
    turn = session.confirm(picked)
    assert turn.kind != "error", turn.error
    return turn


def test_a_fight_a_milestone_an_undo_and_a_pick_read_in_the_journal_as_on_the_card() -> None:
    session, dice = open_campaign("Journal words", "starforged")
    _confirm(session, dice, "I swear an iron vow to find my lost sister, a dangerous vow", "Swear an Iron Vow", 6, 1, 2)
    _confirm(session, dice, "I enter the fight against the raider, a dangerous foe", "Enter the Fray", 1, 9, 9)
    milestone = _confirm(session, dice, "I reach a milestone on my vow to find my lost sister", "Reach a Milestone")
    assert milestone.results[0].effects[0].after == 8  # two boxes on a dangerous vow, kept as ticks
    assert session.undo().kind != "error"
    _confirm(session, dice, "I reach a milestone on my vow to find my lost sister", "Reach a Milestone")
    weak = _confirm(session, dice, "I resupply at the outpost", "Resupply", 4, 5, 9)
    assert weak.open_choices, "a weak hit on Resupply asks the player to choose"
    option = weak.open_choices[0].options[1]  # "... you acquire it. Take +1 momentum."
    assert session.choose([option.id]).kind != "error"

    shown = _visible(service.export("Journal words", "markdown"))
    assert "- Find my lost sister: 0 → 2/10 boxes (+8 ticks) — mark progress x1 (dangerous)" in shown, shown
    assert "- Find my lost sister: 0/10 boxes — a new dangerous vow" in shown, shown
    assert "- Position: bad spot — miss" in shown, shown
    assert "*Undone: Reach a Milestone.*" in shown and "Undone: event" not in shown, shown
    assert "*Resupply again, with what you chose after the roll (the same dice).*" in shown, shown
    assert f"- Chosen: {option.label}" in shown, shown
    assert "- Roll: none" not in shown and "(dice )" not in shown, shown  # a move without dice tells no roll
    assert "**The raider** (fight, dangerous): 0/10 boxes (0 ticks)" in shown, shown  # the sheet's word, not "combat"
    prose = "\n".join(line for line in shown.splitlines() if not line.startswith(("**Player:**", ">")))
    assert not re.findall(r"\b[a-z]+_[a-z_]+\b", prose), re.findall(r"\b[a-z]+_[a-z_]+\b", prose)


def test_a_legacy_reward_reads_in_boxes_on_the_card_and_in_the_journal() -> None:
    from assistant.engine.change_words import change_line
    from assistant.engine.model import Effect

    reward = Effect(
        kind="legacy",
        target="quests",
        before={"ticks": 0, "cleared": 0},
        after={"ticks": 4, "cleared": 0},
        reason="legacy reward for a formidable vow",
    )
    assert change_line(reward) == "Quests legacy: 0 → 1/10 boxes (+4 ticks) — legacy reward for a formidable vow"
    more = reward.model_copy(update={"before": {"ticks": 6, "cleared": 0}, "after": {"ticks": 9, "cleared": 0}})
    assert change_line(more).startswith("Quests legacy: 1 box and 2 ticks → 2/10 boxes and 1 ticks (+3 ticks)")
