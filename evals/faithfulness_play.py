"""Playing the chat scripts with the model as narrator for the faithfulness eval (:mod:`evals.faithfulness`).

:class:`RecordingNarrator` keeps every draft the model wrote; :func:`play` plays the scripts in fresh campaigns and
turns each narrated turn into a row for the scorecard (:mod:`evals.faithfulness_scorecard`), writing the drafts,
each with the facts the narrator was given and the guard's reading, as JSONL; :func:`replay` adds those facts to
drafts recorded without them by playing the scripts again offline.
"""

from __future__ import annotations

import io
import json
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from evals.guard_facts import facts_record


class RecordingNarrator:
    """Wraps a narrator: keeps each draft's text, timing and prompt size (the guard decides what is shown)."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.name = getattr(inner, "name", "llm")
        self.drafts: list[dict[str, Any]] = []
        self._turn_drafts = 0

    def begin_turn(self, started: float | None = None) -> None:
        """The draft and its retries share the turn's deadline, as in the app."""
        self._turn_drafts = 0
        begin = getattr(self.inner, "begin_turn", None)
        if callable(begin):
            begin(started)

    @property
    def turn_until(self) -> float | None:
        """The inner narrator's deadline for the turn: the chat asks for a last draft only when it leaves time, and
        must see the same deadline through this wrapper as without it."""
        until = getattr(self.inner, "turn_until", None)
        return until if isinstance(until, (int, float)) else None

    @property
    def last_report(self) -> Any:
        return getattr(self.inner, "last_report", None)

    def stream(self, request: Any) -> Iterator[str]:
        self._turn_drafts += 1
        draft: dict[str, Any] = {"request": request, "attempt": self._turn_drafts, "text": "", "ttft_ms": None}
        self.drafts.append(draft)
        started = time.perf_counter()
        try:
            for chunk in self.inner.stream(request):
                piece = chunk if isinstance(chunk, str) else str(getattr(chunk, "content", chunk))
                if piece and draft["ttft_ms"] is None:
                    draft["ttft_ms"] = round((time.perf_counter() - started) * 1000, 1)
                draft["text"] += piece
                yield chunk
        except Exception as exc:
            draft["error"] = f"{type(exc).__name__}: {exc}"
            draft["raw"] = getattr(exc, "raw", "")  # what a draft stopped before its first sentence began with
            raise
        finally:
            draft["ms"] = round((time.perf_counter() - started) * 1000, 1)
            report = self.last_report
            draft["prompt_tokens"] = getattr(report, "total", None)


def _guard_violations(draft: dict[str, Any], facts: dict[str, Any]) -> list[dict[str, str]]:
    from evals.guard_facts import check_facts

    return [v.to_dict() | {"excerpt": v.excerpt} for v in check_facts(draft["text"], facts)]


