"""Whether a question asks the rules: the rule words, moves, stats, meters and terms of a system, and what makes "can
I ...?" a question about what the rules allow rather than an attempt (used by :func:`assistant.chat.classify.classify`)."""

from __future__ import annotations

import re
from functools import cache

_RULES_PHRASES = re.compile(
    r"\b(rules?|move|moves|roll|rolls|rolled|reroll|stat|stats|momentum|progress|track|tracks|impact|impacts|"
    r"burn|strong hit|weak hit|miss|match|xp|experience|legacy|vow|vows|oracle|table|tables|dice|die|d6|d10|d100|assets?|"
    r"action score|challenge dice|heat|stress|trauma|harm|coin|rep|tier|wanted|entanglement|downtime|vice|"
    r"clock|clocks|hp|armor|armour|damage|mana|spell|initiative|advantage|disadvantage|backfire|hunger|focus|"
    r"what happens when|how do i|how does|am i allowed|can i|when do i|when should i|what does|"
    r"who goes first|who acts first|whose turn|turn order|order of turns|goes first in|acts first in)\b",
    re.I,
)
#: Words that make "can I ...?" a question about what the rules allow, not an attempt ("twice", "+iron", "a vow", "roll").
_ALLOWANCE = re.compile(
    r"\b(twice|more than once|per (turn|round|session|scene)|at the same time|in a row|instead|ever|allowed|rules?|moves?|"
    r"roll|rolls|reroll|momentum|progress|tracks?|xp|experience|legacy|dice|die|d6|d10|d100|odds|stats?|burn|impacts?|mana|"
    r"hp|bonus|penalty|forward|ongoing|advantage|disadvantage|strong hit|weak hit|miss|match|oracle|tables?|clocks?|"
    r"downtime|vows?|tier|entanglements?|debility|debilities|action score)\b|[+-]\s?\w|\b\d+\b",
    re.I,
)
#: The generic question phrases of ``_RULES_PHRASES``: they make a question, not a question about a rule.
_GENERIC_ASK = re.compile(r"^(can|could|may) (i|we)\b", re.I)


@cache
def _system_terms(system: str) -> tuple[str, ...]:
    """Move names, stats and meters of a system, lower case (from its ruleset or the suggestion catalogue)."""
    terms: set[str] = set()
    try:
        from assistant.engine import get_ruleset

        ruleset = get_ruleset(system)
        terms.update(m.name.lower() for m in ruleset.moves)
        terms.update(s.lower() for s in ruleset.sheet.stats)
        terms.update(m.lower() for m in ruleset.sheet.meters)
    except Exception:  # noqa: BLE001 - a system without a ruleset yet: its catalogue still names its moves
        try:
            from assistant.suggest.catalog import moves_for

            terms.update(m.name.lower() for m in moves_for(system))
        except Exception:  # noqa: BLE001
            pass
    return tuple(sorted(t for t in terms if len(t) > 2))


#: "did the raider die?", "will Mara die": the verb, not the die of the dice ("does the action die count?").
_DYING = re.compile(
    r"\b((?:did|will|would|could|might|must|should)\s+(?:[\w']+\s+){1,3}?)die\b(?!\s+(?:shows?|counts?|rolls?|lands?))"
)


#: "How do assets work?", "how does a secret work": how a part of the game works is a rules question (the oracle
#: answers yes or no, and the fiction rarely asks how something works).
#: "How many/much ..." opening the question asks a number the rules give ("how many boxes does a vow mark?"); inside a
#: yes/no question about the story it is the story's ("Is the foreman hiding how many have died?": the oracle's).
_HOW_MANY = re.compile(r"^(?:so\s+|and\s+|ok\s+)?how\s+(?:many|much)\b", re.I)
_HOW_IT_WORKS = re.compile(r"^(?:so\s+|and\s+|ok\s+)?how\s+(?:do|does|did)\b.*\bwork(?:s|ed)?\b", re.I)


#: "What is vulnerable?", "what does helpless mean": what a condition of the sheet is (asked of the word itself, not
#: "is the captain wounded?", which asks the story).
_DEFINITION = re.compile(
    r"^what(?:'s|’s|s|\s+is|\s+are|\s+does)\s+(?:being\s+|a\s+|an\s+)?(?P<term>[a-z][a-z -]{1,30}?)(?:\s+mean|\s+do)?\s*\??$",
    re.I,
)


@cache
def _gm_word(system: str) -> str:
    """The name the game's rules give its GM, lower case, when it has one of its own ("magistrate"), else ""."""
    try:
        from assistant.engine import get_ruleset

        gm = str(get_ruleset(system).gm)
    except Exception:  # noqa: BLE001 - a system without a ruleset has no GM of its own
        return ""
    name = re.sub(r"^the\s+", "", gm.split(" (", 1)[0].strip().lower())
    return "" if name == "gm" else name


def asks_the_gm(term: str, system: str) -> bool:
    """Whether ``term`` ("the magistrate") is the name the game gives its GM."""
    term = re.sub(r"^(?:the|a|an)\s+", "", term.strip().lower())
    return bool(term) and term == _gm_word(system)


