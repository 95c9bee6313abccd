"""Buttons for what the rules say comes next: a follow-up move (Pay the Price, Reveal a Secret...), a table
roll, a suffer move with its amount ("Make a suffer move (-1)": one button per suffer move of the system),
and "roll again" after a table roll such as Pay the Price. Each queues an action the chat session runs."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import streamlit as st

from assistant.chat.unsheeted_damage import damage_roll_step
from assistant.engine import get_ruleset
from assistant.engine.model import FollowUp
from assistant.ui import state


@dataclass(frozen=True)
class NextStep:
    """One button: its label, and the action it queues."""

    label: str
    action: state.Action


def suffer_moves(system: str) -> list[Any]:
    """The system's suffer moves that take an amount (Starforged Endure Harm, Lose Momentum...)."""
    try:
        moves = get_ruleset(system).moves
    except Exception:  # noqa: BLE001 - unknown system: no suffer moves to offer
        return []
    return [m for m in moves if m.category == "suffer" and "amount" in m.options]


def character_names() -> dict[str, str]:
    """The open campaign's characters by id, as the player calls them (empty when it can't be read)."""
    try:
        from assistant.store import service

        campaign = state.current_campaign()
        camp = service.get_store(state.effective_settings()).load(campaign) if campaign else None
    except Exception:  # noqa: BLE001 - a label falls back to the id
        return {}
    from assistant.chat.characters import shown_name

    return {cid: shown_name(camp, cid) for cid in camp.characters} if camp else {}


def next_steps(
    system: str, follow_ups: list[FollowUp], last: Any = None, targets: dict[str, str] | None = None
) -> list[NextStep]:
    """The buttons for a turn's follow-ups (each offered once) and a table's "roll again"; ``targets`` names the
    campaign's characters by id (for "Deal Damage on Mara")."""
    steps: list[NextStep] = []
    seen: set[str] = set()
    if targets is None and any(fu.kind == "move" for fu in follow_ups):  # read once: who has a sheet here
        targets = character_names()
    for fu in follow_ups:
        if fu.kind == "suffer" and fu.amount:
            amount = abs(int(fu.amount))
            for move in (m for m in suffer_moves(system) if m.id != fu.other_than):  # "a different suffer move"
                label = f"{move.name} ({-amount:+d})"
                if label not in seen:
                    seen.add(label)
                    request = {"move": move.id, "options": {"amount": amount}}
                    steps.append(NextStep(label, state.Action("confirm", payload=request)))
        elif fu.kind == "table" and fu.request:
            label = f"Roll on {fu.move}"
            if label not in seen:
                seen.add(label)
                steps.append(NextStep(label, state.Action("table", text=str(fu.request["move"]).removeprefix("table:"))))
        elif (step := damage_roll_step(fu, targets or {})) is not None:
            if step[0] not in seen:  # "I hack at the orc": no sheet to take it, the damage roll itself
                seen.add(step[0])
                steps.append(NextStep(step[0], state.Action("confirm", payload=step[1])))
        elif fu.kind == "move" and fu.request:
            payload = dict(fu.request)
            label = fu.move
            if fu.target:  # resolved for the one the move was aimed at (Deal Damage on the one attacked)
                payload["character_id"] = fu.target
                label = f"{fu.move} on {(targets or {}).get(fu.target, fu.target)}"
            if label not in seen:
                seen.add(label)
                steps.append(NextStep(label, state.Action("confirm", payload=payload)))
    if last is not None and getattr(last, "roll", None) == "table":  # a result that doesn't fit: roll again
        move_id = str(last.move_id)
        again = (
            state.Action("table", text=move_id[6:])
            if move_id.startswith("table:")
            else state.Action("confirm", payload={"move": move_id})
        )
        steps.append(NextStep(roll_again_label(str(last.move)), again))
    return steps


def roll_again_label(name: str) -> str:
    """The button that rolls a table again: "Roll Pay the Price again"; a table named a roll says it once ("Make the
    Incarceration Roll again", not "Roll Incarceration Roll again")."""
    if name.lower().endswith(" roll"):
        return f"Make the {name} again"
    return f"Roll {name} again"


def _run(step: int) -> None:
    pend = state.pending()
    if step < len(pend.next_steps):
        state.queue(pend.next_steps[step].action)


def render_next_steps(steps: list[NextStep]) -> None:
    if not steps:
        return
    with st.container(border=True):
        st.markdown("**What comes next**")
        for i, step in enumerate(steps):
            st.button(step.label, key=f"next_{i}", on_click=_run, args=(i,), use_container_width=True)
