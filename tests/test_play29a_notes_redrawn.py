"""The lines the page shows under a move as it is played (Blades' coin offer after a downtime roll, "A new project:
“…”, an 8-segment clock" when the words gave no size, the next action kept from the player's line...) were gone once
the transcript was drawn again from the campaign's log (the next rerun, a reload): the log kept the move and its
story, not the notes. The notes are kept with the story now, and each bubble is drawn again as the player read it."""

from __future__ import annotations

from typing import Any

from streamlit.testing.v1 import AppTest

from assistant.chat.narration import DRAFT_NOT_USED
from assistant.chat.session import ChatSession
from assistant.store import service
from assistant.store.events import NarrationRecorded, parse_event
from assistant.ui.components.transcript import notes_under
from assistant.ui.components.turn_view import NARRATOR_NOTES
from tests.test_ui_app import _offline_fast, no_errors, open_page, play_action  # noqa: F401

COIN = "After the roll you may spend coin to raise this result"
PROJECT = "A new project: “Learn the vault combination”, an 8-segment clock"


def _bubbles(at: AppTest) -> list[list[str]]:
    """Each assistant bubble's text, in the order it is drawn (markdown and captions)."""

    def lines(node: Any) -> list[str]:
        if type(node).__name__ in ("Markdown", "Caption"):
            return [str(node.value)]
        return [line for child in (getattr(node, "children", None) or {}).values() for line in lines(child)]

    return [lines(message) for message in at.chat_message if message.name == "assistant"]


def _with(bubbles: list[list[str]], words: str) -> list[str]:
    found = [b for b in bubbles if any(words in line for line in b)]
    assert len(found) == 1, bubbles
    return found[0]


def test_the_coin_offer_under_a_downtime_roll_is_drawn_again_after_a_rerun_and_a_reload() -> None:
    service.create_campaign("Coin", "blades", seed=3)
    at = open_page("Coin")
    play_action(at, "/set coin 2")
    play_action(at, "/roll acquire asset +tier")
    live = _with(_bubbles(at), COIN)
    assert live.index(next(line for line in live if line.startswith("Rules: Blades in the Dark › Acquire Asset"))) < live.index(
        next(line for line in live if line.startswith(COIN))
    ), "under the card"
    at.run()
    no_errors(at)
    assert _with(_bubbles(at), COIN) == live, "the next rerun draws the bubble from the log: the same lines"
    assert _with(_bubbles(open_page("Coin")), COIN) == live, "and a reload"


def test_a_new_projects_clock_size_stays_under_its_roll() -> None:
    service.create_campaign("Vault", "blades", seed=3)
    at = open_page("Vault")
    play_action(at, "I start a long-term project to learn the vault combination")
    labels = [str(b.label) for b in at.button if str(b.key).startswith("suggestion_")]
    assert labels and labels[0].startswith("Roll Long-Term Project"), labels
    at.button(key="suggestion_0").click().run()
    no_errors(at)
    live = _with(_bubbles(at), PROJECT)
    reloaded = open_page("Vault")
    again = _with(_bubbles(reloaded), PROJECT)
    # the log draws the roll in the bubble of the words it answered, after the moves offered for them
    assert again[-len(live) :] == live and again[0].startswith("Moves that fit: Long-Term Project")
    assert any(PROJECT in c.value for c in reloaded.caption)


def test_an_undone_roll_keeps_its_notes_folded_with_it() -> None:
    service.create_campaign("Undone", "blades", seed=3)
    at = open_page("Undone")
    play_action(at, "/set coin 2")
    play_action(at, "/roll acquire asset +tier")
    at.button(key="undo").click().run()
    no_errors(at)
    folded = [e for e in open_page("Undone").expander if "Acquire Asset (undone)" in str(e.label)]
    assert len(folded) == 1
    assert any(COIN in str(c.value) for c in folded[0].caption), "the undone roll as it was read, folded"


def _stories(name: str) -> list[tuple[int, NarrationRecorded]]:
    return [(s.seq, s.event) for s in service.campaign_events(name) if isinstance(s.event, NarrationRecorded)]


