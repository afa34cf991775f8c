"""rules/ is the pure engine: it must never import Discord, Pillow, the database or asyncio."""

import ast
from pathlib import Path

FORBIDDEN = {"discord", "PIL", "aiosqlite", "asyncio", "sqlite3", "bot", "cogs"}
RULES = Path(__file__).resolve().parent.parent / "rules"


def imported_roots(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    roots: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
    return roots


def test_rules_package_has_modules() -> None:
    assert len(list(RULES.glob("*.py"))) >= 10


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
