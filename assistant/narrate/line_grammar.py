"""The grammar of a player's line: what shape its words take, and the words turned to the second person.

Players type verb phrases ("slip past the sentry"), first-person sentences ("I bribe the clerk"),
questions ("can I reach the airlock?"), clauses ("the score is done") and bare nouns ("the vault").
:func:`shape` tells them apart with a small word list (no model); :mod:`assistant.narrate.opening`
writes the opening sentence from each shape.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from enum import Enum

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
    r"^(?:(?:ok|okay|well|so|right|alright|hmm+|um+|uh+|now|then|and|next|also|finally|at\s+(?:long\s+)?last)\b[\s,.!]*)+",
    re.I,
)  # "now I finish him off", "and then I run"
_LETS = re.compile(r"^(?:let[’']?s|(?:both|all|each|the\s+[a-z]+)\s+of\s+us)\s+", re.I)  # "both of us charge"
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
    r"^(?P<who>(?:(?:the|a|an|my|our)\s+[a-z][\w’'-]*|(?!(?:The|A|An|My|Our|This|That|Then|So|And)\b)[A-Z][\w’'-]*))\s+and\s+(?:I|we)\b",
    re.I,
)
#: "Mara, Kira and I storm the gate": two names or more and the player, told as "you, Mara and Kira".
_NAMES_AND_ME = re.compile(r"^(?P<names>[A-Z][\w’'-]*(?:,\s*[A-Z][\w’'-]*)+),?\s+and\s+(?:I|we)\b")
#: A question, then the deed ("Is the gate locked? I try to pick it"): both told, the deed last.
_ASKED_THEN_DEED = re.compile(r"^[^?]+\?\s+[^?]+$")
#: A phrase leading the deed ("with a roar, I charge the ogre", "using my blade, I cut the rope").
_LEAD_PHRASE = re.compile(r"^(?!(?:I|we|you|let)\b)(?P<lead>[^,;:]{3,40}),\s+(?=(?:I|we)\s+[a-z])", re.I)


#: Words said to someone by name ("Mara, I need your help"): told as speech, the words kept as typed.
_VOCATIVE = re.compile(r"^(?P<name>[A-Z][a-z’'-]+),\s+(?P<said>[a-zI][^,]*)$")
#: A name and an order with no comma between ("Kira cover me while I cut through"): told as said to them when the verb
#: is bare (not "Kira covers me") and the order is for the one speaking (see :func:`_bare_order`).
_BARE_VOCATIVE = re.compile(r"^(?P<name>[A-Z][a-z’'-]+)\s+(?P<said>(?P<verb>[a-z]+)\b[^,]*)$")


def _bare_order(found: re.Match[str]) -> bool:
    """``Kira cover me``: a singular name, a bare verb, and "me" or "us" after it (not "Raiders attack me")."""
    name, verb = found.group("name"), found.group("verb")
    if name.endswith("s") or name.lower() in _NOT_NAMES or name.lower() in _NOT_A_NAME:
        return False
    if verb.endswith(("s", "ed", "ing")):
        return False
    return re.match(r"[a-z]+\s+(?:me|us|my|our)\b", found.group("said")) is not None


#: Words that lead a sentence and are no one's name ("The guard hits me", "My blade cuts ...").
_NOT_A_NAME = words("i we you they he she it the a an this that these those my our his her their some every each no one")


_SAID_TO = re.compile(r"^(?:I|we|you|please|get|stay|don't)\b|\b(?:me|us|you|your|my)\b", re.I)
_NOT_NAMES = words(
    "quick hurry look listen wait quiet careful damn great good fine together then now instead meanwhile finally again "
    "still first next suddenly quickly quietly ok okay"
)


def _names_and_you(match: re.Match[str]) -> str:
    names = [n.strip() for n in match.group("names").split(",")]
    return "I, " + ", ".join(names[:-1]) + f" and {names[-1]}"


#: A remark before the deed ("time to end this, I go for the kill", "here goes nothing: I jump"): the deed is told.
_REMARK_THEN_DEED = re.compile(
    r"^(?:(?:it'?s\s+|it’s\s+)?time\s+to|here\s+goes|now\s+or\s+never|this\s+is\s+it|enough\s+of|no\s+more)\b[^,;:]*"
    r"[,;:]\s+(?P<deed>you\s+(?P<verb>[a-z]+)\b.*)$",
    re.I,
)


def _you_and(match: re.Match[str]) -> str:
    who = match.group("who")
    named = who.split()[0].lower() not in {"the", "a", "an", "my", "our"}
    return f"I and {who if named else who[:1].lower() + who[1:]}"


#: "my character climbs the wall": the player's character in the third person, told as the player ("you climb").
_CHARACTER_NOUNS = r"character|char|pc|hero|player\s+character|vampire|wizard|fighter|bard|cleric|paladin|barbarian|scoundrel"
_MY_CHARACTER = re.compile(rf"^(?:my|our)\s+(?:{_CHARACTER_NOUNS})\s+(?P<verb>[a-z]+)\b", re.I)
#: Speech quoted first ("\"Stand down,\" I say"): told as the player put it, the quote kept whole.
_QUOTE_FIRST = re.compile(r"^[\"“][^\"”]+[\"”]")
#: Speech alone ("\"Stand down!\""): the character says it.
_QUOTE_ONLY = re.compile(r"^[\"“][^\"”]+[\"”]$")
#: Words between a compound subject and its verb ("the orc and the chief [both] come").
_TOGETHER_WORDS = words("both all together too also then now")
#: Common verbs of motion the action list leaves out (it lists the deeds a player does, not "come").
_MOTION = words("come comes came go goes went arrive arrives")


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


_QUOTED = re.compile(r"(\"[^\"]*\"|“[^”]*”)")


def second_person(text: str) -> str:
    """``I sneak past my guard`` -> ``you sneak past your guard`` (first person turned to the player); words quoted
    as speech stay as they were said (``"I'm just passing through," I say`` -> ``"I'm just passing through," you say``)."""
    parts = _QUOTED.split(text)
    return "".join(part if n % 2 else _second_person(part) for n, part in enumerate(parts))


#: "mine" as a thing ("the sealed mine shaft", "a mine", "the old mine"): after an article or a word that describes
#: it, or before the noun it names; not the pronoun ("it is mine", "a friend of mine").
_MINE_THING = re.compile(
    r"\b(?:(?<=\bthe\s)|(?<=\ba\s)|(?<=\bthis\s)|(?<=\bthat\s)|(?<=\bsealed\s)|(?<=\bold\s)|(?<=\babandoned\s))mine\b"
    r"|\bmine(?=\s+(?:shaft|shafts|entrance|tunnel|tunnels|cart|carts|field|fields|workers?|boss|owner|head|face)\b)",
    re.I,
)


def _second_person(text: str) -> str:
    text = _FIRST_PERSON_WAS.sub(lambda m: f"{m.group('who')} were" if m.group("who") else _match_case(m.group(0), "were"), text)
    out, last = [], 0
    for found in _MINE_THING.finditer(text):  # the thing called a mine stays a mine
        out += [_second_person_words(text[last : found.start()]), found.group(0)]
        last = found.end()
    return "".join(out) + _second_person_words(text[last:])


def _second_person_words(text: str) -> str:
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
    intent = _NAMES_AND_ME.sub(_names_and_you, intent)  # "Mara, Kira and I" -> "you, Mara and Kira"
    intent = _WITH_ME.sub(_you_and, intent)  # "Mara and I slip in" -> "you and Mara slip in"
    vocative = _VOCATIVE.match(intent) or _BARE_VOCATIVE.match(intent)
    if vocative and vocative.re is _BARE_VOCATIVE and not _bare_order(vocative):
        vocative = None
    if vocative and vocative.group("name").lower() in _NOT_NAMES and is_verb(vocative.group("said").split()[0]):
        return shape(vocative.group("said"))  # "Quick, hide!": the deed after the cry
    said_to = vocative and (_SAID_TO.search(vocative.group("said")) or is_verb(vocative.group("said").split()[0]))
    if vocative and said_to and vocative.group("name").lower() not in _NOT_NAMES and not vocative.group("name").endswith("ly"):
        said = vocative.group("said")  # "Mara, I need your help": you tell Mara, "I need your help."
        return Shape.CLAUSE, f"You tell {vocative.group('name')}, “{said[:1].upper()}{said[1:]}.”"
    if _ASKED_THEN_DEED.match(intent) or _LEAD_PHRASE.match(intent) and not _REMARK_THEN_DEED.match(second_person(intent)):
        return Shape.CLAUSE, second_person(intent)  # "Is the gate locked? you try to pick it", "With a roar, you charge"
    sudden = _SUDDENLY.match(intent)
    if sudden and intent[sudden.end() :].strip():
        rest = shape(intent[sudden.end() :])
        if rest[0] is Shape.CLAUSE:  # "suddenly a raider ambushes us": the world acts, told as the player put it
            return Shape.CLAUSE, second_person(intent.rstrip("?").strip())
        return rest  # "suddenly I fall": the deed
    mine = _MY_CHARACTER.match(intent)
    if mine and (base := _verb_base(mine.group("verb").lower())):  # "my character climbs" -> "I climb"
        intent = f"I {base}{intent[mine.end() :]}"
    if _QUOTE_ONLY.match(intent):  # "\"Stand down!\"": the character's words
        return Shape.CLAUSE, f"You say, {second_person(intent)}"
    if _QUOTE_FIRST.match(intent):  # "\"Stand down,\" I say": the speech, then who says it
        return Shape.CLAUSE, second_person(intent)
    intent = second_person(intent.rstrip("?").strip())
    words = [w.lower() for w in _WORD.findall(intent)]
    if not words:
        return Shape.NONE, ""
    if words[0] == "you":  # "you burst in and you grab the idol", "you check the door, then you pick the lock"
        # ... but "mia and you against bart" keeps its "you": no deed follows it
        intent = re.sub(r"\b(and|then) you\s+(?=([a-z]+))", lambda m: f"{m[1]} " if is_verb(m[2]) else m[0], intent)
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
    if (
        first in _SUBJECTS
        or any(w in _FINITE for w in words[1:5])
        or _third_person_verb(intent)
        or _done_to_you(words)
        or _compound_subject(intent)
    ):
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
    if _INNER_SUBJECT.search(intent):  # "the alarms blare as you sprint", "Kira's blade flashes as she cuts": sentences
        return Shape.CLAUSE, intent
    return Shape.PHRASE, intent


#: A subject inside the words, after a break or a joining word ("...; you lunge", "as she cuts"): they are a sentence.
_INNER_SUBJECT = re.compile(r"(?:[;,:]|\b(?:as|while|when|and|so|then|but|until|because))\s+(?:you|he|she|they)\s+[a-z]", re.I)


def _verb_base(word: str) -> str:
    """``lunges`` -> ``lunge``, ``carries`` -> ``carry``, ``watches`` -> ``watch`` ("" when not an -s form)."""
    if len(word) < 4 or not word.endswith("s") or word.endswith("ss"):
        return ""
    for ending, base in (("ies", "y"), ("ches", "ch"), ("shes", "sh"), ("sses", "ss"), ("xes", "x"), ("s", "")):
        if word.endswith(ending) and is_verb(word[: len(word) - len(ending)] + base):
            return word[: len(word) - len(ending)] + base
    return ""


def _compound_subject(intent: str) -> bool:
    """Two or more who act together, named first: "the orc and the bandit chief both come at you", "Mara and Kira
    attack the orc": a subject joined by "and" (opening with an article or a name), then its verb."""
    found = _WORD.findall(intent)
    lowered = [w.lower() for w in found]
    if len(found) < 4 or not (lowered[0] in _DETERMINERS or found[0][:1].isupper() and not is_verb(lowered[0])):
        return False
    if "and" not in lowered[1:5]:
        return False
    start = lowered.index("and", 1) + 2  # the verb comes after the second one's first word
    for k in range(start, min(len(found), start + 4)):
        word, before = lowered[k], lowered[k - 1]
        verb = is_verb(word) or word in _MOTION
        if before in _TOGETHER_WORDS and (verb or _verb_base(word)):
            return True
        if verb and before not in _DETERMINERS | _PREPOSITIONS | {"to", "and", "of"}:
            return True
    return False


#: Words after which a verb-like word is a noun ("a bribe for [the guard]").
_PREPOSITIONS = words("to for of with at in on from by into onto over under past through across around")


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
    found = _WORD.findall(re.sub(r"(?<=\w)-(?=\w)", "", intent))  # "a frost-scarred scavenger levels": one word
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
