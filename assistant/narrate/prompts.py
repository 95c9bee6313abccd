"""Which prompt file (``assistant/prompts/<name>.txt``) each narration task uses, and the fields they are filled with."""

from __future__ import annotations

from assistant.engine.errors import AssistantError, ConfigError
from assistant.engine.registry import get_ruleset
from assistant.prompts import load_prompt

#: The prompt file of each narration task.
TASK_PROMPTS: dict[str, str] = {
    "narrate": "narrate",
    "table": "narrate",
    "oracle": "interpret_oracle",
    "pay_the_price": "interpret_pay_the_price",
}

STYLE_RULES: dict[str, str] = {
    # Not "then what the outcome means": the 1.5B answered it with the fact sheet's definition ("a strong hit: you do
    # what you set out to do"). The sentence count is the turn message's alone (it said "one to three" here and "two to
    # four" there).
    "vivid": "Style: vivid. Short sentences, at most 90 words: the scene around you, and what the world and the people "
    "in it do in answer. Add atmosphere, never facts.",
    "terse": "Style: terse. At most two sentences: what happens, and what the player must decide next. No atmosphere.",
}


def system_name(system: str) -> str:
    """The system's printed title (``Ironsworn: Starforged``), or its id when the engine does not know it."""
    try:
        return get_ruleset(system).title or system
    except AssistantError:
        return system


def instructions(task: str, system: str, style: str) -> str:
    """The filled-in prompt of ``task`` for ``system`` in ``style``."""
    name = TASK_PROMPTS.get(task, "narrate")
    try:
        return load_prompt(name).format(system_name=system_name(system), style_rule=STYLE_RULES.get(style, STYLE_RULES["vivid"]))
    except (KeyError, IndexError, ValueError) as exc:
        raise ConfigError(
            f"Prompt file {name}.txt has a bad placeholder ({exc}); it may use {{system_name}} and {{style_rule}}, "
            "and literal braces must be doubled."
        ) from None
