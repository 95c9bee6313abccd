"""What the character does or says that the player never declared, read from who the sentence's subject is.

- **A bare roll's action invented.** On a turn the player only rolled (``/roll volley +dex``: no words of their
  own), the story may tell the move the engine resolved and what happens to the character, but not a new deed:
  "You raise your shield to protect the cleric" on a Volley, "You rush over to investigate", "your vibroblade
  connects with the raider's flesh" on Endure Harm. A clause whose subject is you (or "the character", or your
  weapon) and whose verb is a deed, none of whose words the move's own text uses and not of the kind of deed the move
  is made of (a Volley's "you nock an arrow", a Face Danger's leap), is a deed the player never chose.
  Verbs that tell what befalls the character, what they perceive or feel, or how the roll went ("you feel", "you
  stagger", "you scrape through", "you deal your damage") are not deeds.
- **Something new taken up on a declared turn.** The player declared a deed; the story may tell it at length ("You hug
  the wall and follow his lantern"), but approaching, entering, opening or unlocking what the story put there ("You
  approach it cautiously", "You move closer to investigate", "You unlock it with your key and enter the room") is a
  deed of the story's own, unless its words are the player's (this turn's or an earlier turn's) or the move's. On an
  oracle question, examining something neither the question nor the player's earlier deeds are about ("You carefully
  examine the dusty book") is likewise a deed, and thanks for a rescue nobody declared ("The survivors are grateful
  for your help") tell one done.
- **The player's line told again.** The story-so-far writes the player's lines in the first person ("You: I ask
  the dockhands…"); a story sentence in the first person outside quotes is such a line copied, an earlier turn told
  as this one. The player's own words of this turn are blanked before this check, so telling them back passes.
- **Words in the character's mouth, unattributed.** A quotation no one else is said to speak, in the first person
  ('"I try to shoot the raider, but luck deserts me."') or right after a sentence about you ('You nod, feeling
  relieved. "Thank you."'), is the character speaking: unless it is the player's own words, the player's call.
- **No choice left.** "leaving you with no choice but to retreat", "you have to defend yourself and retreat",
  "forcing you to flee", "you are (caught by surprise and) forced to retreat": the character's next deed decided,
  unless it is the player's own declared deed ("no choice but to force it open" after "I force the airlock open"),
  names none ("you have to decide", "to act"). On Pay the Price the price may stop or bend what the character was
  doing ("you are forced to stop your feeding"), but not withdraw them from the scene: "you are forced to retreat",
  "to give up", "to flee" decides the character's next deed as "no choice but to retreat" does.
"""

from __future__ import annotations

import re

from assistant.guard.deed_words import (
    EXAMINING,
    INITIATIVE,
    LOOKING,
    MOVE_DEEDS,
    NOT_DEEDS,
    PLAIN,
    SOMEWHERE,
    SPEAKING,
    SPEECH,
    TAKING_IN,
)
from assistant.guard.established import CHANGING_MOVES
from assistant.guard.facts import Facts
from assistant.guard.lead_verbs import ATTEMPTED, read_through
from assistant.guard.model import Violation, ViolationKind
from assistant.guard.news import SEEKS
from assistant.guard.paid_for import paid_for
from assistant.guard.text import HYPOTHETICAL, Sentence, hypothetical, normalize, normalize_words

