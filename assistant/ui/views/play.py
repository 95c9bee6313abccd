"""The Play tab: the transcript, the turn being played (streamed), suggestions to confirm, quick tools,
undo, and the chat input. Every roll, oracle, table and undo goes through the chat session."""

from __future__ import annotations

from typing import Any

import streamlit as st

from assistant.chat.open_choice import APP_UNDO
from assistant.engine import get_ruleset
from assistant.store.followups import KnownLog
from assistant.ui import state
from assistant.ui.components.follow_ups import render_next_steps
from assistant.ui.components.question import render_question
from assistant.ui.components.quick_tools import render_quick_tools
from assistant.ui.components.status_line import render_status_line
from assistant.ui.components.suggestions import render_choices, render_suggestions
from assistant.ui.components.transcript import render_transcript, scroll_to_newest
from assistant.ui.components.turn_view import keep_open, render_stream, render_turn
from assistant.ui.errors import friendly_errors

MAX_INPUT = 4000


def _queue_send() -> None:
    text = str(st.session_state.get("chat_text") or "").strip()
    if text:
        state.queue(state.Action("send", text=text[:MAX_INPUT]))


def _queue_undo(event_seq: int | None) -> None:
    """Undo the last action the page showed (refused if someone else acted since)."""
    state.queue(state.Action("undo", options={"event_seq": event_seq}))


def _queue_burn() -> None:
    state.queue(state.Action("burn", options={"event_seq": state.pending().event_seq}))


def run_action(session: Any, action: state.Action) -> None:
    """Run one queued action through the chat session and draw its turn."""
    if action.kind == "send":
        render_stream(session.stream(action.text), action.text, before=state.warm_embedder)
        return
    if action.kind == "confirm":
        adds = int(action.options.get("adds", 0)) or None  # None keeps the suggestion's odds for the narrator
        burn = True if action.options.get("burn") else None
        render_stream(session.stream_confirm(action.payload, adds=adds, burn=burn), None)
        return
    if action.kind == "answer":
        turn = session.answer(action.payload)
        render_turn(turn, show_player=False)
        return
    if action.kind == "choose":
        turn = session.choose(list(action.payload or []), event_seq=action.options.get("event_seq"))
    elif action.kind == "undo":
        turn = session.undo(event_seq=action.options.get("event_seq"))
    elif action.kind == "burn":
        turn = session.burn(event_seq=action.options.get("event_seq"))
    elif action.kind == "oracle":
        turn = session.oracle(action.text, action.options.get("odds", "50/50"))
    elif action.kind == "table":
        turn = session.roll_table(action.text)
    elif action.kind == "price":
        turn = session.pay_the_price()
    elif action.kind == "dice":
        turn = session.roll_dice(action.text)
    else:
        return
    render_turn(turn, show_player=action.kind not in ("confirm", "choose", "undo", "burn"))


#: Actions that make the last move again (a pick, a burn): run before the transcript is drawn, so the page shows the
#: move once, as made, with its first roll folded ("as first rolled, before your pick"); drawn after it, the
#: transcript still showed the move unpicked in full above the picked card until the next rerun.
REMADE = ("choose", "burn")


def _remake(session: Any, action: state.Action) -> Any:
    seq = action.options.get("event_seq")
    if action.kind == "choose":
        return session.choose(list(action.payload or []), event_seq=seq)
    return session.burn(event_seq=seq)


def render_pending() -> None:
    pend = state.pending()
    if pend.shown_in_turn:  # the turn's bubble just said it: once on the page
        pend.shown_in_turn = False
    elif pend.message:
        (st.error if pend.level == "error" else st.info)(pend.message, icon="⚠️" if pend.level == "error" else None)
    render_question(pend.question)
    if any(getattr(c, "required", False) for c in pend.choices):  # the moves offered wait for it: it comes first
        render_choices(pend.choices, pend.whose)
        render_suggestions(pend.suggestions)
    else:
        render_suggestions(pend.suggestions)
        render_choices(pend.choices, pend.whose)
    render_next_steps(pend.next_steps)
    if pend.burn:
        st.button(f"Burn {pend.burn_meter}: make it a {pend.burn.replace('_', ' ')}", key="burn", on_click=_queue_burn)


