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
from assistant.narrate.opening import frame
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
    told = frame(said, random.Random(1))
    assert told.startswith(said[:1].upper() + said[1:].replace(" me", " you")), told


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


def test_an_opening_that_tells_the_player_s_words_back_is_not_read_as_the_model_s_claim(monkeypatch) -> None:
    # Run DK: "I take decisive action and put him down for good" on a weak hit opened "You make your move to take
    # decisive action and put him down for good."; read with the player's words blanked ("You make your move to .") it
    # shared "make" and "move" with the open pick "Make a suffer move (-2)" and every draft of the turn was rejected.
    from assistant.guard import check_narration, prepare

    monkeypatch.setenv("TABLETOP_EMBEDDER", "hash")
    intent = "I take decisive action and put him down for good"
    opening = "You make your move to take decisive action and put him down for good."
    fight = {"name": "The bounty hunter", "rank": "dangerous", "ticks": 24, "kind": "combat"}
    request = {"system": "starforged", "move": "take_decisive_action", "options": {"track": fight}, "dice": [5, 7]}
    result = resolve(request, rng=random.Random(0))
    assert result.outcome == "weak_hit" and any("suffer move" in o.label for c in result.choices for o in c.options)
    # a model's draft (the sheet it was given set): its sentences pass the screen too, the opening is context
    facts = prepare([result], system="starforged", told=[opening, "You pull it off, with a catch."], sheet="Facts.")
    story = f"{opening} You pull it off, with a catch. The bounty hunter staggers back against the bar."
    assert check_narration(story, [result], facts=facts, intent=intent) == []
    alone = prepare([result], system="starforged", told=["You pull it off, with a catch."], sheet="Facts.")
    assert check_narration(story, [result], facts=alone, intent=intent)  # not given as the opening: read as a claim