_YOU_DEED = re.compile(
    r"(?:^[^a-z]*|[,;:.!?—]\s*|\band\s+|\b(?<!just\s)(?<!exactly\s)(?P<sub>as|once|after|before|while)\s+)"
    r"(?P<who>you|the character)(?:,\s+[^,.;:!?]{1,60},)?\s+(?:[a-z]+ly\s+)?(?P<verb>[a-z']+)(?P<rest>[^,;:.!?—]*)"
)
_TOOL_DEED = re.compile(
    r"\byour\s+(?:[a-z'-]+\s+){0,2}?(?P<tool>[a-z'-]*(?:blade|sword|knife|dagger|axe|spear|arrow|bolt|shot|bullet|blow"
    r"|strike|punch|fist|attack|swing|spell|hammer|mace|weapon|staff|pistol|rifle|gun|blaster))s?\s+"
    r"(?P<verb>connects|connected|lands|landed|hits|struck|strikes|bites|sinks|sank|pierces|pierced|finds its mark)"
    r"(?P<rest>[^,;:.!?—]*)"
)
#: The second deed of a compound: "You attempt to act quickly and move your sister": a verb after "and" that takes an
#: object ("and move your sister"), where the clause's subject is you.
_AND_DEED = re.compile(
    r"(?:^[^a-z]*|[,;:.!?—]\s*)(?P<who>you)\s+[^,;:.!?—]*?\band\s+(?P<verb>[a-z']+)"
    r"(?P<rest>\s+(?:your|the|a|an|his|her|their|him|them|its)\s+[^,;:.!?—]*)"
)
#: The rules' own words for the game, not deeds a move is made of ("a suffer move": moving someone is no part of it).
_GAME_WORDS = frozenset({"move", "roll", "outc", "opti"})
#: Verbs that, with an object after "and", move someone or something: a deed, though "you move" alone is not.
_CARRYING = frozenset({"move", "moved", "push", "pushed", "pull", "pulled", "press", "pressed"})
#: A look with a purpose after it: "You look around, trying to find something to help you": a search, a deed.
_SEEKING = re.compile(
    r"\s*,?\s*(?:trying|hoping|searching|looking|seeking|scrambling)\s+(?:to\s+(?:find|locate|grab|reach)|for)\b"
)
_FIRST_PERSON = re.compile(r"(?:^|[\s(])i(?:'m|'ve|'ll)?\s+[a-z]")
_QUOTE = re.compile(r'"(?P<q>[^"\n]{1,400})(?:"|$)')  # a sentence ends before its closing quote mark
_SPEAKER = re.compile(
    r"\b(?:says?|said|asks?|asked|whispers?|whispered|shouts?|shouted|repl(?:y|ies|ied)|mutters?|muttered|calls?|called"
    r"|yells?|yelled|growls?|growled|answers?|answered|tells?|told|murmurs?|murmured|hiss(?:es)?|hissed|cr(?:y|ies|ied)"
    r"|declares?|declared|speaks?|spoke|continues?|continued|adds?|added|reads?|read|goes|went|explains?|explained)\b"
)
_NO_CHOICE = re.compile(
    r"\b(?:(?:leav\w*|left|giv\w*|gave)\s+you\s+(?:with\s+)?|you\s+(?:have|had)\s+|you\s+(?:are|were)\s+left\s+with\s+)"
    r"(?:no|little)\s+(?:other\s+)?"
    r"(?:choice|option|alternative)\s+but\s+to\s+(?P<what>[a-z]+(?:\s+[a-z]+){0,4})"
    # "you have to defend yourself and retreat", "forcing you to flee": the deed imposed
    r"|(?:^|[,;:]\s*|\band\s+|\bwith\s+)you\s+(?:have|had|having)\s+to\s+(?P<must>[a-z]+(?:\s+[a-z]+){0,4})"
    r"|\bforc(?:es|ed|ing)\s+you\s+to\s+(?P<forced>[a-z]+(?:\s+[a-z]+){0,4})"
    # "you are forced to retreat back into the reactor room"
    # ("You are caught by surprise and forced to retreat.")
    r"|\byou(?:\s+are|\s+were|'re)\s+(?:then\s+|now\s+|(?:[a-z]+\s+){1,4}and\s+)?forced\s+to\s+(?P<made>[a-z]+(?:\s+[a-z]+){0,4})"
)


def _looked_about(rest: str, about: frozenset[str] | set[str], facts: Facts) -> bool:
    """Whether what is examined is what the question (or the player's earlier deeds) was about; without the story so
    far, whatever it is may be what the player was already doing."""
    looked = _stems(rest)
    return not looked or bool(looked & about) or not facts.earlier


_IF = frozenset({"if", "unless", "would", "could"})
#: What "no choice but to …" may leave the character without choosing a deed ("to act", "to take action").
_GENERIC = frozenset(
    {"act", "take", "do", "react", "respond", "move", "wait", "face", "accept", "keep", "go", "decide", "choose", "make", "pay"}
)


#: What a seeking move is after, as a story tells the seeking at length: "(try to get) more information".
_MORE_TO_KNOW = re.compile(
    r"\s*(?:some\s+|any\s+|more\s+|further\s+)*(?:information|info|details|answers|news|clues|facts|gossip)\b"
)


def _stems(text: str) -> set[str]:
    return {w[:4] for w in re.findall(r"[a-z]+", text.lower()) if w not in PLAIN and len(w) > 2}


def _excerpt(sentence: Sentence, start: int, end: int) -> str:
    raw = sentence.raw or sentence.original
    return " ".join(raw[max(0, start) : min(len(raw), end)].split()).strip(" ,;:")


