"""Claims a real model made that the older checks let through (read once per sentence):

- an oracle answer told as its opposite ("The reactor is still running." when the oracle said no to "Is the
  reactor still running?") or hedged ("an equal chance", "could go either way");
- arithmetic on the engine's dice: a sum that is wrong ("4+5 = 10") or that stops short of the engine's score
  ("4+5 = 9" for a 2d6+1 that totals 10), and "the best die is 0" when it is not;
- a signed amount on a meter the engine changed by another amount ("-1 health" when it applied -2);
- an invented add ("next move add: 57");
- the fact sheet copied into the story ("ENGINE FACTS: outcome strong_hit.", "The outcome means you try, but it goes
  badly."), and the turn message's instructions ("Now continue after that opening, in one to three sentences").
"""

from __future__ import annotations

import re

from assistant.guard.facts import Facts
from assistant.guard.model import Violation, ViolationKind
from assistant.guard.system_words import meter_words
from assistant.guard.text import OUTCOME_HYPOTHETICAL, Sentence, hypothetical, negated, normalize_words
from assistant.guard.vocab import parse_number

_HEDGE = re.compile(
    r"\b(?:an?\s+)?(?:equal|even|fifty[- ]fifty|50/50|coin[- ]flip)\s+(?:chance|odds|shot)\b|\bcould go either way\b"
    r"|\bmay or may not\b|\bmight or might not\b|\bhard to say\b|\bremains to be seen\b|\bimpossible to (?:say|tell|know)\b"
    r"|\b(?:declined|declines|refused|refuses|fails|failed) to answer\b|\bgives? no answer\b|\bno answer (?:comes|came)\b"
    r"|\bneither (?:a )?yes nor (?:a )?no\b|\b(?:unclear|uncertain) (?:whether|if)\b|\bthe answer is (?:unclear|uncertain)\b"
    # both ways at once, or a chance where the oracle gave an answer: "perhaps there are survivors, perhaps not",
    # "there's a fair chance someone is alive", "whether or not the reactor runs"
    r"|\b(?:perhaps|maybe)\b[^.;!?]{0,80}?\b(?:perhaps|maybe|or)\s+not\b|\bwhether\s+or\s+not\b(?!\s+to\b)"
    r"|\b(?:a|an)\s+(?:fair|good|decent|slim|small|real|strong|even)\s+chance\b"
)
_NUM = r"[+\-−]?\d+"
_TERM = rf"(?:[a-z][a-z_]*\s+)?{_NUM}"
_EQUATION = re.compile(
    rf"(?<![\w.])(?P<chain>{_NUM}(?:\s*(?:\+|-|−|plus|minus|and|,)\s*{_TERM})+)\s*"
    r"(?:=|equals|makes|totals?|totalling|totaling|gives|for a total of)\s*(?P<res>\d+)"
)
_DROPPED = re.compile(
    r"[+]\s*\d+\s*\((?:dropped|cancell?ed|ignored|discarded)\)|\b\d+\s*\((?:dropped|cancell?ed|ignored|discarded)\)\s*[+]"
)
_BEST_DIE = re.compile(
    r"\b(?:best|highest|top|lowest|worst)\s+(?:die|dice|result|roll|number)\s+"
    r"(?:is|was|shows|showed|of|comes up|came up)\s+(?:a\s+)?(?P<n>\d+|[a-z]+)\b"
)
_ADD = re.compile(
    r"\b(?:next\s+move\s+add|add\s+(?:on|to)\s+your\s+next\s+move|add\s+for\s+your\s+next\s+move|forward|next-move\s+bonus"
    r"|bonus\s+on\s+your\s+next\s+move)\s*(?::|of|by|is|=)?\s*(?P<n>[+\-−]?\d+)\b"
)
#: A bonus on a later roll ("you gain an advantage on your next attack roll", "a +2 to your next attack roll", "your
#: next strike gets +1", "you will roll with advantage"): the engine's to give, as a next-move add.
_LATER_ROLL = r"(?:attack|roll|move|strike|action|shot|check|try|attempt|blow|swing|turn|test|throw)s?"
_BONUS_NEXT = re.compile(
    r"\b(?:an?\s+|the\s+)?(?:(?:[+]\s?\d+|plus\s+(?:one|two|three|\d+))\s+(?:bonus\s+)?|(?:advantage|bonus|boost|edge)\s+)"
    r"(?:on|to|for|in|with)\s+(?:your|the|his|her|their)\s+(?:very\s+)?next\s+(?:[a-z]+\s+)?" + _LATER_ROLL + r"\b"
    r"|\byour\s+next\s+(?:[a-z]+\s+)?" + _LATER_ROLL + r"\s+(?:gets|gains|has|is\s+made\s+with|will\s+have|will\s+get"
    r"|goes\s+at|rolls?\s+(?:at|with))\s+(?:an?\s+)?(?:[+]\s?\d+|advantage|bonus|boost)"
    r"|\b(?:roll|rolls|attack|attacks|strike|strikes)\s+(?:again\s+)?with\s+advantage\b"
    r"|\badd\s+(?:[+]\s?\d+|one|two|three)\s+to\s+(?:your|the)\s+next\s+(?:[a-z]+\s+)?" + _LATER_ROLL + r"\b"
)
_ECHO = re.compile(
    r"\bengine facts\b|\bchanges already applied\b|\brules text of this outcome\b|\bopen choice for the player\b"
    r"|\bdice and outcome\s*:|\bfollow-ups offered\b|\bthe player said\s*:|\b(?:strong|weak)_hit\b|\b(?:full|partial)_success\b"
    r"|\bbad_outcome\b|\bnext_move_add\b|\bresult \d+\s*:|\bwhat happened this turn\b|\bthe player's words\b"
    r"|\bdecided by the rules engine\b|\bleft to the player\b|\boffered next, not played out\b"
    r"|\boffered next\s*:|\balready changed on the sheet\b|\bwhat the rules say happens\b|\btell this as true\b"
    r"|\balready told to the player\b|\balso true now\s*:|\ba choice on the panel\b|\brolled next\s*:"
    r"|\bnothing hurts you this turn\b"
    r"|\brolled on the table\s*:|\bthe oracle's answer\s*:|\byour (?:last )?narration (?:broke|followed|was not used)\b"
    r"|\brewrite it\s*:"
    # the fact sheet's outcome line read out ("The outcome means you try, but it goes badly."; a story tells what
    # happens, not what the outcome is), the app's engine named as a speaker, the turn message's instructions
    r"|\b(?:the|this) outcome (?:is|was|means|meant)\b|\bthe engine (?:says|said|tells|told|decides|decided|rolled|rolls)\b"
    r"|\bthe engine (?:makes|made) no\b|\bnow continue after\b|\bin one to three sentences\b"
    r"|\bwrite only the next\b|\bnot the opening again\b|\bsentences at most\b"
    r"|\bstop where (?:you|the player) decides?\b"
    # a heading in the fact sheet's form ("What happens because of it: You are emboldened…")
    r"|\bwhat happens (?:because of (?:it|this)|as a result|next|now)\s*:"
    # the story so far's form for an oracle question ("Oracle (likely): Are there survivors aboard?"), the fact
    # sheet's "Left to the player (…)" once "the player" is read as "you"
    r"|\boracle \([a-z0-9/ -]{2,24}\)\s*:"
    r"|\bleft to you \("
    # the card read out: "The oracle says: YES. This is a match, so envision…" ("The oracle answers yes" is story)
    r"|\bthe oracle (?:says|said|answers|answered|replies|replied)\s*:\s*[\"'\u201c]?(?:yes|no)\b|\bthis is a match\b"
    # the app's own headings and prompts around a turn (suggestions, the dice card), not story
    r"|\bmoves that fit\b|\bconfirm one to roll it\b|\bnothing is rolled until you do\b|\bmove text\s*:"
    r"|^\s*what changed\s*:?\s*$",
    re.I | re.M,
)
_SIGNED_METER = r"(?<![\w+\-−])(?P<n>[+\-−]\d+)\s+(?P<m>{meters})\b|\b(?P<m2>{meters})\s+(?P<n2>[+\-−]\d+)(?![\d])"


