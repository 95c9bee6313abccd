"""Round 22 of Blades downtime: a roll read by its die (``results_by_die`` in the moves' data) is told by its die
everywhere a player or the narrating model reads it. The story's list of such moves was kept by hand (4 moves) beside
the data (11): a resistance roll of 1-3 read "Your plan comes apart." (a resistance roll always resists; its die only
says the stress), and the model narrating a Reduce Heat of 1-3 was told "a bad outcome: you try, but it goes badly"
while the card said "1-3" and the sheet lost a heat."""

from __future__ import annotations

from typing import Any

import pytest

from assistant.engine import get_ruleset, resolve
from assistant.engine.model import Result
from assistant.narrate import NarrationRequest, TemplateNarrator
from assistant.narrate.outcome_tones import TONES
from assistant.narrate.story_facts import MEANINGS, story_facts
from assistant.store.state import move_summary
from assistant.ui.components.dice_card import dice_card_view

pytestmark = pytest.mark.usefixtures("hash_embedder")

#: Each move read by its die, as a player would make it (the options it needs).
MADE: dict[str, dict[str, Any]] = {
    "entanglements": {"stat": "wanted_level", "character": {"wanted_level": 2}},
    "questioning": {},
    "the_usual_suspects": {},
    "long_term_project": {"stat": "study", "options": {"project": "Research the ritual", "clock": 8}},
    "recover": {"stat": "quality", "options": {"quality": 2}, "character": {"harm": ["Broken arm (level 2)"]}},
    "reduce_heat": {"stat": "prowl", "character": {"heat": 5}},
    "indulge_vice": {"stat": "insight", "character": {"stress": 5}},
    "faction_clock": {"options": {"faction_tier": 2, "clock": {"name": "Take the docks", "segments": 8, "filled": 0}}},
    "learning_a_ritual": {"stat": "attune", "options": {"project": "Bind the ghost", "clock": 8}},
    "inventing": {"stat": "study", "options": {"project": "A silent pistol", "clock": 8}},
    "resistance_roll": {"stat": "insight"},
}
SUCCESS_WORDS = ("bad outcome", "partial success", "full success", "critical success", "it goes badly", "with a consequence")
FAILURE_TONES = {line for family in ("miss", "weak") for line in TONES[family]}


def test_every_move_the_data_reads_by_its_die_is_made_here() -> None:
    by_die = {m.id for m in get_ruleset("blades").moves if m.results_by_die}
    assert by_die == set(MADE), by_die ^ set(MADE)


def _made(move_id: str, faces: list[int]) -> Result:
    made = MADE[move_id]
    character = {"stats": {"study": 2, "prowl": 2, "attune": 2, "survey": 1}, **made.get("character", {})}
    request = {"system": "blades", "move": move_id, "dice": faces, **made, "character": character}
    return resolve(request)


@pytest.mark.parametrize("move_id", sorted(MADE))
@pytest.mark.parametrize("faces", [[2, 1], [5, 3], [6, 1]])
def test_a_roll_read_by_its_die_is_never_told_as_a_success_level(move_id: str, faces: list[int]) -> None:
    result = _made(move_id, faces)
    card = dice_card_view(result)
    assert card.outcome in ("", "1-3", "4/5", "6", "Critical") and card.outcome_key == "amount", (card.outcome, card.outcome_key)
    summary = move_summary(result.model_dump(mode="json"))
    assert not any(w in summary for w in SUCCESS_WORDS), summary
    told_to_the_model = story_facts([result], player_text="I do my downtime")
    assert not any(m in told_to_the_model for m in MEANINGS.values()), told_to_the_model
    assert "not a success or a failure" in told_to_the_model, told_to_the_model
    request = NarrationRequest(task="narrate", system="blades", player_text="I do my downtime", results=(result,))
    story = "".join(TemplateNarrator().stream(request))
    assert not any(w in story.lower() for w in SUCCESS_WORDS), story
    assert not any(line in story for line in FAILURE_TONES), story


def test_a_resistance_roll_of_1_to_3_is_not_told_as_a_plan_coming_apart() -> None:
    result = _made("resistance_roll", [2, 1])
    request = NarrationRequest(task="narrate", system="blades", player_text="I resist the beating", results=(result,))
    story = "".join(TemplateNarrator().stream(request))
    assert "Stress 0 → 4" in story, story
    assert not any(line in story for line in FAILURE_TONES), story


def test_a_roll_told_by_its_success_level_still_is() -> None:
    """The good text: an action roll is told by its level, on the card and to the model."""
    result = resolve(
        {"system": "blades", "move": "Action Roll", "stat": "prowl", "dice": [2, 1], "character": {"stats": {"prowl": 2}}}
    )
    assert dice_card_view(result).outcome.lower() == "bad outcome"
    assert MEANINGS["bad_outcome"] in story_facts([result], player_text="I sneak past the guard")
    assert "bad outcome" in move_summary(result.model_dump(mode="json"))


def test_a_prompt_that_says_any_number_is_not_told_so_twice() -> None:
    """Inventing's drawbacks read "(the GM chooses any number) (choose any number), your call"."""
    from assistant.engine.model import Choice
    from assistant.narrate.facts import choice_lines

    result = _made("inventing", [2, 1])
    drawbacks = next(c for c in result.choices if "drawbacks" in c.prompt.lower())
    head = choice_lines(drawbacks)[0]
    assert head.count("any number") == 1 and head.startswith("What drawbacks does this item have"), head
    plain = Choice.model_validate({**drawbacks.model_dump(), "prompt": "Pick the gear you carry"})
    assert choice_lines(plain)[0] == "Pick the gear you carry (choose any number), your call:"
