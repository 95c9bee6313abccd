"""The offline narrator: prose from the player's intent, the engine's Result and the move's own text.

A vivid narration reads in three parts: the story (the player's words framed as an attempt, a line of
tone for the outcome, the move's outcome text as prose), the dice card (the move, the dice, the score,
what changed: see :mod:`assistant.narrate.facts`), and what is left to the player (open choices,
the burn offer, each follow-up said once). Oracle answers and rolled rows are read in the light of the
player's question or action (:mod:`assistant.narrate.answers`). Terse narration is the card and the
outcome text only.

It states only what the Result holds, lists open choices without picking, and offers follow-ups
without resolving them. It is the fallback of the LLM narrator, so it never raises on a valid Result.
Deterministic: its variety comes from a hash of the turn's inputs, and it skips phrasings the recent
narrations (``request.recent``) already used.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from assistant.engine.model import Result
from assistant.narrate import facts
from assistant.narrate.aid_words import AID_MOVE, aid_told
from assistant.narrate.answers import price_reading, rows_answer
from assistant.narrate.effect_lines import coin_spent
from assistant.narrate.guidance import rules_guidance
from assistant.narrate.line_grammar import second_person
from assistant.narrate.milestone import RULES_WORDS, milestone_deed, progress_opening, step_closer
from assistant.narrate.opening import frame, once_more
from assistant.narrate.oracle_story import answer_paragraph, oracle_opening
from assistant.narrate.outcome_prose import FAMILY, story, tone
from assistant.narrate.picks_told import _picked_card, pick_opening, without_prompt
from assistant.narrate.request import NarrationRequest
from assistant.narrate.their_words import of_someone, on_their_sheet, rows_of, theirs_listed
from assistant.narrate.variety import pick

__all__ = ["TemplateNarrator", "chunks", "pick", "render", "second_person"]

ORACLE_FALLBACK = "Read the answer in the light of your question and of what would be most interesting for the story."


def _seed(request: NarrationRequest) -> str:
    rolled = "|".join(f"{r.move_id}:{r.outcome}:{r.dice}" for r in request.results)
    return f"{request.player_text}|{request.question}|{rolled}|{len(request.recent)}"


def _card(result: Result, label: bool, whose: str = "") -> str:
    """The dice card as sentences: the move, the roll, the engine's notes, the changes (on ``whose`` sheet, when the
    move is another character's), the burn offer."""
    changes = facts.effect_lines(result)
    named = result.roll == "none" and bool(changes) and changes[0].lower().startswith(f"{result.move.lower()} ")
    head = [f"{facts.move_label(result)}."] if label and not named else []  # "Heat 0 → 4.", not "Heat. Heat 0 → 4."
    if result.roll == "oracle":  # the engine's note states the odds and the roll; the match comes after it
        head += [*result.notes, facts.roll_line(result)]
    else:  # a zero-dice roll's line says how it was rolled: the engine's note is not said again
        zero = facts.zero_dice(result)
        told = facts.roll_line(result)  # "= 11, capped at 10": the engine's "Action score 11 capped at 10." not again
        head += [told, *(n for n in result.notes if not (zero and n.startswith("Zero dice:")) and not facts.cap_told(n, told))]
    head += on_their_sheet(result, changes, whose) if whose else changes
    head.append(facts.burn_offer(result))
    return " ".join(part for part in head if part)


def _listed(request: NarrationRequest, result: Result) -> list[str]:
    """The open choices as the story lists them; none where the app draws them beside it (with the card). Another
    character's move (``request.actor``) leaves its picks to them: "Choose two, Mara's call"."""
    listed = _choices(result) if request.card else []
    if result.move_id == AID_MOVE and request.aided is not None:  # "on a hit, you take the benefits", not "their ally"
        return [_aid_listed(text, request) for text in listed]
    if request.actor:  # the options are hers too: "1. They deal their damage", not "you"
        listed = [theirs_listed(text.replace(", your call:", f", {request.actor}'s call:", 1), request.actor) for text in listed]
    return listed


def _aid_listed(text: str, request: NarrationRequest) -> str:
    head, _, options = text.partition("\n")
    if request.actor:
        head = of_someone(head.replace(", your call:", f", {request.actor}'s call:", 1), request.actor)
    told = aid_told(options, request.aided or "", request.actor)
    return f"{head}\n{told}" if options else head


def _choices(result: Result) -> list[str]:
    return ["\n".join(facts.choice_lines(choice)) for choice in result.choices]


