"""One draft of a narration, streamed under the guard: each complete sentence checked before it is released.

:func:`stream_draft` yields ``narration`` events for the sentences the player may read and returns the text shown and
what the draft was cut at (a decision taken for the player, a copy of the prompt, the turn's deadline), or raises
:class:`Rejected` (a fault that is retried), :class:`~assistant.narrate.echo.NarrationEchoed` or
:class:`~assistant.narrate.NarrationFailed`. :mod:`assistant.chat.narration` runs the drafts of a turn.
"""

from __future__ import annotations

import re
from collections.abc import Generator, Mapping, Sequence
from typing import Any

from assistant.chat.turn import TurnEvent
from assistant.guard import Violation, ViolationKind, check_echo, check_narration, describe_violations, prepare, second_person_fix
from assistant.guard.earlier import told_before
from assistant.guard.foe_fate import fight_names
from assistant.narrate import NarrationFailed, NarrationRequest, NarrationTimedOut, Narrator
from assistant.narrate.echo import (
    REPEATED_EARLIER,
    SENTENCE_END,
    STOPPED_EARLY,
    NarrationEchoed,
    earlier_sentences,
    repeats_earlier,
)
from assistant.narrate.fact_copies import retells
from assistant.narrate.player_acts import declared_action, new_action
from assistant.narrate.retold import copies_run, fresh_tail, points_back
from assistant.narrate.story_facts import formula_sentences, opening, story_facts
from assistant.narrate.turn_message import HUMAN_ROLES

_ENDED = re.compile(r"[.!?\u2026][\"'\u201d\u2019)\]]*\s*$")


DEADLINE = "deadline"
"""What a draft is cut at when the turn's deadline passed after its story began."""


#: The kind a narrator's failure starts with ("timeout: the model did not answer in time"): the words after it say it
#: already, and "unavailable: timeout: the model..." read as two labels before the sentence.
_KIND_LABEL = re.compile(r"^(?:timeout|rate limit|authentication|connection|bad response|runaway|error): ")


def failure_reason(exc: BaseException) -> str:
    """Why narration failed, without the wrapper sentence ("LLM narration failed (...); narrating offline") nor the
    failure's kind in front of it."""
    text = str(getattr(exc, "message", "") or exc).strip()
    m = re.fullmatch(r"LLM narration failed \((?P<why>.*)\); narrating offline instead\.?", text, re.S)
    return _KIND_LABEL.sub("", m.group("why") if m else text).rstrip(".")


class AddedNothing(Exception):
    """A model's draft that added no sentence of its own to the engine's opening (it told the opening again, or stopped
    before a sentence): ``text`` is the opening, which stands if no later draft adds to it."""

    FEEDBACK = (
        "Your last narration only told the opening again. Write the one new sentence that comes after the opening: "
        "what the world or the people in it do in answer."
    )
    EARLIER_FEEDBACK = (
        "Your last narration only told an earlier turn's story again. Write the one new sentence that comes after the "
        "opening: what the world or the people in it do in answer now."
    )

    def __init__(self, text: str, earlier: bool = False) -> None:
        super().__init__("the model added nothing to the opening")
        self.text = text
        self.feedback = self.EARLIER_FEEDBACK if earlier else self.FEEDBACK
        """What a retry is told: the opening told again, or (``earlier``) an earlier turn's story told again."""


class Rejected(Exception):
    def __init__(self, violations: list[Violation]) -> None:
        super().__init__(describe_violations(violations))
        self.violations = violations
        self.passed = ""
        """The story the guard passed before the fault, sentence by sentence and then as a whole (the engine's
        opening and at least :data:`MIN_KEPT_SENTENCES` sentences of story), or "" when there is none to keep."""


def split_sentences(buffer: str) -> tuple[list[str], str]:
    """Complete sentences at the start of ``buffer`` and the unfinished rest."""
    out: list[str] = []
    start = 0
    while True:
        match = SENTENCE_END.search(buffer, start)
        if match is None:
            return out, buffer
        if "\n" not in match.group(0) and _open_quote(buffer[: match.end()]):
            start = match.end()  # inside dialogue: the quote and who says it are checked as one sentence
            # (a quote that closes at this break, 'the option "Attract Trouble." This ...', ends the sentence)
            continue
        out.append(buffer[: match.end()])
        buffer, start = buffer[match.end() :], 0


