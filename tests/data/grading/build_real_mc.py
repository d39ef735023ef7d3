#!/usr/bin/env python3
"""Build real_mc.jsonl: real multiple-choice answers written by published
vision-language models, each paired with the benchmark publisher's own parse
of which option the model chose.

Reads the public benchmark repositories as bare git mirrors (HEAD commit), e.g.
as produced by `git clone --mirror`:

  python3 build_corpus.py \
      --mathvista /work/.mirror/lupantech+MathVista/repo \
      --blink     /work/.mirror/zeyofu+BLINK_Benchmark/repo \
      --mmmu      /work/.mirror/MMMU-Benchmark+MMMU/repo \
      --mathv     /work/.mirror/mathllm+MATH-V/repo \
      --out       real_mc.jsonl

Deterministic: files are read in sorted order, candidates are sorted by id and
sampled with random.Random seeded from --seed and the (source, model) name.
Only the standard library and the `git` executable are needed.

A later draw (--draw 2 --exclude real_mc.jsonl.gz --out real_mc_2.jsonl.gz; draw N excludes every
earlier file, as build_real_mc_draw.sh N does) drops every candidate already in an excluded file (same
source, model and question id), samples the rest with the draw number in the group key, and also takes the
MathVista runs of the text-only and OCR-augmented LLMs (see MATHVISTA_LLM_FILES).
An --out ending in .gz is written with gzip mtime 0 (same rows, same bytes).
"""
import argparse
import ast
import gzip
import json
import random
import re
import subprocess
import sys
import zlib
from collections import Counter, OrderedDict

MAX_Q = 500
MAX_A = 4000
BARE_RE = re.compile(r"\s*\(?[A-Za-z]\)?[.:]?\s*")


# --------------------------------------------------------------------------- git

class Mirror:
    """A bare git mirror read at one commit (HEAD unless given); build_other_releases.py uses it too."""

    def __init__(self, git_dir, repo_name, commit="HEAD"):
        self.git_dir = git_dir
        self.repo = repo_name
        self.commit = self._git("rev-parse", commit).strip()

    def _git(self, *args):
        return subprocess.run(["git", "--git-dir", str(self.git_dir), *args],
                              capture_output=True, check=True).stdout.decode("utf-8")

    def present(self, path):
        """False for a blob the snapshot lacks (files of 4 MiB and more are not stored)."""
        return subprocess.run(["git", "--git-dir", str(self.git_dir), "cat-file", "-e", f"{self.commit}:{path}"],
                              capture_output=True).returncode == 0

    def ls(self, under):
        out = self._git("ls-tree", "-r", "-z", "--name-only", self.commit, under)
        return sorted(p for p in out.split("\0") if p)

    def show(self, path):
        return self._git("show", f"{self.commit}:{path}")

    def json(self, path):
        return json.loads(self.show(path))

    def jsonl(self, path):
        return [json.loads(l) for l in self.show(path).splitlines() if l.strip()]


# ----------------------------------------------------------------------- helpers

def letters(n):
    return [chr(ord("A") + i) for i in range(n)]


def is_bare(ans):
    return bool(BARE_RE.fullmatch(ans or ""))


def row(source, mirror, path, model, qid, question, options, answer, reference,
        truth, parse_raw, parser):
    return OrderedDict([
        ("source", source),
        ("source_repo", mirror.repo),
        ("source_path", path),
        ("model", model),
        ("question_id", str(qid)),
        ("question", (question or "")[:MAX_Q]),
        ("options", options),
        ("answer", (answer or "")[:MAX_A]),
        ("reference", reference),
        ("truth", truth),
        # extra, informational fields (not part of the minimal schema):
        ("publisher_parse_raw", parse_raw),
        ("publisher_parser", parser),
    ])


