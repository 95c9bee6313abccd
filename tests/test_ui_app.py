"""The Streamlit app's main flows, driven with AppTest (offline, seeded campaigns, a temp TABLETOP_HOME)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from assistant.engine import available_systems, get_ruleset
from assistant.store import service
from assistant.ui.views.sidebar import character_pick_key

APP = Path(__file__).resolve().parent.parent / "assistant" / "ui" / "app.py"
SECRET = "sk-test-DO-NOT-SHOW-4242"
TYPED_SECRET = "sk-typed-NEVER-RENDERED-9191"


@pytest.fixture(autouse=True)
def _offline_fast(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_EMBEDDER", "hash")
    monkeypatch.setenv("OMP_NUM_THREADS", "1")


@pytest.fixture
def app() -> AppTest:
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.run()
    assert not at.exception
    return at


def nodes(at: AppTest) -> Iterator[Any]:
    stack: list[Any] = [at._tree]
    while stack:
        node = stack.pop()
        yield node
        children = getattr(node, "children", None)
        if isinstance(children, dict):
            stack.extend(children.values())


def page_text(at: AppTest) -> str:
    """Every rendered element's content (protos and widget values), as one string."""
    parts = []
    for node in nodes(at):
        proto = getattr(node, "proto", None)
        if proto is not None:
            parts.append(str(proto))
        try:
            value = getattr(node, "value", None)
        except Exception:  # noqa: BLE001 - some element types have no value
            value = None
        if value is not None:
            parts.append(str(value))
    return "\n".join(parts)


def markdown(at: AppTest) -> str:
    return "\n".join(str(m.value) for m in at.markdown)


def no_errors(at: AppTest) -> None:
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]


def create_campaign(at: AppTest, name: str = "Iron Wake", system: str = "starforged", seed: str = "7") -> None:
    at.text_input(key="new_campaign_name").set_value(name)
    at.selectbox(key="new_campaign_system").set_value(system)
    at.text_input(key="new_campaign_seed").set_value(seed)
    at.button(key="create_campaign").click().run()
    no_errors(at)


def open_page(name: str) -> AppTest:
    """The app opened at campaign ``name`` (as a reload of its address does), drawn once without errors."""
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.query_params["campaign"] = name
    at.run()
    no_errors(at)
    return at


def play_action(at: AppTest, text: str = "I sprint across the collapsing catwalk") -> None:
    at.chat_input(key="chat_text").set_value(text).run()
    no_errors(at)


def test_first_render_offers_a_new_campaign_and_is_offline(app: AppTest) -> None:
    no_errors(app)
    assert [t.label for t in app.tabs] == ["Play", "Rules", "Settings"]
    assert any("Create a campaign" in i.value for i in app.info)
    assert any("Offline" in i.value for i in app.info)
    assert app.button(key="create_campaign")


def test_new_campaign_shows_the_sheet_tracks_and_clocks(app: AppTest) -> None:
    create_campaign(app)
    assert app.selectbox(key="campaign_pick").value == "Iron Wake"
    sidebar = "\n".join(str(m.value) for m in app.sidebar.markdown)
    assert "Edge <b>3</b>" in sidebar and "Impacts:** none" in sidebar
    bars = [p.proto.text for p in app.sidebar.get("progress")]
    assert "Health: 5 / 5" in bars and "Momentum: +2 (from -6 to +10)" in bars
    app.text_input(key="new_track_name").set_value("Find the lost ship")
    app.button(key="add_track").click().run()
    app.text_input(key="new_clock_name").set_value("The alarm")
    app.button(key="add_clock").click().run()
    no_errors(app)
    sidebar = "\n".join(str(m.value) for m in app.sidebar.markdown)
    assert "Find the lost ship" in sidebar and sidebar.count('class="box"') >= 10
    assert "The alarm" in sidebar and 'class="segment"' in sidebar


