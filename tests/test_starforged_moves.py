"""Behaviour of particular Starforged moves: choices, progress, legacy, position, clocks, errors."""

from __future__ import annotations

import random
from typing import Any

import pytest

from assistant.engine import InputError, RulesError, get_ruleset, resolve
from assistant.engine.dice import topped_up
from assistant.engine.doors import door_kind
from assistant.engine.errors import DiceError


def sf(move: str, dice: list[int] | None = None, **kw: Any) -> Any:
    request: dict[str, Any] = {"system": "starforged", "move": move, **kw}
    if dice is not None:
        request["dice"] = dice
    return resolve(request)


def effects(result: Any) -> list[list[Any]]:
    return [[e.kind, e.target, e.delta] for e in result.effects]


# ---- choices ---------------------------------------------------------------------------------------


def test_choice_is_offered_with_its_effects_and_not_applied() -> None:
    r = sf("Secure an Advantage", [1, 3, 5], stat="edge")
    assert r.outcome == "weak_hit" and r.character["momentum"] == 2
    (choice,) = r.choices
    assert choice.pick == 1
    assert {o.id: o.effects for o in choice.options} == {
        "take_2_momentum": [{"type": "meter", "meter": "momentum", "delta": 2}],
        "add_1_next_move": [{"type": "next_move_add", "delta": 1}],
    }


def test_choose_applies_the_option() -> None:
    r = sf("Secure an Advantage", [1, 3, 5], stat="edge", options={"choose": ["add_1_next_move"]})
    assert r.character["next_move_add"] == 1 and r.choices == []
    follow = sf("Face Danger", [3, 5, 7], stat="edge", character=r.character)
    assert follow.adds == 1 and follow.score == 7 and follow.character["next_move_add"] == 0


def test_choosing_too_many_is_refused() -> None:
    with pytest.raises(RulesError, match="pick 1"):
        sf("Gain Ground", [2, 3, 7], stat="iron", options={"in_control": True, "choose": ["take_2_momentum", "add_1_next_move"]})


def test_choosing_an_option_that_is_not_open_is_refused() -> None:
    with pytest.raises(InputError, match="open options"):
        sf("Secure an Advantage", [4, 2, 3], stat="edge", options={"choose": ["take_2_momentum"]})  # strong hit


def test_pick_two_leaves_one_pick_open() -> None:
    r = sf("Gain Ground", [5, 3, 4], stat="iron", options={"in_control": True, "choose": ["take_2_momentum"]})
    (choice,) = r.choices
    assert choice.pick == 1 and [o.id for o in choice.options] == ["mark_progress", "add_1_next_move"]


def test_conditional_option_effect_is_skipped_when_the_condition_fails() -> None:
    r = sf(
        "Endure Harm",
        [6, 1, 1],
        character={"health": 2, "impacts": ["wounded"]},
        options={"amount": 2, "choose": ["shake_it_off"]},
    )
    assert r.character["health"] == 0


def test_choice_with_a_condition_is_not_offered() -> None:
    r = sf("Companion Takes a Hit", [3, 1, 9], character={"companion_health": 1}, options={"amount": 1})
    assert r.outcome == "weak_hit" and r.choices == []


# ---- progress tracks ---------------------------------------------------------------------------------


def test_mark_progress_per_rank() -> None:
    for rank, ticks in [("troublesome", 12), ("dangerous", 8), ("formidable", 4), ("extreme", 2), ("epic", 1)]:
        r = sf("Reach a Milestone", options={"track": {"rank": rank, "ticks": 0}})
        assert r.track["ticks"] == ticks, rank


def test_strike_marks_progress_twice_via_shorthand_options() -> None:
    r = sf("Strike", [6, 2, 7], stat="iron", options={"in_control": True, "rank": "extreme", "progress_ticks": 6})
    assert r.track["ticks"] == 10 and r.track["boxes"] == 2


