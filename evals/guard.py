"""Authority-guard eval: ``python -m evals guard [--dataset FILE.jsonl] [--json-summary]``.

Each line is ``{"id", "request", "narration", "expect": {"ok", "kinds"}, "odds"?, "system"?}``: ``request``
is an engine request with forced dice (``null`` for a turn where the engine rolled nothing; then
``system`` names the system), ``odds`` is ``true`` (the exact odds of the request, from the engine) or an
outcome -> percent mapping. The request is resolved, the guard reads the narration against the Result,
and one line is printed per item: ``{"id", "ok", "violations": [{"kind", "detail"}]}``. A bad line (not
JSON, missing fields, an engine error) prints ``{"id", "error"}`` instead and is left out of the rates.

A line may instead be a labelled draft, as in ``guard_real_model*.jsonl``: ``{"id", "text", "facts", "label": "ok" |
"fault", "kind", "why"}`` where ``facts`` is what the narrator was given (:mod:`evals.guard_facts`, as the
faithfulness eval records it): the guard reads ``text`` against those facts exactly as the chat loop does.

A labelled draft may also carry what the player read of it, ``shown`` (the engine's opening and the sentences the
chat kept: :mod:`assistant.chat.narration` cuts a story before a deed the player never declared and skips sentences
that tell an earlier turn again) and its label ``shown_label``. ``--shown`` reads those instead of ``text``: the faults
a player reads are the ``shown`` faults the guard does not flag there (a flagged draft is retried).
A draft no player read (a first draft the guard rejected and a retry replaced) has ``"shown": null`` and is left out
of ``--shown``. A shown text that is the offline narration which replaced a rejected draft (it has the dice card, or no
sentence of the draft) is read as the chat reads the template's: without the model's fact sheet (``facts["words"]``).

The summary goes to stderr: catch rate (lying lines flagged, and flagged with an expected kind), false-flag
rate (truthful lines flagged), per kind and per system. ``--json-summary`` prints it as JSON instead. ``--misses``
also lists, on stderr, each lying line the guard let through (by its expected kind, with its ``why``) and each
truthful line it flagged (with what the guard said).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

DEFAULT_DATASET = Path(__file__).parent / "datasets" / "guard_public.jsonl"


def run_line(raw: str, number: int) -> dict[str, Any]:
    """Resolve and check one dataset line; returns the output record (``error`` on a bad line)."""
    from assistant.engine import AssistantError, resolve
    from assistant.engine.probability import odds_for_request
    from assistant.guard import check_narration

    try:
        item = json.loads(raw)
    except json.JSONDecodeError as exc:
        return {"id": f"line {number}", "error": f"not JSON ({exc.msg})"}
    if not isinstance(item, dict):
        return {"id": f"line {number}", "error": "a line is a JSON object"}
    item_id = str(item.get("id", f"line {number}"))
    if isinstance(item.get("facts"), dict) and isinstance(item.get("text"), str):
        return _run_labelled(item, item_id)
    narration = item.get("narration")
    if not isinstance(narration, str) or "request" not in item:
        return {"id": item_id, "error": "each line needs request and narration (text)"}
    request = item["request"]
    try:
        results = [] if request is None else [resolve(request)]
        odds = item.get("odds")
        if odds is True:
            odds = odds_for_request(request) if request is not None else None
        elif odds is not None and not isinstance(odds, dict):
            return {"id": item_id, "error": "odds is true or an outcome -> percent object"}
        system = item.get("system") or (request.get("system") if isinstance(request, dict) else None)
        violations = check_narration(narration, results, system=system, odds=odds)
    except AssistantError as exc:
        return {"id": item_id, "error": f"{type(exc).__name__}: {exc}"}
    return {"id": item_id, "ok": not violations, "violations": [v.to_dict() for v in violations]}


def _run_labelled(item: dict[str, Any], item_id: str) -> dict[str, Any]:
    from assistant.engine import AssistantError
    from evals.guard_facts import check_facts

    if item.get("label") not in ("ok", "fault"):
        return {"id": item_id, "error": "label is ok or fault"}
    try:
        violations = check_facts(item["text"], item["facts"])
    except (AssistantError, ValueError) as exc:
        return {"id": item_id, "error": f"{type(exc).__name__}: {exc}"}
    return {"id": item_id, "ok": not violations, "violations": [v.to_dict() for v in violations]}


def never_shown(raw: str) -> bool:
    """Whether a labelled draft's line says no player read it (``"shown": null``)."""
    try:
        item = json.loads(raw)
    except json.JSONDecodeError:
        return False
    return isinstance(item, dict) and "shown" in item and item["shown"] is None


