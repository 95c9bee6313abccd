"""The offline narrator: readable narration from the player's intent, the engine's Result and the rules text.

It states only what the Result holds (see :mod:`assistant.narrate.facts`), lists open choices for the
player without picking, and offers follow-ups without resolving them. It is the fallback of the LLM
narrator, so it never raises on a valid Result. Deterministic: the little variety it has (the framing
verb, the outcome gloss) comes from a hash of its inputs.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator, Sequence

from assistant.engine.model import Result
from assistant.narrate import facts
from assistant.narrate.guidance import rules_guidance
from assistant.narrate.request import NarrationRequest

#: A short gloss of the outcome for vivid narration (one is picked by hash).
GLOSSES: dict[str, tuple[str, ...]] = {
    "strong_hit": ("You succeed.", "You pull it off.", "It works, cleanly."),
    "weak_hit": ("You succeed, but not without a cost.", "You manage it, at a price.", "It works, but it costs you."),
    "miss": ("You fail, or worse.", "It goes wrong.", "Things turn against you."),
    "critical": ("An exceptional success.", "Better than you hoped."),
    "full_success": ("You do it.", "It goes as planned."),
    "partial_success": ("You do it, but there is a complication.", "You manage it, with consequences."),
    "bad_outcome": ("Things go badly.", "It goes wrong."),
}
ORACLE_FALLBACK = "Read the answer in the light of your question and of what would be most interesting for the story."
_PRONOUNS = {"i": "you", "me": "you", "my": "your", "mine": "yours", "myself": "yourself", "i'm": "you're",
             "i’m": "you’re", "i've": "you've", "i'll": "you'll", "am": "are", "we": "you", "us": "you",
             "our": "your", "ourselves": "yourselves", "we're": "you're"}  # fmt: skip
_WORD = re.compile(r"[A-Za-z’']+")


def pick(options: Sequence[str], *keys: object) -> str:
    """A deterministic choice among ``options`` from a hash of ``keys``."""
    digest = hashlib.sha256("\x1f".join(map(str, keys)).encode("utf-8")).digest()
    return options[int.from_bytes(digest[:4], "big") % len(options)]


def second_person(text: str) -> str:
    """``I sneak past my guard`` -> ``you sneak past your guard`` (first person turned to the player)."""
    return _WORD.sub(lambda m: _match_case(m.group(0), _PRONOUNS.get(m.group(0).lower(), m.group(0))), text)


def _match_case(original: str, word: str) -> str:
    if original == original.lower() or original in {"I", "I'm", "I’m", "I've", "I'll"}:
        return word
    return word[:1].upper() + word[1:]


def framing(player_text: str, move: str, seed: str) -> str:
    """A sentence from the player's intent, or "" when it cannot be framed without inventing anything.

    Intents with digits are not echoed: a number in the narration must come from the engine.
    """
    intent = " ".join(player_text.split()).strip().rstrip(".!")
    if not intent or re.search(r"\d", intent) or intent.endswith("?") or len(intent) > 160:
        return ""
    intent = second_person(intent)
    lowered = intent.lower()
    if lowered.startswith("you "):
        sentence = intent[:1].upper() + intent[1:]
    elif lowered.startswith(("try ", "attempt ")):
        sentence = f"You {intent}"
    else:
        verb = pick(("You try to", "You set out to", "You attempt to"), seed, move)
        sentence = f"{verb} {intent[:1].lower()}{intent[1:]}"
    return sentence


def _with_label(sentence: str, result: Result) -> str:
    return f"{sentence} ({facts.move_label(result)})." if sentence else f"{facts.move_label(result)}."


def _result_paragraphs(result: Result, request: NarrationRequest, lead: str, seed: str) -> list[str]:
    vivid = request.style == "vivid"
    head = [lead] if lead else []
    if result.roll == "oracle":  # the engine's note states the odds and the roll; the match comes after it
        head += [*result.notes, facts.roll_line(result)]
    else:
        head.append(facts.roll_line(result))
        if vivid and result.outcome in GLOSSES and result.roll != "table":
            head.append(pick(GLOSSES[result.outcome], seed, result.move_id, result.outcome))
        head += result.notes
    head += facts.effect_lines(result)
    head.append(facts.burn_offer(result))
    paragraphs = [" ".join(part for part in head if part)]
    text = facts.outcome_text(result)
    if text:
        paragraphs.append(text)
    for choice in result.choices:
        paragraphs.append("\n".join(facts.choice_lines(choice)))
    return paragraphs


def _lead(request: NarrationRequest, result: Result, first: bool, seed: str) -> str:
    if not first:
        return f"Then, {facts.move_label(result)}."
    if request.task == "oracle":
        question = " ".join(request.question.split()) or " ".join(request.player_text.split())
        if question and not re.search(r"\d", question) and request.style == "vivid":
            return f"You ask the oracle: “{question.rstrip()}”"
        return "You ask the oracle." if request.style == "vivid" else f"{result.move}."
    if result.roll in {"table", "notation"}:
        return ""
    if request.style == "terse":
        return f"{facts.move_label(result)}."
    return _with_label(framing(request.player_text, result.move, seed), result)


def _guidance(request: NarrationRequest) -> str:
    if request.task not in {"oracle", "pay_the_price"}:
        return ""
    advice = rules_guidance(request.results, request.rules)
    if not advice and request.task == "oracle" and request.style == "vivid":
        advice = [ORACLE_FALLBACK]
    return " ".join(advice)


def render(request: NarrationRequest) -> str:
    """The whole narration as text (paragraphs separated by blank lines)."""
    seed = f"{request.player_text}|{request.question}|" + "|".join(f"{r.move_id}:{r.outcome}:{r.dice}" for r in request.results)
    if not request.results:
        intent = framing(request.player_text, "", seed)
        return f"{intent}." if intent and request.style == "vivid" else "Nothing was rolled; the story goes on."
    paragraphs: list[str] = []
    for n, result in enumerate(request.results):
        paragraphs += _result_paragraphs(result, request, _lead(request, result, n == 0, seed), seed)
    advice = _guidance(request)
    if advice:
        paragraphs.append(advice)
    follow = facts.follow_up_line(request.results)
    if follow:
        paragraphs.append(follow)
    return "\n\n".join(p.strip() for p in paragraphs if p.strip())


def chunks(text: str) -> Iterator[str]:
    """Stream a text in sentence-sized chunks (whitespace kept, so joining them gives the text back)."""
    for piece in re.split(r"(?<=[.!?:”])(\s+)", text):
        if piece:
            yield piece


class TemplateNarrator:
    """Offline narration (no model, no network). ``stream`` yields sentence-sized chunks."""

    name = "template"

    def narrate(self, request: NarrationRequest) -> str:
        return render(request)

    def stream(self, request: NarrationRequest) -> Iterator[str]:
        yield from chunks(render(request))
