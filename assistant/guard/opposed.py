"""An oracle answer contradicted in words the question never used: "Does the raider flee?" yes, then "The raider
lunges at you again"; "Does the priest sense me?" no, then "The priest looks at you with narrowed eyes".

:func:`~assistant.guard.oracle_answer.answer_polarity` catches the question's own words told the other way. A small model
rarely repeats them: it tells the opposite deed. The answers oracles are asked most turn on a few predicates, each
with the deeds that tell it true or false: fleeing (running off / coming at you), perceiving you (looking at you,
spotting you / unaware of you), a machine running (humming, online / dead, offline), being alive, being awake. A
sentence whose subject is the answer's subject (or a pronoun right after it was named) and whose deed tells the
predicate's other side, not negated and not supposed, contradicts the answer. This turn's answer and the answers
earlier turns established are read alike, but a price may change what an earlier answer said (its new hazard: "the
priest appears, sensing you"): there only a deed told as how it was at that time contradicts it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace

from assistant.guard.established import AT_THAT_TIME, CHANGING_MOVES, SUDDEN
from assistant.guard.facts import Facts
from assistant.guard.model import Violation, ViolationKind
from assistant.guard.oracle_answer import question_words
from assistant.guard.text import Sentence, clause_of, hypothetical, negated

_AT_YOU = r"(?:\w+\s+){0,2}?(?:at|on|toward|towards|for)\s+you\b"


@dataclass(frozen=True)
class _Family:
    """A predicate: what names it in an answer, and the deeds that tell it true (``yes``) or false (``no``)."""

    name: str
    names: re.Pattern[str]
    yes: re.Pattern[str]
    no: re.Pattern[str]


_FAMILIES = (
    _Family(
        "flee",
        re.compile(r"\b(?:flee|flees|fled|fleeing|retreat\w*|run(?:s|ning)? away|ran away|escape\w*)\b"),
        re.compile(
            r"\b(?:flee|flees|fled|fleeing|retreats?|retreated|retreating|runs? away|ran away|running away|bolts?"
            r"|bolted|withdraws?|withdrew|vanishe[sd]|disappears?|disappeared)\b"
        ),
        re.compile(
            r"\b(?:lunges?|lunging|lunged|attacks?|attacking|attacked|charges?|charging|charged|strikes?|striking|struck"
            r"|slash(?:es|ed|ing)?|swings?|swinging|swung|stabs?|stabbed|stabbing|comes?|coming|came|advances?|advancing"
            rf"|advanced|rushes|rushing|rushed|springs?|sprang|leaps?|leaped|leapt|closes? in|closing in){_AT_YOU}"
            r"|\b(?:attacks?|attacked|strikes?|struck|stabs?|stabbed|slashes|slashed|hits?)\s+you\b"
            r"|\bstands?\s+(?:his|her|their|its)\s+ground\b"
        ),
    ),
    _Family(
        "perceive",
        re.compile(
            r"\b(?:sense|senses|sensed|notice|notices|noticed|see|sees|saw|spot|spots|spotted|hear|hears|heard"
            r"|detect|detects|detected|aware|smell|smells|smelled)\b"
        ),
        re.compile(
            r"\b(?:looks?|looking|looked|stares?|staring|stared|glares?|glaring|glared|peers?|peering|peered|gazes?"
            rf"|gazing|gazed|turns?|turning|turned|points?|pointing|pointed|speaks?|speaking|spoke|calls?|called){_AT_YOU}"
            r"|\b(?:sees?|seeing|saw|spots?|spotted|spotting|notices?|noticed|noticing|senses?|sensed|sensing|hears?|heard"
            r"|hearing|smells?|smelled|detects?|detected|recogni[sz]e[sd]?|eyes|eyed|watches|watched|watching"
            r"|addresses|addressed|confronts?|confronted)\s+(?:you\b|your\s+presence\b)"
            r"|\b(?:turns?|turning|turned)\s+to\s+face\s+you\b"
            r"|\b(?:is|are|was|were|becomes?|became|grows?|grew)\s+aware\s+of\s+(?:you\b|your\s+presence\b)"
        ),
        re.compile(r"\b(?:unaware|oblivious|ignorant)\s+of\s+(?:you|your)\b"),
    ),
    _Family(
        "running",
        re.compile(r"\b(?:run|runs|running|working|operational|online|active|powered|functional|functioning)\b"),
        re.compile(
            r"\b(?:running|operational|online|hums|humming|whirs|whirring|thrums|thrumming|powered up"
            r"|functional|functioning|at full power|burns|burning|still burns|still burning)\b"
            # going on as it was: "the reactor continues to burn", "keeps humming"
            r"|\b(?:continues?|continued|continuing|keeps?|kept|still)\s+(?:to\s+)?(?:run|runs|running|burn|burning|hum"
            r"|humming|work|working|operate|operating|glow|glowing|pulse|pulsing|power|powering)\b"
            # at its work: "as it powers the ship", "its core still active"
            r"|\b(?:powers|powering|still\s+powers)\s+(?:the|this|your)\s+(?:ship|station|vessel|derelict|lights|systems?"
            r"|engines?)\b|\bstill\s+(?:active|live|online)\b"
        ),
        re.compile(r"\b(?:offline|shut down|shuts down|powered down|dead|silent|inert|lifeless)\b"),
    ),
    _Family(
        "aboard",
        re.compile(r"\b(?:aboard|on board|onboard)\b"),
        re.compile(r"\b(?:aboard|on board|onboard|huddled|huddling|trapped|hiding|sheltering)\b"),
        re.compile(
            r"\b(?:have|has|had)\s+(?:\w+\s+)?(?:escaped|left|fled|departed|evacuated|abandoned)\b(?!\s+behind)"
            r"|\b(?:managed|managing|manage|manages)\s+to\s+(?:escape|flee|leave|get off|get out)\b"
            r"|\b(?:escaped|fled|evacuated)\s+(?:to|into|from|off|aboard)\b"
            r"|\b(?:left|abandoned|fled|departed)\s+(?:the|this|your)\s+(?:ship|vessel|derelict|station|wreck)\b"
            r"|\b(?:are|is|were|was)\s+(?:all\s+)?(?:gone|long gone)\b"
        ),
    ),
    _Family(
        "alive",
        re.compile(r"\b(?:alive|living|dead)\b"),
        re.compile(r"\b(?:alive|breathing|breathes|stirs|groans|moans)\b"),
        re.compile(r"\b(?:dead|lifeless|corpse|killed|slain|no longer breathing)\b"),
    ),
)
#: Answers about the world, which a price changes only as a change told ("the reactor shudders back to life"): told
#: as they were ("the reactor continues to burn") on the price's turn, the answer is told the other way.
_WORLD = frozenset({"running", "aboard"})
_PRONOUN = re.compile(r"^\W*(?:then\s+|suddenly\s+|but\s+)?(?:he|she|it|they)\b")
#: The world may change after an answer: "the raider comes back", "the reactor restarts".
_CHANGED = re.compile(r"\b(?:returns?|returned|comes? back|came back|back|restart\w*|reappear\w*|recover\w*|revive\w*)\b")
#: A look that does not register you ("looks at you with a blank expression", "stares right through you").
_UNSEEING = re.compile(r"\b(?:blank|blankly|unseeing|vacant|vacantly|empty|glassy|through you|past you)\b")
#: The predicate told, then turned ("was still running until your action …", "was running, but it stopped").
_TURNED = re.compile(r"\b(?:until|stopped|stops|ceased|ceases|dies|died|anymore|no longer|shuts? down|shut down)\b")
_JOINED = re.compile(r"\b(?:but|then|suddenly|instead)\b[^.!?]*\b(?:not|never|no|without|stop\w*|ceas\w*|fail\w*)\b|n't\b")
#: An earlier turn's answer told as having changed since ("the priest now sees you"): the story may move on.
EARLIER_CHANGED = re.compile(
    r"\b(?:now|become|becomes|became|begin|begins|began|start|starts|started|wake|wakes|woke|until|resume|resumes"
    r"|resumed|later|eventually|finally|at last)\b"
)
_IF = frozenset(
    re.findall(r"\S+", "if unless whether might may could would should perhaps maybe wonder wonders hope hopes fear fears")
)
_VAGUE = frozenset({"one", "anyo", "some", "nobo", "noon", "anyb", "ever"})


@dataclass(frozen=True)
class _Answer:
    subject: str
    family: _Family
    holds: bool
    sentence: str
    earlier: bool = False


def _answer(words: str, yes: bool, told: str) -> _Answer | None:
    """The answer's subject and predicate family, and whether the predicate holds (``yes`` to its named side)."""
    key = question_words(words)
    if len(key) < 2 or key[0][:4] in _VAGUE:
        return None
    for family in _FAMILIES:
        if family.names.search(words.lower()):
            named_no = bool(family.no.search(words.lower())) and not family.yes.search(words.lower())
            return _Answer(key[0], family, yes != named_no, told)
    return None


