"""The `assetgen` command line: a thin click group over the application layer (`assetgen.app`).

Each command parses its options, calls `assetgen.app`, prints what comes back and sets the exit code. From the
project it imports only `assetgen.app` and `assetgen.errors` (tests/test_layers.py)."""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path

import click

from assetgen.errors import AssetgenError


def _fail(message: str, code: int = 2) -> None:
    from assetgen.app.terminal import error_line

    # one line, and nothing a server put in it (ESC, ...) acts on the terminal
    click.echo(f"assetgen: {error_line(message)}", err=True)
    sys.exit(code)


class Group(click.Group):
    """Turns user errors into one line and exit code 2 instead of a traceback."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except AssetgenError as exc:  # 2, or the error's own code (3: unreachable, 4: the run stopped)
            _fail(str(exc), getattr(exc, "exit_code", 2))
        except KeyboardInterrupt:
            _fail("interrupted", 130)
        except OSError as exc:  # a folder that cannot be written, a full disk: the machine, not a bug
            import errno

            full = exc.errno in (errno.ENOSPC, errno.EDQUOT)  # as a run stopped by a full disk: exit 4
            _fail(f"{exc.filename}: {exc.strerror}" if exc.filename and exc.strerror else str(exc), 4 if full else 2)


@click.group(cls=Group)
@click.version_option(package_name="assetgen")
@click.option("--allow-unisolated-code", is_flag=True,
              help="Where the OS cannot isolate the model's code (no Linux namespaces, no bubblewrap), run code "
                   "tests anyway with the interpreter's checks and limits only, at your own risk. Without it "
                   "they are not run: graded `error`, with the reason in every report. Goes before the command: "
                   "`assetgen --allow-unisolated-code eval ...` (or set ASSETGEN_ALLOW_UNISOLATED_CODE=1).")
def main(allow_unisolated_code: bool) -> None:
    """Ground-truth images and videos to check that a vision-language model endpoint really sees."""
    _quick_teardown()
    if allow_unisolated_code:
        from assetgen.app.options import allow_unisolated

        allow_unisolated(True)


@cache
def _quick_teardown() -> None:
    """At exit, `gc.freeze()`: the interpreter's teardown then skips its full collections over the heap of a
    command that loaded matplotlib, onnxruntime and pydantic models (about 0.25 s of the default eval's wall
    time, 0.04 s after; measured with benchmarks/first_run.py). Files are closed and atexit hooks run as
    before; only garbage in reference cycles is left to the operating system, which reclaims it anyway."""
    import atexit
    import gc

    atexit.register(gc.freeze)  # once per process (cached)


def _freeze_imports() -> None:
    """`gc.freeze()` once a command's modules are imported: the objects they made live as long as the process, and
    the collector's passes during the run no longer walk them. The default eval ran about 0.3 s faster (5.61 s
    against 5.95 s median of 4, alternating; benchmarks/first_run.py measures the whole command)."""
    import gc

    gc.freeze()


class _Quiet:
    """Stands in for a progress bar when stderr is not a terminal (logs, CI, pipes)."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def update(self, n: int) -> None:
        pass


def _langs(values) -> tuple[str, ...]:
    """--lang values as language codes (issue #35); a bad one is a one-line error."""
    from assetgen.app.options import parse_langs

    return parse_langs(values)


def _progress(total: int, label: str):
    if not sys.stderr.isatty():
        return _Quiet()
    return click.progressbar(length=total, label=label, file=sys.stderr, show_pos=True)


@main.command()
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Folder to build into (default: the golden set).")
@click.option("--suite", default="golden", show_default=True,
              help="'golden' or 'full'; or a suite of issue #15: 'vision' (the golden battery), 'text' (the text "
              "dimensions), 'article' (both), 'scale' (concurrency and context alone).")
@click.option("--per-family", type=int, default=None, help="Cases per family (suite 'full'; default 3).")
@click.option("--seed", type=int, default=0, show_default=True, help="Suite seed.")
@click.option("--workers", type=int, default=1, show_default=True, help="Processes; output is identical for any N.")
@click.option("--family", "families", multiple=True, help="Only this family (suite 'full'; repeatable).")
@click.option("--knob", "knob_args", multiple=True, metavar="FAMILY.KNOB=VALUE",
              help="Override a knob (suite 'full'; repeatable), e.g. color_grid.rows=6.")
