"""Acts the narration may not invent: a roll the engine did not make, and a decision that is the
player's (an open choice picked, an explicit "you decide to", burning momentum)."""

from __future__ import annotations

import re
from functools import cache

from assistant.guard.facts import Facts
from assistant.guard.model import Violation, ViolationKind
from assistant.guard.system_words import move_names, stat_words
from assistant.guard.text import Sentence, hypothetical, negated

#: "you roll ..." as dice, not as a body rolling aside: what may follow the verb.
_ROLL_OBJECT = (
    r"(?:a|an|the|your|two|three|four|\d|\+|dice|die|d\d|high|low|well|badly|poorly|again|twice|snake|boxcars|"
    r"with|for|on\s+the|against|plus|under\s+your|over\s+your|\w+\s+dice)"
)
_ROLL_CLAIMS = [
    rf"\byou\s+(?:[\w']+\s+)?(?:roll|rolled|rolls|re-?roll|re-?rolled)\s+(?={_ROLL_OBJECT})",
    r"\b(?:challenge|action|oracle|progress)\s+(?:dice|die|roll)\b",
    r"\bdice\s+(?:\w+\s+)?(?:show|showed|shows|land|landed|lands|come up|came up|comes up|clatter|clattered|tumble|tumbled|"
    r"roll|rolled|read|settle|settled|turn up|turned up|fall|fell|spin|spun|rattle|rattled)\b",
    r"\b(?:your|the)\s+roll\s+(?:is|was|of|comes|came|shows|showed|lands|landed|beats|beat|totals|gives|gave|falls|fell|"
    r"succeeds|fails|misses|hits)\b",
    r"\ba\s+roll\s+of\s+\d",
    r"\b(?:rolled|rolling)\s+(?:a|an|the)\s+(?:\d|one|two|three|four|five|six|seven|eight|nine|ten)",
]
_REROLL = re.compile(
    r"\b(?:re-?roll(?:s|ed|ing)?|roll(?:s|ed|ing)?\s+(?:[+\w]+\s+){0,2}?again|second roll|another roll|roll(?:s|ed)? once more)\b"
)
_DECIDE = re.compile(
    # "you decide to", "You, intrigued by the visions, decides to" (an aside between you and the verb)
    r"\byou(?:,\s+[^,.;:!?]{1,60},)?\s+(?:[\w']+\s+)?(?:decide|decides|decided|choose|chooses|chose|opt|opts|opted|elect|elects|elected|"
    r"resolve|resolves|resolved|agree|agrees|agreed)\s+(?:to|not\s+to|that|on|for|it(?:'s|\s+is|\s+was)\s+time)\b"
)
_PICK = re.compile(
    r"\byou\s+(?:[\w']+\s+)?(?:take|takes|took|pick|picks|picked|choose|chooses|chose|select|selects|selected|"
    r"go with|went with|settle on|settled on|opt for|opted for|grab|grabbed|claim|claimed|accept|accepted)\b"
)
_BURN = re.compile(r"\byou\s+(?:[\w']+\s+)?burn(?:s|ed|t)?\s+(?:all\s+)?(?:of\s+)?(?:your\s+)?(?:\w+\s+)?(momentum|focus)\b")
_STOP = frozenset(
    {
        "the",
        "a",
        "an",
        "to",
        "of",
        "and",
        "or",
        "your",
        "you",
        "on",
        "in",
        "for",
        "with",
        "is",
        "are",
        "it",
        "by",
        "as",
        "at",
        "from",
        "that",
        "this",
        "be",
        "not",
        "but",
        "if",
        "take",
        "takes",
    }
)


@cache
def _roll_res() -> tuple[re.Pattern[str], ...]:
    return tuple(re.compile(p) for p in _ROLL_CLAIMS)


