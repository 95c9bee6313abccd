"""The fact sheet a small model narrates from: what it copied or misread on a real 1.5B model is given as meaning.

Each case comes from a draft the guard had to reject: an open choice's prompt copied as the story ("You overindulge:
select an overindulgence."), a wound invented as a weak hit's cost, "make a suffer move (-1)" told as a deed, and a
rules note's "-1d6" told as "You deal 1d6 damage"."""

from __future__ import annotations

from dataclasses import replace

from assistant.engine import resolve
from assistant.narrate.context import passage_text
from assistant.narrate.passages import story_passage
from assistant.narrate.story_facts import DAMAGE_NEXT, UNHURT, story_facts
from rules_index.chunk import Chunk
from rules_index.search import Hit


def sf(move: str, stat: str, dice: list[int]) -> object:
    return resolve({"system": "starforged", "move": move, "stat": stat, "dice": dice})


def test_an_open_choice_is_asked_by_the_panel_and_what_its_prompt_tells_stays_a_fact() -> None:
    vice = resolve({"system": "blades", "move": "Indulge Vice", "dice": [5, 2], "character": {"stress": 3}})
    assert [c.id for c in vice.choices] == ["overindulgence"]
    told = story_facts([vice])
    assert "select an overindulgence" not in told.lower()  # the prompt's asking words, which the model copied
    assert "Also true now: You overindulge." in told
    assert "Left to the player: a choice on the panel beside your story" in told
    for option in vice.choices[0].options:
        assert option.label not in told


def test_a_choice_that_only_asks_adds_no_fact() -> None:
    weak = sf("Secure an Advantage", "wits", [5, 3, 9])
    told = story_facts([weak])
    assert weak.choices and "Also true now" not in told
    assert "Choose one" not in told


def test_nothing_hurts_you_is_said_only_when_the_engine_dealt_no_wound() -> None:
    weak = sf("Face Danger", "edge", [5, 3, 9])
    assert UNHURT in story_facts([weak])
    endured = resolve({"system": "starforged", "move": "Endure Harm", "options": {"amount": 2}})  # health goes down, no roll
    assert any(e.target == "health" and e.delta for e in endured.effects)
    assert UNHURT not in story_facts([endured])
    oracle = resolve({"system": "starforged", "move": "Ask the Oracle", "options": {"odds": "likely"}, "dice": [12]})
    assert UNHURT not in story_facts([oracle], question="Is the hatch open?")


def test_a_suffer_move_offered_next_is_told_as_a_cost_without_its_number() -> None:
    weak = sf("Face Danger", "edge", [5, 3, 9])
    told = story_facts([weak])
    offered = next(line for line in told.splitlines() if line.startswith("Offered next"))
    assert "a cost the player chooses (a suffer move)" in offered
    assert "make a suffer move" not in offered and "(-1)" not in offered


def test_a_passage_keeps_its_fiction_and_drops_dice_and_where_its_reading_comes_from() -> None:
    note = (
        "How Volley is read\nVolley is rolled +DEX and spends one ammunition per roll. The shipped text names Volley "
        "only through its ammunition; its results are the basic move as published, used as facts. A hit leads to "
        "Deal Damage for the target with your Grit (and -1d6 when you take what you can get). This reading rests on "
        "the sentence: \u201c5xAmmunition: a single ammunition type for the Volley move.\u201d"
    )
    kept = story_passage(note)
    assert kept == "How Volley is read\nVolley is rolled +DEX and spends one ammunition per roll."
    move = "Face Danger\nWhen you attempt something risky, envision your action and roll.\n\nOn a strong hit, you do it."
    assert story_passage(move) == "Face Danger\nWhen you attempt something risky, envision your action and roll."


def test_a_passage_that_opens_with_its_heading_is_not_given_the_heading_twice() -> None:
    chunk = Chunk(
        id="x", system="starforged", section_path=["Moves", "Face Danger"], move="Face Danger",
        source="starforged.txt", line_start=1, line_end=2, text="Face Danger\nWhen you attempt something risky, roll.",
    )  # fmt: skip
    quoted = passage_text(1, Hit(chunk=chunk, score=1.0))
    assert quoted.count("Face Danger") == 1
    plain = Hit(chunk=replace(chunk, text="When you attempt something risky, roll."), score=1.0)
    assert passage_text(1, plain).count("Face Danger") == 1  # a passage without it still goes under its title


def test_the_new_fact_lines_copied_into_a_story_are_caught() -> None:
    from assistant.guard.claims import check_echo
    from assistant.narrate.stops import STORY_STOPS

    assert check_echo("Also true now: you overindulge. The dice keep rolling.")
    assert check_echo("You face a choice on the panel beside your story.")
    assert "Also true now" in STORY_STOPS
    assert not check_echo("You overindulge. The dice keep rolling, and the night runs away from you.")


def test_a_fight_reaches_the_model_as_a_fight_and_its_track_read_out_is_the_card_copied() -> None:
    from assistant.guard import check_narration, prepare
    from assistant.narrate.context import track_line

    assert track_line({"name": "The raider", "kind": "combat", "rank": "formidable"}) == "> - The raider: a formidable fight"
    assert track_line({"name": "Find her", "kind": "vow", "rank": "epic"}) == "> - Find her: an epic vow"
    fray = sf("Enter the Fray", "heart", [6, 1, 2])
    facts = prepare([fray], sheet=story_facts([fray], player_text="I fight back"))
    for told in ("The raider's formidable fight track fills.", "The raider's combat track is marked."):
        kinds = {v.kind.value for v in check_narration(told, [fray], intent="I fight back", facts=facts)}
        assert "echo" in kinds, told
    story = "The raider staggers back, snarling, and circles for an opening."
    assert not check_narration(story, [fray], intent="I fight back", facts=facts)