def answers(facts: Facts, question: str | None) -> list[_Answer]:
    """This turn's oracle answer and the earlier ones, as predicates to keep."""
    out: list[_Answer] = []
    said = [o for o in facts.outcomes if o in ("yes", "no")]
    if said and question and not re.search(r"\bnot\b|n't\b|\bno longer\b", question.lower()):
        found = _answer(question, said[0] == "yes", f"the oracle answered {said[0]}")
        out += [found] if found else []
    for fact in facts.established:
        plain = re.sub(r"\b(?:not|no longer|never)\b|n't\b", " ", fact.sentence.lower())
        found = _answer(plain, fact.answer == "yes", f"an earlier turn established: '{fact.sentence}'")
        out += [replace(found, earlier=True)] if found else []
    return out


#: "You quickly realize that the priest …": what the character takes in, then the answer's subject.
_REALIZE = re.compile(
    r"^\W*you\s+(?:[a-z]+ly\s+)?(?:realize|realise|notice|see|sense|know|feel|understand|discover|find)s?\s+(?:that\s+)?",
    re.I,
)


def _about(sentence: Sentence, previous: str, subject: str) -> bool:
    """The sentence's subject is the answer's: named in its first words, or a pronoun right after it was named."""
    head = " ".join(_REALIZE.sub("", sentence.narr).split()[:4])
    if re.search(rf"(?:^\W*|\b(?:the|this|that)\s+(?:[a-z-]+\s+)?){re.escape(subject)}(?![a-z]*'s\b)", head):
        return True  # "the raider", "Kira": the one the answer named ("a second raider" is someone else; "the
        # reactor's cooling system" a part of it, told of itself)
    return bool(_PRONOUN.match(sentence.narr)) and re.search(rf"\b{re.escape(subject)}", previous) is not None