def check_echo(text: str) -> list[Violation]:
    """A heading of the fact sheet anywhere in the text ("Left to the player (do not pick…):")."""
    m = _ECHO.search(text)
    if not m:
        return []
    detail = f"'{m.group(0)}' copies the fact sheet into the story; write only the story"
    return [Violation(ViolationKind.ECHO, detail, m.group(0))]


def check_claims(sentence: Sentence, facts: Facts, question: str | None = None) -> list[Violation]:
    out: list[Violation] = []
    out += _oracle(sentence, facts, question)
    out += _arithmetic(sentence, facts)
    out += _signed_meters(sentence, facts)
    out += _adds(sentence, facts)
    m = _ECHO.search(sentence.original)
    if m:
        detail = f"'{m.group(0)}' copies the fact sheet into the story; write only the story"
        out.append(Violation(ViolationKind.ECHO, detail, m.group(0)))
    return out


def _oracle(sentence: Sentence, facts: Facts, question: str | None) -> list[Violation]:
    answers = [o for o in facts.outcomes if o in ("yes", "no")]
    if not answers or sentence.question:
        return []
    answer = answers[0]
    out: list[Violation] = []
    m = _HEDGE.search(sentence.narr)
    if m:
        out.append(
            Violation(
                ViolationKind.OUTCOME,
                f"'{m.group(0)}' leaves the answer open, but the oracle answered {answer}",
                m.group(0),
            )
        )
    if question:
        out += _answer_quoted(sentence, answer, question)
        from assistant.narrate.answers import answer_statement  # the same reading the offline narrator states

        opposite = answer_statement(question, "no" if answer == "yes" else "yes")
        body = normalize_words(opposite.split(":", 1)[1]) if opposite else ""
        said = normalize_words(sentence.narr)
        if body and len(body.split()) >= 3 and f" {body} " in f" {said} ":
            out.append(
                Violation(
                    ViolationKind.OUTCOME,
                    f"'{opposite.split(':', 1)[1].strip()}' tells the opposite of the oracle's answer ({answer})",
                    opposite,
                )
            )
    return out