def test_a_change_is_told_without_the_workings_of_its_number() -> None:
    """Given "the asset's quality is 0 (the crew's Tier 0, -1 for the result) and your downtime activities go up", a
    1.5B model read the line out as its story: the number, how it was reached and the downtime's bookkeeping are the
    card's."""
    asset = resolve({"system": "blades", "move": "Acquire Asset", "dice": [1, 2]})  # Tier 0: quality 0, -1
    assert any(e.kind.value == "quality" for e in asset.effects)
    told = story_facts([asset])
    changes = next(line for line in told.splitlines() if line.startswith("With it, "))
    assert changes == "With it, you get the asset."
    assert "Tier" not in told and "downtime activities" not in told
    assert not any(ch.isdigit() for ch in told)


def test_a_hit_whose_damage_is_rolled_next_is_told_landing_without_an_amount() -> None:
    """Told "You deal your damage" beside "Deal Damage offered next: tell no harm from it now", a 1.5B model wrote
    "you deal 1 damage" and, on the same weak hit, "you miss the attack"."""
    volley = resolve({"system": "dungeon-world", "move": "Volley", "stat": "dex", "dice": [4, 4]})
    assert volley.outcome == "weak_hit" and [f.move for f in volley.follow_ups] == ["Deal Damage"]
    told = story_facts([volley])
    assert DAMAGE_NEXT in told
    assert "Offered next" not in told  # the damage roll is not a later move's harm to keep out of the story
    missed = resolve({"system": "starforged", "move": "Face Danger", "stat": "edge", "dice": [1, 5, 9]})
    assert DAMAGE_NEXT not in story_facts([missed])
    assert "Offered next, not played out" in story_facts([missed])  # Pay the Price stays a later move


def test_the_fact_sheets_own_lines_stop_a_draft_and_are_caught_when_copied() -> None:
    from assistant.guard import check_narration
    from assistant.narrate.stops import STORY_STOPS

    assert "Rolled next" in STORY_STOPS and "Nothing hurts you this turn" in STORY_STOPS
    weak = sf("Face Danger", "edge", [5, 3, 9])
    copied = "You dodge the falling beam. Nothing hurts you this turn: no blow, wound or pain lands on you."
    assert "echo" in {v.kind.value for v in check_narration(copied, [weak], intent="I dodge the beam")}
    story = "You dodge the falling beam, and dust settles around you. Nothing hurts you, but the way ahead is blocked."
    assert "echo" not in {v.kind.value for v in check_narration(story, [weak], intent="I dodge the beam")}


def _corpus_section(system: str, name: str) -> str:
    from rules_index.index import CORPUS_DIR, CORPUS_FILES, chunk_file

    return next(c.text for c in chunk_file(CORPUS_DIR / CORPUS_FILES[system], system) if c.section.endswith(name))


def test_a_passage_drops_how_the_roll_is_made_and_keeps_what_the_move_is() -> None:
    # the engine has rolled: "If you must roll with Heat, roll minus the number of marked Heat." given to a 1.5B model
    # came back as "The clerk is hesitant, and you must roll with Heat." after a missed roll
    direct = story_passage(_corpus_section("city", "Direct Someone to Act"))
    assert "When you demand someone provide information" in direct
    assert "they partially comply, OR pick a strong reaction" in direct
    assert "NPCs will react to each offer type differently." in direct
    assert "roll" not in direct.lower()
    # a trigger that ends in its roll says what the move is: it stays
    secret = story_passage(_corpus_section("city", "Use a Secret"))
    assert secret.count("When you use secret knowledge") == 1 and "then roll with advantage" in secret
    # "roll with the punches" is not the dice
    assert "learns to roll with the punches" in story_passage(
        "Entanglements are the cost of doing business in the underworld—a good crew learns to roll with the punches."
    )
    assert story_passage("Otherwise, roll. The guard looks up.") == "The guard looks up."


def test_a_track_or_clock_set_up_is_told_as_begun_not_as_progress_marked() -> None:
    fray = resolve(
        {"system": "starforged", "move": "Enter the Fray", "stat": "heart", "dice": [4, 7, 5],
         "options": {"track": {"name": "The raider", "rank": "formidable"}}}
    )  # fmt: skip
    assert [e.after for e in fray.effects if e.target == "The raider"] == [0]  # set up, nothing marked
    told = story_facts([fray])
    assert "you begin a new formidable fight (The raider)" in told
    assert "progress is marked" not in told
    vow = resolve(
        {"system": "starforged", "move": "Swear an Iron Vow", "stat": "heart", "dice": [6, 1, 2],
         "options": {"track": {"name": "Find my sister", "rank": "dangerous"}}}
    )  # fmt: skip
    assert "you begin a new dangerous vow (Find my sister) and your momentum goes up" in story_facts([vow])
    marked = resolve(
        {"system": "starforged", "move": "Strike", "stat": "iron", "dice": [6, 1, 2],
         "options": {"track": {"name": "The raider", "rank": "formidable", "ticks": 8}}}
    )  # fmt: skip
    assert "progress is marked on The raider" in story_facts([marked])
