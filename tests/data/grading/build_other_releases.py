#!/usr/bin/env python3
"""Write real_mc_11.jsonl.gz: real multiple-choice answers from releases the first ten draws did not use.

The first ten draws came from six releases (MathVista, BLINK, MMMU, MMMU-Pro, MATH-Vision, LogicVista) and had
run short of the answers hardest to read. This draw takes other public releases of raw VLM answers, each with
its publisher's own reading of which option the answer chose (see the data README, "real_mc_11"):

- M3CoT (LightChen233/M3CoT): `experiment/zero-shot/<model>/<prompt>.jsonl`, nine VLMs (GPT-4V, Gemini,
  CogVLM, InstructBLIP 7B/13B, Kosmos-2, LLaVA 7B/13B, OpenFlamingo) under four prompts (direct, cot: "Let's
  think step-by-step!", ccot: a scene graph first, dsp: a description first). The answer is the last message.
  The release stores no parse, but its scorer (utils/metric.py) is a fixed rule, re-run here as `m3cot_parse`:
  the last "(X)"; else the last option (in option order) whose text occurs in the answer; else the last option
  letter standing alone as a word; else the same in lower case; else nothing.
- TempCompass (llyx97/TempCompass, CC BY-NC 4.0): video questions, `auto_eval_results/<model>/{multi-choice,
  caption_matching}.json` (Gemini 1.5 Pro, Reka Core, Video-LLaVA). An answer its fixed rules match (the option
  itself, a bare letter, "A." or "A)" first; for captions the option, its sentence or its label) has that
  letter as its parse; the others were judged by GPT-3.5 against the truth: judged correct, the parse is the
  truth's letter; judged incorrect, the release says only that it is not the truth (`publisher_verdict_only`:
  such rows are always read blind). Caption rows whose options are numbered ("Option 1") are left out: assetgen
  letters its options.
- PuzzleVQA (declare-lab/LLM-PuzzleTest, MIT, commit 91bf0e36 of its history): GPT-4o chain-of-thought answers
  with the option a second GPT-4o call extracted (`pred`), under three prompting pipelines.
- A-OKVQA as FLUFFY ran it (ClaraLovesFunk/FLUFFY-MLLM-Benchmark): seven older open VLMs (BLIP-2, InstructBLIP,
  LLaVA, Otter, OpenFlamingo, IDEFICS, Fuyu) shown the options as a plain list without letters ("Choices:
  toothpick, food, popsicle stick, cigarette."; `letters_shown: false`); the parse is the release's cleaned
  answer (`output_aux_soft.json`) where it is one option's text.
- CMMMU (CMMMU-Benchmark/CMMMU): Yi-VL-34B's answers to the Chinese validation questions of type 选择, with the
  release's parsed letter (`eval/example/Yi-VL-34B-answer`); a parse of several letters chooses none here.
  The repository is too large to fetch: its files were read through the search store into --cmmmu.

Each (source, model) group is sampled uniformly (random.Random(f"{source}/{model}/draw{N}")), non-empty answers
only, PER_GROUP rows each; no row of an --exclude file is drawn again. Deterministic: the same inputs give the
same bytes (gzip mtime 0). Nothing is marked reference_defect or publisher_parse_suspect in this draw: every
disagreement with the publisher is read blind instead.

    python3 build_other_releases.py --draw 11 --out real_mc_11.jsonl.gz --m3cot DIR --tempcompass DIR \\
        --puzzletest DIR --fluffy DIR --cmmmu DIR          # DIRs: bare git mirrors (--cmmmu: a folder of files)
"""

from __future__ import annotations

import argparse
import ast
import gzip
import json
import random
import re
from collections import OrderedDict
from pathlib import Path

from build_real_mc import Mirror  # the same bare-mirror reader as the first draws' builder

LETTERS = "ABCDEFGHIJ"
MAX_Q, MAX_A = 500, 4000
PER_GROUP = {"M3CoT": 40, "TempCompass": 45, "PuzzleVQA": 25, "A-OKVQA": 40, "CMMMU": 200}


