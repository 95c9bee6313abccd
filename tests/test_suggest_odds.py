"""Odds shown before the roll are exactly the engine's enumerated odds (and the burn variant)."""

from __future__ import annotations

import pytest

from assistant.engine.probability import odds_for_request
from assistant.suggest import SuggestContext, suggest
from assistant.suggest.catalog import ruleset_for
from assistant.suggest.core import ODDS_PENDING_NOTE


@pytest.fixture(scope="module")
def starforged():
    ruleset = ruleset_for("starforged")
    assert ruleset is not None, "the starforged ruleset must load"
    return ruleset


def _top(text, embedder, **ctx):
    return suggest(text, SuggestContext(system="starforged", **ctx), k=1, embedder=embedder)[0]


def test_odds_equal_the_engines_exact_odds(embedder, starforged):
    character = {"stats": {"edge": 2, "heart": 1, "iron": 3, "shadow": 1, "wits": 2}, "momentum": 3}
    s = _top("I sprint across the collapsing catwalk", embedder, character=character)
    assert (s.move, s.stat, s.stat_value) == ("Face Danger", "edge", 2)
    exact = odds_for_request({"system": "starforged", "move": "Face Danger", "stat": "edge", "character": character})
    assert s.odds == exact.to_dict()
    assert sum(exact.outcomes.values()) == 1
    # the request the player confirms rolls exactly those odds
    assert odds_for_request(s.request).outcomes == exact.outcomes


def test_the_other_stats_come_with_their_odds(embedder, starforged):
    character = {"stats": {"edge": 2, "heart": 1, "iron": 3, "shadow": 1, "wits": 2}, "momentum": 3}
    s = _top("I sprint across the collapsing catwalk", embedder, character=character)
    others = {a["stat"]: a for a in s.alternatives}
    assert set(others) == {"heart", "iron", "shadow", "wits"}  # Face Danger's other approaches, not edge again
    iron = others["iron"]
    assert iron["stat_value"] == 3 and iron["approach"]
    assert iron["odds"] == odds_for_request({**s.request, "stat": "iron"}).to_dict()
    assert iron["odds"]["outcomes"]["strong_hit"] > s.odds["outcomes"]["strong_hit"]  # iron 3 beats edge 2


def test_suggesting_leaves_the_character_alone(embedder, starforged):
    character = {"stats": {"edge": 2}, "momentum": 3}
    s = _top("I sprint across the collapsing catwalk", embedder, character=character)
    s.request["character"]["momentum"] = 9
    assert character == {"stats": {"edge": 2}, "momentum": 3}


def test_odds_follow_the_characters_numbers(embedder, starforged):
    weak = _top("I sprint across the collapsing catwalk", embedder, character={"stats": {"edge": 1}})
    strong = _top("I sprint across the collapsing catwalk", embedder, character={"stats": {"edge": 4}})
    assert weak.stat_value == 1 and strong.stat_value == 4
    assert strong.odds["outcomes"]["strong_hit"] > weak.odds["outcomes"]["strong_hit"]
    assert strong.odds["outcomes"]["miss"] < weak.odds["outcomes"]["miss"]


def test_burn_odds_when_momentum_could_help(embedder, starforged):
    character = {"stats": {"edge": 1}, "momentum": 8}
    s = _top("I sprint across the collapsing catwalk", embedder, character=character)
    burned = odds_for_request(
        {"system": "starforged", "move": "Face Danger", "stat": "edge", "character": character, "options": {"burn": True}}
    )
    assert s.burn_odds is not None
    assert s.burn_odds["outcomes"] == burned.to_dict()["outcomes"]
    assert s.burn_odds["meter"] == "momentum" and s.burn_odds["level"] == 8
    assert s.burn_odds["outcomes"]["miss"] < s.odds["outcomes"]["miss"]
    assert "burn" not in s.request.get("options", {})  # the player chooses to burn; we only show the odds


def test_no_burn_odds_without_positive_momentum(embedder, starforged):
    s = _top("I sprint across the collapsing catwalk", embedder, character={"stats": {"edge": 2}, "momentum": -2})
    assert s.burn_odds is None
    exact = odds_for_request(
        {"system": "starforged", "move": "Face Danger", "stat": "edge", "character": {"stats": {"edge": 2}, "momentum": -2}}
    )
    assert s.odds == exact.to_dict()  # negative momentum cancels action dice: the engine's rule, exactly


def test_fight_odds_carry_the_position(embedder, starforged):
    character = {"stats": {"edge": 3, "iron": 2}, "momentum": 2}
    s = _top("I line up a shot at the raider across the hangar", embedder, position="in_control", character=character)
    assert (s.move, s.stat) == ("Strike", "edge")
    exact = odds_for_request(
        {"system": "starforged", "move": "Strike", "stat": "edge", "character": character, "options": {"in_control": True}}
    )
    assert s.odds == exact.to_dict()


def test_progress_moves_explain_missing_track(embedder, starforged):
    out = suggest(
        "I swear I have finally fulfilled my vow and reached the end of my quest",
        SuggestContext(system="starforged"),
        k=3,
        embedder=embedder,
    )
    vow = next(s for s in out if s.move == "Fulfill Your Vow")
    assert vow.odds is None and any("odds unavailable" in n for n in vow.notes)
    with_track = suggest(
        "I swear I have finally fulfilled my vow and reached the end of my quest",
        SuggestContext(system="starforged", options={"progress_ticks": 28}),
        k=3,
        embedder=embedder,
    )
    vow = next(s for s in with_track if s.move == "Fulfill Your Vow")
    exact = odds_for_request({"system": "starforged", "move": "Fulfill Your Vow", "options": {"progress_ticks": 28}})
    assert vow.odds == exact.to_dict()


@pytest.mark.parametrize(
    ("system", "text"),
    [
        ("elegy", "I attack the hunter"),
        ("blades", "I spend the night at the gambling den to ease my stress"),
        ("city", "I sneak across the river district unnoticed"),
        ("dungeon-world", "I attack the bard with my sword"),
    ],
)
def test_every_system_suggests_from_its_ruleset_with_exact_odds(embedder, system, text):
    out = suggest(text, SuggestContext(system=system, mode="downtime"), k=3, embedder=embedder)
    assert out and all(s.from_ruleset for s in out)
    with_odds = [s for s in out if s.odds is not None]
    assert with_odds
    for s in with_odds:
        assert s.odds == odds_for_request(s.request).to_dict()


def test_a_system_without_a_ruleset_falls_back_to_the_catalogue_without_odds(embedder, monkeypatch):
    from assistant.engine import registry
    from assistant.suggest import ranker

    monkeypatch.delitem(registry.SYSTEMS, "dungeon-world")
    registry.get_ruleset.cache_clear()
    ranker.clear_cache()
    try:
        out = suggest("I attack the enemy", SuggestContext(system="dungeon-world"), k=3, embedder=embedder)
        assert out
        for s in out:
            assert s.odds is None and s.burn_odds is None and not s.from_ruleset
        assert any(ODDS_PENDING_NOTE in s.notes for s in out)
    finally:
        registry.get_ruleset.cache_clear()
        ranker.clear_cache()


def test_stat_value_comes_from_the_character_in_catalogue_systems(embedder):
    out = suggest(
        "I swing my greataxe at the orc",
        SuggestContext(system="dungeon-world", character={"stats": {"STR": 2, "DEX": 1}}),
        k=1,
        embedder=embedder,
    )
    assert out[0].stat == "str" and out[0].stat_value == 2
