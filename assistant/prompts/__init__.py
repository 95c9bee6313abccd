"""The prompt files, one per task (``<name>.txt`` beside this module), read as package resources.

They ship inside the wheel, so an installed app finds them wherever it runs::

    from assistant.prompts import load_prompt
    text = load_prompt("narrate")
"""

from __future__ import annotations

from importlib import resources
from importlib.resources.abc import Traversable

from assistant.engine.errors import ConfigError

#: Where the prompt files are (a package resource folder; tests may point it elsewhere).
PROMPTS_DIR: Traversable = resources.files(__name__)


def load_prompt(name: str) -> str:
    """The text of ``<name>.txt``, stripped; a :class:`ConfigError` that names the file when it is missing."""
    path = PROMPTS_DIR / f"{name}.txt"
    try:
        return path.read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        raise ConfigError(
            f"Prompt file {name}.txt is missing from the prompts folder ({PROMPTS_DIR}). Restore it from the "
            "repository or reinstall the package."
        ) from None
    except OSError as exc:
        raise ConfigError(f"Prompt file {name}.txt cannot be read ({exc.strerror}). Check its permissions.") from None
