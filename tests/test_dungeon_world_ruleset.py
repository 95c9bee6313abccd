"""The dungeon-world ruleset: every move and tier with forced dice, damage minus armor, mana, conditions,
bonuses and penalties, choices and follow-ups, bad input, the two worked combats, exact odds, the CLI.

The worked combats are the golden file tests/golden/dungeon-world.jsonl (run by tests/test_golden.py): each
line is one step of rules_index/corpus/dungeon-world.txt (``lines``) with the numbers the text gives, and
the expectations computed by hand from the text, never copied from engine output.
"""

from __future__ import annotations

import copy
import json
import random
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
import yaml

from assistant.engine import get_ruleset, resolve
from assistant.engine.errors import AssistantError, DiceError, InputError, RulesError, UnknownNameError
from assistant.engine.probability import odds_for_request, total_odds
from assistant.engine.rulesets.dungeon_world.damage import parse_damage_dice, through_armor

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "rules_index" / "corpus" / "dungeon-world.txt"
CATALOG = ROOT / "assistant" / "suggest" / "catalog" / "dungeon-world.yaml"
SYSTEM = "dungeon-world"
RULESET = get_ruleset(SYSTEM)
TWO_D6_MOVES = [m.id for m in RULESET.moves if m.roll.type == "total" and m.id != "deal_damage"]
#: forced 2d6 faces for each tier with a +0 stat: 10+, 7-9, 6-
TIER_DICE = {"strong_hit": [5, 5], "weak_hit": [3, 4], "miss": [3, 3]}
WIZARD: dict[str, Any] = {"class": "wizard", "mana": 3, "stats": {"int": 0}}


def run(move: str, **fields: Any) -> Any:
    return resolve({"system": SYSTEM, "move": move, **fields})


def request_of(follow_up: Any) -> dict[str, Any]:
    assert follow_up.request is not None
    return dict(follow_up.request)


def after(result: Any) -> dict[str, Any]:
    """The character after a resolution."""
    assert result.character is not None
    return dict(result.character)


def effects(result: Any) -> list[list[Any]]:
    return [[e.kind, e.target, e.delta] for e in result.effects]


def zero_stats() -> dict[str, int]:
    return {s: 0 for s in ("str", "dex", "con", "int", "wis", "cha")}


# ---- data against the text -----------------------------------------------------------------------


def _corpus_lines() -> list[str]:
    return CORPUS.read_text(encoding="utf-8").splitlines()


def _squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def test_every_move_cites_lines_that_hold_its_text() -> None:
    lines = _corpus_lines()
    for move in RULESET.moves:
        assert move.source.file == "dungeon-world.txt"
        a, b = move.source.lines
        assert 1 <= a <= b <= len(lines), move.id
        span = _squash(" ".join(lines[a - 1 : b]))
        for line in move.text.splitlines():
            assert _squash(line) in span, f"{move.id}: {line!r} is not in lines {a}-{b}"


def test_every_reading_quotes_the_text() -> None:
    whole = _squash(" ".join(_corpus_lines()))
    readings = [(m.id, r) for m in RULESET.moves for r in m.readings]
    assert len(readings) >= 15
    for move_id, reading in readings:
        assert _squash(reading.sentence) in whole, f"{move_id}: {reading.sentence!r}"


def test_ruleset_validates_and_ids_match_the_suggestion_catalogue() -> None:
    RULESET.validate()
    catalog = yaml.safe_load(CATALOG.read_text(encoding="utf-8"))["moves"]
    by_id = {m.id: m for m in RULESET.moves}
    for row in catalog:
        assert row["id"] in by_id, row["id"]
        move = by_id[row["id"]]
        assert move.name == row["name"]
        cat_stats = {s for opt in row["stats"] for s in ([opt["stat"]] if isinstance(opt["stat"], str) else opt["stat"])}
        our_stats = {s for opt in move.roll.stats for s in opt.stats}
        assert cat_stats <= our_stats, (row["id"], cat_stats, our_stats)
        assert cat_stats <= set(RULESET.sheet.stats)


def test_aliases_reach_the_same_moves() -> None:
    for name in ("dw", "dungeon world", "Dungeon-World"):
        assert get_ruleset(name) is RULESET or get_ruleset(name).system_id == SYSTEM
    for name in ("Hack and Slash", "hack&slash", "HACK_AND_SLASH"):
        assert RULESET.find_move(name).id == "hack_and_slash"