def sample_group(rows, k, seed, key, messy_share):
    """Deterministic sample of k rows; up to messy_share of k are taken from
    rows whose answer is not a bare letter, the rest from all remaining rows."""
    rows = sorted(rows, key=lambda r: r["question_id"])
    rng = random.Random(seed * 1000003 + zlib.crc32(key.encode()))
    messy = [r for r in rows if not is_bare(r["answer"])]
    bare = [r for r in rows if is_bare(r["answer"])]
    n_messy = min(len(messy), int(round(k * messy_share)))
    picked = rng.sample(messy, n_messy)
    picked_ids = {id(r) for r in picked}
    rest = [r for r in messy if id(r) not in picked_ids] + bare
    rest.sort(key=lambda r: r["question_id"])
    picked += rng.sample(rest, min(len(rest), k - n_messy))
    picked.sort(key=lambda r: r["question_id"])
    return picked


# ---------------------------------------------------------------------- MathVista

MATHVISTA_VLM_FILES = OrderedDict([
    # path -> model name (only vision-language models; the text-only
    # ChatGPT / GPT-4 / Claude-2 runs in the same folder are excluded)
    ("results/bard/output_bard.json", "Multimodal Bard"),
    ("results/idefics/output_idefics_9b_instruct.json", "IDEFICS-9B-Instruct"),
    ("results/instruct_blip2/output_instruct_blip2_vicuna_13b.json", "InstructBLIP-Vicuna-13B"),
    ("results/llama_adapter_v2/output_llama_adapter_v2.json", "LLaMA-Adapter-V2"),
    ("results/llava/output_llava_llama_2_13b.json", "LLaVA-LLaMA-2-13B"),
    ("results/llavar/output_llavar.json", "LLaVAR"),
    ("results/minigpt4/output_minigpt4_llama2.json", "MiniGPT-4-LLaMA-2"),
    ("results/mplugowl/output_mplugowl_7b_ft.json", "mPLUG-Owl-7B"),
])


# Draw 2 only: the other runs whose answers and GPT-4 extractions the repository
# stores. They answered the image question from its text (zero-shot), from text
# with two worked examples (2-shot CoT), or with the image's OCR text added.
# Left out: the program-of-thought runs (the answer is Python code; the extraction
# reads its printed output), the random/frequent-guess baselines, the submission
# template, and the caption runs, which are absent from the snapshot (too large).
MATHVISTA_LLM_FILES = OrderedDict([
    ("results/chatgpt/output_chatgpt.json", "ChatGPT [text-only, zero-shot]"),
    ("results/chatgpt/output_chatgpt_2shot_solution.json", "ChatGPT [text-only, 2-shot CoT]"),
    ("results/chatgpt/output_chatgpt_2shot_solution_use_ocr.json", "ChatGPT [2-shot CoT + OCR text]"),
    ("results/claude/output_claude.json", "Claude-2 [text-only, zero-shot]"),
    ("results/claude/output_claude_2shot_solution.json", "Claude-2 [text-only, 2-shot CoT]"),
    ("results/claude/output_claude_2shot_solution_use_ocr.json", "Claude-2 [2-shot CoT + OCR text]"),
    ("results/gpt4/output_gpt4.json", "GPT-4 [text-only, zero-shot]"),
    ("results/gpt4/output_gpt4_2shot_solution.json", "GPT-4 [text-only, 2-shot CoT]"),
    ("results/gpt4/output_gpt4_2shot_solution_use_ocr.json", "GPT-4 [2-shot CoT + OCR text]"),
])


def build_mathvista(m, stats, files=MATHVISTA_VLM_FILES):
    groups = {}
    parser = ("MathVista: GPT-4 answer extraction (field 'extraction'), then "
              "evaluation/calculate_score.py normalisation to an option")
    for path, model in files.items():
        data = m.json(path)
        out = []
        for pid in sorted(data, key=lambda x: int(x) if x.isdigit() else x):
            v = data[pid]
            if v.get("question_type") != "multi_choice":
                continue
            choices = v["choices"]
            L = letters(len(choices))
            resp = v.get("response") or ""
            ext = v.get("extraction")
            ext_s = ext.strip() if isinstance(ext, str) else ("" if ext is None else str(ext))
            # publisher's normalisation, step 1: "(A) text" -> "A"
            mm = re.findall(r"\(([a-zA-Z])\)", ext_s)
            e2 = mm[0].upper() if mm else ext_s
            if e2 in L:
                ref = e2
            elif choices.count(e2) == 1:
                ref = L[choices.index(e2)]
            else:
                # publisher fell back to the Levenshtein-nearest option (a forced
                # guess, not a parse): dropped
                stats["MathVista dropped: extraction not a letter/option (nearest-option fallback)"] += 1
                continue
            pred = v.get("prediction")
            if pred is not None and choices.count(pred) == 1 and L[choices.index(pred)] != ref:
                stats["MathVista dropped: stored prediction disagrees with extraction"] += 1
                continue
            if not resp.strip():
                stats["MathVista dropped: empty response"] += 1
                continue
            truth = L[choices.index(v["answer"])] if choices.count(v["answer"]) == 1 else None
            out.append(row("MathVista (testmini)", m, path, model, pid, v.get("question"),
                           OrderedDict(zip(L, choices)), resp, ref, truth, ext_s, parser))
        groups[model] = out
    return groups


