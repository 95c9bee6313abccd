"""What kind of message the player sent: a command, a rules question, an oracle question, an action, or meta talk.

Offline and deterministic (no model): the first matching rule wins, in this order:

1. ``/command ...`` is a command (see :mod:`assistant.chat.commands`).
2. Meta: greetings, thanks, "help", "what can you do", an empty message.
3. A rules question: a question (``?`` or a question opener) that talks about the rules — "how does", "what happens
   when", "rule", a move's name, a stat or meter of the system... "Can I ...?" asks the rules only when it names one
   ("can I burn momentum on a progress roll?"); otherwise it is an action put as a question ("can I hack the door
   panel?"), and so is "do I have ...?" in a system with a move for checking your gear.
4. An oracle question: a yes/no question about the fiction ("Is the station abandoned?"), or "oracle: ...". The odds
   words in it ("likely", "small chance"...) become the oracle's odds.
5. Anything else is an in-fiction action ("I slip past the guard").
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import cache
from typing import Literal

from assistant.narrate.intent import Shape, shape

Kind = Literal["command", "meta", "rules", "oracle", "action"]

ODDS_WORDS: tuple[tuple[str, str], ...] = (
    ("almost certain", "almost certain"),
    ("almost certainly", "almost certain"),
    ("small chance", "small chance"),
    ("unlikely", "unlikely"),
    ("50/50", "50/50"),
    ("fifty-fifty", "50/50"),
    ("fifty fifty", "50/50"),
    ("likely", "likely"),
)

_META = re.compile(
    r"^(hi|hello|hey|thanks|thank you|thx|ok|okay|help|what can you do\??|who are you\??|how do i use this\??|"
    r"what moves (?:can i|could i|do i have|are there)(?: make| use| do| to choose from)?(?: now)?|"
    r"good (morning|evening|night)|bye|goodbye)[.!?]*$",
    re.I,
)
#: A player asking what to do next ("what now?", "now what?", "what can I do?"): not a question for the oracle, nor for
#: the rules; the chat answers with what waits (a pick, Pay the Price) or how to go on.
WHAT_NOW = re.compile(
    r"^\s*(?:(?:so|ok|okay|well|and)[,\s]+)?(?:what\s+now|now\s+what|what\s+next|what(?:'s| is)\s+next"
    r"|what\s+(?:do|should|can|could)\s+(?:i|we)\s+do(?:\s+(?:now|next|here))?|what\s+(?:are|r)\s+(?:my|our)\s+options"
    r"|what\s+(?:are|r)\s+(?:my|our)\s+choices)\s*[?!.]*\s*$",
    re.IGNORECASE,
)
#: A new player asking how to begin ("hi, I'm new here. what do I do first?"): the help, not the oracle.
_NEW_HERE = re.compile(
    r"\b(?:i'?m new(?: here| to this)?|i am new(?: here| to this)?|what do i do first|what should i do first|"
    r"how do i (?:play|start|begin)(?: this| here)?|where do i (?:start|begin)|how does this (?:app |game |chat )?work)\b",
    re.I,
)
#: ... in a message this short (a longer one tells the story).
_NEW_HERE_WORDS = 14
_QUESTION_OPENER = re.compile(
    r"^(how|what|when|why|which|where|who|can|could|do|does|did|is|are|was|were|will|would|should|may|must|has|have|"
    r"explain|tell me)\b",
    re.I,
)
#: A question typed without its "?" ("what should I do next", "is the station abandoned", "where is the captain"): a
#: question word and a verb, or a yes/no opener and its subject; read as if the "?" were there. "Do a barrel roll"
#: and "what a mess, I run" are not.
_UNMARKED_QUESTION = re.compile(
    r"^(?:(?:so|ok|okay|well|and|hmm|um)[,\s]+)?(?:"
    r"(?:what|how|where|who|why|when|which)(?:'s|’s|\s+(?:is|are|was|were|do|does|did|should|shall|can|could|would|will|"
    r"might|must|may|happens|happened|now|next|else|about|kind|sort|type|options)\b)"
    r"|(?:now|so)\s+what\b|what\s*(?:now|next)\b"
    r"|(?:is|are|was|were|does|do|did|will|would|has|have|had|can|could|should|might)\s+(?:the|there|it|he|she|they|"
    r"this|that|these|those|my|his|her|their|its|anyone|someone|anything|something|anybody|somebody|you)\b)",
    re.I,
)
#: "Do a barrel roll", "have a drink": an opener of questions followed by "a"/"some", typed without a "?", is the
#: player's action ("do the guards see me" is a question, and reads as one).
_DO_SOMETHING = re.compile(r"^(?:do|have)\s+(?:a|an|some|another|one\s+more)\b(?![^?]*\?\s*$)", re.I)
_YES_NO_OPENER = re.compile(r"^(is|are|was|were|will|would|does|do|did|has|have|had|can|could|should|might|may|am) \b", re.I)
_RULES_PHRASES = re.compile(
    r"\b(rules?|move|moves|roll|rolls|rolled|reroll|stat|stats|momentum|progress|track|tracks|impact|impacts|"
    r"burn|strong hit|weak hit|miss|match|xp|experience|legacy|vow|vows|oracle|table|tables|dice|die|d6|d10|d100|assets?|"
    r"action score|challenge dice|heat|stress|trauma|harm|coin|rep|tier|wanted|entanglement|downtime|vice|"
    r"clock|clocks|hp|armor|armour|damage|mana|spell|initiative|advantage|disadvantage|backfire|hunger|focus|"
    r"what happens when|how do i|how does|how many|am i allowed|can i|when do i|when should i|what does)\b",
    re.I,
)
#: "Can I ... ?": the player asks to try something, unless the rest names a rule (see ``_names_a_rule``).
_TRY_OPENER = re.compile(r"^(can|could|may) (i|we)\s+(?!(be allowed|ever)\b)", re.I)
#: Words that make "can I ...?" a question about what the rules allow, not an attempt ("twice", "+iron", "a vow", "roll").
_ALLOWANCE = re.compile(
    r"\b(twice|more than once|per (turn|round|session|scene)|at the same time|in a row|instead|ever|allowed|rules?|moves?|"
    r"roll|rolls|reroll|momentum|progress|tracks?|xp|experience|legacy|dice|die|d6|d10|d100|odds|stats?|burn|impacts?|mana|"
    r"hp|bonus|penalty|forward|ongoing|advantage|disadvantage|strong hit|weak hit|miss|match|oracle|tables?|clocks?|"
    r"downtime|vows?|tier|entanglements?|debility|debilities|action score)\b|[+-]\s?\w|\b\d+\b",
    re.I,
)
_GEAR_QUESTION = re.compile(
    r"^(?:(?:i|we) (?:check|search|look through|dig through|rummage through) (?:my|our) [\w ]{2,30}?[,;:-]\s*)?"
    r"(?:(do|did) (i|we) (have|bring|pack|carry|own)\b|(have|has) (i|we) got\b)",
    re.I,
)  # "do I have a rope?", "I check my gear, do I have a plasma cutter?"
#: The generic question phrases of ``_RULES_PHRASES``: they make a question, not a question about a rule.
_GENERIC_ASK = re.compile(r"^(can|could|may) (i|we)\b", re.I)
#: A command typed without its "/" ("undo", "undo that", "show my sheet"): the command the player means, not an action
#: to suggest moves for.
_BARE_COMMANDS: tuple[tuple[re.Pattern[str], str], ...] = (
    (
        re.compile(
            r"^(?:please\s+)?(?:(?:i|we)(?:\s+(?:want|wanna|need|would\s+like|'d\s+like))?(?:\s+to)?\s+|let\s+me\s+|"
            r"let'?s\s+|(?:can|could)\s+(?:i|we|you)\s+)?(?:undo|take\s+back)(?:\s+(?:that|it|this|(?:my|the|that)\s+"
            r"(?:last\s+)?(?:move|roll|action)))?(?:,?\s+please)?\s*[.!?]*$|^(?:(?:i|we|let\s+me)\s+)?take\s+(?:that|it)\s+back\s*[.!]*$",
            re.I,
        ),
        "undo",
    ),
    (re.compile(r"^(?:(?:show|see|open)\s+)?(?:me\s+)?(?:my\s+|the\s+)?(?:character\s+)?sheet\s*[.!]*$", re.I), "sheet"),
)
_BURN_WORDS = re.compile(r"^\s*(?:(?:i|we)\s+)?(?:want\s+to\s+)?burn\s+(?:my\s+|the\s+)?(?:momentum|focus)\s*[.!]?\s*$", re.I)
#: "What does the Magistrate want?": a question about someone in the story (what they want, know, plan...), not about
#: a rule, unless the rest of it names one ("what do I need to roll?").
_STORY_ASK = re.compile(
    r"^(?:what|who|where|why|when)\s+(?:does|do|did|will|would|is|are|was|were)\s+(?P<rest>.+?\b(?:wants?|think|knows?|"
    r"feels?|needs?|plans?|planning|fears?|expects?|hides?|hiding|says?|sees?|believes?|likes?|hates?|intends?|offers?)\b.*)$",
    re.I,
)
_ORACLE_PREFIX = re.compile(r"^(oracle|ask the oracle)\s*[:,-]?\s*", re.I)
#: "Can I ask the oracle if the station is abandoned?", "I ask the oracle whether the guards are awake": a yes/no
#: question for the oracle, put as a request (not a question about the Ask the Oracle rules).
_ASK_ORACLE_IF = re.compile(
    r"^(?:(?:can|could|may|should|shall)\s+(?:i|we)\s+|(?:let\s+me|let'?s|i\s+(?:want|would\s+like|'d\s+like)\s+to|i'?ll|"
    r"i\s+will|i|we)\s+)?(?:ask|consult|query)\s+(?:the\s+)?(?:oracle|fates?|dice)\s*[:,-]?\s*(?:if|whether)\s+(?P<q>.+?)[\s?.!]*$",
    re.I,
)
#: "I ask the oracle: is the captain corrupt? likely": the question after the colon, the odds after it.
_ASK_ORACLE_COLON = re.compile(
    r"^(?:(?:let\s+me|i|we)\s+)?(?:ask|consult|query)\s+(?:the\s+)?oracle\s*[:,-]\s*(?P<q>(?:is|are|was|were|will|would|"
    r"does|do|did|has|have|had|can|could|should|might|may)\b.+?)\s*$",
    re.I,
)
_AUXILIARIES = frozenset(
    [
        "is",
        "are",
        "was",
        "were",
        "will",
        "would",
        "can",
        "could",
        "has",
        "have",
        "had",
        "does",
        "do",
        "did",
        "should",
        "might",
        "may",
        "am",
        "must",
    ]
)
_SUBJECT_START = frozenset(
    ["the", "a", "an", "my", "our", "his", "her", "their", "its", "this", "that", "these", "those", "someone", "anyone"]
)


@dataclass(frozen=True)
class Classification:
    kind: Kind
    text: str
    """The message with any prefix (``/``, ``oracle:``) removed."""
    reason: str
    odds: str | None = None
    """For oracle questions: the odds named in the question, if any."""
    yes_no: bool = True
    """For oracle questions: False for an open question ("What is behind the door?")."""


def as_yes_no(clause: str) -> str:
    """ "the station is abandoned" as "Is the station abandoned?", "the prince knows" as "Does the prince know?" (the
    oracle's answer then reads "No: the station is not abandoned."); "Is it true that ...?" when neither fits."""
    words = ["I" if w == "i" else w for w in clause.split()]
    clause = " ".join(words)
    for i, word in enumerate(words[1:6], 1):
        low = word.lower()
        if low in _AUXILIARIES:
            return " ".join([low.capitalize(), *words[:i], *words[i + 1 :]]) + "?"
        base = _base_verb(low)
        if base and (words[0].lower() in _SUBJECT_START or words[0][:1].isupper()):
            return " ".join(["Does", *words[:i], base, *words[i + 1 :]]) + "?"
    return f"Is it true that {clause}?"


def _base_verb(word: str) -> str:
    """ "knows" -> "know", "watches" -> "watch", "flies" -> "fly"; "" for a word that is not a verb in -s."""
    if not word.isalpha() or len(word) < 4 or not word.endswith("s") or word.endswith("ss"):
        return ""
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("ches", "shes", "xes", "sses", "zes")):
        return word[:-2]
    return word[:-1]


