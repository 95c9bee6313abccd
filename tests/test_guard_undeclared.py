"""Deeds and words of the character's that the player never declared: a bare roll's action invented, the player's
own line of an earlier turn copied in the first person, an unattributed quotation in the character's mouth, and
"no choice but to" deciding the next deed."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration, describe_violations

VOLLEY_WEAK = {"system": "dungeon-world", "move": "Volley", "character": {"stats": {"dex": 0}}, "dice": [4, 4]}
HARM = {"system": "starforged", "move": "Endure Harm", "character": {"health": 5}, "options": {"amount": 2}}
WEAK = {"system": "starforged", "move": "Face Danger", "stat": "shadow", "dice": [5, 9, 3]}
FLEE = {"system": "starforged", "move": "Ask the Oracle", "dice": [20], "options": {"odds": "50/50"}}  # yes
ASK = "I ask the dockhands about the Wayfarer's last crew"


def found(text: str, request: dict, intent: str | None = "") -> list[tuple[str, str]]:
    return [(v.kind.value, v.detail) for v in check_narration(text, [resolve(request)], intent=intent)]


@pytest.mark.parametrize(
    ("text", "request_"),
    [
        ("You pull it off, with a catch. You raise your shield to protect the cleric.", VOLLEY_WEAK),
        ("> You raise your shield to protect the cleric.", VOLLEY_WEAK),
        ("You hear a distant noise. You rush over to the station and search the hold.", WEAK),
        ("The heat from your vibroblade connects with the raider's flesh.", HARM),
        ("The character raises their shield and steps in front of the cleric.", VOLLEY_WEAK),
        ("You ask the dockhands about the crew again.", WEAK),
        ("You open the airlock and step through.", HARM),
    ],
)
def test_a_deed_the_player_never_declared_on_a_bare_roll_is_their_call(text: str, request_: dict) -> None:
    kinds = [kind for kind, detail in found(text, request_) if "declared no action" in detail]
    assert kinds == ["decision"]


@pytest.mark.parametrize(
    ("text", "request_"),
    [
        ("You loose the shot; your quiver runs lower.", VOLLEY_WEAK),  # the move itself
        ("You pull it off, with a catch. You deal your damage.", VOLLEY_WEAK),  # the rules' words
        ("You feel the pain, but your heart is strong. You take a deep breath.", HARM),  # what befalls you
        ("You stagger as the blade bites; your health drops.", HARM),
        ("It holds, just about. You scrape through.", WEAK),
        ("You nock an arrow and let it fly at the bard.", VOLLEY_WEAK),  # a Volley's own deeds, in other words
        ("You draw and fire twice.", VOLLEY_WEAK),
        ("You leap the gap as the gantry buckles.", WEAK),  # Face Danger: a risky deed is the move
        ("You clutch your side and grit your teeth.", HARM),  # the body's reaction
        ("You close your eyes and wipe the blood from your brow.", HARM),
    ],
)
def test_the_move_itself_and_what_befalls_the_character_pass_on_a_bare_roll(text: str, request_: dict) -> None:
    assert not [d for _, d in found(text, request_) if "declared no action" in d]


def test_a_deed_is_only_read_so_when_the_player_is_known_to_have_said_nothing() -> None:
    text = "You raise your shield to protect the cleric."
    for intent in (None, "I raise my shield to protect the cleric"):  # unknown (a dataset line without them), or said
        assert not [d for _, d in found(text, VOLLEY_WEAK, intent=intent) if "declared no action" in d]


def test_the_players_own_line_in_the_first_person_is_an_earlier_turn_copied() -> None:
    assert [k for k, _ in found("I ask the dockhands about the Wayfarer's last crew.", WEAK, intent="")] == ["echo"]
    assert [k for k, _ in found("You: I swear an iron vow to find my sister.", WEAK, intent=ASK)] == ["echo"]
    said = found("I ask the dockhands about the Wayfarer's last crew.", WEAK, intent=ASK)
    assert "echo" not in [k for k, _ in said]  # this turn's own words (told back only: the outcome is never told)


@pytest.mark.parametrize(
    ("text", "caught"),
    [
        ('You nod, feeling relieved. "Thank you."', True),
        ('"I try to shoot the raider, but luck deserts me. I miss."\n\nThe raider flees.', True),
        ('It holds, just about. "I ask the dockhands about the Wayfarer\'s last crew."', True),
        ('He nods. "Yes, I see you."', False),  # he speaks
        ('"We found your crew," they say in a low voice.', False),
        ('The captain smiles. "I can tell you that."', False),
    ],
)
def test_an_unattributed_quotation_in_the_characters_mouth_is_their_call(text: str, caught: bool) -> None:
    mouth = [d for _, d in found(text, WEAK) if "in the character's mouth" in d]
    assert bool(mouth) is caught


def test_no_choice_but_to_decides_the_next_deed_unless_it_names_none() -> None:
    oracle = resolve(FLEE)
    q = "Does the raider flee?"
    left = check_narration("The raider flees, leaving you with no choice but to retreat.", [oracle], question=q, intent=q)
    assert [v.kind.value for v in left] == ["decision"]
    assert not check_narration("You realize that you have no choice but to take action.", [oracle], question=q, intent=q)
    forced = check_narration("You have to defend yourself and retreat before he returns.", [oracle], question=q, intent=q)
    assert [v.kind.value for v in forced] == ["decision"]
    for said in ("You have to decide what to do next.", "You are forced to make a difficult decision."):
        assert not check_narration(said, [oracle], question=q, intent=q)


def test_each_retry_line_quotes_the_words_in_one_imperative_sentence() -> None:
    text = "You raise your shield to protect the cleric. I ask the dockhands about the crew."
    lines = describe_violations(check_narration(text, [resolve(VOLLEY_WEAK)], intent="")).splitlines()[1:-1]
    assert len(lines) == 2
    assert all(line.split(". ", 1)[1].startswith('Remove "') and line.count(". ") == 1 for line in lines)
    assert any("raise your shield" in line for line in lines) and any("I ask the dockhands" in line for line in lines)


def test_the_retry_lines_of_each_kind_name_the_words_and_what_to_do_instead() -> None:
    text = 'You raise your shield. I ask the dockhands. You nod. "Thank you." It leaves you no choice but to retreat.'
    lines = describe_violations(check_narration(text, [resolve(VOLLEY_WEAK)], intent="")).splitlines()[1:-1]
    assert lines == [
        '1. Remove "You raise your shield": the player only rolled, so tell what the roll did, not a new deed.',
        "2. Remove \"I ask the dockhands.\": tell only this turn, and call the character 'you'.",
        '3. Remove "You nod": the player only rolled, so tell what the roll did, not a new deed.',
        '4. Remove "Thank you.": what the character says is the player\'s call.',
        '5. Remove "leaves you no choice but to retreat": what the character does, says and chooses is the player\'s call.',
    ]


def test_a_deed_imposed_is_left_alone_when_it_is_the_players_own() -> None:
    miss = resolve({"system": "starforged", "move": "Face Danger", "stat": "iron", "dice": [1, 7, 8]})
    own = "I force the jammed airlock open with brute strength"
    assert not check_narration("You have no choice but to force it open.", [miss], intent=own)
    chase = "The chase ends with you having to retreat back to your camp."
    assert "decision" in [v.kind.value for v in check_narration(chase, [miss], intent=own)]
    # a 1.5B's Face Danger miss: the retreat imposed on the character
    retreat = "It slips out of your grasp, and you are forced to retreat back into the reactor room."
    assert "decision" in [v.kind.value for v in check_narration(retreat, [miss], intent=own)]
    assert not check_narration("You are forced to force it open with your bare hands.", [miss], intent=own)
    # on Pay the Price the price may stop the deed; a retreat is the player's next deed (test_guard_price_withdraws.py)
    price = resolve({"system": "starforged", "move": "Pay the Price", "dice": [17]})
    stopped = "A loud crash rings out, and you are forced to stop your work on the lock."
    assert not [v for v in check_narration(stopped, [price], intent="Pay the Price") if "decides for" in v.detail]
