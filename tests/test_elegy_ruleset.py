"""The Elegy ruleset: data against the text, the rolls with forced dice, focus, the oracle, moves, odds, CLI."""

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

from assistant.engine import InputError, RulesError, get_ruleset, resolve
from assistant.engine.errors import DiceError, UnknownNameError
from assistant.engine.probability import action_odds, odds_for_request, progress_odds, yes_no_odds
from assistant.engine.rulesets.elegy.ruleset import experience_for, harm_for
from assistant.engine.tracks import Rank

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "rules_index" / "corpus" / "elegy.txt"
CATALOG = ROOT / "assistant" / "suggest" / "catalog" / "elegy.yaml"
RULESET = get_ruleset("elegy")


def el(move: str, dice: list[int] | None = None, **kw: Any) -> Any:
    request: dict[str, Any] = {"system": "elegy", "move": move, **kw}
    if dice is not None:
        request["dice"] = dice
    return resolve(request)


def _words(text: str) -> str:
    """Lower-case words only: the PDF's bold markers, bullets, dashes and line breaks do not count."""
    return " ".join(re.findall(r"[a-z0-9']+", text.lower().replace("’", "'")))


def _cited(lines: tuple[int, int]) -> str:
    all_lines = CORPUS.read_text(encoding="utf-8").splitlines()
    return _words("\n".join(all_lines[lines[0] - 1 : lines[1]]))


# ---- data against the text and the catalogue --------------------------------------------------------


def test_the_ruleset_loads_and_its_cross_references_hold() -> None:
    RULESET.validate()
    assert RULESET.system_id == "elegy"


def test_every_catalogue_move_is_a_ruleset_move_with_the_same_id_and_stats() -> None:
    catalogue = yaml.safe_load(CATALOG.read_text(encoding="utf-8"))["moves"]
    ours = {m.id: m for m in RULESET.moves}
    for row in catalogue:
        move = ours.get(row["id"])
        assert move is not None, row["id"]
        assert move.name == row["name"]
        # the catalogue's "none" means no success roll; rolling the move's list is a table roll
        assert move.roll.type == row["roll"] or (row["roll"], move.roll.type) == ("none", "table"), row["id"]
        theirs = {s for opt in row.get("stats") or [] for s in ([opt["stat"]] if isinstance(opt["stat"], str) else opt["stat"])}
        mine = {s for opt in move.roll.stats for s in opt.stats}
        assert theirs <= mine, row["id"]
        assert mine <= set(RULESET.sheet.stats), row["id"]


@pytest.mark.parametrize("move", RULESET.moves, ids=lambda m: m.id)
def test_each_move_opens_with_words_of_the_lines_it_cites(move: Any) -> None:
    assert move.source.file == "elegy.txt"
    first_words = " ".join(_words(move.text).split()[:6])
    assert first_words in _cited(move.source.lines)


@pytest.mark.parametrize("move", RULESET.moves, ids=lambda m: m.id)
def test_each_reading_quotes_a_sentence_of_the_text(move: Any) -> None:
    whole = _words(CORPUS.read_text(encoding="utf-8"))
    for reading in move.readings:
        assert _words(reading.sentence) in whole, reading.sentence


@pytest.mark.parametrize("table_id", sorted(RULESET.tables))
def test_table_rows_cover_1_to_100_and_are_words_of_the_text(table_id: str) -> None:
    spec = next(t for t in RULESET.table_specs if t.id == table_id)
    assert spec.source is not None
    cited = _cited(spec.source.lines)
    expected = 1
    for row in spec.rows:
        assert row.range[0] == expected
        expected = row.range[1] + 1
        assert _words(row.text) in cited, row.text
        assert row.roll_twice == (row.text == "Roll twice")
    assert expected == spec.sides + 1 == 101


