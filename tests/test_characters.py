"""Characters per system: created and edited within the text's bounds, refused in plain words with nothing
changed, edits stored as undoable events that replay and travel with an export; several characters, and a
Dungeon World attack whose damage lands on the one attacked."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from assistant.chat.session import ChatSession
from assistant.engine import InputError
from assistant.engine.character_edit import Edit, check_character, edit_character, parse_assignments
from assistant.store import service
from assistant.store.characters import create_character, edit, new_campaign


@pytest.fixture(autouse=True)
def _hash_embedder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_EMBEDDER", "hash")


def plain(message: str) -> None:
    """A refusal in the player's words: no snake_case ids, no ``character.`` paths, no options."""
    assert not re.search(r"\b[a-z]+_[a-z_]+\b", message), message
    assert "character." not in message and "options." not in message, message


def refused(system: str, character: dict[str, Any], edits: Any, *words: str, creating: bool = False) -> str:
    with pytest.raises(InputError) as info:
        if edits is None:
            check_character(system, character, creating=creating)
        else:
            edit_character(system, character, edits, creating=creating)
    message = info.value.message
    plain(message)
    for word in words:
        assert word in message, message
    return message


# ---- each system's sheet ------------------------------------------------------------------------------


def test_starforged_stats_are_the_starting_spread_then_1_to_3() -> None:
    kira = check_character(
        "starforged", {"name": "Kira", "stats": {"edge": 1, "heart": 3, "iron": 2, "shadow": 2, "wits": 1}}, creating=True
    )
    assert kira["stats"]["heart"] == 3 and kira["momentum"] == 2
    refused("starforged", {"stats": {"edge": 3, "heart": 3}}, None, "3, 2, 2, 1, 1", creating=True)
    after, said = edit_character("starforged", kira, {"edge": 3, "momentum": 6})
    assert after["stats"]["edge"] == 3 and after["momentum"] == 6 and said == ["Edge 1 → 3", "Momentum 2 → 6"]
    refused("starforged", kira, {"edge": 4}, "Edge", "1 to 3", "you gave 4")
    refused("starforged", {**kira, "impacts": ["wounded", "shaken"]}, {"momentum": 9}, "Momentum", "-6 to 8", "2 impact")
    refused("starforged", {**kira, "momentum": 10}, [Edit("impact", "wounded", "add")], "Momentum (10) would be above")
    assert edit_character("starforged", {**kira, "stats": {**kira["stats"], "edge": 5}}, {"wits": 2})[0]["stats"]["edge"] == 5
    assert kira["stats"]["edge"] == 1  # a refusal never touches the sheet it was given


def test_city_beliefs_secrets_assets_and_heat() -> None:
    sheet, said = edit_character(
        "city",
        {},
        [
            Edit("belief", "The Magistrate lies", "add"),
            Edit("secret", "Arvel loves Donatella", "add"),
            Edit("heat", "3"),
            Edit("assets", 2),
        ],
    )
    assert sheet["beliefs"] == ["The Magistrate lies"] and sheet["secrets"] == ["Arvel loves Donatella"]
    assert sheet["heat"] == 3 and sheet["assets"] == 2
    assert said[0] == "Beliefs: added The Magistrate lies"
    refused("city", sheet, {"assets": 3}, "Assets", "0 to 2", "maximum of two assets")
    refused("city", sheet, {"heat": 11}, "Heat", "0 to 10")
    gone, said = edit_character("city", sheet, [Edit("beliefs", "1", "remove")])
    assert gone["beliefs"] == [] and said == ["Beliefs: removed The Magistrate lies"]
    refused("city", sheet, [Edit("secret", "nobody", "remove")], "no “nobody” in Secrets", "Arvel loves Donatella")


def test_blades_playbook_vice_and_crew() -> None:
    sheet, _ = edit_character(
        "blades",
        {},
        {"playbook": "lurk", "vice": "gambling", "purveyor": "Helene", "crew": "The Lampblacks", "tier": 1, "hold": "weak"},
    )
    assert (sheet["playbook"], sheet["vice"], sheet["crew_name"]) == (
        "Lurk",
        {"type": "Gambling", "purveyor": "Helene"},
        "The Lampblacks",
    )
    assert sheet["tier"] == 1 and sheet["hold"] == "weak"
    refused("blades", sheet, {"playbook": "Wizard"}, "Playbook", "Cutter", "Whisper", 'you gave "Wizard"')
    refused("blades", sheet, {"stress": 10}, "Stress", "0 to 9")
    refused("blades", sheet, {"wanted level": 5}, "Wanted level", "0 to 4")
    refused("blades", {"stats": {"prowl": 3}}, None, "Prowl", "2 or less", creating=True)
    refused("blades", {"stats": {"prowl": 2, "hunt": 2, "wreck": 2}}, None, "seven action dots", creating=True)
    assert edit_character("blades", {}, {"prowl": 3})[0]["stats"]["prowl"] == 3  # a rating grows in play