#: A question, then its odds in a word or two ("...below? probably", "...? (unlikely)", "...? - long shot").
_TRAILING_ODDS = re.compile(r"^(?P<q>.+\?)\s*[,(\-–—:]*\s*(?P<odds>[a-z0-9/ -]{2,24}?)\s*[).!]*$", re.I)


def _odds_said(words: str) -> str | None:
    """The oracle's odds ``words`` say, all of them ("probably", "50/50", "long shot"), or None."""
    from assistant.chat.commands import ODDS_SAID

    low = " ".join(words.lower().split())
    return dict(ODDS_WORDS).get(low) or ODDS_SAID.get(low)


def odds_in(text: str) -> str | None:
    """The yes/no odds a question names ("is it likely that...") or None."""
    low = text.lower()
    for phrase, odds in ODDS_WORDS:
        if re.search(rf"(?<![\w/]){re.escape(phrase)}(?![\w/])", low):
            return odds
    return None


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
_HOW_IT_WORKS = re.compile(r"^(?:so\s+|and\s+|ok\s+)?how\s+(?:do|does|did)\b.*\bwork(?:s|ed)?\b", re.I)


#: "What is vulnerable?", "what does helpless mean": what a condition of the sheet is (asked of the word itself, not
#: "is the captain wounded?", which asks the story).
_DEFINITION = re.compile(
    r"^what(?:'s|’s|\s+is|\s+are|\s+does)\s+(?:being\s+|a\s+|an\s+)?(?P<term>[a-z][a-z -]{1,30}?)(?:\s+mean|\s+do)?\s*\??$", re.I
)


