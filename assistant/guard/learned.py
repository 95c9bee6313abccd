"""A missed search for news told as the news found.

The player listens to the gossip about the guild master, asks the dockhands about the Wayfarer's crew, searches the
archive for the ledger; the roll misses. "You realize that the guild master is planning to ambush you", "You learn
that the crew sailed north", "Word reaches you that the ledger was burned": what the player went looking for, told as
learned, is the goal reached on a miss, whatever else the story says goes wrong.

Read on a miss of a move the player made to learn something (their words ask, listen, search, investigate...), when
the move's own miss text does not itself give a discovery (Gather Information's miss "reveals an unwelcome truth"): a
clause that tells you learning something (you realize, learn, discover, hear, find out that ...; word, rumour or
gossip has it that ...) about what the player asked after (a word of their line) is flagged, and so is the talk
overheard with what it says ("the guild master starts to talk about the upcoming guild meeting"; talk of the one sought
and nothing more, "they gossip about the guild master", or talk the story takes back, is not news). So is the news itself
heard or noticed ("you hear rumors of a new guild master", "noticing some gossip about the guild master's upcoming
meeting", "you notice that the guild master is trying to ...") when it is of the one sought (the last word of what the
player asked after: "rumors of a new guild opening" are not of the guild master), unless the sentence tells it worthless
("but they are not true", "none of it is new"); doubt ("you can't confirm the details") leaves it learned. Learning something else
(you realize you have been spotted) or a threat aimed at you ("the guild master is planning to ambush you") is the
situation getting worse, and passes; so does learning nothing (the gossip is useless, no one knows) and a supposition.
"""

from __future__ import annotations

import re

from assistant.guard.facts import Facts
from assistant.guard.model import Violation, ViolationKind
from assistant.guard.news import AGAINST_YOU, COMMON_TALK
from assistant.guard.text import Sentence, hypothetical, stem

#: The player's line asks after something.
_SEEKING = re.compile(
    r"\b(?:listen|listens|listening|eavesdrop\w*|ask|asks|asking|question\w*|interrogat\w*|search\w*|investigat\w*"
    r"|gather\w*|learn\w*|study|studies|research\w*|read|reads|reading|find\s+out|dig|digs|spy|spies|scout\w*|snoop\w*"
    r"|probe\w*|inquir\w*|enquir\w*|gossip|rumou?rs?|news|information|clues?|look\s+into|looks\s+into)\b"
)
#: Told as learned: "you realize that", "you learn where", "word reaches you that", "the gossip reveals that".
_LEARNED = re.compile(
    r"\byou\s+(?:\w+\s+)?(?:realize|realise|realized|realised|learn|learned|learnt|discover|discovered|find\s+out"
    r"|found\s+out|hear|heard|overhear|overheard|gather|understand|understood|figure\s+out|figured\s+out|glean"
    r"|gleaned|uncover|uncovered|piece\s+together|pieced\s+together|notice|noticed|see|saw|sense|sensed|observe"
    r"|observed|spot|spotted|catch\s+wind|caught\s+wind|get\s+wind|got\s+wind)\s+(?:that|how|where|who|what|why|of|about)\b"
    # the news itself heard or noticed: "you hear rumors of a new guild master", "noticing some gossip about his meeting"
    r"|\b(?:hear|hears|heard|hearing|overhear\w*|notic\w*|catch|catches|caught|catching|pick\w*\s+up|glean\w*|learn\w*)\s+"
    r"(?:some\s+|a\s+few\s+|a\s+|an\s+|the\s+|(?:a\s+)?(?:bit|snippet|scrap|whisper|word)s?\s+of\s+)?(?:[a-z]+\s+)?"
    r"(?:gossip|rumou?rs?|whispers?|talk|word|news|chatter|stories|story|tales?|murmurs?)\s+(?:of|about|that|regarding|concerning)\b"
    r"|\b(?:word|rumou?rs?|news|gossip|whispers?|talk)\s+(?:\w+\s+)?(?:reaches\s+you|reached\s+you|has\s+it|says|said"
    r"|reveals?|revealed|tells?\s+you|told\s+you|is|are|was|were)\s+that\b"
    # the talk overheard, what it is about told: "the guild master starts to talk about the upcoming guild meeting"
    r"|\b(?P<talk>(?:(?:talks|talked|talking|chats|chatted|chatting|gossips|gossiped|gossiping|whispers|whispered"
    r"|whispering|boasts|boasted|boasting|brags|bragged|bragging|complains|complained|complaining|(?:to|they|people)\s+"
    r"(?:talk|chat|gossip|whisper|boast|brag|complain))\s+(?:\w+\s+)?about|(?:speaks|spoke|speaking|talks|talked|talking"
    r"|(?:to|they|people)\s+(?:talk|speak))\s+(?:\w+\s+)?(?:about|of))\b)"
)
#: A miss text that itself gives a discovery: then something learned is the miss's own.
_MISS_FINDS = re.compile(r"\b(?:discover\w*|reveal\w*|learn\w*|truth|unearth\w*|information|clue\w*)\b")
#: Learning nothing: the miss told.
_NOTHING = re.compile(
    r"\b(?:nothing|useless|worthless|no\s+one|nobody|none|not|never|lies|false|empty|idle|no\s+use|n't)\b|n't\b"
)
#: The news told worthless later in the sentence ("but none of it is new"); doubt ("you can't confirm it") is not.
_USELESS = re.compile(
    r"\b(?:nothing|none|useless|worthless|no\s+use|idle|lies|false|empty|old\s+news|nothing\s+new|no\s+one\s+knows"
    r"|nobody\s+knows|meaningless|baseless|stale|untrue|not\s+true|(?:no|any)\s+reason\s+to\s+(?:believe|trust)|made\s+up)\b"
)
#: Talk noticed with what it is about: "the merchants are gossiping about the guild master".
_TALK_OF = re.compile(r"\b(?:gossip\w*|talk\w*|whisper\w*|chatter\w*|speak\w*|spoke)\s+(?:about|of)\s+(?P<of>[^,;:]*)")
_PLAIN = frozenset(
    re.findall(
        r"\S+",
        "the a an to of and or at in on into about for with from by my me i you your his her their them they it its "
        "this that what who where how why",
    )
)