def test_default_character_is_playable() -> None:
    character = RULESET.default_character()
    assert set(character["stats"]) == {"dexterity", "heart", "force", "glamour", "intellect"}
    assert sorted(character["stats"].values()) == [1, 1, 2, 2, 3]
    assert (character["health"], character["spirit"], character["blood"], character["focus"]) == (5, 5, 5, 2)
    assert character["impacts"] == [] and character["xp"] == 0
    for field in ("elegies", "connections", "bonds", "fights", "trophies"):
        assert character[field] == []
    r = resolve({"system": "elegy", "move": "Face Danger", "stat": "heart"}, rng=random.Random(3))
    assert r.outcome in {"strong_hit", "weak_hit", "miss"}


# ---- the action roll --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dice", "outcome"),
    [([1, 2], "strong_hit"), ([2, 3], "weak_hit"), ([3, 3], "miss"), ([9, 4], "miss")],
)
def test_action_roll_is_stat_plus_adds_against_two_d10(dice: list[int], outcome: str) -> None:
    r = el("Face Danger", dice, stat="heart", adds=0)  # heart 3 by default
    assert (r.score, r.outcome, r.challenge, r.dice) == (3, outcome, dice, dice)
    assert [d.role for d in r.dice_detail] == ["challenge", "challenge"]


def test_action_score_has_no_cap() -> None:
    r = el("Face Danger", [10, 10], stat="heart", adds=8, character={"stats": {"heart": 3}})
    assert r.score == 11 and r.outcome == "strong_hit" and r.match


def test_forced_dice_must_be_two_or_none() -> None:
    with pytest.raises(DiceError, match="needs 2 dice"):
        el("Face Danger", [4], stat="heart")
    with pytest.raises(DiceError, match="remove the extra"):
        el("Face Danger", [4, 5, 6], stat="heart")


def test_core_action_roll_offers_benefits_and_costs() -> None:
    weak = el("Action Roll", [2, 4], stat="heart")
    assert weak.outcome == "weak_hit" and weak.character["focus"] == 3
    assert [c.id for c in weak.choices] == ["benefit", "cost"]
    picked = el("Action Roll", [2, 4], stat="heart", character={"health": 2}, options={"choose": ["gain_2_health", "in_trouble"]})
    assert picked.choices == []
    assert (picked.character["health"], picked.character["focus"]) == (4, 2)
    miss = el("Action Roll", [7, 7], stat="heart")
    assert miss.outcome == "miss" and miss.match and "tough negative outcome" in miss.text
    assert [c.id for c in miss.choices] == ["cost"]


def test_cost_harmed_reads_the_foes_rank_with_the_optional_rules() -> None:
    options: dict[str, Any] = {"choose": ["harmed"], "foe_rank": "dangerous"}
    assert el("Action Roll", [8, 9], stat="heart", options=options).character["health"] == 3
    faith = {**options, "authentic_faith": True, "superstition": True}  # as formidable (2), +1
    harmed = el("Action Roll", [8, 9], stat="heart", options=faith)
    assert harmed.character["health"] == 2
    assert "A dangerous foe deals 3 harm (authentic faith: as formidable; superstition: +1)." in harmed.notes
    assert harm_for(Rank.TROUBLESOME) == 1 and harm_for(Rank.EPIC, superstition=True) == 4


def test_next_move_add_is_consumed_by_the_next_action_roll_but_not_a_conclusion_roll() -> None:
    first = el("Secure an Advantage", [1, 2], stat="heart")  # strong hit: both
    assert (first.character["focus"], first.character["next_move_add"]) == (4, 1)
    progress = el("Fulfill Your Elegy", [9, 9], character=first.character, options={"progress_boxes": 5})
    assert progress.character["next_move_add"] == 1
    follow = el("Face Danger", [3, 5], stat="heart", character=first.character)
    assert follow.adds == 1 and follow.score == 4 and follow.character["next_move_add"] == 0