def row(source: str, mirror_repo: str, commit: str, path: str, model: str, qid: str, question: str,
        options: dict, answer: str, reference: str | None, truth: str | None, parse_raw, parser: str,
        **extra) -> OrderedDict:
    return OrderedDict([("source", source), ("source_repo", f"{mirror_repo}@{commit}"), ("source_path", path),
                        ("model", model), ("question_id", qid), ("question", question[:MAX_Q]),
                        ("options", options), ("answer", answer[:MAX_A]), ("reference", reference),
                        ("truth", truth), ("publisher_parse_raw", parse_raw), ("publisher_parser", parser),
                        ("publisher_parse_suspect", False), *extra.items()])


def sample(rows: list[dict], n: int, key: str) -> list[dict]:
    rows = sorted(rows, key=lambda r: r["question_id"])
    random.Random(key).shuffle(rows)
    return sorted(rows[:n], key=lambda r: r["question_id"])


# ------------------------------------------------------------------------------------------------ M3CoT

M3COT_MODELS = {"gpt4v": "GPT-4V", "gemini": "Gemini-Pro-Vision", "cogvlm": "CogVLM", "instruct-blip-13b":
                "InstructBLIP-13B", "instruct-blip-7b": "InstructBLIP-7B", "kosmos-2": "Kosmos-2", "llava-13b":
                "LLaVA-13B", "llava-7b": "LLaVA-7B", "openflamingo": "OpenFlamingo"}
_CHOICE_LINE = re.compile(r"^\(([A-J])\) (.*)$")
_PAREN_LETTER = re.compile(r"\(([A-Za-z])\)")
_PUNCT = re.compile(r"[\n.,!?]")


def m3cot_parse(text: str, choices: list[str]) -> str | None:
    """M3CoT's scorer, re-run (the rules in the module docstring): the letter it compares with the truth."""
    if "[Answer]" in text:
        text = text.split("[Answer]")[-1].split("[Rationale]")[0].split("[Context]")[0]
    bracketed = _PAREN_LETTER.findall(text)
    if bracketed:
        return bracketed[-1].upper()
    named = [LETTERS[i] for i, c in enumerate(choices) if c.lower() in text.lower()]
    if named:
        return named[-1]
    words = _PUNCT.sub(" ", text).split(" ")
    for case in (str.upper, str.lower):
        alone = [LETTERS[i] for i in range(len(choices)) if case(LETTERS[i]) in words]
        if alone:
            return alone[-1]
    return None


def m3cot_rows(mirror: Mirror, draw: int, seen: frozenset) -> list[dict]:
    out = []
    for path in mirror.ls("experiment/zero-shot"):
        model_key, prompt = path.split("/")[-2], path.split("/")[-1].removesuffix(".jsonl")
        if not path.endswith(".jsonl") or model_key not in M3COT_MODELS or not mirror.present(path):
            continue
        model = f"{M3COT_MODELS[model_key]} [{prompt}]"
        found = []
        for rec in map(json.loads, filter(str.strip, mirror.show(path).splitlines())):
            shown = rec["messages"][0]
            head, _, listing = shown.partition("[Choices]\n")
            lines = listing.split("\n\n")[0].split("\n")
            listed = [_CHOICE_LINE.match(line) for line in lines]
            choices = [str(c) for c in rec.get("choices") or ()]  # a few records carry none: not scorable
            answer = rec["messages"][-1]
            # the options the model was shown must be the ones scored (the dataset changed between versions)
            if not choices or not all(listed) or [m.group(2).strip() for m in listed] != [c.strip() for c in choices]:
                continue
            if not answer.strip() or rec["answer"] not in LETTERS[: len(choices)]:
                continue
            if ("M3CoT", model, rec["id"]) in seen:
                continue
            question = head.replace("[Question]\n", "").replace("[Context]\n", "").strip()
            parsed = m3cot_parse(answer, choices)
            # a bracketed letter the options do not have ('(Z)') is no option: the scorer counts it wrong
            reference = parsed if parsed and parsed in LETTERS[: len(choices)] else None
            found.append(row("M3CoT", mirror.repo, mirror.commit, path, model, rec["id"], question,
                             {LETTERS[i]: c for i, c in enumerate(choices)}, answer, reference, rec["answer"],
                             parsed, "M3CoT's scorer (utils/metric.py judge_answer), re-run: the last '(X)', else "
                             "the last option text found, else the last lone letter"))
        out += sample(found, PER_GROUP["M3CoT"], f"M3CoT/{model}/draw{draw}")
    return out


