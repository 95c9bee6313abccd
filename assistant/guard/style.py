"""Style faults fixed rather than shown: narration that calls the player "the player" is second person again.

A model told to write "you" sometimes writes "the player looks around". That is not a lie about the engine,
so it is not a violation; it is rewritten ("you look around") before the guard reads the sentence.
"""

from __future__ import annotations

import re

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


def second_person_fix(text: str) -> str:
    """``The player's blade flashes; the player ducks.`` -> ``Your blade flashes; you duck.`` ("the player character"
    and "the players" are the player too: ``The players shout`` -> ``You shout``)."""
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
