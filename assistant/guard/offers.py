"""Options and follow-ups: an open option told as taken, a follow-up move or a menu of choices the engine did not
offer."""

from __future__ import annotations

import re

from assistant.guard.agency import IF_WORDS
from assistant.guard.facts import Facts
from assistant.guard.model import Violation, ViolationKind
from assistant.guard.system_words import move_names
from assistant.guard.text import normalize, normalize_words, quotes_engine

_MENU_WORDS = re.compile(
    r"\b(?:choose|chooses|pick|picks|select|either|option|options|your call|which|whichever|or|otherwise|instead)\b|/|\?"
)
_STOP = frozenset(
    re.findall(r"\S+", "the a an to of and or your you on in for with is are it by as at from that this be not but if have has")
)


def check_options_stated(text: str, facts: Facts) -> list[Violation]:
    """A clause that restates one open option and nothing else, outside a menu: the option told as taken.

    Read on the raw text, because a clause that copies an option's label word for word is engine text to the
    other checks (quoting it is fine in a list of the options; alone, it picks one)."""
    if not facts.open_choices:
        return []
    labels = [(label, _content(label)) for label in facts.option_labels]
    labels = [(label, words) for label, words in labels if len(words) >= 2]
    told = " " + " ".join(normalize_words(r.text) for r in facts.results) + " "
    # a whole sentence of the outcome's text recited (the offline narrator streams it sentence by sentence)
    recited = {normalize_words(x) for r in facts.results for x in re.split(r"(?<=[.!?])\s+", r.text)}
    for paragraph in re.split(r"\n\s*\n", text):
        found = _option_taken(paragraph, labels, told, recited)
        if found:
            return found
    return []


def _option_taken(paragraph: str, labels: list[tuple[str, set[str]]], told: str, recited: set[str]) -> list[Violation]:
    menu = False  # a "pick one:" earlier in the paragraph: the lines after it are the menu's items
    for raw in re.split(r"(?<=[.!])\s+|\n", paragraph):
        line = raw.strip().lower()
        if re.search(r"\b(?:choose|pick|select)\b", line):
            menu = True
        if (
            menu
            or normalize_words(line) in recited
            or not re.search(r"\byou\b", line)
            or line.startswith((">", "-", "*", "•"))
            or _MENU_WORDS.search(line)
        ):
            continue
        for part in (line, *re.split(r"[,;:—]", line)):
            words = _content(part)
            if len(words) < 2 or _told_outright(normalize_words(part), told):
                continue  # the outcome's own text says so outright: the engine decided it, not the narrator
            hits = [(label, want) for label, want in labels if len(want & words) >= max(2, 0.75 * len(want))]
            label_words = set(re.findall(r"[a-z]+", hits[0][0].lower())) if hits else set()
            supposed = set(re.findall(r"[a-z]+", line)) & IF_WORDS - label_words if hits else set()
            if len(hits) == 1 and len(words - hits[0][1]) <= max(2, len(hits[0][1]) // 2) and not supposed:
                excerpt = raw.strip()[:80]
                return [
                    Violation(
                        ViolationKind.DECISION,
                        f"'{excerpt}' tells the option '{hits[0][0]}' as taken; that choice is still open",
                        excerpt,
                    )
                ]
    return []


def _told_outright(words: str, told: str) -> bool:
    """The words stand in the outcome's text before any "choose"/"pick" (not as one item of its menu)."""
    at = told.find(f" {words} ")
    return at >= 0 and not re.search(r"\b(?:choose|pick|select)\b", told[:at])


def _content(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z0-9+\-]+", text.lower()) if w not in _STOP and len(w) > 1}


_NEXT = re.compile(r"(?:^|\n)\W*(?:next|offered next|then)\s*:\s*(?P<what>[^\n]{2,80})", re.I)
_INVENTED_MENU = re.compile(
    r"\bif you (?:choose|opt|decide|pick|elect)\b[^.?!]{0,240}[.?!].{0,400}?\b(?:alternatively|otherwise|or)\b,?\s+if you\b"
    r"|\b(?:pick|choose|select) (?:one|two|1|2)\b[^\n.?!]{0,40}:[^\n]{0,300}/",
    re.S,
)


def check_offers(text: str, facts: Facts) -> list[Violation]:
    """Follow-ups and choices the engine did not offer: "Next: Pay the Price." after a move that offers nothing,
    "If you choose to X ... Alternatively, if you opt for Y ..." or "Pick one Reaction: a / b" with no open choice."""
    out: list[Violation] = []
    names = [n for n in move_names(facts.system) if len(n) > 4]
    offered = " ".join(facts.follow_up_moves) + " " + " ".join(normalize_words(r.text) for r in facts.results)
    for m in _NEXT.finditer(text):
        what = normalize_words(m.group("what"))
        named = [n for n in names if re.search(rf"\b{re.escape(n)}\b", what)]
        if named and not any(n in offered for n in named):
            excerpt = m.group(0).strip()
            out.append(Violation(ViolationKind.PHANTOM_ROLL, f"'{excerpt}': the engine offered no such move this turn", excerpt))
            break
    if not facts.open_choices:
        menu = _INVENTED_MENU.search(normalize(text).lower())
        if menu and not quotes_engine(menu.group(0), facts.engine_text, facts.engine_bigrams):
            excerpt = " ".join(menu.group(0).split()[:12])
            out.append(Violation(ViolationKind.DECISION, f"'{excerpt}' invents choices; the engine offered none", excerpt))
    return out