# ------------------------------------------------------------------------------------------- TempCompass

TEMPCOMPASS_MODELS = {"gemini": "Gemini-1.5-Pro", "reka-core-20240501": "Reka-Core", "video-llava": "Video-LLaVA"}
_MC_OPTION = re.compile(r"^([A-D])\. (.*)$")
_CAPTION_OPTION = re.compile(r"^((?:Sentence|Caption) ([A-D])): (.*)$")


def tempcompass_rule(prediction: str, options: dict, labels: dict, gold: str, task: str) -> str | None:
    """The letter TempCompass's fixed matching rules read (eval_multi-choice.py, eval_caption_matching.py)."""
    if task == "multi-choice":
        if prediction == f"{gold}. {options[gold]}":
            return gold
        if prediction in options:
            return prediction
        for sep in (".", ")"):
            if prediction[:2] in {f"{k}{sep}" for k in options}:
                return prediction[0]
        return None
    found = None  # later rules override earlier ones, as in the release
    for k, text in options.items():
        if prediction in (f"{labels[k]}: {text}", text) or (") " in prediction and prediction.split(") ")[1] == text):
            found = k
    for k in options:
        if prediction in (labels[k], k) or prediction.replace(".", "") in (labels[k], k):
            found = k
    return found


def tempcompass_rows(mirror: Mirror, draw: int, seen: frozenset) -> list[dict]:
    out = []
    for key, model in TEMPCOMPASS_MODELS.items():
        for task in ("multi-choice", "caption_matching"):
            path = f"auto_eval_results/{key}/{task}.json"
            found = []
            for video, dims in json.loads(mirror.show(path)).items():
                for dim, results in dims.items():
                    for i, res in enumerate(results):
                        lines = res["question"].split("\n")
                        pattern = _MC_OPTION if task == "multi-choice" else _CAPTION_OPTION
                        matched = [pattern.match(line) for line in lines[1:]]
                        prediction = res.get("video-llm-prediction")
                        if not all(matched) or not prediction or not prediction.strip():
                            continue  # numbered caption options, or no answer
                        if task == "multi-choice":
                            options = {m.group(1): m.group(2) for m in matched}
                            labels = {k: k for k in options}
                        else:
                            options = {m.group(2): m.group(3) for m in matched}
                            labels = {m.group(2): m.group(1) for m in matched}
                        if list(options) != list(LETTERS[: len(options)]):
                            continue
                        gold = res["gt-answer"].split(".")[0] if task == "multi-choice" else \
                            res["gt-answer"].split(":")[0].split()[-1]
                        qid = f"{task}/{video}/{dim}/{i}"
                        if gold not in options or ("TempCompass", model, qid) in seen:
                            continue
                        verdict_only = False
                        judged = f"GPT-3.5: {res.get('chatgpt-response', '')}"[:80]
                        if res.get("match_success"):
                            reference = tempcompass_rule(prediction, options, labels, gold, task)
                            raw = f"rule: {reference}"
                        elif res.get("rating") == 1:
                            reference, raw = gold, judged
                        else:
                            reference, raw, verdict_only = None, judged, True
                        extra = {"publisher_verdict_only": True} if verdict_only else {}
                        # the question as the model saw it, its options labelled "A." or "Caption A:"
                        found.append(row("TempCompass", mirror.repo, mirror.commit, path, model, qid, res["question"],
                                         options, prediction, reference, gold, raw,
                                         "TempCompass: fixed matching rules, else GPT-3.5 judges the answer against "
                                         "the truth (correct or incorrect)", modality="video",
                                         question_lists_options=True, **extra))
            out += sample(found, PER_GROUP["TempCompass"], f"TempCompass/{model}/{task}/draw{draw}")
    return out


# ------------------------------------------------------------------------------------------------ PuzzleVQA

PUZZLE_COMMIT = "91bf0e3603b7328fd2efdd94cb15bb7487b4f168"


