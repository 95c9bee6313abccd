"""The odds counted from a roll's shape equal the engine's own outcomes, face sequence by face sequence.

The reference (:func:`engine_odds`) resolves every combination of the roll's dice through the engine with
forced dice (each reroll weighted by its chance); the odds the player sees (:func:`odds_for_request`) count
the roll from what it depends on. Both are exact fractions, so they must be equal: every roll type of all
five systems, with the rules that change a roll (negative momentum, burning, focus rerolls, advantage,
lower-is-better, bumped tiers, coin, a bad spot, a helpless target).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from assistant.engine.odds_by_engine import engine_odds
from assistant.engine.probability import odds_for_request, pool_odds


def same(request: dict[str, Any], *, exchangeable: bool = False) -> None:
    fast = odds_for_request(request)
    slow = engine_odds(request, exchangeable=exchangeable)
    assert fast.outcomes == slow.outcomes, request
    assert fast.match == slow.match, request
    assert fast.match_by_outcome == slow.match_by_outcome, request
    assert sum(fast.outcomes.values()) == 1


def sf(move: str, **kw: Any) -> dict[str, Any]:
    return {"system": "starforged", "move": move, **kw}


# ---- Starforged: action rolls (cap, negative momentum cancelling the action die, burning), progress, oracle


@pytest.mark.parametrize("momentum", [-6, -3, -1, 0, 3, 8])
@pytest.mark.parametrize("edge", [0, 3])
@pytest.mark.parametrize("burn", [False, True])
def test_starforged_action_roll(momentum: int, edge: int, burn: bool) -> None:
    options = {"burn": True} if burn else {}
    same(sf("Face Danger", stat="edge", adds=1, character={"stats": {"edge": edge}, "momentum": momentum}, options=options))


def test_starforged_action_roll_capped_at_ten() -> None:
    same(sf("Face Danger", stat="edge", adds=4, character={"stats": {"edge": 4}, "momentum": 2}))


@pytest.mark.parametrize("ticks", [0, 13, 24, 40])
def test_starforged_progress_roll(ticks: int) -> None:
    same(sf("Fulfill Your Vow", options={"track": {"name": "vow", "rank": "dangerous", "ticks": ticks}}))


@pytest.mark.parametrize("in_control", [True, False])
def test_starforged_decisive_action_in_a_bad_spot(in_control: bool) -> None:
    track = {"name": "fight", "rank": "formidable", "ticks": 20, "kind": "combat"}
    same(sf("Take Decisive Action", options={"track": track, "in_control": in_control}))


@pytest.mark.parametrize("odds", ["small_chance", "unlikely", "50_50", "likely", "almost_certain"])
def test_starforged_oracle(odds: str) -> None:
    same(sf("Ask the Oracle", options={"odds": odds}))


# ---- Elegy: no action die, uncapped, focus rerolls below zero, burning focus above ------------------


@pytest.mark.parametrize("focus", [-6, -3, -1, 0, 4])
@pytest.mark.parametrize("burn", [False, True])
def test_elegy_action_roll(focus: int, burn: bool) -> None:
    options = {"burn": True} if burn else {}
    same(
        {
            "system": "elegy",
            "move": "Face Danger",
            "stat": "heart",
            "character": {"stats": {"heart": 3}, "focus": focus},
            "options": options,
        }
    )


def test_elegy_oracle_and_conclusion() -> None:
    same({"system": "elegy", "move": "Ask the Oracle", "options": {"odds": "likely"}})
    same({"system": "elegy", "move": "End the Fight", "options": {"progress_boxes": 7}})


# ---- the city: 2d6 totals, advantage and disadvantage, lower is better, bumped tiers --------------


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"advantage": True},
        {"disadvantage": True},
        {"mark_history": "the docks"},
        {"advantage": True, "perceive_demand": "bread"},
    ],
)
def test_city_total_roll(options: dict[str, Any]) -> None:
    character = {"stats": {"network": 1}, "histories": ["the docks"]}
    same({"system": "city", "move": "Get Something", "character": character, "options": options})


@pytest.mark.parametrize("options", [{}, {"advantage": True}, {"disadvantage": True}, {"mark_history": "the docks"}])
def test_city_backfire_lower_is_better(options: dict[str, Any]) -> None:
    same(
        {"system": "city", "move": "Backfire", "character": {"histories": ["the docks"]}, "options": {"complexity": 2, **options}}
    )


def test_city_faction_and_secret() -> None:
    same({"system": "city", "move": "Mind the Whispers", "options": {"aspects": 2}})
    same({"system": "city", "move": "Use a Secret", "stat": "sway"})


def test_city_a_leaned_belief_and_a_controlled_neighborhood() -> None:
    leaning = {"beliefs": ["Family first"], "leaning_on": "Family first"}
    same({"system": "city", "move": "Transit", "character": leaning})
    assert odds_for_request({"system": "city", "move": "Transit", "character": leaning}) == odds_for_request(
        {"system": "city", "move": "Transit", "character": leaning, "options": {"use_belief": "Family first"}}
    )
    faction = {"faction": {"aspects": ["Ships"], "neighborhoods": ["Docks"]}}
    same({"system": "city", "move": "Secure Resource", "character": faction, "options": {"controlled_neighborhood": "Docks"}})


# ---- Blades: pools of 0 to 10 dice (the highest counts; 0 dice: the lowest of two), coin -----------


@pytest.mark.parametrize("dice", range(11))
def test_blades_fortune_pool(dice: int) -> None:
    request = {"system": "blades", "move": "Fortune Roll", "options": {"dice": dice}}
    same(request, exchangeable=True)
    assert odds_for_request(request).outcomes == pool_odds(dice).outcomes


def test_blades_pool_of_ten_by_its_highest_die() -> None:
    table = pool_odds(10)
    assert table.outcomes["bad_outcome"] == Fraction(3**10, 6**10)
    assert table.outcomes["full_success"] == Fraction(10 * 5**9, 6**10)
    assert table.combinations == 6**10


def test_blades_coin_raises_the_result() -> None:
    same({"system": "blades", "move": "Acquire Asset", "character": {"tier": 1, "coin": 4}, "options": {"spend_coin": 1}})
    same({"system": "blades", "move": "Reduce Heat", "stat": "consort", "character": {"coin": 2}, "options": {"spend_coin": 1}})


# ---- Dungeon World: 2d6 + stat, debilities, ongoing bonuses, a helpless target --------------------


@pytest.mark.parametrize(
    "character,options",
    [
        ({"stats": {"str": 2}}, {}),
        ({"stats": {"str": -1}, "impacts": ["weak"], "ongoing_bonus": 2}, {}),
        ({"stats": {"str": 1}}, {"target_helpless": True}),
    ],
)
def test_dungeon_world_total_roll(character: dict[str, Any], options: dict[str, Any]) -> None:
    same({"system": "dungeon-world", "move": "Hack & Slash", "stat": "str", "character": character, "options": options})


def test_dungeon_world_volley_and_a_replaced_forward() -> None:
    same({"system": "dungeon-world", "move": "Volley", "character": {"ongoing_bonus": 2}})
    same(
        {
            "system": "dungeon-world",
            "move": "Last Gasp",
            "character": {"hp": 0, "forward_bonus": 1},
            "options": {"use_forward_bonus": True},
        }
    )


def test_a_roll_without_a_success_die_has_one_outcome() -> None:
    request = {"system": "starforged", "move": "table:pay the price"}
    assert odds_for_request(request).outcomes == engine_odds(request).outcomes == {"none": Fraction(1)}
