"""`--format hf`: one parquet file with image and video bytes embedded, for `datasets.load_dataset`."""

from __future__ import annotations

import json
from pathlib import Path

from assetgen.export.common import clips, read_case_file, require, spec, target


def export_hf(cases, root: Path, out: Path) -> Path:
    datasets = require("datasets")
    from datasets import Features, Image, Value

    List = getattr(datasets, "List", None) or datasets.Sequence  # datasets >= 4: List; older: Sequence

    rows: dict[str, list] = {k: [] for k in ("id", "family", "category", "modality", "lang", "prompt", "target",
                                             "truth", "grader", "case", "images", "videos")}
    for case in cases:
        rows["id"].append(case.id)
        rows["family"].append(case.family)
        rows["category"].append(case.category)
        rows["modality"].append(case.modality)
        rows["lang"].append(case.lang)
        rows["prompt"].append(case.prompt)
        rows["target"].append(target(case))
        rows["truth"].append(case.truth.model_dump_json())
        rows["grader"].append(case.grader.model_dump_json())
        rows["case"].append(json.dumps(spec(case)))
        # bytes embedded: a plain to_parquet of path-only Image values would keep just the paths
        rows["images"].append([{"bytes": read_case_file(root, f), "path": Path(f.path).name}
                               for f in case.inputs if f.media_type.startswith("image/")])
        rows["videos"].append([{"bytes": read_case_file(root, f), "path": Path(f.path).name} for f in clips(case)])
    features = Features({**{k: Value("string") for k in rows if k not in ("images", "videos")},
                         "images": List(Image()),
                         "videos": List({"bytes": Value("binary"), "path": Value("string")})})
    dataset = datasets.Dataset.from_dict(rows, features=features)
    path = out / "data.parquet"
    dataset.to_parquet(str(path))
    return path
