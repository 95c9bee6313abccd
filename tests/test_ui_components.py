"""The app's pure rendering pieces: tracks, clocks, the dice card, odds, the sheet helpers."""

from __future__ import annotations

import re
from typing import Any

from assistant.chat.session import yes_chance
from assistant.engine import resolve
from assistant.ui.components.clocks import clock_svg
from assistant.ui.components.dice_card import dice_card_view
from assistant.ui.components.sheet import group_fields, meter_fraction
from assistant.ui.components.suggestions import odds_percentages, odds_text
from assistant.ui.components.tracks import track_caption, track_svg
from assistant.ui.views.settings import redact_url


def test_a_track_is_ten_boxes_with_ticks_four_to_a_box() -> None:
    svg = track_svg(14)  # three full boxes and two ticks
    assert svg.count('class="box"') == 10
    assert svg.count("<line") == 3 * 4 + 2
    assert "3 of 10 boxes" in svg
    assert track_svg(99).count("<line") == 40  # clamped to a full track
    assert track_svg(-3).count("<line") == 0


def test_a_track_s_caption_names_its_kind_in_words() -> None:
    """A fight's track read "formidable · combat · 0 boxes" under the sidebar's "Start a track", which says fight."""
    caption = track_caption({"rank": "formidable", "kind": "combat", "ticks": 6})
    assert caption == "formidable · fight · 1 box + 2 ticks"
    assert track_caption({"rank": "dangerous", "kind": "vow", "ticks": 0}) == "dangerous · vow · 0 boxes"


def test_a_clock_is_a_circle_of_segments_with_the_filled_ones_shaded() -> None:
    svg = clock_svg(6, 2, title="Alarm")
    assert svg.count('class="segment"') == 6
    assert svg.count("#bf616a") == 2
    assert "Alarm: 2 of 6" in svg
    assert clock_svg(4, 9).count("#bf616a") == 4


def test_dice_card_marks_cancelled_dice_and_shows_score_outcome_and_citation() -> None:
    result = resolve(
        {"system": "starforged", "move": "Face Danger", "stat": "edge", "character": {"momentum": -4}, "dice": [4, 2, 9]}
    )
    view = dice_card_view(result)
    assert view.outcome == "Weak hit"
    assert view.score_line == "Action score 3 (4 cancelled + edge 3) vs 2 · 9"
    assert "cancelled" in view.dice_html and view.dice_html.count('class="die') == 3
    assert "Make a suffer move (-1)" in view.next_steps
    assert view.move_text.startswith("When you attempt something risky")
    assert view.citations and view.citations[0].startswith("starforged › Face Danger (starforged.txt:L")


def test_dice_card_marks_dropped_dice_of_free_notation_and_match() -> None:
    view = dice_card_view(resolve({"system": "starforged", "move": "roll:4d6kh3", "dice": [2, 5, 5, 1]}))
    assert "dropped" in view.dice_html and view.score_line == "Total 12"
    match = dice_card_view(resolve({"system": "starforged", "move": "Face Danger", "stat": "wits", "dice": [6, 3, 3]}))
    assert match.match and "match" in match.plain_text()


def test_odds_read_both_shapes_in_a_fixed_order() -> None:
    as_percent = {"outcomes": {"miss": 23.17, "strong_hit": 33.17, "weak_hit": 43.67}, "match": 10.0}
    assert list(odds_percentages(as_percent)) == ["strong_hit", "weak_hit", "miss"]
    assert odds_text(as_percent) == "strong 33% · weak 44% · miss 23%"
    assert odds_percentages({"yes": 0.75, "no": 0.25}) == {"yes": 75.0, "no": 25.0}
    assert odds_text(None) == "odds unknown for this move"
    assert odds_text(None, rolled=False) == "no roll: the move just happens"
    assert yes_chance("starforged", "likely") == 75.0 and yes_chance("starforged", "small chance") == 10.0
    assert yes_chance("elegy", "likely") == 75.0  # Elegy says yes on 26 or greater: the same chance, read upward
    assert yes_chance("blades", "likely") is None  # no yes/no oracle in the Blades downtime rules


def test_sheet_helpers_place_meters_and_groups() -> None:
    assert meter_fraction(2, -6, 10) == 0.5 and meter_fraction(20, 0, 5) == 1.0
    crew = group_fields("blades", {"tier": 1, "heat": 3, "wanted_level": 0, "stress": 2})
    assert crew == {"Crew": ["tier", "heat", "wanted_level"]}
    assert group_fields("dungeon-world", {"hp": 8, "armor": 1})["Combat"] == ["hp", "armor"]


def test_a_url_with_credentials_is_shown_without_them() -> None:
    shown = redact_url("https://user:hunter2@llm.example:8443/v1?key=abc")
    assert shown == "https://llm.example:8443/v1"
    assert not re.search("hunter2|abc", shown)


