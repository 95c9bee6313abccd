"""A move is described by the words other passages use to send the reader to it; labels are not leads."""

from __future__ import annotations

from rules_index.anchors import find_anchors
from rules_index.chunk import Chunk
from rules_index.index import CORPUS_DIR, CORPUS_FILES, chunk_file
from rules_index.rank import word_cover
from rules_index.sentences import is_label, lead, passage_sentences, split_sentences


def _chunk(cid: str, title: str, text: str, system: str = "starforged", move: str | None = None) -> Chunk:
    return Chunk(
        id=cid,
        system=system,
        section_path=["Moves", title],
        move=move,
        source=f"{system}.txt",
        line_start=1,
        line_end=2,
        text=f"{title}\n{text}",
    )


FULFILL = _chunk(
    "fulfill",
    "Fulfill Your Vow",
    "Progress Move\nWhen you reach the end of your quest, roll the challenge dice.\n"
    "- Give up on the quest: Forsake Your Vow.\n- Recommit to the quest: Roll both challenge dice.",
    move="Fulfill Your Vow",
)
FORSAKE = _chunk("forsake", "Forsake Your Vow", "When you renounce your quest, clear the vow.", move="Forsake Your Vow")
STRESS = _chunk(
    "stress",
    "Endure Stress",
    "When you face mental strain, suffer -1 spirit.\n11-25 | You give up. Forsake Your Vow.\n"
    "On a miss, you fail. Forsake Your Vow.",
)


def test_an_option_and_a_table_row_that_name_a_move_describe_that_move() -> None:
    anchors = find_anchors([FULFILL, FORSAKE, STRESS])
    assert anchors.to["forsake"] == ("Give up on the quest", "You give up.")
    # the option belongs to the move it names; the table row stays the passage's own result
    assert anchors.pointing["fulfill"] == frozenset({"Give up on the quest: Forsake Your Vow."})
    assert "stress" not in anchors.pointing


def test_an_outcome_line_that_sends_to_a_move_is_not_its_description() -> None:
    anchors = find_anchors([STRESS, FORSAKE])
    assert "On a miss, you fail." not in anchors.to["forsake"]


def test_anchors_come_from_the_same_system_and_never_from_notes() -> None:
    other = _chunk("other", "Forsake Your Vow", "When you renounce your quest.", system="elegy")
    note = Chunk(**{**FULFILL.__dict__, "id": "note", "origin": "note"})
    anchors = find_anchors([other, note])
    assert anchors.to == {} and anchors.pointing == {}


def test_the_words_other_passages_use_for_a_move_count_for_it_and_not_for_the_pointing_move() -> None:
    anchors = find_anchors([FULFILL, FORSAKE, STRESS])
    asked = ["giv", "vow"]
    assert word_cover(asked, FORSAKE, anchors.to["forsake"]) == 1.0
    assert word_cover(asked, FULFILL, (), anchors.pointing["fulfill"]) == 0.5


def test_a_label_of_the_kind_of_move_is_neither_the_lead_nor_a_sentence() -> None:
    assert is_label("Progress Move") and is_label("Basic Combat Move") and not is_label("Avoid marking Heat")
    assert lead(FULFILL) == "Fulfill Your Vow. When you reach the end of your quest, roll the challenge dice"
    assert "Progress Move" not in passage_sentences(FULFILL)


def test_a_move_that_opens_with_a_preamble_is_led_by_its_trigger() -> None:
    chunk = _chunk(
        "secure",
        "Secure Resource",
        "To acquire resources, a faction may use its aspects.\nWhen a faction works to acquire a rare resource, roll +aspects.",
        system="city",
        move="Secure Resource",
    )
    assert lead(chunk) == "Secure Resource. When a faction works to acquire a rare resource, roll +aspects"


def test_the_shipped_texts_give_forsake_your_vow_the_words_give_up() -> None:
    chunks = chunk_file(CORPUS_DIR / CORPUS_FILES["starforged"], "starforged")
    anchors = find_anchors(chunks)
    forsake = next(c for c in chunks if c.section_path[-1] == "Forsake Your Vow")
    assert any("give up" in phrase.lower() for phrase in anchors.to[forsake.id])


def test_a_table_run_into_one_line_is_read_one_row_a_sentence_with_its_range() -> None:
    line = "Roll on the list below. 1–2. A trusted individual acts against you 3–4. An ally is exposed to danger"
    assert split_sentences(line) == [
        "Roll on the list below.",
        "1–2. A trusted individual acts against you",
        "3–4. An ally is exposed to danger",
    ]
    assert split_sentences("Spend 1 blood roll on the list below: 1-20. The ritual has the opposite effect") == [
        "Spend 1 blood roll on the list below:",
        "1-20. The ritual has the opposite effect",
    ]
    assert split_sentences("Take +1 forward. 10+ Pick one.") == ["Take +1 forward.", "10+ Pick one."]
