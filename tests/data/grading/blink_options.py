"""Fill in the option texts of the BLINK rows of real_mc.jsonl.gz (the result files store none).

Every BLINK task but Counting shows the same options for every question; they are read from public
copies of the benchmark's prompts (see README.md, "BLINK option texts") and agree with the options the
models themselves echo in their answers ("(A) the second image", "(B) Box B", "(A) left"). Counting's
options change from question to question and are left unknown (null). Each row filled gets
`options_source`. Idempotent: running it twice writes the same file.

    python3 blink_options.py
    python3 blink_options.py --file real_mc_2.jsonl.gz   # the same for the second draw (real_mc_3, _4: later)
"""

from __future__ import annotations

import argparse
import gzip
import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
FILE = HERE / "real_mc.jsonl.gz"
POINTS = {"A": "Point A", "B": "Point B", "C": "Point C", "D": "Point D"}
IMAGES_2_3 = {"A": "the second image", "B": "the third image"}
OPTIONS = {
    "Relative_Depth": {"A": "A is closer", "B": "B is closer"},
    "Relative_Reflectance": {"A": "A is darker", "B": "B is darker", "C": "About the same"},
    "Visual_Correspondence": POINTS,
    "Semantic_Correspondence": POINTS,
    "Functional_Correspondence": POINTS,
    "Forensic_Detection": {"A": "the first image", "B": "the second image", "C": "the third image",
                           "D": "the fourth image"},
    "Jigsaw": IMAGES_2_3,
    "Art_Style": IMAGES_2_3,
    "Visual_Similarity": IMAGES_2_3,
    "Spatial_Relation": {"A": "yes", "B": "no"},
    "Multi-view_Reasoning": {"A": "left", "B": "right"},
    "Object_Localization": {"A": "Box A", "B": "Box B"},
    "IQ_Test": {"A": "picture A", "B": "picture B", "C": "picture C", "D": "picture D"},
}
SOURCE = ("BLINK's fixed per-task options, as in public copies of its prompts (marssoo/SAVs "
          "src/preprocess.py format_blink; a Qwen3-VL BLINK raw-response sample) and as echoed by the models")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--file", type=Path, default=FILE, help="the corpus to rewrite (.jsonl.gz)")
    path = parser.parse_args().file
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        rows = [json.loads(line) for line in handle if line.strip()]
    filled = 0
    for row in rows:
        if not row["source"].startswith("BLINK"):
            continue
        task = row["question_id"].split("_", 1)[1].rsplit("_", 1)[0]
        options = OPTIONS.get(task)
        if options and set(options) == set(row["options"]):
            row["options"] = {k: options[k] for k in row["options"]}
            row["options_source"] = SOURCE
            filled += 1
    text = "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)
    with gzip.GzipFile(path, "wb", mtime=0) as handle:  # mtime 0: the same rows give the same bytes
        handle.write(text.encode("utf-8"))
    print(f"BLINK rows with option texts: {filled}")


if __name__ == "__main__":
    main()