def render(campaign: str | None) -> None:
    if not campaign:
        st.info("Create a campaign in the sidebar (or pick one) to start playing. Everything works offline.")
        return
    session = None
    with friendly_errors("opening the campaign"):
        session = state.chat_session(campaign)
    if session is None:
        return
    render_quick_tools(session.system)
    play_area = st.container()
    # made before the turn is drawn, so the last page's "The LLM is looking at your move…" goes at once: Streamlit
    # keeps an element of the last run on the page until this run reaches its place, and a confirmed move's story
    # streams for many seconds before the end of the page is reached
    plan_area = st.empty()
    with play_area:
        _render_play(campaign, session)
    with plan_area.container():
        refine_suggestions(session)


def _render_play(campaign: str, session: Any) -> None:
    """The transcript, the turn being played, what it left open, undo, the status line and the chat input."""
    resumed = state.pending()
    if resumed.resume_text and not resumed.suggestions:  # a reload while moves were on offer: offer them again
        with friendly_errors("offering the moves again"):
            resumed.player_text = resumed.resume_text
            resumed.suggestions = session.resume_suggestions(resumed.resume_text)
        resumed.resume_text = ""
    action = state.take_action()
    if action is not None and action.kind == "undo":  # undo first, so the transcript below shows it
        with friendly_errors("undoing the last action"):
            state.clear_pending()
            turn = session.undo(event_seq=action.options.get("event_seq"))
            if turn.kind == "error":
                state.pending().message, state.pending().level = turn.error or "Nothing to undo.", "error"
            else:
                st.toast(turn.narration or "Undone.", icon="↩️")
                # a pick undone: its roll's choices are open again; a move undone: what the move before it left open
                # (Hack & Slash's Deal Damage under an undone Saving Throw) is on offer again, as a reload shows it
                keep_open(turn)
        action = None
    if action is not None and action.kind in REMADE:  # the move made again with the pick: drawn once, by the log
        with friendly_errors("making the pick" if action.kind == "choose" else "burning"):
            state.clear_pending()
            keep_open(_remake(session, action))
        action = None
    shown = KnownLog.from_events([])
    with friendly_errors("reading the transcript"):
        events = state.campaign_events(campaign)
        render_transcript(events)
        shown = KnownLog.from_events(events)
    if action is not None:
        state.clear_pending()
        with friendly_errors("playing the turn"):
            run_action(session, action)
            shown.observe(session.appended)  # the turn drawn below the transcript
    camp = session.state
    sheet = None
    with friendly_errors("drawing the sheet"):
        sheet = get_ruleset(camp.system).sheet
    state.pending().question = session.pending_question  # the log says which question is open
    render_pending()
    if session.can_undo:  # nothing to take back (a new campaign, or everything undone): no button
        st.button(APP_UNDO, key="undo", on_click=_queue_undo, args=(shown.top,))
    render_status_line(camp.active(), sheet, list(camp.tracks.values()), list(camp.clocks.values()))
    scroll_to_newest(len(state.campaign_events(campaign)))
    st.chat_input("What do you do? (or /help)", key="chat_text", on_submit=_queue_send, max_chars=MAX_INPUT)


def refine_suggestions(session: Any) -> None:
    """The page is drawn with the offline suggestions; a small fragment looks every half second whether the LLM's
    plan of the action has arrived, and then its list replaces the shown one (the page is drawn again). Nothing
    waits for it: a click on a suggestion meanwhile plays that move (and drops the plan)."""
    if not getattr(session, "refining", False):
        return

    @st.fragment(run_every=0.5)
    def watch_plan() -> None:
        if not session.refining:
            return
        if not session.plan_ready:
            st.caption("The LLM is looking at your move…")
            return
        turn = session.refine()
        if turn.kind == "error" or not turn.suggestions:
            return
        pend = state.pending()
        before = [(s.move_id, s.stat) for s in pend.suggestions]
        if [(s.move_id, s.stat) for s in turn.suggestions] == before and not turn.notes:
            return
        pend.suggestions = list(turn.suggestions)
        if turn.notes:
            pend.message, pend.level = " ".join(turn.notes), "info"
        st.rerun(scope="app")

    watch_plan()
