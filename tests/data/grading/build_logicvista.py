"""Add LogicVista's published multiple-choice answers to real_mc.jsonl.gz (rows with source "LogicVista").

LogicVista (Yijia-Xiao/LogicVista, Apache-2.0) publishes, per model, a table
(eval/results/<model>-accuracy-results.csv) with each raw answer ("<model> answer raw", the text after
"ASSISTANT:") and the letters GPT-4 extracted from it ("<model> answer extracted", by
eval/extract_accuracy.py). The raw answers are taken from that table: for LLaVA-NeXT-7B the separate
answers file (eval/answers/) holds another run, which its extractions do not match. Used here: the vision-language models
(GPT-4V, LLaVA 7B/13B, LLaVA-NeXT-7B, InstructBLIP-7B, MiniGPT-4 7B/13B, Otter-9B, BLIP-2), questions
whose truth is one letter, and rows whose extraction is one letter or none (an extraction of several
letters is LogicVista's multi-answer form, not a parse of one choice). The options are those the
question lists ("(A) Set A (B) Set B …"), else the letters it names (most options are drawn in the
image), as MATH-Vision's are. 40 rows per model (draw 2: 50; PER_MODEL), at most 60% of them answers that are not a bare
letter, drawn with random.Random(f"logicvista/{model}"). Idempotent: LogicVista rows are replaced.

    python3 build_logicvista.py --repo /work/.mirror/Yijia-Xiao+LogicVista/repo
"""

from __future__ import annotations

import argparse
import ast
import csv
import gzip
import io
import json
import random
import re
import subprocess
from pathlib import Path

HERE = Path(__file__).resolve().parent
FILE = HERE / "real_mc.jsonl.gz"
MODELS = {"GPT4": "GPT-4V", "LLAVA13B": "LLaVA-1.5-13B", "LLAVA7B": "LLaVA-1.5-7B",
          "LLAVANEXT-7B-vicuna": "LLaVA-NeXT-7B (Vicuna)", "instructBLIP-vicuna-7B": "InstructBLIP-Vicuna-7B",
          "miniGPTvicuna13B": "MiniGPT-4 (Vicuna-13B)", "miniGPTvicuna7B": "MiniGPT-4 (Vicuna-7B)",
          "otter9B": "Otter-9B", "BLIP2": "BLIP-2"}
# rows per model, by draw
PER_MODEL = {1: 40, 2: 50, 3: 40, 4: 40, 5: 40, 6: 40, 7: 40, 8: 40, 9: 40, 10: 40, 16: 40, 22: 40}
LETTERS = "ABCDEFGH"
_LISTED = re.compile(r"\(([A-H])\)\s*([^()]*?)\s*(?=\([A-H]\)|$)")
_NAMED = re.compile(r"\b([A-H])\b(?=[,)]?\s*(?:,|or|and|\)|$))")
_BARE = re.compile(r"\s*\(?[A-Za-z]\)?[.:]?\s*")


def git_show(repo: Path, path: str) -> str:
    return subprocess.run(["git", "--git-dir", str(repo), "show", f"HEAD:{path}"], check=True,
                          capture_output=True).stdout.decode("utf-8")


def options_of(question: str, letters_seen: set[str]) -> dict[str, str]:
    listed = _LISTED.findall(question)
    if len(listed) >= 2 and [k for k, _ in listed] == list(LETTERS[:len(listed)]):
        return {k: v.strip(" .;,") or k for k, v in listed}
    named = set(_NAMED.findall(question.split("?")[-1] + " " + question)) | letters_seen
    last = max(LETTERS.index(k) for k in named) if named else 3
    return {k: k for k in LETTERS[:max(last + 1, 2)]}


def rows_for(repo: Path, key: str, dataset: dict, commit: str, per_model: int = PER_MODEL[1], draw: int = 1,
             seen: frozenset = frozenset()) -> list[dict]:
    table = list(csv.DictReader(io.StringIO(git_show(repo, f"eval/results/{key}-accuracy-results.csv"))))
    found = []
    for rec in table:
        qid = rec["id"]
        truth = ast.literal_eval(rec["true answer"])
        extracted = ast.literal_eval(rec[f"{key} answer extracted"])
        if len(truth) != 1 or str(truth[0]).upper() not in LETTERS:
            continue
        if len(extracted) > 1 or (extracted and str(extracted[0]).upper() not in LETTERS):
            continue
        # the text the publisher parsed, as its table stores it: LLaVA-NeXT's answers file is of another run
        answer = rec[f"{key} answer raw"]
        if not answer.strip():
            continue
        reference = str(extracted[0]).upper() if extracted else None
        gold = str(truth[0]).upper()
        question = dataset[qid]["question"]
        options = options_of(question, {gold} | ({reference} if reference else set()))
        if gold not in options or (reference and reference not in options):
            continue
        if ("LogicVista", MODELS[key], qid) in seen:
            continue
        found.append({"source": "LogicVista", "source_repo": f"Yijia-Xiao/LogicVista@{commit}",
                      "source_path": f"eval/results/{key}-accuracy-results.csv", "model": MODELS[key], "question_id": qid,
                      "question": question[:500], "options": options, "answer": answer[:4000],
                      "reference": reference, "truth": gold,
                      "publisher_parse_raw": rec[f"{key} answer extracted"],
                      "publisher_parser": "GPT-4 (langchain, temperature 0.2) extracts the list of chosen letters "
                                          "(eval/extract_accuracy.py)"})
    # draw 1 keeps its original seed, so it still rebuilds byte-identical
    rng = random.Random(f"logicvista/{key}" if draw == 1 else f"logicvista/{key}/draw{draw}")
    rng.shuffle(found)
    messy = [r for r in found if not _BARE.fullmatch(r["answer"])][: int(per_model * 0.6)]
    rest = [r for r in found if r not in messy]
    return sorted(messy + rest[: per_model - len(messy)], key=lambda r: r["question_id"])


def read_rows(path: Path) -> list[dict]:
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repo", type=Path, required=True, help="bare git mirror of Yijia-Xiao/LogicVista")
    parser.add_argument("--file", type=Path, default=FILE, help="the corpus to add the rows to (.jsonl.gz)")
    parser.add_argument("--exclude", type=Path, action="append", default=[],
                        help="a corpus (.jsonl.gz) whose LogicVista rows may not be drawn again")
    parser.add_argument("--draw", type=int, default=1, help="which draw: sets the sampling seed")
    parser.add_argument("--per-model", type=int, help="rows per model (default: the draw's, PER_MODEL)")
    args = parser.parse_args()
    per_model = args.per_model or PER_MODEL[args.draw]
    commit = subprocess.run(["git", "--git-dir", str(args.repo), "rev-parse", "HEAD"], check=True,
                            capture_output=True, text=True).stdout.strip()
    dataset = json.loads(git_show(args.repo, "data/dataset.json"))
    seen = frozenset((r["source"], r["model"], r["question_id"]) for path in args.exclude for r in read_rows(path))
    rows = [r for r in read_rows(args.file) if r["source"] != "LogicVista"]
    added = [r for key in MODELS for r in rows_for(args.repo, key, dataset, commit, per_model, args.draw, seen)]
    text = "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows + added)
    with gzip.GzipFile(args.file, "wb", mtime=0) as handle:
        handle.write(text.encode("utf-8"))
    print(f"LogicVista rows: {len(added)} ({sum(r['reference'] is None for r in added)} with no option parsed)")


if __name__ == "__main__":
    main()