def test_recommit_clears_progress_and_raises_rank() -> None:
    track = {"name": "Avenge", "rank": "formidable", "ticks": 28}
    r = sf("Fulfill Your Vow", [8, 9, 3, 6], options={"track": track, "choose": ["recommit"]})
    assert r.outcome == "miss"
    assert r.track["rank"] == "extreme"
    assert r.track["ticks"] < 28
    kinds = [e[0] for e in effects(r)]
    assert kinds == ["choice", "progress", "rank"]


def test_recommit_at_epic_keeps_epic() -> None:
    r = sf("Forge a Bond", [9, 10, 1, 2], options={"track": {"rank": "epic", "ticks": 12}, "choose": ["recommit"]})
    assert r.track["rank"] == "epic"


def test_forsake_your_vow_clears_the_vow() -> None:
    r = sf("Forsake Your Vow", options={"track": {"name": "V", "rank": "extreme", "ticks": 17}})
    assert r.track["ticks"] == 0


def test_progress_move_needs_progress() -> None:
    with pytest.raises(InputError, match="progress"):
        sf("Fulfill Your Vow", [1, 2])


def test_progress_roll_ignores_next_move_add_and_momentum() -> None:
    r = sf(
        "Fulfill Your Vow",
        [5, 9],
        character={"next_move_add": 1, "momentum": -3},
        options={"track": {"rank": "formidable", "ticks": 28}},
    )
    assert r.score == 7 and r.adds == 0 and r.character["next_move_add"] == 1


# ---- legacy ----------------------------------------------------------------------------------------


def test_legacy_reward_earns_experience() -> None:
    r = sf("Forge a Bond", [2, 7], options={"track": {"rank": "extreme", "ticks": 32}})
    assert r.character["legacy"]["bonds"] == {"ticks": 8, "cleared": 0}
    assert r.character["xp"] == 4


def test_filling_the_tenth_box_clears_the_track_and_halves_experience() -> None:
    r = sf(
        "Fulfill Your Vow",
        [1, 2],
        character={"legacy": {"quests": {"ticks": 36, "cleared": 0}}},
        options={"track": {"rank": "formidable", "ticks": 12}},
    )
    assert r.character["legacy"]["quests"] == {"ticks": 0, "cleared": 1} and r.character["xp"] == 2
    again = sf("Fulfill Your Vow", [1, 2], character=r.character, options={"track": {"rank": "formidable", "ticks": 12}})
    assert again.character["legacy"]["quests"] == {"ticks": 4, "cleared": 1}
    assert again.character["xp"] == 3  # 1 experience per box after the clear


def test_reward_one_rank_lower() -> None:
    r = sf("Finish an Expedition", [4, 9], options={"track": {"rank": "formidable", "ticks": 36}})
    assert r.outcome == "weak_hit"
    assert r.character["legacy"]["discoveries"]["ticks"] == 2  # dangerous reward


def test_legacy_progress_rolls_read_the_character_tracks() -> None:
    r = sf("Overcome Destruction", [3, 7], character={"legacy": {"bonds": {"ticks": 22, "cleared": 0}}})
    assert r.score == 5 and r.outcome == "weak_hit" and "indebted" in r.character["impacts"]
    with pytest.raises(InputError, match="legacy"):
        sf("Continue a Legacy", [3, 7])


def test_develop_your_relationship_rolls_their_rank_only_with_a_bond() -> None:
    r = sf("Develop Your Relationship", [5, 3, 6], options={"bond": True, "rank": "dangerous"})
    assert (r.stat, r.stat_value, r.roll) == ("rank", 2, "action")
    assert r.character["legacy"]["bonds"]["ticks"] == 2
    no_bond = sf("Develop Your Relationship", options={"rank": "dangerous", "progress_ticks": 0})
    assert no_bond.roll == "none" and no_bond.track["ticks"] == 8
    with pytest.raises(InputError, match="rank"):
        sf("Develop Your Relationship", [5, 3, 6], options={"bond": True})