def test_default_character_is_playable() -> None:
    ch = RULESET.default_character()
    assert (ch["class"], ch["hp"], ch["max_hp"], ch["armor"], ch["ammunition"]) == ("fighter", 22, 22, 3, 5)
    result = run("Hack & Slash", stat="str", dice=[4, 4], options={"choose": ["deal_damage"]})
    assert result.score == 4 + 4 + ch["stats"]["str"]
    assert result.follow_ups[0].request == {"system": SYSTEM, "move": "deal_damage", "options": {"grit": 10}}


# ---- the worked combats ----------------------------------------------------------------------------


def test_worked_combat_follow_up_requests_chain_into_the_target() -> None:
    """Felix's Hack & Slash hands Mia a request that, with her sheet and the 7 rolled, gives 18 -> 12."""
    felix = {"class": "fighter", "stats": {"str": 2}}
    attack = run(
        "Hack & Slash",
        stat="str",
        character=felix,
        dice=[6, 4],
        options={"choose": ["deal_damage", "cause_debility"], "debility": "shakey"},
    )
    follow = attack.follow_ups[0].request
    assert follow is not None
    mia = {"class": "bard", "hp": 18, "max_hp": 18, "armor": 1}
    hit = resolve({**follow, "character": mia, "dice": [7]})
    assert (after(hit)["hp"], after(hit)["impacts"]) == (12, ["shakey"])


# ---- every 2d6 move, every tier ------------------------------------------------------------------


def _request_for(move_id: str, tier: str) -> dict[str, Any]:
    character: dict[str, Any] = {"stats": zero_stats()}
    stat = None
    if move_id in ("cast_a_spell_wizard", "cast_a_spell_cleric", "magic_missile"):
        character.update(mana=2, **{"class": "cleric" if move_id.endswith("cleric") else "wizard"})
    if move_id == "last_gasp":
        character["hp"] = 0
    if move_id in ("hack_and_slash", "saving_throw"):
        stat = "str"
    req: dict[str, Any] = {"system": SYSTEM, "move": move_id, "character": character, "dice": TIER_DICE[tier]}
    if stat:
        req["stat"] = stat
    return req


@pytest.mark.parametrize("tier", list(TIER_DICE))
@pytest.mark.parametrize("move_id", TWO_D6_MOVES)
def test_every_2d6_move_reads_every_tier(move_id: str, tier: str) -> None:
    result = resolve(_request_for(move_id, tier))
    assert result.roll == "total"
    assert result.outcome == tier
    assert result.score == sum(TIER_DICE[tier])
    assert result.text == RULESET.move_by_id(move_id).outcomes[tier].text


def test_moves_without_a_roll_and_the_damage_roll() -> None:
    assert {m.id for m in RULESET.moves if m.roll.type == "none"} == {
        "receive_arcane_art",
        "enter_combat",
        "end_of_round",
        "roll_initiative",
        "take_a_bonus",
        "suffer_control",
        "turn_begins",
        "heal",
    }
    for move_id in ("receive_arcane_art", "enter_combat", "end_of_round"):
        result = run(move_id)
        assert (result.roll, result.outcome, result.dice) == ("none", "none", [])
    with pytest.raises(DiceError, match="remove the extra 1"):
        run("end_of_round", dice=[3])


# ---- Hack & Slash ---------------------------------------------------------------------------------


def test_hack_and_slash_strong_hit_offers_two_picks_and_marks_you_vulnerable() -> None:
    result = run("Hack & Slash", stat="str", character={"stats": {"str": 1}}, dice=[5, 4])
    assert result.outcome == "strong_hit" and result.score == 10
    assert result.character["impacts"] == ["vulnerable"]
    (choice,) = result.choices
    assert choice.pick == 2
    assert [o.id for o in choice.options] == ["deal_damage", "not_vulnerable", "opponent_vulnerable", "cause_debility"]
    assert result.follow_ups == []


def test_hack_and_slash_weak_hit_picks_one_and_three_picks_are_refused() -> None:
    weak = run("Hack & Slash", stat="str", character={"stats": {"str": 0}}, dice=[4, 4])
    assert weak.outcome == "weak_hit" and weak.choices[0].pick == 1
    with pytest.raises(RulesError, match="pick 1"):
        run(
            "Hack & Slash",
            stat="str",
            character={"stats": {"str": 0}},
            dice=[4, 4],
            options={"choose": ["deal_damage", "not_vulnerable"]},
        )
    with pytest.raises(RulesError, match="pick 2"):
        run(
            "Hack & Slash",
            stat="str",
            dice=[6, 6],
            options={"choose": ["deal_damage", "not_vulnerable", "cause_debility"], "debility": "weak"},
        )


