"""Exports, loaded by the real harnesses from a folder moved away from where it was written (tests skip with a
reason when the [interop] extra is missing). Scores against endpoints: tests/test_export_parity.py."""

from __future__ import annotations

import base64
import importlib.util
import json
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

from assetgen.dataset.golden import load_golden
from assetgen.export.formats import export
from assetgen.media.imaging import decode_image
from assetgen.media.video import decode_av, frame_label, sample_indices

GOLDEN = Path(__file__).resolve().parent.parent / "golden"
CASES = load_golden(GOLDEN)
BY_ID = {c.id: c for c in CASES}
ONE_CLIP = next(c for c in CASES if c.modality == "video")
TWO_CLIPS = next(c for c in CASES if c.modality == "multi_video")


def moved(fmt: str, tmp_path: Path, **options) -> Path:
    """Export to one folder, then move it: the task must not remember where it was written."""
    written = export(fmt, tmp_path / "written", **options)
    return Path(shutil.move(str(written), str(tmp_path / "elsewhere" / "task")))


def load_module(path: Path, name: str):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_jsonl_is_the_native_format_and_loads_back(tmp_path):
    out = export("jsonl", tmp_path / "x")
    assert [c.id for c in load_golden(out)] == [c.id for c in CASES]


def test_openai_batch_bodies_and_truth(tmp_path):
    out = export("openai", tmp_path / "x", model="my-vlm")
    requests = [json.loads(line) for line in (out / "requests.jsonl").read_text().splitlines()]
    truth = [json.loads(line) for line in (out / "truth.jsonl").read_text().splitlines()]
    assert len(requests) == len(truth) == len(CASES)
    first = requests[0]
    assert first["url"] == "/v1/chat/completions" and first["body"]["model"] == "my-vlm"
    parts = first["body"]["messages"][-1]["content"]
    assert parts[0]["image_url"]["url"].startswith("data:image/png;base64,") and parts[-1]["type"] == "text"
    videos = [r for r in requests if any(p["type"] == "video_url" for p in r["body"]["messages"][-1]["content"])]
    assert len(videos) == 17 and truth[0]["truth"]["value"] == CASES[0].truth.value


def test_hf_parquet_embeds_image_bytes(tmp_path):
    datasets = pytest.importorskip("datasets", reason="pip install 'assetgen[interop]' for the HF export test")
    out = export("hf", tmp_path / "x")
    dataset = datasets.load_dataset("parquet", data_files=str(out / "data.parquet"), split="train")
    assert len(dataset) == len(CASES)
    row = dataset[0]
    png = decode_image((GOLDEN / CASES[0].inputs[0].path).read_bytes())
    assert np.array_equal(np.asarray(row["images"][0].convert("RGB")), png)
    video_row = dataset[[c.modality for c in CASES].index("video")]
    assert video_row["videos"][0]["bytes"][:12].find(b"ftyp") == 4  # a whole MP4, not a path


def test_uniform_sampling_keeps_the_last_frame():
    """The rule of `assetgen eval --num-frames`: first and last frame, evenly between (not frames[::len//n])."""
    assert sample_indices(30, 8) == [0, 4, 8, 12, 17, 21, 25, 29]
    assert sample_indices(30, 2) == [0, 29] and sample_indices(30, 1) == [0] and sample_indices(30, 40) == list(
        range(30))


# --- lmms-eval -----------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def lmms_folder(tmp_path_factory):
    pytest.importorskip("datasets", reason="pip install 'assetgen[interop]'")
    return moved("lmms-eval", tmp_path_factory.mktemp("lmms"))


def _yaml(path: Path) -> dict:
    yaml = pytest.importorskip("yaml", reason="pip install 'assetgen[interop]'")

    class Loader(yaml.SafeLoader):
        pass

    Loader.add_constructor("!function", lambda loader, node: ("function", loader.construct_scalar(node)))
    return yaml.load(path.read_text(), Loader=Loader)