#: A quotation that opens with an answer: '"Yes, there are other people awake."'.
_QUOTE_OPENS_WITH_ANSWER = re.compile(r'^\s*["\u201c]\s*(yes|no)\b[,.!:;]\s*(?P<rest>[^"\u201d]*)', re.I)


def _answer_quoted(sentence: Sentence, answer: str, question: str) -> list[Violation]:
    """The oracle's question answered the other way inside quotes: dialogue is otherwise left alone (a guard may
    lie), but a quote that opens with "yes"/"no" and speaks of what the question asked is the answer itself."""
    m = _QUOTE_OPENS_WITH_ANSWER.match(sentence.original)
    if not m or m.group(1).lower() == answer:
        return []
    asked = {w[:5] for w in re.findall(r"[a-z]{4,}", question.lower())} - {"there", "anyon", "someo", "else", "still"}
    said = {w[:5] for w in re.findall(r"[a-z]{4,}", m.group("rest").lower())}
    if not asked & said:
        return []  # "Yes, I see you." answers something else
    excerpt = " ".join(sentence.original[: m.end()].split())
    detail = f"'{excerpt}' answers {m.group(1).lower()}, but the oracle answered {answer}"
    return [Violation(ViolationKind.OUTCOME, detail, excerpt)]


def _value(token: str) -> int:
    return int(token.replace("−", "-").replace("+", ""))


def _reaches(scores: set[int], after: str, raw_after: str) -> bool:
    """Whether the words after a sum go on to the engine's score ("= 14, capped at 10"), also where the words that
    say it restate the engine's note and are set aside."""
    return any(re.search(rf"\b{s}\b", after) or re.match(rf"\s*,\s*capped at {s}\b", raw_after) for s in scores)