def test_advance_spends_experience() -> None:
    r = sf("Advance", character={"xp": 4}, options={"choose": ["upgrade_an_asset"]})
    assert r.character["xp"] == 2


# ---- position ---------------------------------------------------------------------------------------


def test_enter_the_fray_sets_position() -> None:
    assert sf("Enter the Fray", [4, 2, 6], stat="edge").character["position"] == "in_control"
    assert sf("Enter the Fray", [1, 7, 9], stat="edge").character["position"] == "bad_spot"


def test_position_carries_from_move_to_move() -> None:
    r = sf("Strike", [2, 1, 9], stat="edge", character={"position": "in_control"})
    assert r.character["position"] == "bad_spot"
    with pytest.raises(RulesError, match="Clash"):
        sf("Strike", [6, 2, 7], stat="iron", character=r.character)
    clash = sf("Clash", [5, 1, 6], stat="iron", character=r.character)
    assert clash.character["position"] == "in_control"


@pytest.mark.parametrize(
    ("move", "in_control", "hint"),
    [
        ("Strike", False, "Clash"),
        ("Gain Ground", False, "React Under Fire"),
        ("Clash", True, "Strike"),
        ("React Under Fire", True, "Gain Ground"),
    ],
)
def test_combat_moves_require_their_position(move: str, in_control: bool, hint: str) -> None:
    with pytest.raises(RulesError, match=hint):
        sf(move, [4, 2, 6], stat="iron", options={"in_control": in_control})


def test_position_is_enforced_only_when_known() -> None:
    assert sf("Strike", [6, 2, 7], stat="iron").outcome == "strong_hit"


def test_take_decisive_action_in_a_bad_spot() -> None:
    track = {"rank": "dangerous", "ticks": 24}
    assert sf("Take Decisive Action", [2, 5], options={"track": track, "in_control": False}).outcome == "weak_hit"
    assert sf("Take Decisive Action", [3, 8], options={"track": track, "in_control": False}).outcome == "miss"
    assert sf("Take Decisive Action", [4, 4], options={"track": track, "in_control": False}).outcome == "strong_hit"
    assert sf("Take Decisive Action", [2, 5], options={"track": track, "in_control": True}).outcome == "strong_hit"
    unknown = sf("Take Decisive Action", [2, 5], options={"track": track})
    assert unknown.outcome == "strong_hit" and any("Position not given" in n for n in unknown.notes)


def test_take_decisive_action_position_only_if_the_fight_continues() -> None:
    track = {"rank": "dangerous", "ticks": 24}
    over = sf("Take Decisive Action", [2, 5], character={"position": "in_control"}, options={"track": track})
    assert over.character["position"] == "in_control" and not any(e.kind == "position" for e in over.effects)
    goes_on = sf(
        "Take Decisive Action", [3, 8], character={"position": "in_control"}, options={"track": track, "fight_continues": True}
    )
    assert goes_on.character["position"] == "bad_spot"


# ---- scene challenge clock -------------------------------------------------------------------------


def test_scene_challenge_fills_the_clock() -> None:
    clock = {"segments": 4, "filled": 2}
    r = sf("Face Danger (Scene Challenge)", [1, 5, 8], stat="wits", options={"clock": clock})
    assert r.clock == {"name": "", "segments": 4, "filled": 3, "full": False}
    full = sf("Secure an Advantage (Scene Challenge)", [1, 6, 6], stat="wits", options={"clock": {"segments": 4, "filled": 3}})
    assert full.clock["filled"] == 4 and full.clock["full"] and "The clock is full." in full.notes


def test_scene_challenge_without_clock_reports_the_fill() -> None:
    r = sf("Face Danger (Scene Challenge)", [1, 6, 6], stat="wits")
    assert effects(r) == [["clock", "clock", 2]] and any("give the clock" in n for n in r.notes)


def test_bad_clock_option_is_refused() -> None:
    with pytest.raises(InputError, match="clock"):
        sf("Face Danger (Scene Challenge)", [1, 5, 8], stat="wits", options={"clock": 6})