def test_move_options_that_add_to_the_roll() -> None:
    bond = el("Sing an Elegy", [3, 4], stat="heart", options={"promise_to": "bond"})
    assert bond.adds == 2 and bond.score == 5 and bond.outcome == "strong_hit"
    connection = el("Sing an Elegy", [3, 4], options={"promise_to": "connection"})
    assert connection.score == 4 and connection.outcome == "weak_hit"
    tested = el("Test Your Relationship", [3, 9], options={"bond": True, "track": {"rank": "dangerous", "ticks": 0}})
    assert tested.score == 4 and tested.outcome == "weak_hit" and tested.track["ticks"] == 8


# ---- focus ------------------------------------------------------------------------------------------


def test_burning_focus_replaces_the_score_and_resets_before_the_moves_effects() -> None:
    r = el("Face Danger", [5, 6], stat="heart", character={"focus": 7}, options={"burn": True})
    assert r.burn is not None and r.burn.burned and r.burn.outcome_before == "miss"
    assert (r.burn.meter, r.burn.before, r.burn.after) == ("focus", 7, 2)
    assert (r.score, r.outcome) == (7, "strong_hit")
    assert r.character["focus"] == 3  # reset to +2, then the strong hit's +1
    assert [e.kind for e in r.effects] == ["burn", "meter"]


@pytest.mark.parametrize(("impacts", "reset"), [([], 2), (["wounded"], 1), (["wounded", "shaken"], 0)])
def test_focus_reset_falls_with_impacts(impacts: list[str], reset: int) -> None:
    r = el("Enter the Fray", [5, 6], stat="heart", character={"focus": 8, "impacts": impacts}, options={"burn": True})
    assert r.character["focus"] == reset + 2
    assert r.burn is not None and r.burn.after == reset


def test_burn_is_offered_when_it_would_help_and_refused_when_it_would_not() -> None:
    offered = el("Face Danger", [5, 6], stat="heart", character={"focus": 7})
    assert offered.burn is not None
    assert offered.burn.model_dump(exclude_none=True) == {
        "burned": False,
        "available": True,
        "meter": "focus",
        "before": 7,
        "after": 2,
        "outcome": "strong_hit",
    }
    assert offered.character["focus"] == 7
    useless = el("Face Danger", [1, 2], stat="heart", character={"focus": 9}, options={"burn": True})
    assert useless.burn is not None and not useless.burn.burned and useless.score == 3
    assert useless.character["focus"] == 10 and any("not burned" in n for n in useless.notes)


def test_burn_is_not_allowed_on_a_conclusion_roll() -> None:
    with pytest.raises(RulesError, match="only an action roll"):
        el("End the Fight", [1, 2], options={"burn": True, "progress_boxes": 6})
    with pytest.raises(InputError, match="true or false"):
        el("Face Danger", [1, 2], stat="heart", options={"burn": "yes"})


def test_negative_focus_rerolls_low_challenge_dice_once() -> None:
    r = el("Face Danger", [8, 1, 2], stat="heart", character={"focus": -3})
    assert r.dice == [8, 1, 2] and r.challenge == [8, 2]
    assert [d.rerolled for d in r.dice_detail] == [False, True, False]
    assert r.outcome == "weak_hit"
    twice = el("Face Danger", [1, 2, 1, 1], stat="heart", character={"focus": -3})
    assert twice.challenge == [1, 1] and twice.outcome == "strong_hit" and twice.match  # once only: the new 1s stand
    assert twice.dice_detail[0].rerolled and twice.dice_detail[1].rerolled
    mild = el("Face Danger", [1, 3], stat="heart", character={"focus": -1})
    assert mild.challenge == [1, 3] and not any(d.rerolled for d in mild.dice_detail)


def test_conclusion_rolls_ignore_negative_focus() -> None:
    r = el("Fulfill Your Elegy", [1, 2], character={"focus": -6}, options={"progress_boxes": 3})
    assert r.dice == [1, 2] and r.outcome == "strong_hit"