def test_dungeon_world_class_grit_armor_and_hp() -> None:
    mara, said = edit_character("dungeon-world", {}, {"class": "Bard", "grit": "6", "armor": 1, "hp": 18, "max hp": 18})
    assert (mara["class"], mara["grit"], mara["armor"], mara["hp"], mara["max_hp"]) == ("bard", 6, 1, 18, 18)
    assert said.index("Max HP 22 → 18") < said.index("HP 22 → 18")  # the ceiling first, whatever the order given
    refused("dungeon-world", mara, {"hp": 19}, "HP", "0 to 18", "max HP (18)")
    lowered, said = edit_character("dungeon-world", mara, {"max hp": 12})  # at full HP, HP follows its maximum
    assert (lowered["hp"], lowered["max_hp"]) == (12, 12) and "HP 18 → 12" in said
    hurt = {**mara, "hp": 15}
    refused("dungeon-world", hurt, {"max hp": 12}, "HP (15) would be above its new maximum (12)")
    assert edit_character("dungeon-world", hurt, {"max hp": 12, "hp": 12})[0]["hp"] == 12
    assert edit_character("dungeon-world", mara, {"max hp": 20})[0]["hp"] == 18  # a higher maximum heals nothing
    old_hand = {**mara, "stats": {**mara["stats"], "str": 3}}
    assert edit_character("dungeon-world", old_hand, {"armor": 2})[0]["stats"]["str"] == 3  # untouched fields stay
    refused("dungeon-world", mara, {"grit": 7}, "Grit", "4, 6, 8, 10, 12")
    refused("dungeon-world", mara, {"class": "necromancer"}, "Class", "fighter")
    assert edit_character("dungeon-world", mara, {"grit": ""})[0]["grit"] is None  # back to the class's


def test_elegy_stats_and_blood() -> None:
    sheet, _ = edit_character("elegy", {}, {"glamour": 4, "blood": 2, "focus": -3})
    assert sheet["stats"]["glamour"] == 4 and sheet["blood"] == 2 and sheet["focus"] == -3
    refused("elegy", sheet, {"blood": 6}, "Blood", "0 to 5")
    refused("elegy", sheet, {"force": -1}, "Force", "0 to 5")
    refused("elegy", sheet, {"mana": 1}, "no field called 'mana'", "Blood")
    refused("elegy", {"wanted": 1}, None, "no field 'wanted'")


def test_cli_words_become_edits() -> None:
    assert parse_assignments(["edge=3", "belief+=The Magistrate lies", "impact-=wounded"]) == [
        Edit("edge", "3"),
        Edit("belief", "The Magistrate lies", "add"),
        Edit("impact", "wounded", "remove"),
    ]
    with pytest.raises(InputError, match="field=value"):
        parse_assignments(["edge 3"])


# ---- the store ------------------------------------------------------------------------------------------


def test_edits_are_undoable_events_that_replay_and_export() -> None:
    new_campaign(
        "Vault", "starforged", {"name": "Kira", "stats": {"edge": 3, "heart": 2, "iron": 2, "shadow": 1, "wits": 1}}, seed=4
    )
    events = len(service.campaign_events("Vault"))
    with pytest.raises(InputError):
        edit("Vault", {"edge": 5})
    assert len(service.campaign_events("Vault")) == events  # refused: nothing stored
    stored, said = edit("Vault", [Edit("edge", 1), Edit("asset", "Starship", "add")])
    assert stored.event.type == "character_updated" and said == ["Edge 3 → 1", "Assets: added Starship"]
    kira = service.load_campaign("Vault").active()
    assert kira is not None and kira["stats"]["edge"] == 1 and kira["assets"] == ["Starship"]
    service.resolve_in_campaign("Vault", {"move": "Face Danger", "stat": "edge", "dice": [6, 1, 2]})
    service.replay("Vault")
    copy = service.import_journal(service.export("Vault", "markdown"), "Vault copy")
    assert service.load_campaign(copy).active() == service.load_campaign("Vault").active()
    service.undo_last("Vault")
    service.undo_last("Vault")
    kira = service.load_campaign("Vault").active()
    assert kira is not None and kira["stats"]["edge"] == 3 and "assets" not in kira


