"""Outcome claims: the words that say how a roll went, per outcome family, and which engine outcomes
each is true of.

Families: Ironsworn (strong hit / weak hit / miss), PbtA (12+ / 10+ / 7-9 / 6-, i.e. critical,
strong, weak, miss; faction moves 11+ / 8-10 / 7-), Blades (critical / full / partial / bad outcome)
and the yes/no oracle. The plain words ("you fail", "you succeed", "at a cost", "a complication")
are read the same in every family: a weak hit told as a costly success is true, a miss told as a
success is not. A negated claim ("you don't fail") is true exactly where the claim is false.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from assistant.guard.facts import Facts
from assistant.guard.granted import tells_gain
from assistant.guard.model import Violation, ViolationKind
from assistant.guard.system_words import move_names
from assistant.guard.text import NEGATORS, OUTCOME_HYPOTHETICAL, Sentence, hypothetical, words_before

HIT = frozenset({"strong_hit", "weak_hit", "critical", "full_success", "partial_success"})
FAIL = frozenset({"miss", "bad_outcome"})
ALL = HIT | FAIL

#: claim label -> engine outcomes it is true of.
TRUE_OF: dict[str, frozenset[str]] = {
    "strong": frozenset({"strong_hit", "critical", "full_success"}),
    "weak": frozenset({"weak_hit", "partial_success"}),
    "critical": frozenset({"critical"}),
    "full": frozenset({"full_success", "critical", "strong_hit"}),
    "partial": frozenset({"partial_success", "weak_hit"}),
    "bad": FAIL,
    "miss": FAIL,
    "fail": FAIL,
    "success": HIT,
    "hit": HIT,
    "costly": frozenset({"weak_hit", "partial_success"}),
    "complication": frozenset({"weak_hit", "partial_success", "miss", "bad_outcome"}),
    "clean": frozenset({"strong_hit", "critical", "full_success"}),
    "pbta_critical": frozenset({"critical"}),
    "pbta_strong": frozenset({"strong_hit", "critical"}),
    "pbta_weak": frozenset({"weak_hit"}),
    "pbta_miss": frozenset({"miss"}),
    "story_success": HIT,
    "story_fail": frozenset({"miss", "bad_outcome", "weak_hit", "partial_success"}),
}
LABELS: dict[str, str] = {
    "strong_hit": "a strong hit",
    "weak_hit": "a weak hit",
    "miss": "a miss",
    "critical": "a critical",
    "full_success": "a full success",
    "partial_success": "a partial success",
    "bad_outcome": "a bad outcome",
    "yes": "yes",
    "no": "no",
}

_SHOTS = r"(?:shot|blow|strike|attack|swing|thrust|bolt|blast|aim|punch|lunge|throw|arrow|round|volley|slash|stab|jab)"
#: (label, pattern), most specific first: a later pattern never claims text an earlier one matched.
CLAIMS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (label, re.compile(pattern))
    for label, pattern in (
        ("strong", r"\bstrong (?:hit|success)\b"),
        ("weak", r"\bweak (?:hit|success)\b"),
        (
            "critical",
            r"\bcritical (?:success|hit|result|roll)\b|\b(?:a|it'?s|rolled|the) crit\b|\brolled a critical\b"
            r"|\ba critical\b(?=\s*(?:[—.,;:!]|$))",
        ),
        ("full", r"\bfull (?:success|hit)\b|\bclean hit\b"),
        ("partial", r"\bpartial (?:success|hit)\b|\bmixed (?:success|result)\b"),
        ("bad", r"\bbad (?:outcome|result)\b"),
        (
            "costly",
            r"\bat (?:a|some) (?:cost|price)\b|\bnot without (?:a |some )?(?:cost|price)\b|\bcostly success\b"
            r"|\bsuccess with (?:a )?(?:cost|price)\b|\bat a steep (?:cost|price)\b",
        ),
        (
            "clean",
            r"\b(?:clean|flawless|perfect|unqualified|complete|total|outright|unmitigated|resounding) (?:success|victory)\b"
            r"|\bwithout (?:a |any )?(?:cost|complication|hitch|drawback)s?\b|\bno (?:cost|complications?|drawbacks?)\b"
            r"|\bsucceed(?:s|ed)? (?:completely|fully|cleanly|flawlessly|outright)\b",
        ),
        ("complication", r"\bcomplications?\b"),
        (
            "miss",
            r"\b(?:a|the|clean|total|complete|outright|flat|straight|it'?s a|result is a)\s+miss\b(?![\w-])"
            rf"|\byou\s+(?:[\w']+\s+)?miss(?:ed)?\b(?!\s+(?:nothing|a beat|little|the point|home|your chance|the old))"
            r"|\bit\s+(?:\w+\s+)?miss(?:es|ed)\b(?!\s+(?:you|by))"
            r"|\broll(?:s|ed)?\b[^.!?;]{0,24}?\b(?:and|but|then)\s+(?:you\s+)?miss(?:ed)?\b(?![\w-])"
            r"(?!\s+(?:nothing|a beat|little|the point|home|your chance|the old))"
            rf"|\b(?:your|the)\s+(?:\w+\s+)?{_SHOTS}\s+(?:\w+\s+)?"
            r"(?:miss(?:es|ed)?|goes wide|went wide|falls short|fell short|whiffs|whiffed)\b",
        ),
        (
            "fail",
            r"\byou\s+(?:[\w']+\s+)?fail(?:s|ed)?\b(?!\s+to\b)"
            r"|\broll(?:s|ed)?\b[^.!?;]{0,24}?\b(?:and|but|then)\s+(?:you\s+)?fail(?:s|ed)?\b(?!\s+to\b)"
            r"|\b(?:a|an|utter|total|complete|abject|outright)\s+(?:utter\s+|total\s+|complete\s+|abject\s+)?failure\b"
            r"|\byour\s+(?:\w+\s+)?(?:attempt|effort|plan|move|roll|gambit|bid|try|push|approach)\s+"
            r"(?:fails|failed|falls apart|fell apart|comes to nothing|came to nothing|goes nowhere|went nowhere)\b",
        ),
        (
            "success",
            r"\byou\s+(?:[\w']+\s+)?succeed(?:s|ed)?\b"
            r"|(?<!momentary )(?<!brief )(?<!fleeting )(?<!hollow )\bsuccess(?:ful|fully)?\b",
        ),
        (
            "story_success",
            r"\b(?:you|they|he|she)\s+(?:triumph|prevail)(?:s|ed)?\b|\btriumph(?:ant|antly)?\b|\bvictorious\b"
            r"|\b(?:everything|it all|all|it)\s+(?:goes|went|go|going)\s+"
            r"(?:perfectly|smoothly|flawlessly|to plan|according to plan)\b"
            r"|\b(?:goes|went) off without\b|\bit works\b(?!\s+against)|\byou pull it off\b"
            r"|\byou make it\b(?!\s+(?:worse|harder))"
            r"|\byou manage (?:it|to)\b|\b(?:goes|went) your way\b|\b(?:agrees?|agreed|relents?|relented|gives in|gave in)\b"
            r"|\byou get what you (?:want|wanted|came for|need|needed)\b"
            r"|\bdoes (?:just )?(?:as|what) you (?:ask|asked|want|wanted)\b",
        ),
        (
            "story_fail",
            r"\b(?:it|everything|things|all)\s+(?:goes|went|go|going)\s+(?:wrong|badly|awry|south)\b|\bthings turn against you\b"
            r"|\byou come up short\b|\b(?:falls|fell|comes|came) apart\b|\bluck deserts you\b|\bbackfires?\b",
        ),
        (
            "hit",
            r"\b(?:it'?s|that'?s|is|was|counts as|a solid|solid)\s+(?:a\s+)?hit\b(?![\w-])"
            rf"|\b(?:your|the)\s+(?:\w+\s+)?{_SHOTS}\s+(?:\w+\s+)?"
            r"(?:hits|lands|landed|connects|connected|strikes true|struck true|finds its mark|found its mark)\b",
        ),
    )
)
#: PbtA tier numbers ("10+", "7-9", "6-"); read only for total rolls, and never as plain numbers.
PBTA_TIERS = re.compile(
    r"(?<![\d.+\-])(12\+|10\+|11\+|7\s?[-—]\s?9|8\s?[-—]\s?10|6-|7-(?!\d)|6 or (?:less|lower|under)|10 or (?:more|higher|better))"
)
_PBTA_LABEL = {
    "12+": "pbta_critical",
    "10+": "pbta_strong",
    "11+": "pbta_strong",
    "79": "pbta_weak",
    "810": "pbta_weak",
    "6-": "pbta_miss",
    "7-": "pbta_miss",
}
_ORACLE = re.compile(
    r"\banswer\s+(?:is|was|comes back|came back|:)?\s*(?:a\s+)?(?:\w+\s+)?(yes|no)\b"
    r"|\boracle\s+(?:\w+\s+){0,2}?(?:says|said|answers|answered|replies|gives|returns|whispers|speaks|offers)\s*(?:a\s+)?(?:\w+\s+)?(yes|no)\b"
    r"|\b(?:it'?s|that'?s)\s+a\s+(?:\w+\s+)?(yes|no)\b"
    r"|^\W*(yes|no)\b(?=\s*[,.!—:;])"
)
#: A tier named as what the character goes for ("aiming for a critical hit", "in hopes of a clean success"): the object
#: of an intention, not how the roll went.
_AIMED_FOR = re.compile(
    r"\b(?:aim|aims|aimed|aiming|hope|hopes|hoped|hoping|go|goes|going|went|try|tries|tried|trying|look|looks|looking"
    r"|angle|angles|angling|play|plays|playing|pray|prays|praying|reach|reaches|reaching|strive|strives|striving"
    r"|gun|guns|gunning|push|pushes|pushing|wish|wishes|wishing|hold|holds|holding out)\s+(?:out\s+)?for"
    r"\s+(?:a|an|the|that|one)?\s*$|\bin (?:the )?hopes? of\s+(?:a|an|the)?\s*$"
)
#: Words that turn "miss"/"fail" into their opposite ("you nearly fail", "a near miss").
_NEAR = frozenset({"nearly", "almost", "narrowly", "barely", "near"})
#: Negators for outcome claims: "nothing" is left out ("nothing but a miss" is still a miss).
_NEGATE = NEGATORS - {"nothing"}


def pbta_label(token: str) -> str:
    key = re.sub(r"\s|—|-(?=\d)", "", token)
    if key.startswith("6or"):
        return "pbta_miss"
    if key.startswith("10or"):
        return "pbta_strong"
    return _PBTA_LABEL.get(key, "")


def claims(sentence: Sentence, facts: Facts) -> Iterator[tuple[str, bool, str]]:
    """(label, negated, excerpt) of each outcome claim the sentence makes as fact."""
    if sentence.question:
        return
    text = sentence.narr.replace("_", " ")
    taken: list[tuple[int, int]] = []
    for label, pattern in CLAIMS:
        for m in pattern.finditer(text):
            if any(m.start() < b and a < m.end() for a, b in taken):
                continue
            taken.append((m.start(), m.end()))
            if hypothetical(text, m.start(), m.end(), OUTCOME_HYPOTHETICAL) or _AIMED_FOR.search(text[: m.start()]):
                continue
            before = words_before(text, m.start())
            inner = re.findall(r"[a-z]+", m.group(0).replace("n't", " not"))
            near = label in ("miss", "fail") and bool(_NEAR & {*before[-2:], *inner})
            neg = bool(_NEGATE & set(before))
            if label in ("miss", "fail", "success", "hit"):
                neg = neg or bool(_NEGATE & set(inner[1:-1]))
            if label == "clean" and m.group(0).startswith(("without", "no ")):
                neg = bool(_NEGATE & set(before))
            yield label, neg != near, m.group(0)
    if any(r.roll == "total" for r in facts.results):
        for m in PBTA_TIERS.finditer(sentence.text):
            if not hypothetical(sentence.text, m.start(), m.end(), OUTCOME_HYPOTHETICAL):
                label = pbta_label(m.group(1))
                if label:
                    yield label, bool(_NEGATE & set(words_before(sentence.text, m.start()))), m.group(0)


def _a_move_name(raw: str, excerpt: str, facts: Facts) -> bool:
    """The words are (part of) a move's name written as one, in title case ("Backfire", "Lose Momentum")."""
    words = excerpt.strip().lower()
    if not words:
        return False
    for name in move_names(facts.system):
        if words in name:
            at = raw.lower().find(name)
            if at >= 0 and all(w[:1].isupper() for w in raw[at : at + len(name)].split() if w[:1].isalpha()):
                return True
    return False


