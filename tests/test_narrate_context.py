"""The LLM's context under a token budget: sections counted, priority order, drop order, naive baseline."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from langchain_core.messages import AIMessage, HumanMessage, SystemMessage

from assistant.engine import Result, get_ruleset, resolve
from assistant.narrate import NarrationRequest, build_context, naive_context
from assistant.narrate.context import DATA_INTRO, RULES_HEADER, TRACKS_HEADER, character_text
from assistant.narrate.examples import examples_for
from assistant.narrate.prompts import instructions
from assistant.narrate.request import STORY_TURNS
from assistant.narrate.turn_message import STORY_SO_FAR, facts_text, story_so_far
from rules_index.chunk import Chunk
from rules_index.search import Hit
from rules_index.tokens import count_tokens

FIXED = ("instructions", "examples", "facts", "overhead")


def rules_hits(n: int = 10) -> tuple[Hit, ...]:
    """Real rules text (Starforged moves) as ranked passages, best first."""
    moves = get_ruleset("starforged").moves[:n]
    return tuple(
        Hit(
            chunk=Chunk(
                id=m.id,
                system="starforged",
                section_path=["Moves", m.name],
                move=m.name,
                source="starforged.txt",
                line_start=m.source.lines[0],
                line_end=m.source.lines[1],
                text=m.text,
            ),
            score=1.0 / (i + 1),
        )
        for i, m in enumerate(moves)
    )


def long_history(turns: int = 40) -> tuple[tuple[str, str], ...]:
    out = []
    for i in range(turns):
        out.append(("user", f"Turn {i}: I search the derelict's next deck for the missing crew, weapon drawn."))
        out.append(
            (
                "assistant",
                f"Turn {i}: the corridor bends into darkness; emergency lights flicker over scorched panels "
                "and something heavy shifts behind a sealed hatch.",
            )
        )
    return tuple(out)


def face_danger() -> Result:
    return resolve({"system": "starforged", "move": "Face Danger", "stat": "edge", "dice": [5, 3, 6]})


def make_request(**fields: Any) -> NarrationRequest:
    values: dict[str, Any] = {
        "task": "narrate", "system": "starforged", "player_text": "I slip past the sentry", "results": (face_danger(),),
        "character": get_ruleset("starforged").default_character() | {"name": "Kira Vance", "impacts": ["wounded"]},
        "tracks": ({"name": "Find my sister", "rank": "dangerous", "ticks": 12, "kind": "vow"},
                   {"name": "Pirate raider", "rank": "formidable", "ticks": 4, "kind": "combat"}),
        "clocks": ({"name": "Reactor breach", "segments": 6, "filled": 2},),
        "history": long_history(), "rules": rules_hits(), "story_turns": 100,
    }  # fmt: skip
    values.update(fields)
    return NarrationRequest(**values)


def fixed_tokens(request: NarrationRequest) -> int:
    report = build_context(request, 10**6).report
    return sum(report.sections[s] for s in FIXED) - 4 * bool(request.history)  # overhead without the history message


def passage_titles(n: int = 10) -> list[str]:
    """The titles the narrator's passages go under, in rank order (a passage is quoted under its title alone)."""
    return [m.name for m in get_ruleset("starforged").moves[:n]]


def reference_of(context: Any) -> str:
    """The user message with the quoted reference (the sheet, tracks, rules), or "" when there is none."""
    found = [str(m.content) for m in context.messages[1:-1] if isinstance(m, HumanMessage)]
    return next((text for text in found if text.startswith(DATA_INTRO)), "")


def history_of(context: Any) -> list[Any]:
    """The earlier turns kept: the lines of the story-so-far message between the reference (if any) and the facts."""
    between = [str(m.content) for m in context.messages[1:-1] if str(m.content).startswith(STORY_SO_FAR)]
    assert len(between) <= 1
    # the stories alone, one paragraph (each test story starts "Turn N: ")
    return [t.strip() for m in between for t in re.split(r"(?=Turn \d+: )", m.split("\n", 1)[1]) if t.strip()]