# -------------------------------------------------------------------------- BLINK

BLINK_MODEL_NAMES = {
    "GPT4Turbo": "GPT-4-Turbo", "GPT4V": "GPT-4V", "GPT4o": "GPT-4o",
    "GeminiProVision": "Gemini-Pro-Vision", "MiniGPT-4-v2": "MiniGPT-4-v2",
    "OPUS": "Claude-3-Opus", "QwenVLMax": "Qwen-VL-Max", "Yi_VL_34B": "Yi-VL-34B",
    "Yi_VL_6B": "Yi-VL-6B", "cogvlm-chat": "CogVLM-Chat", "flamingov2": "OpenFlamingo-v2",
    "instructblip_13b": "InstructBLIP-13B", "instructblip_7b": "InstructBLIP-7B",
    "llava-internlm2-7b": "LLaVA-InternLM2-7B (xtuner)",
    "llava-v1.5-13b-xtuner": "LLaVA-v1.5-13B (xtuner)",
    "llava-v1.5-7b-xtuner": "LLaVA-v1.5-7B (xtuner)", "llava-v1.6-34b": "LLaVA-v1.6-34B",
    "llava_v1.5_13b": "LLaVA-v1.5-13B", "llava_v1.5_7b": "LLaVA-v1.5-7B",
}


def build_blink(m, stats):
    parser = ("BLINK: eval/multiple_choice.py (GPT-3.5-turbo matches the free answer to "
              "an option, '(Z)' = no valid option), stored as 'prediction'")
    files = [p for p in m.ls("eval/saved_outputs") if p.endswith(".json")]
    # only the per-model folders (skip the '* concatenate images' variants)
    files = [p for p in files if p.split("/")[2] in BLINK_MODEL_NAMES]
    # option count per task = highest gold letter of that task in the val split
    n_opts = Counter()
    loaded = {}
    for p in files:
        d = m.json(p)
        loaded[p] = d
        task = p.split("/")[-1][:-5]
        for x in d.get("val", []):
            g = re.fullmatch(r"\(([A-Z])\)", x["answer"].strip())
            if g:
                n_opts[task] = max(n_opts[task], ord(g.group(1)) - 64)
    groups = {}
    for p in files:
        folder = p.split("/")[2]
        model = BLINK_MODEL_NAMES[folder]
        task = p.split("/")[-1][:-5]
        L = letters(n_opts[task])
        for x in loaded[p].get("val", []):
            pr = (x.get("prediction") or "").strip()
            g = re.match(r"\(([A-Z])\)", pr)
            if not g:
                stats["BLINK dropped: prediction not of form (X)"] += 1
                continue
            letter = g.group(1)
            if letter == "Z":
                ref = None
            elif letter in L:
                ref = letter
            else:
                stats["BLINK dropped: parsed letter outside the task's option range"] += 1
                continue
            fp = x.get("full_prediction") or ""
            if not fp.strip():
                stats["BLINK dropped: empty full_prediction"] += 1
                continue
            tg = re.fullmatch(r"\(([A-Z])\)", x["answer"].strip())
            truth = tg.group(1) if tg else None
            groups.setdefault(model, []).append(
                row("BLINK (val)", m, p, model, x["idx"], "",
                    OrderedDict((l, None) for l in L), fp, ref, truth, pr, parser))
    return groups


# --------------------------------------------------------------------------- MMMU

