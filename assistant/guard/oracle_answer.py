"""An oracle answer told as its opposite in the story's own words: for "Is the reactor still running?" answered
no, "The reactor hums steadily, still running" (the question's words, stated without a negation) is a yes.

A no to whether someone perceives you ("Does the priest sense me?") is hedged back toward yes when the story shows
them noticing: "the priest's eyes widen", "the guard turns toward you", "she spins to face you", "He turns to you
with a frown" right after a sentence about the priest. A look your way may be taken back ("but his eyes pass over
you"); the perception itself may not: "He notices a small figure moving towards him, but he does not seem to be aware
of it" hedges the no, and so does a suspicion that someone is there, which no "but" takes back either ("he realizes
something is off", "she grows wary", "he knows he is not alone"), or unease at it ("he seems nervous", "his hands
trembling"), or a dealing with you ("he greets you", "unsure
whether to go on speaking with you"). A stiffening or a narrowing of the eyes may answer a noise, and is left to the
story.
"""

from __future__ import annotations

import re

from assistant.guard.agency import AUX_WORDS, IF_WORDS
from assistant.guard.facts import Facts
from assistant.guard.model import Violation, ViolationKind
from assistant.guard.text import Sentence, hypothetical, stem
from assistant.guard.watching import CALLED_OUT, FINDS_NOTHING, SCANNING, WATCHING

_SOMEONE = {"anyone": "one", "someone": "one", "anybody": "one", "somebody": "one", "no one": "one", "nobody": "one"}
_NEGATION = re.compile(r"\b(?:not|no|never|nobody|none|nothing|neither|nor|without|no longer|cannot)\b|n't\b")
#: "refusing to flee": a no to "Does the raider flee?" when the refused verb is the question's.
_REFUSED = r"\b(?:refus|declin)(?:e|es|ed|ing)\s+to\s+(?:even\s+|simply\s+|so\s+much\s+as\s+)?{stem}"
_REVERSAL = re.compile(
    r"\b(?:until|but|stopped|stops|ceased|died|fail|fails|failed|anymore|no longer|then|suddenly|turned out|instead)\b"
)


def check_oracle_story(sentence: Sentence, facts: Facts, question: str | None) -> list[Violation]:
    """The question's own words stated in the story with the other polarity than the oracle's answer."""
    answers = [o for o in facts.outcomes if o in ("yes", "no")]
    if not answers or not question or sentence.question or re.search(r"\bnot\b|n't\b", question.lower()):
        return []
    told = answer_polarity(sentence.narr, question_words(question))
    if told is None or told[1] == answers[0]:
        return []
    excerpt, said = told
    return [
        Violation(
            ViolationKind.OUTCOME,
            f"'{excerpt}' tells {said} to the question, but the oracle answered {answers[0]}",
            excerpt,
        )
    ]


#: A story may tell the world changing after the answer: "the reactor is running again", "flickers back to life".
CHANGED = re.compile(
    r"\b(?:again|back|once more|now|restart|restarts|restarted|resume|resumes|resumed|anew|return|returns|returned"
    r"|become|becomes|became|begin|begins|began|start|starts|started|wake|wakes|woke|until)\b"
)


