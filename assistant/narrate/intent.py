"""The player's words turned into a grammatical opening sentence, whatever their shape.

Players type verb phrases ("slip past the sentry"), first-person sentences ("I bribe the clerk"),
questions ("can I reach the airlock?"), clauses ("the score is done") and bare nouns ("the vault").
:func:`shape` tells them apart with a small word list (no model); :func:`frame` writes one sentence
from each shape without adding facts: the attempt is told as an attempt, never as done, because
the engine's outcome comes after it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from enum import Enum

from assistant.narrate.tried import AGAIN, AGAIN_BARE, SPOKEN, as_tried, without_rank
from assistant.narrate.variety import choose, said_before
from assistant.narrate.verbs import is_verb

MAX_INTENT = 160


def words(text: str) -> frozenset[str]:
    """A word list written as one string."""
    return frozenset(text.split())


_PRONOUNS = {"i": "you", "me": "you", "my": "your", "mine": "yours", "myself": "yourself", "i'm": "you're",
             "i’m": "you’re", "i've": "you've", "i'll": "you'll", "i'd": "you'd", "am": "are", "we": "you",
             "us": "you", "our": "your", "ours": "yours", "ourselves": "yourselves", "we're": "you're",
             "we've": "you've", "we'll": "you'll"}  # fmt: skip
#: "was" is "were" only with "I"/"we" ("I was seen", "was I seen?"); "the score was loud" keeps it.
_FIRST_PERSON_WAS = re.compile(r"\b(?:(?P<who>I|we)\s+was|was(?=\s+(?:I|we)\b))\b", re.I)
_WORD = re.compile(r"[A-Za-z’']+")

#: Words that open a question.
QUESTION_WORDS = words(
    "can could do does did is are was were will would should shall may might must have has had who what where when "
    "why how which whose am"
)
#: Words that open a question without its auxiliary ("why is the door locked", "what now").
WH_WORDS = words("who what where when why how which whose")
#: Words that are no action, place or thing: a reply to the app, not words to tell ("hmm", "ok").
INTERJECTIONS = words("hmm hm hmmm ok okay yes no yeah yep nope sure fine well uh um er huh oh ah lol hi hello hey thanks")
#: "ok, ", "well " before the words that matter.
_LEAD_FILLER = re.compile(
    r"^(?:(?:ok|okay|well|so|right|alright|hmm+|um+|uh+|now|then|and|next|also|finally)\b[\s,.!]*)+", re.I
)  # "now I finish him off", "and then I run"
_LETS = re.compile(r"^let[’']?s\s+", re.I)
#: "long term project: I sway the pawn shop owner": a label naming the move before the words to tell (up to four words,
#: no one in it acting).
_LABEL = re.compile(r"^(?P<label>[a-z][a-z’' -]{0,40}):\s+(?=\S)", re.I)
_ACTING = words("i we you my our me us")
_YOU_CONTRACTED = frozenset({"you're", "you’re", "you've", "you’ve", "you'll", "you’ll", "you'd", "you’d"})
#: Words after a plural subject that show its verb came before them ("the drones swarm [toward] you").
_AFTER_VERB = words("toward towards at into onto over through across around past from to on in out up down off you us them")
#: After "you": words that already make the sentence an attempt, a wish or a state (kept as they are).
_KEEP_AFTER_YOU = words(
    "try tries attempt want wish need mean plan intend hope aim are were have had can could will would should shall "
    "may might must do don't didn't won't can't you're you'll you've you'd keep start begin"
)
#: Finite verbs that make a phrase a clause ("the score is done", "the guards are asleep").
_FINITE = words(
    "is are was were has have had gets got goes went comes came seems seem looks look stands stand lies lie sits sit "
    "opens closes falls rises runs holds waits wait knows know wants want needs need"
)
#: Words a verb of motion ends on ("the hatch hisses open").
_RESULTS = words("open shut apart loose free")
_OBJECTS = words("away back home again him her them it me us something someone everything")
_SUBJECTS = words("he she it they there this that these those someone something everyone nobody")
_DETERMINERS = words("a an the your his her their its this that these those some any every each another")


#: "Mara and I", "Kara and we" opening the words: told as "you and Mara" (a name, not "The guard and I").
_WITH_ME = re.compile(
    r"^(?P<who>(?:(?:the|a|an)\s+[a-z][\w’'-]*|(?!(?:The|A|An|My|Our|This|That|Then|So|And)\b)[A-Z][\w’'-]*))\s+and\s+(?:I|we)\b",
    re.I,
)
#: A remark before the deed ("time to end this, I go for the kill", "here goes nothing: I jump"): the deed is told.
_REMARK_THEN_DEED = re.compile(
    r"^(?:(?:it'?s\s+|it’s\s+)?time\s+to|here\s+goes|now\s+or\s+never|this\s+is\s+it|enough\s+of|no\s+more)\b[^,;:]*"
    r"[,;:]\s+(?P<deed>you\s+(?P<verb>[a-z]+)\b.*)$",
    re.I,
)


def _you_and(match: re.Match[str]) -> str:
    who = match.group("who")
    named = who.split()[0].lower() not in {"the", "a", "an"}
    return f"I and {who if named else who[:1].lower() + who[1:]}"


#: Words that open a sudden turn of events ("suddenly", "out of nowhere"), before the clause that tells it.
_SUDDENLY = re.compile(r"^(?:suddenly|all of a sudden|out of nowhere|without warning|just then|meanwhile)\b[\s,]*", re.I)

#: A sentence that sets the scene before its main clause ("as you dock, a crew jumps you"): told as a clause.
_SCENE = re.compile(r"^(?:as|when|while|after|before|once|since|because|though|although|until|whenever)\s+[^,.;]+,\s*\S", re.I)


class Shape(str, Enum):
    """How the player's words read."""

    NONE = "none"
    """Nothing usable (empty, numbers, too long)."""
    FIRST_PERSON = "first_person"
    """"I bribe the clerk" (now "you bribe the clerk")."""
    ATTEMPT = "attempt"
    """Already an attempt or a wish: "I try to...", "try to...", "I want to..."."""
    VERB = "verb"
    """An imperative verb phrase: "bribe the clerk"."""
    GERUND = "gerund"
    """"sneaking past the guard"."""
    QUESTION = "question"
    """"can I reach the airlock?"."""
    CLAUSE = "clause"
    """A sentence about the world: "the score is done"."""
    PHRASE = "phrase"
    """A noun phrase or fragment: "the vault", "a bribe for the guard"."""


