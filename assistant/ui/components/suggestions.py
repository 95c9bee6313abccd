"""Suggested moves as buttons (move, stat and odds); clicking one is the player's confirmation to roll it.
Open choices of the last move appear here too."""

from __future__ import annotations

import re
from typing import Any

import streamlit as st

from assistant.engine import get_ruleset
from assistant.engine.registry import results_by_die
from assistant.narrate.facts import not_now
from assistant.narrate.odds_words import odds_by_effect, odds_by_faces
from assistant.ui import state

OUTCOME_ORDER = (
    "critical",
    "strong_hit",
    "full_success",
    "success",
    "weak_hit",
    "partial_success",
    "partial",
    "miss",
    "bad_outcome",
    "failure",
    "yes",
    "no",
)
SHORT = {"strong_hit": "strong", "weak_hit": "weak", "full_success": "full", "partial_success": "partial", "bad_outcome": "bad"}


def shortened(text: str, limit: int = 160) -> str:
    """A move's trigger cut at a word, with an ellipsis, when it is longer than ``limit`` (never mid-word)."""
    text = " ".join(str(text).split())
    if len(text) <= limit:
        return text
    cut = text[:limit].rsplit(" ", 1)[0].rstrip(" ,;:-–—")
    return cut + "…"


def odds_percentages(odds: Any) -> dict[str, float]:
    """``{outcome: percent}`` from a suggestion's odds (``{"outcomes": {...%}}`` or ``{outcome: probability}``)."""
    if not isinstance(odds, dict):
        return {}
    outcomes = odds.get("outcomes")
    table: dict[str, Any] = outcomes if isinstance(outcomes, dict) else odds
    values = {str(k): float(v) for k, v in table.items() if isinstance(v, (int, float))}
    if values and sum(values.values()) <= 1.0001:
        values = {k: v * 100 for k, v in values.items()}
    rank = {name: i for i, name in enumerate(OUTCOME_ORDER)}
    return dict(sorted(values.items(), key=lambda kv: rank.get(kv[0], len(rank))))


#: Roll types that take no adds and no burn: a progress roll scores the track alone, the rest roll no action die.
NO_ADDS = frozenset({"progress", "none", "table", "oracle"})


def roll_type(suggestion: Any) -> str:
    """How the suggested move rolls (``action``, ``progress``, ``none``...); ``action`` for a move known only from
    the rules text."""
    try:
        move = get_ruleset(suggestion.system).find_move(suggestion.move_id)
    except Exception:  # noqa: BLE001 - a move known only from the rules text: assume it rolls
        return "action"
    return str(move.roll.type)


def rolled_as(suggestion: Any) -> str:
    """How the suggested move rolls as the sheet stands: ``none`` for one that makes no roll now (Endure Harm that
    leaves health above 0), so no "Adds" or "Burn" is shown above moves none of which rolls."""
    from assistant.chat.moves_info import no_roll_now

    return "none" if no_roll_now(suggestion) else roll_type(suggestion)


def rolls(suggestion: Any) -> bool:
    """Whether the suggested move rolls dice (a move without a roll is made, not rolled)."""
    return roll_type(suggestion) != "none"


def odds_text(odds: Any, rolled: bool = True, system: str = "", move_id: str = "") -> str:
    pct = odds_percentages(odds)
    if set(pct) - {"match"} == {"none"}:  # Lose Cohesion with no aspects to roll: not "none 100%"
        from assistant.suggest.odds_said import NO_ROLL_WORDS

        return NO_ROLL_WORDS
    if not pct:
        return "no roll: the move just happens" if not rolled else "odds unknown for this move"
    by_effect = odds_by_effect(system, move_id, pct) if system and move_id else None
    if by_effect:  # what the dice do ("clear 6 stress 31%"), where the results differ only by how much
        return " · ".join(f"{words} {v:.0f}%" for words, v in by_effect)
    by_faces = odds_by_faces(pct) if results_by_die(system, move_id) else None
    if by_faces:  # an entanglement's roll picks a row ("a 1-3 75%"), it does not succeed or fail
        return " · ".join(f"{words} {v:.0f}%" for words, v in by_faces)
    return " · ".join(f"{SHORT.get(k, k.replace('_', ' '))} {v:.0f}%" for k, v in pct.items())


def takes_adds(types: list[str]) -> bool:
    """Whether any of the suggested moves (by roll type) takes adds and a burn (a progress roll takes neither)."""
    return any(t not in NO_ADDS for t in types)


def suggestion_caption(suggestion: Any, roll: str) -> str:
    """The line under a suggestion's button: its odds and trigger; a progress roll says it takes no adds or burn."""
    why = str(getattr(suggestion, "why", "") or "")
    words = whole_percents(str(getattr(suggestion, "odds_words", None) or ""))
    odds = words or odds_text(getattr(suggestion, "odds", None), roll != "none", suggestion.system, suggestion.move_id)
    kind = "progress roll, no adds or burn: " if roll == "progress" else ""
    return f"{kind}{odds} — {shortened(why)}"