def test_a_reroll_needs_its_own_forced_die_and_replays() -> None:
    request = {"system": "elegy", "move": "Face Danger", "stat": "heart", "character": {"focus": -5}}
    with pytest.raises(DiceError, match="all of its dice or none"):  # the reroll's die is never rolled at random
        resolve({**request, "dice": [2, 9]}, rng=random.Random(11))
    r = resolve(request, rng=random.Random(11))
    if len(r.dice) == 3:  # rolled a 5 or less on the challenge dice: rerolled, and the replay forces all three
        replay = el("Face Danger", r.dice, stat="heart", character={"focus": -5})
        assert (replay.outcome, replay.challenge) == (r.outcome, r.challenge)
    rerolled = el("Face Danger", [2, 9, 7], stat="heart", character={"focus": -5})
    assert len(rerolled.dice) == 3 and all(d.forced for d in rerolled.dice_detail)


def test_focus_stays_in_bounds_and_its_floor_leads_to_face_a_setback() -> None:
    top = el("Enter the Fray", [1, 1], stat="heart", character={"focus": 9})
    assert top.character["focus"] == 10
    bottom = el("Enter the Fray", [9, 9], stat="heart", character={"focus": -6})
    assert bottom.character["focus"] == -6
    (setback,) = [f for f in bottom.follow_ups if f.move == "Face a Setback"]
    assert setback.request == {"system": "elegy", "move": "face_a_setback", "options": {"amount": 1}}
    undermined = resolve(
        {
            **setback.request,
            "character": bottom.character,  # the follow-up is made at the focus floor the move left
            "options": {
                **setback.request["options"],
                "choose": ["undermine_progress"],
                "track": {"rank": "dangerous", "ticks": 20},
            },
        }
    )
    assert undermined.track is not None and undermined.track["ticks"] == 12


# ---- the oracle -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("odds", "yes_on"), [("almost certain", 11), ("likely", 26), ("50/50", 51), ("unlikely", 76), ("small chance", 91)]
)
def test_oracle_answers_yes_on_n_or_greater(odds: str, yes_on: int) -> None:
    assert el("Ask the Oracle", [yes_on], options={"odds": odds}).outcome == "yes"
    below = el("Ask the Oracle", [yes_on - 1], options={"odds": odds})
    assert below.outcome == "no" and below.notes == [f"Odds {odds}: yes on {yes_on} or greater; rolled {yes_on - 1}."]


def test_oracle_match_and_missing_odds() -> None:
    r = el("Ask the Oracle", [77], options={"odds": "unlikely"})
    assert (r.outcome, r.match) == ("yes", True) and "extreme result" in r.text
    with pytest.raises(InputError, match="odds"):
        el("Ask the Oracle", [40])


# ---- tables -----------------------------------------------------------------------------------------


def test_tables_roll_by_table_prefix_and_roll_twice() -> None:
    r = el("table:pay_the_price", [97, 70, 12])
    assert r.roll == "table" and r.table is not None and r.table["rolls"] == [97, 70, 12]
    assert [row["text"] for row in r.table["rows"]] == ["You waste blood", "You face a tough choice"]
    ritual = el("table:Perform Ritual: Miss", [81])
    assert ritual.table is not None and "lose 2 point of blood" in ritual.table["rows"][0]["text"]
    with pytest.raises(UnknownNameError, match="tables"):
        el("table:nope", [3])


def test_pay_the_price_move_rolls_its_table() -> None:
    r = el("Pay the Price", [75])
    assert r.table is not None and r.table["rows"][0]["text"] == "You are harmed"


# ---- moves of each category -------------------------------------------------------------------------


def test_adventure_feed_choice_and_the_stress_of_a_kill() -> None:
    r = el("Feed", [1, 2], stat="glamour", character={"blood": 1, "stats": {"glamour": 3}}, options={"choose": ["kill_victim"]})
    assert (r.character["blood"], r.character["spirit"], r.character["focus"]) == (5, 2, 3)
    weak = el("Feed", [1, 5], stat="glamour", character={"blood": 1})
    assert weak.character["focus"] == 1 and [o.id for o in weak.choices[0].options] == ["keep_victim_alive", "kill_victim"]


