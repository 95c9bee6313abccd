"""Round 26, the city game. "/oracle" said "roll dice (/dice 2d6: 7 or more is a yes)" while the same question typed
plainly said the Magistrate answers: the rules text has no oracle and no dice for a yes or no ("ask the Magistrate"),
so both now give that one answer, with the moves the rules have for finding things out."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")

THE_MAGISTRATE = "in this game the Magistrate (the GM) answers questions about the story"


@pytest.mark.parametrize(
    "typed",
    ["/oracle", "/oracle is the guard bribed?", "/oracle likely Is the magistrate watching?", "Is the guard bribed?",
     "Will the fence pay us?", "Does the captain know my name?"],
)  # fmt: skip
def test_a_yes_no_question_gets_one_answer_however_it_is_asked(typed: str) -> None:
    from assistant.store import service

    session, _ = open_campaign("City asks " + typed, "city")
    before = len(service.campaign_events("City asks " + typed))
    turn = session.send(typed)
    said = turn.error or turn.narration
    assert THE_MAGISTRATE in said and "Ear to the Ground" in said, said
    assert "/dice" not in said and "7 or more" not in said, said
    assert not turn.results and len(service.campaign_events("City asks " + typed)) <= before + 2  # a chat line, no roll


@pytest.mark.parametrize("system", ["city", "dungeon-world"])
def test_the_oracle_and_a_plain_question_say_the_same(system: str) -> None:
    session, _ = open_campaign("Same " + system, system)
    by_command = session.send("/oracle is the bridge trapped?").error or ""
    plain = session.send("Is the bridge trapped?").narration
    assert by_command == plain and "has no yes/no oracle" in plain, (by_command, plain)


def test_blades_still_offers_its_fortune_roll() -> None:
    session, _ = open_campaign("Fortune", "blades")
    assert "/roll fortune roll" in (session.send("/oracle").error or "")


# ---- a threat made to someone is Direct Someone to Act (offering peril), not a Big Risk --------------------------------
@pytest.mark.parametrize(
    "typed",
    ["I threaten the fence", "I intimidate the guard", "I threaten him with my knife", "I menace the clerk until he talks",
     "I threaten the gang boss"],
)  # fmt: skip
def test_a_threat_to_someone_is_a_demand_rolled_with_heat(embedder, typed: str) -> None:
    from assistant.suggest import SuggestContext, suggest

    top = suggest(typed, SuggestContext(system="city"), embedder=embedder)[0]
    assert (top.move, top.stat) == ("Direct Someone to Act", "heat"), (top.move, top.stat)


@pytest.mark.parametrize("typed", ["I stab the guard", "I break into the warehouse", "I bribe the guard"])
def test_deeds_and_bribes_keep_their_moves(embedder, typed: str) -> None:
    from assistant.suggest import SuggestContext, suggest

    top = suggest(typed, SuggestContext(system="city"), embedder=embedder)[0].move
    assert top == ("Direct Someone to Act" if "bribe" in typed else "Take a Big Risk"), top
