"""Round 28, Elegy in the terminal: "I fulfill my vow" with no elegy open says why Fulfill Your Elegy is not offered
(Elegy's quest is an elegy; only "I fulfill my elegy" was told); "/track fight The hunter" says the rank is missing and
which ranks there are, and a rank after the kind or at the end is read ("/track fight The hunter formidable"); /tracks
and /clocks list them as /track and /clock do."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign, track_named

pytestmark = pytest.mark.usefixtures("hash_embedder")


@pytest.mark.parametrize(
    ("typed", "move"),
    [
        ("I fulfill my vow", "Fulfill Your Elegy"),
        ("I have fulfilled my vow to avenge my sire", "Fulfill Your Elegy"),
        ("I fulfill my elegy", "Fulfill Your Elegy"),
        ("I forsake my vow", "Forsake Your Elegy"),
    ],
)
def test_a_vow_named_without_an_elegy_open_says_why(typed: str, move: str) -> None:
    session, _ = open_campaign("Vow words " + typed, "elegy")
    turn = session.send(typed)
    assert any(n.startswith(f"{move} acts on an elegy's progress track") for n in turn.notes), turn.notes
    assert not session.reload().tracks


@pytest.mark.parametrize(
    ("typed", "move"),
    [
        ("I fulfill my vow to avenge my sire", "Fulfill Your Elegy"),
        ("I break my vow", "Forsake Your Elegy"),
        ("I give up on my vow", "Forsake Your Elegy"),
        ("I forsake my vow to avenge my sire", "Forsake Your Elegy"),
    ],
)
def test_with_an_elegy_open_a_vow_ended_is_its_elegy_s_move(typed: str, move: str) -> None:
    session, _ = open_campaign("Vow open " + typed, "elegy")
    assert session.send("/track dangerous Avenge my sire").kind != "error"
    turn = session.send(typed)
    assert turn.suggestions[0].move == move, [s.move for s in turn.suggestions]


@pytest.mark.parametrize("typed", ["I have kept my vow", "my vow is fulfilled at last"])
def test_a_vow_kept_swears_no_new_elegy(typed: str) -> None:
    session, _ = open_campaign("Vow kept " + typed, "elegy")
    assert session.send("/track dangerous Avenge my sire").kind != "error"
    moves = [s.move for s in session.send(typed).suggestions]
    assert "Fulfill Your Elegy" in moves and "Sing an Elegy" not in moves, moves


@pytest.mark.parametrize("typed", ["I vow to protect Mara", "I swear a vow to find the hunter"])
def test_swearing_a_vow_is_still_sing_an_elegy(typed: str) -> None:
    session, _ = open_campaign("Vow sworn " + typed, "elegy")
    assert session.send("/track dangerous Avenge my sire").kind != "error"
    moves = [s.move for s in session.send(typed).suggestions]
    assert moves[0] == "Sing an Elegy" and "Forsake Your Elegy" not in moves, moves


def test_a_track_without_a_rank_says_what_is_missing_and_changes_nothing() -> None:
    session, _ = open_campaign("Track no rank", "elegy")
    turn = session.send("/track fight The hunter")
    said = turn.error or ""
    assert turn.kind == "error" and "“fight The hunter” needs a rank" in said, said
    assert "troublesome, dangerous, formidable, extreme, epic" in said and "/track formidable fight The hunter" in said
    assert not session.reload().tracks


def test_a_rank_without_a_name_asks_for_the_name() -> None:
    session, _ = open_campaign("Track no name", "elegy")
    turn = session.send("/track epic")
    assert turn.kind == "error" and "Give the epic track a name" in (turn.error or ""), turn.error


@pytest.mark.parametrize(
    ("typed", "name", "rank", "kind"),
    [
        ("/track formidable fight The hunter", "The hunter", "formidable", "combat"),
        ("/track fight formidable The hunter", "The hunter", "formidable", "combat"),
        ("/track fight The hunter formidable", "The hunter", "formidable", "combat"),
        ("/track dangerous Avenge my sire", "Avenge my sire", "dangerous", "elegy"),
        ("/track Avenge my sire dangerous", "Avenge my sire", "dangerous", "elegy"),
    ],
)
def test_the_rank_is_read_first_after_the_kind_or_last(typed: str, name: str, rank: str, kind: str) -> None:
    session, _ = open_campaign("Track rank " + typed, "elegy")
    assert session.send(typed).kind != "error"
    track = track_named(session, name)
    assert track["rank"] == rank and track["kind"] == kind, track


def test_a_rank_word_inside_the_name_is_no_rank() -> None:
    session, _ = open_campaign("Track rank inside", "elegy")
    turn = session.send("/track Survive the epic night of blood")
    assert turn.kind == "error" and "needs a rank" in (turn.error or ""), turn.error


@pytest.mark.parametrize(("typed", "same"), [("/tracks", "/track"), ("/vows", "/track"), ("/clocks", "/clock")])
def test_plural_listing_commands_list_as_the_singular_does(typed: str, same: str) -> None:
    session, _ = open_campaign("Plural " + typed, "elegy")
    assert session.send("/track dangerous Avenge my sire").kind != "error"
    turn = session.send(typed)
    assert turn.kind != "error" and turn.narration == session.send(same).narration, turn.narration


# ---- a companion's attack is ranked as the player's is ---------------------------------------------------------------
@pytest.mark.parametrize(
    ("typed", "first"),
    [("Mara attacks the hunter", "Enter the Fray"), ("Mara lunges at the hunter", "Enter the Fray"),
     ("Mara feeds on the drunk", "Feed")],
)  # fmt: skip
def test_mara_s_moves_keep_the_order_the_words_give(typed: str, first: str) -> None:
    session, _ = open_campaign("Mara order " + typed, "elegy")
    assert session.send("/character add Mara").kind != "error"
    mine = [
        s.move
        for s in session.send(
            typed.replace("Mara", "I", 1).replace("attacks", "attack").replace("lunges", "lunge").replace("feeds", "feed")
        ).suggestions
    ]
    turn = session.send(typed)
    theirs = [s.move for s in turn.suggestions]
    assert theirs[0] == first and theirs[0] == mine[0], (theirs, mine)
    assert all(s.request.get("character_id") == "mara" for s in turn.suggestions), [s.request for s in turn.suggestions]
