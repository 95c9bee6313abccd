"""The sidebar: campaign and character picker, then the sheet, tracks, clocks and campaign slots.

Campaign bookkeeping (create, pick the active character, add a track or clock) goes to the store
service directly; nothing here rolls or decides a rule."""

from __future__ import annotations

import functools
import hashlib
from typing import Any

import streamlit as st

from assistant.chat.characters import shown_name
from assistant.chat.sheet_view import sheet_character
from assistant.chat.track_finder import KIND_WORDS, track_kinds
from assistant.engine import available_systems, game_title, get_ruleset
from assistant.engine.tracks import MAX_TICKS, Rank
from assistant.store import service
from assistant.store.characters import create_character, edit
from assistant.store.pick_guard import refuse_over_waiting_pick
from assistant.store.state import CampaignState
from assistant.ui import state
from assistant.ui.components.clocks import render_clock
from assistant.ui.components.journal import render_export, render_import
from assistant.ui.components.phone import fold_sidebar
from assistant.ui.components.sheet import render_sheet, render_slots
from assistant.ui.components.sheet_editor import render_sheet_editor
from assistant.ui.components.tracks import render_track
from assistant.ui.errors import friendly_errors

RANKS = [r.value for r in Rank]
CLOCK_SIZES = [4, 6, 8, 10, 12]
NEW_CAMPAIGN_FORM = "new_campaign_form"
JOURNAL_FORM = "journal_form"
"""The expander of the journal's export and import (folded when another campaign opens)."""


def _store() -> Any:
    return service.get_store(state.effective_settings())


def _create_campaign() -> None:
    name = str(st.session_state.get("new_campaign_name") or "").strip()
    system = str(st.session_state.get("new_campaign_system") or "starforged")
    hero = str(st.session_state.get("new_campaign_character") or "").strip()
    seed_text = str(st.session_state.get("new_campaign_seed") or "").strip()
    try:
        seed = int(seed_text) if seed_text else None
    except ValueError:
        st.session_state["sidebar_error"] = "The seed is a whole number (or leave it empty for a random one)."
        return
    try:
        created = service.create_campaign(name, system, {"name": hero} if hero else None, seed, store=_store())
    except Exception as exc:  # noqa: BLE001 - shown as a friendly message on the next run
        from assistant.ui.errors import friendly_message

        st.session_state["sidebar_error"] = friendly_message(exc, "creating the campaign")
        return
    state.open_campaign(created.name)
    st.session_state["campaign_pick"] = created.name
    for key in ("new_campaign_name", "new_campaign_character", "new_campaign_seed"):  # the next campaign starts afresh
        st.session_state[key] = ""  # (a kept character name named the next campaign's character too)
    _fold(NEW_CAMPAIGN_FORM)
    _fold(JOURNAL_FORM)  # the last campaign's export folded away: the new one's sheet comes up under the picker
    fold_sidebar()  # on a phone: the new campaign's page, not the emptied form over it


def _pick_campaign() -> None:
    state.open_campaign(st.session_state.get("campaign_pick"))
    _fold(JOURNAL_FORM)  # opened for the campaign left behind: it stayed open over the next one's sheet
    fold_sidebar()


def _bookkeeping(what: str, action: Any) -> bool:
    """Run one sidebar action; False (and its refusal in the player's words shown on the next run) if it failed."""
    done = True
    try:
        action()
    except Exception as exc:  # noqa: BLE001 - shown as a friendly message on the next run
        from assistant.ui.errors import friendly_message

        st.session_state["sidebar_error"] = friendly_message(exc, what)
        done = False
    state.reload_sessions()
    return done


def _folding(label: str, key: str, expanded: bool = False) -> Any:
    """An expander holding a small form, folded again by :func:`_fold` once the form has done its work (left open,
    it kept the sheet out of view under an emptied form)."""
    return st.expander(label, expanded=expanded, key=key, on_change="rerun")


def _fold(key: str) -> None:
    st.session_state[key] = False


def _door(campaign: str, what: str, request: dict[str, Any]) -> None:
    """A sidebar control (track or clock +/-): one engine resolution in the campaign, like any move."""
    _bookkeeping(what, lambda: service.resolve_in_campaign(campaign, request, store=_store()))


def character_pick_key(campaign: str) -> str:
    """The character picker's key, one per campaign: with one key for all, another campaign's first character (the
    same id, ``pc1``) kept showing the name of the one left behind ("Vex" above a sheet headed "Your character")."""
    return "character_pick_" + hashlib.sha1(campaign.encode()).hexdigest()[:10]


