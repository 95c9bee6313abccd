"""The engine's import graph has no cycle: every import statement (at module level, inside functions, or
for type checking only) between modules of ``assistant/engine`` points one way."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ENGINE = ROOT / "assistant" / "engine"
PACKAGE = "assistant.engine"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


MODULES = {module_name(p): p for p in ENGINE.rglob("*.py")}


def _target(name: str) -> str | None:
    """The engine module an imported name refers to (the deepest existing one), or None outside the engine."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name if name.startswith(PACKAGE) else None


def imports_of(module: str) -> set[str]:
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            names = [f"{base}.{alias.name}" for alias in node.names] + [base]
            names = [n for n in names if n in MODULES] or [base]
        else:
            continue
        for name in names:
            target = _target(name)
            if target is not None and target != module:
                found.add(target)
    return found


GRAPH = {module: imports_of(module) for module in MODULES}


def find_cycle() -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(GRAPH[node]):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt) :], nxt]
            if nxt not in state:
                cycle = visit(nxt)
                if cycle:
                    return cycle
        stack.pop()
        state[node] = 2
        return None

    for module in sorted(GRAPH):
        if module not in state:
            cycle = visit(module)
            if cycle:
                return cycle
    return None


def test_the_engine_import_graph_has_no_cycle() -> None:
    cycle = find_cycle()
    assert cycle is None, " -> ".join(cycle or [])


def test_the_graph_sees_the_engine_and_its_layers() -> None:
    """The checker reads real edges (so a pass means something): the driver uses the context, the context
    does not use the driver, and nothing in the engine imports a layer above it."""
    assert "assistant.engine.context" in GRAPH["assistant.engine.resolution"]
    assert "assistant.engine.resolution" not in GRAPH["assistant.engine.context"]
    assert "assistant.engine.ruleset" in GRAPH["assistant.engine.rulesets.starforged.ruleset"]
    for module, path in MODULES.items():
        source = path.read_text(encoding="utf-8")
        for layer in ("assistant.chat", "assistant.store", "assistant.narrate", "assistant.guard", "assistant.ui", "rules_index"):
            assert f"from {layer}" not in source and f"import {layer}" not in source, (module, layer)


def test_a_cycle_is_caught() -> None:
    GRAPH["assistant.engine.context"].add("assistant.engine.resolution")
    try:
        assert find_cycle() is not None
    finally:
        GRAPH["assistant.engine.context"].discard("assistant.engine.resolution")
