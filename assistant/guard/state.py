"""State claims: a meter, track, clock, xp or impact change the narration states must be one the
engine made, in the same direction and amount ("+2 momentum" when the engine gave +1 is a lie).

A change the engine only offered (an open choice's option) stated as done is a decision taken for
the player. A change in a modal or conditional clause ("you can take +2 momentum", "if you fail you
lose 1 health") is an offer, fine when the engine offers it or its text names it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from assistant.guard.facts import Change, Facts
from assistant.guard.model import Violation, ViolationKind
from assistant.guard.state_patterns import FALL, FALLING, RISE, RISING, patterns
from assistant.guard.system_words import meter_words, move_names
from assistant.guard.text import Sentence, hypothetical, negated, normalize_words, quotes_engine, sentences
from assistant.guard.vocab import DOWN_VERBS, RISING_METERS, UP_VERBS, parse_number

#: A claim about one of these may be true of a change to the other ("the crew's coin").
ALIASES: dict[str, tuple[str, ...]] = {
    "coin": ("crew_coin",),
    "forward": ("forward_bonus", "next_move_add"),
    "ongoing": ("ongoing_bonus",),
    "wanted": ("wanted_level",),
}


@dataclass(frozen=True)
class Claim:
    target: str
    direction: int | None
    amount: float | None = None
    after: float | None = None
    stative: bool = False
    unit: str = ""
    excerpt: str = ""
    start: int = 0
    end: int = 0


def _direction(verb: str, target: str, polarity: int) -> int | None:
    if verb.startswith("suffer"):
        return 1 if target in RISING_METERS else -1
    if verb in UP_VERBS:
        return polarity
    if verb in DOWN_VERBS:
        return -polarity
    return None


def _read_claim(kind: str, m: re.Match[str], meters: dict[str, tuple[str, int]]) -> Claim | None:
    g = m.groupdict()
    excerpt = m.group(0).strip()
    if kind in ("progress",):
        times = g.get("times")
        marks = {"once": 1, "twice": 2, "two times": 2, "thrice": 3, "three times": 3}.get(times or "")
        if times and marks is None:
            marks = int(times.split()[0])
        return Claim("progress", 1, marks, unit="marks", excerpt=excerpt, start=m.start(), end=m.end())
    if kind == "legacy":
        n = g["n"]
        amount = 1.0 if n in ("a", "an") else parse_number(n)
        unit = "boxes" if g["unit"].startswith("box") else "ticks"
        return Claim("legacy", 1, amount, unit=unit, excerpt=excerpt, start=m.start(), end=m.end())
    if kind in ("clock", "clock_moves"):
        n = g.get("n")
        amount = 1.0 if n in ("a", "an", "another") else parse_number(n) if n else None
        return Claim("clock", 1, amount, excerpt=excerpt, start=m.start(), end=m.end())
    if kind == "xp":
        n = g["n"]
        return Claim("xp", 1, 1.0 if n in ("a", "an") else parse_number(n), excerpt=excerpt, start=m.start(), end=m.end())
    if kind == "impact":
        name = g["impact"].replace(" ", "_")
        return Claim(f"impact:{name}", 1, excerpt=excerpt, start=m.start(), end=m.end())
    target, polarity = meters[g["meter"]]
    unit = "boxes" if re.search(r"\bbox", excerpt) else "ticks" if re.search(r"\btick", excerpt) else ""
    if target == "progress" and not unit:
        unit = "marks"
    sign = g.get("sign")
    n = g.get("n")
    amount = None
    if n is not None:
        amount = 1.0 if n in ("a", "an") else parse_number(n)
        amount = abs(amount) if amount is not None else None
    if kind in ("signed", "meter_signed"):
        signed = -polarity if sign in ("-", "−") else polarity
        return Claim(target, signed, amount, unit=unit, excerpt=excerpt, start=m.start(), end=m.end())
    if kind == "verb_num":
        verb = g["verb"]
        said = (-polarity if sign in ("-", "−") else polarity) if sign else _direction(verb, target, polarity)
        return Claim(target, said, amount, unit=unit, excerpt=excerpt, start=m.start(), end=m.end())
    if kind == "meter_from":
        start = parse_number(g["from"])
        way = None if start is None or amount is None else 1 if amount > start else -1 if amount < start else None
        return Claim(target, way, None, after=amount, excerpt=excerpt, start=m.start(), end=m.end())
    if kind in ("meter_to", "meter_move"):
        move = g["move"]
        direction = 1 if re.match(f"{RISE}|{RISING}", move) else -1 if re.match(f"{FALL}|{FALLING}", move) else None
        stative = direction is None
        if kind == "meter_to" and g.get("prep") == "by":
            return Claim(target, direction, amount, excerpt=excerpt, start=m.start(), end=m.end())
        after = -amount if amount is not None and sign in ("-", "−") else amount  # "momentum stays at -6"
        return Claim(target, direction, None, after=after, stative=stative, excerpt=excerpt, start=m.start(), end=m.end())
    if kind == "meter_now":
        after = -amount if amount is not None and sign in ("-", "−") else amount
        return Claim(target, None, None, after=after, stative=True, excerpt=excerpt, start=m.start(), end=m.end())
    if kind == "verb_meter":
        return Claim(target, _direction(g["verb"], target, polarity), excerpt=excerpt, start=m.start(), end=m.end())
    return None


def _fits(claim: Claim, facts: Facts) -> str | None:
    """None when an engine change fits the claim; else what the engine did to that target."""
    changes = [c for t in (claim.target, *ALIASES.get(claim.target, ())) for c in facts.changes.get(t, [])]
    if not changes:
        if claim.stative and claim.after is not None and facts.current.get(claim.target) == claim.after:
            return None
        if claim.stative and claim.after is not None and claim.target not in facts.current:
            return None
        return f"the engine made no change to {_name(claim.target)}"
    for ch in changes:
        delta = ch.delta
        if delta is None and claim.target == "progress" and ch.before is None and isinstance(ch.after, int):
            delta = ch.after  # a track the move just started: its ticks are all it has ("a new combat" at 0)
        if claim.direction is not None and delta is not None and (delta == 0 or (delta > 0) != (claim.direction > 0)):
            continue
        if (
            claim.after is not None
            and ch.after != claim.after
            and not (claim.target == "progress" and ch.after == claim.after * 4)
        ):
            continue
        if claim.amount is not None and delta is not None:
            size = abs(delta)
            if claim.unit == "marks":
                if ch.marks is not None and ch.marks != claim.amount:
                    continue
            elif claim.unit == "boxes" and claim.target in ("progress", "legacy"):
                if size != claim.amount * 4:
                    continue
            elif size != claim.amount and claim.amount not in _other_amounts(claim, ch, facts):
                continue
        return None
    if all(ch.delta == 0 for ch in changes):
        return f"the engine made no change to {_name(claim.target)}"
    done = "; ".join(_describe(claim.target, ch) for ch in changes)
    return f"the engine's change was {done}"


def _other_amounts(claim: Claim, ch: Change, facts: Facts) -> set[float]:
    """Amounts a claim may give besides the change made: what an open option or a follow-up offers, and what the rules
    text names; but not, against a change made one way, the text's other sizes the same way ("-1 health for minor
    harm" when the engine applied -2: the size was decided)."""
    amounts: set[float] = {abs(v) for v in facts.offered.get(claim.target, set())}
    if ch.delta and claim.direction is not None and (ch.delta > 0) == (claim.direction > 0):
        amounts = {abs(v) for v in facts.option_effects.get(claim.target, set())}
        amounts |= {abs(v) for v in facts.offered.get("suffer", set())} if claim.direction < 0 else set()
    return amounts


