"""The outcome told as story: a line of tone for the tier, then the move's own outcome text as prose.

The move's text is the rulebook's ("On a weak hit, you succeed, but face a troublesome cost. Make a
suffer move (-1)."). Told to the player it loses the tier marker the dice card already shows, the
follow-ups the "Next:" line offers once, and the instructions the engine already carried out (the
card lists the change); what is left is the fiction ("You succeed, but face a troublesome cost.").
Sentences said in the last turns are left out, so a move made twice does not read the same twice. The
tone lines are in ``outcome_tones``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from assistant.engine import AssistantError, get_ruleset
from assistant.engine.model import Result
from assistant.narrate import facts
from assistant.narrate.outcome_tones import CRITICAL, FAMILY, SCALED, SCALED_TONES, TONES, tone
from assistant.narrate.variety import said_before

__all__ = [
    "CRITICAL",
    "FAMILY",
    "SCALED",
    "SCALED_TONES",
    "TONES",
    "move_choices",
    "story",
    "story_sentences",
    "strip_tier",
    "tone",
]

_TIER_PREFIX = re.compile(
    r"^[^\w(]*(?:"
    r"(?:for each|on|with)\s+(?:a|an)?\s*(?:strong\s+|weak\s+)?(?:hit|miss|success|critical)(?:\s+with\s+a\s+match)?"
    r"|on\s+(?:a\s+)?(?:\d+\s?[-–—]\s?\d+|\d+\+|\d+-)"
    r"|critical|match|\d+\s?[-–—/]\s?\d+(?=[\s:.,])|\d+[+\-](?=[\s:.,])|\d+(?=:)"
    r")\s*[,.:]?\s*(?:\((?:the best result[^)]*)\)\s*)?",
    re.I,
)
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z(]|\d+\s?[-–—/+]\s?\d*\s+[A-Z])")  # "... at 0. 7-9 Mark Heat"
_PAY_CLAUSE = re.compile(r",?\s+(?:and|so)\s+(?:you\s+)?(?:must\s+)?pay the price(?=[.!]|$)", re.I)
_CHOICE_CLAUSE = re.compile(r",?\s+(?:and\s+|then\s+)?(?:choose|pick|select)\s+(?:one|two|three|\d+)\s*:.*$", re.I)
_APPLIED = re.compile(
    r"^(?:then,?\s+)?(?:also,?\s+)?(?:you\s+(?:may\s+|must\s+|can\s+)?(?:also\s+)?)?"
    r"(?:take|gain|lose|suffer|spend|mark|clear|restore|fill|reduce|increase|remove|erase|add)\b",
    re.I,
)
_ELLIPSIS = re.compile(r"^\s*(?:\.\.\.|…)\s*")
#: "Do the same as above, but ...", "As above, but ...": the text points at the outcome printed above it, which the
#: player never reads here; what follows "but" is this outcome's own news.
_RULE_SENTENCE = re.compile(r"^(?:when(?:ever)?\s+you|if\s|then,?\s+if\s|otherwise,?\s+if\s)", re.I)
_AS_ABOVE = re.compile(
    r"^(?:(?:do|follow)\s+the\s+same(?:\s+steps)?\s+as\s+above|as\s+above|the\s+same\s+as\s+above)\s*[,;:]?\s*(?:but\s+)?",
    re.I,
)
#: "roll on the table below" / "the following table": the table is not below anything the player reads.
_TABLE_BELOW = re.compile(r"\bthe\s+(?:table\s+below|following\s+table|list\s+below)\b", re.I)
_MARK_CLAUSE = re.compile(r",?\s+and\s+mark\s+progress(?:\s+per\s+the\s+rank\s+of\s+[^.!?]*)?(?=[.!?]|$)", re.I)
_PICK = re.compile(r"^(?:pick|choose|select)\s+(?:one|two|three|\d+)\b", re.I)
_RANK_MARKS = re.compile(r"^[\w ]{0,30}:\s*mark\s+\d+\s*(?:boxes|box|ticks|tick)\b", re.I)
_TAKE_ALL = re.compile(r"^(?:take|choose|pick|gain)\s+(?:both|all(?:\s+three)?)\.?$", re.I)
_BULLET = re.compile(r"^\s*[-*•]\s+")
_TABLE_RULE = re.compile(r"^\s*\|?\s*:?-{3,}")


_CLAUSE_SPLIT = re.compile(r"\s*[;:]\s*|,\s*so\s+")
_ABOUT_THE_TEXT = re.compile(r"\bthe text\b", re.I)


def _without_text_clauses(sentence: str) -> str:
    """A sentence without its clauses about the rules' text ("The text gives no result for a miss on this move; the
    Magistrate says what happens." as "The Magistrate says what happens."): the player reads a story, not the gap
    in the rules the data records."""
    if not _ABOUT_THE_TEXT.search(sentence):
        return sentence
    kept = [c for c in _CLAUSE_SPLIT.split(sentence) if c.strip(" .") and not _ABOUT_THE_TEXT.search(c)]
    told = "; ".join(kept).strip()
    return told[:1].upper() + told[1:] if told else ""


def _bare(sentence: str) -> str:
    return sentence.strip().rstrip(".!").lower()


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def _table_as_bullets(lines: list[str], outcome: str) -> list[str]:
    """A Markdown table of the rules text as bullets a player reads: one per row, its first cell as the label.
    When a column is the result's outcome ("Strong Hit"), only that column is told ("- At a facility: 5 points")."""
    rows = [_cells(line) for line in lines if not _TABLE_RULE.match(line)]
    if len(rows) < 2:
        return []
    header, body = rows[0], rows[1:]
    tier = outcome.replace("_", " ").lower()
    column = next((i for i, name in enumerate(header) if i and name.lower() == tier), None)
    out = []
    for row in body:
        if column is not None and column < len(row):
            told = row[column]
        else:
            told = ", ".join(f"{name.lower()} {cell}" for name, cell in zip(header[1:], row[1:], strict=False))
        out.append(f"- {row[0]}: {told}")
    return out