def second_person(text: str) -> str:
    """``I sneak past my guard`` -> ``you sneak past your guard`` (first person turned to the player)."""
    text = _FIRST_PERSON_WAS.sub(lambda m: f"{m.group('who')} were" if m.group("who") else _match_case(m.group(0), "were"), text)
    return _WORD.sub(lambda m: _match_case(m.group(0), _PRONOUNS.get(m.group(0).lower(), m.group(0))), text)


def _match_case(original: str, word: str) -> str:
    if original == original.lower() or original in {"I", "I'm", "I’m", "I've", "I'll", "I'd"}:
        return word
    return word[:1].upper() + word[1:]


def clean(player_text: str) -> str:
    """The intent on one line without closing punctuation, or "" when it may not be echoed.

    Intents with digits are not echoed: a number in the narration must come from the engine."""
    intent = " ".join(player_text.split()).strip()
    if not intent or intent.startswith("/") or re.search(r"\d", intent) or len(intent) > MAX_INTENT:
        return ""
    intent = _SPOKEN.sub(lambda m: _match_case(m.group(0), _SPOKEN_AS[m.group(0).lower()]), intent)
    return intent.rstrip(".!")


#: Spoken forms a player types, in the words a sentence is told with ("I wanna buy" -> "You want to buy").
_SPOKEN_AS = {"wanna": "want to", "gonna": "going to", "gotta": "have to", "lemme": "let me", "tryna": "trying to"}
_SPOKEN = re.compile(r"\b(?:" + "|".join(_SPOKEN_AS) + r")\b", re.I)


