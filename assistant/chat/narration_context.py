"""What the narrator is given of the session besides this turn's facts: earlier turns and rules background.

For the player's story: their own words and the story told so far (no dice cards, no assistant lines such as
"Moves that fit…", which a small model copies into its story); for an action roll, the played move's own rules
passage (and a house rule for it), not its neighbours'.
"""

from __future__ import annotations

import re
from typing import Any

from assistant.narrate.context import passage_origin

NARRATION_HISTORY = frozenset({"user", "player", "narrator"})
"""What the narrator sees of earlier turns: the player's words and the story told. Not the dice cards (their numbers
stay on the cards) nor the assistant's other lines ("Moves that fit…", rules answers), which a small model copies."""


def narration_history(lines: list[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    """The player's lines and the story told, each story without its paragraphs of numbers (an offline narration
    carries its dice card: "Action 3 + edge 3 = 6 … Momentum 2 → 3"); slash commands left out."""
    kept: list[tuple[str, str]] = []
    for role, text in lines:
        if role not in NARRATION_HISTORY or (role != "narrator" and text.lstrip().startswith("/")):
            continue  # a slash command ("/meter health -1") is bookkeeping, not story
        if role == "narrator":
            text = "\n\n".join(head for p in text.split("\n\n") if (head := _story_head(p))).strip()
        if text:
            kept.append((role, text))
    return tuple(kept)


#: Where a dice card starts inside a paragraph: its move label ("Face Danger, +shadow.") or its first number.
_CARD_START = re.compile(r"(?:^|(?<=[.!?]\s))(?:[A-Z][\w&' ]*, [+-]\w+\.|[^.!?]*\d)")


def _story_head(paragraph: str) -> str:
    """A paragraph without its dice card: a card's paragraph goes whole; the story before a card told in the same
    paragraph stays (a narration and its card run together when a model's story is joined to the engine's opening)."""
    card = _CARD_START.search(paragraph)
    return paragraph if card is None else paragraph[: card.start()].strip()


#: An oracle move's line in the transcript ("Ask the Oracle: no — rolled 67").
_ORACLE_MOVE = re.compile(r":\s*(?P<answer>yes|no)(?:\s*\(match\))?(?:\s+—|$)")
#: How many earlier answers travel with a turn (the latest ones; the story moves on from older ones).
ESTABLISHED_ANSWERS = 12


def established_answers(entries: list[Any], limit: int = ESTABLISHED_ANSWERS) -> tuple[str, ...]:
    """The sentences earlier oracle answers were told as ("The reactor is no longer running."), oldest first: the
    player's question before each oracle move not undone, turned into the statement its answer makes true (the
    sentence the story opened with). A question that makes no statement ("What lies ahead?") adds nothing."""
    from assistant.narrate.answers import answer_statement
    from assistant.narrate.story_facts import told_sentence

    told: list[str] = []
    asked = ""
    for e in entries:
        if e.kind == "chat" and e.role == "user":
            asked = e.text.strip()
            continue
        m = _ORACLE_MOVE.search(e.text) if e.kind == "move" and not e.undone else None
        question, asked = (asked, "") if e.kind == "move" else (asked, asked)
        if not m or not question:
            continue
        words = question.split()
        if words[0].startswith("/"):
            words = words[1:]  # "/oracle likely Are there survivors aboard?"
        for skip in range(min(3, len(words))):  # past an odds word or two
            statement = answer_statement(" ".join(words[skip:]), m.group("answer"))
            if statement:
                told.append(told_sentence(statement))
                break
    return tuple(told[-limit:])


def own_passages(hits: list[Any], move: str) -> list[Any]:
    """The narrator's rules background: the played move's own passage when retrieval found it, else the best one.
    Neighbouring moves' passages ("Face Danger (Scene Challenge)", "Face Desolation") only tempt a small model to
    tell their outcomes (progress, clocks) as this move's. A homebrew passage for the move is kept beside it."""
    name = move.strip().lower()
    own = [h for h in hits if str(getattr(h, "section", "")).split("›")[-1].strip().lower() == name]
    first = own[:1] or hits[:1]
    house = [
        h for h in hits if passage_origin(h) == "homebrew" and name in str(getattr(h, "section", "")).lower() and h not in first
    ]
    return first + house[:1]  # a house rule for this move is the table's own rule: it stays
