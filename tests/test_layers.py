"""The tree shows the pipeline: a module imports only its own stage, earlier stages and `graders`."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "assetgen"

# In pipeline order (ARCHITECTURE.md). `_version` and `errors` are shared by every stage; `assetgen.app`, the
# commands that drive the pipeline, sits above the stages, and `assetgen.cli`, the command line, above it: each
# may import anything below it, and nothing below may import it.
STAGES = ["assetgen._version", "assetgen.errors", "assetgen.media", "assetgen.dataset", "assetgen.generate",
          "assetgen.reference", "assetgen.run", "assetgen.report", "assetgen.export", "assetgen.app", "assetgen.cli"]
# Plugin registration, the one sanctioned loop: a registry imports its built-in plugins once, and each plugin
# imports the registry to register itself (families and graders).
PLUGINS = {"assetgen.generate.registry": "assetgen.generate.families", "graders.registry": "graders."}


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


def modules() -> dict[str, Path]:
    return {module_name(p): p for base in ("assetgen", "graders") for p in (ROOT / base).rglob("*.py")}


def edges(module: str, source: str, is_package: bool, known: set[str]) -> set[str]:
    """The modules `module` imports, function-level imports included: `from a import b` is a.b when that is a
    module, else a; a name outside `known` (the standard library, other packages) is left out."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        names = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            [base] = imported(ast.Module(body=[node], type_ignores=[]), module, is_package)
            names = [f"{base}.{alias.name}" for alias in node.names]
        for name in names:
            while name and name not in known:
                name = name.rpartition(".")[0]
            if name and name != module:
                found.add(name)
    plugin = PLUGINS.get(module)
    return {m for m in found if not (plugin and m.startswith(plugin))}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_no_import_cycle_anywhere():
    """Function-level imports included: a lazy import that runs back up is a cycle all the same."""
    known = modules()
    graph = {m: edges(m, p.read_text("utf-8"), p.name == "__init__.py", set(known)) for m, p in known.items()}
    assert cycles(graph) == []


def test_the_cycle_check_sees_a_lazy_cycle():
    known = {"assetgen.report.a", "assetgen.report.b", "assetgen.report.c"}
    graph = {"assetgen.report.a": edges("assetgen.report.a", "from assetgen.report.b import x", False, known),
             "assetgen.report.b": edges("assetgen.report.b", "def f():\n    from assetgen.report import c", False,
                                        known),
             "assetgen.report.c": edges("assetgen.report.c", "def g():\n    import assetgen.report.a", False, known)}
    assert cycles(graph) == [sorted(known)]


def private_imports(module: str, source: str, is_package: bool) -> list[str]:
    """Names with a leading underscore imported from another module of the project (a module of the importer's
    own package, such as families._ask, is that package's business; dunders such as __version__ are public)."""
    bad = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            [base] = imported(ast.Module(body=[node], type_ignores=[]), module, is_package)
            if not base.startswith(("assetgen", "graders")):
                continue
            package = module if is_package else module.rpartition(".")[0]
            for alias in node.names:
                name = alias.name
                if name.startswith("_") and not name.startswith("__") and base != package:
                    bad.append(f"{module} imports {base}.{name}")
    return bad


def test_no_module_imports_a_private_name_of_another():
    found = []
    for module, path in modules().items():
        found += private_imports(module, path.read_text("utf-8"), path.name == "__init__.py")
    assert not found, "\n".join(found)


def test_the_private_name_check_sees_one():
    assert private_imports("assetgen.run.batch", "from assetgen.run.client import _parse_completion", False)
    assert not private_imports("assetgen.generate.families.shapes", "from assetgen.generate.families import _ask",
                               False)


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
    ("assetgen.run.runner", "from assetgen.report.run_report import RunReport"),
    ("assetgen.generate.build", "def f():\n    import assetgen.run.client"),
    ("assetgen.dataset.golden", "from ..generate import build"),
    ("assetgen.media.video", "from assetgen import load_golden"),
    ("assetgen.export.formats", "from assetgen.cli import main"),
    ("assetgen.report.write", "def f():\n    from assetgen import cli"),
])
def test_the_layer_check_catches_a_later_import(module, source):
    assert violations(source, module)


def test_the_cli_may_import_every_stage():
    """By stage order alone; `cli_violations` below holds the CLI to the application layer."""
    source = "\n".join(f"import {stage}" for stage in STAGES if stage != "assetgen.cli")
    assert violations(source, "assetgen.cli") == []


