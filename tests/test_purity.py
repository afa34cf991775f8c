"""The layers: rules/ is pure (no Discord, Pillow, database or asyncio), layers point down only
(cogs -> bot -> rules), no module imports another's private names, and no import circles."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN = {"discord", "PIL", "aiosqlite", "asyncpg", "asyncio", "sqlite3", "bot", "cogs"}
RULES = ROOT / "rules"
LAYERS = {"rules": {"bot", "cogs"}, "bot": {"cogs"}, "cogs": set()}


def _runtime_imports(tree: ast.Module) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement, except those under `if TYPE_CHECKING:` (type hints only)."""
    out: list[ast.Import | ast.ImportFrom] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import | ast.ImportFrom):
            out.append(node)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return out


def imported_roots(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    roots: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
    return roots


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def project_modules() -> dict[str, Path]:
    return {module_name(p): p for top in LAYERS for p in (ROOT / top).rglob("*.py")}


def import_graph(modules: dict[str, Path]) -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        deps: set[str] = set()
        for node in _runtime_imports(ast.parse(path.read_text())):
            targets = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                + [f"{node.module}.{a.name}" for a in node.names if node.module]
            )
            deps.update(t for t in targets if t in modules and t != name)
        graph[name] = deps
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def dfs(n: str) -> list[str] | None:
        state[n] = 1
        stack.append(n)
        for m in sorted(graph.get(n, ())):
            if state.get(m) == 1:
                return [*stack[stack.index(m) :], m]
            if m not in state and (found := dfs(m)):
                return found
        stack.pop()
        state[n] = 2
        return None

    for n in sorted(graph):
        if n not in state and (found := dfs(n)):
            return found
    return None


def test_every_rules_package_is_a_package_with_modules() -> None:
    packages = [p for p in RULES.iterdir() if p.is_dir() and not p.name.startswith("__")]
    assert {p.name for p in packages} >= {"core", "wargame_chess"}
    for p in packages:
        assert (p / "__init__.py").exists(), p
    assert len(list(RULES.rglob("*.py"))) >= 20


def test_rules_imports_nothing_impure() -> None:
    offenders = {
        str(p.relative_to(RULES)): sorted(imported_roots(p) & FORBIDDEN)
        for p in RULES.rglob("*.py")
        if imported_roots(p) & FORBIDDEN
    }
    assert offenders == {}


def test_the_check_catches_a_forbidden_import(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("import asyncio\nfrom PIL import Image\nfrom discord.ext import commands\n")
    assert imported_roots(bad) & FORBIDDEN == {"asyncio", "PIL", "discord"}


def test_layers_point_down_only() -> None:
    offenders = {}
    for top, above in LAYERS.items():
        for p in (ROOT / top).rglob("*.py"):
            bad = imported_roots(p) & above
            if bad:
                offenders[str(p.relative_to(ROOT))] = sorted(bad)
    assert offenders == {}


def test_the_core_knows_no_rule_system() -> None:
    for p in (RULES / "core").rglob("*.py"):
        for node in ast.walk(ast.parse(p.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module:
                assert node.module.startswith("rules.core") or not node.module.startswith(
                    "rules"
                ), (p.name, node.module)


def test_no_module_imports_another_modules_private_names() -> None:
    modules = project_modules()
    offenders = []
    for name, path in modules.items():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module in modules:
                offenders += [
                    f"{name}: {node.module}.{a.name}" for a in node.names if a.name[0] == "_"
                ]
    assert offenders == []


def test_no_import_circles() -> None:
    assert find_cycle(import_graph(project_modules())) is None


def test_the_circle_check_finds_a_circle() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None
