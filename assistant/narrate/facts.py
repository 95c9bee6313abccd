"""Plain sentences of what the engine decided, built only from a :class:`~assistant.engine.model.Result`.

Every number written here is a field of the Result (a die, the score, a stat, an effect's before and after,
an engine note), so template narration and the LLM's fact sheet never state anything the engine did not
decide. Both narrators use these functions; nothing here rolls, picks or guesses.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from assistant.engine.model import Choice, FollowUp, Result
from assistant.engine.options import uncap
from assistant.engine.roll_steps import ZERO_DICE_NOTE
from assistant.engine.word_lists import and_list
from assistant.narrate.effect_lines import ACRONYMS, NOT_NAMED, effect_line, effect_lines, humanize, signed  # noqa: F401 - the card's words, re-exported
from assistant.narrate.odds_words import result_words

#: A table's instruction to roll on itself, which the engine has already done.
_ROLL_BELOW = re.compile(r"\b(?:table|list|chart)\s+below\b", re.I)

#: How an outcome reads in a sentence ("... against 3 and 6: a strong hit").
OUTCOME_LABELS: dict[str, str] = {
    "strong_hit": "a strong hit",
    "weak_hit": "a weak hit",
    "miss": "a miss",
    "critical": "a critical success",
    "full_success": "a full success",
    "partial_success": "a partial success",
    "bad_outcome": "a bad outcome",
    "yes": "yes",
    "no": "no",
}

_BULLET = re.compile(r"^\s*[-*•]\s+")


def outcome_label(outcome: str) -> str:
    """``strong_hit`` -> ``a strong hit``; empty for rolls without a tier."""
    return OUTCOME_LABELS.get(outcome, "" if outcome == "none" else outcome.replace("_", " "))


def move_label(result: Result) -> str:
    """``Face Danger, +edge`` (the move and the stat rolled)."""
    return f"{result.move}, +{result.stat.replace('_', ' ')}" if result.stat else result.move


def _adds_part(adds: int) -> str:
    if not adds:
        return ""
    return f" + {adds}" if adds > 0 else f" - {abs(adds)}"


def _stat_part(result: Result) -> str:
    return f" + {humanize(result.stat)} {result.stat_value}" if result.stat and result.stat_value is not None else ""


def lower_is_better(result: Result) -> bool:
    """The move reads its tiers the other way (the City's Backfire: 10+ is the worst)."""
    try:
        from assistant.engine.registry import get_ruleset

        return bool(get_ruleset(result.system).move_by_id(result.move_id).roll.extra.lower_is_better)
    except Exception:  # noqa: BLE001 - a table, a meter change or an unknown move: the usual reading
        return False


def by_die(result: Result) -> bool:
    """A roll whose result is read by the die that counts, not as a success level, as the move's data says
    (``results_by_die``): Blades' entanglement roll picks the entanglement's row ("a bad outcome" would tell a failure
    nobody attempted), a vice roll clears stress equal to the highest die, Reduce Heat's 1-3 still clears one heat, a
    resistance roll always resists (its die says the stress). The card, the journal and the story all read this."""
    from assistant.engine.registry import results_by_die

    return results_by_die(str(result.system), str(result.move_id))


def told_by_amount(result: Result) -> bool:
    """A pool roll whose results differ only by how much (a long-term project's segments, Reduce Heat's heat): the
    text names its results by the die ("1-3: one segment"), never as a failure, so "a bad outcome" is left out."""
    from assistant.narrate.odds_words import outcome_words

    return result.roll == "pool" and outcome_words(str(result.system), str(result.move_id)) is not None


def _tier(result: Result) -> str:
    if by_die(result):  # the line says the die that counts; the card's change says what it did
        return ""
    by_effect = result_words(result)
    if by_effect is not None:  # what the die that counts does: "clear 1 heat", or "" when the card says how much
        return f": {by_effect}" if by_effect else ""
    if told_by_amount(result):  # "1-3: one segment, 4/5: two segments": the card's change says how the die went
        return ""
    label = outcome_label(result.outcome)
    if label and lower_is_better(result) and result.outcome in ("strong_hit", "critical", "miss"):
        label += " (the worst result here: lower is better)" if result.outcome != "miss" else " (the best result here)"
    return f": {label}" if label else ""


def _action_line(result: Result) -> str:
    action = next((d for d in result.dice_detail if d.role == "action"), None)
    challenge = result.challenge or []
    versus = f" against {challenge[0]} and {challenge[1]}" if len(challenge) == 2 else ""
    stat, adds = _stat_part(result), _adds_part(result.adds)
    if action is None:
        head = f"Score {result.score}"
    elif action.cancelled:
        base = (result.stat_value or 0) + result.adds
        sums = f"{stat}{adds}".removeprefix(" + ").strip()
        head = f"Action {action.value} (cancelled)" + (f", {sums}" if sums else "")
        head += f" = {result.score}" if base == result.score else f", score {result.score}"
    else:
        total = action.value + (result.stat_value or 0) + result.adds
        head = f"Action {action.value}{stat}{adds}"
        burn = result.burn
        if burn is not None and burn.burned:
            before = burn.score_before
            head += f" = {before}" if before == total else f" = {total}, capped at {before}"
            head += f"; burned {burn.meter} {burn.before} replaces it: {result.score}"
        else:
            capped = f" = {total}, capped at {result.score}" + ("," if versus else "")  # "= 11, capped at 10, against"
            head += f" = {result.score}" if total == result.score else capped
    match = "; the challenge dice match" if result.match else ""
    return f"{head}{versus}{_tier(result)}{match}."


_CAPPED = re.compile(r"^Action score (\d+) capped at (\d+)\.$")


def cap_told(note: str, told: str) -> bool:
    """Whether ``note`` is the engine's note of a capped action score that the roll line ``told`` already says ("= 11,
    capped at 10")."""
    m = _CAPPED.match(note)
    return m is not None and f"= {m.group(1)}, capped at {m.group(2)}" in told


def _progress_line(result: Result) -> str:
    challenge = result.challenge or []
    versus = f" against {challenge[0]} and {challenge[1]}" if len(challenge) == 2 else ""
    name = (result.track or {}).get("name")
    where = f" on {name}:" if name else ""
    match = "; the challenge dice match" if result.match else ""
    return f"Progress{where} {result.score}{versus}{_tier(result)}{match}."


def _oracle_line(result: Result) -> str:
    match = " It is a match." if result.match else ""
    if any(str(result.score) in note for note in result.notes):  # the engine's note already says the odds and the roll
        return match.strip()
    return f"The oracle rolled {result.score}: {outcome_label(result.outcome)}.{match}"


def table_rows(result: Result) -> list[str]:
    """The text of each row rolled on a table (several when the table says roll twice)."""
    rows = (result.table or {}).get("rows") or []
    return [str(r.get("text", "")).strip() for r in rows if isinstance(r, dict) and r.get("text")]


def _table_line(result: Result) -> str:
    table = result.table or {}
    name = table.get("name") or result.move
    rolls = [str(r) for r in table.get("rolls") or result.dice]
    rolled = f" (rolled {and_list(rolls)})" if rolls else ""
    if table.get("pool") is not None:  # a table read by a dice pool: the dice, what sized it and the die that counts
        rolled = f" ({_pool_table_roll(result, int(table['pool']))})"
    rows = table_rows(result)
    return f"{name}{rolled}: " + rows_as_list(rows, "; ") + "." if rows else f"{name}{rolled}."


def _pool_table_roll(result: Result, pool: int) -> str:
    """ "rolled 2 and 5 for tier 2: the 5 counts", "no dice for tier 0: rolled 1 and 4, the lower 1 counts"."""
    rated = f"{humanize(result.stat)} {result.stat_value}" if result.stat and result.stat_value is not None else ""
    faces = and_list([str(d) for d in result.dice])
    if pool == 0:
        return f"no dice{f' for {rated}' if rated else ''}: rolled {faces}, the lower {result.score} counts"
    if len(result.dice) == 1:
        return f"rolled {faces}{f' for {rated}' if rated else ''}"
    return f"rolled {faces}{f' for {rated}' if rated else ''}: the {result.score} counts"


_COMMON_OPENERS = frozenset({"you", "your", "a", "an", "the", "something", "someone", "it", "they", "their", "there"})


def rows_as_list(rows: Sequence[str], joiner: str) -> str:
    """Rows joined into one sentence: ``You face a tough choice; a new enemy is revealed`` (a row after the first
    starts in lower case when its first word is a common one, not a name)."""
    out = []
    for n, row in enumerate(r.rstrip(".") for r in rows):
        first = row.split(" ", 1)[0]
        out.append(row[:1].lower() + row[1:] if n and first.lower() in _COMMON_OPENERS else row)
    return joiner.join(out)


def _faces(result: Result) -> list[str]:
    faces = []
    for die in result.dice_detail:
        faces.append(f"{die.value} (dropped)" if not die.kept else str(die.value))
    return faces or [str(d) for d in result.dice]


def zero_dice(result: Result) -> bool:
    """A pool of zero dice: two rolled and the lower kept (the engine's note says so)."""
    pooled = result.roll == "pool" or (result.table or {}).get("pool") is not None  # a table read by a pool too
    return pooled and any(n == ZERO_DICE_NOTE or n.startswith("Zero dice:") for n in result.notes)


def _pool_line(result: Result) -> str:
    rolled = and_list([str(d) for d in result.dice])
    tier = _tier(result).removeprefix(": ")
    if zero_dice(result):  # "Wreck 0 means no dice, so the lower die counts. Rolled 1 and 6: the 1 counts, ..."
        rating = f"{humanize(result.stat).capitalize()} {result.stat_value}{_adds_part(result.adds)}" if result.stat else ""
        why = f"{rating} means no dice" if rating else "No dice"
        sixes = " (no critical with no dice)" if result.dice and min(result.dice) == 6 else ""
        counts = f"the {result.score} counts" + (f", {tier}" if tier else "")
        return f"{why}, so the lower die counts. Rolled {rolled}: {counts}{sixes}."
    stat = f" ({humanize(result.stat)} {result.stat_value}{_adds_part(result.adds)})" if result.stat else ""
    if len(result.dice) == 1:
        return f"Rolled {rolled}{stat}{_tier(result)}."
    return f"Rolled {rolled}{stat}; the best die is {result.score}{_tier(result)}."


def _total_line(result: Result) -> str:
    kept = [d.value for d in result.dice_detail if d.kept] or list(result.dice)
    adds = ((result.stat_value or 0) if result.stat else 0) + (result.adds or 0)
    if not kept and not result.dice_detail:  # an amount already rolled and given (Deal Damage "5 damage"): no dice
        return ""  # the engine's note says the amount and what came of it
    if len(kept) == 1 and not adds and result.score == kept[0]:
        return f"Rolled {kept[0]}{_tier(result)}."
    if result.score is not None and sum(kept) + adds != result.score:  # a die subtracted ("1dGrit - 1d6")
        rolled = f"{and_list(_faces(result))}{_stat_part(result)}{_adds_part(result.adds)}"
        return f"Rolled {rolled}: {result.score} in all{_tier(result)}."
    faces = " + ".join(_faces(result))
    return f"Rolled {faces}{_stat_part(result)}{_adds_part(result.adds)} = {result.score}{_tier(result)}."


def _notation_line(result: Result) -> str:
    text = result.text.replace("`", "").strip()
    return f"Rolled {text}." if text else f"Rolled {result.move}: {result.score}."


def roll_line(result: Result) -> str:
    """One sentence with the dice, the score and the outcome, e.g.
    ``Action 5 + edge 2 = 7 against 3 and 6: a strong hit.`` Empty for a move without a roll."""
    builders = {
        "action": _action_line,
        "progress": _progress_line,
        "oracle": _oracle_line,
        "table": _table_line,
        "pool": _pool_line,
        "total": _total_line,
        "notation": _notation_line,
    }
    builder = builders.get(result.roll)
    if builder is None:
        label = outcome_label(result.outcome)
        return f"Outcome: {label}." if label else ""
    return builder(result)


def choice_lines(choice: Choice) -> list[str]:
    """The choice's prompt and each option as a bullet. The player picks; nothing here picks."""
    prompt = choice.prompt.rstrip(":. ")
    said = re.search(r"\bchooses?\s+any\s+number\b", prompt, re.I)  # "(the GM chooses any number)": not twice
    how_many = " (choose any number)" if choice.pick == 0 and not said else ""
    # "The GM picks the entanglement": not the player's call; "(the defending faction's call)": the data says whose
    call = "" if NOT_YOURS.search(prompt) or _NAMES_CALLER.search(prompt) else ", your call"
    return [f"{prompt}{how_many}{call}:"] + [_option_line(option) for option in choice.options]


#: A prompt that already says whose call the choice is ("... (the defending faction's call)").
_NAMES_CALLER = re.compile(r"'s call\)?$", re.I)

NOT_YOURS = re.compile(
    r"\b(?:the GM|the Magistrate|they)\b(?:\s+\([^)]*\))?\s+(?:(?:may|can|will|must|get to)\s+)?"
    r"(?:picks?|chooses?|selects?|decides?)\b",
    re.I,
)


def not_now(option: Any) -> str:
    """Why the character can't take ``option`` now, as the card and the choice panel both add it ("" when it is open):
    " (not now: a new asset costs 3 experience; you don't have that much)"."""
    if getattr(option, "available", True):
        return ""
    why = str(option.why or "")
    return f" (not now: {uncap(why).rstrip('.')})"


def _option_line(option: Any) -> str:
    """An option as a bullet; one the character can't take now says why ("a new asset costs 3 experience...")."""
    why = not_now(option)
    label = option.label.strip()
    return f"- {label[:1].upper()}{label[1:]}{why}"


def follow_up_phrase(follow_up: FollowUp) -> str:
    if follow_up.kind == "suffer":
        amount = f" ({signed(follow_up.amount)})" if follow_up.amount is not None else ""
        return f"make a suffer move{amount}"
    if follow_up.kind == "table":
        return f"roll on {follow_up.move}"
    return follow_up.move


def follow_up_line(results: Sequence[Result], phrase: Callable[[FollowUp], str] | None = None) -> str:
    """``Next: Pay the Price.`` for the follow-ups the rules offer (none are resolved here); ``phrase`` words each one
    (by default as the card does, :func:`follow_up_phrase`)."""
    phrase_of = phrase or follow_up_phrase
    phrases: list[str] = []
    for n, result in enumerate(results):
        resolved = {r.move.lower() for r in results[n + 1 :]} | {r.move_id.removeprefix("table:") for r in results[n + 1 :]}
        for follow_up in result.follow_ups:
            if follow_up.move.lower() in resolved or follow_up.move.lower().replace(" ", "_") in resolved:
                continue  # played out later in the same turn
            said = phrase_of(follow_up)
            if said and said not in phrases:  # "" leaves one out: told on a line of its own
                phrases.append(said)
    return f"Next: {'; or '.join(phrases)}." if phrases else ""


def burn_offer(result: Result) -> str:
    """The burn (of momentum, or focus) the player may still choose (never applied here)."""
    burn = result.burn
    if burn is not None and burn.available and not burn.burned:
        return f"You may burn your {burn.meter} ({burn.before}) to improve this result."
    return ""


def outcome_text(result: Result) -> str:
    """The rules text of the outcome, without the lines that repeat open options or rolled table rows.

    A notation roll's text is its roll line; a table's "roll on the table below" (or "the list below") is already
    done."""
    if result.roll == "notation":
        return ""
    repeated = {o.label.strip().lower() for c in result.choices for o in c.options}
    repeated |= {r.lower() for r in table_rows(result)}
    lines = []
    for line in result.text.splitlines():
        bare = _BULLET.sub("", line).strip()
        if not bare or bare.lower() in repeated:
            continue
        if result.roll == "table":
            bare = " ".join(s for s in re.split(r"(?<=[.!?])\s+", bare) if not _ROLL_BELOW.search(s))
        if bare:
            lines.append(f"- {bare}" if _BULLET.match(line) else bare)
    return "\n".join(lines).strip()


def facts_block(results: Sequence[Result]) -> str:
    """The engine's decisions as plain text for a language model (one block per result)."""
    if not results:
        return "No move was resolved this turn: nothing was rolled and nothing on the sheet changed."
    blocks = []
    for n, result in enumerate(results, start=1):
        lines = [f"Result {n}: {result.move} ({result.system})" + (f", rolled +{result.stat}" if result.stat else "")]
        roll = roll_line(result)
        if roll:
            lines.append(f"Dice and outcome: {roll}")
        lines += [f"Engine note: {note}" for note in result.notes]
        text = outcome_text(result)
        if text:
            lines.append("Rules text of this outcome: " + text.replace("\n", " "))
        changes = effect_lines(result)
        lines.append("Changes already applied: " + (" ".join(changes) if changes else "none."))
        for choice in result.choices:
            options = "; ".join(f"[{o.label}]" for o in choice.options)
            pick = "any number" if choice.pick == 0 else str(choice.pick)
            lines.append(f"Open choice for the player (pick {pick}; do NOT pick): {choice.prompt}: {options}")
        offer = burn_offer(result)
        if offer:
            lines.append(f"Open option for the player (do NOT take it): {offer}")
        if result.follow_ups:
            lines.append("Follow-ups offered (not resolved yet): " + "; ".join(follow_up_phrase(f) for f in result.follow_ups))
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)
