"""An outcome contradicted in the story's own words: a miss told working, a hit told failing, an outcome never told.

:mod:`assistant.guard.goals` reads the whole story for the player's words told as done. A small model tells a miss
working in other words too, and next to a sentence that tells a failure:

- the player's weapon or tool doing its work: "this time your vibroblade connects with him", "your shot finds its
  mark", or the player managing what they declared ("you manage to slip past the guards");
- the declared goal's own verb told as done, whoever does it: "the clerk reluctantly opens the box" after "I press
  the clerk to open the archive", "it frees the door" after "I force the jammed airlock open";
- information learned on a miss at an information move: "you notice that the buildings store the guild master's
  goods" after "I listen to the gossip about the guild master", or the news itself ("The guild master is discussing
  a new project");
- a failed action never told at all: no sentence names what the player did, none tells a failure ("the failed
  feeding": a story of the rain and the priest after "I feed on the sleeping watchman").

A sentence that tells a failure, a cost or a turn itself ("but", "fails", "until it jams") is left alone: a
momentary success undermined is how several systems tell a miss.

The other way round, on a hit: the declared action told failing ("you fail to open the door", "the clerk refuses to
open the archive", on a strong hit "the raider dodges your shot"). And on any rolled outcome, a story that only tells
the player's words back ("You lean on your contacts to acquire a fine carriage.") never tells the outcome.
"""

from __future__ import annotations

import re

from assistant.guard.branches import rolled_approach
from assistant.guard.facts import Facts
from assistant.guard.goal_words import GOAL_VERBS, goal_done
from assistant.guard.hedges import unhedged
from assistant.guard.model import Violation, ViolationKind
from assistant.guard.news import AGAINST_YOU, COMMON_TALK, HEARSAY, LEARNED, NEWS, SEEKS
from assistant.guard.text import NEGATORS, OUTCOME_HYPOTHETICAL, Sentence, hypothetical, sentences, stem

_MISS = frozenset({"miss"})
#: A Blades downtime activity's bad outcome still does the activity: its story may be the activity alone.
_DONE_ANYWAY = frozenset({"bad_outcome"})
#: Words in a sentence that tell a failure, a cost or a turn there: the sentence is not the goal told as reached.
_TURN = NEGATORS | frozenset(
    re.findall(
        r"\S+",
        "but yet though although almost nearly barely hardly fail fails failed failing miss misses missed refuse "
        "refuses refused resist resists resisted jam jams jammed stuck glance glances glanced "
        "deflect deflects deflected parry parries parried dodge dodges dodged block blocks blocked too late "
        "can't cannot won't wouldn't couldn't doesn't didn't isn't wasn't unable vain only wide harmlessly",
    )
)
_ATTEMPT = re.compile(r"\b(?:try|tries|tried|trying|attempt|attempts|attempted|attempting|aim|aims|aiming|about to)\b")

#: The player's weapon, tool or effort as a sentence's subject ("your vibroblade", "your shot", "your words").
_TOOL = (
    r"your\s+(?:[a-z'-]+\s+){0,2}?[a-z'-]*(?:blade|sword|knife|dagger|axe|spear|arrow|bolt|shot|bullet|blow|strike"
    r"|punch|fist|kick|attack|swing|thrust|slash|spell|hammer|mace|club|weapon|staff|whip|pistol|rifle|gun|blaster"
    r"|round|fire|aim|words|argument|plea|bluff|lie|charm|lockpick|pick|crowbar|tool|hands?)s?"
)
_TOOL_WORKS = re.compile(
    rf"\b(?P<who>{_TOOL})\s+(?:(?:finally|now|easily|deftly|cleanly|squarely|true|this time)\s+)*"
    r"(?:connect|connects|connected|land|lands|landed|hit|hits|find|finds|found|strike|strikes|struck|bite|bites"
    r"|sink|sinks|sank|pierce|pierces|pierced|work|works|worked|do|does|did)\b(?:\s+(?:its|their|the)\s+(?:mark|trick|job))?"
)
_MANAGE = re.compile(
    # "You, overwhelmed by the heat, finally succeed in opening it": the subject and its verb apart
    r"\byou\s*(?:,[^,.;!?]{1,80},\s*)?(?:(?:finally|now|easily|deftly|quickly|eventually|at\s+last)\s+)*"
    r"(?:manage|manages|managed|succeed|succeeds|succeeded|(?:are|were|'re)\s+able\s+to)\b"
    r"|\byour\s+(?:[a-z]+\s+)?(?:efforts?|strength|force|persistence|pushing|work)\s+(?:finally\s+|eventually\s+)?"
    r"(?:pays?\s+off|paid\s+off|wins?\s+out|won\s+out|prevails?|prevailed)\b"
)

