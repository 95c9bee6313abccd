"""The ``assistant`` command line.

Each capability registers its own commands from its own module (``register(app)``), so this file
stays a table of contents.
"""

from __future__ import annotations

import importlib

import typer

app = typer.Typer(
    name="assistant",
    help="tabletop-oracle: rules engine, rules answers and campaigns for tabletop RPGs.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

#: Modules that contribute commands; each defines ``register(app: typer.Typer) -> None``.
COMMAND_MODULES = [
    "assistant.cli_resolve",
    "assistant.cli_shell",
    "rules_index.cli",
    "assistant.store.cli",
    "assistant.store.cli_characters",
    "assistant.suggest.cli",
    "assistant.chat.cli",
    "assistant.ui.cli",
]


def _register_all() -> None:
    for name in COMMAND_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name and name.startswith(exc.name):  # that capability is not built yet
                continue
            raise
        module.register(app)


_register_all()


def main() -> None:
    from assistant.secrets import install_log_scrubber

    install_log_scrubber()
    app()


if __name__ == "__main__":
    main()