def _with_tables(text: str, outcome: str) -> list[str]:
    """The text's lines with each Markdown table (lines holding ``|``, with a ``---`` rule) turned into bullets."""
    lines = text.splitlines()
    out: list[str] = []
    i = 0
    while i < len(lines):
        j = i
        while j < len(lines) and "|" in lines[j]:
            j += 1
        block = lines[i:j]
        if len(block) >= 2 and any(_TABLE_RULE.match(line) for line in block):
            out += _table_as_bullets(block, outcome)
            i = j
        else:
            out.append(lines[i])
            i += 1
    return out


_LOWER_NOTE = re.compile(r"^\s*\((?:the (?:worst|best) result: )?lower is better\)\s*", re.I)


#: Another move's tier a move's text points at ("Cast a Spell (Wizard), 7–9: Magic Missile is cast"): a rules reference.
_MOVE_TIER = re.compile(r"^[A-Z][\w&' ]*(?:\([^)]*\))?,\s*(?:\d+\s?[-–—]\s?\d+|\d+\+|\d+-|miss)\s*:\s*")
#: A penalty the open choice asks for, told inside a sentence ("..., but Choose One Penalty").
_PENALTY_CLAUSE = re.compile(r",?\s+(?:and\s+|but\s+)?(?:choose|pick|take)\s+(?:one|two|\d+)\s+penalt(?:y|ies)\b", re.I)
_DOUBLED = re.compile(r"\b(the|a|an|to|of|and|is|you)\s+\1\b", re.I)  #: "On a 10+ the the spell …": said once


def strip_tier(sentence: str) -> str:
    """``On a weak hit, you succeed`` -> ``You succeed`` (the dice card already names the tier)."""
    sentence = _MOVE_TIER.sub("", _DOUBLED.sub(r"\1", sentence.strip()), count=1)
    stripped = _LOWER_NOTE.sub("", _TIER_PREFIX.sub("", sentence, count=1).strip()).strip()
    if not stripped or stripped == sentence.strip():
        return sentence.strip()
    return stripped[:1].upper() + stripped[1:]


def _follow_up_sentence(sentence: str, result: Result) -> bool:
    bare = sentence.strip().rstrip(".!").lower()
    for follow_up in result.follow_ups:
        if bare in {follow_up.move.lower(), f"must {follow_up.move.lower()}"}:
            return True
        if follow_up.kind == "suffer" and re.fullmatch(r"(?:then,?\s+)?make (?:a|two) suffer moves?(?: \([^)]*\))?", bare):
            return True
    return False


def _applied(sentence: str, result: Result) -> bool:
    """An instruction the engine already carried out ("Take +1 momentum." with momentum changed)."""
    if not _APPLIED.match(sentence) or not result.effects:
        return False
    lowered = sentence.lower()
    targets = {facts.humanize(e.target).lower() for e in result.effects} | {str(e.kind.value) for e in result.effects}
    if any(e.kind == "next_move_add" for e in result.effects):
        targets.add("next move")  # "Add +1 on your next move" with the add already on the card
    if "xp" in targets:
        targets.add("experience")  # "Mark experience (troublesome=1; ...)" with XP on the card
    return any(t and re.search(rf"\b{re.escape(t)}\b", lowered) for t in targets)