def _describe(target: str, ch: object) -> str:
    delta = getattr(ch, "delta", None)
    after = getattr(ch, "after", None)
    bits = _name(target)
    if isinstance(delta, int):
        bits += f" {delta:+d}"
    if isinstance(after, int) and not isinstance(after, bool):
        bits += f" (now {after})"
    return bits


def _name(target: str) -> str:
    return {"forward": "your next move's add", "progress": "progress", "clock": "the clock"}.get(
        target, target.replace("impact:", "impact ").replace("_", " ")
    )


def _offered(claim: Claim, facts: Facts) -> bool:
    amounts = facts.offered.get(claim.target, set()) | (facts.offered.get("suffer", set()) if claim.direction == -1 else set())
    if not amounts and claim.target not in facts.option_effects:
        return False
    if claim.amount is None:
        return True
    return claim.amount in {abs(a) for a in amounts} or 0 in amounts


_MENU = re.compile(r"\b(?:choose|pick|either|option|options|may|can|could)\b")
_SUBJECT = re.compile(r"\b(?:you|your|you've|you're|i|we|they|he|she|it|who)\b")
_CLAUSE_START = re.compile(r"(?:^|[.!?;:—(\n]|\bor\b|\band\b|,)\s*$")


def _imperative(text: str, start: int, kind: str) -> bool:
    """A claim that opens its clause with a bare verb ("Mark Heat or ...") is an instruction, not a fact."""
    if kind in ("signed", "meter_signed", "meter_now", "meter_to", "meter_move", "clock_moves", "impact"):
        return False
    if re.search(r"\bto\s*$", text[:start]):
        return True  # "a chance to mark progress", "need to take +1"
    return bool(_CLAUSE_START.search(text[:start])) and not _SUBJECT.search(text[:start])


def _names_a_move(span: str, facts: Facts) -> bool:
    """ "Lose Momentum", "Earn Experience": a move's name in title case is a reference, not a change."""
    words = span.split()
    return bool(words) and all(w[:1].isupper() for w in words if w.isalpha()) and span.lower() in move_names(facts.system)