@click.option("--check", is_flag=True, help="Rebuild in a temporary folder and list cases that drifted (exit 1).")
@click.option("--verify", is_flag=True, help="Run the reference endpoint over the suite and list the cases it "
              "cannot solve from pixels (exit 1 if any).")
@click.option("--shard-size", type=int, default=None, metavar="N",
              help="Sharded layout: cases-00000.jsonl, ... of N cases each, media under assets/00000/, ...")
@click.option("--ray", "ray_address", is_flag=False, flag_value="", default=None, metavar="[ADDRESS]",
              help="Generate on a Ray cluster: 'auto' or HOST:6379 (as ray.init takes it); alone, the cluster "
              "ray.init() finds or starts. Same bytes as --workers 1.")
@click.option("--ray-shared-out", is_flag=True, help="With --ray: the output folder is mounted at the same path "
              "on every node (NFS, object storage), so workers write media there instead of sending them back.")
@click.option("--lang", "langs", multiple=True, metavar="LANG",
              help="Question language: en, ja, zh or all (repeatable; default en). Each case is asked in every "
              "language given, same scene and truth, ids suffixed -ja / -zh.")
@click.option("--as-hf-parquet", is_flag=True, help="Write Hugging Face parquet shards (data-00000-of-000NN.parquet, "
              "--shard-size cases each, default 1000) made where the cases are drawn, instead of a suite folder.")
def build(out, suite, per_family, seed, workers, families, knob_args, check, verify, shard_size, ray_address,
          ray_shared_out, as_hf_parquet, langs) -> None:
    """Build the golden set, or a suite of any size elsewhere. An interrupted build resumes when rerun."""
    from assetgen.app import build as app_build
    from assetgen.errors import BuildFailed

    langs = _langs(langs)
    knobs = app_build.parse_knobs(knob_args)
    ray = app_build.ray_options(ray_address, ray_shared_out)
    options = app_build.BuildOptions(out=out, suite=suite, seed=seed, per_family=per_family, workers=workers,
                                     families=tuple(families), knobs=knobs, shard_size=shard_size, ray=ray,
                                     langs=langs)
    if as_hf_parquet:
        total, paths = app_build.parquet(options, _progress, check=check, verify=verify,
                                         ray_shared_out=ray_shared_out)
        click.echo(f"wrote {total} cases as {len(paths)} parquet shard(s) into {out}")
        return
    root = options.root
    if verify:
        from assetgen.app.verify import verify as verify_suite

        result = verify_suite(root)
        for family, (ok, n) in result.solved.items():
            click.echo(f"{family:<22}{ok}/{n}")
        for case_id, verdict, explanation in result.unsolved:
            click.echo(f"UNSOLVED {case_id}: {verdict}: {explanation}")
        click.echo(f"the reference endpoint solves {result.rate:.1%} of {root} from pixels")
        if result.unsolved:
            sys.exit(1)
        return
    if check:
        count, drifts = app_build.check(options, _progress)
        if drifts:
            for drift in drifts:
                click.echo(f"DRIFT {drift.case_id}: {drift.what}")
            _fail(f"{len({d.case_id for d in drifts})} case(s) drifted from the generators in {root}; "
                  "run 'assetgen build' to refresh", 1)
        click.echo(f"ok: {count} cases in {root} match the generators")
        return
    try:
        built = app_build.build(options, _progress, log=lambda text: click.echo(text, err=True))
    except BuildFailed as exc:
        for failure in exc.failures:
            click.echo(f"FAILED {failure.case_id}: {failure.error}", err=True)
        raise
    click.echo(f"built {built.cases} cases ({built.media} files) into {root}")


