"""A retry shown after a draft told again says so once: "A draft of the LLM's narration was not used: it repeated a
sentence of an earlier turn's story." stands alone, without the general "The first LLM narration failed the rules
check; this is the checked retry." under it (read together in a real-browser session they seemed to say the shown
story was the draft not used)."""

from __future__ import annotations

from types import SimpleNamespace

from assistant.chat.narration import DRAFT_NOT_USED
from assistant.ui.components.turn_view import NARRATOR_NOTES, narrator_explained

ECHO = f"{DRAFT_NOT_USED}: it repeated a sentence of an earlier turn's story."


def test_a_retry_after_a_draft_told_again_is_explained_by_its_own_note() -> None:
    assert narrator_explained(SimpleNamespace(narrator="llm-retry", notes=[ECHO]))


def test_a_retry_after_a_rules_fault_keeps_the_general_line() -> None:
    turn = SimpleNamespace(narrator="llm-retry", notes=[])
    assert not narrator_explained(turn)
    assert "checked retry" in NARRATOR_NOTES[turn.narrator]


def test_the_offline_story_after_drafts_told_again_keeps_its_line() -> None:
    # every draft told again: the offline story is shown, and the general line says so
    assert not narrator_explained(SimpleNamespace(narrator="template-fallback", notes=[ECHO]))
