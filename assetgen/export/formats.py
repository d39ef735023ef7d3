"""`assetgen export`: the golden set as a dataset for other harnesses.

Formats: jsonl (native), openai (batch request bodies + truth), inspect (Inspect AI json_dataset +
task.py scoring with assetgen's graders), hf (parquet with image bytes embedded), lmms-eval (task
YAML + utils.py over that parquet).
"""

from __future__ import annotations

import json
from pathlib import Path

from assetgen.dataset.golden import default_golden, load_golden, read_manifest
from assetgen.dataset.paths import read_inside, resolve_inside
from assetgen.dataset.records import Case
from assetgen.errors import AssetgenError
from assetgen.media.imaging import png_bytes
from assetgen.media.video import decode_av, sample_indices
from assetgen.run.payload import MediaCache, RequestOptions, build_body

FORMATS = ("jsonl", "openai", "inspect", "hf", "lmms-eval")
VIDEO_NOTE = "The video is shown as {n} frames in time order{clips}."


def _truth_line(case: Case) -> dict:
    return {"case_id": case.id, "family": case.family, "category": case.category, "truth": case.truth.model_dump(),
            "grader": case.grader.model_dump(),
            "sampling": case.sampling.model_dump() if case.sampling else None}


def _spec(case: Case) -> dict:
    """What graders need of a case (graders.CaseSpec fields), for harnesses that grade with it."""
    return case.model_dump(include={"format_version", "id", "family", "category", "modality", "prompt",
                                    "system_prompt", "truth", "grader", "sampling"})


def _copy(root: Path, out: Path, rel: str) -> None:
    """One file of the suite to the same place under `out`, both resolved strictly inside their folders."""
    target = resolve_inside(out, rel)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(read_inside(root, rel))


def export_jsonl(cases, root: Path, out: Path) -> None:
    for rel in read_manifest(root).files:  # exactly the files the manifest pins, all verified
        _copy(root, out, rel)
    _copy(root, out, "manifest.json")


def export_openai(cases, root: Path, out: Path, model: str) -> None:
    cache = MediaCache()
    with (out / "requests.jsonl").open("w") as requests, (out / "truth.jsonl").open("w") as truth:
        for case in cases:
            body, _, _ = build_body(case, root, RequestOptions(model=model, stream=False), None, cache)
            requests.write(json.dumps({"custom_id": case.id, "method": "POST", "url": "/v1/chat/completions",
                                       "body": json.loads(body)}) + "\n")
            truth.write(json.dumps(_truth_line(case)) + "\n")


def video_frames(case: Case, root: Path, frames: int) -> list[list]:
    """N uniformly sampled decoded frames of each clip (Inspect's chat providers reject video)."""
    clips = []
    for ref in case.inputs:
        if ref.media_type == "video/mp4":
            decoded, _ = decode_av(read_inside(root, ref.path))
            clips.append([decoded[i] for i in sample_indices(len(decoded), frames)])
    return clips


def _media_for_inspect(case: Case, root: Path, out: Path, frames: int) -> tuple[list[str], str]:
    paths, note = [], ""
    for ref in case.inputs:
        if ref.media_type.startswith("image/"):
            _copy(root, out, ref.path)
            paths.append(ref.path)
    clips = video_frames(case, root, frames)
    for c, clip in enumerate(clips):
        for k, frame in enumerate(clip):
            rel = f"assets/{case.family}/{case.id}_clip{c + 1}_frame{k + 1:02d}.png"
            target = resolve_inside(out, rel)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(png_bytes(frame))
            paths.append(rel)
    if clips:
        note = VIDEO_NOTE.format(n=frames, clips=f", {len(clips)} videos one after the other" if len(clips) > 1
                                 else "") + " "
    return paths, note


def _target(case: Case) -> str:
    value = case.truth.value
    return ", ".join(map(str, value)) if isinstance(value, list) else (
        json.dumps(value) if isinstance(value, dict) else str(value))


TASK_PY = '''"""Inspect AI task over the assetgen golden set, scored with assetgen's graders."""

from pathlib import Path

from inspect_ai import Task, task
from inspect_ai.dataset import json_dataset
from inspect_ai.scorer import Score, Target, accuracy, mean, scorer
from inspect_ai.solver import TaskState, generate

from graders import grade

HERE = Path(__file__).resolve().parent


@scorer(metrics=[accuracy(), mean()])
def assetgen_grader():
    async def score(state: TaskState, target: Target) -> Score:
        finish = "length" if state.output.stop_reason == "max_tokens" else "stop"
        result = grade(state.metadata["case"], {"content": state.output.completion, "finish_reason": finish})
        return Score(value=1.0 if result.verdict == "correct" else 0.0, answer=str(result.extracted),
                     explanation=result.explanation,
                     metadata={"verdict": result.verdict, "cause": result.cause, "score": result.score})

    return score


@task
def assetgen_golden():
    return Task(dataset=json_dataset(str(HERE / "dataset.jsonl")), solver=generate(), scorer=assetgen_grader())
'''