def check_outcome(sentence: Sentence, facts: Facts) -> list[Violation]:
    out: list[Violation] = []
    tiers = [o for o in facts.outcomes if o in ALL]
    if tiers:
        for label, neg, excerpt in claims(sentence, facts):
            if _a_move_name(sentence.raw, excerpt, facts):
                continue  # "Backfire, +complexity." names the move; it tells no outcome
            if label == "story_success" and not neg and tells_gain(sentence, facts):
                continue  # "you manage to get the asset": the gain the engine made whatever the roll
            true_of = TRUE_OF[label]
            if label == "critical" and facts.match:
                true_of = true_of | {"strong_hit"}
            if label == "complication" and facts.match:
                true_of = ALL
            if label in ("critical", "pbta_critical") and facts.max_total is not None and facts.max_total >= 12:
                true_of = true_of | {"strong_hit"}
            holds = any((o in true_of) != neg for o in tiers)
            if not holds:
                said = f"not {label}" if neg else label
                out.append(
                    Violation(
                        ViolationKind.OUTCOME,
                        f"'{excerpt}' tells {said.replace('_', ' ')}, but the engine's outcome is "
                        f"{' / '.join(LABELS[o] for o in tiers)}",
                        excerpt,
                    )
                )
    answers = [o for o in facts.outcomes if o in ("yes", "no")]
    if answers and not sentence.question:
        for m in _ORACLE.finditer(sentence.narr):
            said = next(g for g in m.groups() if g)
            if said not in answers and not hypothetical(sentence.narr, m.start(), m.end(), OUTCOME_HYPOTHETICAL):
                out.append(
                    Violation(
                        ViolationKind.OUTCOME,
                        f"'{m.group(0).strip()}' answers {said}, but the oracle's answer is {answers[0]}",
                        m.group(0).strip(),
                    )
                )
    return out
