"""LLM re-ranking with fake chat models: validated, constrained to the shortlist, offline fallback."""

from __future__ import annotations

import json
import threading

import pytest
from langchain_core.language_models.fake_chat_models import FakeListChatModel, GenericFakeChatModel
from langchain_core.messages import AIMessage

from assistant.prompts import PROMPTS_DIR
from assistant.suggest import SuggestContext, moves_for, suggest
from assistant.suggest.llm_rerank import PROMPT_NAME, build_prompt, parse_answer
from rules_index.embed import HashEmbedder

EMB = HashEmbedder()
TEXT = "I try to talk the guard into opening the gate"
CTX = SuggestContext(system="elegy")


def offline(k=3):
    return suggest(TEXT, CTX, k=k, embedder=EMB)


def answer(*moves):
    return json.dumps({"moves": [{"move": m, "stat": s} for m, s in moves]})


def test_prompt_file_exists_and_lists_the_candidates():
    assert (PROMPTS_DIR / f"{PROMPT_NAME}.txt").is_file()
    from assistant.suggest import rank

    ranked, _ = rank(TEXT, CTX, EMB)
    prompt = build_prompt(TEXT, CTX, ranked[:4])
    assert TEXT.replace('"', "'") in prompt
    for s in ranked[:4]:
        assert s.move.name in prompt
    assert "JSON" in prompt


def test_llm_reorders_the_shortlist_and_names_the_stat():
    text = "I charm the guard into opening the gate before the hunters arrive"  # three moves scored close enough
    base = suggest(text, CTX, k=8, embedder=EMB)
    third = base[2]
    stat = third.request.get("stat")
    move = next(m for m in moves_for("elegy") if m.name == third.move)
    offered = [st for a in move.approaches for st in a.stats]
    wanted = offered[-1] if offered else None
    llm = FakeListChatModel(responses=[answer((third.move, wanted))])
    out = suggest(text, CTX, k=3, llm=llm, embedder=EMB)
    # the offline best (Compel) scored far higher than the model's pick: it stays on top; the pick passes the second
    assert base[2].score >= 0.75 * base[1].score and base[2].score < 0.75 * base[0].score
    assert [s.move for s in out] == [base[0].move, third.move, base[1].move]
    assert out[1].ranked_by == "llm"
    if wanted:
        assert out[1].stat == wanted
    else:
        assert out[1].stat == stat


def test_invented_moves_and_stats_are_discarded():
    base = offline(k=8)
    llm = FakeListChatModel(responses=[answer(("Bite the Moon", "glamour"), (base[1].move, "charisma"))])
    out = suggest(TEXT, CTX, k=3, llm=llm, embedder=EMB)
    assert "Bite the Moon" not in [s.move for s in out]
    assert out[1].move == base[1].move
    assert out[1].stat == base[1].stat  # the invented stat was dropped: the offline stat stays


def test_moves_outside_the_shortlist_are_discarded():
    base = offline(k=40)
    outsider = base[-1].move
    llm = FakeListChatModel(responses=[answer((outsider, None))])
    out = suggest(TEXT, CTX, k=3, llm=llm, embedder=EMB, shortlist=4)
    assert [s.move for s in out] == [s.move for s in base[:3]]
    assert all(s.ranked_by == "offline" for s in out)


@pytest.mark.parametrize("reply", ["I think Compel fits best!", "{not json", '{"moves": "Compel"}', ""])
def test_bad_answers_fall_back_to_offline(reply):
    llm = FakeListChatModel(responses=[reply])
    out = suggest(TEXT, CTX, k=3, llm=llm, embedder=EMB)
    assert [(s.move, s.stat) for s in out] == [(s.move, s.stat) for s in offline()]
    assert all(s.ranked_by == "offline" for s in out)


def test_fenced_json_and_generic_fake_model():
    text = "I charm the guard into opening the gate before the hunters arrive"  # three moves scored close enough
    base = suggest(text, CTX, k=8, embedder=EMB)
    fenced = "Here you go:\n```json\n" + answer((base[2].move, None)) + "\n```"
    llm = GenericFakeChatModel(messages=iter([AIMessage(content=fenced)]))
    out = suggest(text, CTX, k=3, llm=llm, embedder=EMB)
    assert [s.move for s in out] == [base[0].move, base[2].move, base[1].move]


def test_the_offline_best_is_never_pushed_below_a_far_weaker_fit():
    ctx = SuggestContext(system="blades", mode="downtime")
    text = "lower the crew's heat by bribing a watch captain"
    base = suggest(text, ctx, k=8, embedder=EMB)
    assert base[0].move == "Reduce Heat"
    llm = FakeListChatModel(responses=[answer(("Heat", None), ("Interrogation", None), ("Flipped", None))])
    out = suggest(text, ctx, k=3, llm=llm, embedder=EMB)
    assert out[0].move == "Reduce Heat" and out[0].ranked_by == "llm"


def test_moves_the_model_leaves_out_keep_their_place_against_weaker_ones():
    from assistant.suggest import rank
    from assistant.suggest.llm_rerank import merge_order

    ranked, _ = rank("lower the crew's heat by bribing a watch captain", SuggestContext(system="blades", mode="downtime"), EMB)
    head = ranked[:8]
    names = {s.move.name: s.move.key for s in head}
    weakest = [s.move.name for s in head[-2:]]  # the model puts two of the weakest fits right after Heat
    merged = [s.move.name for s in merge_order(head, [names["Heat"], *(names[n] for n in weakest)])]
    assert merged.index("Reduce Heat") < merged.index("Heat")
    for upper, lower in zip(merged, merged[1:], strict=False):
        by_name = {s.move.name: s.score for s in head}
        assert by_name[upper] >= 0.75 * by_name[lower]  # never above a move scored far higher


def test_parse_answer_accepts_plain_lists():
    assert parse_answer('["Compel", "Face Danger"]') == [{"move": "Compel", "stat": None}, {"move": "Face Danger", "stat": None}]


class _Broken:
    def invoke(self, prompt):
        raise RuntimeError("connection refused")


class _Stuck:
    def __init__(self):
        self.release = threading.Event()

    def invoke(self, prompt):
        self.release.wait(5)
        return AIMessage(content=answer(("Feed", None)))


def test_errors_and_timeouts_fall_back_to_offline():
    expected = [(s.move, s.stat) for s in offline()]
    assert [(s.move, s.stat) for s in suggest(TEXT, CTX, k=3, llm=_Broken(), embedder=EMB)] == expected
    stuck = _Stuck()
    try:
        out = suggest(TEXT, CTX, k=3, llm=stuck, embedder=EMB, timeout=0.05)
    finally:
        stuck.release.set()
    assert [(s.move, s.stat) for s in out] == expected