def _without_rows_read(card: str, result: Result, reading: str) -> str:
    """The card without the rolled rows when the reading that follows tells each of them ("Pay the Price (rolled
    53)." then "As you duck his swing, a friend ... is in harm's way."): the row is not said twice."""
    rows = facts.table_rows(result)
    told = " ".join(reading.lower().split())
    if not rows or not told or not all(" ".join(r.rstrip(".").lower().split()) in told for r in rows):
        return card
    return card.replace(": " + facts.rows_as_list(rows, "; ") + ".", ".", 1)


def _without_reroll_rule(card: str, result: Result) -> str:
    """A Pay the Price card told as story: without the table's rule for the player ("If the result doesn't fit the
    situation, roll again."), which reads as an order to roll once more when the price is already told."""
    if "pay_the_price" not in result.move_id:
        return card
    for note in result.notes:
        if re.search(r"\broll again\b", note, re.I):
            card = " ".join(card.replace(note, "").split())
    return card


def _vivid(request: NarrationRequest, result: Result, first: bool, seed: str) -> list[str]:
    recent = request.recent
    paragraphs: list[str] = []
    if result.roll == "oracle":
        opening, stated = oracle_opening(request, result) if first else (f"Then, {result.move}.", False)
        paragraphs += [opening, _card(result, label=False) if request.card else ""]
        told = answer_paragraph(story(result, recent), result, stated=stated, card=request.card, seed=seed, recent=recent)
        paragraphs.append(told)
        return paragraphs + _listed(request, result)
    if result.roll in {"table", "notation"}:
        card = _card(result, label=False)
        reading = ""
        if result.roll == "table":
            reading = price_reading(result, request.last_action()) if "pay_the_price" in result.move_id else ""
            if not reading and request.task == "oracle":
                reading = rows_answer(result, request.question or request.player_text)
            card = _without_reroll_rule(_without_rows_read(card, result, reading), result)
            if request.actor and "pay_the_price" in result.move_id:  # the price of Mara's move is hers
                card, reading = (rows_of(t, facts.table_rows(result), request.actor) for t in (card, reading))
            if not request.card and len(result.dice) == 1:  # the app's card says "Rolled 56 on d100" and the row:
                card = ""  # the story does not say the row again (a reading of it in the light of the words may)
        paragraphs.append(card if first or not card else f"Then, {card}")
        if result.roll == "table":
            paragraphs += [reading, story(result, recent)]
        return paragraphs + _listed(request, result)
    retold = pick_opening(request, result) if first else ""
    missed = FAMILY.get(str(result.outcome)) == "miss"
    rolled = result.roll != "none"  # a move without a roll ("I reach a milestone") is told as done, not as tried
    framed = (
        ""
        if _only_asks_for(request.player_text, result)
        else frame(request.words_cased(), seed, recent, attempt=rolled, failed=missed, names=request.names())
    )
    if first and not retold and not framed:  # "I fulfill my vow": the moment, on the vow in its words
        framed = progress_opening(result)
    if first and not retold and (beat := step_closer(result)):  # a milestone: a step toward the vow, in its words
        beat = once_more(beat, seed, recent)  # a second milestone on the vow: "Again, you are one step closer ..."
        framed = _with_deed(beat, framed, request.player_text)
    opening = retold or (framed if first else f"Then, {result.move}.")
    if request.actor and not opening:  # "Mara hits me for 5": the words have a number, the move is still hers
        opening = f"{request.actor} rolls {result.move}."
    told = story(result, recent)
    prose, _, rest = told.partition("\n") if told and not told.startswith("-") else ("", "", told)
    prose = without_prompt(prose) if retold else prose  # picked: not "Your spell still works, but (choose one):" again
    feeling = "" if retold and not (result.burn and result.burn.burned) else tone(result, seed, recent, request.actor)
    if first and not retold and request.opened:  # the opening the player already read, not another in other words
        opening, feeling = request.opened, ""
    said = " ".join(opening.lower().split())
    prose = " ".join(
        s for s in re.split(r"(?<=[.!?])\s+", prose) if s and not _said_in(s, said)
    )  # "..., your vow is fulfilled." then "Your vow is fulfilled.": once
    if request.actor:  # the rules tell the mover as "you": on Mara's move "You deal your damage" would be the player's
        prose = " ".join(s for s in re.split(r"(?<=[.!?])\s+", prose) if not re.search(r"\byou(?:r|rs|rself)?\b", s, re.I))
    if not request.card and result.text:  # the app's card shows the outcome's text (a move's, when no roll was made)
        shown = " ".join(result.text.lower().split())
        prose = " ".join(s for s in re.split(r"(?<=[.!?])\s+", prose) if s and " ".join(s.lower().split()) not in shown)
    if not (opening or feeling or prose or rest) and not rolled:  # "/roll heat": the moment the move's trigger names
        opening = once_more(_trigger_told(result), seed, recent)
    paragraphs.append(" ".join(p for p in (opening, feeling, prose) if p))
    paragraphs.append(rest)
    picked = retold and not (result.burn and result.burn.burned) and not coin_spent(result, recent)
    card = _picked_card(request, result) if picked else _card(result, label=True, whose=request.actor)
    paragraphs.append(card if request.card else "")  # the app's card offers the burn ("Burning momentum would ...")
    return paragraphs + _listed(request, result)