def _rows(folder: Path):
    """The parquet's rows twice: raw (images as {bytes, path}) and as `datasets` hands them (PIL images)."""
    import datasets
    import pyarrow.parquet as pq

    raw = pq.read_table(folder / "data.parquet").to_pylist()
    decoded = datasets.load_dataset("parquet", data_files=str(folder / "data.parquet"), split="train")
    return {"raw": {r["id"]: r for r in raw}, "decoded": {r["id"]: r for r in decoded}}


def test_lmms_task_names_its_parquet_relative_to_itself(lmms_folder):
    config = _yaml(lmms_folder / "assetgen_golden.yaml")
    assert config["dataset_kwargs"]["data_files"] == {"test": "data.parquet"}
    assert (lmms_folder / "data.parquet").is_file()
    assert {"task", "dataset_path", "test_split", "output_type", "doc_to_messages", "doc_to_visual", "doc_to_text",
            "doc_to_target", "process_results", "metric_list"} <= config.keys()
    utils = load_module(lmms_folder / "utils.py", "lmms_utils")
    for key in ("doc_to_messages", "doc_to_visual", "doc_to_text", "doc_to_target", "process_results"):
        assert callable(getattr(utils, config[key][1].split(".")[1]))
    for metric in config["metric_list"]:
        assert callable(getattr(utils, metric["aggregation"][1].split(".")[1]))
    video = _yaml(lmms_folder / "assetgen_golden_video.yaml")
    assert video["include"] == "assetgen_golden.yaml" and video["lmms_eval_specific_kwargs"]["default"] == {
        "video": "video_url"}
    written = str(lmms_folder.parent.parent / "written")
    for path in lmms_folder.rglob("*"):
        if path.suffix in (".yaml", ".py", ".md", ".txt"):
            assert written not in path.read_text(), f"{path.name} remembers where it was written"


@pytest.mark.parametrize("rows", ["raw", "decoded"])
def test_lmms_hooks_take_raw_and_decoded_rows(lmms_folder, rows):
    utils = load_module(lmms_folder / "utils.py", "lmms_utils")
    docs = _rows(lmms_folder)[rows]
    image_case = CASES[0]
    [message] = utils.doc_to_messages(docs[image_case.id], {"video": "frames"})
    picture, prompt = message["content"]
    png = decode_image((GOLDEN / image_case.inputs[0].path).read_bytes())
    assert np.array_equal(np.asarray(picture["url"]), png) and prompt == {"type": "text", "text": image_case.prompt}
    assert len(utils.doc_to_visual(docs[ONE_CLIP.id])) == 30  # every frame by default
    # two clips: two labelled groups of every frame, then the prompt
    [message] = utils.doc_to_messages(docs[TWO_CLIPS.id], {"video": "frames"})
    texts = [(i, part["text"]) for i, part in enumerate(message["content"]) if part["type"] == "text"]
    assert texts == [(0, frame_label(1, 2, 30)), (31, frame_label(2, 2, 30)), (62, TWO_CLIPS.prompt)]
    assert texts[0][1] == "Video 1 (30 frames, in time order):"
    # video mode: each clip's MP4, whole, as a data URL
    [message] = utils.doc_to_messages(docs[TWO_CLIPS.id], {"video": "video_url"})
    urls = [part["url"] for part in message["content"] if part["type"] == "video"]
    assert [base64.b64decode(u.split(",", 1)[1]) for u in urls] == [
        (GOLDEN / ref.path).read_bytes() for ref in TWO_CLIPS.inputs]
    # lmms-eval drops Image columns from the rows it gives doc_to_text and process_results
    bare = {k: v for k, v in docs[TWO_CLIPS.id].items() if k != "images"}
    assert utils.doc_to_text(bare).endswith(TWO_CLIPS.prompt) and "video 2 the next 30" in utils.doc_to_text(bare)
    assert utils.doc_to_target(bare) == docs[TWO_CLIPS.id]["target"]


