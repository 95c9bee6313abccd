"""Starforged choices checked against the character as it stands after each pick: refusals in the player's words
that change nothing, choices and sentences that open when a pick makes their condition hold, and what an error
offers instead."""

from __future__ import annotations

import re

import pytest

from assistant.engine import InputError, RulesError, resolve


def plain(message: str) -> None:
    """In the player's words: no snake_case ids, no option paths."""
    assert not re.search(r"\b[a-z]+_[a-z_]+\b", message), message
    assert "options." not in message, message


def test_a_pick_that_opens_nothing_names_the_open_options_in_words_and_offers_their_ids() -> None:
    with pytest.raises(InputError) as info:
        resolve({"system": "starforged", "move": "Advance", "character": {"xp": 2}, "options": {"choose": ["new_asset"]}})
    plain(info.value.message)
    assert "Spend 2 experience to upgrade an asset" in info.value.message
    assert info.value.choices == ["add_an_asset", "upgrade_an_asset"]


@pytest.mark.parametrize(
    ("character", "picks", "words"),
    [
        ({"xp": 2}, ["add_an_asset"], "A new asset costs 3 experience"),
        ({"xp": 0}, ["upgrade_an_asset"], "Upgrading an asset costs 2 experience"),
    ],
)
def test_advance_refuses_what_the_character_cannot_afford_in_words(character: dict, picks: list, words: str) -> None:
    request = {"system": "starforged", "move": "Advance", "character": character, "options": {"choose": picks}}
    with pytest.raises(RulesError) as info:
        resolve(request)
    plain(info.value.message)
    assert words in info.value.message
    shown = resolve({**request, "options": {}})  # nothing was spent: the same sheet shows the same prices
    assert shown.character == shown.character_before


def test_repair_budget_refusals_are_in_words() -> None:
    base = {"system": "starforged", "move": "Repair", "stat": "wits", "dice": [6, 5, 9]}
    for options, words in (
        ({"situation": "facility", "choose": ["repair_a_device", "take_1_integrity"]}, "only 0 of 3 are left"),
        ({"situation": "facility", "extra_points": 3}, "you have 2 supply"),
    ):
        with pytest.raises(RulesError) as info:
            resolve({**base, "character": {"integrity": 3, "supply": 2}, "options": options})
        plain(info.value.message)
        assert words in info.value.message


def test_a_companion_above_zero_is_neither_out_of_action_nor_dead_on_a_miss_with_a_match() -> None:
    result = resolve(
        {
            "system": "starforged",
            "move": "Companion Takes a Hit",
            "character": {"companion_health": 3},
            "options": {"amount": 1, "resist": True, "choose": ["lose_2_momentum"]},
            "dice": [1, 7, 7],
        }
    )
    assert result.match and not any("out of action" in n or "dead" in n for n in result.notes)


def test_an_option_still_open_shows_what_the_character_can_afford_after_the_picks() -> None:
    # Endure Harm's miss at 2 health: the additional -1 health brings health to 0 (one pick, the second choice opens)
    result = resolve(
        {
            "system": "starforged",
            "move": "Endure Harm",
            "character": {"health": 2},
            "options": {"amount": 1, "resist": True, "choose": ["additional_harm"]},
            "dice": [1, 9, 10],
        }
    )
    (opened,) = result.choices
    assert opened.id == "health_at_zero" and all(o.available for o in opened.options)
    assert any(n.startswith("After your pick: your health is 0") for n in result.notes)


def test_the_card_and_the_app_say_why_an_option_is_not_open_now() -> None:
    from assistant.narrate.facts import choice_lines
    from assistant.ui.components.suggestions import _option_text

    (choice,) = resolve({"system": "starforged", "move": "Advance", "character": {"xp": 2}}).choices
    new_asset, upgrade = choice.options
    why = "(not now: a new asset costs 3 experience; you don't have that much)"
    assert any(line.endswith(why) for line in choice_lines(choice))
    assert _option_text(new_asset).endswith(why) and _option_text(upgrade) == upgrade.label