def stories(request: Any) -> list[str]:
    return [" ".join(t.split()) for role, t in request.history if role == "assistant"]


def test_sections_are_counted_with_tiktoken_and_sum_to_the_total() -> None:
    request = make_request(history=long_history(2))
    context = build_context(request, 10**6)
    report = context.report
    assert report.dropped == [] and set(report.sections) >= {"instructions", "facts", "character", "tracks", "rules", "history"}
    assert report.sections["instructions"] == count_tokens(instructions("narrate", "starforged", "vivid"))
    assert report.sections["facts"] == count_tokens(facts_text(request))
    assert str(context.messages[-1].content).endswith(facts_text(request))
    assert report.sections["history"] == count_tokens(story_so_far(request.history))
    assert report.sections["character"] == count_tokens(character_text(request.character))
    assert report.total == sum(report.sections.values())
    assert context.messages[0].content == instructions("narrate", "starforged", "vivid")  # nothing but ours
    turn = reference_of(context)
    assert TRACKS_HEADER in turn and RULES_HEADER in turn and "Reactor breach" in turn
    assert RULES_HEADER not in str(context.messages[-1].content)  # the facts' message stays short


def test_messages_are_system_then_history_oldest_first_then_facts() -> None:
    request = make_request(history=long_history(2))
    messages = build_context(request, 10**6).messages
    assert isinstance(messages[0], SystemMessage) and isinstance(messages[-1], HumanMessage)
    examples = examples_for("narrate")  # worked turns come right after the prompt (assistant.narrate.examples)
    pairs = zip(messages[1 : 2 * len(examples) : 2], messages[2 : 2 * len(examples) + 1 : 2], strict=True)
    assert [(str(u.content), str(a.content)) for u, a in pairs] == list(examples)
    assert [type(m) for m in messages[1 : 2 * len(examples) + 1]] == [HumanMessage, AIMessage] * len(examples)
    rest = messages[2 * len(examples) + 1 :]
    assert str(rest[0].content).startswith(DATA_INTRO)  # the quoted reference, in a user message of its own
    assert [type(m) for m in rest[1:-1]] == [HumanMessage]  # the story so far, as context, not as own replies
    assert history_of(build_context(request, 10**6)) == stories(request)
    assert "What happened this turn" in str(messages[-1].content)


@pytest.mark.parametrize("budget", [1200, 1400, 1600, 2400, 4000])
def test_never_over_budget_and_drops_oldest_history_first(budget: int) -> None:
    request = make_request()
    context = build_context(request, budget)
    report = context.report
    assert report.total <= budget and not report.over_budget
    kept = history_of(context)
    texts = stories(request)
    assert kept == texts[len(texts) - len(kept) :]  # the newest turns, contiguous
    dropped_history = [d for d in report.dropped if d.startswith("history[")]
    assert len(dropped_history) == len(texts) - len(kept)


def test_drop_order_history_then_rules_lowest_ranked_first_then_tracks_then_character() -> None:
    request = make_request()
    fixed = fixed_tokens(request)
    seen_order: list[str] = []
    for budget in range(fixed + 400, fixed - 1, -25):
        report = build_context(request, budget).report
        kinds = {d.split("[")[0].split(":")[0] for d in report.dropped}
        for kind in ("history", "rules", "clocks", "tracks", "character"):
            if kind in kinds and kind not in seen_order:
                seen_order.append(kind)
        if "rules" in kinds:  # no passage goes while a turn of history is still in
            assert report.sections["history"] == 0
        if "tracks" in kinds or "clocks" in kinds:
            assert report.sections["rules"] == 0
        if "character" in kinds:
            assert report.sections["tracks"] == 0
        assert report.total <= budget
    assert seen_order == ["history", "rules", "clocks", "tracks", "character"]