def puzzle_rows(mirror: Mirror, draw: int, seen: frozenset) -> list[dict]:
    out = []
    for pipeline in ("single", "sequential", "dynamic"):
        model = f"GPT-4o [CoT, {pipeline}]"
        found = []
        for path in mirror.ls(f"PuzzleVQA/outputs_{pipeline}"):
            if not path.endswith("gpt4o/cot_multi_extract.jsonl") or not mirror.present(path):
                continue
            puzzle = path.split("/")[2]
            for i, rec in enumerate(map(json.loads, filter(str.strip, mirror.show(path).splitlines()))):
                options = rec["options"] if isinstance(rec["options"], list) else ast.literal_eval(rec["options"])
                options = {LETTERS[j]: str(o) for j, o in enumerate(options)}
                answer = rec.get("raw_output") or ""
                qid = f"{puzzle}/{i}"
                if not answer.strip() or ("PuzzleVQA", model, qid) in seen:
                    continue
                texts = list(options.values())
                reference = LETTERS[texts.index(rec["pred"])] if rec.get("pred") in texts else None
                truth = LETTERS[texts.index(rec["answer"])] if rec.get("answer") in texts else None
                found.append(row("PuzzleVQA", mirror.repo, mirror.commit, path, model, qid, rec["question"], options,
                                 answer, reference, truth, rec.get("pred"),
                                 "PuzzleVQA: a second GPT-4o call extracts the chosen option's text (pred)"))
        out += sample(found, PER_GROUP["PuzzleVQA"], f"PuzzleVQA/{model}/draw{draw}")
    return out


# ------------------------------------------------------------------------------------------------ A-OKVQA

FLUFFY_MODELS = {"adept": "Fuyu-8B", "blip2": "BLIP-2", "idefics": "IDEFICS", "instructblip": "InstructBLIP",
                 "llava": "LLaVA", "openflamingo": "OpenFlamingo", "otter": "Otter"}
_MC_KEY = "multiple choice (aokvqa)"
_AOKVQA_PROMPT = re.compile(r"Questions: (.*?)\nChoices: (.*?)\.\nAnswer:", re.DOTALL)


def _prompt_text(prompt) -> str:
    """The prompt's text: IDEFICS's is a list of turns (text, image path, tokens)."""
    if isinstance(prompt, str):
        return prompt
    return next((t for t in map(_prompt_text, prompt or ()) if "Questions:" in t), "")


def fluffy_rows(mirror: Mirror, draw: int, seen: frozenset) -> list[dict]:
    out = []
    for key, model in FLUFFY_MODELS.items():
        base = f"experiments/{key}/aokvqa/run1"
        raw = json.loads(mirror.show(f"{base}/output.json"))
        parsed = {r["text_input_id"]: r for r in json.loads(mirror.show(f"{base}/output_aux_soft.json"))}
        judged = json.loads(mirror.show(f"{base}/examples_soft.json")).get(_MC_KEY, {})
        found = []
        for rec in raw:
            qid = rec["text_input_id"]
            prompt = _prompt_text(rec.get(f"prompt_{_MC_KEY}"))
            answer = rec.get(f"output_{_MC_KEY}") or ""
            shown = _AOKVQA_PROMPT.search(prompt)
            if not shown or not answer.strip() or ("A-OKVQA", model, qid) in seen:
                continue
            choices = shown.group(2).split(", ")
            if len(choices) != 4 or len({c.lower() for c in choices}) != 4:
                continue  # an option with a comma in it cannot be told apart in the list the model saw
            options = {LETTERS[i]: c for i, c in enumerate(choices)}
            cleaned = str(parsed.get(qid, {}).get(f"output_{_MC_KEY}", ""))
            hits = [k for k, c in options.items() if c.lower() == cleaned.strip().lower()]
            reference = hits[0] if len(hits) == 1 else None
            truth = reference if reference and judged.get(qid) == 1 else None
            question = f"{shown.group(1).strip()}\nChoices: {shown.group(2)}."
            found.append(row("A-OKVQA", mirror.repo, mirror.commit, f"{base}/output.json", model, qid, question,
                             options, answer, reference, truth, cleaned[:200],
                             "FLUFFY: the answer cleaned per model (utils/answer_processing.py, output_aux_soft.json); "
                             "the parse is the option it equals", question_lists_options=True, letters_shown=False))
        out += sample(found, PER_GROUP["A-OKVQA"], f"A-OKVQA/{model}/draw{draw}")
    return out