def _pick_character(campaign: str) -> None:
    """The character picker changed: play the one picked. The picker also "changes" when a character is renamed or
    another campaign opens (its value was the old name, or a character of that campaign): that is no pick."""
    cid = st.session_state.get(character_pick_key(campaign))
    camp = _load(campaign)
    if not cid or camp is None or cid not in camp.characters or cid == camp.active_character:
        return
    _bookkeeping("switching character", lambda: service.set_active_character(campaign, cid, store=_store()))


def _add_character(campaign: str) -> None:
    name = str(st.session_state.get("new_character_name") or "").strip()
    if not name:
        st.session_state["sidebar_error"] = "Give the new character a name."
        return
    # a companion or an opponent joins; who is playing stays the same (switch with the picker above)
    if _bookkeeping("adding the character", lambda: create_character(campaign, {"name": name}, store=_store())):
        st.session_state["new_character_name"] = ""
        _fold("add_character_form")


def _save_sheet(campaign: str, cid: str, edits: list[Any]) -> None:
    """The sheet editor's changes: one undoable edit, or the rules' refusal in the player's words (an edit of what a
    waiting pick sets is refused as the chat refuses it)."""
    said: list[str] = []

    def go() -> None:
        said[:] = edit(campaign, edits, character=cid, store=_store(), guard=refuse_over_waiting_pick)[1]

    _bookkeeping("saving the sheet", go)  # in the form's callback: the page is drawn after it, once
    if said:
        st.session_state["sidebar_notice"] = "Saved: " + "; ".join(said) + "."


def _add_track(campaign: str) -> None:
    started = _bookkeeping(
        "starting the track",
        lambda: service.create_track(
            campaign,
            str(st.session_state.get("new_track_name") or ""),
            str(st.session_state.get("new_track_rank")),
            _track_kind(campaign),
            store=_store(),
        ),
    )
    if started:
        st.session_state["new_track_name"] = ""
        _fold("start_track_form")


def _track_kind(campaign: str) -> str:
    """The kind picked for a new track of this campaign's system (its quest's kind when none was picked)."""
    system = service.load_campaign(campaign, store=_store()).system
    return str(st.session_state.get(f"new_track_kind_{system}") or track_kinds(system)[0])


def _add_clock(campaign: str) -> None:
    started = _bookkeeping(
        "starting the clock",
        lambda: service.create_clock(
            campaign,
            str(st.session_state.get("new_clock_name") or ""),
            int(st.session_state.get("new_clock_segments") or 4),
            store=_store(),
        ),
    )
    if started:
        st.session_state["new_clock_name"] = ""
        _fold("start_clock_form")


def render_picker() -> str | None:
    """Campaign picker and the new-campaign form; returns the open campaign's name."""
    st.markdown("## tabletop-oracle")
    error = st.session_state.pop("sidebar_error", None)
    if error:
        st.error(error, icon="⚠️")
    notice = st.session_state.pop("sidebar_notice", None)
    if notice:
        st.success(notice)
    campaigns: list[Any] = []
    with friendly_errors("listing the campaigns"):
        campaigns = service.list_campaigns(store=_store())
    names = [c.name for c in campaigns]
    current = state.current_campaign()
    if current is None and state.campaign_in_url() in names:
        current = state.campaign_in_url()  # a reload or a bookmark: the campaign in the address
    if current not in names:
        current = _most_recent(campaigns)
    state.open_campaign(current)
    if names:
        if st.session_state.get("campaign_pick") not in names:
            st.session_state["campaign_pick"] = current
        st.selectbox("Campaign", names, key="campaign_pick", on_change=_pick_campaign)
    with _folding("New campaign", NEW_CAMPAIGN_FORM, expanded=not names):
        st.text_input("Campaign name", key="new_campaign_name", placeholder="Iron Wake")
        systems = available_systems()
        st.selectbox(
            "System",
            systems,
            index=systems.index("starforged") if "starforged" in systems else 0,
            key="new_campaign_system",
            format_func=game_title,  # the game's name, not its id ("Dungeon World (PvP combat variant)")
        )
        st.text_input("Character name", key="new_campaign_character", placeholder="Kira")
        st.text_input("Seed (optional)", key="new_campaign_seed", help="The same seed replays the same dice.")
        st.button("Create campaign", key="create_campaign", on_click=_create_campaign, type="primary")
    with _folding("Export or import a journal", JOURNAL_FORM):
        if current:
            render_export(current)
        render_import()
    return state.current_campaign()


def _most_recent(campaigns: list[Any]) -> str | None:
    """The newest campaign (a visit without a campaign in its address starts there)."""
    return max(campaigns, key=lambda c: (c.created_at, c.name)).name if campaigns else None


def _load(campaign: str) -> CampaignState | None:
    with friendly_errors("loading the campaign"):
        return service.load_campaign(campaign, store=_store())
    return None


