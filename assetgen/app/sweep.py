"""`assetgen sweep`: where does an endpoint stop seeing? Cases are drawn at each level of a knob into one
suite inside the sweep folder (the normal build, a knob value per level), asked through the normal runner
(`evaluate`: records, resume, reports), and accuracy is fitted against the level.

A sweep folder holds plan.json (every case with its series and level), suite/, runs/<run>/, sweep.json,
sweep.md and sweep.png. Running the same sweep again into it resumes: the build keeps what it built, the
run asks only what is missing."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from assetgen.app.evaluate import evaluate
from assetgen.app.options import parse_langs
from assetgen.dataset.golden import read_manifest
from assetgen.errors import ConfigError
from assetgen.generate.build import build
from assetgen.generate.sweep_plan import (
    PRESET_PER_LEVEL,
    PRESET_REQUEST,
    Series,
    parse_fixed,
    parse_knob_range,
    sweep_jobs,
)
from assetgen.generate.sweep_plan import preset as preset_series
from assetgen.report.sweep_record import PlannedCase, SweepPlan, SweepResult, analyse, read_plan
from assetgen.report.sweep_view import markdown, plot
from assetgen.run.endpoint import api_key as resolve_key
from assetgen.run.endpoint import base_url, public_url
from assetgen.run.files import write_atomic
from assetgen.run.payload import RequestOptions
from assetgen.run.runner import EvalOptions

BUILTIN = "built-in reference endpoint"


@dataclass
class SweepOptions:
    series: list[Series]
    per_level: int = 3
    seed: int = 0
    variants: int = 1
    out: Path | None = None  # default: sweeps/<families>-<knobs>-<hash of the spec>
    preset: str | None = None
    endpoint: str | None = None  # None: the built-in reference endpoint
    model: str | None = None
    api_key: str | None = None
    concurrency: int = 4
    timeout: float = 300.0
    retries: int = 2
    request: RequestOptions = field(default_factory=lambda: RequestOptions(model=""))
    langs: tuple[str, ...] = ("en",)  # question languages (issue #35): each a series of its own

    def spec(self) -> dict:
        """What identifies the sweep (never the key): a folder holding another sweep is not resumed."""
        r = self.request
        return {"series": [{"family": s.family, "knob": s.knob, "levels": list(s.levels), "fixed": s.fixed}
                           for s in self.series],
                "per_level": self.per_level, "seed": self.seed, "variants": self.variants, "preset": self.preset,
                "endpoint": public_url(base_url(self.endpoint)) if self.endpoint else BUILTIN, "model": self.model,
                "request": {"max_tokens": r.max_tokens, "temperature": r.temperature, "video_mode": r.video_mode,
                            "num_frames": r.num_frames, "extra_body": r.extra_body}} | (
                    {"langs": list(self.langs)} if self.langs != ("en",) else {})

    def folder(self) -> Path:
        """Where the sweep lives: --out, else its default folder under sweeps/."""
        return self.out or default_folder(self.spec())


def sweep_options(families: tuple[str, ...] = (), *, knob_range: str | None = None, fixed_args: tuple[str, ...] = (),
                  preset: str | None = None, per_level: int | None = None, variants: int = 1, seed: int = 0,
                  out: Path | None = None, endpoint: str | None = None, model: str | None = None,
                  api_key: str | None = None, concurrency: int = 4, max_tokens: int = 1024,
                  video_mode: str | None = None, num_frames: int | None = None, timeout: float = 300.0,
                  langs: tuple[str, ...] = ()) -> SweepOptions:
    """The sweep the command's options describe: FAMILY... with --knob (and --set), or a --preset with its
    cases per level and, unless --video-mode or --num-frames is given, its way of sending clips."""
    if preset:
        if families or knob_range or fixed_args:
            raise ConfigError("--preset takes neither FAMILY arguments, --knob nor --set")
        series = preset_series(preset)
        if video_mode is None and num_frames is None:
            video_mode, num_frames = PRESET_REQUEST["video_mode"], PRESET_REQUEST["num_frames"]
    else:
        if not families or not knob_range:
            raise ConfigError("give FAMILY [FAMILY...] and --knob NAME=LOW..HIGH[:STEP], or --preset")
        knob, levels = parse_knob_range(knob_range)
        fixed = parse_fixed(fixed_args)
        series = [Series(family, knob, levels, fixed) for family in dict.fromkeys(families)]
    return SweepOptions(
        series=series, per_level=per_level or (PRESET_PER_LEVEL if preset else 3), seed=seed, variants=variants,
        out=out, preset=preset, endpoint=endpoint, model=model, api_key=resolve_key(api_key),
        concurrency=concurrency, timeout=timeout, langs=parse_langs(langs),
        request=RequestOptions(model="", max_tokens=max_tokens, video_mode=video_mode or "video_url",
                               num_frames=num_frames))


def default_folder(spec: dict) -> Path:
    digest = hashlib.sha256(json.dumps(spec, sort_keys=True).encode()).hexdigest()[:8]
    name = spec["preset"] or "-".join(dict.fromkeys(f"{s['family']}-{s['knob']}" for s in spec["series"]))
    return Path("sweeps") / f"{name[:60]}-{digest}"


def _latest_run(runs: Path) -> Path | None:
    """The run of an interrupted sweep (one whose run.json was written: before that nothing was asked)."""
    found = [d for d in runs.iterdir() if (d / "run.json").is_file()] if runs.is_dir() else []
    return max(found, key=lambda d: (int(d.name.rsplit("-", 1)[-1]) if d.name.rsplit("-", 1)[-1].isdigit() else 0,
                                     d.name), default=None)


def run_sweep(options: SweepOptions, *, notify: Callable[[str], None] = lambda _: None) -> SweepResult:
    """Build, ask (or resume), grade and fit; writes sweep.json, sweep.md and sweep.png into the folder."""
    jobs, planned = sweep_jobs(options.series, options.per_level, options.seed, options.variants, options.langs)
    spec = options.spec()
    folder = options.folder()
    plan = SweepPlan(spec=spec, cases=[PlannedCase(case_id=p.case_id, series=p.series, level=p.level, base=p.base)
                                       for p in planned])
    existing = read_plan(folder / "plan.json")
    if existing is not None and existing.spec != plan.spec:
        raise ConfigError(f"{folder} holds another sweep (its plan.json differs); give another --out")
    folder.mkdir(parents=True, exist_ok=True)
    notify(f"sweep folder: {folder}")
    if existing is None:
        write_atomic(folder / "plan.json", plan.model_dump_json(indent=2).encode())
    suite = (folder / "suite").resolve()  # run.json records it: a resume from another directory finds it
    built = (suite / "manifest.json").is_file() and read_manifest(suite).case_count == len(jobs)
    if not built:
        notify(f"building {len(jobs)} cases into {suite}")
        build(suite, suite="sweep", seed=options.seed, jobs=jobs, log=notify)
    runs = folder / "runs"
    resume = _latest_run(runs)
    if resume is not None:
        notify(f"resuming {resume}: only what is missing is asked")
    request = RequestOptions(**{**options.request.__dict__})
    evaluated = evaluate(EvalOptions(
        endpoint=options.endpoint, golden=suite, out=runs, model=options.model, api_key=options.api_key,
        concurrency=options.concurrency, timeout=options.timeout, retries=options.retries, resume=resume,
        request=request), notify=notify)
    series = [(s.family, s.knob, s.fixed) for s in options.series]
    result = analyse(evaluated, plan, series, preset=options.preset,
                     run=evaluated.run_dir.resolve().relative_to(folder.resolve()).as_posix(), suite="suite")
    write_atomic(folder / "sweep.json", result.model_dump_json(indent=2).encode())
    write_atomic(folder / "sweep.md", markdown(result).encode())
    write_atomic(folder / "sweep.png", plot(result))
    return result