#: Words of the player's line that carry neither the action nor its object.
_PLAIN = frozenset(
    re.findall(
        r"\S+",
        "i i'm me my mine myself we our us you your the a an to of and or at in on into onto for with from by as it its "
        "this that these those there here then now so up out off over just try attempt want going will would can could "
        "should must let get make do some all his her him he she they them their is are be am was were what who how "
        "quick quickly carefully slowly again still very move before after about through",
    )
)
#: Words anywhere in a story that tell a failure outright: a story holding one told the miss.
_FAILED_WORDS = re.compile(
    r"\b(?:fail|fails|failed|failing|failure|miss|misses|missed|unable|can't|cannot|couldn't|won't|wouldn't|in vain"
    r"|refuse|refuses|refused|too late|no luck|not enough|worse|goes wrong|went wrong|falls apart|fell apart"
    # an adversity told in the body or the scene ("a sudden rush of nausea ... you struggle")
    r"|struggle|struggles|struggled|struggling|pain|painful|hurt|hurts|wound|wounded|harm|sick|nausea|danger"
    r"|dangerous|trouble|alarm|adversity"
    # the situation turning: you are seen, attacked, caught
    r"|(?:spots|spotted|spot|notices|noticed|sees|saw|catches|caught|attacks|attacked|ambushes|ambushed) you"
    r"|(?:are|were|is|been) (?:spotted|seen|caught|noticed)|alert|alerted|ambush|blood|bleeding|collapse|collapses|collapsed)\b"
)


def _stems(text: str) -> list[str]:
    words = (w.removesuffix("'s") for w in re.findall(r"[a-z']+", text.lower()))
    return [w[:5] for w in words if w not in _PLAIN and len(w) > 2]


def _missed(facts: Facts) -> bool:
    tiered = {o for o in facts.outcomes if o not in ("none", "yes", "no")}
    return bool(tiered) and tiered <= _MISS


_BREAK = re.compile(r"[,;:—()]|\s-\s|\bbut\b|\byet\b|\bthough\b|\balthough\b")


#: "hiring someone else instead of the current member": a preposition, not a turn ("but instead he refuses").
_INSTEAD_OF = re.compile(r"\binstead\s+of\b")


#: A turn word naming a thing, after an article or a possessive ("revealing a new escape route", "onto a blocked
#: passage"): what is there, not the claim turned.
_NAMED = re.compile(
    r"\b(?:a|an|the|another|your|its|their|his|her)\s+(?:new\s+|[a-z-]+\s+)?(?=(?:escape|blocked|jammed|missed|failed)\b)"
    r"[a-z]+"
)


def _claim(sentence: Sentence, start: int, end: int, said: bool = False, own: frozenset[str] = frozenset()) -> bool:
    """The span is told as a fact: no failure, turn or attempt from its clause to the sentence's end ("he glares, but
    he opens the box" tells the box opened; "he opens the box, but it is empty" tells a turn), and no supposition in
    its own clause ("you hear rumors of a dispute, which could lead to conflict": the later clause supposes, the
    rumors are heard). "Instead of" names a choice made, not a turn, nor does a vague hedge ("but it's not what you
    wanted", :mod:`assistant.guard.hedges`). ``said``: the span ends where what is said begins ("rumors are spreading
    that he may be hiding something": the supposition is the rumour's, the rumour is heard). ``own``: the player's words,
    which name no turn ("the jammed airlock" is what they tried to open)."""
    text = unhedged(sentence.narr)
    left = max((m.end() for m in _BREAK.finditer(text[:start])), default=0)
    right = end if said else next((m.start() for m in _BREAK.finditer(text, end)), len(text))
    words = set(re.findall(r"[a-z']+", _NAMED.sub(" ", _INSTEAD_OF.sub(" ", text[left:])))) - own
    # the span's own modal is the claim ("you can finally open it"), not a supposition about it
    supposing = OUTCOME_HYPOTHETICAL - (set(re.findall(r"[a-z]+", text[start:end])) & {"can", "could"})
    if sentence.question or words & _TURN or set(re.findall(r"[a-z']+", text[left:right])) & supposing:
        return False
    return not _ATTEMPT.search(text[max(left, start - 40) : end])


