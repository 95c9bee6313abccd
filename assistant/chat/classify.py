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
from typing import Literal

from assistant.chat.name_said import name_said
from assistant.chat.rules_words import asks_what_is_allowed, has_gear_move, names_a_rule
from assistant.narrate.line_grammar import Shape, shape

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
    r"|whats\s+(?:the|a|an|my|our|your|his|her|their|this|that)\b"  # "whats my heat", "whats the magistrate"
    r"|(?:now|so)\s+what\b|what\s*(?:now|next)\b"
    r"|(?:is|are|was|were|does|do|did|will|would|has|have|had|can|could|should|might)\s+(?:the|there|it|he|she|they|"
    r"this|that|these|those|my|his|her|their|its|anyone|someone|anything|something|anybody|somebody|you)\b)",
    re.I,
)
#: "Do a barrel roll", "have a drink": an opener of questions followed by "a"/"some", typed without a "?", is the
#: player's action ("do the guards see me" is a question, and reads as one).
_DO_SOMETHING = re.compile(r"^(?:do|have)\s+(?:a|an|some|another|one\s+more)\b(?![^?]*\?\s*$)", re.I)
_YES_NO_OPENER = re.compile(r"^(is|are|was|were|will|would|does|do|did|has|have|had|can|could|should|might|may|am) \b", re.I)
#: "Can I ... ?": the player asks to try something, unless the rest names a rule (see ``names_a_rule``).
_TRY_OPENER = re.compile(r"^(can|could|may) (i|we)\s+(?!(be allowed|ever)\b)", re.I)
_GEAR_QUESTION = re.compile(
    r"^(?:(?:i|we) (?:check|search|look through|dig through|rummage through) (?:my|our) [\w ]{2,30}?[,;:-]\s*)?"
    r"(?:(do|did) (i|we) (have|bring|pack|carry|own)\b|(have|has) (i|we) got\b)",
    re.I,
)  # "do I have a rope?", "I check my gear, do I have a plasma cutter?"
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
    (
        re.compile(
            r"^(?:please\s+)?(?:(?:i|we)\s+(?:want|wanna|need|would\s+like|'d\s+like)(?:\s+to)?\s+|let\s+me\s+|"
            r"(?:can|could)\s+(?:i|you)\s+)?(?:(?:show|see|open|look\s+at|check)\s+)?(?:me\s+)?(?:my\s+|the\s+)?"
            r"(?:character\s+)?sheet(?:,?\s+please)?\s*[.!?]*$",
            re.I,
        ),
        "sheet",
    ),
)
#: A question, then what the character does about it: "what do i know about the ghoul? i ask the usher quietly", "is
#: the door locked? i try the handle" (not "is it guarded? i think so", nor "...? i ask the oracle").
_ASKED_THEN_DONE = re.compile(
    r"^[^?]+\?\s+(?!(?:i|we)\s+(?:think|guess|hope|wonder|mean|suppose|bet|reckon|figure|believe|doubt|say|(?:want|need)\s+to\s+know)\b)"
    r"(?!.*\b(?:oracle|dice|roll)\b)(?:i|we)\s+[a-z]+\b[^?]*$",
    re.I,
)
_BURN_WORDS = re.compile(r"^\s*(?:(?:i|we)\s+)?(?:want\s+to\s+)?burn\s+(?:my\s+|the\s+)?(?:momentum|focus)\s*[.!]?\s*$", re.I)
#: "What does the Magistrate want?": a question about someone in the story (what they want, know, plan...), not about
#: a rule, unless the rest of it names one ("what do I need to roll?").
#: "what happens if i drink too deep?", "what happens when my blood runs out": what the rules make of a deed or a state
#: of the character's (it was put to the yes/no oracle, which refused it as an open question).
_WHAT_IF_I = re.compile(
    r"^(?:(?:so|ok|okay|and|but)[,\s]+)?what\s+(?:happens|would\s+happen|will\s+happen|happened)\s+(?:if|when|once)\s+"
    r"(?:i|we|my|our|i'm|im)\b",
    re.I,
)

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
#: "I ask the oracle what the station's purpose is", "let me ask the oracle: who sent them?": an open question put to
#: the oracle, answered as one (the oracle answers yes or no; the tables answer the rest), not an action.
_ASK_ORACLE_OPEN = re.compile(
    r"^(?:(?:can|could|may|should|shall)\s+(?:i|we)\s+|(?:let\s+me|let'?s|i\s+(?:want|would\s+like|'d\s+like)\s+to|i'?ll|"
    r"i\s+will|i|we)\s+)?(?:ask|consult|query)\s+(?:the\s+)?oracle\s*[:,-]?\s*(?P<q>(?:what|who|whom|whose|where|why|when|"
    r"which|how)\b.+?)[\s?.!]*$",
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
    if named := name_said(stripped):  # "my name is Vesper, a vampire…": the /set name the player means
        return Classification("command", f"set name {named}", "names the character")
    # "what does he know? i ask the usher quietly": asked in the story, then done
    if _ASKED_THEN_DONE.match(stripped) and not names_a_rule(stripped.split("?")[0] + "?", system):
        return Classification("action", stripped, "a question the character puts, then what they do")
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
    opened = _ASK_ORACLE_OPEN.match(stripped)
    if opened:
        question = opened.group("q")[:1].upper() + opened.group("q")[1:] + "?"
        return Classification("oracle", question, "asked the oracle an open question", yes_no=False)
    oracle = _ORACLE_PREFIX.match(stripped)
    if oracle:
        rest = stripped[oracle.end() :]
        return Classification("oracle", rest, "asked the oracle", odds_in(rest))
    is_question = stripped.endswith("?") or bool(_QUESTION_OPENER.match(stripped) and not _DO_SOMETHING.match(stripped))
    if _TRY_OPENER.match(stripped) and not asks_what_is_allowed(stripped, system):
        return Classification("action", stripped, "an action put as a question")
    if _GEAR_QUESTION.match(stripped) and has_gear_move(system):
        return Classification("action", stripped, "checking the character's gear")
    story = _STORY_ASK.match(stripped.rstrip("?!. "))
    if story and not names_a_rule(story.group("rest"), system):
        return Classification("oracle", stripped, "an open question about the story", odds_in(stripped), yes_no=False)
    if is_question and (names_a_rule(stripped, system) or _WHAT_IF_I.match(stripped)):
        return Classification("rules", stripped, "a question about the rules")
    if stripped.endswith("?") and _YES_NO_OPENER.match(stripped):
        return Classification("oracle", stripped, "a yes/no question about the story", odds_in(stripped))
    if stripped.endswith("?") and shape(stripped)[0] is Shape.VERB:  # "hack the door?": "can I" left out
        return Classification("action", stripped, "an action put as a question")
    if is_question and stripped.endswith("?"):
        # an open question that is not about the rules ("What is behind the door?") is still for the oracle
        return Classification("oracle", stripped, "an open question about the story", odds_in(stripped), yes_no=False)
    return Classification("action", stripped, "an action in the story")
