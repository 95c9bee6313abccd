"""What the chat reads in a player's message and says back in its own words: whether a message could be an action
at all, and an engine message with the chat's commands in place of the terminal's."""

from __future__ import annotations

import re

from assistant.engine.word_lists import and_list  # noqa: F401 - the chat's lists read as the engine's and the narration's
from assistant.narrate.intent import INTERJECTIONS
from assistant.suggest.spelling import english_words, mend, system_words

_CLI_HINTS = (
    (re.compile(r"`assistant moves(?: --system [\w-]+)?`"), "/moves"),
    (re.compile(r"`assistant tables(?: --system [\w-]+)?`"), "/tables"),
)


def in_chat_words(message: str) -> str:
    """An engine message as the chat says it: the chat's own commands instead of the terminal's."""
    for pattern, command in _CLI_HINTS:
        message = pattern.sub(command, message)
    return message


def has_action_words(text: str, system: str) -> bool:
    """Whether the words could be an action: not only "ok", "lol", "hmm", nor letters that are no word at all
    ("asdfgh"). Without the English word list every message counts as one."""
    words = [w.lower() for w in re.findall(r"[A-Za-z’']+", mend(text, system))]
    if not words:
        return True  # numbers, symbols: the usual turn says what to do
    if all(w in INTERJECTIONS for w in words):
        return False
    english = english_words()
    return not english or any(w in english or w in system_words(system) for w in words)
