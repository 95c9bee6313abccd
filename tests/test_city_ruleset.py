"""The city ruleset (the Magistrate's PbtA city game): rolls, tiers, choices, follow-ups, sheet lists, errors, odds."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
import yaml

from assistant.engine import DiceError, InputError, RulesError, UnknownNameError, get_ruleset, resolve
from assistant.engine.probability import odds_for_request, total_odds
from assistant.engine.rolls import FACTION_TIERS, PBTA_TIERS, PBTA_TIERS_12
from assistant.engine.ruleset import normalize_name

ROOT = Path(__file__).resolve().parents[1]
CORPUS = (ROOT / "rules_index" / "corpus" / "city.txt").read_text(encoding="utf-8").splitlines()
RULESET = get_ruleset("city")
CLI = [sys.executable, "-m", "assistant.cli"]


def city(move: str, dice: list[int] | None = None, **kw: Any) -> Any:
    request: dict[str, Any] = {"system": "city", "move": move, **kw}
    if dice is not None:
        request["dice"] = dice
    return resolve(request)


def choice_ids(result: Any) -> dict[str, int]:
    return {c.id: c.pick for c in result.choices}


# ---- data ------------------------------------------------------------------------------------------


def test_every_catalogue_move_is_a_ruleset_move_with_the_same_id_and_name() -> None:
    catalogue = yaml.safe_load((ROOT / "assistant/suggest/catalog/city.yaml").read_text(encoding="utf-8"))
    ours = {m.id: m for m in RULESET.moves}
    for row in catalogue["moves"]:
        assert row["id"] in ours, row["id"]
        assert ours[row["id"]].name == row["name"] and ours[row["id"]].category == row["category"]
    assert {m.category for m in RULESET.moves} == {
        "city",
        "connection",
        "social",
        "secrets",
        "risky",
        "scheme",
        "faction",
        "session",
    }


def test_every_move_heading_of_the_text_is_a_move_citing_its_lines() -> None:
    headings = [
        (n, re.sub(r"\s*\(.*\)\s*$", "", line[4:]).strip()) for n, line in enumerate(CORPUS, 1) if line.startswith("### ")
    ]
    # New Session is ours: the text's "once per session" needs a session to begin (its reading says so).
    assert len(headings) == len(RULESET.moves) - 1 == 31
    assert [m.id for m in RULESET.moves if m.category == "session"] == ["new_session"]
    for line_no, heading in headings:
        move = RULESET.find_move(heading)
        first, last = move.source.lines
        assert move.source.file == "city.txt" and first <= line_no <= last, (heading, move.source.lines)


def test_roll_tiers_and_outcome_keys_match_the_text() -> None:
    for move in RULESET.moves:
        if move.roll.type == "none":
            assert set(move.outcomes) == {"none"}, move.id
            continue
        tiers = move.roll.extra.tiers
        expected = {
            "pbta12": {"critical", "strong_hit", "weak_hit", "miss"},
            "pbta": {"strong_hit", "weak_hit", "miss"},
            "faction": {"strong_hit", "weak_hit", "miss"},
        }[tiers]
        assert expected <= set(move.outcomes), move.id
        assert (tiers == "faction") == (move.category == "faction"), move.id
        source = "\n".join(CORPUS[move.source.lines[0] - 1 : move.source.lines[1]])
        assert ("12+" in source) == (tiers == "pbta12"), move.id


def test_choice_option_ids_mean_one_thing_within_an_outcome() -> None:
    for move in RULESET.moves:
        for key, outcome in move.outcomes.items():
            seen: dict[str, str] = {}
            by_choice: dict[str, list[str]] = {}
            for choice in [*move.choices, *outcome.choices]:
                ids = [o.id for o in choice.options]
                if choice.id in by_choice:  # the same choice offered under another condition: same options
                    assert by_choice[choice.id] == ids, (move.id, key, choice.id)
                    continue
                by_choice[choice.id] = ids
                for option_id in ids:
                    assert option_id not in seen, (move.id, key, option_id, seen.get(option_id))
                    seen[option_id] = choice.id


def test_tables_file_is_empty_and_table_requests_say_so() -> None:
    assert RULESET.tables == {}
    with pytest.raises(UnknownNameError, match="no table called"):
        city("table:consequences")


def test_default_character_is_playable() -> None:
    character = RULESET.default_character()
    assert character["stats"] == {"environs": 0, "lore": 0, "network": 0, "sway": 0}
    assert character["heat"] == 0 and character["assets"] == 0 and character["standing"] == 0
    for key in ("beliefs", "schemes", "faction", "connections", "neighborhood", "ties", "secrets", "histories", "demands"):
        assert key in character
    for move in RULESET.moves:
        request: dict[str, Any] = {"system": "city", "move": move.id, "character": character}
        if move.roll.stats and len({tuple(o.stats) for o in move.roll.stats}) > 1:
            request["stat"] = move.roll.stats[0].stats[0]
        if move.id == "backfire":
            request["options"] = {"complexity": 2}
        if move.id == "use_power":  # asked when neither the request nor the sheet's neighborhood says
            request["options"] = {"connected": False}
        if move.id == "perceive_demand":
            request["options"] = {"demand": "Bring me the ledger"}
        refusals = {
            "run_the_scheme": "no scheme",
            "use_belief": "no beliefs",
            "retire": "met none",
            "meet_demand": "no unmet Demand",
            "recall_neighborhood_connection": "no unmarked History",
        }
        if move.id in refusals:
            with pytest.raises(RulesError, match=refusals[move.id]):
                resolve(request)
            continue
        assert resolve(request).character is not None, move.id


# ---- rolls and tiers -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dice", "outcome", "choices"),
    [
        ([6, 6], "critical", {"arrival": 1}),
        ([6, 4], "strong_hit", {"consequences": 1}),
        ([4, 3], "weak_hit", {"consequences": 2, "consequences_or": 1}),
        ([3, 3], "miss", {}),
    ],
)
def test_pbta12_tiers(dice: list[int], outcome: str, choices: dict[str, int]) -> None:
    r = city("Transit", dice, character={"stats": {"environs": 0}})
    assert (r.outcome, r.score, r.stat) == (outcome, sum(dice), "environs")
    assert choice_ids(r) == choices


def test_stat_and_adds_move_the_total_across_a_boundary() -> None:
    assert city("Transit", [5, 4]).outcome == "weak_hit"
    r = city("Transit", [5, 4], character={"stats": {"environs": 1}})
    assert (r.score, r.outcome) == (10, "strong_hit")
    r = city("Transit", [6, 4], adds=2, character={"stats": {"environs": 0}})
    assert (r.score, r.outcome) == (12, "critical")


@pytest.mark.parametrize(
    ("dice", "outcome"),
    [
        ([6, 5], "strong_hit"),
        ([5, 3], "weak_hit"),
        ([4, 3], "miss"),
        ([6, 6], "strong_hit"),
        ([2, 6], "weak_hit"),
        ([1, 1], "miss"),
    ],
)
def test_faction_tiers(dice: list[int], outcome: str) -> None:
    r = city("Spread a Rumor", dice, options={"aspects": 0})
    assert (r.outcome, r.score, r.stat) == (outcome, sum(dice), "aspects")


def test_pbta_move_has_no_critical() -> None:
    r = city("Direct Someone to Act", [6, 6], stat="sway", character={"stats": {"sway": 2}})
    assert (r.outcome, r.score) == ("strong_hit", 14)
    assert choice_ids(r) == {"weak_reaction": 1}


def test_advantage_keeps_the_best_two_of_three() -> None:
    r = city("Ear to the Ground", [1, 4, 5], options={"advantage": True})
    assert r.score == 9 and r.outcome == "weak_hit"
    assert [d.kept for d in r.dice_detail] == [False, True, True]


def test_disadvantage_keeps_the_worst_two_of_three() -> None:
    r = city("Ear to the Ground", [6, 1, 5], options={"disadvantage": True})
    assert r.score == 6 and r.outcome == "miss"
    assert [d.kept for d in r.dice_detail] == [False, True, True]


def test_use_a_secret_rolls_with_advantage_and_reveals_on_a_one_or_two() -> None:
    # the text's example: 1 + 4 + 5 gives 9 on Direct Someone to Act, and the secret is revealed
    r = city("Use a Secret", [1, 4, 5], stat="flat", options={"secret": "Arvel", "target": "Donatella"})
    assert (r.score, r.outcome) == (9, "weak_hit")
    assert choice_ids(r) == {"weak_reaction": 1, "consequence": 1}
    (follow,) = r.follow_ups
    assert follow.move == "Reveal a Secret"
    assert follow.request == {
        "system": "city",
        "move": "reveal_a_secret",
        "options": {"secret": "Arvel", "target": "Donatella", "social": True},
    }
    clean = city("Use a Secret", [3, 4, 5], stat="flat")
    assert clean.score == 9 and clean.follow_ups == []


def test_heat_stat_rolls_minus_the_marked_heat_and_flat_rolls_plus_zero() -> None:
    r = city("Direct Someone to Act", [5, 4], stat="heat", character={"heat": 3, "stats": {"sway": 2}})
    assert (r.stat, r.stat_value, r.score, r.outcome) == ("heat", -3, 6, "miss")
    assert city("Direct Someone to Act", [5, 4], stat="flat", character={"stats": {"sway": 2}}).score == 9
    assert city("Direct Someone to Act", [5, 4], stat="sway", character={"stats": {"sway": 2}}).score == 11


def test_demanding_against_their_interest_makes_no_roll() -> None:
    r = city("Direct Someone to Act", options={"against_interest": True, "choose": ["counter_offer"]})
    assert r.roll == "none" and r.outcome == "none" and r.dice == []
    with pytest.raises(InputError, match="no roll"):
        city("Direct Someone to Act", [3, 4], stat="sway", options={"against_interest": True})


# ---- risky moves: Use Power -> Backfire ----------------------------------------------------------------


def test_use_power_miss_follows_up_with_backfire_at_the_same_complexity() -> None:
    r = city("Use Power", [1, 2], options={"complexity": 1, "connected": True})
    assert (r.outcome, r.score, r.adds) == ("miss", 4, 1)
    (follow,) = r.follow_ups
    assert follow.request == {"system": "city", "move": "backfire", "options": {"complexity": 1}}
    backfire = resolve({**follow.request, "dice": [2, 3]})
    assert (backfire.outcome, backfire.score) == ("miss", 6)  # 2 + 3 + complexity 1: the best result
    assert "dissipates harmlessly" in backfire.text


def test_use_power_weak_hit_offers_consequences_or_backfire() -> None:
    r = city("Use Power", [4, 4], options={"complexity": 1, "connected": False})
    assert (r.score, r.outcome) == (6, "miss")  # -2 without a connection
    r = city("Use Power", [4, 3], options={"complexity": 1, "connected": True})
    assert r.outcome == "weak_hit" and choice_ids(r) == {"consequences": 2, "consequences_or": 1}
    picked = city("Use Power", [4, 3], options={"complexity": 1, "connected": True, "choose": ["backfires"]})
    assert picked.choices == [] and [f.request for f in picked.follow_ups] == [
        {"system": "city", "move": "backfire", "options": {"complexity": 1}}
    ]


def test_use_power_above_your_max_rolls_with_disadvantage() -> None:
    r = city("Use Power", [6, 6, 1], options={"complexity": 3, "connected": True}, character={"max_complexity": 2})
    assert r.score == 8 and r.outcome == "weak_hit" and [d.kept for d in r.dice_detail] == [True, False, True]
    with pytest.raises(DiceError):
        city("Use Power", [6, 6], options={"complexity": 3, "connected": True}, character={"max_complexity": 2})


def test_backfire_lower_is_better() -> None:
    worst = city("Backfire", [6, 5], options={"complexity": 2, "choose": ["harm_allies"]}, character={"heat": 1})
    assert worst.outcome == "strong_hit" and "worst" in worst.text
    assert worst.character["heat"] == 3 and worst.choices == []
    assert city("Backfire", [1, 1], options={"complexity": 2}).outcome == "miss"
    with pytest.raises(InputError, match="needs the complexity"):
        city("Backfire", [1, 1])


def test_take_a_big_risk_marks_heat_before_the_roll_and_needs_a_stat() -> None:
    r = city("Take a Big Risk", [2, 2], stat="lore", character={"heat": 4})
    assert r.character["heat"] == 5 and r.outcome == "miss"
    crit = city("Take a Big Risk", [6, 6], stat="sway", options={"choose": ["clear_heat"]}, character={"heat": 4})
    assert crit.character["heat"] == 4
    with pytest.raises(InputError, match="which stat do you roll"):
        city("Take a Big Risk", [6, 6])


# ---- choices -----------------------------------------------------------------------------------------


def test_pick_two_consequences_and_too_many_is_refused() -> None:
    r = city("Transit", [4, 3], options={"choose": ["noticed", "took_longer"]})
    assert r.choices == []  # the alternative closes with the answered choice
    partial = city("Transit", [4, 3], options={"choose": ["noticed"]})
    assert choice_ids(partial) == {"consequences": 1}
    with pytest.raises(RulesError, match="pick 2"):
        city("Transit", [4, 3], options={"choose": ["noticed", "took_longer", "wrong_side"]})
    with pytest.raises(InputError, match="open options"):
        city("Transit", [6, 4], options={"choose": ["diverted"]})


def test_choice_effects_apply_only_when_picked() -> None:
    r = city("Transit", [6, 6], character={"heat": 2})
    assert r.character["heat"] == 2
    assert city("Transit", [6, 6], character={"heat": 2}, options={"choose": ["noticed"]}).character["heat"] == 1
    assert city("Transit", [6, 6], character={"heat": 2}, options={"choose": ["arrive_uneventfully"]}).character["heat"] == 2


def test_get_something_weak_hit_mark_heat_counts_as_a_pick() -> None:
    r = city("Get Something", [3, 4], options={"choose": ["mark_heat", "owe_favor"]})
    assert r.character["heat"] == 1 and r.choices == []


def test_observe_someone_ties() -> None:
    strong = city("Observe Someone", [6, 4], options={"target": "Donatella", "choose": ["add_tie"]})
    assert strong.character["ties"] == ["Donatella"] and strong.character["heat"] == 1
    crit = city("Observe Someone", [6, 6], options={"target": "Donatella"}, character={"ties": ["Donatella"]})
    assert choice_ids(crit) == {"questions": 3}
    fresh = city("Observe Someone", [6, 6], options={"target": "Arvel"})
    assert choice_ids(fresh) == {"questions": 2} and fresh.character["ties"] == ["Arvel"]


def test_meet_someone_new_forward_is_spent_on_the_next_social_move() -> None:
    r = city("Meet Someone New", [6, 6], options={"choose": ["take_forward", "same_faction", "vice"][:2]})
    assert r.character["forward"] == [
        {"add": 1, "moves": ["direct_someone_to_act", "use_a_secret"], "reason": "Meet Someone New"}
    ]
    unrelated = city("Transit", [3, 3], character=r.character)
    assert unrelated.adds == 0 and unrelated.character["forward"] == r.character["forward"]
    social = city("Direct Someone to Act", [3, 3], stat="flat", character=r.character)
    assert social.adds == 1 and social.score == 7 and social.character["forward"] == []


def test_steer_clear_needs_you_unnoticed_and_can_sweep_you_into_a_big_risk() -> None:
    with pytest.raises(RulesError, match="Take a Big Risk instead"):
        city("Steer Clear", [6, 6], options={"noticed": True})
    r = city("Steer Clear", [4, 4], options={"choose": ["swept_up"]})
    assert [f.move for f in r.follow_ups] == ["Take a Big Risk"] and r.choices == []
    risk = city("Take a Big Risk", [4, 4], stat="environs", character=r.character)
    assert risk.adds == 1 and risk.score == 9


# ---- beliefs, bumps, connections ---------------------------------------------------------------------


def test_use_belief_marks_then_proves_wrong() -> None:
    belief = "The poor take care of their own"
    first = city("Steer Clear", [2, 5, 5], options={"use_belief": belief}, character={"beliefs": [belief]})
    assert first.score == 10 and first.character["beliefs"][0]["marked"] is True
    second = city("Steer Clear", [1, 6, 6], options={"use_belief": 0}, character=first.character)
    assert second.character["beliefs"][0]["proven_wrong"] is True
    with pytest.raises(RulesError, match="proven wrong"):
        city("Steer Clear", [3, 6, 6], options={"use_belief": 0}, character=second.character)
    untouched = city("Steer Clear", [3, 5, 5], options={"use_belief": belief}, character={"beliefs": [belief]})
    assert untouched.character["beliefs"][0]["marked"] is False


def test_marking_a_history_bumps_one_tier_and_connects_you() -> None:
    r = city("Ear to the Ground", [3, 3], options={"mark_history": "Docks"}, character={"histories": ["Docks"]})
    assert r.score == 6 and r.outcome == "weak_hit"
    assert r.character["histories"] == [{"neighborhood": "Docks", "marked": True}]
    assert r.character["connections"] == ["Docks"]
    top = city("Transit", [6, 6], options={"mark_history": "Docks"}, character={"histories": ["Docks"]})
    assert top.outcome == "critical"
    with pytest.raises(RulesError, match="once per session"):
        city("Transit", [3, 3], options={"mark_history": "Docks"}, character=r.character)
    with pytest.raises(RulesError, match="No unmarked History"):
        city("Transit", [3, 3], options={"mark_history": "Docks"}, character={**r.character, "session_used": []})
    with pytest.raises(RulesError, match="Social Interaction"):
        city("Direct Someone to Act", [3, 3], stat="sway", options={"mark_history": "Docks"}, character={"histories": ["Docks"]})


def test_perceive_demand_bumps_and_blocks_a_second_demand_until_met() -> None:
    r = city("Backfire", [6, 4], options={"complexity": 0, "perceive_demand": "Feed the river"})
    assert r.outcome == "weak_hit"  # lower is better: the bump moves down a tier
    assert r.character["demands"] == [{"text": "Feed the river", "met": False}]
    with pytest.raises(RulesError, match="once per session"):
        city("Perceive Demand", options={"demand": "Another"}, character=r.character)
    with pytest.raises(RulesError, match="until you meet"):
        city("Perceive Demand", options={"demand": "Another"}, character={**r.character, "session_used": []})
    met = city("Meet Demand", character=r.character)
    assert met.character["demands"][0]["met"] is True and met.character["advances"] == 1


def test_a_connection_offers_advantage_on_city_moves() -> None:
    character = {"neighborhood": "Docks", "connections": ["Docks"]}
    r = city("Get Your Bearings", [4, 4, 1], character=character)  # "you may roll with advantage": taken
    assert "With advantage (your connection to Docks): rolled three dice and kept the best two." in r.notes
    assert r.score == 8 and choice_ids(r)["questions"] == 2
    declined = city("Get Your Bearings", [4, 1], character=character, options={"advantage": False})
    assert declined.score == 5 and not any("advantage" in n for n in declined.notes)
    alone = city("Get Your Bearings", [4, 4])
    assert not any("advantage" in n for n in alone.notes) and choice_ids(alone)["questions"] == 1


# ---- schemes, assets, secrets, factions -------------------------------------------------------------------


def test_set_up_a_scheme_subtracts_one_per_scheme_and_starts_it() -> None:
    r = city(
        "Set Up a Scheme",
        [4, 4],
        options={"scheme": "Fish racket", "choose": ["start_at_minus_1"]},
        character={"stats": {"network": 1}, "schemes": ["Dice"]},
    )
    assert (r.score, r.outcome) == (8, "weak_hit")
    assert r.character["schemes"] == [{"name": "Dice", "productivity": 0}, {"name": "Fish racket", "productivity": -1}]
    miss = city("Set Up a Scheme", [1, 1], options={"choose": ["mark_heat_start_at_minus_2"]})
    assert miss.character["schemes"] == [{"name": "Scheme 1", "productivity": -2}] and miss.character["heat"] == 1
    assert city("Set Up a Scheme", [1, 1], options={"choose": ["fail"]}).character["schemes"] == []


def test_run_the_scheme_rolls_productivity_and_caps_assets_and_productivity() -> None:
    character = {"schemes": [{"name": "Dice", "productivity": 3}], "assets": 1}
    r = city("Run the Scheme", [5, 3], character=character)
    assert (r.stat, r.stat_value, r.score, r.outcome) == ("productivity", 3, 11, "strong_hit")
    assert r.character["assets"] == 2 and r.character["schemes"][0]["productivity"] == 3
    crit = city("Run the Scheme", [6, 6], character=character)
    assert crit.character["assets"] == 2 and choice_ids(crit) == {"scheme_question": 1, "success": 1}
    two = {"schemes": ["A", {"name": "B", "productivity": -2}]}
    with pytest.raises(InputError, match="Which scheme"):
        city("Run the Scheme", [3, 3], character=two)
    assert city("Run the Scheme", [3, 3], character=two, options={"scheme": "b"}).score == 4


def test_use_asset_spends_assets_and_refuses_to_overspend() -> None:
    r = city("Use Asset", options={"choose": ["improve_standing", "network_bonus"]}, character={"assets": 2})
    assert r.character["assets"] == 0 and r.character["standing"] == 1
    network = city("Get Something", [3, 3], character=r.character)
    assert network.adds == 1 and network.character["forward"] == []
    with pytest.raises(RulesError, match="can't spend"):
        city("Use Asset", options={"choose": ["improve_standing", "repair_item"]}, character={"assets": 1})


def test_reveal_a_secret_about_them_marks_it_and_loses_the_tie() -> None:
    character = {"ties": ["Donatella"], "secrets": ["Arvel"], "heat": 0}
    r = city("Reveal a Secret", options={"about_them": True, "secret": "Arvel", "target": "Donatella"}, character=character)
    assert r.character["heat"] == 1 and r.character["ties"] == [] and r.character["secrets"][0]["marked"] is True
    assert r.choices[0].prompt.startswith("They (the Magistrate) may pick one Reaction")
    other = city("Reveal a Secret", options={"social": True}, character=character)
    assert other.character["ties"] == ["Donatella"] and "additional Reaction" in other.choices[0].prompt


def test_faction_aspects_allies_and_indebted() -> None:
    faction = {"name": "Dockers", "aspects": ["Ships", "Muscle"], "complications": []}
    r = city("Secure Resource", [3, 3], options={"allies": 1, "resource": "Cannon"}, character={"faction": faction})
    assert (r.stat_value, r.adds, r.score, r.outcome) == (2, 1, 9, "weak_hit")
    assert r.character["faction"]["complications"] == ["indebted"]
    assert r.character["faction"]["aspects"] == ["Ships", "Muscle", "Cannon"]
    assert city("Secure Resource", [3, 3], options={"aspects": 1}, character={"faction": faction}).score == 7


def test_complete_project_miss_follows_up_with_two_moves() -> None:
    r = city("Complete Project", [2, 2], options={"aspects": 1})
    assert r.outcome == "miss" and [f.move for f in r.follow_ups] == ["Secure Resource", "Complete Project"]


def test_overtake_neighborhood_without_a_defender_makes_no_roll() -> None:
    r = city("Overtake Neighborhood", options={"undefended": True})
    assert r.roll == "none" and "becomes dominant" in r.text


def test_lose_cohesion_erases_an_aspect_then_rolls_or_disperses() -> None:
    rolls = city(
        "Lose Cohesion",
        [4, 4],
        options={"erase": "Ships"},
        character={"faction": {"aspects": ["Ships", "Muscle"], "complications": []}},
    )
    assert rolls.roll == "total" and rolls.score == 9 and rolls.character["faction"]["aspects"] == ["Muscle"]
    disperses = city(
        "Lose Cohesion", options={"erase": "Ships"}, character={"faction": {"aspects": ["Ships"], "complications": ["Feud"]}}
    )
    assert disperses.roll == "none" and any("disperses" in n for n in disperses.notes)
    with pytest.raises(InputError, match="name the aspect the faction erases"):
        city("Lose Cohesion", character={"faction": {"aspects": ["Ships"], "complications": []}})


def test_alliance_takes_indebted() -> None:
    assert city("Alliance").character["faction"]["complications"] == ["indebted"]


# ---- meters and bad input ------------------------------------------------------------------------------


def test_heat_stays_within_its_bounds() -> None:
    assert city("Take a Big Risk", [1, 1], stat="sway", character={"heat": 10}).character["heat"] == 10
    assert city("Transit", [6, 6], character={"heat": 0}, options={"choose": ["noticed"]}).character["heat"] == 0
    with pytest.raises(InputError, match="heat must be"):
        city("Transit", [6, 6], character={"heat": 11})


@pytest.mark.parametrize(
    ("request_", "error", "message"),
    [
        ({"move": "Fly Away"}, UnknownNameError, "no move called"),
        ({"move": "Transit", "stat": "sway", "dice": [3, 3]}, InputError, "rolls \\+environs"),
        ({"move": "Transit", "options": {"burn": True}, "dice": [3, 3]}, InputError, "does not take"),
        ({"move": "Transit", "options": {"advantage": "yes"}, "dice": [3, 3, 3]}, InputError, "true or false"),
        ({"move": "Transit", "options": {"advantage": True, "disadvantage": True}}, InputError, "cancel out"),
        ({"move": "Retire", "options": {"advantage": True}}, InputError, "makes no roll"),
        ({"move": "Transit", "dice": [3]}, DiceError, "needs 2 dice"),
        ({"move": "Transit", "dice": [3, 3, 3]}, DiceError, "remove the extra"),
        ({"move": "Transit", "dice": [3, 7]}, DiceError, "d6"),
        ({"move": "Transit", "character": {"stats": {"edge": 1}}}, InputError, "Unknown stat"),
        ({"move": "Transit", "character": {"beliefs": [3]}}, InputError, "beliefs"),
        ({"move": "Steer Clear", "options": {"use_belief": "Nope"}, "dice": [3, 3, 3]}, InputError, "no belief called"),
    ],
)
def test_bad_input_is_refused_clearly(request_: dict[str, Any], error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        resolve({"system": "city", **request_})


def test_a_refused_request_changes_nothing() -> None:
    character = {"assets": 1, "standing": 0, "heat": 2, "beliefs": ["x"]}
    snapshot = json.dumps(character, sort_keys=True)
    with pytest.raises(RulesError):
        city("Use Asset", options={"choose": ["improve_standing", "repair_item"]}, character=character)
    assert json.dumps(character, sort_keys=True) == snapshot


def test_move_names_are_case_and_punctuation_insensitive() -> None:
    assert city("sample the sights and sounds").move_id == "sample_the_sights_and_sounds"
    assert city("USE-POWER", [6, 6], options={"complexity": 0, "connected": True}).move == "Use Power"
    assert get_ruleset("magistrate").system_id == "city"


# ---- odds ------------------------------------------------------------------------------------------------


def test_exact_odds_through_the_engine_match_the_pure_helper() -> None:
    request = {"system": "city", "move": "Get Something", "character": {"stats": {"network": 1}}}
    assert odds_for_request(request).outcomes == total_odds(1, tiers=PBTA_TIERS_12).outcomes
    assert odds_for_request(request).outcomes["critical"] == Fraction(3, 36)  # 11 or 12 on 2d6
    advantage = {**request, "options": {"advantage": True}}
    assert odds_for_request(advantage).outcomes == total_odds(1, count=3, tiers=PBTA_TIERS_12, keep="best").outcomes
    faction = {"system": "city", "move": "Mind the Whispers", "options": {"aspects": 2}}
    assert odds_for_request(faction).outcomes == total_odds(2, tiers=FACTION_TIERS).outcomes
    heat = {"system": "city", "move": "Direct Someone to Act", "stat": "heat", "character": {"heat": 2}}
    assert odds_for_request(heat).outcomes == total_odds(-2, tiers=PBTA_TIERS).outcomes
    secret = {"system": "city", "move": "Use a Secret", "stat": "sway"}
    assert odds_for_request(secret).outcomes == total_odds(0, count=3, tiers=PBTA_TIERS, keep="best").outcomes


# ---- the command line -------------------------------------------------------------------------------------


def test_assistant_resolve_command() -> None:
    request = {"system": "city", "move": "Use a Secret", "stat": "flat", "dice": [1, 4, 5]}
    out = subprocess.run(
        [*CLI, "resolve"], input=json.dumps(request), text=True, capture_output=True, cwd=ROOT, timeout=120, check=True
    )
    result = json.loads(out.stdout)
    assert (result["score"], result["outcome"], result["move_id"]) == (9, "weak_hit", "use_a_secret")
    assert normalize_name(result["follow_ups"][0]["move"]) == "revealasecret"
    bad = subprocess.run(
        [*CLI, "resolve"],
        text=True,
        capture_output=True,
        cwd=ROOT,
        input=json.dumps({"system": "city", "move": "Transit", "stat": "bogus"}),
        timeout=120,
    )
    assert bad.returncode == 1 and json.loads(bad.stdout)["error"]["type"] == "invalid_input"


def test_every_reading_quotes_a_sentence_of_the_text() -> None:
    def plain(text: str) -> str:
        return re.sub(r"\s+", " ", re.sub(r"[*_`\\]", "", text)).strip()

    corpus = plain("\n".join(CORPUS))
    readings = [(m.id, r) for m in RULESET.moves for r in m.readings]
    assert len(readings) >= 20
    for move_id, reading in readings:
        assert plain(reading.sentence) in corpus, (move_id, reading.sentence)