def test_rules_keep_a_prefix_of_the_ranking_and_the_last_one_may_be_trimmed() -> None:
    request = make_request(history=())
    full = build_context(request, 10**6).report
    budget = full.total - full.sections["rules"] // 2
    context = build_context(request, budget)
    system = reference_of(context)
    ranks = [n for n, name in enumerate(passage_titles(), start=1) if f"> {name}\n" in system]
    assert ranks == list(range(1, len(ranks) + 1)) and 1 <= len(ranks) < 10
    dropped = [d for d in context.report.dropped if d.startswith("rules[")]
    assert [int(d[6:].split("]")[0]) for d in dropped] == list(range(len(ranks) + ("trimmed" not in dropped[0]), 11))
    if "trimmed" in dropped[0]:
        assert "…" in system


def test_facts_and_instructions_are_never_dropped() -> None:
    request = make_request(feedback="outcome: says a strong hit; the engine gave a weak hit")
    context = build_context(request, 50)
    report = context.report
    assert len(context.messages) == 2 + 2 * len(examples_for("narrate")) and report.over_budget
    assert "Outcome: a strong hit: you do what you set out to do." in str(context.messages[-1].content)
    assert "the engine gave a weak hit" in str(context.messages[-1].content)
    assert report.sections["character"] == report.sections["rules"] == report.sections["history"] == 0
    assert "character" in report.dropped and any(d.startswith("tracks: ") for d in report.dropped)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(turns=st.integers(0, 30), passages=st.integers(0, 10), budget=st.integers(200, 3000))
def test_budget_property(turns: int, passages: int, budget: int) -> None:
    request = make_request(history=long_history(turns)[:turns], rules=rules_hits(passages))
    report = build_context(request, budget).report
    between = build_context(request, budget).messages[1 + 2 * len(examples_for("narrate")) : -1]  # after the examples
    fixed = sum(report.sections[s] for s in FIXED) - 4 * len(between)
    assert report.total <= budget or report.total == fixed
    assert report.total == sum(report.sections.values())


def test_naive_context_stuffs_eight_passages_and_the_whole_history() -> None:
    request = make_request()
    hits = rules_hits(10)
    naive = naive_context(request, hits)
    budgeted = build_context(request, 1200)
    system = reference_of(naive)
    titles = passage_titles()
    assert f"> {titles[7]}\n" in system and f"> {titles[8]}\n" not in system
    assert len(naive.messages) == 4 + 2 * len(examples_for("narrate")) and history_of(naive) == stories(request)
    assert naive.report.budget is None and naive.report.dropped == []
    assert budgeted.report.total <= 1200 < naive.report.total
    assert naive.report.total > 2 * budgeted.report.total  # on a long history the baseline grows without bound


def test_by_default_the_model_reads_no_earlier_story_and_the_setting_gives_the_latest() -> None:
    # a 1.5B model given the story so far told it again as this turn's (a quarter of its first drafts)
    request = make_request(history=long_history(6), story_turns=STORY_TURNS)
    assert STORY_TURNS == 0 and history_of(build_context(request, 10**6)) == []
    assert build_context(request, 10**6).report.sections["history"] == 0
    latest = make_request(history=long_history(6), story_turns=2)
    assert history_of(build_context(latest, 10**6)) == stories(latest)[-2:]


def test_tracks_and_clocks_reach_the_model_by_name_without_progress() -> None:
    # given "0 ticks of progress", a small model told "with 0 ticks of progress" as story; given "not begun" in words,
    # "The raider, still formidable and not begun, …"
    context = build_context(make_request(history=()), 10**6)
    reference = reference_of(context)
    track_lines = [line for line in reference.splitlines() if line.startswith("> - ")]
    assert track_lines == [
        "> - Find my sister: a dangerous vow",
        "> - Pirate raider: a formidable fight",
        "> - Reactor breach: clock",
    ]
