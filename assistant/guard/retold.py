"""Another roll told in place of this turn's: another outcome's line, a tier on a turn without one, another move's text.

A small model short of story goes back to what it was shown before. On a price, a table roll or a move it writes
"Trouble finds you instead." (the last turn's miss) as what happens now, and the roll it should tell is never told (an
earlier oracle answer told again is :mod:`assistant.guard.answer_again`'s).

- **Another outcome's line.** The engine's stock lines for how a roll went ("You scrape through.", "Luck deserts
  you.", "You come through in style.") tell one outcome family each. Told on a turn whose roll came out otherwise,
  or on a turn with no roll of that kind (a strong or weak hit's line on a price, a table or a move without a roll;
  a miss's line there only when the clause tells an attempt: "you try to shoot the raider, but luck deserts you"),
  they tell a roll this turn did not make.
- **A tier on a turn without one.** "The discovery was not successful", "you fail" or "a weak hit" on a table roll,
  a price or a move the engine did not roll for: the row or the change is what happened, not a success or failure.
"""

from __future__ import annotations

import re
from functools import cache

from assistant.guard.facts import Facts
from assistant.guard.model import Violation, ViolationKind
from assistant.guard.outcomes import ALL, claims
from assistant.guard.text import Sentence, normalize_words

_RULE_CONDITION = re.compile(r"\b(?:on|with|for each|if you get|after)\s+(?:a|an)?\s*$")  # "After a successful score"
_FAMILY_WORDS = {"strong": "strong hit", "weak": "weak hit", "miss": "miss"}
_ORACLE = frozenset({"yes", "no"})
_ATTEMPT = re.compile(r"\byou\s+(?:\w+\s+)?(?:try|tries|tried|attempt|attempts|attempted|set out)\b")
#: Tier labels that name an outcome outright (story words like "it goes wrong" may tell a price or a row).
_TIER_WORDS = frozenset({"strong", "weak", "critical", "full", "partial", "bad", "miss", "fail", "success"})
_HIT_TIER_WORDS = frozenset({"strong", "weak", "critical", "full", "partial", "pbta_critical", "pbta_strong", "pbta_weak"})


def _oracle_turn(facts: Facts) -> bool:
    return bool(facts.outcomes & _ORACLE)


def _excerpt(sentence: Sentence, start: int, end: int) -> str:
    raw = sentence.raw or sentence.original
    return (raw[start:end] if len(raw) == len(sentence.narr) else sentence.narr[start:end]).strip()


@cache
def _tone_lines() -> tuple[tuple[re.Pattern[str], str], ...]:
    """(a stock outcome line as a pattern that starts a sentence or clause, its family): the lines the engine's opening
    tells an outcome with ("Half of it goes your way" is a weak hit's line, not "it goes your way")."""
    from assistant.narrate.outcome_prose import CRITICAL, SCALED_TONES, TONES

    lines = [(line, family) for family, pool in TONES.items() for line in pool]
    lines += [(line, family) for family, pool in SCALED_TONES.items() for line in pool]
    lines += [(line, "strong") for line in CRITICAL]
    out = []
    for line, family in lines:
        words = normalize_words(line).split()
        if len(words) >= 3:
            body = r"[\s,]+".join(re.escape(w) for w in words)
            out.append((re.compile(rf"(?:^|[,;:.!?\u2014]\s*|\b(?:but|and|then|so)\s+){body}\b"), family))
    return tuple(out)


def _families(facts: Facts) -> set[str]:
    from assistant.narrate.outcome_prose import FAMILY

    return {FAMILY[o] for o in facts.outcomes if o in FAMILY}


def check_other_tone(sentence: Sentence, facts: Facts) -> list[Violation]:
    """A stock line of another outcome than this turn's (or of a roll this turn did not make)."""
    if not facts.results or sentence.question or _oracle_turn(facts):
        return []
    families = _families(facts)
    text = sentence.narr.strip()
    for pattern, family in _tone_lines():
        m = pattern.search(text)
        if m is None or family in families:
            continue
        if not families and family == "miss" and not _ATTEMPT.search(sentence.narr):
            continue  # a price or a row may well go wrong; only a failed attempt is a roll's
        told = (
            f"this turn's is a {' / '.join(_FAMILY_WORDS[f] for f in sorted(families))}" if families else "this turn rolled none"
        )
        lead = re.match(r"^[,;:.!?\u2014\s]*(?:(?:but|and|then|so)\s+)?", m.group(0))
        start = m.start() + (lead.end() if lead else 0) + (len(sentence.narr) - len(sentence.narr.lstrip()))
        excerpt = _excerpt(sentence, start, start + m.end() - m.start() - (lead.end() if lead else 0))
        detail = f"'{excerpt}': the engine rolled no {_FAMILY_WORDS[family]} ({told})"
        return [Violation(ViolationKind.PHANTOM_ROLL, detail, excerpt)]
    return []


def check_untiered_outcome(sentence: Sentence, facts: Facts) -> list[Violation]:
    """A success or failure told on a turn whose Results roll no tier (a table row, a price, a move without a roll)."""
    if not facts.results or facts.outcomes & ALL:
        return []
    oracle = _oracle_turn(facts)
    for label, _neg, excerpt in claims(sentence, facts):
        at = sentence.narr.find(excerpt)
        if at >= 0 and _RULE_CONDITION.search(sentence.narr[:at]):
            continue  # "On a miss, you are defeated": the rules' condition recited, not this turn's result
        if label in (_HIT_TIER_WORDS if oracle else _TIER_WORDS | _HIT_TIER_WORDS):
            detail = f"'{excerpt}': the engine rolled no success or failure this turn; tell what it gave as it reads"
            return [Violation(ViolationKind.PHANTOM_ROLL, detail, excerpt)]
    return []