def _table_only(facts: Facts, intent: str | None) -> str:
    """What the player did instead of declaring a deed: rolled a table by its name ("Make a Discovery"), whose row is
    the whole story; "" otherwise. (An oracle question is read by :func:`_oracle_asked`.)"""
    if not intent or not facts.results or facts.tiered or facts.outcomes & {"yes", "no"}:
        return ""
    if normalize_words(intent) in facts.moves and "none" in facts.outcomes:
        return "rolled on the table"
    return ""


def _oracle_asked(facts: Facts, question: str | None) -> set[str]:
    """On a turn the player only asked the oracle, the words a deed of the story may be about: the question's (the
    story may take the character to what the answer is about, "You cautiously approach the reactor") and the player's
    own earlier lines (the action they declared goes on: "You carefully search through the derelict's dark
    corridor"); an empty set on any other turn."""
    if not question or not facts.results or not facts.outcomes & {"yes", "no"}:
        return set()
    declared = " ".join(e.words for e in facts.earlier if e.words.startswith("i "))
    return _stems(f"{question} {declared}") or {"?"}


def _declared_about(facts: Facts, intent: str | None, question: str | None) -> set[str]:
    """On a turn the player declared a deed, the words a deed of the story may be about: the player's own and the
    engine's opening (the declared deed told at length); an empty set on any other turn."""
    from assistant.guard.declared import declared_deed

    if not declared_deed(facts, intent, question):
        return set()
    earlier = " ".join(e.words for e in facts.earlier if e.words.startswith("i "))  # the player's earlier deeds
    about = _stems(f"{intent} {' '.join(facts.told)} {earlier}")
    if SPEAKING.search((intent or "").lower()):
        about |= SPEECH  # "You explain why you ask": asking, told at length
    return about or {"?"}


#: Moving told as going somewhere ("as you move through the station"), a deed as walking there is.
_MOVING = frozenset({"move", "moved", "moves"})
_ONWARD = re.compile(r"\s+(?:through|across|along|down|into|deeper|forward|onward|ahead|toward|towards|past)\b")


def _deed(
    sentence: Sentence,
    facts: Facts,
    asked: str = "",
    about: frozenset[str] | set[str] = frozenset(),
    intent: str | None = None,
) -> list[Violation]:
    """A deed of the character's on a bare roll, or on a turn the player only asked or rolled a table, in none of the
    move's own words. ``about``: on an oracle question, the words a deed may be about (:func:`_oracle_asked`); with
    ``intent`` (a declared turn), the player's words (:func:`_declared_about`), and only :data:`INITIATIVE` is read."""
    text = sentence.narr
    moves = f"{facts.engine_text} {' '.join(facts.moves)}"
    price = bool(facts.moves & CHANGING_MOVES)  # the price befalls the character where they are
    move_words = (_stems(moves) - _GAME_WORDS).union(*(deeds for kind, deeds in MOVE_DEEDS if kind.search(moves)), about)
    # ... where the action it is paid for left them ("You stand in front of the airlock" after "As you try to force the
    # jammed airlock open, ..."); that action's own verb told again ("You force the airlock open") is a deed
    action = paid_for(facts).split()
    paid_words = _stems(" ".join(action)) - _stems(action[0]) if action else set()
    for m in (*_YOU_DEED.finditer(text), *_AND_DEED.finditer(text), *_TOOL_DEED.finditer(text)):
        verb, rest, tried = read_through(m.group("verb"), m.group("rest"))  # "you try to push it open": pushing
        closer = bool(re.match(r"\s+closer\s+to\b", rest))  # "You move closer to investigate": approaching
        if m.groupdict().get("sub") and (intent or about or price or tried or verb in LOOKING):
            continue  # "As you try to feed on him", "As you look up": the scene's time told, not a new deed
        if intent and verb not in INITIATIVE and not closer and not (tried and verb in ATTEMPTED):
            continue  # on a declared turn the deed told at length is the player's; taking up something new is not
        if intent and tried and _MORE_TO_KNOW.match(rest) and set(normalize_words(intent).split()) & SEEKS:
            continue  # "You try to get more information" while listening for gossip: the declared seeking, at length
        if re.match(r"\s*your\s+(?:eyes|teeth|jaw|fists?|hands?|lips?|breath)\b", rest):
            continue  # "you close your eyes", "you clench your fists": the body, not a deed
        if about and verb in TAKING_IN and (verb not in EXAMINING or _looked_about(rest, about, facts)):
            continue  # "you search the room", "you turn around": taking in the answer ("you examine the book": a deed)
        looked = bool(asked) and not about and not price and verb in LOOKING and bool(SOMEWHERE.match(rest))
        looked = looked or (not intent and not about and not price and bool(_SEEKING.match(text[m.end() :])))
        undone = verb in NOT_DEEDS and not (tried and verb in ATTEMPTED)  # "you try to push it": a deed tried
        undone = undone and not (m.re is _AND_DEED and verb in _CARRYING)  # "and move your sister": someone moved
        undone = undone and not (verb in _MOVING and _ONWARD.match(rest))  # "as you move through the station": going
        if not looked and not (intent and closer) and (undone or verb.endswith(("ing", "ly"))):
            continue
        if hypothetical(text, m.start("verb"), m.end(), HYPOTHETICAL):
            continue
        words = _stems(f"{verb} {rest}") | (_stems(m.group("tool")) if "tool" in m.groupdict() else set())
        if intent and closer:
            if _stems(rest) - {"clos"} & set(about):
                continue  # "You move closer to the priest" while stalking him: the declared deed
        elif (
            not words
            or (_stems(verb) if tried else words) & move_words
            or (words & paid_words and not _stems(verb) & _stems(action[0]))
            or (tried and action and _stems(verb) & _stems(action[0]))  # the attempt paid for, as the opening tells it
        ):
            continue  # the move itself told ("You loose the shot" on a Volley)
        excerpt = _excerpt(sentence, m.start("who") if m.re is _YOU_DEED else m.start("verb") - 30, m.end())
        detail = (
            f"'{excerpt}': the player declared '{intent}', not this; what the character does next is the player's call"
            if intent
            else f"'{excerpt}': the player declared no action this turn (only {asked or 'the roll'}); "
            "what the character does is the player's call"
        )
        return [Violation(ViolationKind.DECISION, detail, excerpt)]
    return []