def test_adventure_heal_clears_wounded_and_costs_blood() -> None:
    wounded = el("Heal", [1, 1], stat="force", character={"health": 1, "impacts": ["wounded"], "stats": {"force": 3}})
    assert wounded.character["health"] == 3 and wounded.character["impacts"] == [] and wounded.character["blood"] == 4
    healthy = el("Heal", [1, 1], character={"health": 1, "stats": {"force": 3}})
    assert healthy.character["health"] == 4
    weak = el(
        "Heal",
        [1, 2],
        character={"health": 1, "stats": {"force": 2}, "focus": 3},
        options={"choose": ["lose_2_focus_and_1_blood"]},
    )
    assert (weak.character["health"], weak.character["focus"], weak.character["blood"]) == (4, 1, 4)


def test_adventure_rest_match_on_a_miss_takes_both_costs() -> None:
    r = el("Rest", [6, 6], character={"stats": {"heart": 2, "intellect": 4}})
    assert r.stat == "intellect" and r.outcome == "miss" and r.match
    assert (r.character["blood"], r.character["focus"]) == (4, 1) and r.choices == []
    plain = el("Rest", [6, 7], character={"stats": {"heart": 2, "intellect": 4}})
    assert [c.id for c in plain.choices] == ["bad_rest"]


def test_hunger_ladder_marks_starving_then_sinner_then_face_starvation() -> None:
    character: dict[str, Any] = {"blood": 0, "stats": {"intellect": 3}}
    first = el("Use Power", [2, 9], stat="intellect", character=character)
    assert first.outcome == "weak_hit" and first.character["impacts"] == ["starving"]
    second = el("Use Power", [2, 9], stat="intellect", character=first.character)
    assert second.character["impacts"] == ["starving", "sinner"]
    third = el("Use Power", [2, 9], stat="intellect", character=second.character)
    assert third.character["impacts"] == ["starving", "sinner"]
    assert [f.move for f in third.follow_ups] == ["Face Starvation"]


def test_quest_fulfill_your_elegy_marks_experience_per_rank() -> None:
    for rank, xp in [("troublesome", 1), ("formidable", 3), ("epic", 5)]:
        r = el("Fulfill Your Elegy", [1, 2], options={"track": {"rank": rank, "ticks": 20}})
        assert r.character["xp"] == xp
    weak = el("Fulfill Your Elegy", [1, 9], options={"track": {"rank": "troublesome", "ticks": 20}})
    assert weak.character["xp"] == 0
    assert [experience_for(r, -1) for r in Rank] == [0, 1, 2, 3, 4]


def test_quest_fulfill_your_elegy_miss_recommit_and_give_up() -> None:
    track = {"name": "Avenge my sire", "rank": "dangerous", "ticks": 22}
    recommit = el("Fulfill Your Elegy", [8, 9], options={"track": track, "choose": ["recommit"]})
    assert recommit.track == {"name": "Avenge my sire", "kind": "elegy", "rank": "formidable", "ticks": 4, "boxes": 1}
    give_up = el("Fulfill Your Elegy", [8, 9], options={"track": track, "choose": ["give_up"]})
    assert [f.request for f in give_up.follow_ups] == [{"system": "elegy", "move": "forsake_your_elegy"}]
    forsaken = el("Forsake Your Elegy", options={"track": track, "choose": ["demoralized", "reputation_suffers"], "amount": 2})
    assert forsaken.track is not None and forsaken.track["ticks"] == 0 and forsaken.character["spirit"] == 3


def test_quest_reach_a_milestone_marks_per_rank() -> None:
    for rank, ticks in [("troublesome", 12), ("dangerous", 8), ("formidable", 4), ("extreme", 2), ("epic", 1)]:
        assert el("Reach a Milestone", options={"track": {"rank": rank, "ticks": 0}}).track["ticks"] == ticks