#: "Does the priest sense me?": who is asked about, and that it is whether they perceive you.
_PERCEIVES = re.compile(
    r"^\s*(?:does|did|do|will|would|can|could|has|have|is|are)\s+(?:the\s+|a\s+|an\s+|any\s+)?(?P<who>[a-z]+)\s+"
    r"(?:\w+\s+)?(?:sense|senses|notice|notices|see|sees|spot|spots|hear|hears|detect|detects|smell|smells|recognize"
    r"|recognise|suspect|suspects|aware\s+of|feel|feels)\s+(?:me|us|my|our)\b"
)
#: Signs of having noticed: a startle, a look your way.
_NOTICING = re.compile(
    r"\beyes\s+(?:widen|widened)\b|\beyes\s+(?:snap|snapped|lock|locked|fix|fixed|dart|darted)\s+(?:to|on|onto)\s+you\b"
    r"|\b(?:whirls|whirled|spins|spun|turns|turned|turning)\s+(?:around\s+)?(?:toward|towards|to\s+face|to)\s+you\b"
    r"|\b(?:turns|turned|glances|glanced|looks|looked|stares|stared|peers|peered)\s+(?:straight\s+|right\s+)?"
    r"(?:toward\s+you|towards\s+you|in\s+your\s+direction|your\s+way)\b"
    # perceiving you, or someone unnamed where you are: the asked-for perception itself, which no "but" takes back
    r"|\b(?P<perceived>(?:notices|noticed|spots|spotted|senses|sensed|sees|saw|detects|detected)\s+(?:that\s+you|you"
    r"|(?:a|the)\s+(?:[a-z]+\s+){0,2}?(?:figure|presence|intruder|stranger)))\b"
    # or a suspicion that someone is there: "he realizes something is off", "she grows wary", "he knows he is not alone"
    r"|\b(?P<suspects>(?:(?:could\s*n't|could\s+not|can't|cannot|can\s+not)\s+shake\s+(?:off\s+)?|(?:has|had|have|with)\s+)"
    r"(?:the|a|an)\s+(?:[a-z]+\s+)?(?:feeling|sense|suspicion|hunch)\s+(?:that\s+)?(?:something|someone|somebody)\s+"
    r"(?:is|was)\s+(?:off|wrong|amiss|there|near|nearby|watching|following|behind)"
    r"|(?:realizes|realises|realized|realised|senses|sensed|feels|felt|knows|knew|suspects|suspected)"
    r"\s+(?:that\s+)?(?:something|someone|somebody)\s+(?:is|was)\s+(?:off|wrong|amiss|there|near|nearby|watching"
    r"|following|behind)(?!\s+(?:with|in|inside)\s+(?:him|her|them|his|their|himself|herself|themselves)\b)"
    r"|(?:grows|grew|becomes|became|turns|turned)\s+(?:suddenly\s+)?(?:suspicious|wary|alert|alarmed|watchful)"
    r"|(?:senses|sensed|feels|felt)\s+(?:eyes\s+on\s+(?:him|her|them)|(?:that\s+)?(?:he|she|they)\s+(?:is|are|was|were)"
    r"\s+being\s+(?:watched|followed)|watched|followed)"
    r"|(?:knows|knew|realizes|realises|realized|realised|senses|sensed)\s+(?:that\s+)?(?:he|she|they)\s+(?:is|are|was"
    r"|were)\s+not\s+alone"
    # or uneasy at someone unseen: "feels a presence", "a sensation of being watched", "knows the aura is not natural",
    # "observing the arrival of a new guest" (a chill down his own spine, a sensation in his chest, is his own)
    r"|(?P<uneasy>(?:feels|felt|feel|feeling|senses|sensed|sense|sensing|has|had|gets|got|experiences|experienced)\s+"
    r"(?:a|an|the|some)\s+(?:[a-z]+\s+){0,2}?(?:presence|aura|(?:sensation|feeling)\s+of\s+(?:a\s+presence|being"
    r"\s+(?:watched|observed|followed)|someone|somebody))"
    r"|(?:feels|felt|feel|feeling|senses|sensed|sense|sensing)\s+(?:the\s+)?presence"
    # or dread at it: "he feels a sense of dread wash over him", "a feeling of foreboding"
    r"|(?:feels|felt|feel|feeling|has|had|gets|got)\s+(?:a|an|the|some)\s+(?:[a-z]+\s+)?(?:sense|feeling|pang|wave|chill)"
    r"\s+of\s+(?:dread|unease|foreboding|alarm|fear|panic|danger)"
    # or aware of trouble, or unsure whether it is one: "is aware of the new hazard", "unsure if this is a trick"
    r"|(?:is|was|are|were|seems|seemed|remains|remained|becomes|became|grows|grew)\s+(?:\w+\s+)?aware\s+of\s+(?:the|a|an"
    r"|some|this)\s+(?:[a-z]+\s+){0,2}?(?:hazard|danger|threat|disturbance|intrusion|intruder|change|noise|sound|movement)"
    r"|(?:unsure|uncertain|not\s+sure)\s+(?:if|whether)\s+(?:[a-z']+\s+){0,6}?(?:trick|threat|danger|real|someone"
    r"|somebody|something|anyone|intruder|alone)"
    # or sensing it, uneasy in a word, or as if he had heard: "sensing something amiss", "The priest stirs, uneasy",
    # "alert to the new threat", "looks up, as if he heard something"
    r"|(?:sens|feel|felt|suspect)\w*\s+(?:that\s+)?(?:something|someone|somebody)\s+(?:amiss|wrong|off|out\s+of\s+place)"
    r"|,\s*(?:suddenly\s+|now\s+|visibly\s+)?(?:uneasy|wary|alarmed|nervous|on\s+edge)\s*(?=[,.;!?]|$)"
    r"|(?:is|was|seems|seemed|grows|grew|remains|remained)\s+(?:suddenly\s+)?alert\s+to\b"
    r"|as\s+(?:if|though)\s+(?:he|she|they)\s+(?:had\s+)?(?:heard|sensed|noticed|seen|saw|felt)\s+(?:something|someone"
    r"|somebody|a\s+sound|a\s+noise|movement)"
    r"|(?:is|was|seems|seemed|grows|grew|feels|felt|looks|looked)\s+(?:suddenly\s+|a\s+little\s+|somewhat\s+)?"
    r"(?:uneasy|unsettled|on\s+edge|ill\s+at\s+ease|disquieted|nervous|anxious|tense|afraid|fearful|frightened|jumpy"
    r"|alarmed|agitated)"
    # or shaken: "his hands trembling", "her fingers shake" (what his own hands do, not the light or the ground)
    r"|(?:his|her|their)\s+(?:hands?|fingers|body|voice|lips|shoulders|knees)\s+(?:(?:are|is|were|was|begin\s+to|began\s+to"
    r"|start\s+to|started\s+to)\s+)?(?:tremble|trembles|trembled|trembling|shake|shakes|shook|shaking|quiver|quivers"
    r"|quivered|quivering)"
    r"|(?:observ|watch|notic|spott|see|saw)\w*\s+(?:the\s+|a\s+|an\s+)?(?:arrival|approach|newcomer|new\s+(?:guest"
    r"|arrival|visitor|presence)|guest|visitor|intruder|stranger|movement)"
    r"|(?:knows|knew|realizes|realises|realized|realised|senses|sensed|suspects|suspected|feels|felt)\s+(?:that\s+)?"
    r"(?:the\s+|this\s+|an?\s+)?(?:[a-z]+\s+){0,2}?(?:is|was|are|were)\s+(?:not\s+natural|unnatural|not\s+right"
    r"|wrong|off|amiss|out\s+of\s+place)(?!\s+(?:with|in|inside)\s+(?:him|her|them|his|their|himself|herself"
    r"|themselves)\b))\b"
    # or asking into the dark who is there: "calls out, asking who is there"
    r"|(?:ask|asks|asked|asking|call\s+out|calls\s+out|called\s+out|calling\s+out|demand|demands|demanded|demanding)"
    r"\s+(?:[a-z]+\s+){0,4}?who(?:'s|\s+is|\s+goes|\s+was)\s+there)\b"
    # or looking for you, which only one who suspects you are there does, whatever he finds: "trying to find any sign
    # of you", "his eyes search the shadows for you", "she peers about, hunting for you"
    r"|\b(?P<seeks>(?:look|looks|looked|looking|listen|listens|listened|listening|search|searches|searched|searching|scan|scans|scanned|scanning|peer"
    r"|peers|peered|peering|hunt|hunts|hunted|hunting|feel|feels|felt|feeling|grope|gropes|groped)\s+(?:[a-z']+\s+){0,5}?"
    r"for\s+(?:any\s+|a\s+|some\s+)?(?:(?:sign|signs|trace|glimpse)\s+of\s+)?you"
    r"|(?:try|tries|tried|trying|strain|strains|strained|straining)\s+to\s+(?:find|spot|locate|see|glimpse|catch\s+sight\s+of"
    r"|make\s+out|hear|track)\s+(?:any\s+|a\s+|some\s+)?(?:(?:sign|signs|trace|glimpse)\s+of\s+)?you)\b"
    # or dealing with you, which only one who knows you are there does: "speaks with you", "greets you", and "unsure
    # whether to continue to speak with you" (a talk already under way, whatever he is unsure of)
    r"|\b(?P<deals>(?P<ongoing>continu\w*\s+to\s+)?(?:speak|speaks|spoke|talk|talks|talked|whisper|whispers|whispered"
    r"|call|calls|called|nod|nods|nodded|smile|smiles|smiled|wave|waves|waved|shout|shouts|shouted)\s+(?:to|with|at)\s+you"
    r"|(?:greets|greeted|addresses|addressed|asks|asked|thanks|thanked|warns|warned|questions|questioned|confronts"
    r"|confronted|challenges|challenged|beckons|beckoned)\s+you)\b"
    # or watching for you (:mod:`assistant.guard.watching`): a gaze on you, a search of the place, a hunt for the cause
    rf"|\b(?P<watches>{WATCHING})"
    # or his eyes sweeping the place you hide in, unless he finds it empty (:data:`FINDS_NOTHING`)
    rf"|\b(?P<scans>{SCANNING})"
)