@main.command("list")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@click.option("--cases", is_flag=True, help="List the cases of a suite (id, family, category, modality) instead.")
@click.option("--golden", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Suite folder for --cases (default: the golden set).")
def list_families(as_json, cases, golden) -> None:
    """Families, their categories and knobs with ranges; with --cases, the cases of a suite."""
    from assetgen.app import catalog

    click.echo(catalog.cases(golden, as_json=as_json) if cases else catalog.families(as_json=as_json))


@main.command()
@click.argument("case_id")
@click.option("--golden", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Suite folder (default: the golden set).")
@click.option("--scene", is_flag=True, help="Also print the scene.")
def show(case_id, golden, scene) -> None:
    """Prompt, truth and files of one case."""
    from assetgen.app.catalog import case

    click.echo(case(case_id, golden, scene=scene))


def _judge_flags(command):
    """--judge URL and --judge-model M, the same on eval and grade."""
    command = click.option("--judge-model", default=None, metavar="M",
                           help="The judge's model (default: the first its /v1/models lists).")(command)
    return click.option(
        "--judge", "judge_url", default=None, metavar="URL",
        help="An OpenAI-compatible base URL (a local vLLM, say) asked only about the answers the rules leave "
        "undecided (graders/POLICY.md 10), with a fixed prompt naming the options and the kind of answer, never the "
        "truth; its reading is graded by the rules, and the grade records the rules' own verdict and judged_by. Its "
        "key is read from $ASSETGEN_JUDGE_API_KEY, never written. Replies are kept in judge.jsonl. "
        "[default: no judge]")(command)


@main.command("grade")
@click.argument("responses", type=click.Path(path_type=Path))
@click.option("--golden", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Suite the responses answer (default: the golden set).")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Grades JSONL (default: grades.jsonl beside a file named responses.jsonl, else <name>.grades.jsonl "
              "beside RESPONSES; '-' for stdout).")
@click.option("--diff", "show_diff", is_flag=True,
              help="Write nothing: list the grades the installed graders would change against those recorded (a "
              "run folder's grades.jsonl, slot by slot; another file's grades, line by line; --out names another "
              "grades file to compare with).")
@_judge_flags
def grade_command(responses, golden, out, show_diff, judge_url, judge_model) -> None:
    """Re-grade saved responses (JSONL, or a run folder) without calling a model."""
    from assetgen.app.options import judge_options
    from assetgen.app.regrade import diff, regrade
    from assetgen.app.terminal import GRADERS, format_summary

    judge = judge_options(judge_url, judge_model)
    if show_diff and judge is not None:
        raise AssetgenError("--diff compares the rules' grades alone: give it without --judge")
    if show_diff:
        found = diff(responses, golden, out)
        click.echo(f"{GRADERS} against {found.recorded} (graded by graders "
                   f"{', '.join(sorted(found.versions)) or 'none'}): {len(found.changes)} of {found.compared} grades "
                   "change")
        for change in found.changes:
            click.echo(change.line())
        return
    if responses.is_dir():
        responses = responses / "responses.jsonl"
    summary, problems, target = regrade(responses, golden, out, judge, lambda line: click.echo(line, err=True))
    for problem in problems:
        click.echo(f"warning: {problem}", err=True)
    click.echo(format_summary(summary))
    if target is not None:
        click.echo(f"grades written to {target}")


@main.command("eval")
@click.option("--endpoint", default=None, help="OpenAI-compatible base URL, e.g. http://127.0.0.1:8000/v1.")
@click.option("--model", default=None, help="Model name (default: the first from /v1/models).")
@click.option("--api-key", default=None, help="API key (default: $ASSETGEN_API_KEY or $OPENAI_API_KEY); never "
              "written anywhere.")
@click.option("--golden", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Suite folder (default: the golden set).")
@click.option("--suite", type=click.Choice(["vision", "text", "article", "scale"]), default="vision",
              show_default=True, help="'vision': the golden set (or --golden); 'text': the text dimensions; 'article': "
              "both, with --thinking both unless given; 'scale': concurrency and context alone. All but vision are "
              "built into OUT/suites/ first (reused after).")
@click.option("--filter", "filters", multiple=True, help="Case id (substring), family or category; repeatable. "
              "A category is a dimension of --suite text/article: latency, ttft, concurrency, context, ...")
@click.option("--limit", type=int, default=None, help="At most this many cases (>= 1).")
@click.option("--repeat", type=int, default=1, show_default=True, help="Ask each case N times.")
@click.option("--video-mode", type=click.Choice(["video_url", "frames", "jpeg-sequence"]), default="video_url",
              show_default=True, help="How clips are sent.")
@click.option("--num-frames", type=int, default=None,
              help="Send N uniformly sampled frames (frames, jpeg-sequence), or ask the server for N via "
              "media_io_kwargs (video_url).")
@click.option("--max-tokens", type=int, default=1024, show_default=True,
              help="max_tokens of each request (reasoning included on most servers).")
@click.option("--temperature", type=float, default=0.0, show_default=True, help="Sampling temperature.")
@click.option("--seed", type=int, default=None, help="Sampling seed sent with each request (default: none).")
@click.option("--timeout", type=float, default=300.0, show_default=True, help="Seconds per attempt.")
@click.option("--retries", type=int, default=2, show_default=True,
              help="Retries on 429/5xx/timeouts (exponential backoff, honours Retry-After).")
@click.option("--concurrency", type=int, default=4, show_default=True, help="Requests in flight at once.")
@click.option("--concurrency-levels", default="1,2,4,8", show_default=True,
              help="Burst sizes of the concurrency sweep (cases of category 'concurrency'), e.g. 1,2,4,8.")
@click.option("--metrics-interval", type=float, default=0.5, show_default=True,
              help="Seconds between readings of the server's /metrics during the run (KV cache, requests running "
              "and waiting, preemptions: the report's Server footprint); 0 reads none.")
@click.option("--thinking", type=click.Choice(["on", "off", "both", "server-default"]), default=None,
              help="chat_template_kwargs.enable_thinking; 'both' runs every case twice. [default: server-default; "
              "both with --suite article]")
@click.option("--extra-body", default=None, help="JSON merged into every request body.")
@click.option("--no-stream", is_flag=True, help="Do not stream (no TTFT).")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=Path("runs"), show_default=True,
              help="Parent folder of the new run folder.")
@click.option("--resume", type=click.Path(file_okay=False, exists=True, path_type=Path), default=None,
              help="Continue a run folder: finished cases are skipped, and the rest is asked as the run was "
              "started (its run.json). --model, --golden, --suite, --filter, --limit and the request options "
              "(--repeat, --thinking, --max-tokens, ...) given again must agree with the run's, or it refuses "
              "(exit 2); --endpoint may name another server. If the endpoint no longer lists the run's model it "
              "refuses too, rather than mix two models' answers, unless --model names the run's model again "
              "(then it warns).")
@click.option("--fail-under", type=float, default=None, help="Exit 1 when accuracy is below this fraction.")
@click.option("--variants", type=int, default=None, metavar="K",
              help="Ask K variants of each case (same family, knobs and question, new seeds; the first is the "
              "case itself) and report worst-case accuracy (a case counts when all K are right) beside the average.")
@click.option("--batch", is_flag=True, help="Submit the suite as one OpenAI batch (Files and Batches APIs, through "
              "the openai SDK), wait for it, then grade; needs --endpoint and --model.")
@click.option("--lang", "langs", multiple=True, metavar="LANG",
              help="Ask in en, ja, zh or all (repeatable; default en): every case in each language, same scene and "
              "truth, so the report pairs them case by case.")
@click.option("--probe", "probe", type=click.Path(dir_okay=False, exists=True, path_type=Path), default=None,
              help="A probe.json of `assetgen probe frames` for the report to cite [default: the newest in --out of "
                   "the same endpoint and model].")
@_judge_flags
def eval_command(endpoint, model, api_key, golden, suite, filters, limit, repeat, video_mode, num_frames, max_tokens,
                 temperature, seed, timeout, retries, concurrency, thinking, extra_body, no_stream, out, resume,
                 fail_under, variants, batch, concurrency_levels, probe, metrics_interval, langs, judge_url,
                 judge_model) -> None:
    """Measure an OpenAI-compatible endpoint on the golden set and report like a benchmark.

    \b
    Exit codes:
      0    the run finished (and met --fail-under, if given)
      1    accuracy below --fail-under
      2    a bad option or input, said in one line; nothing recorded is lost
      3    no answer at all: the endpoint is unreachable, or every request failed
      4    the run stopped: its folder could not be written (a full disk, a quota); every answer
           recorded is whole and kept, and --resume RUN_DIR goes on once there is room
      130  interrupted (Ctrl-C); --resume RUN_DIR goes on
    """
    import orjson

    from assetgen.app.evaluate import evaluate, evaluate_batch, judge
    from assetgen.app.options import RESUME_KEPT, EvalOptions, RequestOptions, default_golden, parse_levels, resolve_key
    from assetgen.app.terminal import print_report

    _freeze_imports()

    try:
        levels = parse_levels(concurrency_levels)
    except ValueError as exc:
        raise AssetgenError(str(exc)) from None
    try:
        extra = orjson.loads(extra_body) if extra_body else {}
    except orjson.JSONDecodeError as exc:
        raise AssetgenError(f"--extra-body is not JSON: {exc}") from None
    if not isinstance(extra, dict):
        raise AssetgenError("--extra-body must be a JSON object")
    if not 0 <= metrics_interval <= 3600:
        raise AssetgenError(f"--metrics-interval {metrics_interval} must be 0 (none) or seconds up to 3600")
    if fail_under is not None and not 0 <= fail_under <= 1:
        raise AssetgenError(f"--fail-under {fail_under} must be a fraction between 0 and 1")
    if golden is not None and suite != "vision":
        raise AssetgenError(f"--golden names the suite folder; --suite {suite} builds its own: give one of them")
    thinking = thinking or ("both" if suite == "article" else "server-default")
    context = click.get_current_context()
    given = frozenset(name for name in RESUME_KEPT.keys() | {"golden"}
                      if context.get_parameter_source(name) not in (None, click.core.ParameterSource.DEFAULT))
    options = EvalOptions(
        endpoint=endpoint, golden=golden or default_golden(), out=out, model=model, given=given,
        api_key=resolve_key(api_key), filters=tuple(filters), limit=limit, repeat=repeat, concurrency=concurrency,
        thinking=thinking, timeout=timeout, retries=retries, resume=resume, suite=suite, concurrency_levels=levels,
        langs=_langs(langs),
        metrics_interval=metrics_interval,
        request=RequestOptions(model="", max_tokens=max_tokens, temperature=temperature, seed=seed,
                               video_mode=video_mode, num_frames=num_frames, stream=not no_stream,
                               extra_body=extra))
    if batch and resume:
        raise AssetgenError("--batch cannot --resume: a batch is submitted whole")
    notify = lambda line: click.echo(line, err=True)  # noqa: E731
    from assetgen.app.options import judge_options as judge_options_of

    judge_options = judge_options_of(judge_url, judge_model, timeout=timeout, retries=retries,
                                     concurrency=concurrency)
    if batch:
        report = evaluate_batch(options, notify=notify, variants=variants, judge=judge_options)
    else:
        report = evaluate(options, notify=notify, variants=variants, probe=probe, judge=judge_options)
    print_report(report)
    click.echo(f"\nrun folder: {report.run_dir}  (report.html, report.md, grades.jsonl)")
    judgement = judge(report, fail_under)
    for warning in judgement.warnings:
        click.echo(f"assetgen: warning: {warning}", err=True)
    if judgement.code:
        _fail(judgement.message, judgement.code)


@main.command("sweep")
@click.argument("families", nargs=-1)
@click.option("--knob", "knob_range", default=None, metavar="NAME=LOW..HIGH[:STEP]",
              help="The knob to sweep and its levels, e.g. rows=2..8 or blur=0..3:0.5 (float bounds without a "
              "step: 5 levels).")
@click.option("--set", "fixed_args", multiple=True, metavar="NAME=VALUE",
              help="Hold another knob at a value for every level (repeatable), e.g. question=transcribe.")
@click.option("--preset", default=None, help="A named set of knobs and ranges instead: vision-limits.")
@click.option("--per-level", type=int, default=None, help="Cases per level [default: 3; 2 with --preset].")
@click.option("--variants", type=int, default=1, show_default=True,
              help="K variants of each case (new seeds); adds worst-case accuracy (all K right).")
@click.option("--seed", type=int, default=0, show_default=True, help="Suite seed.")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Sweep folder (default: sweeps/<families>-<knob>-<hash>); the same sweep into it resumes.")
@click.option("--endpoint", default=None, help="OpenAI-compatible base URL (default: the built-in reference "
              "endpoint).")
@click.option("--model", default=None, help="Model name (default: the first from /v1/models).")
@click.option("--api-key", default=None, help="API key (default: $ASSETGEN_API_KEY or $OPENAI_API_KEY); never "
              "written anywhere.")
@click.option("--concurrency", type=int, default=4, show_default=True, help="Requests in flight at once.")
@click.option("--max-tokens", type=int, default=1024, show_default=True, help="max_tokens of each request.")
@click.option("--video-mode", type=click.Choice(["video_url", "frames", "jpeg-sequence"]), default=None,
              help="How clips are sent [default: video_url; with --preset, jpeg-sequence of 8 frames].")
@click.option("--num-frames", type=int, default=None, help="Frames per clip, as for eval.")
@click.option("--timeout", type=float, default=300.0, show_default=True, help="Seconds per attempt.")
@click.option("--lang", "langs", multiple=True, metavar="LANG",
              help="Ask in en, ja, zh or all (repeatable; default en): each language a series of its own.")
def sweep_command(families, knob_range, fixed_args, preset, per_level, variants, seed, out, endpoint, model, api_key,
                  concurrency, max_tokens, video_mode, num_frames, timeout, langs) -> None:
    """Accuracy against a knob's level, per family: where does the endpoint stop seeing?"""
    from assetgen.app.sweep import run_sweep, sweep_options
    from assetgen.app.terminal import print_sweep

    options = sweep_options(families, knob_range=knob_range, fixed_args=fixed_args, preset=preset,
                            per_level=per_level, variants=variants, seed=seed, out=out, endpoint=endpoint,
                            model=model, api_key=api_key, concurrency=concurrency, max_tokens=max_tokens,
                            video_mode=video_mode, num_frames=num_frames, timeout=timeout, langs=langs)
    result = run_sweep(options, notify=lambda line: click.echo(line, err=True))
    print_sweep(result, options.folder())
    if not any(level.answered for series in result.series for level in series.levels):
        _fail(f"no request got an answer; every failure is in the sweep folder's {result.run}/responses.jsonl", 3)


@main.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="Bind address (loopback by default).")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True,
              help="Port (0: any free port).")