def test_combat_clash_marks_progress_and_weapons_double_it() -> None:
    r = el("Clash", [1, 2], stat="force", character={"stats": {"force": 3}}, options={"rank": "dangerous", "progress_ticks": 0})
    assert r.track is not None and r.track["ticks"] == 16
    knife = el(
        "Clash",
        [1, 9],
        stat="force",
        character={"stats": {"force": 3}},
        options={"track": {"rank": "dangerous", "ticks": 0}, "weapon": 2},
    )
    assert knife.track is not None and knife.track["ticks"] == 16  # 2 boxes per harm, doubled: 4 boxes
    assert [f.move for f in knife.follow_ups] == ["Pay the Price"]


def test_combat_end_the_fight_weak_hit_choice_leads_to_endure_harm() -> None:
    r = el("End the Fight", [3, 8], options={"progress_boxes": 5, "choose": ["worse_than_you_thought"]})
    assert r.outcome == "weak_hit" and r.choices == []
    assert r.follow_ups[0].request == {"system": "elegy", "move": "endure_harm"}


def test_connection_form_a_bond() -> None:
    strong = el("Form a Bond", [2, 3], options={"track": {"rank": "extreme", "ticks": 16}, "choose": ["reinforce_influence"]})
    assert strong.character["xp"] == 4 and strong.choices == []
    maintained = el("Form a Bond", [9, 9, 7, 3], options={"track": {"rank": "formidable", "ticks": 24}, "choose": ["maintain"]})
    assert maintained.dice == [9, 9, 7, 3] and maintained.dice_detail[2].role == "recommit"
    assert maintained.track is not None and (maintained.track["ticks"], maintained.track["rank"]) == (12, "extreme")


def test_connection_conclusion_roll_recommit_clears_half() -> None:
    r = el(
        "Conclusion Roll (Connection)", [9, 10], options={"track": {"rank": "troublesome", "ticks": 30}, "choose": ["recommit"]}
    )
    assert r.track is not None and (r.track["ticks"], r.track["rank"]) == (18, "dangerous")


def test_suffer_endure_harm_overflows_into_focus() -> None:
    r = el(
        "Endure Harm",
        [1, 2],
        character={"health": 1, "focus": 2, "stats": {"force": 3}},
        options={"amount": 3, "choose": ["embrace_the_pain"]},
    )
    assert r.character["health"] == 0 and r.character["focus"] == 1  # -2 overflow, +1 embrace
    assert [e.target for e in r.effects[:2]] == ["health", "focus"]


def test_suffer_endure_harm_miss_at_zero_offers_impacts_or_the_table() -> None:
    r = el("Endure Harm", [9, 9], character={"health": 1}, options={"foe_rank": "troublesome"})
    (choice,) = r.choices
    assert [o.id for o in choice.options] == ["mark_wounded", "mark_permanently_harmed", "roll_on_the_table"]
    assert r.character["focus"] == 1
    both = el("Endure Harm", [9, 9], character={"health": 0, "impacts": ["wounded", "permanently_harmed"]}, options={"amount": 1})
    assert both.choices == [] and both.follow_ups[0].request == {"system": "elegy", "move": "table:endure_harm"}


def test_suffer_endure_stress_and_hunger_shake_it_off() -> None:
    stress = el("Endure Stress", [1, 1], character={"spirit": 5}, options={"amount": 2, "choose": ["shake_it_off"]})
    assert (stress.character["spirit"], stress.character["focus"]) == (4, 1)
    hunger = el(
        "Endure Hunger",
        [1, 1],
        character={"blood": 1, "stats": {"intellect": 3}},
        options={"amount": 1, "choose": ["shake_it_off"]},
    )
    assert (hunger.character["blood"], hunger.character["focus"]) == (0, 2)  # blood 0: no exchange