#: A sentence told of someone named just before: "He turns to you with a frown." after "The priest looks around."
_PRONOUN_SUBJECT = re.compile(r"^\W*(?:he|she|they|his|her|their)\b")
#: A later clause told of the one named before: "The silence was deafening, and he couldn't shake the feeling…".
_CLAUSE_PRONOUN = re.compile(
    r"(?:^|[,;:]|\b(?:and|but|yet|so)\b|\bas\s+(?:if|though))\s*(?:and\s+|but\s+|yet\s+|so\s+)?(?:he|she|they)\b"
)
#: "It was as if he could feel the presence": a likeness told of what he feels, not a supposition.
_LIKENESS = re.compile(r"\bas\s+(?:if|though)\s+(?:he|she|they)\s+(?:could|can|would)?\s*$")
#: The modal that opens "couldn't shake the feeling": part of the idiom, not a supposition.
_SHAKE = re.compile(r"(?:could|can)")
#: "unsure if this is a trick": the doubt is his, told as a fact, not a supposition of the story's.
_UNSURE = re.compile(r"(?:unsure|uncertain|not\s+sure)\s+(?:if|whether)")
#: A sentence that carries on without naming anyone new: another pronoun ("It wasn't fear."), or the scene described
#: ("The air was thick with incense."), not someone else acting ("The watchman wakes.").
_CARRIES_ON = re.compile(
    r"^\W*(?:(?:he|she|they|his|her|their|it|its|there)\b|(?:the|a|an)\s+[a-z]+\s+(?:is|was|are|were|seems|seemed|hangs"
    r"|hung|grows|grew)\b)"
)