def _span(raw: str, start: int, end: int) -> str:
    """``raw[start:end]`` widened to whole words, whitespace collapsed."""
    start, end = max(0, start), min(len(raw), end)
    while start > 0 and not raw[start - 1].isspace():
        start -= 1
    while end < len(raw) and not raw[end].isspace():
        end += 1
    return " ".join(raw[start:end].split())


MISSED = "the engine's outcome is a miss"


def _violation(sentence: Sentence, start: int, end: int, what: str, failed: str = MISSED) -> list[Violation]:
    excerpt = _span(sentence.raw or sentence.original, start, end) or " ".join(sentence.original.split()[:10])
    return [Violation(ViolationKind.OUTCOME, f"'{excerpt}' tells {what}, but {failed}", excerpt)]


#: Words before a goal's verb that stand for what the player meant ("it opens", "he finally gives in").
_STANDS_FOR = frozenset({"it", "they", "he", "she", "which", "that", "who", "door", "doors", "gate", "hatch", "lock", "finally"})
#: Words that end the object of the player's goal ("open the archive for me").
_OBJECT_END = frozenset({"for", "with", "to", "from", "and", "so", "by", "before", "while", "me", "us", "him", "her", "them"})


def _goal_object(said: list[str], goal: str) -> set[str]:
    """The stems of what the player's goal acts on, as the player named it after the verb ("open the archive")."""
    at = said.index(goal)
    out: set[str] = set()
    for word in said[at + 1 : at + 4]:
        if word in _OBJECT_END:
            break
        out |= set(_stems(word))
    return out


def _other_subject(text: str, start: int, objects: set[str]) -> bool:
    """The goal's verb told of something else than what the player named ("the city opens" when the player wanted the
    archive opened): a word of its own stands before the verb and the sentence names none of the player's object."""
    before = re.findall(r"[a-z']+", text[:start])
    if re.match(r"you\b|you're\b", text[start:]) or (before and before[-1] in ("you", "you're")):
        return False  # "you are free to run away", "you break free": the player, not something else
    if not objects or not before or before[-1] in _STANDS_FOR or before[-1].endswith("ly"):
        return False
    return not objects & set(_stems(text))


def check_miss_worked(sentence: Sentence, facts: Facts, intent: str | None) -> list[Violation]:
    """On a miss: the player's weapon or effort working, the declared goal's verb told as done, or (at an
    information move) something learned about what the player asked after (:func:`told_working`)."""
    return told_working(sentence, intent) if _missed(facts) else []