def shape(player_text: str) -> tuple[Shape, str]:
    """The shape of the player's words and the words in the second person (no closing punctuation)."""
    intent = clean(player_text)
    if not intent:
        return Shape.NONE, ""
    question = intent.endswith("?")
    words = [w.lower() for w in _WORD.findall(intent)]
    if words and all(w in INTERJECTIONS for w in words[:2]) and len(words) <= 2:
        return Shape.NONE, ""
    label = _LABEL.match(intent)
    if label and len(label.group("label").split()) <= 4 and not _ACTING & set(label.group("label").lower().split()):
        intent = intent[label.end() :]  # "long term project: I sway the owner" -> "I sway the owner"
    intent = _LEAD_FILLER.sub("", intent)  # "ok let's go" -> "we go"
    intent = _LETS.sub("we ", intent)
    intent = _WITH_ME.sub(_you_and, intent)  # "Mara and I slip in" -> "you and Mara slip in"
    sudden = _SUDDENLY.match(intent)
    if sudden and intent[sudden.end() :].strip():
        rest = shape(intent[sudden.end() :])
        if rest[0] is Shape.CLAUSE:  # "suddenly a raider ambushes us": the world acts, told as the player put it
            return Shape.CLAUSE, second_person(intent.rstrip("?").strip())
        return rest  # "suddenly I fall": the deed
    intent = second_person(intent.rstrip("?").strip())
    words = [w.lower() for w in _WORD.findall(intent)]
    if not words:
        return Shape.NONE, ""
    first = words[0]
    if first.replace("’", "'").split("'")[0] in _SUBJECTS and ("'" in first or "’" in first):
        return Shape.CLAUSE, intent  # "they're raking our hull", "there's a guard": someone else, as the player put it
    if first in _YOU_CONTRACTED:  # "I'm wounded but I keep fighting": a statement, told as the player put it
        return Shape.CLAUSE, intent
    if question and is_verb(first) and first not in QUESTION_WORDS:  # "hack the door?": "can I" left out
        return Shape.VERB, intent
    if not question and _SCENE.match(intent):  # "when the guard turns away, you slip past": no question
        return Shape.CLAUSE, intent
    if question or first in WH_WORDS and len(words) > 1:
        return Shape.QUESTION, intent
    if first in QUESTION_WORDS - {"have", "do"} and len(words) > 2 and words[1] in {"you", *_SUBJECTS, *_DETERMINERS}:
        return Shape.QUESTION, intent
    if first == "you":
        if len(words) > 1 and (words[1] in _KEEP_AFTER_YOU or not is_verb(words[1])):
            return Shape.ATTEMPT, intent
        return Shape.FIRST_PERSON, intent
    if first in {"try", "attempt"}:
        return Shape.ATTEMPT, intent
    if first in _SUBJECTS or any(w in _FINITE for w in words[1:5]) or _third_person_verb(intent) or _done_to_you(words):
        return Shape.CLAUSE, intent
    if is_verb(first):
        return Shape.VERB, intent
    if first.endswith("ing") and len(first) > 4:
        if len(words) == 2 and words[1] not in _AFTER_VERB | _DETERMINERS | _OBJECTS:
            return Shape.PHRASE, intent  # "feeding time", "closing time": a noun, not "You try feeding time."
        return Shape.GERUND, intent
    plural = words[0].endswith("s") and not words[0].endswith("ss")
    if len(words) > 2 and plural and is_verb(words[1]):
        return Shape.CLAUSE, intent  # "Guards surround us", "Bandits block the road": never "You set your sights on ..."
    deed = _REMARK_THEN_DEED.match(intent)
    if deed and is_verb(deed.group("verb")):  # "time to end this, I go for the kill": the deed, not the remark before it
        return Shape.FIRST_PERSON, deed.group("deed")
    return Shape.PHRASE, intent


def _verb_base(word: str) -> str:
    """``lunges`` -> ``lunge``, ``carries`` -> ``carry``, ``watches`` -> ``watch`` ("" when not an -s form)."""
    if len(word) < 4 or not word.endswith("s") or word.endswith("ss"):
        return ""
    for ending, base in (("ies", "y"), ("ches", "ch"), ("shes", "sh"), ("sses", "ss"), ("xes", "x"), ("s", "")):
        if word.endswith(ending) and is_verb(word[: len(word) - len(ending)] + base):
            return word[: len(word) - len(ending)] + base
    return ""


def _done_to_you(words: Sequence[str]) -> bool:
    """Someone else's deed done to the character: "two Court snipers ambush you from the rafters", "three thugs grab
    you": a verb with "you" after it, with a subject (not a verb of the player's) before it."""
    if not words or is_verb(words[0]) or words[0] in {"you", *_ACTING}:
        return False
    return any(
        nxt in {"you", "your"} and (is_verb(w) or _verb_base(w)) and before not in {"to", "you", "and", "or", "let"}
        for before, w, nxt in zip(words[:5], words[1:6], words[2:7], strict=False)
    )


