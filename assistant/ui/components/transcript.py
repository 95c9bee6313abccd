"""The campaign's transcript, drawn from its event log (so a reload loses nothing).

The log is grouped into turns as the player saw them: the player's message, then one assistant bubble with
the dice cards, each card's narration beside it, the assistant's replies and small notes for tracks, clocks
and undos. :func:`group_turns` is pure; :func:`render_transcript` draws the newest turns and scrolls to the
last one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import streamlit as st

from assistant.engine.model import Result
from assistant.narrate.template import without_card
from assistant.store.events import NarrationRecorded, StoredEvent
from assistant.store.followups import made_again_after_the_roll
from assistant.ui.components.citations import shown_text
from assistant.ui.components.dice_card import render_dice_card
from assistant.ui.components.turn_view import (
    NARRATOR_NOTES,
    compact_listing,
    narrator_explained,
    render_logged_text,
)

#: How many of the latest turns are drawn at first ("Show earlier turns" draws more).
SHOWN_TURNS = 30
WINDOW_STEP = 10
PLAYER_ROLES = frozenset({"user", "gm"})
SHOW_MORE = "transcript_turns"


@dataclass
class Part:
    """One thing in an assistant bubble: a move (its result and narration), a reply, or a note."""

    kind: str
    """``move``, ``text`` or ``note``."""
    text: str = ""
    result: dict[str, Any] | None = None
    undone: bool = False
    seq: int = 0
    replaced: bool = False
    """Undone only to be made again with the player's pick or burn (the same move, its own dice): not an undo."""
    notes: list[str] = field(default_factory=list)
    """What the page said under the move or the reply when it was played (the turn's notes; for a move, also why its
    story is the offline one)."""


@dataclass
class TurnView:
    """A turn of the transcript: what the player said (if anything) and the assistant's bubble."""

    player: str = ""
    parts: list[Part] = field(default_factory=list)


def undone_seqs(events: list[StoredEvent]) -> set[int]:
    return {ev.event.target_seq for ev in events if ev.event.type == "undo"}


def replaced_seqs(events: list[StoredEvent]) -> set[int]:
    """The undos that a pick or a burn made: each is followed at once by the same move made again."""
    by_seq: dict[int, Any] = {stored.seq: stored.event for stored in events}
    out = set()
    for stored in events:
        ev: Any = stored.event
        if ev.type != "undo":
            continue
        target, after = by_seq.get(ev.target_seq), by_seq.get(stored.seq + 1)
        if target is not None and after is not None and made_again_after_the_roll(target, after):
            out.add(stored.seq)
    return out


def others_moves(events: list[StoredEvent]) -> dict[int, str]:
    """Each move made with another character's sheet than the one playing then, as its undo names it ("Duke's MOVE"),
    "MOVE" standing for the move's name: an undo of it says whose, as the chat's undo line does; the player's blow on
    Mara's sheet is the player's, "MOVE on Mara" (:func:`assistant.chat.undone_words.made_on`), not "Mara's"."""
    from types import SimpleNamespace

    from assistant.chat.undone_words import made_on

    active: str | None = None
    names: dict[str, str] = {}
    out: dict[int, str] = {}
    for stored in events:
        ev: Any = stored.event
        if ev.type in ("character_added", "character_updated") and (ev.character or {}).get("name"):
            names[ev.character_id] = str(ev.character["name"])
        if ev.type in ("character_added", "character_updated"):
            names.setdefault(ev.character_id, ev.character_id)
        if ev.type == "character_added" and (ev.active or active is None) or ev.type == "set_active":
            active = ev.character_id
        elif ev.type == "move_resolved":
            mover = getattr(ev.state_change, "character_id", None)
            then = SimpleNamespace(active_character=active, characters={c: {"name": n} for c, n in names.items()})
            made = made_on(ev.request or {}, mover, then) if mover and active else None  # type: ignore[arg-type]
            if made is not None:
                out[stored.seq] = (f"{made[0]}'s " if made[0] else "") + f"MOVE on {made[1]}"
            elif mover and active and mover != active:
                out[stored.seq] = f"{names.get(mover, 'another character')}'s MOVE"
    return out


def _undo_note(ev: Any, by_seq: dict[int, Any], whose: dict[int, str] | None = None) -> str:
    target = by_seq.get(ev.target_seq)
    if target is not None and target.type == "move_resolved":
        move = str(target.result.get("move", "the move"))
        return "↩ Undone: " + (whose or {}).get(ev.target_seq, "MOVE").replace("MOVE", move, 1)
    return f"↩ Undone: {undone_words(target, str(ev.target_type))}"