def _mmmu_has_candidate(resp, choices, idx2ans, pro):
    """True when the publisher's rule parser finds at least one candidate option,
    i.e. it did NOT fall back to random.choice(). Re-implements only the
    candidate conditions of MMMU's parse_multi_choice_response
    (mmmu/utils/eval_utils.py; mmmu-pro/evaluate.py adds an 'Answer:' step and
    looser 'X ' / 'X.' patterns)."""
    if pro:
        pos = resp.rfind("Answer:")
        if pos != -1:
            tail = resp[pos + 7:].strip()
            if sum(1 for c in choices if c in tail) == 1:
                return True
    r = resp
    for ch in [",", ".", "!", "?", ";", ":", "'"]:
        r = r.strip(ch)
    r = " " + r + " "
    if any(f"({c})" in r for c in choices):
        return True
    if pro:
        if any(f"{c} " in r for c in choices) or any(f"{c}." in r for c in choices):
            return True
    elif any(f" {c} " in r for c in choices):
        return True
    if len(r.split()) > 5 and any(a.lower() in r.lower() for a in idx2ans.values()):
        return True
    return False


def build_mmmu(m, stats):
    parser = ("MMMU: rule-based parse_multi_choice_response (mmmu/utils/eval_utils.py); "
              "stored parsed predictions in total_val_output.json")
    groups = {}
    for folder, model in [("qwen_vl", "Qwen-VL"), ("llava1.5_13b", "LLaVA-v1.5-13B")]:
        parsed_path = f"mmmu/example_outputs/{folder}/total_val_output.json"
        parsed = m.json(parsed_path)
        for p in m.ls(f"mmmu/example_outputs/{folder}"):
            if not p.endswith("/output.json"):
                continue
            for x in m.json(p):
                if x.get("question_type") != "multiple-choice":
                    continue
                pred = parsed.get(x["id"])
                idx2ans = x["index2ans"]
                L = letters(len(idx2ans))
                if list(idx2ans) != L or pred not in L:
                    stats["MMMU dropped: unusual option keys or missing parse"] += 1
                    continue
                resp = x.get("response") or ""
                if not _mmmu_has_candidate(resp, x["all_choices"], idx2ans, pro=False):
                    stats["MMMU dropped: publisher parser fell back to a random letter"] += 1
                    continue
                truth = x["answer"] if x["answer"] in L else None
                groups.setdefault(model, []).append(
                    row("MMMU (validation)", m, p + " + " + parsed_path, model, x["id"], "",
                        OrderedDict((k, idx2ans[k]) for k in L), resp, pred, truth, pred, parser))
    return groups


def build_mmmu_pro(m, stats):
    parser = ("MMMU-Pro: rule-based parse_multi_choice_response (mmmu-pro/evaluate.py), "
              "stored as 'pred_indexs'")
    groups = {}
    for p in m.ls("mmmu-pro/output"):
        if not p.endswith(".jsonl"):
            continue
        setting = p.split("/")[-1][len("gpt-4o_"):-len(".jsonl")]
        model = "GPT-4o"
        key = f"{model} [{setting}]"
        for x in m.jsonl(p):
            opts = ast.literal_eval(str(x["options"]))
            L = letters(len(opts))
            idx2ans = OrderedDict(zip(L, [str(o) for o in opts]))
            resp = x.get("response")
            if not isinstance(resp, str) or not resp.strip():
                stats["MMMU-Pro dropped: empty/non-text response"] += 1
                continue
            pred = x.get("pred_indexs")
            if pred not in L:
                stats["MMMU-Pro dropped: stored parse not an option letter"] += 1
                continue
            if not _mmmu_has_candidate(resp, L, idx2ans, pro=True):
                stats["MMMU-Pro dropped: publisher parser fell back to a random letter"] += 1
                continue
            truth = x["answer"] if x.get("answer") in L else None
            groups.setdefault(key, []).append(
                row(f"MMMU-Pro ({setting})", m, p, model, x["id"], x.get("question"),
                    idx2ans, resp, pred, truth, pred, parser))
    return groups


# ------------------------------------------------------------------------- MATH-V

