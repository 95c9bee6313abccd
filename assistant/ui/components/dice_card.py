"""The dice card: one engine Result drawn for the player.

The dice (kept, dropped, cancelled, rerolled), the score, the outcome and match, what changed, what
comes next, the move's text folded under it, and the rules citations. :func:`dice_card_view` is pure;
:func:`render_dice_card` draws it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html import escape
from typing import Any

import streamlit as st

from assistant.engine import Result, get_ruleset
from assistant.engine.change_words import change_line, rolled_over
from assistant.engine.kinds import RollKind
from assistant.engine.model import DieRecord
from assistant.narrate.card_title import owned_title
from assistant.narrate.facts import NOT_NAMED, by_die, lower_is_better, told_by_amount, zero_dice
from assistant.narrate.odds_words import result_words
from assistant.ui.components.citations import shown_citations

OUTCOME_COLORS = {
    "strong_hit": "#2e7d32",
    "weak_hit": "#b26a00",
    "miss": "#c62828",
    "yes": "#2e7d32",
    "no": "#c62828",
    "critical": "#1565c0",
    "full_success": "#2e7d32",
    "partial_success": "#b26a00",
    "bad_outcome": "#c62828",
    "success": "#2e7d32",
    "partial": "#b26a00",
    "failure": "#c62828",
}
#: A downtime roll told by how much it does, its result as the text names it ("1-3: one segment, 4/5: two").
AMOUNT_FACES = {"bad_outcome": "1-3", "partial_success": "4/5", "full_success": "6", "critical": "Critical"}
ROLE_NAMES = {
    "action": "action die",
    "challenge": "challenge die",
    "oracle": "oracle",
    "table": "table",
    "pool": "pool",
    "progress": "progress",
    "notation": "",
    "roll": "",
}


@dataclass
class DiceCardView:
    title: str
    outcome: str
    """The outcome as words (``Weak hit``), empty for rolls without one."""
    outcome_key: str
    match: bool
    dice_html: str
    score_line: str
    changes: list[str] = field(default_factory=list)
    next_steps: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    outcome_text: str = ""
    move_text: str = ""
    citations: list[str] = field(default_factory=list)
    whose: str = ""
    """The name of the character whose sheet the move was made on, when not the one playing ("Mara"); else ""."""

    def plain_text(self) -> str:
        """Everything on the card as text (for tests and accessibility)."""
        lines = [
            self.title,
            f"On {self.whose}'s sheet" if self.whose else "",
            self.outcome,
            "match" if self.match else "",
            self.score_line,
            *self.changes,
            *self.next_steps,
            *self.notes,
            self.outcome_text,
            *self.citations,
        ]
        return "\n".join(line for line in lines if line)


def outcome_words(outcome: str) -> str:
    return "" if outcome in ("", "none") else outcome.replace("_", " ").capitalize()


def _die_html(die: DieRecord) -> str:
    value, sides, role = die.value, die.sides, die.role
    marks, style = (
        [],
        [
            "display:inline-block",
            "min-width:2.1em",
            "padding:2px 6px",
            "margin:2px 3px",
            "border:1.5px solid #3b4252",
            "text-align:center",
            "font-weight:700",
            "border-radius:" + ("4px" if sides == 6 else "12px"),
        ],
    )
    if not die.kept:
        marks.append("dropped")
        style += ["opacity:0.45", "text-decoration:line-through"]
    if die.cancelled:
        marks.append("cancelled")
        style += ["text-decoration:line-through", "background:#eceff4"]
    if die.rerolled:
        marks.append("rerolled")
        style += ["border-style:dashed"]
    label = " ".join(filter(None, [ROLE_NAMES.get(role, role), f"d{sides}", *marks]))
    note = f'<sub style="font-weight:400;font-size:0.7em"> {escape(", ".join(marks))}</sub>' if marks else ""
    return f'<span class="die die-{escape(role)}" title="{escape(label)}" style="{";".join(style)}">{value}{note}</span>'


def dice_html(detail: list[DieRecord]) -> str:
    if not detail:
        return ""
    groups: dict[str, list[str]] = {}
    for die in detail:
        groups.setdefault(die.role, []).append(_die_html(die))
    chunks = []
    for role, dice in groups.items():
        name = ROLE_NAMES.get(role, role)
        if len(dice) > 1 and name.endswith(" die"):
            name = name[: -len("die")] + "dice"  # "challenge dice 8 2"
        label = f'<span style="font-size:0.8em;color:#4c566a">{escape(name)}</span> ' if name else ""
        # a group is not split across lines on a phone; its dice are apart in the page's text too ("1 8", not "18")
        chunks.append('<span class="dice-group" style="white-space:nowrap">' + label + " ".join(dice) + "</span>")
    return '<div class="dice">' + " &nbsp; ".join(chunks) + "</div>"


#: Dice a player holds: a table of another size is rolled as "one of 1-N", not "on d7".
_DICE = frozenset({2, 3, 4, 6, 8, 10, 12, 20, 100})


def score_line(result: Result) -> str:
    if result.roll is RollKind.ACTION and result.challenge:
        vs = " · ".join(str(c) for c in result.challenge)
        burn = result.burn
        if burn is not None and burn.burned:
            was = f" in place of the action score {burn.score_before}" if burn.score_before is not None else ""
            return f"{burn.meter.capitalize()} {burn.before} burned{was} vs {vs}"
        action = next((d for d in result.dice_detail if d.role == "action"), None)
        parts = []
        if action is not None:
            parts.append(f"{action.value} cancelled" if action.cancelled else str(action.value))
        if result.stat:
            parts.append(f"{result.stat.replace('_', ' ')} {result.stat_value}")
        if result.adds:
            parts.append(f"adds {result.adds}")
        raw = (result.stat_value or 0) + result.adds + (0 if action is None or action.cancelled else action.value)
        capped = " (capped at 10)" if result.score is not None and raw > result.score == 10 else ""
        inside = " + ".join(parts)
        return f"Action score {result.score}{capped} ({inside}) vs {vs}" if inside else f"Action score {result.score} vs {vs}"
    if result.challenge:
        return f"Progress score {result.score} vs {' · '.join(str(c) for c in result.challenge)}"
    if result.roll == "table" and (result.table or {}).get("pool") is not None and result.score is not None:
        return f"Lower die {result.score}" if zero_dice(result) else f"Best die {result.score}"  # the move's pool
    if result.roll in ("oracle", "table"):
        sides = next((d.sides for d in result.dice_detail if d.role in ("oracle", "table")), 100)
        if result.score is None:
            return ""
        if sides not in _DICE:  # the Vices list's seven entries: no die has seven faces
            return f"Rolled {result.score} of 1-{sides} (one entry picked at random)"
        return f"Rolled {result.score} on d{sides}"
    if result.roll == "pool" and result.score is not None:
        return f"Lower die {result.score}" if zero_dice(result) else f"Best die {result.score}"
    if result.score is not None:
        label = "Total" if result.roll in ("notation", "total") else "Score"
        return f"{label} {result.score}{_total_parts(result)}"
    return ""


def _total_parts(result: Result) -> str:
    """What a 2d6 total adds up ("Total 9 (4 + 4 + con 1)", "Total 9 (5 + 6 - 2)"): the kept dice, the stat and the
    adds, when they make the score; "" when they do not (a move of the system's own reckoning)."""
    if result.roll != "total":
        return ""
    kept = [d.value for d in result.dice_detail if d.kept and not d.cancelled and d.role not in ("damage", "table", "oracle")]
    stat = result.stat_value or 0
    if not kept or sum(kept) + stat + result.adds != result.score or (len(kept) < 2 and not stat and not result.adds):
        return ""
    said = " + ".join(str(v) for v in kept)
    if result.stat and stat:
        said += f" {'+' if stat > 0 else '-'} {result.stat.replace('_', ' ')} {abs(stat)}"
    if result.adds:
        said += f" {'+' if result.adds > 0 else '-'} {abs(result.adds)}"
    return f" ({said})"


def move_source(result: Result) -> tuple[str, list[str]]:
    """The move's full rules text and its citation, when the result comes from a ruleset move."""
    if result.roll in ("notation", "table") or result.move_id.startswith(("table:", "roll")):
        return "", []
    try:
        move = get_ruleset(result.system).find_move(result.move_id)
    except Exception:  # noqa: BLE001 - a move without rules data: nothing to fold
        return "", []
    source = move.source
    return move.text, [f"{result.system} › {move.name} ({source.file}:L{source.lines[0]}-L{source.lines[1]})"]


_CHOOSING = re.compile(r"^\s*(?:choose|pick|select|spend|mark)\b", re.IGNORECASE)


def _choice_step(prompt: str) -> str:
    """An open choice as a next step: its prompt when it already says to choose ("Choose one"), else "Choose: …"."""
    return prompt.strip() if _CHOOSING.match(prompt) else f"Choose: {prompt}"


_AS_ABOVE = re.compile(r"\bas above\b", re.IGNORECASE)


def _with_text_above(result: Result) -> str:
    """The outcome's rules text; one that points "as above" (Elegy's Feed: "do the same as above, but ...") comes
    after the strong hit's text it points at, which the card would otherwise never show."""
    text = result.text
    if result.outcome != "weak_hit" or not _AS_ABOVE.search(text):
        return text
    try:
        above = get_ruleset(result.system).move_by_id(result.move_id).outcomes.get("strong_hit")
    except Exception:  # noqa: BLE001 - no rules data: the text as it is
        return text
    return f"{above.text}\n\n{text}" if above is not None and above.text and above.text not in text else text


#: A roll of plain dice ("1d10", "2d6"): its card's dice and total say all of it.
_PLAIN_DICE = re.compile(r"\d*d\d+", re.I)


def dice_card_view(
    result: Result | dict[str, Any],
    citations: list[str] | None = None,
    playing: str | None = None,
    made_on: tuple[str, str] | None = None,
) -> DiceCardView:
    """The card of ``result``; ``playing``: the id of the character the player plays, so that a move made on another
    one's sheet (Mara's Feed) says whose, and its changes are not read as the sheet beside it. ``made_on``: (who made
    it, "" for the one playing; whose sheet it changed) for a move made on another's sheet, as the chat reads it
    (:func:`assistant.chat.undone_words.made_on`): the player's blow on Mara is "Deal Damage on Mara", not hers."""
    res = result if isinstance(result, Result) else Result.model_validate(result)
    move_text, own_citations = move_source(res)
    title = res.move + (f" (+{res.stat.replace('_', ' ')})" if res.stat else "")  # "+wanted level"
    maker = res.character or {}
    whose = str(maker.get("name") or maker.get("id") or "") if playing and maker.get("id") not in (None, playing) else ""
    if made_on is not None:  # a stored card: who made it and whose sheet it changed, as the chat's undo line says
        title = (f"{made_on[0]}'s " if made_on[0] else "") + f"{title} on {made_on[1]}"
        whose = made_on[1]
    else:
        title = owned_title(res, title, whose)  # "Mara's Hack & Slash", but "Deal Damage to Mara"
    changes = [change_line(e) for e in rolled_over(res) if not NOT_NAMED.search(e.reason or "")]  # the note says it
    next_steps = [f.reason or f.move for f in res.follow_ups]
    next_steps += [_choice_step(c.prompt) for c in res.choices]
    if res.burn and res.burn.available:
        next_steps.append(f"Burning {res.burn.meter} would make this a {outcome_words(res.burn.outcome)}.")
    if res.table and res.table.get("rows"):
        outcome_text = "\n".join(f"- {row.get('text', '')}" for row in res.table["rows"])
    elif ":" in res.move_id and not res.dice_detail:  # /meter, /clock: the title and the changes tell it
        outcome_text = ""
    elif res.roll == RollKind.NOTATION:  # "1d10 (8) = `8`" under "Total 8": said only when it adds (2d6+2, 4d6kh3)
        outcome_text = "" if _PLAIN_DICE.fullmatch(res.move.strip()) else res.text.replace("`", "")
    else:
        outcome_text = _with_text_above(res)
    outcome, outcome_key = outcome_words(res.outcome), str(res.outcome)
    if by_die(res) or (outcome and told_by_amount(res)):  # "1-3: one segment": named by the die, in no colour of failure
        # a row picked (an entanglement) or the die itself as the amount (a vice clears stress equal to it): the score
        # line says the die, and no badge
        amount = told_by_amount(res) and result_words(res) != ""
        outcome, outcome_key = (AMOUNT_FACES.get(outcome_key, "") if amount else ""), "amount"
    elif outcome and lower_is_better(res) and outcome_key in ("strong_hit", "critical", "miss"):  # the city's Backfire
        worst = outcome_key != "miss"
        outcome += " (the worst here)" if worst else " (the best here)"
        outcome_key = "miss" if worst else "strong_hit"  # its colour is how it went for the player
    return DiceCardView(
        title=title,
        outcome=outcome,  # an entanglement's roll picks, not fails
        outcome_key=outcome_key,
        match=res.match,
        dice_html=dice_html(res.dice_detail),
        score_line=score_line(res),
        changes=changes,
        next_steps=next_steps,
        notes=list(res.notes),
        outcome_text=outcome_text,
        move_text=move_text,
        citations=list(dict.fromkeys([*(citations or []), *own_citations])),
        whose=whose,
    )


def header_html(view: DiceCardView) -> str:
    color = OUTCOME_COLORS.get(view.outcome_key, "#4c566a")
    badge = (
        (
            f'<span class="outcome" style="background:{color};color:white;border-radius:10px;padding:1px 10px;'
            f'margin-left:4px;font-size:0.9em;white-space:nowrap;display:inline-block">{escape(view.outcome)}</span>'
        )
        if view.outcome
        else ""
    )
    match = (
        (
            '<span class="match" style="border:1.5px solid #5e81ac;color:#5e81ac;border-radius:10px;padding:0 8px;'
            'margin-left:2px;font-size:0.85em;white-space:nowrap;display:inline-block">match</span>'
        )
        if view.match
        else ""
    )
    # a space between them too: the page's text (a screen reader, a copy) reads "Face Danger (+shadow) Weak hit"
    return f'<div class="dice-card-title"><strong>{escape(view.title)}</strong> {badge} {match}</div>'


def render_dice_card(result: Result | dict[str, Any], citations: list[str] | None = None, seq: int | None = None) -> DiceCardView:
    """Draw the card of ``result`` (the move stored at ``seq`` when known: a card of the log)."""
    from assistant.ui.components.whose_card import made_on_for
    from assistant.ui.state import playing_character

    view = dice_card_view(result, citations, playing_character(), made_on_for(result, seq))
    with st.container(border=True):
        st.markdown(header_html(view) + view.dice_html, unsafe_allow_html=True)
        if view.score_line:
            st.markdown(f"**{view.score_line}**" + (" — *match*" if view.match else ""))
        if view.outcome_text:
            st.markdown(view.outcome_text)
        if view.changes:
            on = f" on {view.whose}'s sheet" if view.whose else ""
            st.markdown(f"**What changed{on}**\n" + "\n".join(f"- {c}" for c in view.changes))
        if view.next_steps:
            st.markdown("**Next**\n" + "\n".join(f"- {s}" for s in view.next_steps))
        for note in view.notes:
            st.caption(note)
        if view.move_text:
            with st.expander(f"Move text: {view.title}"):
                st.markdown(view.move_text)
        if view.citations:
            st.caption(shown_citations(view.citations))
    return view