@click.option("--num-frames", type=int, default=None, help="Look at only N uniformly sampled frames per clip.")
@click.option("--fps", type=float, default=None, help="Sample clips at this rate from their container fps.")
@click.option("--max-pixels", type=click.IntRange(min=3136), default=None,
              help="Downscale images to at most N pixels before reading them, as Qwen's processor does.")
@click.option("--think", is_flag=True, help="Reason before answering (message.reasoning).")
@click.option("--think-in-content", is_flag=True, help="With --think: reasoning as <think>...</think> in content.")
@click.option("--redact-secrets", is_flag=True, help="Mask sk-... keys it reads.")
@click.option("--latency", type=float, default=0.0, help="Seconds before the first token (time to first token).")
@click.option("--tokens-per-s", type=float, default=None, help="Pace generated tokens (or --token-time).")
@click.option("--token-time", type=float, default=0.0, help="Seconds between two generated tokens.")
@click.option("--prefill-per-1k", type=float, default=0.0,
              help="Seconds added to the first token per 1,000 prompt tokens (prefill cost).")
@click.option("--length-fields", type=click.Choice(["honour", "ignore", "refuse"]), default="honour",
              show_default=True, help="min_tokens / ignore_eos: honour them (as vLLM), ignore them, or refuse "
              "them with a 400.")