@cache
def _move_res(
    system: str, names: tuple[str, ...], stats: frozenset[str]
) -> tuple[re.Pattern[str] | None, re.Pattern[str] | None]:
    alt = "|".join(re.escape(n) for n in names if len(n) > 3)
    move_re = None
    if alt:
        move_re = re.compile(
            rf"\broll(?:s|ed|ing)?\s+(?:\+\w+\s+)?(?:to|for)\s+(?P<a>{alt})\b"
            rf"|\b(?:an?|the|your)\s+(?P<b>{alt})\s+(?:roll|check|test)\b"
            rf"|\broll(?:s|ed|ing)?\s+(?:on|against)\s+(?:the\s+)?(?P<c>{alt})(?:\s+(?:table|oracle))?\b"
        )
    stat_alt = "|".join(re.escape(s) for s in sorted(stats, key=len, reverse=True))
    stat_re = None
    if stat_alt:
        stat_re = re.compile(
            rf"\broll(?:s|ed|ing)?\s+(?:\+\s?|with\s+(?:your\s+)?|using\s+(?:your\s+)?|on\s+(?:your\s+)?)(?P<a>{stat_alt})\b"
            rf"|(?<![\w+])\+(?P<b>{stat_alt})\b|\b(?P<c>{stat_alt})\s+roll\b"
            # "you roll a 4 on your edge": the die, then the stat it was rolled with
            rf"|\broll(?:s|ed|ing)?\s+an?\s+[a-z0-9]+\s+(?:on|with|using|for)\s+(?:your\s+)?(?P<d>{stat_alt})\b"
        )
    return move_re, stat_re


def _content(text: str) -> list[str]:
    return [w for w in re.findall(r"[a-z0-9+\-]+", text.lower()) if w not in _STOP and len(w) > 1]


def _is_fact(text: str, start: int, end: int) -> bool:
    return not negated(text, start, 3) and not hypothetical(text, start, end)


def check_phantom(sentence: Sentence, facts: Facts) -> list[Violation]:
    text = sentence.narr
    if sentence.question:
        return []
    out: list[Violation] = []
    if not facts.rolled:
        for pattern in _roll_res():
            m = pattern.search(text)
            if m and _is_fact(text, m.start(), m.end()):
                excerpt = _around(text, m.start(), m.end())
                made = f"{', '.join(r.move for r in facts.results)} made no roll" if facts.results else "no roll was made"
                return [Violation(ViolationKind.PHANTOM_ROLL, f"'{excerpt}' narrates a roll, but {made}", excerpt)]
    system = facts.system or ""
    move_re, stat_re = _move_res(system, move_names(system), stat_words(system))
    if not facts.rolled and move_re is not None:
        for m in move_re.finditer(text):
            if _is_fact(text, m.start(), m.end()) and not _instruction(text, m.start()):
                excerpt = m.group(0).strip()
                return [Violation(ViolationKind.PHANTOM_ROLL, f"'{excerpt}' narrates a roll, but no roll was made", excerpt)]
    if move_re is not None:
        for m in move_re.finditer(text):
            name = next(g for g in m.groups() if g)
            if name in facts.moves or not _is_fact(text, m.start(), m.end()) or _instruction(text, m.start()):
                continue
            excerpt = m.group(0).strip()
            if name in facts.follow_up_moves:
                detail = f"'{excerpt}': {name.title()} is only offered as a follow-up; the engine has not rolled it"
            else:
                resolved = " and ".join(r.move for r in facts.results) or "nothing"
                detail = f"'{excerpt}': the engine resolved {resolved}, not {name.title()}"
            out.append(Violation(ViolationKind.PHANTOM_ROLL, detail, excerpt))
    if stat_re is not None and facts.stats:
        for m in stat_re.finditer(text):
            stat = next(g for g in m.groups() if g)
            if stat not in facts.stats and _is_fact(text, m.start(), m.end()):
                excerpt = m.group(0).strip()
                out.append(
                    Violation(
                        ViolationKind.PHANTOM_ROLL,
                        f"'{excerpt}': the engine rolled +{'/'.join(sorted(facts.stats))}, not +{stat}",
                        excerpt,
                    )
                )
    if facts.rolled and not facts.rerolled and len(facts.results) < 2:
        m = _REROLL.search(text)
        if m and _is_fact(text, m.start(), m.end()):
            excerpt = _around(text, m.start(), m.end())
            out.append(
                Violation(ViolationKind.PHANTOM_ROLL, f"'{excerpt}': the engine rolled once; there was no reroll", excerpt)
            )
    return out