def gm_defined(text: str, system: str) -> str | None:
    """The answer to "what's the magistrate?" / "who is the magistrate": who the game's own name for its GM is, or
    None when the question asks something else (the rules text uses the name without defining it)."""
    found = _DEFINITION.match(text.strip()) or _WHO_IS.match(text.strip())
    if not found or not asks_the_gm(found.group("term"), system):
        return None
    from assistant.engine import get_ruleset

    gm = str(get_ruleset(system).gm).split(" (", 1)[0]
    name = gm.removeprefix("the ").removeprefix("The ")
    return (
        f"{gm[:1].upper()}{gm[1:]} is this game's name for its GM: the one who answers the questions its moves tell you to "
        f'ask ("ask the {name} how") and makes the calls they leave to the GM. Playing alone, you answer as the {name}; '
        "the dice and the sheet are kept here."
    )


_WHO_IS = re.compile(r"^who(?:'s|’s|s|\s+is)\s+(?P<term>[a-z][a-z -]{1,30}?)\s*\??$", re.I)


@cache
def _impacts(system: str) -> frozenset[str]:
    """The system's impacts and conditions, lower case, in words ("bound or gagged")."""
    try:
        from assistant.engine import get_ruleset

        return frozenset(str(i).replace("_", " ").lower() for i in get_ruleset(system).sheet.impacts)
    except Exception:  # noqa: BLE001 - a system without a ruleset has none
        return frozenset()


#: Sheet fields that are the story's words as much as the rules' ("what is his name?").
_EVERYDAY_FIELDS = frozenset({"name", "notes", "id", "pronouns", "callsign", "class", "level", "stats", "assets", "impacts"})


@cache
def _sheet_fields(system: str) -> frozenset[str]:
    """The system's sheet fields in words ("grit", "cast penalty", "wanted level"), without the everyday ones."""
    try:
        from assistant.engine import get_ruleset

        fields = get_ruleset(system).sheet.known_fields
    except Exception:  # noqa: BLE001 - a system without a ruleset has none
        return frozenset()
    return frozenset(str(f).replace("_", " ").lower() for f in fields if f not in _EVERYDAY_FIELDS)


@cache
def _rules_words(system: str) -> str:
    """The system's shipped rules text, lower case, its markup as spaces ("" when there is none)."""
    try:
        from rules_index.index import CORPUS_DIR, CORPUS_FILES

        text = (CORPUS_DIR / CORPUS_FILES[system]).read_text(encoding="utf-8")
    except (KeyError, OSError):
        return ""
    return " ".join(re.sub(r"[*_#`\[\]()|>]+", " ", text.lower()).split())


def _a_rules_term(term: str, system: str) -> bool:
    """Whether ``term`` ("command vehicle", "combat inventory") is a condition of the sheet or a term of at least two
    words the system's rules text uses: "what is a command vehicle?" asks the rules, "what is the captain hiding?" does
    not (a single word, "drone", may be the story's as well)."""
    term = re.sub(r"^(?:the|a|an)\s+", "", term.strip())
    if asks_the_gm(term, system):  # "what's the magistrate?": who the game's GM is, a rules question
        return True
    fields = _sheet_fields(system)
    if term in _impacts(system) or term in fields or f"{term}s" in fields:  # "what is grit?", "what is a tie?"
        return True
    if len(term) > 3 and " " not in term and term in _move_words(system):  # "what is a bond?" (Forge a Bond)
        return True
    return len(term.split()) >= 2 and re.search(rf"\b{re.escape(term)}\b", _rules_words(system)) is not None


@cache
def _move_words(system: str) -> frozenset[str]:
    """The words of the system's move names, lower case ("forge", "bond", "vow", "connection")."""
    return frozenset(w for name in _move_names(system) for w in re.findall(r"[a-z]+", name.lower()))


def names_a_rule(text: str, system: str) -> bool:
    low = _DYING.sub(lambda m: m.group(1) + "perish", text.lower())
    if _RULES_PHRASES.search(low) or _HOW_IT_WORKS.search(low) or _HOW_MANY.search(low.strip()):
        return True
    defined = _DEFINITION.match(low.strip())
    if defined and _a_rules_term(defined.group("term"), system):
        return True
    who = _WHO_IS.match(low.strip())
    if who and asks_the_gm(who.group("term"), system):  # "who is the magistrate?"
        return True
    return any(re.search(rf"\b{re.escape(term)}\b", low) for term in _system_terms(system))


def asks_what_is_allowed(text: str, system: str) -> bool:
    """True when a "can I ...?" names a rule word or an allowance ("a roll", "twice", "+iron", "0 mana") or a move: by a
    name of two words or more, or a one-word name written as a name ("can I Heal...", not "can I heal...": a one-word
    name is an everyday verb, and so are stat and meter words like "blood" or "heart")."""
    rest = _GENERIC_ASK.sub("", text, count=1)
    if _ALLOWANCE.search(rest):
        return True
    for name in _move_names(system):
        if " " in name and re.search(rf"\b{re.escape(name)}\b", rest, re.I):
            return True
        if " " not in name and re.search(rf"\b{re.escape(name)}\b", rest):
            return True
    return False


@cache
def _move_names(system: str) -> tuple[str, ...]:
    """The system's move names as printed ("Face Danger", "Heal")."""
    try:
        from assistant.suggest.catalog import moves_for

        return tuple(m.name for m in moves_for(system))
    except Exception:  # noqa: BLE001 - an unknown system names no move
        return ()


@cache
def has_gear_move(system: str) -> bool:
    """True when a move of the system is made to see if the character has an item (Starforged's Check Your Gear)."""
    try:
        from assistant.suggest.catalog import moves_for

        return any(re.search(r"\bif you have\b", m.trigger, re.I) for m in moves_for(system))
    except Exception:  # noqa: BLE001 - an unknown system has no such move
        return False