def test_action_suggests_moves_then_the_confirmed_roll_shows_a_dice_card_and_narration(app: AppTest) -> None:
    create_campaign(app)
    play_action(app)
    labels = [b.label for b in app.button if b.key and b.key.startswith("suggestion_")]
    assert labels and labels[0].startswith("Roll ") and "+" in labels[0]
    captions = "\n".join(c.value for c in app.caption)
    assert "strong " in captions and "%" in captions
    state = service.load_campaign("Iron Wake")
    assert state.moves == 0  # nothing is rolled before the player confirms

    app.button(key="suggestion_0").click().run()
    no_errors(app)
    state = service.load_campaign("Iron Wake")
    assert state.moves == 1
    text = markdown(app)
    assert "dice-card-title" in text and "Action score" in text
    assert any(word in text for word in ("Strong hit", "Weak hit", "Miss"))
    narration = [e for e in state.transcript if e.kind == "narration"]
    assert narration and narration[-1].text in text
    assert any("Rules: Ironsworn: Starforged" in c.value for c in app.caption)

    reloaded = AppTest.from_file(str(APP), default_timeout=60).run()  # a reload draws the transcript from the store
    no_errors(reloaded)
    again = markdown(reloaded)
    assert "Action score" in again and narration[-1].text in again


def test_oracle_quick_tool_answers_yes_or_no_with_the_odds(app: AppTest) -> None:
    create_campaign(app)
    app.text_input(key="oracle_question").set_value("Is the station abandoned?")
    app.select_slider(key="oracle_odds").set_value("likely").run()
    assert any("75% chance" in c.value for c in app.caption)
    app.button(key="oracle_ask").click().run()
    no_errors(app)
    text = markdown(app)
    assert "Ask the Oracle" in text and ("Yes" in text or "No" in text)
    assert "on d100" in text
    last = service.load_campaign("Iron Wake")
    assert last.moves == 1


def test_tables_pay_the_price_and_free_dice(app: AppTest) -> None:
    create_campaign(app)
    app.button(key="pay_the_price").click().run()
    no_errors(app)
    assert "Pay the Price" in markdown(app)
    app.text_input(key="dice_notation").set_value("4d6kh3")
    app.button(key="dice_roll").click().run()
    no_errors(app)
    assert "Total " in markdown(app) and "dropped" in markdown(app)


def test_rules_question_gives_cited_passages(app: AppTest) -> None:
    create_campaign(app)
    app.text_input(key="rules_question").set_value("What happens when momentum is negative?")
    app.button(key="rules_ask").click().run()
    no_errors(app)
    cited = [e.label for e in app.expander if "Rules note: Ironsworn: Starforged › Negative momentum" in e.label]
    assert cited, [e.label for e in app.expander]  # the shipped text lacks the rule: answered from the notes
    assert "starforged.txt:L" not in cited[0]
    assert "momentum" in markdown(app).lower()


def test_rules_picker_follows_the_campaign_and_all_systems_searches_all(app: AppTest) -> None:
    create_campaign(app)
    assert app.selectbox(key="rules_system").value == "starforged"
    create_campaign(app, name="Doskvol Nights", system="blades")
    assert app.selectbox(key="rules_system").value == "blades"  # the new campaign's system, not the first one's
    app.selectbox(key="rules_system").set_value("all systems").run()
    app.text_input(key="rules_question").set_value("How do I burn momentum when my momentum is high?")
    app.button(key="rules_ask").click().run()
    no_errors(app)
    cited = [e.label for e in app.expander]
    assert any("starforged" in label.lower() for label in cited), cited  # not only the open Blades campaign's text


def test_undo_takes_back_the_last_roll(app: AppTest) -> None:
    create_campaign(app)
    play_action(app)
    app.button(key="suggestion_0").click().run()
    assert service.load_campaign("Iron Wake").moves == 1
    app.button(key="undo").click().run()
    no_errors(app)
    state = service.load_campaign("Iron Wake")
    assert state.moves == 0 and state.undone
    assert any("(undone)" in e.label for e in app.expander)
    assert any("Undone" in t.proto.body for t in app.toast)


def test_switching_systems_switches_the_sheet(app: AppTest) -> None:
    create_campaign(app, "Iron Wake", "starforged")
    other = next((s for s in available_systems() if s != "starforged"), None)
    if other is None:  # only one engine ruleset so far: switching between two campaigns still swaps everything
        create_campaign(app, "Second Wake", "starforged", seed="8")
        assert app.selectbox(key="campaign_pick").value == "Second Wake"
    else:
        create_campaign(app, "Other Game", other)
        assert app.selectbox(key="campaign_pick").value == "Other Game"
        assert f"System: **{get_ruleset(other).title}**" in "\n".join(c.value for c in app.sidebar.caption)
        assert "edge <b>" not in "\n".join(str(m.value) for m in app.sidebar.markdown)
    app.selectbox(key="campaign_pick").set_value("Iron Wake").run()
    no_errors(app)
    assert "System: **Ironsworn: Starforged**" in "\n".join(c.value for c in app.sidebar.caption)
    assert "Edge <b>3</b>" in "\n".join(str(m.value) for m in app.sidebar.markdown)