@click.option("--runaway-reasoning", is_flag=True, help="With thinking: reasoning never ends and uses the whole "
              "max_tokens (no content).")
@click.option("--fail-rate", type=float, default=0.0, help="Share of requests answered 500 or 429.")
@click.option("--degenerate", is_flag=True, help="Answer with repetition loops.")
@click.option("--max-model-len", type=click.IntRange(1, None), default=None,
              help="Context limit in tokens, as vLLM's: /v1/models reports it, a longer prompt gets its 400.")
@click.option("--no-tool-parser", is_flag=True,
              help="Refuse requests with tools (400) as vLLM does without --enable-auto-tool-choice.")
@click.option("--header-timeout", type=click.FloatRange(min=0, min_open=True), default=30.0, show_default=True,
              help="Seconds a connection has to send a whole request head (after opening, or after its last "
              "answer); a slower one is closed, so trickling clients cannot hold file descriptors.")
def serve_command(host, port, num_frames, fps, max_pixels, think, think_in_content, redact_secrets, latency,
                  tokens_per_s, token_time, prefill_per_1k, length_fields, runaway_reasoning, fail_rate, degenerate,
                  max_model_len, no_tool_parser, header_timeout) -> None:
    """Run the reference endpoint: an OpenAI-compatible server that answers from pixels. A client that hangs
    up is one line in the log ('a client hung up ...'), never a traceback; /metrics counts them."""
    from assetgen.app.serve import serve, serve_options

    options = serve_options(num_frames=num_frames, fps=fps, max_pixels=max_pixels, think=think,
                            think_in_content=think_in_content, redact_secrets=redact_secrets, latency=latency,
                            tokens_per_s=tokens_per_s, token_time=token_time, prefill_per_1k=prefill_per_1k,
                            length_fields=length_fields, runaway_reasoning=runaway_reasoning, fail_rate=fail_rate,
                            degenerate=degenerate, max_model_len=max_model_len, no_tool_parser=no_tool_parser,
                            header_timeout=header_timeout)
    click.echo(f"assetgen reference endpoint on http://{host}:{port}/v1", err=True)
    serve(host, port, options)


