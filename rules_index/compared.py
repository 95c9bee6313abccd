"""The thing a question borrows from another game to ask about this one.

"like spell slots in 5e, how many times a day can I use an asset ability?", "Like generations in Vampire: the
Masquerade, does a vampire sired by an older one get stronger blood?", "in D&D a nat 20 crits. if I roll double
sixes on hack and slash does it do double damage?": the player names the other game's mechanic (spell slots,
generations, a crit) and asks whether this game has it. The passage found is this game's nearest move (Advance, Hack
and Slash), which says nothing of the borrowed mechanic. When this game's texts never use the words the player names
it by (any word of it: "opportunity attacks" in a game that speaks only of attacks), the texts do not cover it; when
they do ("does the action score stop at 10 like in ironsworn?", "do I get
health back like in starforged?") the question asks about this game's own rule.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from rules_index.routing import NAMES, opening_span

#: Games the assistant does not hold, or games in general, as a player compares with them.
_ELSEWHERE = (
    r"d&d|dnd|5e|5th edition|pathfinder|pbta|vampire:? the masquerade|vtm|the masquerade|"
    r"(?:most|some|other|many|a lot of)\s+(?:[\w-]+\s+)?games?"
)
#: The name of the borrowed thing: one to four words.
_THING = r"(?P<thing>(?:[\w'-]+\s+){0,3}?[\w'-]+)"
#: An "or what / or how" after it: the question asks what happens whatever the rule is called ("is there a backfire
#: table like the magistrate game, or what happens to me?").
_OR_WHAT = re.compile(r"\bor\s+(?:what|how)\b", re.I)
_SENTENCE_END = re.compile(r"(?<=[.!?;])\s+")


def _games(system: str | None) -> str:
    """Every game but ``system`` as a pattern."""
    names = [re.escape(n) for other, ns in NAMES.items() if other != system for n in ns]
    return rf"(?:the\s+)?(?:{'|'.join([*names, _ELSEWHERE])})"


def borrowed_thing(question: str, system: str | None) -> str:
    """The words a question names another game's mechanic by, to ask whether this game (``system``) has it ("" when
    it borrows none): "like X in <game>", "like <game>'s X", "coming from <game> where X, ...", "X - is that how
    <move> works?" (a name set before the question, whatever game it comes from), or what a sentence before the
    asking one says a game
    the assistant does not hold does ("in D&D a nat 20 crits. ..."; how one of the five games does it is told in
    this game's words as often as not: "in blades i can spend coin after a downtime roll to push the result up")."""
    games = _games(system)
    patterns = (
        rf"\blike\s+(?:the\s+|a\s+|an\s+)?{_THING}\s+(?:in|from|of)\s+{games}\b",
        rf"\blike\s+{games}(?:'s|’s)\s+{_THING}(?=\s*[,.?;:!]|\s*$|\s+(?:and|or|for|when|where|that|to)\b)",
        # "coming from 5e where you get spell slots, how often ...": what the other game does, in the same sentence
        rf"(?<!like )\b(?:in|from|coming\s+from|used\s+to)\s+{games}\s*,?\s+where\s+(?P<thing>[^,.;:?!]+)",
        # "spell slots - is that how Advance works?": a name set before the question, asked whether it is this game's
        rf"^\W*{_THING}\s*(?:[—–]|--|\s-\s)\s*(?:is|are|does|do)\s+(?:that|this|it|they)\s+(?:how|what|the\s+same|like|work)\b",
    )
    for pattern in patterns:
        found = re.search(pattern, question, re.I)
        if found and not _OR_WHAT.search(question, found.end()):
            return found.group("thing")
    elsewhere = rf"\b(?:in|back in|with)\s+(?:the\s+)?(?:{_ELSEWHERE})\b"
    sentences = [s for s in _SENTENCE_END.split(question[opening_span(question) :].strip()) if s.strip()]
    told = [s for s in sentences[:-1] if re.search(elsewhere, s, re.I)]
    return re.sub(elsewhere, " ", " ".join(told), flags=re.I).strip()


#: An inflection the texts may use in another form ("rolling" where they say "roll").
_INFLECTED = re.compile(r"(?:ing|ed)$")


def uses_word(word: str, text: str, known: Callable[[str], bool]) -> bool:
    """Does the system's text (:func:`~rules_index.asked_rule.flat`, padded with spaces) use ``word`` as it is or in
    the singular; an -ing or -ed word also by its stem (``known``)? A borrowed name is the other game's own term:
    "generations" is not the "generate" the stem would match."""
    word = word.lower()
    forms = {word, word[:-1] if word.endswith("s") else word, word[:-2] if word.endswith("es") else word}
    return any(f" {form} " in text for form in forms) or bool(_INFLECTED.search(word) and known(word))


def borrows_unused_name(thing: str, content: Callable[[str], list[str]], used: Callable[[str], bool]) -> bool:
    """Is ``thing``, a mechanic's name borrowed from another game (:func:`borrowed_thing`), named with a content word
    (``content``) this game's texts never use (``used``, given the word as written)? "opportunity attacks": the texts
    speak of attacks, never of opportunity ones."""
    return any(content(w) and not used(w) for w in re.findall(r"[\w'-]+", thing))
