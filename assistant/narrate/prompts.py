"""Prompt files (``prompts/<name>.txt``, one per task) and the fields they are filled with."""

from __future__ import annotations

from pathlib import Path

from assistant.engine.errors import AssistantError, ConfigError
from assistant.engine.registry import get_ruleset

PROMPTS_DIR = Path(__file__).resolve().parents[2] / "prompts"

#: The prompt file of each narration task.
TASK_PROMPTS: dict[str, str] = {
    "narrate": "narrate",
    "table": "narrate",
    "oracle": "interpret_oracle",
    "pay_the_price": "interpret_pay_the_price",
}

STYLE_RULES: dict[str, str] = {
    "vivid": (
        "Style: vivid. At most 150 words in two or three short paragraphs: a sentence or two of scene built on the "
        "player's intent, then the outcome and what it means. Add atmosphere, never facts."
    ),
    "terse": (
        "Style: terse. At most three sentences: the outcome, what changed, and what the player must choose or do "
        "next. No atmosphere."
    ),
}


def load_prompt(name: str) -> str:
    """The text of ``prompts/<name>.txt``; a :class:`ConfigError` that names the file when it is missing."""
    path = PROMPTS_DIR / f"{name}.txt"
    try:
        return path.read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        raise ConfigError(
            f"Prompt file prompts/{name}.txt is missing (looked in {PROMPTS_DIR}). Restore it from the repository "
            "or reinstall the package."
        ) from None
    except OSError as exc:
        raise ConfigError(f"Prompt file prompts/{name}.txt cannot be read ({exc.strerror}). Check its permissions.") from None


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
            f"Prompt file prompts/{name}.txt has a bad placeholder ({exc}); it may use {{system_name}} and {{style_rule}}, "
            "and literal braces must be doubled."
        ) from None