#: What an undone change was, in a player's words, by the kind of change.
_UNDONE = {
    "character_updated": "the sheet edit",
    "character_added": "the new character",
    "character_removed": "the character's removal",
    "set_active": "the change of who plays",
    "track_created": "the new track",
    "track_updated": "the track change",
    "clock_created": "the new clock",
    "clock_updated": "the clock change",
    "slot_updated": "the change",
}


def undone_words(target: Any, target_type: str) -> str:
    """ "the sheet edit (Name set to Ash)", "the new track “Find my sister”", "the clock change"…; "the last action"
    for a change of a kind not listed (never its id, "the last character updated")."""
    words = _UNDONE.get(target_type, "the last action")
    if target is None:
        return words
    named = (getattr(target, "track", None) or getattr(target, "clock", None) or {}).get("name")
    reason = str(getattr(target, "reason", "") or "").strip()
    if target_type in ("track_created", "clock_created") and named:
        return f"{words} “{named}”"
    if reason:
        return f"{words} ({reason})"
    return f"{words} “{named}”" if named else words


def note_for(stored: StoredEvent, by_seq: dict[int, Any] | None = None, whose: dict[int, str] | None = None) -> str | None:
    """A one-line note for bookkeeping events (tracks, clocks, characters, undos), or None; ``whose``: the moves
    made with another character's sheet (:func:`others_moves`)."""
    ev: Any = stored.event
    t = ev.type
    if t == "track_created":
        return f"New track: {ev.track.get('name', 'a track')} ({ev.track.get('rank', '')})"
    if t == "clock_created":
        return f"New clock: {ev.clock.get('name', 'a clock')} ({ev.clock.get('segments')} segments)"
    if t == "track_updated":
        why = f" — {ev.reason}" if ev.reason else ""
        ticks = int(ev.track.get("ticks") or 0)
        return f"Track {ev.track.get('name', '')}: {ticks // 4}/10 boxes" + (f", {ticks % 4} ticks" if ticks % 4 else "") + why
    if t == "clock_updated":
        return f"Clock {ev.clock.get('name', '')}: {ev.clock.get('filled')}/{ev.clock.get('segments')}"
    if t == "character_added" and stored.seq > 2:
        return f"New character: {ev.character.get('name') or 'unnamed'}"
    if t == "character_updated":
        name = ev.character.get("name") or "The character"
        return f"{name} updated" + (f" — {ev.reason}" if ev.reason else "")
    if t == "undo":
        return _undo_note(ev, by_seq or {}, whose)
    return None


def group_turns(events: list[StoredEvent]) -> list[TurnView]:
    """The log as turns: each player message opens a turn; what follows goes into its assistant bubble,
    a move with the narration recorded for it."""
    undone = undone_seqs(events)
    replaced = replaced_seqs(events)
    by_seq = {stored.seq: stored.event for stored in events}
    replaced_moves = {getattr(by_seq[seq], "target_seq", 0) for seq in replaced}
    told = {ev.event_seq: ev for ev in by_seq.values() if isinstance(ev, NarrationRecorded)}
    whose = others_moves(events)
    turns: list[TurnView] = []

    def current() -> TurnView:
        if not turns:
            turns.append(TurnView())
        return turns[-1]

    for stored in events:
        ev: Any = stored.event
        if ev.type == "chat_message" and ev.role in PLAYER_ROLES:
            turns.append(TurnView(player=ev.text))
        elif ev.type == "chat_message":
            current().parts.append(Part("text", text=compact_listing(ev.text), seq=stored.seq, notes=list(ev.notes)))
        elif ev.type == "move_resolved":
            story = told.get(stored.seq)
            text = (story.text if story is not None else "") or ev.narration or ""
            part = Part("move", text=text, result=ev.result, undone=stored.seq in undone, seq=stored.seq)
            part.notes = notes_under(story) if story is not None else []
            part.replaced = stored.seq in replaced_moves
            current().parts.append(part)
        elif ev.type == "undo" and stored.seq in replaced:
            continue  # a pick or a burn made the move again: the player undid nothing
        elif ev.type != "narration_recorded":
            note = note_for(stored, by_seq, whose)
            if note:
                current().parts.append(Part("note", text=note, seq=stored.seq))
    for turn in turns:  # "/set vice Gambling": the reply says what changed; the sheet's note would say it again
        said = " ".join(p.text for p in turn.parts if p.kind == "text")
        turn.parts = [p for p in turn.parts if not (p.kind == "note" and _told_in(by_seq.get(p.seq), said))]
    # a command whose reply is not kept (a refused command: nothing changed; /sheet before its reply was kept) is not drawn
    # as a lone line
    return [t for t in turns if t.parts or t.player and not t.player.lstrip().startswith("/")]


