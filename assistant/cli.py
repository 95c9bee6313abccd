"""The ``assistant`` command line.

Each capability registers its own commands from its own module (``register(app)``), so this file
stays a table of contents. Only the module of the command being run is imported: ``assistant resolve``
loads the engine and nothing else (no model, no vector store, no LLM library), so it starts at once.
"""

from __future__ import annotations

import importlib
import sys
from typing import Any

import typer

HELP = "tabletop-oracle: rules engine, rules answers and campaigns for tabletop RPGs."

#: Modules that contribute commands; each defines ``register(app: typer.Typer) -> None``.
COMMAND_MODULES = [
    "assistant.cli_resolve",
    "assistant.cli_shell",
    "rules_index.cli",
    "assistant.store.cli",
    "assistant.store.cli_characters",
    "assistant.suggest.cli",
    "assistant.chat.cli",
    "assistant.cli_prepare",
    "assistant.ui.cli",
]

#: Which module registers each top-level command (a test checks this table against the modules).
COMMANDS: dict[str, str] = {
    "resolve": "assistant.cli_resolve",
    "odds": "assistant.cli_resolve",
    "moves": "assistant.cli_resolve",
    "roll": "assistant.cli_resolve",
    "systems": "assistant.cli_resolve",
    "play": "assistant.cli_shell",
    "ask": "rules_index.cli",
    "ingest": "rules_index.cli",
    "campaign": "assistant.store.cli",
    "character": "assistant.store.cli_characters",
    "suggest": "assistant.suggest.cli",
    "chat": "assistant.chat.cli",
    "prepare": "assistant.cli_prepare",
    "ui": "assistant.ui.cli",
}


def build_app(modules: list[str] | None = None) -> typer.Typer:
    """The ``assistant`` app with the commands of ``modules`` (all of them by default)."""
    built = typer.Typer(
        name="assistant",
        help=HELP,
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
    )

    @built.callback()
    def _root() -> None:  # a group even when only one command is loaded
        pass

    _root.__doc__ = HELP
    for name in COMMAND_MODULES if modules is None else modules:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name and name.startswith(exc.name):  # that capability is not built yet
                continue
            raise
        module.register(built)
    return built


_FULL: typer.Typer | None = None


def __getattr__(name: str) -> Any:
    """``assistant.cli.app``: the app with every command (built on first access)."""
    global _FULL
    if name == "app":
        if _FULL is None:
            _FULL = build_app()
        return _FULL
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _command_module(argv: list[str]) -> str | None:
    """The module of the command named first in ``argv`` (None: no command, or help for all)."""
    for arg in argv:
        if arg.startswith("-"):
            return None  # an option before the command (--help): show everything
        return COMMANDS.get(arg)
    return None


def main() -> None:
    from assistant.secrets import install_log_scrubber

    install_log_scrubber()
    module = _command_module(sys.argv[1:])
    build_app([module] if module else None)()


if __name__ == "__main__":
    main()
