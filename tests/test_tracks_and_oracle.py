"""Progress tracks, legacy tracks, clocks, meters, tables and the yes/no oracle."""

from __future__ import annotations

import pytest

from assistant.engine.dice import DiceSource
from assistant.engine.errors import InputError
from assistant.engine.oracle import Odds, Table, TableRow, ask_yes_no, is_d100_match, roll_table
from assistant.engine.tracks import Clock, LegacyTrack, Meter, ProgressTrack, Rank


@pytest.mark.parametrize(
    ("rank", "ticks"), [("troublesome", 12), ("dangerous", 8), ("formidable", 4), ("extreme", 2), ("epic", 1)]
)
def test_mark_progress_per_rank(rank: str, ticks: int) -> None:
    assert ProgressTrack(rank=Rank.parse(rank)).mark().ticks == ticks


def test_progress_never_exceeds_40_ticks_and_score_counts_full_boxes() -> None:
    track = ProgressTrack(rank=Rank.TROUBLESOME).mark(5)
    assert track.ticks == 40 and track.score == 10
    assert ProgressTrack(rank=Rank.EPIC, ticks=7).score == 1


def test_clear_boxes_and_raise_rank() -> None:
    track = ProgressTrack(rank=Rank.DANGEROUS, ticks=26).clear_boxes(3)
    assert track.ticks == 14
    assert track.raise_rank().rank is Rank.FORMIDABLE
    assert ProgressTrack(rank=Rank.EPIC).raise_rank().rank is Rank.EPIC


def test_bad_tracks_are_input_errors() -> None:
    with pytest.raises(InputError):
        ProgressTrack(ticks=41)
    with pytest.raises(InputError):
        Rank.parse("legendary")


def test_legacy_xp_two_per_box_then_one_after_clearing() -> None:
    track, xp = LegacyTrack(ticks=2).mark_ticks(4)  # 2 -> 6 ticks fills box 1
    assert (track.ticks, xp) == (6, 2)
    full, xp = LegacyTrack(ticks=36).mark_ticks(8)  # fills the 10th box (2 xp), clears, then 1 more box (1 xp)
    assert full.cleared == 1 and full.ticks == 4 and xp == 3
    assert full.score == 10  # a cleared track resolves as 10 progress


def test_clock_fills_and_stays_in_bounds() -> None:
    clock = Clock(segments=4).fill(3)
    assert not clock.full
    assert clock.fill(5).filled == 4 and clock.fill(5).full
    with pytest.raises(InputError):
        Clock(segments=6, filled=7)


def test_meter_reports_overflow_below_minimum() -> None:
    health = Meter("health", 0, 5)
    assert health.apply(1, -3) == (0, 2)
    assert health.apply(4, +3) == (5, 0)
    assert Meter("momentum", -6, 10).apply(9, +2, maximum=8) == (8, 0)


TABLE = Table(id="t", name="T", rows=(TableRow(1, 50, "low"), TableRow(51, 90, "high"), TableRow(91, 100, "Roll twice", True)))


def test_table_rows_and_roll_twice() -> None:
    assert roll_table(TABLE, DiceSource(forced=[50])).text == "low"
    twice = roll_table(TABLE, DiceSource(forced=[95, 10, 60]))
    assert twice.rolls == [95, 10, 60] and [r.text for r in twice.rows] == ["low", "high"]


def test_roll_twice_recursion_is_bounded() -> None:
    result = roll_table(TABLE, DiceSource(forced=[99] * 40))
    assert len(result.rolls) <= 1 + 2 + 4 + 8


def test_table_must_cover_every_value() -> None:
    with pytest.raises(InputError):
        Table(id="gap", name="Gap", rows=(TableRow(1, 40, "a"), TableRow(42, 100, "b")))


def test_yes_no_oracle_and_matches() -> None:
    answer = ask_yes_no(DiceSource(forced=[75]), Odds.parse("likely").threshold)
    assert answer.yes and not answer.match
    assert not ask_yes_no(DiceSource(forced=[76]), 75).yes
    assert [v for v in range(1, 101) if is_d100_match(v)] == [11, 22, 33, 44, 55, 66, 77, 88, 99, 100]
    assert Odds.parse("Almost_Certain") is Odds.ALMOST_CERTAIN
    with pytest.raises(InputError):
        Odds.parse("maybe")
