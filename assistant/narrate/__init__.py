"""Narration: prose around a Result the engine decided, offline (template) or by an LLM.

::

    from assistant.narrate import NarrationRequest, TemplateNarrator, LLMNarrator, make_chat_model
    request = NarrationRequest(task="narrate", system="starforged", player_text="I slip past the sentry",
                               results=(result,))
    text = "".join(TemplateNarrator().stream(request))
    model = make_chat_model()            # None when no endpoint is configured
    if model is not None:
        narrator = LLMNarrator(model, budget_tokens=1200)
        text = "".join(narrator.stream(request))   # raises NarrationFailed on any model failure
        narrator.last_report                        # tokens per section, what was dropped

Prompts are files: ``assistant/prompts/narrate.txt``, ``assistant/prompts/interpret_oracle.txt``,
``assistant/prompts/interpret_pay_the_price.txt``.
"""

from assistant.narrate.context import Context, ContextReport, build_context, naive_context
from assistant.narrate.facts import facts_block, roll_line
from assistant.narrate.llm import LLMNarrator, make_chat_model
from assistant.narrate.prompts import load_prompt
from assistant.narrate.request import NarrationFailed, NarrationRequest, NarrationTimedOut, Narrator
from assistant.narrate.template import TemplateNarrator

__all__ = [
    "Context", "ContextReport", "LLMNarrator", "NarrationFailed", "NarrationRequest", "NarrationTimedOut", "Narrator",
    "TemplateNarrator",
    "build_context", "facts_block", "load_prompt", "make_chat_model", "naive_context", "roll_line",
]  # fmt: skip