def test_lmms_frames_follow_export_frames_with_the_eval_sampling_rule(tmp_path):
    pytest.importorskip("datasets", reason="pip install 'assetgen[interop]'")
    folder = moved("lmms-eval", tmp_path, frames=8)
    utils = load_module(folder / "utils.py", "lmms_utils_8")
    doc = _rows(folder)["raw"][ONE_CLIP.id]
    [message] = utils.doc_to_messages(doc, {"video": "frames"})
    frames = [np.asarray(p["url"]) for p in message["content"] if p["type"] == "image"]
    decoded, _ = decode_av((GOLDEN / ONE_CLIP.inputs[0].path).read_bytes())
    assert sample_indices(30, 8)[-1] == 29
    assert len(frames) == 8 and all(np.array_equal(f, decoded[i]) for f, i in zip(frames, sample_indices(30, 8),
                                                                                   strict=True))
    assert message["content"][0]["text"] == "The video (8 frames, in time order):"
    # the hooks carry their own copies of the sampling rule and the labels: the same as the runner's
    assert all(utils.sample_indices(total, n) == sample_indices(total, n) for total in range(1, 61)
               for n in range(1, 61))
    assert all(utils.frame_label(k, count, 8) == frame_label(k, count, 8) for count in (1, 2, 3)
               for k in range(1, count + 1))


def test_lmms_metrics_carry_verdict_cause_and_explanation(lmms_folder):
    utils = load_module(lmms_folder / "utils.py", "lmms_utils")
    docs = _rows(lmms_folder)["raw"]
    grid = CASES[0]  # all 16 cells of a grid: partial credit for 15
    wrong_one = list(grid.truth.value)
    wrong_one[5] = "white" if wrong_one[5] != "white" else "black"
    items = [utils.process_results(docs[grid.id], [", ".join(grid.truth.value)]),
             utils.process_results(docs[grid.id], [", ".join(wrong_one)]),
             utils.process_results(docs[grid.id], ["[LMMS_EVAL_REQUEST_FAILED after 5 retries] Connection error."])]
    correct, partial, failed = (item["assetgen_accuracy"] for item in items)
    assert (correct["verdict"], correct["score"]) == ("correct", 1.0)
    assert partial["verdict"] == "partial" and partial["score"] == 0.0 and 0 < partial["partial_credit"] < 1
    assert partial["cause"] == "wrong" and "15 of 16" in partial["explanation"]
    assert failed["verdict"] == "error" and failed["cause"] == "transport"
    # a request that never came back is left out, as `assetgen eval` does; partial credit is a mean score
    assert utils.accuracy([i["assetgen_accuracy"] for i in items]) == 0.5
    assert utils.mean_score([i["assetgen_score"] for i in items]) == (1 + partial["partial_credit"]) / 2
    json.dumps(items)  # lmms-eval writes them to its samples log


BLOCK = textwrap.dedent("""
    import importlib.abc, sys
    class Block(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path, target=None):
            if name.split(".")[0] in {blocked!r}:
                raise ImportError(f"No module named {{name!r}}")
    sys.meta_path.insert(0, Block())
    sys.modules.pop("graders", None)
    import importlib.util
    spec = importlib.util.spec_from_file_location("hooks", {path!r})
    spec.loader.exec_module(importlib.util.module_from_spec(spec))
""")


@pytest.mark.parametrize("fmt", ["lmms-eval", "inspect"])
def test_a_task_folder_missing_a_dependency_says_so_in_one_line(tmp_path, fmt):
    pytest.importorskip("datasets" if fmt == "lmms-eval" else "inspect_ai", reason="pip install 'assetgen[interop]'")
    folder = moved(fmt, tmp_path)
    hooks = str(folder / ("utils.py" if fmt == "lmms-eval" else "task.py"))

    def last_line(blocked):
        run = subprocess.run([sys.executable, "-c", BLOCK.format(blocked=blocked, path=hooks)], cwd=tmp_path,
                             capture_output=True, text=True, timeout=120)
        assert run.returncode != 0
        return run.stderr.strip().splitlines()[-1]

    line = last_line({"rapidfuzz"})
    assert line == (f"ImportError: assetgen task: No module named 'rapidfuzz'; "
                    f"pip install -r {folder.resolve() / 'requirements.txt'}")
    assert "rapidfuzz" in (folder / "requirements.txt").read_text()
    shutil.rmtree(folder / "graders")
    assert last_line({"graders"}).endswith("its graders/ folder is missing: export the task again with "
                                           "`assetgen export`")