def lead_in(told: list[Sentence], at: int, reach: int = 4) -> str:
    """The sentence before ``told[at]`` that names whom its pronoun stands for: the one right before it, or further
    back over sentences that name no one new (a pronoun's, a description of the scene), at most ``reach`` back: "The
    priest looked around. The air was thick with incense. He knew that something was wrong." reads "he" as the
    priest."""
    for back in range(at - 1, max(-1, at - 1 - reach), -1):
        if back == 0 or not _CARRIES_ON.match(told[back].narr):
            return told[back].narr
    return told[at - 1].narr if at else ""


def check_noticed(sentence: Sentence, facts: Facts, question: str | None, before: str = "", after: str = "") -> list[Violation]:
    """After a no to "Does <someone> sense me?", that someone told noticing you (see the module's docstring), named or
    as the pronoun opening the sentence right after one that names them (``before``); ``after``: the next sentence."""
    if "no" not in facts.outcomes or not question or sentence.question:
        return []
    asked = _PERCEIVES.match(question.lower())
    if asked is None:
        return []
    return noticing(sentence, asked.group("who"), before, "but the oracle answered no", after)


def noticing(sentence: Sentence, who: str, before: str, why: str, after: str = "", only: tuple[str, ...] = ()) -> list[Violation]:
    """``who`` told noticing you in ``sentence`` (named, or as the pronoun after a sentence naming them), against
    ``why`` (the answer that says they do not); a search of the place that finds nothing, in the sentence or the next
    (``after``), tells the no. ``only``: the signs read (named groups of the pattern; all when empty).
    """
    text = sentence.narr
    named = re.compile(rf"\b{re.escape(who)}(?:'s)?\b")
    told_of = bool(named.search(text) or (_PRONOUN_SUBJECT.match(text) and named.search(before)))
    if not told_of and not (named.search(before) and _CLAUSE_PRONOUN.search(text)):
        return []
    for m in _NOTICING.finditer(text):
        if only and not any(m.group(g) for g in only):
            continue
        clause_start = max(text.rfind(c, 0, m.start()) for c in ",;:")
        lead = text[clause_start + 1 : m.start()]
        if not told_of and not _CLAUSE_PRONOUN.match(lead) and not _LIKENESS.search(lead):
            continue  # "The silence was deafening, and he couldn't shake…": only a clause told of him counts
        # "can't shake the feeling": the modal is the idiom's, not a supposition; "unsure if" is his doubt
        idiom = _SHAKE.match(m.group(0)) or _UNSURE.match(m.group(0)) or m.group(0).startswith(("as if", "as though"))
        if m.group("uneasy") and not (named.search(text[: m.start()]) or _PRONOUN_SUBJECT.match(text) or not told_of):
            continue  # "The novice seems uneasy, but the priest murmurs on": the unease is another's
        likeness = bool(m.group("uneasy") and _LIKENESS.search(lead))
        # a feeling is read up to its own words: "knows the aura is not natural and could be dangerous" knows it
        upto = text[: m.end()] if m.group("uneasy") else text
        supposed = not (m.group("ongoing") or idiom or likeness) and hypothetical(upto, m.start(), m.end(), IF_WORDS)
        if _NEGATION.search(lead) or supposed:
            continue
        rest = text[m.end() :]
        if m.group("scans") and (FINDS_NOTHING.search(m.group(0)) or FINDS_NOTHING.search(rest) or FINDS_NOTHING.search(after)):
            continue  # "his eyes scanning the dark room. He doesn't see you anywhere.": the no told
        held = ("perceived", "suspects", "deals", "seeks", "uneasy", "watches", "scans")  # signs no "but" takes back
        if not any(m.group(g) for g in held) and (_NEGATION.search(rest) or re.search(r"\b(?:past|over|through)\s+you\b", rest)):
            continue  # "turns toward you, but his eyes pass over you without a flicker": taken back
        excerpt = " ".join(text[max(0, clause_start + 1) : m.end()].split())
        detail = f"'{excerpt}' shows the {who} noticing you, {why}"
        return [Violation(ViolationKind.OUTCOME, detail, excerpt)]
    called = CALLED_OUT.search(sentence.text) if told_of and not only else None
    if called:  # '"Is it you?" he asked': calling out to the one he should not know is there
        excerpt = " ".join((sentence.raw or sentence.original)[called.start() : called.end()].split())
        return [Violation(ViolationKind.OUTCOME, f"'{excerpt}' shows the {who} noticing you, {why}", excerpt)]
    return []


