"""The engine's decisions told to a language model as meaning, not numbers.

A small model copies whatever numbers it is shown, and adds its own arithmetic. The dice card already
shows the player every die, total and change, so the model gets none: the outcome as what it means
("a weak hit: it works, but at a cost"), the oracle's answer as the statement to tell, the changes as
directions ("momentum goes up"), the move's outcome text as story, the open choices and the follow-ups
it must leave to the player, and where to stop.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from assistant.engine.kinds import EffectKind
from assistant.engine.model import Effect, FollowUp, Result
from assistant.engine.word_lists import and_list
from assistant.narrate import facts
from assistant.narrate.answers import answer_statement, price_reading, rows_answer
from assistant.narrate.opening import frame
from assistant.narrate.outcome_prose import FAMILY, story_sentences, tone
from assistant.narrate.request import NarrationRequest

HEADER = "What happened this turn (decided by the rules engine; tell it, add nothing):"

#: What each outcome means, told as story to "you". The outcome's name stays: without it a small model named one
#: anyway, and often the wrong one ("delivering a strong hit" on a weak hit); the names it was not given stop its
#: draft (:func:`assistant.narrate.stops.story_stops`). A miss says the attempt fails: told the action as "what you
#: do", a small model told it done ("you manage to force the airlock open").
MEANINGS: dict[str, str] = {
    "strong_hit": "a strong hit: you do what you set out to do.",
    "weak_hit": "a weak hit: it works, but at a cost or with a complication.",
    "miss": "a miss: you try, but you do not get what you wanted, and the situation gets worse.",
    "critical": "a critical success: it goes even better than you hoped.",
    "full_success": "a full success: it goes as planned.",
    "partial_success": "a partial success: it works, but with a consequence.",
    "bad_outcome": "a bad outcome: you try, but it goes badly.",
}

#: What a roll read by its die means (Reduce Heat, a long-term project, a vice, an entanglement, a resistance roll):
#: "a bad outcome: you try, but it goes badly" would tell a 1-3 that still clears one heat as a failure.
BY_DIE = (
    "the die that counts says how much it does or which row comes up (the changes below say it); it is not a success "
    "or a failure, so do not tell it as one."
)

#: The same meanings for a move another character made (Mara's attack on you): the outcome is theirs, not "you do
#: what you set out to do" (a model told that narrated Mara's strong hit on the player as the player's own success).
THEIR_MEANINGS: dict[str, str] = {
    "strong_hit": "a strong hit for {who}: {who} does what {who} set out to do.",
    "weak_hit": "a weak hit for {who}: it works for {who}, but at a cost or with a complication.",
    "miss": "a miss for {who}: {who} tries, but does not get what {who} wanted, and the situation gets worse for {who}.",
    "critical": "a critical success for {who}: it goes even better than {who} hoped.",
    "full_success": "a full success for {who}: it goes as {who} planned.",
    "partial_success": "a partial success for {who}: it works, but with a consequence.",
    "bad_outcome": "a bad outcome for {who}: {who} tries, but it goes badly.",
}


def meaning(outcome: str, actor: str = "") -> str:
    """What ``outcome`` means, told to "you", or (``actor``: another character's move) as theirs."""
    return THEIR_MEANINGS[outcome].format(who=actor) if actor else MEANINGS[outcome]


def _direction(effect: Effect, whose: str = "") -> str:
    """A change as a clause of the story ("your momentum rises"), with no number: the dice card shows the numbers.
    With ``whose`` (another character's move, their own sheet changed) the change is told as theirs."""
    clause = _your_direction(effect)
    if not whose:
        return clause
    clause = re.sub(r"^you are\b", f"{whose} is", clause)
    clause = re.sub(r"^you burned your\b", f"{whose} burned {whose}'s", clause)
    return re.sub(r"^your\b", f"{whose}'s", clause)


def _your_direction(effect: Effect) -> str:
    target = facts.humanize(effect.target)
    if effect.kind is EffectKind.BURN:
        return f"you burned your {target} to change the result"
    if effect.kind in (EffectKind.PROGRESS, EffectKind.CLOCK) and effect.before is None:
        return _begun(effect, target)
    if effect.kind in (EffectKind.PROGRESS, EffectKind.LEGACY):
        return f"progress is marked on {target}"
    if effect.kind is EffectKind.CLOCK:
        return f"the {target} clock moves on"
    if effect.kind is EffectKind.IMPACT:
        return f"you are now {target}" if effect.after else f"you are no longer {target}"
    if effect.kind is EffectKind.POSITION and isinstance(effect.after, str):
        return f"you are now {facts.humanize(effect.after).replace('bad spot', 'in a bad spot')}"
    if effect.kind is EffectKind.RESET:
        return f"your {target} is reset"
    if effect.kind is EffectKind.QUALITY:  # its number and how it was reached are the card's
        return f"you get the {target}"
    if effect.kind is EffectKind.DOWNTIME_ACTIVITIES:  # the count of the downtime's activities: the card's bookkeeping
        return ""
    if isinstance(effect.delta, int) and effect.delta:
        verb = "go" if target.endswith("s") and not target.endswith("ss") else "goes"
        return f"your {target} {verb} {'up' if effect.delta > 0 else 'down'}"
    if effect.delta == 0 and effect.kind is EffectKind.METER:  # a vice roll with no stress to clear: its rule is no news
        return ""
    return _told_reason(effect.reason)


def _begun(effect: Effect, target: str) -> str:
    """A track or clock the move set up, told as begun ("you begin a new formidable fight (The raider)"), not as
    progress: told "progress is marked on The raider" for Enter the Fray, which marks none, a 1.5B model told a blow
    landing."""
    told = _told_reason(effect.reason)
    kind = "clock" if effect.kind is EffectKind.CLOCK else "track"
    return f"you begin {told if told.startswith('a new ') else 'a new ' + kind} ({target})"


def _told_reason(reason: str) -> str:
    """An engine's reason as a clause of the story, without its bookkeeping: the parenthesis that shows how a number
    was reached goes, and a reason still holding a number is left to the dice card. Given "the asset's quality is 0
    (the crew's Tier 0, -1 for the result)", a 1.5B model read it out as its story, twice in one turn."""
    told = " ".join(_WORKINGS.sub("", reason).split()).rstrip(".")
    return "" if len(told.split()) < 2 or re.search(r"\d", told) else told


_WORKINGS = re.compile(r"\s*\([^)]*\)")


def _changes_clause(result: Result, actor: str = "") -> str:
    """The changes as one sentence of the story ("With it, your momentum goes up."), "" when none; for ``actor``'s
    move the changes on their sheet are theirs ("With it, Mara is now vulnerable.")."""
    changes = [d for d in (_direction(e, actor) for e in result.effects) if d]
    return "With it, " + and_list(changes) + "." if changes else ""


def _result_lines(result: Result, question: str, actor: str = "") -> list[str]:
    lines = [f"Move: {result.move}, made by {actor}." if actor else f"Move: {result.move}."]
    if result.outcome in ("yes", "no"):
        statement = answer_statement(question, result.outcome) if question else ""
        twist = " (a match: make it extreme or add a twist)." if result.match else "."
        if statement:  # the answer as the fact it makes true: a small model told "NO" answered the question "Yes"
            lines.append(f"{TOLD_FIRST} {told_sentence(statement)}")
            lines.append("Continue right after it; do not say it again" + (twist if result.match else "."))
        else:
            lines.append(f"The oracle's answer: {result.outcome.upper()}{twist}")
    elif facts.by_die(result) and result.score is not None:  # Reduce Heat's 1-3 still clears one heat: no failure
        lines.append(f"Outcome: {BY_DIE}")
    elif result.outcome in MEANINGS:
        told = meaning(result.outcome, actor)
        lines.append("Outcome: " + told + (" The challenge dice match: add a twist." if result.match else ""))
    rows = facts.table_rows(result)
    if rows:  # not "Rolled on the table": a 1.5B model told the roll ("you roll a 6 on the table")
        lines.append("The table's answer: " + "; ".join(r.rstrip(".") for r in rows) + ".")
    story = [s for s in story_sentences(result) if not s.startswith(("-", "*", "•")) and "roll" not in s.lower()]
    story = [s for s in story if not _UNWRITTEN.search(s)]  # the outcome's meaning says it all
    if story:
        lines.append("What the rules say happens: " + " ".join(story))
    clause = _changes_clause(result, actor)
    if clause:  # a sentence, not a heading: a small model copied "Already changed on the sheet" into its story
        lines.append(clause)
    for choice in result.choices:  # its options are shown beside the story: a model given them picked one
        lines.extend(line for line in _choice_lines(choice.prompt, actor) if line not in lines)  # the panel, once
    if not actor and _unhurt(result):
        lines.append(UNHURT)
    offer = facts.burn_offer(result)
    if offer and not actor:
        lines.append(
            f"Left to the player (do not do it): they may burn their {result.burn.meter if result.burn else 'momentum'}."
        )
    return lines


UNHURT = "Nothing hurts you this turn: no blow, wound or pain lands on you."
"""Said when the engine dealt the player no harm: told "a weak hit: it works, but at a cost", a 1.5B model made the
cost a wound ("the raider's blade hits your chest, leaving a deep scar"; "a bit of pain in your arm" on a strong hit),
a change only the engine or the player's next suffer move makes."""

#: Meters whose change is a wound (health down, stress or harm up) and words of a move's own text that make one part of
#: this turn's result.
_HARM_METERS = ("health", "hp", "harm", "integrity", "wound", "stress", "trauma", "blood", "spirit")
_HARM_TEXT = re.compile(r"\b(?:harm\w*|damage\w*|wound\w*|hurt\w*|injur\w*|attacks? you)\b", re.I)


def _unhurt(result: Result) -> bool:
    """Whether this action roll dealt the player no wound: no harm meter moved, no impact marked, no harm in the
    outcome text (an oracle, a table or a roll with no outcome says nothing of the kind)."""
    if result.outcome not in FAMILY or result.roll in {"oracle", "table", "notation"}:
        return False
    for effect in result.effects:
        if effect.kind is EffectKind.IMPACT and effect.after:
            return False
        if effect.kind is EffectKind.METER and effect.delta and any(m in effect.target.lower() for m in _HARM_METERS):
            return False
    return not any(_HARM_TEXT.search(s) for s in story_sentences(result))


#: A choice's prompt split into its sentences and clauses ("You overindulge: select an overindulgence.").
_CLAUSES = re.compile(r"(?:[:;.]|,\s*but\b|\s+but\s+(?=(?:choose|pick|select|must|take)\b))\s*", re.I)
#: A clause that asks the choice rather than telling what is true ("select an overindulgence", "you may …").
_ASKS = re.compile(
    r"^(?:choose|pick|select|spend|take|mark|swear|sing|reduce|write|spotlight|recommit|raise|resolve|do|ask|add|clear"
    r"|decide|make|roll)\b|\b(?:may|must|choose|chooses|pick|picks|select|selects)\b",
    re.I,
)


def _choice_lines(prompt: str, actor: str = "") -> list[str]:
    """An open choice for the model: what its prompt tells as true ("You overindulge") as a fact of the turn, and the
    choice itself as a choice on the panel, without the words that ask it. Given the prompt, a 1.5B model copied it as
    its story ("You overindulge: select an overindulgence.")."""
    told = [c.strip() for c in _CLAUSES.split(prompt) if c.strip()]
    true = [c for c in told if not _ASKS.search(c) and len(c.split()) >= 2 and not c.lower().startswith(("when ", "if "))]
    who, asks = (actor, f"which {actor} chooses") if actor else ("the player", "what they choose")
    lines = [f"Also true now: {'. '.join(c[:1].upper() + c[1:] for c in true)}."] if true else []
    lines.append(
        f"Left to {who}: a choice on the panel beside your story (never write its words or options, never pick one; "
        f"end by asking {asks})."
    )
    return lines


_UNWRITTEN = re.compile(r"\bgives no result for a miss\b|^the magistrate says what (?:happens|it means)\b", re.I)
"""A miss the move's text leaves to the GM is told by the outcome's meaning alone: given the text's own sentence ("The
text gives no result for a miss on this move; the Magistrate says what happens."), a 1.5B model copied it as its
story. The offline story keeps its hand-over ("The Magistrate says what happens.") and a model is not given it."""


TOLD_FIRST = "Already told to the player, as the first sentence of your story:"
"""An oracle's answer is the engine's sentence, shown before the model's story: the model only goes on from it (a
small model told "the reactor is no longer running" still wrote "Yes: the reactor is still running")."""


def told_sentence(statement: str) -> str:
    """``No: the reactor is no longer running.`` as the story tells it: ``The reactor is no longer running.``"""
    fact = statement.split(":", 1)[-1].strip().rstrip(".")
    return (fact[:1].upper() + fact[1:] + ".") if fact else ""


def oracle_first_sentence(results: Sequence[Result], question: str) -> str:
    """The sentence an oracle's story opens with, the engine's answer as a fact ("" when the question is not one
    the engine can turn into a statement: the model then tells the plain YES or NO)."""
    for r in results:
        if r.outcome in ("yes", "no") and question:
            statement = answer_statement(question, r.outcome)
            if statement:
                return told_sentence(statement)
    return ""


def formula_sentences(results: Sequence[Result], actor: str = "") -> list[str]:
    """The fact sheet's own formula sentences, which a model copies into its story where the opening already told
    them: the outcome's meaning ("You try, but it fails, and the situation gets worse.") and the changes' clause
    ("With it, you are now in a bad spot.")."""
    said: list[str] = []
    for result in results:
        if result.outcome in MEANINGS:
            told = meaning(result.outcome, actor).split(": ", 1)[-1]
            said.append(told[:1].upper() + told[1:])
        if result.outcome in ("yes", "no"):  # the card's answer, which the opening told as its statement
            said += [f"The answer is {result.outcome}.", "It is a match.", "This is a match."]
        clause = _changes_clause(result, actor)
        if clause:
            said.append(clause)
    return said


TOLD_OPENING = "Already told to the player, as the opening of your story:"
CONTINUE_OPENING = "Continue right after it with what happens because of it; do not say it again, and do not change how it went."


def move_opening(request: NarrationRequest) -> str:
    """The engine's own opening of a move's story: the player's words told as an attempt and a line for the outcome
    ("You try to force the airlock open. It does not go your way."), shown before the model's story, which only goes
    on from it ("" for an oracle, a table or a roll without an outcome). Told only the outcome's meaning, a small
    model still told a miss as the door sliding open ("this time your vibroblade connects" on a miss)."""
    if request.task != "narrate" or not request.results:
        return ""
    result = request.results[0]
    from assistant.narrate.template import no_roll_opening, pick_opening

    if result.roll == "none" and not request.actor:  # "I train prowess", a milestone: told as done, by the engine
        return pick_opening(request, result) or no_roll_opening(request, result, trigger=False)  # no words: the model
    if result.roll in {"oracle", "table", "notation"} or result.outcome not in FAMILY:
        return ""

    if picked := pick_opening(request, result):  # a pick on a move told already: not the attempt told twice
        return picked
    seed = f"{request.player_text}|{result.move_id}:{result.outcome}:{result.dice}|{len(request.recent)}"
    missed = FAMILY[result.outcome] == "miss"  # "You feed on the watchman." read as done, on a miss
    own = request.player_text.strip().lower() != result.move.lower()
    said = frame(request.words_cased(), seed, request.recent, failed=missed, names=request.names()) if own else ""
    line = tone(result, seed, request.recent, request.actor)  # Mara's strong hit on you is not "It goes your way"
    return " ".join(part for part in (said, line) if part)


def row_opening(request: NarrationRequest) -> str:
    """The engine's own opening of a rolled row's story: a Pay the Price row tied to what the player tried ("As you
    try to feed on the watchman, the ambient introduces a new hazard."), an oracle table's row as the answer to the
    question, else the row itself ("" for anything but a table roll). Told the row only as a fact, a small model told
    another row (a map found where the table gave visions)."""
    if request.task not in {"pay_the_price", "table"} or not request.results:
        return ""
    result = request.results[0]
    rows = facts.table_rows(result)
    if result.roll != "table" or not rows:
        return ""
    if request.task == "pay_the_price":
        reading = price_reading(result, request.last_action())  # the action the price is paid for, said last turn too
    else:
        words = request.player_text.strip()
        reading = rows_answer(result, request.question or (words if words.endswith("?") else ""))
    if reading:
        return reading
    told = facts.rows_as_list(rows, "; ")
    return told[:1].upper() + told[1:] + "."


def opening(request: NarrationRequest, question: str = "") -> str:
    """What the story opens with before the model writes: an oracle's answer as a fact, a move's attempt and
    outcome (:func:`move_opening`), a rolled row (:func:`row_opening`); "" when the model tells it all."""
    if request.task == "oracle":
        return oracle_first_sentence(request.results, question)
    return move_opening(request) or row_opening(request)


def _story_follow_up(follow_up: FollowUp) -> str:
    """A follow-up as what it is in the story, without the card's rules words and numbers: given "make a suffer move
    (-1)", a 1.5B model wrote "You attempt to make a suffer move." """
    if follow_up.kind == "suffer":
        return "a cost the player chooses (a suffer move)"
    return facts.follow_up_phrase(follow_up)


def story_facts(results: Sequence[Result], *, question: str = "", player_text: str = "", actor: str = "") -> str:
    """The turn for a language model, in words: what was decided, what is left to the player, where to stop.
    ``actor``: the one who made the move when it is not the one playing (Mara, rolling at you): told as theirs."""
    if not results:
        return f"{HEADER}\nNo move was made: nothing was rolled and nothing on the sheet changed."
    blocks = [HEADER]
    for result in results:
        blocks.append("\n".join(_result_lines(result, question, actor)))
    damage = _damage_rolled_next(results)
    follow = facts.follow_up_line(results, lambda f: "" if f in damage else _story_follow_up(f)).removeprefix("Next: ")
    if follow:
        # a model given "Pay the Price" after a miss told the price itself ("you fall to the ground in pain")
        blocks.append(f"Offered next, not played out (the player makes it next: tell no harm or loss from it now): {follow}")
    if damage:
        blocks.append(DAMAGE_NEXT)
    return "\n\n".join(blocks)


DAMAGE_NEXT = "Rolled next: how much harm this hit does (tell the hit landing; write no amount of damage or wound)."
"""The damage roll of a blow the rules say lands ("You deal your damage"), offered next. Told it as offered next with
"tell no harm from it now", a 1.5B model wrote "you deal 1 damage", and "you miss the attack" on a weak hit."""


def _damage_rolled_next(results: Sequence[Result]) -> list[FollowUp]:
    """The damage rolls offered next for a blow this turn's rules text tells as landing."""
    out: list[FollowUp] = []
    for result in results:
        told = " ".join(story_sentences(result)).lower()
        for follow_up in result.follow_ups:
            name = follow_up.move.lower()
            if follow_up.kind == "move" and "damage" in name and all(w in told for w in name.split()):
                out.append(follow_up)
    return out
