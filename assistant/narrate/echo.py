"""Loops and prompt echoes in a model's narration, caught before a sentence reaches the player.

Small models repeat a sentence until the context fills, or copy the prompt back: its headings ("Changes already
applied:", "ENGINE FACTS"), or the guard's feedback from a rejected draft. :class:`EchoWatch` reads the text as it
streams and names the first such fault; the narrator then raises :class:`NarrationEchoed`, which the chat loop
treats like a guard violation (one retry told what went wrong, then the offline narration).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from assistant.narrate.echo_words import (
    _QUOTED_LINE,
    RETOLD_MIN_WORDS,
    RETOLD_SHARE,
    _content,
    _content_words,
    _role,
    _words,
)
from assistant.narrate.examples import COPIED_EXAMPLE, copies_example, story_runs
from assistant.narrate.fact_copies import copies_fact, fact_sentences
from assistant.narrate.request import NarrationFailed

STATIC_MARKERS = (
    "changes already applied",
    "engine facts",
    "your narration contradicts",
    "rewrite it:",
    "open choices:",
    "follow-ups:",
    "now narrate what happens",
    "now answer the question in the story",
    "now turn the price into the story",
    "now tell the rolled result",
    "two to four sentences",
    "on any conflict",
    "left to the player",
    "what the player does",
    "(do not pick",
    "offered next, not played out",
    "what happened this turn",
    "already changed on the sheet",
    "what the rules say happens",
    "outcome: a ",
    "tell this as true",
    "already told to the player",
    "continue right after it",
    "your declared action (",
    "the story so far (already told",
    "the price of what you attempted",
    "the engine fact",
    "quoted as data",
    "what happens because of it:",
    "on a match,",
    "on a miss,",
    "on a weak hit",
    "on a strong hit",
    "now continue",
    "in one to three sentences",
    "in one or two sentences",
    "in one sentence, and stop",
    "write only the next",
    "not the opening again",
    "sentences at most",
    "what the world or the people in it do",
    "stop where the player decides",
    "stop where you decide",
    "the engine made no",
    "the engine makes no",
    "tell what the roll did",
)
"""Prompt phrases no narration has any reason to contain (lower case)."""
MIN_REPEAT_WORDS = 4
"""A sentence of at least this many words said twice is a loop."""
SHINGLE_WORDS = 6
SHINGLE_REPEATS = 3
"""The same run of ``SHINGLE_WORDS`` words ``SHINGLE_REPEATS`` times is a loop (catches loops without full stops)."""

#: A sentence ends at . ! ? (with closing quotes/brackets) followed by space, or at a line break.
SENTENCE_END = re.compile(r"(?<=[.!?\u2026])[\"'\u201d\u2019)\]]*\s+|\n+")


COPIED_PROMPT = "it copied the prompt"
COPIED_FEEDBACK = "it copied the feedback on the previous draft"
REPEATED_SENTENCE = "it repeated a sentence"
LOOPED = "it repeated itself in a loop"
COPIED_QUOTE = "it copied a quoted line of the reference"
COPIED_CITATION = "it copied a citation of the reference"
REPEATED_EARLIER = "it repeated a sentence of an earlier turn's story"
STOPPED_EARLY = "it stopped before its first sentence (it began by deciding for the player or by copying a heading)"
WROTE_LIST = "it wrote a list instead of story"
WROTE_LABEL = "it wrote a heading or a label instead of story"
_LABEL_LINE = re.compile(r":[\"'\u201d\u2019)\]]*\s*$")
#: a line of the fact sheet's form ("Move: Ask the Oracle.", "Outcome: a miss…")
_FACT_LABEL = re.compile(r"^\s*(?:Move|Outcome|Odds|Roll|Result|Stat|Dice)\s*:")
_LIST_LINE = re.compile(r"^\s*(?:[-*•]|\d+[.)])\s+\S")
#: A passage's citation: "[1] starforged › Moves › Set a Course (starforged.txt:L444-L455)". No story has a '›'.
_CITATION = re.compile(r"\u203a|\b[\w-]+\.(?:txt|md|ya?ml)\s*:\s*L?\d")


class NarrationEchoed(NarrationFailed):
    """The model looped or copied its prompt; ``feedback`` tells a retry what to do instead."""

    def __init__(self, problem: str, raw: str = "") -> None:
        super().__init__(f"LLM narration rejected ({problem}).")
        self.problem = problem
        self.raw = raw[:400]
        """What the model wrote before it was stopped (for the guard log and the eval's drafts; never shown)."""
        self.at_sentence = problem.startswith(
            (
                COPIED_PROMPT,
                COPIED_FEEDBACK,
                REPEATED_SENTENCE,
                COPIED_QUOTE,
                COPIED_CITATION,
                WROTE_LIST,
                REPEATED_EARLIER,
                WROTE_LABEL,
                COPIED_EXAMPLE,
            )
        )
        """The fault is one sentence, caught before it was shown: the story before it can stand on its own."""
        self.feedback = (
            f"Your last narration was not used: {problem}. Write it again as fresh story prose: say each thing "
            "once, and do not copy any heading, label or instruction from this message."
        )


COPY_WORDS = 6
"""A sentence of at least this many words found word for word in the system prompt is a copy of it."""


def earlier_sentences(stories: Iterable[str]) -> list[str]:
    """The sentences of earlier turns' stories long enough to tell a copy by (as padded word strings), and each two
    that follow each other as one: a model retells a turn in one sentence, or in quotes ('"I try to shoot the
    raider, but luck deserts me."' after "You try to shoot the raider. Luck deserts you.")."""
    out: list[str] = []
    for story in stories:
        told = [_words(sentence) for sentence in SENTENCE_END.split(story)]
        told = [words for words in told if words]
        out += [f" {' '.join(words)} " for words in told if len(words) >= COPY_WORDS]
        out += [f" {' '.join(a + b)} " for a, b in zip(told, told[1:], strict=False) if len(a) + len(b) >= COPY_WORDS]
    return out


def repeats_earlier(sentence: str, earlier: list[str]) -> bool:
    """Whether ``sentence`` tells again a sentence of an earlier turn (a small model opens with its last turn), word
    for word or in other words: nearly all its content words are one earlier sentence's ("You aim your vibroblade at
    the raider's neck" after "You draw your vibroblade and aim for the raider's neck"), which a player reads as the
    last turn's action happening again."""
    words = _words(sentence)
    joined = f" {' '.join(words)} "
    if len(words) >= COPY_WORDS and any(joined in e or e in joined for e in earlier):
        return True
    content = _content_words(words)
    if len(content) < RETOLD_MIN_WORDS:
        return False
    return any(len(content & _content_words(e.split())) >= RETOLD_SHARE * len(content) for e in earlier)


def reference_words(messages: Iterable[Any]) -> str:
    """The words of the quoted reference: every '> ' line of the messages that are not the model's own (the worked
    examples' stories are), space-padded, for :func:`quoted_line_fault`."""
    lines = (
        " ".join(_words(line))
        for m in messages
        if _role(m) not in ("ai", "assistant")
        for line in _content(m).splitlines()
        if _QUOTED_LINE.match(line)
    )
    return f" {' '.join(lines)} "


def quoted_line_fault(sentence: str, reference: str, sheet: str = "") -> bool:
    """Whether ``sentence``, set off with '>' as the reference's lines are, copies a line of the reference (its words,
    :func:`reference_words`) or is a finished line too short to be story ("> Quality Tier -1."). A story line set off
    with '>' is only unquoted; a stray '>' after the story copies nothing (the chat drops it); an unfinished fragment
    ("> You") is a draft that stopped early, not a copy; and the outcome in the fact sheet's own words (``sheet``: "> You
    are emboldened and it is clear what you must do next.") is told, as the guard lets a story tell it."""
    if not _QUOTED_LINE.match(sentence):
        return False
    quoted = _words(_QUOTED_LINE.sub("", sentence, count=1))
    joined = f" {' '.join(quoted)} "
    if not quoted or (len(quoted) > 2 and joined in f" {' '.join(_words(sheet))} "):
        return False
    if len(quoted) < MIN_REPEAT_WORDS:
        return bool(re.search(r"[.!?\u2026][\"'\u201d\u2019)\]]*\s*$", sentence))
    return joined in reference


def prompt_headings(messages: Iterable[Any]) -> list[str]:
    """The heading lines of the prompt (a short line ending with a colon, or in capitals), lower case."""
    found: list[str] = []
    for message in messages:
        for line in _content(message).splitlines():
            line = line.strip().lstrip("-#*> ").strip()
            if not 10 <= len(line) <= 60:
                continue
            heading = line.endswith(":") or (line.isupper() and len(line.split()) >= 2)
            if heading and len(line.split()) >= 2 and line.lower() not in found:
                found.append(line.lower())
    return found


class EchoWatch:
    """Reads a narration as it streams; :meth:`feed` and :meth:`finish` return the first fault found, or None."""

    def __init__(self, messages: Iterable[Any] = (), feedback: str = "") -> None:
        messages = list(messages)
        self.markers = list(STATIC_MARKERS) + prompt_headings(messages)
        self.instructions = " ".join(_words(_content(messages[0]))) if messages and _role(messages[0]) == "system" else ""
        """The system prompt's words: a sentence copied from it (a rule, the example of the form) is not story."""
        self.reference = reference_words(messages[1:])
        self.sheet = _content(messages[-1]) if len(messages) > 1 else ""
        """This turn's facts (the last message): a '>' line telling the outcome in their words is no copy of the
        reference."""
        """The words of the quoted reference (the user messages' '> ' lines): what a line set off with '>' may copy.
        The player's own words told back with a '>' before them are story ("> You slip across the district.")."""
        self.fact_sentences = fact_sentences(messages[1:])
        """Each sentence of the fact sheet and the quoted reference, as content words: one told again in other words
        ("On a match, imagine an extreme result or twist.") is a copy, not story."""
        self.example_runs = story_runs(_content(m) for m in messages[1:] if _role(m) in ("ai", "assistant"))
        """The worked examples' stories (:mod:`assistant.narrate.examples`): a sentence telling one again is a copy."""
        self.feedback_lines = [" ".join(_words(line)) for line in feedback.splitlines() if len(_words(line)) >= 5]
        self.text = ""
        self.checked = 0
        self.sentences: set[str] = set()

    def feed(self, chunk: str) -> str | None:
        self.text += chunk
        return self._check(final=False)

    def finish(self) -> str | None:
        return self._check(final=True)

    def _check(self, *, final: bool) -> str | None:
        pending = self.text[self.checked :]
        pieces = SENTENCE_END.split(pending)
        complete, rest = pieces[:-1], pieces[-1]
        if final:
            complete, rest = [*complete, rest], ""
        self.checked = len(self.text) - len(rest)
        for sentence in complete:
            problem = self._sentence_fault(sentence)
            if problem:
                return problem
        return self._loop_fault(self.text)

    def _sentence_fault(self, sentence: str) -> str | None:
        if quoted_line_fault(sentence, self.reference, self.sheet):
            return COPIED_QUOTE
        if _CITATION.search(sentence):
            return COPIED_CITATION
        if _LIST_LINE.match(sentence):
            return WROTE_LIST
        if _LABEL_LINE.search(sentence) or _FACT_LABEL.match(sentence):
            return WROTE_LABEL  # "Narrating from your perspective:", "You assess your options:" before a list
        low = sentence.lower()
        for marker in self.markers:
            if marker in low:
                return f'{COPIED_PROMPT} ("{marker.rstrip(":")}")'
        words = _words(sentence)
        joined = " ".join(words)
        if len(words) >= COPY_WORDS and f" {joined} " in f" {self.instructions} ":
            return f"{COPIED_PROMPT} (a sentence of its instructions)"
        for line in self.feedback_lines:
            if line in joined or (len(words) >= 5 and joined in line):
                return COPIED_FEEDBACK
        if copies_example(words, self.example_runs):
            return COPIED_EXAMPLE
        if copies_fact(words, self.fact_sentences):
            return f"{COPIED_PROMPT} (a sentence of the facts it was given)"
        if len(words) >= MIN_REPEAT_WORDS:
            if joined in self.sentences:
                return REPEATED_SENTENCE
            self.sentences.add(joined)
        return None

    @staticmethod
    def _loop_fault(text: str) -> str | None:
        words = _words(text)
        if len(words) < SHINGLE_WORDS * SHINGLE_REPEATS:
            return None
        counts: dict[tuple[str, ...], int] = {}
        for i in range(len(words) - SHINGLE_WORDS + 1):
            key = tuple(words[i : i + SHINGLE_WORDS])
            counts[key] = counts.get(key, 0) + 1
            if counts[key] >= SHINGLE_REPEATS:
                return LOOPED
        return None
