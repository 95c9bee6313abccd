"""Could a learned reader of meaning catch what the guard's word checks miss? ``python -m evals guard_probe``.

An experiment, not part of the app: a logistic regression over all-MiniLM-L6-v2 sentence vectors, one weight set per
kind of outcome (a hit, a weak hit, a miss, the oracle's yes or no, Pay the Price, a table roll), plus each sentence's
closeness to the fact sheet's outcome lines and to the player's words. A sentence is labelled faulty when the label's
reason quotes it (a faulty draft's other sentences are left out), a good draft's sentences good; a draft scores the
most suspicious of the sentences the model added after the engine's opening.

It trains on every labelled set of real-model drafts but the ones named held out (``--held-out 25,26``: the sets from
scripts the rest never saw), picks its threshold by leaving groups of the training sets out (the share of good drafts
the word checks pass that it may flag, ``--flag-share``), and prints what it adds to the guard on the held-out sets:
faulty drafts caught, good drafts flagged, and the stories players read that carry a fault. Needs scikit-learn (it
comes with sentence-transformers) and the shipped MiniLM weights; takes a few minutes.
"""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path
from typing import Any

DATASETS = Path(__file__).parent / "datasets"
OUTCOME_KINDS = ("win", "mixed", "fail", "yes", "no", "price", "table", "other")
_KIND_OF = {"strong_hit": "win", "full_success": "win", "weak_hit": "mixed", "partial_success": "mixed"}
_KIND_OF |= {"miss": "fail", "bad_outcome": "fail", "yes": "yes", "no": "no"}
_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n+")


def set_number(path: Path) -> int:
    found = re.search(r"heldout(\d*)$", path.stem)
    return 0 if not found else int(found.group(1) or 1)


def load_rows() -> list[dict[str, Any]]:
    """Every labelled real-model draft, with its set number and the guard's verdict on it."""
    from evals.guard_facts import check_facts

    rows = []
    for path in sorted(DATASETS.glob("guard_real_model*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                row["set"] = set_number(path)
                row["flagged"] = bool(check_facts(row["text"], row["facts"]))
                row["sentences"] = added_sentences(row)
                rows.append(row)
    return rows


def added_sentences(row: dict[str, Any]) -> list[str]:
    text = row["text"].strip().lstrip(">").strip()
    opening = str(row["facts"].get("opening") or "").strip()
    if opening and text.startswith(opening):
        text = text[len(opening) :].strip() or text
    return [s for s in _SENTENCE.split(text) if len(s.split()) >= 2] or [text]


def outcome_kind(facts: dict[str, Any]) -> str:
    if facts.get("task") in ("pay_the_price", "table"):
        return "price" if facts["task"] == "pay_the_price" else "table"
    return _KIND_OF.get((facts.get("outcomes") or ["none"])[0], "other")


def sheet_outcome(facts: dict[str, Any]) -> str:
    words = str(facts.get("words") or "")
    lines = [w for w in words.splitlines() if w.startswith(("Outcome", "Answer", "What the rules say"))]
    return " ".join(lines)[:500] or words[:300]


def _words(text: str) -> str:
    return " ".join(re.findall(r"[a-z0-9']+", text.lower()))


def sentence_labels(row: dict[str, Any]) -> list[int | None]:
    if row["label"] == "ok":
        return [0] * len(row["sentences"])
    quoted = [_words(q) for q in re.findall(r"'([^']{6,})'", str(row.get("why") or ""))]
    marks: list[int | None] = [1 if any(q in _words(s) or _words(s) in q for q in quoted) else None for s in row["sentences"]]
    return marks if 1 in marks else [None] * len(marks)


def main(argv: list[str] | None = None) -> int:
    import numpy as np
    from sklearn.linear_model import LogisticRegression

    from rules_index.embed import get_embedder

    parser = argparse.ArgumentParser(prog="python -m evals guard_probe", description=__doc__.split("\n")[0])
    parser.add_argument("--held-out", default="25,26", help="set numbers kept out of training (comma-separated)")
    parser.add_argument("--flag-share", type=float, default=0.05, help="share of passed good drafts it may flag")
    args = parser.parse_args(argv)
    held = {int(n) for n in args.held_out.split(",")}
    rows = load_rows()
    embedder = get_embedder()
    texts = sorted({t for r in rows for t in (*r["sentences"], sheet_outcome(r["facts"]), str(r["facts"].get("intent") or ""))})
    vector = dict(zip(texts, (np.asarray(v, dtype=np.float32) for v in embedder.embed_documents(texts)), strict=True))

    def features(row: dict[str, Any], sentence: str) -> Any:
        kind = np.zeros(len(OUTCOME_KINDS))
        kind[OUTCOME_KINDS.index(outcome_kind(row["facts"]))] = 1
        v = vector[sentence]
        near = [float(v @ vector[sheet_outcome(row["facts"])]), float(v @ vector[str(row["facts"].get("intent") or "")])]
        return np.concatenate([kind, np.kron(kind, v), v, near])

    def fit(train: list[dict[str, Any]]) -> Any:
        labelled = ((r, s, y) for r in train for s, y in zip(r["sentences"], sentence_labels(r), strict=True))
        pairs = [(features(r, s), y) for r, s, y in labelled if y is not None]
        model = LogisticRegression(C=1.0, max_iter=3000, class_weight="balanced")
        return model.fit(np.stack([p[0] for p in pairs]), np.array([p[1] for p in pairs]))

    def scores(model: Any, rows_: list[dict[str, Any]]) -> Any:
        return np.array([model.predict_proba(np.stack([features(r, s) for s in r["sentences"]]))[:, 1].max() for r in rows_])

    train = [r for r in rows if r["set"] not in held]
    test = [r for r in rows if r["set"] in held]
    groups = sorted({r["set"] for r in train})
    cross = np.zeros(len(train))
    for fold in (groups[i::5] for i in range(5)):
        inside = np.array([r["set"] in fold for r in train])
        kept = [r for r, i in zip(train, inside, strict=True) if not i]
        cross[inside] = scores(fit(kept), [r for r, i in zip(train, inside, strict=True) if i])
    passed_good = np.array([not r["flagged"] and r["label"] == "ok" for r in train])
    threshold = float(np.quantile(cross[passed_good], 1 - args.flag_share))
    share = f"{args.flag_share:.0%}"
    print(f"threshold {threshold:.3f} (flags {share} of the good drafts the word checks pass, groups of sets left out)")
    for name, rows_, got in (("development (sets left out in turn)", train, cross), ("held out", test, scores(fit(train), test))):
        fault = np.array([r["label"] == "fault" for r in rows_])
        guard = np.array([r["flagged"] for r in rows_])
        both = guard | (got >= threshold)
        shown = [i for i, r in enumerate(rows_) if r.get("shown") is not None and r.get("shown_label") == "fault"]
        print(
            f"{name}: faulty drafts caught {int((guard & fault).sum())} -> {int((both & fault).sum())} of {int(fault.sum())}; "
            f"good drafts flagged {int((guard & ~fault).sum())} -> {int((both & ~fault).sum())} of {int((~fault).sum())}; "
            f"faulty stories shown whose draft it flags {sum(1 for i in shown if got[i] >= threshold)} of {len(shown)}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