def _open_quote(text: str) -> bool:
    return (text.count('"') + text.count("\u201c") - text.count("\u201d")) % 2 == 1


#: Faults of a draft that went on past where it should have stopped: a decision taken for the player, a copy of the
#: prompt. Each is caught at its sentence before that is shown, so the story before it can stand: the draft is cut
#: there (the protocol stops at the player's next decision anyway) instead of being thrown away.
CUT_KINDS = frozenset({ViolationKind.DECISION, ViolationKind.ECHO})
MIN_KEPT_SENTENCES = 2
"""A cut draft is kept only when at least this many sentences of story came before the fault."""
MIN_FRAGMENT_WORDS = 6
"""A draft that is only an unfinished fragment shorter than this ("You", "The raider") is no story: it is retried."""


STORY_WORDS = {"vivid": 90, "terse": 45}
"""The most words of a model's story (the engine's opening aside), as its prompt asks (:mod:`assistant.narrate.prompts`):
a sentence that would take the story past it ends the story before it. A 1.5B model's weak-hit story ran to 120
words, the last of them deeds the player never declared ("as you lift it out")."""


def _story_sentences(shown: Sequence[str]) -> int:
    return sum(len(s.split()) >= 3 for s in shown)


def _as_story(sentence: str, names: Sequence[str] = ()) -> str:
    """A sentence as the player reads it: "the player" (and the character's own ``names``) told as "you", a story
    line's '>' or 'You:' set-off removed (a line of the reference itself never gets here: :mod:`assistant.narrate.echo`
    stops it)."""
    return second_person_fix(_QUOTE_MARK.sub("", sentence, count=1), names)


def own_names(request: NarrationRequest) -> tuple[str, ...]:
    """The player's character's name as the sheet has it (none for a companion's or a foe's move told of them)."""
    name = str((request.character or {}).get("name") or "").strip()
    return (name,) if name and not request.actor else ()


_QUOTE_MARK = re.compile(r"^[ \t]*(?:>[ \t]?|(?:You|Story):[ \t]*)")


def _plain(text: str) -> str:
    return " ".join(re.findall(r"[a-z0-9']+", text.lower()))


_NEXT_LINE = re.compile(r"^\s*(?:offered next(?:, not played out)?|next)\s*:", re.I)
"""The card's follow-up line copied ("Offered next: Pay the Price."): the card beside the story says it."""
"""What sets a story line off as the reference or the story-so-far is set off ("> ", "You: "), not story."""


def _checked(found: list[Violation], shown: Sequence[str]) -> list[dict[str, str]]:
    """Nothing when the sentence passed; what to cut when it may be cut off; else :class:`Rejected` is raised."""
    if not found:
        return []
    if all(v.kind in CUT_KINDS for v in found) and _story_sentences(shown) >= MIN_KEPT_SENTENCES:
        return [v.to_dict() for v in found]
    raise Rejected(found)