def test_an_opponent_joins_without_changing_who_plays() -> None:
    service.create_campaign("Duel", "dungeon-world", {"name": "Felix"}, seed=1)
    cid = create_character("Duel", {"name": "Mara", "class": "bard", "max_hp": 18, "hp": 18, "armor": 1})
    camp = service.load_campaign("Duel")
    assert cid == "mara" and camp.active_character == "felix"
    with pytest.raises(InputError, match="HP is a whole number from 0 to 18"):
        edit("Duel", {"hp": 30}, character="Mara")
    edit("Duel", {"hp": 12}, character="Mara")
    assert service.load_campaign("Duel").characters["mara"]["hp"] == 12


# ---- the chat -------------------------------------------------------------------------------------------


def test_chat_commands_create_edit_and_refuse_in_plain_words() -> None:
    service.create_campaign("Lamp", "blades", {"name": "Silver"}, seed=2)
    chat = ChatSession.open("Lamp")
    assert "/set" in chat.send("/help").narration and "/character" in chat.send("/help").narration
    turn = chat.send("/set playbook Lurk")
    assert turn.ok and turn.narration == "Silver: Playbook empty → Lurk."
    assert chat.send("/set vice Gambling").ok and chat.send("/set crew name The Lampblacks").ok
    before = len(service.campaign_events("Lamp"))
    bad = chat.send("/set stress 12")
    assert bad.kind == "error" and "Stress is a whole number from 0 to 9" in (bad.error or "")
    plain(bad.error or "")
    assert chat.send("/set horse 3").kind == "error"
    assert len(service.campaign_events("Lamp")) == before  # refused: not even the player's lines are logged
    sheet = service.load_campaign("Lamp").active()
    assert sheet is not None and (sheet["playbook"], sheet["vice"]["type"], sheet["crew_name"]) == (
        "Lurk",
        "Gambling",
        "The Lampblacks",
    )
    shown = chat.send("/character").narration
    assert "Playbook: Lurk" in shown and "Vice: Gambling" in shown
    undone = chat.undo()
    assert undone.ok and undone.narration == "Undone: a change to Silver's sheet (Crew name empty → The Lampblacks)."
    assert "Silver's sheet is updated: Playbook empty → Lurk." in service.export("Lamp", "markdown")
    sheet = service.load_campaign("Lamp").active()
    assert sheet is not None and sheet["crew_name"] == ""


def test_chat_api_and_list_commands_for_the_city() -> None:
    service.create_campaign("Canal", "city", {"name": "Miabella"}, seed=3)
    chat = ChatSession.open("Canal")
    assert chat.send("/add belief The Magistrate lies").ok
    assert chat.send("/set secret Donatella loves Arvel").ok  # /set on a list adds to it
    assert chat.edit_character({"heat": 2, "assets": 1}).ok
    refused_turn = chat.edit_character({"assets": 3})
    assert refused_turn.kind == "error" and "maximum of two assets" in (refused_turn.error or "")
    assert chat.send("/add belief Note: the canal floods").ok  # a colon in the words names no character
    assert chat.send("/remove belief 1").ok
    assert chat.send("/remove belief note: the canal floods").ok
    sheet = service.load_campaign("Canal").active()
    assert sheet is not None and sheet["beliefs"] == [] and sheet["secrets"] == ["Donatella loves Arvel"]
    assert (sheet["heat"], sheet["assets"]) == (2, 1)
    made = chat.create_character({"name": "Donatella", "stats": {"sway": 2}})
    assert made.ok and "Miabella is still the one playing" in made.narration
    assert chat.create_character({"name": "Arvel", "stats": {"sway": 9}}).kind == "error"
    assert chat.send("/set Donatella: heat 4").ok
    camp = service.load_campaign("Canal")
    assert camp.active_character == "miabella" and camp.characters["donatella"]["heat"] == 4
    assert chat.send("/character play Donatella").ok
    assert service.load_campaign("Canal").active_character == "donatella"


