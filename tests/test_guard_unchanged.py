"""A change the engine made told as no change, a clock told as full that is not, and harm or a loss the engine did not
deal are state contradictions; the same words pass where they are true."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration

RISK_MISS = {"system": "city", "move": "Take a Big Risk", "stat": "sway", "character": {"stats": {"sway": 2}}, "dice": [1, 2]}
VOLLEY = {"system": "dungeon-world", "move": "Volley", "character": {"stats": {"dex": 2}}, "dice": [6, 4]}
LTP_CRIT = {"system": "blades", "move": "Long-Term Project", "stat": "study", "character": {"stats": {"study": 2}},
            "options": {"clock": {"segments": 8, "filled": 2}}, "dice": [6, 6]}  # fmt: skip
LTP_FULL = {**LTP_CRIT, "options": {"clock": {"segments": 8, "filled": 4}}}
FDS = {"system": "starforged", "move": "Face Danger", "stat": "edge", "dice": [6, 2, 3]}
FDM = {"system": "starforged", "move": "Face Danger", "stat": "edge", "dice": [1, 7, 8]}
HARM = {"system": "starforged", "move": "Endure Harm", "character": {"health": 5}, "options": {"amount": 2}}
FRAY = {"system": "starforged", "move": "Enter the Fray", "stat": "heart", "dice": [4, 7, 5]}  # a weak hit, no harm
STALK_MISS = {"system": "elegy", "move": "Face Danger", "stat": "dexterity", "dice": [3, 9]}  # Pay the Price next


def kinds(text: str, request: dict) -> set[str]:
    return {v.kind.value for v in check_narration(text, [resolve(request)])}


@pytest.mark.parametrize(
    ("request_", "text"),
    [
        (RISK_MISS, "You try to talk down the Enforcer. You fail, but you keep your heat where it was."),
        (RISK_MISS, "It goes badly, though your heat stays the same."),
        (VOLLEY, "You loose an arrow across the ravine. A hit, and you still have all five arrows."),
        (VOLLEY, "The shot flies true and you spend no ammo."),
        (LTP_CRIT, "A critical in the archive: the project clock fills completely."),
        (FDM, "You try to sneak past but the guards spot you. They shoot you in the back and you fall to the ground."),
        (FDM, "The hatch jams and you are badly wounded by the blast."),
        (FDM, "You shoot at the raider. The vibroblade flashes and you get hit."),
        (FRAY, "The raider lunges at you. You feel the pain in your arm as it slices into your flesh."),
        (STALK_MISS, "The priest is already gone, and you are left with nothing but a broken cloak."),
        (FDM, "The hatch jams and your scanner shatters against the bulkhead."),
    ],
)
def test_a_change_told_as_none_or_a_clock_told_as_full_is_caught(request_: dict, text: str) -> None:
    assert "state" in kinds(text, request_)


@pytest.mark.parametrize(
    ("request_", "text"),
    [
        (FDS, "You slip through and keep your heat where it was."),  # Starforged has no heat; nothing changed it
        (VOLLEY, "If you keep your arrows, you can shoot again."),
        (LTP_FULL, "A critical in the archive: the project clock fills completely."),  # 4 + 5 fills 8
        (RISK_MISS, "You keep your head down and the heat rises."),
        (HARM, "The raider's shot finds you; you are wounded and stagger back."),  # the engine dealt the harm
        (FDM, "The guards would shoot you if they saw you, and the hatch jams."),  # only a supposition
        (HARM, "You feel the pain in your arm as the blade slices into your flesh."),  # the engine dealt the harm
        (FRAY, "Your blade slices into the raider's coat."),  # the foe's, not yours
        (STALK_MISS, "The priest is already gone, and you are left with nothing but the rain."),
        # a 1.5B's miss (held-out set 12, labelled good): a stick is nothing the character carries
        (STALK_MISS, "It falls apart in your hands, and you are left with nothing but a broken stick."),
        (FDM, "The hatch jams; your scanner could shatter if you push it."),  # only a supposition
    ],
)
def test_the_same_words_pass_where_they_are_true(request_: dict, text: str) -> None:
    assert "state" not in kinds(text, request_)


def test_the_players_own_words_told_back_are_not_a_claim_and_a_negative_value_keeps_its_sign() -> None:
    """The offline narration frames the player's words ("... so you take heat off the crew") on a Reduce Heat that
    left heat at 0: the words are the player's, not a claim. "Momentum stays at -6" is true at -6."""
    from assistant.narrate import NarrationRequest, TemplateNarrator

    reduce = resolve({"system": "blades", "move": "Reduce Heat", "stat": "consort", "character": {"stats": {"consort": 2}},
                      "dice": [5, 3]})  # fmt: skip
    intent = "I bribe the watch captain so we take heat off the crew"
    told = TemplateNarrator().narrate(NarrationRequest(task="narrate", system="blades", player_text=intent, results=(reduce,)))
    assert "so you take heat off the crew" in told and check_narration(told, [reduce], intent=intent) == []
    assert "state" in {v.kind.value for v in check_narration("Your heat rises by 2.", [reduce], intent=intent)}
    low = resolve(
        {"system": "starforged", "move": "Face Danger", "stat": "edge", "character": {"momentum": -6}, "dice": [3, 9, 9]}
    )
    assert check_narration("Momentum stays at -6.", [low]) == []
    assert "state" in {v.kind.value for v in check_narration("Momentum stays at 6.", [low])}
