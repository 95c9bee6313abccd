"""What a player typed in this round's new chat scripts (a distress beacon on an ice moon, a pirate chase through a
nebula) that the session read loosely. A vow set up with ``/track`` and then sworn in other words ("Answer the distress
beacon on the ice moon Veyra", then "I swear to find whoever set off the beacon on Veyra") became a second, formidable
vow beside the troublesome one; the swearing opened "You set out to swear to find…" (a vow is made by saying it);
"A frost-scarred scavenger levels a rifle at me" opened "You focus on a frost-scarred scavenger levels a rifle at
you" (the world's deed read as a thing to look at)."""

from __future__ import annotations

import pytest

from assistant.narrate.opening import frame
from tests.session_helpers import open_campaign, play

pytestmark = pytest.mark.usefixtures("hash_embedder")


def test_a_vow_set_up_with_track_is_the_one_sworn_in_other_words() -> None:
    session, dice = open_campaign("Beacon", "starforged")
    assert session.send("/track troublesome Answer the distress beacon on the ice moon Veyra").kind != "error"
    sworn = play(session, dice, "I swear to find whoever set off the beacon on Veyra", 6, 1, 1)
    assert sworn.results[0].move == "Swear an Iron Vow"
    vows = [t for t in session.reload().tracks.values() if t.get("kind", "vow") == "vow"]
    assert [(v["name"], v["rank"]) for v in vows] == [("Answer the distress beacon on the ice moon Veyra", "troublesome")]
    assert any("Answer the distress beacon" in n for n in sworn.notes), sworn.notes


def test_a_new_vow_sharing_one_word_with_the_one_set_up_is_a_second_vow() -> None:
    session, dice = open_campaign("Two vows", "starforged")
    assert session.send("/track dangerous Find my sister on the Wayfarer station").kind != "error"
    play(session, dice, "I swear an iron vow to destroy the station's reactor", 6, 1, 1)
    names = sorted(t["name"] for t in session.reload().tracks.values())
    assert names == ["Destroy the station's reactor", "Find my sister on the Wayfarer station"], names


@pytest.mark.parametrize(
    ("typed", "told"),
    [
        ("I swear to find whoever set off the beacon on Veyra", "You swear to find whoever set off the beacon on Veyra."),
        ("i vow to avenge my sire", "You vow to avenge your sire."),
        ("I pledge to protect the colony", "You pledge to protect the colony."),
    ],
)
def test_a_vow_is_told_as_made_whatever_the_roll(typed: str, told: str) -> None:
    assert frame(typed, 1) == told
    assert frame(typed, 1, failed=True) == told  # a missed Swear an Iron Vow is a vow sworn with an obstacle before it


@pytest.mark.parametrize(
    ("typed", "told"),
    [
        ("A frost-scarred scavenger levels a rifle at me and demands my fuel",
         "A frost-scarred scavenger levels a rifle at you and demands your fuel."),
        ("a half-starved dog follows me", "A half-starved dog follows you."),
        ("The scavenger aims his rifle at me", "The scavenger aims his rifle at you."),
    ],
)  # fmt: skip
def test_the_worlds_deed_with_a_joined_word_is_told_as_the_player_put_it(typed: str, told: str) -> None:
    assert frame(typed, 1) == told


def test_a_thing_with_a_joined_word_is_still_a_thing_to_look_at() -> None:
    assert frame("the long-range scanner", 1).endswith("the long-range scanner.")
    assert not frame("the long-range scanner", 1).startswith("The long-range scanner")


# ---- suggestions (the real embedding model: the words a player types) ---------------------------------------------
def _top(embedder, system: str, text: str, **context) -> list[str]:
    from assistant.suggest import SuggestContext
    from assistant.suggest.core import rank

    ranked, _ = rank(text, SuggestContext(system=system, **context), embedder=embedder)
    return [s.move.name for s in ranked[:3]]


@pytest.mark.parametrize(
    "text",
    ["I throw the ship into an evasive spiral through the debris field",
     "i try to slip away into the nebula before they lock on again"],
)  # fmt: skip
def test_getting_away_in_a_fight_held_in_a_bad_spot_is_react_under_fire(embedder, text: str) -> None:
    # the fight's standing alone (the words' own position unknown) decides whether the fight goes on: React Under
    # Fire's need ("in a bad spot") is met by it, so the scene is still the fight's ("None fits: Face Danger…")
    assert _top(embedder, "starforged", text, standing="bad_spot")[0] == "React Under Fire"
    assert _top(embedder, "starforged", text, position="bad_spot", standing="bad_spot")[0] == "React Under Fire"


@pytest.mark.parametrize(
    "text",
    ["I throw the ship into an evasive spiral through the debris field",
     "i try to slip away into the nebula before they lock on again"],
)  # fmt: skip
def test_getting_away_in_a_fight_in_control_is_gaining_ground_not_persuading(embedder, text: str) -> None:
    top = _top(embedder, "starforged", text, position="in_control", standing="in_control")
    assert top[0] == "Gain Ground" and "Compel" not in top[:2], top