def test_no_stage_may_import_the_application_layer():
    assert violations("from assetgen.app.evaluate import evaluate", "assetgen.report.write")
    assert not violations("from assetgen.app.report import write_reports", "assetgen.app.evaluate")


# The command line sees one surface: from the project (assetgen, graders), assetgen/cli.py imports only the
# application layer (`assetgen.app` and its modules) and `assetgen.errors` (the errors it turns into one line and
# an exit code); never a stage, `graders` or the facade. Records and parsers of the stages that the CLI fills
# from options reach it through `assetgen.app` (app/options.py), what it prints through app/terminal.py.
CLI_MAY_IMPORT = ("assetgen.app", "assetgen.errors")


def cli_violations(source: str) -> list[str]:
    return [name for name in imported(ast.parse(source), "assetgen.cli", False)
            if name.partition(".")[0] in ("assetgen", "graders", "cli")
            and not any(name == allowed or name.startswith(allowed + ".") for allowed in CLI_MAY_IMPORT)]


def test_the_cli_imports_only_the_application_layer():
    assert cli_violations((PACKAGE / "cli.py").read_text("utf-8")) == []


@pytest.mark.parametrize("source", [
    "from assetgen.report.console import print_report",
    "def f():\n    from graders import format_summary",
    "def f():\n    import assetgen.run.runner",
    "from assetgen import load_golden",
    "from assetgen.dataset.golden import default_golden",
])
def test_the_cli_check_catches_a_stage_import(source):
    assert cli_violations(source)


def test_the_cli_check_allows_the_application_layer():
    assert cli_violations("from assetgen.app import build\nfrom assetgen.app.evaluate import evaluate\n"
                          "def f():\n    from assetgen.errors import BuildFailed") == []


# report/ turns graded records into tables, figures and pages; it never grades (grading a run is app/grading.py).
# From `graders` it imports only records, names and constants, and pure helpers over cases and grades already
# made: never `grade`/`grade_many`, the grader registry, a grader or a matcher. Attribute access on an imported
# `graders` module (`graders.grade(...)`) is held to the same list.
REPORT_MAY_USE_FROM_GRADERS = {
    "graders": {"Grade", "Summary", "CAUSES", "RULES", "__version__", "category_key",
                "summarize"},  # summarize: counts grades into a Summary per category
    "graders.causes": {"is_degenerate"},  # is an answer a repetition loop (the fast-but-broken verdict)
    "graders.measured": {"is_measurement"},  # is a case a measurement (latency, TTFT), kept out of accuracy
    "graders.codetests": {"UNISOLATED"},  # the reason a code test was not run, as the grade states it
    "graders.sandbox": {"NOT_RUN"},
    "graders.summary": {"judged_line"},  # the one line that counts judged grades (POLICY.md 10), from a Summary
}


def graders_uses(source: str) -> list[tuple[str, str]]:
    """(module, name) for every name taken from `graders`: `from graders[.x] import name`, and `alias.name` where
    `alias` is bound by `import graders[.x] [as alias]`."""
    tree = ast.parse(source)
    uses, bound = [], {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and not node.level and (node.module or "").partition(".")[0] == "graders":
            uses += [(node.module, alias.name) for alias in node.names]
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.partition(".")[0] == "graders":
                    bound[alias.asname or "graders"] = alias.name if alias.asname else "graders"
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in bound:
            uses.append((bound[node.value.id], node.attr))
    return uses


def grading_in_report(source: str) -> list[str]:
    return [f"{module}.{name}" for module, name in graders_uses(source)
            if name not in REPORT_MAY_USE_FROM_GRADERS.get(module, set())]


def test_report_never_grades():
    found = []
    for path in sorted((PACKAGE / "report").rglob("*.py")):
        found += [f"{module_name(path)} uses {name}" for name in grading_in_report(path.read_text("utf-8"))]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("source", [
    "from graders import grade",
    "def f():\n    from graders.grading import grade_many",
    "import graders\ngraders.grade(case, record)",
    "import graders.registry as r\nr.get('exact')",
    "from graders.matchers import exact",
])
def test_the_report_check_catches_grading(source):
    assert grading_in_report(source)


def test_the_report_check_allows_records_and_summaries():
    assert grading_in_report("import graders\nfrom graders import Grade, Summary, summarize\n"
                             "line = graders.__version__ + graders.RULES") == []


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