@main.group("probe")
def probe_group() -> None:
    """What the server really feeds the model: frames per clip, image resolution (two independent ways each)."""


def _probe_options(f):
    for option in reversed([
        click.option("--endpoint", default=None, help="OpenAI-compatible base URL [default: the built-in reference "
                     "endpoint]."),
        click.option("--model", default=None, help="Model name (default: the first from /v1/models)."),
        click.option("--api-key", default=None, help="API key (default: $ASSETGEN_API_KEY or $OPENAI_API_KEY)."),
        click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=Path("runs"),
                     show_default=True, help="Parent folder of the probe folder (eval looks for probes there)."),
        click.option("--seed", type=int, default=0, show_default=True, help="Seed of the probe's media."),
        click.option("--timeout", type=float, default=300.0, show_default=True, help="Seconds per request."),
        click.option("--concurrency", type=click.IntRange(1, 64), default=2, show_default=True,
                     help="Requests in flight at once."),
    ]):
        f = option(f)
    return f


def _run_probe(kind, endpoint, model, api_key, out, seed, timeout, concurrency) -> None:
    from assetgen.app.probe import probe
    from assetgen.app.terminal import probe_lines

    if endpoint is None:
        click.echo("no --endpoint given: probing the built-in reference endpoint", err=True)
    folder, record = probe(kind, endpoint=endpoint, model=model, api_key=api_key, out=out, seed=seed,
                           timeout=timeout, concurrency=concurrency)
    click.echo("\n".join(probe_lines(record, folder)))