def test_hack_and_slash_miss_deals_nothing_but_leaves_you_vulnerable() -> None:
    result = run("Hack & Slash", stat="str", character={"stats": {"str": 0}}, dice=[1, 2])
    assert (result.outcome, result.choices, result.follow_ups) == ("miss", [], [])
    assert result.character["impacts"] == ["vulnerable"]


def test_not_vulnerable_does_not_clear_an_earlier_vulnerability() -> None:
    result = run(
        "Hack & Slash",
        stat="str",
        character={"impacts": ["vulnerable"]},
        dice=[6, 6],
        options={"choose": ["deal_damage", "not_vulnerable"]},
    )
    assert result.character["impacts"] == ["vulnerable"]
    assert any("already vulnerable" in n for n in result.notes)


def test_hack_and_slash_opening_and_debility_without_damage_reach_the_target() -> None:
    result = run(
        "Hack & Slash",
        stat="str",
        dice=[6, 6],
        options={"choose": ["opponent_vulnerable", "cause_debility"], "debility": "Stunned"},
    )
    (fu,) = result.follow_ups
    assert fu.request == {
        "system": SYSTEM,
        "move": "deal_damage",
        "options": {"amount": 0, "debilities": ["stunned"], "opened_up": True},
    }
    target = resolve({**fu.request, "character": {"hp": 10, "max_hp": 10}})
    assert after(target)["hp"] == 10 and target.dice == []
    assert after(target)["impacts"] == ["stunned", "vulnerable"]


def test_cause_debility_needs_the_debility_named() -> None:
    with pytest.raises(InputError, match="debility of your choice"):
        run("Hack & Slash", stat="str", dice=[6, 6], options={"choose": ["cause_debility"]})
    with pytest.raises(InputError, match="debility"):
        run("Hack & Slash", stat="str", dice=[6, 6], options={"debility": "grumpy"})


def test_helpless_target_turns_a_miss_into_7_9() -> None:
    result = run("Hack & Slash", stat="str", character={"stats": {"str": 0}}, dice=[1, 1], options={"target_helpless": True})
    assert result.outcome == "weak_hit" and result.score == 2
    assert any("Helpless" in n for n in result.notes)


def test_grit_comes_from_the_class_or_the_sheet() -> None:
    # the text's four, then Dungeon World's published damage dice for the other classes it names
    text = (("fighter", 10), ("barbarian", 10), ("paladin", 8), ("bard", 6))
    for cls, grit in (*text, ("wizard", 4), ("cleric", 6), ("druid", 6), ("thief", 8)):
        result = run("Hack & Slash", stat="str", character={"class": cls}, dice=[6, 6], options={"choose": ["deal_damage"]})
        assert request_of(result.follow_ups[0])["options"]["grit"] == grit
    custom = run(
        "Hack & Slash", stat="str", character={"class": "thief", "grit": 8}, dice=[6, 6], options={"choose": ["deal_damage"]}
    )
    assert request_of(custom.follow_ups[0])["options"]["grit"] == 8
    unknown = run("Hack & Slash", stat="str", character={"class": "shaman"}, dice=[6, 6], options={"choose": ["deal_damage"]})
    assert "grit" not in request_of(unknown.follow_ups[0])["options"]
    assert any("no Grit for the class" in n for n in unknown.notes)


# ---- damage -------------------------------------------------------------------------------------


def test_damage_minus_armor_never_heals() -> None:
    result = run("Deal Damage", character={"armor": 3, "armor_bonus": 1}, options={"grit": 6}, dice=[2])
    assert result.character["hp"] == 22 and effects(result) == [["meter", "hp", 0]]
    assert "4 armor" in result.effects[0].reason


def test_damage_with_adds_and_bonus_dice() -> None:
    result = run("Deal Damage", character={"armor": 1}, options={"grit": 8, "bonus_d4": 2}, adds=1, dice=[5, 3, 2])
    assert result.score == 5 + 3 + 2 + 1
    assert result.character["hp"] == 22 - (11 - 1)
    assert [d.sides for d in result.dice_detail] == [8, 4, 4]