def check_opposed(told: Iterable[Sentence], facts: Facts, question: str | None) -> list[Violation]:
    """Sentences that tell an oracle answer's predicate the other way, in deeds rather than the question's words."""
    kept = answers(facts, question)
    if not kept:
        return []
    changing = bool(facts.moves & CHANGING_MOVES)
    previous = ""
    for sentence in told:
        text = sentence.narr
        for answer in kept:
            if sentence.question or _CHANGED.search(text):
                continue
            if answer.earlier and EARLIER_CHANGED.search(text):
                continue  # "the priest now sees you": an earlier turn's answer may have changed since
            if answer.earlier and changing and not AT_THAT_TIME.search(text) and answer.family.name not in _WORLD:
                continue  # a price's new hazard ("the priest appears, sensing you") changes the situation
            if answer.earlier and changing and SUDDEN.search(text):
                continue  # "the reactor suddenly shudders to life": the price told as the change
            for part in _parts(sentence, previous, answer.subject):
                if not _told_other_way(part, answer):
                    continue
                excerpt = " ".join((sentence.raw or sentence.original).split()[:14])
                if answer.sentence.startswith("the oracle"):
                    detail = f"'{excerpt}' tells the answer the other way, but {answer.sentence}"
                else:
                    detail = f"'{excerpt}' contradicts what {answer.sentence}"
                return [Violation(ViolationKind.OUTCOME, detail, excerpt)]
        previous = text
    return []


#: Where a sentence goes on with a clause of its own subject ("The reactor is no longer running, but the survivors
#: have escaped through a hidden door").
_COORDINATED = re.compile(r"(?:[,;]\s*|\s)(?:but|and|while|yet|though|although)\s+(?=(?:the|this|that)\s)|;\s*")


def _parts(sentence: Sentence, previous: str, subject: str) -> list[str]:
    """The text whose subject is the answer's: the whole sentence when it opens with it, else each coordinated clause
    that does (the clause's own subject, not a word in passing)."""
    if _about(sentence, previous, subject):
        return [sentence.narr]
    head = " ".join(_REALIZE.sub("", sentence.narr).split()[:4])
    if re.search(rf"\b{re.escape(subject)}[a-z]*'s\s+(?:core|glow|heart|drive)\b", head):
        return [re.split(r"[,;]|\b(?:and|but|while)\b", sentence.narr)[0]]  # "the reactor's core": the machine itself
    parts = _COORDINATED.split(sentence.narr)[1:]
    head = rf"^\W*(?:the|this|that)\s+(?:[a-z-]+\s+)?{re.escape(subject)}"
    return [p for p in parts if re.search(head, p)]


def _told_other_way(text: str, answer: _Answer) -> bool:
    """Whether ``text`` (about the answer's subject) tells the answer's predicate the other way in a deed."""
    own, other = (answer.family.yes, answer.family.no) if answer.holds else (answer.family.no, answer.family.yes)
    if any(not negated(text, o.start(), 3) for o in own.finditer(text)):
        return False  # "the raider flees, but not before he slashes at you": the answer is told too
    for m in other.finditer(text):
        if negated(text, m.start(), 3) or hypothetical(text, m.start(), m.end(), _IF):
            continue
        if own.search(text[m.end() :]):
            continue  # "lunges at you, then turns and flees": the sentence ends on the answer
        if (
            _TURNED.search(text[m.end() :])
            or _JOINED.search(text[m.end() :])
            or _UNSEEING.search(clause_of(text, m.start(), m.end()))
        ):
            continue
        return True
    return False
