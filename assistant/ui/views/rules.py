"""The Rules tab for GMs: ask a question, get the cited passages (and the LLM's answer when one is set)."""

from __future__ import annotations

from typing import Any

import streamlit as st

from assistant.ui import state
from assistant.ui.components.citations import shown_citations, shown_text
from assistant.ui.components.turn_view import render_answer
from assistant.ui.errors import friendly_errors

ANSWER = "rules_answer"
ALL = "all systems"


#: An example question per game for the empty field (a Blades player is not asked about momentum).
EXAMPLES = {
    "starforged": "What happens when momentum is negative?",
    "elegy": "How does focus work?",
    "blades": "What happens when heat reaches 9?",
    "city": "When do I roll with advantage?",
    "dungeon-world": "How does a mitigation move reduce damage?",
}


def system_name(system: str) -> str:
    """The picker's label: the game's name ("Blades in the Dark"), "All systems" for all of them."""
    if system == ALL:
        return "All systems"
    try:
        from assistant.engine import get_ruleset

        return get_ruleset(system).title or system
    except Exception:  # noqa: BLE001 - a system known only to the index (a homebrew text): its own name
        return system


def _systems() -> list[str]:
    from assistant.suggest import known_systems

    return [ALL, *known_systems()]


def _ask(campaign: str | None, question: str, system: str) -> Any:
    """The answer through the campaign's chat session (its system, or "all systems": all five, whatever campaign
    is open); for another system or without a campaign, straight from the rules index."""
    state.wait_until_ready()
    if campaign:
        session = state.chat_session(campaign)
        if system in (ALL, session.system):
            turn = session.ask_rules(question, system="all" if system == ALL else None)
            if turn.kind == "error":
                st.error(turn.error or "That question could not be answered.", icon="⚠️")
                return None
            return turn.answer if turn.answer is not None else turn
    from rules_index.qa import answer

    state.shared_embedder()
    return answer(question, system="all" if system == ALL else system)


def render(campaign: str | None, system: str | None) -> None:
    st.markdown("Ask how a rule works; the answer cites the rules text it comes from.")
    systems = _systems()
    if st.session_state.get("rules_campaign_system") != system:  # the picker follows the open campaign's system
        st.session_state["rules_campaign_system"] = system
        st.session_state["rules_system"] = system if system in systems else ALL
    st.selectbox("System", systems, key="rules_system", format_func=system_name)
    example = EXAMPLES.get(str(st.session_state.get("rules_system")), EXAMPLES["starforged"])
    with st.form("rules_form", clear_on_submit=False, border=False):  # Enter in the field asks, like the button
        question = st.text_input("Rules question", key="rules_question", placeholder=example, max_chars=1000)
        asked = st.form_submit_button("Ask the rules", key="rules_ask")
    if asked:
        if not question.strip():
            st.warning("Type a question first.")
        else:
            with friendly_errors("answering the rules question"), st.spinner("Searching the rules…"):
                st.session_state[ANSWER] = _ask(campaign, question.strip(), str(st.session_state.get("rules_system")))
    shown = st.session_state.get(ANSWER)
    if shown is None:
        return
    with st.container(border=True):
        if hasattr(shown, "passages"):
            render_answer(shown)
        else:  # a turn without an Answer object: its text and citations
            st.markdown(shown_text(getattr(shown, "narration", "") or "") or "The rules do not say.")
            if getattr(shown, "citations", None):
                st.caption(shown_citations(shown.citations))
