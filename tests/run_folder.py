"""Hand-made run folders for report tests: chosen answers, timings and repeats, graded against the golden set
(no server: the numbers a report must show are then known in advance)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from assetgen.dataset.golden import load_golden
from assetgen.run.records import ResponseRecord, RunInfo, SentSummary, Timing
from graders.records import Sent, Usage

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "golden"
CASES = {c.id: c for c in load_golden(GOLDEN)}


def right(case_id: str) -> str:
    """An answer the grader accepts: the truth written out."""
    value = CASES[case_id].truth.value
    return ", ".join(map(str, value)) if isinstance(value, list) else str(value)


@dataclass
class Answer:
    case_id: str
    content: str | None = None  # None: the right answer
    repeat: int = 0
    thinking: str = "server-default"
    latency: float = 1.0
    ttft: float | None = 0.2
    ttfc: float | None = 0.2
    tokens: int = 10
    status: str = "ok"
    reasoning: str | None = None


def make_run(root: Path, name: str, answers: list[Answer], *, model: str = "model-x", repeat: int = 1,
             thinking: str = "server-default") -> Path:
    run_dir = root / name
    run_dir.mkdir(parents=True)
    info = RunInfo(run_id=name, endpoint="http://127.0.0.1:9/v1", model=model,
                   options={"repeat": repeat, "thinking": thinking, "max_tokens": 1024},
                   golden=str(GOLDEN), golden_sha256="0" * 64, case_count=len(CASES), versions={"assetgen": "test"},
                   started="2026-01-01T00:00:00+00:00", wall_s=10.0)
    (run_dir / "run.json").write_text(info.model_dump_json(), encoding="utf-8")
    lines = []
    for a in answers:
        error = a.status == "error"
        lines.append(ResponseRecord(
            case_id=a.case_id, key=f"{a.case_id}#{a.repeat}#{a.thinking}", repeat=a.repeat, thinking_label=a.thinking,
            content=None if error else (right(a.case_id) if a.content is None else a.content), reasoning=a.reasoning,
            finish_reason=None if error else "stop", status=a.status, error="HTTP 500: boom" if error else None,
            usage=None if error else Usage(completion_tokens=a.tokens),
            timing=Timing(latency_s=a.latency, ttft_s=a.ttft, ttfc_s=a.ttfc),
            sent=Sent(max_tokens=1024), request=SentSummary(images=1)).model_dump_json())
    (run_dir / "responses.jsonl").write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return run_dir
