"""`assetgen compare` of runs asked in several languages (issue #35): accuracy per category per language side by
side across runs, with intervals, and the exact paired test per language — terminal, Markdown and HTML. The runs
are real: the built-in reference endpoint asked a small suite in Japanese and English, once with every frame and
once with four frames sampled (its frame-counting answers then go wrong in both languages)."""

from __future__ import annotations

import io
import json
import shutil

import pytest
from click.testing import CliRunner
from rich.console import Console

from assetgen import cli
from assetgen.app.compare import compare_runs
from assetgen.app.grading import grade_run
from assetgen.report.compare import build, language_grid, language_lines
from assetgen.report.console import print_comparison

FAMILIES = ("color_grid", "flashing_light", "text_card")


def _eval(out, *extra):
    args = ["eval", "--golden", str(out.parent / "suite"), "--out", str(out), "--concurrency", "2", *extra]
    result = CliRunner().invoke(cli.main, args)
    assert result.exit_code == 0, result.output
    (run_dir,) = [p for p in out.iterdir() if (p / "run.json").exists()]
    return run_dir


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    from assetgen.generate.build import build as build_suite

    root = tmp_path_factory.mktemp("compare-lang")
    build_suite(root / "suite", suite="full", per_family=1, families=FAMILIES, langs=("en", "ja"))
    a = _eval(root / "a")
    b = _eval(root / "b", "--video-mode", "frames", "--num-frames", "4")
    return root, a, b


def test_runs_in_two_languages_are_compared_per_language(runs):
    _, a, b = runs
    comparison = build([grade_run(a), grade_run(b)])
    table = comparison.by_language
    assert table is not None and table.langs == ["en", "ja"]
    header, rows = language_grid(comparison)
    assert header == ["Category", "English (en) · A", "English (en) · B", "Japanese (ja) · A", "Japanese (ja) · B"]
    total = rows[-1]
    assert total[0] == "Total" and total[1].startswith("3/3 100% (") and total[3].startswith("3/3 100% (")
    assert total[2].startswith("2/3 67% (") and total[4].startswith("2/3 67% (")  # the flashes, miscounted
    [en, ja] = table.tests
    assert (en.name, en.lang, ja.lang) == ("B", "en", "ja")
    assert [f.case_id for f in en.paired.right_to_wrong] == ["flashing_light-s0-0000"]
    assert [f.case_id for f in ja.paired.right_to_wrong] == ["flashing_light-s0-0000-ja"]
    assert en.paired.pairs == ja.paired.pairs == 3 and not ja.paired.wrong_to_right
    lines = language_lines(comparison)
    assert lines[1].startswith("B vs A in Japanese: 1 right→wrong, 0 wrong→right of 3 paired answers: exact McNemar")


def test_the_language_section_is_in_the_terminal_markdown_and_html(runs):
    root, a, b = runs
    comparison, (md_path, html_path) = compare_runs([a, b], root / "compare.md")
    markdown = md_path.read_text(encoding="utf-8")
    assert "## By language" in markdown
    assert "| Total | 3/3 100% (44–100%) | 2/3 67% (21–94%) | 3/3 100% (44–100%) | 2/3 67% (21–94%) |" in markdown
    assert "B vs A in Japanese: 1 right→wrong" in markdown
    html = html_path.read_text(encoding="utf-8")
    assert 'id="languages"' in html and "Japanese (ja) · B" in html and "B vs A in Japanese" in html
    out = io.StringIO()
    print_comparison((comparison, [md_path, html_path]), Console(file=out, width=200))
    text = out.getvalue()
    assert "By language (95% CI)" in text and "B vs A in English: 1 right→wrong" in text


def test_runs_in_different_languages_pair_only_where_both_asked(runs, tmp_path):
    """A run asked in Japanese only, against one asked in English and Japanese: the Japanese cases pair, the
    English column of the Japanese-only run is absent (no 'n/a' column), and no English test is made up."""
    _, a, b = runs
    ja_only = tmp_path / "ja-only"
    shutil.copytree(b, ja_only)
    lines = (ja_only / "responses.jsonl").read_text(encoding="utf-8").splitlines()
    kept = [line for line in lines if json.loads(line)["case_id"].endswith("-ja")]
    (ja_only / "responses.jsonl").write_text("".join(line + "\n" for line in kept), encoding="utf-8")
    (ja_only / "grades.jsonl").unlink(missing_ok=True)
    comparison = build([grade_run(a), grade_run(ja_only)])
    header, _ = language_grid(comparison)
    assert header == ["Category", "English (en) · A", "Japanese (ja) · A", "Japanese (ja) · B"]
    assert [(t.name, t.lang) for t in comparison.by_language.tests] == [("B", "ja")]


def test_runs_in_one_language_have_no_language_section(runs, tmp_path):
    _, a, _ = runs
    en_only = tmp_path / "en-only"
    shutil.copytree(a, en_only)
    lines = (en_only / "responses.jsonl").read_text(encoding="utf-8").splitlines()
    kept = [line for line in lines if not json.loads(line)["case_id"].endswith("-ja")]
    (en_only / "responses.jsonl").write_text("".join(line + "\n" for line in kept), encoding="utf-8")
    (en_only / "grades.jsonl").unlink(missing_ok=True)
    comparison, (md_path, html_path) = compare_runs([en_only, en_only], tmp_path / "c.md")
    assert comparison.by_language is None and language_grid(comparison) is None
    assert "By language" not in md_path.read_text() and 'id="languages"' not in html_path.read_text()