def stream_draft(
    narrator: Narrator,
    request: NarrationRequest,
    results: Sequence[Any],
    odds: Mapping[str, float] | None,
    each_sentence: bool = True,
) -> Generator[TurnEvent, None, tuple[str, list[dict[str, str]]]]:
    """Stream one narration attempt, releasing only guarded sentences; raises :class:`Rejected`.

    Returns the text shown and, when the draft was cut at a decision or an echo (:data:`CUT_KINDS`), what was cut.
    Without ``each_sentence`` (the offline narration, whose text is shown whatever the guard finds) the claims are
    checked once, on the whole text."""
    quotable = [str(getattr(hit, "text", "")) for hit in request.rules]
    question = request.question or (request.player_text if request.task == "oracle" else "")

    def check(text: str, partial: bool = True) -> list[Violation]:
        return check_narration(
            text,
            results,
            system=request.system,
            odds=odds,
            intent=request.player_text,
            facts=facts,
            question=question or None,
            partial=partial,
        )

    def check_sentence(text: str) -> list[Violation]:
        return check(text) if each_sentence else []

    shown: list[str] = []
    buffer = ""
    cut: list[dict[str, str]] = []
    # The template says what the Result holds, an open choice's options included, however often it was said before;
    # only a model's draft that tells an earlier turn again is skipped, and only a model's draft is cut short.
    template = getattr(narrator, "name", "") == "template"
    # earlier turns' stories, and the player's earlier words (a small model quotes them back as this turn's story)
    stories = [] if template else [text for _, text in request.history if not text.lstrip().startswith("/")]
    earlier = earlier_sentences(stories)
    skipped = 0
    opener = "" if template else opening(request, question or "")
    if opener:  # the engine's answer, or the attempt and its outcome, opens the story; the model only goes on from it
        shown.append(opener + " ")
        yield TurnEvent("narration", text=opener + " ")
    told = (split_sentences(opener + " ")[0] or [opener]) if opener else []
    # the guard reads the story so far too (the sentences this filter skips, and what it lets through in other words)
    facts = prepare(
        list(results),
        system=request.system,
        odds=odds,
        quotable=quotable,
        established=request.established,
        actor=request.actor,  # another character's move (Mara's): held to being told as hers
        # every earlier sentence, the short ones too ("The raider flees."): the filter's list keeps only copyable lengths
        earlier=[*earlier, *(s for story in stories for s in SENTENCE_END.split(story) if s.strip())],
        told=told,
        open_fights=fight_names(request.tracks),  # a foe of a fight still open is not told dead on a table's roll
        # a model's draft is held to not copying the facts it was given (the template's sentences are the engine's own)
        sheet=""
        if template
        else story_facts(list(results), question=question, player_text=request.player_text, actor=request.actor),
    )
    earlier_turns = list(earlier)  # the earlier turns' sentences alone, without this turn's opening
    earlier.extend(f" {' '.join(re.findall(r'[a-z0-9]+', s.lower()))} " for s in told)
    # what a model would only be saying again (the template's own sentences are the engine's: never skipped)
    said = [] if template else [*told, *formula_sentences(results, request.actor), *request.established]
    declared = declared_action(request)

    asked = {_plain(text) for role, text in request.history if role.lower() in HUMAN_ROLES and text.strip().endswith("?")}

    def copied_next(raw: str) -> bool:
        """The card's "Next: …" line, or a question the player asked in an earlier turn, copied as story."""
        return not template and (bool(_NEXT_LINE.match(raw)) or _plain(_QUOTE_MARK.sub("", raw)) in asked)

    def retold(raw: str) -> bool:
        """Its last turn, the opening (in other words, or a run of its words), or the card's "Next: …" line."""
        return (
            repeats_earlier(raw, earlier)
            or retells(_QUOTE_MARK.sub("", raw), said)
            or copied_next(raw)
            or (not template and copies_run(raw, told))
        )

    dropped = False  # the model's sentence before this one was left out
    earlier_told = 0  # the model's sentences left out as an earlier turn's story told again

    def admit(raw: str) -> str:
        """``raw`` as the guard should read it, or "" to leave it out: a copy of what was told (its own part after a
        copied head is kept), or a sentence pointing back at one left out ("It's a sign…" after a skipped sentence)."""
        nonlocal skipped, dropped, earlier_told
        if retold(raw):
            earlier_told += not template and repeats_earlier(raw, earlier_turns)
            raw = fresh_tail(raw, retold)
        elif dropped and points_back(_QUOTE_MARK.sub("", raw)):
            raw = ""
        if not raw:
            skipped += 1
            dropped = True
        return raw

    def judge(raw: str) -> tuple[str, list[dict[str, str]]]:
        """A model's sentence as shown ("" to leave it out) and what to cut there (the draft ends before it); raises
        :class:`Rejected` for a fault that is retried. A sentence in which the character acts on their own takes the
        player's next decision: the story ends before it, or, with too little told yet, it alone is left out."""
        nonlocal skipped, earlier_told
        sentence = _as_story(raw, () if template else own_names(request))  # the engine's own text names who
        found = check_sentence(sentence) or check_echo(raw)  # "Left to the player…" before "you"
        if found and not template and all(told_before(v) for v in found):
            skipped += 1  # an earlier turn told again, as the guard reads it: left out, as the filter's own repeats
            earlier_told += 1
            return "", []
        act = "" if template or any(v.kind not in CUT_KINDS for v in found) else new_action(sentence, declared)
        if not act:
            return sentence, _checked(found, shown)
        if _story_sentences(shown) < MIN_KEPT_SENTENCES:
            _checked(found, [])  # a decision it states outright is still retried
            return "", []
        return sentence, [
            *[v.to_dict() for v in found],
            {"kind": "decision", "detail": f"'{act}': the character acts for the player"},
        ]

    cap = STORY_WORDS.get(request.style, STORY_WORDS["vivid"])
    told_words = 0  # the model's words shown so far

    def too_long(sentence: str) -> bool:
        """Whether ``sentence`` would take the model's story past its length, once it has told something."""
        return not template and told_words > 0 and told_words + len(sentence.split()) > cap

    ended = False  # the story reached its length: the rest of the draft is not read
    # the most sentences of the model's own (request.story_sentences after the engine's opening, one more without)
    most = request.story_sentences + (0 if opener else 1)
    added = 0

    def keep_passed(rejected: Rejected) -> None:
        """What the guard passed before the fault: it stands if no later draft does better (see narration.py)."""
        passed = "".join(shown).strip()
        if not template and _story_sentences(shown) >= MIN_KEPT_SENTENCES and not check(passed, partial=False):
            rejected.passed = passed

    stream = narrator.stream(request)
    try:
        for chunk in stream:
            if not isinstance(chunk, str):
                chunk = str(getattr(chunk, "content", chunk))
            sentences, buffer = split_sentences(buffer + chunk)
            for raw in sentences:
                raw = admit(raw)
                if not raw:
                    continue
                sentence, cut = judge(raw)
                if cut:
                    break
                dropped = not sentence
                if not sentence:
                    continue
                if too_long(sentence):
                    ended = True
                    break
                shown.append(sentence)
                told_words += len(sentence.split())
                yield TurnEvent("narration", text=sentence)
                added += 1
                if not template and added >= most:
                    ended = True  # the story has its length: the model's call stops here (see STORY_SENTENCES)
                    break
            if cut or ended:
                buffer = ""
                break
    except NarrationEchoed as echoed:
        if not (echoed.at_sentence and _story_sentences(shown) >= MIN_KEPT_SENTENCES):
            raise
        cut, buffer = [{"kind": "echo", "detail": echoed.problem}], ""
    except Rejected as rejected:
        keep_passed(rejected)
        raise
    except NarrationTimedOut as late:
        # the deadline came mid-story: what the guard already passed stands, ending at its last full sentence (the
        # player had read it; swapping it for the offline narration told the turn twice)
        if _story_sentences(shown[1:] if opener else shown) < 1:
            raise
        cut, buffer = [{"kind": DEADLINE, "detail": failure_reason(late)}], ""
    finally:
        close = getattr(stream, "close", None)
        if callable(close):
            close()  # a cut draft stops the model's call too
    if buffer and not template and not _ENDED.search(buffer) and _story_sentences(shown) >= 1:
        buffer = ""  # stopped mid-sentence (its length cap, a stop sequence): the story ends at its last full sentence
    if buffer and not template and not shown and not _ENDED.search(buffer) and len(buffer.split()) < MIN_FRAGMENT_WORDS:
        raise NarrationEchoed(STOPPED_EARLY)  # "You": stopped (a stop sequence) before its first sentence; retried
    if buffer:
        buffer = admit(buffer)
    if buffer:
        try:
            buffer, cut = judge(buffer)
        except Rejected as rejected:
            keep_passed(rejected)
            raise
        if buffer and not cut and not too_long(buffer):
            shown.append(buffer)
            added += 1  # the draft's last sentence, ended without a space after it
            yield TurnEvent("narration", text=buffer)
    text = "".join(shown).strip()
    if opener and not template and not added and not cut:
        # told the opening (or an earlier turn) again, or stopped before a sentence of its own: asked once more
        raise AddedNothing(text, earlier=bool(earlier_told))
    if not text and skipped:
        raise NarrationEchoed(REPEATED_EARLIER)  # nothing but earlier turns told again: retried with that said
    if not text and template:
        return "", cut  # the offline narrator has nothing to add to the app's card (a d100 row rolled by name)
    if not text:
        raise NarrationFailed("The narrator returned no text.")
    whole = check(text, partial=False)
    if whole:
        raise Rejected(whole)
    return text, cut
