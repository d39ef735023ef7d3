"""The tree shows the pipeline: a module imports only its own stage, earlier stages and `graders`."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "assetgen"

# In pipeline order (ARCHITECTURE.md). `_version` and `errors` are shared by every stage; `assetgen.cli`, the
# command line, sits above them all: it may import any stage, and no stage may import it.
STAGES = ["assetgen._version", "assetgen.errors", "assetgen.media", "assetgen.dataset", "assetgen.generate",
          "assetgen.reference", "assetgen.run", "assetgen.report", "assetgen.export", "assetgen.cli"]


def stage_of(module: str) -> int | None:
    for rank, stage in enumerate(STAGES):
        if module == stage or module.startswith(stage + "."):
            return max(rank, 1)  # _version and errors are one base layer
    return None


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(tree: ast.AST, module: str, is_package: bool) -> list[str]:
    """Every module an AST imports, function-level imports included, relative ones resolved."""
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = module.split(".")[: len(module.split(".")) - node.level + (1 if is_package else 0)]
                names.append(".".join(base + ([node.module] if node.module else [])))
            else:
                names.append(node.module or "")
    return names


def violations(source: str, module: str, is_package: bool = False) -> list[str]:
    own = stage_of(module)
    bad = []
    for name in imported(ast.parse(source), module, is_package):
        if name == "cli" or name.startswith("cli.") or (name.startswith("assetgen.cli") and module != "assetgen.cli"):
            bad.append(f"{module} imports the CLI ({name})")
        theirs = stage_of(name)
        if own is not None and theirs is not None and theirs > own:
            bad.append(f"{module} ({STAGES[own]}) imports a later stage: {name}")
        if name == "assetgen" and module != "assetgen":
            bad.append(f"{module} imports the package facade 'assetgen'; import the stage module instead")
    return bad


def test_every_module_belongs_to_a_stage():
    loose = [module_name(p) for p in PACKAGE.rglob("*.py")
             if module_name(p) != "assetgen" and stage_of(module_name(p)) is None]
    assert not loose, f"modules outside every stage: {loose}"


def test_no_module_imports_a_later_stage():
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        module = module_name(path)
        if module == "assetgen":  # the facade re-exports public names lazily
            continue
        found += violations(path.read_text("utf-8"), module, path.name == "__init__.py")
    assert not found, "\n".join(found)


@pytest.mark.parametrize(("module", "source"), [
    ("assetgen.run.runner", "from assetgen.report.grading import grade_run"),
    ("assetgen.generate.build", "def f():\n    import assetgen.run.client"),
    ("assetgen.dataset.golden", "from ..generate import build"),
    ("assetgen.media.video", "from assetgen import load_golden"),
    ("assetgen.export.formats", "from assetgen.cli import main"),
    ("assetgen.report.write", "def f():\n    from assetgen import cli"),
])
def test_the_layer_check_catches_a_later_import(module, source):
    assert violations(source, module)


def test_the_cli_may_import_every_stage():
    source = "\n".join(f"import {stage}" for stage in STAGES if stage != "assetgen.cli")
    assert violations(source, "assetgen.cli") == []


def test_the_root_cli_is_only_the_entry_point():
    """`cli.py` at the root stays the thin entry the layout names; the console script is `assetgen.cli:main`."""
    tree = ast.parse((ROOT / "cli.py").read_text("utf-8"))
    assert imported(tree, "cli", False) == ["assetgen.cli"]


def test_graders_stand_alone():
    for path in (ROOT / "graders").rglob("*.py"):
        for name in imported(ast.parse(path.read_text("utf-8")), "graders.x", False):
            assert not name.startswith(("assetgen", "cli")), f"{path.name} imports {name}"


def test_importing_a_stage_loads_no_later_stage():
    """At run time too: importing the reference endpoint loads no case, truth or grader code."""
    code = ("import sys, assetgen.reference.server, assetgen.media; "
            "print(sorted(m for m in sys.modules if m.startswith(('assetgen.dataset', 'assetgen.generate', "
            "'assetgen.run', 'assetgen.report', 'graders'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.strip() == "[]"