def as_shown(raw: str) -> str:
    """A labelled draft's line as the player read it: its ``shown`` text and ``shown_label`` (unchanged without them)."""
    try:
        item = json.loads(raw)
    except json.JSONDecodeError:
        return raw
    if not isinstance(item, dict) or not isinstance(item.get("shown"), str) or item.get("shown_label") not in ("ok", "fault"):
        return raw
    fault = item["shown_label"] == "fault"
    if isinstance(item.get("facts"), dict) and not _from_draft(item["shown"], str(item.get("text") or ""), item["facts"]):
        # the offline narration (or the engine's opening alone) was shown: the chat reads it without the model's sheet
        item["facts"] = {**item["facts"], "words": ""}
    item.update(text=item["shown"], label=item["shown_label"], kind=item.get("kind", "") if fault else "")
    return json.dumps(item, ensure_ascii=False)


def _from_draft(shown: str, draft: str, facts: dict[str, Any]) -> bool:
    """Whether what the player read holds a sentence of the model's draft (past the engine's opening), rather than
    the offline narration that replaced a rejected draft (whose dice card, "Hack & Slash, +str. Rolled …", no draft
    has)."""
    from assistant.guard import second_person_fix
    from assistant.guard.text import normalize_words

    moves = [str(r.get("move") or "") for r in facts.get("results") or [] if isinstance(r, dict)]
    if any(line.startswith((f"{m},", f"{m}:")) for m in moves if m for line in shown.splitlines()):
        return False
    opening = str(facts.get("opening") or "")
    rest = shown[len(opening) :] if opening and shown.startswith(opening) else shown
    written = f" {normalize_words(second_person_fix(draft))} "
    parts = [normalize_words(p) for p in re.split(r"(?<=[.!?])\s+|\n+", rest)]
    return any(p and f" {p} " in written for p in parts)


def _expect(item: dict[str, Any]) -> dict[str, Any] | None:
    """``{"ok", "kinds"}`` of a line, from ``expect`` or from a labelled draft's ``label`` and ``kind``."""
    if isinstance(item.get("expect"), dict):
        return item["expect"]
    if item.get("label") in ("ok", "fault"):
        return {"ok": item["label"] == "ok", "kinds": [item["kind"]] if item.get("kind") else []}
    return None


def summarize(items: list[dict[str, Any]], outputs: list[dict[str, Any]]) -> dict[str, Any]:
    """Catch and false-flag rates, overall, per expected kind and per system."""
    lying = caught = caught_kind = truthful = false_flags = errors = 0
    per_kind: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])  # lines, caught, caught with this kind
    per_system: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])  # lying, caught, truthful, false flags
    flagged_kinds: dict[str, int] = defaultdict(int)
    for item, out in zip(items, outputs, strict=True):
        expect = _expect(item)
        if "error" in out or expect is None:
            errors += 1
            continue
        request = item.get("request")
        facts: dict[str, Any] = item["facts"] if isinstance(item.get("facts"), dict) else {}
        system = (
            item.get("system") or (request.get("system") if isinstance(request, dict) else None) or facts.get("system") or "?"
        )
        found = {v["kind"] for v in out["violations"]}
        for kind in found:
            flagged_kinds[kind] += 1
        if expect.get("ok", True):
            truthful += 1
            per_system[system][2] += 1
            if not out["ok"]:
                false_flags += 1
                per_system[system][3] += 1
            continue
        expected = set(expect.get("kinds") or [])
        lying += 1
        per_system[system][0] += 1
        if not out["ok"]:
            caught += 1
            per_system[system][1] += 1
            if not expected or expected & found:
                caught_kind += 1
        for kind in expected:
            per_kind[kind][0] += 1
            per_kind[kind][1] += bool(found)
            per_kind[kind][2] += kind in found

    def rate(n: int, d: int) -> float | None:
        return round(n / d, 3) if d else None

    return {
        "lines": len(items),
        "errors": errors,
        "lying": lying,
        "truthful": truthful,
        "catch_rate": rate(caught, lying),
        "catch_rate_with_kind": rate(caught_kind, lying),
        "false_flag_rate": rate(false_flags, truthful),
        "per_kind": {
            k: {"lines": v[0], "catch_rate": rate(v[1], v[0]), "kind_found_rate": rate(v[2], v[0])}
            for k, v in sorted(per_kind.items())
        },
        "per_system": {
            s: {"lying": v[0], "catch_rate": rate(v[1], v[0]), "truthful": v[2], "false_flag_rate": rate(v[3], v[2])}
            for s, v in sorted(per_system.items())
        },
        "flagged_kinds": dict(sorted(flagged_kinds.items())),
    }


