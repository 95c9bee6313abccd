"""Blades downtime rules beyond the golden cases: the SRD tables and their critical rows, the rules notes they
feed, the crew-sheet checks in the player's words, and the new options through the `assistant resolve` contract."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from collections.abc import Iterator

import pytest

from assistant.chat.reading import read_words
from assistant.chat.session import ChatSession
from assistant.engine import InputError, get_ruleset, resolve
from assistant.store import service
from assistant.store.state import CampaignState
from rules_index.notes import table_notes

RULESET = get_ruleset("blades")
TABLES = {t.id: t for t in RULESET.table_specs}


def test_downtime_and_crafting_tables_have_their_critical_rows() -> None:
    assert "5 segments" in TABLES["downtime_results"].critical and "heat by 5" in TABLES["downtime_results"].critical
    assert "Tier +2" in TABLES["crafting_quality"].critical
    assert "critical" not in TABLES["downtime_results"].source_note.lower()


def test_srd_tables_name_their_source_address() -> None:
    assert "https://bladesinthedark.com/node/29" in TABLES["vice_roll"].source_note
    assert [r.text.split(":")[0] for r in TABLES["vices"].rows] == [
        "Faith", "Gambling", "Luxury", "Obligation", "Pleasure", "Stupor", "Weird",
    ]  # fmt: skip


def test_rules_notes_carry_the_critical_rows() -> None:
    notes = {n.title: n.text for n in table_notes(["blades"])}
    assert "critical (two sixes): Quality Tier +2" in notes["Crafting Quality table"]
    assert "bladesinthedark.com/node/29" in notes["Vice Roll table"]


@pytest.mark.parametrize(
    ("character", "words"),
    [
        ({"factions": [{"name": "Crows", "status": 5}]}, "from -3 (war) to +3"),
        ({"factions": [{"name": "Crows"}, {"name": "crows"}]}, "twice"),
        ({"factions": [{"tier": 2}]}, "has a name"),
        ({"claims": [3]}, "list of names"),
        ({"prison_claims": ["Bribes"]}, "is not a prison claim"),
    ],
)
def test_bad_crew_sheet_is_refused_in_words(character: dict[str, object], words: str) -> None:
    with pytest.raises(InputError, match=re.escape(words)) as caught:
        resolve({"system": "blades", "move": "Payoff", "character": character, "options": {"coin": 2}})
    assert "_" not in str(caught.value).split("[")[0]


def test_naming_an_unknown_faction_asks_with_the_sheet_factions() -> None:
    with pytest.raises(InputError) as caught:
        resolve({
            "system": "blades", "move": "Rivals", "character": {"factions": [{"name": "The Grinders", "tier": 1}]},
            "options": {"faction": "Grinder", "choose": ["stand_up"]},
        })  # fmt: skip
    assert caught.value.choices == ["The Grinders"] and "no faction called 'Grinder'" in str(caught.value)


def test_going_to_war_without_factions_on_the_sheet_still_marks_war() -> None:
    r = resolve({"system": "blades", "move": "Show of Force", "options": {"choose": ["go_to_war"]}})
    assert r.character["at_war"] is True and any("add it to the crew sheet" in n for n in r.notes)


def test_new_options_through_the_resolve_command() -> None:
    request = {
        "system": "blades",
        "move": "Show of Force",
        "character": {"claims": ["Turf", "Gambling Den"], "factions": [{"name": "Red Sashes", "tier": 2, "status": -1}]},
        "options": {"faction": "Red Sashes", "claim": "Turf", "choose": ["give_claim"]},
    }
    done = subprocess.run(
        [sys.executable, "-m", "assistant.cli", "resolve"], input=json.dumps(request), capture_output=True, text=True,
        timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    result = json.loads(done.stdout)
    assert result["character"]["claims"] == ["Gambling Den"]
    assert [e["kind"] for e in result["effects"]] == ["choice", "claim"]


# ---- the chat: values read from the player's words ----------------------------------------------------------------


@pytest.fixture
def chat_home(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("TABLETOP_EMBEDDER", "hash")
    yield
    service.close_stores()


def test_train_uses_the_attribute_named_in_the_words(chat_home: None) -> None:
    service.create_campaign("training", "blades", seed=7)
    session = ChatSession.open("training", rng=random.Random(11))
    for words in ("I train my prowess with the old fencing master", "I train my playbook with our training upgrade"):
        turn = session.send(words)
        done = session.confirm(next(s for s in turn.suggestions if s.move == "Train"))
        assert done.kind == "action" and done.question is None, done
    sheet = session.reload().active() or {}
    assert sheet["xp"]["prowess"] == 1 and sheet["xp"]["playbook"] == 2
    assert sheet["trained"] == ["prowess", "playbook"]


def test_resisting_interrogation_is_read_from_the_words(chat_home: None) -> None:
    state = CampaignState(system="blades")
    reading = read_words("I resist the beating and keep my mouth shut", "Interrogation", state)
    assert reading.options == {"resist_harm": True, "resist_heat": True}
    assert read_words("I train my resolve", "Train", state).options == {"xp_track": "resolve"}


def test_factions_written_in_words_on_the_sheet() -> None:
    r = resolve({
        "system": "blades", "move": "Rivals",
        "character": {"factions": ["The Grinders (tier 3, status 0)", "Bluecoats"]},
        "options": {"faction": "the grinders", "choose": ["stand_up"]},
    })  # fmt: skip
    assert r.character["factions"] == [
        {"name": "The Grinders", "tier": 3, "status": -1},
        {"name": "Bluecoats", "tier": 0, "status": 0},
    ]
    with pytest.raises(InputError, match="tier 2, status -1"):
        resolve({"system": "blades", "move": "Rivals", "character": {"factions": ["Crows (rank 2)"]}})


def test_show_of_force_in_chat_asks_which_hostile_faction(chat_home: None) -> None:
    service.create_campaign("force", "blades", seed=7)
    session = ChatSession.open("force", rng=random.Random(11))
    for line in ("/add factions Red Sashes (tier 2, status -1)", "/add factions The Lampblacks (tier 2, status +3)"):
        assert session.send(line).kind == "command"
    turn = session.send("A hostile gang makes a show of force against our holdings")
    session.confirm(next(s for s in turn.suggestions if s.move == "Show of Force"))
    asked = session.send("Go to war")
    assert asked.kind == "question" and asked.question is not None
    assert [a.label for a in asked.question.answers] == ["Red Sashes"]
    done = session.answer("Red Sashes")
    assert done.kind == "action", done.error
    sheet = session.reload().active() or {}
    assert sheet["at_war"] is True and sheet["factions"][0] == {"name": "Red Sashes", "tier": 2, "status": -3}


def test_faction_and_claim_named_in_the_words_are_read_from_the_sheet(chat_home: None) -> None:
    service.create_campaign("named", "blades", seed=7)
    session = ChatSession.open("named", rng=random.Random(11))
    for line in ("/add factions Red Sashes (tier 2, status -2)", "/add claims Turf", "/add claims Gambling Den"):
        assert session.send(line).kind == "command"
    turn = session.send("The Red Sashes make a show of force, so we give them the gambling den")
    session.confirm(next(s for s in turn.suggestions if s.move == "Show of Force"))
    done = session.send("Give them 1 claim")
    assert done.kind == "action" and done.question is None, done.error
    sheet = session.reload().active() or {}
    assert sheet["claims"] == ["Turf"]
    state = CampaignState(system="blades", characters={"pc1": sheet}, active_character="pc1")
    assert read_words("we used 2 conspicuous gadgets", "Heat", state).options == {"conspicuous": 2}
    assert read_words("the bluecoats and the red sashes", "Rivals", state).options == {"faction": "Red Sashes"}