def test_advance_spends_experience_and_refuses_what_you_do_not_have() -> None:
    r = el("Advance", character={"xp": 5}, options={"choose": ["add_asset", "upgrade_asset"]})
    assert r.character["xp"] == 0
    with pytest.raises(RulesError, match="costs 3 xp"):
        el("Advance", character={"xp": 1}, options={"choose": ["add_asset"]})


def test_face_desolation_miss_is_the_texts_own_outcome() -> None:
    r = el("Face Desolation", [9, 9], character={"focus": 3})
    assert r.outcome == "miss" and r.character == r.character_before and r.choices == []
    assert r.text == "On a miss, you succumb to despair or horror and are lost."


@pytest.mark.parametrize(
    ("move", "stat", "meter"),
    [("Face Desolation", "heart", "spirit"), ("Face Starvation", "intellect", "blood"), ("Face Last Death", "heart", "health")],
)
def test_the_brink_moves_are_suggested_at_zero_but_made_whenever_called(move: str, stat: str, meter: str) -> None:
    spec = next(m for m in get_ruleset("elegy").moves if m.name == move)
    assert spec.requires is None and spec.suggested_when is not None  # a situation for suggestions, not a refusal
    assert el(move, [5, 5], stat=stat).character_before[meter] == 5  # the fiction may bring it on: made, and rolled
    assert el(move, [1, 1], stat=stat, character={meter: 0}).character_before[meter] == 0


def test_face_a_setback_is_suggested_at_the_focus_floor_and_made_when_called() -> None:
    spec = next(m for m in get_ruleset("elegy").moves if m.name == "Face a Setback")
    assert spec.suggested_when is not None and spec.suggested_when.eq == -6
    assert el("Face a Setback", options={"amount": 1, "choose": ["exchange_for_health"]}).move == "Face a Setback"


# ---- choices and bad input ----------------------------------------------------------------------------


def test_choices_are_offered_not_taken_and_the_pick_count_is_enforced() -> None:
    r = el("Secure an Advantage", [1, 5], stat="heart")
    assert r.character == {**r.character_before} and r.choices[0].pick == 1
    with pytest.raises(RulesError, match="pick 1"):
        el("Secure an Advantage", [1, 5], stat="heart", options={"choose": ["take_2_focus", "add_1_next_roll"]})
    with pytest.raises(InputError, match="open options"):
        el("Secure an Advantage", [1, 2], stat="heart", options={"choose": ["take_2_focus"]})


@pytest.mark.parametrize(
    ("request_", "error", "message"),
    [
        ({"move": "Fly Away"}, UnknownNameError, "no move called"),
        ({"move": "Face Danger", "stat": "edge", "dice": [1, 2]}, InputError, "not \\+edge"),
        ({"move": "Face Danger", "dice": [1, 2]}, InputError, "which stat do you roll"),
        ({"move": "Face Danger", "stat": "heart", "options": {"momentum": 3}}, InputError, "does not take"),
        ({"move": "Clash", "stat": "force", "options": {"weapon": 3}}, InputError, "Weapon .* is one of"),
        ({"move": "Endure Harm", "options": {"amount": 2, "foe_rank": "epic"}}, InputError, "not both"),
        ({"move": "Endure Harm", "options": {"foe_rank": "legendary"}}, InputError, "The rank is one of"),
        ({"move": "Endure Stress", "options": {"amount": 11}}, InputError, "from 1 to 10"),
        ({"move": "Face Danger", "stat": "heart", "character": {"stats": {"edge": 2}}}, InputError, "Unknown stat"),
        ({"move": "Face Danger", "stat": "heart", "character": {"focus": 11}}, InputError, "focus must be"),
        ({"move": "Fulfill Your Elegy", "dice": [1, 2]}, InputError, "progress move"),
    ],
)
def test_bad_input_is_a_clear_error_and_changes_nothing(request_: dict[str, Any], error: type[Exception], message: str) -> None:
    request = {"system": "elegy", **request_}
    frozen = copy.deepcopy(request)
    with pytest.raises(error, match=message):
        resolve(request)
    assert request == frozen


