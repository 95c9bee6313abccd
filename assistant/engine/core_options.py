"""The request options the core understands for every system, the doors a follow-up may name, and the ``by:``
variants of effects the core computes: the vocabulary every ruleset's data may use without declaring it."""

from __future__ import annotations

from assistant.engine.schema import RequestOption

#: Options the core understands for every system (typed here, so no system declares them).
CORE_OPTIONS: dict[str, RequestOption] = {
    "choose": RequestOption(type="choose", help="ids of the options you pick from the result's choices"),
    "track": RequestOption(type="track", help='the progress track: {"name", "rank", "ticks"}'),
    "rank": RequestOption(type="rank", help="rank of the track (troublesome, dangerous, formidable, extreme, epic)"),
    "progress_ticks": RequestOption(type="int", min=0, max=40, help="ticks on the track (0-40)"),
    "progress_boxes": RequestOption(type="int", min=0, max=10, help="filled boxes on the track (0-10)"),
    "clock": RequestOption(type="clock", help='the clock: {"name", "segments", "filled"}'),
    "odds": RequestOption(type="odds", help="the odds: small chance, unlikely, 50/50, likely or almost certain"),
    "target": RequestOption(
        type="text",
        help="who the move is aimed at: another character or combatant (the one playing stays the same)",
    ),
    "automatic": RequestOption(
        type="one_of",
        values=["strong_hit", "weak_hit", "miss"],
        help="resolve the move with this outcome instead of rolling, when another move says so (an automatic strong hit)",
    ),
}
#: The options of progress tracks, which every move of a system with progress moves takes.
TRACK_OPTIONS = ("track", "rank", "progress_ticks", "progress_boxes")
#: The doors a follow-up may name as its move (``meter:health`` with ``options: {delta: 1}``; see ``doors``).
DOOR_KINDS = frozenset({"meter", "impact", "progress", "clock"})
#: ``by:`` variants of effects that the core computes.
CORE_VARIANTS: dict[str, str] = {
    "lowest_challenge_die": "clear_progress: roll both challenge dice anew and clear the lower value in boxes",
    "rank_unit": "clear_progress: clear one unit of progress per the track's rank (options.amount units if the move takes it)",
    "all_but_one_box": "clear_progress: clear all but one filled box",
    "half_boxes": "clear_progress: clear half the filled boxes",
}
