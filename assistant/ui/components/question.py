"""The chat's open question (how much harm? which stat?): its text and a button per answer. A button answers
it through the chat session; typing in the chat answers it too (a number, a label or words)."""

from __future__ import annotations

from typing import Any

import streamlit as st

from assistant.ui import state


def open_question(events: list[Any]) -> Any:
    """The question the campaign's log leaves open (asked and not yet answered or set aside), or None."""
    from assistant.chat.questions import Question

    raw = None
    for stored in events:
        if stored.event.type == "question_asked":
            raw = stored.event.question
        elif stored.event.type == "question_settled":
            raw = None
    try:
        return Question.from_dict(raw) if raw else None
    except (TypeError, ValueError):
        return None


def _answer(i: int) -> None:
    question = state.pending().question
    if question is not None and i < len(question.answers):
        answer = question.answers[i]
        state.queue(state.Action("answer", text=answer.label, payload=answer.value))


def render_question(question: Any) -> None:
    """One button per answer under the move's name (none for a free answer: the chat input takes it); the question's
    text is the chat bubble's just above, so it is not drawn a second time here."""
    if question is None:
        return
    with st.container(border=True):
        st.markdown(f"**{question.move}** — answer the question above:")
        for i, answer in enumerate(question.answers):
            st.button(answer.label, key=f"answer_{i}", on_click=_answer, args=(i,), use_container_width=True)
        if caption := answer_caption(question):
            st.caption(caption)


def answer_caption(question: Any) -> str:
    """What the player may type instead of a button: a number says its range whether or not buttons are offered (a
    Blades coin question with none said only "Type your answer", its range shown only once the page was reloaded)."""
    if question.kind == "number" and question.lo is not None and question.hi is not None:
        return f"{'Or type' if question.answers else 'Type'} a number from {question.lo} to {question.hi} in the chat below."
    return "Type your answer in the chat below." if not question.answers or question.kind == "text" else ""