def _third_person_verb(intent: str) -> bool:
    """Someone else acts: "the raider lunges at you", "Kara slips past", "a huge beast charges"."""
    found = _WORD.findall(intent)
    if len(found) < 2:
        return False
    first = found[0]
    if first.lower() in _DETERMINERS:  # "the raider lunges", "the old raider lunges", "the guards watch"
        plural = (
            len(found) > 2
            and found[1].lower().endswith("s")
            and (is_verb(found[2]) or (len(found) > 3 and found[3].lower() in _AFTER_VERB))
        )
        on_you = (
            any(  # "a vampire hunter corners you", "a raider gang bursts in": an -s word before "you" or a
                # direction is the verb, known or not
                w.lower().endswith("s")
                and not w.lower().endswith("ss")
                and nxt.lower() in _AFTER_VERB | _RESULTS
                and before.lower() not in _AFTER_VERB | {"of", "and", "with"}  # "a hail of bolts from": a noun
                for before, w, nxt in zip(found[1:3], found[2:4], found[3:5], strict=False)
            )
            or any(  # "the hunter stakes Mara": an -s word before "you" or a name is the verb on them
                w.lower().endswith("s") and (nxt.lower() in {"you", "us"} or nxt[:1].isupper() and nxt != "I" and i > 1)
                for i, (w, nxt) in enumerate(zip(found[1:4], found[2:5], strict=False), 1)
            )
        )
        felt = any(  # "the sight of the corpse horrifies you": a long subject, then its verb on you
            _verb_base(w.lower()) and nxt.lower() in {"you", "us"} for w, nxt in zip(found[2:], found[3:], strict=False)
        )
        return plural or on_you or felt or any(_verb_base(w.lower()) for w in found[2:4])
    if first[:1].isupper() and len(found) > 3 and found[2].lower() == "and" and _verb_base(found[3].lower()):
        return not is_verb(first)  # "Duke roars and hacks at me": two deeds, the second a verb the list knows
    return first[:1].isupper() and not is_verb(first) and bool(_verb_base(found[1].lower()))  # "Kara lunges"


_ATTEMPT_VERBS = (
    "You try to", "You set out to", "You attempt to", "You make your move to", "You steel yourself to", "You go all in to"
)  # fmt: skip
_AGAIN = AGAIN
_PHRASE_FRAMES = (
    "You turn your attention to {}.", "You set your sights on {}.", "You focus on {}.", "Your attention turns to {}."
)  # fmt: skip
_QUESTION_TAILS = ("You put it to the test.", "There is one way to find out.", "You go and find out.")
#: "can you hack the panel" (a player asking whether they can do something, then doing it): the words after the
#: modal are the attempt.
_ASKED_ATTEMPT = re.compile(
    r"^(?:can|could|may|might|should|shall|will|would|do|did)\s+you\s+(?:still\s+|just\s+|also\s+|even\s+)?"
    r"(?:try\s+and\s+|try\s+to\s+|attempt\s+to\s+)?(?P<rest>\S.*)$",
    re.I,
)


def _lower_first(text: str) -> str:
    """The words after a framing ("You try to ..."): the first letter lowered, unless it starts a name ("Hack &
    Slash", "Defy Danger", "Kara's ship", "I")."""
    found = _WORD.findall(text)
    if not found or text.startswith(("I ", "I'", "I’")) or text == "I":
        return text
    first = found[0]
    named = len(found) > 1 and found[1][:1].isupper() or re.match(r"[A-Z][a-z]+['’]s\b", text)
    if named and first[:1].isupper() and first.lower() not in _DETERMINERS | QUESTION_WORDS | {"you", "your"}:
        return text
    return text[:1].lower() + text[1:]


def _upper_first(text: str) -> str:
    return text[:1].upper() + text[1:]


def _asked_attempt(intent: str) -> str:
    """The attempt a "can I ...?" question declares ("you hack the door panel"), or "" for another question."""
    match = _ASKED_ATTEMPT.match(intent)
    if not match:
        return ""
    rest = match.group("rest")
    first = rest.split(" ", 1)[0].lower()
    if not is_verb(first) and first not in {"try", "attempt"} or first in {"be", "have"}:
        return ""  # "can you see the ship?" reads as an attempt; "could you be followed?" does not
    return rest


def _opener(openers: Sequence[str], words: str, seed: object, recent: Sequence[str]) -> str:
    """``words`` after one of ``openers`` ("You try to", or "You focus on {}."), the opener chosen among those the
    recent narrations did not use, so two turns do not open alike even when their words differ."""
    heads = [o.split("{}")[0].strip() if "{}" in o else o for o in openers]
    said = " ".join(words.lower().split()[:3])
    first = said.split(" ", 1)[0]
    fitting = (
        [
            h
            for h in heads  # "go for the kill": not "You go all in to go for the kill"
            if not said.startswith(h.lower().removeprefix("you ").removesuffix(" to")) and h.lower().split()[1:2] != [first]
        ]
        or heads
    )
    head = choose(fitting, seed, recent)  # "set out for the station": not "You set out to set out for the station"
    template = openers[heads.index(head)]
    return template.format(words) if "{}" in template else f"{template} {words}."