@cache
def _impacts(system: str) -> frozenset[str]:
    """The system's impacts and conditions, lower case, in words ("bound or gagged")."""
    try:
        from assistant.engine import get_ruleset

        return frozenset(str(i).replace("_", " ").lower() for i in get_ruleset(system).sheet.impacts)
    except Exception:  # noqa: BLE001 - a system without a ruleset has none
        return frozenset()


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
    if term in _impacts(system):
        return True
    return len(term.split()) >= 2 and re.search(rf"\b{re.escape(term)}\b", _rules_words(system)) is not None


def _names_a_rule(text: str, system: str) -> bool:
    low = _DYING.sub(lambda m: m.group(1) + "perish", text.lower())
    if _RULES_PHRASES.search(low) or _HOW_IT_WORKS.search(low):
        return True
    defined = _DEFINITION.match(low.strip())
    if defined and _a_rules_term(defined.group("term"), system):
        return True
    return any(re.search(rf"\b{re.escape(term)}\b", low) for term in _system_terms(system))


def _asks_what_is_allowed(text: str, system: str) -> bool:
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
def _has_gear_move(system: str) -> bool:
    """True when a move of the system is made to see if the character has an item (Starforged's Check Your Gear)."""
    try:
        from assistant.suggest.catalog import moves_for

        return any(re.search(r"\bif you have\b", m.trigger, re.I) for m in moves_for(system))
    except Exception:  # noqa: BLE001 - an unknown system has no such move
        return False