def _first_person(sentence: Sentence) -> list[Violation]:
    """A story sentence in the first person, outside quotes: the player's line of the story-so-far copied."""
    m = _FIRST_PERSON.search(sentence.narr)
    if not m:
        return []
    excerpt = " ".join((sentence.raw or sentence.original).split()[:12])
    detail = f"'{excerpt}' copies the player's own line (first person) into the story; tell only this turn, as 'you'"
    return [Violation(ViolationKind.ECHO, detail, excerpt)]


def _speaker(previous: Sentence | None) -> str | None:
    """Who an unattributed quotation is heard from: the subject of the sentence before it ("you", "other"), or
    ``None`` when that sentence names no one who could speak ("It holds, just about.")."""
    if previous is None:
        return None
    first = (re.findall(r"[a-z']+", previous.narr) or [""])[0]
    if first == "you":
        return "you"
    if first in ("it", "there", "this", "that", "") or not first.isalpha():
        return None
    return "other"


def _unattributed_speech(sentence: Sentence, previous: Sentence | None, intent: str | None) -> list[Violation]:
    """A quotation no one else speaks, in the first person or after a sentence about you: the character talking."""
    text, whole = sentence.text, normalize(sentence.original).lower()  # same offsets; ``text`` blanks the engine's words
    said = set(normalize_words(intent or "").split())
    for m in _QUOTE.finditer(text):
        outside = (whole[: m.start()] + " " + whole[m.end() :]).strip(" .,!?:;-—")
        if _SPEAKER.search(outside) or re.search(r"[a-z]{3,}", outside):
            continue  # someone is said to speak it, or the quote sits in a sentence of its own words
        quote = m.group("q")
        speaker = _speaker(previous)
        if not (speaker == "you" or speaker is None and _FIRST_PERSON.search(f" {quote}")):
            continue
        words = set(normalize_words(quote).split())
        if words and said and len(words & said) >= 0.6 * len(words):
            continue  # the player's own words
        excerpt = " ".join((sentence.raw or sentence.original)[m.start("q") : m.end("q")].split())
        detail = f"'{excerpt}' puts words in the character's mouth; what the character says is the player's call"
        return [Violation(ViolationKind.DECISION, detail, excerpt)]
    return []


