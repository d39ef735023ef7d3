"""Exports, loaded by the real harnesses (tests skip with a reason when the [interop] extra is missing)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from assetgen.dataset.golden import load_golden
from assetgen.export.formats import export
from assetgen.media.imaging import decode_image

GOLDEN = Path(__file__).resolve().parent.parent / "golden"
CASES = load_golden(GOLDEN)


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


def test_lmms_eval_yaml_and_hooks(tmp_path):
    yaml = pytest.importorskip("yaml", reason="pip install 'assetgen[interop]'")
    datasets = pytest.importorskip("datasets", reason="pip install 'assetgen[interop]'")
    out = export("lmms-eval", tmp_path / "x")

    class Loader(yaml.SafeLoader):
        pass

    Loader.add_constructor("!function", lambda loader, node: ("function", loader.construct_scalar(node)))
    config = yaml.load((out / "assetgen.yaml").read_text(), Loader=Loader)
    # lmms-eval itself needs torch (several GB): checked against its documented task keys instead
    assert {"task", "dataset_path", "dataset_kwargs", "test_split", "output_type", "doc_to_visual", "doc_to_text",
            "doc_to_target", "process_results", "metric_list"} <= config.keys()
    assert config["output_type"] == "generate_until" and config["dataset_path"] == "parquet"
    import importlib.util

    spec = importlib.util.spec_from_file_location("lmms_utils", out / "utils.py")
    utils = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(utils)
    data = datasets.load_dataset("parquet", data_files=config["dataset_kwargs"]["data_files"], split="test")
    video = data[[c.modality for c in CASES].index("video")]
    assert len(utils.doc_to_visual(video)) == 8 and utils.doc_to_text(video) == video["prompt"]
    assert utils.process_results(data[0], [utils.doc_to_target(data[0])])["assetgen_correct"] == 1.0


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


def _inspect_run(out: Path, model, tmp_path: Path):
    import importlib.util

    from inspect_ai import eval as inspect_eval

    spec = importlib.util.spec_from_file_location("assetgen_task", out / "task.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    [log] = inspect_eval(module.assetgen_golden(), model=model, log_dir=str(tmp_path / "logs"), display="none",
                         max_connections=4)
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
    return f"The answer is {value}" if case.grader.name != "transcription" else str(value)


def test_inspect_runs_the_exported_task_with_scripted_outputs(tmp_path, offline_token_counts):
    pytest.importorskip("inspect_ai", reason="pip install 'assetgen[interop]' for the Inspect AI test")
    from inspect_ai.model import ModelOutput, get_model

    out = export("inspect", tmp_path / "x")
    answers = {case.prompt: stated(case) for case in CASES}

    def reply(messages, tools, tool_choice, config):
        text = messages[-1].text
        answer = next((a for prompt, a in answers.items() if text.endswith(prompt)), "no idea")
        return ModelOutput.from_content(model="mockllm", content=answer)

    log = _inspect_run(out, get_model("mockllm/model", custom_outputs=reply), tmp_path)
    assert len(log.samples) == len(CASES)
    accuracy = log.results.scores[0].metrics["accuracy"].value
    assert accuracy == 1.0, [(s.id, s.scores) for s in log.samples if s.scores["assetgen_grader"].value != 1.0]


def test_inspect_against_the_reference_endpoint(tmp_path, monkeypatch, offline_token_counts):
    pytest.importorskip("inspect_ai", reason="pip install 'assetgen[interop]' for the Inspect AI test")
    from inspect_ai.model import get_model

    from assetgen.reference.server import Running

    out = export("inspect", tmp_path / "x", frames=30)
    with Running() as url:
        monkeypatch.setenv("ASSETGEN_API_KEY", "unused")
        log = _inspect_run(out, get_model("openai-api/assetgen/assetgen-reference", base_url=url,
                                          api_key="unused", memoize=False), tmp_path)
    accuracy = log.results.scores[0].metrics["accuracy"].value
    assert len(log.samples) == len(CASES) and accuracy >= 0.8, accuracy