def classify(text: str, system: str = "starforged") -> Classification:
    """Classify one player message (see the module docstring for the rules)."""
    stripped = (text or "").strip()
    if not stripped:
        return Classification("meta", "", "empty message")
    if stripped.startswith("/"):
        return Classification("command", stripped[1:].strip(), "starts with /")
    if _META.match(stripped) or _NEW_HERE.search(stripped) and len(stripped.split()) <= _NEW_HERE_WORDS:
        return Classification("meta", stripped, "greeting or help")
    if WHAT_NOW.match(stripped):  # "what can I do?": what waits, or how to go on (never the rules index)
        return Classification("oracle", stripped, "what to do next", yes_no=False)
    for pattern, command in _BARE_COMMANDS:
        if pattern.match(stripped):
            return Classification("command", command, "a command typed without its slash")
    trailing = _TRAILING_ODDS.match(stripped)
    said = _odds_said(trailing.group("odds")) if trailing else None
    if trailing and said:  # "is the bishop in the crypt? probably": the odds after the question are its odds
        found = classify(trailing.group("q"), system)
        if found.kind == "oracle":
            return replace(found, odds=said)
    if _BURN_WORDS.match(stripped):  # "i burn my momentum": the /burn the player means, not an action to suggest for
        return Classification("command", "burn", "burns momentum or focus in words")
    if not stripped.endswith("?") and _UNMARKED_QUESTION.match(stripped):
        stripped = stripped.rstrip(".! ") + "?"  # a question typed without its "?"
    asked = _ASK_ORACLE_IF.match(stripped) or _ASK_ORACLE_COLON.match(stripped)
    if asked:
        odds = "|".join(re.escape(p) for p, _ in ODDS_WORDS)
        clause = re.sub(rf"[,;?]?\s*\(?(?:{odds})\)?[.!]?$", "", asked.group("q").strip(), flags=re.I)
        if asked.re is _ASK_ORACLE_COLON:  # already a question: asked as typed
            question = clause.rstrip(" ?")[:1].upper() + clause.rstrip(" ?")[1:] + "?"
        else:
            question = as_yes_no(clause)
        return Classification("oracle", question, "asked the oracle a yes/no question", odds_in(asked.group("q")))
    oracle = _ORACLE_PREFIX.match(stripped)
    if oracle:
        rest = stripped[oracle.end() :]
        return Classification("oracle", rest, "asked the oracle", odds_in(rest))
    is_question = stripped.endswith("?") or bool(_QUESTION_OPENER.match(stripped) and not _DO_SOMETHING.match(stripped))
    if _TRY_OPENER.match(stripped) and not _asks_what_is_allowed(stripped, system):
        return Classification("action", stripped, "an action put as a question")
    if _GEAR_QUESTION.match(stripped) and _has_gear_move(system):
        return Classification("action", stripped, "checking the character's gear")
    story = _STORY_ASK.match(stripped.rstrip("?!. "))
    if story and not _names_a_rule(story.group("rest"), system):
        return Classification("oracle", stripped, "an open question about the story", odds_in(stripped), yes_no=False)
    if is_question and _names_a_rule(stripped, system):
        return Classification("rules", stripped, "a question about the rules")
    if stripped.endswith("?") and _YES_NO_OPENER.match(stripped):
        return Classification("oracle", stripped, "a yes/no question about the story", odds_in(stripped))
    if stripped.endswith("?") and shape(stripped)[0] is Shape.VERB:  # "hack the door?": "can I" left out
        return Classification("action", stripped, "an action put as a question")
    if is_question and stripped.endswith("?"):
        # an open question that is not about the rules ("What is behind the door?") is still for the oracle
        return Classification("oracle", stripped, "an open question about the story", odds_in(stripped), yes_no=False)
    return Classification("action", stripped, "an action in the story")
