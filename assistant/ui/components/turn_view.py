"""One turn drawn in the chat: dice cards, streamed narration, a rules answer, or a friendly error.
Suggestions and open choices are handed to the pending panel (they wait for the player)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

import streamlit as st

from assistant.chat.narration import DRAFT_NOT_USED, UNAVAILABLE_NOTE
from assistant.store.carried import is_door
from assistant.store.no_move import decides_nothing
from assistant.ui import state
from assistant.ui.components.citations import shown_citation, shown_citations, shown_text
from assistant.ui.components.dice_card import render_dice_card
from assistant.ui.components.follow_ups import next_steps

NARRATOR_NOTES = {
    "template-fallback": "The LLM was unavailable or its text failed the rules check; offline narration shown.",
    "llm-retry": "The first LLM narration failed the rules check; this is the checked retry.",
}


def narrator_explained(turn: Any) -> bool:
    """The turn's own notes already say why the narration is offline ("The narrator was unavailable: the model did
    not start answering in time..."): the general line would say it a second time, less precisely."""
    notes = [str(n) for n in getattr(turn, "notes", None) or []]
    if getattr(turn, "narrator", "") == "llm-retry" and any(n.startswith(DRAFT_NOT_USED) for n in notes):
        return True  # "A draft of the LLM's narration was not used: it repeated …" already says a retry is shown
    return any(n.startswith(UNAVAILABLE_NOTE) for n in notes)


_LISTING_HEADS = ("Moves that fit:", "None of the moves closely fits these words; these are the nearest:")
_LISTED_MOVE = re.compile(r"^- (?P<move>[^—]+?)(?:\s+—.*)?$")


def compact_listing(text: str) -> str:
    """The chat's list of moves that fit, as the app says it beside its buttons: the names once, no odds (each button
    shows its own): "Moves that fit: Get Something (+network), Appraise Circumstances (+lore). Pick one below to
    roll it." Any other text is returned as it is."""
    head, _, rest = text.partition("\n")
    if head.strip() not in _LISTING_HEADS:
        return text
    names = [m.group("move").strip() for line in rest.splitlines() if (m := _LISTED_MOVE.match(line.strip()))]
    if not names:
        return text
    return f"{head.strip()} {', '.join(names)}. Pick one below to roll it."


WRITING = "_The narrator is still writing…_"
"""Said under the story while more of it may come: a model's sentence can take half a minute on a small local
server after the engine's opening is shown, and a line typed meanwhile ends the turn's drawing (the story stops there)."""


def while_writing(text: str) -> str:
    """The story so far as it is drawn while the turn streams: the text, then :data:`WRITING` (the finished turn is
    drawn without it)."""
    return f"{shown_text(compact_listing(text))}\n\n{WRITING}" if text.strip() else WRITING


def keep_lines(text: str) -> str:
    """A reply made of lines (/sheet, /clock, /help) as lines: Markdown would run single line breaks together into
    one paragraph ("Stats: ... Meters: ... Harm: ..."), so each becomes a hard break. Paragraphs and lists stay."""
    return re.sub(r"(?<![\n ])\n(?!\n)", "  \n", text)


def render_answer(answer: Any) -> None:
    """A rules answer: the text (LLM or extractive), then each cited passage folded with its citation."""
    st.markdown(shown_text(str(getattr(answer, "text", ""))) or "The rules do not say.")
    if getattr(answer, "note", None):
        st.caption(shown_text(str(answer.note)))
    for passage in getattr(answer, "passages", []) or []:
        with st.expander(shown_citation(f"[{passage.n}] {passage.citation}")):
            st.markdown(passage.highlighted())


_PASSAGE_HEAD = re.compile(r"^\[\d+\] .+ › ")


def split_answer(text: str) -> tuple[str, list[tuple[str, str]]]:
    """A rules answer as the log keeps it (the answer, then each passage as "[n] citation", its title and its text) as
    the answer and its (citation, passage) pairs, to draw folded as the live answer is; ([], text) for any other text."""
    parts = text.split("\n\n")
    head = [parts[0]]
    passages: list[tuple[str, str]] = []
    for part in parts[1:]:
        label, _, body = part.partition("\n")
        if _PASSAGE_HEAD.match(label):
            passages.append((label, body))
        elif passages:  # a passage of several paragraphs
            passages[-1] = (passages[-1][0], f"{passages[-1][1]}\n\n{part}")
        else:
            head.append(part)
    return "\n\n".join(head), passages


def render_logged_text(text: str) -> None:
    """A reply from the log: a rules answer with its passages folded under their citations (after a reload it read
    as one long page of every passage in full), anything else line by line."""
    answer, passages = split_answer(text)
    st.markdown(shown_text(keep_lines(answer)))
    for label, body in passages:
        with st.expander(shown_citation(label)):
            st.markdown(keep_lines(body))


def keep_open(turn: Any) -> None:
    """Remember what the turn left open (suggestions, choices, an error) for the pending panel."""
    pend = state.pending()
    pend.player_text = turn.player_text or pend.player_text
    pend.suggestions = list(turn.suggestions or [])
    pend.choices = list(turn.open_choices or [])
    pend.whose = _whose_choices(turn) if pend.choices else ""
    pend.event_seq = turn.event_seq
    pend.question = turn.question if turn.kind == "question" else None
    last = turn.results[-1] if turn.results else None
    pend.next_steps = next_steps(last.system, list(turn.follow_ups or []), last) if last is not None else []
    offer = last.burn if last is not None and last.burn and last.burn.available else None
    pend.burn, pend.burn_meter = (str(offer.outcome.value), offer.meter) if offer else ("", "")
    if turn.kind == "error":  # a failed pick comes with its move's choices: they stay open
        pend.message, pend.level = turn.error or "That did not work.", "error"
    else:
        pend.message, pend.level = "", "info"
    if _left_open(turn, pend):
        _reopen_from_log(pend)


