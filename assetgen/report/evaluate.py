"""`assetgen eval` end to end: ask every case (of the given endpoint, or of the built-in reference
endpoint started for the run), then grade the answers and write the reports."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import ExitStack

from assetgen.reference.server import Running
from assetgen.report.console import ProgressBar
from assetgen.report.grading import RunReport
from assetgen.report.write import write_reports
from assetgen.run.batch import BatchPolling, run_batch
from assetgen.run.endpoint import base_url
from assetgen.run.records import read_run_info
from assetgen.run.runner import EvalOptions, run_eval


def evaluate_batch(options: EvalOptions, polling: BatchPolling | None = None, *,
                   notify: Callable[[str], None] = lambda _: None) -> RunReport:
    """`assetgen eval --batch`: the suite as one OpenAI batch (run.batch), then graded and reported."""
    if options.endpoint:
        options.endpoint = base_url(options.endpoint)
    return write_reports(run_batch(options, polling, notify), options.golden)


def evaluate(options: EvalOptions, *, notify: Callable[[str], None] = lambda _: None) -> RunReport:
    """Run `options` and report it. With no endpoint (and none recorded by a resumed run), the
    reference endpoint answers over real HTTP on a free loopback port for the length of the run."""
    with ExitStack() as stack:
        endpoint = options.endpoint
        if endpoint is None and options.resume is not None:
            endpoint = read_run_info(options.resume).endpoint
        if endpoint is None:
            endpoint = stack.enter_context(Running())
            notify(f"no --endpoint given: using the built-in reference endpoint at {endpoint}")
        options.endpoint = base_url(endpoint)
        with ProgressBar() as bar:
            run_dir = run_eval(options, bar)
    return write_reports(run_dir, options.golden)
