"""The engine's opening before a model's sentence, from a Dungeon World duel and a Starforged cantina played with a
real model: "vesna braces behind her shield and defends garruk's next swing" (typed while playing Vesna) opened "You
turn your attention to vesna braces …", and "A bounty hunter in scarred red armor steps out of the smoke … and draws on
me" opened "Your attention turns to a bounty hunter … draws on you": both are sentences about someone acting, told as
the player put them."""

from __future__ import annotations

import random

import pytest

from assistant.engine import resolve
from assistant.narrate.line_grammar import Shape, shape
from assistant.narrate.request import NarrationRequest
from assistant.narrate.story_facts import move_opening


def _request(text: str, system: str, move: str, stat: str, character: dict) -> NarrationRequest:
    dice = [5, 5] if system == "dungeon-world" else [4, 5, 5]  # 2d6; an action die and two challenge dice
    result = resolve({"system": system, "move": move, "stat": stat, "dice": dice}, rng=random.Random(1))
    return NarrationRequest(task="narrate", system=system, player_text=text, results=(result,), character=character)


def test_the_one_playing_named_in_lower_case_opens_as_a_name_acting() -> None:
    said = "vesna braces behind her shield and defends garruk's next swing"
    request = _request(said, "dungeon-world", "defend", "con", {"name": "Vesna", "con": 1})
    opening = move_opening(request)
    assert opening.startswith("Vesna braces behind her shield and defends garruk's next swing."), opening


@pytest.mark.parametrize(
    "said",
    [
        "A bounty hunter in scarred red armor steps out of the smoke in the cantina and draws on me",
        "a crate of supplies falls out of the hold",
        "the stack of bones clatters down",
    ],
)
def test_a_long_subject_then_its_verb_is_a_sentence(said: str) -> None:
    assert shape(said)[0] is Shape.CLAUSE


@pytest.mark.parametrize("said", ["a knife with a bone handle", "the keys to the vault", "the vault"])
def test_a_noun_phrase_is_still_a_phrase(said: str) -> None:
    assert shape(said)[0] is Shape.PHRASE


def test_the_bounty_hunter_opens_as_the_player_put_it() -> None:
    said = "A bounty hunter in scarred red armor steps out of the smoke in the cantina and draws on me"
    request = _request(said, "starforged", "enter_the_fray", "wits", {"name": "Kai", "wits": 1})
    opening = move_opening(request)
    assert opening.startswith("A bounty hunter in scarred red armor steps out of the smoke in the cantina and draws on you."), (
        opening
    )
