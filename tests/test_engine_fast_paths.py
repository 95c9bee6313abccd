"""The engine's fast paths give exactly what the slow ones gave: a Result built without validating its
values again, a character copied without ``copy.deepcopy``, the options of a move worked out once, dice
records shared per distinct die, move names found once."""

from __future__ import annotations

import copy
import random

import pytest

from assistant.engine import InputError, Result, UnknownNameError, get_ruleset, resolve
from assistant.engine.dice import Die
from assistant.engine.model import DieRecord
from assistant.engine.safe_json import copy_value

REQUESTS = [
    {"system": "starforged", "move": "Face Danger", "stat": "edge", "character": {"momentum": 5}, "options": {"burn": True}},
    {"system": "elegy", "move": "Face Danger", "stat": "heart", "character": {"focus": -3}},
    {"system": "city", "move": "Get Something", "options": {"advantage": True}},
    {"system": "blades", "move": "Fortune Roll", "options": {"dice": 3}},
    {"system": "dungeon-world", "move": "Hack & Slash", "stat": "str"},
]


@pytest.mark.parametrize("request_", REQUESTS)
def test_a_result_equals_the_same_result_validated(request_: dict) -> None:
    result = resolve(request_, rng=random.Random(7))
    validated = Result.model_validate(result.model_dump())
    assert result == validated and validated == result
    assert result.to_json() == validated.to_json()
    assert result.model_copy(update={"text": "changed"}).text == "changed"


def test_a_copied_sheet_equals_a_deep_copy_and_shares_nothing_that_can_change() -> None:
    sheet = {"stats": {"edge": 2}, "impacts": ["wounded"], "legacy": {"quests": {"ticks": 4}}, "name": "Kira", "x": 1.5}
    copied = copy_value(sheet)
    assert copied == copy.deepcopy(sheet)
    copied["stats"]["edge"] = 3
    copied["impacts"].append("shaken")
    copied["legacy"]["quests"]["ticks"] = 8
    assert sheet == {"stats": {"edge": 2}, "impacts": ["wounded"], "legacy": {"quests": {"ticks": 4}}, "name": "Kira", "x": 1.5}


def test_a_moves_options_are_worked_out_once() -> None:
    ruleset = get_ruleset("starforged")
    move = ruleset.find_move("Face Danger")
    assert ruleset.options_for(move) is ruleset.options_for(move)
    assert "burn" in ruleset.options_for(move)


def test_a_move_with_a_required_option_asks_for_it_even_with_no_options_given() -> None:
    with pytest.raises(InputError) as err:
        resolve({"system": "starforged", "move": "Repair", "stat": "wits"}, rng=random.Random(1))
    assert err.value.missing == "situation"


@pytest.mark.parametrize("system", ["starforged", "elegy", "blades", "city", "dungeon-world"])
def test_the_options_read_on_every_roll_are_those_of_the_move(system: str) -> None:
    ruleset = get_ruleset(system)
    for move in ruleset.moves:
        known = ruleset.options_for(move)
        assert ruleset.options_adding(move) == tuple((n, s) for n, s in known.items() if s.adds or s.adds_by_value)
        assert ruleset.options_on_hit(move) == tuple((n, s) for n, s in known.items() if s.on_hit)
        assert ruleset.options_required(move) == any(s.required for s in known.values())


def test_a_move_name_found_once_is_found_again_and_a_wrong_one_still_refused() -> None:
    ruleset = get_ruleset("starforged")
    assert ruleset.find_move("face  DANGER!") is ruleset.find_move("face  DANGER!") is ruleset.find_move("Face Danger")
    with pytest.raises(UnknownNameError):
        ruleset.find_move("Face Dangerously Often")


def test_dice_records_are_shared_per_die_and_equal_to_new_ones() -> None:
    die = Die(6, 4, "action")
    assert DieRecord.of(die) is DieRecord.of(Die(6, 4, "action"))
    assert DieRecord.of(die) == DieRecord(sides=6, value=4, role="action")
    assert DieRecord.of(die.but(cancelled=True)).cancelled


def test_a_normalised_character_shares_nothing_that_can_change_with_the_request() -> None:
    sheet = get_ruleset("starforged").sheet
    given = {"stats": {"edge": 3}, "legacy": {"quests": {"ticks": 4, "cleared": 0}}, "notes": [["a"]], "impacts": ["wounded"]}
    snapshot = copy.deepcopy(given)
    out = sheet.normalize(given)
    out["stats"]["edge"] = 1
    out["legacy"]["quests"]["ticks"] = 8
    out["notes"][0].append("b")
    assert given == snapshot
    again = sheet.normalize({})
    again["legacy"]["bonds"]["ticks"] = 12
    assert sheet.normalize({})["legacy"]["bonds"]["ticks"] == 0


