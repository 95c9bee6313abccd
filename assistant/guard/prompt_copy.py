"""The narrator's own instructions and headings copied into a model's draft: "Reference for this turn, quoted as data
(every line of it starts with '> ')", "Now continue the story after that sentence", "The rules say the answer is no."

A model's draft is read against the prompt it was written from (only when its fact sheet is known: ``facts.sheet``;
the offline template never saw one). The instructions are the project's own texts (the narrator's prompt file, its
style rules, the context's headings and the turn message's lines), so the check reads them, not a list of the phrases
drafts happened to copy: a sentence that shares a run of :data:`RUN` words with any of them, a run that is neither the
engine's text nor the player's words, is the prompt read out, not story. Talk about the rules where the story goes on
("The rules say the answer is no.", "as the rules state") is the same copy, and so is a follow-up the engine offers
told as the choice it is ("The player must decide whether to pay the Price or not": the sheet's "Offered next"); a
quotation of the rules ('The rules say: "…"') stands as one.
"""

from __future__ import annotations

import re
from functools import cache

from assistant.guard.facts import Facts
from assistant.guard.model import Violation, ViolationKind
from assistant.guard.text import normalize_words, sentences

RUN = 5
"""Consecutive words shared with an instruction that make a sentence its copy (four is still everyday speech: "what
the player did")."""

_RULES_TALK = re.compile(
    r"\b(?:the|these|this\s+move's)\s+rules?(?:\s+text)?\s+(?:say|says|said|state|states|stated|tell|tells|told|dictate"
    r"|dictates|decide|decides|decided|mean|means)\b(?!\s*(?:that\s+)?[:\"'])"
    r"|\bas\s+the\s+rules?\s+(?:say|says|state|states|dictate|dictates)\b(?!\s*[:\"'])"
)


#: Choosing words before an offered follow-up: "The player must decide whether to pay the Price or not".
_CHOOSING = r"(?:decide|decides|choose|chooses|whether|opt|opts|can|may|could)\s+(?:whether\s+|if\s+)?(?:or\s+not\s+)?(?:to\s+)?"


def _offered_as_choice(narr: str, facts: Facts) -> str:
    """The engine's offered follow-up (a move the player makes next) told as a choice in the story: the sheet's
    "Offered next: Pay the Price." read out; "" when none is."""
    for name in sorted(facts.follow_up_moves, key=len, reverse=True):
        words = normalize_words(name)
        m = re.search(rf"\b{_CHOOSING}{re.escape(words)}\b", normalize_words(narr)) if len(words) > 4 else None
        if m and not re.match(r"\s+or\s+(?!not\b)", normalize_words(narr)[m.end() :]):
            return name  # "… or continue fighting": another way named beside it, the choice left open
    return ""


@cache
def instruction_runs() -> frozenset[tuple[str, ...]]:
    """Every run of :data:`RUN` words in the narrator's instructions and headings (the project's prompt texts)."""
    from assistant.narrate import context, story_facts, turn_message
    from assistant.narrate.prompts import STYLE_RULES
    from assistant.prompts import load_prompt

    texts = [load_prompt(name) for name in ("narrate", "interpret_oracle", "interpret_pay_the_price")]
    texts += list(STYLE_RULES.values()) + list(turn_message.CLOSING.values())
    texts += [context.CHARACTER_HEADER, context.TRACKS_HEADER, context.RULES_HEADER, context.DATA_INTRO]
    texts += [turn_message.ESTABLISHED, turn_message.DECLARED, turn_message.STORY_SO_FAR, turn_message.THEIR_MOVE]
    texts += [story_facts.HEADER, story_facts.TOLD_FIRST, story_facts.TOLD_OPENING, story_facts.CONTINUE_OPENING]
    runs: set[tuple[str, ...]] = set()
    for text in texts:
        words = normalize_words(re.sub(r"\{[a-z_]+\}", " ", text)).split()
        runs.update(tuple(words[i : i + RUN]) for i in range(len(words) - RUN + 1))
    return frozenset(runs)


def _runs(text: str) -> set[tuple[str, ...]]:
    words = normalize_words(text).split()
    return {tuple(words[i : i + RUN]) for i in range(len(words) - RUN + 1)}


def check_prompt_copied(text: str, facts: Facts, intent: str | None = None) -> list[Violation]:
    """Sentences of a model's draft that read out the narrator's instructions, its headings or the rules as rules."""
    if not facts.sheet:
        return []
    allowed = _runs(facts.engine_text) | _runs(" ".join(facts.told)) | _runs(intent or "")
    every = instruction_runs()
    out: list[Violation] = []
    for sentence in sentences(text):
        if sentence.question:
            continue  # "What happens because of it?": the turn handed over, in the prompt's words or not
        excerpt = " ".join(sentence.original.split())
        copied = (_runs(sentence.narr) & every) - allowed
        if copied:
            run = " ".join(sorted(copied)[0])
            detail = f"'{excerpt}' copies the narrator's instructions ('{run}…') into the story; write only the story"
            out.append(Violation(ViolationKind.ECHO, detail, excerpt))
            continue
        offered = _offered_as_choice(sentence.narr, facts)
        if offered:
            detail = f"'{excerpt}' reads out the offered follow-up ({offered}) as a choice; the player sees it beside the story"
            out.append(Violation(ViolationKind.ECHO, detail, excerpt))
            continue
        m = _RULES_TALK.search(sentence.original.lower())
        if m:
            detail = f"'{excerpt}' talks about the rules where the story goes on; tell what happens instead"
            out.append(Violation(ViolationKind.ECHO, detail, excerpt))
    return out
