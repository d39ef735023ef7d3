#!/usr/bin/env python3
"""Informational audit of real_mc.jsonl (does not change any label).
Flags rows where the raw answer names exactly one option letter unambiguously
(a bare letter such as "B" / "(B)", or exactly one distinct "(X)" with X an
option) and that letter differs from the publisher's reference."""
import json, re, sys
from collections import Counter
BARE = re.compile(r"\s*\(?([A-Za-z])\)?[.:]?\s*")
rows = [json.loads(l) for l in open(sys.argv[1], encoding="utf-8")]
tot, unamb, diff, flagged = Counter(), Counter(), Counter(), []
for r in rows:
    s = r["source"].split(" (")[0]
    tot[s] += 1
    m = BARE.fullmatch(r["answer"])
    cand = {m.group(1).upper()} if m else {x for x in re.findall(r"\(([A-Z])\)", r["answer"]) if x in r["options"]}
    if len(cand) == 1:
        unamb[s] += 1
        x = cand.pop()
        if x != r["reference"]:
            diff[s] += 1
            flagged.append((s, r["model"], r["question_id"], x, r["reference"], r["answer"][:160].replace("\n", " ")))
print("source\trows\tunambiguous_letter\tdiffers_from_reference")
for s in sorted(tot):
    print(f"{s}\t{tot[s]}\t{unamb[s]}\t{diff[s]}")
print("\nsource\tmodel\tquestion_id\tletter_in_answer\treference\tanswer_start")
for f in flagged:
    print("\t".join(str(v) for v in f))
