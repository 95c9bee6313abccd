"""What a player typed in a Starforged session played with a real model (a sister missing on a mining colony) that
the suggestions read loosely: a way in through maintenance tunnels offered Repair, rock in the way offered Gather
Information (its "dig through the archives"), and asking dock workers "if anyone has seen her" offered Face Danger
before Gather Information."""

from __future__ import annotations


def _top(embedder, system: str, text: str) -> list[str]:
    from assistant.suggest import SuggestContext
    from assistant.suggest.core import rank

    ranked, _ = rank(text, SuggestContext(system=system), embedder=embedder)
    return [s.move.name for s in ranked[:3]]


def _first(embedder, text: str) -> tuple[str, str]:
    """The first move offered, and the stat the words point it at ("" when none)."""
    from assistant.engine.cue_words import match_cues

    move = _top(embedder, "starforged", text)[0]
    stats = match_cues("starforged", text).move_stats.get(move.lower().replace(" ", ""), {})
    return move, max(stats, key=lambda s: stats[s]) if stats else ""


def test_slipping_through_maintenance_tunnels_is_stealth_not_a_repair(embedder) -> None:
    assert _first(embedder, "I slip through the maintenance tunnels toward the foreman's office") == ("Face Danger", "shadow")
    assert "Repair" not in _top(embedder, "starforged", "we crawl along the service duct to reach the bridge")


def test_rock_in_the_way_is_a_risk_of_strength_not_a_search(embedder) -> None:
    assert _first(embedder, "a rockfall blocks the shaft, I try to dig through it") == ("Face Danger", "iron")
    assert _first(embedder, "I dig my way out of the collapsed tunnel")[0] == "Face Danger"


def test_digging_through_records_is_still_gathering_information(embedder) -> None:
    assert _first(embedder, "I dig through the archives for her name")[0] == "Gather Information"
    assert "Repair" in _top(embedder, "starforged", "I repair the maintenance drone's busted servo")


def test_asking_if_anyone_has_seen_someone_is_gathering_information(embedder) -> None:
    text = "I land my shuttle at the edge of the colony and ask the dock workers if anyone has seen her"
    assert _first(embedder, text)[0] == "Gather Information"
    assert _first(embedder, "i go from bar to bar asking if anyone has seen her")[0] == "Gather Information"
