"""Getting ready before the first question: the embedding model, the rules index and the move vectors.

``assistant prepare`` (and ``make prepare``, run by ``make run``) does it once on disk: the rules index is
built or brought up to date under ``TABLETOP_HOME/rules_index`` (keyed on each file's content hash and the
model) and every system's move vectors are written under ``TABLETOP_HOME/cache``. Later processes only
read them. The app calls :func:`start_warm_start` at start, which does the same in a background thread so
that the model is loaded and the index open before the first click, and compiles what the first narration of each
system checks it with (``TABLETOP_WARM_START=0`` turns it off).
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

Progress = Callable[[str], None]


@dataclass
class PrepareReport:
    """What preparing did and how long each step took (seconds)."""

    steps: dict[str, float] = field(default_factory=dict)
    passages: int = 0
    embedded: int = 0
    systems: list[str] = field(default_factory=list)
    error: str | None = None

    @property
    def total(self) -> float:
        return sum(self.steps.values())


def _timed(report: PrepareReport, name: str, progress: Progress | None, func: Callable[[], Any]) -> Any:
    if progress is not None:
        progress(name)
    start = time.perf_counter()
    try:
        return func()
    finally:
        report.steps[name] = time.perf_counter() - start


def prepare(progress: Progress | None = None, rules: bool = True, moves: bool = True, reuse: bool = False) -> PrepareReport:
    """Load the model, build or refresh the rules index and every system's move vectors; report timings.

    With ``reuse`` (the app's warm start), a current snapshot of the prepared index
    (:mod:`rules_index.snapshot`) is read instead of opening the store: it is provably what a sync would leave,
    so nothing is synced or written, and the app's rules answers read it as a one-off ``assistant ask`` does.
    Without a current one, the store is opened and brought up to date as always."""
    from assistant.suggest import default_embedder, known_systems, moves_for
    from assistant.suggest.ranker import warm_vectors

    report = PrepareReport()
    embedder = default_embedder()
    load = getattr(embedder, "load", None)
    _timed(report, "loading the embedding model", progress, lambda: load() if callable(load) else None)
    if rules:
        from rules_index.search import get_index

        index = _timed(report, "opening the rules index", progress, lambda: get_index(refresh=False, snapshot=reuse))
        if reuse and index.from_snapshot:
            report.passages = len(_timed(report, "reading the passages for keyword search", progress, index.lexical).chunks)
            _timed(report, "reading the rules' sentences", progress, lambda: _warm_sentences(index))
        else:
            _prepare_index(report, progress, index)
    if moves:

        def build() -> None:
            for system in known_systems():
                warm_vectors(system, moves_for(system), embedder)
                report.systems.append(system)

        _timed(report, "embedding every system's moves", progress, build)
    return report


def _warm_sentences(index: Any) -> None:
    """The sentence vectors of every passage, and the names each shipped text lacks, read (or embedded) now."""
    from rules_index import scope
    from rules_index.sentences import sentence_vectors

    sentence_vectors(index).warm(index.chunks())
    scope.warm(index)  # the names of what each shipped text lacks, compared with every question


def _prepare_index(report: PrepareReport, progress: Progress | None, index: Any) -> None:
    """Bring the opened index up to date, warm what questions read, and save its snapshot."""

    def sync_all() -> Any:
        from rules_index.notes import sync_notes

        done = index.sync_corpus()
        done += sync_notes(index)
        return done

    sync = _timed(report, "indexing the rules texts and notes", progress, sync_all)
    report.embedded = sync.embedded
    report.passages = len(_timed(report, "reading the passages for keyword search", progress, index.lexical).chunks)

    _timed(report, "embedding the rules' sentences", progress, lambda: _warm_sentences(index))

    def snapshot() -> None:
        from rules_index.snapshot import load_snapshot, write_snapshot

        if index.path is not None and load_snapshot(index.path, index.embedder.name) is None:
            write_snapshot(index)

    _timed(report, "saving the index for one-off questions", progress, snapshot)


# ---- the app's warm start -----------------------------------------------------------------------------


def _warm_narration() -> None:
    """What each system's first offline narration compiles (the guard's patterns, the narrator's verbs), done before
    the first click instead of in the first confirm."""
    from assistant.chat.narration import warm
    from assistant.engine.registry import available_systems

    for system in available_systems():
        warm(system)


@dataclass
class WarmStart:
    """A background warm start: whether it is done, what it is doing, and how it ended."""

    thread: threading.Thread | None = None
    step: str = "starting"
    report: PrepareReport | None = None
    done: threading.Event = field(default_factory=threading.Event)

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until the warm start has finished (True) or ``timeout`` seconds passed (False)."""
        return self.done.wait(timeout)


_WARM: WarmStart | None = None
_WARM_LOCK = threading.Lock()


def warm_start_enabled() -> bool:
    """False when ``TABLETOP_WARM_START`` is ``0``/``false``/``no``/``off`` (tests turn it off)."""
    return (os.environ.get("TABLETOP_WARM_START") or "1").strip().lower() not in {"0", "false", "no", "off"}


def start_warm_start() -> WarmStart:
    """Start (once per process) preparing in a background thread; a second call returns the same one."""
    global _WARM
    with _WARM_LOCK:
        if _WARM is not None:
            return _WARM
        warm = WarmStart()
        _WARM = warm
        if not warm_start_enabled():
            warm.step = "off"
            warm.done.set()
            return warm

        def run() -> None:
            def progress(step: str) -> None:
                warm.step = step

            try:
                warm.report = prepare(progress, reuse=True)
                _timed(warm.report, "the narrator and the guard", progress, _warm_narration)
            except Exception as exc:  # noqa: BLE001 - the first question retries and reports it in plain words
                warm.report = PrepareReport(error=f"{exc.__class__.__name__}: {exc}")
            finally:
                warm.step = "ready"
                warm.done.set()

        warm.thread = threading.Thread(target=run, name="tabletop-warm-start", daemon=True)
        warm.thread.start()
        return warm