def answer_polarity(text: str, key: list[str]) -> tuple[str, str] | None:
    """The clause of ``text`` that holds every stem of ``key`` (predicate last) and whether it says yes or no to
    them; ``None`` when no clause does, or when the sentence goes on to reverse it ("... until it stopped")."""
    if not key or not all(k in answer_stems(text) for k in key):
        return None
    predicate = key[-1]
    aside = False  # a clause before told the predicate of something else: a "but" after it turns that, not this
    for clause in re.split(r"[,;:—]|\s-\s", text):
        mood = _PERCEIVING.sub(" ", clause.lower())  # "you can hear the hum": perceiving it, not a supposition
        if predicate not in answer_stems(clause) or hypothetical(mood, 0, len(mood), IF_WORDS):
            continue
        if _other_subject(clause, key):
            aside = True
            continue  # "the reactor's cooling systems are running low": a part of it, not the reactor
        at = text.find(clause)
        own = re.sub(r"^\s*but\b", " ", clause) if aside else clause
        if _reverses(text[at + len(clause) :], key) or _REVERSAL.search(own):
            return None
        refused = re.search(_REFUSED.format(stem=re.escape(predicate)), clause.lower())
        return clause.strip(), "no" if _NEGATION.search(clause) or refused else "yes"
    return None