def _told_in(ev: Any, said: str) -> bool:
    """A character edit whose changes the turn's reply already tells ("Vex: Vice Pleasure → Gambling.")."""
    if ev is None or ev.type != "character_updated" or not ev.reason:
        return False
    return all(change.strip() in said for change in str(ev.reason).split(";"))


def notes_under(story: NarrationRecorded) -> list[str]:
    """The lines the page drew under a move's story as it was played, in that order: why the story is the offline
    one (unless a note of the turn says it already), then the turn's notes."""
    why = NARRATOR_NOTES.get(story.narrator, "")
    return [*([why] if why and not narrator_explained(story) else []), *story.notes]


def render_part(part: Part) -> None:
    if part.kind == "move" and part.result is not None:
        if part.undone:
            label = "as first rolled, before your pick" if part.replaced else "undone"
            with st.expander(f"{part.result.get('move', 'Move')} ({label})"):
                render_dice_card(part.result, seq=part.seq)
                if part.text:
                    st.markdown(shown_text(part.text))
                for note in part.notes:
                    st.caption(shown_text(note))
            return
        render_dice_card(part.result, seq=part.seq)
        beside = _beside_card(part.text, part.result) if part.text else ""
        if beside:
            st.markdown(shown_text(beside))
        for note in part.notes:
            st.caption(shown_text(note))
    elif part.kind == "text":
        render_logged_text(part.text)
        for note in part.notes:
            st.caption(shown_text(note))
    else:
        st.caption(shown_text(part.text))


def _beside_card(text: str, result: dict[str, Any]) -> str:
    """A narration made in the terminal (its card and choice lists inside) without what the app draws beside it."""
    try:
        return without_card(text, Result.model_validate(result))
    except ValueError:  # a result this version cannot read: the narration as it was stored
        return text


def render_turn_view(turn: TurnView) -> None:
    if turn.player:
        with st.chat_message("user"):
            st.markdown(turn.player)
    if turn.parts:
        with st.chat_message("assistant"):
            st.empty()  # where a live turn said "Thinking…": each part stays in the place it was drawn live
            for part in turn.parts:
                render_part(part)


def _show_more() -> None:
    st.session_state[SHOW_MORE] = int(st.session_state.get(SHOW_MORE, SHOWN_TURNS)) + SHOWN_TURNS


#: Scrolls the page to its newest turn (the app is a chat: the latest turn is where play goes on). The
#: number in the comment changes with the transcript, so the browser runs it again after each turn.
SCROLL_SCRIPT = """<script>/* turn %d */
const doc = window.parent.document;
const scroll = () => {
  const main = doc.querySelector('[data-testid="stMain"]') || doc.querySelector('section.main');
  if (!main) { return; }
  const messages = doc.querySelectorAll('[data-testid="stChatMessage"]');
  const header = doc.querySelector('[data-testid="stHeader"]');
  let target = main.scrollHeight;
  if (messages.length) {  // never past the newest reply's first line: its result comes before what it leaves open
    const last = messages[messages.length - 1];
    const top = last.getBoundingClientRect().top - main.getBoundingClientRect().top + main.scrollTop;
    target = Math.min(target, Math.max(0, top - (header ? header.offsetHeight : 0) - 8));
  }
  main.scrollTop = target;
};
setTimeout(scroll, 50); setTimeout(scroll, 400);
</script>"""


def scroll_to_newest(marker: int) -> None:
    """Bring the newest turn into view (on a reload, and after every turn): the page's end, or the newest reply's first
    line when the reply and what it leaves open are taller than the window (on a phone the end showed the next steps'
    buttons and the chat, the dice card's outcome above them out of view)."""
    st.iframe(SCROLL_SCRIPT % marker, height=1)


def render_transcript(events: list[StoredEvent]) -> None:
    turns = group_turns(events)
    start = window_start(len(turns), int(st.session_state.get(SHOW_MORE, SHOWN_TURNS)))
    if start:
        st.button(f"Show earlier turns ({start} more)", key="show_earlier", on_click=_show_more)
    else:
        st.empty()  # the button's place: the turns below keep theirs when it appears
    for turn in turns[start:]:
        render_turn_view(turn)


def window_start(turns: int, shown: int) -> int:
    """The first turn drawn: at least ``shown`` of the newest, the start moving on in steps of ten turns. Streamlit
    replaces elements by position; a window moving by one turn each turn would put every bubble's drawing in another
    bubble's place, and the places a rerun has not reached yet (all of them, while an LLM narrates) would show parts of
    other turns until the run ends."""
    return max(0, (turns - shown) // WINDOW_STEP * WINDOW_STEP)