_ADVERBS = frozenset({"now", "then", "still", "also", "just", "first", "soon", "instead", "really"})
#: Leaving the scene or the attempt: the next deed a price never takes for the player ("forced to retreat").
_WITHDRAWING = re.compile(
    r"(?:retreat|flee|fled|withdraw|run|escape|leave|abandon|surrender|yield|quit|fall\s+back|back\s+(?:away|off|down|out)"
    r"|turn\s+(?:back|around|away)|give\s+up|pull\s+back|step\s+back|go\s+back|head\s+back|beat\s+a\s+retreat)\b"
)


def _generic(what: str) -> bool:
    """A deed too plain to be one ("to act", "to wait"); waiting for someone or something names the plan ("to wait for
    someone else to help you open the archive")."""
    words = [w for w in what.split() if w not in _ADVERBS and not w.endswith("ly")] or what.split()
    if words[0] == "wait" and len(words) > 2 and words[1] in ("for", "until", "outside", "there", "here"):
        return False
    return words[0] in _GENERIC


def _no_choice(sentence: Sentence, intent: str | None, price: bool = False) -> list[Violation]:
    m = _NO_CHOICE.search(sentence.narr)
    if (
        not m
        or _generic(next(g for g in m.groups() if g))
        or hypothetical(sentence.narr, m.start(), m.start() + 1, _IF)
        # "you are forced to stop your feeding" on Pay the Price: the price itself; "forced to retreat" is a deed
        or (price and m.group("made") and not _WITHDRAWING.match(m.group("made")))
    ):
        return []
    what = next(g for g in m.groups() if g)
    if m.group("must") and re.match(r"[^.;!?]*\bor\b", sentence.narr[m.start("must") :]):
        return []  # "You have to find cover quickly or face the consequences": pressure, the choice left open
    if _stems(what.split()[0]) & _stems(intent or ""):
        return []  # "you have no choice but to force it open": the player's own declared deed
    excerpt = _excerpt(sentence, m.start(), m.end())
    detail = f"'{excerpt}' decides for the player's character; what the character does is the player's call"
    return [Violation(ViolationKind.DECISION, detail, excerpt)]


#: Thanks for a deed of the character's ("grateful for your help", "thank you for your bravery"): the deed told done.
_THANKED = re.compile(
    r"\b(?:grateful|thankful|thanks?|thanking|thanked|indebted)\s+(?:to\s+you\s+|you\s+)?for\s+your\s+"
    r"(?P<what>help|aid|assistance|rescue|bravery|courage|quick thinking|kindness|intervention|protection|efforts?)\b"
)
#: The player's words that declare such a deed.
_HELPING = re.compile(r"\b(?:help|aid|assist|rescue|save|free|protect|defend|shield|heal|tend|guard|intervene)")


def _thanked(sentence: Sentence, facts: Facts, intent: str | None) -> list[Violation]:
    m = _THANKED.search(sentence.narr)
    declared = " ".join([intent or "", *(e.words for e in facts.earlier if e.words.startswith("i "))])
    if not m or _HELPING.search(declared.lower()) or hypothetical(sentence.narr, m.start(), m.end(), _IF):
        return []
    excerpt = _excerpt(sentence, m.start(), m.end())
    detail = f"'{excerpt}': a deed of the character's the player never declared, told as done; that is the player's call"
    return [Violation(ViolationKind.DECISION, detail, excerpt)]


def check_undeclared(told: list[Sentence], facts: Facts, intent: str | None, question: str | None = None) -> list[Violation]:
    """Deeds and words of the character's the player never declared, and the player's own line copied. ``question``:
    the oracle question this turn answered (a deed then is new unless it is about what was asked)."""
    # "": the player only rolled (``None``: their words are not known, as for a dataset line without them)
    bare_roll = intent is not None and not intent.strip() and bool(facts.results) and not facts.outcomes & {"yes", "no"}
    asked = _table_only(facts, intent)
    about = _oracle_asked(facts, question)
    declared = _declared_about(facts, intent, question) if not (bare_roll or asked or about) else set()
    out: list[Violation] = []
    previous: Sentence | None = None
    for sentence in told:
        if not sentence.question:
            out += _first_person(sentence) or _no_choice(sentence, intent, bool(facts.moves & CHANGING_MOVES))
            out += _unattributed_speech(sentence, previous, intent)
            out += _thanked(sentence, facts, intent) if facts.results else []
            if bare_roll or asked:
                out += _deed(sentence, facts, asked)
            elif about:
                out += _deed(sentence, facts, "a question to the oracle", about)
            elif declared:
                out += _deed(sentence, facts, "", declared, intent)
        previous = sentence
    return out