def _said_in(sentence: str, said: str) -> bool:
    """Whether the opening ``said`` (lower case) already tells ``sentence``, or tells it as the pick made ("You choose:
    redirect damage ..." then "You redirect damage ...": once)."""
    told = " ".join(sentence.lower().split()).rstrip(".!")
    return told in said or (told.startswith("you ") and f"choose: {told.removeprefix('you ')}" in said)


#: Words around a move's name that only ask for it ("let's roll entanglements", "time for payoff").
_ASKING = frozenset(
    {"roll", "rolls", "make", "do", "time", "for", "let", "lets", "let's", "us", "we", "i", "now", "the", "a", "an", "on",
     "move", "please", "ok", "okay", "our", "my", "then", "go", "to"}
)  # fmt: skip


def _only_asks_for(player_text: str, result: Result) -> bool:
    """The player's words only ask for the move by its name ("roll entanglements"): no attempt to tell, the card
    tells the move ("You turn your attention to roll entanglements" is not a story)."""
    if re.fullmatch(rf"\s*{re.escape(result.move)}\s+on\s+[\w’' -]+", player_text, re.I):
        return True  # a next step the terminal numbered: "Deal Damage on Mara"
    rolled = re.search(
        rf"\brol(?:l|ls|ling)\s+(?:(?:for|the|our|my|an?)\s+)*{re.escape(result.move)}\b(?P<rest>.*)", player_text, re.I
    )
    if rolled and not re.search(r"\b(?:to|by|so|as|while|because)\b", rolled.group("rest"), re.I):
        return True  # "now we roll for entanglements after the score": a roll asked for, not a deed
    said = [w for w in re.findall(r"[a-z’']+", player_text.lower()) if w not in _ASKING]
    name = set(re.findall(r"[a-z’']+", result.move.lower()))
    return bool(said) and all(w in name or w.rstrip("s") in name for w in said)


def _terse(result: Result, first: bool) -> list[str]:
    if result.roll == "oracle":
        card = " ".join(p for p in (f"{result.move}.", _card(result, label=False)) if p)
    else:
        card = _card(result, label=result.roll not in {"table", "notation"})
    if not first:
        card = f"Then, {card}"
    return [card, story(result), *_choices(result)]


def _guidance(request: NarrationRequest) -> str:
    if request.task not in {"oracle", "pay_the_price"}:
        return ""
    advice = rules_guidance(request.results, request.rules)
    if not advice and request.task == "oracle" and request.style == "vivid":
        advice = [ORACLE_FALLBACK]
    told = " ".join(request.recent)  # the same advice on every oracle question or price: once in ten turns
    return " ".join(a for a in advice if a not in told)


def render(request: NarrationRequest) -> str:
    """The whole narration as text (paragraphs separated by blank lines)."""
    seed = _seed(request)
    if not request.results:
        opening = frame(request.player_text, seed, request.recent, attempt=False)
        return opening if opening and request.style == "vivid" else "Nothing was rolled; the story goes on."
    paragraphs: list[str] = []
    for n, result in enumerate(request.results):
        if request.style == "terse":
            paragraphs += _terse(result, n == 0)
        else:
            paragraphs += _vivid(request, result, n == 0, seed)
    paragraphs.append(_guidance(request))
    if request.card:  # where the app draws the card, its "Next" and the buttons below it offer the follow-ups
        paragraphs.append(facts.follow_up_line(request.results))
    kept: list[str] = []
    for paragraph in (p.strip() for p in paragraphs):
        if paragraph and paragraph not in kept:
            kept.append(paragraph)
    if not kept and not request.card and all(_card_tells_all(r) for r in request.results):
        return ""  # a d100 row rolled by name, a move's text with no roll: the app's card shows it, no more to tell
    if not kept:  # nothing left to tell beside the card (an entanglement rolled by name): still a line of story
        result = request.results[0]
        outcome = result.outcome.value.replace("_", " ") if result.outcome and result.outcome.value != "none" else ""
        if facts.by_die(result) and result.score is not None:  # the roll picks a row: no success or failure
            outcome = f"the dice read {result.score}"
        elif outcome and facts.lower_is_better(result) and outcome in ("strong hit", "critical", "miss"):
            outcome += " (the best result here)" if outcome == "miss" else " (the worst result here: lower is better)"
        said = "" if outcome else _trigger_told(result)  # "Heat." alone is no story: what the move's moment is
        kept.append(said or (f"{result.move}: {outcome}." if outcome else f"{result.move}."))
    return "\n\n".join(kept)


