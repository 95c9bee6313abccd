"""Dice sources and free notation."""

from __future__ import annotations

import random

import pytest

from assistant.engine.dice import DiceSource
from assistant.engine.errors import DiceError
from assistant.engine.notation import roll_notation


def test_forced_faces_are_used_in_order_and_never_topped_up_from_the_rng() -> None:
    src = DiceSource(rng=random.Random(5), forced=[6, 3])
    assert [src.roll(6).value, src.roll(10).value] == [6, 3]
    with pytest.raises(DiceError, match="give all of its dice or none"):
        src.roll(10)  # all of a roll's dice or none: a third die is not rolled at random
    assert [d.forced for d in src.rolled] == [True, True]


def test_unforced_source_rolls_from_its_rng() -> None:
    src = DiceSource(rng=random.Random(5))
    assert all(1 <= src.roll(10).value <= 10 for _ in range(20))
    assert not any(d.forced for d in src.rolled)


def test_forced_face_out_of_range_is_rejected() -> None:
    with pytest.raises(DiceError, match="d6"):
        DiceSource(forced=[7]).roll(6)


def test_seeded_rng_is_reproducible() -> None:
    a = [DiceSource(rng=random.Random(42)).roll(10).value for _ in range(3)]
    b = [DiceSource(rng=random.Random(42)).roll(10).value for _ in range(3)]
    assert a == b


def test_extra_forced_dice_are_an_error() -> None:
    src = DiceSource(forced=[1, 2, 3])
    src.roll(6)
    with pytest.raises(DiceError, match="extra 2"):
        src.check_all_forced_used()


def test_non_integer_forced_dice_rejected() -> None:
    with pytest.raises(DiceError):
        DiceSource(forced=["4"])  # type: ignore[list-item]


@pytest.mark.parametrize(
    ("expr", "forced", "total", "kept"),
    [
        ("2d6+1", [3, 4], 8, [True, True]),
        ("3d6kh2", [1, 4, 5], 9, [False, True, True]),
        ("3d6kl2", [1, 4, 5], 5, [True, True, False]),
        ("1d10-1", [1], 0, [True]),
        ("1d4+1d6", [2, 6], 8, [True, True]),
    ],
)
def test_notation_with_forced_dice(expr: str, forced: list[int], total: int, kept: list[bool]) -> None:
    roll = roll_notation(expr, DiceSource(forced=forced))
    assert roll.total == total
    assert [d.value for d in roll.dice] == forced
    assert [d.kept for d in roll.dice] == kept


def test_notation_reroll_marks_the_replaced_die() -> None:
    roll = roll_notation("1d6ro1", DiceSource(forced=[1, 5]))
    assert roll.total == 5
    assert [(d.value, d.kept, d.rerolled) for d in roll.dice] == [(1, False, True), (5, True, False)]


def test_notation_uses_injected_rng_only() -> None:
    first = roll_notation("4d6", rng=random.Random(9)).total
    assert first == roll_notation("4d6", rng=random.Random(9)).total


@pytest.mark.parametrize("bad", ["", "2d", "banana", "1d6+", "9999d6"])
def test_bad_notation_is_our_error(bad: str) -> None:
    with pytest.raises(DiceError):
        roll_notation(bad, rng=random.Random(0))


@pytest.mark.parametrize(
    "request_",
    [
        {"system": "city", "move": "roll:2d6+1", "dice": [4]},  # a notation roll with one of its two dice
        {"system": "starforged", "move": "Pay the Price", "dice": [99]},  # "roll twice" needs two more
        {  # Recommit rolls two challenge dice after the progress roll's two
            "system": "starforged",
            "move": "Fulfill Your Vow",
            "options": {"track": {"rank": "formidable", "ticks": 8}, "choose": ["recommit"]},
            "dice": [9, 10],
        },
    ],
)
def test_some_of_a_rolls_dice_are_refused_never_topped_up(request_: dict[str, object]) -> None:
    from assistant.engine import resolve

    with pytest.raises(DiceError, match="all of its dice or none"):
        resolve(request_, rng=random.Random(1))


def test_all_of_a_rolls_dice_are_used_in_order() -> None:
    from assistant.engine import resolve

    result = resolve({"system": "starforged", "move": "Pay the Price", "dice": [99, 51, 3]})
    assert result.dice == [99, 51, 3]
    recommit = resolve(
        {
            "system": "starforged",
            "move": "Fulfill Your Vow",
            "options": {"track": {"rank": "formidable", "ticks": 8}, "choose": ["recommit"]},
            "dice": [9, 10, 4, 2],
        }
    )
    assert recommit.dice == [9, 10, 4, 2] and recommit.track is not None and recommit.track["rank"] == "extreme"