_ASIDE = re.compile(r"\s*\([^)]*\)")


def _answered_prompts(result: Result) -> set[str]:
    """The prompts of the choices the player already picked (a ``choice`` effect names the choice's id)."""
    picked = {e.target for e in result.effects if e.kind == "choice"}
    if not picked:
        return set()
    try:
        move = get_ruleset(result.system).move_by_id(result.move_id)
    except AssistantError:
        return set()
    specs = [*move.choices, *(c for outcome in move.outcomes.values() for c in outcome.choices)]
    return {_bare(spec.prompt) for spec in specs if spec.id in picked}


def _lists_the_options(sentence: str, result: Result) -> bool:
    """A sentence naming every option of a choice of two or more ("... Rivals or Unquiet Dead; ..."), open or
    already picked (the card says "Chosen: ..."); or the one option of a choice among the columns of a table ("Heat
    0-3: Cooperation; Heat 4/5: Show of Force; ..." on a 6, where each column offers one)."""
    lowered = sentence.lower()
    labels = [[o.label for o in choice.options] for choice in result.choices] + _picked_choice_labels(result)
    columns = len(re.findall(r"[^:;]+:", sentence)) > 1 and ";" in sentence
    return any((len(group) > 1 or columns) and all(label.strip().lower() in lowered for label in group) for group in labels)


def move_choices(result: Result) -> list[Any]:
    """Every choice spec of the move that gave ``result`` (its own and each outcome's); none for a table or a door."""
    try:
        move = get_ruleset(result.system).move_by_id(result.move_id)
    except AssistantError:
        return []
    return [*move.choices, *(c for outcome in move.outcomes.values() for c in outcome.choices)]


def _picked_choice_labels(result: Result) -> list[list[str]]:
    """The option labels of each choice of the move the player already picked from."""
    picked = {e.target for e in result.effects if e.kind == "choice"}
    if not picked:
        return []
    return [[o.label for o in spec.options] for spec in move_choices(result) if spec.id in picked]


def _placed(bullet: str, result: Result) -> bool:
    """A bullet saying the position the engine set ("- You are in control" with the card's "Position: in control")."""
    lowered = bullet.lower()
    return any(e.kind == "position" and e.after and facts.humanize(str(e.after)).lower() in lowered for e in result.effects)


def _answered_labels(result: Result) -> list[str]:
    """The option labels of the choices the player already picked from (the card says "Chosen: ...")."""
    return [label for group in _picked_choice_labels(result) for label in group]


def _an_option(bullet: str, result: Result) -> bool:
    """A bullet of the rules text that the open choices list (maybe split in two: "Suffer costs: A, or B"; maybe with
    a sentence the label leaves out), or an option of a choice already picked from (not listed again after the
    pick)."""
    bare = _BULLET.sub("", bullet).strip().lower()
    labels = [option.label for choice in result.choices for option in choice.options] + _answered_labels(result)
    for raw in labels:
        label = raw.strip().lower()
        head = label.split(":", 1)[0]
        core = _ASIDE.sub("", label).strip(" .")  # "take +2 momentum (you begin in a bad spot)"
        if label in bare or (core and core in bare) or (":" in label and ":" in bare and bare.split(":", 1)[0] == head):
            return True
        first = label.split(". ", 1)[0]  # the label shortened past its first sentence (Sojourn's "Envision what ...")
        opening = bare.split(". ", 1)[0]  # or the sentence's head before the label's colon (Face Death's "There is ...")
        if len(first) >= 20 and opening == first or ":" in label and len(head) >= 15 and opening.rstrip(".") == head:
            return True
    return False


