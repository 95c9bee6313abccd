"""What the chat reads in a player's message and says back in its own words: whether a message could be an action
at all, and an engine message with the chat's commands in place of the terminal's."""

from __future__ import annotations

import re

from assistant.engine.word_lists import and_list  # noqa: F401 - the chat's lists read as the engine's and the narration's
from assistant.narrate.line_grammar import INTERJECTIONS
from assistant.suggest.catalog import moves_for
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


#: Words that make a short line someone's deed though no verb is there ("me first!", "my turn").
_PEOPLE = frozenset(
    {"i", "we", "me", "my", "us", "our", "you", "your", "he", "she", "they", "him", "her", "them", "his", "their"}
)
#: A short line of this many words or fewer with no verb, no move's word and no one in it is no action ("banana").
SHORT_LINE = 3


def _verb_in(word: str) -> bool:
    """``word`` is a verb the narration knows, as typed or in a form of it ("hides", "ambushed", "running")."""
    from assistant.narrate.verbs import is_verb

    if is_verb(word):
        return True
    stems = [
        word[: -len(end)] + add
        for end, add in (("ies", "y"), ("es", ""), ("s", ""), ("ed", ""), ("ed", "e"), ("d", ""), ("ing", ""), ("ing", "e"))
        if word.endswith(end)
    ]
    stems += [s[:-1] for s in stems if len(s) > 3 and s[-1] == s[-2]]  # "running": run
    return any(is_verb(s) for s in stems if len(s) > 1)


def could_be_action(text: str, system: str, names: tuple[str, ...] = ()) -> bool:
    """Whether the words could be an action. Not: letters that are no word ("asdf"), interjections ("lol"), nor a
    short line with no verb, no word of a move or its cues, no one acting and no character named ("banana", "the
    door"): "I hide", "attack", "run!", "sword!" (Hack & Slash's cue) and "Mara?" still are."""
    from assistant.suggest.cues import match_cues

    if not has_action_words(text, system):
        return False
    mended = mend(text, system)
    words = [w.lower().strip("’'") for w in re.findall(r"[A-Za-z’']+", mended)]
    if not words or len(words) > SHORT_LINE or re.search(r"\d", text):
        return True
    named = {n.lower() for name in names for n in name.split()}
    if _PEOPLE & set(words) or named & set(words) or any(_verb_in(w) for w in words):
        return True
    if any(boost > 0 for boost in match_cues(system, mended).move_boost.values()):
        return True
    moves = {w.lower() for m in moves_for(system) for w in re.findall(r"[A-Za-z]+", m.name) if len(w) > 3}
    return bool(moves & set(words))


def no_action_reply(text: str, system: str) -> str:
    """The short reply to a line that is no action, question or command ("banana"): what the player can type."""
    from assistant.chat.help_text import example_move
    from assistant.engine import get_ruleset

    move = example_move(get_ruleset(system))
    ask = f" (“how does {move.name.lower()} work?”)" if move is not None else ""
    said = " ".join(text.split())
    said = said if len(said) <= 40 else said[:40].rstrip() + "…"
    return (
        f"“{said}” is not something I can read as an action. Tell me what your character does (“I slip past the guard”), "
        f"ask about the rules{ask}, or type /help for the commands."
    )


def meta_reply(system: str) -> str:
    """What the chat is for, said with the game's own examples (a Blades player is not told of momentum, stations or an
    oracle the game does not have)."""
    from assistant.chat.game_lacks import example_question
    from assistant.chat.help_text import example_move
    from assistant.engine import get_ruleset

    ruleset = get_ruleset(system)
    move = example_move(ruleset)
    rules = f" (“how does {move.name.lower()} work?”)" if move is not None else ""
    if any(m.roll.type == "oracle" for m in ruleset.moves):
        story = f", or a yes/no question about the story (“{example_question(system)}”) for the oracle"
    else:
        story = f"; {ruleset.gm} answers questions about the story"
    return (
        "Tell me what your character does (“I slip past the sentry”) and I'll suggest the moves that fit, with their odds; "
        f"confirm one to roll it. Ask a rules question{rules} for cited rules{story}.\n\n"
    )


def waits_first(note: str) -> str:
    """A pick still waiting ("Arcane Art still waits for your pick ..."), said before a reply to "ok" or "how do I
    play?", with a blank line after it; "" when none waits."""
    return f"{note}\n\n" if note else ""