def render_campaign(campaign: str | None) -> None:
    """Everything about the open campaign (drawn after the turn, so it shows the new state)."""
    if not campaign:
        st.caption("No campaign open yet.")
        return
    camp = _load(campaign)
    if camp is None:
        return
    title = game_title(camp.system)
    st.caption(f"System: **{title}** · moves played: {camp.moves}")
    chars = camp.characters
    if chars:
        ids = list(chars)
        key = character_pick_key(campaign)
        names = "|".join(shown_name(camp, cid) for cid in ids)
        renamed = st.session_state.get(f"{key}_names") not in (None, names)
        st.session_state[f"{key}_names"] = names
        if st.session_state.get(key) != camp.active_character or renamed:
            # set again after a rename too: a keyed picker keeps showing the name it was drawn with ("Your character"
            # above a sheet headed "Ash") until its value is set from here
            st.session_state[key] = camp.active_character if camp.active_character in ids else ids[0]
        st.selectbox(
            "Character",
            ids,
            format_func=lambda cid: shown_name(camp, cid),  # a name, never the store's id
            key=key,
            on_change=_pick_character,
            args=(campaign,),
        )
    with _folding("Add a character", "add_character_form"):
        st.text_input("New character's name", key="new_character_name")
        st.button("Add character", key="add_character", on_click=_add_character, args=(campaign,))
    sheet = None
    try:
        sheet = get_ruleset(camp.system).sheet
    except Exception:  # noqa: BLE001 - a system without an engine sheet: fields are listed as they are
        sheet = None
    active = sheet_character(camp)  # the fight's position only while a fight is on
    if active is not None:
        with friendly_errors("drawing the sheet"):
            render_sheet(camp.system, active, sheet)
    # one editor per character, the one playing first (an opponent's HP or a companion's stats too)
    order = sorted(chars, key=lambda cid: cid != camp.active_character)
    for cid in order:
        with friendly_errors("drawing the sheet editor"):
            render_sheet_editor(cid, chars[cid], camp.system, camp.last_seq, functools.partial(_save_sheet, campaign, cid))
    st.markdown("### Progress tracks")
    for track_id, track in camp.tracks.items():
        render_track(track)
        if track.get("status") in (None, "", "open", "active"):
            ticks = int(track.get("ticks", 0) or 0)  # a button that could only be refused waits, greyed out
            left, right = st.columns(2)
            left.button(
                "Mark progress",
                key=f"track_mark_{track_id}",
                on_click=_door,
                disabled=ticks >= MAX_TICKS,
                args=(campaign, "marking progress", {"move": "progress:mark", "options": {"track": track_id}}),
            )
            right.button(
                "− 1 tick",
                key=f"track_unmark_{track_id}",
                on_click=_door,
                disabled=ticks <= 0,
                args=(campaign, "clearing a tick", {"move": "progress:clear", "options": {"track": track_id, "ticks": 1}}),
            )
    with _folding("Start a track", "start_track_form"):
        st.text_input("Track name", key="new_track_name", placeholder="Find the lost ship")
        st.selectbox("Rank", RANKS, index=RANKS.index("dangerous"), key="new_track_rank")
        kinds = track_kinds(camp.system)  # the kinds its moves act on: Elegy's elegy, not a vow no move marks
        st.selectbox("Kind", kinds, key=f"new_track_kind_{camp.system}", format_func=lambda k: KIND_WORDS.get(k, k))
        st.button("Start track", key="add_track", on_click=_add_track, args=(campaign,))
    st.markdown("### Clocks")
    if camp.clocks:
        cols = st.columns(2)
        for i, (clock_id, clock) in enumerate(camp.clocks.items()):
            with cols[i % 2]:
                render_clock(clock)
                filled, segments = int(clock.get("filled", 0) or 0), int(clock.get("segments", 0) or 0)
                plus, minus = st.columns(2)
                plus.button(
                    "+1",
                    key=f"clock_up_{clock_id}",
                    on_click=_door,
                    disabled=filled >= segments,
                    args=(campaign, "advancing the clock", {"move": "clock:advance", "options": {"clock": clock_id}}),
                )
                minus.button(
                    "−1",
                    key=f"clock_down_{clock_id}",
                    on_click=_door,
                    disabled=filled <= 0,
                    args=(campaign, "winding the clock back", {"move": "clock:clear", "options": {"clock": clock_id, "by": 1}}),
                )
    with _folding("Start a clock", "start_clock_form"):
        st.text_input("Clock name", key="new_clock_name", placeholder="The alarm is raised")
        st.selectbox("Segments", CLOCK_SIZES, index=1, key="new_clock_segments")
        st.button("Start clock", key="add_clock", on_click=_add_clock, args=(campaign,))
    if any(camp.slots.values()):
        render_slots(camp.slots)