MATHV_FILES = OrderedDict([
    ("outputs/closed-source/Gemini/Gemini-Pro-CoT.jsonl", "Gemini-Pro-Vision (CoT)"),
    ("outputs/closed-source/Gemini/Gemini-Pro.jsonl", "Gemini-Pro-Vision"),
    ("outputs/closed-source/Qwen/Qwen-VL-Max-CoT.jsonl", "Qwen-VL-Max (CoT)"),
    ("outputs/closed-source/Qwen/Qwen-VL-Max.jsonl", "Qwen-VL-Max"),
    ("outputs/closed-source/Qwen/Qwen-VL-Plus.jsonl", "Qwen-VL-Plus"),
    ("outputs/open-source/Internlm/InternLM-XComposer2-VL-CoT.jsonl", "InternLM-XComposer2-VL (CoT)"),
    ("outputs/open-source/Internlm/InternLM-XComposer2-VL.jsonl", "InternLM-XComposer2-VL"),
    ("outputs/open-source/LLavA/LLaVA-v1.5-13B.jsonl", "LLaVA-v1.5-13B"),
    ("outputs/open-source/LLavA/LLaVA-v1.5-7B.jsonl", "LLaVA-v1.5-7B"),
    ("outputs/open-source/ShereGPT4V/ShareGPT4V-13B.jsonl", "ShareGPT4V-13B"),
    ("outputs/open-source/ShereGPT4V/ShareGPT4V-7B.jsonl", "ShareGPT4V-7B"),
    ("outputs/open-source/Sphinx/SPHINX-MoE.jsonl", "SPHINX-MoE"),
    ("outputs/open-source/Sphinx/SPHINX-v2.jsonl", "SPHINX-v2"),
])


def _norm(s):
    return re.sub(r"\s+", "", str(s)).lower()


def build_mathv(m, stats):
    parser = ("MATH-V: rule-based evaluation/evaluate.py extraction stored as 'model_answer' "
              "(lower-cased, spaces removed); a letter = that option, an exact option text = "
              "that option, anything else = no valid option")
    Q = {r["id"]: r for r in m.jsonl("data/test.jsonl")}
    groups = {}
    for path, model in MATHV_FILES.items():
        try:
            rows = m.jsonl(path)
        except subprocess.CalledProcessError:
            stats[f"MATH-V file absent from snapshot: {path}"] += 1
            continue
        for x in rows:
            q = Q.get(x["id"])
            if not q or not q["options"]:
                continue
            opts = [str(o) for o in q["options"]]
            L = letters(len(opts))
            ma = str(x.get("model_answer", "")).strip()
            if len(ma) == 1 and ma.upper() in L:
                ref = ma.upper()
            else:
                hits = [l for l, o in zip(L, opts) if _norm(o) == _norm(ma)]
                if len(hits) == 1:
                    ref = hits[0]
                elif opts == L:
                    # options are only letters (option content is in the image):
                    # the publisher's extraction is not a letter -> no valid option
                    ref = None
                else:
                    # text options: the publisher's is_equal() may treat this value as
                    # mathematically equal to some option, which it only tests against
                    # the gold option -> the chosen option is not knowable: drop
                    stats["MATH-V dropped: non-letter extraction with text options (ambiguous)"] += 1
                    continue
            truth = q["answer"] if q["answer"] in L else None
            # consistency with the publisher's own correct flag
            if ref is not None and truth is not None and (ref == truth) != bool(x.get("correct")):
                stats["MATH-V dropped: derived option inconsistent with publisher 'correct'"] += 1
                continue
            if ref is None and x.get("correct"):
                stats["MATH-V dropped: no option derivable but publisher marked correct"] += 1
                continue
            resp = x.get("response") or ""
            if not resp.strip():
                stats["MATH-V dropped: empty response"] += 1
                continue
            groups.setdefault(model, []).append(
                row("MATH-Vision (test)", m, path, model, x["id"], q["question"],
                    OrderedDict(zip(L, opts)), resp, ref, truth, ma, parser))
    return groups


# --------------------------------------------------------------------------- main