def test_helpless_target_takes_1d4_more_ignores_armor_and_stays_vulnerable() -> None:
    result = run("Deal Damage", character={"impacts": ["helpless", "vulnerable"], "armor": 3}, options={"grit": 10}, dice=[6, 3])
    assert result.score == 9 and result.character["hp"] == 13
    assert result.character["impacts"] == ["helpless", "vulnerable"]


def test_hp_stops_at_zero_and_calls_for_last_gasp() -> None:
    result = run("Deal Damage", character={"hp": 4, "armor": 0}, options={"damage_dice": "3d6"}, dice=[6, 6, 6])
    assert result.character["hp"] == 0
    assert effects(result) == [["meter", "hp", -4]]
    assert [f.request for f in result.follow_ups] == [{"system": SYSTEM, "move": "last_gasp"}]
    gasp = run("Last Gasp", character={**result.character, "stats": {"con": 1}}, dice=[5, 5])
    assert gasp.outcome == "strong_hit" and gasp.character["impacts"] == []


def test_hp_above_zero_has_no_last_gasp() -> None:
    result = run("Deal Damage", character={"hp": 10, "armor": 0}, options={"amount": 4})
    assert result.character["hp"] == 6 and result.follow_ups == []
    with pytest.raises(RulesError, match="Last Gasp is rolled when your Health Points reach 0"):
        run("Last Gasp", character={"hp": 6}, dice=[3, 3])


def test_last_gasp_ends_ongoing_spells() -> None:
    result = run("Last Gasp", character={"hp": 0, "ongoing_spells": ["Mirror Image"]}, dice=[6, 6])
    assert result.character["ongoing_spells"] == []
    assert ["spells", "ongoing_spells", -1] in effects(result)


def test_damage_needs_exactly_one_source() -> None:
    for options in ({}, {"grit": 10, "amount": 3}):
        with pytest.raises(InputError, match="needs one of"):
            run("Deal Damage", options=options)
    bad: list[tuple[dict[str, Any], str]] = [
        ({"grit": 7}, "grit"),
        ({"damage_dice": "2x4"}, "damage_dice"),
        ({"amount": -1}, "amount"),
        ({"grit": 6, "debilities": ["sad"]}, "debilities"),
        ({"grit": 6, "debilities": "shakey"}, "debilities"),
    ]
    for options, what in bad:
        with pytest.raises(InputError) as info:
            run("Deal Damage", options=options)
        assert info.value.missing == what, info.value.message
    with pytest.raises(DiceError):
        run("Deal Damage", options={"grit": 6}, dice=[7])
    with pytest.raises(DiceError):
        run("Deal Damage", options={"grit": 6, "bonus_d4": 1}, dice=[3])


def test_damage_helpers() -> None:
    assert str(parse_damage_dice(" 2D4 ")) == "2d4"
    check = through_armor(7, 1, vulnerable=False, helpless=False, ignore_armor=False)
    assert (check.armor, check.loss, check.ignored_because) == (1, 6, None)
    assert through_armor(5, 3, vulnerable=True, helpless=False, ignore_armor=False).loss == 5
    assert through_armor(2, 3, vulnerable=False, helpless=False, ignore_armor=False).loss == 0


# ---- Defend --------------------------------------------------------------------------------------


def test_defend_tiers() -> None:
    strong = run("Defend", character={"stats": {"con": 0}}, dice=[5, 5])
    assert strong.character["defend_hold"] == 1 and [c.id for c in strong.choices] == ["defend_hold"]
    weak = run("Defend", character={"stats": {"con": 0}}, dice=[4, 3])
    assert weak.character["impacts"] == ["vulnerable"]
    assert [f.request for f in weak.follow_ups] == [{"system": SYSTEM, "move": "deal_damage"}]
    intercepted = run("Deal Damage", character={**weak.character}, options={"amount": 6})
    assert intercepted.character["hp"] == 16 and intercepted.character["impacts"] == []
    miss = run("Defend", character={"stats": {"con": 0}}, dice=[1, 1])
    assert miss.character["impacts"] == ["vulnerable"] and miss.follow_ups == []


def test_end_of_round_nullifies_defend_hold() -> None:
    result = run("End of a Combat Round", character={"defend_hold": 1})
    assert result.character["defend_hold"] == 0


# ---- Arcane Art ----------------------------------------------------------------------------------