@probe_group.command("frames")
@_probe_options
def probe_frames_command(**kwargs) -> None:
    """How many frames of a clip the server feeds the model (from answers and from prompt tokens), per video
    mode and with per-request media_io_kwargs, and the server setting that changes it."""
    _run_probe("frames", **kwargs)


@probe_group.command("resolution")
@_probe_options
def probe_resolution_command(**kwargs) -> None:
    """The image resolution the model gets (prompt tokens against size; small type on growing canvases) and
    how many images one request may carry."""
    _run_probe("resolution", **kwargs)


@main.command("export")
@click.option("--format", "fmt", required=True, type=click.Choice(["jsonl", "openai", "inspect", "hf", "lmms-eval"]),
              help="Target harness or format.")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), required=True, help="Folder to write into.")
@click.option("--golden", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Suite folder (default: the golden set).")
@click.option("--frames", type=int, default=None,
              help="Frames per clip where a harness gets clips as images (inspect, lmms-eval), uniformly sampled "
                   "with the first and the last included, as eval's --num-frames. [default: every frame]")
@click.option("--model", default="default", show_default=True, help="Model name in openai request bodies.")
@click.option("--lang", "langs", multiple=True, metavar="LANG",
              help="Only the cases asked in en, ja, zh or all (repeatable; default every case of the folder).")
def export_command(fmt, out, golden, frames, model, langs) -> None:
    """Export the golden set for other harnesses (Inspect AI, lmms-eval, HF datasets, OpenAI batch)."""
    from assetgen.app.export import export

    click.echo(f"exported {fmt} to {export(fmt, out, golden=golden, frames=frames, model=model, langs=langs)}")


@main.command("report")
@click.argument("run_dir", type=click.Path(file_okay=False, exists=True, path_type=Path))
@click.option("--golden", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Suite the run answered (default: the golden set).")
def report_command(run_dir, golden) -> None:
    """Re-grade a run and re-render its reports (no model is called)."""
    from assetgen.app.report import write_reports
    from assetgen.app.terminal import print_report

    print_report(write_reports(run_dir, golden))


@main.command("compare")
@click.argument("runs", nargs=-1, required=True, type=click.Path(file_okay=False, exists=True, path_type=Path))
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Where to write the Markdown (default: beside the last run, compare-<others>.md); "
                   "the HTML page goes beside it.")
def compare_command(runs, out) -> None:
    """Compare runs (A B, or more): accuracy with 95% intervals per category, the cases that flipped
    against the first run with both answers, an exact McNemar test, and performance."""
    from assetgen.app.compare import compare_runs
    from assetgen.app.terminal import print_comparison

    if len(runs) < 2:
        raise click.UsageError("give at least two run folders")
    print_comparison(compare_runs(list(runs), out))


if __name__ == "__main__":
    main()