def test_the_log_keeps_the_turns_notes_with_the_story_right_after_the_move() -> None:
    service.create_campaign("Log", "blades", seed=3)
    session = ChatSession.open("Log")
    session.send("/set coin 2")
    turn = session.send("/roll acquire asset +tier")
    assert any(n.startswith(COIN) for n in turn.notes)
    ((seq, story),) = _stories("Log")
    assert seq == turn.event_seq + 1, "the story is still the event after its move (the campaign's dice keep their seqs)"
    assert story.notes == turn.notes and story.narrator == "template" and story.text == turn.narration


def test_a_note_added_as_the_turn_ends_is_kept_too() -> None:
    """The second action of a line ("..., then ...") is said under the first's roll by the wrapper that ends the turn."""
    service.create_campaign("Then", "starforged", seed=3)
    session = ChatSession.open("Then")
    offered = session.send("I dodge the falling rocks with quick reflexes, then I run for the airlock hatch")
    assert offered.suggestions
    turn = session.confirm(offered.suggestions[0])
    said = [n for n in turn.notes if n.startswith("Next, as you said")]
    assert said, turn.notes
    ((_seq, story),) = _stories("Then")
    assert said[0] in story.notes


def test_the_offline_story_standing_in_for_the_model_is_said_again() -> None:
    story = NarrationRecorded(event_seq=2, text="The blade bites.", narrator="template-fallback", notes=["Momentum +1."])
    assert notes_under(story) == [NARRATOR_NOTES["template-fallback"], "Momentum +1."]
    precise = NarrationRecorded(
        event_seq=2, text="x", narrator="template-fallback", notes=["The narrator was unavailable: the model did not answer."]
    )
    assert notes_under(precise) == precise.notes, "a note that says why already: not said twice"
    assert notes_under(NarrationRecorded(event_seq=2, text="x", narrator="llm")) == []


def test_a_story_logged_before_notes_were_kept_still_reads() -> None:
    raw: dict[str, Any] = {"type": "narration_recorded", "v": 1, "at": "2026-01-01T00:00:00+00:00", "event_seq": 3, "text": "x"}
    story = parse_event(raw)
    assert isinstance(story, NarrationRecorded) and story.notes == [] and story.narrator == ""


STRIKE_NOTE = "Strike acts on a fight's progress track, and there is no open fight yet"
BRINK_NOTE = "Your health is 0. Any harm you suffer now makes you roll Endure Harm"


def _reply_kept_with(name: str, system: str, lines: list[str], note: str) -> None:
    service.create_campaign(name, system, seed=5)
    at = open_page(name)
    for line in lines:
        play_action(at, line)
    live = _with(_bubbles(at), note)
    at.run()
    no_errors(at)
    assert _with(_bubbles(at), note) == live, "the next rerun"
    assert _with(_bubbles(open_page(name)), note) == live, "a reload"


def test_a_note_under_the_moves_offered_is_kept_with_them() -> None:
    _reply_kept_with("Raid", "starforged", ["I attack the raider with my blade"], STRIKE_NOTE)


def test_what_the_rules_say_at_a_meter_of_zero_stays_under_the_set_reply() -> None:
    _reply_kept_with("Brink", "starforged", ["/set health 0"], BRINK_NOTE)


def test_nothing_to_roll_is_kept_with_why() -> None:
    _reply_kept_with("Full", "dungeon-world", ["The cleric heals me"], "Heal would change nothing now: your HP is 22")
    (reply,) = [s.event for s in service.campaign_events("Full") if s.event.type == "chat_message" and s.event.role != "user"]
    assert reply.text == "Nothing to roll for that now." and reply.notes[0].startswith("Heal would change nothing now")


def test_a_refused_line_still_leaves_nothing_in_the_log() -> None:
    service.create_campaign("Refused", "starforged", seed=5)
    session = ChatSession.open("Refused")
    before = len(service.campaign_events("Refused"))
    assert session.send("/set health 99").kind == "error"
    assert len(service.campaign_events("Refused")) == before


def test_a_retry_after_a_draft_told_again_is_redrawn_as_it_was_shown() -> None:
    # live, the draft's own note says a retry is shown and the general retry line is left out: so on a redraw
    note = f"{DRAFT_NOT_USED}: it repeated a sentence of an earlier turn's story."
    story = NarrationRecorded(event_seq=2, text="The hatch groans.", narrator="llm-retry", notes=[note])
    assert notes_under(story) == [note]
    plain = NarrationRecorded(event_seq=2, text="The hatch groans.", narrator="llm-retry")
    assert notes_under(plain) == [NARRATOR_NOTES["llm-retry"]]