# ---- exact odds -------------------------------------------------------------------------------------


def test_odds_of_an_action_roll_are_the_pure_helpers() -> None:
    for heart, adds in [(3, 0), (1, 2), (5, 6)]:
        request = {
            "system": "elegy",
            "move": "Face Danger",
            "stat": "heart",
            "adds": adds,
            "character": {"stats": {"heart": heart}},
        }
        assert odds_for_request(request) == action_odds(heart + adds, action_die=False, cap=1000)


def _rerolled_die_odds(limit: int) -> dict[tuple[int, bool], Fraction]:
    """One challenge die rerolled once when lower than ``limit``: (final face, counts as a hit whatever the
    score) -> chance. "if you score an 1 again, count it as a hit": a reroll low again is beaten."""
    out: dict[tuple[int, bool], Fraction] = {}
    for first in range(1, 11):
        if first >= limit:
            out[(first, False)] = out.get((first, False), Fraction(0)) + Fraction(1, 10)
            continue
        for again in range(1, 11):
            key = (again, again < limit)
            out[key] = out.get(key, Fraction(0)) + Fraction(1, 100)
    return out


def test_odds_at_negative_focus_count_the_rerolls_exactly() -> None:
    odds = odds_for_request({"system": "elegy", "move": "Face Danger", "stat": "heart", "character": {"focus": -4}})
    die = _rerolled_die_odds(4)
    expected: dict[str, Fraction] = {}
    match = Fraction(0)
    for (a, auto_a), pa in die.items():
        for (b, auto_b), pb in die.items():
            hits = (auto_a or a < 3) + (auto_b or b < 3)
            key = ("miss", "weak_hit", "strong_hit")[hits]
            expected[key] = expected.get(key, Fraction(0)) + pa * pb
            match += pa * pb if a == b else 0
    assert odds.outcomes == expected and odds.match == match
    assert sum(odds.outcomes.values()) == 1


def test_odds_of_the_oracle_and_of_a_conclusion_roll() -> None:
    oracle = odds_for_request({"system": "elegy", "move": "Ask the Oracle", "options": {"odds": "likely"}})
    assert oracle.outcomes["yes"] == 1 - yes_no_odds(25).outcomes["yes"] == Fraction(3, 4)
    conclusion = odds_for_request({"system": "elegy", "move": "End the Fight", "options": {"progress_boxes": 7}})
    assert conclusion == progress_odds(7)


def test_suggestions_carry_the_engines_odds(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_EMBEDDER", "hash")
    from assistant.suggest import SuggestContext, suggest
    from rules_index.embed import HashEmbedder

    out = suggest(
        "I pin the struggling dockworker down and drink his blood", SuggestContext(system="elegy"), k=3, embedder=HashEmbedder()
    )
    feed = next(s for s in out if s.move == "Feed")
    assert feed.from_ruleset and feed.stat == "force"
    assert feed.odds == odds_for_request(feed.request).to_dict()


# ---- the command line -------------------------------------------------------------------------------


def test_assistant_resolve_on_the_command_line() -> None:
    request = {
        "system": "elegy",
        "move": "gather information",
        "character": {"stats": {"intellect": 4}, "focus": 1},
        "dice": [3, 6],
    }
    proc = subprocess.run(
        [sys.executable, "-m", "assistant.cli", "resolve"], input=json.dumps(request), capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    out = json.loads(proc.stdout)
    assert (out["move_id"], out["outcome"], out["score"], out["character"]["focus"]) == ("gather_information", "weak_hit", 4, 2)
    assert out == resolve(request).to_dict()
    bad = subprocess.run(
        [sys.executable, "-m", "assistant.cli", "resolve"],
        input=json.dumps({"system": "elegy", "move": "nope"}),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert bad.returncode == 1 and json.loads(bad.stdout)["error"]["type"] == "unknown_name"
