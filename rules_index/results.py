"""The dice results a rules question names and the outcome lines that cover them: "I rolled a 7" names 7, and "On a
7-9, the spell is cast" covers 7 to 9; a table row the question names by its first cell ("Wanted Level 2: …")."""

from __future__ import annotations

import re

#: A number a question gives, also at a sentence's end ("got an 11."), not a decimal's part ("1.5").
_ROLLED = re.compile(r"(?<![\w.+-])(\d{1,3})(?!\w|\.\d)")
#: The question speaks of a roll's result (not of a level, a tier or an amount).
_ROLL_TALK = re.compile(
    r"\b(?:roll\w*|got an?|came (?:up|out)|result|scored?|total)\b|\d\s*(?:\+|-\s*\d|or (?:less|more|lower|higher))"
    # "got 11 on use power", "12 on transit", "an 8 on the gear check"
    r"|\bgot\s+\d|(?:^|\s)(?:an?\s+)?\d{1,3}\s+on\s+(?:the\s+|my\s+)?[a-z]",
    re.I,
)
_RESULT = re.compile(r"^\W*(\d{1,3})\s*(?:(\+)|[-–]\s*(\d{1,3})|/\s*(\d{1,3})|(-)|(?=\s*[:|]))(?!\w)")


def rolled_numbers(question: str) -> set[int]:
    """The dice results a question names ("I rolled a 7", "6 or less", "10+"): numbers 1-100, when the
    question speaks of a roll's result at all."""
    if not _ROLL_TALK.search(question):
        return set()
    return {int(n) for n in _ROLLED.findall(question) if 1 <= int(n) <= 100}


#: A row keyed by a name and a number ("Wanted Level 2: Several months.", "Magnitude 3: area several rooms ...").
_KEYED_ROW = re.compile(r"^\W*([a-z][a-z' ]{2,30}?\s\d{1,3}\+?)\s*:", re.I)


def names_the_row(question: str, sentence: str) -> bool:
    """Is ``sentence`` a table row whose first cell (at least four letters), or a row keyed by a name and a
    number ("Wanted Level 2: ..."), the question names?"""
    keyed = _KEYED_ROW.match(sentence)
    if keyed:
        label = " ".join(re.findall(r"[a-z0-9]+", keyed.group(1).lower()))
        text = " ".join(re.findall(r"[a-z0-9/]+", question.lower()))
        return re.search(rf"\b{re.escape(label)}\b", text) is not None
    if "|" not in sentence:
        return False
    cells = [c.strip(" .*") for c in sentence.strip().strip("|").split("|")]
    label = " ".join(re.findall(r"[a-z0-9/]+", cells[0].lower())) if cells else ""
    text = " ".join(re.findall(r"[a-z0-9/]+", question.lower()))
    return len(label) >= 4 and not label[0].isdigit() and re.search(rf"\b{re.escape(label)}\b", text) is not None


#: "On a 7–9, the spell is cast" / "✴On a 10+ ...": the outcome line's range follows the words.
_ON_A = re.compile(r"^\W*on\s+an?\s+(?=\d)", re.I)


def result_range(sentence: str) -> range:
    """The results an outcome line covers: "10+" 10-100, "6-" 1-6, "7 - 9" 7-9, "4/5" 4-5, "1-10 | ..." 1-10,
    "6: ..." 6, "On a 7-9, ..." 7-9; an empty range for any other sentence."""
    m = _RESULT.match(_ON_A.sub("", sentence))
    if not m:
        return range(0)
    low = int(m.group(1))
    if m.group(2):
        return range(low, 101)
    if m.group(5):
        return range(1, low + 1)
    high = int(m.group(3) or m.group(4) or low)
    return range(low, high + 1) if high >= low else range(0)