# ---- suffer and recover -----------------------------------------------------------------------------


def test_suffer_move_without_a_roll_refuses_dice() -> None:
    with pytest.raises(InputError, match="no roll"):
        sf("Endure Harm", [4, 2, 6], options={"amount": 1})


def test_suffer_move_needs_an_amount_1_to_3() -> None:
    with pytest.raises(InputError, match="(?i)amount"):
        sf("Endure Stress")
    with pytest.raises(InputError, match="(?i)amount"):
        sf("Lose Momentum", options={"amount": 4})


def test_endure_harm_rolls_the_higher_of_health_and_iron() -> None:
    r = sf("Endure Harm", [1, 9, 9], character={"stats": {"iron": 3}}, options={"amount": 1, "resist": True})
    assert (r.stat, r.stat_value) == ("health", 4)
    r = sf("Endure Harm", [1, 9, 9], character={"health": 1, "stats": {"iron": 3}}, options={"amount": 1})
    assert (r.stat, r.stat_value) == ("iron", 3)


def test_heal_stat_options() -> None:
    char = {"stats": {"iron": 1, "wits": 3}}
    assert sf("Heal", [1, 9, 9], stat="wits", character=char).stat_value == 3
    assert sf("Heal", [1, 9, 9], stat="iron/wits", character=char).stat_value == 1
    with pytest.raises(InputError, match="which stat do you roll"):
        sf("Heal", [1, 9, 9], character=char)


def test_sacrifice_resources_while_unprepared_keeps_supply() -> None:
    r = sf("Sacrifice Resources", character={"supply": 0, "impacts": ["unprepared"]}, options={"amount": 2})
    assert r.character["supply"] == 0 and [f.kind for f in r.follow_ups] == ["suffer"]


def test_resupply_then_sacrifice_roundtrip() -> None:
    r = sf("Sacrifice Resources", character={"supply": 1}, options={"amount": 1})
    assert r.character["impacts"] == ["unprepared"]
    back = sf("Resupply", [5, 2, 3], stat="wits", character=r.character, options={"choose": ["replenish_supply"]})
    assert back.character["impacts"] == [] and back.character["supply"] == 1


# ---- options and errors -----------------------------------------------------------------------------


def test_undeclared_option_is_refused() -> None:
    with pytest.raises(InputError, match="does not take"):
        sf("Face Danger", [4, 2, 6], stat="edge", options={"amount": 1})


def test_burn_only_on_action_rolls() -> None:
    with pytest.raises(RulesError, match="burn"):
        sf("Fulfill Your Vow", [1, 2], options={"burn": True, "progress_ticks": 8})


def test_wrong_stat_is_refused() -> None:
    with pytest.raises(InputError, match="wits"):
        sf("Gather Information", [4, 2, 6], stat="edge")


def test_wrong_number_of_dice_is_refused() -> None:
    with pytest.raises(DiceError):
        sf("Face Danger", [4, 2], stat="edge")


def test_ask_the_oracle_needs_odds() -> None:
    with pytest.raises(InputError, match="odds"):
        sf("Ask the Oracle", [50])


def test_confront_chaos_aspects_range() -> None:
    with pytest.raises(InputError, match="aspects"):
        sf("Confront Chaos", [1, 2, 3, 4], options={"aspects": 4})
    assert len(sf("Confront Chaos", [1, 50, 97], options={"aspects": 3}).table["rows"]) == 3


def test_face_death_unavoidable_makes_no_roll() -> None:
    r = sf("Face Death", options={"unavoidable": True})
    assert r.roll == "none" and "you are dead" in r.text


# ---- follow-ups and data integrity ------------------------------------------------------------------


