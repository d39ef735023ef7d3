"""What a newcomer tripped on in the first hour (issue #33), each pinned by a test."""

from __future__ import annotations

import io
import re

import pytest
from click.testing import CliRunner
from rich.console import Console

import cli
from assetgen.report.console import ProgressBar


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_piped_progress_prints_a_plain_line_now_and_then_and_at_the_end():
    out, clock = io.StringIO(), FakeClock()
    with ProgressBar(Console(file=out), every_s=10.0, clock=clock) as bar:
        for done, at in [(1, 101), (2, 105), (3, 111), (4, 115), (5, 122), (6, 123)]:
            clock.now = at
            bar(done, 6)
    assert out.getvalue().splitlines() == ["assetgen: asking: 3/6 answered, 11 s",
                                           "assetgen: asking: 5/6 answered, 22 s",
                                           "assetgen: asking: 6/6 answered, 23 s"]
    assert "\x1b" not in out.getvalue()  # no bar, no escape codes in a log


@pytest.fixture(scope="module")
def builtin_eval(tmp_path_factory):
    """One small eval of the built-in endpoint, piped (CliRunner's output is no terminal)."""
    out = tmp_path_factory.mktemp("eval")
    result = CliRunner().invoke(cli.main, ["eval", "--filter", "arithmetic", "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out, result.output


def test_a_piped_eval_is_not_silent_while_asking(builtin_eval):
    assert "assetgen: asking: 1/1 answered" in builtin_eval[1]


def test_bad_eval_options_are_refused_before_the_builtin_endpoint_starts(tmp_path, monkeypatch):
    import assetgen.app.evaluate as evaluate

    started = []
    monkeypatch.setattr(evaluate, "Running", lambda *a, **k: started.append(1))
    monkeypatch.setattr(evaluate, "suite_folder", lambda *a, **k: started.append(2))
    for args in (["--limit", "0"], ["--repeat", "0"], ["--concurrency", "0"], ["--retries", "-1"]):
        result = CliRunner().invoke(cli.main, ["eval", *args, "--out", str(tmp_path)])
        assert result.exit_code == 2, result.output
        assert result.output.startswith(f"assetgen: {args[0]} {args[1]} must be >= "), result.output
        assert result.output.count("\n") == 1, result.output
    assert started == [], "a suite was built or the endpoint started before the options were refused"


def _set_info(run_dir, **fields):
    from assetgen.run.records import read_run_info

    info = read_run_info(run_dir)
    for name, value in fields.items():
        setattr(info, name, value)
    (run_dir / "run.json").write_text(info.model_dump_json(), encoding="utf-8")


def test_a_builtin_run_and_a_served_one_of_the_same_model_are_told_apart(tmp_path):
    from run_folder import Answer, make_run

    from assetgen.app.grading import grade_run
    from assetgen.report.compare import accuracy_grid, build, runs_grid

    answers = [Answer("arithmetic-s0-0000")]
    a = make_run(tmp_path, "a", answers, model="assetgen-reference")
    b = make_run(tmp_path, "b", answers, model="assetgen-reference")
    c = make_run(tmp_path, "c", answers, model="other-model")
    _set_info(a, builtin_endpoint=True)
    _set_info(b, endpoint="http://127.0.0.1:8000/v1", builtin_endpoint=False)
    comparison = build([grade_run(a), grade_run(b), grade_run(c)])
    header, _ = accuracy_grid(comparison)
    assert header[1:4] == ["A: assetgen-reference (built-in endpoint)", "B: assetgen-reference (127.0.0.1:8000)",
                           "C: other-model"]
    assert [row[1] for row in runs_grid(comparison)[1]] == [h.split(": ", 1)[1] for h in header[1:4]]
    # the same model at the same place: the run folders tell them apart
    _set_info(b, endpoint="http://127.0.0.1:9/v1", builtin_endpoint=True)
    header, _ = accuracy_grid(build([grade_run(a), grade_run(b)]))
    assert header[1:3] == ["A: assetgen-reference (a)", "B: assetgen-reference (b)"]


def test_a_builtin_run_folder_says_so(builtin_eval):
    (run_dir,) = [p for p in builtin_eval[0].iterdir() if (p / "run.json").exists()]
    assert run_dir.name.startswith("builtin-assetgen-reference-"), run_dir.name


def test_runs_asked_in_no_common_thinking_mode_say_why_nothing_pairs(tmp_path):
    from run_folder import Answer, make_run

    from assetgen.app.grading import grade_run
    from assetgen.report.compare import build, significance_lines

    both = make_run(tmp_path, "both", [Answer("arithmetic-s0-0000", thinking=t) for t in ("on", "off")],
                    thinking="both")
    repeated = make_run(tmp_path, "repeated", [Answer("arithmetic-s0-0000", repeat=r) for r in (0, 1)], repeat=2)
    (line,) = significance_lines(build([grade_run(both), grade_run(repeated)]))
    assert line.startswith("B vs A: no case was answered by both in the same thinking mode (A asked thinking on "
                           "and off, B the server's default"), line
    assert "--thinking on or off" in line
    # a mode both asked pairs as before
    on = make_run(tmp_path, "on", [Answer("arithmetic-s0-0000", thinking="on")], thinking="on")
    (line,) = significance_lines(build([grade_run(both), grade_run(on)]))
    assert "1 paired answers" in line, line


def test_list_keeps_its_columns_apart():
    from assetgen.generate.catalog import describe_families
    from assetgen.generate.registry import all_families

    knobs = {(f.name, k.name): k for f in all_families().values() for k in f.knobs}
    family = None
    for line in describe_families().splitlines():
        if not line.startswith("    "):
            family = line.split()[0]
            continue
        name, default, knob_range, help_text = re.split(r" {2,}", line.strip(), maxsplit=3)
        knob = knobs[(family, name.strip())]
        # every column two spaces or more from the next, each cell whole
        assert (default.strip(), knob_range.strip(), help_text.strip()) == (
            f"default {knob.default!s}", knob.describe_range(), knob.help), line


def test_the_viewer_verdict_filter_reads_as_words(tmp_path):
    from run_folder import Answer, make_run

    from assetgen.app.report import write_reports

    run_dir = make_run(tmp_path, "words", [Answer("arithmetic-s0-0000"), Answer("bar_chart-s0-0000", content=""),
                                           Answer("shapes-s0-0000", status="error")])
    write_reports(run_dir)
    page = (run_dir / "report.html").read_text("utf-8")
    select = page[page.index('<select name="verdict">'):]
    select = select[:select.index("</select>")]
    assert '<option value="no_answer">no answer</option>' in select
    assert '<option value="error">error (no answer came back)</option>' in select
    assert ">no_answer<" not in select


def test_the_header_splits_graded_cases_from_measured_ones():
    from types import SimpleNamespace as NS

    from assetgen.report.tables import cases_line

    def rec(case_id):
        return NS(case_id=case_id)

    cases = {"a": NS(category="ocr"), "b": NS(category="ocr"), "lat": NS(category="latency"),
             "burst": NS(category="concurrency"), "ctx": NS(category="context"), "later": NS(category="ocr")}
    article = NS(info=NS(case_count=6), cases=cases,
                 grades=[(rec(c), None) for c in ("a", "b", "a", "b")],  # two modes: still two cases
                 measured=[(rec("lat"), None)], records=[rec(c) for c in ("a", "b", "lat", "burst", "ctx")])
    assert cases_line(article) == "6 cases: 2 graded, 3 measured (speed, concurrency, context), 1 not asked yet"
    vision = NS(info=NS(case_count=2), cases=cases, grades=[(rec("a"), None), (rec("b"), None)], measured=[],
                records=[rec("a"), rec("b")])
    assert cases_line(vision) == "2 cases"


def test_thinking_on_and_off_of_the_reference_endpoint_say_why_their_times_mean_little(tmp_path):
    from run_folder import Answer, make_run

    from assetgen.app.report import write_reports
    from assetgen.report.tables import REFERENCE_CAVEAT, thinking, thinking_note

    answers = [Answer("arithmetic-s0-0000", thinking=t, latency=lat) for t, lat in (("on", 0.5), ("off", 0.9))]
    reference = make_run(tmp_path, "ref", answers, model="assetgen-reference", thinking="both")
    report = write_reports(reference)
    assert thinking(report).caveat == REFERENCE_CAVEAT and REFERENCE_CAVEAT in thinking_note(thinking(report))
    for name in ("report.md", "summary.txt"):
        assert "The reference endpoint does not think" in (reference / name).read_text("utf-8")
    assert "The reference endpoint does not think" in (reference / "report.html").read_text("utf-8")
    model = make_run(tmp_path, "model", answers, model="qwen", thinking="both")
    assert thinking(write_reports(model)).caveat is None


def test_skip_reasons_print_and_the_slow_files_exist():
    import sys
    from pathlib import Path

    from conftest import SLOW_FILES

    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - Python 3.10
        tomllib = __import__("pytest").importorskip("tomli")
    tests = Path(__file__).resolve().parent
    options = tomllib.loads((tests.parent / "pyproject.toml").read_text("utf-8"))["tool"]["pytest"]["ini_options"]
    assert "-rs" in options["addopts"].split()
    assert any(m.startswith("slow:") for m in options["markers"])
    assert not [name for name in SLOW_FILES if not (tests / name).is_file()], "a renamed file would lose its mark"


def test_report_md_reads_as_written_where_no_link_can_hide(tmp_path):
    from run_folder import Answer, make_run

    from assetgen.app.report import write_reports
    from assetgen.report.markdown import md_code, md_escape

    # times, JSON, headings and code spans keep their text: no backslash shows where nothing needed one
    assert md_escape("2026-12-03T06:38:34") == "2026-12-03T06:38:34"
    assert md_escape('{"color": "pink"}') == '{"color": "pink"}'
    assert md_escape("assetgen sweep: color_grid") == "assetgen sweep: color_grid"
    assert md_code("http://127.0.0.1:56581/v1") == "`http://127.0.0.1:56581/v1`"
    assert md_code("a `tick` here") == "``a `tick` here``" and md_code("`x`") == "`` `x` ``"
    # what a renderer would link is still defused
    assert md_escape("see http://evil.example or x@evil.example") == "see http\\://evil\\.example or x\\@evil\\.example"
    run_dir = make_run(tmp_path, "plain", [Answer("arithmetic-s0-0000")])
    write_reports(run_dir)
    head = (run_dir / "report.md").read_text("utf-8").splitlines()[2]
    assert head == "Endpoint `http://127.0.0.1:9/v1` · run `x` · 2026-01-01T00:00:00+00:00".replace("`x`", "`plain`")