def whole_percents(words: str) -> str:
    """The odds in words, each percentage whole as on every other button ("clear 1 stress 3%", not "2.78%"); a chance
    under one percent stays "<1%" rather than "0%"."""
    return re.sub(r"(\d+\.\d+)%", lambda m: f"{float(m.group(1)):.0f}%" if float(m.group(1)) >= 0.5 else "<1%", words)


def suggestion_label(suggestion: Any) -> str:
    stat = getattr(suggestion, "stat", None)
    value = getattr(suggestion, "stat_value", None)
    with_stat = f" +{str(stat).replace('_', ' ')}" + (f" ({value})" if value is not None else "") if stat else ""
    from assistant.chat.moves_info import no_roll_now

    made = not rolls(suggestion) or no_roll_now(suggestion)  # no roll as the sheet stands: "+rank" names none
    if made:
        return f"Make the move: {suggestion.move}"
    name = str(suggestion.move)
    if name.lower().startswith("roll "):  # "Roll Initiative +dex", not "Roll Roll Initiative"
        return f"{name}{with_stat}"
    if re.search(r"\broll\b", name, re.IGNORECASE):  # "Make an Action Roll +prowl", not "Roll Action Roll"
        return f"Make {_article(name)} {name}{with_stat}"
    return f"Roll {name}{with_stat}"


def _article(name: str) -> str:
    return "an" if name[:1].lower() in "aeiou" else "a"


def burn_meter(system: str) -> str | None:
    """The meter a player may burn after the roll in this system (Starforged momentum, Elegy focus), if any."""
    try:
        ruleset = get_ruleset(system)
    except Exception:  # noqa: BLE001 - unknown system: nothing to burn
        return None
    if "burn" not in ruleset.common_options:
        return None
    return "focus" if "focus" in ruleset.sheet.meters else "momentum"


def _confirm(index: int) -> None:
    pend = state.pending()
    if index < len(pend.suggestions):
        adds = int(st.session_state.get("confirm_adds", 0) or 0)
        burn = bool(st.session_state.get("confirm_burn", False))
        state.queue(state.Action("confirm", payload=pend.suggestions[index], options={"adds": adds, "burn": burn}))


def _choose(choice_index: int) -> None:
    pend = state.pending()
    if choice_index < len(pend.choices):
        picked = st.session_state.get(f"choice_{choice_index}") or []
        ids = picked if isinstance(picked, list) else [picked]
        option_ids = [o.id for o in pend.choices[choice_index].options if o.label in ids]
        state.queue(state.Action("choose", payload=option_ids, options={"event_seq": pend.event_seq}))


def render_suggestions(suggestions: list[Any]) -> None:
    if not suggestions:
        return
    with st.container(border=True):
        st.markdown("**Suggested moves** — pick one to roll it (nothing is rolled until you do).")
        types = [rolled_as(s) for s in suggestions]
        if takes_adds(types):  # adds and burn only where a suggested move takes them
            cols = st.columns([1, 1])
            cols[0].number_input(
                "Adds",
                min_value=-10,
                max_value=10,
                value=0,
                step=1,
                key="confirm_adds",
                help="Bonuses from assets, aid or a +1 on your next move (a progress roll takes none).",
            )
            meter = burn_meter(str(getattr(suggestions[0], "system", "")))
            if meter:
                cols[1].checkbox(f"Burn {meter} if it helps", key="confirm_burn")
        for i, suggestion in enumerate(suggestions):
            st.button(suggestion_label(suggestion), key=f"suggestion_{i}", on_click=_confirm, args=(i,), use_container_width=True)
            st.caption(suggestion_caption(suggestion, types[i]))


def _option_text(option: Any) -> str:
    """An option's label; one the character can't take now says why (the engine refuses it if picked)."""
    return f"{option.label}{not_now(option)}"  # the card's words (assistant.narrate.facts)


def render_choices(choices: list[Any], whose: str = "") -> None:
    """The open choices, a radio or a multiselect each; ``whose``: the one whose move they belong to when not the one
    playing, told of them as the chat lists them ("Mara's spell fails. Take two penalties", "They lose the spell")."""
    from assistant.narrate.their_words import of_someone, of_them

    for i, choice in enumerate(choices):
        with st.container(border=True):
            labels = [o.label for o in choice.options]
            shown = {o.label: of_them(_option_text(o)) if whose else _option_text(o) for o in choice.options}
            prompt = of_someone(choice.prompt, whose) if whose else choice.prompt
            pick = getattr(choice, "pick", 1)
            if pick == 1:
                picked = st.radio(prompt, labels, key=f"choice_{i}", index=None, format_func=shown.__getitem__)
            else:
                picked = st.multiselect(
                    prompt + (f" (pick {pick})" if pick else " (any)"),
                    labels,
                    key=f"choice_{i}",
                    max_selections=pick or None,
                    format_func=shown.__getitem__,
                )
            if getattr(choice, "required", False):  # a cost, or what the move comes to: the next move waits for it
                st.caption("The rules require this pick: make it before your next move (or undo the roll).")
            waiting = pick != 0 and not picked  # nothing picked yet: the button waits for a pick, it does not refuse one
            st.button(
                "Confirm choice",
                key=f"choose_{i}",
                on_click=_choose,
                args=(i,),
                disabled=waiting,
                help="Pick an option above first." if waiting else None,
            )
