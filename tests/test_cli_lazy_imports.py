"""The engine's commands start without the model, the vector store or the LLM libraries."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys

import pytest
import typer

from assistant import cli

HEAVY = ("torch", "chromadb", "langchain", "langchain_core", "langchain_openai", "sentence_transformers", "streamlit")
PROBE = (
    "import json, sys\n"
    "from assistant import cli\n"
    "sys.argv = ['assistant', *json.loads(sys.argv[1])]\n"
    "try:\n"
    "    cli.main()\n"
    "except SystemExit as exc:\n"
    "    code = exc.code\n"
    "else:\n"
    "    code = 0\n"
    f"heavy = sorted({{m.split('.')[0] for m in sys.modules}} & set({HEAVY!r}))\n"
    "print(json.dumps({'code': code, 'heavy': heavy}), file=sys.stderr)\n"
)
FACE_DANGER = {"system": "starforged", "move": "face danger", "stat": "edge", "character": {"stats": {"edge": 2}}}


@pytest.mark.parametrize(
    "args",
    [
        ["resolve"],
        ["odds"],
        ["roll", "2d6+1", "--seed", "3"],
        ["moves", "--system", "starforged"],
        ["systems"],
    ],
)
def test_engine_commands_never_import_the_model_store_or_llm_libraries(args: list[str]) -> None:
    proc = subprocess.run(
        [sys.executable, "-c", PROBE, json.dumps(args)],
        input=json.dumps(FACE_DANGER),
        capture_output=True,
        text=True,
        timeout=120,
    )
    report = json.loads(proc.stderr.strip().splitlines()[-1])
    assert report == {"code": 0, "heavy": []}, proc.stdout[-500:] + proc.stderr[-500:]
    assert proc.stdout.strip()


def test_every_registered_command_is_in_the_table_of_contents() -> None:
    for name in cli.COMMAND_MODULES:
        probe = typer.Typer()
        importlib.import_module(name).register(probe)
        names = {c.name for c in probe.registered_commands} | {g.name for g in probe.registered_groups}
        assert names and all(cli.COMMANDS.get(n) == name for n in names), (name, names)
    assert set(cli.COMMANDS.values()) <= set(cli.COMMAND_MODULES)


def test_the_full_app_still_lists_every_command() -> None:
    from typer.testing import CliRunner

    out = CliRunner().invoke(cli.app, ["--help"]).output
    for name in cli.COMMANDS:
        assert name in out


def test_an_unknown_command_gets_the_usual_message() -> None:
    proc = subprocess.run([sys.executable, "-m", "assistant.cli", "resolv"], capture_output=True, text=True, timeout=120)
    assert proc.returncode != 0 and "resolv" in proc.stderr and "Traceback" not in proc.stderr