def _told_text(result: Result) -> str:
    """The outcome's text; for a move without a roll or an outcome text of its own (Blades' Flipped), the move's
    text: what happens is all the move says, and the card alone ("Flipped.") tells the player nothing."""
    text = facts.outcome_text(result)
    changed = any(e.kind not in ("choice", "note") for e in result.effects)
    if text and result.roll == "total" and str(getattr(result.outcome, "value", result.outcome)) == "none" and changed:
        return ""  # a damage roll with no tiers (Deal Damage): its text is the rule the card applied, said once there
    if text or result.roll != "none" or result.move_id.startswith(("table:", "roll:")):
        return text
    if any(e.kind not in ("choice", "note") for e in result.effects):
        return ""  # a move that changed the sheet (Payoff): the card tells it, the rules' sums would be told twice
    try:
        text = get_ruleset(result.system).move_by_id(result.move_id).text
    except AssistantError:
        return ""
    text = re.split(r"(?:^|\s)>\s", text, maxsplit=1)[0]  # a quoted example of play ("> A truncheon bangs")
    sentences = re.split(r"(?<=[.!?])\s+", " ".join(text.split()))
    kept: list[str] = []
    dropped = False
    for sentence in sentences:  # a number told must be the engine's; what leaned on a dropped sentence goes with it
        dropped = bool(re.search(r"\d", sentence)) or (dropped and bool(_THOSE.search(sentence)))
        if not dropped:
            kept.append(sentence)
    return " ".join(kept)


_AT_ZERO = re.compile(r"^if\s+(?:you\s+are\s+at\s+0\s+(?P<after>\w+)|your\s+(?P<before>\w+)\s+is\s+0\b)", re.I)


def _at_zero_but_not(sentence: str, result: Result) -> bool:
    """A sentence of what happens at 0 of a meter ("If you are at 0 health, ...") while the meter is above 0."""
    match = _AT_ZERO.match(sentence)
    if not match:
        return False
    value = (result.character or {}).get((match.group("after") or match.group("before")).lower())
    return isinstance(value, int) and not isinstance(value, bool) and value != 0


_DEAL = re.compile(r"^deal\b[^.]*\bdamage\b", re.I)
#: A sentence that leans on the one before it ("If you do, ...", "If so, ...", "Otherwise, ...").
_IF_SO = re.compile(r"^(?:if (?:you do|so|they do|it does)|then|otherwise)\b", re.IGNORECASE)
#: A sentence pointing back at the things the sentence before named ("You can resist each of those consequences").
_THOSE = re.compile(
    r"\b(?:each|either|any|both|all) of (?:those|these|them)\b|\b(?:those|these) (?:consequences|options|choices|costs)\b", re.I
)
#: The rules' alternatives for a miss ("You fail, or a momentary success is undermined by a dire turn of events.",
#: "You fail or your assumptions betray you.", "You are defeated, or your objective is lost."): which one happened
#: is the story's to tell, not the rules' sentence.
_ALTERNATIVES = re.compile(r"^you (?:fail|are defeated),?\s+or\b", re.IGNORECASE)
#: A limit the sheet keeps, told as a rule ("You may have a maximum of two assets.").
_LIMIT = re.compile(r"^you (?:may|can) (?:have|hold|keep) (?:a maximum of|at most|no more than)\b", re.IGNORECASE)