def told_working(sentence: Sentence, intent: str | None, failed: str = MISSED) -> list[Violation]:
    """``intent``, an action that failed, told working in ``sentence`` (see :func:`check_miss_worked`); ``failed``
    says how the engine decided it failed."""
    text = sentence.narr
    said = re.findall(r"[a-z]+", (intent or "").lower())
    own = frozenset(w for w in said if len(w) > 3) - NEGATORS  # "the jammed airlock": what was tried, no turn
    for m in (_TOOL_WORKS.search(text), _MANAGE.search(text)):
        if m and _claim(sentence, m.start(), m.end(), own=own):
            if m.re is _MANAGE and not set(_stems(text[m.end() :])) & set(_stems(intent or "")):
                continue  # "you manage to stay on your feet": not what the player set out to do
            return _violation(sentence, m.start(), m.end() + 30, "the attempt working", failed)
    for goal in dict.fromkeys(w for w in said if w in GOAL_VERBS):
        m = goal_done(goal, text)
        if m and not re.search(r"\bto\s+(?:\w+\s+)?$", text[: m.start()]) and _claim(sentence, m.start(), m.end(), own=own):
            if _other_subject(text, m.start(), _goal_object(said, goal)):
                continue
            return _violation(sentence, max(0, m.start() - 30), m.end() + 20, f"the goal ('{goal}') reached", failed)
    if set(said) & SEEKS:
        wanted = {w for w in _stems(intent or "") if w not in {s[:5] for s in SEEKS}}
        if AGAINST_YOU.search(text):
            return []  # the news is a threat to you: the situation worse
        m = LEARNED.search(text)
        if m and COMMON_TALK.match(text[m.end() :]):
            m = None  # "You notice that the guild master is a powerful figure": common talk, not news
        if m and wanted & set(_stems(text[m.end() :])) and _claim(sentence, m.start(), m.end(), own=own):
            return _violation(sentence, m.start(), m.end() + 60, "something learned about what you sought", failed)
        m = HEARSAY.search(text)
        about_you = m is not None and re.match(r"\s+(?:you|your)\b", text[m.end() :])  # "whisper that you are watched"
        if m and not about_you and wanted & set(_stems(text)) and _claim(sentence, m.start(), m.end(), said=True, own=own):
            return _violation(sentence, m.start() - 40, m.end() + 40, "the gossip you sought, heard", failed)
        m = NEWS.search(text)
        if m and wanted & set(_stems(text[: m.start()])) and _claim(sentence, m.start(), m.end(), own=own):
            return _violation(sentence, m.start() - 40, m.end() + 40, "the news you sought, heard", failed)
    return []


def check_miss_untold(text: str, facts: Facts, intent: str | None) -> list[Violation]:
    """On a miss: a whole story that never names what the player did and never tells a failure."""
    wanted = set(_stems(intent or ""))
    if not _missed(facts) or len(wanted) < 2 or _FAILED_WORDS.search(text.lower()):
        return []
    if wanted <= set(_stems(" ".join(r.move for r in facts.results))):
        return []  # "I end the fight": the words only name the move, whose miss the outcome's own line tells
    told = sentences(text, facts.engine_text, facts.engine_bigrams)
    if not told or any(wanted & set(_stems(s.narr)) for s in told):
        return []
    what = " ".join((intent or "").split()[:8])
    detail = f"the story never tells that '{what}' failed, but the engine's outcome is a miss"
    return [Violation(ViolationKind.OUTCOME, detail, what)]


def check_only_retold(text: str, facts: Facts, intent: str | None) -> list[Violation]:
    """A rolled outcome whose whole story only tells the player's words back ("You lean on your contacts to acquire
    a fine carriage." and nothing more): the outcome is never told. A sentence that adds more than two words of its
    own, quotes the engine's text, tells an attempt or a failure or a turn ("but they refuse") tells something."""
    from assistant.narrate.facts import by_die

    wanted = set(_stems(intent or ""))
    if not facts.tiered or facts.outcomes & _DONE_ANYWAY or len(wanted) < 3:
        return []
    if facts.results and all(by_die(r) for r in facts.results):
        return []  # a vice roll picks how much stress clears (the card says it): no success or failure to tell
    told = [s for s in re.split(r"(?<=[.!?])\s+|\n+", text) if len(re.findall(r"[A-Za-z']+", s)) >= 3]
    if not told:
        return []
    for raw in told:
        low = raw.lower()
        stems = set(_stems(low))
        if len(stems & wanted) < 0.75 * len(wanted) or len(stems - wanted) > 2:
            return []
        if set(re.findall(r"[a-z']+", low)) & _TURN or _FAILED_WORDS.search(low) or _ATTEMPT.search(low):
            return []
    what = " ".join((intent or "").split()[:12])
    tiers = " and ".join(sorted(o.replace("_", " ") for o in facts.outcomes if o not in ("none", "yes", "no")))
    detail = f"the story only tells '{what}' back; the engine's outcome ({tiers}) is never told"
    return [Violation(ViolationKind.OUTCOME, detail, what)]