def test_list_fields_read_as_short_lines_and_own_maximums_win() -> None:
    from assistant.ui.components.sheet import item_text, meter_max

    assert item_text({"text": "The Duke lies", "marked": True, "proven_wrong": False}) == "The Duke lies (marked)"
    assert item_text({"name": "Smuggling ring", "productivity": 1}) == "Smuggling ring (productivity 1)"
    assert item_text("a plain belief") == "a plain belief"
    assert meter_max("hp", {"hp": 18, "max_hp": 22}, 99) == 22
    assert meter_max("health", {"health": 5}, 5) == 5


def test_the_transcript_groups_a_turn_into_one_bubble_with_its_narration() -> None:
    from assistant.chat.session import ChatSession
    from assistant.store import service
    from assistant.ui.components.transcript import group_turns

    service.create_campaign("Bubbles", "starforged", seed=5)
    session = ChatSession.open("Bubbles")
    turn = session.send("I sprint across the collapsing catwalk")
    session.confirm(turn.suggestions[0])
    session.undo()
    turns = group_turns(service.campaign_events("Bubbles"))
    assert [t.player for t in turns] == ["I sprint across the collapsing catwalk"]
    parts = turns[0].parts
    moves = [p for p in parts if p.kind == "move"]
    assert len(moves) == 1 and moves[0].undone and moves[0].text  # the card carries its own narration
    notes = [p.text for p in parts if p.kind == "note"]
    assert notes == [f"↩ Undone: {moves[0].result['move']}"]  # in words: no event numbers


def test_burn_is_offered_only_where_the_system_burns_and_names_its_meter() -> None:
    from assistant.ui.components.suggestions import burn_meter

    assert burn_meter("starforged") == "momentum"
    assert burn_meter("elegy") == "focus"
    assert [burn_meter(s) for s in ("blades", "city", "dungeon-world")] == [None, None, None]


def test_score_lines_add_up_in_every_system_s_words() -> None:
    from assistant.engine import resolve

    def line(request: dict[str, Any]) -> str:
        return dice_card_view(resolve(request)).score_line

    # Elegy has no action die: the score is the stat (and adds) alone
    assert line({"system": "elegy", "move": "Action Roll", "stat": "dexterity", "dice": [3, 9]}) == (
        "Action score 2 (dexterity 2) vs 3 · 9"
    )
    burned = {"system": "starforged", "move": "Strike", "stat": "iron", "character": {"momentum": 10},
              "options": {"burn": True, "in_control": True}, "dice": [4, 9, 9]}  # fmt: skip
    assert line(burned) == "Momentum 10 burned in place of the action score 6 vs 9 · 9"
    capped = {"system": "starforged", "move": "Face Danger", "stat": "edge", "character": {"stats": {"edge": 5}},
              "adds": 5, "dice": [6, 9, 9]}  # fmt: skip
    assert line(capped) == "Action score 10 (capped at 10) (6 + edge 5 + adds 5) vs 9 · 9"


def test_changes_are_in_words() -> None:
    from assistant.engine import resolve

    view = dice_card_view(resolve({"system": "starforged", "move": "Enter the Fray", "stat": "wits", "dice": [1, 9, 9]}))
    assert "Position: bad spot — miss" in view.changes  # newly set: no "none →"
    assert not any("none" in c for c in view.changes)
    assert not any("_" in c for c in view.changes)
    lose = dice_card_view(resolve({"system": "starforged", "move": "Lose Momentum", "options": {"amount": 2}}))
    assert lose.changes and not any("none" in c for c in lose.changes)  # "Lose Momentum: none" said as the move


def test_a_meter_below_zero_is_drawn_from_its_true_minimum() -> None:
    from assistant.ui.components.sheet import meter_text

    assert meter_fraction(2, -6, 10) == 0.5 and meter_text("momentum", 2, -6, 10) == "Momentum: +2 (from -6 to +10)"
    assert meter_text("health", 3, 0, 5) == "Health: 3 / 5"


def test_a_change_that_changed_nothing_is_not_drawn_as_one() -> None:
    from assistant.engine import resolve

    view = dice_card_view(resolve({"system": "blades", "move": "Heat", "options": {"exposure": "smooth"}}))
    assert any(c.startswith("Heat: no change (still 0)") for c in view.changes), view.changes
    assert not any("0 → 0" in c for c in view.changes)


def test_an_open_choice_that_already_says_choose_is_not_said_twice() -> None:
    feed = resolve({"system": "elegy", "move": "Feed", "stat": "heart", "dice": [1, 8]})
    steps = dice_card_view(feed).next_steps
    assert feed.choices and "Choose one" in steps and not any(s.startswith("Choose: Choose") for s in steps), steps