def export_inspect(cases, root: Path, out: Path, frames: int) -> None:
    with (out / "dataset.jsonl").open("w") as handle:
        for case in cases:
            paths, note = _media_for_inspect(case, root, out, frames)
            content = [{"type": "image", "image": p} for p in paths] + [{"type": "text", "text": note + case.prompt}]
            messages = ([{"role": "system", "content": case.system_prompt}] if case.system_prompt else []) + [
                {"role": "user", "content": content}]
            handle.write(json.dumps({"id": case.id, "input": messages, "target": _target(case),
                                     "metadata": {"case": _spec(case), "category": case.category}}) + "\n")
    (out / "task.py").write_text(TASK_PY)


def _require(module: str, extra: str = "interop"):
    try:
        return __import__(module)
    except ImportError:
        raise AssetgenError(f"this export needs the '{module}' package: pip install 'assetgen[{extra}]'") from None


def export_hf(cases, root: Path, out: Path) -> Path:
    datasets = _require("datasets")
    from datasets import Features, Image, Value

    List = getattr(datasets, "List", None) or datasets.Sequence  # datasets >= 4: List; older: Sequence

    rows: dict[str, list] = {k: [] for k in ("id", "family", "category", "modality", "prompt", "target", "truth",
                                             "grader", "case", "images", "videos")}
    for case in cases:
        rows["id"].append(case.id)
        rows["family"].append(case.family)
        rows["category"].append(case.category)
        rows["modality"].append(case.modality)
        rows["prompt"].append(case.prompt)
        rows["target"].append(_target(case))
        rows["truth"].append(case.truth.model_dump_json())
        rows["grader"].append(case.grader.model_dump_json())
        rows["case"].append(json.dumps(_spec(case)))
        # bytes embedded: a plain to_parquet of path-only Image values would keep just the paths
        rows["images"].append([{"bytes": read_inside(root, f.path), "path": Path(f.path).name}
                               for f in case.inputs if f.media_type.startswith("image/")])
        rows["videos"].append([{"bytes": read_inside(root, f.path), "path": Path(f.path).name}
                               for f in case.inputs if f.media_type == "video/mp4"])
    features = Features({**{k: Value("string") for k in rows if k not in ("images", "videos")},
                         "images": List(Image()),
                         "videos": List({"bytes": Value("binary"), "path": Value("string")})})
    dataset = datasets.Dataset.from_dict(rows, features=features)
    path = out / "data.parquet"
    dataset.to_parquet(str(path))
    return path


LMMS_YAML = """task: assetgen_golden
dataset_path: parquet
dataset_kwargs:
  data_files:
    test: {parquet}
test_split: test
output_type: generate_until
doc_to_visual: !function utils.doc_to_visual
doc_to_text: !function utils.doc_to_text
doc_to_target: !function utils.doc_to_target
process_results: !function utils.process_results
generation_kwargs:
  max_new_tokens: 1024
  temperature: 0
  do_sample: false
metric_list:
  - metric: assetgen_correct
    aggregation: mean
    higher_is_better: true
metadata:
  version: 1
"""

LMMS_UTILS = '''"""lmms-eval hooks for the assetgen golden set, graded with assetgen's graders.

Videos are given to the model as 8 sampled frames."""

import io
import json

from PIL import Image

from graders import grade


def doc_to_visual(doc):
    images = [Image.open(io.BytesIO(item["bytes"])).convert("RGB") for item in doc["images"]]
    for video in doc["videos"]:
        import av

        with av.open(io.BytesIO(video["bytes"])) as container:
            frames = [f.to_image() for f in container.decode(video=0)]
        step = max(1, len(frames) // 8)
        images += frames[::step][:8]
    return images


def doc_to_text(doc, lmms_eval_specific_kwargs=None):
    return doc["prompt"]


def doc_to_target(doc):
    return doc["target"]


def process_results(doc, results):
    result = grade(json.loads(doc["case"]), {"content": results[0], "finish_reason": "stop"})
    return {"assetgen_correct": 1.0 if result.verdict == "correct" else 0.0}
'''


def export_lmms(cases, root: Path, out: Path) -> None:
    parquet = export_hf(cases, root, out)
    (out / "assetgen.yaml").write_text(LMMS_YAML.format(parquet=parquet.resolve()))
    (out / "utils.py").write_text(LMMS_UTILS)


def export(fmt: str, out: str | Path, *, golden: str | Path | None = None, frames: int = 8,
           model: str = "default") -> Path:
    if fmt not in FORMATS:
        raise AssetgenError(f"unknown export format {fmt!r}; valid: {', '.join(FORMATS)}")
    if not 1 <= frames <= 240:
        raise AssetgenError(f"--frames {frames} must be in 1..240")
    root = Path(golden) if golden else default_golden()
    cases = load_golden(root)
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    {"jsonl": lambda: export_jsonl(cases, root, out), "openai": lambda: export_openai(cases, root, out, model),
     "inspect": lambda: export_inspect(cases, root, out, frames), "hf": lambda: export_hf(cases, root, out),
     "lmms-eval": lambda: export_lmms(cases, root, out)}[fmt]()
    return out