#: Declared actions that ask someone: on a hit they answer ("I ask the dockhands about the Wayfarer's last crew").
_ASKS = frozenset({"ask", "question", "interrogate", "inquire", "enquire"})
#: The one asked not answering: "He doesn't seem interested in talking with you", "they are not willing to provide you
#: with any information".
_WONT_TELL = re.compile(
    r"(?:\bnot|n't|\bunwilling)(?:\s+[a-z]+){0,4}?\s+"  # a refusal outright is a hit getting nothing (turned.py)
    r"(?:talk|talking|speak|speaking|answer|answering|tell|telling|provide|providing|share|sharing)\b"
)
#: ... or not caring, not knowing: "the dockhands are not interested in your question", "they are not sure if there
#: was a crew"; said of them, not of you ("you are not sure what to make of it" is your own doubt).
_NO_ANSWER = re.compile(
    r"\b(?:not|n't)\s+(?:\w+\s+)?(?:interested|sure|know|knows|remember|remembers|recall|recalls)\b"
    r"|\bno\s+(?:idea|answers?|information)\b|\bknows?\s+nothing\b"  # ignoring you: assistant.guard.turned
)
#: ... or you coming away with nothing: "you are unable to find any information" (your own doubt is not this).
_LEARNED_NOTHING = re.compile(
    r"(?:\bnot|n't|\bunable\s+to|\bfail(?:s|ed)?\s+to)\s+(?:\w+\s+)?(?:find|get|learn|gather|obtain|discover)\s+"
    r"(?:anything|any\s+(?:useful\s+|new\s+)?(?:information|answers?|clues?))\b"
)
_HITS = frozenset({"strong_hit", "weak_hit", "critical", "full_success", "partial_success"})
#: "You fail to open it", "you cannot force it", "you are unable to": the player's attempt told failing.
_YOU_FAIL = re.compile(
    r"\byou\s+(?:(?:simply|still|just)\s+)?(?:fail|fails|failed|can't|cannot|couldn't|can not|could not|are unable|were unable"
    r"|don't manage|didn't manage|do not manage|did not manage)\s+(?:to\s+)?(?P<what>[^,;.!?]{0,60})"
)
#: The player's weapon or shot failing, or the foe blocking it: a hit told as a miss (strong hits only: a weak
#: hit's cost may be a blow turned aside).
_TOOL_FAILS = re.compile(
    rf"\b{_TOOL}\s+(?:misses|missed|glances off|glanced off|goes wide|went wide|bounces off|bounced off|is blocked|was blocked"
    r"|is parried|was parried|finds nothing|found nothing)\b"
    r"|\b(?:blocks|blocked|parries|parried|dodges|dodged|deflects|deflected|evades|evaded|sidesteps|sidestepped)\s+"
    r"(?:your|the)\s+(?:[a-z]+\s+)?(?:attack|blow|strike|shot|hit|swing|thrust|lunge|blade|sword|punch|bullet|arrow)\b"
)
#: Goals whose thing told as not budging is the goal not reached ("the door will not budge").
_STUCK = frozenset({"open", "unlock", "free", "break"})
_REVERSED = re.compile(r"\b(?:but|until|then|finally|at last|eventually|second|again|instead|yet)\b")


#: The one the player acts against, thwarting it as the sentence's subject: "the bard blocks", "the raider sidesteps".
_THWARTS = re.compile(
    r"\b(?:the|a|an)\s+(?P<noun>[a-z]{3,})(?:\s*,[^,]{1,60},)?\s+(?:\w+ly\s+)?(?:blocks|blocked|parries|parried|dodges"
    r"|dodged|deflects|deflected|evades|evaded|sidesteps|sidestepped|ducks|ducked"
    # getting out of its way: "the bard, startled by your sudden attack, jumps back" (not "staggers back": a blow landing)
    r"|(?:jump|leap|spring|sprang|step|dart|dance|twist|roll|hop|slip|pull|lean|whirl|spin)(?:s|ed|t)?\s+"
    r"(?:back|backward|backwards|aside|away|clear|out\s+of\s+(?:the|your)\s+(?:way|reach)))"
    r"\b(?!\s+(?:and|as)\s+(?:your|the)\b)"
)


#: Thwarting what was aimed at it, told after the subject: "… draws his sword and blocks it".
_THWARTS_IT = re.compile(
    r"\b(?:blocks|blocked|parries|parried|dodges|dodged|deflects|deflected|evades|evaded|sidesteps|sidestepped)\s+"
    r"(?:it|the\s+(?:attack|blow|strike|lunge|thrust|swing|cut))\b"
)


