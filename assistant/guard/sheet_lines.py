"""Lines of the turn's prompt read out as story, past what :mod:`assistant.guard.prompt_copy` reads as a run of the
narrator's instructions:

- **A heading of the turn message or the fact sheet opening a line**: "Your declared action: you raise your shield to
  protect the cleric." The headings are read from the prompt itself ("Your declared action (what you attempt; …):",
  each "Label: …" line of the fact sheet): the heading's words, its parenthesis left out or kept, then a colon.
- **The offered follow-up's description copied**: "You must choose a cost the player chooses (a suffer move)." after
  the sheet's "Offered next, not played out (…): a cost the player chooses (a suffer move)." Four words in a row of
  that description, none of them the engine's own text or the player's words, are the sheet read out (the move's
  name alone is :func:`~assistant.guard.prompt_copy.check_prompt_copied`'s).
- **An instruction of the rules' text to whoever tells the story**: "Envision what you discover." The move's outcome
  text may close with an order to the narrator (a sentence that opens with a verb such as "envision", "describe",
  "choose"); lifted into the draft's own telling ("They provide new insight, but also complicates your quest.
  Envision what you discover."), it is the rules read out, not what the character discovers. Told right after the
  rules' sentence before it, word for word, it is the rules' words as they stand (as the template tells them), and
  passes.

Read only for a model's draft (``facts.sheet``): the offline template tells the engine's text as it is.
"""

from __future__ import annotations

import re
from functools import cache

from assistant.guard.facts import Facts
from assistant.guard.model import Violation, ViolationKind
from assistant.guard.style import second_person_fix
from assistant.guard.text import normalize_words, sentences

#: Verbs the rules' text opens an order to the narrator or the player with.
_ORDERS = frozenset(
    re.findall(
        r"\S+",
        "envision imagine describe choose decide pick select roll mark take make tell say narrate ask introduce "
        "determine consider",
    )
)
_RUN = 4
_OFFERED = re.compile(r"^offered next[^:]*:\s*(?P<what>.+)$", re.I | re.M)


@cache
def _prompt_headings() -> frozenset[str]:
    """The turn message's own headings, as words ("your declared action")."""
    from assistant.narrate import story_facts, turn_message

    texts = (turn_message.ESTABLISHED, turn_message.DECLARED, turn_message.STORY_SO_FAR, story_facts.HEADER)
    return frozenset(filter(None, (_heading(t) for t in texts)))


def _heading(line: str) -> str:
    """The words of ``line``'s heading ("Your declared action (…):" -> "your declared action"), or ""."""
    m = re.match(r"^\s*(?P<label>[A-Za-z][A-Za-z' ,]{0,60}?)\s*(?:\([^)]*\))?\s*:", line)
    if not m:
        return ""
    words = normalize_words(m.group("label"))
    return words if 2 <= len(words.split()) <= 6 else ""  # "Move: Face Danger." is the sheet's line, and true


def _headings(facts: Facts) -> set[str]:
    return set(_prompt_headings()) | {h for h in (_heading(line) for line in facts.sheet.splitlines()) if h}


def _runs(text: str) -> set[tuple[str, ...]]:
    words = normalize_words(text).split()
    return {tuple(words[i : i + _RUN]) for i in range(len(words) - _RUN + 1)}


_RULES_LINE = re.compile(r"^what the rules say happens\s*:\s*(?P<text>.+)$", re.I | re.M)


def _rules_orders(facts: Facts, text: str) -> set[str]:
    """The sentences of the moves' outcome texts that give an order ("Envision what you discover."), as words; not
    one the draft tells after the rules' sentence it follows, word for word (the rules' words read as they stand, as
    the template tells them): only an order lifted into the draft's own telling."""
    told = f" {normalize_words(text)} "
    sources = [r.text or "" for r in facts.results] + [m.group("text") for m in _RULES_LINE.finditer(facts.sheet)]
    found: set[str] = set()
    excused: set[str] = set()
    for source in sources:
        parts = [normalize_words(p) for p in re.split(r"(?<=[.!?])\s+", source)]
        for i, words in enumerate(parts):
            if words.split()[:1] and words.split()[0] in _ORDERS and len(words.split()) >= 3:
                found.add(words)
                if i and parts[i - 1] and f" {parts[i - 1]} " in told:
                    excused.add(words)
    return found - excused


def check_sheet_lines(text: str, facts: Facts, intent: str | None = None) -> list[Violation]:
    """Lines of the prompt read out as story (see the module's docstring)."""
    if not facts.sheet:
        return []
    headings = _headings(facts)
    described = [m.group("what") for m in _OFFERED.finditer(facts.sheet)]
    # read as the chat reads a draft: "the player chooses" as "you choose"
    offered = set().union(*(_runs(d) | _runs(second_person_fix(d)) for d in described))
    offered -= _runs(facts.engine_text) | _runs(intent or "") | _runs(" ".join(facts.told))
    orders = _rules_orders(facts, text)
    out: list[Violation] = []
    for sentence in sentences(text):
        original = sentence.original.lstrip("> \t")
        excerpt = " ".join(original.split())
        head = _heading(original)
        if head and head in headings:
            detail = f"'{excerpt}' reads out the prompt's heading ('{head}'); write only the story"
            out.append(Violation(ViolationKind.ECHO, detail, excerpt))
            continue
        if _runs(original) & offered:
            detail = f"'{excerpt}' copies the offered follow-up's description from the fact sheet; the player sees it apart"
            out.append(Violation(ViolationKind.ECHO, detail, excerpt))
            continue
        words = normalize_words(original)
        if any(order == words or f" {order}" in f" {words}" for order in orders):
            detail = f"'{excerpt}' reads out the rules' instruction to the storyteller; tell what happens instead"
            out.append(Violation(ViolationKind.ECHO, detail, excerpt))
    return out