def no_roll_opening(request: NarrationRequest, result: Result, *, trigger: bool = True) -> str:
    """The engine's opening of a move made without a roll ("You train your prowess.", "You are one step closer to
    finding your sister."), told as done: the player's words, else the moment the move's trigger names."""
    seed = _seed(request)
    asks = _only_asks_for(request.player_text, result)
    framed = "" if asks else frame(request.player_text, seed, request.recent, attempt=False)
    if beat := step_closer(result):
        beat = once_more(beat, seed, request.recent)
        return _with_deed(beat, framed, request.player_text)
    return framed or (once_more(_trigger_told(result), seed, request.recent) if trigger else "")


def _with_deed(beat: str, framed: str, player_text: str) -> str:
    """A milestone's beat after the player's words: their deed when they name the move too ("I reach a milestone: we
    found the sealed mine shaft" -> "You found the sealed mine shaft. You are one step closer to ..."), their framed
    words otherwise, the beat alone for words that only name the move."""
    if not framed or RULES_WORDS.search(player_text):
        deed = milestone_deed(player_text)
        return f"{deed} {beat[:1].upper()}{beat[1:]}" if deed else beat
    return f"{framed} {beat}"


def _card_tells_all(result: Result) -> bool:
    """The app's card says all there is: a d100 row (the roll and the row), a move made without a roll with a text of
    its own (the text and the changes), a damage roll (the total, the armor, the HP)."""
    if result.roll == "total" and str(getattr(result.outcome, "value", result.outcome)) == "none":
        return True  # a damage roll: the card's total, the armor and the HP it took
    return (result.roll == "table" and len(result.dice) == 1) or (result.roll == "none" and bool(result.text))


#: A trigger told in the second person ("When you make headway in your quest, ...").
_WHEN_YOU = re.compile(r"^when (?P<who>you|the crew|your crew|a [a-z ]+?) (?P<rest>[^,]+)", re.I)


def _trigger_told(result: Result) -> str:
    """A move made without a roll, told by the moment its trigger names: "After a score or conflict with an opponent,
    the crew takes heat by the operation's exposure." for Heat, "You make headway in your quest." for Reach a
    Milestone; "" when the trigger tells no moment (a rule "once per session", a number the engine must give)."""
    if result.roll != "none":
        return ""
    try:
        from assistant.engine import get_ruleset

        trigger = get_ruleset(result.system).move_by_id(result.move_id).trigger
    except Exception:  # noqa: BLE001 - a result of a move this version lacks: the plain fallback
        return ""
    head = re.split(r":|\s[-–—]\s", " ".join(trigger.split()), maxsplit=1)[0].strip().rstrip(".,;")
    when = _WHEN_YOU.match(head)
    if when:
        head = f"{when.group('who')} {when.group('rest')}".strip()
    elif re.match(r"^(?:if|once|whenever|spend|mark)\b", head, re.I):
        return ""
    if re.search(r"\d", head) or len(head.split()) < 4:
        return ""
    return head[:1].upper() + head[1:] + "."


def without_card(text: str, result: Result) -> str:
    """A narration written with its card (the terminal's) as the app shows it beside its own dice card and choice
    panel: without the card's paragraph, the open choices' lists and the "Next:" line, which the app draws itself."""
    drawn = {_card(result, label=True), _card(result, label=False), facts.follow_up_line([result]), *_choices(result)}
    kept = [p for p in text.split("\n\n") if p.strip() and p.strip() not in drawn]
    return "\n\n".join(kept)  # "" when the app draws all of it (a /roll with no story: its card and its choices)


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
