"""Where a story draft ends, whatever the endpoint does with stop sequences.

An endpoint takes at most four stop sequences (OpenAI's limit, :data:`assistant.llm_calls.TASK_STOP`), some
ignore them, and a small model opens more faults than four strings can name. :class:`StopCut` ends the draft on
the client at the first of :data:`STORY_STOPS` as it streams: what came before stands (the story ends at its
last full sentence, :mod:`assistant.chat.narration`), and the model's call is closed, as a server-side stop would.

Each stop opens a fault a 1.5B model wrote in real drafts: a decision taken for the player ("you decided to
investigate further"), words put in the character's mouth ('"Who are you?" you ask'), a roll nobody made ("The
character rolls +Con", "rolled +Environs"), an outcome the engine did not give ("delivering a strong hit" on a weak
hit), the retry's own feedback copied back ("Your narration broke these rules:"), a line set off with '>' after the story
(the quoted reference's form: its titles, its citations), a line in the story-so-far's form ("You: Oracle (likely): …"). The
strings are exact (case included), so a story that merely uses the words elsewhere ("the guard decides", "the
barrel rolls away") goes on.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from assistant.llm_calls import TASK_STOP

_DECISIONS = (" decide to", " decide not", " decided to", " decided not", " decide it is", " choose not to", " chose not to")
_SPEECH = tuple(f"{end}{quote} you " for end in ",?!." for quote in ('"', "\u201d"))
_ROLLS = (" roll +", " rolls +", " rolled +", " rolls their", " rolled their", " roll your", " rolls your")
#: The starts of the turn message's instructions (:mod:`assistant.narrate.turn_message`) and of the retry's feedback
#: (:class:`assistant.narrate.echo.NarrationEchoed`): a 0.5B model answered with them, after its opening ("Continue
#: right after it with what happens because of it; …") or as its whole reply ("Your last narration was not used: …").
_INSTRUCTIONS = (
    "Already told to the player",
    "Continue right after it",
    "Now continue the story",
    "Now narrate what happens",
    "Your last narration was not used",
)
_HEADINGS = (
    *("What happened this turn", "\nNext:", "Your narration broke", "Rewrite it:"),  # the prompt and the feedback
    *(
        "Left to the player",
        "Offered next",
        "Also true now",
        "Rolled next",
        "Nothing hurts you this turn",
    ),  # the fact sheet's lines on choices, follow-ups
    *(" Outcome:", "\nOutcome:", "\nMove:", "What the rules say"),  # the fact sheet's labels
    *("\u203a", "> [", "\n>", " > "),  # the quoted reference's form
    *("Story:", "\nYou:", " You: "),  # the story-so-far's form
    *_INSTRUCTIONS,  # the turn message's own instructions and the retry's feedback
)

STORY_STOPS: tuple[str, ...] = tuple(dict.fromkeys((*TASK_STOP.get("narrate", ()), *_DECISIONS, *_SPEECH, *_ROLLS, *_HEADINGS)))
"""Where a narration or an interpretation ends (the server's own stops included, for endpoints that ignore them)."""


#: An outcome's name, which a small model writes for any outcome ("delivering a strong hit" on a weak hit).
_OUTCOME_LABELS = {"strong_hit": " strong hit", "weak_hit": " weak hit"}


def story_stops(outcomes: Iterable[str] = ()) -> tuple[str, ...]:
    """:data:`STORY_STOPS`, and the names of the outcomes the engine did not give (" strong hit" on a weak hit)."""
    given = set(outcomes)
    if not given & {"strong_hit", "weak_hit", "miss"}:
        return STORY_STOPS
    return STORY_STOPS + tuple(label for outcome, label in _OUTCOME_LABELS.items() if outcome not in given)


def first_stop(text: str, stops: Iterable[str] = STORY_STOPS) -> int:
    """Where the earliest stop begins in ``text``, or -1."""
    found = [i for i in (text.find(s) for s in stops) if i >= 0]
    return min(found) if found else -1


class StopCut:
    """Passes a stream on as it comes, holding back only a tail that could begin a stop; :attr:`stopped` once one
    came (what follows it is never passed on)."""

    def __init__(self, stops: Iterable[str] = STORY_STOPS) -> None:
        self.stops = tuple(stops)
        self.text = ""
        self.sent = 0
        self.stopped = False

    def _held(self) -> int:
        """How many trailing characters could be the start of a stop."""
        tail = self.text[self.sent :]
        for size in range(min(len(tail), max((len(s) for s in self.stops), default=1) - 1), 0, -1):
            if any(stop.startswith(tail[-size:]) for stop in self.stops):
                return size
        return 0

    def feed(self, chunk: str) -> str:
        """The part of the stream that is safe to pass on now ("" once stopped)."""
        if self.stopped:
            return ""
        self.text += chunk
        at = first_stop(self.text[self.sent :], self.stops)  # a stop never starts before what was passed on
        end = self.sent + at if at >= 0 else len(self.text) - self._held()
        self.stopped = at >= 0
        out, self.sent = self.text[self.sent : end], end
        return out

    def flush(self) -> str:
        """What is held back at the end of the stream."""
        if self.stopped:
            return ""
        out, self.sent = self.text[self.sent :], len(self.text)
        return out


def cut_stream(chunks: Iterable[str], stops: Iterable[str] = STORY_STOPS) -> Iterator[str]:
    """``chunks`` up to the first stop (the caller closes the source when this ends early)."""
    cut = StopCut(stops)
    for chunk in chunks:
        out = cut.feed(chunk)
        if out:
            yield out
        if cut.stopped:
            return
    rest = cut.flush()
    if rest:
        yield rest


#: A first line in the story-so-far's form ("You: Oracle (likely): Are there survivors aboard?", "Story: …"): a
#: small model opened a third of its 0.5B drafts this way and then told the story after it. A first line copying one
#: of the turn message's instructions is left out the same way.
_TRANSCRIPT_LEAD = ("You:", "Story:", *_INSTRUCTIONS)


def _undecided(start: str) -> bool:
    """Whether ``start`` (a draft's first line so far) could still become a copied lead line."""
    return "\n" not in start and any(lead.startswith(start) for lead in _TRANSCRIPT_LEAD)


def skip_transcript_lead(chunks: Iterable[str]) -> Iterator[str]:
    """``chunks`` without first lines in the story-so-far's form or copying an instruction (what follows them is
    the story); the chunks pass as they came once the draft's start is seen not to be one."""
    held = ""
    it = iter(chunks)
    for chunk in it:
        held = (held + chunk).lstrip()
        while held.startswith(_TRANSCRIPT_LEAD) and "\n" in held:  # a copied line ends: the story may follow it
            held = held.split("\n", 1)[1].lstrip()
        if not held or _undecided(held) or held.startswith(_TRANSCRIPT_LEAD):
            continue  # too short to tell yet, or a copied line still coming
        yield held
        yield from it
        return
    if held and not held.startswith(_TRANSCRIPT_LEAD):
        yield held
