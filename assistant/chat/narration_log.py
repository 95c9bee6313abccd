"""The guard log of a narration: every draft rejected or cut, as a warning and a line of ``guard.jsonl`` (secrets
scrubbed), for the maintainers and for tuning prompts on real models."""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from assistant.guard import Violation
from assistant.narrate import NarrationRequest, Narrator
from assistant.secrets import scrub

log = logging.getLogger("assistant.chat.narration")  # the narration's own logger: the log reads as one


def log_echo(
    log_dir: Path | None, campaign: str, narrator: Narrator, attempt: int, problem: str, request: NarrationRequest
) -> None:
    """Log a draft stopped for a loop or an echo of its prompt, like the guard's violations."""
    log_rejected(log_dir, campaign, narrator, attempt, [{"kind": "echo", "detail": problem}], request)


def log_violations(
    log_dir: Path | None,
    campaign: str,
    narrator: Narrator,
    attempt: int,
    violations: Sequence[Violation],
    request: NarrationRequest,
) -> None:
    log_rejected(log_dir, campaign, narrator, attempt, [v.to_dict() for v in violations], request)


def log_rejected(
    log_dir: Path | None,
    campaign: str,
    narrator: Narrator,
    attempt: int,
    details: list[dict[str, Any]],
    request: NarrationRequest,
    *,
    kept: str = "",
) -> None:
    """One rejected draft: a warning, and a line of ``guard.jsonl`` under ``log_dir`` (secrets scrubbed).

    ``kept`` says what was shown of it when the draft was cut rather than thrown away."""
    log.warning(
        "guard: %s narration attempt %d %s: %s",
        getattr(narrator, "name", "?"),
        attempt + 1,
        "cut" if kept else "rejected",
        "; ".join(f"{d['kind']}: {d['detail']}" for d in details),
    )
    if log_dir is None:
        return
    entry = {
        "at": datetime.now(UTC).isoformat(timespec="seconds"),
        "campaign": campaign,
        "narrator": getattr(narrator, "name", "?"),
        "attempt": attempt + 1,
        "task": request.task,
        "moves": [getattr(r, "move", "") for r in request.results],
        "violations": details,
    }
    if kept:
        entry["kept"] = kept
    try:
        log_dir.mkdir(parents=True, exist_ok=True)
        with (log_dir / "guard.jsonl").open("a", encoding="utf-8") as fh:
            fh.write(scrub(json.dumps(entry, ensure_ascii=False)) + "\n")
    except OSError as exc:  # the log is a convenience; the turn goes on
        log.warning("could not write the guard log: %s", exc)