def check_decision(sentence: Sentence, facts: Facts, intent: str | None = None) -> list[Violation]:
    text = sentence.narr
    if sentence.question or sentence.bullet:
        return []
    out: list[Violation] = []
    intent_stems = {_stem(w) for w in _content(intent or "")}
    for m in _DECIDE.finditer(text):
        if negated(text, m.start(), 3) or _modal_before(text, m.start(), m.end()):
            continue
        following = [_stem(w) for w in _content(text[m.end() : m.end() + 80])[:6]]
        if intent and not following and re.match(r"\s{2,}", text[m.end() :]):
            continue  # what is decided is the player's own words, told back (blanked before the checks read it)
        overlap = sum(w in intent_stems for w in following)
        if intent_stems and following and (following[0] in intent_stems or overlap >= 0.4 * len(following)):
            continue  # restating what the player said they do: their decision, told back
        excerpt = _around(text, m.start(), m.end() + 40)
        out.append(
            Violation(
                ViolationKind.DECISION,
                f"'{excerpt}' decides for the player; what the character does is the player's call",
                excerpt,
            )
        )
    if facts.open_choices:
        for m in _PICK.finditer(text):
            rest = text[m.end() :]
            if (
                negated(text, m.start(), 3)
                or _modal_before(text, m.start(), m.end())
                or rest.lstrip().startswith(":")
                or " or " in rest
            ):
                continue
            picked = set(_content(text[m.end() : m.end() + 100]))
            for label in facts.option_labels:
                parts = [_content(p)[:8] for p in (label, *label.split(":"))]
                if any(w and sum(x in picked for x in w) >= max(2, 0.6 * len(w)) for w in parts):
                    excerpt = _around(text, m.start(), m.end() + 40)
                    out.append(
                        Violation(
                            ViolationKind.DECISION,
                            f"'{excerpt}' picks '{label}' for the player; that choice is still open",
                            excerpt,
                        )
                    )
                    break
        sentence_words = set(_content(text))
        original = sentence.original.lower()
        menu = " or " in original or original.rstrip().endswith(":")
        if not out and not menu and not _PICK.search(text) and not hypothetical(text, 0, len(text)):
            for label in facts.option_labels:
                parts = [_content(p) for p in (label, *label.split(":"))]
                if any(len(w) >= 3 and sum(x in sentence_words for x in w) >= 0.75 * len(w) for w in parts):
                    out.append(
                        Violation(
                            ViolationKind.DECISION,
                            f"'{sentence.original[:80]}' states the option '{label}' as done; that choice is still open",
                            sentence.original[:80],
                        )
                    )
                    break
    if facts.burn_available and not facts.burned:
        burn = _BURN.search(text)
        if burn and burn.group(1) in facts.burn_meters and _is_fact(text, burn.start(), burn.end()):
            out.append(
                Violation(
                    ViolationKind.DECISION,
                    f"'{burn.group(0)}': burning {burn.group(1)} is the player's choice; the engine only offered it",
                    burn.group(0),
                )
            )
    return out


def _stem(word: str) -> str:
    """A crude stem, enough to match "searching the wreckage" with "search the wreck"."""
    return word[:5] if len(word) > 5 else word


def _instruction(text: str, start: int) -> bool:
    """A bare "roll ..." opening its clause ("Next: roll on the table") offers a roll; it does not narrate one."""
    return (
        text[start : start + 5] == "roll "
        and bool(re.search(r"(?:^|[.!?;:—(\n]|\bthen|\bnext|\bor|\band)\s*$", text[:start]))
        and not re.search(r"\byou\b", text[:start])
    )


def _modal_before(text: str, start: int, end: int) -> bool:
    before = re.findall(r"[a-z']+", text[max(0, start - 30) : start])[-3:] + re.findall(r"[a-z']+", text[start:end])
    return bool(
        {"can", "could", "may", "might", "must", "should", "if", "whether", "would", "will", "ll", "free", "get", "let", "lets"}
        & {w.replace("'", "") for w in before}
    )


def _around(text: str, start: int, end: int) -> str:
    left = text.rfind(" ", 0, max(0, start - 10))
    right = text.find(" ", min(len(text), end + 10))
    return " ".join(text[left + 1 if left >= 0 else 0 : right if right >= 0 else len(text)].split())