def story_sentences(result: Result, recent: Sequence[str] = ()) -> list[str]:
    """The outcome's rules text as story sentences (bullets kept as bullets, on their own lines)."""
    out: list[str] = []
    card = {_bare(line) for line in facts.effect_lines(result)}  # the card says these already
    card |= {_bare(choice.prompt) for choice in result.choices}  # and the open choice's list asks this
    card |= {_bare(note) for note in result.notes}  # the card says the engine's notes
    card |= _answered_prompts(result)  # "Mark Heat or start Productivity at -1" once the player picked: "Chosen: ..."
    # a move without a roll that changed the sheet (Sacrifice Resources): its text is the rule the card applied
    ruled = result.roll == "none" and any(e.kind not in ("choice", "note") for e in result.effects)
    for line in _with_tables(_told_text(result), str(result.outcome.value if result.outcome else "")):
        if _BULLET.match(line):
            if not _an_option(line, result) and not _applied(_BULLET.sub("", line), result) and not _placed(line, result):
                out.append(line.strip())
            continue
        listed = False  # a sentence that listed the open choice's options was left out: its "use the column..." too
        kept_last = True  # whether the sentence before was told ("If you do, ..." leans on it)
        for raw in _SENTENCE.split(line):
            told_before, kept_last = kept_last, False
            if not _TIER_PREFIX.sub("", raw.strip(), count=1).strip(" .:,;"):
                continue  # "6-." split from "You miss: ...": only the tier marker, which the card names
            sentence = strip_tier(_ELLIPSIS.sub("", raw))
            sentence = _TABLE_BELOW.sub("the table", _AS_ABOVE.sub("", _without_text_clauses(sentence)))
            sentence = sentence[:1].upper() + sentence[1:]
            if any(e.kind == "progress" for e in result.effects):  # "... and mark progress": the card shows it
                sentence = _MARK_CLAUSE.sub("", sentence)
            if any(f.move == "Pay the Price" for f in result.follow_ups):
                sentence = _PAY_CLAUSE.sub("", sentence)
            if result.choices or any(e.kind == "choice" for e in result.effects):  # "..., and choose one: A; B; or C":
                # the open choice lists them, or the card says which was chosen
                sentence = _PENALTY_CLAUSE.sub("", _CHOICE_CLAUSE.sub(".", sentence))
            if _DEAL.match(sentence) and any(f.move == "Deal Damage" for f in result.follow_ups):
                continue  # "Deal 2d4 damage to one target": the follow-up the card offers rolls it
            if not sentence.strip(" .") or _follow_up_sentence(sentence, result) or _applied(sentence, result):
                continue
            if _TAKE_ALL.match(sentence) and not result.choices and result.effects:
                continue  # "Take both.": the engine took them, the card lists them
            if _PICK.match(sentence) and (result.choices or any(e.kind == "choice" for e in result.effects)):
                continue  # "Pick one of the bonuses above.": the open choice asks it, or the card says what was chosen
            if _RANK_MARKS.match(sentence) and any(e.kind == "progress" for e in result.effects):
                continue  # "Dangerous quest: Mark 2 boxes.": the card shows the progress marked
            if _lists_the_options(sentence, result):
                listed = True  # "Heat 0-3: Rivals or Unquiet Dead; Heat 4/5: ...": the open choice lists its own
                continue
            if result.choices and _an_option(sentence, result):
                continue  # Defend's "you redirect damage …": the open choice's option, which the player may pick
            if listed and "column" in sentence.lower():
                continue
            if _bare(sentence) in card or _asked_by_a_choice(sentence, result):
                continue
            if _at_zero_but_not(sentence, result):
                continue  # "If you are at 0 health, you must mark wounded...": health is not 0
            if ruled and _RULE_SENTENCE.match(sentence):
                continue  # "When you lose resources, suffer -1 supply...": the rule, not the story; the card has it
            if (_IF_SO.match(sentence) or _THOSE.search(sentence)) and not told_before:
                continue  # "If you do, …", "You can resist each of those consequences": what it leans on was left out
            if _ALTERNATIVES.match(sentence):
                continue  # "You fail, or a momentary success is undermined ...": the rules' choice for the GM, not a story
            if _LIMIT.match(sentence):
                continue  # "You may have a maximum of two assets.": a limit the engine keeps, not the story
            if _QUALITY_LINE.match(sentence) and any(e.kind == "quality" for e in result.effects):
                continue  # "Quality Tier -1.": the card says the quality the engine reckoned, with its number
            if sentence[-1] not in ".!?:":
                sentence += "."
            if said_before(sentence, recent):
                continue
            out.append(sentence)
            kept_last = True
    return out


_QUALITY_LINE = re.compile(r"^(?:asset\s+)?quality\s+(?:tier\s*[+-]\s*\d|equal to)", re.I)
"""An outcome's bare quality level ("1-3: quality Tier -1."), which the card gives as the quality itself."""


def _words_of(text: str) -> str:
    return " " + " ".join(re.findall(r"[a-z0-9]+", text.lower())) + " "


def _asked_by_a_choice(sentence: str, result: Result) -> bool:
    """The sentence is part of what an open choice asks or offers ("Otherwise pick 1 Compromise." with the choice
    "Mark 1 Heat to get exactly what you want, otherwise pick 1 Compromise" open): the choice says it."""
    said = _words_of(sentence)
    if len(said.split()) < 3:
        return False
    offered = [_words_of(o.label) for c in result.choices for o in c.options]
    if _ASKS_TO_PICK.search(sentence):  # the prompt may also hold story ("whichever you choose, you deal your damage")
        offered += [_words_of(c.prompt) for c in result.choices]
    return any(said in text for text in offered)


_ASKS_TO_PICK = re.compile(r"\b(?:pick|choose|select)\b", re.I)


def story(result: Result, recent: Sequence[str] = ()) -> str:
    """:func:`story_sentences` joined: prose on one line, bullets on their own."""
    lines: list[str] = []
    for sentence in story_sentences(result, recent):
        if sentence.startswith(("-", "*", "•")) or not lines or lines[-1].startswith(("-", "*", "•")):
            lines.append(sentence)
        else:
            lines[-1] += " " + sentence
    return "\n".join(lines)
