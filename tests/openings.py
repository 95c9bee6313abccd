"""The engine's opening of a model-narrated move: the player's words as an attempt and a line for the outcome's tier,
shown before the model's story (:func:`assistant.narrate.story_facts.move_opening`)."""

from __future__ import annotations

from assistant.narrate.outcome_prose import TONES


def split_opening(text: str, family: str) -> tuple[str, str]:
    """The opening (ending with a line of ``family``'s tone: "strong", "weak" or "miss") and the model's story after it."""
    for line in TONES[family]:
        head, sep, rest = text.partition(line)
        if sep and head.count(".") <= 2:
            return (head + sep).strip(), rest.strip()
    raise AssertionError(f"no {family} opening in {text!r}")