def test_trying_to_is_no_word_of_compel(embedder) -> None:
    # Compel's "When you try to persuade someone" matched every "I try to …" line by its word "try"
    from assistant.suggest import SuggestContext
    from assistant.suggest.core import rank

    ranked, _ = rank("i try to slip away into the nebula", SuggestContext(system="starforged"), embedder=embedder)
    compel = next(s for s in ranked if s.move.name == "Compel")
    assert compel.lexical == 0.0


@pytest.mark.parametrize(
    "text",
    ["A frost-scarred scavenger levels a rifle at me and demands my fuel", "a raider aims his pistol at me",
     "the smuggler points a blaster at me"],
)  # fmt: skip
def test_a_weapon_levelled_at_the_character_begins_a_fight(embedder, text: str) -> None:
    assert _top(embedder, "starforged", text)[0] == "Enter the Fray"


def test_buying_a_secret_with_a_promise_of_riches_is_compel_in_elegy(embedder) -> None:
    text = "I whisper to a servant that I can make her rich if she tells me where the hunter sleeps"
    assert _top(embedder, "elegy", text)[0] == "Compel"


def test_searching_a_place_in_the_city_is_appraising_it(embedder) -> None:
    from assistant.suggest import SuggestContext
    from assistant.suggest.core import rank, weak_fit

    text = "I search the warehouse for the missing crates"
    ranked, _ = rank(text, SuggestContext(system="city"), embedder=embedder)
    assert ranked[0].move.name == "Appraise Circumstances" and not weak_fit(ranked, text)


def test_the_fight_goes_on_for_words_of_the_fight_in_a_chat(monkeypatch) -> None:
    session, dice = open_campaign("Nebula", "starforged")
    play(session, dice, "A pirate corvette drops out of the drift behind us and opens fire", 1, 9, 10)  # a miss
    assert session.reload().active()["position"] == "bad_spot"
    turn = session.send("I throw the ship into an evasive spiral through the debris field")
    assert turn.suggestions and turn.suggestions[0].move == "React Under Fire", [s.move for s in turn.suggestions]


def test_an_amount_is_asked_in_the_moves_own_words() -> None:
    # Elegy's Endure Hunger asked "the amount (how much is lost)" of what it did not say; the move's own words say it
    session, _ = open_campaign("Hunger", "elegy")
    turn = session.send("i hold back my hunger as the blood on his sleeve calls to me")
    hunger = next(s for s in turn.suggestions if s.move == "Endure Hunger")
    asked = session.confirm(hunger)
    assert asked.question is not None and "blood spent" in asked.question.text, asked.question
    assert "how much is lost" not in asked.question.text


def test_an_oracle_answer_about_us_is_this_turns_own_answer() -> None:
    # "Do the pirates follow us into the nebula?" was read as (pirates, follow, us, into): its own answer, "The pirates
    # do not follow you into the nebula.", was judged an earlier turn's told again, and the story thrown away
    from assistant.guard.oracle_answer import question_words

    assert question_words("Do the pirates follow us into the nebula?") == ["pirat", "follow", "into", "nebula"]
    assert question_words("Did the pirates hit our engines?") == ["pirat", "hit", "engin"]


def test_an_oracle_asked_about_us_is_told_without_a_guard_rejection() -> None:
    session, _ = open_campaign("Nebula oracle", "starforged")
    assert session.send("/oracle 50-50 Did the pirates hit our engines?").kind != "error"
    turn = session.send("/oracle unlikely Do the pirates follow us into the nebula?")
    assert turn.kind != "error" and "into the nebula" in turn.narration, turn.narration
    assert not turn.violations, turn.violations


def test_a_clock_moved_is_told_in_a_sentence_by_its_name() -> None:
    # "/clock +1 bells" told "the bells ring at dawn: 1/4." (a line starting lower case, the name run into its count)
    session, _ = open_campaign("Bells told", "blades")
    session.send("/clock 4 the bells ring at dawn")
    assert session.send("/clock +1 bells").narration == "The clock “the bells ring at dawn”: 1/4."
    assert session.send("/clock +3 bells").narration == "The clock “the bells ring at dawn”: 4/4 — full."


def test_an_amount_without_words_is_asked_as_a_range_not_a_list_of_numbers() -> None:
    # Endure Hunger listed "- 1" to "- 10" on ten lines under "a whole number from 1 to 10"
    session, _ = open_campaign("Hunger range", "elegy")
    turn = session.send("i hold back my hunger as the blood on his sleeve calls to me")
    asked = session.confirm(next(s for s in turn.suggestions if s.move == "Endure Hunger"))
    assert asked.question is not None
    shown = asked.question.prompt()
    assert "- 1\n" not in shown and "a whole number from 1 to 10" in shown, shown
    assert [a.value for a in asked.question.answers] == list(range(1, 11))  # the app's buttons keep every number


def test_amounts_with_words_are_still_listed() -> None:
    session, _ = open_campaign("Harm list", "starforged")
    asked = session.send("/roll endure harm")
    assert asked.question is not None and "- 2 (serious)" in asked.question.prompt(), asked.question
