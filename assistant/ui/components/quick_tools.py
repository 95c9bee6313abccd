"""Quick tools: the yes/no oracle with odds, any table of the system, Pay the Price, free dice notation.
Each queues an action; the chat area runs it through the chat session and shows the dice card."""

from __future__ import annotations

import streamlit as st

from assistant.chat.session import yes_chance
from assistant.engine import game_title, get_ruleset
from assistant.engine.oracle import Odds
from assistant.ui import state

ODDS_LABELS = [o.value for o in Odds]


def _ask_oracle() -> None:
    question = str(st.session_state.get("oracle_question") or "").strip()
    state.queue(state.Action("oracle", text=question, options={"odds": st.session_state.get("oracle_odds", "50/50")}))


def _roll_table() -> None:
    state.queue(state.Action("table", text=str(st.session_state.get("table_pick") or "")))


def _pay_the_price() -> None:
    state.queue(state.Action("price"))


def _roll_dice() -> None:
    state.queue(state.Action("dice", text=str(st.session_state.get("dice_notation") or "")))


def table_names(system: str) -> dict[str, str]:
    """Table id -> name, for the system's tables (none when its ruleset has not landed)."""
    try:
        return {tid: table.name for tid, table in get_ruleset(system).tables.items()}
    except Exception:  # noqa: BLE001 - a system without an engine ruleset yet has no tables to offer
        return {}


def render_quick_tools(system: str) -> None:
    with st.expander("Quick tools: oracle, tables, Pay the Price, dice"):
        odds = st.select_slider("Odds", ODDS_LABELS, value="50/50", key="oracle_odds")
        chance = yes_chance(system, odds)
        if chance is None:
            st.caption(f"{game_title(system)} has no yes/no oracle; roll a table or dice instead.")
        else:
            st.text_input("Ask the oracle", key="oracle_question", placeholder="Is the station abandoned?")
            st.caption(f"{chance:.0f}% chance of a yes.")
            st.button("Ask", key="oracle_ask", on_click=_ask_oracle)
        st.divider()
        tables = table_names(system)
        if tables:
            st.selectbox("Table", list(tables), format_func=lambda tid: tables.get(tid, tid), key="table_pick")
            st.button("Roll on table", key="table_roll", on_click=_roll_table)
        else:
            st.caption(f"{game_title(system)} has no tables yet.")
        st.button("Pay the Price", key="pay_the_price", on_click=_pay_the_price)
        st.divider()
        st.text_input("Dice", key="dice_notation", placeholder="2d6+1, 4d6kh3, 1d100")
        st.button("Roll dice", key="dice_roll", on_click=_roll_dice)
