"""An oracle's yes/no answer told as story: the question asked back, the answer as a statement, and a match told as
what it means for this answer. The rule a match rests on ("On a match, an extreme result or twist has occurred.")
is the card's (the app prints the move's outcome text on it): the story does not say it again under the card."""

from __future__ import annotations

import re
from collections.abc import Sequence

from assistant.engine.model import Result
from assistant.narrate.answers import answer_statement
from assistant.narrate.line_grammar import second_person
from assistant.narrate.request import NarrationRequest
from assistant.narrate.variety import choose

ANSWER_TEXT = re.compile(r"\bThe answer is (?:yes|no)\.\s*")
#: The oracle's rule for a match, as the rules texts word it (Starforged: "envision ..."; Elegy: "... has occurred").
MATCH_RULE = re.compile(r"\s*\bOn a match\b[^.!?]*[.!?]", re.IGNORECASE)
#: A match told as story: what it does to the answer just given (the rules: "an extreme result or twist").
MATCH_STORIES = (
    "And it goes further than you asked: take the answer at its most extreme, or with a twist in it.",
    "The answer lands hard: this is its extreme, or it comes with a twist you did not see coming.",
    "Nothing about it is ordinary: the answer comes at its extreme, or with a twist that turns it.",
)


def oracle_opening(request: NarrationRequest, result: Result) -> tuple[str, bool]:
    """The question and the answer as a statement; whether the statement replaces "The answer is ..."."""
    question = " ".join(request.question.split()) or " ".join(request.player_text.split())
    asked = second_person(question.rstrip()) if question and not re.search(r"\d", question) else ""
    if asked and asked[-1] not in ".!?…":
        asked += "?"  # "/oracle is the church empty" is still asked as a question
    lead = f"You ask the oracle: “{asked[:1].upper()}{asked[1:]}”" if asked else "You ask the oracle."
    statement = answer_statement(question, result.outcome) if asked else ""
    if not statement and not request.card and result.outcome in ("yes", "no"):  # the app's card has the answer; the
        statement = f"The oracle answers {result.outcome}."  # story still tells it, as a sentence of its own
    return " ".join(p for p in (lead, statement) if p), bool(statement)


def without_answer_line(text: str) -> str:
    return ANSWER_TEXT.sub("", text).strip()


def match_story(result: Result, seed: object, recent: Sequence[str] = ()) -> str:
    """A match told as story for the answer given (empty without a match)."""
    return choose(MATCH_STORIES, seed, recent) if result.match else ""


def answer_paragraph(text: str, result: Result, *, stated: bool, card: bool, seed: object, recent: Sequence[str]) -> str:
    """The outcome text after the card: the answer said once (not again after the statement, nor under the app's
    card), the match's rule replaced by what the match does to this answer."""
    text = MATCH_RULE.sub("", text).strip()
    if not stated and result.outcome in ("yes", "no") and not ANSWER_TEXT.search(text):
        text = f"The answer is {result.outcome}. {text}".strip()  # the answer is told whenever it was last said
    if stated or not card:  # the app's card says it
        text = without_answer_line(text)
    return " ".join(p for p in (text, match_story(result, seed, recent)) if p)