def test_follow_up_requests_resolve() -> None:
    r = sf("Face Danger", [1, 5, 9], stat="edge")
    (follow,) = r.follow_ups
    assert follow.request == {"system": "starforged", "move": "pay_the_price"}
    assert sf(follow.request["move"], [75]).table["rows"][0]["text"] == "You are harmed"
    r = sf("Endure Harm", [1, 5, 6], character={"health": 1}, options={"amount": 1, "choose": ["roll_on_the_table"]})
    table = next(f for f in r.follow_ups if f.kind == "table")
    assert sf(table.request["move"], [5]).table["rows"][0]["text"].startswith("You suffer mortal harm")


def _all_option_specs(move: Any) -> list[Any]:
    choices = list(move.choices) + [c for o in move.outcomes.values() for c in o.choices]
    return [opt for c in choices for opt in c.options]


def test_every_follow_up_names_a_real_move_or_table() -> None:
    ruleset = get_ruleset("starforged")
    for move in ruleset.moves:
        follow_ups = list(move.follow_ups) + [f for o in move.outcomes.values() for f in o.follow_ups]
        follow_ups += [f for opt in _all_option_specs(move) for f in opt.follow_ups]
        for fu in follow_ups:
            if fu.move and door_kind(fu.move):  # a change on a sheet: the door resolves with its options
                resolve({"system": "starforged", "move": fu.move, "options": fu.options, "character": {"health": 1}})
            elif fu.move:
                ruleset.move_by_id(fu.move)
            if fu.table:
                assert fu.table in ruleset.tables, (move.id, fu.table)
        if move.roll.table:
            assert move.roll.table in ruleset.tables


def test_every_declared_option_is_described_and_every_read_option_declared() -> None:
    ruleset = get_ruleset("starforged")
    common = set(ruleset.common_options)
    for move in ruleset.moves:
        assert all(desc.strip() for desc in move.options.values()), move.id
        read: set[str] = set()
        _options_read(move.model_dump(), read)
        assert read <= set(move.options) | common, (move.id, read - set(move.options))


def _options_read(node: Any, read: set[str]) -> None:
    """Collect the request options a move's data reads (conditions and delta_from)."""
    if isinstance(node, dict):
        for key in ("option", "not_option", "delta_from"):
            if isinstance(node.get(key), str):
                read.add(node[key])
        for value in node.values():
            _options_read(value, read)
    elif isinstance(node, list):
        for value in node:
            _options_read(value, read)


def _minimal_request(move: Any) -> dict[str, Any]:
    options: dict[str, Any] = {}
    if "amount" in move.options:
        options["amount"] = 1
    if "odds" in move.options:
        options["odds"] = "likely"
    if "legacy" in move.options:
        options["legacy"] = "quests"
    if "situation" in move.options:
        options["situation"] = "field"
    if move.roll.type == "progress" and not (move.roll.track or "").startswith("legacy"):
        options["track"] = {"rank": "dangerous", "ticks": 20}
    if move.requires and move.requires.position:
        options["in_control"] = move.requires.position == "in_control"
    request: dict[str, Any] = {"system": "starforged", "move": move.name, "options": options}
    if move.roll.stats:
        request["stat"] = "/".join(move.roll.stats[0].stats)
    return request


@pytest.mark.parametrize("seed", range(20))
def test_every_move_resolves_with_random_dice(seed: int) -> None:
    rng = random.Random(seed)
    for move in get_ruleset("starforged").moves:
        result = resolve(_minimal_request(move), rng=rng)
        assert result.move == move.name
        assert result.outcome in ("strong_hit", "weak_hit", "miss", "yes", "no", "none")
        assert result.text, move.id
        for choice in result.choices:
            for option in choice.options:
                picked = {**_minimal_request(move)["options"], "choose": [option.id]}
                request = _minimal_request(move) | {"options": picked, "dice": result.dice}
                affordable = choice.budget is None or option.cost <= choice.budget
                if not (option.available and affordable):  # the character can't pick it now: refused, not applied
                    with pytest.raises(RulesError):
                        resolve(request)
                    continue
                with topped_up():  # as the store re-resolves a pick: a pick that rolls more (Recommit) rolls on
                    again = resolve(request, rng=random.Random(seed))
                assert again.outcome == result.outcome