def test_dungeon_world_attack_damages_the_target_and_not_the_attacker() -> None:
    service.create_campaign("Pit", "dungeon-world", {"name": "Felix", "grit": 10}, seed=5)
    chat = ChatSession.open("Pit")
    assert chat.send("/character add Mara class=bard max_hp=18 hp=18 armor=1").ok
    assert service.load_campaign("Pit").active_character == "felix"
    turn = chat.send("I strike Mara with my sword")
    attack = next(s for s in turn.suggestions if s.move_id == "hack_and_slash")
    assert attack.request["options"]["target"] == "mara" and any("Mara" in n for n in turn.notes)
    options = {**attack.request["options"], "choose": ["deal_damage", "not_vulnerable"]}
    hit = chat.confirm({**attack.request, "options": options, "dice": [6, 6]})
    (damage,) = [f for f in hit.follow_ups if f.move == "Deal Damage"]
    assert damage.target == "mara" and damage.request is not None and damage.request["options"]["grit"] == 10
    dealt = chat.confirm(damage)
    assert dealt.ok, dealt.error
    assert dealt.player_text == "Deal Damage on Mara"
    camp = service.load_campaign("Pit")
    rolled = dealt.results[0].score
    assert rolled is not None
    assert camp.characters["mara"]["hp"] == 18 - max(0, rolled - 1)  # her leather's 1 armor
    assert camp.characters["felix"]["hp"] == 22 and camp.active_character == "felix"
    service.replay("Pit")


def test_a_roll_command_can_name_its_target() -> None:
    service.create_campaign("Ring", "dungeon-world", {"name": "Bart", "class": "barbarian"}, seed=6)
    create_character("Ring", {"name": "Duke", "class": "paladin", "max_hp": 24, "hp": 24})
    chat = ChatSession.open("Ring")
    hit = chat.send("/roll hack and slash +str target=Duke choose=deal_damage")
    assert hit.ok, hit.error
    (damage,) = [f for f in hit.follow_ups if f.move == "Deal Damage"]
    assert damage.target == "duke"
    button = {**(damage.request or {}), "character_id": damage.target}  # what the app's button sends
    dealt = chat.confirm(button)
    assert dealt.ok and dealt.player_text == "Deal Damage on Duke"
    camp = service.load_campaign("Ring")
    assert camp.characters["duke"]["hp"] < 24 and camp.characters["bart"]["hp"] == 22


# ---- the CLI --------------------------------------------------------------------------------------------


def test_cli_character_file_and_edit_command(tmp_path: Path) -> None:
    from assistant.cli import app

    runner = CliRunner()
    good = tmp_path / "kira.yaml"
    good.write_text("name: Kira\nstats: {edge: 3, heart: 2, iron: 2, shadow: 1, wits: 1}\n")
    result = runner.invoke(app, ["campaign", "new", "Wake", "--character", str(good), "--seed", "1"])
    assert result.exit_code == 0, result.stderr
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"name": "Kira", "stats": {"edge": 3, "heart": 3}}))
    result = runner.invoke(app, ["campaign", "new", "Bad", "--character", str(bad)])
    assert result.exit_code == 1 and "3, 2, 2, 1, 1" in result.stderr
    result = runner.invoke(app, ["character", "edit", "Wake", "edge=2", "asset+=Starship", "--json"])
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["changes"] == ["Edge 3 → 2", "Assets: added Starship"]
    result = runner.invoke(app, ["character", "edit", "Wake", "edge=7"])
    assert result.exit_code == 1 and result.stderr.startswith("error: Edge is a whole number from 1 to 3")
    companion = tmp_path / "companion.json"
    companion.write_text(json.dumps({"name": "Iko", "stats": {"edge": 1, "heart": 3, "iron": 2, "shadow": 2, "wits": 1}}))
    assert runner.invoke(app, ["character", "add", "Wake", str(companion)]).exit_code == 0
    assert service.load_campaign("Wake").active_character == "kira"
    shown = runner.invoke(app, ["character", "show", "Wake", "-c", "Iko"])
    assert shown.exit_code == 0 and "Heart: 3" in shown.stdout


def test_damage_on_a_combatant_without_a_sheet_asks_for_one() -> None:
    service.create_campaign("Cave", "dungeon-world", {"name": "Felix"}, seed=7)
    chat = ChatSession.open("Cave")
    turn = chat.send("I hack at the Orc with my sword")
    attack = next(s for s in turn.suggestions if s.move_id == "hack_and_slash")
    assert attack.request["options"]["target"] == "Orc"
    hit = chat.confirm({**attack.request, "options": {**attack.request["options"], "choose": ["deal_damage"]}, "dice": [6, 6]})
    (damage,) = [f for f in hit.follow_ups if f.move == "Deal Damage"]
    before = len(service.campaign_events("Cave"))
    refused_turn = chat.confirm(damage)
    assert refused_turn.kind == "error" and "/character add Orc" in (refused_turn.error or "")
    assert len(service.campaign_events("Cave")) == before
    assert chat.send("/character add Orc max_hp=10 hp=10 armor=1").ok
    assert chat.confirm(damage).ok
    assert service.load_campaign("Cave").characters["orc"]["hp"] < 10
