"""What a newcomer tripped on in the first hour (issue #33), each pinned by a test."""

from __future__ import annotations

import io

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
    assert out.getvalue().splitlines() == ["asking: 3/6 answered, 11 s", "asking: 5/6 answered, 22 s",
                                           "asking: 6/6 answered, 23 s"]
    assert "\x1b" not in out.getvalue()  # no bar, no escape codes in a log


def test_a_piped_eval_is_not_silent_while_asking(tmp_path):
    result = CliRunner().invoke(cli.main, ["eval", "--filter", "arithmetic", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "asking: 1/1 answered" in result.output


def test_bad_eval_options_are_refused_before_the_builtin_endpoint_starts(tmp_path, monkeypatch):
    import assetgen.report.evaluate as evaluate

    started = []
    monkeypatch.setattr(evaluate, "Running", lambda *a, **k: started.append(1))
    monkeypatch.setattr(evaluate, "suite_folder", lambda *a, **k: started.append(2))
    for args in (["--limit", "0"], ["--repeat", "0"], ["--concurrency", "0"], ["--retries", "-1"]):
        result = CliRunner().invoke(cli.main, ["eval", *args, "--out", str(tmp_path)])
        assert result.exit_code == 2, result.output
        assert result.output.startswith(f"assetgen: {args[0]} {args[1]} must be >= "), result.output
        assert result.output.count("\n") == 1, result.output
    assert started == [], "a suite was built or the endpoint started before the options were refused"
