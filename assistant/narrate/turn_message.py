"""The last user message of a narration turn, and the story so far before it.

What a small model reads last and copies most: the player's words as an attempt (never "what you do", which it told
as done on a miss), an oracle's question only when the engine cannot give its answer as a fact, what a price is the
price of, the engine's facts in words (:mod:`assistant.narrate.story_facts`), the retry's feedback, and where to
stop. Earlier turns go in one message of context, not as the model's own earlier replies.
"""

from __future__ import annotations

from collections.abc import Sequence

from assistant.narrate.line_grammar import second_person
from assistant.narrate.request import NarrationRequest
from assistant.narrate.story_facts import (
    CONTINUE_OPENING,
    TOLD_OPENING,
    move_opening,
    oracle_first_sentence,
    row_opening,
    story_facts,
)

HUMAN_ROLES = frozenset({"user", "human", "player"})
CLOSING = {
    "narrate": "Now narrate what happens, in {count}, and stop where the player decides.",
    "oracle": "Now answer the question in the story, in {count}.",
    "told": "Now write only the next {count} of the story (new words, not that sentence again).",
    "opened": (
        "Now write only the next {count} of the story (new words, not the opening again): what the world or the people "
        "in it do in answer. Then stop."
    ),
    "pay_the_price": "Now turn the price into the story, in {count}.",
    "table": "Now tell the rolled result in the story, in {count}.",
}
"""Where the turn's message ends, by what the story opened with; ``{count}`` is the story's length (:func:`closing`)."""
AFTER_OPENING = frozenset({"told", "opened"})
"""Closings of a story the engine opened: the model adds :attr:`NarrationRequest.story_sentences` to it; without an
opening it writes one more."""
_NUMBERS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine"}


def closing(kind: str, story_sentences: int) -> str:
    """The turn message's last line for a story of ``kind`` ("opened", "told" or a task) whose model adds at most
    ``story_sentences`` after the engine's opening ("Now write only the next sentence of the story (new words, not the
    opening again): …")."""
    if kind in AFTER_OPENING:  # "the next sentence": told "continue … in one sentence", a 1.5B model wrote the opening
        # again and stopped (8 of 50 drafts on the chat scripts' prompts, 4 of 50 told "only the next sentence")
        n = story_sentences
        count = "sentence" if n == 1 else f"{_NUMBERS.get(n, n)} sentences at most"
    else:
        n = story_sentences + 1
        count = "one or two sentences" if n == 2 else f"one to {_NUMBERS.get(n, n)} sentences"
    return CLOSING.get(kind, CLOSING["narrate"]).format(count=count)


def facts_text(request: NarrationRequest) -> str:
    """The user message of the turn: the engine's facts, the player's words, the retry feedback."""
    question = request.question.strip() or (request.player_text.strip() if request.task == "oracle" else "")
    parts = []
    first = oracle_first_sentence(request.results, question) if request.task == "oracle" else ""
    told = bool(first)  # the answer given as the statement it makes true: the question is left out (a small model answers it)
    if request.task == "oracle":
        if question and not told:
            parts.append(f"Your question to the oracle: {second_person(question)}")
    elif request.task == "pay_the_price" and (attempted := _last_attempt(request)):
        parts.append(f"The price of what you attempted: {second_person(attempted)}")
    elif request.actor:  # Mara's move at you: hers to tell, with her outcome (an unnamed move is still hers)
        words = request.player_text.strip()
        said = words if words and words.lower() not in {r.move.lower() for r in request.results} else ""
        parts.append(THEIR_MOVE.format(who=request.actor) + (f" {second_person(said)}" if said else ""))
    elif request.player_text.strip() and request.player_text.strip().lower() not in {r.move.lower() for r in request.results}:
        parts.append(f"{DECLARED} {second_person(request.player_text.strip())}")
    # the oracle's earlier answers: a small model told "still running" a turn after "no longer"; this turn's own answer
    # is the story's given first sentence, not an earlier one (told twice, the priest "sensing" came back all the more)
    earlier = [s for s in request.established if s != first][-ESTABLISHED_SHOWN:]
    if earlier:
        parts.append(f"{ESTABLISHED} {' '.join(earlier)}")
    parts.append(story_facts(request.results, question=question, player_text=request.player_text, actor=request.actor))
    opened = move_opening(request) or row_opening(request)
    if opened:
        parts.append(f"{TOLD_OPENING} {opened}\n{CONTINUE_OPENING}")
    if request.feedback.strip():
        parts.append(request.feedback.strip())
    kind = "opened" if opened else "told" if told else request.task
    parts.append(closing(kind, request.story_sentences))
    return "\n\n".join(parts)


ESTABLISHED = "Established earlier by the oracle (still true; never contradict it):"
ESTABLISHED_SHOWN = 4
"""The latest answers the model is told again (the guard checks against all that travel with the request)."""

DECLARED = "Your declared action (what you attempt; the outcome below says how it goes):"
"""Told "what you do", a small model told a missed action as done ("you manage to force the airlock open")."""


THEIR_MOVE = (
    "This move is {who}'s, not yours: {who} makes it, against you, and the outcome below is {who}'s. Tell what {who} "
    "does and how it goes for {who}; you do nothing you did not declare."
)
"""Told only "your declared action", a model narrated Mara's attack on the player as the player's own deed."""


def _last_attempt(request: NarrationRequest) -> str:
    """The player's last declared action before this turn: what a Pay the Price is the price of ("" when none)."""
    own = request.player_text.strip().lower()
    for role, text in reversed(request.history):
        line = text.strip()
        if role.lower() in HUMAN_ROLES and line and not line.startswith(("/", "#")) and line.lower() != own:
            return line
    return ""


STORY_SO_FAR = "The story so far (already told: continue from it, never tell it again):"


def story_so_far(history: Sequence[tuple[str, str]]) -> str:
    """Earlier turns' stories as one paragraph of context. Given as the model's own earlier replies, a small model
    answered the new turn with its last reply again, word for word; given as a transcript ("You: …" / "Story: …"
    lines), it wrote the next lines of the transcript instead of the story. The player's words are in the stories'
    openings already ("You set out to force the airlock…"), and this turn's are given with its facts."""
    told = [" ".join(text.split()) for role, text in history if role.lower() not in HUMAN_ROLES and text.strip()]
    return f"{STORY_SO_FAR}\n{' '.join(told)}" if told else ""
