"""Cases of a freshly built suite for the hand-written language corpora (write_other_languages.py,
write_realistic_ja_zh.py): seed 31337 (not in golden/), 3 cases per family, built in a temporary folder and
kept as the graders' CaseSpec fields only, so every row carries its whole case and nothing is rebuilt to grade it.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
SEED = 31337
PER_FAMILY = 3
SPEC_FIELDS = ("format_version", "id", "family", "category", "modality", "prompt", "system_prompt", "truth",
               "grader", "sampling")


def build_cases(langs: list[str]) -> dict[str, dict]:
    """Every case of the suite (seed SEED, PER_FAMILY per family) in the given question languages, by id."""
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [sys.executable, "-m", "assetgen.cli", "build", "--out", os.path.join(tmp, "suite"), "--suite", "full",
               "--per-family", str(PER_FAMILY), "--seed", str(SEED), "--workers", "2"]
        for lang in langs:
            cmd += ["--lang", lang]
        env = dict(os.environ, PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))
        subprocess.run(cmd, check=True, cwd=ROOT, env=env, stdout=subprocess.DEVNULL)
        with open(os.path.join(tmp, "suite", "cases.jsonl"), encoding="utf-8") as fh:
            cases = [json.loads(line) for line in fh if line.strip()]
    return {c["id"]: {k: c.get(k) for k in SPEC_FIELDS} for c in cases}


def case_id(short: str, lang: str = "en") -> str:
    """'color_grid-2' -> 'color_grid-s31337-0002' (and '-ja' / '-zh' for a question in that language)."""
    family, index = short.rsplit("-", 1)
    cid = f"{family}-s{SEED}-{int(index):04d}"
    return cid if lang == "en" else f"{cid}-{lang}"


def write_corpus(rows_in: list[dict], cases: dict[str, dict], prefix: str, out: str, lang_label: str) -> None:
    """Each written row with its whole case and an id `<prefix>-<lang>-<case>-wNN`, one JSON line each, to `out`;
    a video case answered without a `sent` was sent as a video_url. Prints the counts of the data card."""
    from collections import Counter

    from labelling import sent

    rows, seen = [], Counter()
    for row in rows_in:
        spec = cases[row["case_id"]]
        if row["response"]["sent"] is None and spec["modality"] in ("video", "multi_video"):
            row["response"]["sent"] = sent(video_mode="video_url")
        seen[(row["lang"], row["case_id"])] += 1
        rid = f"{prefix}-{row['lang']}-{row['case_id']}-w{seen[(row['lang'], row['case_id'])]:02d}"
        rows.append({"id": rid, "lang": row["lang"], "case_id": row["case_id"], "style": row["style"],
                     "case": spec, "response": row["response"], "human": row["human"]})
    with open(out, "w", encoding="utf-8") as fh:
        for row in rows:
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")
    print(f"{len(rows)} rows -> {out}")
    print(f"per {lang_label}:", dict(Counter(r["lang"] for r in rows)))
    print("per family:", dict(sorted(Counter(r["case"]["family"] for r in rows).items())))
    print("per verdict:", dict(Counter(r["human"]["verdict"] for r in rows).most_common()))
    print("per cause:", dict(Counter(r["human"]["cause"] for r in rows).most_common()))
    correct = sum(r["human"]["verdict"] == "correct" for r in rows)
    print(f"correct: {correct}/{len(rows)} = {correct / len(rows):.1%}")