def _restates_engine(kind: str, claim: Claim, facts: Facts) -> bool:
    """ "a quality Tier -1 asset" for the engine's "Quality Tier -1": a signed amount the engine's own text gives for
    something it neither changed nor offers (a result's size, not a change), said in the same words."""
    if kind not in ("signed", "meter_signed"):
        return False
    target = claim.target
    if facts.changes.get(target) or target in facts.option_effects or facts.offered.get(target):
        return False
    said = normalize_words(claim.excerpt)
    return len(said.split()) >= 2 and f" {said} " in f" {facts.engine_text} "


def check_state(sentence: Sentence, facts: Facts) -> tuple[list[Violation], list[tuple[int, int]]]:
    """Violations, and the spans the claims covered (their numbers are checked here, not as plain numbers)."""
    meters = meter_words(facts.system)
    pats = patterns(facts.system)
    text = sentence.narr
    out: list[Violation] = []
    spans: list[tuple[int, int]] = []
    seen: list[tuple[int, int]] = []
    if sentence.question:
        return out, spans
    for kind, pattern in pats.claims:
        for m in pattern.finditer(text):
            if any(m.start() < b and a < m.end() for a, b in seen):
                continue
            claim = _read_claim(kind, m, meters)
            if claim is None or _names_a_move(sentence.raw[m.start() : m.end()], facts):
                continue
            if kind != "meter_now":  # the aside leaves the change it follows to be read too ("by two (now 4)")
                seen.append((m.start(), m.end()))
            spans.append((m.start(), m.end()))
            if _restates_engine(kind, claim, facts):
                continue
            if claim.target.startswith("impact:") and claim.target not in facts.changes and not facts.results:
                continue
            if negated(text, m.start(), 3):
                done = facts.changes.get(claim.target, [])
                if any(claim.direction is None or (c.delta or 0) * claim.direction > 0 for c in done):
                    out.append(
                        Violation(
                            ViolationKind.STATE,
                            f"'{claim.excerpt}' denies a change the engine made: "
                            + "; ".join(_describe(claim.target, c) for c in done),
                            claim.excerpt,
                        )
                    )
                continue
            menu = kind in ("signed", "meter_signed") and bool(_MENU.search(text))
            if hypothetical(text, m.start(), m.end()) or sentence.bullet or menu or _imperative(text, m.start(), kind):
                if claim.amount is not None and _fits(claim, facts) and not _offered(claim, facts):
                    out.append(
                        Violation(
                            ViolationKind.STATE,
                            f"'{claim.excerpt}': the engine offers no such change to {_name(claim.target)}",
                            claim.excerpt,
                        )
                    )
                continue
            problem = _fits(claim, facts)
            if problem is None:
                continue
            named = claim.target.split(":")[-1].replace("_", " ") in facts.option_text
            if not facts.changes.get(claim.target) and (claim.target in facts.option_effects and _offered(claim, facts) or named):
                out.append(
                    Violation(
                        ViolationKind.DECISION,
                        f"'{claim.excerpt}' takes an open choice for the player (options: {' / '.join(facts.option_labels[:4])})",
                        claim.excerpt,
                    )
                )
                continue
            out.append(Violation(ViolationKind.STATE, f"'{claim.excerpt}': {problem}", claim.excerpt))
    return out, spans


_NUMBER = re.compile(r"\d+")
_LISTED = re.compile(r"\s*(?:[-*•]|\d+[.)])\s")
_IF = re.compile(r"\b(?:if|when|whenever|unless|or|otherwise|would|should|instead|each|per)\b")
_TOLD_OF_YOU = re.compile(r"\s*(?:you|your)\b")  # "You suffer -1 health…": told as happening to you, not a rule's imperative


def check_quoted_amounts(text: str, facts: Facts) -> list[Violation]:
    """A sentence in the rules text's own words is set aside as a quote, but one naming a single amount for a meter
    the engine changed this turn tells the change: "You suffer -1 health for minor harm." when the engine applied -2
    (a size the text offers, not the one decided). A quote listing the sizes ("-1 … -2 … -3") stays a quote."""
    out: list[Violation] = []
    told = {" ".join(t.split()).lower() for t in facts.told}
    for sentence in sentences(text):
        if " ".join(sentence.original.split()).lower() in told or len(_NUMBER.findall(sentence.narr)) != 1:
            continue
        if (
            not _TOLD_OF_YOU.match(sentence.narr)
            or sentence.bullet
            or _LISTED.match(sentence.original)
            or _MENU.search(sentence.narr)
            or _IF.search(sentence.narr)
        ):
            continue  # an option of a list, a menu or a rule's condition ("- Clear 1 Heat", "If you are wounded, take
            # +3 health"): what may be chosen or would happen, not what happened
        if not quotes_engine(sentence.original, facts.engine_text, facts.engine_bigrams):
            continue  # read by check_state with the other sentences
        found, _ = check_state(sentence, facts)
        out += [v for v in found if v.kind == ViolationKind.STATE and "the engine's change was" in v.detail]
    return out
