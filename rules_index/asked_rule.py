"""The rule a question asks for by name, and whether the texts ever use that name.

"are there aging rules", "rules for fighting on horseback", "how does torpor work", "is there a list of powers
to pick from when I make my tech-witch": the question names the thing it wants rules for. When the system's
texts never use the words of that name, they have no rule for it, however close a passage about something
else comes (the nearest passage to "aging rules" in Starforged is the one about continuing a legacy). A
question told as a story has no such name and is not judged by it: its slang is missing from the texts for
the other reason (the texts name the action otherwise).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from rules_index.slang import in_rules_words

#: "rules for X", "a rule about X", "mechanics of X", "a list of X", "a table for X".
_RULES_FOR = re.compile(r"\b(?:rules?|mechanics?|list|table)\s+(?:for|about|on|of|covering)\s+(?P<name>[^,.?;:!]+)", re.I)
#: "X rules", "any X mechanics": the words just before (a name of at most four words).
_NAMED_RULES = re.compile(r"(?P<name>(?:\b[\w'-]+\s+){1,4}?)(?:rules|rule|mechanics)\b(?!\s+(?:for|about|on|of)\b)", re.I)
#: "how does X work", "how do Xs work", "how is X handled".
_HOW_WORKS = re.compile(r"\bhow\s+(?:does|do|is|are)\s+(?P<name>[\w' -]{3,40}?)\s+(?:work|works|handled|done)\b", re.I)
#: "is there a morale check", "is there an air clock?", "is there some upkeep cost": a name of one to three words
#: up to a preposition, a clause or the end of the question.
_IS_THERE = re.compile(
    r"\bis\s+there\s+(?:a|an|any|some)\s+(?P<name>(?:[\w'-]+\s+){0,2}?[\w'-]+)"
    r"(?=\s+(?:for|on|to|when|where|that|which|like|in|with|so|if|after|before|of|or)\b|\s*[,.?;:!]|\s*$)",
    re.I,
)
_OR_WHAT = re.compile(r"\bor\s+(?:what|how)\b", re.I)
#: Words that name the kind of a mechanic, not what it is about: "is there a floor?", "is there a penalty for ...",
#: "any mechanical upside": the texts may say it in other words, so only the other words of the name count.
KINDS = frozenset(
    re.findall(
        r"\w+",
        "bonus penalty upside downside floor cap limit maximum minimum minus plus catch reason way move roll rule option "
        "cost check table list mechanic mechanical system track clock thing point",
    )
)
#: What a penalty, bonus or cost of :data:`KINDS` is for, after it ("... on her rolls for being intoxicated", "... for
#: piloting a ship I'm not trained on"), up to the end of the clause.
_KIND_FOR = re.compile(
    r"(?:\s+(?:on|to)\s+(?:[\w'-]+\s+){0,3}?[\w'-]+)?\s+(?:for|when|while)\s+"
    r"(?P<name>(?:(?!(?:when|if|while|and|or|so|because|since|that|which|unless)\b)[^,.?;:!\s]+\s*)+)",
    re.I,
)
#: The words of that case read as its name (the thing it is for comes first: "fighting blind", "being intoxicated").
_CASE_WORDS = 4
#: Words before "rules" that do not name a rule ("are there rules", "any rules", "the rules").
_NOT_A_NAME = re.compile(r"^(?:are|is|there|any|the|a|an|some|what|which|your|our|my|its|house|special|official)$", re.I)
#: Words of a case that only pick one of a kind ("starting another racket", "a second scheme"): not its name.
_NOT_A_CASE = re.compile(rf"{_NOT_A_NAME.pattern}|^(?:another|other|second|more)$", re.I)


def asked_rule_name(question: str, asking_only: bool = False) -> str:
    """The words the question names the rule it asks for with ("" when it names none).

    ``asking_only``: only a name the question asks for ("is there a rule for ...", "how does X work", "is there an
    upkeep cost"), not one it mentions in passing ("the duel rules only list fighters").
    """
    for pattern in (_RULES_FOR, _HOW_WORKS) if asking_only else (_RULES_FOR, _HOW_WORKS, _NAMED_RULES):
        found = pattern.search(question)
        if found:
            words = [w for w in found.group("name").split() if not _NOT_A_NAME.match(w)]
            if words:
                return " ".join(words)
    found = _IS_THERE.search(question)
    # "is there a backfire table like the other game's, or what happens to me?": the name is only a guess at the
    # answer, and the question asks what happens whatever the rule is called
    if found and not _OR_WHAT.search(question, found.end()):
        name = " ".join(w for w in found.group("name").split() if w.lower() not in KINDS)
        # "is there a penalty on her rolls for being intoxicated?": a name of kind words only is named by what it is for
        case = _KIND_FOR.match(question, found.end()) if not name else None
        return " ".join([w for w in case.group("name").split() if not _NOT_A_CASE.match(w)][:_CASE_WORDS]) if case else name
    return ""


#: A determiner before the name of the thing a question asks about ("a", "my", "the").
_DET = r"(?:(?:a|an|the|my|your|our|his|her|their|this|that)\s+)?"
#: The name of that thing: one to four words.
_THING = r"(?P<name>(?:[\w'-]+\s+){0,3}?[\w'-]+)"
#: What a thing does or costs: "how much damage does a plasma rifle deal", "what does the ranger's animal companion
#: do", "what's the cost of siring a childe", "is ammo tracked", "do werewolf claws do aggravated damage".
_THING_ASKED = tuple(
    re.compile(pattern, re.I)
    for pattern in (
        rf"\bhow\s+(?:much|many)\s+(?:[\w'-]+\s+){{0,3}}?(?:does|do|can|will)\s+{_DET}{_THING}\s+"
        r"(?:cost|heal|do|deal|hold|take|give|last|inflict)\b",
        rf"\bwhat\s+(?:does|do)\s+{_DET}{_THING}\s+(?:cost|do)\b",
        rf"\b(?:what'?s|what\s+is)\s+the\s+(?:cost|price)\s+(?:of|for)\s+{_DET}{_THING}"
        r"(?=\s*[,.?;:!]|\s*$|\s+(?:for|in|to|when|if|and|or)\b)",
        rf"\b(?:is|are)\s+{_DET}{_THING}\s+tracked\b",
        rf"\b(?:does|do)\s+(?:(?P<own>my|our|your|his|her|their)\s+|(?:a|an|the|this|that)\s+)?{_THING}\s+"
        r"(?:do|deal|get|heal|cost|give)\b",
    )
)
#: Words that stand for someone, not a thing ("how much stress do I take"), or only stress the verb ("does my buddy
#: still get"): not part of a name.
_NOT_A_THING = re.compile(r"^(?:i|we|you|they|he|she|it|me|us|them|actually|still|even|really|ever|also|just)$", re.I)


def asked_thing_name(question: str) -> str:
    """The name of the thing whose effect or cost the question asks ("how much damage does a plasma rifle deal":
    "plasma rifle"; "what does sunlight do to my vampire": "sunlight"), "" when it asks of no thing by name or of a
    person ("how much stress do I take")."""
    for pattern in _THING_ASKED:
        found = pattern.search(question)
        if found:
            words = found.group("name").split()
            if _NOT_A_THING.match(words[0]):
                continue  # "how much stress do I take": a person asked of, not a thing
            words = [w for w in words if not _NOT_A_THING.match(w)]
            if found.groupdict().get("own") and len(words) == 1:
                continue  # "does my cutter get ...": someone's character (a playbook the text may not name), not a thing
            return " ".join(words)
    return ""


def absent_share(question: str, content: Callable[[str], list[str]], used: Callable[[str], bool]) -> float:
    """The share of the content words (``content``) of the rule the question names that the texts never use
    (``used``): 0 when it names none or the texts use every word of the name. A question naming no rule is judged
    by the thing whose effect or cost it asks (:func:`asked_thing_name`): a weapon, a spell or a hazard the texts
    never name has no rule there."""
    name = asked_rule_name(question) or asked_thing_name(question)
    words = content(in_rules_words(name)) if name else []  # table slang in the name is looked up by its rules words
    asked = set(content(question))
    words = [w for w in words if w in asked]
    if not words:
        return 0.0
    return sum(1 for w in words if not used(w)) / len(words)


def unnamed_share(question: str, content: Callable[[str], list[str]], passage: set[str]) -> float:
    """The share of the content words (``content``) of the rule the question asks for by name ("is there a rule for
    how long I have before I run out of air", "is there some upkeep cost") that the passage does not use: 0 when it
    asks for none by name."""
    name = asked_rule_name(question, asking_only=True)
    asked = set(content(question))
    words = [w for w in content(in_rules_words(name)) if w in asked] if name else []
    return sum(1 for w in words if w not in passage) / len(words) if words else 0.0


def named_in(question: str, content: Callable[[str], list[str]], passage: set[str]) -> bool:
    """Does the passage use every content word (``content``) of the rule the question names ("how does mana work":
    the Spells passage says "you must have mana equal to a spell's level")?"""
    name = asked_rule_name(question)
    asked = set(content(question))
    words = [w for w in content(in_rules_words(name)) if w in asked] if name else []
    return bool(words) and all(w in passage for w in words)


#: A phrase the question quotes: 'pick two', "on top of" (straight or curly quotes, 3 to 60 characters).
_QUOTED = re.compile(r"(?:^|[\s(])['\"‘“]([^'\"’”]{3,60})['\"’”](?=[\s,.?!:;)]|$)")


def flat(text: str) -> str:
    """``text`` lower-cased with every run of other characters than letters and digits one space."""
    return " ".join(re.sub(r"[^a-z0-9]+", " ", text.lower()).split())


def quotes_the_text(question: str, text: str) -> bool:
    """Does the question quote a phrase that ``text`` (:func:`flat`) holds word for word ("how does the 'pick
    two' thing on the oracle work")? Then it asks about a sentence the text has."""
    padded = f" {text} "
    return any(f" {flat(m.group(1))} " in padded for m in _QUOTED.finditer(question) if flat(m.group(1)))