def _whose_choices(turn: Any) -> str:
    """Whose move the turn's open choices belong to, when not the one playing's (see ``choices_whose``)."""
    from assistant.ui.restored import choices_whose

    made = next((r for r in reversed(turn.results) if r.choices), None)
    return choices_whose(made) if made is not None else ""


def _left_open(turn: Any, pend: Any) -> bool:
    """A turn that made no move and asks nothing (``/sheet``, ``/help``, a rules answer, the oracle asked, new words
    whose moves are offered, a move refused while a pick the rules require waits, bookkeeping such as ``/meter`` or a
    clock's step, which the pick carries) leaves the last move's choices as
    they were: open, as a reload shows them, beside any moves offered for the new words (the panel had gone until the
    page was reloaded, and the refusal named a pick no longer on the page: only ``/choose N`` typed could make it)."""
    return all(decides_nothing(r) or is_door(r) for r in turn.results) and not pend.choices and pend.question is None


def _reopen_from_log(pend: Any) -> None:
    """The open choices, next steps and burn of the campaign's last move, read from its log (as a reload reads them)."""
    from assistant.ui.restored import restored_pending

    restored = restored_pending(pend.campaign or state.current_campaign() or "")
    if restored.choices or restored.next_steps or restored.burn:
        pend.choices, pend.next_steps, pend.whose = restored.choices, restored.next_steps, restored.whose
        pend.burn, pend.burn_meter = restored.burn, restored.burn_meter
        pend.event_seq = None  # the pick acts on the campaign's last move, as after a reload


def render_turn_body(turn: Any, *, results_shown: bool = False, narration_shown: bool = False) -> None:
    """The parts of a finished turn not already drawn while streaming."""
    if turn.kind == "error":
        st.error(turn.error or "That did not work.", icon="⚠️")
        state.pending().shown_in_turn = True
        return
    if not results_shown:
        for result in turn.results:
            render_dice_card(result, turn.citations)
    if turn.kind == "question" and turn.question is not None and not narration_shown:
        st.markdown(shown_text(turn.question.text))  # its answers are buttons below
    elif turn.answer is not None:
        render_answer(turn.answer)
    elif turn.narration and not narration_shown:
        st.markdown(shown_text(compact_listing(turn.narration) if turn.suggestions else keep_lines(turn.narration)))
    elif turn.citations and not turn.results:
        st.caption(shown_citations(turn.citations))
    if turn.narrator in NARRATOR_NOTES and not narrator_explained(turn):
        st.caption(NARRATOR_NOTES[turn.narrator])
    for note in getattr(turn, "notes", None) or []:
        st.caption(shown_text(str(note)))


def render_turn(turn: Any, *, show_player: bool = True) -> None:
    if show_player and turn.player_text:
        with st.chat_message("user"):
            st.markdown(turn.player_text)
    with st.chat_message("assistant"):
        st.empty()  # the place a streamed turn and the log's drawing of a turn keep for "Thinking…"
        render_turn_body(turn)
    keep_open(turn)


def beside_cards(text: str, results: list[Any]) -> str:
    """The story of a free roll without what its card already says ("Rolled 1d10 (4) = 4." under the card's die and
    total), as the transcript draws it from the log. Other cards leave the story whole (a pool's card does not say the
    tier it was rolled for; the story does)."""
    from assistant.engine.kinds import RollKind
    from assistant.narrate.template import without_card

    if not results or any(r.roll != RollKind.NOTATION for r in results):
        return text
    for result in results:
        text = without_card(text, result)
    return text


def render_stream(events: Iterable[Any], player_text: str | None, *, before: Any = None) -> Any:
    """Draw a streamed turn as it arrives (after the player's words, when given); returns the finished Turn.

    The player's words show at once; the assistant's bubble says it is thinking until the story begins (a dice card
    may come first; ``before``, if given, runs inside that wait: e.g. loading the model on a fresh server), and
    :data:`WRITING` under the story until the turn ends."""
    if player_text:
        with st.chat_message("user"):
            st.markdown(player_text)
    turn = None
    with st.chat_message("assistant"):
        thinking = st.empty()
        thinking.caption("Thinking…")
        if before is not None:
            before()
        slot = None
        shown = ""
        results = 0
        for event in events:
            if event.kind != "result":  # a card drawn: its story is still to come (a model may take half a minute)
                thinking.empty()
            if event.kind == "result" and event.result is not None:
                render_dice_card(event.result)
                results += 1
            elif event.kind in ("narration", "replace"):
                shown = shown + event.text if event.kind == "narration" else event.text
                if slot is None:
                    slot = st.empty()
                slot.markdown(while_writing(shown))
            elif event.kind == "done":
                turn = event.turn
        thinking.empty()
        if slot is not None:
            told = compact_listing(shown)  # the moves that fit: their buttons show the odds
            told = beside_cards(told, turn.results) if turn is not None else told
            if told.strip():
                slot.markdown(shown_text(told))
            else:  # all of it is the cards' (a free roll: "Rolled 1d10 (4) = 4." under its card), as the log draws it
                slot.empty()
        if turn is not None:
            render_turn_body(turn, results_shown=results >= len(turn.results), narration_shown=slot is not None)
    if turn is not None:
        keep_open(turn)
    return turn
