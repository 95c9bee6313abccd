"""A rule's words to the one who makes a move ("you deal your damage") told of another character making it ("they
deal their damage"), for the picks on Mara's move: the player reads them as Mara's, not their own.

The singular "they" keeps the verbs as the rules write them ("you have" -> "they have"), so only pronouns change;
"you" after a verb or a preposition is the object ("leave you vulnerable" -> "leave them vulnerable")."""

from __future__ import annotations

import re

from assistant.engine.model import Result
from assistant.narrate.effect_lines import effect_line

__all__ = ["of_them", "on_their_sheet", "theirs_listed"]

_SAME = {"your": "their", "yours": "theirs", "yourself": "themselves", "you're": "they're", "you've": "they've",
         "you'll": "they'll", "you'd": "they'd", "you’re": "they’re", "you’ve": "they’ve", "you’ll": "they’ll"}  # fmt: skip
#: Words after which "you" is the object: "leave you", "to you", "against you".
_BEFORE_OBJECT = frozenset(
    re.findall(
        r"\w+",
        "leave leaves left to for on at with against give gives gave hit hits help helps attack attacks target targets "
        "toward towards from of by let lets make makes than upon around beside behind into onto about near reach "
        "reaches cost costs protect protects harm harms",
    )
)
_WORD = re.compile(r"[A-Za-z’']+")


def _cased(original: str, word: str) -> str:
    return word[:1].upper() + word[1:] if original[:1].isupper() else word


def of_them(text: str) -> str:
    """``You deal your combat damage if you have a weapon`` -> ``They deal their combat damage if they have a
    weapon``; ``the attack does not leave you vulnerable`` -> ``... leave them vulnerable``."""
    out: list[str] = []
    last = 0
    previous = ""
    for m in _WORD.finditer(text):
        word = m.group(0)
        low = word.lower()
        if low in _SAME:
            new = _cased(word, _SAME[low])
        elif low == "you":
            new = _cased(word, "them" if previous in _BEFORE_OBJECT else "they")
        else:
            new = word
        out.append(text[last : m.start()] + new)
        last = m.end()
        previous = low
    out.append(text[last:])
    return "".join(out)


def on_their_sheet(result: Result, changes: list[str], whose: str) -> list[str]:
    """The changes of another character's move, the first one on their sheet said to be there ("On Mara's sheet,
    focus 2 → 1."); a track or clock the move starts or marks is the campaign's, told before it as it is."""
    records = {effect_line(e) for e in result.effects if e.kind in ("progress", "clock")}
    first = next((i for i, line in enumerate(changes) if line not in records), None)
    if first is None:
        return changes
    line = changes[first]
    return [*changes[:first], f"On {whose}'s sheet, {line[:1].lower()}{line[1:]}", *changes[first + 1 :]]


def theirs_listed(text: str) -> str:
    """A choice as the card lists it (its prompt, then its options), the options told of them."""
    head, _, options = text.partition("\n")
    return f"{head}\n{of_them(options)}" if options else head
