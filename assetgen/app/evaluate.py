"""`assetgen eval` end to end: ask every case (of the given endpoint, or of the built-in reference
endpoint started for the run), then grade the answers, write the reports, and judge the run."""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path

from assetgen.app.judging import judge_for
from assetgen.app.report import write_reports
from assetgen.app.variants import variant_suite
from assetgen.errors import ConfigError
from assetgen.generate.suite_cache import suite_folder
from assetgen.media import figures
from assetgen.reference.server import Running
from assetgen.report.console import ProgressBar
from assetgen.report.probe_cite import attach_probe
from assetgen.report.run_report import RunReport
from assetgen.run.batch import BatchPolling, run_batch
from assetgen.run.endpoint import base_url
from assetgen.run.judge import CACHE_NAME, JudgeOptions
from assetgen.run.records import read_run_info
from assetgen.run.runner import EvalOptions, check_options, run_eval, select

EXIT_BELOW = 1  # accuracy below --fail-under
EXIT_NO_ANSWER = 3  # as for an unreachable endpoint: nothing usable came back


def with_variants(options: EvalOptions, variants: int | None,
                  notify: Callable[[str], None] = lambda _: None) -> None:
    """`--variants K`: ask the suite of K variants of each chosen case instead (built once, cached in the
    runs folder); the choice (--filter, --limit) is made on the original cases."""
    if not variants:
        return
    if options.resume is not None:
        raise ConfigError("--variants cannot be given with --resume: a resumed run keeps its own suite")
    chosen = lambda cases: select(cases, options.filters, options.limit)  # noqa: E731
    options.golden = variant_suite(options.golden, options.out, variants, chosen, notify)
    options.filters, options.limit = (), None


def evaluate_batch(options: EvalOptions, polling: BatchPolling | None = None, *,
                   notify: Callable[[str], None] = lambda _: None, variants: int | None = None,
                   judge: JudgeOptions | None = None) -> RunReport:
    """`assetgen eval --batch`: the suite as one OpenAI batch (run.batch), then graded and reported (with
    `judge`, the rules' undecided grades judged: app/judging.py)."""
    check_options(options)
    if options.endpoint:
        options.endpoint = base_url(options.endpoint)
    options.golden = suite_folder(options.suite, options.out, options.golden, log=notify, langs=options.langs)
    with_variants(options, variants, notify)
    run_dir = run_batch(options, polling, notify)
    return write_reports(run_dir, options.golden, [options.api_key],
                         judge_for(judge, run_dir / CACHE_NAME, notify))


def evaluate(options: EvalOptions, *, notify: Callable[[str], None] = lambda _: None,
             variants: int | None = None, probe: Path | None = None, judge: JudgeOptions | None = None) -> RunReport:
    """Run `options` and report it (with `variants`, over K variants of each case: `with_variants`; with
    `probe`, citing that frames probe; with `judge`, the rules' undecided grades judged). With no endpoint, the
    reference endpoint answers over real HTTP on a free loopback port for the length of the run; a resumed run
    asks the endpoint it recorded, starting the built-in one again if that is what it used, unless an endpoint
    is given."""
    check_options(options)  # before building a suite or starting an endpoint that would only be refused
    if options.resume is None:  # a resumed run asks the suite folder it recorded
        options.golden = suite_folder(options.suite, options.out, options.golden, log=notify, langs=options.langs)
    with_variants(options, variants, notify)
    with ExitStack() as stack:
        endpoint = options.endpoint
        if endpoint is None and options.resume is not None:
            info = read_run_info(options.resume)
            endpoint = None if info.builtin_endpoint else info.endpoint
        if endpoint is None:
            endpoint = stack.enter_context(Running())
            options.builtin_endpoint = True
            notify(f"no --endpoint given: using the built-in reference endpoint at {endpoint}")
        options.endpoint = base_url(endpoint)
        plotting = threading.Thread(target=_preload_plotting, args=(options.builtin_endpoint,), daemon=True,
                                    name="preload-matplotlib")
        plotting.start()
        with ProgressBar() as bar:
            run_dir = run_eval(options, bar, notify)
    plotting.join()
    cited = attach_probe(run_dir, read_run_info(run_dir), options.out, probe)  # eval --probe, or the newest
    if cited:
        notify(f"citing the frames probe {cited}")
    return write_reports(run_dir, options.golden, [options.api_key], judge_for(judge, run_dir / CACHE_NAME, notify))


def _preload_plotting(builtin: bool) -> None:
    """matplotlib imported while the endpoint answers (the report's plots need it: about 0.3 s of imports the
    report no longer waits for). Beside the built-in endpoint, only once its OCR models are loaded: both are
    Python imports that hold the GIL, and the text cases wait for the models."""
    if builtin:
        from assetgen.reference.ocr import warm_up_in_background

        warm_up_in_background().join()
    figures.preload()


@dataclass
class Judgement:
    """How `assetgen eval` ends: its exit code, the one line that says why, and warnings."""

    code: int = 0
    message: str | None = None
    warnings: list[str] = field(default_factory=list)


def judge(report: RunReport, fail_under: float | None = None) -> Judgement:
    """Exit 3 when no request got an answer (the endpoint is unusable as asked: a wrong --model, not an
    OpenAI-compatible server, ...), a warning when failures outnumber answers, exit 1 below --fail-under."""
    # a context case not sent because it cannot fit the server's max_model_len is neither answer nor failure
    asked = [r for r in report.records if not (r.context and r.context.skipped)]
    total = len(asked)
    failed = [r for r in asked if r.status != "ok"]
    common = Counter(r.error or "request failed" for r in failed).most_common(1)
    cause = f" (most often: {common[0][0][:160]})" if common else ""
    where = f"; every failure is in {report.run_dir / 'responses.jsonl'}" if report.run_dir else ""
    if total and len(failed) == total:
        return Judgement(EXIT_NO_ANSWER, f"no request got an answer: all {total} failed{cause}{where}")
    judgement = Judgement()
    if len(failed) * 2 > total:
        judgement.warnings.append(f"{len(failed)} of {total} requests failed{cause}; accuracy covers only the "
                                  f"{total - len(failed)} answered")
    if fail_under is not None and report.accuracy < fail_under:
        judgement.code, judgement.message = EXIT_BELOW, (f"accuracy {report.accuracy:.1%} is below --fail-under "
                                                        f"{fail_under:.1%}")
    return judgement
