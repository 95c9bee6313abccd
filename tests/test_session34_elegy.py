"""Round 34, Elegy at stats of 1 (the action score is the stat and adds against two challenge dice): a sure miss was
listed first for Clash, Feed and Gather Information, Feed kept its +force approach where another could hit, and
"/roll clash +forse" after a lost fight said "no open fight yet"."""

from __future__ import annotations

import pytest

from assistant.chat.fitting import certain_miss
from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def test_elegy_a_sure_miss_comes_after_the_moves_that_can_hit_and_says_what_changes_it() -> None:
    session, _ = open_campaign("Sexton", "elegy")  # intellect 1: Gather Information can only miss
    turn = session.send("I question the drunk sexton about where Anselm hides his relics")
    shown = turn.suggestions
    assert shown and not certain_miss(shown[0].odds), [(s.move, s.stat) for s in shown]
    line = next(x for x in turn.narration.splitlines() if "a sure miss" in x)
    assert "unless you burn focus (2) or have an add (+1, +2)" in line, line


def test_elegy_feed_at_a_stat_that_only_misses_offers_the_approach_that_can_hit() -> None:
    session, _ = open_campaign("Ghoul", "elegy")
    turn = session.send("i drink from the dying ghoul to get my strength back")
    feeds = [s for s in turn.suggestions if s.move == "Feed"]
    assert len(feeds) == 2, [(s.move, s.stat) for s in turn.suggestions]
    hit, miss = feeds
    assert not certain_miss(hit.odds) and certain_miss(miss.odds), (hit.stat, miss.stat)
    assert turn.suggestions.index(hit) + 1 == turn.suggestions.index(miss)
    assert turn.suggestions[0].move == "Feed" and hit.request["stat"] == hit.stat != "force"


def test_elegy_a_typod_stat_after_a_lost_fight_says_both_and_what_to_do() -> None:
    session, dice = open_campaign("Crypt", "elegy")
    assert session.send("/track formidable fight The ghoul").kind != "error"
    dice.queue(9, 10)  # End the Fight with no progress: lost
    lost = session.send("/roll end the fight")
    assert lost.kind != "error", lost.error
    turn = session.send("/roll clash +forse")
    assert turn.kind == "error"
    said = turn.error or ""
    assert "Your fight “The ghoul” is lost, and there is no open fight for Clash to act on" in said, said
    assert "Enter the Fray" in said, said
    assert "no open fight yet" not in said and "did you mean +force?" in said, said