def _target_thwarts(text: str, intent: str | None) -> list[tuple[int, int]]:
    """On a strong hit, the one the player named in their action ("I lunge at the bard") told blocking or dodging it."""
    targets = set(re.findall(r"\b(?:the|a|an)\s+([a-z]{3,})\b", (intent or "").lower()))
    supposed = re.compile(r"\b(?:if|unless|should|would|could|might|may)\b")  # "If you hesitate, the bard blocks."
    found = [
        (m.start(), m.end())
        for m in _THWARTS.finditer(text)
        if m.group("noun") in targets and not supposed.search(text[: m.start()])
    ]
    # the sentence's subject, thwarting it further on: "The bard, startled by the attack, draws his sword and blocks it."
    opens = re.match(r"^\W*(?:the|a|an)\s+(?P<noun>[a-z]{3,})\b", text)
    if opens and opens.group("noun") in targets and not found:
        for m in _THWARTS_IT.finditer(text):
            between = text[opens.end() : m.start()]
            if not re.search(r"\b(?:you|your|i|we)\b", between) and not supposed.search(between):
                found.append((opens.start("noun"), m.end()))
                break
    return found


def _related(words: str, intent: str | None) -> bool:
    return bool(set(_stems(words)) & set(_stems(intent or "")))


def check_hit_failed(sentence: Sentence, facts: Facts, intent: str | None) -> list[Violation]:
    """On a hit: the player's declared action told failing ("you fail to open the door", "the clerk refuses to open
    the archive", the ones asked not talking, and on a strong hit "the raider dodges your shot"). A failure that a turn
    follows in the sentence ("… at first, but then it gives") or a supposition passes."""
    tiers = {o for o in facts.outcomes if o not in ("none", "yes", "no")}
    if not tiers or not tiers <= _HITS or sentence.question:
        return []
    text = sentence.narr
    said = re.findall(r"[a-z]+", (intent or "").lower())
    goals = [g for g in dict.fromkeys(said) if g in GOAL_VERBS]
    found: list[tuple[int, int]] = []
    approach = rolled_approach(facts)
    for m in _YOU_FAIL.finditer(text):
        if _related(m.group("what"), intent) or any(re.search(rf"\b{g}", m.group("what")) for g in goals):
            found.append((m.start(), m.end()))
        elif approach & {stem(w) for w in re.findall(r"[a-z]+", m.group("what")) if len(w) >= 4}:
            found.append((m.start(), m.end()))  # "you fail to act with speed, mobility, or agility": the roll's approach
    for goal in goals:
        for m in re.finditer(
            rf"\b(?:refuses|refused|refuse|won't|will not|does not|doesn't|did not|didn't|fails|failed|can't|cannot)\s+"
            rf"(?:to\s+)?(?:\w+\s+)?(?:{goal}\w*{'|budge' if goal in _STUCK else ''})\b",
            text,
        ):
            found.append((m.start(), m.end()))
    if set(said) & _ASKS:  # asked someone: their refusing to talk is the question failing
        found += [(text.rfind(" ", 0, m.start()) + 1, m.end()) for m in _WONT_TELL.finditer(text)]  # from its word
        found += [(text.rfind(" ", 0, m.start()) + 1, m.end()) for m in _LEARNED_NOTHING.finditer(text)]
        found += [
            (m.start(), m.end())
            for m in _NO_ANSWER.finditer(text)
            if not re.search(r"\byou(?:'re)?\s+(?:\w+\s+){0,2}$", text[: m.start()])
        ]
    if tiers <= {"strong_hit", "critical", "full_success"}:
        found += [(m.start(), m.end()) for m in _TOOL_FAILS.finditer(text)]
        found += _target_thwarts(text, intent)
    for start, end in sorted(found):
        if _REVERSED.search(text[end:]) or hypothetical(text, start, end, OUTCOME_HYPOTHETICAL):
            continue
        excerpt = " ".join((sentence.raw or sentence.original)[start:end].split())
        tier = " and ".join(sorted(t.replace("_", " ") for t in tiers))
        detail = f"'{excerpt}' tells the attempt failing, but the engine's outcome is a {tier}"
        return [Violation(ViolationKind.OUTCOME, detail, excerpt)]
    return []