def test_arcane_art_weak_hit_price_and_ally_effect() -> None:
    result = run(
        "Arcane Art",
        character={"stats": {"cha": 0}},
        dice=[4, 4],
        options={"effect": "plus_1_armor", "choose": ["take_minus_1_ongoing"]},
    )
    assert result.character["ongoing_penalty"] == -1
    assert result.follow_ups[0].request == {
        "system": SYSTEM,
        "move": "receive_arcane_art",
        "options": {"choose": ["plus_1_armor"]},
    }
    ally = resolve({**result.follow_ups[0].request, "character": {"armor": 1}})
    assert after(ally)["armor_bonus"] == 1


def test_arcane_art_miss_takes_two_and_clear_enchantment() -> None:
    result = run(
        "Arcane Art",
        character={"stats": {"cha": 0}},
        dice=[1, 2],
        options={"effect": "clear_enchantment", "choose": ["left_vulnerable", "reverberates"]},
    )
    assert result.character["impacts"] == ["vulnerable"] and result.choices == []
    ally = resolve({**result.follow_ups[0].request, "character": {"impacts": ["controlled"]}})
    assert after(ally)["impacts"] == []
    with pytest.raises(InputError, match="Effect .* is one of"):
        run("Arcane Art", dice=[1, 2], options={"effect": "fireworks"})


# ---- spells and mana -------------------------------------------------------------------------------


def test_mana_is_required_not_spent_on_a_hit() -> None:
    result = run("Cast a Spell (Wizard)", character=WIZARD, dice=[5, 5], options={"spell": "Fireball", "level": 3})
    assert result.outcome == "strong_hit" and result.character["mana"] == 3
    with pytest.raises(RulesError, match="needs 4 mana and you have 3"):
        run("Cast a Spell (Wizard)", character=WIZARD, dice=[5, 5], options={"level": 4})


def test_non_cleric_casting_as_cleric_doubles_the_level() -> None:
    with pytest.raises(RulesError, match="needs 4 mana"):
        run("Cast a Spell (Cleric)", character=WIZARD, dice=[5, 5], options={"level": 2})
    result = run(
        "Cast a Spell (Cleric)",
        character=WIZARD,
        dice=[1, 1],
        options={"spell": "Cure Light Wounds", "level": 1, "choose": ["lose_spell", "minus_1_ongoing_to_cast"]},
    )
    assert result.character["mana"] == 1 and result.character["cast_penalty"] == -1


def test_a_lost_spell_cannot_be_cast_and_losing_one_needs_its_name() -> None:
    with pytest.raises(RulesError, match="lost until you rest"):
        run(
            "Cast a Spell (Wizard)", character={**WIZARD, "lost_spells": ["Fireball"]}, dice=[5, 5], options={"spell": "fireball"}
        )
    with pytest.raises(InputError, match="Name the spell"):
        run("Cast a Spell (Wizard)", character=WIZARD, dice=[4, 4], options={"choose": ["lose_spell"]})


def test_cast_penalties_and_ongoing_spells_lower_casting_only() -> None:
    caster = {**WIZARD, "cast_penalty": -1, "ongoing_spells": ["Mirror Image"], "ongoing_penalty": -1}
    cast = run("Cast a Spell (Wizard)", character=caster, dice=[5, 5])
    assert cast.score == 10 - 1 - 1 - 1 and cast.outcome == "weak_hit"
    attack = run("Hack & Slash", stat="str", character={**caster, "stats": {"str": 0}}, dice=[5, 5])
    assert attack.score == 10 - 1


def test_an_ongoing_spell_cast_stays_active() -> None:
    result = run("Cast a Spell (Wizard)", character=WIZARD, dice=[5, 5], options={"spell": "Invisibility", "ongoing": True})
    assert result.character["ongoing_spells"] == ["Invisibility"]
    missed = run("Cast a Spell (Wizard)", character=WIZARD, dice=[1, 1], options={"spell": "Invisibility", "ongoing": True})
    assert missed.character["ongoing_spells"] == []


def test_damage_spell_follow_up_ignores_armor() -> None:
    result = run("Cast a Spell (Wizard)", character=WIZARD, dice=[4, 4], options={"damage_dice": "1d6"})
    assert request_of(result.follow_ups[0])["options"] == {"damage_dice": "1d6", "ignore_armor": True}
    assert [c.id for c in result.choices] == ["spell_penalty"]
    miss = run("Magic Missile", character=WIZARD, dice=[1, 1])
    assert miss.follow_ups == [] and miss.choices[0].pick == 2


