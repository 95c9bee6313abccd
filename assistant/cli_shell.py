"""``assistant play``: a small interactive shell over the engine and the rules index.

It is the app's text face until the web UI lands: type a JSON request to resolve it, ``roll 2d6+1``
for free dice, ``odds {...}`` for exact odds, ``ask <question>`` for a cited rules answer, ``moves``
to list moves, ``quit`` to leave. Reads stdin, so it also runs scripted (``assistant play < file``).
"""

from __future__ import annotations

import json
import random
import sys
from typing import Any

import typer

from assistant.engine import AssistantError, get_ruleset, resolve
from assistant.engine.notation import roll_notation
from assistant.engine.probability import odds_for_request

HELP = """commands:
  {"move": "Face Danger", "stat": "edge", ...}   resolve a request (system defaults to the shell's)
  roll 2d6+1                                     free dice notation
  odds {"move": "Strike", "stat": "iron"}        exact odds before rolling
  ask what happens when my heat reaches 9?      cited rules answer
  moves                                          list the system's moves
  system NAME                                    switch system
  quit"""


def _summary(result: dict[str, Any]) -> str:
    parts = [f"{result['move']}: {result['outcome'].replace('_', ' ')}"]
    if result.get("score") is not None:
        parts.append(f"score {result['score']}")
    if result.get("challenge"):
        parts.append(f"vs {result['challenge'][0]} and {result['challenge'][1]}")
    if result.get("match"):
        parts.append("MATCH")
    lines = [" · ".join(parts), result.get("text", "")]
    lines += [f"  {e['target']}: {e['before']} -> {e['after']} ({e['reason']})" for e in result.get("effects", [])]
    lines += [f"  choose {c['pick'] or 'any'}: " + " | ".join(o["id"] for o in c["options"]) for c in result.get("choices", [])]
    lines += [f"  then: {f['move']} ({f['reason']})" for f in result.get("follow_ups", [])]
    return "\n".join(line for line in lines if line)


def play(system: str = typer.Option("starforged", "--system", "-s"), seed: int | None = typer.Option(None, "--seed")) -> None:
    """Interactive shell: resolve moves, roll dice, see odds, ask rules questions."""
    rng = random.Random(seed)
    interactive = sys.stdin.isatty()
    if interactive:
        typer.echo(f"tabletop-oracle ({system}). Type 'help' for commands.")
    for raw in sys.stdin:
        line = raw.strip()
        if not line:
            continue
        try:
            if line in {"quit", "exit"}:
                break
            if line == "help":
                typer.echo(HELP)
            elif line.startswith("system "):
                system = get_ruleset(line.split(None, 1)[1]).system_id
                typer.echo(f"system: {system}")
            elif line == "moves":
                typer.echo("\n".join(m.name for m in get_ruleset(system).moves))
            elif line.startswith("roll "):
                typer.echo(roll_notation(line[5:], rng=rng).detail)
            elif line.startswith("odds "):
                request = {"system": system, **json.loads(line[5:])}
                typer.echo(json.dumps(odds_for_request(request).to_dict()))
            elif line.startswith("ask "):
                from assistant.citation_words import shown_text
                from rules_index.qa import answer  # the rules index (optional until built)

                typer.echo(shown_text(answer(line[4:], system=system).render()))
            elif line.startswith("{"):
                typer.echo(_summary(resolve({"system": system, **json.loads(line)}, rng=rng).to_dict()))
            else:
                typer.echo("Unknown command; type 'help'.")
        except json.JSONDecodeError as exc:
            typer.echo(f"error: not valid JSON ({exc.msg})")
        except AssistantError as exc:
            typer.echo(f"error: {exc.message}")
        if interactive:
            typer.echo("")


def register(app: typer.Typer) -> None:
    app.command("play")(play)
