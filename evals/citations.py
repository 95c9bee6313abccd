"""``python -m evals citations --llm URL --model NAME``: how well a model's rules answers cite the passages.

For questions of the public retrieval set (``--per-system`` of each system; ``--dataset FILE`` takes another set's
answerable questions, e.g. a held-out one) it retrieves the passages as
``assistant ask`` does, asks the model (the rules-answer prompt, temperature 0) and sorts every sentence of the
reply the way the app does before showing it: cited and supported by its passage (kept), citing a passage that
does not say it (miscited), uncited, or saying the rules don't cover it. Per question (stderr, JSON) and in a
summary: citation validity (the model's supported citations / its citations), answers shown as the model wrote them
(at least one sentence kept: validly cited, or uncited and held by a passage, which the app then cites), answers
that fell back to the cited extract, answers that wrongly said "not found", and whether a kept sentence cites the
expected section.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from evals.endpoint_eval import endpoint_parser, llm_settings, per_system, print_summary

DATASET = Path(__file__).parent / "datasets" / "retrieve_public.jsonl"


def _parser() -> argparse.ArgumentParser:
    p = endpoint_parser("python -m evals citations", __doc__.split("\n\n")[0], per_system=4)
    p.add_argument("--dataset", type=Path, default=DATASET, help="a retrieval set (JSONL); its no-answer rows are skipped")
    return p


def questions(dataset: Path, n: int) -> list[dict[str, Any]]:
    """The first ``n`` answerable questions of each system (a no-answer row has no section to cite)."""
    return per_system(dataset, n, keep=lambda row: bool((row.get("expected") or {}).get("section")))


def score_reply(content: str, hits: list[Any], expected_section: str | list[str], question: str = "") -> dict[str, Any]:
    """The app's own sorting of a reply's sentences (:func:`rules_index.qa.check_citations`), whether a kept sentence
    cites a passage from the expected section; a yes/no ``question``'s "Yes, …" / "No, …" sentences are withheld as the app
    withholds them (:mod:`rules_index.verdict`)."""
    from rules_index.qa import _CITE, check_citations
    from rules_index.verdict import without_verdicts

    checked = check_citations(content, hits)
    expected = [expected_section] if isinstance(expected_section, str) else expected_section  # a set may accept several
    as_cited = len(checked.kept) - checked.cited_here  # the model's own valid citations, before any verdict is withheld
    checked.kept, withheld = without_verdicts(question, checked.kept)
    cited_right = False
    for sentence in checked.kept:
        for group in _CITE.findall(sentence):
            for n in (int(x) for x in group.split(",")):
                if 1 <= n <= len(hits) and any(e.lower() in hits[n - 1].section.lower() for e in expected):
                    cited_right = True
    return {
        "kept": as_cited,
        "cited_here": checked.cited_here,
        "miscited": checked.miscited,
        "uncited": checked.uncited,
        "not_found": checked.not_found,
        "shown": bool(checked.kept),
        "verdicts_withheld": withheld,
        "said_not_found": not checked.kept and checked.not_found > 0 and not checked.uncited and not checked.miscited,
        "cited_expected": cited_right,
    }


def summarize(rows: list[dict[str, Any]]) -> dict[str, Any]:
    n = len(rows)
    kept = sum(r["kept"] for r in rows)
    cited = kept + sum(r["miscited"] for r in rows)

    def rate(a: float, b: float) -> float | None:
        return round(a / b, 3) if b else None

    return {
        "questions": n,
        "citation_validity": rate(kept, cited),
        "answers_shown_as_written": rate(sum(r["shown"] for r in rows), n),
        "answers_fell_back_to_the_extract": rate(sum(not r["shown"] and not r["said_not_found"] for r in rows), n),
        "answers_with_a_yes_or_no_withheld": rate(sum(bool(r.get("verdicts_withheld")) for r in rows), n),
        "answers_wrongly_not_found": rate(sum(r["said_not_found"] for r in rows), n),
        "kept_sentence_cites_expected_section": rate(sum(r["cited_expected"] for r in rows), n),
        "uncited_sentences": sum(r["uncited"] for r in rows),
        "sentences_cited_by_the_app": sum(r.get("cited_here", 0) for r in rows),
        "errors": sum(bool(r.get("error")) for r in rows),
    }


def run(args: argparse.Namespace) -> dict[str, Any]:
    from assistant import llm_backoff
    from assistant.llm import chat_model
    from assistant.llm_calls import invoke_within, limits_of
    from rules_index.qa import assess, build_prompt, choose_system, distinct, relevant_hits
    from rules_index.search import get_index

    model = chat_model(llm_settings(args), task="rules")
    index = get_index()
    rows: list[dict[str, Any]] = []
    for item in questions(args.dataset, args.per_system):
        system = choose_system(item["question"], item["system"])
        ranked, _coverage = assess(item["question"], system, index, 3)
        hits = distinct(relevant_hits(ranked[:3], index))
        started = time.perf_counter()
        row: dict[str, Any] = {"id": item["id"], "system": item["system"]}
        llm_backoff.reset()  # every question is asked: one slow answer must not skip the ones after it
        try:
            reply = invoke_within(model, build_prompt(item["question"], hits), limits_of(model, "rules"))
            content = reply.content if isinstance(reply.content, str) else str(reply.content)
            row |= score_reply(content, hits, item["expected"]["section"], item["question"])
            row["reply"] = content[:600]
        except Exception as exc:  # noqa: BLE001 - a failed call is counted, the eval goes on
            row |= {"kept": 0, "cited_here": 0, "miscited": 0, "uncited": 0, "not_found": 0, "shown": False,
                    "said_not_found": False, "cited_expected": False, "error": type(exc).__name__}  # fmt: skip
        row["ms"] = round((time.perf_counter() - started) * 1000, 1)
        rows.append(row)
        print(json.dumps(row, ensure_ascii=False), file=sys.stderr, flush=True)
    return summarize(rows)


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    summary = run(args)
    print_summary(summary, args.json)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