def test_a_character_normalised_again_reads_the_same_and_shares_nothing() -> None:
    sheet = get_ruleset("starforged").sheet
    given = {"stats": {"edge": 3}, "legacy": {"quests": {"ticks": 4, "cleared": 0}}, "notes": [["a"]], "momentum": 4}
    first, first_before = sheet.normalized_pair(given)
    assert first == first_before == sheet.normalize(given)
    first["legacy"]["quests"]["ticks"] = 8
    first_before["notes"][0].append("b")
    second, second_before = sheet.normalized_pair(given)
    assert second == second_before == sheet.normalize(given)
    assert second["legacy"]["quests"]["ticks"] == 4 and second["notes"] == [["a"]]
    assert second is not second_before and second["stats"] is not second_before["stats"]


def test_a_character_that_only_looks_equal_to_one_normalised_before_is_checked_again() -> None:
    sheet = get_ruleset("starforged").sheet
    given: dict = {"stats": {"edge": 1}}
    sheet.normalized_pair(given)
    given["stats"]["edge"] = True  # == 1 in Python, but not a whole number
    with pytest.raises(InputError, match="edge"):
        sheet.normalized_pair(given)
    with pytest.raises(InputError, match="edge"):
        sheet.normalized_pair({"stats": {"edge": 1.0}})


def test_a_character_json_cannot_hold_exactly_is_copied_all_the_same() -> None:
    sheet = get_ruleset("starforged").sheet
    given = {"notes": [float("nan"), (1, 2)], "name": "Kira"}
    for _ in range(2):
        out, before = sheet.normalized_pair(given)
        assert out["notes"][1] == (1, 2) and isinstance(out["notes"][1], tuple)
        assert out["notes"][0] != out["notes"][0]  # still NaN, not None
        assert out["notes"] is not before["notes"]


def test_dice_drawn_inline_are_the_faces_randrange_gives() -> None:
    from assistant.engine.dice import DiceSource

    for seed in range(5):
        source, reference = DiceSource(rng=random.Random(seed)), random.Random(seed)
        for sides in [*range(1, 21), 100, 6, 10, 6, 10]:
            assert source.roll(sides).value == reference.randrange(sides) + 1


def test_a_random_of_its_own_kind_still_draws_through_its_randrange() -> None:
    from assistant.engine.dice import DiceSource

    class Loaded(random.Random):
        def randrange(self, *args: object, **kwargs: object) -> int:  # type: ignore[override]
            return 0

    patched = random.Random(3)
    patched.randrange = lambda *args, **kwargs: 4  # type: ignore[method-assign]
    assert [DiceSource(rng=Loaded(1)).roll(10).value for _ in range(3)] == [1, 1, 1]
    assert DiceSource(rng=patched).roll(10).value == 5


def test_a_follow_up_handed_out_twice_shares_nothing_that_can_change() -> None:
    request = {"system": "starforged", "move": "Face Danger", "stat": "edge", "dice": [1, 9, 9]}  # a miss: Pay the Price
    first, second = resolve(request), resolve(request)
    assert first.follow_ups == second.follow_ups and first.follow_ups[0].request
    assert first.follow_ups[0].request is not second.follow_ups[0].request
    first.follow_ups[0].request["options"] = {"changed": True}
    assert resolve(request).follow_ups == second.follow_ups
    assert Result.model_validate(second.model_dump()) == second


def test_dice_drawn_together_are_those_drawn_one_by_one() -> None:
    from assistant.engine.dice import DiceSource

    dice = [(6, "action"), (10, "challenge"), (10, "challenge"), (100, "oracle"), (1, "")]
    for seed in range(5):
        together, one_by_one = DiceSource(rng=random.Random(seed)), DiceSource(rng=random.Random(seed))
        drawn = together.roll_each(dice)
        assert drawn == [one_by_one.roll(sides, role) for sides, role in dice]
        assert together.rolled == one_by_one.rolled == drawn
    forced = DiceSource(forced=[6, 3, 9])
    assert [d.value for d in forced.roll_each(dice[:3])] == [6, 3, 9]
    assert all(d.forced for d in forced.rolled)


