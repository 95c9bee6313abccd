"""Aid Your Ally's picks told with the people in them named as the player says them: "Secure an Advantage (on a hit,
Kira takes the benefits)" when the player aids Kira; "(on a hit, you take the benefits)" when Kira aids the player,
where the rule's "your ally" read "their ally" of the player themself."""

from __future__ import annotations

import re

from assistant.narrate.their_words import of_them

__all__ = ["AID_MOVE", "aid_told"]

#: The move whose picks name an ally.
AID_MOVE = "aid_your_ally"

_ALLY = re.compile(r"\byour ally\b(?P<instead> \(instead of you\))?(?: (?P<verb>takes|is)\b)?")
_BOTH = re.compile(r"\byou are both\b", re.I)
_AIDER = re.compile(r"\b(?:but )?you(?P<are> are)? in a bad spot\b", re.I)
_YOU_VERBS = {"takes": "take", "is": "are"}


def _cased(original: str, word: str) -> str:
    return word[:1].upper() + word[1:] if original[:1].isupper() else word


def aid_told(text: str, ally: str, actor: str = "") -> str:
    """``text`` (a pick of Aid Your Ally, in the rule's words to the one aiding) told of who is in it: ``ally`` is the
    name of the one aided, or "" for the one playing; ``actor`` the name of the one aiding, or "" for the one playing.
    The rest of the text is told of the actor as :func:`of_them` tells it."""
    kept: list[str] = []

    def keep(told: str) -> str:
        kept.append(told)
        return f"\x00{len(kept) - 1}\x00"

    def ally_part(m: re.Match[str]) -> str:
        who = ally or "you"
        verb = m.group("verb") or ""
        if verb and not ally:
            verb = _YOU_VERBS[verb.lower()]
        instead = f" (instead of {actor or 'you'})" if m.group("instead") else ""
        return keep(_cased(m.group(0), who) + instead + (f" {verb}" if verb else ""))

    def aider_part(m: re.Match[str]) -> str:
        if not actor:
            return m.group(0)
        but = "but " if m.group(0).lower().startswith("but ") else ""
        return keep(f"{but}{actor}{' is' if m.group('are') else ''} in a bad spot")

    out = re.sub(r"\bAid Your Ally\b", lambda m: keep(m.group(0)), text)  # the move's name, not a person
    out = _ALLY.sub(ally_part, out)
    out = _AIDER.sub(aider_part, out)
    if actor and not ally:  # the one playing is one of the two: "you are both in control"
        out = _BOTH.sub(lambda m: keep(m.group(0)), out)
    if actor:
        out = of_them(out)
    return re.sub(r"\x00(\d+)\x00", lambda m: kept[int(m.group(1))], out)
