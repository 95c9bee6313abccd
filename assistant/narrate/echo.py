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

from assistant.narrate.examples import COPIED_EXAMPLE, copies_example, story_runs
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
_WORD = re.compile(r"[a-z0-9']+")


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
_QUOTED_LINE = re.compile(r"^\s*>\s?")
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


RETOLD_MIN_WORDS = 3
RETOLD_SHARE = 0.8
"""A sentence of at least ``RETOLD_MIN_WORDS`` content words, ``RETOLD_SHARE`` of them in one earlier sentence, is that
sentence retold."""
FUNCTION_WORDS = frozenset(
    re.findall(
        r"\S+",
        "a an the and or but so as at by for from in into of on onto to with your you you're yours it its it's this that "
        "these those is are was were be been being has have had do does did not no his her him he she they them their "
        "there then than up down out over off all any some very just now still again more most",
    )
)


def _content_words(words: Iterable[str]) -> set[str]:
    return {w.removesuffix("'s").rstrip("s") for w in words if w not in FUNCTION_WORDS and len(w) > 2}


def _role(message: Any) -> str:
    if isinstance(message, tuple) and len(message) == 2:
        return str(message[0])
    return str(getattr(message, "type", ""))


def _words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


def _content(message: Any) -> str:
    if isinstance(message, tuple) and len(message) == 2:
        return str(message[1])
    content = getattr(message, "content", message)
    if isinstance(content, list):
        return " ".join(p.get("text", "") if isinstance(p, dict) else str(p) for p in content)
    return str(content)


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


_NOT_FACTS = ("your declared action", "already told to the player", "continue right after it")
#: what the fact sheet says of the player's own words and the engine's opening: a story may tell those again
FACT_MIN_WORDS = 3
FACT_SHARE = 0.8
"""A sentence of at least ``FACT_MIN_WORDS`` content words, ``FACT_SHARE`` of them one fact sentence's (and most of
that sentence's), is the fact sheet told again."""


def fact_sentences(messages: Iterable[Any]) -> list[set[str]]:
    """The content words of each sentence of the user messages (the fact sheet and the quoted reference), leaving out
    the story so far and the lines giving the player's words and the engine's opening."""
    found: list[set[str]] = []
    for message in messages:
        if _role(message) in ("ai", "assistant"):
            continue
        text = _content(message)
        if text.lstrip().lower().startswith("the story so far"):
            continue
        for line in text.splitlines():
            line = _QUOTED_LINE.sub("", line).strip()
            if not line or line.lower().startswith(_NOT_FACTS):
                continue
            whole = _content_words(_words(line)) - _RULES_TERMS  # "Outcome: a bad outcome: you try, but it goes badly."
            if FACT_MIN_WORDS <= len(whole) <= 2 * FACT_MIN_WORDS:
                found.append(whole)
            for clause in _CLAUSE_END.split(line):
                content = _content_words(_words(clause)) - _RULES_TERMS
                if len(content) >= FACT_MIN_WORDS:
                    found.append(content)
    return found


#: a fact sentence's clauses: "The text gives no result for a miss on this move; the Magistrate says what happens."
_CLAUSE_END = re.compile(r"(?<=[.!?;:])\s+")


RULES_WORDS = frozenset(
    re.findall(
        r"\S+",
        "outcome outcomes miss hit match roll rolls rolled envision answer magistrate choose pick option options hold "
        "move moves result otherwise",
    )
)
"""A copied fact is a fault when it talks rules ("The outcome is a miss: …", "On a match, imagine …", "The Magistrate
says what happens."); a move's outcome told in its own words ("You are emboldened and it is clear what you must do
next.") is story."""


_RULES_TERMS = frozenset({*(w.rstrip("s") for w in RULES_WORDS), "mean", "outcome"})
"""Left out of both sides before comparing: "The outcome means you try, but it goes badly." tells "you try, but it
goes badly" again."""


def copies_fact(words: list[str], facts: Iterable[set[str]]) -> bool:
    """Whether a sentence (its ``words``) tells one of ``facts`` (content-word sets) again, in its words or nearly,
    and in the rules' terms (:data:`RULES_WORDS`) or as the rules' alternatives ("You fail, or a momentary success is
    undermined by a dire turn of events.": a story tells what happened, not two things that might have)."""
    if words[:3] == ["you", "fail", "or"] or words[:4] == ["you", "are", "defeated", "or"]:
        return True  # the rules' alternatives for a miss, which the fact sheet no longer tells as story
    if not RULES_WORDS.intersection(words) and "or" not in words:
        return False
    content = _content_words(words) - _RULES_TERMS
    if len(content) < FACT_MIN_WORDS:
        return False
    return any(len(content & f) >= FACT_SHARE * len(content) and len(content & f) >= 0.6 * len(f) for f in facts)


def retells(sentence: str, told: Iterable[str]) -> bool:
    """Whether a model's ``sentence`` only says again what the story already opened with (``told``: the engine's
    opening and the fact sheet's formula sentences): the same words as one of them, or its content words all in
    the opening but for words that restate how it went ("You try to press the clerk, but it fails." after "You make
    your move to press the clerk. It goes wrong.")."""
    told = list(told)
    words = _words(sentence)
    if any(words == _words(t) for t in told):
        return True
    content = _content_words(words) - _OUTCOME_WORDS
    said = set().union(*(_content_words(_words(t)) for t in told)) if told else set()
    return len(content) >= RETOLD_MIN_WORDS and len(content & said) >= RETOLD_SHARE * len(content)


_OUTCOME_WORDS = frozenset(
    _content_words(
        re.findall(
            r"\S+",
            "try tried tries attempt fails failed succeed succeeds manage manages work works cost costs wrong badly well "
            "miss misses missed situation gets worse complication though however",
        )
    )
)
"""Words a model adds when it retells the opening with its outcome ("you try …, but it fails")."""
