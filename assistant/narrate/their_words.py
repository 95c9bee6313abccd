"""A rule's words to the one who makes a move ("you deal your damage") told of another character making it ("they
deal their damage"), for the picks on Mara's move: the player reads them as Mara's, not their own.

The singular "they" keeps the verbs as the rules write them ("you have" -> "they have"), so only pronouns change;
"you" after a verb or a preposition is the object ("leave you vulnerable" -> "leave them vulnerable")."""

from __future__ import annotations

import re

from assistant.engine.model import Result
from assistant.narrate.effect_lines import effect_line

__all__ = ["of_someone", "of_them", "rows_of", "on_their_sheet", "theirs_listed"]

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
#: Verbs after "you" that make it the subject, whatever comes before ("on a hit, you are both in control").
_SUBJECT_VERBS = frozenset(
    {"are", "were", "have", "had", "do", "did", "can", "cannot", "could", "will", "would", "must", "may", "might", "shall",
     "should", "take", "make", "choose", "gain", "lose", "suffer", "mark", "roll", "deal", "both"}
)  # fmt: skip


def _cased(original: str, word: str) -> str:
    return word[:1].upper() + word[1:] if original[:1].isupper() else word


def of_them(text: str) -> str:
    """``You deal your combat damage if you have a weapon`` -> ``They deal their combat damage if they have a
    weapon``; ``the attack does not leave you vulnerable`` -> ``... leave them vulnerable``."""
    out: list[str] = []
    last = 0
    previous = ""
    tokens = list(_WORD.finditer(text))
    for i, m in enumerate(tokens):
        word = m.group(0)
        low = word.lower()
        after = tokens[i + 1].group(0).lower() if i + 1 < len(tokens) else ""
        if low in _SAME:
            new = _cased(word, _SAME[low])
        elif low == "you":  # "strong hit: you are both in control": a subject, though "hit" may lead to an object
            subject = after in _SUBJECT_VERBS or previous not in _BEFORE_OBJECT
            new = _cased(word, "they" if subject else "them")
        else:
            new = word
        out.append(text[last : m.start()] + new)
        last = m.end()
        previous = low
    out.append(text[last:])
    return "".join(out)


#: The verbs a rule's "you" takes that do not take a plain -s for someone named ("you are" -> "Mara is").
_NAMED_VERBS = {"are": "is", "were": "was", "have": "has", "do": "does", "go": "goes", "’re": "’s", "'re": "'s"}


def _for_one(verb: str) -> str:
    """``verb`` as it follows one person named: "face" -> "faces", "encounter" -> "encounters", "carry" -> "carries"."""
    low = verb.lower()
    if low in _NAMED_VERBS:
        return _NAMED_VERBS[low]
    if re.search(r"(?:s|sh|ch|x|z|o)$", low):
        return verb + "es"
    if re.search(r"[^aeiou]y$", low):
        return verb[:-1] + "ies"
    return verb + "s"


def of_someone(text: str, who: str) -> str:
    """A rule's words to the one who pays ("You are stressed", "A friend or ally is in harm's way (or you are, if
    alone)") told of ``who`` ("Mara is stressed", "... (or Mara is, if alone)"): "you" as a subject takes the verb
    after it for one person, as an object or after a preposition it is the name, "your" is the name's."""
    tokens = list(_WORD.finditer(text))
    out: list[str] = []
    last = 0
    skip: int | None = None
    for i, m in enumerate(tokens):
        if i == skip:
            continue
        word, low = m.group(0), m.group(0).lower()
        previous = tokens[i - 1].group(0).lower() if i else ""
        new, end = word, m.end()
        if low in ("your", "yours"):
            new = f"{who}'s"
        elif low in ("yourself", "yourselves"):
            new = "themself"
        elif low in ("you're", "you’re"):
            new = f"{who} is"
        elif low == "you":
            following = tokens[i + 1] if i + 1 < len(tokens) else None
            verb_next = following is not None and not text[m.end() : following.start()].strip()
            if previous not in _BEFORE_OBJECT and following is not None and verb_next:  # "you are" -> "Mara is"
                new, end, skip = f"{who} {_for_one(following.group(0))}", following.end(), i + 1
            else:  # "against you", "(or you, ...)"
                new = who
        out.append(text[last : m.start()] + new)
        last = end
    out.append(text[last:])
    return "".join(out)


def rows_of(text: str, rows: list[str], who: str) -> str:
    """``text`` with each of a table's ``rows`` in it told of ``who`` (the price of Mara's move: "Mara is stressed"),
    also where a row is told mid-sentence ("As you ..., you are stressed")."""
    for row in rows:
        told = of_someone(row, who)
        named_first = re.match(r"you", row, re.I) is not None  # "Mara is stressed": the name keeps its capital
        text = text.replace(row, told).replace(row[:1].lower() + row[1:], told if named_first else told[:1].lower() + told[1:])
    return text


def on_their_sheet(result: Result, changes: list[str], whose: str) -> list[str]:
    """The changes of another character's move, the first one on their sheet said to be there ("On Mara's sheet,
    focus 2 → 1."); a track or clock the move starts or marks is the campaign's, told before it as it is."""
    records = {effect_line(e) for e in result.effects if e.kind in ("progress", "clock")}
    changes = [line if line in records else of_someone(line, whose) for line in changes]  # "until Mara rests"
    first = next((i for i, line in enumerate(changes) if line not in records), None)
    if first is None:
        return changes
    line = changes[first]
    return [*changes[:first], f"On {whose}'s sheet, {line[:1].lower()}{line[1:]}", *changes[first + 1 :]]


def theirs_listed(text: str, who: str) -> str:
    """A choice as the card lists it (its prompt, then its options) told of ``who``, who made the move: the prompt
    names them ("Your spell fails" -> "Mara's spell fails"), the options say "they" ("They become vulnerable")."""
    head, _, options = text.partition("\n")
    head = of_someone(head, who)
    return f"{head}\n{of_them(options)}" if options else head
