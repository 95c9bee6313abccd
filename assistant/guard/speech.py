"""Dialogue that decides what happens to the character: 'The Magistrate says: "… You get noticed by the guards and are
arrested for theft."'

Quoted speech is someone in the story talking, and the guard lets it say most things. A quote that tells what is done
to the player's character, as done (a passive with "you" as its subject and the one who does it or the reason: "you
are arrested for theft", "you get noticed by the guards", "you're under arrest"), puts a consequence in someone's
mouth that the engine never decided. Read only in a statement: a question, a threat or a condition ("if you are caught
by the watch…", "you will be hanged") is still the player's to answer.
"""

from __future__ import annotations

import re

from assistant.guard.facts import Facts
from assistant.guard.model import Violation, ViolationKind
from assistant.guard.text import Sentence, hypothetical

_QUOTE = re.compile(r'"(?P<q>[^"\n]{1,600})(?:"|$)')
_DONE_TO_YOU = re.compile(
    r"\byou(?:'re|\s+are|\s+were|\s+get|\s+got|\s+have\s+been|'ve\s+been)\s+(?:\w+ly\s+)?(?:now\s+)?"
    r"(?P<done>[a-z]+(?:ed|en)\s+(?:by|for)\b[^.!?;,]*|under\s+arrest\b)"
)
_PLAYER_SPEAKS = re.compile(r"\byou\s+(?:say|said|tell|told|reply|replied|shout|shouted|whisper|whispered|ask|asked)\b")


def check_speech(sentence: Sentence, facts: Facts) -> list[Violation]:
    """A quote in which someone tells, as done, what is done to the player's character."""
    if not facts.results:
        return []
    text = sentence.text
    for m in _QUOTE.finditer(text):
        quote = m.group("q")
        if quote.rstrip().endswith("?") or _PLAYER_SPEAKS.search(text[: m.start()]):
            continue
        for done in _DONE_TO_YOU.finditer(quote):
            if hypothetical(quote, done.start(), done.end()):
                continue
            at = m.start("q") + done.start()
            raw = sentence.raw if len(sentence.raw) == len(text) else text
            excerpt = " ".join(raw[at : at + len(done.group(0))].split())
            detail = f"'{excerpt}': someone's words decide what happens to you; the engine decided no such consequence"
            return [Violation(ViolationKind.DECISION, detail, excerpt)]
    return []