def test_a_sheet_copied_by_its_shape_equals_copy_value_and_shares_nothing_that_can_change() -> None:
    from assistant.engine.sheet_copy import copier

    sheet = {
        "stats": {"edge": 2},
        "impacts": ["wounded"],
        "legacy": {"quests": {"ticks": 4, "cleared": 0}, "bonds": {"ticks": 0, "cleared": 1}},
        "assets": [{"name": "Starship", "abilities": [True, False]}],
        "odd": (1, 2),
        "name": "Kira",
        "x": 1.5,
        "position": None,
    }
    kept = copy.deepcopy(sheet)
    copy_sheet = copier(sheet)
    copied = copy_sheet(sheet)
    assert copied == copy_value(sheet) and list(copied) == list(sheet)
    assert [type(v) for v in copied.values()] == [type(v) for v in sheet.values()]
    copied["stats"]["edge"] = 3
    copied["impacts"].append("shaken")
    copied["legacy"]["quests"]["ticks"] = 8
    copied["assets"][0]["abilities"].append(True)
    assert sheet == kept
    assert copier(kept) is copy_sheet  # one function per shape


def test_a_character_with_a_move_that_changes_it_leaves_the_next_resolution_alone() -> None:
    request = {"system": "starforged", "move": "Face Danger", "stat": "edge", "dice": [6, 1, 1], "character": {"momentum": 2}}
    first = resolve(request)
    edge = first.character["stats"]["edge"]
    assert first.character["momentum"] == 3 and first.character_before["momentum"] == 2
    first.character["stats"]["edge"] = edge + 1
    first.character_before["impacts"].append("wounded")
    again = resolve(request)
    assert again.character == resolve(request).character and again.character["stats"]["edge"] == edge
    assert again.character_before["impacts"] == []


def test_a_fresh_working_state_equals_the_one_its_constructor_builds() -> None:
    import dataclasses

    from assistant.engine import Request
    from assistant.engine.context import Resolution
    from assistant.engine.dice import DiceSource

    ruleset = get_ruleset("starforged")
    move = ruleset.find_move("Face Danger")
    request = Request(system="starforged", move="Face Danger", adds=2, options={"burn": True})
    source, character, before = DiceSource(rng=random.Random(1)), {"momentum": 2}, {"momentum": 2}
    fresh = Resolution.fresh(ruleset, request, move, character, source, before)
    built = Resolution(
        ruleset=ruleset, request=request, move=move, character=character, source=source, before=before, adds=request.adds
    )
    for field in dataclasses.fields(Resolution):
        assert getattr(fresh, field.name) == getattr(built, field.name), field.name
    assert fresh.options is not request.options and fresh.effects is not built.effects


def test_a_result_the_engine_builds_gives_every_field() -> None:
    result = resolve({"system": "starforged", "move": "Face Danger", "stat": "iron"}, rng=random.Random(3))
    assert set(result.__dict__) == set(Result.model_fields) == result.model_fields_set


@pytest.mark.parametrize("system", ["starforged", "elegy", "blades", "city", "dungeon-world"])
def test_a_moves_plan_reads_what_its_data_says(system: str) -> None:
    from assistant.engine.outcomes import Outcome
    from assistant.engine.plans import outcome_key

    ruleset = get_ruleset(system)
    for move in ruleset.moves:
        plan = ruleset.plan(move)
        assert plan is ruleset.plan(move) and plan.kind == move.roll.type
        assert plan.options_required == ruleset.options_required(move)
        for outcome in Outcome:
            for match in (False, True):
                reading = plan.reading(outcome, match)
                spec = move.outcomes.get(outcome_key(move, outcome, match) or "")
                assert reading.spec is spec
                assert list(reading.choices) == [*move.choices, *(spec.choices if spec else [])]
                assert list(reading.follow_ups) == [*move.follow_ups, *(spec.follow_ups if spec else [])]


def test_starforged_after_roll_and_finish_change_nothing_for_the_moves_they_skip() -> None:
    from assistant.engine import Request
    from assistant.engine.resolution import open_resolution

    ruleset = get_ruleset("starforged")
    assert ruleset.after_roll_moves is not None and ruleset.finish_moves is not None
    for move in ruleset.moves:
        for hook, moves in ((ruleset.after_roll, ruleset.after_roll_moves), (ruleset.finish, ruleset.finish_moves)):
            if move.id in moves:
                continue
            request = Request(system="starforged", move=move.id, options={"quest_boxes": 4, "segments": 6})
            ctx = open_resolution(ruleset, request, move, random.Random(1))
            before = (copy.deepcopy(ctx.character), list(ctx.notes), list(ctx.effects), list(ctx.follow_ups), ctx.outcome)
            hook(ctx)
            assert (ctx.character, ctx.notes, ctx.effects, ctx.follow_ups, ctx.outcome) == before, (move.id, hook)
