"""The doors :mod:`evals.fuzz` feeds generated input through: resolve, batch, chat, journal, campaign import, ingest.

Each door is a context manager yielding ``(strategy, run)``; ``run(value)`` returns True (accepted) or False (our
error), raises our AssistantError for a refusal, or :class:`Crash` / anything else for a crash.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

INTERNAL = "Something went wrong on our side"


class Crash(Exception):
    """A finding: the door broke its contract (see the module docstring)."""


Run = Callable[[Any], bool]


@contextmanager
def _resolve_door(work: Path) -> Iterator[tuple[Any, Run]]:
    import copy
    import random

    from assistant.engine import resolve
    from assistant.inputs import printable
    from evals.fuzz_cases import MALFORMED, REQUESTS, json_values

    def run(value: tuple[Any, int]) -> bool:
        request, dice_seed = value
        snapshot = copy.deepcopy(request)
        try:
            result = resolve(request, rng=random.Random(dice_seed))
        finally:
            if request != snapshot:
                raise Crash("the request was changed")
        printable(json.dumps(result.to_dict(), ensure_ascii=False)).encode("utf-8")
        return True

    yield st.tuples(st.one_of(REQUESTS, REQUESTS, REQUESTS, MALFORMED, json_values), st.integers(0, 2**16)), run


@contextmanager
def _batch_door(work: Path) -> Iterator[tuple[Any, Run]]:
    from typer.testing import CliRunner

    from assistant.cli import app
    from evals.fuzz_cases import BATCHES

    runner = CliRunner()
    path = work / "batch.jsonl"

    def run(data: bytes) -> bool:
        path.write_bytes(data)
        result = runner.invoke(app, ["resolve", "--batch", str(path), "--seed", "7"])
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise result.exception
        if result.exit_code not in (0, 1):
            raise Crash(f"exit status {result.exit_code}: {result.output[-300:]}")
        lines = result.stdout.splitlines()
        expected = sum(1 for raw in data.split(b"\n") if raw.rstrip(b"\r").strip())
        if len(lines) != expected:
            raise Crash(f"{expected} lines in, {len(lines)} out: {result.output[-300:]}")
        errors = 0
        for line in lines:
            line.encode("utf-8")
            out = json.loads(line)
            if isinstance(out, dict) and "error" in out:
                if out["error"].get("type") == "internal" or "Traceback" in line:
                    raise Crash(f"internal error: {line[:300]}")
                errors += 1
        return errors == 0

    yield BATCHES, run


def _mechanics(state: Any) -> dict[str, Any]:
    data = state.comparable()
    return {k: data[k] for k in ("characters", "active_character", "tracks", "clocks", "slots", "undo_stack")}


@contextmanager
def _chat_door(work: Path) -> Iterator[tuple[Any, Run]]:
    from assistant.chat.session import ChatSession
    from assistant.store import service
    from evals.fuzz_cases import MESSAGES, SYSTEMS

    sessions: dict[str, Any] = {}
    last: dict[str, Any] = {}
    for system in SYSTEMS:
        service.create_campaign(f"fuzz-{system}", system, seed=5)
        sessions[system] = ChatSession.open(f"fuzz-{system}")

    def act(system: str, action: Any) -> Any:
        session = sessions[system]
        if isinstance(action, str):
            return session.send(action)
        if action[0] == "confirm":
            previous = last.get(system)
            suggestions = getattr(previous, "suggestions", None) or []
            return session.confirm(suggestions[action[1] % len(suggestions)] if suggestions else {"move": "x"})
        question = session.pending_question
        if question is not None and question.answers and isinstance(action[1], int):
            return session.answer(question.answers[action[1] % len(question.answers)].value)
        return session.answer(action[1])

    def run(value: tuple[str, Any]) -> bool:
        system, action = value
        name = f"fuzz-{system}"
        before = _mechanics(service.load_campaign(name))
        turn = act(system, action)
        last[system] = turn
        if turn.kind != "error":
            return True
        error = turn.error or ""
        if INTERNAL in error or "Traceback" in error:
            raise Crash(f"internal error shown: {error[:300]}")
        if _mechanics(service.load_campaign(name)) != before:
            raise Crash(f"an error changed the campaign: {error[:200]}")
        return False

    actions = st.one_of(
        MESSAGES,
        MESSAGES,
        st.tuples(st.just("confirm"), st.integers(0, 3)),
        st.tuples(st.just("answer"), st.one_of(st.integers(0, 3), st.text(max_size=12), st.sampled_from(["yes", "2", "none"]))),
    )
    yield st.tuples(st.sampled_from(SYSTEMS), actions), run


def _sources() -> list[str]:
    """Exports of a short played campaign of each system, in both formats."""
    from assistant.chat.session import ChatSession
    from assistant.store import service
    from evals.fuzz_cases import SYSTEMS

    texts: list[str] = []
    for system in SYSTEMS:
        name = f"source-{system}"
        service.create_campaign(name, system, {"name": "Kira"}, seed=8)
        session = ChatSession.open(name)
        for words in ("I sneak past the guard", "I fight the raider", "I ask around for rumors", "/clock 4 Alarm"):
            turn = session.send(words)
            if turn.suggestions:
                turn = session.confirm(turn.suggestions[0])
            question = session.pending_question
            if question is not None and question.answers:
                session.answer(question.answers[0].value)
        texts += [service.export(name, "markdown"), service.export(name, "ironvault")]
    return texts


def _check_import(created: str | None, before: list[str]) -> bool:
    from assistant.store import service

    names = sorted(c.name for c in service.list_campaigns())
    if created is None:
        if names != before:
            raise Crash("a refused import still created a campaign")
        return False
    service.replay(created)  # whatever import accepts replays (a mismatch here is a crash)
    return True


@contextmanager
def _fresh_home(work: Path, every: int) -> Iterator[Callable[[], None]]:
    """Point the store at a new data directory every ``every`` calls (imports pile up campaigns otherwise)."""
    from assistant.store import service

    count = [0]

    def tick() -> None:
        count[0] += 1
        if count[0] % every == 0:
            service.close_stores()
            os.environ["TABLETOP_HOME"] = str(work / f"home-{count[0]}")

    yield tick


@contextmanager
def _journal_door(work: Path) -> Iterator[tuple[Any, Run]]:
    from assistant.store import service
    from evals.fuzz_cases import MUTATIONS, mutate

    sources = _sources()
    with _fresh_home(work, 500) as tick:

        def run(value: tuple[int, list[Any]]) -> bool:
            tick()
            text = mutate(sources[value[0] % len(sources)], value[1])
            before = sorted(c.name for c in service.list_campaigns())
            try:
                created = service.import_journal(text)
            except Exception:
                _check_import(None, before)
                raise
            return _check_import(created, before)

        yield st.tuples(st.integers(0, 99), MUTATIONS), run


def _special_file(work: Path, kind: str, target: Path, data: bytes) -> Path:
    """A file of the given kind at ``target`` (recreated each time)."""
    if target.is_dir() and not target.is_symlink():
        target.rmdir()
    elif os.path.lexists(target):
        target.unlink()  # a pipe left by the last case too (writing to it would wait for a reader)
    if kind == "symlink":
        outside = work / "outside.txt"
        outside.write_bytes(data)
        target.symlink_to(outside)
    elif kind == "fifo":
        os.mkfifo(target)
    elif kind == "folder":
        target.mkdir()
    elif kind == "oversized":
        with target.open("wb") as handle:
            handle.truncate(25_000_000)
    elif kind == "bytes":
        target.write_bytes(data)
    return target  # "missing": nothing there


@contextmanager
def _campaign_import_door(work: Path) -> Iterator[tuple[Any, Run]]:
    from typer.testing import CliRunner

    from assistant.cli import app
    from assistant.store import service
    from evals.fuzz_cases import ENCODINGS, FILE_KIND, MUTATIONS, _as_bytes, mutate

    sources = _sources()
    runner = CliRunner()
    target = work / "journal.md"

    with _fresh_home(work, 500) as tick:

        def run(value: tuple[str, int, list[Any], str, bytes, bytes]) -> bool:
            tick()
            kind, index, edits, how, tail, noise = value
            text = mutate(sources[index % len(sources)], edits)
            data = noise if how == "noise" else _as_bytes(text, tail, how)
            path = _special_file(work, kind, target, data)
            before = sorted(c.name for c in service.list_campaigns())
            result = runner.invoke(app, ["campaign", "import", str(path), "--json"])
            if result.exception is not None and not isinstance(result.exception, SystemExit):
                raise result.exception
            output = result.stdout.strip()
            if "unexpected failure" in output or "Traceback" in output:
                raise Crash(f"internal error: {output[:300]}")
            out = json.loads(output)
            if "error" in out:
                return _check_import(None, before)
            return _check_import(str(out["name"]), before)

        hows = st.one_of(ENCODINGS, st.just("noise"))
        yield (
            st.tuples(FILE_KIND, st.integers(0, 99), MUTATIONS, hows, st.binary(min_size=1, max_size=6), st.binary(max_size=200)),
            run,
        )


@contextmanager
def _ingest_door(work: Path) -> Iterator[tuple[Any, Run]]:
    from evals.fuzz_cases import ENCODINGS, FILE_KIND, HOMEBREW, HOMEBREW_NAMES, SYSTEM_NAMES, _as_bytes
    from rules_index import homebrew
    from rules_index.embed import HashEmbedder
    from rules_index.index import RulesIndex

    index = RulesIndex(HashEmbedder(), path=work / "index")
    folder = work / "homebrew"
    folder.mkdir()

    def run(value: tuple[str, str, str, str, bytes, str]) -> bool:
        kind, text, how, name, tail, system = value
        path = _special_file(work, kind, folder / name, _as_bytes(text, tail, how))
        before = index.collection.count()
        try:
            homebrew.ingest(path, system, index)
        except Exception:
            if index.collection.count() != before:
                raise Crash("a refused ingest changed the index") from None
            raise
        return True

    yield st.tuples(FILE_KIND, HOMEBREW, ENCODINGS, HOMEBREW_NAMES, st.binary(min_size=1, max_size=6), SYSTEM_NAMES), run


DOORS: dict[str, Callable[[Path], Any]] = {
    "resolve": _resolve_door,
    "batch": _batch_door,
    "chat": _chat_door,
    "journal": _journal_door,
    "campaign-import": _campaign_import_door,
    "ingest": _ingest_door,
}