def _sought(intent: str) -> set[str]:
    """The stems of what the player's line asks after: its words but the seeking verbs and the plain ones."""
    line = intent.lower()
    about = re.search(r"\b(?:about|for|after|regarding|into|on)\s+(?P<what>.+)$", line)
    words = re.findall(r"[a-z]+", _SEEKING.sub(" ", about.group("what") if about else line))
    return {stem(w) for w in words if len(w) > 2 and w not in _PLAIN}


def _sought_head(intent: str) -> str:
    """The stem of the name of what the player asks after, the last word of its phrase ("the guild master" -> master;
    "the Wayfarer's last crew" -> crew): "a new guild opening" is not news of the guild master."""
    line = intent.lower()
    about = re.search(r"\b(?:about|for|after|regarding|into|on)\s+(?P<what>.+)$", line)
    words = [w for w in re.findall(r"[a-z]+", _SEEKING.sub(" ", about.group("what") if about else line)) if len(w) > 2]
    words = [w for w in words if w not in _PLAIN]
    return stem(words[-1]) if words else ""


def check_learned_on_miss(sentence: Sentence, facts: Facts, intent: str | None) -> list[Violation]:
    """What the player sought, told as learned after their roll missed (see the module's docstring)."""
    if not intent or facts.outcomes != {"miss"} or sentence.question or not _SEEKING.search(intent.lower()):
        return []
    if any(_MISS_FINDS.search(r.text.lower()) for r in facts.results):
        return []
    sought = _sought(intent)
    text = sentence.narr
    for m in _LEARNED.finditer(text):
        rest = re.split(r"[.;!?]|,\s*(?:but|yet)\b", text[m.end() :])[0]
        if _NOTHING.search(rest) or _NOTHING.search(text[max(0, m.start() - 12) : m.start()]):
            continue
        told = {stem(w) for w in re.findall(r"[a-z]+", rest) if len(w) > 2 and w not in _PLAIN}
        if m.group("talk") and sought & {stem(w) for w in re.findall(r"[a-z]+", text[: m.start()]) if len(w) > 2}:
            told |= sought  # "the guild master ... started to talk about his new project": the one sought, speaking
        if hypothetical(text, m.start(), m.end()) or not told & sought or _sought_head(intent) not in told | {""}:
            continue
        if not told - sought:
            continue  # "you hear rumors of the guild master": the one sought named, nothing told of him
        talk = _TALK_OF.search(rest)
        if talk and {stem(w) for w in re.findall(r"[a-z]+", talk.group("of")) if len(w) > 2 and w not in _PLAIN} <= sought:
            continue  # "you notice that the merchants are gossiping about the guild master": talk of him, no news
        if _USELESS.search(text[m.end() :]):
            continue  # "you hear gossip about the guild master, but none of it is new": nothing learned
        if m.group("talk") and (not told - sought or _NOTHING.search(text[m.end() :])):
            continue  # "gossiping about the guild master, but you have no reason to believe them": no news in it
        if COMMON_TALK.match(rest) and not m.group("talk"):
            continue  # "you realize that the guild master is feared throughout the district": common talk, no news
        if AGAINST_YOU.search(rest):
            continue  # a threat aimed at you found out: the situation worse, as the miss says
        raw = sentence.raw or sentence.original
        end = m.end() + len(rest)
        excerpt = (raw[m.start() : end] if len(raw) == len(text) else text[m.start() : end]).strip()
        detail = f"'{excerpt}' tells what the player went looking for as learned, but the engine's outcome is a miss"
        return [Violation(ViolationKind.OUTCOME, detail, excerpt)]
    return []
