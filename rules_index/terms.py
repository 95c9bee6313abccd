"""Words as the rules ranking compares them: one form for the inflections of a word.

"scavenging" and "Scavenge", "downtimes" and "downtime", "I'm" and "I", "swore" and "swear" must meet on
the same term, or a question that uses another inflection than the text looks as if it used a word the
texts never do. :func:`terms` folds contractions, a list of irregular English verb forms and the common
suffixes (plural, -ing, -ed, -ation, a final e) into one stem. It is only ever compared with itself, so
the stems need not be words.
"""

from __future__ import annotations

import re

STOPWORDS = frozenset(
    [
        "a",
        "an",
        "and",
        "are",
        "as",
        "at",
        "be",
        "but",
        "by",
        "can",
        "do",
        "does",
        "for",
        "from",
        "had",
        "has",
        "have",
        "how",
        "i",
        "if",
        "in",
        "into",
        "is",
        "it",
        "its",
        "me",
        "my",
        "of",
        "on",
        "or",
        "so",
        "than",
        "that",
        "the",
        "their",
        "them",
        "then",
        "there",
        "these",
        "they",
        "this",
        "to",
        "was",
        "we",
        "what",
        "when",
        "where",
        "which",
        "who",
        "why",
        "will",
        "with",
        "you",
        "your",
        "yours",
        # pronouns and function words a GM's question carries that name no rule ("rat out his own boss")
        "he",
        "she",
        "him",
        "her",
        "his",
        "hers",
        "us",
        "were",
        "been",
        "being",
        "did",
        "anything",
        "anyone",
        "i'm",
        "our",
        "rules",
        "rule",
        "happens",
        "happen",
    ]
)

_TOKEN = re.compile(r"[a-z0-9]+(?:[+-][a-z0-9]+)*")
_CONTRACTION = re.compile(r"(?<=[a-z])['’](?:s|m|re|ll|ve|d|t)\b")

#: Irregular English verb forms -> their base (general English, not any one text's vocabulary).
IRREGULAR = {
    "ate": "eat",
    "eaten": "eat",
    "began": "begin",
    "begun": "begin",
    "bit": "bite",
    "bitten": "bite",
    "bought": "buy",
    "broke": "break",
    "broken": "break",
    "brought": "bring",
    "caught": "catch",
    "chose": "choose",
    "chosen": "choose",
    "dealt": "deal",
    "died": "die",
    "dying": "die",
    "drank": "drink",
    "drunk": "drink",
    "drew": "draw",
    "drawn": "draw",
    "fed": "feed",
    "fell": "fall",
    "fallen": "fall",
    "felt": "feel",
    "fled": "flee",
    "fought": "fight",
    "found": "find",
    "gave": "give",
    "given": "give",
    "got": "get",
    "gotten": "get",
    "held": "hold",
    "hid": "hide",
    "hidden": "hide",
    "kept": "keep",
    "knew": "know",
    "known": "know",
    "led": "lead",
    "lost": "lose",
    "lying": "lie",
    "made": "make",
    "met": "meet",
    "paid": "pay",
    "ran": "run",
    "rode": "ride",
    "said": "say",
    "saw": "see",
    "seen": "see",
    "sent": "send",
    "slain": "slay",
    "sold": "sell",
    "spent": "spend",
    "stole": "steal",
    "stolen": "steal",
    "struck": "strike",
    "swore": "swear",
    "sworn": "swear",
    "taken": "take",
    "took": "take",
    "taught": "teach",
    "thought": "think",
    "threw": "throw",
    "thrown": "throw",
    "told": "tell",
    "woke": "wake",
    "won": "win",
    "wore": "wear",
    "worn": "wear",
    "wrote": "write",
    "written": "write",
    "dwarves": "dwarf",
    "elves": "elf",
    "halves": "half",
    "knives": "knife",
    "thieves": "thief",
    "werewolves": "werewolf",
    "wolves": "wolf",
}
_VOWEL = re.compile(r"[aeiouy]")
_DOUBLE = re.compile(r"([bdfgkmnprt])\1$")  # "flipped" -> "flipp" -> "flip"


def stem(word: str) -> str:
    """One form for a word's inflections (a light, consistent stemmer; see the module docstring)."""
    word = IRREGULAR.get(word, word)
    if len(word) <= 3:
        return word[:-1] if len(word) == 3 and word.endswith("e") else word  # "use" and "used" meet on "us"
    if word.endswith("ies") and len(word) > 4:
        word = word[:-3] + "y"
    elif word.endswith(("sses", "xes", "zes", "ches", "shes")):
        word = word[:-2]
    elif word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    if word.endswith("ation") and len(word) > 7:
        word = word[:-5] if len(word) > 8 else word[:-3]  # "exploration" -> "explor", "creation" -> "creat"
    else:
        for suffix in ("ing", "ed"):
            rest = word[: -len(suffix)]
            if word.endswith(suffix) and _VOWEL.search(rest) and not (suffix == "ed" and rest.endswith("e")):
                word = _DOUBLE.sub(r"\1", rest) if len(rest) > 3 else rest  # not "bring", "thing", "need"
                break
    if word.endswith("e") and len(word) > 2:
        word = word[:-1]
    return word


#: What is left of "don't", "isn't" ... once the contraction is folded.
_NEGATIONS = frozenset(["don", "doesn", "didn", "isn", "aren", "wasn", "weren", "haven", "hasn", "couldn", "wouldn", "shouldn"])


def terms(text: str) -> list[str]:
    """The text's words as compared by the rules ranking: lower-cased, stop-word-free, stemmed."""
    text = _CONTRACTION.sub("", text.lower().replace("&", " and ").replace("can't", "can").replace("won't", "will"))
    return [stem(t) for t in _TOKEN.findall(text) if t not in STOPWORDS and t not in _NEGATIONS]