def _grams(words: list[str], n: int = 4) -> set[str]:
    return {" ".join(words[i : i + n]) for i in range(len(words) - n + 1)}


@cache
def _move_phrases(system: str) -> dict[str, str]:
    """Four-word runs that only one move's outcome text holds in ``system`` -> that move's name."""
    from assistant.guard.system_words import ruleset_moves

    owners: dict[str, set[str]] = {}
    for move in ruleset_moves(system):
        texts = [spec.text for spec in move.outcomes.values()]
        for gram in set().union(*(_grams(normalize_words(t).split()) for t in texts if t)):
            owners.setdefault(gram, set()).add(move.name)
    return {gram: next(iter(names)) for gram, names in owners.items() if len(names) == 1 and _telling(gram)}


_RECITED = re.compile(r"\b(?:on|with)\s+an?\s+(?:strong\s+|weak\s+)?(?:hit|miss|match)\b|\b(?:when|if)\s+you\b")
_STOP = frozenset(re.findall(r"\S+", "their there which would could about other these those where while after before"))


def _telling(gram: str) -> bool:
    """A run of words that says something of its own: two words of substance ("envision what you discover"), not a
    turn of phrase any story uses ("you set out to", "stands in your way")."""
    return sum(len(w) >= 5 and w not in _STOP for w in gram.split()) >= 2


def check_other_move_text(sentence: Sentence, facts: Facts) -> list[Violation]:
    """Another move's own outcome words on an oracle answer ("There are survivors aboard. Envision what you
    discover."): that move's roll told as this turn's, most often the last turn's told again."""
    if not facts.results or not facts.system or sentence.question or not _oracle_turn(facts):
        return []  # a move's story may share words with its sibling moves; a price or a row may recite the rules
    if _RECITED.search(sentence.narr):
        return []  # "On a miss, you are defeated…": a rule recited with its condition, not told as happening
    phrases = _move_phrases(facts.system.lower())
    engine = f" {facts.engine_text} "
    mine = {m.lower() for m in facts.moves} | facts.follow_up_moves
    for gram in sorted(_grams(normalize_words(sentence.narr).split())):
        move = phrases.get(gram)
        if move is None or move.lower() in mine or f" {gram} " in engine:
            continue
        detail = f"'{gram}': the engine rolled no {move} this turn; tell this turn's result"
        return [Violation(ViolationKind.PHANTOM_ROLL, detail, gram)]
    return []


#: The tier a rules line opens with ("6-", "10+", "7-9", "On a miss,", "Critical:"), left off its result.
_TIER_LEAD = re.compile(r"^(?:(?:on\s+an?\s+)?(?:\d+(?:\s*-\s*\d+)?|critical|strong hit|weak hit|hit|miss)\s+)+")


@cache
def _outcome_lines(system: str) -> dict[str, set[str]]:
    """Each move's outcome results in ``system`` that say something of their own ("the power backfires"), without
    the tier they open with -> the moves whose outcome text holds them."""
    from assistant.guard.system_words import ruleset_moves

    lines: dict[str, set[str]] = {}
    moves = ruleset_moves(system)
    for move in moves:
        for spec in move.outcomes.values():
            for line in re.split(r"(?<=[.!?])\s+|\n", spec.text or ""):
                core = _TIER_LEAD.sub("", normalize_words(line))
                if 3 <= len(core.split()) <= 8 and _substance(core) >= 2:
                    lines.setdefault(core, set()).add(move.name.lower())
    return lines


def _substance(words: str) -> int:
    return sum(len(w) >= 5 and w not in _STOP for w in words.split())


def check_reading_other_move(text: str, facts: Facts) -> list[Violation]:
    """A line of another move's result, out of the rules passages the narrator was given, told as this turn's story
    ("The Magistrate says, 'The power backfires.'" on an Ear to the Ground miss, from a reading that cites Use Power's
    miss): quoting the reading is fine, but its line of another move's result is a roll this turn did not make. Read
    on the raw text, since a sentence that is the reading word for word is set aside as engine text."""
    if not facts.reading or not facts.system or not facts.results:
        return []
    reading = f" {facts.reading} "
    own = " | ".join(normalize_words(r.text) for r in facts.results if r.text)
    mine = {m.lower() for m in facts.moves} | facts.follow_up_moves
    lines = _outcome_lines(facts.system.lower())
    for sentence in re.split(r"(?<=[.!?])[\"')]*\s+|\n", text):
        if sentence.rstrip().rstrip("\"')").endswith("?") or _RECITED.search(sentence.lower()):
            continue  # "On a miss, the power backfires": the rule recited with its condition
        said = f" {normalize_words(sentence)} "
        for line, owners in lines.items():
            if f" {line} " not in said or f" {line} " not in reading or line in own or owners & mine:
                continue
            move = sorted(owners)[0].title()
            detail = f"'{line}' is {move}'s result from the rules passage; the engine rolled no {move} this turn"
            return [Violation(ViolationKind.PHANTOM_ROLL, detail, line)]
    return []