# ------------------------------------------------------------------------------------------------ CMMMU

CMMMU_COMMIT = "e1ba883284c61e5f6bbf552addb87f6e48de87bc"
CMMMU_SUBJECTS = ("art_and_design", "business", "health_and_medicine", "humanities_and_social_sciences", "science",
                  "technology_and_engineering")


def cmmmu_found_any(response: str, options: dict) -> bool:
    """Whether CMMMU's parser (eval/utils/eval_utils.py) finds any candidate in the answer: a "(X)", a letter X
    anywhere, or an option's text. Where it finds none it draws a letter at random: that letter is no parse."""
    return any(f"({k})" in response or k in response or (text and text in response) for k, text in options.items())


def _jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip()]


def cmmmu_rows(folder: Path, draw: int, seen: frozenset) -> list[dict]:
    found = []
    model = "Yi-VL-34B"
    for subject in CMMMU_SUBJECTS:
        questions = {r["id"]: r for r in _jsonl(folder / "cmmmu-data-val" / subject / f"{subject}.jsonl")}
        parses = {r["id"]: r["answer"] for r in _jsonl(folder / "eval/example/Yi-VL-34B-answer" / f"{subject}.jsonl")}
        path = f"eval/example/Yi-VL-34B-response/{subject}.jsonl"
        for rec in _jsonl(folder / path):
            q = questions.get(rec["id"])
            answer = rec.get("response") or ""
            qid = f"{subject}/{rec['id']}"
            if rec.get("type") != "选择" or not q or not answer.strip() or ("CMMMU", model, qid) in seen:
                continue
            options = {LETTERS[i]: str(q[f"option{i + 1}"]) for i in range(4) if q.get(f"option{i + 1}") is not None}
            if list(options) != list(LETTERS[: len(options)]) or len(options) < 2 or q.get("answer") not in options:
                continue
            raw = str(parses.get(rec["id"], ""))
            # one letter is the parse; several letters tie (the parser's hedge); none found: a letter drawn at random
            reference = raw if raw in options and cmmmu_found_any(answer, options) else None
            found.append(row("CMMMU", "CMMMU-Benchmark/CMMMU", CMMMU_COMMIT, path, model, qid, q["question"], options,
                             answer, reference, q["answer"], raw,
                             "CMMMU: counts '(X)', else any X, else option texts (eval/utils/eval_utils.py); several "
                             "tied letters are joined, and with none found a letter is drawn at random"))
    return sample(found, PER_GROUP["CMMMU"], f"CMMMU/{model}/draw{draw}")


# ------------------------------------------------------------------------------------------------ main

def read_rows(path: Path) -> list[dict]:
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--draw", type=int, default=11)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--exclude", type=Path, action="append", default=[])
    parser.add_argument("--m3cot", type=Path, required=True)
    parser.add_argument("--tempcompass", type=Path, required=True)
    parser.add_argument("--puzzletest", type=Path, required=True)
    parser.add_argument("--fluffy", type=Path, required=True)
    parser.add_argument("--cmmmu", type=Path, required=True)
    args = parser.parse_args()
    seen = frozenset((r["source"], r["model"], r["question_id"]) for p in args.exclude for r in read_rows(p))
    rows = (m3cot_rows(Mirror(args.m3cot, "LightChen233/M3CoT"), args.draw, seen)
            + tempcompass_rows(Mirror(args.tempcompass, "llyx97/TempCompass"), args.draw, seen)
            + puzzle_rows(Mirror(args.puzzletest, "declare-lab/LLM-PuzzleTest", PUZZLE_COMMIT), args.draw, seen)
            + fluffy_rows(Mirror(args.fluffy, "ClaraLovesFunk/FLUFFY-MLLM-Benchmark"), args.draw, seen)
            + cmmmu_rows(args.cmmmu, args.draw, seen))
    text = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)
    with gzip.GzipFile(args.out, "wb", mtime=0) as handle:
        handle.write(text.encode("utf-8"))
    by_source: dict[str, int] = {}
    for r in rows:
        by_source[r["source"]] = by_source.get(r["source"], 0) + 1
    print(f"{len(rows)} rows in {args.out}: " + ", ".join(f"{k} {v}" for k, v in by_source.items()))


if __name__ == "__main__":
    main()