def _arithmetic(sentence: Sentence, facts: Facts) -> list[Violation]:
    if not facts.rolled:
        return []
    text = sentence.text
    out: list[Violation] = []
    scores = {r.score for r in facts.results if r.score is not None}
    text = _DROPPED.sub(lambda m: " " * len(m.group(0)), text)  # "5 + 3 (dropped) + 6 = 11": the 3 is not summed
    for m in _EQUATION.finditer(text):
        chain = m.group("chain")
        if not re.search(r"\+|\bplus\b|\bminus\b|\s[-−]\s", chain):
            continue  # "4 and 2 make a pair" is no sum
        terms = re.findall(r"(plus|minus|\+|-|−)?\s*(?:[a-z][a-z_]*\s+)?([+\-−]?\d+)", chain)
        total = 0
        for op, number in terms:
            value = _value(number)
            total += -value if op in ("-", "−", "minus") else value
        result = int(m.group("res"))
        excerpt = m.group(0).strip()
        if total != result:
            detail = f"'{excerpt}': the sum is wrong; the engine's score is {_or(scores)}"
            out.append(Violation(ViolationKind.NUMBER, detail, excerpt))
        elif scores and result not in scores and not _reaches(scores, text[m.end() :], (sentence.raw or text)[m.end() :]):
            out.append(
                Violation(
                    ViolationKind.NUMBER,
                    f"'{excerpt}' stops short of the engine's score, which is {_or(scores)}",
                    excerpt,
                )
            )
    for m in _BEST_DIE.finditer(text):
        said = parse_number(m.group("n"))
        if said is None:
            continue
        word = m.group(0).split()[0]
        kept = [d.value for r in facts.results for d in r.dice_detail if d.kept] or [d for r in facts.results for d in r.dice]
        if not kept:
            continue
        target = min(kept) if word in ("lowest", "worst") else max(kept)
        if said != target:
            excerpt = m.group(0).strip()
            out.append(Violation(ViolationKind.NUMBER, f"'{excerpt}': the {word} die is {target}", excerpt))
    return out


def _or(values: set[int]) -> str:
    return " or ".join(str(v) for v in sorted(values))


def _signed_meters(sentence: Sentence, facts: Facts) -> list[Violation]:
    meters = meter_words(facts.system)
    if not meters or not facts.changes:
        return []
    alt = "|".join(re.escape(w) for w in sorted(meters, key=len, reverse=True))
    out: list[Violation] = []
    text = sentence.text
    for m in re.finditer(_SIGNED_METER.format(meters=alt), text):
        word = m.group("m") or m.group("m2")
        number = m.group("n") or m.group("n2")
        target = meters[word][0]
        changes = facts.changes.get(target)
        if not changes or hypothetical(text, m.start(), m.end()) or negated(text, m.start(), 3):
            continue
        value = _value(number)
        deltas = {c.delta for c in changes if c.delta is not None}
        if deltas and value not in deltas and target not in facts.option_effects:
            excerpt = m.group(0).strip()
            shown = ", ".join(f"{d:+d}" for d in sorted(deltas))
            detail = f"'{excerpt}': the engine changed {target.replace('_', ' ')} by {shown}"
            out.append(Violation(ViolationKind.STATE, detail, excerpt))
    return out


def _adds(sentence: Sentence, facts: Facts) -> list[Violation]:
    out: list[Violation] = []
    m = _BONUS_NEXT.search(sentence.text)
    given = facts.meter_numbers.get("forward", set()) - {0} or facts.offered.get("forward") or facts.changes.get("forward")
    rules_give = bool(re.search(r"\bnext (?:move|roll|attack)|\bforward\b", facts.engine_text))
    told = m is not None and not hypothetical(sentence.text, m.start(), m.end(), OUTCOME_HYPOTHETICAL)
    told = told and m is not None and not negated(sentence.text, m.start(), 4)
    if m and told and not given and not rules_give:
        excerpt = m.group(0).strip()
        out.append(Violation(ViolationKind.NUMBER, f"'{excerpt}': the engine gave no bonus on a later roll", excerpt))
    for m in _ADD.finditer(sentence.text):
        value = abs(_value(m.group("n")))
        allowed = {abs(v) for v in facts.meter_numbers.get("forward", set())}
        allowed |= {abs(v) for v in facts.offered.get("forward", set())} | {abs(r.adds) for r in facts.results}
        if value not in allowed:
            excerpt = m.group(0).strip()
            out.append(Violation(ViolationKind.NUMBER, f"'{excerpt}': the engine set no such add", excerpt))
    return out