def misses(items: list[dict[str, Any]], outputs: list[dict[str, Any]]) -> str:
    """The lying lines the guard let through, grouped by expected kind (most frequent first), then the truthful lines
    it flagged: one line each, with the labeller's reason or the guard's."""
    missed: dict[str, list[str]] = defaultdict(list)
    flagged: list[str] = []
    for item, out in zip(items, outputs, strict=True):
        expect = _expect(item)
        if "error" in out or expect is None:
            continue
        text = " ".join(str(item.get("text") or item.get("narration") or "").split())
        if not expect.get("ok", True) and out["ok"]:
            kind = ",".join(expect.get("kinds") or []) or "?"
            missed[kind].append(f"  {out['id']}: {text}\n    why: {item.get('why', '')}")
        elif expect.get("ok", True) and not out["ok"]:
            said = "; ".join(f"{v['kind']}: {v['detail']}" for v in out["violations"])
            flagged.append(f"  {out['id']}: {text}\n    guard: {said}")
    lines = []
    for kind, rows in sorted(missed.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        lines += [f"missed {kind} ({len(rows)}):", *rows]
    if flagged:
        lines += [f"false flags ({len(flagged)}):", *flagged]
    return "\n".join(lines) if lines else "no misses, no false flags"


def format_summary(s: dict[str, Any]) -> str:
    def pct(x: float | None) -> str:
        return "n/a" if x is None else f"{100 * x:.1f}%"

    lines = [
        f"lines {s['lines']} (lying {s['lying']}, truthful {s['truthful']}, errors {s['errors']})",
        f"catch rate {pct(s['catch_rate'])}, with an expected kind {pct(s['catch_rate_with_kind'])}; "
        f"false-flag rate {pct(s['false_flag_rate'])}",
        "per kind (lying lines labelled with it): "
        + "; ".join(
            f"{k} {v['lines']}: caught {pct(v['catch_rate'])}, kind found {pct(v['kind_found_rate'])}"
            for k, v in s["per_kind"].items()
        ),
        "per system: "
        + "; ".join(
            f"{k}: catch {pct(v['catch_rate'])} of {v['lying']}, false flags {pct(v['false_flag_rate'])} of {v['truthful']}"
            for k, v in s["per_system"].items()
        ),
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m evals guard", description=__doc__.splitlines()[0])
    parser.add_argument("--dataset", type=Path, default=DEFAULT_DATASET)
    parser.add_argument("--json-summary", action="store_true", help="print the summary as JSON (stderr)")
    parser.add_argument("--shown", action="store_true", help="read each draft's 'shown' text (what the player read)")
    parser.add_argument("--misses", action="store_true", help="list the faults let through and the false flags (stderr)")
    args = parser.parse_args(argv)
    if not args.dataset.exists():
        print(f"No dataset at {args.dataset}", file=sys.stderr)
        return 2
    items: list[dict[str, Any]] = []
    outputs: list[dict[str, Any]] = []
    for number, raw in enumerate(args.dataset.read_text(encoding="utf-8").splitlines(), 1):
        if not raw.strip():
            continue
        if args.shown:
            if never_shown(raw):
                continue
            raw = as_shown(raw)
        out = run_line(raw, number)
        try:
            item = json.loads(raw)
        except json.JSONDecodeError:
            item = {}
        items.append(item if isinstance(item, dict) else {})
        outputs.append(out)
        print(json.dumps(out, ensure_ascii=False), flush=True)
    summary = summarize(items, outputs)
    print(json.dumps(summary, indent=2) if args.json_summary else format_summary(summary), file=sys.stderr)
    if args.misses:
        print(misses(items, outputs), file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
