"""Earlier turns told again as this one: a sentence the player already read, copied or retold in other words.

A small model short of story goes back to what it was shown: "You are unable to feed due to an adversity." (the last
turn's miss) on the price that follows it, "You try to ask the dockhands about the Wayfarer's last crew." on a bare
roll, "The situation gets worse as the guild master plans to attack you" after a turn that told that plan. The
player reads it as happening again. The guard reads one turn's Results only, so the sentences earlier turns told
travel with the request (``earlier``, as the chat's narration filter collects them) and a clause of the story is
checked against each of them.

A clause retells an earlier sentence when the words that carry its meaning (content words, by their stem) are, but for
one in five, that sentence's, and at least three of them are new to this turn: words of this turn's engine text (its
rules text, row, options), of the engine's opening and of the player's own words do not count, since telling them is
the turn's job. On a rolled move a sentence that joins two clauses is read whole and clause by clause ("The cleric's
shield is now protected, but you have to deal some damage": the last turn's Defend, then this Volley's damage). The
engine's own opening is never read as a copy, nor is a feeling carried on (unless copied word for word with a deed in
it: "You feel a sense of guilt and shame wash over you as you leave the place." again on the next turn) or the turn
handed back to the player ("You must decide the next action to take."), and on an oracle question an earlier answer
said again before this one is a
recall (the answer itself is this turn's story).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from assistant.guard.facts import Facts
from assistant.guard.model import Violation, ViolationKind
from assistant.guard.text import Sentence, normalize_words

#: Words that carry no event of their own (and the words a model adds when it says how a roll went).
_FUNCTION = frozenset(
    re.findall(
        r"\S+",
        "a an the and or but so as at by for from in into of on onto to with your you you're yours it its it's this that "
        "these those is are was were be been being has have had do does did not no his her him he she they them their "
        "there then than up down out over off all any some very just now still again more most also can could would will "
        "what which who whom when where while about through before after around across feel feels felt seem seems seemed "
        "realize realise notice see sees saw know knows find finds found begin begins start starts make makes made get gets "
        "got take takes took try tries tried attempt attempts fail fails failed succeed succeeds manage manages work works "
        "cost costs wrong badly well situation worse complication though however suddenly quickly moment way yourself",
    )
)
MIN_NEW = 3
"""A sentence needs at least this many content words new to this turn, shared with one earlier sentence, to be read as
telling it again."""
SHARE = 0.8
"""... and this share of its new words in that sentence, or fewer than :data:`MIN_NEW` new words besides them."""
VERBATIM_WORDS = 5
"""A sentence of at least this many words, word for word an earlier one, is a copy however few content words it has."""
SHORT_WORDS = 2
"""A shorter sentence word for word an earlier one ("The raider flees.") is a copy when at least this many of its
words carry meaning and one of them is not this turn's own (its engine text, opening or the player's words)."""
_ORACLE = frozenset({"yes", "no"})
#: A feeling carried on from the last turn tells no event ("You feel a sense of unease growing inside you.").
_FEELING = re.compile(r"^\W*(?:you\s+(?:\w+\s+)?(?:feel|feels|felt|sense)\b|(?:a|the)\s+(?:\w+\s+)?(?:sense|feeling)\s+of\b)")
#: ... unless it carries a deed with it ("You feel a sense of guilt and shame wash over you as you leave the place.").
_FEELING_DEED = re.compile(r"\b(?:as|when|while|after|before)\s+you\s+(?!feel|sense|are|were)[a-z]+")
#: Nor does the turn handed back to the player ("You must decide the next action to take.", said again each turn).
_HANDED_BACK = re.compile(
    r"^\W*(?:you\s+(?:must|need\s+to|have\s+to)\s+(?:now\s+)?(?:decide|choose)|what\s+(?:will|do)\s+you\s+do)\b"
)


#: A sentence that tells what became of an earlier subject ("... are now compromised", "no longer", "continues to"):
#: with a word of its own besides the earlier sentence's, it goes on from it rather than telling it again.
_GOES_ON = re.compile(
    r"\b(?:is|are|was|were|has|have|had|becomes?|became|seems?|seemed|lies|lie)\s+now\b|\bnow\s+(?:is|are|lies|lie|seems?)\b"
    r"|\bno\s+longer\b|\bcontinue[sd]?\s+to\b|\bkeeps?\s+on\b"
)


@dataclass(frozen=True)
class Earlier:
    """One sentence an earlier turn told: its words (lower-case, single-spaced) and its content stems."""

    words: str
    stems: frozenset[str]


def stems(text: str) -> set[str]:
    """The content words of ``text`` by their first five letters ("planning" and "plans" are one word)."""
    return {w[:5] for w in re.findall(r"[a-z]+", normalize_words(text)) if len(w) > 2 and w not in _FUNCTION}


def read_earlier(told: Iterable[str]) -> tuple[Earlier, ...]:
    """Each earlier sentence (any form: as written, or as the chat's padded lower-case words)."""
    out: dict[str, Earlier] = {}
    for sentence in told:
        words = normalize_words(str(sentence))
        if words and words not in out:
            out[words] = Earlier(words, frozenset(stems(words)))
    return tuple(out.values())


def _result_stems(facts: Facts) -> set[str]:
    """The words of this turn's own result: its outcome text, table row, options and follow-ups."""
    texts: list[str] = []
    for r in facts.results:
        texts += [r.text, r.move, *(str(row.get("text", "")) for row in (r.table or {}).get("rows", []))]
        texts += [c.prompt for c in r.choices] + [o.label for c in r.choices for o in c.options]
        texts += [f.reason for f in r.follow_ups]
    return stems(" ".join(t for t in texts if t))


def _recall(words: set[str], facts: Facts) -> bool:
    """On an oracle question, an earlier answer said again before this one ("The reactor is no longer running.")."""
    return bool(facts.outcomes & _ORACLE) and any(words and words <= stems(f.sentence) for f in facts.established)


def _asked_before(words: str, facts: Facts) -> bool:
    """A question of the story that is, word for word, an earlier line ("You: Does the raider flee?")."""
    return any(len(e.words.split()) >= MIN_NEW and f" {e.words} " in f" {words} " for e in facts.earlier)


#: Where a sentence joins two clauses, each of which may tell an event of its own.
_CLAUSE = re.compile(r",\s*(?:but|and|while|as|yet|so)\s+|;\s*|\s+—\s+|:\s+")


def _retold(words: str, own: set[str], result: set[str], facts: Facts) -> Earlier | None:
    """The earlier sentence ``words`` tells again in other words: at least :data:`MIN_NEW` of its content words new to
    this turn are that sentence's, and nearly all of them are."""
    new = stems(words) - own
    if len(new) < MIN_NEW or _recall(new, facts):
        return None
    for e in facts.earlier:
        shared = new & e.stems
        if len(shared) < MIN_NEW or (len(shared) < SHARE * len(new) and len(new - e.stems) >= MIN_NEW):
            continue
        if (stems(words) & result) - e.stems:
            continue  # this turn's row or outcome told of an earlier subject ("you see visions of the crew")
        if _GOES_ON.search(words) and not _GOES_ON.search(e.words) and new - e.stems:
            continue  # what became of it since ("the derelict's history ... is now compromised")
        return e
    return None


NOW = "; tell only what happens now"
"""How every flag of this check ends (:func:`told_before`)."""


def told_before(violation: Violation) -> bool:
    """Whether ``violation`` is a sentence of an earlier turn told again: the story can go on without it."""
    return violation.kind is ViolationKind.ECHO and violation.detail.endswith(NOW)


def check_earlier(told: Sequence[Sentence], facts: Facts, intent: str | None = None) -> list[Violation]:
    """Sentences of the story that tell an earlier turn's sentence again as this turn's."""
    if not facts.earlier:
        return []
    given = stems(" ".join(facts.told)) | stems(intent or "")  # the opening and the player's words: the turn's own
    own = stems(facts.engine_text) | given
    result = _result_stems(facts) - given
    opening = {normalize_words(s) for s in facts.told}
    engine = f" {facts.engine_text} "
    oracle = bool(facts.outcomes & _ORACLE)
    out: list[Violation] = []
    for sentence in told:
        words = normalize_words(sentence.text)
        if sentence.question and _asked_before(words, facts):
            excerpt = (sentence.raw or sentence.original).strip()
            detail = f"'{excerpt}' is a question asked in an earlier turn, copied as this turn's story"
            out.append(Violation(ViolationKind.ECHO, detail + NOW, excerpt))
            continue
        if sentence.question or not words or normalize_words(sentence.original) in opening:
            continue
        if _HANDED_BACK.search(sentence.text):
            continue
        # a feeling carried on, unless copied word for word with a deed of its own ("… as you leave the place")
        feeling = bool(_FEELING.search(sentence.text)) and not _FEELING_DEED.search(sentence.text)
        new = stems(words) - own
        # word for word as written: a phrase of the engine's blanked inside it ("The Magistrate says, ...") is still
        # part of the copy
        whole = normalize_words(sentence.original)
        copied = next(
            (
                e
                for e in facts.earlier
                if e.words in (words, whole)
                and len(e.words.split()) >= VERBATIM_WORDS
                and not oracle
                and f" {e.words} " not in engine
            ),
            None,
        )
        if feeling or (copied is None and _FEELING.search(sentence.text)):
            continue
        if copied is None and not oracle and new and len(stems(words)) >= SHORT_WORDS and len(words.split()) < VERBATIM_WORDS:
            copied = next((e for e in facts.earlier if e.words == words and f" {words} " not in engine), None)
        if copied is None:
            # the whole sentence, then each clause: "The cleric's shield is now protected, but you have to deal some
            # damage" tells the last turn's Defend in its first clause, this Volley's damage in its second
            # (on a rolled move only, where a clause may stand in for the roll's result; a question's or a table's story
            # may recall the scene in a clause)
            clauses = [normalize_words(c) for c in _CLAUSE.split(sentence.text)] if facts.tiered else []
            parts = [words, *(c for c in clauses if not _HANDED_BACK.search(c))] if len(clauses) > 1 else [words]
            copied = next((e for part in parts if (e := _retold(part, own, result, facts))), None)
        if copied is None:
            continue
        excerpt = (sentence.raw or sentence.original).strip()
        detail = f"'{excerpt}' tells an earlier turn's story again as this turn's"
        out.append(Violation(ViolationKind.ECHO, detail + NOW, excerpt))
    return out
