"""Inspect AI task over an assetgen suite, graded with assetgen's own graders (vendored in ./graders).

    inspect eval task.py --model openai-api/assetgen/MODEL        # ASSETGEN_BASE_URL, ASSETGEN_API_KEY
    inspect eval task.py -T video=video --model ...               # clips as video, for providers that take it

Clips go as labelled groups of PNG frames by default (Inspect's OpenAI-compatible providers reject video);
`-T video=video` sends each clip's MP4 as video content instead. Each score carries assetgen's verdict,
cause and explanation: `correct` is 1 for a perfect answer (assetgen's accuracy), `score` its partial credit.
"""

import sys
from pathlib import Path

from inspect_ai import Task, task
from inspect_ai.dataset import json_dataset
from inspect_ai.model import ContentReasoning, GenerateConfig
from inspect_ai.scorer import Score, Target, accuracy, mean, scorer, stderr
from inspect_ai.solver import TaskState, generate

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:  # the vendored graders: the same code as `assetgen eval`, wherever this folder is
    sys.path.insert(0, str(HERE))
try:
    from graders import grade
except ImportError as exc:
    fix = (f"pip install -r {HERE / 'requirements.txt'}" if (HERE / "graders").is_dir() else
           "its graders/ folder is missing: export the task again with `assetgen export`")
    raise ImportError(f"assetgen task: {exc}; {fix}") from None

DATASETS = {"frames": "dataset.jsonl", "video": "dataset_video.jsonl"}
FINISH = {"max_tokens": "length", "model_length": "length", "content_filter": "content_filter",
          "tool_calls": "tool_calls"}


def _reasoning(state: TaskState) -> str | None:
    content = state.output.message.content if state.output.choices else None
    parts = [c.reasoning for c in content if isinstance(c, ContentReasoning)] if isinstance(content, list) else []
    return "\n".join(parts) or None


@scorer(metrics={"correct": [accuracy(), stderr()], "score": [mean()]})
def assetgen_grader():
    async def score(state: TaskState, target: Target) -> Score:
        result = grade(state.metadata["case"], {
            "content": state.output.completion, "reasoning": _reasoning(state),
            "finish_reason": FINISH.get(state.output.stop_reason, "stop")})
        return Score(value={"correct": 1.0 if result.verdict == "correct" else 0.0, "score": result.score},
                     answer=None if result.extracted is None else str(result.extracted),
                     explanation=result.explanation,
                     metadata={"verdict": result.verdict, "cause": result.cause, "score": result.score,
                               "frames_consistent": result.frames_consistent})

    return score


@task
def assetgen_golden(video: str = "frames"):
    if video not in DATASETS:
        raise ValueError(f"video={video!r}: use one of {', '.join(DATASETS)}")
    return Task(dataset=json_dataset(str(HERE / DATASETS[video])), solver=generate(), scorer=assetgen_grader(),
                config=GenerateConfig(max_tokens=1024, temperature=0.0))
