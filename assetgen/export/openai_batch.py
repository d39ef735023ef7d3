"""`--format openai`: batch API / vLLM `run_batch` request lines (the runner's own bodies) and the truth."""

from __future__ import annotations

import json
from pathlib import Path

from assetgen.export.common import truth_line
from assetgen.run.payload import MediaCache, RequestOptions, build_body


def export_openai(cases, root: Path, out: Path, model: str) -> None:
    cache = MediaCache()
    with (out / "requests.jsonl").open("w") as requests, (out / "truth.jsonl").open("w") as truth:
        for case in cases:
            body, _, _ = build_body(case, root, RequestOptions(model=model, stream=False), None, cache)
            requests.write(json.dumps({"custom_id": case.id, "method": "POST", "url": "/v1/chat/completions",
                                       "body": json.loads(body)}) + "\n")
            truth.write(json.dumps(truth_line(case)) + "\n")
