"""The layers import downward only (ARCHITECTURE.md): the game's values below the powers,
the powers below the engine, and no circle among them, hidden or not.

Every import statement counts, wherever it stands: at the top of a module, inside a
function, or under ``if TYPE_CHECKING:``. A circle dodged by importing late is still a
circle."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "gtr_replay"
RULES_WING = ("gtr_replay.game", "gtr_replay.powers", "gtr_replay.engine")


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in PACKAGE.rglob("*.py")}


def imports(path: Path, name: str) -> list[tuple[str, int, bool]]:
    """(module imported, line, whether inside a function) for every gtr_replay import."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    functions = {id(n) for f in ast.walk(tree) if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))
                 for n in ast.walk(f)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1] + ([base] if base else []))
            known = modules()
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names]
        else:
            continue
        found += [(t, node.lineno, id(node) in functions) for t in targets if t.startswith("gtr_replay")]
    return found


def graph(prefixes: tuple[str, ...]) -> dict[str, set[str]]:
    known = modules()
    edges: dict[str, set[str]] = {}
    for name, path in known.items():
        if name.startswith(prefixes):
            edges[name] = {t for t, _, _ in imports(path, name) if t.startswith(prefixes) and t in known and t != name}
    return edges


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def test_no_import_circle_among_the_game_values_the_powers_and_the_engine():
    assert circles(graph(RULES_WING)) == []


def test_the_rules_data_import_only_the_closed_sets_and_the_errors():
    allowed = ("gtr_replay.data", "gtr_replay.enums", "gtr_replay.errors")
    for name, path in modules().items():
        if name.startswith("gtr_replay.data"):
            wrong = [(t, line) for t, line, _ in imports(path, name) if not t.startswith(allowed)]
            assert not wrong, f"{name} imports {wrong}"


def test_the_game_values_import_neither_powers_nor_engine():
    wrong = [(name, target) for name, targets in graph(RULES_WING).items() if name.startswith("gtr_replay.game")
             for target in targets if not target.startswith("gtr_replay.game")]
    assert wrong == []


def test_powers_import_the_game_values_and_never_the_engine():
    wrong = [(name, target) for name, targets in graph(RULES_WING).items() if name.startswith("gtr_replay.powers")
             for target in targets if target.startswith("gtr_replay.engine")]
    assert wrong == []


def test_the_rules_wing_imports_nothing_late():
    """No import of the package's own modules inside a function: late imports are how a
    circle hides."""
    late = [f"{path.relative_to(PACKAGE.parent)}:{line} imports {target}"
            for name, path in modules().items() if name.startswith(RULES_WING)
            for target, line, inside in imports(path, name) if inside]
    assert late == []


def test_the_circle_finder_finds_a_circle():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_outside_the_engine_the_rules_are_reached_through_its_front_door():
    """Product code outside ``engine/`` imports the engine package (``Game`` and what a game
    hands back), never one of the engine's modules (ARCHITECTURE.md)."""
    wrong = [f"{path.relative_to(PACKAGE.parent)}:{line} imports {target}"
             for name, path in modules().items() if not name.startswith("gtr_replay.engine")
             for target, line, _ in imports(path, name) if target.startswith("gtr_replay.engine.")]
    assert wrong == []


TESTS = PACKAGE.parent / "tests"

MACHINERY_TESTS = {
    "tests/engine/test_game_listed.py": "Game's listing and pushing against the engine's own listing",
    "tests/engine/test_shortcuts.py": "the handlers' quick answers against their full checks, on bare states",
}
"""The tests whose subject is the engine's machinery behind ``Game``, each with why."""


def test_the_tests_play_through_the_front_door():
    """A test plays, lists and checks decisions through ``Game``, as a user of the library does;
    ``engine.core`` is imported only by the tests of the machinery behind it."""
    wrong = [f"{path.relative_to(TESTS.parent)}:{line}" for path in sorted(TESTS.rglob("*.py"))
             if path.relative_to(TESTS.parent).as_posix() not in MACHINERY_TESTS
             for target, line, _ in imports(path, "tests") if target == "gtr_replay.engine.core"]
    assert wrong == []