def test_bound_or_gagged_cannot_cast() -> None:
    for move in ("Magic Missile", "Arcane Art", "Cast a Spell (Cleric)"):
        with pytest.raises(RulesError, match="bound and/or gagged"):
            run(move, character={**WIZARD, "impacts": ["bound_or_gagged"]}, dice=[3, 3])


# ---- bonuses, penalties, conditions ------------------------------------------------------------------


def test_debility_lowers_its_stat_only() -> None:
    sick = {"stats": {"con": 1, "str": 1}, "impacts": ["sick"]}
    assert run("Defend", character=sick, dice=[3, 3]).score == 6
    assert run("Hack & Slash", stat="str", character=sick, dice=[3, 3]).score == 7


def test_forward_bonus_and_penalty_are_spent_when_applied() -> None:
    result = run(
        "Defend",
        character={"stats": {"con": 0}, "forward_bonus": 1, "forward_penalty": -2},
        dice=[4, 4],
        options={"use_forward_bonus": True, "use_forward_penalty": True},
    )
    assert result.score == 8 + 1 - 2
    assert (result.character["forward_bonus"], result.character["forward_penalty"]) == (0, 0)
    kept = run("Defend", character={"stats": {"con": 0}, "forward_bonus": 1}, dice=[4, 4])
    assert kept.score == 8 and kept.character["forward_bonus"] == 1
    with pytest.raises(RulesError, match="no \\+n Forward"):
        run("Defend", dice=[4, 4], options={"use_forward_bonus": True})
    with pytest.raises(RulesError, match="2d6 roll"):
        run("Deal Damage", character={"forward_bonus": 1}, options={"amount": 1, "use_forward_bonus": True})


def test_ongoing_bonus_applies_to_every_2d6_roll() -> None:
    assert run("Volley", character={"stats": {"dex": 0}, "ongoing_bonus": 1}, dice=[3, 3]).outcome == "weak_hit"


def test_volley_spends_ammunition_and_needs_some() -> None:
    result = run("Volley", character={"ammunition": 1}, dice=[2, 2])
    assert result.character["ammunition"] == 0
    with pytest.raises(RulesError, match="no ammunition"):
        run("Volley", character={"ammunition": 0}, dice=[2, 2])
    refilled = run("Enter a Combat Encounter", character={"ammunition": 0})
    assert refilled.character["ammunition"] == 5


def test_enter_combat_keeps_one_magical_effect_by_the_players_choice() -> None:
    open_choice = run("enter_combat", character={"ongoing_spells": ["Mirror Image", "Bless"]})
    assert [o.id for o in open_choice.choices[0].options] == ["keep_mirror_image", "keep_bless"]
    assert open_choice.character["ongoing_spells"] == ["Mirror Image", "Bless"]
    kept = run("enter_combat", character={"ongoing_spells": ["Mirror Image", "Bless"]}, options={"choose": ["keep_bless"]})
    assert kept.character["ongoing_spells"] == ["Bless"] and kept.choices == []


def test_saving_throw_stat_and_resisting() -> None:
    with pytest.raises(InputError, match="which stat do you roll"):
        run("Saving Throw", dice=[3, 3])
    result = run(
        "Saving Throw",
        stat="wis",
        character={"stats": {"wis": 1}, "impacts": ["controlled", "helpless"]},
        dice=[5, 5],
        options={"choose": ["resisted", "helpless_ends"]},
    )
    assert result.score == 11 and result.character["impacts"] == []


def test_poisons_are_for_thieves_and_at_most_two() -> None:
    with pytest.raises(RulesError, match="Thieves only"):
        run("Volley", character={"poisons": ["Oil of Tagit"]}, dice=[3, 3])
    with pytest.raises(RulesError, match="up to two"):
        run("Volley", character={"class": "thief", "poisons": ["a", "b", "c"]}, dice=[3, 3])
    assert run("Volley", character={"class": "thief", "poisons": ["a", "b"]}, dice=[3, 3]).outcome == "weak_hit"