# rows per group: (MathVista, BLINK, MMMU, MMMU-Pro, MATH-V); draws 2 to 10 weigh MathVista most,
# where most held-back misses of the first draw were
PER_GROUP = {1: (75, 35, 120, 60, 30), 2: (60, 12, 60, 30, 12), 3: (50, 15, 60, 30, 12), 4: (50, 15, 60, 30, 12),
             5: (50, 15, 60, 30, 12), 6: (50, 15, 60, 30, 12),
             7: (50, 15, 60, 30, 12), 8: (50, 15, 60, 30, 12),
             9: (50, 15, 60, 30, 12), 10: (50, 15, 60, 30, 12),
             16: (50, 15, 60, 30, 12),  # draws 11 to 15 came from other releases (build_other_releases.py)
             22: (50, 15, 60, 30, 12)}  # and 17 to 21
PER_GROUP_MATHVISTA_LLM = {2: 40, 3: 50, 4: 50, 5: 50, 6: 50, 7: 50, 8: 50, 9: 50, 10: 50,
                           16: 50, 22: 50}  # the LLM runs are drawn from draw 2 on


def row_key(r):
    return (r["source"], r["model"], r["question_id"])


def read_rows(path):
    opener = gzip.open if str(path).endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as f:
        return [json.loads(l) for l in f if l.strip()]


def write_rows(path, rows):
    text = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows).encode("utf-8")
    if str(path).endswith(".gz"):
        with gzip.GzipFile(path, "wb", mtime=0) as f:  # mtime 0: the same rows give the same bytes
            f.write(text)
    else:
        with open(path, "wb") as f:
            f.write(text)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mathvista", required=True)
    ap.add_argument("--blink", required=True)
    ap.add_argument("--mmmu", required=True)
    ap.add_argument("--mathv", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--seed", type=int, default=20240601)
    ap.add_argument("--messy-share", type=float, default=0.6,
                    help="max share of each group's sample drawn from non-bare-letter answers")
    ap.add_argument("--draw", type=int, default=1, choices=sorted(PER_GROUP),
                    help="which draw: sets the group sizes and the sampling key")
    ap.add_argument("--exclude", action="append", default=[],
                    help="a corpus (.jsonl or .jsonl.gz) whose rows may not be drawn again")
    a = ap.parse_args()

    stats = Counter()
    k_mv, k_blink, k_mmmu, k_pro, k_mathv = PER_GROUP[a.draw]
    plan = []  # (source-name, groups, per-group k)
    mv = Mirror(a.mathvista, "lupantech/MathVista")
    plan.append(("MathVista", build_mathvista(mv, stats), k_mv))
    if a.draw > 1:
        plan.append(("MathVista", build_mathvista(mv, stats, MATHVISTA_LLM_FILES),
                     PER_GROUP_MATHVISTA_LLM[a.draw]))
    plan.append(("BLINK", build_blink(Mirror(a.blink, "zeyofu/BLINK_Benchmark"), stats), k_blink))
    mm = Mirror(a.mmmu, "MMMU-Benchmark/MMMU")
    plan.append(("MMMU", build_mmmu(mm, stats), k_mmmu))
    plan.append(("MMMU-Pro", build_mmmu_pro(mm, stats), k_pro))
    plan.append(("MATH-V", build_mathv(Mirror(a.mathv, "mathllm/MATH-V"), stats), k_mathv))

    seen = {row_key(r) for path in a.exclude for r in read_rows(path)}
    out_rows = []
    for name, groups, k in plan:
        for key in sorted(groups):
            cand = [r for r in groups[key] if row_key(r) not in seen]
            stats[f"candidates {name} / {key}"] = len(cand)
            if len(cand) < len(groups[key]):
                stats[f"excluded (already drawn) {name} / {key}"] = len(groups[key]) - len(cand)
            # draw 1 keeps its original sampling key, so it still rebuilds byte-identical
            group = f"{name}/{key}" if a.draw == 1 else f"{name}/{key}/draw{a.draw}"
            picked = sample_group(cand, k, a.seed, group, a.messy_share)
            out_rows.extend(picked)
    write_rows(a.out, out_rows)
    for k in sorted(stats):
        print(f"{k}: {stats[k]}", file=sys.stderr)
    print(f"wrote {len(out_rows)} rows to {a.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
