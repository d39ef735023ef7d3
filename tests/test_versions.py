"""Versions: one source for assetgen's, a version of the graders' own, both in run.json and every report's header."""

from __future__ import annotations

import io
import json
import re
import sys

import pytest
from rich.console import Console
from run_folder import ROOT, Answer, make_run

import graders
from assetgen import __version__
from assetgen.app.report import write_reports
from assetgen.report.console import print_report
from assetgen.run.records import RunInfo, read_run_info

SEMVER = re.compile(r"\d+\.\d+\.\d+")

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    tomllib = pytest.importorskip("tomli")


def test_the_package_version_is_set_in_one_place():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    assert "version" not in project["project"] and "version" in project["project"]["dynamic"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "assetgen._version.__version__"}
    assert SEMVER.fullmatch(__version__)


def test_the_graders_have_a_version_of_their_own():
    assert SEMVER.fullmatch(graders.__version__)


def test_the_changelog_has_an_entry_for_this_version():
    changelog = (ROOT / "CHANGELOG.md").read_text("utf-8")
    assert re.search(rf"^## \[{re.escape(__version__)}\]", changelog, re.M), "no CHANGELOG.md entry for " + __version__


def test_a_run_json_from_before_the_version_fields_still_reads(tmp_path):
    run_dir = make_run(tmp_path, "old", [Answer("arithmetic-s0-0000")])
    old = json.loads((run_dir / "run.json").read_text("utf-8"))
    old.pop("assetgen_version", None), old.pop("graders_version", None)
    (run_dir / "run.json").write_text(json.dumps(old), encoding="utf-8")
    info = read_run_info(run_dir)
    assert info.assetgen_version is None and info.graders_version is None
    report = write_reports(run_dir)  # its version is the one `versions` recorded
    assert f"assetgen test · graders {graders.__version__}" in (run_dir / "report.md").read_text("utf-8")
    assert report.info.versions["assetgen"] == "test"


def _with_versions(run_dir, assetgen_version: str, graders_version: str) -> None:
    info = read_run_info(run_dir)
    info.assetgen_version, info.graders_version = assetgen_version, graders_version
    (run_dir / "run.json").write_text(info.model_dump_json(), encoding="utf-8")


def test_every_report_names_both_versions_in_its_header(tmp_path):
    run_dir = make_run(tmp_path, "now", [Answer("arithmetic-s0-0000")])
    _with_versions(run_dir, __version__, graders.__version__)
    report = write_reports(run_dir)
    line = f"assetgen {__version__} · graders {graders.__version__}"
    console = Console(file=io.StringIO(), width=200, color_system=None)
    print_report(report, console)
    headers = {"terminal": console.file.getvalue(), "summary.txt": (run_dir / "summary.txt").read_text("utf-8"),
               "report.md": (run_dir / "report.md").read_text("utf-8"),
               "report.html": (run_dir / "report.html").read_text("utf-8")}
    for name, text in headers.items():
        head = text[:text.index("graders") + 200] if "graders" in text else ""
        assert line in head.replace("&middot;", "·"), f"{name} does not name both versions at its top"


def test_a_report_says_when_it_regraded_with_other_graders(tmp_path):
    run_dir = make_run(tmp_path, "older", [Answer("arithmetic-s0-0000")])
    _with_versions(run_dir, "0.1.0", "1.0.0")
    write_reports(run_dir)
    text = (run_dir / "summary.txt").read_text("utf-8")
    assert (f"assetgen 0.1.0 · graders {graders.__version__} (rules {graders.RULES}) (reported by assetgen "
            f"{__version__}) (first graded by graders 1.0.0)") in text


def test_a_new_run_records_both_versions(tmp_path):
    from click.testing import CliRunner

    import cli
    result = CliRunner().invoke(cli.main, ["eval", "--filter", "arithmetic", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    (run_dir,) = [p for p in tmp_path.iterdir() if (p / "run.json").exists()]
    info = RunInfo.model_validate_json((run_dir / "run.json").read_bytes())
    assert (info.assetgen_version, info.graders_version) == (__version__, graders.__version__)
    assert info.graders_rules == graders.RULES  # the rules' hash too: a rule changed without a bump shows
    assert info.versions["graders"] == graders.__version__
    assert f"assetgen {__version__} · graders {graders.__version__}" in result.output


def test_a_report_says_when_the_rules_changed_under_the_same_version(tmp_path):
    run_dir = make_run(tmp_path, "same-version", [Answer("arithmetic-s0-0000")])
    info = read_run_info(run_dir)
    info.assetgen_version, info.graders_version, info.graders_rules = __version__, graders.__version__, "0" * 12
    (run_dir / "run.json").write_text(info.model_dump_json(), encoding="utf-8")
    write_reports(run_dir)
    assert (f"(first graded by graders {graders.__version__}, rules {'0' * 12})"
            in (run_dir / "summary.txt").read_text("utf-8"))