_SENTENCE_START = re.compile(r"([.!?]\s+)([a-z])")


def frame(player_text: str, seed: object, recent: Sequence[str] = (), *, attempt: bool = True, failed: bool = False) -> str:
    """One sentence (or two, for a question) opening the narration, or "" when the words cannot be used.

    With ``attempt`` (a move follows) the action is told as tried, since the engine's outcome comes next;
    without (a story beat), the player's "I walk into the bar" is told as done. With ``failed`` (a miss follows),
    words that read as done ("You feed on the priest.") are told as tried ("You try to feed on the priest.")."""
    player_text = without_rank(player_text)
    told = _frame(player_text, seed, recent, attempt=attempt)
    kind, intent = shape(player_text)
    if failed and kind in (Shape.ATTEMPT, Shape.CLAUSE):
        told = as_tried(told, intent)
    return _SENTENCE_START.sub(lambda m: m.group(1) + m.group(2).upper(), told)  # "the heat. it was loud": "It was"


def once_more(told: str, seed: object, recent: Sequence[str]) -> str:
    """``told``, or, when a recent narration said it (the same words again), told as another go ("Again, a combat
    round ends."), not as the same sentence."""
    if not told or not said_before(told, recent):
        return told
    if SPOKEN.match(told):  # "Again, you see the doctor" would read as "again, you see, ..."
        return f"{AGAIN_BARE} {_lower_first(told)}"
    return choose([f"{again} {_lower_first(told)}" for again in _AGAIN], seed, recent)


def _frame(player_text: str, seed: object, recent: Sequence[str], *, attempt: bool) -> str:
    kind, intent = shape(player_text)
    if kind is Shape.NONE:
        return ""
    if not attempt and kind is Shape.FIRST_PERSON:
        return once_more(f"{_upper_first(intent)}.", seed, recent)
    if kind is Shape.QUESTION:
        asked = _asked_attempt(intent)
        if asked and not attempt:  # "can I train prowess?" and a move without a roll: done, not asked back
            return f"You {_lower_first(asked)}."
        if asked:  # "can I hack the door panel?" is the player's move: told as the attempt, not asked back
            first = asked.split(" ", 1)[0].lower()
            return f"You {_lower_first(asked)}." if first in {"try", "attempt"} else _opener(_ATTEMPT_VERBS, asked, seed, recent)
        return f"{_upper_first(intent)}? " + choose(_QUESTION_TAILS, seed, recent)
    if kind is Shape.ATTEMPT:
        told = f"{_upper_first(intent)}." if intent.lower().startswith("you") else f"You {_lower_first(intent)}."
        return once_more(told, seed, recent)
    if kind is Shape.FIRST_PERSON:
        rest = intent.split(" ", 1)[1]
        return _opener(_ATTEMPT_VERBS, rest, seed, recent)
    if kind is Shape.VERB:
        return _opener(_ATTEMPT_VERBS, _lower_first(intent), seed, recent)
    if kind is Shape.GERUND:
        return choose([f"You try {_lower_first(intent)}.", f"You set about {_lower_first(intent)}."], seed, recent)
    if kind is Shape.CLAUSE:
        return f"{_upper_first(intent)}."
    return _opener(_PHRASE_FRAMES, _lower_first(intent), seed, recent)


def as_clause(player_text: str) -> str:
    """The intent as a clause after "as" ("you dash across"), or "" when it is not an action of the character."""
    kind, intent = shape(player_text)
    if kind is Shape.FIRST_PERSON or kind is Shape.ATTEMPT and intent.lower().startswith("you "):
        return _lower_first(intent)
    if kind is Shape.VERB:
        return f"you {_lower_first(intent)}"
    if kind is Shape.ATTEMPT:
        return f"you {_lower_first(intent)}"
    asked = _asked_attempt(intent) if kind is Shape.QUESTION else ""
    if not asked:
        return ""
    trying = asked.split(" ", 1)[0].lower() in {"try", "attempt"}
    return f"you {_lower_first(asked)}" if trying else f"you try to {_lower_first(asked)}"
