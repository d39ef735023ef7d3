"""Do the graders agree with the people who labelled real and realistic answers?

Two corpora under tests/data/grading/ (see its README):
- realistic.jsonl: answers to the 37 golden cases written the way real VLMs answer, each with the
  verdict and cause a careful human gave it. Agreement = same verdict; for shortfalls, same cause.
- real_mc.jsonl.gz: real multiple-choice answers of published VLMs from public benchmark releases,
  each with the option the benchmark's authors parsed from it (or none). Agreement = the grader's
  extracted option equals theirs. Rows whose published parse contradicts the one letter the answer
  states (publisher_parse_suspect) are reported apart.

    python benchmarks/grading_agreement.py [--show N]   # N disagreements per table (default 0)
"""

from __future__ import annotations

import argparse
import gzip
import json
from collections import Counter, defaultdict
from pathlib import Path

from graders import CaseSpec, grade

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "grading"
LETTERS = "ABCDEFGHIJKLMNOP"


def golden_cases() -> dict[str, CaseSpec]:
    lines = (ROOT / "golden" / "cases.jsonl").read_text("utf-8").splitlines()
    return {c.id: c for c in (CaseSpec.model_validate_json(line) for line in lines)}


def realistic_rows() -> list[dict]:
    return [json.loads(line) for line in (DATA / "realistic.jsonl").read_text("utf-8").splitlines() if line]


def real_mc_rows() -> list[dict]:
    with gzip.open(DATA / "real_mc.jsonl.gz", "rt", encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def mc_case(row: dict) -> dict:
    """A choice case from a benchmark row: options in the order shown, the gold letter as truth."""
    letters = sorted(row["options"])
    # BLINK stores no option text: a placeholder no answer contains ("option A" would match "Option (A)")
    choices = [row["options"][k] or f"unstated option text {k}{k}{k}" for k in letters]
    truth = row.get("truth") if row.get("truth") in letters else letters[0]
    return {"id": f"{row['source']}/{row['model']}/{row['question_id']}", "family": "real_mc",
            "category": row["source"], "modality": "image", "prompt": row.get("question") or "",
            "truth": {"kind": "choice", "value": truth, "choices": choices}, "grader": {"name": "choice"}}


def realistic_agreement(show: int) -> dict[str, float]:
    cases = golden_cases()
    verdicts, causes = Counter(), Counter()
    by_verdict, by_cause = defaultdict(Counter), defaultdict(Counter)
    misses = []
    for row in realistic_rows():
        g = grade(cases[row["case_id"]], {"case_id": row["case_id"], **row["response"]})
        human = row["human"]
        same_verdict = g.verdict == human["verdict"]
        verdicts[same_verdict] += 1
        by_verdict[human["verdict"]][same_verdict] += 1
        family = cases[row["case_id"]].family
        by_verdict["family:" + family][same_verdict] += 1
        if human["verdict"] != "correct":
            same_cause = g.cause == human["cause"]
            causes[same_cause] += 1
            by_cause[human["cause"]][same_cause] += 1
        else:
            same_cause = True
        if not (same_verdict and same_cause):
            misses.append((row["id"], human, g))
    total, ctotal = sum(verdicts.values()), sum(causes.values())
    print(f"realistic answers: verdict agreement {verdicts[True]}/{total} = {verdicts[True] / total:.1%}; "
          f"cause agreement on shortfalls {causes[True]}/{ctotal} = {causes[True] / ctotal:.1%}")
    print("  by human verdict: " + ", ".join(f"{k} {c[True]}/{sum(c.values())}"
                                             for k, c in sorted(by_verdict.items()) if ":" not in k))
    print("  by human cause:   " + ", ".join(f"{k} {c[True]}/{sum(c.values())}" for k, c in sorted(by_cause.items())))
    weak = [(k[7:], c) for k, c in sorted(by_verdict.items()) if k.startswith("family:") and c[False]]
    print("  families with misses: " + (", ".join(f"{f} {c[True]}/{sum(c.values())}" for f, c in weak) or "none"))
    for row_id, human, g in misses[:show]:
        print(f"    {row_id}: human {human['verdict']}/{human['cause']} ({human['why']}); "
              f"grader {g.verdict}/{g.cause}: {g.explanation}")
    return {"verdict": verdicts[True] / total, "cause": causes[True] / ctotal}


def real_mc_agreement(show: int) -> dict[str, float]:
    agree = defaultdict(Counter)
    misses = []
    for row in real_mc_rows():
        g = grade(mc_case(row), {"content": row["answer"], "finish_reason": "stop"})
        got = g.extracted if isinstance(g.extracted, str) and g.extracted in LETTERS else None
        same = got == row["reference"]
        group = "suspect" if row.get("publisher_parse_suspect") else "trusted"
        agree[group][same] += 1
        agree["source:" + row["source"].split(" (")[0]][same] += 1
        if not same and group == "trusted":
            misses.append((row, got))
    trusted, everything = agree["trusted"], agree["trusted"] + agree["suspect"]
    print(f"real multiple-choice answers: choice agreement with the publishers' parse "
          f"{trusted[True]}/{sum(trusted.values())} = {trusted[True] / sum(trusted.values()):.1%} "
          f"(all rows, with the {sum(agree['suspect'].values())} suspect parses: "
          f"{everything[True] / sum(everything.values()):.1%})")
    print("  by source: " + ", ".join(f"{k[7:]} {c[True]}/{sum(c.values())}"
                                      for k, c in sorted(agree.items()) if k.startswith("source:")))
    for row, got in misses[:show]:
        print(f"    {row['source']} {row['model']} {row['question_id']}: publisher {row['reference']}, grader {got}: "
              f"{row['answer'][:160]!r}")
    return {"choice": trusted[True] / sum(trusted.values())}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--show", type=int, default=0, help="print this many disagreements per corpus")
    args = parser.parse_args()
    realistic_agreement(args.show)
    real_mc_agreement(args.show)


if __name__ == "__main__":
    main()
