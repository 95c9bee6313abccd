"""Which narrator tells a turn: the configured one (a model, or the template offline), or the engine's own words for
a turn that decides nothing a story could tell, or of a kind the setting keeps the model's words off
(``TABLETOP_LLM_NARRATE_KINDS``)."""

from __future__ import annotations

from typing import Any

from assistant.engine import AssistantError, Result, get_ruleset
from assistant.narration_kinds import model_tells


def narrator_for(results: list[Result], narrator: Any, *, task: str = "narrate", kinds: tuple[str, ...] = ()) -> Any:
    """Free dice ("/dice 2d6+1") decide nothing a story could tell: the card says it, offline; a model only invents
    consequences for them ("you suffer -1 health"). A move about the game, not the story (a new session begun, a flag
    set), is told in the engine's words too: a model asked to tell "a new session begins" wrote "What did she do?".
    So is a turn whose kind (``task`` and the results' outcomes) the setting ``kinds`` leaves out (``()``: none)."""
    offline = results and all(r.roll == "notation" or out_of_fiction(r) for r in results)
    if offline or not model_tells(kinds, task, [str(r.outcome) for r in results]):
        from assistant.narrate import TemplateNarrator

        return TemplateNarrator()
    return narrator


def out_of_fiction(result: Result) -> bool:
    """Whether the result is of a move about the game rather than the story (``out_of_fiction`` in its ruleset)."""
    try:
        return get_ruleset(result.system).move_by_id(result.move_id).out_of_fiction
    except AssistantError:  # a move the ruleset no longer has (an old journal): narrated as before
        return False