def test_bad_input_shows_a_friendly_error_and_the_page_survives(app: AppTest) -> None:
    app.button(key="create_campaign").click().run()  # no name
    assert not app.exception
    assert any("name" in e.value for e in app.sidebar.error)
    create_campaign(app)
    for bad in ("/roll no-such-move +edge", "/dice 1d0", "/oracle", "\x00\x01 ''' {{", "/choose nothing"):
        play_action_text = bad
        app.chat_input(key="chat_text").set_value(play_action_text).run()
        assert not app.exception, (bad, [e.value for e in app.exception])
    app.chat_input(key="chat_text").set_value("/roll no-such-move +edge").run()
    assert any("no move called" in e.value for e in app.error)
    assert "Traceback" not in page_text(app)
    app.text_input(key="dice_notation").set_value("9d9d9d9")
    app.button(key="dice_roll").click().run()
    assert not app.exception and app.error
    assert service.load_campaign("Iron Wake").moves == 0


def test_the_api_key_is_never_rendered(app: AppTest, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_LLM_API_KEY", SECRET)
    app.run()
    create_campaign(app)
    settings_key = app.text_input(key="settings_api_key")
    settings_key.set_value(TYPED_SECRET)
    app.button(key="settings_save").click().run()
    no_errors(app)
    assert any("entered in this browser session" in c.value for c in app.caption)
    play_action(app)
    app.button(key="suggestion_0").click().run()
    rendered = page_text(app)
    assert SECRET not in rendered and TYPED_SECRET not in rendered
    assert app.text_input(key="settings_api_key").value == ""
    for stored in service.campaign_events("Iron Wake"):
        dumped = stored.model_dump_json()
        assert SECRET not in dumped and TYPED_SECRET not in dumped


def test_every_system_opens_with_its_sheet(app: AppTest) -> None:
    for i, system in enumerate(available_systems()):
        create_campaign(app, f"Game {i}", system, seed=str(i))
        assert not app.exception, (system, [e.value for e in app.exception])
        assert f"System: **{get_ruleset(system).title}**" in "\n".join(c.value for c in app.sidebar.caption), system
        sidebar = "\n".join(str(m.value) for m in app.sidebar.markdown)
        assert app.selectbox(key=character_pick_key(f"Game {i}")).options == ["Your character"]  # a name, never an id
        assert "pc1" not in sidebar and "#### Your character" in sidebar, system
        assert not app.error, (system, [e.value for e in app.error])


def test_a_reload_reopens_the_campaign_in_the_address_not_the_first_one() -> None:
    for name in ("Alpha Road", "Zulu Drift"):
        service.create_campaign(name, "starforged", seed=3)
    first = AppTest.from_file(str(APP), default_timeout=60)
    first.run()
    first.selectbox(key="campaign_pick").set_value("Zulu Drift").run()
    no_errors(first)
    assert first.query_params["campaign"] in ("Zulu Drift", ["Zulu Drift"])  # the address names the open campaign
    reload = AppTest.from_file(str(APP), default_timeout=60)
    reload.query_params["campaign"] = "Zulu Drift"
    reload.run()
    no_errors(reload)
    assert reload.selectbox(key="campaign_pick").value == "Zulu Drift"
    reload.chat_input(key="chat_text").set_value("/oracle likely Is the hatch open?").run()
    no_errors(reload)
    assert service.load_campaign("Zulu Drift").moves == 1  # the message went into the campaign on screen
    assert service.load_campaign("Alpha Road").moves == 0


def test_a_visit_without_an_address_opens_the_newest_campaign() -> None:
    for name in ("Alpha Road", "Mid Way"):
        service.create_campaign(name, "elegy", seed=3)
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.run()
    no_errors(at)
    assert at.selectbox(key="campaign_pick").value == "Mid Way"


def test_export_offers_both_journals_and_import_makes_a_new_campaign(app: AppTest) -> None:
    create_campaign(app, "Export Me")
    play_action(app)
    app.button(key="suggestion_0").click().run()
    no_errors(app)
    labels = [b.label for b in app.get("download_button")]
    assert labels == ["Export: Markdown journal", "Export: Iron Vault journal (Obsidian)"]
    text = service.export("Export Me", "ironvault")
    from assistant.ui.components import journal

    class Upload:  # what st.file_uploader hands the app
        file_id = "f1"

        def getvalue(self) -> bytes:
            return text.encode("utf-8")

    journal._import(Upload())
    imported = [c.name for c in service.list_campaigns() if c.name != "Export Me"]
    assert imported and service.load_campaign(imported[0]).moves == service.load_campaign("Export Me").moves


def test_a_weak_hit_offers_each_suffer_move_with_its_amount() -> None:
    from assistant.chat.session import ChatSession
    from assistant.ui.components.follow_ups import next_steps

    service.create_campaign("Suffer", "starforged", seed=7)
    weak = ChatSession.open("Suffer").confirm({"move": "Face Danger", "stat": "edge", "dice": [2, 4, 9]})
    assert weak.results[0].outcome == "weak_hit"
    labels = [s.label for s in next_steps("starforged", weak.follow_ups, weak.results[0])]
    assert {"Endure Harm (-1)", "Lose Momentum (-1)", "Withstand Damage (-1)"} <= set(labels)


def test_a_miss_offers_pay_the_price_then_roll_again_and_survives_a_reload() -> None:
    from assistant.chat.session import ChatSession

    service.create_campaign("Price", "starforged", seed=7)
    miss = ChatSession.open("Price").confirm({"move": "Face Danger", "stat": "edge", "dice": [1, 9, 9]})
    assert miss.results[0].outcome == "miss"
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.query_params["campaign"] = "Price"
    at.run()  # a fresh page: what the last move left open comes back from the campaign's log
    no_errors(at)
    buttons = {b.label: b for b in at.button if str(b.key).startswith("next_")}
    assert "Pay the Price" in buttons, [b.label for b in at.button]
    buttons["Pay the Price"].click().run()
    no_errors(at)
    again = [b for b in at.button if str(b.key).startswith("next_") and str(b.label).endswith(" again")]
    assert [b.label for b in again] == ["Roll Pay the Price again"]
    again[0].click().run()
    no_errors(at)
    assert service.load_campaign("Price").moves == 3


def test_track_and_clock_controls_in_the_sidebar_change_the_saved_state(app: AppTest) -> None:
    create_campaign(app, "Controls")
    app.text_input(key="new_track_name").set_value("Find the lost ship")
    app.button(key="add_track").click().run()
    app.text_input(key="new_clock_name").set_value("The alarm")
    app.button(key="add_clock").click().run()
    no_errors(app)
    camp = service.load_campaign("Controls")
    (track_id,), (clock_id,) = list(camp.tracks), list(camp.clocks)
    app.button(key=f"track_mark_{track_id}").click().run()
    app.button(key=f"clock_up_{clock_id}").click().run()
    app.button(key=f"clock_up_{clock_id}").click().run()
    app.button(key=f"clock_down_{clock_id}").click().run()
    no_errors(app)
    camp = service.load_campaign("Controls")
    assert camp.tracks[track_id]["ticks"] == 8  # dangerous: two boxes a mark
    assert camp.clocks[clock_id]["filled"] == 1
    app.button(key=f"track_unmark_{track_id}").click().run()
    assert service.load_campaign("Controls").tracks[track_id]["ticks"] == 7


def test_a_sidebar_control_that_could_only_be_refused_waits_greyed_out(app: AppTest) -> None:
    """ "− 1 tick" on an empty track put "... has no progress to clear." at the top of the sidebar, far above the
    button clicked; it (and a clock's −1 at 0, +1 when full, Mark progress on a full track) is now disabled."""
    create_campaign(app, "Greyed")
    app.text_input(key="new_track_name").set_value("Find the lost ship")
    app.selectbox(key="new_track_rank").set_value("epic")
    app.button(key="add_track").click().run()
    app.text_input(key="new_clock_name").set_value("The alarm")
    app.selectbox(key="new_clock_segments").set_value(4)
    app.button(key="add_clock").click().run()
    no_errors(app)
    camp = service.load_campaign("Greyed")
    (track_id,), (clock_id,) = list(camp.tracks), list(camp.clocks)
    assert app.button(key=f"track_unmark_{track_id}").disabled and not app.button(key=f"track_mark_{track_id}").disabled
    assert app.button(key=f"clock_down_{clock_id}").disabled and not app.button(key=f"clock_up_{clock_id}").disabled
    app.button(key=f"track_mark_{track_id}").click().run()
    for _ in range(4):
        app.button(key=f"clock_up_{clock_id}").click().run()
    no_errors(app)
    assert service.load_campaign("Greyed").tracks[track_id]["ticks"] == 1  # epic: one tick a mark
    assert not app.button(key=f"track_unmark_{track_id}").disabled
    assert app.button(key=f"clock_up_{clock_id}").disabled and not app.button(key=f"clock_down_{clock_id}").disabled


def test_a_sidebar_form_folds_away_once_it_has_done_its_work(app: AppTest) -> None:
    """A second campaign created from the opened "New campaign" form left the emptied form open above the sheet,
    which then needed scrolling to find; the form (and "Add a character", "Start a track", "Start a clock") now folds
    once it has done its work, and stays open with the refusal when it has not."""
    assert app.session_state["new_campaign_form"] is True  # no campaign yet: the form is open
    create_campaign(app, "First Light")
    assert app.session_state["new_campaign_form"] is False
    app.session_state["new_campaign_form"] = True  # the player opens it again for a second campaign
    app.run()
    create_campaign(app, "Second Wind", "blades")
    assert app.session_state["new_campaign_form"] is False
    app.session_state["add_character_form"] = True
    app.run()
    app.button(key="add_character").click().run()  # no name: refused, the form stays open to fix it
    assert app.session_state["add_character_form"] is True and app.error
    app.text_input(key="new_character_name").set_value("Nyryx")
    app.button(key="add_character").click().run()
    no_errors(app)
    assert app.session_state["add_character_form"] is False
    assert "Nyryx" in [c.get("name") for c in service.load_campaign("Second Wind").characters.values()]
    app.session_state["start_clock_form"] = True
    app.run()
    app.text_input(key="new_clock_name").set_value("The Bluecoats close in")
    app.button(key="add_clock").click().run()
    no_errors(app)
    assert app.session_state["start_clock_form"] is False


def test_the_character_picker_names_the_open_campaign_s_character_after_a_switch(app: AppTest) -> None:
    """Every campaign's first character has the same id: with one picker for all, the browser kept the name of the
    campaign left behind ("Vex" over a sheet headed "Your character"). Each campaign now has its own picker."""
    create_campaign(app, "Grey Crows", "blades")
    play_action(app, "/set name Vex")
    create_campaign(app, "Ashen Ward", "city")
    for campaign, shown in (("Ashen Ward", "Your character"), ("Grey Crows", "Vex"), ("Ashen Ward", "Your character")):
        app.selectbox(key="campaign_pick").set_value(campaign).run()
        no_errors(app)
        picker = app.selectbox(key=character_pick_key(campaign))
        assert picker.options[picker.index] == shown, (campaign, picker.options)
        assert f"#### {shown}" in "\n".join(str(m.value) for m in app.sidebar.markdown)
    assert character_pick_key("Grey Crows") != character_pick_key("Ashen Ward")


def test_a_second_campaign_does_not_inherit_the_first_one_s_character_name(app: AppTest) -> None:
    """The character name (and seed) typed for one campaign stayed in the form: the next campaign's character was
    silently named after the first one's. The form is emptied once a campaign is created."""
    app.text_input(key="new_campaign_character").set_value("Vex")
    create_campaign(app, "Grey Crows", "blades", seed="5")
    assert app.text_input(key="new_campaign_character").value == "" and app.text_input(key="new_campaign_seed").value == ""
    app.text_input(key="new_campaign_name").set_value("Ashen Ward")
    app.selectbox(key="new_campaign_system").set_value("city")
    app.button(key="create_campaign").click().run()
    no_errors(app)
    names = [c.get("name") for c in service.load_campaign("Ashen Ward").characters.values()]
    assert "Vex" not in names, names
    assert [c.get("name") for c in service.load_campaign("Grey Crows").characters.values()] == ["Vex"]
