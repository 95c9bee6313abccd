"""The blades ruleset (Blades in the Dark downtime): pools, coin, heat, clocks, choices, tables, odds."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
import yaml

from assistant.engine import AssistantError, InputError, RulesError, UnknownNameError, get_ruleset, resolve
from assistant.engine.errors import DiceError
from assistant.engine.probability import odds_for_request, pool_odds
from assistant.engine.rulesets.blades import crew

RULESET = get_ruleset("blades")
CATALOG = Path(__file__).parents[1] / "assistant" / "suggest" / "catalog" / "blades.yaml"


def bl(move: str, dice: list[int] | None = None, **kw: Any) -> Any:
    request: dict[str, Any] = {"system": "blades", "move": move, **kw}
    if dice is not None:
        request["dice"] = dice
    return resolve(request)


def effect(result: Any, kind: str, target: str) -> Any:
    found = [e for e in result.effects if e.kind == kind and e.target == target]
    assert found, f"no {kind} effect on {target}: {result.effects}"
    return found[-1]


# ---- data ----------------------------------------------------------------------------------------


def test_ruleset_loads_and_cross_references_hold() -> None:
    RULESET.validate()
    assert RULESET.system_id == "blades"
    assert get_ruleset("bitd").system_id == "blades"


def test_catalogue_ids_and_stats_match_the_ruleset() -> None:
    catalog = yaml.safe_load(CATALOG.read_text(encoding="utf-8"))["moves"]
    ids = {m.id: m for m in RULESET.moves}
    for entry in catalog:
        assert entry["id"] in ids, entry["id"]
        move = ids[entry["id"]]
        assert move.name == entry["name"]
        ours = [opt.stats for opt in move.roll.stats]
        for opt in entry.get("stats") or []:
            stat = opt["stat"] if isinstance(opt["stat"], list) else [opt["stat"]]
            assert stat in ours, (entry["id"], stat)


def test_every_table_covers_its_die() -> None:
    for table in RULESET.table_specs:
        faces = [f for row in table.rows for f in range(row.range[0], row.range[1] + 1)]
        assert sorted(faces) == list(range(1, table.sides + 1)), table.id


def test_sources_cite_the_shipped_text() -> None:
    lines = (Path(__file__).parents[1] / "rules_index" / "corpus" / "blades.txt").read_text(encoding="utf-8").splitlines()
    for move in RULESET.moves:
        assert move.source.file == "blades.txt"
        a, b = move.source.lines
        assert 1 <= a <= b <= len(lines), move.id
        assert move.text and move.trigger
    missing = [t.id for t in RULESET.table_specs if "SRD" in t.source_note]
    assert set(missing) >= {"entanglements_heat_0_3", "incarceration_roll", "crafting_quality"}


def test_default_character_is_playable() -> None:
    ch = RULESET.default_character()
    assert ch["stress"] == 0 and ch["tier"] == 0 and ch["hold"] == "strong"
    assert crew.attribute_rating(ch["stats"], "resolve") == 3
    r = bl("Indulge Vice", [4, 2], character=ch)  # lowest attribute: insight 2 (study, survey)
    assert r.stat in ("insight", "prowess") and r.stat_value == 2


# ---- pools ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dice", "outcome", "segments"),
    [
        ([1, 3], "bad_outcome", 1),
        ([5, 2], "partial_success", 2),
        ([6, 4], "full_success", 3),
        ([6, 6], "critical", 5),
    ],
)
def test_long_term_project_marks_segments_by_result(dice: list[int], outcome: str, segments: int) -> None:
    r = bl(
        "Long-Term Project",
        dice,
        stat="study",
        character={"stats": {"study": 2}},
        options={"clock": {"segments": 8, "filled": 1}},
    )
    assert (r.outcome, r.score, r.clock["filled"]) == (outcome, max(dice), 1 + segments)


def test_zero_dice_take_the_lowest_and_never_crit() -> None:
    r = bl("Long-Term Project", [6, 6], stat="hunt", character={"stats": {"hunt": 0}})
    assert r.outcome == "full_success" and any("Zero dice" in n for n in r.notes)
    low = bl("Long-Term Project", [6, 2], stat="hunt", character={"stats": {"hunt": 0}})
    assert (low.score, low.outcome) == (2, "bad_outcome")


def test_help_adds_a_die_and_attributes_are_counted() -> None:
    r = bl(
        "Indulge Vice",
        [1, 3],
        character={"stats": {"hunt": 1, "study": 0, "survey": 0, "tinker": 0}, "stress": 5},
        options={"help": True},
    )
    assert r.stat == "insight" and r.stat_value == 1 and len(r.dice) == 2
    assert r.character["stress"] == 2


def test_tier_and_quality_pools() -> None:
    asset = bl("Acquire Asset", [4, 1], character={"tier": 2})
    assert asset.stat == "tier" and effect(asset, "quality", "asset").after == 2
    healer = bl("Recover", [2, 3], stat="quality", options={"quality": 2})
    assert healer.stat_value == 2 and healer.outcome == "bad_outcome"
    with pytest.raises(InputError, match="needs the quality"):
        bl("Recover", [2, 3], stat="quality")


# ---- coin after the roll -------------------------------------------------------------------------


def test_coin_raises_the_result_level_and_is_paid() -> None:
    r = bl("Reduce Heat", [5], stat="consort", character={"heat": 6, "coin": 2}, options={"spend_coin": 1})
    assert r.outcome == "full_success" and r.character["heat"] == 3 and r.character["coin"] == 1


def test_asset_coin_beyond_critical_costs_two_per_level() -> None:
    r = bl(
        "Acquire Asset",
        [6],
        character={"tier": 1, "crew_coin": 4},
        options={"spend_coin": 3, "pay_from_crew": True, "minimum_quality": 4},
    )
    assert r.outcome == "critical" and effect(r, "quality", "asset").after == 4 and r.character["crew_coin"] == 1
    assert any("meets the minimum quality 4" in n for n in r.notes)
    with pytest.raises(InputError, match="even number"):
        bl("Acquire Asset", [6], character={"tier": 1, "coin": 4}, options={"spend_coin": 2})


def test_not_enough_coin_is_refused_without_state_change() -> None:
    character = {"coin": 0, "heat": 4}
    with pytest.raises(RulesError, match="Not enough coin"):
        bl("Reduce Heat", [2], stat="consort", character=character, options={"spend_coin": 1})
    assert character == {"coin": 0, "heat": 4}


def test_crafting_quality_with_workshop_modification_and_coin() -> None:
    r = bl(
        "Crafting",
        [4],
        character={"tier": 1, "coin": 3, "stats": {"tinker": 1}},
        options={"workshop": True, "modification": "arcane", "spend_coin": 3},
    )
    assert r.outcome == "critical" and effect(r, "quality", "item").after == 5  # Tier 2 (workshop) +2 +1
    assert any("meets the minimum quality 4" in n for n in r.notes)
    assert [c.id for c in r.choices] == ["drawbacks"]


# ---- heat and wanted level -----------------------------------------------------------------------


def test_heat_rolls_over_into_a_wanted_level() -> None:
    r = bl("Heat", character={"heat": 7, "at_war": True}, options={"exposure": "contained", "killing": True})
    assert (r.character["heat"], r.character["wanted_level"]) == (7 + 2 + 2 + 1 - 9, 1)


def test_heat_stops_at_nine_at_the_top_wanted_level() -> None:
    r = bl("Heat", character={"heat": 8, "wanted_level": 4}, options={"exposure": 6})
    assert (r.character["heat"], r.character["wanted_level"]) == (9, 4)


def test_incarceration_lowers_wanted_clears_heat_and_rolls_tier() -> None:
    r = bl("Incarceration", [6, 6], character={"tier": 2, "wanted_level": 2, "heat": 5, "rep": 1})
    assert r.outcome == "critical" and r.character["rep"] == 4
    assert (r.character["wanted_level"], r.character["heat"]) == (1, 0)
    assert any("Several months" in n for n in r.notes)
    bad = bl("Incarceration", [1, 2], character={"tier": 1, "wanted_level": 1}, options={"guard_payoff": True})
    assert bad.character["trauma"] == 1
    npc = bl("Incarceration", [1], character={"tier": 1, "wanted_level": 1}, options={"npc": True})
    assert npc.character["trauma"] == 0


def test_beating_at_wanted_zero_is_level_three_harm_without_a_roll() -> None:
    r = bl("Incarceration", character={"healing_clock": {"segments": 4, "filled": 2}}, options={"beating": True})
    assert r.roll == "none" and r.dice == [] and r.character["harm"][0]["level"] == 3
    assert r.character["healing_clock"]["filled"] == 0
    with pytest.raises(RulesError, match="wanted level 0"):
        bl("Incarceration", character={"wanted_level": 2}, options={"beating": True})


# ---- entanglements: roll, choices, follow-ups ----------------------------------------------------


@pytest.mark.parametrize(
    ("heat", "dice", "offered"),
    [
        (2, [5, 4], ["rivals", "unquiet_dead"]),
        (4, [3, 6], ["gang_trouble", "questioning"]),
        (8, [6, 6], ["arrest"]),
    ],
)
def test_entanglement_column_by_heat_and_dice_by_wanted_level(heat: int, dice: list[int], offered: list[str]) -> None:
    wanted = 0 if len(dice) == 2 and heat == 4 else 2
    r = bl("Entanglements", dice, character={"heat": heat, "wanted_level": wanted})
    (choice,) = r.choices
    assert [o.id for o in choice.options] == offered


def test_choosing_an_entanglement_adds_its_follow_up() -> None:
    r = bl("Entanglements", [2, 2], character={"heat": 7, "wanted_level": 2}, options={"choose": ["interrogation"]})
    assert r.choices == [] and [f.move for f in r.follow_ups] == ["Interrogation"]
    assert r.follow_ups[0].request == {"system": "blades", "move": "interrogation"}


def test_entanglement_choices_apply_their_effects() -> None:
    arrest = bl("Arrest", character={"wanted_level": 1, "crew_coin": 4}, options={"choose": ["pay_off"]})
    assert arrest.character["crew_coin"] == 0
    beaten = bl("Interrogation", character={"heat": 8}, options={"choose": ["beaten_and_talk"]})
    assert beaten.character["wanted_level"] == 1 and beaten.character["heat"] == 2
    assert beaten.character["harm"] == [{"level": 2, "name": "Beaten in interrogation"}]
    rivals = bl("Rivals", character={"rep": 5}, options={"rival_tier": 2, "choose": ["forfeit_rep"]})
    assert rivals.character["rep"] == 3
    war = bl("Show of Force", options={"choose": ["go_to_war"]})
    assert war.character["at_war"] is True


def test_questioning_fortune_roll_and_pay_off() -> None:
    r = bl("Questioning", [4, 1])
    assert r.outcome == "partial_success" and r.character["heat"] == 1
    paid = bl("Questioning", character={"crew_coin": 3}, options={"pay_off": True})
    assert paid.roll == "none" and paid.character["crew_coin"] == 1
    with pytest.raises(InputError, match="no roll"):
        bl("Questioning", [4, 1], options={"pay_off": True})


# ---- downtime activities -------------------------------------------------------------------------


def test_recover_fills_the_healing_clock_and_rolls_over() -> None:
    harm = [{"level": 3, "name": "Shattered Right Leg"}, {"level": 1, "name": "Battered"}]
    r = bl("Recover", [6, 6], stat="quality", character={"harm": harm}, options={"quality": 2})
    assert r.character["harm"] == [{"level": 2, "name": "Shattered Right Leg"}]
    assert r.character["healing_clock"]["filled"] == 1


def test_tough_it_out_costs_stress_and_rolls_zero_dice() -> None:
    r = bl("Recover", [5, 3], character={"stress": 2}, options={"tough_it_out": True})
    assert r.character["stress"] == 3 and r.score == 3 and r.outcome == "bad_outcome"


def test_indulge_vice_overindulgence_is_the_players_choice() -> None:
    r = bl("Indulge Vice", [5, 2], character={"stress": 3})
    assert r.character["stress"] == 0 and [c.id for c in r.choices] == ["overindulgence"]
    chosen = bl(
        "Indulge Vice", [5, 2], character={"stress": 3, "harm": [{"level": 1, "name": "Cut"}]}, options={"choose": ["lost"]}
    )
    assert chosen.choices == [] and chosen.character["harm"] == []
    calm = bl("Indulge Vice", [2, 1], character={"stress": 4})
    assert calm.character["stress"] == 2 and calm.choices == []


def test_train_marks_xp_once_per_track_per_downtime() -> None:
    r = bl("Train", options={"xp_track": "prowess", "training_upgrade": True})
    assert r.character["xp"]["prowess"] == 2 and r.character["trained"] == ["prowess"]
    with pytest.raises(RulesError, match="once per downtime"):
        bl("Train", character=r.character, options={"xp_track": "prowess"})


def test_third_activity_offers_coin_or_rep_and_payoff_resets() -> None:
    r = bl("Train", character={"downtime_activities": 2, "rep": 2}, options={"xp_track": "insight"})
    assert [o.id for o in r.choices[0].options] == ["pay_coin", "pay_rep"]
    paid = bl("Train", character={"downtime_activities": 2, "rep": 2}, options={"xp_track": "insight", "choose": ["pay_rep"]})
    assert paid.character["rep"] == 1 and paid.choices == []
    war = bl("Train", character={"downtime_activities": 1, "at_war": True, "coin": 1}, options={"xp_track": "insight"})
    assert war.choices and war.choices[0].id == "extra_activity_cost"
    with pytest.raises(RulesError, match="not enough to pay"):  # neither coin nor rep: refused before it rolls
        bl("Train", character={"downtime_activities": 2}, options={"xp_track": "insight"})
    reset = bl("Payoff", character=paid.character, options={"coin": 2})
    assert reset.character["downtime_activities"] == 0 and reset.character["trained"] == []


def test_payoff_rep_by_target_tier_coin_and_tithe() -> None:
    r = bl("Payoff", character={"tier": 1, "crew_coin": 0}, options={"target_tier": 3, "coin": 4, "tithe": True})
    assert r.character["rep"] == 4 and r.character["crew_coin"] == 2
    quiet = bl("Payoff", options={"quiet": True})
    assert quiet.character["rep"] == 0
    low = bl("Payoff", character={"tier": 3}, options={"target_tier": 1})
    assert low.character["rep"] == 0


def test_projects_live_on_the_sheet() -> None:
    start = bl(
        "Long-Term Project", [4], stat="consort", options={"project": "Family Sword", "clock": {"segments": 8, "filled": 0}}
    )
    assert start.character["projects"] == [{"name": "Family Sword", "segments": 8, "filled": 2}]
    more = bl("Long-Term Project", [6], stat="consort", character=start.character, options={"project": "family sword"})
    assert more.character["projects"] == [{"name": "Family Sword", "segments": 8, "filled": 5}]
    with pytest.raises(InputError, match="no project called"):
        bl("Long-Term Project", [6], stat="consort", options={"project": "Nothing"})


def test_rituals_and_inventions_default_to_eight_segments() -> None:
    r = bl("Learning a Ritual", [6], stat="study")
    assert r.clock == {"name": "Learning a Ritual", "segments": 8, "filled": 3, "full": False}
    invent = bl("Inventing", [1])
    assert invent.clock["segments"] == 8 and invent.clock["filled"] == 1


def test_performing_a_ritual_costs_stress_and_may_skip_the_roll() -> None:
    r = bl(
        "Performing a Ritual", [4], stat="attune", character={"stats": {"attune": 1}}, options={"stress": 3, "uncertain": True}
    )
    assert r.outcome == "partial_success" and r.character["stress"] == 3
    assert [f.move for f in r.follow_ups] == ["Fortune Roll"]
    safe = bl("Performing a Ritual", options={"stress": 8, "safe": True, "activities": 2})
    assert safe.roll == "none" and safe.character["stress"] == 8 and safe.character["downtime_activities"] == 2


def test_ignoring_vice_takes_stress_equal_to_trauma() -> None:
    r = bl("Ignore Vice", character={"trauma": 2, "stress": 6})
    assert (r.character["stress"], r.character["trauma"]) == (8, 2)


def test_the_ninth_stress_box_is_a_trauma_and_stress_clears_without_rolling_over() -> None:
    """SRD, Stress and Trauma: marking the ninth stress box is a level of trauma; you return with zero stress."""
    r = bl("Ignore Vice", character={"trauma": 2, "stress": 8})
    assert (r.character["stress"], r.character["trauma"]) == (0, 3)
    assert [(e.target, e.before, e.after) for e in r.effects] == [("stress", 8, 0), ("trauma", 2, 3)]


def test_stress_stays_at_nine_when_trauma_is_full() -> None:
    r = bl("Ignore Vice", character={"trauma": 4, "stress": 8})
    assert (r.character["stress"], r.character["trauma"]) == (9, 4) and any("maximum" in n for n in r.notes)


def test_fortune_and_magnitude_rolls_take_dice_from_options() -> None:
    r = bl("Magnitude", [1, 2, 3, 4, 5, 6], options={"magnitude": 6})
    assert r.outcome == "full_success"
    faction = bl("Faction Downtime", [6, 6], options={"faction_tier": 2, "clock": {"segments": 8, "filled": 2}})
    assert faction.outcome == "critical" and faction.clock["filled"] == 7
    with pytest.raises(InputError, match="how many dice"):
        bl("Fortune Roll", [3])


# ---- meters --------------------------------------------------------------------------------------


def test_meters_stay_in_bounds() -> None:
    r = bl("Reduce Heat", [6, 6], stat="consort", character={"heat": 2, "stats": {"consort": 2}})
    assert r.outcome == "critical"
    assert r.character["heat"] == 0
    full = bl("Payoff", character={"crew_coin": 3, "rep": 11}, options={"coin": 10})
    assert full.character["crew_coin"] == 4 and full.character["rep"] == 12
    vault = bl("Payoff", character={"crew_coin": 3, "vaults": 1}, options={"coin": 10})
    assert vault.character["crew_coin"] == 8
    with pytest.raises(InputError, match="more than its vaults hold"):
        bl("Payoff", character={"crew_coin": 9, "vaults": 1})


# ---- bad input -----------------------------------------------------------------------------------


def test_unknown_move_stat_and_option_are_clear_errors() -> None:
    with pytest.raises(UnknownNameError, match="no move called"):
        bl("Pick a Lock")
    with pytest.raises(InputError, match="rolls"):
        bl("Reduce Heat", [3], stat="bogus")
    with pytest.raises(InputError, match="does not take"):
        bl("Reduce Heat", [3], stat="consort", options={"burn": True})
    with pytest.raises(InputError, match="not how loud an operation goes"):
        bl("Heat", options={"exposure": "medium"})
    with pytest.raises(InputError, match="Unknown stat"):
        bl("Reduce Heat", [3], stat="consort", character={"stats": {"edge": 2}})
    with pytest.raises(DiceError):
        bl("Reduce Heat", [3, 4], stat="consort")


def test_a_bad_request_changes_no_state() -> None:
    character = {"heat": 5, "coin": 1, "harm": [{"level": 1, "name": "Cut"}]}
    before = json.loads(json.dumps(character))
    for bad in ({"options": {"choose": ["nope"]}}, {"options": {"spend_coin": 4}}, {"options": {"help": "yes"}}):
        with pytest.raises(AssistantError):
            bl("Reduce Heat", [5], stat="consort", character=character, **bad)
    assert character == before


def test_random_requests_stay_in_bounds_and_replay(rng: random.Random) -> None:
    names = [m.name for m in RULESET.moves] + [f"table:{t}" for t in RULESET.tables]
    for _ in range(300):
        request: dict[str, Any] = {
            "system": "blades",
            "move": rng.choice(names),
            "stat": rng.choice([None, "study", "consort", "tier", "insight", "attune"]),
            "character": {
                "heat": rng.randint(0, 8),
                "wanted_level": rng.randint(0, 4),
                "stress": rng.randint(0, 9),
                "coin": rng.randint(0, 4),
            },
            "options": rng.choice([{}, {"help": True}, {"spend_coin": 1}, {"dice": 3}]),
        }
        try:
            result = resolve(request, rng=random.Random(rng.randint(0, 10**6)))
        except AssistantError as exc:
            assert exc.message
            continue
        assert result.character is not None
        for name, meter in RULESET.sheet.meters.items():
            assert meter.min <= result.character[name] <= meter.max, name
        replay = resolve({**request, "dice": result.dice})
        assert replay.outcome == result.outcome and replay.character == result.character


# ---- tables ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("table", "face", "text"),
    [
        ("entanglements_heat_0_3", 6, "Cooperation"),
        ("entanglements_heat_4_5", 2, "Gang Trouble or Questioning"),
        ("Entanglements (Heat 6+)", 5, "Demonic Notice or Show of Force"),
        ("prison_claims", 3, "Guard payoff"),
    ],
)
def test_tables_by_move_name(table: str, face: int, text: str) -> None:
    r = bl(f"table:{table}", [face])
    assert r.roll == "table" and text in r.text and r.table["rolls"] == [face]


def test_unknown_table_lists_the_tables() -> None:
    with pytest.raises(UnknownNameError, match="Entanglements"):
        bl("table:no such table")


# ---- odds -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("dots", [0, 1, 2, 3])
def test_exact_odds_through_the_engine_match_the_pool_helper(dots: int) -> None:
    request = {"system": "blades", "move": "Reduce Heat", "stat": "consort", "character": {"stats": {"consort": dots}}}
    engine = odds_for_request(request)
    assert engine.outcomes == pool_odds(dots).outcomes
    assert sum(engine.outcomes.values()) == 1


def test_help_and_coin_shift_the_odds() -> None:
    base = {"system": "blades", "move": "Acquire Asset", "character": {"tier": 1, "coin": 4}}
    helped = odds_for_request({**base, "options": {"help": True}})
    assert helped.outcomes == pool_odds(2).outcomes
    coin = odds_for_request({**base, "options": {"spend_coin": 1}})
    assert coin.outcomes.get("bad_outcome", Fraction(0)) == 0
    assert coin.outcomes["partial_success"] == Fraction(1, 2)  # a 1-3 becomes 4/5


# ---- the command line -----------------------------------------------------------------------------


def test_assistant_resolve_reads_a_blades_request() -> None:
    request = {"system": "blades", "move": "reduce heat", "stat": "consort", "character": {"heat": 4}, "dice": [5]}
    proc = subprocess.run(
        [sys.executable, "-m", "assistant.cli", "resolve"],
        input=json.dumps(request),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["move_id"] == "reduce_heat" and out["outcome"] == "partial_success" and out["character"]["heat"] == 2