# ---- bad input changes nothing -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("request_fields", "error"),
    [
        ({"move": "Hack and Smash"}, UnknownNameError),
        ({"move": "Hack & Slash", "stat": "luck", "dice": [3, 3]}, InputError),
        ({"move": "Hack & Slash", "stat": "str", "options": {"burn": True}}, InputError),
        ({"move": "Hack & Slash", "stat": "str", "options": {"choose": ["fireball"]}, "dice": [6, 6]}, InputError),
        ({"move": "Hack & Slash", "stat": "str", "dice": [7, 1]}, DiceError),
        ({"move": "Hack & Slash", "stat": "str", "dice": [3]}, DiceError),
        ({"move": "Hack & Slash", "stat": "str", "dice": [3, 3, 3]}, DiceError),
        ({"move": "Defend", "character": {"hp": 30}}, InputError),
        ({"move": "Defend", "character": {"stats": {"con": 4}}}, InputError),
        ({"move": "Defend", "character": {"impacts": ["cursed"]}}, InputError),
        ({"move": "Defend", "character": {"grit": 7}}, InputError),
        ({"move": "Defend", "character": {"mana": 3.5}}, InputError),
        ({"move": "Defend", "options": {"use_forward_bonus": "yes"}}, InputError),
        ({"move": "Cast a Spell (Wizard)", "character": WIZARD, "options": {"level": 0}}, InputError),
    ],
)
def test_bad_input_is_our_error_and_changes_nothing(request_fields: dict[str, Any], error: type[AssistantError]) -> None:
    request = {"system": SYSTEM, **request_fields}
    snapshot = copy.deepcopy(request)
    with pytest.raises(error) as info:
        resolve(request)
    assert info.value.message
    assert request == snapshot


def test_meters_stay_in_bounds_for_many_random_hits() -> None:
    rng = random.Random(7)
    for _ in range(200):
        character = {
            "hp": rng.randint(0, 22),
            "armor": rng.randint(0, 4),
            "impacts": rng.sample(["vulnerable", "helpless"], rng.randint(0, 2)),
        }
        request = {
            "system": SYSTEM,
            "move": "Deal Damage",
            "character": character,
            "options": {"damage_dice": f"{rng.randint(1, 4)}d10", "bonus_d4": rng.randint(0, 2)},
        }
        result = resolve(request, rng=rng)
        assert 0 <= after(result)["hp"] <= character["hp"]
        replay = resolve({**request, "dice": result.dice})
        assert replay.character == result.character


# ---- exact odds ----------------------------------------------------------------------------------


def test_odds_for_hack_and_slash_match_the_pure_helper() -> None:
    request = {"system": SYSTEM, "move": "Hack & Slash", "stat": "str", "character": {"stats": {"str": 2}}}
    table = odds_for_request(request)
    assert table.outcomes == total_odds(2).outcomes
    # 2d6 + 2: 10+ needs 8+ on the dice (15 of 36), 7-9 needs 5-7 (15 of 36), a miss 2-4 (6 of 36)
    assert table.outcomes == {"strong_hit": Fraction(15, 36), "weak_hit": Fraction(15, 36), "miss": Fraction(6, 36)}
    assert table.combinations == 36


def test_odds_follow_the_debility_and_the_helpless_rule() -> None:
    shakey = {"system": SYSTEM, "move": "Hack & Slash", "stat": "dex", "character": {"stats": {"dex": 2}, "impacts": ["shakey"]}}
    assert odds_for_request(shakey).outcomes == total_odds(1).outcomes
    helpless = {**shakey, "options": {"target_helpless": True}}
    table = odds_for_request(helpless)
    assert "miss" not in table.outcomes
    assert table.outcomes["weak_hit"] == total_odds(1).outcomes["weak_hit"] + total_odds(1).outcomes["miss"]


def test_damage_has_no_tier_so_its_odds_are_certain() -> None:
    table = odds_for_request({"system": SYSTEM, "move": "Deal Damage", "options": {"grit": 10}})
    assert table.outcomes == {"none": Fraction(1)}


# ---- the command line ----------------------------------------------------------------------------


def test_assistant_resolve_on_the_command_line() -> None:
    request = {
        "system": "dw",
        "move": "hack and slash",
        "stat": "dex",
        "character": {"class": "bard", "stats": {"dex": 2}, "impacts": ["shakey"]},
        "options": {"choose": ["deal_damage"]},
        "dice": [3, 5],
    }
    proc = subprocess.run(
        [sys.executable, "-m", "assistant.cli", "resolve"], input=json.dumps(request), capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    out = json.loads(proc.stdout)
    assert (out["system"], out["move_id"], out["outcome"], out["score"]) == (SYSTEM, "hack_and_slash", "weak_hit", 9)
    assert out["follow_ups"][0]["request"]["options"] == {"grit": 6}
    assert out == resolve(request).to_dict()