def play(
    scripts: list[dict[str, Any]],
    make_narrator: Callable[[], Any],
    home: Path,
    drafts_out: Any | None = None,
    pick: Callable[[str, int, list[Any]], int | None] | None = None,
    narration_task: str = "add",
) -> list[dict[str, Any]]:
    """Play every script; one row per narrated turn (the drafts are written to ``drafts_out`` as they come).
    ``pick(script, turn, suggestions)`` may choose which suggestion a ``#N`` turn confirms (None: the N-th);
    ``narration_task``: what the model is asked to write (``TABLETOP_LLM_NARRATION_TASK``)."""
    from assistant import llm_backoff
    from assistant.chat.session import ChatSession
    from assistant.config import LLMSettings, Settings
    from assistant.store import service

    rows: list[dict[str, Any]] = []
    _warm_up(home)
    for script in scripts:
        name = str(script["id"])
        service.create_campaign(name, script.get("system", "starforged"), seed=int(script.get("seed", 1)))
        recorder = RecordingNarrator(make_narrator())
        session = ChatSession.open(
            name, settings=Settings(home=home, llm=LLMSettings(narration_task=narration_task)), narrator=recorder
        )
        suggestions: list[Any] = []
        for number, text in enumerate(script["turns"], 1):
            llm_backoff.reset()  # the eval measures the model on every turn, not the app's back-off
            before = len(recorder.drafts)
            started = time.perf_counter()
            if isinstance(text, str) and text.startswith("#") and text[1:].isdigit():
                index = int(text[1:]) - 1
                chosen = pick(name, number, suggestions) if pick is not None else None
                index = index if chosen is None else chosen
                turn = session.confirm(suggestions[index]) if 0 <= index < len(suggestions) else session.send(text)
            else:
                turn = session.send(str(text))
            turn_ms = round((time.perf_counter() - started) * 1000, 1)
            suggestions = list(turn.suggestions) if turn.suggestions and not turn.results else []
            drafts = recorder.drafts[before:]
            if not drafts:
                continue
            records = []
            for draft in drafts:
                request = draft["request"]
                facts = facts_record(request)
                record = {
                    "script": name, "turn": number, "input": text, "attempt": draft["attempt"], "task": request.task,
                    "moves": [r.move for r in request.results], "outcomes": [r.outcome for r in request.results],
                    "text": draft["text"], "error": draft.get("error"), "violations": _guard_violations(draft, facts),
                    "ttft_ms": draft["ttft_ms"], "ms": draft["ms"], "prompt_tokens": draft["prompt_tokens"], "facts": facts,
                }  # fmt: skip
                if draft.get("raw"):
                    record["raw"] = draft["raw"]
                records.append(record)
            records[-1]["shown"] = turn.narration  # what the player read: the engine's opening, the story, the cuts
            if drafts_out is not None:
                for record in records:
                    drafts_out.write(json.dumps(record, ensure_ascii=False) + "\n")
                drafts_out.flush()
            first = records[0]
            row = {
                "script": name,
                "turn": number,
                "narrator": turn.narrator,
                "turn_ms": turn_ms,
                "first_violations": [v["kind"] for v in first["violations"]],
                "first_error": first["error"],
                "errors": [r["error"] for r in records if r["error"]],
                "ttft_ms": first["ttft_ms"],
                "prompt_tokens": first["prompt_tokens"],
                "drafts": len(records),
                # the shown draft broke a rule after its story and was cut there (assistant.chat.narration)
                "cut": turn.narrator != "template-fallback" and bool(records[-1]["violations"] or records[-1]["error"]),
                # the turn's deadline came after some story: it stands, ending at its last full sentence
                "deadline_cut": turn.narrator != "template-fallback" and "timeout" in (records[-1]["error"] or ""),
                # the player read the engine's opening alone: the model's story added nothing to it
                "opening_only": turn.narrator != "template-fallback" and _opening_only(turn.narration, first["facts"]),
            }  # fmt: skip
            rows.append(row)
            print(json.dumps(row, ensure_ascii=False), file=sys.stderr, flush=True)
    return rows


def _opening_only(shown: str, facts: dict[str, Any]) -> bool:
    """Whether the story shown is the engine's opening (its attempt and outcome, an answer, a row) and nothing more."""
    opening = " ".join(str(facts.get("opening") or "").split())
    return bool(opening) and " ".join(shown.split()) == opening


def _warm_up(home: Path) -> None:
    """One offline turn before the timed ones: the embedder, the index and the rulesets load as the app's warm start
    loads them, so the first scripted turn times the model, not the process starting."""
    from assistant.chat.session import ChatSession
    from assistant.config import LLMSettings, Settings
    from assistant.narrate import TemplateNarrator
    from assistant.store import service

    service.create_campaign("faithfulness-warm-up", "starforged", seed=1)
    session = ChatSession.open(
        "faithfulness-warm-up", settings=Settings(home=home, llm=LLMSettings()), narrator=TemplateNarrator()
    )
    turn = session.send("I creep along the corridor")
    if turn.suggestions:
        session.confirm(turn.suggestions[0])


def replay(drafts: list[dict[str, Any]], scripts: list[dict[str, Any]], home: Path) -> list[dict[str, Any]]:
    """Drafts recorded before their lines carried facts, with the facts added and the current guard's violations.

    The scripts are played offline with the same seeds (suggestions were offline in the recorded run too), so each
    turn's Results are the ones the model narrated. A draft whose moves or outcomes differ from the replay (the
    scripts or the engine changed since) gets ``"facts": null`` and keeps its recorded violations."""
    from assistant.narrate.template import TemplateNarrator

    recorded_moves: dict[tuple[Any, Any], Any] = {}
    for d in drafts:
        recorded_moves.setdefault((d.get("script"), d.get("turn")), d.get("moves"))

    def pick(script: str, turn: int, suggestions: list[Any]) -> int | None:
        moves = recorded_moves.get((script, turn)) or []
        names = [getattr(s, "move", None) for s in suggestions]
        return names.index(moves[0]) if moves and moves[0] in names else None

    buffer = io.StringIO()
    play(scripts, TemplateNarrator, home, buffer, pick)
    by_turn: dict[tuple[Any, Any], dict[str, Any]] = {}
    for line in buffer.getvalue().splitlines():
        record = json.loads(line)
        by_turn.setdefault((record["script"], record["turn"]), record)
    out: list[dict[str, Any]] = []
    for draft in drafts:
        found = by_turn.get((draft.get("script"), draft.get("turn")))
        same = found is not None and found["moves"] == draft.get("moves") and found["outcomes"] == draft.get("outcomes")
        row = dict(draft)
        row["facts"] = found["facts"] if same and found else None
        if row["facts"] is not None:
            row["violations"] = _guard_violations(row, row["facts"])
        out.append(row)
    return out
