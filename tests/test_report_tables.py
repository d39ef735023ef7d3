"""Intervals, consistency over repeats, thinking ON vs OFF, and a fixed category order — computed once and shown
alike in the terminal, summary.txt, report.md and report.html."""

from __future__ import annotations

import io
import random
import re

import pytest
from rich.console import Console
from run_folder import CASES, Answer, make_run

from assetgen.app.grading import grade_run
from assetgen.app.report import write_reports
from assetgen.report import tables
from assetgen.report.console import print_report
from assetgen.report.stats import cluster_bootstrap, mcnemar_exact, wilson
from graders import CATEGORY_ORDER, grade, summarize

WRONG = "zzz"


def test_wilson_matches_published_values():
    assert wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    assert wilson(10, 10) == pytest.approx((0.7225, 1.0), abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def test_exact_mcnemar_is_the_doubled_binomial_tail():
    assert mcnemar_exact(0, 6) == pytest.approx(2 / 64)  # 0.03125: six flips all one way
    assert mcnemar_exact(1, 5) == pytest.approx(2 * 7 / 64)  # 0.21875
    assert mcnemar_exact(5, 1) == mcnemar_exact(1, 5)
    assert mcnemar_exact(3, 3) == 1.0 and mcnemar_exact(0, 0) == 1.0
    assert mcnemar_exact(0, 5) > 0.05 > mcnemar_exact(0, 6)  # five one-way flips are not yet significant


def test_clustered_bootstrap_counts_repeats_of_a_case_once():
    # 10 cases answered 4 times each: 5 always right, 5 always wrong
    clusters = [(4, 4)] * 5 + [(0, 4)] * 5
    low, high = cluster_bootstrap(clusters)
    naive_low, naive_high = wilson(20, 40)  # pretends 40 independent answers
    assert low < 0.5 < high and high - low > (naive_high - naive_low) * 1.4
    assert cluster_bootstrap(clusters) == (low, high)  # a fixed seed: the same run, the same interval


def test_bootstrap_that_sees_no_variation_falls_back_to_wilson_over_cases():
    assert cluster_bootstrap([(3, 3)] * 5) == pytest.approx(wilson(5, 5))
    assert cluster_bootstrap([(0, 2)] * 4) == pytest.approx(wilson(0, 4))


def test_categories_keep_one_order_whatever_order_answers_arrive_in():
    ids = ["ball_across-s0-0000", "arithmetic-s0-0000", "color_grid-s0-0001", "text_card-s0-0001",
           "flashing_light-s0-0000", "bar_chart-s0-0000"]
    grades = [grade(CASES[i], {"content": "x"}) for i in ids]
    orders = set()
    for seed in range(5):
        random.Random(seed).shuffle(grades)
        orders.add(tuple(r.category for r in summarize(CASES, grades).rows))
    assert orders == {("single_image", "ocr", "chart", "math", "video_description", "counting")}


def test_every_family_category_has_its_place_in_the_fixed_order():
    from assetgen.generate.registry import all_families

    assert {f.category for f in all_families().values()} == set(CATEGORY_ORDER)


def _consistency_run(tmp_path):
    answers = []
    for repeat in range(3):
        answers.append(Answer("arithmetic-s0-0000", repeat=repeat))  # right every time
        answers.append(Answer("color_grid-s0-0001", repeat=repeat, content=None if repeat != 1 else WRONG))  # flaky
        answers.append(Answer("bar_chart-s0-0000", repeat=repeat, content=WRONG))  # never right
    return make_run(tmp_path, "repeats", answers, repeat=3)


def test_repeat_reports_consistency_per_case_and_flags_flaky_ones(tmp_path):
    run_dir = _consistency_run(tmp_path)
    report = write_reports(run_dir)
    c = tables.consistency(report)
    assert c.repeats == 3
    total = c.rows[-1]
    assert (total.cases, total.all, total.some, total.none) == (3, 1, 1, 1)
    assert total.pass_all == pytest.approx(1 / 3) and total.pass_any == pytest.approx(2 / 3)
    assert [(f.case_id, f.marks) for f in c.flaky] == [("color_grid-s0-0001", "✓✗✓")]
    assert [r.category for r in c.rows] == ["single_image", "chart", "math", "total"]
    # the interval of a run with repeats resamples cases, not answers
    accuracy = tables.accuracies(report)["total"]
    assert (accuracy.right, accuracy.answered, accuracy.method) == (5, 9, "bootstrap")
    text = (run_dir / "summary.txt").read_text()
    markdown = (run_dir / "report.md").read_text()
    page = (run_dir / "report.html").read_text()
    for shown in (text, markdown, page):
        assert "pass^3" in shown and "color_grid-s0-0001" in shown and "✓✗✓" in shown
        assert "bootstrap" in shown and accuracy.interval in shown
    assert str(accuracy) in text and str(accuracy) in markdown
    console = Console(file=io.StringIO(), width=100)
    print_report(report, console)
    assert "Consistency over 3 repeats" in console.file.getvalue() and "✓✗✓" in console.file.getvalue()


def test_without_repeat_the_interval_is_wilson_and_every_report_shows_it(tmp_path):
    answers = [Answer("arithmetic-s0-0000"), Answer("color_grid-s0-0001", content=WRONG),
               Answer("bar_chart-s0-0000"), Answer("text_card-s0-0001"), Answer("equation-s0-0000", status="error")]
    run_dir = make_run(tmp_path, "single", answers)
    report = write_reports(run_dir)
    acc = tables.accuracies(report)
    assert (acc["total"].right, acc["total"].answered, acc["total"].method) == (3, 4, "Wilson")  # error left out
    assert (acc["total"].low, acc["total"].high) == pytest.approx(wilson(3, 4))
    assert str(acc["total"]) == "75% (30–95%)" and str(acc["math"]) == "100% (21–100%)"
    assert tables.consistency(report) is None
    text, markdown = (run_dir / "summary.txt").read_text(), (run_dir / "report.md").read_text()
    page = (run_dir / "report.html").read_text()
    console = Console(file=io.StringIO(), width=100)
    print_report(report, console)
    assert "75%</span> <span class=\"ci\" title=\"95% interval (Wilson)\">(30–95%)" in page
    for shown in (text, markdown, page, console.file.getvalue()):
        assert "(30–95%)" in shown and "Wilson" in shown
        assert "1 request(s) got no answer" in shown  # the warning at the top


def _thinking_run(tmp_path):
    answers = []
    for case in ("arithmetic-s0-0000", "color_grid-s0-0001", "bar_chart-s0-0000"):
        # thinking ON: slower, later first content token, 8x the tokens; one case only right with it
        answers.append(Answer(case, thinking="on", latency=4.0, ttft=0.5, ttfc=3.0, tokens=80, reasoning="hmm"))
        answers.append(Answer(case, thinking="off", latency=1.0, ttft=0.5, ttfc=0.5, tokens=10,
                              content=WRONG if case == "bar_chart-s0-0000" else None))
    return make_run(tmp_path, "both", answers, thinking="both")


def test_thinking_both_puts_on_next_to_off_per_category_with_ratios(tmp_path):
    run_dir = _thinking_run(tmp_path)
    report = write_reports(run_dir)
    t = tables.thinking(report)
    assert [r.category for r in t.rows] == ["single_image", "chart", "math", "total"]
    total = t.rows[-1]
    assert (total.on.accuracy.right, total.off.accuracy.right) == (3, 2) and total.delta == pytest.approx(1 / 3)
    assert total.ratio("latency") == pytest.approx(4.0) and total.ratio("ttft") == pytest.approx(1.0)
    assert total.ratio("ttfc") == pytest.approx(6.0) and total.ratio("tokens") == pytest.approx(8.0)
    assert [f.case_id for f in t.paired.wrong_to_right] == ["bar_chart-s0-0000"] and not t.paired.right_to_wrong
    assert t.paired.p_value == 1.0  # one flip proves nothing
    _, rows = tables.thinking_grid(t)
    assert rows[-1][:4] == ["Total", str(total.on.accuracy), str(total.off.accuracy), "+33 pts"]
    assert rows[-1][4:7] == ["4s", "1s", "4×"] and rows[-1][-3:] == ["80", "10", "8×"]
    text, markdown = (run_dir / "summary.txt").read_text(), (run_dir / "report.md").read_text()
    page = (run_dir / "report.html").read_text()
    console = Console(file=io.StringIO(), width=100)
    print_report(report, console)
    assert str(total.on.accuracy) in text and str(total.on.accuracy) in markdown
    for shown in (text, markdown, page, console.file.getvalue()):
        assert "Thinking ON vs OFF" in shown or "thinking ON vs OFF" in shown
        assert "8×" in shown and "6×" in shown and "4×" in shown and "+33 pts" in shown
    assert "Thinking on" in markdown


def test_paired_flips_ignore_transport_errors(tmp_path):
    a = grade_run(make_run(tmp_path, "a", [Answer("arithmetic-s0-0000"), Answer("color_grid-s0-0001"),
                                           Answer("bar_chart-s0-0000")]))
    b = grade_run(make_run(tmp_path, "b", [Answer("arithmetic-s0-0000", content=WRONG),
                                           Answer("color_grid-s0-0001", status="error"),
                                           Answer("bar_chart-s0-0000")]))
    categories = {cid: c.category for cid, c in CASES.items()}
    p = tables.paired(a.grades, b.grades, lambda r: (r.case_id, r.repeat), categories)
    assert p.pairs == 2 and [f.case_id for f in p.right_to_wrong] == ["arithmetic-s0-0000"] and not p.wrong_to_right


def _mixed_run(tmp_path):
    answers = [Answer("arithmetic-s0-0000"), Answer("color_grid-s0-0001", content=WRONG),
               Answer("bar_chart-s0-0000"), Answer("equation-s0-0000", status="error")]
    return make_run(tmp_path, "mixed", answers)


def test_tests_column_counts_every_request_so_the_verdicts_add_up(tmp_path):
    run_dir = _mixed_run(tmp_path)
    report = write_reports(run_dir)
    header, rows = tables.results_grid(report, "server-default")
    total = dict(zip(header, rows[-1], strict=True))
    assert total["Tests"] == "4" and total["Errors"] == "1" and total["Accuracy (95% CI)"].startswith("67%")
    for row in rows:
        cells = dict(zip(header, row, strict=True))
        assert int(cells["Tests"]) == sum(int(cells[k]) for k in ("Perfect", "Partial", "Failed", "Errors"))
    page = (run_dir / "report.html").read_text()
    assert "<td>4</td><td>2</td>" in page  # the HTML total row: Tests, then Perfect
    from graders import format_summary
    lines = format_summary(report.summaries["server-default"]).splitlines()
    assert next(line for line in lines if line.startswith("total")).split()[:2] == ["total", "4"]


def test_verdict_counts_are_coloured_in_a_terminal(tmp_path):
    report = write_reports(_mixed_run(tmp_path))
    console = Console(file=io.StringIO(), width=100, force_terminal=True, color_system="standard")
    print_report(report, console)
    out = console.file.getvalue()
    assert re.search(r"\x1b\[1;32m +2\x1b\[0m", out)  # the total's perfect count, green
    assert re.search(r"\x1b\[1;31m +1\x1b\[0m", out) and re.search(r"\x1b\[1;35m +1\x1b\[0m", out)  # failed, errors
    assert not re.search(r"\x1b\[1;33m", out)  # no partial answer: its 0 is not coloured


def test_a_report_piped_to_a_file_does_not_wrap_at_80_columns(tmp_path):
    from click.testing import CliRunner

    import cli
    run_dir = _mixed_run(tmp_path)
    result = CliRunner().invoke(cli.main, ["report", str(run_dir)], env={"COLUMNS": None})
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert any(line.startswith("Accuracy: perfect answers") and line.rstrip().endswith("score interval.")
               for line in lines), result.output
    assert max(len(line) for line in lines) > 80


def test_the_accuracy_legend_does_not_cover_the_bars(tmp_path):
    from assetgen.report.plots import _accuracy_axes

    report = write_reports(make_run(tmp_path, "all-right", [Answer("arithmetic-s0-0000"),
                                                            Answer("bar_chart-s0-0000")]))
    axes = _accuracy_axes(report.summaries["server-default"])
    axes.figure.canvas.draw()
    legend, plot = axes.get_legend().get_window_extent(), axes.get_window_extent()
    assert not legend.overlaps(plot), (legend, plot)