def test_the_readme_names_the_cases_that_too_few_frames_mislead(tmp_path):
    pytest.importorskip("datasets", reason="pip install 'assetgen[interop]'")
    few = export("lmms-eval", tmp_path / "few", frames=8)
    named = {"shape_morph-s0-0000", "pulsing_circle-s0-0000", "circular_motion-s0-0000",
             "appearing_objects-s0-0000", "flashing_light-s0-0000"}
    assert all(case_id in (few / "README.md").read_text() for case_id in named)
    assert "FRAMES = 8  #" in (few / "utils.py").read_text()
    every = export("lmms-eval", tmp_path / "every")
    assert not any(case_id in (every / "README.md").read_text() for case_id in named)
    assert "FRAMES = None  #" in (every / "utils.py").read_text()


# --- Inspect AI ----------------------------------------------------------------------------------------------

@pytest.fixture
def offline_token_counts(monkeypatch):
    """Inspect estimates token counts with tiktoken, which downloads its BPE file on first use; this
    machine has no network. A length-based estimate stands in: it feeds mockllm's usage numbers only,
    not the task, the model's answers or the scoring."""
    pytest.importorskip("inspect_ai", reason="pip install 'assetgen[interop]' for the Inspect AI tests")
    import inspect_ai.model._model as model_module
    import inspect_ai.model._tokens as tokens_module

    def estimate(text: str) -> int:
        return max(1, len(text) // 4)

    monkeypatch.setattr(tokens_module, "count_text_tokens", estimate)
    monkeypatch.setattr(model_module, "count_text_tokens", estimate)


def _inspect_run(out: Path, model, tmp_path: Path, **task_args):
    from inspect_ai import eval as inspect_eval

    module = load_module(out / "task.py", "assetgen_task")
    [log] = inspect_eval(module.assetgen_golden(**task_args), model=model, log_dir=str(tmp_path / "logs"),
                         display="none", max_connections=4)
    assert log.status == "success", log.error
    return log


def stated(case) -> str:
    value = case.truth.value
    if case.grader.name == "keywords":
        return "A " + " ".join(group[0] for group in case.grader.args["concepts"]) + "."
    if isinstance(value, dict):
        return json.dumps(value)
    if isinstance(value, list):
        return ", ".join(map(str, value))
    if case.truth.kind == "choice" or case.grader.args.get("format") == "one_word":
        return str(value)
    if "trace" in case.grader.args:  # the trace the prompt asks for, then its answer (POLICY.md 5.3)
        return "\n".join([*(f"i = {i + 1}, total = {t}" for i, t in enumerate(case.grader.args["trace"])),
                          f"Answer: {value}"])
    return f"The answer is {value}" if case.grader.name != "transcription" else str(value)


def scripted(answers: dict[str, str]):
    from inspect_ai.model import ModelOutput, get_model

    def reply(messages, tools, tool_choice, config):
        text = messages[-1].text
        answer = next((a for prompt, a in answers.items() if text.endswith(prompt)), "no idea")
        return ModelOutput.from_content(model="mockllm", content=answer)

    return get_model("mockllm/model", custom_outputs=reply)


def test_inspect_scores_carry_partial_credit_verdict_cause_and_explanation(tmp_path, offline_token_counts):
    out = moved("inspect", tmp_path)
    answers = {case.prompt: stated(case) for case in CASES}
    grid = CASES[0]
    wrong_one = list(grid.truth.value)
    wrong_one[5] = "white" if wrong_one[5] != "white" else "black"
    answers[grid.prompt] = ", ".join(wrong_one)
    log = _inspect_run(out, scripted(answers), tmp_path)
    assert len(log.samples) == len(CASES)
    metrics = {s.name: {k: m.value for k, m in s.metrics.items()} for s in log.results.scores}
    assert metrics["correct"]["accuracy"] == pytest.approx(36 / 37)
    sample = next(s for s in log.samples if s.id == grid.id)
    score = sample.scores["assetgen_grader"]
    assert score.value["correct"] == 0.0 and 0 < score.value["score"] < 1
    assert score.metadata["verdict"] == "partial" and score.metadata["cause"] == "wrong"
    assert "15 of 16" in score.explanation and score.answer
    scores = [s.scores["assetgen_grader"] for s in log.samples]
    assert metrics["score"]["mean"] == pytest.approx(sum(s.value["score"] for s in scores) / 37)
    others = [s.scores["assetgen_grader"] for s in log.samples if s.id != grid.id]
    assert all(s.value["correct"] == 1.0 and s.metadata["verdict"] == "correct" for s in others), [
        (s.explanation, s.metadata) for s in others if s.value["correct"] != 1.0]


def _frames_of(row) -> list[tuple[str, list[str]]]:
    """(label, frame files) per labelled group of a dataset row."""
    groups = []
    for part in row["input"][-1]["content"]:
        if part["type"] == "text" and part["text"] != row["metadata"]["case"]["prompt"]:
            groups.append((part["text"], []))
        elif part["type"] == "image" and groups:
            groups[-1][1].append(part["image"])
    return groups


def test_inspect_clips_are_labelled_groups_of_frames_sampled_like_eval(tmp_path):
    pytest.importorskip("inspect_ai", reason="pip install 'assetgen[interop]'")
    every = moved("inspect", tmp_path / "every")
    rows = {r["id"]: r for r in map(json.loads, (every / "dataset.jsonl").read_text().splitlines())}
    groups = _frames_of(rows[TWO_CLIPS.id])
    assert [label for label, _ in groups] == ["Video 1 (30 frames, in time order):",
                                              "Video 2 (30 frames, in time order):"]
    assert all(len(files) == 30 and all((every / f).is_file() for f in files) for _, files in groups)
    eight = moved("inspect", tmp_path / "eight", frames=8)
    rows = {r["id"]: r for r in map(json.loads, (eight / "dataset.jsonl").read_text().splitlines())}
    [(label, files)] = _frames_of(rows[ONE_CLIP.id])
    decoded, _ = decode_av((GOLDEN / ONE_CLIP.inputs[0].path).read_bytes())
    assert label == "The video (8 frames, in time order):" and files[-1].endswith("_frame029.png")
    assert all(np.array_equal(decode_image((eight / f).read_bytes()), decoded[i])
               for f, i in zip(files, sample_indices(30, 8), strict=True))


def test_inspect_video_mode_sends_each_clip_as_video(tmp_path, offline_token_counts):
    from inspect_ai.log import resolve_sample_attachments
    from inspect_ai.model import ContentVideo

    out = moved("inspect", tmp_path)
    log = _inspect_run(out, scripted({case.prompt: stated(case) for case in CASES}), tmp_path, video="video")
    assert log.results.scores[0].metrics["accuracy"].value == 1.0
    sample = resolve_sample_attachments(next(s for s in log.samples if s.id == TWO_CLIPS.id))
    videos = [c.video for c in sample.input[-1].content if isinstance(c, ContentVideo)]
    sent = [base64.b64decode(v.split(",", 1)[1]) if v.startswith("data:") else Path(v).read_bytes() for v in videos]
    assert sent == [(GOLDEN / r.path).read_bytes() for r in TWO_CLIPS.inputs]
    assert not any(c.type == "image" for c in sample.input[-1].content)