#: The thing a clause says is (not) in the predicate's state: "the containment system is operational" -> system.
_COPULA_SUBJECT = re.compile(
    r"\b(?P<head>[a-z]+)\s+(?:is|are|was|were|remains|remain|remained|stays|stay|stayed|seems|seem|seemed)"
    r"(?:\s+(?:still|now|fully|partly|barely|not|no|longer|being))*\s+(?P<pred>[a-z]+)"
)
#: Words that stand for the one asked about ("it is still running").
_STANDS_FOR = frozenset({"it", "they", "he", "she", "which", "that", "who", "one", "else", "everything", "all"})


def _other_subject(clause: str, key: list[str]) -> bool:
    """The predicate told of something else than what the question asks about: "the reactor's cooling systems are
    running low", "the containment system is operational" say nothing of whether the reactor runs."""
    text = clause.lower()
    for phrase, same in _SOMEONE.items():
        text = text.replace(phrase, same)  # "someone else is awake": the one asked about
    for m in _COPULA_SUBJECT.finditer(text):
        if key[-1] not in answer_stems(m.group("pred")):
            continue
        head = m.group("head")
        return head not in _STANDS_FOR and stem(head) not in key[:-1] and not answer_stems(head) & set(key[:-1])
    return False


#: "can hear", "could still see": what the character perceives, told with a modal that supposes nothing.
_PERCEIVING = re.compile(
    r"\b(?:can|could)\s+(?:(?:still|only|just|barely|now)\s+)?(?=(?:hear|see|feel|smell|sense|make\s+out)\b)"
)


#: A reversal that only joins another statement ("..., but there are survivors aboard") reverses nothing unless
#: what follows it speaks of the same thing again ("but it stops", "then the reactor dies").
_JOINING = frozenset({"but", "then", "suddenly", "until", "instead"})


def _reverses(rest: str, key: list[str]) -> bool:
    m = _REVERSAL.search(rest)
    if not m:
        return False
    if m.group(0) not in _JOINING:
        return True
    tail = rest[m.end() :]
    return bool(
        re.search(r"\b(?:it|he|she|they|him|her|them|its|his|their)\b", tail)
        or any(k in answer_stems(tail) for k in key)
        or _REVERSAL.search(tail)
    )


#: Words a story tells an answer's predicate with ("the reactor remains operational" for "running"): each counts as
#: the predicate's stem, so the answer's polarity is read from them too.
_SAME_AS = {
    # a machine running, also told by its sound: "the distant hum of the reactor"
    "run": "operational working active online powered humming functioning operating operates functional hums hum thrum "
    "thrums thrumming throb throbs throbbing drone drones droning whir whirs whirring purr purrs purring",
    "sens": "notice notices noticed spot spots spotted detect detects detected",
    "flee": "escape escapes escaped retreat retreats retreated bolts bolted",
    "surviv": "alive living",
    # someone dead told by what is left of them: "the leader's body lies in the corridor"
    "dead": "corpse corpses body bodies lifeless slain",
}
_SYNONYM = {word: stem for stem, words in _SAME_AS.items() for word in words.split()}


def answer_stems(text: str) -> set[str]:
    """The stems of ``text``, with the words a story tells an answer's predicate with counted as that predicate."""
    text = text.lower()
    for phrase, same in _SOMEONE.items():
        text = text.replace(phrase, same)
    words = [w for w in re.findall(r"[a-z]+", text) if len(w) > 1]
    return {stem(w) for w in words} | {_SYNONYM[w] for w in words if w in _SYNONYM}


#: Words that carry no part of what is asked: "us" and "our" are the party, as "me" and "my" are ("Do the pirates follow
#: us into the nebula?" kept "us" and lost "nebula", so its own answer read as an earlier turn's told again).
#: A possessive ("Is their leader dead?") is not told again with the thing it owns ("The leader's body lies…").
_NOT_ASKED = frozenset({"else", "oracle", "us", "our", "ours", "we", "their", "his", "its"})


def question_words(question: str) -> list[str]:
    """The stems that carry the question ("Is the reactor still running?" -> reac, runn), predicate last."""
    text = question.lower().split(":")[-1]
    for phrase, same in _SOMEONE.items():
        text = text.replace(phrase, same)
    words = [w for w in re.findall(r"[a-z]+", text) if w not in AUX_WORDS and w not in _NOT_ASKED and len(w) > 1]
    return [stem(w) for w in words][:4]
