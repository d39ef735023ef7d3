"""`assetgen compare`: which cases flipped, with both answers; whether the difference is significant (exact
McNemar on paired answers); several runs in one table — in the terminal, Markdown and HTML."""

from __future__ import annotations

import io
import os
import subprocess
import sys

from rich.console import Console
from run_folder import ROOT, Answer, make_run

from assetgen.app.compare import compare_runs
from assetgen.app.grading import grade_run
from assetgen.app.report import write_reports
from assetgen.report.compare import build, compare
from assetgen.report.console import print_comparison

SIX = ["color_grid-s0-0001", "color_grid-s0-0002", "bar_chart-s0-0000", "arithmetic-s0-0000",
       "text_card-s0-0001", "circle_overlap-s0-0000"]
SEVEN = [*SIX, "line_chart-s0-0000"]


def _runs(tmp_path):
    a = make_run(tmp_path, "run-a", [Answer(c) for c in SEVEN], model="model-a")
    # B gets six wrong (each says 'mauve 999'): a one-way change of 6 paired answers is significant
    b = make_run(tmp_path, "run-b", [Answer(c, content="mauve 999" if c in SIX else None) for c in SEVEN],
                 model="model-b")
    # C gets two wrong: two flips are no evidence
    c = make_run(tmp_path, "run-c", [Answer(c, content="mauve 999" if c in SIX[:2] else None) for c in SEVEN],
                 model="model-c")
    return a, b, c


def test_flipped_cases_are_listed_with_both_answers_and_a_mcnemar_test(tmp_path):
    a, b, _ = _runs(tmp_path)
    comparison = build([grade_run(a), grade_run(b)])
    [paired] = comparison.paired
    assert paired.pairs == 7 and not paired.wrong_to_right
    assert [f.case_id for f in paired.right_to_wrong] == ["color_grid-s0-0001", "color_grid-s0-0002",
                                                          "text_card-s0-0001", "bar_chart-s0-0000",
                                                          "arithmetic-s0-0000", "circle_overlap-s0-0000"]
    assert abs(paired.p_value - 0.03125) < 1e-12 and "significant at the 0.05 level" in paired.verdict()
    assert "not significant" not in paired.verdict()
    markdown = compare(grade_run(a), grade_run(b))
    assert "## Flipped: right with A, wrong with B (6)" in markdown
    assert "## Flipped: wrong with A, right with B (0)" in markdown
    assert "correct: 7644" in markdown and "incorrect: mauve 999" in markdown  # both answers
    assert "p = 0.0312, significant" in markdown
    assert "| Total | 7/7 100% (65–100%) | 1/7 14% (3–51%) | -86 pts |" in markdown


def test_several_runs_make_one_table_and_each_is_tested_against_the_first(tmp_path):
    runs = _runs(tmp_path)
    write_reports(runs[0])  # A has its report.html, B and C do not
    comparison, written = compare_runs(list(runs))
    md_path, html_path = written
    assert md_path == runs[-1] / "compare-run-a-run-b.md" and html_path == md_path.with_suffix(".html")
    markdown = md_path.read_text()
    assert "| Category | A: model-a | B: model-b | C: model-c | Δ B−A | Δ C−A |" in markdown
    assert markdown.count("| Total |") == 1
    assert "B vs A: 6 right→wrong" in markdown
    assert "C vs A: 2 right→wrong, 0 wrong→right of 7 paired answers" in markdown
    assert "p = 0.5, not significant" in markdown
    page = html_path.read_text()
    assert "model-a" in page and "model-c" in page and "mauve 999" in page and "p = 0.0312, significant" in page
    # a flipped case links into the runs' own report.html (relative, so it works from file://), never a dead link
    assert 'href="../run-a/report.html#case-color_grid-s0-0001"' in page and "run-b/report.html" not in page
    console = Console(file=io.StringIO(), width=160)
    print_comparison((comparison, written), console)
    out = console.file.getvalue()
    assert "B vs A: 6 right→wrong" in out and "mauve 999" in out and "model-c" in out and "written to" in out


def test_compare_command_takes_two_or_more_runs(tmp_path):
    runs = _runs(tmp_path)
    env = {**os.environ, "COLUMNS": "160"}
    done = subprocess.run([sys.executable, str(ROOT / "cli.py"), "compare", *map(str, runs)], capture_output=True,
                          text=True, timeout=300, env=env)
    assert done.returncode == 0, done.stderr
    assert "significant at the 0.05 level" in done.stdout and (runs[-1] / "compare-run-a-run-b.html").exists()
    one = subprocess.run([sys.executable, str(ROOT / "cli.py"), "compare", str(runs[0])], capture_output=True,
                         text=True, timeout=300)
    assert one.returncode == 2 and "at least two" in one.stderr
