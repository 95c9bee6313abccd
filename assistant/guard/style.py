"""Style faults fixed rather than shown: narration that calls the player "the player" is second person again.

A model told to write "you" sometimes writes "the player looks around". That is not a lie about the engine,
so it is not a violation; it is rewritten ("you look around") before the guard reads the sentence. So is the
player's own character called by name ("The enforcer attacks, and Kira must decide whether to fight or flee.",
"Kira's hands shake"), when the sentence has no he or she the name might stand behind: "Kira reaches a milestone on
her vow" stays as written rather than become "You reach a milestone on her vow".
"""

from __future__ import annotations

import re
from collections.abc import Sequence

_IRREGULAR = {"is": "are", "was": "were", "has": "have", "does": "do", "goes": "go", "'s": "'re"}
_PLAYER_VERB = re.compile(r"\b(?P<the>[Tt]he player)(?P<verb>'s\s+(?=[a-z]+ing\b)|\s+[a-z]+s\b)?")
_CHARACTER = re.compile(r"\b([Tt]he player)\s+character\b(?!s)")
_PLURAL = re.compile(r"\b([Tt])he players\b(?!['’\w])")
_PLURAL_POSSESSIVE = re.compile(r"\b([Tt])he players['’](?!\w)")
_POSSESSIVE = re.compile(r"\b([Tt])he player's\b(?!\s+[a-z]+ing\b)")


def _base(verb: str) -> str:
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    if verb.endswith(("ches", "shes", "sses", "xes", "zes", "oes")):
        return verb[:-2]
    return verb[:-1] if verb.endswith("s") and not verb.endswith("ss") else verb


def second_person_fix(text: str, names: Sequence[str] = ()) -> str:
    """``The player's blade flashes; the player ducks.`` -> ``Your blade flashes; you duck.`` ("the player character"
    and "the players" are the player too: ``The players shout`` -> ``You shout``). ``names``: the player's own
    character's names, told as "you" the same way (see the module docstring)."""
    for name in names:
        text = _named_fix(text, name)
    text = _CHARACTER.sub(lambda m: m.group(1), text)
    text = _PLURAL_POSSESSIVE.sub(lambda m: "Your" if m.group(1) == "T" else "your", text)
    text = _PLURAL.sub(lambda m: "You" if m.group(1) == "T" else "you", text)
    text = _POSSESSIVE.sub(lambda m: "Your" if m.group(1) == "T" else "your", text)

    def swap(m: re.Match[str]) -> str:
        you = "You" if m.group("the")[0] == "T" else "you"
        verb = m.group("verb")
        if not verb:
            return you
        if verb.startswith("'s"):
            return you + "'re "
        word = verb.strip()
        return f"{you} {_base(word)}"

    return _PLAYER_VERB.sub(swap, text)


#: He or she (any case) in a sentence: the name might stand behind it, and "you" would leave it pointing at no one.
_THIRD_PERSON = re.compile(r"\b(?:he|she|him|her|his|hers|himself|herself)\b", re.IGNORECASE)
#: Words after a name that make it the subject of a clause told of the character: "Kira must", "Kira is".
_MODALS = frozenset({"must", "can", "could", "will", "would", "should", "may", "might", "cannot", "can't", "won't"})


def _named_fix(text: str, name: str) -> str:
    """``name`` told as "you" in ``text`` (see :func:`second_person_fix`); unchanged when a he or she is there."""
    name = name.strip()
    if len(name) < 2 or not re.search(rf"\b{re.escape(name)}\b", text) or _THIRD_PERSON.search(text):
        return text
    named = re.escape(name)
    if re.search(rf"\b{named}\s+(?:and|or|&)\s+(?:[A-Z]|the\b)|\b(?:[A-Z]\w*|the\s+\w+)\s+(?:and|or|&)\s+{named}\b", text):
        return text  # "Kira and Mara run": "you and Mara runs" would need the verb undone too

    def swap(m: re.Match[str]) -> str:
        start = m.start() == 0 or text[: m.start()].rstrip().endswith((".", "!", "?", '"', "\u201c"))
        you = "You" if start else "you"
        if m.group("poss"):
            return "Your" if start else "your"
        verb = m.group("verb")
        if not verb:
            return you
        word = verb.strip()
        if word in _MODALS:
            return f"{you} {word}"
        return f"{you} {_base(word)}"

    pattern = re.compile(
        rf"\b{re.escape(name)}(?:(?P<poss>['\u2019]s\b)|(?P<verb>\s+(?:{'|'.join(sorted(_MODALS))}|[a-z]+s)\b)?)"
    )
    return pattern.sub(swap, text)
